"""What each function of urllib.parse looks up in its module when called.

CPython's functions read their siblings (`quote_plus` calls `quote`,
`urlsplit` builds a `SplitResult` and reads `scheme_chars`) from the
module at call time, so a program that patches or rebinds one changes
what the others answer. The native functions answer as the originals do
only while every name an original would read still holds the object it
held at import (or, for a public function, the native one). These are
those names, read off the interpreter's own code: the global names of a
function's code (nested code included), of its `__wrapped__` function
(`lru_cache`), and of the module functions among its defaults
(`urlencode`'s `quote_via=quote_plus`), followed through every module
function they name. Names a function of the module assigns itself
(`global _hextobyte`, a table made on first use) are the module's own
business, not siblings.
"""

import opcode
import types

_STORE_GLOBAL = opcode.opmap["STORE_GLOBAL"]
_EXTENDED_ARG = opcode.opmap["EXTENDED_ARG"]


def _code_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


# Each code object's stored names, read once: `needs` asks for every
# module function's, once for each public function.
_stored_cache = {}


def _stored_names(code):
    """The global names `code` (nested code included) assigns."""
    known = _stored_cache.get(code)
    if known is None:
        known = _stored_cache[code] = frozenset(_read_stored_names(code))
    return known


def _read_stored_names(code):
    names = set()
    raw, arg = code.co_code, 0
    for i in range(0, len(raw), 2):
        op, arg = raw[i], arg << 8 | raw[i + 1]
        if op == _STORE_GLOBAL:
            names.add(code.co_names[arg])
        if op != _EXTENDED_ARG:
            arg = 0
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _read_stored_names(const)
    return names


def _own_function(module, value):
    """`value` as a function of `module` whose code reads its globals."""
    value = getattr(value, "__wrapped__", value)
    if isinstance(value, types.FunctionType) and value.__globals__ is vars(module):
        return value
    return None


def _reads(module, function):
    """The module's names `function` reads, and the module functions whose
    reads are then its own too (its defaults among them)."""
    namespace = vars(module)
    names = {n for n in _code_names(function.__code__) if n in namespace}
    followed = [namespace[n] for n in names]
    followed += list(function.__defaults__ or ()) + list((function.__kwdefaults__ or {}).values())
    return names, [f for f in map(lambda v: _own_function(module, v), followed) if f is not None]


def needs(module, name):
    """The sorted names of `module` that `module.<name>`'s answer depends on
    (its own name left out unless it calls itself)."""
    start = _own_function(module, getattr(module, name))
    if start is None:
        return []
    seen_functions = {id(start)}
    todo = [start]
    names = set()
    while todo:
        found, functions = _reads(module, todo.pop())
        names |= found
        for f in functions:
            if id(f) not in seen_functions:
                seen_functions.add(id(f))
                todo.append(f)
    # Modules (`re`, `sys`) are not siblings a program rebinds there.
    namespace = vars(module)
    stored = set()
    for value in list(namespace.values()):
        f = _own_function(module, value)
        if f is not None:
            stored |= _stored_names(f.__code__)
    return sorted(n for n in names if n not in stored and not isinstance(namespace[n], types.ModuleType))
