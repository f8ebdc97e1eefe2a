"""urlsyntax in PySpark: URL columns split with no per-row Python.

>>> from urlsyntax.spark import with_urlsplit
>>> df = with_urlsplit(spark.read.parquet("index.parquet"), "url")
>>> df.groupBy("url_split.hostname").count()

``with_urlsplit`` and ``with_urlparse`` answer through one of two engines
(``engine=``): the package's Java UDF and its JNI library, in the
executors' JVM (``"jvm"``, the default where it can answer), or Arrow UDFs
in the executors' Python workers (``"arrow"``). Either way each field of
the struct is its own UDF, so Spark's optimizer keeps only the fields a
query reads (here the hostname alone: one field computed and carried, not
ten).

The JVM engine needs PySpark 3.5 or later (Python 3.9 on); the Arrow
engine, ``with_neturl_check`` and the UDFs of SQL need PySpark 4.1 or
later (``arrow_udf``: pyarrow arrays in and out), hence Python 3.10 or
later (3.11 or later for PySpark 4.3). Java 17 for both.
The JVM engine answers with one of the project's profiles as it is: the
driver's (its interpreter's own, or one chosen with ``use_profile``), or
the one named by ``profile=``; the Arrow engine with the
executors' own interpreter, as ``urlsyntax.arrow`` does. Ship the package
to the executors in an archive of a virtual environment
(``spark-submit --archives``; ``--py-files`` cannot carry its native
module); the README's scale section shows how.
"""

import pyarrow as pa

from urlsyntax import _native
from urlsyntax import _spark_jvm as _jvm
from urlsyntax import arrow as _arrow


def _split_fields(params):
    """The struct's fields, as the native module lists them."""
    return list(_native._split_fields(params)[0])


def _split_ddl(fields):
    return ", ".join("%s %s" % (n, "int" if n == "port" else "string") for n in fields)


def _select(fields, params):
    """The fields asked for, checked, in the struct's order; ``None``: all."""
    every = _split_fields(params)
    if fields is None:
        return every
    unknown = [f for f in fields if f not in every]
    if unknown or not fields:
        raise ValueError("fields must be some of %s, not %r" % (every, list(fields)))
    return [f for f in every if f in fields]


def _narrow(struct, names):
    """``struct`` with only the fields ``names`` (its nulls kept)."""
    if len(names) == struct.type.num_fields:
        return struct
    return pa.StructArray.from_arrays(
        [struct.field(n) for n in names], names=names, mask=struct.is_null()
    )


_CHECK_DDL = "valid boolean, part string, message string"


def _arrow_udf(ddl, function, name="column"):
    try:
        from pyspark.sql.functions import arrow_udf
    except ImportError:
        import pyspark

        raise ImportError(
            "urlsyntax.spark's Arrow UDFs need PySpark 4.1 or later (arrow_udf), not %s; "
            "with_urlsplit and with_urlparse answer on PySpark 3.5 through the JVM engine "
            "(engine='jvm')" % pyspark.__version__
        ) from None

    def column(urls: pa.Array) -> pa.Array:
        return function(urls)

    column.__name__ = column.__qualname__ = name
    return arrow_udf(column, ddl)


def urlsplit_udf(scheme="", allow_fragments=True, *, profile=None, fields=None):
    """The Arrow UDF of ``urlsyntax.arrow.urlsplit``: one UDF answering the
    struct of the same fields, or of only ``fields``, for registering in
    SQL (``spark.udf.register``). Every field it answers crosses back to
    the JVM, even those a query does not read; :func:`with_urlsplit`, one
    UDF a field, carries only those."""
    names = _select(fields, False)
    return _arrow_udf(
        _split_ddl(names),
        # An executor runs a worker a core already: no threads of ours.
        lambda urls: _narrow(
            _arrow.urlsplit(
                urls, scheme, allow_fragments, profile=profile, use_threads=False, string_type=urls.type
            ),
            names,
        ),
    )


def urlparse_udf(scheme="", allow_fragments=True, *, profile=None, fields=None):
    """The Arrow UDF of ``urlsyntax.arrow.urlparse`` (``fields`` as for
    :func:`urlsplit_udf`)."""
    names = _select(fields, True)
    return _arrow_udf(
        _split_ddl(names),
        lambda urls: _narrow(
            _arrow.urlparse(
                urls, scheme, allow_fragments, profile=profile, use_threads=False, string_type=urls.type
            ),
            names,
        ),
    )


def neturl_check_udf(base_syntax=None, accept_8bits=False, enable_fragment=False):
    """The Arrow UDF of ``urlsyntax.arrow.neturl_check``."""
    return _arrow_udf(
        _CHECK_DDL,
        lambda urls: _arrow.neturl_check(urls, base_syntax, accept_8bits, enable_fragment),
    )


class _LastBatch:
    """The batch a field UDF last answered, kept so that the other fields
    of the same batch come from one split: Spark hands each UDF of a plan
    the same batch in turn. The batch itself is held, so its buffers
    cannot be freed and their addresses reused by another batch while the
    key names them."""

    key = None
    urls = None
    fields = None


def _batch_key(urls, options):
    buffers = tuple(0 if b is None else b.address for b in urls.buffers())
    return (options, urls.type.id, len(urls), urls.offset, buffers)


