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
from typing import NamedTuple, Optional, Tuple

from urlsyntax import UnverifiedReleaseWarning, _cache, _native, _probe, _siblings

# The functions urlsyntax answers (the native functions themselves, so a
# call costs no Python frame), in the order the native module indexes them.
FUNCTIONS = _native.FUNCTIONS

# urllib.parse's own functions and classes, kept before any install().
_ORIGINAL = types.SimpleNamespace(
    **{name: getattr(_stdlib, name) for name in FUNCTIONS},
    **{
        name: getattr(_stdlib, name)
        for name in [*_native._RESULT_NAMES, "uses_relative", "uses_netloc", "uses_params"]
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
    probing an unverified release (`None` when verified or chosen);
    `handed_over` what goes to the interpreter because a probed switch is
    one the library cannot carry (`parse_qs` and `parse_qsl` for a query
    rule it does not have, the structure functions for such a `urlunsplit`
    rule, or the calls naming an encoding); `derived` the answers of the
    library's probe when they derive a profile (`probed` then holds its
    label and switches, and nothing is handed over)."""

    release: Optional[str]
    interpreter: str
    verified: bool
    probed: Optional[dict]
    handed_over: Tuple[str, ...] = ()
    derived: Optional[str] = None


_INTERPRETER = "%d.%d.%d" % sys.version_info[:3]


def _fill_in_place():
    # Results are filled in place when they are tuple subtypes laid out as
    # a tuple (3.15's add only the slot `_keep_empty`); from 3.14 the
    # native side also finds where a tuple caches its hash.
    classes = [getattr(_ORIGINAL, n) for n in _native._RESULT_NAMES]
    word = tuple.__itemsize__
    return all(
        issubclass(c, tuple) and c.__basicsize__ - tuple.__basicsize__ == (word if hasattr(c, "_keep_empty") else 0)
        for c in classes
    )


def _configure(module, release, probed, derived=None):
    """Configures the native module; what it hands to the interpreter."""
    return _native._configure(module, release, probed, _fill_in_place(), sys.version_info >= (3, 14),
                              tuple.__basicsize__, derived)


def _library_probe(parse):
    """The answers of the library's probe (`urlsyntax::urllib::PROBE_SCRIPT`,
    the one `urlsyntax --python PATH` runs) on `parse`, as `key=answer`
    lines."""
    namespace = {"__name__": "urlsyntax_probe"}
    exec(_native._probe_script(), namespace)
    answers = namespace["answers"](parse)
    return "".join("%s=%s\n" % item for item in sorted(answers.items()))


def _original_module():
    """urllib.parse as it was before any install(): what the probe asks."""
    names = dict(vars(_ORIGINAL))
    for name in ("non_hierarchical", "uses_query", "uses_fragment", "__file__"):
        names[name] = getattr(_stdlib, name)
    return types.SimpleNamespace(**names)


def _minor(release):
    return release.rsplit(".", 1)[0]


def _select(interpreter, parse=_ORIGINAL):
    """The profile for the release `interpreter` (e.g. "3.12.8"): its own
    when verified; else the profile of its line (composed ones included)
    that agrees with the switches probed from `parse` on the most, the
    probed switches applied over it; none when the line has no profile."""
    if interpreter in _native._verified():
        return Profile(interpreter, interpreter, True, None)
    # The running interpreter, on a line with profiles: the library's
    # probe first (every switch read, nothing handed over).
    derived = None
    if interpreter == _INTERPRETER and parse is _ORIGINAL:
        try:
            derived = _library_probe(_original_module())
            base, switches, label = _native._derive(derived)
        except Exception:
            derived = None
    if derived is not None and _minor(base) == _minor(interpreter):
        return Profile(base, interpreter, False, {"label": label, "switches": switches}, (), derived)
    line = [r for r in _native._releases() if _minor(r) == _minor(interpreter)]
    if not line:
        return Profile(None, interpreter, False, None)
    probed = _probe.probe(parse)
    # The best fit; on a tie, the newer release.
    best = max(line, key=lambda r: (_probe.score(probed, _native._switches(r)), line.index(r)))
    return Profile(best, interpreter, False, probed)


def _apply(profile):
    handed = _configure(_ORIGINAL, profile.release, None if profile.derived else profile.probed, profile.derived)
    globals()["PROFILE"] = profile._replace(handed_over=tuple(handed))


def use_profile(version):
    """Answers as the profile of `version` ("3.13.0", or "3.13": the
    line's newest) from now on, whatever the running release: chosen
    knowingly, for speed on a release without a profile of its own.
    `None` goes back to the default (the running release's own profile,
    or the interpreter)."""
    if version is None:
        _apply(_select(_INTERPRETER))
        return PROFILE
    release = _native._lookup(version)
    if release is None:
        raise ValueError("no urlsyntax profile for %r (there are: %s)" % (version, ", ".join(_native._releases())))
    _apply(Profile(release, _INTERPRETER, release == _INTERPRETER and release in _native._verified(), None))
    return PROFILE


def _function(name):
    """`urlsyntax.parse.<name>`: what a function pickled while urllib.parse
    held another object under its name unpickles to."""
    return globals()[name]


def _reduce(function):
    # Pickled by reference, as a Python function is: as urllib.parse's own
    # name where it stands there (install()), else as this module's.
    if getattr(_stdlib, function.__name__, None) is function:
        return function.__name__
    return _function, (function.__name__,)


_SIGNATURES = {}


def _signature(function):
    """The signature of the interpreter's own function (`inspect`, slow to
    import, is imported on the first call)."""
    name = function.__name__
    if name not in _SIGNATURES:
        import inspect

        _SIGNATURES[name] = inspect.signature(getattr(_ORIGINAL, name))
    return _SIGNATURES[name]


def _dress():
    """Gives each native function what Python code reads off the
    interpreter's own: its module, names, doc and signature; and watches
    urllib.parse for the siblings each one's original reads there."""
    kind = type(urlsplit)
    kind.__reduce__ = _reduce
    kind.__signature__ = property(_signature)
    for name in FUNCTIONS:
        ours, theirs = globals()[name], getattr(_ORIGINAL, name)
        ours.__module__ = theirs.__module__
        ours.__qualname__ = theirs.__qualname__
        ours.__doc__ = theirs.__doc__
        if isinstance(theirs, types.FunctionType):
            # What mock's autospec reads the signature of (`spec.__call__`,
            # for a callable that is not a Python function; an lru_cache,
            # as 3.11's urlsplit, offers any).
            ours.__call__ = ours
    needs = [_siblings.needs(_stdlib, name) for name in FUNCTIONS]
    accepted = {}
    for name in set().union(*needs):
        own = (globals()[name],) if name in FUNCTIONS else ()
        accepted[name] = (vars(_stdlib)[name],) + own
    return _native._watch(vars(_stdlib), needs, accepted, [getattr(_ORIGINAL, n) for n in FUNCTIONS])


PROFILE = _select(_INTERPRETER)
_apply(PROFILE)
# How a change of urllib.parse is seen ("version tag", "dict watcher" or
# "every call").
WATCHING = _dress()
_cache.install(globals(), _ORIGINAL)
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
        "its behaviour switches probed from urllib.parse: %r%s" % (
            _INTERPRETER, PROFILE.release, PROFILE.probed,
            "; handed to urllib.parse: %s" % ", ".join(PROFILE.handed_over) if PROFILE.handed_over else ""),
        UnverifiedReleaseWarning,
        stacklevel=2,
    )
