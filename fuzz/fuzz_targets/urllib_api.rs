//! Every `urlsyntax::urllib` entry point through the Rust API, str and
//! bytes forms, result attributes and conversions, under every profile and
//! with extended scheme classes: no panic, and a few invariants
//! (`geturl` of a split re-splits to the same parts; `unquote(quote(s))`
//! is `s`; the free functions equal the default context; the fused split
//! cuts as the composed grammar does; a netloc told a host alone within
//! its URL has a host's attributes alone).
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use urlsyntax::pyruntime::codec::{normalize_encoding, ErrorHandler};
use urlsyntax::pyruntime::repr::{bytes_repr, str_repr_with};
use urlsyntax::urllib::{
    self, bytes as ub, Codec, Profile, QsParser, QueryValue, QuoteVia, Quoter, SchemeClass,
    Unquoter, Urlencoder, Urllib,
};
use urlsyntax_fuzz::{bytes, codecs, text};

const PROFILES: [Profile; Profile::ALL.len()] = Profile::ALL;

/// A netloc told a host alone within its URL has the attributes of one:
/// no userinfo, no port, itself as the hostname.
fn host_alone_agrees(netloc: &str, host_alone: bool, attributes: urllib::NetlocAttributes<'_>) {
    if host_alone {
        let a = attributes;
        assert_eq!(
            (a.username, a.password, a.hostname.as_deref(), a.port),
            (None, None, Some(netloc), Ok(None)),
            "{netloc:?}"
        );
    }
}
fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let profile = *u.choose(&PROFILES)?;
    let mut ctx = Urllib::new(profile);
    if u.ratio(1u8, 4)? {
        let class = *u.choose(&SchemeClass::ALL)?;
        ctx = ctx.with_scheme(class, text(u)?);
    }
    let (a, b) = (text(u)?, text(u)?);
    let (ba, bb) = (bytes(u)?, bytes(u)?);
    let frag: bool = u.arbitrary()?;
    let (enc, err) = (codecs::encoding(u)?, codecs::errors(u)?);
    let (enc, err) = (enc.as_str(), err.as_str());
    match u.int_in_range(0u8..=9)? {
        0 => {
            // The fused fast path cuts as the composed grammar does.
            let letter: bool = u.arbitrary()?;
            assert!(
                urlsyntax::fuzzing::cpython_fast_path_agrees(&a, frag, letter),
                "{a:?} {frag} {letter}"
            );
            if let Ok(r) = ctx.urlsplit(&a, &b, frag) {
                let _ = (r.username(), r.password(), r.hostname(), r.port());
                host_alone_agrees(&r.netloc, r.netloc_is_host_alone_in(&a), r.attributes());
                let url = r.geturl();
                if let Ok(r2) = ctx.urlsplit(&url, &b, frag) {
                    let _ = r2.geturl();
                }
                let _ = r
                    .clone()
                    .encode()
                    .map(|e| (e.geturl(), e.decode(), e.hostname(), e.port()));
                let _ = r.into_owned();
            }
            if profile == Profile::default() && b.is_empty() && frag {
                assert_eq!(
                    urllib::urlsplit(&a).map(|r| r.parts().map(str::to_string)),
                    ctx.urlsplit(&a, "", true)
                        .map(|r| r.parts().map(str::to_string))
                );
            }
        }
        1 => {
            if let Ok(r) = ctx.urlparse(&a, &b, frag) {
                host_alone_agrees(&r.netloc, r.netloc_is_host_alone_in(&a), r.attributes());
                let _ = (
                    r.username(),
                    r.password(),
                    r.hostname(),
                    r.port(),
                    r.geturl(),
                );
                let _ = r
                    .encode()
                    .map(|e| (e.geturl(), e.decode(), e.username(), e.password()));
            }
            let _ = urllib::urlparse(&a).map(|r| r.geturl());
        }
        2 => {
            if let Ok(r) = ctx.urlsplit_bytes(&ba, &bb, frag) {
                let _ = (
                    r.username(),
                    r.password(),
                    r.hostname(),
                    r.port(),
                    r.geturl(),
                    r.decode(),
                );
            }
            if let Ok(r) = ctx.urlparse_bytes(&ba, &bb, frag) {
                let _ = (
                    r.username(),
                    r.password(),
                    r.hostname(),
                    r.port(),
                    r.geturl(),
                    r.decode(),
                );
            }
            let _ = (ub::urlsplit(&ba, &bb, frag), ub::urlparse(&ba, &bb, frag));
            if let Ok(r) = ctx.urldefrag_bytes(&ba) {
                let _ = (r.geturl(), r.decode());
            }
            let _ = (ub::urldefrag(&ba), ub::unwrap(&ba), ub::urljoin(&ba, &bb));
        }
        3 => {
            let p: Vec<String> = (0..6).map(|_| text(u)).collect::<arbitrary::Result<_>>()?;
            let p5: [&str; 5] = [&p[0], &p[1], &p[2], &p[3], &p[4]];
            let p6: [&str; 6] = [&p[0], &p[1], &p[2], &p[3], &p[4], &p[5]];
            let _ = (
                ctx.urlunsplit(p5),
                ctx.urlunparse(p6),
                urllib::urlunsplit(p5),
                urllib::urlunparse(p6),
            );
            let q: Vec<Vec<u8>> = (0..6).map(|_| bytes(u)).collect::<arbitrary::Result<_>>()?;
            let q5: [&[u8]; 5] = [&q[0], &q[1], &q[2], &q[3], &q[4]];
            let q6: [&[u8]; 6] = [&q[0], &q[1], &q[2], &q[3], &q[4], &q[5]];
            let _ = (
                ctx.urlunsplit_bytes(q5),
                ctx.urlunparse_bytes(q6),
                ub::urlunsplit(q5),
                ub::urlunparse(q6),
            );
        }
        4 => {
            let _ = ctx.urljoin(&a, &b, frag);
            let _ = ctx.urljoin_bytes(&ba, &bb, frag);
            let _ = urllib::urljoin(&a, &b);
            if let Ok(r) = ctx.urldefrag(&a) {
                let _ = (r.geturl(), r.clone().encode());
            }
            let _ = (urllib::urldefrag(&a), urllib::unwrap(&a));
        }
        5 => {
            let mut p = QsParser::new()
                .keep_blank_values(u.arbitrary()?)
                .strict_parsing(u.arbitrary()?)
                .profile(profile);
            if u.arbitrary()? {
                p = p.encoding(enc).errors(err);
            }
            if u.arbitrary()? {
                p = p.max_num_fields(u.int_in_range(-1i64..=8)?);
            }
            match u.int_in_range(0u8..=3)? {
                0 => p = p.separator(";"),
                1 => p = p.separator(b"&;".as_slice()),
                2 => p = p.separator(b.as_str()),
                _ => {}
            }
            let _ = (
                p.parse_qsl(&a),
                p.parse_qs(&a),
                p.parse_qsl_bytes(&ba),
                p.parse_qs_bytes(&ba),
            );
            let _ = (urllib::parse_qsl(&a), urllib::parse_qs(&a));
        }
        6 => {
            let q = Quoter::new().safe(b.as_str()).encoding(enc).errors(err);
            let _ = (
                q.quote(&a),
                q.quote_plus(&a),
                q.quote_bytes(&ba),
                q.quote_plus_bytes(&ba),
            );
            let (qa, qp) = (urllib::quote(&a), urllib::quote_plus(&a));
            assert_eq!(urllib::unquote(&qa), a, "unquote(quote(s)) == s");
            assert_eq!(
                urllib::unquote_plus(&qp),
                a,
                "unquote_plus(quote_plus(s)) == s"
            );
            assert_eq!(urllib::unquote_to_bytes(urllib::quote_from_bytes(&ba)), ba);
            let _ = urllib::quote_from_bytes_safe(&ba, bb.as_slice());
        }
        7 => {
            let q = Unquoter::new().encoding(enc).errors(err);
            let _ = (q.unquote(&a), q.unquote_plus(&a), q.unquote_bytes(&ba));
            let _ = (
                urllib::unquote(&a),
                urllib::unquote_plus(&a),
                urllib::unquote_to_bytes(&ba),
            );
        }
        8 => {
            let n = u.int_in_range(0..=4)?;
            let mut pairs: Vec<(QueryValue, QueryValue)> = Vec::new();
            for _ in 0..n {
                let k = if u.arbitrary()? {
                    QueryValue::from(text(u)?)
                } else {
                    QueryValue::from(bytes(u)?)
                };
                let v = match u.int_in_range(0u8..=4)? {
                    0 => QueryValue::seq([text(u)?, text(u)?]),
                    1 => QueryValue::from(u.arbitrary::<i64>()?),
                    2 => QueryValue::from(bytes(u)?),
                    3 => QueryValue::None,
                    _ => QueryValue::from(text(u)?),
                };
                pairs.push((k, v));
            }
            let via = *u.choose(&[
                QuoteVia::Quote,
                QuoteVia::QuotePlus,
                QuoteVia::QuoteFromBytes,
            ])?;
            let e = Urlencoder::new()
                .doseq(u.arbitrary()?)
                .safe(b.as_str())
                .encoding(enc)
                .errors(err)
                .quote_via(via);
            let _ = e.urlencode(pairs.clone());
            let _ = urllib::urlencode(pairs.iter().cloned());
            for (k, v) in &pairs {
                let _ = (k.py_str(), v.py_repr());
            }
        }
        _ => {
            let _ = (
                str_repr_with(&a, Profile::default().quirks().codecs.unicode),
                bytes_repr(&ba),
            );
            let _ = (normalize_encoding(enc), urllib::is_cpython_text_codec(&a));
            let profile = Profile::default();
            if let Ok(c) = Codec::lookup_in(&a, profile).or_else(|_| Codec::lookup_in(enc, profile))
            {
                let _ = (c.name(), c.encode_in(&b, err, profile), c.decode(&ba, err));
            }
            let _ = ErrorHandler::lookup(&b);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
