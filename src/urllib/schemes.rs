//! CPython's scheme classes, as data per release, and their per-call
//! extension by users.
//!
//! The lists are copied verbatim from each release's `urllib/parse.py`
//! (module globals `uses_relative`, `uses_netloc`, ...). The empty string
//! stands for "no scheme", as in CPython.

use std::borrow::Cow;

/// One of CPython's scheme classes.
///
/// ```
/// use urlsyntax::urllib::{SchemeClass, Urllib};
/// assert_eq!(Urllib::default().urlparse("s3://b/a;x", "", true)?.path, "/a;x");
/// let ctx = Urllib::default().with_scheme(SchemeClass::UsesParams, "s3");
/// assert_eq!(ctx.urlparse("s3://b/a;x", "", true)?.params, "x");
/// # Ok::<(), urlsyntax::urllib::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeClass {
    /// `uses_relative`: `urljoin` resolves relative references.
    UsesRelative,
    /// `uses_netloc`: `urljoin` keeps the base netloc; `urlunsplit` adds `//`.
    UsesNetloc,
    /// `uses_params`: `urlparse` splits `;params` off the last path segment.
    UsesParams,
    /// `non_hierarchical` (kept by CPython for compatibility, unused).
    NonHierarchical,
    /// `uses_query` (kept by CPython for compatibility, unused).
    UsesQuery,
    /// `uses_fragment` (kept by CPython for compatibility, unused).
    UsesFragment,
}

impl SchemeClass {
    /// Every class, in CPython's order.
    ///
    /// ```
    /// use urlsyntax::urllib::SchemeClass;
    /// assert_eq!(SchemeClass::ALL.len(), 6);
    /// assert_eq!(SchemeClass::ALL[1], SchemeClass::UsesNetloc);
    /// ```
    pub const ALL: [SchemeClass; 6] = [
        SchemeClass::UsesRelative,
        SchemeClass::UsesNetloc,
        SchemeClass::UsesParams,
        SchemeClass::NonHierarchical,
        SchemeClass::UsesQuery,
        SchemeClass::UsesFragment,
    ];

    /// CPython's name for the list, e.g. `"uses_netloc"`.
    ///
    /// ```
    /// use urlsyntax::urllib::SchemeClass;
    /// assert_eq!(SchemeClass::UsesRelative.python_name(), "uses_relative");
    /// ```
    pub fn python_name(self) -> &'static str {
        match self {
            SchemeClass::UsesRelative => "uses_relative",
            SchemeClass::UsesNetloc => "uses_netloc",
            SchemeClass::UsesParams => "uses_params",
            SchemeClass::NonHierarchical => "non_hierarchical",
            SchemeClass::UsesQuery => "uses_query",
            SchemeClass::UsesFragment => "uses_fragment",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The schemes whose class membership [`ClassLists`] keeps precomputed:
/// nearly every URL has one of them.
const COMMON_SCHEMES: [&str; 4] = ["", "http", "https", "file"];

/// `a == b`, in a `const fn`.
const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The six scheme lists of one CPython release.
///
/// ```
/// use urlsyntax::urllib::{Profile, SchemeClass::UsesNetloc};
/// let lists = Profile::Py3_11_7.quirks().classes;
/// assert!(!lists.list(UsesNetloc).contains(&"itms-services")); // added in 3.12
/// assert!(Profile::Py3_12_1.quirks().classes.list(UsesNetloc).contains(&"itms-services"));
/// ```
#[derive(Debug)]
pub struct ClassLists {
    lists: [&'static [&'static str]; 6],
    /// `common[i][class]`: whether `COMMON_SCHEMES[i]` is in `class`,
    /// worked out from `lists` at compile time.
    common: [[bool; 6]; 4],
}

impl ClassLists {
    /// The lists, in [`SchemeClass::ALL`] order.
    const fn new(lists: [&'static [&'static str]; 6]) -> ClassLists {
        let mut common = [[false; 6]; 4];
        let mut i = 0;
        while i < COMMON_SCHEMES.len() {
            let mut class = 0;
            while class < 6 {
                let mut j = 0;
                while j < lists[class].len() {
                    if const_str_eq(lists[class][j], COMMON_SCHEMES[i]) {
                        common[i][class] = true;
                    }
                    j += 1;
                }
                class += 1;
            }
            i += 1;
        }
        ClassLists { lists, common }
    }

