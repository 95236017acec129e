"""pith: take the main text out of web pages, from Python.

pith is a Rust library; this package calls it through a native module, releasing the
GIL while it works. Four ways in, and a fifth to fit your own:

* ``extract(html)`` -- one page with a built-in preset (default ``"pith"``, the CLI's
  default), like ``trafilatura.extract``: ``pith.extract(html).text``; the preset is
  loaded once and kept. (The URL is a keyword here: ``extract(html, url=...)``.)
* ``Pipeline`` -- load a pipeline (``Pipeline.preset("justext")``, a file, JSON),
  then ``pipeline.extract(html)`` for one page or ``pipeline.extract_many(pages,
  workers=N)`` for many, on N threads. An ``Extraction`` has ``.text`` (the good
  blocks, one per line), ``.markdown`` (as ``--format markdown``;
  ``.to_markdown(links=True)`` with links, as ``--links``; ``images=True`` with
  images, as ``--images``), ``.to_html()`` (as
  ``--format html``), ``.blocks`` (every block with its labels and features),
  ``.language``, ``.limits_hit``. Pipelines, extractions, blocks and the drop-in's
  paragraphs pickle, so Spark and ``multiprocessing`` can ship them.
* ``read_warc(path)`` / ``extract_warc(path, pipeline)`` (a ``Pipeline`` or a preset's
  name, default ``"pith"``) -- the corpus runner of
  ``pith extract --format jsonl``, yielding its records as dicts (``markdown=True``
  adds each page's ``markdown``, as ``--markdown``; ``links=True`` its links,
  ``images=True`` its images).
* ``pith.justext`` -- a drop-in for Python jusText 3.0.2:
  ``from pith import justext`` then ``justext.justext(html, justext.get_stoplist("English"))``.
* ``train(["my-gold"], "mine.json")`` -- fits the ``pith`` preset's classifier to your
  own pages with gold texts (``html/<id>.html``, ``gold/<id>.txt``), as ``pith train``
  does, and returns the trained ``Pipeline`` with its out-of-fold scores.

``presets()`` lists the built-in pipelines; ``languages()`` the languages an
extraction's ``.language`` can be, with their stoplists and what names each (as ``pith
extract --list-languages``).

Errors are exceptions carrying pith's message: ``PipelineError`` (a pipeline or a
parameter), ``ExtractError`` (a page), both ``PithError``; ``OSError`` for pipeline files. ``read_warc`` and ``extract_warc``
do not raise for a WARC file they cannot read: it is a record with an ``error`` (and
no ``html``), as ``pith extract`` writes one.

>>> import pith
>>> pith.extract(b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>").text[:18]
'The text of a page'
>>> pipeline = pith.Pipeline.preset("justext")
>>> ex = pipeline.extract(b"<p>" + b"The text of a page, long enough and full of the words. " * 5 + b"</p>")
>>> ex.text.startswith("The text of a page")
True
"""

import functools as _functools
import os as _os
import typing as _typing
import warnings as _warnings

from ._pith import (
    Block,
    ExtractError,
    Extraction,
    PipelineError,
    PithError,
    Pipeline,
    __version__,
    extract_warc,
    languages,
    presets,
    read_warc,
    train,
)
from . import justext  # `pith.justext` without its own import, as users write it

__all__ = [
    "extract",
    "Block",
    "ExtractError",
    "Extraction",
    "PipelineError",
    "PithError",
    "Pipeline",
    "presets",
    "languages",
    "read_warc",
    "extract_warc",
    "train",
    "__version__",
]


@_functools.lru_cache(maxsize=None)
def _preset(
    name: str,
    lean: _typing.Optional[str] = None,
    comments: bool = True,
    tables: bool = True,
    title: bool = True,
) -> Pipeline:
    """The built-in pipeline ``name`` (leaning towards ``lean`` when given, without
    comment sections unless ``comments``, without tables unless ``tables``, without the
    headline unless ``title``), loaded once per process (presets are a fixed set)."""
    pipeline = Pipeline.preset(name)
    if lean:
        pipeline = pipeline.favoring(lean)
    if not comments:
        pipeline = pipeline.without_comments()
    if not tables:
        pipeline = pipeline.without_tables()
    return pipeline if title else pipeline.without_title()


@_functools.lru_cache(maxsize=None)
def _has_lean(name: str) -> bool:
    """Whether preset ``name`` has a learned expected-F1 decoding to lean with
    (``PipelineError`` for an unknown preset)."""
    pipeline = Pipeline.preset(name)
    try:
        pipeline.favoring("precision")
    except PipelineError:
        return False
    return True


