//! [`Fix`]: what a composed profile adds to its line's verified release.

/// A fix a composed profile adds to the verified release of its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    /// The CPython issue, e.g. `"gh-105704"`.
    pub issue: &'static str,
    /// The CVE it fixes, if any.
    pub cve: Option<&'static str>,
    /// The first release of the line that has it, e.g. `"3.12.9"`.
    pub since: &'static str,
    /// What it changes, in a line.
    pub what: &'static str,
    /// The verified release whose interpreter shows the fixed behaviour.
    pub verified_on: &'static str,
}
