//! `urlsyntax` on a terminal: the command runs in a pseudo-terminal, its
//! output is played on a virtual screen (vt100), and the test reads the
//! screen as a person would see it.

use std::io::Read;
use std::sync::mpsc;
use std::time::Duration;

use portable_pty::{native_pty_system, CommandBuilder, PtySize};

const ROWS: u16 = 50;
const COLS: u16 = 160;

/// Runs `program args` on a fresh terminal; the raw bytes it drew.
fn on_terminal(program: &str, args: &[&str]) -> Vec<u8> {
    let pty = native_pty_system();
    let pair = pty
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("open a pseudo-terminal");
    let mut cmd = CommandBuilder::new(program);
    cmd.args(args);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    let mut child = pair.slave.spawn_command(cmd).expect("spawn");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        // The master reports EIO once the child has gone: that is the end.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        let _ = tx.send(all);
    });
    let status = child.wait().expect("wait");
    // `explain` exits 1 when the readers disagree, as they do here.
    let disagreement = args.first() == Some(&"explain") && status.exit_code() == 1;
    assert!(
        status.success() || disagreement,
        "{program} {args:?}: {status:?}"
    );
    drop(pair.master);
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the terminal's output")
}

fn screen(bytes: &[u8]) -> vt100::Parser {
    let mut p = vt100::Parser::new(ROWS, COLS, 0);
    p.process(bytes);
    p
}

#[test]
fn explain_draws_a_table_with_the_disagreements_colored() {
    let url = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";
    let raw = on_terminal(env!("CARGO_BIN_EXE_urlsyntax"), &["explain", url]);
    let parser = screen(&raw);
    let s = parser.screen();
    let text = s.contents();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], url, "{text}");
    for col in [
        "CPython 3.6.15-3.15.2",
        "Neturl",
        "WHATWG (url)",
        "RFC 3986 (strict)",
    ] {
        assert!(rows[1].contains(col), "{col} missing:\n{text}");
    }
    let row = |name: &str| -> (usize, &str) {
        rows.iter()
            .enumerate()
            .find(|(_, r)| {
                r.get(2..)
                    .is_some_and(|r| r.starts_with(&format!("{name} ")))
            })
            .map(|(i, r)| (i, *r))
            .unwrap_or_else(|| panic!("no {name} row on the screen:\n{text}"))
    };
    // CPython and WHATWG both see host 2.2.2.2; the user name differs.
    let (_, host) = row("hostname");
    assert_eq!(host.matches("\"2.2.2.2\"").count(), 2, "{text}");
    assert!(host.starts_with("  "), "{text}");
    let (user_row, user) = row("username");
    assert!(user.starts_with("* username"), "{text}");
    assert!(user.contains("\"1.1.1.1 &\"") && user.contains("\"1.1.1.1%20&\""));
    // The columns line up: each reader's cell starts under its header.
    let header = rows[1];
    let whatwg_col = header.find("WHATWG").unwrap();
    assert_eq!(user.find("\"1.1.1.1%20&\""), Some(whatwg_col), "{text}");
    // Disagreeing rows are drawn in bold yellow; agreeing ones plainly.
    let mark = s.cell(user_row as u16, 0).expect("a cell");
    assert_eq!(mark.contents(), "*");
    assert!(mark.bold());
    assert_eq!(mark.fgcolor(), vt100::Color::Idx(3));
    let (host_row, _) = row("hostname");
    let plain = s.cell(host_row as u16, 2).expect("a cell");
    assert!(!plain.bold());
    assert_eq!(plain.fgcolor(), vt100::Color::Default);
    assert!(text.contains("Neturl: Malformed_URL: host:"), "{text}");
    assert!(
        text.contains("* the readers disagree: result, username, path, fragment"),
        "{text}"
    );
}

#[test]
fn explain_on_a_terminal_honours_no_color_flag() {
    let raw = on_terminal(
        env!("CARGO_BIN_EXE_urlsyntax"),
        &["explain", "--color", "never", "http://a/"],
    );
    assert!(!raw.contains(&0x1b), "{:?}", String::from_utf8_lossy(&raw));
    let text = screen(&raw).screen().contents();
    assert!(text.contains("(all readers agree)") || text.contains("the readers disagree"));
}

#[test]
fn split_on_a_terminal_ends_with_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("urls.txt");
    let output = dir.path().join("out.jsonl");
    let mut urls = String::new();
    for i in 0..50_000 {
        urls.push_str(&format!("http://h{i}/p?q#f\n"));
    }
    std::fs::write(&input, urls).unwrap();
    // stderr is the terminal (progress bar and summary), stdout a file.
    let script = "exec \"$0\" split \"$1\" > \"$2\"";
    let raw = on_terminal(
        "sh",
        &[
            "-c",
            script,
            env!("CARGO_BIN_EXE_urlsyntax"),
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ],
    );
    let text = screen(&raw).screen().contents();
    let last = text.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
    assert!(
        last.starts_with("urlsyntax split: 50000 lines, 0 errors, "),
        "{text}"
    );
    let out = std::fs::read_to_string(&output).unwrap();
    assert_eq!(out.lines().count(), 50_000);
}
