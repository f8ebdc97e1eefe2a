#!/usr/bin/env bash
# The Python package's tests, against the wheels it ships: builds them
# once for the run with python/build-wheels.sh (into dist/, each checked by
# auditwheel), then on every installed CPython 3.9 to 3.15 (or those
# named) installs the one for it as users install it, with no Rust or
# Java toolchain (and on Debian 13's own 3.13.5, answered through its
# derived profile): into a fresh virtual environment (made anew for each
# new wheel) on a PATH that holds no cargo, rustc, javac or jar (only a
# Java runtime, `java`, which Spark needs), with its extras and the test
# tools at pinned versions, and python/tests run there against it; on the
# newest 3.13 and 3.14, real libraries' own tests with and without
# install() (python/tests/real_libraries.py). The Spark job runs on
# 3.10.13 and 3.13.0 (python/tests/test_spark.py), from the installed
# wheel's jar. With CI=true a missing interpreter fails the run.
#
#     python/run-tests.sh            # all interpreters
#     python/run-tests.sh 3.13.0     # some
#     URLSYNTAX_PYTHONS="3.9.18 3.15.2" python/run-tests.sh   # some, by default
#                                    # (CI's sample: tests/all.sh --ci)
#     URLSYNTAX_DROPIN_PYTHONS="3.10.13 3.14.10" ...   # and on these, the
#                                    # drop-in checks alone (tests/test_dropin.py)
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$repo/target/python-tests"
dist="$repo/dist"
export URLSYNTAX_HYPOTHESIS_EXAMPLES="${URLSYNTAX_HYPOTHESIS_EXAMPLES:-100}"
versions=("$@")
# shellcheck disable=SC2206
[ ${#versions[@]} -gt 0 ] || [ -z "${URLSYNTAX_PYTHONS:-}" ] || versions=(${URLSYNTAX_PYTHONS})
[ ${#versions[@]} -gt 0 ] || versions=(3.9.18 3.10.13 3.11.7 3.12.1 3.13.0 3.13.18 3.14.10 3.15.2 debian13-3.13.5)

# Test tools, pinned: the last releases that still support 3.9, so that
# every interpreter runs the same ones (they install on 3.15 too).
PINS="pytest==8.4.2 hypothesis==6.141.1 mypy==1.19.1 pytest-benchmark==5.1.0"
# The column engines (urlsyntax.arrow, .duckdb, .spark), installed as the
# wheel's extras (pyproject.toml's lower bounds are the oldest here):
# pyarrow 20 is the last release with wheels for 3.9, and numpy 2.0 the
# last for 3.9; 3.14 needs numpy 2.3, and 3.15 the first releases with its
# wheels (pyarrow 26, numpy 2.5, duckdb 2.0). The Spark job runs on 3.13.0
# with PySpark 4.3 (Python 3.11+; both engines) and on 3.10.13 with
# PySpark 3.5 (the JVM engine alone); Java 17 for both.
pins_for() { # VERSION -> the pins of its environment
    case "$1" in
        3.9.*) echo "$PINS pyarrow==20.0.0 numpy==2.0.2 duckdb==1.4.3" ;;
        3.10.13) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3 pyspark==3.5.7" ;;
        3.13.0) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3 pyspark==4.3.0" ;;
        3.14.*) echo "$PINS pyarrow==22.0.0 numpy==2.3.5 duckdb==1.4.3" ;;
        3.15.*) echo "$PINS pyarrow==26.0.1 numpy==2.5.5 duckdb==2.0.1" ;;
        *) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3" ;;
    esac
}
extras_for() { # PINS -> the wheel's extras they cover
    case "$1" in
        *pyspark*) echo "arrow,duckdb,spark" ;;
        *) echo "arrow,duckdb" ;;
    esac
}
wheel_for() { # VERSION -> the shipped wheel its interpreter installs
    local pattern="cp310-abi3"
    [[ "$1" != 3.9.* ]] || pattern="cp39-cp39"
    local found=("$dist"/urlsyntax-*-"$pattern"-manylinux*.whl)
    if [ ! -f "${found[0]}" ]; then
        echo "python/run-tests.sh: python/build-wheels.sh left no $pattern wheel in dist/" >&2
        exit 1
    fi
    echo "${found[0]}"
}
# Real libraries' tests (their sdists are pinned in real_libraries.py) and
# what they need; w3lib's tests want a hypothesis of 3.10+.
REAL_VERSIONS="3.13.18 3.14.10"
REAL_PINS="pytest==8.4.2 hypothesis==6.170.17 idna==3.20 six==1.17.0 orderedmultidict==1.0.2"

# The PATH of a machine without the toolchains: each directory of this
# one, less those holding cargo or rustc, and those holding javac (a JDK
# beside its runtime, as /usr/bin) as a copy of links without javac and jar.
toolless_path() {
    local dir out="$work/toolless-path" n=0 path=""
    rm -rf "$out"
    local IFS=:
    for dir in $PATH; do
        [ -d "$dir" ] || continue
        if [ -e "$dir/cargo" ] || [ -e "$dir/rustc" ]; then
            continue
        elif [ -e "$dir/javac" ]; then
            n=$((n + 1))
            mkdir -p "$out/$n"
            find "$dir" -mindepth 1 -maxdepth 1 ! -name javac ! -name jar \
                -exec ln -s -t "$out/$n" {} +
            dir="$out/$n"
        fi
        path="${path:+$path:}$dir"
    done
    echo "$path"
}
# One build of each wheel for the whole run, whatever the interpreters.
python/build-wheels.sh
mkdir -p "$work"
TOOLLESS_PATH="$(toolless_path)"
toolless() { # COMMAND... -> run without the toolchains
    env -u JAVA_HOME -u CARGO_TARGET_DIR -u PYO3_PYTHON -u URLSYNTAX_JVM_JAR \
        PATH="$TOOLLESS_PATH" "$@"
}
for tool in cargo rustc javac jar; do
    if toolless sh -c "command -v $tool" >/dev/null; then
        echo "python/run-tests.sh: $tool is still on the toolless PATH" >&2
        exit 1
    fi
