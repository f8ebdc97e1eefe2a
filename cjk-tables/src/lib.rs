//! The mapping tables of CPython's East Asian multibyte codecs, as the
//! data of `urlsyntax`'s `cjk-codecs` feature: one file, generated from
//! the interpreters by `tools/gen/multibyte_tables.py` in the urlsyntax
//! repository and read by its runtime crate's `pyruntime/src/codec/multibyte/tables.rs`,
//! which describes the layout.
//!
//! A crate of its own so that the `urlsyntax` package stays small and a
//! build without the East Asian codecs carries none of their tables.
//!
//! ```
//! assert_eq!(&urlsyntax_cjk_tables::TABLES[..4], b"CJK1");
//! ```
#![forbid(unsafe_code)]
#![no_std]

/// The tables file (it starts with the magic `CJK1`).
pub static TABLES: &[u8] = include_bytes!("../data/tables.bin");
