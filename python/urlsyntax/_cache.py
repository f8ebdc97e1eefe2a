"""urlsplit's cache interface. Where the interpreter's `urlsplit` is a
`functools.lru_cache` (3.11+), the package's has `cache_info()`,
`cache_clear()`, `cache_parameters()` and `__wrapped__` too, so code that
inspects or clears the cache (`urllib.parse.clear_cache()`, which tests
call) works with the package installed.

The package's cache holds the last results by URL object (the same object
answered again, as CPython's cache answers), per thread;
`cache_clear()` empties it and the interpreter's own, which the calls
handed to the interpreter fill.
"""
import functools

from urlsyntax import _native

_CacheInfo = getattr(functools, "_CacheInfo", None)


def cache_info():
    """`CacheInfo(hits, misses, maxsize, currsize)` of the package's cache
    (`currsize`: this thread's)."""
    return _CacheInfo(*_native._split_cache_info())


def cache_clear():
    """Empties the package's cache and the interpreter's urlsplit cache."""
    _native._split_cache_clear()
    _THEIRS[0].cache_clear()


def cache_parameters():
    return {"maxsize": _native._split_cache_info()[2], "typed": True}


_THEIRS = [None]


def install(namespace, original):
    """Puts the cache interface on `namespace["urlsplit"]` when the
    interpreter's `original.urlsplit` has one."""
    theirs = original.urlsplit
    if _CacheInfo is None or not hasattr(theirs, "cache_clear"):
        return
    _THEIRS[0] = theirs
    ours = namespace["urlsplit"]
    # The function CPython's cache wraps: the same answers, uncached.
    ours.__wrapped__ = theirs.__wrapped__
    ours.cache_info = cache_info
    ours.cache_clear = cache_clear
    ours.cache_parameters = cache_parameters
