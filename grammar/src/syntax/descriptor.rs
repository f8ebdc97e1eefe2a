//! The descriptor itself: [`Part`], [`Constraint`] and [`Syntax`], plain
//! data; reading and writing the notation is `notation.rs`, the table
//! `table.rs`.

use std::fmt;

/// What a descriptor says about one part (Ocamlnet's `url_syntax_option`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `Url_part_not_recognized`: the part, even if there, is not recognized.
    NotRecognized = 0,
    /// `Url_part_allowed`: the part may be present.
    Allowed = 1,
    /// `Url_part_required`: the part must be present.
    Required = 2,
}

impl Part {
    /// Whether the part is recognized (allowed or required).
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::Part;
    /// assert!(Part::Allowed.recognized() && !Part::NotRecognized.recognized());
    /// ```
    pub const fn recognized(self) -> bool {
        !matches!(self, Part::NotRecognized)
    }
    /// Whether the part is required.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::Part;
    /// assert!(Part::Required.required() && !Part::Allowed.required());
    /// ```
    pub const fn required(self) -> bool {
        matches!(self, Part::Required)
    }
    /// Required becomes allowed; the rest stays.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::Part;
    /// assert_eq!(Part::Required.weaken(), Part::Allowed);
    /// ```
    pub const fn weaken(self) -> Part {
        match self {
            Part::Required => Part::Allowed,
            p => p,
        }
    }
}

/// An extra validity check a descriptor applies to every URL it makes
/// (Ocamlnet's `url_is_valid`), as data: it can be compared, hashed and
/// written back in the notation.
///
/// ```
/// use urlsyntax_grammar::syntax::{Constraint, Syntax};
/// let nntp = Syntax::from_notation("scheme host port? path relative path-length=3").unwrap();
/// assert_eq!(nntp.constraint, Some(Constraint::PathLength(3)));
/// assert_eq!(nntp.to_notation(), "scheme host port? path relative path-length=3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// `path-length=N`: the path list has exactly N items (Ocamlnet's
    /// nntp and nntps syntaxes: `/`, the group, the article).
    PathLength(usize),
}

impl Constraint {
    /// Whether a URL whose path list has `path_items` items passes.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::Constraint;
    /// assert!(Constraint::PathLength(3).allows_path_items(3));
    /// assert!(!Constraint::PathLength(3).allows_path_items(2));
    /// ```
    pub const fn allows_path_items(self, path_items: usize) -> bool {
        match self {
            Constraint::PathLength(n) => path_items == n,
        }
    }
}

impl fmt::Display for Constraint {
    /// The constraint's word in the notation (`path-length=3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::PathLength(n) => write!(f, "path-length={n}"),
        }
    }
}

/// A syntax descriptor (Ocamlnet's `url_syntax`).
///
/// Build one with struct update syntax from [`Syntax::NULL`] or
/// [`Syntax::IP`], read one from the notation with
/// [`Syntax::from_notation`], or take one from a [`SchemeTable`](super::SchemeTable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Syntax {
    /// `url_enable_scheme`
    pub scheme: Part,
    /// `url_enable_user`
    pub user: Part,
    /// `url_enable_user_param`
    pub user_param: Part,
    /// `url_enable_password`
    pub password: Part,
    /// `url_enable_host`
    pub host: Part,
    /// `url_enable_port`
    pub port: Part,
    /// `url_enable_path`
    pub path: Part,
    /// `url_enable_param`
    pub param: Part,
    /// `url_enable_query`
    pub query: Part,
    /// `url_enable_fragment`
    pub fragment: Part,
    /// `url_enable_other`
    pub other: Part,
    /// `url_accepts_8bits`: bytes 128 to 255 are taken like letters.
    pub accepts_8bits: bool,
    /// `url_enable_relative`: [`Syntax::partial`] may weaken this syntax.
    pub enable_relative: bool,
    /// `url_is_valid`: an extra check every URL of this syntax must pass.
    pub constraint: Option<Constraint>,
}

use Part::{Allowed, NotRecognized};

