"""urllib.parse and Neturl over whole Arrow string columns.

Each function takes a pyarrow ``Array`` or ``ChunkedArray`` of ``string``,
``large_string`` or ``string_view`` (or any object with
``__arrow_c_array__`` / ``__arrow_c_stream__``, such as a Polars series) and
returns the same kind, chunk for chunk, in the input's string layout. The
buffers are read in place and the work runs with the GIL released; a null
row gives a null row.

Answers are the running interpreter's ``urllib.parse`` answers, row by row,
or those of the release named by ``profile=`` (``"3.9"``, ``"3.13.0"``). On
a release urlsyntax has no profile for (or after urllib.parse's scheme
lists were changed), the functions loop over the rows in Python with
``urllib.parse`` itself: the same answers, slowly.

``urlsplit`` and ``urlparse`` never raise for a row: a row that raised has
the exception in its ``error`` field. The other urllib functions raise
CPython's own exception for the first row that raises, as a loop would.
"""

import urllib.parse as _stdlib

import pyarrow as pa

from urlsyntax import _native
from urlsyntax import parse as _parse

__all__ = [
    "urlsplit",
    "urlparse",
    "urljoin",
    "parse_qsl",
    "quote",
    "quote_plus",
    "unquote",
    "unquote_plus",
    "neturl_check",
    "split_type",
]

def split_type(string_type=pa.string(), params=False):
    """The struct type ``urlsplit`` (``params=False``) or ``urlparse``
    returns for a column of ``string_type``: its fields as the native
    module lists them (the library's ``urlsyntax-fields``), ``port`` an
    ``int32``, the others text."""
    names = _native._split_fields(params)[0]
    return pa.struct([pa.field(n, pa.int32() if n == "port" else string_type) for n in names])


def _views_by_default():
    """pyarrow has ``string_view`` columns, and takes them through the C
    Data Interface (16 and later)."""
    try:
        major = int(pa.__version__.split(".")[0])
    except ValueError:
        return False
    return major >= 16 and hasattr(pa, "string_view")


# Whether urlsplit and urlparse answer string_view text by default.
VIEWS = _views_by_default()


def _text_type(string_type, input_type):
    """The type of the answer's text fields: ``string_type``, or by default
    ``string_view`` where pyarrow has it (the fields then point into the
    input's buffers) and the input's own layout elsewhere."""
    if string_type is None:
        return pa.string_view() if VIEWS else input_type
    _check_strings(string_type, "string_type")
    return string_type


def _chunks(column, argument):
    """``(chunks, chunked, type)`` of an Arrow column."""
    if isinstance(column, pa.ChunkedArray):
        return column.chunks, True, column.type
    if isinstance(column, pa.Array):
        return [column], False, column.type
    if hasattr(column, "__arrow_c_stream__"):
        c = pa.chunked_array(column)
        return c.chunks, True, c.type
    if hasattr(column, "__arrow_c_array__"):
        a = pa.array(column)
        return [a], False, a.type
    raise TypeError(
        "%s must be a pyarrow Array or ChunkedArray of strings, not %s"
        % (argument, type(column).__name__)
    )


def _check_strings(string_type, argument):
    is_view = getattr(pa.types, "is_string_view", lambda t: False)
    if not (
        pa.types.is_string(string_type)
        or pa.types.is_large_string(string_type)
        or is_view(string_type)
    ):
        raise TypeError(
            "%s must be an Arrow array of string, large_string or string_view, not %s"
            % (argument, string_type)
        )


def _import(capsules):
    return pa.Array._import_from_c_capsule(*capsules)


def _apply(column, argument, each, result_type):
    """Runs ``each(chunk)`` over the chunks; the same kind back."""
    chunks, chunked, string_type = _chunks(column, argument)
    _check_strings(string_type, argument)
    results = [each(chunk) for chunk in chunks]
    if not chunked:
        return results[0]
    return pa.chunked_array(results, type=result_type(string_type))


def _raise_row(row, error, again):
    """Raises what CPython raises for a row: ``again()`` calls urllib.parse
    on it when the answer is the running interpreter's."""
    _, name, message = error
    if again is not None:
        again(row)
    classes = {"TypeError": TypeError, "LookupError": LookupError, "IndexError": IndexError}
    cls = classes.get(name, ValueError)
    if name.startswith("Unicode"):
        cls = UnicodeError
    raise cls("row %d: %s" % (row, message))


