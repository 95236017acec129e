//! Identifying a text's language, with a page's `<html lang>` as a hint.
//!
//! The text decides when it can: declared languages are often wrong (templates keep
//! `lang="en"` on every page of a site) or missing. The hint is taken when the text
//! alone is not conclusive (whatlang's confidence below its reliability threshold)
//! and the hinted language is written in the script of the text, and for languages
//! the identifier does not know (Aragonese, Basque, Galician, ...) when the text is
//! in their script.

use crate::languages::{by_code, from_whatlang, script_of, to_whatlang, Language};

/// How sure [`identify`] must be before a `<html lang>` hint no longer matters
/// (whatlang's own threshold for a "reliable" answer).
const RELIABLE: f64 = 0.9;

/// What decided the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The text alone.
    Text,
    /// The page's `<html lang>`, consistent with the text's script.
    HtmlLang,
}

impl Source {
    /// A stable name for records: `"text"` or `"html_lang"`.
    pub fn label(self) -> &'static str {
        match self {
            Source::Text => "text",
            Source::HtmlLang => "html_lang",
        }
    }
}

/// A page's language, how sure pith is, and what decided it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Identification {
    /// The language.
    pub language: &'static Language,
    /// From 0 (a guess) to 1 (certain): whatlang's confidence in the text's language,
    /// or that of the text's best guess when the hint decided.
    pub confidence: f64,
    /// What decided it.
    pub source: Source,
}

/// The language of `text`, using `html_lang` (the value of `<html lang>`, if any) as a
/// hint. `None` when the text has no letters and there is no usable hint.
///
/// Callers pass a bounded prefix of a page's text: the cost grows with the length.
///
/// ```
/// use pith_lang::{identify, Source};
///
/// let russian = "Быстрая коричневая лиса прыгает через ленивую собаку, и это предложение \
///                достаточно длинное, чтобы его можно было узнать.";
/// let id = identify(russian, Some("en")).unwrap();
/// assert_eq!((id.language.code, id.source), ("ru", Source::Text));
///
/// // Aragonese is not among whatlang's languages: the hint names it.
/// let id = identify("A Wikipedia ye una enciclopedia libre.", Some("an")).unwrap();
/// assert_eq!((id.language.name, id.source), ("Aragonese", Source::HtmlLang));
/// ```
pub fn identify(text: &str, html_lang: Option<&str>) -> Option<Identification> {
    let hint = html_lang.and_then(by_code);
    let info = whatlang::detect(text)?;
    let detected = from_whatlang(info.lang());
    let by_text = Identification {
        language: detected,
        confidence: info.confidence(),
        source: Source::Text,
    };
    let Some(hint) = hint else {
        return Some(by_text);
    };
    if hint.code == detected.code || script_of(info.script()) != hint.script {
        return Some(by_text);
    }
    let from_hint = Identification {
        language: hint,
        confidence: info.confidence(),
        source: Source::HtmlLang,
    };
    match to_whatlang(hint) {
        // The identifier cannot name this language; the text is in its script.
        None => Some(from_hint),
        // It can, but was not sure of its own answer.
        Some(_) if info.confidence() < RELIABLE => Some(from_hint),
        Some(_) => Some(by_text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_letters_no_language() {
        assert_eq!(identify("", None), None);
        assert_eq!(identify("12345 !!! ---", Some("de")), None);
    }

    #[test]
    fn a_hint_in_another_script_is_ignored() {
        let text = "Быстрая коричневая лиса прыгает через ленивую собаку.";
        let id = identify(text, Some("an")).unwrap();
        assert_eq!(id.language.code, "ru");
        assert_eq!(id.source, Source::Text);
    }

    #[test]
    fn a_reliable_text_beats_a_wrong_hint() {
        let text = "The quick brown fox jumps over the lazy dog, and this sentence is long \
                    enough to be recognised as English without any doubt at all.";
        let id = identify(text, Some("de")).unwrap();
        assert_eq!(id.language.code, "en");
    }

    #[test]
    fn chinese_and_japanese() {
        let zh = identify(
            "这是一个用中文写的句子，我们希望它能够被正确地识别出来。",
            None,
        )
        .unwrap();
        assert_eq!(zh.language.code, "zh");
        let ja = identify(
            "これは日本語で書かれた文です。正しく認識されることを願っています。",
            None,
        )
        .unwrap();
        assert_eq!(ja.language.code, "ja");
        assert!(ja.language.spaceless);
    }
}
