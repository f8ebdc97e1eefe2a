"""Reference answerer for the conformance-calls protocol: the real CPython.

Reads one JSON call a line on stdin, writes one JSON answer a line on stdout
(see ../shared/docs/conformance-calls.md). Run it with the interpreter whose
answers you want, e.g. `$(pyenv root)/versions/3.13.0/bin/python3`.

A JSON array is a list and `{"tuple": [...]}` a tuple; integers are of any
size (`str()` of one past `sys.get_int_max_str_digits()` still fails inside
the call, as it would in a program). Runs on every CPython from 3.6.
"""
import json
import sys
import urllib.parse as P

RESULTS = {
    "SplitResult": P.SplitResult, "ParseResult": P.ParseResult,
    "DefragResult": P.DefragResult, "SplitResultBytes": P.SplitResultBytes,
    "ParseResultBytes": P.ParseResultBytes,
    "DefragResultBytes": P.DefragResultBytes,
}
QUOTE_VIA = {"quote": P.quote, "quote_plus": P.quote_plus,
             "quote_from_bytes": P.quote_from_bytes}


class Unsupported(Exception):
    pass


def _unlimited_digits(fn, *args):
    """`fn(*args)` with no limit on int <-> str conversion: the protocol
    carries ints of any size, whatever the release's limit."""
    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:
        return fn(*args)
    old = get()
    sys.set_int_max_str_digits(0)
    try:
        return fn(*args)
    finally:
        sys.set_int_max_str_digits(old)


def dec(v):
    if isinstance(v, list):
        return [dec(x) for x in v]
    if isinstance(v, dict):
        if len(v) != 1:
            raise Unsupported("an object value must have exactly one key")
        (k, x), = v.items()
        if k == "bytes":
            return bytes.fromhex(x)
        if k == "tuple":
            if not isinstance(x, list):
                raise Unsupported("tuple items must be an array")
            return tuple(dec(i) for i in x)
        if k == "dict":
            return {dec(a): dec(b) for a, b in x}
        if k in RESULTS:
            return RESULTS[k](*(dec(i) for i in x))
        raise Unsupported("unknown value type %r" % k)
    return v


def enc(v):
    for name, cls in RESULTS.items():
        if type(v) is cls:
            return {name: [enc(x) for x in v]}
    if isinstance(v, str) and any(0xD800 <= ord(c) < 0xE000 for c in v):
        raise Unsupported("a str result holding a lone surrogate")
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, (bytes, bytearray)):
        return {"bytes": bytes(v).hex()}
    if isinstance(v, dict):
        return {"dict": [[enc(k), enc(x)] for k, x in v.items()]}
    if isinstance(v, (list, tuple)):
        return [enc(x) for x in v]
    raise Unsupported("cannot encode %s" % type(v).__name__)


def answer(call):
    name = call["fn"]
    args = [dec(a) for a in call.get("args") or []]
    kwargs = {k: dec(v) for k, v in (call.get("kwargs") or {}).items()}
    if "quote_via" in kwargs:
        if kwargs["quote_via"] not in QUOTE_VIA:
            raise Unsupported("unknown quote_via")
        kwargs["quote_via"] = QUOTE_VIA[kwargs["quote_via"]]
    fname, _, attr = name.partition(".")
    if fname not in P.__all__ and fname != "unwrap":
        raise Unsupported("unknown function %r" % name)
    if attr and fname not in ("urlsplit", "urlparse", "urldefrag"):
        raise Unsupported("unknown function %r" % name)
    try:
        r = getattr(P, fname)(*args, **kwargs)
        if attr:
            if attr == "geturl":
                r = r.geturl()
            else:
                r = getattr(r, attr)
    except Unsupported:
        raise
    except Exception as e:  # the class name is the answer
        return {"error": type(e).__name__}
    return {"ok": enc(r)}


def main():
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            a = answer(_unlimited_digits(json.loads, line))
        except Unsupported as e:
            a = {"unsupported": str(e)}
        except Exception as e:
            a = {"unsupported": "%s: %s" % (type(e).__name__, e)}
        out.write(_unlimited_digits(lambda: json.dumps(a, ensure_ascii=False)) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
