//! The examples of `docs/cli.md` are real: every `$ urlsyntax ...` line of
//! its `console` blocks is run (by bash, in a temporary folder, with the
//! built binary first on the PATH) and must print what the page shows.
//! A block may end its expected output with a line `...` (only the lines
//! before it are compared); timings (`0.00 s`) are not compared.

use std::path::Path;
use std::process::Command;

fn without_timings(s: &str) -> String {
    s.lines()
        .map(|l| match l.rfind(", ") {
            Some(i) if l.ends_with(" s") && l.starts_with("urlsyntax ") => {
                format!("{}, T s", &l[..i])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_examples_of_docs_cli_md_print_what_they_show() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/cli.md"))
        .expect("docs/cli.md");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_urlsyntax")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    let mut examples = 0;
    let mut bad = Vec::new();
    for block in doc.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap_or("");
        let lines: Vec<&str> = block.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let Some(cmd) = lines[i].strip_prefix("$ ") else {
                i += 1;
                continue;
            };
            let mut j = i + 1;
            while j < lines.len() && !lines[j].starts_with("$ ") {
                j += 1;
            }
            let expected = &lines[i + 1..j];
            i = j;
            let out = Command::new("bash")
                .args(["-c", &format!("({cmd}) 2>&1")])
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .current_dir(dir.path())
                .output()
                .expect("bash");
            let got = String::from_utf8_lossy(&out.stdout).into_owned();
            let (want, got) = match expected.iter().position(|l| *l == "...") {
                Some(k) => (
                    expected[..k].join("\n"),
                    got.lines().take(k).collect::<Vec<_>>().join("\n"),
                ),
                None => (expected.join("\n"), got.trim_end_matches('\n').to_string()),
            };
            examples += 1;
            if without_timings(&want) != without_timings(&got) {
                bad.push(format!(
                    "$ {cmd}\n--- the page shows:\n{want}\n--- it prints:\n{got}"
                ));
            }
        }
    }
    assert!(examples >= 20, "only {examples} examples found");
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}