def _names_a_file(html: _typing.Union[bytes, str]) -> bool:
    """Whether ``html`` is rather the name of a file that is there than a page: a short
    string without markup (``pith.extract("page.html")``, a mistake easily made)."""
    if not isinstance(html, str) or len(html) > 4096 or "<" in html or not html.strip():
        return False
    try:
        return _os.path.isfile(html)
    except (OSError, ValueError):
        return False


def extract(
    html: _typing.Union[bytes, str],
    preset: str = "pith",
    *,
    url: _typing.Optional[str] = None,
    charset: _typing.Optional[str] = None,
    favor_precision: bool = False,
    favor_recall: bool = False,
    include_comments: bool = True,
    include_tables: bool = True,
    include_title: bool = True,
) -> Extraction:
    """The main text of one page with the built-in pipeline ``preset``.

    ``pith.extract(html).text`` is what ``pith extract FILE`` prints: ``preset`` is a
    name of ``pith.presets()`` (default ``"pith"``, the learned extractor; ``"justext"``
    is Python jusText 3.0.2 exactly). Bytes are decoded as the preset decodes them
    (``<meta charset>``, BOM, detection; ``charset``, the HTTP ``Content-Type``'s, comes
    before ``<meta charset>``, and ``url``'s top-level domain guides the detection, as in
    ``extract_warc``); ``url`` is recorded in the ``Extraction``. The
    pipeline is loaded on the first call and kept, so calling this in a loop costs no
    more than ``Pipeline.preset(preset).extract(...)`` held by hand; the GIL is released
    while the page is worked on. For many pages on several threads use
    ``Pipeline.preset(preset).extract_many(pages, workers=N)``.

    ``favor_precision`` / ``favor_recall`` lean as trafilatura's options of those
    names do (``Pipeline.favoring``): less boilerplate at the cost of some text, or
    more text at the cost of some boilerplate. Only learned presets (``"pith"``) have
    the lean; asked of another, it is ignored with a ``UserWarning``, as ``pith
    extract --favor-precision`` warns and ignores it (``Pipeline.favoring``, asked
    for nothing but the lean, raises ``PipelineError`` instead).
    ``include_comments=False`` keeps no block inside a comment section
    (``Pipeline.without_comments``, ``pith extract --no-comments``); the default,
    ``True``, leaves them to the preset, which keeps what it takes for content (the
    ``pith`` preset learnt from golds that mostly leave comment threads out), and
    there is no separate ``comments`` field as trafilatura has; and
    ``include_tables=False`` none inside a table (``Pipeline.without_tables``,
    ``--no-tables``), with any preset; ``include_title=False`` leaves out the blocks that
    repeat the page's title, the headline (``Pipeline.without_title``, ``--no-title``),
    as Readability and trafilatura do: the ``Extraction``'s ``title`` has it.

    ``html`` is the page itself: a short ``str`` without markup that names a file that is
    there (``pith.extract("page.html")``) warns with a ``UserWarning`` that the page's
    HTML is wanted (``pathlib.Path("page.html").read_bytes()``).

    Raises ``PipelineError`` for an unknown preset, ``TypeError`` for a ``preset`` that
    is not a name (a ``Pipeline`` runs with its own ``extract``) and ``ExtractError``
    for a page pith cannot read; ``ValueError`` when both leans are asked.
    """
    if favor_precision and favor_recall:
        raise ValueError("extract: favor_precision and favor_recall exclude each other")
    if not isinstance(preset, str):
        raise TypeError(
            f"extract: preset is a preset's name (pith.presets() lists them), not "
            f"{type(preset).__name__}; a Pipeline runs with its own .extract(html)"
        )
    if "://" in preset:
        # trafilatura.extract's second positional argument is the URL.
        raise PipelineError(
            f"extract: the second argument is the preset name, not a URL ({preset!r}); "
            "pass the page's URL as url=..."
        )
    if _names_a_file(html):
        _warnings.warn(
            f"extract: {html!r} is a file's name, not a page: extract takes the page's HTML "
            f"(pith.extract(pathlib.Path({html!r}).read_bytes())); read as HTML, it has no "
            "text",
            stacklevel=2,
        )
    lean = "precision" if favor_precision else "recall" if favor_recall else None
    if lean and not _has_lean(preset):
        _warnings.warn(
            f"extract: preset {preset!r} has no learned expected-F1 decoding; "
            f"favor_{lean} ignored",
            stacklevel=2,
        )
        lean = None
    return _preset(preset, lean, include_comments, include_tables, include_title).extract(
        html, url=url, charset=charset
    )
