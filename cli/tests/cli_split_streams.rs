//! `urlsyntax split` streams: a file far larger than the memory it may use
//! goes through with the peak resident size bounded (Linux: the child's
//! `VmHWM`, read just before its input ends).
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread;

/// The child's peak resident set, in KiB.
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn split_of_a_large_input_runs_in_bounded_memory() {
    const INPUT_MIB: usize = 256;
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlsyntax"))
        .args(["split", "--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut total = 0u64;
        loop {
            match stdout.read(&mut buf).unwrap() {
                0 => return total,
                n => total += n as u64,
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let line = b"https://user@www.example.com:8080/a/b/c.html?q=1&r=two#frag\n";
    let block: Vec<u8> = line
        .iter()
        .copied()
        .cycle()
        .take(line.len() * 16384)
        .collect();
    let mut written = 0;
    while written < INPUT_MIB << 20 {
        stdin.write_all(&block).unwrap();
        written += block.len();
    }
    stdin.flush().unwrap();
    let peak = peak_rss_kib(child.id());
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let out = reader.join().unwrap();
    // Every line answered (the JSON record is longer than the line)...
    assert!(out > written as u64, "{out} bytes out for {written} in");
    // ...in a fraction of the input's size.
    assert!(
        peak < 64 * 1024,
        "peak RSS {peak} KiB for {INPUT_MIB} MiB of input"
    );
}
