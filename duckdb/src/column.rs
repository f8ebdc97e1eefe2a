//! DuckDB's string vectors, read in place: each row's bytes borrowed from
//! the input chunk (no copy), and the rows' validity read from its mask.
//!
//! The C API hands a scalar function its input flattened (DuckDB's
//! `CAPIScalarFunction` calls `DataChunk::Flatten` first), so every input
//! column is a flat vector of `duckdb_string_t` with a validity mask.

use std::error::Error;
use std::fmt;

use libduckdb_sys::{
    duckdb_data_chunk, duckdb_data_chunk_get_size, duckdb_data_chunk_get_vector, duckdb_string_t,
    duckdb_vector_get_data, duckdb_vector_get_validity,
};

/// A row whose text is not UTF-8 (a `VARCHAR` DuckDB let through).
#[derive(Debug)]
pub struct NotUtf8 {
    pub function: &'static str,
    pub row: usize,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: row {} is not valid UTF-8", self.function, self.row)
    }
}

impl Error for NotUtf8 {}

/// One `VARCHAR` column of an input chunk.
pub struct Strings<'a> {
    rows: &'a [duckdb_string_t],
    /// 64 rows a word, bit set: valid; `None`: every row is.
    validity: Option<&'a [u64]>,
    function: &'static str,
}

/// The number of rows of `chunk`.
pub fn rows(chunk: duckdb_data_chunk) -> usize {
    // SAFETY: `chunk` is the live input chunk DuckDB passed to the
    // function being executed (see `crate::scalar`).
    unsafe { duckdb_data_chunk_get_size(chunk) as usize }
}

impl<'a> Strings<'a> {
    /// Column `column` of `chunk`, which must be a `VARCHAR` column of the
    /// function's signature (the caller registered it so). `function`
    /// names the function in errors.
    pub fn of(chunk: duckdb_data_chunk, column: usize, function: &'static str) -> Strings<'a> {
        let n = rows(chunk);
        // SAFETY: `chunk` is DuckDB's live, flattened input chunk for this
        // call and `column` one of its columns (the signature has it), so
        // the vector's data is `n` `duckdb_string_t`s (VARCHAR's physical
        // type) that stay unchanged until the function returns, which the
        // lifetime 'a (the call's) does not outlive; the validity mask is
        // null (all valid) or holds ceil(n / 64) words.
        unsafe {
            let vector = duckdb_data_chunk_get_vector(chunk, column as u64);
            let data = duckdb_vector_get_data(vector) as *const duckdb_string_t;
            let rows = if n == 0 {
                &[][..]
            } else {
                std::slice::from_raw_parts(data, n)
            };
            let mask = duckdb_vector_get_validity(vector);
            let validity = if mask.is_null() || n == 0 {
                None
            } else {
                Some(std::slice::from_raw_parts(
                    mask as *const u64,
                    n.div_ceil(64),
                ))
            };
            Strings {
                rows,
                validity,
                function,
            }
        }
    }

    /// Whether row `row` is not NULL.
    #[inline(always)]
    pub fn is_valid(&self, row: usize) -> bool {
        self.validity
            .is_none_or(|words| words[row / 64] >> (row % 64) & 1 == 1)
    }

    /// Row `row`'s bytes; `None` for NULL.
    #[inline(always)]
    pub fn bytes(&self, row: usize) -> Option<&'a [u8]> {
        if !self.is_valid(row) {
            return None;
        }
        Some(string_bytes(&self.rows[row]))
    }

    /// Row `row`'s text; `None` for NULL, an error for bytes that are not
    /// UTF-8.
    #[inline(always)]
    pub fn text(&self, row: usize) -> Result<Option<&'a str>, NotUtf8> {
        match self.bytes(row) {
            None => Ok(None),
            Some(b) => std::str::from_utf8(b).map(Some).map_err(|_| NotUtf8 {
                function: self.function,
                row,
            }),
        }
    }
}

/// The bytes of a `duckdb_string_t`: held inline when 12 bytes or fewer,
/// else behind its pointer.
#[inline(always)]
pub fn string_bytes(s: &duckdb_string_t) -> &[u8] {
    // SAFETY: both union members begin with the `u32` length, so reading
    // it through `inlined` is sound whichever is live. DuckDB's string
    // layout (`string_t`): a length of 12 or less means the bytes are the
    // 12-byte `inlined` array, of which `len` are read; a longer one means
    // `pointer.ptr` points to `len` bytes owned by the vector (or its
    // auxiliary buffer), alive while the `duckdb_string_t` is borrowed.
    unsafe {
        let len = s.value.inlined.length as usize;
        if len <= 12 {
            let inlined = &s.value.inlined.inlined;
            std::slice::from_raw_parts(inlined.as_ptr() as *const u8, len)
        } else {
            std::slice::from_raw_parts(s.value.pointer.ptr as *const u8, len)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libduckdb_sys::{
        duckdb_string_t__bindgen_ty_1, duckdb_string_t__bindgen_ty_1__bindgen_ty_1,
        duckdb_string_t__bindgen_ty_1__bindgen_ty_2,
    };

    fn inlined(text: &[u8]) -> duckdb_string_t {
        let mut inlined = [0; 12];
        for (to, from) in inlined.iter_mut().zip(text) {
            *to = *from as std::os::raw::c_char;
        }
        duckdb_string_t {
            value: duckdb_string_t__bindgen_ty_1 {
                inlined: duckdb_string_t__bindgen_ty_1__bindgen_ty_2 {
                    length: text.len() as u32,
                    inlined,
                },
            },
        }
    }

    #[test]
    fn reads_inlined_and_pointed_strings() {
        assert_eq!(string_bytes(&inlined(b"")), b"");
        assert_eq!(string_bytes(&inlined(b"http://h/")), b"http://h/");
        assert_eq!(string_bytes(&inlined(b"twelve bytes")), b"twelve bytes");
        let long = b"http://example.com/a/long/path".to_vec();
        let pointed = duckdb_string_t {
            value: duckdb_string_t__bindgen_ty_1 {
                pointer: duckdb_string_t__bindgen_ty_1__bindgen_ty_1 {
                    length: long.len() as u32,
                    prefix: [b'h' as _, b't' as _, b't' as _, b'p' as _],
                    ptr: long.as_ptr() as *mut _,
                },
            },
        };
        assert_eq!(string_bytes(&pointed), &long[..]);
    }

    #[test]
    fn reads_validity_and_rejects_bad_utf8() {
        let rows = [inlined(b"a"), inlined(b"\xff"), inlined(b"c")];
        let mask = [0b101u64];
        let s = Strings {
            rows: &rows,
            validity: Some(&mask),
            function: "f",
        };
        assert_eq!(s.text(0).unwrap(), Some("a"));
        assert_eq!(s.text(1).unwrap(), None);
        let s = Strings {
            validity: None,
            ..s
        };
        assert_eq!(
            s.text(1).unwrap_err().to_string(),
            "f: row 1 is not valid UTF-8"
        );
        assert_eq!(s.text(2).unwrap(), Some("c"));
    }
}
