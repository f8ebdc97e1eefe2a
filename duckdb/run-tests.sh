#!/usr/bin/env bash
# The DuckDB extension's tests (duckdb/tests), against the extension
# duckdb/build.sh wrote: from Python with DuckDB 1.4.3 (on CPython 3.13.0)
# and 2.0.1 (on 3.15.2), each in a virtual environment of its own under
# target/ with pinned packages, and in the `duckdb` CLI of PyPI's
# duckdb-cli (1.4.4 and 1.5.6, the newest CLI there). The CPython answers
# come from the interpreters under `pyenv root` (3.9.18, 3.13.0, 3.15.2).
#
#     duckdb/build.sh && duckdb/run-tests.sh [PYTEST ARGS]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
PINS="pytest==8.4.2"

run() { # NAME PYTHON "PINS" [PYTEST ARGS]
    local name="$1" python="$2" venv="target/duckdb-venv-$1" want="$3 $PINS"
    shift 3
    if [ ! -x "$python" ]; then
        echo "duckdb/run-tests.sh: no interpreter at $python" >&2
        exit 1
    fi
    # A venv is made anew when its pins change.
    if [ "$(cat "$venv/pins" 2>/dev/null)" != "$want" ]; then
        rm -rf "$venv"
        "$python" -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check $want
        # duckdb-cli's wheel ships the binary as data, without its x bit.
        chmod +x "$venv/bin/duckdb"
        echo "$want" >"$venv/pins"
    fi
    echo "== DuckDB $("$venv/bin/python" -c 'import duckdb; print(duckdb.__version__)') (Python), CLI $("$venv/bin/duckdb" -version | cut -d' ' -f1)"
    URLSYNTAX_DUCKDB_CLI="$PWD/$venv/bin/duckdb" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        duckdb/tests "$@"
}

run 1.4 "$root/versions/3.13.0/bin/python3" "duckdb==1.4.3 duckdb-cli==1.4.4 pyarrow==22.0.0" "$@"
run 2.0 "$root/versions/3.15.2/bin/python3" "duckdb==2.0.1 duckdb-cli==1.5.6 pyarrow==26.0.1" "$@"
