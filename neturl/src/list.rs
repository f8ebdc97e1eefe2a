//! [`StrList`]: a list part of a URL (path, params, user params) read in
//! place from the URL's printed form.

use std::fmt;

use super::escape;

/// A list part of a [`Url`](super::Url) (`url_path`, `url_param`,
/// `url_user_param` with `~encoded:true`), borrowed from the URL: its
/// items are the text between separators (`/` or `;`), which no item
/// contains. `[]` is an absent part; `[""]` is a present, empty one.
///
/// ```
/// use urlsyntax_neturl::{self as neturl, ParseOptions};
/// let u = neturl::parse_url("http://h/a/b/", &ParseOptions::default()).unwrap();
/// assert_eq!(u.path(), ["", "a", "b", ""]);
/// assert_eq!(u.path().len(), 4);
/// assert_eq!(u.path().to_vec(), vec!["", "a", "b", ""]);
/// ```
#[derive(Clone, Copy)]
pub struct StrList<'a> {
    text: Option<&'a str>,
    sep: char,
}

impl<'a> StrList<'a> {
    pub(crate) fn new(text: Option<&'a str>, sep: char) -> Self {
        StrList { text, sep }
    }

    /// The items, in order.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a/b".parse()?;
    /// assert_eq!(url.path().iter().collect::<Vec<_>>(), ["", "a", "b"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn iter(&self) -> StrListIter<'a> {
        StrListIter(self.text.map(|t| t.split(self.sep)))
    }

    /// How many items there are.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://h/f;a;b".parse()?;
    /// assert_eq!(url.param().len(), 2);
    /// assert_eq!(url.path().len(), 2);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.text.map_or(0, |t| {
            let sep = self.sep as u8;
            t.bytes().filter(|&b| b == sep).count() + 1
        })
    }

    /// Whether there are no items (the part is absent).
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/".parse()?;
    /// assert!(url.param().is_empty());
    /// assert!(!url.path().is_empty()); // `[""]`: present, empty
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.text.is_none()
    }

    /// The first item.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a/b".parse()?;
    /// assert_eq!(url.path().first(), Some(""));
    /// assert_eq!(url.param().first(), None);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn first(&self) -> Option<&'a str> {
        self.iter().next()
    }

    /// The last item.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a/b".parse()?;
    /// assert_eq!(url.path().last(), Some("b"));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn last(&self) -> Option<&'a str> {
        self.text.map(|t| t.rsplit(self.sep).next().unwrap_or(""))
    }

    /// The item at `index`.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a/b".parse()?;
    /// assert_eq!(url.path().get(1), Some("a"));
    /// assert_eq!(url.path().get(3), None);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn get(&self, index: usize) -> Option<&'a str> {
        self.iter().nth(index)
    }

    /// The items, copied.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://h/f;type=i".parse()?;
    /// let params: Vec<String> = url.param().to_vec();
    /// assert_eq!(params, ["type=i"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_string).collect()
    }

    /// The items, %-decoded.
    pub(crate) fn decoded(&self) -> Vec<Vec<u8>> {
        self.iter().map(|s| escape::decode(s, false)).collect()
    }
}

/// The items of a [`StrList`].
///
/// ```
/// use urlsyntax_neturl::{StrListIter, Url};
/// let url: Url = "http://h/a/b".parse()?;
/// let mut items: StrListIter<'_> = url.path().into_iter();
/// assert_eq!(items.next(), Some(""));
/// assert_eq!(items.last(), Some("b"));
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct StrListIter<'a>(Option<std::str::Split<'a, char>>);

impl<'a> Iterator for StrListIter<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        self.0.as_mut()?.next()
    }
}

impl<'a> IntoIterator for StrList<'a> {
    type Item = &'a str;
    type IntoIter = StrListIter<'a>;
    fn into_iter(self) -> StrListIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &StrList<'a> {
    type Item = &'a str;
    type IntoIter = StrListIter<'a>;
    fn into_iter(self) -> StrListIter<'a> {
        self.iter()
    }
}

impl fmt::Debug for StrList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for StrList<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for StrList<'_> {}

impl<S: AsRef<str>> PartialEq<[S]> for StrList<'_> {
    fn eq(&self, other: &[S]) -> bool {
        self.iter().eq(other.iter().map(AsRef::as_ref))
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for StrList<'_> {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<&[S]> for StrList<'_> {
    fn eq(&self, other: &&[S]) -> bool {
        *self == **other
    }
}

impl<S: AsRef<str>> PartialEq<Vec<S>> for StrList<'_> {
    fn eq(&self, other: &Vec<S>) -> bool {
        *self == other[..]
    }
}