    /// Whether `scheme` is in `class`'s list.
    #[inline]
    fn has(&self, class: SchemeClass, scheme: &str) -> bool {
        // Comparisons with short constants compile to a load and a compare.
        match COMMON_SCHEMES.iter().position(|&common| common == scheme) {
            Some(i) => self.common[i][class.index()],
            None => self.list(class).contains(&scheme),
        }
    }

    /// The schemes of `class`, in CPython's order.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, SchemeClass};
    /// let uses_relative = Profile::Py3_13_0.quirks().classes.list(SchemeClass::UsesRelative);
    /// assert_eq!(uses_relative[..3], ["", "ftp", "http"]);
    /// ```
    pub fn list(&self, class: SchemeClass) -> &'static [&'static str] {
        self.lists[class.index()]
    }
}

const NON_HIERARCHICAL: &[&str] = &[
    "gopher", "hdl", "mailto", "news", "telnet", "wais", "imap", "snews", "sip", "sips",
];
const USES_FRAGMENT: &[&str] = &[
    "", "ftp", "hdl", "http", "gopher", "news", "nntp", "wais", "https", "shttp", "snews", "file",
    "prospero",
];

/// CPython 3.9 and 3.10.
pub(crate) static CLASSES_3_9: ClassLists = ClassLists::new([
    &[
        "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
        "prospero", "rtsp", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
    ],
    &[
        "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https",
        "shttp", "snews", "prospero", "rtsp", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs",
        "git", "git+ssh", "ws", "wss",
    ],
    &[
        "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtspu", "sip",
        "sips", "mms", "sftp", "tel",
    ],
    NON_HIERARCHICAL,
    &[
        "", "http", "wais", "imap", "https", "shttp", "mms", "gopher", "rtsp", "rtspu", "sip",
        "sips",
    ],
    USES_FRAGMENT,
]);

const USES_RELATIVE_3_11: &[&str] = &[
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
];
const USES_PARAMS_3_11: &[&str] = &[
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];
const USES_QUERY_3_11: &[&str] = &[
    "", "http", "wais", "imap", "https", "shttp", "mms", "gopher", "rtsp", "rtsps", "rtspu", "sip",
    "sips",
];

/// CPython 3.11 (gh-85252 adds `rtsps`).
pub(crate) static CLASSES_3_11: ClassLists = ClassLists::new([
    USES_RELATIVE_3_11,
    &[
        "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https",
        "shttp", "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp",
        "nfs", "git", "git+ssh", "ws", "wss",
    ],
    USES_PARAMS_3_11,
    NON_HIERARCHICAL,
    USES_QUERY_3_11,
    USES_FRAGMENT,
]);

/// CPython 3.12 and 3.13 (gh-104139 adds `itms-services` to `uses_netloc`).
pub(crate) static CLASSES_3_12: ClassLists = ClassLists::new([
    USES_RELATIVE_3_11,
    &[
        "",
        "ftp",
        "http",
        "gopher",
        "nntp",
        "telnet",
        "imap",
        "wais",
        "file",
        "mms",
        "https",
        "shttp",
        "snews",
        "prospero",
        "rtsp",
        "rtsps",
        "rtspu",
        "rsync",
        "svn",
        "svn+ssh",
        "sftp",
        "nfs",
        "git",
        "git+ssh",
        "ws",
        "wss",
        "itms-services",
    ],
    USES_PARAMS_3_11,
    NON_HIERARCHICAL,
    USES_QUERY_3_11,
    USES_FRAGMENT,
]);

