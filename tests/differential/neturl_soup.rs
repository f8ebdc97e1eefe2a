//! Differential test of every `neturl.*` call on unstructured input
//! (`tests/gen/neturl_soup_calls.py`) against the real Ocamlnet 4.1.9.

#[path = "common.rs"]
mod common;

use std::path::Path;

use common::*;

#[test]
fn neturl_soup_agrees_with_ocamlnet() {
    let Some(answerer) = ocamlnet_answerer() else {
        return;
    };
    let Some(python) = cpython("3.13.0") else {
        return;
    };
    let calls = generate(&python, "tests/gen/neturl_soup_calls.py", &["7", "30000"]);
    let want = run(&answerer, &[], calls.as_bytes());
    let got = run(
        Path::new(env!("CARGO_BIN_EXE_urlsyntax")),
        &["calls"],
        calls.as_bytes(),
    );
    let agree = assert_agree("neturl soup vs Ocamlnet 4.1.9", &calls, &want, &got);
    assert!(agree >= 30000);
}
