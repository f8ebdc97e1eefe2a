//! Unit tests of `kinds`.

use super::*;

#[test]
fn kinds_read_and_print_back() {
    for name in [
        "urlsplit",
        "urlsplit.port",
        "urlparse.*",
        "neturl.parse_url",
        "parse_qsl",
        "quote_from_bytes",
        "urlencode",
    ] {
        assert_eq!(name.parse::<CallKind>().unwrap().to_string(), name);
    }
    for bad in [
        "quote.safe",
        "urlencode.*",
        "parse_qs.port",
        "urlsplit.nope",
        "unwrap.*",
        "urljoin.port",
        "",
    ] {
        assert!(bad.parse::<CallKind>().is_err(), "{bad}");
    }
}
