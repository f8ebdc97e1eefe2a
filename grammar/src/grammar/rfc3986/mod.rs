//! nom combinators, one per ABNF rule of
//! [RFC 3986 Appendix A](https://www.rfc-editor.org/rfc/rfc3986#appendix-A)
//! (and RFC 1808's `param`), named after it (lowercase, `-` as `_`:
//! `IP-literal` is [`ip_literal`]).
//!
//! The rules up to `authority` and `hier-part` return the slice of their
//! input they took; `IPv4address` and `IPv6address` also answer the
//! address ([`ipv4address_octets`], [`ipv6address_pieces`]). The upper
//! rules answer their parts, as Boost.URL's rules do: [`authority`] an
//! [`Authority`], [`hier_part`] and [`relative_part`] a [`HierPart`],
//! [`uri`], [`absolute_uri`], [`relative_ref`] and [`uri_reference`] the
//! [`Components`]; [`crate::rfc3986`] is their composition. The text such
//! a rule took is `nom::combinator::recognize` of it.
//!
//! The rules are kept as data in `grammar/rfc3986.abnf`, where the
//! character classes (`pchar`, `unreserved`, ...) are the sets of
//! [`crate::grammar::chars`] (`PCHAR`, `UNRESERVED`, ...); a test holds
//! every rule there to its combinator here.

mod address;
mod leaf;
mod parts;
mod reference;

pub use address::{
    dec_octet, h16, ip_literal, ipv4address, ipv4address_octets, ipv6address, ipv6address_pieces,
    ipvfuture, ls32,
};
pub use parts::{
    fragment, host, param, path_abempty, path_absolute, path_empty, path_noscheme, path_rootless,
    pct_encoded, port, query, reg_name, scheme, segment, segment_nz, segment_nz_nc, userinfo,
};
pub use reference::{
    absolute_uri, authority, hier_part, relative_part, relative_ref, uri, uri_reference, Authority,
    Components, HierPart,
};
