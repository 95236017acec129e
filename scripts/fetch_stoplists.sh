#!/usr/bin/env bash
# Fetch the 100 built-in stoplists of jusText 3.0.2 from its PyPI wheel and
# copy them, byte for byte, into <repo>/stoplists/<Name>.txt.
#
# Usage: scripts/fetch_stoplists.sh
#
# Needs: pip (any Python 3), unzip, sha256sum. Reaches PyPI through pip only.
# The wheel's sha256 is checked against the value recorded in
# stoplists/README.md, so a changed upload is noticed instead of copied.
set -euo pipefail

VERSION="3.0.2"
WHEEL="justext-${VERSION}-py2.py3-none-any.whl"
WHEEL_SHA256="62b1c562b15c3c6265e121cc070874243a443bfd53060e869393f09d6b6cc9a7"
EXPECTED_COUNT=100

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${repo_root}/stoplists"
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT

pip download --quiet --no-deps --only-binary=:all: "justext==${VERSION}" -d "${work}/dl"

wheel_path="${work}/dl/${WHEEL}"
if [[ ! -f "${wheel_path}" ]]; then
    echo "error: expected ${WHEEL} from pip, got: $(ls "${work}/dl")" >&2
    exit 1
fi

actual_sha="$(sha256sum "${wheel_path}" | cut -d' ' -f1)"
if [[ "${actual_sha}" != "${WHEEL_SHA256}" ]]; then
    echo "error: sha256 of ${WHEEL} is ${actual_sha}, expected ${WHEEL_SHA256}" >&2
    exit 1
fi

mkdir -p "${work}/unzipped"
unzip -q "${wheel_path}" 'justext/stoplists/*.txt' -d "${work}/unzipped"
src="${work}/unzipped/justext/stoplists"

count="$(find "${src}" -maxdepth 1 -type f -name '*.txt' | wc -l)"
if [[ "${count}" -ne "${EXPECTED_COUNT}" ]]; then
    echo "error: found ${count} stoplists in the wheel, expected ${EXPECTED_COUNT}" >&2
    exit 1
fi

mkdir -p "${dest}"
# Replace the data files only; README.md and anything else stays.
find "${dest}" -maxdepth 1 -type f -name '*.txt' -delete
cp "${src}"/*.txt "${dest}/"

copied="$(find "${dest}" -maxdepth 1 -type f -name '*.txt' | wc -l)"
if [[ "${copied}" -ne "${EXPECTED_COUNT}" ]]; then
    echo "error: ${copied} stoplists in ${dest} after copying, expected ${EXPECTED_COUNT}" >&2
    exit 1
fi
for f in "${src}"/*.txt; do
    cmp -s "${f}" "${dest}/$(basename "${f}")" || {
        echo "error: ${dest}/$(basename "${f}") differs from the wheel" >&2
        exit 1
    }
done

echo "copied ${copied} stoplists from ${WHEEL} (sha256 ${actual_sha}) into ${dest}"
