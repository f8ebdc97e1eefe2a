//! The user's corpus: each line (a URL) through each chosen function.

use std::io::BufRead;
use std::path::Path;

use serde_json::Value as Json;
use urlsyntax::fuzzing::CallGenerator;
use urlsyntax_cli::calls::generate::call_json;

use crate::cmd::{chomp, decode_line};

/// Each line of `path` (a URL) through each chosen function that takes a
/// URL. A line that is not UTF-8 is an error naming it.
pub fn corpus_calls(generator: &CallGenerator, path: &Path) -> Result<Vec<Json>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = std::io::BufReader::new(file);
    let mut calls = Vec::new();
    let mut line = Vec::new();
    let mut n = 0u64;
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => n += 1,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
        let url =
            decode_line(chomp(&line)).map_err(|e| format!("{}: line {n}: {e}", path.display()))?;
        for kind in generator.kinds() {
            if let Some(call) = generator.call_with_url(*kind, &url) {
                calls.push(call_json(&call));
            }
        }
    }
    Ok(calls)
}
