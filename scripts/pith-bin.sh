# Source it: `pith_release_bin` builds the release `pith` and prints where cargo put it,
# which honours CARGO_TARGET_DIR (and build.target-dir) instead of assuming
# target/release/pith; `pith_bin` prints $PITH_BIN when it is set (no build), else does
# the same. Needs only cargo, grep and sed.
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

# The `pith` a script runs: $PITH_BIN when set, else the release build.
pith_bin() {
    if [ -n "${PITH_BIN:-}" ]; then
        printf '%s\n' "$PITH_BIN"
    else
        pith_release_bin
    fi
}
