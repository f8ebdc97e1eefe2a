//! [`Url`]: a URL's text and where each part sits in it, built only
//! through checks of its syntax (`build.rs`, `parse.rs`, `validate.rs`),
//! and its printing.

use std::fmt;
use std::sync::Arc;

use super::{StrList, Syntax};

/// Where a part sits in [`Url::text`]. An absent part is [`Span::NONE`],
/// whose start is past its end, so `str::get` answers `None` for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(super) start: usize,
    pub(super) end: usize,
}

impl Span {
    pub(crate) const NONE: Span = Span { start: 1, end: 0 };

    pub(crate) const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub(crate) const fn is_some(self) -> bool {
        self.start <= self.end
    }

    pub(crate) const fn end(self) -> usize {
        self.end
    }

    pub(crate) fn of(self, text: &str) -> Option<&str> {
        text.get(self.start..self.end)
    }
}

/// A URL and the syntax it conforms to (Ocamlnet's `url`).
///
/// A `Url` is immutable: it holds its printed form (`string_of_url`), and
/// every part is a slice of it, as rust-url's `Url` does. Parsing copies
/// the input once; [`Url::as_str`] and `to_string` need no assembly. The
/// printed form is shared (`Arc<str>`), as an OCaml string is: cloning a
/// `Url` or taking its text with [`Url::to_arc_str`] copies no bytes.
///
/// ```
/// use urlsyntax_neturl::Url;
/// let url: Url = "http://h:81/a".parse()?;
/// assert_eq!((url.host(), url.port()), (Some("h"), Some(81)));
/// assert!("http://h:x/".parse::<Url>().is_err());
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(super) syntax: Syntax,
    pub(super) text: Arc<str>,
    pub(super) scheme: Span,
    pub(super) user: Span,
    /// The user params after the first `;`, split at `;`.
    pub(super) user_param: Span,
    pub(super) password: Span,
    pub(super) host: Span,
    pub(super) port: Option<u16>,
    /// The path, split at `/`; the path `[""]` is an empty span after the
    /// `/` it prints as.
    pub(super) path: Span,
    /// The params after the first `;`, split at `;`.
    pub(super) param: Span,
    pub(super) query: Span,
    pub(super) fragment: Span,
    pub(super) other: Span,
}

/// A list part given to [`Url::assemble`]: separate items, or the text of
/// a list of another URL (items joined by their separator).
#[derive(Clone, Copy, Debug)]
pub(crate) enum ListSrc<'a> {
    Items(&'a [String]),
    Joined(Option<&'a str>),
}

impl<'a> ListSrc<'a> {
    pub(crate) fn is_empty(self) -> bool {
        match self {
            ListSrc::Items(l) => l.is_empty(),
            ListSrc::Joined(t) => t.is_none(),
        }
    }

    /// The items; joined text is split at `sep`.
    pub(crate) fn items(self, sep: char) -> impl Iterator<Item = &'a str> {
        let (items, joined) = match self {
            ListSrc::Items(l) => (Some(l.iter().map(String::as_str)), None),
            ListSrc::Joined(t) => (None, Some(StrList::new(t, sep).iter())),
        };
        items
            .into_iter()
            .flatten()
            .chain(joined.into_iter().flatten())
    }
}

/// The parts of a URL to be, borrowed from wherever they come from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) user: Option<&'a str>,
    pub(crate) user_param: ListSrc<'a>,
    pub(crate) password: Option<&'a str>,
    pub(crate) host: Option<&'a str>,
    pub(crate) port: Option<u16>,
    pub(crate) path: ListSrc<'a>,
    pub(crate) param: ListSrc<'a>,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
    pub(crate) other: Option<&'a str>,
}

