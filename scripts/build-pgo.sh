#!/usr/bin/env bash
# A profile-guided (PGO) build of the `pith` command or of the Python wheel, for corpus
# runs: the same code and output as the plain release build, compiled a second time with
# the branch and call counts of a training run, so that the compiler lays out and
# inlines the hot paths (html5ever's tokenizer above all) for real pages. Measured on the
# scrapinghub pages, which the default training leaves out: about 0.85x the CPU of the
# plain release build with the `pith` preset and 0.82x with `justext` (the command),
# 0.88x and 0.84x (the wheel's `extract_many`); docs/performance.md, "A profile-guided
# build".
#
#   scripts/build-pgo.sh [--wheel DIR] [INPUT ...]
#
# Without --wheel it builds the command, with cargo-pgo (https://github.com/Kobzol/cargo-pgo,
# installed with `cargo install` on first use), trains it with `pith extract` over the
# INPUTs and prints the optimised binary's path, <target>/<host triple>/release/pith.
# With --wheel DIR it builds the Python wheel into DIR instead: maturin (on PATH, as in
# scripts/test-all.sh's virtual environment) builds an instrumented wheel, which
# scripts/pgo_train_wheel.py runs over the INPUTs' HTML files in a scratch install, then
# the optimised one. (A profile gathered from the command does not fit the wheel: the
# same crates are compiled into a different artifact.) cargo-pgo does not drive maturin,
# so this part passes `-Cprofile-generate` / `-Cprofile-use` itself.
#
# INPUTs are what `pith extract` reads (HTML files, folders of them, WARC files; the wheel
# trains on the HTML files only); the default is the development data under
# $PITH_DATASETS (default ../shared/datasets) except scrapinghub: the dragnet-train,
# l3s-gn1-dev, googletrends-dev and cleaneval-dev pages and the WARC samples. Each goes
# through the presets `pith`, `justext`, `readability` and `declutter`. Needs rustup's
# llvm-tools component (added on first use). Honours CARGO_TARGET_DIR (default target/).
# Takes about twice a release build's time.
set -euo pipefail

wheel_dir=""
if [ "${1:-}" = --wheel ]; then
    [ $# -ge 2 ] || { echo "build-pgo.sh: --wheel needs a directory" >&2; exit 2; }
    wheel_dir="$(realpath -m "$2")"
    shift 2
fi
inputs=()
for input in "$@"; do
    inputs+=("$(realpath "$input")")
done

cd "$(dirname "$0")/.."
rustup component list --installed | grep -q '^llvm-tools' || rustup component add llvm-tools

target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
host="$(rustc -vV | sed -n 's/^host: //p')"
presets=(pith justext readability declutter)

if [ ${#inputs[@]} -eq 0 ]; then
    datasets="${PITH_DATASETS:-../shared/datasets}"
    for folder in dragnet-train l3s-gn1-dev googletrends-dev cleaneval-dev; do
        [ -d "$datasets/$folder/html" ] && inputs+=("$(realpath "$datasets/$folder/html")")
    done
    for warc in "$datasets"/warc/*.warc.gz; do
        [ -f "$warc" ] && inputs+=("$(realpath "$warc")")
    done
    if [ ${#inputs[@]} -eq 0 ]; then
        echo "build-pgo.sh: no development data under $datasets; give the pages to train on" >&2
        exit 2
    fi
fi

if [ -z "$wheel_dir" ]; then
    command -v cargo-pgo > /dev/null || cargo install --locked cargo-pgo --version 0.3.0
    binary="$target_dir/$host/release/pith"
    cargo pgo build -- -p pith-cli
    for preset in "${presets[@]}"; do
        echo "build-pgo.sh: training run, preset $preset" >&2
        # A page pith cannot read only leaves its counts out of the profile.
        "$binary" extract --preset "$preset" --format jsonl -q "${inputs[@]}" > /dev/null ||
            echo "build-pgo.sh: some inputs failed (exit $?); training goes on" >&2
    done
    cargo pgo optimize build -- -p pith-cli
    echo "$binary"
    exit 0
fi

command -v maturin > /dev/null || { echo "build-pgo.sh: --wheel needs maturin on PATH" >&2; exit 2; }
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# --target: the wheel's crates built apart from host tools (build scripts, macros),
# which would otherwise be instrumented too.
CARGO_TARGET_DIR="$target_dir/pgo-wheel-instrumented" \
    RUSTFLAGS="-Cprofile-generate=$work/profiles" \
    maturin build --release --target "$host" -m crates/python/Cargo.toml --out "$work/instrumented"
python3 -m pip install --quiet --no-deps --target "$work/site" "$work"/instrumented/*.whl
PYTHONPATH="$work/site" python3 scripts/pgo_train_wheel.py "${inputs[@]}"
"$profdata" merge -o "$work/merged.profdata" "$work/profiles"
CARGO_TARGET_DIR="$target_dir/pgo-wheel" \
    RUSTFLAGS="-Cprofile-use=$work/merged.profdata -Cllvm-args=-pgo-warn-missing-function=false" \
    maturin build --release --target "$host" -m crates/python/Cargo.toml --out "$wheel_dir"