def _answered(answer, error, again):
    """A chunk's native answer, as an array; where a row raised, that
    row's error, raised (:func:`_raise_row`; ``again``: ``None`` under a
    named profile); ``None`` where the native module cannot answer (no
    context for the running interpreter, or arguments it does not read):
    the caller loops in Python."""
    if answer is not None:
        return _import(answer)
    if error is not None:
        _raise_row(error[0], error, again)
    return None


def _attributes():
    """The attributes read off a result into the struct (``username`` ...
    ``port``): its fields after the components, before ``error``, as the
    native module lists them."""
    every, components = _native._split_fields(False)
    return [n for n in every if n not in components and n != "error"]


_ATTRIBUTES = _attributes()


def _loop(chunk, out_type, each):
    """The rows of ``chunk`` through a Python function: the fallback."""
    return pa.array(
        [None if v is None else each(v) for v in chunk.to_pylist()], type=out_type
    )


def _error_of(func, url, scheme, allow_fragments):
    """The first error ``func`` or reading the netloc attributes raises
    for ``url``, as the struct's ``error`` holds it; ``None``."""
    try:
        r = func(url, scheme, allow_fragments)
        for name in _ATTRIBUTES:
            getattr(r, name)
    except Exception as e:
        return "%s: %s" % (type(e).__name__, e)
    return None


def _split_row(func, url, scheme, allow_fragments, names):
    """One row of ``urlsplit``/``urlparse`` as urllib.parse answers it."""
    try:
        r = func(url, scheme, allow_fragments)
    except Exception as e:  # the row's error, as a field
        row = dict.fromkeys(names + _ATTRIBUTES)
        row["error"] = "%s: %s" % (type(e).__name__, e)
        return row
    row = dict(zip(names, r))
    row["error"] = None
    for name in _ATTRIBUTES:
        try:
            row[name] = getattr(r, name)
        except Exception as e:
            row[name] = None
            if row["error"] is None:
                row["error"] = "%s: %s" % (type(e).__name__, e)
    return row


def _split(urls, scheme, allow_fragments, params, profile, threads=1, string_type=None):
    """The struct column of ``urlsplit`` (``urlparse`` with ``params``),
    split on up to ``threads`` threads (0: one a core), its text fields of
    ``string_type`` (``None``: as :func:`_text_type` chooses)."""
    func = _stdlib.urlparse if params else _stdlib.urlsplit
    names = _native._split_fields(params)[1]
    fragments = bool(allow_fragments)

    def each(chunk):
        def message_of(rows):
            if pa.types.is_string(chunk.type) or pa.types.is_large_string(chunk.type):
                urls = chunk.take(pa.array(rows, pa.int64())).to_pylist()
            else:  # no `take` for string_view in every pyarrow
                urls = [chunk[row].as_py() for row in rows]
            return [_error_of(func, url, scheme, fragments) for url in urls]

        text_type = _text_type(string_type, chunk.type)
        if isinstance(scheme, str):
            answer = _native._arrow_split(
                chunk.__arrow_c_array__(),
                scheme,
                fragments,
                params,
                profile,
                # A verified release's messages are the library's own (the
                # differential tests hold them equal); an unverified one's
                # the interpreter words, for the rows that raised.
                message_of if profile is None and not _parse.PROFILE.verified else None,
                threads,
                str(text_type),
            )
            if answer is not None:
                return _import(answer)
        return _loop(
            chunk,
            split_type(text_type, params),
            lambda url: _split_row(func, url, scheme, fragments, names),
        )

    return _apply(urls, "urls", each, lambda t: split_type(_text_type(string_type, t), params))


def _split_field(urls, name, scheme, allow_fragments, params, profile):
    """The field ``name`` of ``_split(urls, ...)``, with the struct's
    nulls, built alone where the native module can (any field but
    ``error``, of a single ``Array``)."""
    if isinstance(urls, pa.ChunkedArray):
        parts = [_split_field(c, name, scheme, allow_fragments, params, profile) for c in urls.chunks]
        field_type = split_type(urls.type, params).field(name).type
        return pa.chunked_array(parts, field_type)
    if name != "error" and isinstance(scheme, str) and isinstance(urls, pa.Array):
        _check_strings(urls.type, "urls")
        answer = _native._arrow_split(
            urls.__arrow_c_array__(), scheme, bool(allow_fragments), params, profile, field=name
        )
        if answer is not None:
            return _import(answer)
    string_type = urls.type if isinstance(urls, pa.Array) else None
    return _fields(_split(urls, scheme, allow_fragments, params, profile, 1, string_type))[name]


