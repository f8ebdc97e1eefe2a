#!/usr/bin/env bash
# Builds the JVM engine of urlsyntax.spark into one jar: the JNI library
# (this crate, in the workspace's `dist` profile) and the Java classes
# (org.urlsyntax.spark.UrlField and Native, which loads the library out of
# the jar), compiled for Java 17 against a stub of Spark's UDF1, which is
# not packed. python/build-wheels.sh runs it and embeds the jar in each
# wheel (URLSYNTAX_JVM_JAR, python/build.rs).
#
#     jvm/build-jar.sh OUT.jar                              # for this machine
#     jvm/build-jar.sh OUT.jar x86_64-unknown-linux-gnu.2.17
#
# With a target, the library is built by `cargo zigbuild` (cargo-zigbuild
# and zig on the PATH) for that target and glibc, and its glibc symbols are
# checked against it. Needs cargo and a JDK 17 or later (javac, jar).
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: jvm/build-jar.sh OUT.jar [TARGET[.GLIBC]]" >&2; exit 2; }
out="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
target="${2:-}"
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
library=liburlsyntax_jvm.so
case "$(uname -s)" in Darwin) library=liburlsyntax_jvm.dylib ;; esac

if [ -n "$target" ]; then
    # A target directory of its own: the flags cargo-zigbuild builds with
    # are not maturin's, and in one directory each build would redo the
    # other's dependencies.
    cargo zigbuild --locked --profile dist -p urlsyntax-jvm --target "$target" \
        --target-dir "$target_dir/jvm-zig"
    triple="${target%%.[0-9]*}"
    built="$target_dir/jvm-zig/$triple/dist/$library"
    glibc="${target#"$triple"}"
    glibc="${glibc#.}"
    if [ -n "$glibc" ]; then
        # The newest glibc symbol version the library needs: at most the
        # target's, as auditwheel asks of the wheel's extension module.
        newest=$(objdump -T "$built" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
        if [ "$(printf '%s\n%s\n' "$newest" "$glibc" | sort -V | tail -1)" != "$glibc" ]; then
            echo "jvm/build-jar.sh: $library needs glibc $newest, newer than $glibc" >&2
            exit 1
        fi
        echo "jvm/build-jar.sh: $library needs glibc $newest at newest (target: $glibc)"
    fi
else
    cargo build --locked --profile dist -p urlsyntax-jvm
    built="$target_dir/dist/$library"
fi

work="$target_dir/jvm-jar"
rm -rf "$work"
mkdir -p "$work"
javac --release 17 -nowarn -d "$work/classes" -sourcepath jvm/java:jvm/java-stubs \
    jvm/java/org/urlsyntax/spark/UrlField.java
# Spark's interface was compiled against, not packed: Spark's own is used.
rm -rf "$work/classes/org/apache"
cp "$built" "$work/classes/org/urlsyntax/spark/"
# A fixed date makes the same inputs the same jar, so the package's build
# (which embeds it) is not redone for a new jar of the same contents.
jar --create --date 1980-01-01T00:00:02Z --file "$work/urlsyntax-jvm.jar" -C "$work/classes" .
if ! cmp -s "$work/urlsyntax-jvm.jar" "$out"; then
    cp "$work/urlsyntax-jvm.jar" "$out"
fi
echo "jvm/build-jar.sh: $out ($(wc -c <"$out") bytes)"
