#!/usr/bin/env python3
"""The training run of a profile-guided build of the Python wheel (scripts/build-pgo.sh
--wheel): runs an instrumented `pith` package over pages, so that its counts are written
when the process ends.

  python scripts/pgo_train_wheel.py PATH [PATH ...]

Each PATH is an HTML file or a folder searched for `*.html` files. Every page goes
through `Pipeline.extract_many` with the presets `pith`, `justext`, `readability` and
`declutter`, one worker; a page that fails is returned, not raised, so one bad page does
not end the run. Only the standard library and `pith` are needed.
"""

import os
import sys

import pith

PRESETS = ("pith", "justext", "readability", "declutter")


def html_files(paths):
    """The HTML files named by `paths`, folders searched recursively, in sorted order."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".html"):
                        yield os.path.join(root, name)
        elif path.endswith(".html"):
            yield path


def main(paths):
    """Runs every preset over the pages; returns the process's exit status."""
    pages = []
    for name in html_files(paths):
        with open(name, "rb") as f:
            pages.append(f.read())
    if not pages:
        print("pgo_train_wheel.py: no HTML files in " + " ".join(paths), file=sys.stderr)
        return 2
    for preset in PRESETS:
        print(f"pgo_train_wheel.py: {len(pages)} pages, preset {preset}", file=sys.stderr)
        pith.Pipeline.preset(preset).extract_many(pages, workers=1, errors="return")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
