//! The `calls` line protocol never panics: raw lines (any bytes), and
//! well-formed urllib and neturl calls under every profile, in process and
//! through `calls::run`, which must answer exactly one line per call line.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls::{answer_line, run};
use urlsyntax_fuzz::{neturl_call, urllib_call};

const PROFILES: [Profile; Profile::ALL.len()] = Profile::ALL;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let profile = PROFILES[sel as usize % PROFILES.len()];
    match sel >> 5 {
        // raw input lines through the whole protocol
        0 | 1 => {
            let mut out = Vec::new();
            run(rest, &mut out, profile, sel & 1 == 1).expect("writing to a Vec");
            let calls = rest
                .split(|&b| b == b'\n')
                .filter(|l| !String::from_utf8_lossy(l).trim().is_empty())
                .count();
            let answers = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
            assert_eq!(calls, answers, "one answer per call line");
            for a in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                serde_json::from_slice::<serde_json::Value>(a).expect("answers are JSON");
            }
        }
        // any text as a line
        2 => {
            if let Ok(s) = std::str::from_utf8(rest) {
                let _ = answer_line(s, profile).to_json();
            }
        }
        // well-formed calls
        _ => {
            let mut u = Unstructured::new(rest);
            let call = if sel & 1 == 0 {
                urllib_call(&mut u)
            } else {
                neturl_call(&mut u)
            };
            if let Ok(call) = call {
                let a = answer_line(&call.to_string(), profile);
                let _ = a.to_json_with(true);
            }
        }
    }
});
