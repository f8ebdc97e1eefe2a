//! Differential test: `urlsyntax calls` against Ocamlnet 4.1.9's Neturl.
//!
//! A seeded generator writes neturl.* calls over every function of the
//! protocol (valid URLs of every common scheme and hostile ones); the OCaml
//! answerer in `tests/oracles/neturl/` and our binary answer them, and every
//! answer must agree. Without the OCaml toolchain the test is skipped, except
//! under `CI=true`, where it fails.

#[path = "../../tests/differential/common.rs"]
mod common;

#[path = "support/neturl_pieces.rs"]
mod neturl_pieces;

#[path = "support/neturl_calls.rs"]
mod neturl_calls;

use neturl_calls::generate;

#[test]
fn neturl_agrees_with_ocamlnet() {
    let Some(oracle) = common::ocamlnet_answerer() else {
        return;
    };
    // NETURL_SEED and NETURL_CALLS explore beyond the fixed run.
    let seed = std::env::var("NETURL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_0004);
    let n = std::env::var("NETURL_CALLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24_000);
    let calls = generate(seed, n);
    if let Ok(path) = std::env::var("NETURL_DUMP_CALLS") {
        std::fs::write(path, calls.join("\n") + "\n").expect("dump calls");
    }
    let input = calls.join("\n") + "\n";
    let expected = common::run(&oracle, &[], input.as_bytes());
    let actual = common::run(
        std::path::Path::new(env!("CARGO_BIN_EXE_urlsyntax")),
        &["calls"],
        input.as_bytes(),
    );
    let agree = common::assert_agree("neturl calls vs Ocamlnet 4.1.9", &input, &expected, &actual);
    assert!(agree >= 24_000 || n < 24_000);
}
