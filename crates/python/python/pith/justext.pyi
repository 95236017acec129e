from typing import AbstractSet, Optional, Union

from ._pith import JustextError as JustextError
from ._pith import JustextInvalidOptions as JustextInvalidOptions
from ._pith import Paragraph as Paragraph

MAX_LINK_DENSITY_DEFAULT: float
LENGTH_LOW_DEFAULT: int
LENGTH_HIGH_DEFAULT: int
STOPWORDS_LOW_DEFAULT: float
STOPWORDS_HIGH_DEFAULT: float
NO_HEADINGS_DEFAULT: bool
MAX_HEADING_DISTANCE_DEFAULT: int
DEFAULT_ENCODING: str
DEFAULT_ENC_ERRORS: str

def get_stoplists() -> frozenset[str]: ...
def get_stoplist(language: str) -> frozenset[str]: ...
def justext(
    html_text: Union[bytes, str],
    stoplist: AbstractSet[str],
    length_low: int = 70,
    length_high: int = 200,
    stopwords_low: float = 0.30,
    stopwords_high: float = 0.32,
    max_link_density: float = 0.2,
    max_heading_distance: int = 200,
    no_headings: bool = False,
    encoding: Optional[str] = None,
    default_encoding: str = "utf8",
    enc_errors: str = "replace",
) -> list[Paragraph]: ...
