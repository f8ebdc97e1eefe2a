#!/usr/bin/env bash
# Builds everything the Python package ships into dist/ at the repository
# root, and checks it:
#
#   urlsyntax-0.1.0-cp310-abi3-manylinux_2_17_x86_64...whl   CPython 3.10 and later
#   urlsyntax-0.1.0-cp39-cp39-manylinux_2_17_x86_64...whl    CPython 3.9
#   urlsyntax-0.1.0.tar.gz    the sdist: `pip install` builds it where cargo
#                             is (Rust 1.88+), without the JVM engine
#
# The wheels are manylinux2014 (glibc 2.17 and later: RHEL 7 and 8, Amazon
# Linux 2, ...): maturin links them with zig against glibc 2.17, and
# `auditwheel show` must find each consistent with manylinux_2_17 and
# linked to no library outside the policy. Each carries the JVM engine of
# urlsyntax.spark (the jar of jvm/build-jar.sh, its JNI library built by
# cargo-zigbuild for the same target), so a cluster needs nothing but the
# wheel.
#
# Needs cargo (rustup), a JDK 17 or later (javac, jar), a python3 with
# venv to run the build tools (PYTHON; they come from PyPI at the pinned
# versions below, into target/wheel-tools), and a CPython 3.9 for the
# cp39 wheel (PYTHON39; default: pyenv's 3.9.18, else python3.9). About
# 6 minutes on two cores from nothing, most of it the two optimized
# builds of the extension module.
#
#     python/build-wheels.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
dist="$repo/dist"
arch="$(uname -m)"
glibc=2.17
triple="$arch-unknown-linux-gnu"
policy="manylinux_${glibc/./_}_$arch"
TOOL_PINS="maturin==1.16.0 ziglang==0.17.0 cargo-zigbuild==0.24.0 auditwheel==6.8.2"

root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
python39="${PYTHON39:-}"
if [ -z "$python39" ]; then
    if [ -x "$root/versions/3.9.18/bin/python3" ]; then
        python39="$root/versions/3.9.18/bin/python3"
    else
        python39="$(command -v python3.9 || true)"
    fi
fi
for tool in cargo javac jar "${PYTHON:-python3}" "$python39"; do
    if [ -z "$tool" ] || ! command -v "$tool" >/dev/null; then
        echo "python/build-wheels.sh: ${tool:-a CPython 3.9 (PYTHON39)} is missing" >&2
        exit 1
    fi
done

step() { printf '== %s\n' "$*"; }

# The package's license file is the repository's (a copy: a project's
# license files lie under its own directory).
if ! cmp -s LICENSE python/LICENSE; then
    echo "python/build-wheels.sh: python/LICENSE differs from LICENSE" >&2
    exit 1
fi

# The build tools, once per pin set.
tools="$target_dir/wheel-tools"
if [ "$(cat "$tools/pins" 2>/dev/null)" != "$TOOL_PINS" ]; then
    step "build tools: $TOOL_PINS"
    rm -rf "$tools"
    "${PYTHON:-python3}" -m venv "$tools"
    # shellcheck disable=SC2086
    "$tools/bin/pip" install -q --disable-pip-version-check $TOOL_PINS
    echo "$TOOL_PINS" >"$tools/pins"
fi
export PATH="$tools/bin:$PATH"

start=$(date +%s)
step "the JVM engine's jar, its library for $triple and glibc $glibc"
jar="$target_dir/urlsyntax-jvm.jar"
jvm/build-jar.sh "$jar" "$triple.$glibc"
export URLSYNTAX_JVM_JAR="$jar"

rm -rf "$dist"
mkdir -p "$dist"
build=(maturin build -m python/Cargo.toml --locked --zig --compatibility "manylinux_${glibc/./_}"
    --target "$triple" --auditwheel check -o "$dist")
step "the abi3 wheel (CPython 3.10 and later)"
"${build[@]}" --features abi3 -i "$tools/bin/python"
step "the cp39 wheel"
"${build[@]}" -i "$python39"
step "the sdist"
maturin sdist -m python/Cargo.toml -o "$dist"

step "checks: auditwheel show, and the JVM engine in each wheel"
status=0
for wheel in "$dist"/*.whl; do
    report="$(auditwheel show "$wheel")"
    echo "$report"
    # One paragraph: `... is consistent with the following platform tag:
    # "manylinux_2_17_x86_64".` and no system library beyond the policy's.
    if ! tr -s ' \n' ' ' <<<"$report" | grep -q "consistent with the following platform tag: \"$policy\""; then
        echo "python/build-wheels.sh: $(basename "$wheel") is not consistent with $policy" >&2
        status=1
    fi
    if ! "$tools/bin/python" - "$wheel" <<'EOF'; then
import sys, zipfile
# The jar is embedded in the extension module (python/build.rs): its
# entries' names stand uncompressed in its central directory.
with zipfile.ZipFile(sys.argv[1]) as wheel:
    [module] = [n for n in wheel.namelist() if n.startswith("urlsyntax/_native")]
    sys.exit(b"org/urlsyntax/spark/liburlsyntax_jvm.so" not in wheel.read(module))
EOF
        echo "python/build-wheels.sh: $(basename "$wheel") carries no JVM engine" >&2
        status=1
    fi
done
ls -l "$dist"
echo "python/build-wheels.sh: built in $(($(date +%s) - start)) s"
exit $status
