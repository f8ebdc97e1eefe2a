//! Query pairs on a Neturl [`Url`]: the `name=value` fields of the query,
//! read decoded and written form-encoded.

use super::escape::{decode, encode};
use super::{Encoding, Error, Parts, Remove, Url};

impl Url {
    /// The query's fields, split at `&` and at each field's first `=`, and
    /// decoded as `url_query` decodes (`%XX`, and `+` as a space). Empty
    /// fields are skipped; a field without `=` has an empty value. No
    /// query gives no pairs. Decoded bytes need not be UTF-8, so names and
    /// values are bytes.
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/s?q=a+b%26c&lang=en&flag".parse()?;
    /// let pairs = url.query_pairs();
    /// assert_eq!(pairs[0], (b"q".to_vec(), b"a b&c".to_vec()));
    /// assert_eq!(pairs[1], (b"lang".to_vec(), b"en".to_vec()));
    /// assert_eq!(pairs[2], (b"flag".to_vec(), Vec::new()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn query_pairs(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.query()
            .into_iter()
            .flat_map(|q| q.split('&'))
            .filter(|field| !field.is_empty())
            .map(|field| {
                let (name, value) = field.split_once('=').unwrap_or((field, ""));
                (decode(name, true), decode(value, true))
            })
            .collect()
    }

    /// The URL with its query replaced by `pairs`: each name and value is
    /// encoded as `Netencoding.Url.encode ~plus:true` encodes (so a `=`,
    /// `&`, `+` or `#` inside them is escaped), and the fields are joined
    /// by `=` and `&`, which stay as they are. No pairs remove the query.
    /// The URL's syntax must recognize a query.
    ///
    /// Building a URL with a query is [`Url::build`] then this:
    ///
    /// ```
    /// use urlsyntax_neturl::{Encoding, Parts, SchemeTable, Url};
    /// let http = SchemeTable::common().get("http").unwrap();
    /// let parts = Parts { scheme: Some("http".into()), host: Some("h".into()), ..Parts::default() };
    /// let url = Url::build(http, &parts, Encoding::Decoded)?
    ///     .with_query_pairs([("q", "a b&c=d"), ("lang", "en")])?;
    /// assert_eq!(url.as_str(), "http://h?q=a+b%26c%3Dd&lang=en");
    /// assert_eq!(url.query_pairs()[0].1, b"a b&c=d");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn with_query_pairs<I, K, V>(&self, pairs: I) -> Result<Url, Error>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<[u8]>,
        V: AsRef<[u8]>,
    {
        let mut query = String::new();
        for (name, value) in pairs {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str(&encode(name.as_ref(), true));
            query.push('=');
            query.push_str(&encode(value.as_ref(), true));
        }
        if query.is_empty() {
            return self.remove(&Remove {
                query: true,
                ..Remove::default()
            });
        }
        let parts = Parts {
            query: Some(query),
            ..Parts::default()
        };
        self.modify(&parts, Encoding::Encoded, None)
    }
}
