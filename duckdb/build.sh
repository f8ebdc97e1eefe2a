#!/usr/bin/env bash
# Builds the DuckDB extension: target/duckdb/urlsyntax.duckdb_extension,
# the crate's cdylib with the metadata footer DuckDB reads before it loads
# an extension (what DuckDB's extension-ci-tools append; written here):
#
#   22 bytes  a WebAssembly custom section header: 0x00, its length as
#             LEB128 (531: 0x93 0x04), the name's length (16) and name
#             "duckdb_signature", the payload's length (512: 0x80 0x04);
#   8 x 32    fields, zero-padded, last first: 3 unused, the ABI type
#             (C_STRUCT), the extension's version, the C API version it
#             needs (v1.2.0, what the entry point asks for), the platform
#             (DuckDB's `PRAGMA platform`), the magic value "4";
#   256       the signature: zeros (unsigned; DuckDB loads it with
#             allow_unsigned_extensions).
#
# C_STRUCT means one build for every DuckDB whose C API is v1.2.0 or
# newer: duckdb/run-tests.sh loads it in 1.4.3, 1.4.4, 1.5.6 and 2.0.1. URLSYNTAX_DUCKDB_PLATFORM overrides the
# platform read from uname; URLSYNTAX_DUCKDB_PROFILE the cargo profile
# (default release; CI's duckdb-ci leaves the dependencies unoptimized).
set -euo pipefail
cd "$(dirname "$0")/.."

platform="${URLSYNTAX_DUCKDB_PLATFORM:-}"
if [ -z "$platform" ]; then
    case "$(uname -s)-$(uname -m)" in
        Linux-x86_64) platform=linux_amd64 ;;
        Linux-aarch64) platform=linux_arm64 ;;
        Darwin-x86_64) platform=osx_amd64 ;;
        Darwin-arm64) platform=osx_arm64 ;;
        *) echo "duckdb/build.sh: no DuckDB platform known for $(uname -s) $(uname -m); set URLSYNTAX_DUCKDB_PLATFORM" >&2
           exit 2 ;;
    esac
fi
version="v$(sed -n 's/^version = "\(.*\)"/\1/p' duckdb/Cargo.toml | head -1)"
capi=v1.2.0

profile="${URLSYNTAX_DUCKDB_PROFILE:-release}"
cargo build --profile "$profile" -q -p urlsyntax-duckdb
case "$(uname -s)" in
    Darwin) lib="${CARGO_TARGET_DIR:-target}/$profile/liburlsyntax_duckdb.dylib" ;;
    *) lib="${CARGO_TARGET_DIR:-target}/$profile/liburlsyntax_duckdb.so" ;;
esac
out=target/duckdb/urlsyntax.duckdb_extension
mkdir -p target/duckdb

field() { # TEXT -> TEXT padded with zeros to 32 bytes
    if [ ${#1} -gt 32 ]; then
        echo "duckdb/build.sh: metadata field longer than 32 bytes: $1" >&2
        exit 2
    fi
    printf '%s' "$1"
    head -c $((32 - ${#1})) /dev/zero
}
{
    cat "$lib"
    printf '\x00\x93\x04\x10duckdb_signature\x80\x04'
    field ""
    field ""
    field ""
    field C_STRUCT
    field "$version"
    field "$capi"
    field "$platform"
    field 4
    head -c 256 /dev/zero
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "$out ($platform, C API $capi, $(stat -c %s "$out" 2>/dev/null || stat -f %z "$out") bytes)"
