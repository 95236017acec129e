"""Type stubs of pith's native module (``pith._pith``); see ``help(pith)``."""

from os import PathLike
from typing import Any, Iterable, Iterator, Literal, Optional, Sequence, Tuple, Union, overload

Page = Union[bytes, bytearray, str]

__version__: str

class PithError(Exception):
    """Base class of pith's errors; the message is pith's own."""

class PipelineError(PithError):
    """A pipeline could not be loaded, or a parameter names nothing in it."""

class ExtractError(PithError):
    """A page could not be processed (e.g. strict decoding failed)."""

class JustextError(Exception):
    """Base class for jusText exceptions (as justext.core.JustextError)."""

class JustextInvalidOptions(JustextError):
    """As justext.core.JustextInvalidOptions."""

def presets() -> list[Tuple[str, str]]:
    """The built-in pipelines: (name, one line on what it is for)."""

def languages() -> list[Tuple[str, str, Optional[str], str]]:
    """The languages pith reports, by code: (code, English name, stoplist or None,
    what names it: "text", "script" or "html-lang")."""

class Block:
    """One block (jusText's paragraph) with its labels and features."""

    text: str
    label: str
    cf_label: str
    heading: bool
    features: dict[str, float]
    xpath: str
    """The XPath of the block's element with the ``justext`` presets; empty with the
    presets whose segmenter cuts at tags (``pith``, ``readability``, ``declutter``)."""
    dom_path: str
    chars_count_in_links: int
    tags_count: int
    preformatted: Optional[str]
    """The text as written (lines, indentation) when all of it is preformatted (inside
    ``pre``), with the presets whose segmenter cuts at tags; else ``None``."""
    after_line_break: bool
    """Whether a lone ``<br>`` cut the block from the one before (a line of the same
    paragraph), with the presets whose segmenter cuts at tags."""
    @property
    def is_good(self) -> bool: ...

class Extraction:
    """The result of running a pipeline on one page."""

    @property
    def text(self) -> str:
        """The good blocks' texts joined by newlines."""
    @property
    def markdown(self) -> str:
        """The good blocks as Markdown (headings, lists, ordered ones numbered from
        their ``start``, quotes, a lone ``<br>`` as a hard line break, fenced
        preformatted text, data tables as pipe tables),
        as ``pith extract --format markdown``; links stay text."""
    def to_markdown(
        self, *, links: bool = False, metadata: bool = False, images: bool = False
    ) -> str:
        """``markdown``; with ``links=True`` its links as ``[text](url)``, resolved
        against the page's ``<base href>`` and ``url`` (``pith extract --links``); with
        ``metadata=True`` opened by the page's metadata as YAML front matter
        (``--with-metadata``); with ``images=True`` the images of its main text as
        ``![alt](src)`` (``--images``)."""
    def to_html(
        self, *, links: bool = False, metadata: bool = False, images: bool = False
    ) -> str:
        """The good blocks as an HTML5 page, as ``pith extract --format html``: headings,
        paragraphs, nested lists, quotes, preformatted text, data tables, inline
        ``<code>``, ``<strong>``, ``<em>``, ``<del>``; with ``links=True`` its links as
        ``<a href>``, resolved as ``to_markdown(links=True)`` resolves them; with
        ``metadata=True`` the page's metadata in its head (``--with-metadata``); with
        ``images=True`` the images of its main text as ``<img>`` (``--images``)."""
    @property
    def blocks(self) -> list[Block]:
        """Every block, in document order."""
    @property
    def language(self) -> Optional[str]:
        """The page's identified language, an ISO 639-1 code ("en", "ja")."""
    @property
    def language_confidence(self) -> Optional[float]:
        """The identifier's confidence in ``language``, 0 to 1."""
    @property
    def warnings(self) -> list[str]:
        """What to know about this result (e.g. a stoplist that does not fit the page)."""
    @property
    def stoplist(self) -> Optional[str]:
        """The stoplist the pipeline was configured with ("English", "auto"), or None."""
    @property
    def limits_hit(self) -> list[str]:
        """The parse guards that changed this page."""
    @property
    def encoding(self) -> Optional[str]:
        """The encoding the bytes were decoded with: Python's codec name with the jusText
        presets ("utf-8"), the WHATWG name with the others ("UTF-8"); None for str."""
    @property
    def encoding_source(self) -> Optional[str]: ...
    @property
    def url(self) -> Optional[str]: ...
    @property
    def title(self) -> Optional[str]:
        """The page's ``<title>`` text (as ``document.title``), or None."""
    @property
    def description(self) -> Optional[str]:
        """The page's summary from its ``<meta>`` tags (else its JSON-LD article), or None."""
    @property
    def site_name(self) -> Optional[str]:
        """The site's name (``og:site_name``, else the JSON-LD publisher's), or None."""
    @property
    def author(self) -> Optional[str]:
        """The author the ``<meta>`` tags name (else the JSON-LD article's), less a
        byline's leading ``By``; else the name the page's first byline gives (``By
        Martha Ellison, Reporter``: ``Martha Ellison``), or None."""
    @property
    def published(self) -> Optional[str]:
        """When the page was published, as its ``<meta>`` tags (else its JSON-LD
        ``datePublished``) write it, else the date in its canonical URL or in ``url``
        (``/2019/11/19/`` as ``2019-11-19``), else the date its text shows (a ``<time
        datetime>`` or a dateline such as ``Posted on July 15, 2012``), or None."""
    @property
    def canonical_url(self) -> Optional[str]:
        """``<link rel=canonical>`` resolved against ``url``, else ``url``."""
    def to_dict(
        self, *, markdown: bool = False, links: bool = False, images: bool = False
    ) -> dict[str, object]: ...
    def __len__(self) -> int: ...

