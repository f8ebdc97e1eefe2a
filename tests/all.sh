#!/usr/bin/env bash
# Every test of the project: the Rust tests (`cargo test --release`, and
# the JVM engine's native half in jvm/), then the Python package's tests
# on each installed CPython 3.9 to 3.13 (`python/run-tests.sh`: one build
# per ABI, a virtual environment per interpreter with pinned test tools
# from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release
CARGO_TARGET_DIR=target/jvm cargo test --release --manifest-path jvm/Cargo.toml
python/run-tests.sh
