# Sourced by fuzz/run-ci.sh and fuzz/run-long.sh (from the repository
# root): installs what is missing (the nightly toolchain through rustup,
# cargo-fuzz through cargo, pinned) and sets the environment the
# differential target builds and runs in, CPython FUZZ_PYTHON_RELEASE
# (default 3.13.0) embedded. Sets `pyenv_root` and `py`.

release=${FUZZ_PYTHON_RELEASE:-3.13.0}

if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked --version 0.13.2
fi

pyenv_root=${PYENV_ROOT:-$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")}
py="$pyenv_root/versions/$release/bin/python3"
if [ ! -x "$py" ]; then
    echo "fuzz: CPython $release is missing at $py" >&2
    exit 1
fi
export PYO3_PYTHON="$py"
LD_LIBRARY_PATH="$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("LIBDIR"))')${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
# CPython's own allocations at exit are not leaks of ours.
export ASAN_OPTIONS=detect_leaks=0

# The dictionaries are what fuzz/gen_dicts.py writes under the newest
# CPython (whose registry holds every codec name of the older ones).
"$pyenv_root/versions/3.15.2/bin/python3" fuzz/gen_dicts.py --check

# The targets named, or every one (example_* targets are examples for
# users: built, not run), into the array `targets`.
fuzz_targets() {
    if [ $# -gt 0 ]; then
        targets=("$@")
    else
        mapfile -t targets < <(cargo +nightly fuzz list | grep -v '^example_')
    fi
}

# The dictionary of target $1.
fuzz_dict() {
    if [ -f "fuzz/dicts/$1.dict" ]; then
        echo "fuzz/dicts/$1.dict"
    else
        echo fuzz/urls.dict
    fi
}

# Copies the committed seeds of target $1 into its working corpus; the
# corpus directory.
fuzz_corpus() {
    mkdir -p "fuzz/corpus/$1"
    if [ -d "fuzz/seeds/$1" ]; then
        cp -n fuzz/seeds/"$1"/* "fuzz/corpus/$1"/ 2>/dev/null || true
    fi
    echo "fuzz/corpus/$1"
}

# "<executed runs> runs, cov: <edges> ft: <features>" from a run's log.
fuzz_stats() {
    local runs cov
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$1" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$1" | tail -1)
    echo "${runs:-?} runs, ${cov:-cov: ?}"
}
