//! Which language a page is in, which stoplist that language uses, and what a "word"
//! is in scripts written without spaces.
//!
//! jusText's stop-word test works in any language that has a stoplist, but a pipeline
//! names one list for every page: `-s English` on a Russian page finds no stop words and
//! throws the page away. This crate lets a pipeline choose per page (`stoplist: "auto"`):
//!
//! * [`identify`] guesses the language of a text (a bounded prefix of the page's
//!   blocks) with [`whatlang`] — chosen over `whichlang` and `lingua` by measurement,
//!   see `docs/decisions/0010-language-identification.md` — and uses the page's
//!   `<html lang>` as a hint where the text alone is not conclusive;
//! * [`Language::stoplist`] names the built-in stoplist for that language (jusText's
//!   100, plus Chinese and Japanese lists built from `wordfreq`), or none: the page then
//!   runs in jusText's language-independent mode;
//! * [`split_spaceless`] cuts a whitespace-separated token of Chinese or Japanese into
//!   words the way pith counts them there: every Han, Hiragana or Katakana character is
//!   one word; a token of Thai, Lao, Khmer or Burmese where the Unicode Consortium's
//!   dictionaries find its words; a token of Tibetan at each syllable (see [`words`]).
//!
//! ```
//! let id = pith_lang::identify(
//!     "Der schnelle braune Fuchs springt über den faulen Hund, und das ist ein Satz, \
//!      der lang genug ist, um erkannt zu werden.",
//!     None,
//! )
//! .unwrap();
//! assert_eq!(id.language.code, "de");
//! assert_eq!(id.language.stoplist, Some("German"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod identify;
mod languages;
pub mod words;

pub use identify::{identify, Identification, Source, MIN_LETTERS};
pub use languages::{by_code, languages_by_code, Language, NamedBy, LANGUAGES};
pub use words::{is_dictionary_script, is_spaceless, is_syllabic, split_spaceless};