impl Syntax {
    /// `null_url_syntax`: recognizes nothing.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// assert!(Syntax::NULL.parts().iter().all(|(_, p)| *p == Part::NotRecognized));
    /// ```
    pub const NULL: Syntax = Syntax {
        scheme: NotRecognized,
        user: NotRecognized,
        user_param: NotRecognized,
        password: NotRecognized,
        host: NotRecognized,
        port: NotRecognized,
        path: NotRecognized,
        param: NotRecognized,
        query: NotRecognized,
        fragment: NotRecognized,
        other: NotRecognized,
        accepts_8bits: false,
        enable_relative: false,
        constraint: None,
    };

    /// `ip_url_syntax`: everything but `user_param` and `other` allowed.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// assert_eq!(Syntax::IP.host, Part::Allowed);
    /// assert_eq!(Syntax::IP.other, Part::NotRecognized);
    /// ```
    pub const IP: Syntax = Syntax {
        scheme: Allowed,
        user: Allowed,
        user_param: NotRecognized,
        password: Allowed,
        host: Allowed,
        port: Allowed,
        path: Allowed,
        param: Allowed,
        query: Allowed,
        fragment: Allowed,
        other: NotRecognized,
        accepts_8bits: false,
        enable_relative: true,
        constraint: None,
    };

    /// The eleven part settings, in Neturl's order, with their names.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// assert_eq!(Syntax::IP.parts()[4], ("host", Part::Allowed));
    /// ```
    pub fn parts(&self) -> [(&'static str, Part); 11] {
        [
            ("scheme", self.scheme),
            ("user", self.user),
            ("user_param", self.user_param),
            ("password", self.password),
            ("host", self.host),
            ("port", self.port),
            ("path", self.path),
            ("param", self.param),
            ("query", self.query),
            ("fragment", self.fragment),
            ("other", self.other),
        ]
    }

    /// `url_syntax_is_valid`: passwords and user params need users, users
    /// and ports need hosts, and `other` excludes user, password, host,
    /// port and path.
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// assert!(Syntax::from_notation("scheme host path?").unwrap().is_valid());
    /// // a password needs a user
    /// assert!(!Syntax { password: Part::Required, ..Syntax::NULL }.is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        let imp = |a: Part, b: Part| !a.recognized() || b.recognized();
        imp(self.password, self.user)
            && imp(self.user_param, self.user)
            && imp(self.port, self.host)
            && imp(self.user, self.host)
            && !((self.user.recognized()
                || self.password.recognized()
                || self.host.recognized()
                || self.port.recognized()
                || self.path.recognized())
                && self.other.recognized())
    }

    /// `partial_url_syntax`: every required part becomes allowed, for
    /// parsing relative URLs. `None` when the syntax does not enable
    /// relative URLs (where Ocamlnet fails).
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::SchemeTable;
    /// let http = SchemeTable::common().get("http").unwrap();
    /// assert!(!http.partial().unwrap().scheme.required());
    /// assert!(SchemeTable::common().get("mailto").unwrap().partial().is_none());
    /// ```
    pub fn partial(&self) -> Option<Syntax> {
        if !self.enable_relative {
            return None;
        }
        Some(Syntax {
            scheme: self.scheme.weaken(),
            user: self.user.weaken(),
            user_param: self.user_param.weaken(),
            password: self.password.weaken(),
            host: self.host.weaken(),
            port: self.port.weaken(),
            path: self.path.weaken(),
            param: self.param.weaken(),
            query: self.query.weaken(),
            fragment: self.fragment.weaken(),
            other: self.other.weaken(),
            accepts_8bits: self.accepts_8bits,
            enable_relative: true,
            constraint: self.constraint,
        })
    }

    /// The same syntax with fragments allowed (unless already recognized).
    ///
    /// ```
    /// use urlsyntax_grammar::syntax::{Part, Syntax};
    /// assert_eq!(Syntax::NULL.with_fragment().fragment, Part::Allowed);
    /// ```
    pub fn with_fragment(&self) -> Syntax {
        let mut s = *self;
        if !s.fragment.recognized() {
            s.fragment = Allowed;
        }
        s
    }
}

impl Default for Syntax {
    fn default() -> Self {
        Syntax::NULL
    }
}
