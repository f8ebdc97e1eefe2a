"""urllib.parse, answered by urlsyntax: every public name of the running
interpreter's urllib.parse, with its functions answered natively where the
library can express the call and by urllib.parse itself otherwise.

`PROFILE` says which profile answers and whether the running release was
verified; `use_profile("3.13")` chooses one knowingly.
"""

import sys
import types
import urllib.parse as _stdlib
import warnings
from typing import NamedTuple, Optional

from urlsyntax import UnverifiedReleaseWarning, _native, _probe

# The functions urlsyntax answers (the native functions themselves, so a
# call costs no Python frame).
FUNCTIONS = (
    "urlsplit",
    "urlparse",
    "urlunsplit",
    "urlunparse",
    "urljoin",
    "urldefrag",
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
    "parse_qs",
    "parse_qsl",
    "urlencode",
)

# urllib.parse's own functions and classes, kept before any install().
_ORIGINAL = types.SimpleNamespace(
    **{name: getattr(_stdlib, name) for name in FUNCTIONS},
    **{
        name: getattr(_stdlib, name)
        for name in (
            "SplitResult",
            "ParseResult",
            "DefragResult",
            "SplitResultBytes",
            "ParseResultBytes",
            "DefragResultBytes",
            "uses_relative",
            "uses_netloc",
            "uses_params",
        )
    },
)

# Every other public name is urllib.parse's own object (the scheme lists
# are the same lists, so appending to either changes both).
for _name, _value in vars(_stdlib).items():
    if not _name.startswith("_") and _name not in FUNCTIONS and not isinstance(_value, types.ModuleType):
        globals()[_name] = _value
__all__ = list(_stdlib.__all__)

from urlsyntax._native import (  # noqa: E402
    parse_qs,
    parse_qsl,
    quote,
    quote_from_bytes,
    quote_plus,
    unquote,
    unquote_plus,
    unquote_to_bytes,
    urldefrag,
    urlencode,
    urljoin,
    urlparse,
    urlsplit,
    urlunparse,
    urlunsplit,
)


class Profile(NamedTuple):
    """Which profile answers. `release` is the profile's CPython release
    (`None`: every call goes to the interpreter's urllib.parse);
    `interpreter` the running release; `verified` whether the project
    verified that exact release; `probed` the behaviour switches learnt by
    probing an unverified release (`None` when verified or chosen)."""

    release: Optional[str]
    interpreter: str
    verified: bool
    probed: Optional[dict]


_INTERPRETER = "%d.%d.%d" % sys.version_info[:3]


def _fill_in_place():
    # Results are filled in place when they are plain tuple subtypes; from
    # 3.14 a tuple caches its hash in its layout, so the class builds them.
    if sys.version_info >= (3, 14):
        return False
    classes = [getattr(_ORIGINAL, n) for n in ("SplitResult", "ParseResult", "DefragResult", "SplitResultBytes", "ParseResultBytes", "DefragResultBytes")]
    return all(issubclass(c, tuple) and c.__basicsize__ == tuple.__basicsize__ for c in classes)


def _select(interpreter, parse=_ORIGINAL):
    """The profile for the release `interpreter` (e.g. "3.12.8"): its own
    when verified; its minor's, with every switch probed from `parse`, when
    not; none when the minor has no profile."""
    releases = _native._releases()
    if interpreter in releases:
        return Profile(interpreter, interpreter, True, None)
    minor = interpreter.rsplit(".", 1)[0]
    for release in releases:
        if release.rsplit(".", 1)[0] == minor:
            return Profile(release, interpreter, False, _probe.probe(parse))
    return Profile(None, interpreter, False, None)


def _apply(profile):
    _native._configure(_ORIGINAL, profile.release, profile.probed, _fill_in_place())
    globals()["PROFILE"] = profile


def use_profile(version):
    """Answers as the profile of `version` ("3.13" or "3.13.0") from now
    on, whatever the running release: chosen knowingly, for speed on a
    release without a profile of its own. `None` goes back to the default
    (the running release's own profile, or the interpreter)."""
    if version is None:
        _apply(_select(_INTERPRETER))
        return PROFILE
    for release in _native._releases():
        if version in (release, release.rsplit(".", 1)[0]):
            _apply(Profile(release, _INTERPRETER, release == _INTERPRETER, None))
            return PROFILE
    raise ValueError("no urlsyntax profile for %r (there are: %s)" % (version, ", ".join(_native._releases())))


PROFILE = _select(_INTERPRETER)
_apply(PROFILE)
if PROFILE.release is None:
    warnings.warn(
        "urlsyntax has no profile for CPython %s: every call goes to urllib.parse "
        "(urlsyntax.parse.use_profile() chooses one knowingly)" % _INTERPRETER,
        UnverifiedReleaseWarning,
        stacklevel=2,
    )
elif not PROFILE.verified:
    warnings.warn(
        "CPython %s was not verified by urlsyntax: answering with the %s profile, "
        "its behaviour switches probed from urllib.parse: %r" % (_INTERPRETER, PROFILE.release, PROFILE.probed),
        UnverifiedReleaseWarning,
        stacklevel=2,
    )
