//! Byte scanners: the hand-tuned leaves under the grammar's combinators.
//!
//! * `needles`: the first of a few ASCII needles ([`find_any`], the loop
//!   inside the `take_till`-style combinators of [`crate::grammar::cpython`])
//!   and their bitmap over a block ([`needle_mask`], under `parse_qsl`).
//! * `url_masks`: the bitmaps of the bytes `urlsplit` cuts at
//!   ([`split_masks`], under the fused split) and the scheme run.
//! * `netloc_masks`: the bitmaps of the bytes `_userinfo` and `_hostinfo`
//!   cut a netloc at (under `hostname` and `port`), and whether a netloc
//!   read within its URL is a host alone ([`host_alone_within`]).
//!
//! On x86-64 they compare 16 bytes at a time with SSE2 (part of every
//! x86-64 processor); elsewhere, or with the `portable-scan` feature, a
//! machine word at a time. Both paths answer the same, and CI tests both.
//! A scanner answers bitmaps, not URL parts: the leaves of the rules, public
//! so that the faces built on the grammar (`urlsyntax`, `urlsyntax-neturl`)
//! scan with the same code.

mod needles;
mod netloc_masks;
mod pad;
mod url_masks;

pub use needles::{contains_any, find_any, low_bit_of_each_byte, needle_mask};
pub use netloc_masks::{host_alone_within, netloc_masks, NetlocMasks};
pub use pad::{bits_from, padded_16, padded_8};
pub use url_masks::{
    head_16, scheme_run, scheme_run_at_head, split_masks, split_masks_short, tail_is_plain,
    SplitMasks,
};

#[cfg(test)]
mod tests;
