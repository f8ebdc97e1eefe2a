//! `urlsyntax schemes`, `urlsyntax completions SHELL` and `urlsyntax man`:
//! the built-in scheme table, shell completions and the man page, all
//! printed to stdout.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use urlsyntax::neturl::SchemeTable;

/// `schemes`: the common table, in the notation `--scheme-table` reads.
#[derive(Args)]
pub struct SchemesArgs {}

/// `completions SHELL`.
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// The common scheme table as compiled in (`grammar/schemes.txt`).
pub fn schemes_text() -> &'static str {
    SchemeTable::common_notation()
}

fn print(text: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("urlsyntax: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn schemes(_: SchemesArgs) -> ExitCode {
    print(schemes_text().as_bytes())
}

pub fn completions(a: CompletionsArgs, mut cmd: clap::Command) -> ExitCode {
    let mut buf = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "urlsyntax", &mut buf);
    print(&buf)
}

pub fn man(cmd: clap::Command) -> ExitCode {
    let mut buf = Vec::new();
    if let Err(e) = clap_mangen::Man::new(cmd).render(&mut buf) {
        eprintln!("urlsyntax man: {e}");
        return ExitCode::FAILURE;
    }
    print(&buf)
}
