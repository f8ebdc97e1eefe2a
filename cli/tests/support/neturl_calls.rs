//! The Neturl differential's generator: seeded `neturl.*` calls over
//! every function of the protocol, valid URLs of every common scheme and
//! hostile ones, built from `neturl_pieces`.

use serde_json::{json, Value};
use urlsyntax::fuzzing::pieces::{NETURL_SYNTAXES, RELATIVE};

use super::neturl_pieces::*;

/// A small deterministic PRNG (xorshift64*).
fn word(r: &mut Rng) -> String {
    let n = r.below(3) + if r.chance(20) { 0 } else { 1 };
    (0..n).map(|_| r.pick(WORDS).to_string()).collect()
}

fn safe_word(r: &mut Rng) -> String {
    let xs: &[&str] = &[
        "a", "b", "c", "x", "yz", "foo", "Bar", "1", "%41", "%7E", "-", "_", ".", "!", "*", "~",
        "=", "&", "+", "$", ",",
    ];
    (0..r.below(3) + 1)
        .map(|_| r.pick(xs).to_string())
        .collect()
}

fn path_str(r: &mut Rng, absolute_pct: u64) -> String {
    let absolute = r.chance(absolute_pct);
    let n = r.below(4);
    let mut s = String::new();
    if absolute {
        s.push('/');
    }
    for i in 0..n {
        if i > 0 {
            s.push('/');
        }
        s.push_str(if r.chance(70) {
            r.pick(SEGMENTS)
        } else {
            r.pick(WORDS)
        });
    }
    s
}

/// The parts each scheme of the common table recognizes (`u` user,
/// `;` user_param, `p` password, `h` host, `o` port, `/` path, `P` param,
/// `q` query, `O` other).
/// A well-formed URL of a common scheme (then sometimes mutated).
fn clean_url(r: &mut Rng) -> String {
    let (scheme, parts) = CLEAN[r.below(CLEAN.len())];
    let has = |c: char| parts.contains(c);
    let mut s = format!("{scheme}:");
    if has('O') {
        s.push_str(&format!("{}@{}", safe_word(r), safe_word(r)));
    } else if has('h') {
        s.push_str("//");
        if has('u') && r.chance(40) {
            s.push_str(&safe_word(r));
            if has(';') && r.chance(50) {
                s.push_str(&format!(";{}", safe_word(r)));
            }
            if r.chance(50) {
                s.push_str(&format!(":{}", safe_word(r)));
            }
            s.push('@');
        }
        s.push_str(r.pick(GOOD_HOSTS));
        if r.chance(30) {
            s.push_str(&format!(":{}", r.below(70000)));
        }
    }
    if has('/') && (r.chance(80) || scheme == "file" || scheme.starts_with("nntp")) {
        if scheme.starts_with("nntp") && r.chance(80) {
            s.push_str(&format!("/{}/{}", safe_word(r), r.below(1000)));
        } else {
            for _ in 0..r.below(4) + 1 {
                s.push('/');
                s.push_str(if r.chance(50) {
                    r.pick(&["a", "b", "..", ".", "", "c.d", "~u", "x:y", "%2F"])
                } else {
                    r.pick(&["p", "q"])
                });
            }
        }
    }
    if has('P') && r.chance(30) {
        s.push_str(&format!(";{}", safe_word(r)));
    }
    if has('q') && r.chance(40) {
        s.push_str(&format!("?{}", safe_word(r)));
        if r.chance(20) {
            s.push_str(&format!("?{};", safe_word(r)));
        }
    }
    if r.chance(15) {
        s.push_str(&format!("#{}", safe_word(r)));
    }
    if r.chance(10) {
        let u = s.clone();
        return mutate(r, u);
    }
    s
}

