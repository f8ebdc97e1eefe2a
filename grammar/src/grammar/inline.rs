//! nom's small combinators the readers sequence with (`cond`,
//! `opt(preceded(..))`, `opt(terminated(..))`), written as inlined
//! closures: nom's `Parser::process` of these stayed out of line and cost
//! more than the scans they wrap (27% of Neturl's `parse_url`, three times
//! the strict RFC 3986 reader's time).

use nom::IResult;

/// `cond(flag, part)`, with `part` answering an `Option` itself.
#[inline(always)]
pub fn when<'a, T, E>(
    flag: bool,
    part: impl Fn(&'a str) -> IResult<&'a str, Option<T>, E>,
) -> impl Fn(&'a str) -> IResult<&'a str, Option<T>, E> {
    #[inline(always)]
    move |i| if flag { part(i) } else { Ok((i, None)) }
}

/// `opt(preceded(tag(lead), part))`: `part` after `lead`, where `lead` is
/// there (an error of `part` is kept).
#[inline(always)]
pub fn opt_after<'a, T, E>(
    lead: &'static str,
    part: impl Fn(&'a str) -> IResult<&'a str, T, E>,
) -> impl Fn(&'a str) -> IResult<&'a str, Option<T>, E> {
    #[inline(always)]
    move |i: &'a str| match i.strip_prefix(lead) {
        Some(rest) => part(rest).map(|(rest, t)| (rest, Some(t))),
        None => Ok((i, None)),
    }
}

/// `opt(terminated(part, tag(end)))`: `part` and `end`, or nothing read.
#[inline(always)]
pub fn opt_before<'a, T, E>(
    part: impl Fn(&'a str) -> IResult<&'a str, T, E>,
    end: &'static str,
) -> impl Fn(&'a str) -> IResult<&'a str, Option<T>, E> {
    #[inline(always)]
    move |i: &'a str| match part(i) {
        Ok((rest, t)) => match rest.strip_prefix(end) {
            Some(rest) => Ok((rest, Some(t))),
            None => Ok((i, None)),
        },
        Err(_) => Ok((i, None)),
    }
}
