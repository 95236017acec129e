//! Identifying a text's language, with a page's `<html lang>` as a hint.
//!
//! The text decides when it can: declared languages are often wrong (templates keep
//! `lang="en"` on every page of a site) or missing. The hint is taken when the text
//! alone is not conclusive (whatlang's confidence below its reliability threshold)
//! and the hinted language is written in the script of the text, and for languages
//! the identifier does not know (Aragonese, Basque, Galician, ...) when the text is
//! in their script. Lao, which the identifier does not know either, is named by its
//! script.

use crate::languages::{by_code, from_whatlang, script_of, to_whatlang, Language};
use crate::words::{is_spaceless, may_hold_spaceless};

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

impl Identification {
    /// Whether the text named the language surely enough that a `<html lang>` hint
    /// would not be taken over it (confidence of 0.9 or more, whatlang's own
    /// threshold for a reliable answer).
    pub fn is_reliable(&self) -> bool {
        self.confidence >= RELIABLE
    }
}

/// The language of `text`, using `html_lang` (the value of `<html lang>`, if any) as a
/// hint. `None` when the text has fewer than [`MIN_LETTERS`] letters, too few to tell
/// (`Hi` would be Zulu), whatever the hint, or when the identifier names no language.
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
    if text
        .chars()
        .filter(|c| c.is_alphabetic())
        .take(MIN_LETTERS)
        .count()
        < MIN_LETTERS
    {
        return None;
    }
    if let Some(english) = plainly_english(text) {
        return Some(english);
    }
    if let Some(lao) = by_script(text) {
        return Some(lao);
    }
    let spaceless = spaceless_part(text);
    let info = whatlang::detect(spaceless.as_deref().unwrap_or(text))?;
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

/// How many letters of other scripts one Han, Hiragana or Katakana character outweighs
/// in [`spaceless_part`]: a character of these scripts is about a word, a Latin word
/// several letters.
const SPACELESS_WEIGHT: usize = 2;

/// The text's Han, Hiragana and Katakana characters and what is not a letter, when it
/// has letters of other scripts too but these characters (each weighing
/// [`SPACELESS_WEIGHT`] letters) are as many: Chinese or Japanese with Latin words in
/// it, which is then identified without them. `None` otherwise (nearly every text: one
/// byte scan, the word splitter's, when it has no character the splitter would cut).
///
/// Why: whatlang counts Han, Hiragana and Katakana as three scripts and identifies a
/// text by the script with the most letters, so a Japanese headline with a few product
/// names (`Kindle for PCをCtrl＋Alt＋Kのショートカットキーで立ち上がらなくする方法`: 19
/// Latin letters, at most 10 of any one of the three) was taken for a Latin-script
/// language — Danish, at confidence 1, so no `<html lang="ja">` could correct it, and a
/// corpus builder's Japanese pages went to the Danish ones.
fn spaceless_part(text: &str) -> Option<String> {
    if !may_hold_spaceless(text) {
        return None;
    }
    let (mut spaceless, mut other) = (0usize, 0usize);
    for c in text.chars() {
        if is_spaceless(c) {
            spaceless += 1;
        } else if c.is_alphabetic() {
            other += 1;
        }
    }
    (spaceless > 0 && other > 0 && SPACELESS_WEIGHT * spaceless >= other).then(|| {
        text.chars()
            .filter(|&c| is_spaceless(c) || !c.is_alphabetic())
            .collect()
    })
}

/// Lao, when most of the text's letters are Lao letters (U+0E80–U+0EFF), at a
/// confidence of their share of the letters; `None` otherwise (one byte scan when the
/// text has no Lao character).
///
/// Why: whatlang does not know the Lao script. On a Lao page it named no language (so
/// a corpus builder's Lao pages had none), and on a Lao page with a few English words
/// it named the language of those words. The Lao script writes Lao and little else, so
/// the script names the language as surely as a trigram profile would.
fn by_script(text: &str) -> Option<Identification> {
    // U+0E80–U+0EFF is 0xE0 0xBA 0x80 – 0xE0 0xBB 0xBF in UTF-8.
    let bytes = text.as_bytes();
    if !memchr::memchr_iter(0xE0, bytes).any(|i| matches!(bytes.get(i + 1), Some(0xBA | 0xBB))) {
        return None;
    }
    let (mut lao, mut other) = (0usize, 0usize);
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        if is_lao(c) {
            lao += 1;
        } else {
            other += 1;
        }
    }
    (lao > other).then(|| Identification {
        language: by_code("lo").expect("Lao is in the table"),
        confidence: lao as f64 / (lao + other) as f64,
        source: Source::Text,
    })
}

