#!/usr/bin/env bash
# The whole test suite: the Rust tests, then the Python package's and the Spark job's
# tests (README: "Run the whole test suite"; .ci/run calls it).
#
#   scripts/test-all.sh
#
# On the first run it creates a virtual environment ($PITH_VENV, default .venv-test in
# the repository, git-ignored) with maturin, pytest and pyspark from PyPI, then builds
# the `pith` package into it (`maturin develop`). Parts that cannot run say so
# (SKIPPED ...) and do not fail the run, unless PITH_REQUIRE_PYTHON=1. Datasets come
# from $PITH_DATASETS (default ../shared/datasets), as for the Rust tests.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
export PITH_DATASETS="${PITH_DATASETS:-$(cd .. && pwd)/shared/datasets}"

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

# CI sets this to free disk before the Python step: the test executables (about 2 GB)
# are not needed once they have passed; the dependencies' build stays for maturin.
if [ "${PITH_REMOVE_TEST_BINARIES:-0}" = 1 ]; then
    # Test executables have no extension; proc-macro libraries (.so) are kept.
    find "${CARGO_TARGET_DIR:-target}/debug/deps" -maxdepth 1 -type f -executable \
        ! -name '*.*' -delete
fi
echo "== disk free here: $(df -h . | tail -1)"

skip() {
    echo "SKIPPED: Python and Spark tests: $1"
    if [ "${PITH_REQUIRE_PYTHON:-0}" = 1 ]; then
        echo "error: PITH_REQUIRE_PYTHON=1 and the Python tests could not run" >&2
        exit 1
    fi
    exit 0
}

py="${PITH_PYTHON:-python3}"
command -v "$py" >/dev/null 2>&1 || skip "no $py on PATH"
venv="${PITH_VENV:-$repo/.venv-test}"
pins=(maturin==1.16.0 pytest==9.2.0 pyspark==4.3.0)
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import maturin, pytest, pyspark" 2>/dev/null; then
    echo "== creating $venv with ${pins[*]}"
    "$py" -m venv "$venv" || skip "python3 -m venv failed"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${pins[@]}" \
        || skip "could not install ${pins[*]} from PyPI"
fi

echo "== Python: maturin develop (crates/python)"
(
    cd crates/python
    VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" "$venv/bin/maturin" develop --quiet
)

echo "== Python and Spark: pytest"
suites=()
for dir in crates/python/tests examples/spark/tests; do
    [ -d "$dir" ] && suites+=("$dir")
done
status=0
"$venv/bin/python" -m pytest -q -rs "${suites[@]}" || status=$?
if [ "$status" = 5 ]; then
    echo "error: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
