//! The check of the grammar's named fast path against the rules it
//! stands for (the fuzz targets' and the property tests' hook).

/// Whether the named fast path of CPython's splitting (the fused one-pass
/// cuts `urllib::urlsplit` takes for most URLs) cuts `url` as the
/// composition of the rules, [`url_parts`](crate::grammar::cpython::url_parts),
/// does, with and without looking for `;`: what the `urllib_api` fuzz
/// target and the grammar's property test hold it to.
///
/// ```
/// assert!(urlsyntax::fuzzing::cpython_fast_path_agrees("HTTP://a/b?c#d", true, true));
/// ```
pub fn cpython_fast_path_agrees(
    url: &str,
    allow_fragments: bool,
    must_start_with_letter: bool,
) -> bool {
    urlsyntax_grammar::grammar::cpython::fast_path_agrees(
        url,
        allow_fragments,
        must_start_with_letter,
    )
}
