//! The structure functions as free functions: each the same call as the
//! [`Urllib`] method of its name, under the default profile (CPython
//! 3.15.2) and with every argument at its default.

use std::borrow::Cow;

use super::split;
use super::{Behaviour, DefragResult, Error, ParseResult, SchemeClasses, SplitResult, Urllib};

/// `urlsplit(url)` under the default profile (CPython 3.15.2).
pub fn urlsplit(url: &str) -> Result<SplitResult<'_>, Error> {
    let rules = split::SplitRules::of(Behaviour::default());
    split::urlsplit(url, "", true, rules)
}

/// `urlparse(url)` under the default profile (CPython 3.15.2).
pub fn urlparse(url: &str) -> Result<ParseResult<'_>, Error> {
    let rules = split::SplitRules::of(Behaviour::default());
    let classes = SchemeClasses::new(rules.quirks.classes);
    split::urlparse(url, "", true, rules, &classes)
}

/// `urlunsplit((scheme, netloc, path, query, fragment))` under the default profile (CPython 3.15.2).
pub fn urlunsplit(parts: [&str; 5]) -> String {
    Urllib::default().urlunsplit(parts)
}

/// `urlunparse((scheme, netloc, path, params, query, fragment))` under
/// the default profile (CPython 3.15.2).
pub fn urlunparse(parts: [&str; 6]) -> String {
    Urllib::default().urlunparse(parts)
}

/// `urljoin(base, url)` under the default profile (CPython 3.15.2).
pub fn urljoin<'a>(base: &'a str, url: &'a str) -> Result<Cow<'a, str>, Error> {
    Urllib::default().urljoin(base, url, true)
}

/// `urldefrag(url)` under the default profile (CPython 3.15.2).
pub fn urldefrag(url: &str) -> Result<DefragResult<'_>, Error> {
    Urllib::default().urldefrag(url)
}
