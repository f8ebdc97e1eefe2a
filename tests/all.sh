#!/usr/bin/env bash
# Every test of the project: the Rust tests (`cargo test --release`), then
# the Python package's tests on each installed CPython 3.9 to 3.13
# (`python/run-tests.sh`: one build per ABI, a virtual environment per
# interpreter with pinned test tools from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release
python/run-tests.sh
