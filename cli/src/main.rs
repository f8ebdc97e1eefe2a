//! The `urlsyntax` command line.

use urlsyntax_cli::calls;

use std::process::ExitCode;

use urlsyntax::urllib::Profile;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("calls") => {
            let mut profile = Profile::default();
            let mut messages = false;
            let mut rest = args[1..].iter();
            while let Some(a) = rest.next() {
                if a == "--messages" {
                    messages = true;
                    continue;
                }
                let v = if a == "--python" {
                    rest.next().cloned()
                } else {
                    a.strip_prefix("--python=").map(str::to_string)
                };
                match v.as_deref().and_then(Profile::from_version) {
                    Some(p) => profile = p,
                    None => {
                        eprintln!("urlsyntax calls: unknown option or Python version: {a}");
                        return ExitCode::from(2);
                    }
                }
            }
            match calls::run(
                std::io::stdin().lock(),
                std::io::stdout().lock(),
                profile,
                messages,
            ) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("urlsyntax calls: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: urlsyntax calls [--python 3.9|3.10|3.11|3.12|3.13] < calls.jsonl");
            ExitCode::from(2)
        }
    }
}
