//! `urlsyntax check`: Neturl's `parse_url`, saying which part fails and why.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use urlsyntax::neturl::{self, ParseOptions, SchemeTable};
use urlsyntax_explain::{check_json, check_text};

use super::inputs;
use crate::TextOrJson;

pub const AFTER_HELP: &str = "\
Each URL is read as Ocamlnet's Neturl.parse_url reads it: the syntax of its
scheme comes from the scheme table: the common table ('urlsyntax schemes'
prints it), extended by --scheme-table FILE, or replaced by it with
--scheme-table-only. FILE is written in the same notation: one scheme a line,
'part' required, 'part?' allowed, absent not recognized. A scheme name holds
letters, '+', '-' and '.' only: Neturl never reads digits in a scheme.
Valid URLs are printed with their parts; for an invalid one, the part at
fault and why.

Exit codes: 0 when every URL is valid, 1 when some is not, 2 usage (also a
scheme table that cannot be read).

Examples:
  urlsyntax check 'http://user@h:8080/a?b' 'http://h:99999/'
  urlsyntax check --base http 'a/b?c'
  printf 'foo scheme host path?\\n' > t.txt && urlsyntax check --scheme-table t.txt foo://h/x";

#[derive(Args)]
pub struct CheckArgs {
    /// Schemes to add to the common table, or to replace its lines of the
    /// same name (notation of grammar/schemes.txt; `urlsyntax schemes`
    /// prints the common table).
    #[arg(long, value_name = "FILE")]
    scheme_table: Option<PathBuf>,
    /// Use only the schemes of --scheme-table, not the common table.
    #[arg(long, requires = "scheme_table")]
    scheme_table_only: bool,
    /// Read relative URLs with the (partial) syntax of this scheme.
    #[arg(long, value_name = "SCHEME")]
    base: Option<String>,
    /// Accept bytes 128-255 whatever the syntax says.
    #[arg(long)]
    accept_8bits: bool,
    /// Recognize fragments whatever the syntax says.
    #[arg(long)]
    enable_fragment: bool,
    /// text: one line a URL; json: one JSON object a line.
    #[arg(long, short, value_enum, default_value = "text")]
    format: TextOrJson,
    /// The URLs (the lines of stdin when none).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

pub fn run(a: CheckArgs) -> ExitCode {
    let table = match &a.scheme_table {
        None => SchemeTable::common().clone(),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("urlsyntax check: {}: {e}", path.display());
                    return ExitCode::from(2);
                }
            };
            let mut t = if a.scheme_table_only {
                SchemeTable::new()
            } else {
                SchemeTable::common().clone()
            };
            if let Err(e) = t.extend(&text) {
                eprintln!("urlsyntax check: {}: {e}", path.display());
                return ExitCode::from(2);
            }
            t
        }
    };
    let base = match &a.base {
        None => None,
        Some(s) => match table.get(s) {
            Some(syn) => Some(*syn),
            None => {
                eprintln!("urlsyntax check: --base {s}: no such scheme in the table");
                return ExitCode::from(2);
            }
        },
    };
    let opts = ParseOptions {
        schemes: Some(&table),
        base_syntax: base.as_ref(),
        accept_8bits: a.accept_8bits,
        enable_fragment: a.enable_fragment,
    };
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for item in inputs(a.urls) {
        let url = match item {
            Ok(u) => u,
            Err(e) => {
                eprintln!("urlsyntax check: {e}");
                failed = true;
                continue;
            }
        };
        let result = neturl::parse_url(&url, &opts);
        failed |= result.is_err();
        let line = match a.format {
            TextOrJson::Text => check_text(&url, &result),
            TextOrJson::Json => check_json(&url, &result).to_string(),
        };
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
