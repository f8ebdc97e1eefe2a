# The functions, classes and lists are urllib.parse's (the same signatures
# and result classes), re-exported from typeshed's stubs.
from typing import NamedTuple, Optional

from urllib.parse import (
    DefragResult as DefragResult,
    DefragResultBytes as DefragResultBytes,
    ParseResult as ParseResult,
    ParseResultBytes as ParseResultBytes,
    SplitResult as SplitResult,
    SplitResultBytes as SplitResultBytes,
    non_hierarchical as non_hierarchical,
    parse_qs as parse_qs,
    parse_qsl as parse_qsl,
    quote as quote,
    quote_from_bytes as quote_from_bytes,
    quote_plus as quote_plus,
    scheme_chars as scheme_chars,
    unquote as unquote,
    unquote_plus as unquote_plus,
    unquote_to_bytes as unquote_to_bytes,
    unwrap as unwrap,
    urldefrag as urldefrag,
    urlencode as urlencode,
    urljoin as urljoin,
    urlparse as urlparse,
    urlsplit as urlsplit,
    urlunparse as urlunparse,
    urlunsplit as urlunsplit,
    uses_fragment as uses_fragment,
    uses_netloc as uses_netloc,
    uses_params as uses_params,
    uses_query as uses_query,
    uses_relative as uses_relative,
)

FUNCTIONS: tuple[str, ...]

class Profile(NamedTuple):
    release: Optional[str]
    interpreter: str
    verified: bool
    probed: Optional[dict[str, object]]
    handed_over: tuple[str, ...] = ()

PROFILE: Profile

def use_profile(version: Optional[str]) -> Profile: ...

__all__: list[str]
