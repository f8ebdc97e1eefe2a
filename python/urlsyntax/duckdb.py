"""urlsyntax's functions in DuckDB SQL, as Arrow-vectorized UDFs.

>>> import duckdb, urlsyntax.duckdb
>>> con = duckdb.connect()
>>> urlsyntax.duckdb.register(con)
>>> con.sql("SELECT urlsplit('http://Example.com:80/a').hostname").fetchall()
[('example.com',)]

Each function takes whole vectors of rows (Arrow arrays, no per-row
Python) and answers as ``urlsyntax.arrow`` does: the running interpreter's
``urllib.parse``, or the release named by ``register(con, profile=...)``.

* ``urlsplit(url)`` and ``urlparse(url)``: the struct of
  :func:`urlsyntax.arrow.urlsplit` (``scheme``, ``netloc``, ``path``,
  [``params``,] ``query``, ``fragment``, ``username``, ``password``,
  ``hostname``, ``port``, ``error``);
* ``url_hostname(url)``, ``url_port(url)``;
* ``urljoin(base, url)``;
* ``parse_qsl(query)``: ``STRUCT(name VARCHAR, value VARCHAR)[]``;
* ``url_check(url)``: Neturl's check, ``STRUCT(valid BOOLEAN, part
  VARCHAR, message VARCHAR)``.
"""

import pyarrow as pa

from urlsyntax import _native
from urlsyntax import arrow as _arrow


def _struct_sql(params):
    """The struct's SQL type: its fields as the native module lists them,
    ``port`` an ``INTEGER``, the others ``VARCHAR``."""
    names = _native._split_fields(params)[0]
    fields = ["%s %s" % (n, "INTEGER" if n == "port" else "VARCHAR") for n in names]
    return "STRUCT(%s)" % ", ".join(fields)


FUNCTIONS = ["urlsplit", "urlparse", "url_hostname", "url_port", "urljoin", "parse_qsl", "url_check"]


def register(con, *, profile=None, prefix=""):
    """Registers the functions on the DuckDB connection ``con`` (names
    prefixed with ``prefix``); returns ``con``."""

    try:
        import numpy  # noqa: F401
    except ImportError:
        raise ImportError(
            "urlsyntax.duckdb needs numpy: DuckDB's Arrow UDFs import it "
            "(pip install numpy, or the urlsyntax[duckdb] extra)"
        ) from None

    def field(name):
        def column(urls):
            answer = _arrow._split_field(urls, name, "", True, False, profile)
            return answer.combine_chunks() if isinstance(answer, pa.ChunkedArray) else answer

        return column

    # DuckDB runs a vector a thread already: no threads of ours on top.
    functions = [
        ("urlsplit", lambda u: _arrow.urlsplit(u, profile=profile, use_threads=False), ["VARCHAR"], _struct_sql(False)),
        ("urlparse", lambda u: _arrow.urlparse(u, profile=profile, use_threads=False), ["VARCHAR"], _struct_sql(True)),
        ("url_hostname", field("hostname"), ["VARCHAR"], "VARCHAR"),
        ("url_port", field("port"), ["VARCHAR"], "INTEGER"),
        ("urljoin", lambda b, u: _arrow.urljoin(b, u, profile=profile), ["VARCHAR", "VARCHAR"], "VARCHAR"),
        (
            "parse_qsl",
            lambda q: _arrow.parse_qsl(q, profile=profile),
            ["VARCHAR"],
            "STRUCT(name VARCHAR, value VARCHAR)[]",
        ),
        (
            "url_check",
            lambda u: _arrow.neturl_check(u),
            ["VARCHAR"],
            "STRUCT(valid BOOLEAN, part VARCHAR, message VARCHAR)",
        ),
    ]
    for name, function, parameters, returns in functions:
        con.create_function(
            prefix + name,
            function,
            parameters,
            returns,
            type="arrow",
            null_handling="special",
        )
    return con


__all__ = ["register", "FUNCTIONS"]