def _field_of(urls, name, options):
    """Field ``name`` of the split of ``urls``: built alone for the first
    field a batch is asked, from the whole split (built once) for the
    rest."""
    scheme, allow_fragments, params, profile = options
    if not isinstance(urls, pa.Array):
        return _arrow._split_field(urls, name, *options)
    key = _batch_key(urls, options)
    last = _LastBatch
    if last.key != key:
        last.key, last.urls, last.fields = key, urls, None
        if name != "error":
            return _arrow._split_field(urls, name, *options)
    if last.fields is None:
        # Spark takes the fields back in the batch's own layout.
        last.fields = _arrow._fields(
            _arrow._split(urls, scheme, allow_fragments, params, profile, 1, urls.type)
        )
    return last.fields[name]


class _FieldUdfs:
    """The field UDFs made for the running SparkContext, by field and
    options: a UDF is pickled and handed to the JVM once, when first
    applied, and making the eleven of a struct anew for every query cost
    the driver tens of milliseconds a query. A new context (the old one
    stopped) gets UDFs of its own."""

    context = None
    made = {}


def _field_udf(name, options):
    """The Arrow UDF of field ``name`` of the split with ``options``."""
    from pyspark import SparkContext

    udfs = _FieldUdfs
    if udfs.context is not SparkContext._active_spark_context:
        udfs.context, udfs.made = SparkContext._active_spark_context, {}
    key = (name, options)
    if key not in udfs.made:
        udfs.made[key] = _arrow_udf(
            "int" if name == "port" else "string",
            lambda urls: _field_of(urls, name, options),
            ("urlparse_" if options[2] else "urlsplit_") + name,
        )
    return udfs.made[key]


def _split_column(column, names, options):
    """The struct of ``names`` over ``column``, one Arrow UDF a field, null
    where ``column`` is. Spark's optimizer keeps only the fields a query
    reads (``url_split.hostname`` runs the hostname UDF alone), and the
    fields a query reads together share one split a batch."""
    from pyspark.sql import functions as F

    struct = F.struct(*[_field_udf(n, options)(column).alias(n) for n in names])
    return F.when(column.isNull(), F.lit(None)).otherwise(struct)


def _jvm_column(spark, column, names, options, release):
    """The same struct, one Java UDF of the JVM engine a field."""
    from pyspark.sql import functions as F

    scheme, allow_fragments, params, _ = options
    text = "\t".join(["parse" if params else "split", release, "1" if allow_fragments else "0", scheme])

    def field(name):
        value = F.call_udf(_jvm.function(spark, text, name), column)
        return (value.cast("int") if name == "port" else value).alias(name)

    struct = F.struct(*[field(n) for n in names])
    return F.when(column.isNull(), F.lit(None)).otherwise(struct)


def _column(df, column, names, options, engine):
    """The split struct over ``df[column]``, by ``engine``: "jvm", "arrow",
    or ``None`` for the JVM where it can answer, else Arrow."""
    if engine not in (None, "jvm", "arrow"):
        raise ValueError("engine must be 'jvm', 'arrow' or None, not %r" % (engine,))
    if engine != "arrow":
        release, why_not = _jvm.release_for(options)
        if release is not None:
            why_not = _jvm.ready(df.sparkSession)
        if why_not is None:
            return _jvm_column(df.sparkSession, df[column], names, options, release)
        if engine == "jvm":
            raise RuntimeError("urlsyntax.spark: the JVM engine cannot answer: " + why_not)
    return _split_column(df[column], names, options)


def with_urlsplit(
    df, column, into=None, *, scheme="", allow_fragments=True, profile=None, fields=None, engine=None
):
    """``df`` with the struct column ``into`` (default ``<column>_split``):
    ``urllib.parse.urlsplit`` of ``column`` with its netloc attributes and
    first error, as :func:`urlsyntax.arrow.urlsplit` gives them (only
    ``fields``, when given). Each field is its own UDF, so a query that
    reads only some of them (``url_split.hostname``) computes and carries
    back only those.

    ``engine`` chooses who answers: ``"jvm"``, the package's Java UDF and
    its native library, in the executors' JVM with no Python worker;
    ``"arrow"``, Arrow UDFs in the executors' Python workers; ``None``
    (the default), the JVM where it can answer, else Arrow. The JVM engine
    needs a package built with it (every wheel), and a profile as it is (the
    driver's, when its release was verified or its profile chosen, or
    ``profile=``); it adds its jar to
    the session (``ADD JAR``) on first use."""
    names = _select(fields, False)
    options = (scheme, allow_fragments, False, profile)
    return df.withColumn(into or column + "_split", _column(df, column, names, options, engine))


def with_urlparse(
    df, column, into=None, *, scheme="", allow_fragments=True, profile=None, fields=None, engine=None
):
    """As :func:`with_urlsplit`, with ``urlparse`` (default name
    ``<column>_parse``)."""
    names = _select(fields, True)
    options = (scheme, allow_fragments, True, profile)
    return df.withColumn(into or column + "_parse", _column(df, column, names, options, engine))


def with_neturl_check(df, column, into=None, *, base_syntax=None, accept_8bits=False, enable_fragment=False):
    """``df`` with the struct column ``into`` (default ``<column>_check``):
    whether each URL is well formed for Neturl, and why not."""
    udf = neturl_check_udf(base_syntax, accept_8bits, enable_fragment)
    return df.withColumn(into or column + "_check", udf(df[column]))


__all__ = [
    "with_urlsplit",
    "with_urlparse",
    "with_neturl_check",
    "urlsplit_udf",
    "urlparse_udf",
    "neturl_check_udf",
]
