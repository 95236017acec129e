# Source it: `pith_release_bin` builds the release `pith` and prints where cargo put it,
# which honours CARGO_TARGET_DIR (and build.target-dir) instead of assuming
# target/release/pith. Needs only cargo, grep and sed.
pith_release_bin() {
    local exe
    exe="$(cargo build --release -q -p pith-cli --message-format=json-render-diagnostics \
        | grep -o '"executable":"[^"]*/pith"' | tail -n 1 | sed 's/^"executable":"//; s/"$//')"
    if [ -z "$exe" ] || [ ! -x "$exe" ]; then
        echo "pith-bin.sh: cargo did not report a pith binary" >&2
        return 1
    fi
    printf '%s\n' "$exe"
}