def _fields(struct):
    """Each field of a struct column by name, with the struct's nulls, in
    its kind (array or chunked array)."""
    names = [f.name for f in struct.type]
    if isinstance(struct, pa.ChunkedArray):
        columns = zip(*(c.flatten() for c in struct.chunks))
        types = [f.type for f in struct.type]
        return {n: pa.chunked_array(list(c), t) for n, c, t in zip(names, columns, types)}
    return dict(zip(names, struct.flatten()))


def urlsplit(
    urls, scheme="", allow_fragments=True, *, profile=None, use_threads=True, string_type=None
):
    """``urllib.parse.urlsplit`` of every URL, as a struct column: the five
    components, ``username``, ``password``, ``hostname``, ``port`` (int32)
    and ``error`` (``"ValueError: <message>"`` for ``urlsplit`` or for the
    first attribute that raised, else null).

    ``string_type``: the type of the text fields, ``pa.string()``,
    ``pa.large_string()`` or ``pa.string_view()``. By default
    ``string_view`` where pyarrow has it (16 and later): a field that is
    a part of its URL, as most are, points into the input's buffers instead
    of copying (so the answer keeps the input's memory alive); with an
    older pyarrow, the input's layout.

    ``use_threads`` (as pyarrow's readers take it): a chunk of 65,536 rows
    or more is split on one thread a core (32,768 rows a thread at the
    least), in pieces handed out in turn, each thread building the columns
    of its pieces; the answer is the same either way. Pass ``False`` where
    each core already runs a worker of its own (Spark's executors,
    DuckDB's threads)."""
    return _split(urls, scheme, allow_fragments, False, profile, 0 if use_threads else 1, string_type)


def urlparse(
    urls, scheme="", allow_fragments=True, *, profile=None, use_threads=True, string_type=None
):
    """``urllib.parse.urlparse`` of every URL: as :func:`urlsplit`, with
    ``params``."""
    return _split(urls, scheme, allow_fragments, True, profile, 0 if use_threads else 1, string_type)


def _text_function(column, argument, native, stdlib_call, profile):
    """A string-to-string function over a column."""

    def each(chunk):
        again = None if profile is not None else lambda row: stdlib_call(chunk[row].as_py(), row)
        done = _answered(*native(chunk), again)
        if done is not None:
            return done
        return _loop(chunk, chunk.type, lambda v: stdlib_call(v, None))

    return _apply(column, argument, each, lambda t: t)


def _quoting(strings, function, safe, encoding, errors, profile, python):
    """``function`` (``"quote"``, ``"unquote_plus"``, ...) of every string:
    natively, or through ``python(s)`` (``urllib.parse``'s own call) where
    the native path does not answer. The unquoting functions (``safe``
    ``None``) go native only with ``encoding`` and ``errors`` each ``str``
    or ``None``; anything else is left to Python, and to its error."""
    unquoting = function.startswith("unquote")

    def native(chunk):
        if unquoting and (
            _text_or_none(encoding) is False or _text_or_none(errors) is False
        ):
            return None, None
        return _native._arrow_quoting(
            chunk.__arrow_c_array__(), function, safe, encoding, errors, profile
        )

    return _text_function(strings, "strings", native, lambda s, row: python(s), profile)


def _text_or_none(value):
    return value if value is None or type(value) is str else False


def quote(strings, safe="/", encoding=None, errors=None, *, profile=None):
    """``urllib.parse.quote`` of every string."""
    return _quoting(
        strings, "quote", safe, encoding, errors, profile,
        lambda s: _stdlib.quote(s, safe, encoding, errors),
    )


def quote_plus(strings, safe="", encoding=None, errors=None, *, profile=None):
    """``urllib.parse.quote_plus`` of every string."""
    return _quoting(
        strings, "quote_plus", safe, encoding, errors, profile,
        lambda s: _stdlib.quote_plus(s, safe, encoding, errors),
    )


def unquote(strings, encoding="utf-8", errors="replace", *, profile=None):
    """``urllib.parse.unquote`` of every string."""
    return _quoting(
        strings, "unquote", None, encoding, errors, profile,
        lambda s: _stdlib.unquote(s, encoding, errors),
    )


def unquote_plus(strings, encoding="utf-8", errors="replace", *, profile=None):
    """``urllib.parse.unquote_plus`` of every string."""
    return _quoting(
        strings, "unquote_plus", None, encoding, errors, profile,
        lambda s: _stdlib.unquote_plus(s, encoding, errors),
    )


