//! `url_check(url[, syntax])`: Neturl's verdict on each URL, as
//! `urlsyntax check` gives it: STRUCT(valid, part, message), `part` the
//! part at fault (NULL when the URL as a whole is) and `message` why.
//! `syntax` names a scheme of the common table whose syntax reads relative
//! URLs (`urlsyntax check --base`); without it they are malformed.

use std::error::Error as StdError;

use duckdb::core::{DataChunkHandle, FlatVector, Inserter, LogicalTypeHandle, LogicalTypeId};
use duckdb::vtab::arrow::WritableVector;
use urlsyntax::neturl::{parse_url, Error, ParseOptions, SchemeTable};

use crate::column::{rows, Strings};

pub fn struct_type() -> LogicalTypeHandle {
    LogicalTypeHandle::struct_type(&[
        ("valid", LogicalTypeHandle::from(LogicalTypeId::Boolean)),
        ("part", LogicalTypeHandle::from(LogicalTypeId::Varchar)),
        ("message", LogicalTypeHandle::from(LogicalTypeId::Varchar)),
    ])
}

/// The options for a row whose syntax argument is `syntax`.
fn options(syntax: Option<&str>) -> Result<ParseOptions<'static>, Box<dyn StdError>> {
    let table = SchemeTable::common();
    let base = match syntax {
        None => None,
        Some(name) => Some(table.get(name).ok_or_else(|| {
            format!("url_check: syntax {name:?} is not a scheme of the common table (urlsyntax schemes lists them)")
        })?),
    };
    Ok(ParseOptions {
        schemes: Some(table),
        base_syntax: base,
        accept_8bits: false,
        enable_fragment: false,
    })
}

fn put(out: &mut FlatVector<'_>, row: usize, text: Option<&str>) {
    match text {
        Some(t) => out.insert(row, t),
        None => out.set_null(row),
    }
}

pub fn url_check(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
) -> Result<(), Box<dyn StdError>> {
    let chunk = input.get_ptr();
    let n = rows(chunk);
    let urls = Strings::of(chunk, 0, "url_check");
    let syntaxes = (input.num_columns() == 2).then(|| Strings::of(chunk, 1, "url_check"));
    let mut out = output.struct_vector();
    let mut valid = out.child(0, n);
    let mut part = out.child(1, n);
    let mut message = out.child(2, n);
    let mut verdicts = vec![false; n];
    let mut last: Option<(Option<&str>, ParseOptions<'static>)> = None;
    for (row, verdict) in verdicts.iter_mut().enumerate() {
        let syntax = match &syntaxes {
            None => Some(None),
            Some(s) => s.text(row)?.map(Some),
        };
        let (Some(url), Some(syntax)) = (urls.text(row)?, syntax) else {
            out.set_null(row);
            for c in [&mut valid, &mut part, &mut message] {
                c.set_null(row);
            }
            continue;
        };
        if !matches!(&last, Some((s, _)) if *s == syntax) {
            last = Some((syntax, options(syntax)?));
        }
        let Some((_, opts)) = &last else {
            continue;
        };
        match parse_url(url, opts) {
            Ok(_) => {
                *verdict = true;
                part.set_null(row);
                message.set_null(row);
            }
            Err(e) => {
                let (at, why) = match &e {
                    Error::Malformed { part, reason } => (Some(part.to_string()), *reason),
                    _ => (None, ""),
                };
                put(&mut part, row, at.as_deref());
                if why.is_empty() {
                    put(&mut message, row, Some(&e.to_string()));
                } else {
                    put(&mut message, row, Some(why));
                }
            }
        }
    }
    // SAFETY: `valid` is the struct's BOOLEAN child (physical type `bool`,
    // one byte of 0 or 1) with room for the chunk's `n` rows, and no
    // other slice of it is alive.
    unsafe { valid.copy(&verdicts) };
    Ok(())
}
