//! `urlsyntax profile`: derive a profile from an interpreter (JSON a Rust
//! program, a Spark job or `--profile-file` reads), or list the named
//! releases.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use urlsyntax::urllib::Profile;
use urlsyntax_cli::interpreter;

#[derive(Subcommand)]
pub enum ProfileCommand {
    /// Probe the interpreter at PATH, check the derived profile on a
    /// sample of generated calls, and print it as JSON.
    Derive {
        /// The interpreter (`/usr/bin/python3`).
        path: PathBuf,
        /// Write the JSON to FILE instead of stdout.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// The named releases, one a line: the release, `verified` or
    /// `composed from` its base and fixes.
    List,
}

pub fn run(command: ProfileCommand) -> ExitCode {
    match command {
        ProfileCommand::Derive { path, output } => derive(&path, output),
        ProfileCommand::List => {
            for p in Profile::ALL {
                match p.composed_from() {
                    None => println!("{}\tverified", p.release()),
                    Some((base, fixes)) => {
                        let issues: Vec<&str> = fixes.iter().map(|f| f.issue).collect();
                        println!(
                            "{}\tcomposed from {} + {}",
                            p.release(),
                            base.release(),
                            issues.join(" + ")
                        );
                    }
                }
            }
            ExitCode::SUCCESS
        }
    }
}

fn derive(path: &std::path::Path, output: Option<PathBuf>) -> ExitCode {
    let derived = match interpreter::interpreter(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("urlsyntax profile derive: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!("{}", derived.label());
    let json = match serde_json::to_string_pretty(&derived) {
        Ok(j) => j + "\n",
        Err(e) => {
            eprintln!("urlsyntax profile derive: {e}");
            return ExitCode::FAILURE;
        }
    };
    let written = match &output {
        Some(file) => std::fs::write(file, json),
        None => {
            use std::io::Write;
            std::io::stdout().write_all(json.as_bytes())
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("urlsyntax profile derive: {e}");
            ExitCode::FAILURE
        }
    }
}