impl Url {
    /// `null_url`: no parts, [`Syntax::NULL`].
    ///
    /// ```
    /// let u = urlsyntax_neturl::Url::null();
    /// assert_eq!((u.as_str(), u.scheme(), u.host()), ("", None, None));
    /// ```
    pub fn null() -> Url {
        Url {
            syntax: Syntax::NULL,
            text: Arc::from(""),
            scheme: Span::NONE,
            user: Span::NONE,
            user_param: Span::NONE,
            password: Span::NONE,
            host: Span::NONE,
            port: None,
            path: Span::NONE,
            param: Span::NONE,
            query: Span::NONE,
            fragment: Span::NONE,
            other: Span::NONE,
        }
    }

    /// A URL whose printed form `text` is already known, with the parts at
    /// the given places (the parser's fast path: the input prints as
    /// itself).
    pub(crate) fn from_spans(
        syntax: Syntax,
        text: Arc<str>,
        spans: Spans,
        port: Option<u16>,
    ) -> Url {
        Url {
            syntax,
            text,
            scheme: spans.scheme,
            user: spans.user,
            user_param: spans.user_param,
            password: spans.password,
            host: spans.host,
            port,
            path: spans.path,
            param: spans.param,
            query: spans.query,
            fragment: spans.fragment,
            other: spans.other,
        }
    }

    /// A URL of `syntax` with the parts `f`, printed as `string_of_url`
    /// prints them (unchecked: the callers check).
    pub(crate) fn assemble(syntax: Syntax, f: &Fields<'_>) -> Url {
        fn list_len(l: ListSrc<'_>) -> usize {
            match l {
                ListSrc::Items(l) => l.iter().map(|s| s.len() + 1).sum(),
                ListSrc::Joined(t) => t.map_or(0, |t| t.len() + 1),
            }
        }
        let opt = |s: Option<&str>| s.map_or(0, |s| s.len() + 2);
        let cap = opt(f.scheme)
            + opt(f.user)
            + opt(f.password)
            + opt(f.host)
            + 6
            + opt(f.query)
            + opt(f.fragment)
            + opt(f.other)
            + list_len(f.user_param)
            + list_len(f.path)
            + 2
            + list_len(f.param);
        let mut w = String::with_capacity(cap);
        let put = |w: &mut String, s: &str| {
            let start = w.len();
            w.push_str(s);
            Span::new(start, w.len())
        };
        // A list's items joined by `sep`; its span starts after `lead`.
        let put_list = |w: &mut String, l: ListSrc<'_>, lead: &str, sep: char| match l {
            ListSrc::Items([]) | ListSrc::Joined(None) => Span::NONE,
            ListSrc::Items(items) => {
                w.push_str(lead);
                let start = w.len();
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        w.push(sep);
                    }
                    w.push_str(item);
                }
                Span::new(start, w.len())
            }
            ListSrc::Joined(Some(t)) => {
                w.push_str(lead);
                let start = w.len();
                w.push_str(t);
                Span::new(start, w.len())
            }
        };
        let mut s = Spans::NONE;
        if let Some(x) = f.scheme {
            s.scheme = put(&mut w, x);
            w.push(':');
        }
        if let Some(host) = f.host {
            w.push_str("//");
            if let Some(user) = f.user {
                s.user = put(&mut w, user);
                s.user_param = put_list(&mut w, f.user_param, ";", ';');
                if let Some(pw) = f.password {
                    w.push(':');
                    s.password = put(&mut w, pw);
                }
                w.push('@');
            }
            s.host = put(&mut w, host);
            if let Some(port) = f.port {
                w.push(':');
                let mut buf = [0u8; 5];
                w.push_str(u16_decimal(port, &mut buf));
            }
        }
        let lead = match f.path {
            // `[""]` is the path "/".
            ListSrc::Items([only]) if only.is_empty() => "/",
            ListSrc::Joined(Some("")) => "/",
            // RFC 1808 §5.3: "./" keeps a colon in the first segment
            // from being read as a scheme.
            p if f.scheme.is_none()
                && f.host.is_none()
                && p.items('/').next().is_some_and(|x| x.contains(':')) =>
            {
                "./"
            }
            _ => "",
        };
        s.path = put_list(&mut w, f.path, lead, '/');
        if let Some(o) = f.other {
            s.other = put(&mut w, o);
        }
        s.param = put_list(&mut w, f.param, ";", ';');
        if let Some(q) = f.query {
            w.push('?');
            s.query = put(&mut w, q);
        }
        if let Some(fr) = f.fragment {
            w.push('#');
            s.fragment = put(&mut w, fr);
        }
        Url::from_spans(syntax, Arc::from(w), s, f.port)
    }

    /// The parts, as [`Fields`] borrowed from this URL.
    pub(crate) fn fields(&self) -> Fields<'_> {
        let t = &*self.text;
        Fields {
            scheme: self.scheme.of(t),
            user: self.user.of(t),
            user_param: ListSrc::Joined(self.user_param.of(t)),
            password: self.password.of(t),
            host: self.host.of(t),
            port: self.port,
            path: ListSrc::Joined(self.path.of(t)),
            param: ListSrc::Joined(self.param.of(t)),
            query: self.query.of(t),
            fragment: self.fragment.of(t),
            other: self.other.of(t),
        }
    }

    /// `url_syntax_of_url`.
    ///
    /// ```
    /// use urlsyntax_neturl::{SchemeTable, Url};
    /// let url: Url = "http://h/".parse()?;
    /// assert_eq!(Some(url.syntax()), SchemeTable::common().get("http"));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn syntax(&self) -> &Syntax {
        &self.syntax
    }

    /// `string_of_url`, borrowed: the URL as it prints (the same text as
    /// `to_string`).
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a?b".parse()?;
    /// assert_eq!(url.as_str(), "http://h/a?b");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `string_of_url`, owned: the URL as it prints, as a string that
    /// outlives this `Url`. The text is shared, not copied (an OCaml
    /// string is immutable and shared the same way); `to_string` makes a
    /// `String` copy instead.
    ///
    /// ```
    /// use urlsyntax_neturl::{parse_url, ParseOptions};
    /// let text = {
    ///     let url = parse_url("http://www.example.com/a/b?x=1", &ParseOptions::default())?;
    ///     url.to_arc_str()
    /// };
    /// assert_eq!(&*text, "http://www.example.com/a/b?x=1");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn to_arc_str(&self) -> Arc<str> {
        Arc::clone(&self.text)
    }
}

