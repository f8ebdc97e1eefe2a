//! The inputs of the CVE fixes and of parser-confusion research
//! (`tests/hostile/inputs.jsonl`, where each line carries the same `why`;
//! `tests/fuzzing_inputs.rs` holds the two equal).

/// Inputs that share one reason to be hostile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hostile {
    /// The CVE, issue or kind of confusion.
    pub why: &'static str,
    /// The URLs.
    pub inputs: &'static [&'static str],
}

/// Every hostile input, grouped by reason, in the order of the file.
pub const HOSTILE: &[Hostile] = &[
    Hostile {
        why: "CVE-2023-24329: leading C0 control or space before the scheme",
        inputs: &[" https://example.com/", "\0http://example.com/", "\u{1}\u{2}http://a/", "\u{1f}http://a/", "\u{7f}http://a/", "\t\n http://a/", "\u{b}http://a/", "\u{c}http://a/", "\u{85}http://a/", "\u{a0}http://a/", "\u{3000}http://a/", "http://a/ \0", "  //a/b"],
    },
    Hostile {
        why: "bpo-43882: tab, CR and LF inside the URL",
        inputs: &["http://www.python.org/java\nscript:alert(1)", "ht\ttp://a/b", "http://a\r\nb/", "https://ww\nw.python.org/", "http://a/b\tc?d\re#f\ng", "java\tscript:alert(1)", "http:\n//a/", "\r\nhttp://a/", "http://a:8\t0/"],
    },
    Hostile {
        why: "CVE-2019-9636, CVE-2019-10160: NFKC look-alikes in netloc and userinfo",
        inputs: &["http://u\u{ff03}@example.com", "http://\u{2100}.example.com", "http://example.com\u{ff0f}@bing.com", "http://user\u{ff20}x@host/", "http://a\u{2100}b:pw@host/", "http://user:pa\u{2100}ss@host/", "http://\u{2100}@x/", "http://h\u{2047}st/", "http://\u{fe6b}@a/", "http://a\u{ff1a}b/", "http://a\u{3002}b/", "http://\u{ff03}/", "http://example.com\u{ff03}@bing.com", "http://www.python.org:\u{ff18}\u{ff10}/", "http://\u{2100}:\u{2100}@\u{2100}/", "http://user:p\u{ff03}w@host", "http://exa\u{ad}mple.com/", "http://\u{130}.example/", "http://\u{212a}.example/"],
    },
    Hostile {
        why: "parser confusion: the three-host URL",
        inputs: &["http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "http://1.1.1.1 &@2.2.2.2?# @3.3.3.3/", "http://a@b@c/", "http://a#@b/", "http://a?@b/", "http://user:pass:extra@host/", "http://:@/", "http://@/", "http://a@/", "http://@@@/"],
    },
    Hostile {
        why: "backslash and slash confusion",
        inputs: &["http://evil.com\\@good.com/", "http:\\\\evil.com", "http:/\\evil.com", "/\\evil.com", "\\\\evil.com", "https://good.com\\.evil.com/", "http://a\\b/c", "\\/\\/evil.com", "http:///evil.com", "http:////evil.com", "///evil.com/", "//evil.com/", "http:evil.com", "http:/evil.com"],
    },
    Hostile {
        why: "brackets: IP literals, unmatched brackets, zone IDs",
        inputs: &["http://[::1]/", "http://[::1", "http://::1]/", "http://[::1]x/", "http://x[::1]/", "http://prefix.[v1.example]/", "http://[v1.example]/", "http://[v1.example]suffix/", "http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/", "http://[fe80::1%25%00]/", "http://[fe80::1%]/", "http://[fe80::1%25eth0%5D]/", "http://[fe80::1%25 ]/", "http://[fe80::1%25\u{e9}]/", "http://[::ffff:1.2.3.4]/", "http://[::1]:80/", "http://[::1]:/", "http://[]/", "http://[v]/", "http://[vx.y]/", "http://[:]/", "http://[0::0::0]/", "http://[::1]]/", "http://[[::1]]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[::1.2.3.4.5]/", "http://u@[::1]:81/", "http://[::1]@h/", "http://[v1.x]:80/", "http://[V1.x]/", "http://[v.x]/", "http://[vz.x]/", "[::1]", "//[::1", "http://]/", "http://[/"],
    },
    Hostile {
        why: "ports: signs, hex, spaces, non-ASCII digits, huge numbers",
        inputs: &["http://a:-1/", "http://a:0x10/", "http://a: 1/", "http://a:1 /", "http://a:\u{967}\u{968}/", "http://a:\u{661}/", "http://a:\u{ff11}/", "http://a:99999999999999999999/", "http://a:65535/", "http://a:65536/", "http://a:0/", "http://a:+1/", "http://a:1_0/", "http://a:/", "http://a:00080/", "http://a:-0/", "http://a:1e3/", "http://[::1]:-1/", "http://a:\u{b2}/", "http://a:8:9/", "http://a:80:/", "http://a::80/", "http://a:\t80/"],
    },
    Hostile {
        why: "odd forms",
        inputs: &["scheme:/..///bar", "//a/..///bar", "http:", "http:/", "http://", "http:///", "///x", "//", ":", "a:b", "path:80", "1:2", "HTTP://A/B", "mailto:", "javascript:alert(1)", "file:////x", "x:/..//", "http:?#", "http://a/b?c#d#e", "?", "#", "", ";", "http://a/b;p;q?x", "a/b/../../../c", "/../", "../../..", "./:x", "http://a%00b/", "http://a b/", "http://%41/", "data:text/plain,%zz", "s3://bucket/key?x", "git+ssh://u@h/p", "http://a/%2e%2e/b", "http://a/b/%2e/c", "-:x", "+a:b", "a+:b", "a-1.2:x", "http\u{e9}://a/", "\u{e9}:x"],
    },
    Hostile {
        why: "query strings",
        inputs: &["a=1&b=2", "a=1;b=2", "&&", "=", "a=%zz", "%ff=%fe", "a+b=c+d", "a=1&a=2", "&a&=b&", "a=\u{e9}&\u{e9}=a", "a=%e9", "%=%", "a=b=c", "a", "%2", "%%%", "+", "a=%00&b=%0a", "k=v#frag"],
    },
    Hostile {
        why: "non-ASCII text",
        inputs: &["http://\u{4f8b}\u{3048}.jp/\u{30d1}\u{30b9}?\u{30af}\u{30a8}\u{30ea}#\u{30d5}\u{30e9}\u{30b0}", "http://\u{e9}@x/", "http://x/\u{10ffff}", "http://x/\u{feff}", "http://x/\u{200b}", "\u{d7ff}"],
    },
];

/// Every hostile input, in the order of the file.
pub fn inputs() -> impl Iterator<Item = &'static str> {
    HOSTILE.iter().flat_map(|h| h.inputs.iter().copied())
}
