//! The optional last argument of every urllib function: the CPython
//! release to answer as (`'3.9'`, `'3.13.0'`), read per row but parsed
//! once for each run of equal rows (a constant argument: once a chunk).

use std::error::Error;

use libduckdb_sys::duckdb_data_chunk;
use urlsyntax::urllib::{Profile, Urllib};

use crate::column::Strings;

/// The releases of a chunk's rows.
pub struct Releases<'a> {
    column: Option<Strings<'a>>,
    /// The last release read and its context.
    last: Option<(&'a [u8], Urllib)>,
    default: Urllib,
    function: &'static str,
}

impl<'a> Releases<'a> {
    /// Column `column` of `chunk` when the call has it (it has
    /// `columns` arguments, the release the last of `full`).
    pub fn of(
        chunk: duckdb_data_chunk,
        columns: usize,
        full: usize,
        function: &'static str,
    ) -> Releases<'a> {
        Releases {
            column: (columns == full).then(|| Strings::of(chunk, full - 1, function)),
            last: None,
            default: Urllib::new(Profile::default()),
            function,
        }
    }

    /// The context for row `row`; `None` when its release is NULL (the
    /// row's answer is NULL).
    #[inline(always)]
    pub fn get(&mut self, row: usize) -> Result<Option<&Urllib>, Box<dyn Error>> {
        let Some(column) = &self.column else {
            return Ok(Some(&self.default));
        };
        let Some(bytes) = column.bytes(row) else {
            return Ok(None);
        };
        let fresh = !matches!(&self.last, Some((b, _)) if *b == bytes);
        if fresh {
            let text = std::str::from_utf8(bytes).unwrap_or("\u{FFFD}");
            let profile = text
                .parse::<Profile>()
                .map_err(|e| format!("{}: {e}", self.function))?;
            self.last = Some((bytes, Urllib::new(profile)));
        }
        Ok(self.last.as_ref().map(|(_, ctx)| ctx))
    }
}