done

venv() { # NAME PYTHON PINS WHEEL[EXTRAS] -> a fresh environment's python, made once per pin set and wheel
    local dir="$work/$1" key
    key="$3 $(sha256sum "${4%%\[*}" | cut -c1-16)"
    if [ "$(cat "$dir/key" 2>/dev/null)" != "$key" ]; then
        rm -rf "$dir"
        toolless "$2" -m venv "$dir" >&2
        # The wheel by its path, never built from source; its extras
        # resolved with the pins.
        # shellcheck disable=SC2086
        toolless "$dir/bin/pip" install -q --disable-pip-version-check \
            --only-binary urlsyntax $3 "$4" >&2
        echo "$key" >"$dir/key"
    fi
    echo "$dir/bin/python"
}

# The sdist, on 3.13.0 (SDIST_VERSION): pip builds it as users would
# where cargo is (the toolchain's PATH; a target directory of its own,
# kept between runs), into a fresh environment, and the package it makes
# answers as the interpreter does, without the JVM engine (no jar named).
SDIST_VERSION=3.13.0
sdist_check() { # PYTHON
    local dir="$work/venv-sdist" sdist=("$dist"/urlsyntax-*.tar.gz)
    rm -rf "$dir"
    "$1" -m venv "$dir"
    # Without the dist profile's whole-program optimization (what is
    # checked is that the sdist builds and answers; the wheels carry it).
    env -u URLSYNTAX_JVM_JAR CARGO_TARGET_DIR="$repo/target/sdist" \
        CARGO_PROFILE_DIST_LTO=off CARGO_PROFILE_DIST_CODEGEN_UNITS=16 \
        "$dir/bin/pip" install -q --disable-pip-version-check --no-binary urlsyntax "${sdist[0]}" || return 1
    toolless "$dir/bin/python" - <<'EOF'
import sys, urllib.parse
import urlsyntax
from urlsyntax import _native, parse
assert urlsyntax.__file__.startswith(sys.prefix), urlsyntax.__file__
for url in ["HTTP://user@Example.com:8080/a;p?q=1#frag", "http://[::1]:80/?a=b&c", "//h/p"]:
    assert parse.urlsplit(url) == urllib.parse.urlsplit(url), url
    assert parse.urlparse(url) == urllib.parse.urlparse(url), url
assert parse.PROFILE.verified and parse.PROFILE.release == "%d.%d.%d" % sys.version_info[:3], parse.PROFILE
assert _native._jvm_jar() is None, "a build from source embeds no jar unless URLSYNTAX_JVM_JAR names one"
print("the sdist built and answers:", parse.PROFILE)
EOF
}

# Whether CPython $1 is installed; with CI=true a missing one fails the run.
present() {
    [ -x "$root/versions/$1/bin/python3" ] && return 0
    echo "CPython $1 is missing at $root/versions/$1"
    if [ "${CI:-}" = true ]; then exit 1; fi
    return 1
}

status=0
for v in "${versions[@]}"; do
    interpreter="$root/versions/$v/bin/python3"
    present "$v" || continue
    wheel="$(wheel_for "$v")"
    pins="$(pins_for "$v")"
    py="$(venv "venv-$v" "$interpreter" "$pins" "$wheel[$(extras_for "$pins")]")"
    echo "== Python tests on CPython $v ($(basename "$wheel"), installed with no toolchain)"
    # The package under test is the installed wheel, not the source tree.
    toolless "$py" -c 'import sys, urlsyntax
assert urlsyntax.__file__.startswith(sys.prefix), urlsyntax.__file__' || status=1
    (cd "$work" && toolless "$py" -m pytest -q -p no:cacheprovider --durations=6 "$repo/python/tests") || status=1
    if [[ " $REAL_VERSIONS " == *" $v "* ]]; then
        real="$(venv "venv-real-$v" "$interpreter" "$REAL_PINS" "$wheel")"
        echo "== Real libraries' tests on CPython $v, with and without install()"
        toolless "$real" python/tests/real_libraries.py "$work/real-libraries" || status=1
    fi
    if [ "$v" = "$SDIST_VERSION" ]; then
        echo "== The sdist, built by pip on CPython $v"
        sdist_check "$interpreter" || status=1
    fi
done
# shellcheck disable=SC2206
dropin=(${URLSYNTAX_DROPIN_PYTHONS:-})
for v in "${dropin[@]}"; do
    interpreter="$root/versions/$v/bin/python3"
    present "$v" || continue
    wheel="$(wheel_for "$v")"
    py="$(venv "venv-dropin-$v" "$interpreter" "pytest==8.4.2" "$wheel")"
    echo "== The drop-in checks on CPython $v ($(basename "$wheel"), installed with no toolchain)"
    (cd "$work" && toolless "$py" -m pytest -q -p no:cacheprovider "$repo/python/tests/test_dropin.py") || status=1
done
exit $status
