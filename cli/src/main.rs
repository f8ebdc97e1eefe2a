//! The `urlsyntax` command line.
//!
//! Every subcommand is described in `docs/cli.md`. Exit codes: 0 when all
//! went well, 1 when some input failed (a URL that raises where an answer
//! was asked for, an invalid URL for `check`, an unreadable file), 2 for a
//! usage error. Data goes to stdout, messages to stderr.

mod cmd;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use urlsyntax::urllib::Profile;
use urlsyntax_cli::calls;
use urlsyntax_cli::interpreter::{self, Python};

const EXAMPLES: &str = "\
Examples:
  urlsyntax explain 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/'
  urlsyntax split --format csv urls.txt > urls.csv
  urlsyntax parse --python 3.9 < urls.txt
  urlsyntax join http://a/b/c/d ../g g?y '#s'
  urlsyntax qs --keep-blank-values 'a=1&b=&c'
  urlsyntax quote --safe '' 'a b/c'
  urlsyntax encode '{\"q\": \"El Niño\", \"n\": 1}'
  urlsyntax check 'http://h:80/p' 'mailto:x@y'
  urlsyntax diff --python 3.13 --fn urlsplit -- python3 my_adapter.py

Exit codes: 0 ok, 1 some input failed, 2 usage error.";

#[derive(Parser)]
#[command(
    name = "urlsyntax",
    version,
    about = "URLs read exactly as CPython's urllib.parse reads them (3.6 to 3.15), \
             checked as Ocamlnet's Neturl checks them, and compared with WHATWG and RFC 3986 readers.",
    after_help = EXAMPLES,
    arg_required_else_help = true,
    args_override_self = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `--python V` or `--profile-file FILE`: the CPython whose behaviour to
/// reproduce.
#[derive(Args, Clone, Copy)]
pub struct PythonArg {
    /// CPython release to answer as: an exact release (verified against
    /// its interpreter, or composed from the fixes of its changelog; see
    /// `urlsyntax profile list`), a minor version (3.6 ... 3.15: that
    /// line's newest), or the path of an interpreter (any value holding a
    /// `/`: /usr/bin/python3), answered through the profile derived by
    /// probing it (checked on a sample of calls, then cached).
    #[arg(long, value_name = "V", value_parser = interpreter::parse_python,
          default_value = Profile::default().release())]
    python: Python,
    /// Answer as the profile in FILE, written by `urlsyntax profile derive`
    /// (in place of --python).
    #[arg(long, value_name = "FILE", value_parser = interpreter::load_profile_file,
          conflicts_with = "python")]
    profile_file: Option<Python>,
}