def urljoin(base, urls, allow_fragments=True, *, profile=None):
    """``urllib.parse.urljoin(base, url)`` of every URL; ``base`` is one
    ``str`` or a column as long as ``urls`` (a null base gives null)."""
    fragments = bool(allow_fragments)
    if isinstance(base, str):
        bases = None
    else:
        base_chunks, _, base_type = _chunks(base, "base")
        _check_strings(base_type, "base")
        bases = pa.chunked_array(base_chunks, type=base_type)
    offset = [0]

    def each(chunk):
        start = offset[0]
        offset[0] += len(chunk)
        if bases is None:
            base_of = lambda row: base  # noqa: E731
            answer, error = _native._arrow_urljoin(
                chunk.__arrow_c_array__(), fragments, base, None, profile
            )
        else:
            own = bases.slice(start, len(chunk)).combine_chunks()
            base_of = lambda row: own[row].as_py()  # noqa: E731
            answer, error = _native._arrow_urljoin(
                chunk.__arrow_c_array__(),
                fragments,
                None,
                own.__arrow_c_array__(),
                profile,
            )
        again = None
        if profile is None:
            again = lambda row: _stdlib.urljoin(base_of(row), chunk[row].as_py(), fragments)  # noqa: E731
        done = _answered(answer, error, again)
        if done is not None:
            return done
        pairs = zip([base_of(i) for i in range(len(chunk))], chunk.to_pylist())
        return pa.array(
            [
                None if b is None or u is None else _stdlib.urljoin(b, u, fragments)
                for b, u in pairs
            ],
            type=chunk.type,
        )

    if bases is not None and len(bases) != len(urls):
        raise ValueError(
            "base has %d rows and urls %d: they must be as long" % (len(bases), len(urls))
        )
    return _apply(urls, "urls", each, lambda t: t)


def qsl_type(string_type=pa.string()):
    """The type ``parse_qsl`` returns for a column of ``string_type``."""
    return pa.list_(
        pa.struct([pa.field("name", string_type), pa.field("value", string_type)])
    )


def parse_qsl(
    queries,
    keep_blank_values=False,
    strict_parsing=False,
    encoding="utf-8",
    errors="replace",
    max_num_fields=None,
    separator="&",
    *,
    profile=None,
):
    """``urllib.parse.parse_qsl`` of every query, as
    ``list<struct<name, value>>``."""
    limit = max_num_fields
    if type(limit) is int:
        limit = max(min(limit, 2**63 - 1), -(2**63))

    def stdlib_call(q, row):
        pairs = _stdlib.parse_qsl(
            q,
            keep_blank_values,
            strict_parsing,
            encoding,
            errors,
            max_num_fields,
            separator,
        )
        return [{"name": n, "value": v} for n, v in pairs]

    def each(chunk):
        native_args = (
            type(encoding) is str
            and type(errors) is str
            and type(separator) is str
            and (limit is None or type(limit) is int)
        )
        answer, error = (None, None)
        if native_args:
            answer, error = _native._arrow_parse_qsl(
                chunk.__arrow_c_array__(),
                bool(keep_blank_values),
                bool(strict_parsing),
                encoding,
                errors,
                limit,
                separator,
                profile,
            )
        again = None if profile is not None else lambda row: stdlib_call(chunk[row].as_py(), row)
        done = _answered(answer, error, again)
        if done is not None:
            return done
        return _loop(chunk, qsl_type(chunk.type), lambda q: stdlib_call(q, None))

    return _apply(queries, "queries", each, qsl_type)


def check_type(string_type=pa.string()):
    """The type ``neturl_check`` returns for a column of ``string_type``."""
    return pa.struct(
        [
            pa.field("valid", pa.bool_()),
            pa.field("part", string_type),
            pa.field("message", string_type),
        ]
    )


def neturl_check(urls, base_syntax=None, accept_8bits=False, enable_fragment=False):
    """Whether each URL is well formed for Neturl (Ocamlnet's ``Neturl``,
    common scheme table): ``struct<valid, part, message>``, where ``part``
    and ``message`` say why a URL is malformed. ``base_syntax`` names the
    scheme whose syntax reads relative URLs (``None``: they are
    malformed)."""

    def each(chunk):
        return _import(
            _native._arrow_neturl_check(
                chunk.__arrow_c_array__(),
                base_syntax,
                bool(accept_8bits),
                bool(enable_fragment),
            )
        )

    return _apply(urls, "urls", each, check_type)


# The profile urlsyntax.parse answers with (checked at import there).
PROFILE = _parse.PROFILE
