"""A drop-in for Python jusText 3.0.2, computed by pith.

    from pith import justext
    paragraphs = justext.justext(html, justext.get_stoplist("English"))
    text = "\\n".join(p.text for p in paragraphs if not p.is_boilerplate)

``justext()`` has the reference's signature and defaults and returns the reference's
paragraphs (``text``, ``class_type``, ``cf_class``, ``heading``, ``is_heading``,
``is_boilerplate``, ``words_count``, ``chars_count_in_links``, ``tags_count``,
``links_density()``, ``stopwords_density(stoplist)``, ``dom_path``, ``xpath``) -- the same
values, page for page, where html5ever and libxml2 build the same tree (see below and pith's
docs/parity.md). ``get_stoplist`` and ``get_stoplists`` give the same 100 stoplists.

Known differences, on purpose: empty or blank input gives ``[]`` (the reference raises
lxml's ``ParserError``); ``enc_errors`` must be ``strict``, ``replace`` or ``ignore`` (any
other name raises ``LookupError`` at once, the reference only when a byte fails), and
``default_encoding`` must name a codec even when the page does not need it; a page
that cannot be decoded raises ``JustextError`` (the reference raises
``UnicodeDecodeError`` when a given ``encoding`` or a declared charset fails); the length
and distance parameters are whole numbers (``length_low=70``); a ``str`` stoplist is a
built-in list's name (the reference would take its letters for words); the
``preprocessor`` argument is not supported (pith's cleaner is the reference's).

Where the trees differ: html5ever builds the tree as browsers do, lxml (libxml2) does
not. The most common difference is ``<tbody>``: a table written without one gains it,
so ``dom_path`` and ``xpath`` read ``table.tbody.tr`` and ``/table[1]/tbody[1]/tr[1]``
where the reference has ``table.tr`` (on most pages laid out in tables; the text and
the classes are the reference's unless the tree's shape changes a paragraph, docs/parity.md
D.2). A fragment without ``<html>``/``<body>`` (``"<p>text</p>"``) is parsed as a whole
page, so its paths start ``html.body`` and ``/html[1]/body[1]`` (lxml's fragment root
gives ``p`` and ``/p[1]``), and ``<template>`` content is left out. Pickling, copying and ``multiprocessing`` work as with the
reference's plain objects.
"""

from ._pith import JustextRunner as _JustextRunner
from ._pith import Paragraph, stoplist_names as _stoplist_names, stoplist_words as _stoplist_words
from ._pith import JustextError, JustextInvalidOptions

__all__ = [
    "justext",
    "get_stoplist",
    "get_stoplists",
    "Paragraph",
    "JustextError",
    "JustextInvalidOptions",
    "MAX_LINK_DENSITY_DEFAULT",
    "LENGTH_LOW_DEFAULT",
    "LENGTH_HIGH_DEFAULT",
    "STOPWORDS_LOW_DEFAULT",
    "STOPWORDS_HIGH_DEFAULT",
    "NO_HEADINGS_DEFAULT",
    "MAX_HEADING_DISTANCE_DEFAULT",
    "DEFAULT_ENCODING",
    "DEFAULT_ENC_ERRORS",
]

MAX_LINK_DENSITY_DEFAULT = 0.2
LENGTH_LOW_DEFAULT = 70
LENGTH_HIGH_DEFAULT = 200
STOPWORDS_LOW_DEFAULT = 0.30
STOPWORDS_HIGH_DEFAULT = 0.32
NO_HEADINGS_DEFAULT = False
MAX_HEADING_DISTANCE_DEFAULT = 200
DEFAULT_ENCODING = "utf8"
DEFAULT_ENC_ERRORS = "replace"


class _Stoplist(frozenset):
    """A built-in stoplist: a frozenset of lower-cased words that remembers its name,
    so ``justext()`` can use pith's own copy instead of converting the set."""

    __slots__ = ("_pith_name",)


_stoplists = {}


def get_stoplists():
    """Returns a collection of built-in stop-lists."""
    return frozenset(_stoplist_names())


def get_stoplist(language):
    """Returns an built-in stop-list for the language as a set of words."""
    stoplist = _stoplists.get(language)
    if stoplist is None:
        stoplist = _Stoplist(_stoplist_words(language))
        stoplist._pith_name = language
        _stoplists[language] = stoplist
    return stoplist


_runners = {}
_MAX_RUNNERS = 128  # as the reference's lru_cache of stoplists


def justext(
    html_text,
    stoplist,
    length_low=LENGTH_LOW_DEFAULT,
    length_high=LENGTH_HIGH_DEFAULT,
    stopwords_low=STOPWORDS_LOW_DEFAULT,
    stopwords_high=STOPWORDS_HIGH_DEFAULT,
    max_link_density=MAX_LINK_DENSITY_DEFAULT,
    max_heading_distance=MAX_HEADING_DISTANCE_DEFAULT,
    no_headings=NO_HEADINGS_DEFAULT,
    encoding=None,
    default_encoding=DEFAULT_ENCODING,
    enc_errors=DEFAULT_ENC_ERRORS,
):
    """
    Converts an HTML page into a list of classified paragraphs. Each paragraph
    is represented as instance of class ``pith.justext.Paragraph``.

    ``html_text`` is ``bytes`` (decoded as the reference does: ``encoding`` if given,
    else a ``<meta charset>``, else UTF-8, else ``default_encoding`` with
    ``enc_errors``) or ``str``. ``stoplist`` is a set of words, e.g.
    ``get_stoplist("English")``; an empty set is jusText's language-independent mode
    (pass ``stopwords_low=0, stopwords_high=0`` as the reference's CLI does).
    """
    key = (
        stoplist,
        length_low,
        length_high,
        stopwords_low,
        stopwords_high,
        max_link_density,
        max_heading_distance,
        no_headings,
        encoding,
        default_encoding,
        enc_errors,
    )
    runner = _runners.get(key)
    if runner is None:
        name = getattr(stoplist, "_pith_name", None)
        runner = _JustextRunner(
            name if name is not None else stoplist,
            length_low,
            length_high,
            stopwords_low,
            stopwords_high,
            max_link_density,
            max_heading_distance,
            bool(no_headings),
            encoding,
            default_encoding,
            enc_errors,
        )
        if len(_runners) >= _MAX_RUNNERS:
            _runners.clear()
        _runners[key] = runner
    return runner.run(html_text)
