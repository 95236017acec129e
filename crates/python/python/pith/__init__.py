"""pith: take the main text out of web pages, from Python.

pith is a Rust library; this package calls it through a native module, releasing the
GIL while it works. Three ways in:

* ``Pipeline`` -- load a pipeline (``Pipeline.preset("justext")``, a file, JSON),
  then ``pipeline.extract(html)`` for one page or ``pipeline.extract_many(pages,
  workers=N)`` for many, on N threads. An ``Extraction`` has ``.text`` (the good
  blocks, one per line), ``.blocks`` (every block with its labels and features),
  ``.language``, ``.limits_hit``. Pipelines pickle, so Spark can ship them.
* ``read_warc(path)`` / ``extract_warc(path, pipeline)`` -- the corpus runner of
  ``pith extract --format jsonl``, yielding its records as dicts.
* ``pith.justext`` -- a drop-in for Python jusText 3.0.2:
  ``from pith import justext`` then ``justext.justext(html, justext.get_stoplist("English"))``.

Errors are exceptions carrying pith's message: ``PipelineError`` (a pipeline or a
parameter), ``ExtractError`` (a page), both ``PithError``; ``OSError`` for files.

>>> import pith
>>> pipeline = pith.Pipeline.preset("justext")
>>> ex = pipeline.extract(b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>")
>>> ex.text.startswith("The text of a page")
True
"""

from ._pith import (
    Block,
    ExtractError,
    Extraction,
    PipelineError,
    PithError,
    Pipeline,
    __version__,
    extract_warc,
    presets,
    read_warc,
)

__all__ = [
    "Block",
    "ExtractError",
    "Extraction",
    "PipelineError",
    "PithError",
    "Pipeline",
    "presets",
    "read_warc",
    "extract_warc",
    "__version__",
]
