//! `urlsyntax split` and `urlsyntax parse`: their records, formats,
//! inputs and order, read back with real parsers.

#[path = "support/cli.rs"]
mod cli;

use cli::*;
use serde_json::{json, Value as Json};

const TRICKY: &[u8] = b"http://a/b?c#d\r\n\
http://[::1\n\
http://h:x/\n\
\xff\xfeabc\n\
HTTP://u:p@Host:80/p;q?x\n\
\n\
a,\"b\"\tc\n\
last";

#[test]
fn split_jsonl_records() {
    let f = temp_file(TRICKY);
    let (code, out, err) = run(&["split", f.path().to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    let recs = jsonl(&out);
    assert_eq!(recs.len(), 8);
    for (i, r) in recs.iter().enumerate() {
        assert_eq!(r["line"], i as u64 + 1);
        let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "line", "url", "scheme", "netloc", "path", "query", "fragment", "username",
                "password", "hostname", "port", "error"
            ]
        );
    }
    assert_eq!(
        recs[0],
        json!({"line": 1, "url": "http://a/b?c#d", "scheme": "http", "netloc": "a", "path": "/b",
               "query": "c", "fragment": "d", "username": null, "password": null,
               "hostname": "a", "port": null, "error": null})
    );
    assert_eq!(recs[1]["error"], "ValueError: Invalid IPv6 URL");
    assert_eq!(recs[1]["scheme"], Json::Null);
    // The port raises, the other fields stay.
    assert_eq!(recs[2]["netloc"], "h:x");
    assert_eq!(
        recs[2]["error"],
        "ValueError: Port could not be cast to integer value as 'x'"
    );
    assert_eq!(
        recs[3]["error"],
        "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    );
    assert_eq!(recs[3]["line"], 4);
    assert_eq!(recs[4]["port"], 80);
    assert_eq!(recs[4]["hostname"], "host");
    assert_eq!(recs[4]["path"], "/p;q");
    assert_eq!(recs[5]["path"], "");
    assert_eq!(recs[7]["path"], "last");
    assert!(
        err.starts_with("urlsyntax split: 8 lines, 3 errors, "),
        "{err}"
    );
    assert!(err.trim_end().ends_with(" s"));
    assert_eq!(err.lines().count(), 1, "no progress bar off a terminal");
}

#[test]
fn parse_adds_params_and_reads_stdin() {
    let (code, out, _) = run(&["parse", "-q"], TRICKY);
    assert_eq!(code, 0);
    let recs = jsonl(&out);
    assert_eq!(recs[4]["path"], "/p");
    assert_eq!(recs[4]["params"], "q");
    assert_eq!(recs[0]["params"], "");
    let (_, dash, err) = run(&["parse", "--quiet", "-"], TRICKY);
    assert_eq!(dash, out);
    assert!(err.is_empty(), "--quiet: {err}");
}

fn read_delimited(out: &str, delimiter: u8) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .from_reader(out.as_bytes());
    let header = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows = r
        .records()
        .map(|x| x.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

#[test]
fn csv_and_tsv_parse_back_to_the_jsonl_values() {
    let f = temp_file(TRICKY);
    let path = f.path().to_str().unwrap();
    for command in ["split", "parse"] {
        let recs = jsonl(&ok(&[command, "-q", path]));
        for (format, delimiter) in [("csv", b','), ("tsv", b'\t')] {
            let out = ok(&[command, "-q", "--format", format, path]);
            let (header, rows) = read_delimited(&out, delimiter);
            let keys: Vec<String> = recs[0].as_object().unwrap().keys().cloned().collect();
            assert_eq!(header, keys, "{command} {format}");
            assert_eq!(rows.len(), recs.len());
            for (row, rec) in rows.iter().zip(&recs) {
                for (cell, key) in row.iter().zip(&keys) {
                    let want = match &rec[key] {
                        Json::Null => String::new(),
                        Json::String(s) => s.clone(),
                        v => v.to_string(),
                    };
                    assert_eq!(cell, &want, "{command} {format} {key} of {rec}");
                }
            }
        }
    }
}

#[test]
fn split_answers_per_python_release() {
    let input = b"1http://a/\nhttp://[v1.x]/\n";
    let old = jsonl(&ok_stdin(&["split", "-q", "--python", "3.10"], input));
    let new = jsonl(&ok_stdin(&["split", "-q", "--python", "3.11"], input));
    // 3.11 requires a scheme to start with a letter (gh-99418).
    assert_eq!(old[0]["scheme"], "1http");
    assert_eq!(new[0]["scheme"], "");
    assert_eq!(old[1]["hostname"], "v1.x");
    assert_eq!(new[1]["hostname"], "v1.x");
}

#[test]
fn a_missing_file_fails_but_the_others_are_read() {
    let f = temp_file(b"http://a/\n");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    let (code, out, err) = run(
        &[
            "split",
            missing.to_str().unwrap(),
            f.path().to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(jsonl(&out).len(), 1);
    assert!(err.contains("missing.txt"), "{err}");
    assert!(err.contains("1 lines, 0 errors"), "{err}");
}

#[test]
fn large_inputs_keep_their_order() {
    let mut input = Vec::new();
    for i in 0..120_000u32 {
        if i % 997 == 0 {
            input.extend_from_slice(b"http://[broken\xff/\n");
        } else {
            input.extend_from_slice(
                format!("http://h{i}.example:{}/p{i}?q={i}\n", i % 65_536).as_bytes(),
            );
        }
    }
    let f = temp_file(&input);
    let out = ok(&["split", "-q", "-j", "2", f.path().to_str().unwrap()]);
    let recs = jsonl(&out);
    assert_eq!(recs.len(), 120_000);
    for (i, r) in recs.iter().enumerate() {
        assert_eq!(r["line"], i as u64 + 1);
        if i % 997 == 0 {
            assert!(r["error"]
                .as_str()
                .unwrap()
                .starts_with("UnicodeDecodeError"));
        } else {
            assert_eq!(r["hostname"], format!("h{i}.example"));
            assert_eq!(r["port"], (i as u64) % 65_536);
        }
    }
}
