"""The JVM engine of ``urlsyntax.spark``: the package's jar (the Java UDF
``org.urlsyntax.spark.UrlField`` and its JNI library, built from
``jvm/``), added to a Spark session once, and one UDF registered in it a
field and option set (so that a row carries only its URL)."""

import hashlib
import os
import tempfile
import threading

from urlsyntax import _native
from urlsyntax import parse as _parse

CLASS = "org.urlsyntax.spark.UrlField"
# The struct's fields, numbered as the JVM engine numbers them: both are
# the library's urlsyntax_fields::Field::ALL (urlparse's struct), this list
# through the native module.
FIELDS = list(_native._split_fields(True)[0])


def release_for(options):
    """The release the JVM answers ``options`` with, and ``None``; or
    ``None`` and why it cannot."""
    scheme, _, _, profile = options
    if not isinstance(scheme, str):
        return None, "scheme must be a str, not %r" % type(scheme).__name__
    if profile is None:
        # The driver's profile: its release's own, one chosen knowingly
        # (use_profile), or the one the library's probe derived from the
        # driver's interpreter (its answers travel to the executors); not
        # one patched with switches only the interpreter answers.
        chosen = _parse.PROFILE
        if chosen.derived is not None:
            return "derived;" + chosen.derived.strip("\n").replace("\n", ";"), None
        if chosen.release is None or chosen.probed is not None:
            return None, (
                "CPython %s was not verified by urlsyntax; the JVM answers with a verified "
                "profile only (profile='3.13', say)" % chosen.interpreter
            )
        return chosen.release, None
    # A line names its newest profile, as with use_profile.
    release = _native._lookup(profile)
    if release is not None:
        return release, None
    raise ValueError("no urlsyntax profile for %r (there are: %s)" % (profile, ", ".join(_native._releases())))


def _jar_file():
    """The jar, written once to the temporary directory under a name of
    its contents; ``None`` when the package was built without it."""
    jar = _native._jvm_jar()
    if jar is None:
        return None
    path = os.path.join(tempfile.gettempdir(), "urlsyntax-%s.jar" % hashlib.sha256(jar).hexdigest()[:16])
    if not os.path.exists(path):
        fd, partial = tempfile.mkstemp(suffix=".jar")
        with os.fdopen(fd, "wb") as f:
            f.write(jar)
        os.replace(partial, path)
    return path


def function_name(options, field):
    """The name the UDF of ``field`` under ``options`` is registered by."""
    return "urlsyntax_%s_%s" % (field, hashlib.sha256(options.encode("utf-8", "surrogatepass")).hexdigest()[:12])


class _Sessions:
    """Each session the engine was readied in, by ``id``: the session (held,
    so that its ``id`` is not reused), why the engine is not ready
    (``None``: ready) and the UDFs registered. A new SparkContext starts
    afresh."""

    lock = threading.Lock()
    context = None
    ready = {}


def ready(spark):
    """Readies the engine in ``spark`` once: adds the jar, registers a UDF
    and answers one row on an executor. ``None`` when it answers, else
    why not."""
    sessions = _Sessions
    try:
        context = spark.sparkContext
    except Exception as e:  # noqa: BLE001 - Spark Connect has none
        return "the session has no SparkContext to add a jar to (%s)" % type(e).__name__
    with sessions.lock:
        if sessions.context is not context:
            sessions.context, sessions.ready = context, {}
        if id(spark) not in sessions.ready:
            sessions.ready[id(spark)] = (spark, set(), _prepare(spark))
        return sessions.ready[id(spark)][2]


def function(spark, options, field):
    """The name of the UDF answering ``field`` under ``options`` in
    ``spark`` (a ready session), registered on first use."""
    name = function_name(options, field)
    with _Sessions.lock:
        registered = _Sessions.ready[id(spark)][1]
        if name not in registered:
            jvm = spark._jvm
            udf = getattr(jvm, CLASS)(options, FIELDS.index(field))
            spark._jsparkSession.udf().register(name, udf, jvm.org.apache.spark.sql.types.DataTypes.StringType)
            registered.add(name)
    return name


def _prepare(spark):
    path = _jar_file()
    if path is None:
        return "this urlsyntax was built without its JVM engine (the wheels carry it; a build from source, when URLSYNTAX_JVM_JAR names its jar)"
    try:
        from pyspark.sql import functions as F

        spark.sql("ADD JAR '%s'" % path.replace("\\", "\\\\").replace("'", "\\'"))
        options = "split\t%s\t1\t" % _native._releases()[-1]
        jvm = spark._jvm
        udf = getattr(jvm, CLASS)(options, FIELDS.index("hostname"))
        probe = "urlsyntax_probe"
        spark._jsparkSession.udf().register(probe, udf, jvm.org.apache.spark.sql.types.DataTypes.StringType)
        got = spark.range(1).select(F.call_udf(probe, F.lit("http://Example.COM:80/"))).first()[0]
    except Exception as e:  # noqa: BLE001 - any failure means: not ready
        return "%s: %s" % (type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else "")
    if got != "example.com":
        return "the Java UDF answered %r for a known hostname" % (got,)
    return None
