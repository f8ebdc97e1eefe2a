//! `urljoin`, `quote`, `quote_plus`, `unquote`, `unquote_plus` and
//! `parse_qsl`: text in, text (or pairs) out, as the release's
//! `urllib.parse` answers with its default keyword arguments. A row
//! CPython raises for stops the query with CPython's `ValueError: ...`.

use std::borrow::Cow;
use std::error::Error;

use duckdb::core::{DataChunkHandle, FlatVector, Inserter};
use duckdb::vtab::arrow::WritableVector;
use urlsyntax::urllib::{self, Urllib};

use crate::column::{rows, Strings};
use crate::release::Releases;

/// The four text-to-text functions.
#[derive(Clone, Copy, Debug)]
pub enum Coding {
    Quote,
    QuotePlus,
    Unquote,
    UnquotePlus,
}

impl Coding {
    pub fn name(self) -> &'static str {
        match self {
            Coding::Quote => "quote",
            Coding::QuotePlus => "quote_plus",
            Coding::Unquote => "unquote",
            Coding::UnquotePlus => "unquote_plus",
        }
    }

    /// Whether every release answers `s` with `s` itself: no byte it
    /// would change (`quote` leaves letters, digits, `_.-` and its default
    /// safe `/`; `~` is left out, which 3.6 quotes).
    #[inline(always)]
    fn unchanged(self, s: &str) -> bool {
        let b = s.as_bytes();
        match self {
            Coding::Quote => b
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || b"_.-/".contains(c)),
            Coding::QuotePlus => b
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || b"_.-".contains(c)),
            Coding::Unquote => !b.contains(&b'%'),
            Coding::UnquotePlus => !b.iter().any(|c| *c == b'%' || *c == b'+'),
        }
    }

    /// `s` as the function answers it under `ctx`.
    #[inline(always)]
    fn apply<'s>(self, ctx: &Urllib, s: &'s str) -> Result<Cow<'s, str>, urllib::Error> {
        if self.unchanged(s) {
            return Ok(Cow::Borrowed(s));
        }
        Ok(Cow::Owned(match self {
            Coding::Quote => ctx.quoter().quote(s)?,
            Coding::QuotePlus => ctx.quoter().quote_plus(s)?,
            Coding::Unquote => ctx.unquoter().unquote(s)?,
            Coding::UnquotePlus => ctx.unquoter().unquote_plus(s)?,
        }))
    }
}

/// The SQL error for row `row`, which CPython raised for.
pub fn raised(function: &str, row: usize, e: &urllib::Error) -> Box<dyn Error> {
    format!("{function}: row {row}: {e:?}").into()
}

#[inline(always)]
fn put(out: &mut FlatVector<'_>, row: usize, text: Option<&str>) {
    match text {
        Some(t) => out.insert(row, t),
        None => out.set_null(row),
    }
}

/// `quote(s[, release])` and the three others.
pub fn coding(
    coding: Coding,
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let (chunk, name) = (input.get_ptr(), coding.name());
    let strings = Strings::of(chunk, 0, name);
    let mut releases = Releases::of(chunk, input.num_columns(), 2, name);
    let mut out = output.flat_vector();
    for row in 0..rows(chunk) {
        let (Some(s), Some(ctx)) = (strings.text(row)?, releases.get(row)?) else {
            out.set_null(row);
            continue;
        };
        let answer = coding.apply(ctx, s).map_err(|e| raised(name, row, &e))?;
        put(&mut out, row, Some(&answer));
    }
    Ok(())
}

/// `urljoin(base, url[, release])`.
pub fn urljoin(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let chunk = input.get_ptr();
    let bases = Strings::of(chunk, 0, "urljoin");
    let urls = Strings::of(chunk, 1, "urljoin");
    let mut releases = Releases::of(chunk, input.num_columns(), 3, "urljoin");
    let mut out = output.flat_vector();
    for row in 0..rows(chunk) {
        let (Some(base), Some(url), Some(ctx)) =
            (bases.text(row)?, urls.text(row)?, releases.get(row)?)
        else {
            out.set_null(row);
            continue;
        };
        let joined = ctx
            .urljoin(base, url, true)
            .map_err(|e| raised("urljoin", row, &e))?;
        put(&mut out, row, Some(&joined));
    }
    Ok(())
}

/// `parse_qsl(query[, release])`: a LIST of STRUCT(name, value), the
/// pairs CPython keeps (blank values dropped, its default).
pub fn parse_qsl(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn Error>> {
    let chunk = input.get_ptr();
    let n = rows(chunk);
    let queries = Strings::of(chunk, 0, "parse_qsl");
    let mut releases = Releases::of(chunk, input.num_columns(), 2, "parse_qsl");
    let mut list = output.list_vector();
    // Every row's pairs first (borrowed where CPython returns the text
    // unchanged), then one reserve for the list's child.
    let mut pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = Vec::new();
    let mut entries: Vec<Option<(usize, usize)>> = Vec::with_capacity(n);
    for row in 0..n {
        let (Some(q), Some(ctx)) = (queries.text(row)?, releases.get(row)?) else {
            entries.push(None);
            continue;
        };
        let start = pairs.len();
        let found = ctx
            .qs()
            .parse_qsl(q)
            .map_err(|e| raised("parse_qsl", row, &e))?;
        pairs.extend(found);
        entries.push(Some((start, pairs.len() - start)));
    }
    for (row, entry) in entries.iter().enumerate() {
        match entry {
            Some((offset, length)) => list.set_entry(row, *offset, *length),
            None => {
                list.set_entry(row, 0, 0);
                list.set_null(row);
            }
        }
    }
    let child = list.struct_child(pairs.len());
    let mut names = child.child(0, pairs.len());
    let mut values = child.child(1, pairs.len());
    for (i, (name, value)) in pairs.iter().enumerate() {
        put(&mut names, i, Some(name));
        put(&mut values, i, Some(value));
    }
    list.set_len(pairs.len());
    Ok(())
}
