//! The Neturl entry points not driven by the roundtrip and builder targets:
//! paths (`split_path`, `join_path`, `norm_path`), relative URLs,
//! `fixup_url_string`, `extract_url_scheme`, file URLs in every path style,
//! addresses, `modify`/`remove`/defaults, the descriptor notation and
//! scheme tables, and the RFC 3986 combinators: no panic, plus
//! `split_path(join_path(l)) == l` (but for `[""]` and
//! `["", ""]`, which both join to `/`) for lists without `/`.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use urlsyntax::grammar::rfc3986 as g;
use urlsyntax::neturl::{
    self, apply_relative_url, ensure_absolute_url, extract_url_scheme, file_url_of_local_path,
    fixup_url_string, join_path, local_path_of_file_url, norm_path, split_path, Encoding,
    ParseOptions, Parts, PathStyle, Remove, SchemeTable, Syntax, Url,
};
use urlsyntax_fuzz::{syntax, text};

fn list(u: &mut Unstructured<'_>) -> arbitrary::Result<Vec<String>> {
    let n = u.int_in_range(0..=6)?;
    (0..n).map(|_| text(u)).collect()
}

fn remove(u: &mut Unstructured<'_>) -> arbitrary::Result<Remove> {
    Ok(Remove {
        scheme: u.arbitrary()?,
        user: u.arbitrary()?,
        user_param: u.arbitrary()?,
        password: u.arbitrary()?,
        host: u.arbitrary()?,
        port: u.arbitrary()?,
        path: u.arbitrary()?,
        param: u.arbitrary()?,
        query: u.arbitrary()?,
        fragment: u.arbitrary()?,
        other: u.arbitrary()?,
    })
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let syn = syntax(u)?;
    let s = text(u)?;
    let t = text(u)?;
    let opts = ParseOptions {
        base_syntax: Some(&syn),
        ..Default::default()
    };
    match u.int_in_range(0u8..=7)? {
        0 => {
            let l = list(u)?;
            let _ = (split_path(&s), norm_path(&l), norm_path(split_path(&s)));
            let j = join_path(&l);
            if !l.is_empty() && l.iter().all(|x| !x.contains('/')) && l != [""] && l != ["", ""] {
                assert_eq!(split_path(&j), l, "split_path(join_path(l)) == l");
            }
        }
        1 => {
            if let (Ok(base), Ok(rel)) =
                (neturl::parse_url(&s, &opts), neturl::parse_url(&t, &opts))
            {
                let _ = apply_relative_url(&base, &rel).map(|r| r.to_string());
                let _ = ensure_absolute_url(Some(&base), &rel).map(|r| r.to_string());
                let _ = ensure_absolute_url(None, &rel);
                if let Some(p) = base.syntax().partial() {
                    if let Ok(rel) = Url::parse_with(&p, &t) {
                        let _ = apply_relative_url(&base, &rel).map(|r| r.to_string());
                    }
                }
            }
        }
        2 => {
            let _ = (fixup_url_string(&s, u.arbitrary()?), extract_url_scheme(&s));
        }
        3 => {
            let style = *u.choose(&[PathStyle::Unix, PathStyle::Win32, PathStyle::Cygwin])?;
            if let Ok(url) = file_url_of_local_path(&s, &t, style) {
                let printed = url.to_string();
                let _ = local_path_of_file_url(&url, style);
                let _ = printed;
            }
            if let Ok(url) = neturl::parse_url(&s, &ParseOptions::default()) {
                let _ = local_path_of_file_url(&url, style);
            }
        }
        4 => {
            if let Ok(url) = Url::parse_with(&syn, &s) {
                let _ = (url.addr(), url.socksymbol(u.arbitrary()?));
                let _ = url.addr().map(|a| neturl::format_inet_addr(&a));
            }
        }
        5 => {
            if let Ok(url) = Url::parse_with(&syn, &s) {
                let parts = Parts {
                    host: if u.arbitrary()? {
                        Some(t.clone())
                    } else {
                        None
                    },
                    query: if u.arbitrary()? { Some(text(u)?) } else { None },
                    path: if u.arbitrary()? { Some(list(u)?) } else { None },
                    port: if u.arbitrary()? {
                        Some(u.arbitrary()?)
                    } else {
                        None
                    },
                    ..Parts::default()
                };
                let enc = if u.arbitrary()? {
                    Encoding::Encoded
                } else {
                    Encoding::Decoded
                };
                let other = if u.arbitrary()? { Some(&syn) } else { None };
                let _ = url.modify(&parts, enc, other).map(|x| x.to_string());
                let r = remove(u)?;
                let _ = (url.remove(&r).map(|x| x.to_string()), url.provides(&r));
                let _ = url.with_defaults(&parts, enc).map(|x| x.to_string());
                let _ = url.without_defaults(&parts).map(|x| x.to_string());
            }
        }
        6 => {
            if let Ok(sy) = Syntax::from_notation(&s) {
                let n = sy.to_notation();
                let again = Syntax::from_notation(&n).expect("the notation reads its own output");
                assert_eq!(again.to_notation(), n);
                let _ = (sy.is_valid(), sy.partial(), sy.with_fragment(), sy.parts());
            }
            let mut table = SchemeTable::new();
            let _ = table.extend(&s);
            let _ = table.get(&t);
            let mut common = SchemeTable::common().clone();
            let _ = common.extend(&t);
            let opts = ParseOptions {
                schemes: Some(&common),
                ..Default::default()
            };
            let _ = neturl::parse_url(&s, &opts);
        }
        _ => {
            let i = s.as_str();
            let _ = (
                g::pct_encoded(i),
                g::scheme(i),
                g::userinfo(i),
                g::reg_name(i),
            );
            let _ = (g::dec_octet(i), g::ipv4address(i), g::h16(i), g::ls32(i));
            let _ = (
                g::ipv6address(i),
                g::ipvfuture(i),
                g::ip_literal(i),
                g::host(i),
            );
            let _ = (g::port(i), g::authority(i), g::segment(i), g::segment_nz(i));
            let _ = (g::path_abempty(i), g::query(i), g::fragment(i), g::param(i));
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