impl PythonArg {
    /// The CPython chosen.
    pub fn get(&self) -> Python {
        self.profile_file.unwrap_or(self.python)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Show side by side how CPython 3.6-3.15, Neturl, WHATWG and RFC 3986 read each URL.
    #[command(after_help = "\
Rows marked '*' are fields where the readers disagree (blank: the reader has no such field).
The URLs are the arguments, or the lines of stdin when there are none.

Exit codes: 0 when the readers agree on every URL, 1 when they disagree on
some (or a line of stdin is not UTF-8), 2 usage.

Examples:
  urlsyntax explain 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/'
  urlsyntax explain --format json 'http://[::1]:8080/a;b?c#d' | jq .
  urlsyntax explain --format jsonl --readers cpython-3.9,cpython-3.15 < urls.txt")]
    Explain(cmd::explain::ExplainArgs),

    /// urlsplit every line: one record a line (JSON lines, CSV or TSV).
    #[command(after_help = cmd::split::AFTER_HELP)]
    Split(cmd::split::SplitArgs),

    /// urlparse every line (split, plus the params of the last path segment).
    #[command(after_help = cmd::split::AFTER_HELP)]
    Parse(cmd::split::SplitArgs),

    /// urljoin(BASE, URL) for each URL.
    #[command(after_help = "\
Example:
  urlsyntax join http://a/b/c/d ../g g?y '#s'
prints
  http://a/b/g
  http://a/b/c/g?y
  http://a/b/c/d#s")]
    Join(cmd::misc::JoinArgs),

    /// urldefrag: the URL without its fragment, a tab, the fragment.
    #[command(after_help = "\
Example:
  urlsyntax defrag 'http://a/b#frag'     # http://a/b<TAB>frag
  urlsyntax defrag --format json 'http://a/b#frag'")]
    Defrag(cmd::misc::DefragArgs),

    /// unwrap: '<URL:http://a/>' becomes 'http://a/'.
    #[command(after_help = "Example:\n  urlsyntax unwrap '<URL:http://a/b>'")]
    Unwrap(cmd::misc::UnwrapArgs),

    /// parse_qsl as JSON: one array of [name, value] pairs a query.
    #[command(after_help = "\
Examples:
  urlsyntax qs 'a=1&b=El+Ni%C3%B1o&c'              # [[\"a\",\"1\"],[\"b\",\"El Niño\"]]
  urlsyntax qs --keep-blank-values --separator ';' 'a=;b'
  urlsyntax qs --dict 'a=1&a=2'                    # {\"a\":[\"1\",\"2\"]}")]
    Qs(cmd::misc::QsArgs),

    /// quote (or quote_plus) each string.
    #[command(after_help = "\
Examples:
  urlsyntax quote '/El Niño/'                  # /El%20Ni%C3%B1o/
  urlsyntax quote --plus 'a b&c'               # a+b%26c
  urlsyntax quote --safe '' --encoding latin-1 'é/'")]
    Quote(cmd::misc::QuoteArgs),

    /// unquote (or unquote_plus) each string.
    #[command(after_help = "\
Examples:
  urlsyntax unquote '/El%20Ni%C3%B1o/'         # /El Niño/
  urlsyntax unquote --plus 'a+b%26c'           # a b&c
  urlsyntax unquote --encoding latin-1 '%E9'   # é")]
    Unquote(cmd::misc::UnquoteArgs),

    /// urlencode a JSON object or array of pairs into a query string.
    #[command(after_help = "\
Examples:
  urlsyntax encode '{\"q\": \"El Niño\", \"n\": 1}'            # q=El+Ni%C3%B1o&n=1
  urlsyntax encode --doseq '[[\"k\", [\"x y\", 7]]]' --quote-via quote   # k=x%20y&k=7
  echo '{\"a\": \"b c\"}' | urlsyntax encode")]
    Encode(cmd::misc::EncodeArgs),

    /// Check URLs as Neturl's parse_url does: which part fails and why.
    #[command(after_help = cmd::check::AFTER_HELP)]
    Check(cmd::check::CheckArgs),

    /// The conformance-calls line protocol: one JSON call a line on stdin,
    /// one JSON answer a line on stdout.
    Calls(CallsArgs),

    /// Differential testing of any program that answers the calls
    /// protocol, against a CPython release or Neturl.
    #[command(after_help = cmd::diff::AFTER_HELP)]
    Diff(cmd::diff::DiffArgs),

    /// Derive a profile from an interpreter, or list the named releases.
    #[command(
        subcommand,
        after_help = "\
Examples:
  urlsyntax profile derive /usr/bin/python3 > server.json
  urlsyntax calls --profile-file server.json < calls.jsonl
  urlsyntax profile list"
    )]
    Profile(cmd::profile::ProfileCommand),

    /// Print Neturl's common scheme table, in the notation --scheme-table reads.
    #[command(after_help = "\
Example:
  urlsyntax schemes > table.txt   # edit, then: urlsyntax check --scheme-table-only --scheme-table table.txt URL")]
    Schemes(cmd::meta::SchemesArgs),

    /// Print shell completions (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "\
Example:
  urlsyntax completions bash > ~/.local/share/bash-completion/completions/urlsyntax")]
    Completions(cmd::meta::CompletionsArgs),

    /// Print the man page (roff).
    #[command(after_help = "Example:\n  urlsyntax man > urlsyntax.1 && man ./urlsyntax.1")]
    Man,
}

#[derive(Args)]
struct CallsArgs {
    #[command(flatten)]
    python: PythonArg,
    /// Add each error's message to its answer.
    #[arg(long)]
    messages: bool,
}

/// `--format` of the commands that print one answer per input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    /// Plain text, one answer a line.
    Text,
    /// JSON, one answer a line.
    Json,
}

/// Inputs given as arguments, or the lines of stdin when there are none.
#[derive(Args)]
pub struct Inputs {
    /// The inputs (the lines of stdin when none are given).
    #[arg(value_name = "INPUT")]
    pub items: Vec<String>,
}

/// A file argument; `-` is stdin.
pub type FileArg = PathBuf;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    match cli.command {
        Command::Calls(a) => match calls::run(
            std::io::stdin().lock(),
            std::io::stdout().lock(),
            a.python.get().behaviour,
            a.messages,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("urlsyntax calls: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Explain(a) => cmd::explain::run(a),
        Command::Split(a) => cmd::split::run(a, false),
        Command::Parse(a) => cmd::split::run(a, true),
        Command::Join(a) => cmd::misc::join(a),
        Command::Defrag(a) => cmd::misc::defrag(a),
        Command::Unwrap(a) => cmd::misc::unwrap(a),
        Command::Qs(a) => cmd::misc::qs(a),
        Command::Quote(a) => cmd::misc::quote(a),
        Command::Unquote(a) => cmd::misc::unquote(a),
        Command::Encode(a) => cmd::misc::encode(a),
        Command::Check(a) => cmd::check::run(a),
        Command::Diff(a) => cmd::diff::run(a),
        Command::Schemes(a) => cmd::meta::schemes(a),
        Command::Profile(c) => cmd::profile::run(c),
        Command::Completions(a) => cmd::meta::completions(a, Cli::command()),
        Command::Man => cmd::meta::man(Cli::command()),
    }
}
