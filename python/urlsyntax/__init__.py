"""urlsyntax: CPython's urllib.parse, answered natively and exactly.

`urlsyntax.parse` carries every public name of `urllib.parse`; its
functions give the same answers, types and exceptions as the running
interpreter's, several times faster. `install()` puts them into
`urllib.parse` itself; `uninstall()` puts the originals back.
"""

import urllib.parse as _stdlib


class UnverifiedReleaseWarning(UserWarning):
    """The running CPython release was not verified by the project; its
    behaviour was probed at import."""


_installed = {}


def install():
    """Swaps urllib.parse's public functions for urlsyntax.parse's."""
    from urlsyntax import parse

    for name in parse.FUNCTIONS:
        if name not in _installed:
            _installed[name] = getattr(_stdlib, name)
        setattr(_stdlib, name, getattr(parse, name))


def uninstall():
    """Puts urllib.parse's own functions back."""
    for name, original in _installed.items():
        setattr(_stdlib, name, original)
    _installed.clear()


def installed():
    """Whether `install()` is in force."""
    return bool(_installed)


__all__ = ["UnverifiedReleaseWarning", "install", "uninstall", "installed"]