/// Whether `c` is in the Lao block (U+0E80–U+0EFF).
fn is_lao(c: char) -> bool {
    ('\u{0e80}'..='\u{0eff}').contains(&c)
}

/// The fewest letters a text must have to be identified: about four words. On fewer,
/// the identifier's answer is noise (`Hi` is Zulu at 0.004, `ok page` Tagalog at 0.07).
pub const MIN_LETTERS: usize = 20;

/// The most frequent English function words (the top of any English frequency list).
const ENGLISH_FUNCTION_WORDS: [&str; 40] = [
    "the", "of", "and", "to", "a", "in", "is", "that", "for", "it", "with", "as", "was", "on",
    "be", "by", "at", "this", "are", "from", "or", "have", "an", "they", "which", "you", "were",
    "has", "been", "their", "not", "but", "had", "we", "his", "her", "will", "would", "there",
    "its",
];

/// Fewer words than this are never taken as plainly English.
const FAST_PATH_MIN_WORDS: usize = 30;

/// Share of those function words from which text in ASCII letters is English: a
/// 1 KB sample of English pages is 20–45% of them, of every non-English sample we
/// have at most 10.5% (decision 0010).
const FAST_PATH_SHARE: f64 = 0.2;

/// The fast path for the common case: text whose letters are all ASCII (typographic
/// quotes, dashes, no-break spaces and other non-letters do not matter), of at least 30
/// words of which 20% or more are the 40 most frequent English function words, is
/// English, without scoring
/// whatlang's trigram profiles (on a 1 KB sample whatlang added about 0.8 ms of CPU a
/// page, decision 0010; this is one pass over the words). Running
/// text in other Latin-script languages has a far lower share of these words (they
/// have their own function words), so the whatlang answer would be the same; decision
/// 0010 gives the measurement.
fn plainly_english(text: &str) -> Option<Identification> {
    if !text.chars().all(|c| c.is_ascii() || !c.is_alphabetic()) {
        return None;
    }
    let (mut words, mut function) = (0usize, 0usize);
    let mut lower = String::new();
    for w in text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
    {
        words += 1;
        lower.clear();
        lower.extend(w.chars().map(|c| c.to_ascii_lowercase()));
        if ENGLISH_FUNCTION_WORDS.contains(&lower.as_str()) {
            function += 1;
        }
    }
    let share = function as f64 / words.max(1) as f64;
    (words >= FAST_PATH_MIN_WORDS && share >= FAST_PATH_SHARE).then(|| Identification {
        language: by_code("en").expect("English is in the table"),
        confidence: 1.0,
        source: Source::Text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_letters_no_language() {
        assert_eq!(identify("", None), None);
        assert_eq!(identify("12345 !!! ---", Some("de")), None);
        // Too few letters to tell: `Hi` is not Zulu, nor `ok page` Tagalog.
        for text in ["Hi", "ok page", "x", "Hallo Welt 2024"] {
            assert_eq!(identify(text, None), None, "{text}");
        }
        assert_eq!(identify("Hallo Welt 2024", Some("de")), None);
        assert!(identify("Guten Morgen, liebe Freunde", None).is_some());
    }

    #[test]
    fn chinese_and_japanese_with_latin_words_are_identified_by_their_characters() {
        let japanese = "Kindle for PCをCtrl＋Alt＋Kのショートカットキーで立ち上がらなくする方法";
        let id = identify(japanese, None).unwrap();
        assert_eq!((id.language.code, id.source), ("ja", Source::Text));
        let japanese = "Rustの非同期プログラミング: async/awaitとtokioを使ったWebサーバーの実装";
        assert_eq!(identify(japanese, None).unwrap().language.code, "ja");
        let chinese = "使用Python和Rust进行大规模数据处理的经验总结与性能对比分析";
        assert_eq!(identify(chinese, None).unwrap().language.code, "zh");
        // A few such characters in text of another script leave it as it is.
        let english =
            "The restaurant Sukiyabashi Jiro (すきやばし次郎) in Tokyo is one of the most \
                       famous sushi restaurants in the world, and it was the subject of a film.";
        assert_eq!(identify(english, None).unwrap().language.code, "en");
        assert_eq!(spaceless_part(english), None);
        assert_eq!(spaceless_part("東京タワー"), None, "nothing to leave out");
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
    fn the_english_fast_path_takes_only_english() {
        let en = "It was the best of times, it was the worst of times, it was the age of \
                  wisdom, it was the age of foolishness, it was the epoch of belief, it was \
                  the epoch of incredulity, it was the season of Light.";
        assert_eq!(plainly_english(en).unwrap().language.code, "en");
        let nl = "Het was de beste van alle tijden, het was de slechtste van alle tijden, \
                  het was de eeuw van de wijsheid, het was de eeuw van de dwaasheid, het \
                  was het tijdperk van het geloof en van het ongeloof in alles wat is.";
        assert!(plainly_english(nl).is_none());
        assert_eq!(identify(nl, None).unwrap().language.code, "nl");
        assert!(
            plainly_english("the of and to a in is").is_none(),
            "too short"
        );
        // Typographic punctuation is not a letter: still the fast path.
        let curly = en.replace(", it", "\u{2019}s \u{2014} it");
        assert_eq!(plainly_english(&curly).unwrap().language.code, "en");
        // A non-ASCII letter is: whatlang decides.
        let french = "Il \u{e9}tait une fois, et c'est la v\u{e9}rit\u{e9}, le meilleur des temps \
                      et le pire des temps, l'\u{e2}ge de la sagesse et l'\u{e2}ge de la folie, \
                      l'\u{e9}poque de la foi et l'\u{e9}poque de l'incr\u{e9}dulit\u{e9}.";
        assert!(plainly_english(french).is_none());
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

    /// Lao text in Lao script: "The Lao People's Democratic Republic is a landlocked
    /// country in Southeast Asia. Vientiane is its capital and largest city."
    const LAO: &str = "ສາທາລະນະລັດ ປະຊາທິປະໄຕ ປະຊາຊົນລາວ ເປັນປະເທດທີ່ບໍ່ມີທາງອອກສູ່ທະເລ \
                       ຕັ້ງຢູ່ໃນພາກພື້ນອາຊີຕາເວັນອອກສ່ຽງໃຕ້. ນະຄອນຫຼວງວຽງຈັນ ແມ່ນນະຄອນຫຼວງ \
                       ແລະ ເມືອງໃຫຍ່ທີ່ສຸດຂອງປະເທດ.";

    #[test]
    fn lao_is_named_by_its_script() {
        // whatlang alone names no language here.
        assert!(whatlang::detect(LAO).is_none());
        let id = identify(LAO, None).unwrap();
        assert_eq!((id.language.code, id.language.name), ("lo", "Lao"));
        assert_eq!((id.source, id.confidence), (Source::Text, 1.0));
        assert!(id.language.spaceless);
        // A few English words do not make it English (whatlang's answer for the mix,
        // at confidence 1, which no hint could have corrected).
        let mixed = format!("{LAO} Download the PDF version here");
        let whatlang = whatlang::detect(&mixed).unwrap();
        assert_eq!(
            (whatlang.lang(), whatlang.confidence()),
            (whatlang::Lang::Eng, 1.0)
        );
        let id = identify(&mixed, Some("en")).unwrap();
        assert_eq!(id.language.code, "lo");
        assert!(
            id.confidence > 0.5 && id.confidence < 1.0,
            "{}",
            id.confidence
        );
    }

    #[test]
    fn lao_needs_most_of_the_letters() {
        // An English text quoting a Lao phrase is English.
        let english = "The national motto, printed on every banknote, reads as follows in \
                       the original, and it is quoted here with its translation: ສັນຕິພາບ";
        assert_eq!(identify(english, None).unwrap().language.code, "en");
        // Thai (the neighbouring block, U+0E00–U+0E7F) is not Lao.
        let thai = "ตลาดน้ำแห่งใหม่เปิดให้บริการริมคลองในวันเสาร์นี้ ดึงดูดนักท่องเที่ยวจำนวนมาก";
        assert_eq!(identify(thai, None).unwrap().language.code, "th");
        // A `lang="lo"` hint does not make a Thai text Lao.
        assert_eq!(identify(thai, Some("lo")).unwrap().language.code, "th");
    }

    proptest::proptest! {
        /// Whatever the mix of Lao, Thai and English words, the text is Lao exactly
        /// when most of its letters are Lao.
        #[test]
        fn lao_exactly_when_most_letters_are_lao(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "ປະເທດ", "ນະຄອນຫຼວງ", "ແມ່ນ້ຳຂອງ", "ແລະ",
                    "ตลาดน้ำ", "นักท่องเที่ยว",
                    "river", "the", "download", "Vientiane",
                ]),
                4..40,
            )
        ) {
            let text = words.join(" ");
            let letters = |lao: bool| {
                text.chars()
                    .filter(|c| c.is_alphabetic())
                    .filter(|&c| is_lao(c) == lao)
                    .count()
            };
            let (lao, other) = (letters(true), letters(false));
            let named = identify(&text, None).map(|id| id.language.code);
            if lao + other >= MIN_LETTERS {
                proptest::prop_assert_eq!(named == Some("lo"), lao > other, "{}", text);
            } else {
                proptest::prop_assert!(named.is_none());
            }
        }
    }
}