/// A URL string: mostly well-formed pieces of some scheme, then mutated.
fn url_string(r: &mut Rng) -> String {
    if r.chance(55) {
        return clean_url(r);
    }
    let scheme = r.pick(SCHEMES);
    let mut s = String::new();
    if !(scheme.is_empty() && r.chance(50)) {
        s.push_str(scheme);
        s.push(':');
    }
    let opaque = matches!(scheme, "mailto" | "news" | "data" | "cid" | "mid") && r.chance(80);
    if opaque {
        s.push_str(&match r.below(5) {
            0 => format!("{}@{}", safe_word(r), r.pick(HOSTS)),
            1 => "text/plain;base64,QUJD".to_string(),
            2 => format!("{}/{}", safe_word(r), safe_word(r)),
            3 => word(r),
            _ => format!("{}?subject={}", safe_word(r), word(r)),
        });
    } else {
        if r.chance(85) {
            s.push_str("//");
            if r.chance(30) {
                s.push_str(&if r.chance(70) { safe_word(r) } else { word(r) });
                if r.chance(30) {
                    s.push(';');
                    s.push_str(&safe_word(r));
                }
                if r.chance(40) {
                    s.push(':');
                    s.push_str(&if r.chance(70) { safe_word(r) } else { word(r) });
                }
                s.push('@');
            }
            s.push_str(r.pick(HOSTS));
            if r.chance(30) {
                s.push(':');
                s.push_str(r.pick(PORTS));
            }
        }
        if r.chance(80) {
            s.push_str(&path_str(r, 100));
        }
    }
    if r.chance(20) {
        s.push(';');
        s.push_str(&safe_word(r));
        if r.chance(30) {
            s.push(';');
            s.push_str(&word(r));
        }
    }
    if r.chance(30) {
        s.push('?');
        s.push_str(&if r.chance(60) { safe_word(r) } else { word(r) });
    }
    if r.chance(20) {
        s.push('#');
        s.push_str(&if r.chance(60) { safe_word(r) } else { word(r) });
    }
    mutate(r, s)
}

