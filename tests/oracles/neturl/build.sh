#!/bin/sh
# Builds the Ocamlnet answerer for neturl.* calls.
# Needs: ocaml-nox ocaml-findlib libocamlnet-ocaml-dev libyojson-ocaml-dev
# Usage: build.sh [OUTPUT_DIR]   (default: this directory)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
mkdir -p "$out"
cp "$here/answer.ml" "$out/answer.ml"
cd "$out"
ocamlfind ocamlopt -package netstring,yojson,unix -linkpkg answer.ml -o neturl-answer 2>&1
