#!/bin/sh
# The library of an older tree against this one, workload by workload, in
# pairs of passes (benches/compare/trees.rs): prints new ÷ old for urlsplit,
# urlparse, hostname+port, urljoin and Neturl's parse_url on both lists,
# and quote, unquote, parse_qsl and urlencode on kasztp. Under 1: this
# tree is faster.
# Usage: benches/compare.sh OLD_REV   (e.g. a48cc6ab^)
# Both trees are built without their default features (no CJK codecs,
# which no workload reads), with every function aligned to 64 bytes as
# benches/report.sh builds its benches.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 OLD_REV" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach -f "$work/old" "$1" >/dev/null 2>&1
# The old tree's crates under a version of their own, so that both trees'
# urlsyntax (and urlsyntax-pyruntime) fit in one build even at the same
# version: path dependencies without a version, packages at 0.0.0-old.
for toml in "$work/old/Cargo.toml" "$work/old"/*/Cargo.toml; do
    sed -i -E 's/^version = "[^"]*"/version = "0.0.0-old"/; s/version = "[^"]*", path/path/g' "$toml"
done
mkdir -p "$work/crate/src"
cp "$root/benches/compare/trees.rs" "$work/crate/src/main.rs"
# trees.rs (as src/main.rs) reads the benches' shared workloads at ../benches/common.
ln -s "$root/benches/benches" "$work/crate/benches"
cat >"$work/crate/Cargo.toml" <<TOML
[package]
name = "urlsyntax-compare"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
old = { package = "urlsyntax", path = "$work/old", default-features = false }
new = { package = "urlsyntax", path = "$root", default-features = false }
criterion = { version = "0.8", default-features = false }

[profile.release]
debug = false

[workspace]
TOML
cd "$work/crate"
RUSTFLAGS="-C llvm-args=-align-all-functions=6" CARGO_TARGET_DIR="$root/target/compare" \
    cargo build -q --release
URLSYNTAX_BENCH_URLS="$root/tests/data/corpora/kasztp.txt:$root/tests/data/corpora/node_files.txt" \
    "$root/target/compare/release/urlsyntax-compare"