class Pipeline:
    """A pipeline: decoding, tree stages, segmenter, features, rules and passes."""

    @staticmethod
    def preset(name: str) -> Pipeline: ...
    @staticmethod
    def from_file(path: Union[str, PathLike[str]]) -> Pipeline: ...
    @staticmethod
    def from_json(text: str) -> Pipeline: ...
    def with_params(self, **overrides: object) -> Pipeline: ...
    def favoring(self, lean: Literal["precision", "recall"]) -> Pipeline: ...
    def without_comments(self) -> Pipeline: ...
    def without_tables(self) -> Pipeline: ...
    def without_title(self) -> Pipeline: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def language(self) -> Optional[str]: ...
    def to_json(self) -> str: ...
    def to_toml(self) -> str: ...
    def extract(
        self, html: Page, *, url: Optional[str] = None, charset: Optional[str] = None
    ) -> Extraction: ...
    @overload
    def extract_many(
        self,
        pages: Iterable[Union[Page, Tuple[Page, Optional[str]]]],
        workers: Optional[int] = None,
        *,
        errors: Literal["raise"] = "raise",
    ) -> list[Extraction]: ...
    @overload
    def extract_many(
        self,
        pages: Iterable[Union[Page, Tuple[Page, Optional[str]]]],
        workers: Optional[int] = None,
        *,
        errors: Literal["return"],
    ) -> list[Union[Extraction, ExtractError]]: ...

class RecordIterator(Iterator[dict[str, Any]]):
    """Records of ``extract_warc``, in input order."""

    def __next__(self) -> dict[str, Any]: ...
    @property
    def stats(self) -> Optional[dict[str, Any]]:
        """The run summary, once the iterator is exhausted or closed."""
    def close(self) -> None: ...

class DocumentIterator(Iterator[dict[str, Any]]):
    """HTML documents of a WARC file."""

    def __next__(self) -> dict[str, Any]: ...
    @property
    def skipped(self) -> int: ...

PathArg = Union[str, PathLike[str]]

def extract_warc(
    path: Union[PathArg, Sequence[PathArg]],
    pipeline: Union[Pipeline, str, None] = None,
    *,
    workers: Optional[int] = None,
    paragraphs: bool = False,
    markdown: bool = False,
    links: bool = False,
    images: bool = False,
    html_field: str = "html",
    max_bytes: int = 16777216,
    timeout: float = 60.0,
) -> RecordIterator: ...
def read_warc(path: PathArg, *, max_bytes: int = 16777216) -> DocumentIterator: ...
def train(
    datasets: Union[PathArg, Sequence[PathArg]],
    out: Optional[PathArg] = None,
    *,
    base: str = "pith",
    seed: int = 1,
    folds: int = 5,
    repeats: Optional[int] = None,
) -> dict[str, Any]:
    """Fits a pipeline's learned classifier on folders of pages with gold texts, as
    ``pith train`` does; returns ``pipeline``, ``json``, ``threshold`` and ``scores``."""

class Paragraph:
    """A paragraph as justext.paragraph.Paragraph (jusText 3.0.2)."""

    dom_path: str
    xpath: str
    chars_count_in_links: int
    tags_count: int
    class_type: str
    cf_class: str
    heading: bool
    text_nodes: list[str]
    @property
    def text(self) -> str: ...
    @property
    def is_heading(self) -> bool: ...
    @property
    def is_boilerplate(self) -> bool: ...
    @property
    def words_count(self) -> int: ...
    def __len__(self) -> int: ...
    def contains_text(self) -> bool: ...
    def append_text(self, text: str) -> str: ...
    def stopwords_count(self, stopwords: Iterable[str]) -> int: ...
    def stopwords_density(self, stopwords: Iterable[str]) -> float: ...
    def links_density(self) -> float: ...

class JustextRunner:
    def __init__(
        self,
        stoplist: Union[str, Iterable[str]],
        length_low: int,
        length_high: int,
        stopwords_low: float,
        stopwords_high: float,
        max_link_density: float,
        max_heading_distance: int,
        no_headings: bool,
        encoding: Optional[str],
        default_encoding: str,
        enc_errors: str,
    ) -> None: ...
    def run(self, html: Page) -> list[Paragraph]: ...

def stoplist_names() -> list[str]: ...
def stoplist_words(language: str) -> list[str]: ...
