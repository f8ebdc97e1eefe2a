#!/usr/bin/env bash
# Regenerates the table of docs/differential.md: `urlsyntax diff` on real
# URL parsers against CPython 3.13.18 and 3.15.2. The Python parsers are
# installed at pinned versions into a virtual environment of CPython 3.13.0
# (from PyPI); the Rust `url` crate runs through the adapter example
# cli/examples/diff_adapter_url.rs, at the version Cargo.lock pins.
#
#   tools/differential_table.sh              # 20,000 calls a run
#   COUNT=100000 SEED=2 tools/differential_table.sh
set -euo pipefail
cd "$(dirname "$0")/.."

count=${COUNT:-20000}
seed=${SEED:-1}
releases=(3.13.18 3.15.2)
# The parsers, pinned (the newest releases when the table was made).
PINS="yarl==1.25.1 urllib3==2.8.0 rfc3986==2.0.0 hyperlink==21.0.0 ada-url==4.0.0"
python="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")/versions/3.13.0/bin/python3"
work=target/differential
venv="$work/venv"
if [ "$(cat "$venv/pins" 2>/dev/null)" != "$PINS" ]; then
    rm -rf "$venv"
    "$python" -m venv "$venv"
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q --disable-pip-version-check $PINS
    echo "$PINS" >"$venv/pins"
fi
cargo build --release -q -p urlsyntax-cli --bin urlsyntax --example diff_adapter_url
url_version=$(grep -A1 '^name = "url"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')

parsers=(yarl urllib3 rfc3986 hyperlink ada_url url)
labels=()
for p in "${parsers[@]}"; do
    case "$p" in
        url) labels+=("url=Rust url $url_version (WHATWG)") ;;
        ada_url) labels+=("ada_url=ada-url $(sed -n 's/.*ada-url==\([^ ]*\).*/\1/p' <<<"$PINS") (WHATWG)") ;;
        *) labels+=("$p=$p $(sed -n "s/.*\\b$p==\\([^ ]*\\).*/\\1/p" <<<"$PINS")") ;;
    esac
done

mkdir -p "$work/runs"
for release in "${releases[@]}"; do
    for p in "${parsers[@]}"; do
        if [ "$p" = url ]; then
            program=(target/release/examples/diff_adapter_url)
        else
            program=(env PYTHONPATH=tools/differential "$venv/bin/python" tools/differential/adapter.py "parsers:${p}_split")
        fi
        status=0
        target/release/urlsyntax diff --python "$release" --seed "$seed" --count "$count" \
            --fn urlsplit --fn urlsplit.hostname --fn urlsplit.port -- "${program[@]}" \
            >"$work/runs/$p-$release.jsonl" 2>"$work/runs/$p-$release.summary" || status=$?
        if [ "$status" -gt 1 ]; then
            cat "$work/runs/$p-$release.summary" >&2
            exit "$status"
        fi
        echo "$p against $release: $(head -1 "$work/runs/$p-$release.summary")"
    done
done
"$python" tools/differential/table.py "$work/runs" docs/differential.md "${labels[@]}" \
    --releases "$(IFS=,; echo "${releases[*]}")" --count "$count" --seed "$seed"
echo "docs/differential.md: table rewritten"
