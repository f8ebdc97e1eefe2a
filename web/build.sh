#!/usr/bin/env bash
# Builds the explain page into web/dist/: index.html (the page, its style
# and script inlined), urlsyntax_web.js (wasm-bindgen's ES module loader)
# and urlsyntax_web_bg.wasm. Needs the wasm32-unknown-unknown target and
# wasm-bindgen-cli of the version web/Cargo.toml pins.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version)" != "wasm-bindgen $version" ]; then
    echo "web/build.sh: needs wasm-bindgen $version:" >&2
    echo "  rustup target add wasm32-unknown-unknown" >&2
    echo "  cargo install wasm-bindgen-cli --version $version --locked" >&2
    exit 2
fi
# The release profile: the dist profile's whole-program optimization saves
# 2% gzipped (484 KB against 514 KB) for three times the build, and its
# stripping takes the section wasm-bindgen reads the Wasm features from.
cargo build -q --release --target wasm32-unknown-unknown -p urlsyntax-web
rm -rf web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/urlsyntax_web.wasm"
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
