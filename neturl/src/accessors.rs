//! The part accessors of a Neturl [`Url`]: each part as an `Option`
//! (absent = `None`), and under its Neturl name (`url_host`, ...) as a
//! `Result` whose absent part is `Err(NotFound)`, as in Ocamlnet.

use super::{escape, Component, Error, StrList, Url};

fn found(v: Option<&str>, part: Component) -> Result<&str, Error> {
    v.ok_or(Error::NotFound { part })
}

impl Url {
    /// The scheme as written (not lowercased); `None` when absent.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "HTTP://h/".parse()?;
    /// assert_eq!(url.scheme(), Some("HTTP"));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.scheme.of(&self.text)
    }
    /// `url_scheme`: [`Url::scheme`], absent = `Err(NotFound)` as in Ocamlnet.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, SchemeTable, Url};
    /// let relative = SchemeTable::common().get("http").unwrap().partial().unwrap();
    /// let url = Url::parse_with(&relative, "../c")?;
    /// assert_eq!(url.url_scheme(), Err(Error::NotFound { part: Component::Scheme }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_scheme(&self) -> Result<&str, Error> {
        found(self.scheme(), Component::Scheme)
    }
    /// The user name, %-encoded (`url_user ~encoded:true`).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://j%20doe:pw@h/".parse()?;
    /// assert_eq!(url.user(), Some("j%20doe"));
    /// assert_eq!(url.user_decoded().as_deref(), Some(&b"j doe"[..]));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.user.of(&self.text)
    }
    /// `url_user ~encoded:true`: [`Url::user`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// assert_eq!("ftp://u@h/".parse::<Url>()?.url_user(), Ok("u"));
    /// let url: Url = "ftp://h/".parse()?;
    /// assert_eq!(url.url_user(), Err(Error::NotFound { part: Component::User }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_user(&self) -> Result<&str, Error> {
        found(self.user(), Component::User)
    }
    /// `url_user`: the user name, decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://a%2Fb@h/".parse()?;
    /// assert_eq!(url.user_decoded(), Some(b"a/b".to_vec()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn user_decoded(&self) -> Option<Vec<u8>> {
        self.user().map(|s| escape::decode(s, false))
    }
    /// `url_user_param ~encoded:true` (empty when absent).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "pop://u;auth=x@h".parse()?;
    /// assert_eq!(url.user_param(), ["auth=x"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn user_param(&self) -> StrList<'_> {
        StrList::new(self.user_param.of(&self.text), ';')
    }
    /// `url_user_param`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "pop://u;auth=a%20b@h".parse()?;
    /// assert_eq!(url.user_param_decoded(), [b"auth=a b"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn user_param_decoded(&self) -> Vec<Vec<u8>> {
        self.user_param().decoded()
    }
    /// The password, %-encoded (`url_password ~encoded:true`).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://u:p%40ss@h/".parse()?;
    /// assert_eq!(url.password(), Some("p%40ss"));
    /// assert_eq!(url.password_decoded().as_deref(), Some(&b"p@ss"[..]));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.password.of(&self.text)
    }
    /// `url_password ~encoded:true`: [`Url::password`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// assert_eq!("ftp://u:pw@h/".parse::<Url>()?.url_password(), Ok("pw"));
    /// let url: Url = "ftp://u@h/".parse()?;
    /// assert_eq!(url.url_password(), Err(Error::NotFound { part: Component::Password }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_password(&self) -> Result<&str, Error> {
        found(self.password(), Component::Password)
    }
    /// `url_password`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://u:a%3Ab@h/".parse()?;
    /// assert_eq!(url.password_decoded(), Some(b"a:b".to_vec()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn password_decoded(&self) -> Option<Vec<u8>> {
        self.password().map(|s| escape::decode(s, false))
    }
    /// The host (IPv6 addresses keep their brackets).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "http://[::1]:8080/".parse()?;
    /// assert_eq!(url.host(), Some("[::1]"));
    /// assert_eq!(url.port(), Some(8080));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.host.of(&self.text)
    }
    /// `url_host`: [`Url::host`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// assert_eq!("http://h/".parse::<Url>()?.url_host(), Ok("h"));
    /// let url: Url = "mailto:a@example.org".parse()?;
    /// assert_eq!(url.url_host(), Err(Error::NotFound { part: Component::Host }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_host(&self) -> Result<&str, Error> {
        found(self.host(), Component::Host)
    }
    /// The port (the grammar bounds it to 0..=65535).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// assert_eq!("http://h:8080/".parse::<Url>()?.port(), Some(8080));
    /// assert_eq!("http://h/".parse::<Url>()?.port(), None);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }
    /// `url_port`: [`Url::port`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// let url: Url = "http://h/".parse()?;
    /// assert_eq!(url.url_port(), Err(Error::NotFound { part: Component::Port }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_port(&self) -> Result<u16, Error> {
        self.port.ok_or(Error::NotFound {
            part: Component::Port,
        })
    }
    /// `url_path ~encoded:true`: `[]` = no path, `[""]` = `/`,
    /// `["", "a"]` = `/a`, `["a", ""]` = `a/`.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a/b%20c".parse()?;
    /// assert_eq!(url.path(), ["", "a", "b%20c"]);
    /// assert_eq!(url.path_decoded()[2], b"b c");
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn path(&self) -> StrList<'_> {
        StrList::new(self.path.of(&self.text), '/')
    }
    /// `url_path`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/a%2Fb/c".parse()?;
    /// assert_eq!(url.path_decoded(), [&b""[..], b"a/b", b"c"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn path_decoded(&self) -> Vec<Vec<u8>> {
        self.path().decoded()
    }
    /// `url_param ~encoded:true` (empty when absent).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://h/f;type=i".parse()?;
    /// assert_eq!(url.param(), ["type=i"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn param(&self) -> StrList<'_> {
        StrList::new(self.param.of(&self.text), ';')
    }
    /// `url_param`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "ftp://h/f;type=a%20b".parse()?;
    /// assert_eq!(url.param_decoded(), [b"type=a b"]);
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn param_decoded(&self) -> Vec<Vec<u8>> {
        self.param().decoded()
    }
    /// The query, %-encoded (`url_query ~encoded:true`); see also
    /// [`Url::query_pairs`].
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/?a=1+2".parse()?;
    /// assert_eq!(url.query(), Some("a=1+2"));
    /// assert_eq!(url.query_decoded().as_deref(), Some(&b"a=1 2"[..]));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.query.of(&self.text)
    }
    /// `url_query ~encoded:true`: [`Url::query`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// assert_eq!("http://h/?q".parse::<Url>()?.url_query(), Ok("q"));
    /// let url: Url = "http://h/".parse()?;
    /// assert_eq!(url.url_query(), Err(Error::NotFound { part: Component::Query }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_query(&self) -> Result<&str, Error> {
        found(self.query(), Component::Query)
    }
    /// `url_query`: decoded, `+` read as a space.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "http://h/?a%3Db+c".parse()?;
    /// assert_eq!(url.query_decoded(), Some(b"a=b c".to_vec()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn query_decoded(&self) -> Option<Vec<u8>> {
        self.query().map(|s| escape::decode(s, true))
    }
    /// The fragment, %-encoded (`url_fragment ~encoded:true`).
    ///
    /// ```
    /// # use urlsyntax_neturl::{parse_url, ParseOptions};
    /// let opts = ParseOptions { enable_fragment: true, ..ParseOptions::default() };
    /// let url = parse_url("http://h/#top", &opts)?;
    /// assert_eq!(url.fragment(), Some("top"));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.of(&self.text)
    }
    /// `url_fragment ~encoded:true`: [`Url::fragment`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{parse_url, Component, Error, ParseOptions};
    /// let opts = ParseOptions { enable_fragment: true, ..ParseOptions::default() };
    /// assert_eq!(parse_url("http://h/#top", &opts)?.url_fragment(), Ok("top"));
    /// let url = parse_url("http://h/", &opts)?;
    /// assert_eq!(url.url_fragment(), Err(Error::NotFound { part: Component::Fragment }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_fragment(&self) -> Result<&str, Error> {
        found(self.fragment(), Component::Fragment)
    }
    /// `url_fragment`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::{parse_url, ParseOptions};
    /// let opts = ParseOptions { enable_fragment: true, ..ParseOptions::default() };
    /// let url = parse_url("http://h/#a%20b", &opts)?;
    /// assert_eq!(url.fragment_decoded(), Some(b"a b".to_vec()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn fragment_decoded(&self) -> Option<Vec<u8>> {
        self.fragment().map(|s| escape::decode(s, false))
    }
    /// The `other` part, %-encoded (`url_other ~encoded:true`).
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "mailto:a@example.org".parse()?;
    /// assert_eq!(url.other(), Some("a@example.org"));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn other(&self) -> Option<&str> {
        self.other.of(&self.text)
    }
    /// `url_other ~encoded:true`: [`Url::other`], absent = `Err(NotFound)`.
    ///
    /// ```
    /// # use urlsyntax_neturl::{Component, Error, Url};
    /// assert_eq!("mailto:a@h".parse::<Url>()?.url_other(), Ok("a@h"));
    /// let url: Url = "http://h/".parse()?;
    /// assert_eq!(url.url_other(), Err(Error::NotFound { part: Component::Other }));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn url_other(&self) -> Result<&str, Error> {
        found(self.other(), Component::Other)
    }
    /// `url_other`: decoded.
    ///
    /// ```
    /// # use urlsyntax_neturl::Url;
    /// let url: Url = "mailto:a%20b@h".parse()?;
    /// assert_eq!(url.other_decoded(), Some(b"a b@h".to_vec()));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn other_decoded(&self) -> Option<Vec<u8>> {
        self.other().map(|s| escape::decode(s, false))
    }
}
