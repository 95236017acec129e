#!/usr/bin/env bash
# A profile-guided (PGO) build of the `pith` command, for corpus runs: the same code and
# output as `cargo build --release -p pith-cli`, compiled a second time with the branch
# and call counts of a training run, so that the compiler lays out and inlines the hot
# paths (html5ever's tokenizer above all) for real pages. Measured on the scrapinghub
# pages, which the default training leaves out: about 0.86x the CPU of the plain
# release build with the `pith` preset and 0.82x with `justext`
# (docs/performance.md, "A profile-guided build").
#
#   scripts/build-pgo.sh [INPUT ...]
#
# INPUTs are what `pith extract` reads (HTML files, folders of them, WARC files); the
# default is the development data under $PITH_DATASETS (default ../shared/datasets)
# except scrapinghub: the dragnet-train, l3s-gn1-dev, googletrends-dev and
# cleaneval-dev pages and the WARC samples. Each input is run through the presets
# `pith`, `justext`, `readability` and `declutter`.
#
# Uses cargo-pgo (https://github.com/Kobzol/cargo-pgo, installed with `cargo install`
# on first use) and rustup's llvm-tools component (added on first use). Honours
# CARGO_TARGET_DIR (default target/); prints the optimised binary's path, which is
# <target>/<host triple>/release/pith. Takes about twice a release build's time.
set -euo pipefail

cd "$(dirname "$0")/.."
command -v cargo-pgo > /dev/null || cargo install --locked cargo-pgo --version 0.3.0
rustup component list --installed | grep -q '^llvm-tools' || rustup component add llvm-tools

target_dir="${CARGO_TARGET_DIR:-target}"
host="$(rustc -vV | sed -n 's/^host: //p')"
binary="$target_dir/$host/release/pith"

inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
    datasets="${PITH_DATASETS:-../shared/datasets}"
    for folder in dragnet-train l3s-gn1-dev googletrends-dev cleaneval-dev; do
        [ -d "$datasets/$folder/html" ] && inputs+=("$datasets/$folder/html")
    done
    for warc in "$datasets"/warc/*.warc.gz; do
        [ -f "$warc" ] && inputs+=("$warc")
    done
    if [ ${#inputs[@]} -eq 0 ]; then
        echo "build-pgo.sh: no development data under $datasets; give the pages to train on" >&2
        exit 2
    fi
fi

cargo pgo build -- -p pith-cli
for preset in pith justext readability declutter; do
    echo "build-pgo.sh: training run, preset $preset" >&2
    # A page pith cannot read only leaves its counts out of the profile.
    "$binary" extract --preset "$preset" --format jsonl -q "${inputs[@]}" > /dev/null ||
        echo "build-pgo.sh: some inputs failed (exit $?); training goes on" >&2
done
cargo pgo optimize build -- -p pith-cli
echo "$binary"
