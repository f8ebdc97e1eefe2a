//! Unit tests of `ipaddress`.

use super::*;

#[test]
fn ipv6_like_python() {
    for ok in [
        "::1",
        "::",
        "1::",
        "1:2:3:4:5:6:7:8",
        "::ffff:1.2.3.4",
        "fe80::1%eth0",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
    ] {
        assert!(is_python_ipv6(ok), "{ok}");
    }
    for bad in [
        "",
        ":",
        "1:2",
        ":::",
        "1:::2",
        "1::2::3",
        ":1::2",
        "1::2:",
        "1:2:3:4:5:6:7:8:9",
        "::1%",
        "::1%a%b",
        "12345::",
        "g::",
        "::1.2.3.04",
        "1:2:3:4:5:6:7:1.2.3.4",
        "::1/2",
        "1:2:3:4:5:6:7::8",
    ] {
        assert!(!is_python_ipv6(bad), "{bad}");
    }
}

#[test]
fn ipv4_like_python() {
    assert!(is_python_ipv4("0.0.0.0"));
    assert!(!is_python_ipv4("01.0.0.0"));
    assert!(!is_python_ipv4("256.0.0.0"));
    assert!(!is_python_ipv4("1.2.3"));
    assert!(!is_python_ipv4("١.2.3.4"));
}

#[test]
fn ipvfuture() {
    for capital_v in [false, true] {
        assert!(check_bracketed_host("v1.x", capital_v).is_ok());
        assert!(check_bracketed_host("v1.", capital_v).is_err());
        assert!(check_bracketed_host("v.x", capital_v).is_err());
    }
    assert!(check_bracketed_host("V1.x", false).is_err());
    assert!(check_bracketed_host("V1.x", true).is_ok());
    assert!(check_bracketed_host("V.x", true).is_err());
}
