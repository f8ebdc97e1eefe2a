//! Unit tests of `kinds`.

use super::*;

#[test]
fn kinds_read_and_print_back() {
    for name in [
        "urlsplit",
        "urlsplit.port",
        "urlparse.*",
        "neturl.parse_url",
    ] {
        assert_eq!(name.parse::<CallKind>().unwrap().to_string(), name);
    }
    for bad in ["quote", "urlsplit.nope", "unwrap.*", "urljoin.port", ""] {
        assert!(bad.parse::<CallKind>().is_err(), "{bad}");
    }
}