fn mutate(r: &mut Rng, s: String) -> String {
    if !r.chance(25) {
        return s;
    }
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..r.below(3) + 1 {
        let ins: &[&str] = &[
            "/", "//", ":", "@", "?", "#", ";", "%", "%4", "[", "]", " ", "é", "..", "=", "~", "+",
            "\\", "|",
        ];
        let pos = if chars.is_empty() {
            0
        } else {
            r.below(chars.len() + 1)
        };
        match r.below(3) {
            0 if !chars.is_empty() && pos < chars.len() => {
                chars.remove(pos);
            }
            _ => {
                for (i, c) in r.pick(ins).chars().enumerate() {
                    chars.insert(pos + i, c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

fn rel_string(r: &mut Rng) -> String {
    if r.chance(75) {
        r.pick(RELATIVE).to_string()
    } else {
        let mut s = path_str(r, 30);
        if r.chance(20) {
            s.push_str(&format!("?{}", safe_word(r)));
        }
        if r.chance(15) {
            s.push_str(&format!("#{}", safe_word(r)));
        }
        mutate(r, s)
    }
}

fn base_string(r: &mut Rng) -> String {
    let bases: &[&str] = &[
        "http://a/b/c/d;p?q",
        "http://a/b/c/d",
        "http://a/b/c/",
        "http://a",
        "http://a/",
        "http://u:p@a:8/b/c?q",
        "ftp://a/b/c;type=a",
        "ftp://a/b/c/d;p",
        "file:///x/y",
        "file:///x/y/",
        "file://h/x",
        "file:/x/y",
        "file:x/y",
        "ipp://h/p/q",
        "imap://u;a=b@h/INBOX/1",
        "nntp://h/g/1",
        "ldap://h/o",
        "ldap:///o?x",
        "https://[::1]:443/a/b",
        "http://a/x/y/..",
        "http://a/x/y/../",
        "mailto:a@b",
        "pop://u@h",
        "http://a/b/c/d;p?q#f",
    ];
    if r.chance(80) {
        r.pick(bases).to_string()
    } else {
        url_string(r)
    }
}

fn parse_kwargs(r: &mut Rng) -> Value {
    let mut m = serde_json::Map::new();
    if r.chance(30) {
        m.insert("accept_8bits".into(), json!(r.chance(50)));
    }
    if r.chance(30) {
        m.insert("enable_fragment".into(), json!(r.chance(70)));
    }
    if r.chance(25) {
        m.insert("base_syntax".into(), json!(r.pick(NETURL_SYNTAXES)));
    }
    Value::Object(m)
}

fn list(r: &mut Rng, from: &[&str], max: usize) -> Vec<String> {
    (0..r.below(max + 1))
        .map(|_| r.pick(from).to_string())
        .collect()
}

fn clean_make_url_call(r: &mut Rng) -> Value {
    let (scheme, parts) = CLEAN[r.below(CLEAN.len())];
    let has = |c: char| parts.contains(c);
    let frag = r.chance(30);
    let syn = if frag {
        format!("{scheme}+fragment")
    } else {
        scheme.to_string()
    };
    let encoded = r.chance(40);
    let text = |r: &mut Rng| {
        if encoded || r.chance(50) {
            safe_word(r)
        } else {
            word(r)
        }
    };
    let mut m = serde_json::Map::new();
    m.insert("encoded".into(), json!(encoded));
    m.insert("scheme".into(), json!(scheme));
    if has('h') {
        m.insert("host".into(), json!(r.pick(GOOD_HOSTS)));
    }
    if has('u') && r.chance(40) {
        m.insert("user".into(), json!(text(r)));
        if has('p') && r.chance(50) {
            m.insert("password".into(), json!(text(r)));
        }
        if has(';') && r.chance(50) {
            let v: Vec<String> = (0..r.below(3)).map(|_| text(r)).collect();
            m.insert("user_param".into(), json!(v));
        }
    }
    if has('o') && r.chance(30) {
        m.insert("port".into(), json!(r.below(70000)));
    }
    if has('/') {
        let n = if scheme.starts_with("nntp") {
            2
        } else {
            r.below(4)
        };
        let mut p: Vec<String> = vec![String::new()];
        for _ in 0..n {
            p.push(text(r));
        }
        if n > 0 || r.chance(50) || scheme == "file" {
            m.insert("path".into(), json!(p));
        }
    }
    if has('P') && r.chance(30) {
        let v: Vec<String> = (0..r.below(3)).map(|_| text(r)).collect();
        m.insert("param".into(), json!(v));
    }
    if has('q') && r.chance(40) {
        m.insert("query".into(), json!(text(r)));
    }
    if has('O') {
        m.insert("other".into(), json!(text(r)));
    }
    if frag && r.chance(60) {
        m.insert("fragment".into(), json!(text(r)));
    }
    json!({"fn": "neturl.make_url", "args": [syn], "kwargs": m})
}

fn make_url_call(r: &mut Rng) -> Value {
    if r.chance(60) {
        return clean_make_url_call(r);
    }
    let syn = r.pick(NETURL_SYNTAXES);
    let encoded = r.chance(40);
    let mut m = serde_json::Map::new();
    if r.chance(50) {
        m.insert("encoded".into(), json!(encoded));
    }
    let base = syn
        .trim_start_matches("partial:")
        .trim_end_matches("+fragment");
    if r.chance(80) {
        m.insert(
            "scheme".into(),
            json!(if r.chance(85) { base } else { r.pick(SCHEMES) }),
        );
    }
    let string_parts = ["user", "password", "query", "fragment", "other"];
    for p in string_parts {
        if r.chance(25) {
            m.insert(
                p.into(),
                json!(if r.chance(50) { safe_word(r) } else { word(r) }),
            );
        }
    }
    if r.chance(60) {
        m.insert("host".into(), json!(r.pick(HOSTS)));
    }
    if r.chance(25) {
        let ports: &[i64] = &[0, 1, 80, 8080, 65535, 65536, -1, 100000];
        m.insert("port".into(), json!(ports[r.below(ports.len())]));
    }
    if r.chance(60) {
        let mut p = list(r, SEGMENTS, 4);
        if r.chance(60) {
            p.insert(0, String::new());
        }
        m.insert("path".into(), json!(p));
    }
    for p in ["user_param", "param"] {
        if r.chance(20) {
            let v: Vec<String> = (0..r.below(3))
                .map(|_| if r.chance(60) { safe_word(r) } else { word(r) })
                .collect();
            m.insert(p.into(), json!(v));
        }
    }
    json!({"fn": "neturl.make_url", "args": [syn], "kwargs": m})
}

/// Hand-picked corners, asked with every parse option.
/// The calls, deterministic for a seed.
pub(crate) fn generate(seed: u64, n: usize) -> Vec<String> {
    let mut r = Rng(seed | 1);
    let mut out = Vec::with_capacity(n);
    for u in EDGE_URLS {
        for kw in [
            json!({}),
            json!({"accept_8bits": true}),
            json!({"enable_fragment": true}),
            json!({"base_syntax": "ip"}),
        ] {
            out.push(json!({"fn": "neturl.parse_url", "args": [u], "kwargs": kw}).to_string());
            out.push(json!({"fn": "neturl.decoded", "args": [u], "kwargs": kw}).to_string());
        }
    }
    for i in 0..n {
        let call = match i % 14 {
            0 | 1 => {
                json!({"fn": "neturl.parse_url", "args": [url_string(&mut r)], "kwargs": parse_kwargs(&mut r)})
            }
            2 => {
                json!({"fn": "neturl.decoded", "args": [url_string(&mut r)], "kwargs": parse_kwargs(&mut r)})
            }
            3 => {
                json!({"fn": "neturl.url_of_string", "args": [r.pick(NETURL_SYNTAXES), if r.chance(50) { url_string(&mut r) } else { rel_string(&mut r) }]})
            }
            4 => json!({"fn": "neturl.extract_url_scheme", "args": [url_string(&mut r)]}),
            5 => json!({"fn": "neturl.split_path", "args": [path_str(&mut r, 50)]}),
            6 => {
                let v = list(&mut r, SEGMENTS, 6);
                let name = if r.chance(50) {
                    "neturl.join_path"
                } else {
                    "neturl.norm_path"
                };
                json!({"fn": name, "args": [v]})
            }
            7 => {
                let u = url_string(&mut r);
                let s = mutate(&mut r, u) + &word(&mut r);
                if r.chance(50) {
                    json!({"fn": "neturl.fixup_url_string", "args": [s], "kwargs": {"escape_hash": r.chance(50)}})
                } else {
                    json!({"fn": "neturl.fixup_url_string", "args": [s]})
                }
            }
            8 | 9 => {
                let mut c = json!({"fn": "neturl.apply_relative_url", "args": [base_string(&mut r), rel_string(&mut r)]});
                if r.chance(40) {
                    c["kwargs"] = json!({"enable_fragment": r.chance(60)});
                }
                c
            }
            10 => make_url_call(&mut r),
            11 => {
                let u = if r.chance(70) {
                    let host = r.pick(&["", "localhost", "h", "LOCALHOST"]);
                    let p = path_str(&mut r, 85);
                    format!("{}://{host}{p}", r.pick(&["file", "file", "FILE", "http"]))
                } else if r.chance(50) {
                    format!("file:{}", path_str(&mut r, 50))
                } else {
                    url_string(&mut r)
                };
                json!({"fn": "neturl.local_path_of_file_url", "args": [u], "kwargs": parse_kwargs(&mut r)})
            }
            12 => {
                let p = if r.chance(60) {
                    r.pick(PATHS).to_string()
                } else {
                    path_str(&mut r, 50)
                };
                let cwd = r.pick(&["/", "/home/u", "/a b", "rel", "", "/x/", "/é", "//srv"]);
                if r.chance(80) {
                    json!({"fn": "neturl.file_url_of_local_path", "args": [p], "kwargs": {"getcwd": cwd}})
                } else {
                    json!({"fn": "neturl.file_url_of_local_path", "args": [p]})
                }
            }
            _ => {
                let u = if r.chance(70) {
                    format!(
                        "{}://{}{}/",
                        r.pick(&["http", "ftp", "ipp", "ldap", "file"]),
                        r.pick(HOSTS),
                        if r.chance(30) { ":81" } else { "" }
                    )
                } else {
                    url_string(&mut r)
                };
                json!({"fn": "neturl.url_addr", "args": [u], "kwargs": parse_kwargs(&mut r)})
            }
        };
        out.push(call.to_string());
    }
    out
}