/// The places of the parts, for [`Url::from_spans`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spans {
    pub(crate) scheme: Span,
    pub(crate) user: Span,
    pub(crate) user_param: Span,
    pub(crate) password: Span,
    pub(crate) host: Span,
    pub(crate) path: Span,
    pub(crate) param: Span,
    pub(crate) query: Span,
    pub(crate) fragment: Span,
    pub(crate) other: Span,
}

impl Spans {
    pub(crate) const NONE: Spans = Spans {
        scheme: Span::NONE,
        user: Span::NONE,
        user_param: Span::NONE,
        password: Span::NONE,
        host: Span::NONE,
        path: Span::NONE,
        param: Span::NONE,
        query: Span::NONE,
        fragment: Span::NONE,
        other: Span::NONE,
    };
}

/// `string_of_url`, shared: see [`Url::to_arc_str`].
impl From<&Url> for Arc<str> {
    fn from(url: &Url) -> Arc<str> {
        url.to_arc_str()
    }
}

/// The parts, as Neturl names them.
impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("text", &self.text)
            .field("scheme", &self.scheme())
            .field("user", &self.user())
            .field("user_param", &self.user_param())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port)
            .field("path", &self.path())
            .field("param", &self.param())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .field("other", &self.other())
            .field("syntax", &self.syntax)
            .finish()
    }
}

/// `n` in decimal, in `buf`, without the formatting machinery.
pub(crate) fn u16_decimal(n: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("")
}