/// A profile's scheme classes plus the schemes a caller added, for one
/// call or one [`Urllib`](super::Urllib) context. No global state: two
/// contexts never see each other's additions.
///
/// ```
/// use urlsyntax::urllib::{SchemeClass, Urllib};
/// let ctx = Urllib::default().with_scheme(SchemeClass::UsesNetloc, "s3");
/// assert!(ctx.classes().contains(SchemeClass::UsesNetloc, "s3"));
/// assert!(!Urllib::default().classes().contains(SchemeClass::UsesNetloc, "s3"));
/// ```
#[derive(Clone, Debug)]
pub struct SchemeClasses {
    base: &'static ClassLists,
    added: Vec<(SchemeClass, Cow<'static, str>)>,
}

impl SchemeClasses {
    /// The classes of `base`, with nothing added.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, SchemeClass, SchemeClasses};
    /// let classes = SchemeClasses::new(Profile::Py3_11_7.quirks().classes);
    /// assert!(!classes.contains(SchemeClass::UsesNetloc, "itms-services"));
    /// ```
    pub fn new(base: &'static ClassLists) -> Self {
        SchemeClasses {
            base,
            added: Vec::new(),
        }
    }

    /// Adds `scheme` to `class` (like `uses_relative.append("s3")`, but for
    /// this value only). Schemes are compared after CPython's lowercasing,
    /// so give them in lowercase.
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, SchemeClass, SchemeClasses};
    /// let mut classes = SchemeClasses::new(Profile::Py3_13_0.quirks().classes);
    /// classes.add(SchemeClass::UsesRelative, "s3");
    /// assert!(classes.contains(SchemeClass::UsesRelative, "s3"));
    /// ```
    pub fn add(&mut self, class: SchemeClass, scheme: impl Into<Cow<'static, str>>) -> &mut Self {
        self.added.push((class, scheme.into()));
        self
    }

    /// Builder form of [`add`](Self::add).
    ///
    /// ```
    /// use urlsyntax::urllib::{Profile, SchemeClass::UsesParams, SchemeClasses};
    /// let classes = SchemeClasses::new(Profile::Py3_13_0.quirks().classes).with(UsesParams, "s3");
    /// assert_eq!(classes.list(UsesParams).last(), Some(&"s3"));
    /// ```
    pub fn with(mut self, class: SchemeClass, scheme: impl Into<Cow<'static, str>>) -> Self {
        self.add(class, scheme);
        self
    }

    /// Whether `scheme` is in `class`.
    ///
    /// ```
    /// use urlsyntax::urllib::{SchemeClass, Urllib};
    /// let ctx = Urllib::default();
    /// assert!(ctx.classes().contains(SchemeClass::UsesRelative, "https"));
    /// assert!(!ctx.classes().contains(SchemeClass::UsesRelative, "mailto"));
    /// ```
    pub fn contains(&self, class: SchemeClass, scheme: &str) -> bool {
        self.base.has(class, scheme)
            || self
                .added
                .iter()
                .any(|(c, s)| *c == class && s.as_ref() == scheme)
    }

    /// The schemes of `class`: the release's list, then the additions.
    ///
    /// ```
    /// use urlsyntax::urllib::{SchemeClass::UsesNetloc, Urllib};
    /// let ctx = Urllib::default().with_scheme(UsesNetloc, "s3");
    /// assert_eq!(ctx.classes().list(UsesNetloc)[..2], ["", "ftp"]);
    /// assert_eq!(ctx.classes().list(UsesNetloc).last(), Some(&"s3"));
    /// ```
    pub fn list(&self, class: SchemeClass) -> Vec<&str> {
        let mut v: Vec<&str> = self.base.list(class).to_vec();
        v.extend(
            self.added
                .iter()
                .filter(|(c, _)| *c == class)
                .map(|(_, s)| s.as_ref()),
        );
        v
    }
}

#[cfg(test)]
mod tests;
