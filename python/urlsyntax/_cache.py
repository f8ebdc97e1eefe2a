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
    native = namespace["urlsplit"]
    # An object of the native module's own type: called through the same
    # vectorcall entry as the builtin (no Python frame, no wrapper's
    # call), with an instance dict for the attributes.
    wrapper = _native._cached_urlsplit()
    kind = type(wrapper)
    kind.__module__ = namespace["__name__"]
    # Pickled by reference, as CPython's urlsplit is.
    kind.__reduce__ = lambda self: "urlsplit"
    kind.__repr__ = lambda self: "<urlsyntax urlsplit with the lru_cache interface>"
    wrapper.__module__ = namespace["__name__"]
    wrapper.__name__ = wrapper.__qualname__ = "urlsplit"
    wrapper.__doc__ = native.__doc__
    wrapper.__wrapped__ = native
    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    namespace["urlsplit"] = wrapper
