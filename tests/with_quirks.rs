//! A context made `with_quirks` governs everything it hands out: the
//! builders (`qs`, `quoter`, `unquoter`, `urlencoder`), the codecs they
//! pick, and the results of its splits (`port`, `hostname`, `geturl`),
//! each following the field changed rather than the profile's own value.

use urlsyntax::urllib::{Behaviour, PortRule, Profile, QslRule, Quirks, UnsplitRule, Urllib};

/// The context of `profile` with one field changed, and the profile's own.
fn changed(profile: Profile, change: impl FnOnce(&mut Quirks)) -> (Urllib, Urllib) {
    let mut q = *profile.quirks();
    change(&mut q);
    (Urllib::with_quirks(profile, q), Urllib::new(profile))
}

#[test]
fn quote_and_urlencode_follow_tilde_is_unreserved() {
    let (ours, own) = changed(Profile::Py3_6_15, |q| q.tilde_is_unreserved = true);
    assert_eq!(own.quoter().quote("~a").unwrap(), "%7Ea");
    assert_eq!(ours.quoter().quote("~a").unwrap(), "~a");
    assert_eq!(ours.quoter().quote_plus("~ a").unwrap(), "~+a");
    assert_eq!(ours.quoter().quote_bytes(b"~").unwrap(), "~");
    assert_eq!(own.urlencoder().urlencode([("k", "~")]).unwrap(), "k=%7E");
    assert_eq!(ours.urlencoder().urlencode([("k", "~")]).unwrap(), "k=~");
}

#[test]
fn parse_qsl_follows_the_qsl_rule_and_the_separator_rule() {
    // An empty query is one field up to 3.10: `max_num_fields=0` fails.
    let (ours, own) = changed(Profile::Py3_9_18, |q| q.qsl = QslRule::CoerceAscii);
    assert!(own.qs().max_num_fields(0).parse_qsl("").is_err());
    assert_eq!(ours.qs().max_num_fields(0).parse_qsl("").unwrap().len(), 0);
    // 3.13's bytes rule: non-ASCII bytes are split as bytes.
    let (ours, own) = changed(Profile::Py3_11_7, |q| q.qsl = QslRule::NativeBytes);
    assert!(own.qs().parse_qsl_bytes(b"a=\xff").is_err());
    let pairs = ours.qs().parse_qsl_bytes(b"a=\xff").unwrap();
    assert_eq!(pairs.len(), 1);
    assert_eq!(&*pairs[0].1, b"\xff");
    // Up to 3.7 a bytes separator meets a text query.
    let (ours, own) = changed(Profile::Py3_7_16, |q| q.qsl_coerces_separator = true);
    assert!(own.qs().separator(&b";"[..]).parse_qsl("a=1;b=2").is_err());
    assert_eq!(
        ours.qs()
            .separator(&b";"[..])
            .parse_qsl("a=1;b=2")
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn unquote_follows_unquote_takes_bytes() {
    let (ours, own) = changed(Profile::Py3_8_18, |q| q.unquote_takes_bytes = true);
    assert!(own.unquoter().unquote_bytes(b"%41").is_err());
    assert_eq!(ours.unquoter().unquote_bytes(b"%41").unwrap(), "A");
}

#[test]
fn the_codecs_follow_the_codec_fields() {
    // 3.13.18's palmos maps byte 0x9B to U+203A; 3.13.0's to U+009B.
    let newer = Profile::Py3_13_18.quirks().codecs.charmaps;
    let (ours, own) = changed(Profile::Py3_13_0, |q| q.codecs.charmaps = newer);
    let quote = |ctx: &Urllib| ctx.quoter().encoding("palmos").quote("\u{203a}");
    assert!(quote(&own).is_err());
    assert_eq!(quote(&ours).unwrap(), "%9B");
    let unquote = |ctx: &Urllib| ctx.unquoter().encoding("palmos").unquote("%9B").unwrap();
    assert_eq!(unquote(&own), "\u{9b}");
    assert_eq!(unquote(&ours), "\u{203a}");
}

#[test]
fn results_follow_the_port_rule() {
    // 3.9 reads a port as `int()` does; 3.10+ takes ASCII digits only.
    let (ours, own) = changed(Profile::Py3_9_18, |q| q.port = PortRule::AsciiDigits);
    let url = "http://h: 80/";
    assert_eq!(own.urlsplit(url, "", true).unwrap().port(), Ok(Some(80)));
    assert!(ours.urlsplit(url, "", true).unwrap().port().is_err());
    assert!(ours.urlparse(url, "", true).unwrap().port().is_err());
    assert!(ours
        .urlsplit(url, "", true)
        .unwrap()
        .attributes()
        .port
        .is_err());
    let bytes = ours.urlsplit_bytes(url.as_bytes(), b"", true).unwrap();
    assert!(bytes.port().is_err());
    // The result's twins and owned copies keep the quirks.
    let r = ours.urlsplit(url, "", true).unwrap();
    assert!(r.clone().into_owned().encode().unwrap().port().is_err());
    assert_eq!(r.profile(), Profile::Py3_9_18);
    assert_eq!(r.behaviour, ours.behaviour());
    assert_ne!(r.behaviour, Behaviour::new(Profile::Py3_9_18));
    // The port's error message.
    let (ours, own) = changed(Profile::Py3_7_16, |q| q.port_error_from_int = false);
    let message = |ctx: &Urllib| {
        let e = ctx.urlsplit("http://h:x/", "", true).unwrap().port();
        e.unwrap_err().to_string()
    };
    assert_ne!(message(&ours), message(&own));
}

#[test]
fn geturl_follows_the_unsplit_rule() {
    let (ours, own) = changed(Profile::Py3_12_1, |q| {
        q.unsplit = UnsplitRule::PreserveEmptyAuthority;
    });
    let url = "////a";
    assert_eq!(own.urlsplit(url, "", true).unwrap().geturl(), "//a");
    assert_eq!(ours.urlsplit(url, "", true).unwrap().geturl(), "////a");
}

#[test]
fn equal_quirks_are_one_behaviour() {
    let mut q = *Profile::Py3_10_13.quirks();
    assert_eq!(
        Behaviour::with_quirks(Profile::Py3_10_13, q),
        Behaviour::new(Profile::Py3_10_13)
    );
    q.validate_bracketed_host = true;
    let (a, b) = (
        Behaviour::with_quirks(Profile::Py3_10_13, q),
        Behaviour::with_quirks(Profile::Py3_10_13, q),
    );
    assert_eq!(a, b);
    assert!(std::ptr::eq(a.quirks(), b.quirks()));
    assert_ne!(a, Behaviour::new(Profile::Py3_10_13));
    assert_eq!(
        format!("{:?}", Behaviour::new(Profile::Py3_10_13)),
        "Py3_10_13"
    );
    assert!(format!("{a:?}").contains("with quirks"));
}
