#!/usr/bin/env bash
# Builds the explain page into web/dist/: index.html (the page, its style
# and script inlined) and urlsyntax_web.wasm, the model, whose plain
# exports the script calls (no generated glue: web/src/lib.rs). Needs the
# wasm32-unknown-unknown target (`rustup target add wasm32-unknown-unknown`).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "web/build.sh: needs the wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown" >&2
    exit 2
fi
# The release profile: the dist profile's whole-program optimization saves
# 2% gzipped for three times the build.
cargo build -q --release --target wasm32-unknown-unknown -p urlsyntax-web
rm -rf web/dist
mkdir -p web/dist
cp "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/urlsyntax_web.wasm" web/dist/
# One page: the style and the script go inside index.html.
python3 - <<'PY'
import pathlib
page = pathlib.Path("web/page")
html = (page / "index.html").read_text()
html = html.replace("/* STYLE */", (page / "style.css").read_text())
html = html.replace("/* APP */", (page / "app.js").read_text())
pathlib.Path("web/dist/index.html").write_text(html)
PY
total=0
for f in web/dist/*; do
    z=$(gzip -9c "$f" | wc -c)
    total=$((total + z))
    printf '%s: %s bytes, %s gzipped\n' "$f" "$(stat -c %s "$f")" "$z"
done
echo "the page: $total bytes gzipped"
