//! Identifying a text's language, with a page's `<html lang>` as a hint.
//!
//! The text decides when it can: declared languages are often wrong (templates keep
//! `lang="en"` on every page of a site) or missing. The hint is taken when the text
//! alone is not conclusive (whatlang's confidence below its reliability threshold)
//! and the hinted language is written in the script of the text, and for languages
//! the identifier does not know (Aragonese, Basque, Galician, ...) when the text is
//! in their script. Languages whose script the identifier does not know (Lao,
//! Tibetan, Dhivehi's Thaana, ...) are named by their script; the languages of a script
//! that writes several alike (Canadian syllabics, Tifinagh, Syriac) by the hint alone.

use std::ops::RangeInclusive;

use crate::languages::{by_code, from_whatlang, script_of, to_whatlang, Language, Script};
use crate::words::{is_spaceless, may_hold_spaceless, TIBETAN_BLOCK};

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
/// (`Hi` would be Zulu), whatever the hint, when most of its letters are in a script of
/// several languages (Canadian syllabics, Tifinagh, Syriac) and the hint names none of
/// them, or when the identifier names no language.
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
    let (detected, script, confidence) = match by_script(text) {
        Some((Some(language), script, share)) => (language, script, share),
        // A script of several languages: only the page's `lang` can name one.
        Some((None, script, share)) => {
            return hint
                .filter(|hint| hint.script == script)
                .map(|language| Identification {
                    language,
                    confidence: share,
                    source: Source::HtmlLang,
                });
        }
        None => {
            let spaceless = spaceless_part(text);
            let info = whatlang::detect(spaceless.as_deref().unwrap_or(text))?;
            (
                from_whatlang(info.lang()),
                script_of(info.script()),
                info.confidence(),
            )
        }
    };
    let by_text = Identification {
        language: detected,
        confidence,
        source: Source::Text,
    };
    let Some(hint) = hint else {
        return Some(by_text);
    };
    if hint.code == detected.code || script != hint.script {
        return Some(by_text);
    }
    let from_hint = Identification {
        language: hint,
        confidence,
        source: Source::HtmlLang,
    };
    match to_whatlang(hint) {
        // The identifier cannot name this language; the text is in its script.
        None => Some(from_hint),
        // It can, but was not sure of its own answer.
        Some(_) if confidence < RELIABLE => Some(from_hint),
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

/// A script whatlang does not know (an entry of [`UNKNOWN_SCRIPTS`]).
struct UnknownScript {
    /// The script, as the hint check knows it.
    script: Script,
    /// Its Unicode blocks.
    blocks: &'static [RangeInclusive<char>],
    /// The code of the language it writes; `None` for a script of several languages.
    language: Option<&'static str>,
}

/// An [`UnknownScript`] (the table's entries written as calls).
const fn unknown(
    script: Script,
    blocks: &'static [RangeInclusive<char>],
    language: Option<&'static str>,
) -> UnknownScript {
    UnknownScript {
        script,
        blocks,
        language,
    }
}

/// The scripts whatlang does not know, with their Unicode blocks and the code in
/// [`LANGUAGES`](crate::LANGUAGES) of the language each writes, or `None` for a script
/// that writes several languages alike.
///
/// Why: whatlang reads only the scripts it knows. On a page in one of these it names
/// no language (a corpus builder's Lao or Tibetan pages had none), or the language of
/// the few English words on it (at confidence 1, which no `<html lang>` can correct),
/// or, for Thaana, Arabic: it counts Thaana letters as Arabic ones, so a Dhivehi page
/// was Arabic and got the Arabic stoplist. Each script with a code writes one language
/// and next to nothing else, so the script names it as surely as a trigram profile
/// would; Tibetan writes Dzongkha too, which a `lang="dz"` hint names. The scripts
/// without one write several languages alike (Canadian syllabics: Inuktitut, Cree,
/// Ojibwe; Tifinagh: the Amazigh languages; Syriac: Classical Syriac and the Neo-Aramaic
/// languages): only a page's `<html lang>` of one of their languages names one, and
/// without it the text has no language — not the English of its menu.
const UNKNOWN_SCRIPTS: &[UnknownScript] = &[
    unknown(Script::Thaana, &['\u{0780}'..='\u{07bf}'], Some("dv")),
    unknown(Script::Nko, &['\u{07c0}'..='\u{07ff}'], Some("nqo")),
    unknown(Script::Lao, &['\u{0e80}'..='\u{0eff}'], Some("lo")),
    unknown(Script::Tibetan, &[TIBETAN_BLOCK], Some("bo")),
    unknown(
        Script::Cherokee,
        &['\u{13a0}'..='\u{13ff}', '\u{ab70}'..='\u{abbf}'],
        Some("chr"),
    ),
    unknown(
        Script::Mongolian,
        &['\u{1800}'..='\u{18af}', '\u{11660}'..='\u{1167f}'],
        Some("mn"),
    ),
    unknown(Script::OlChiki, &['\u{1c50}'..='\u{1c7f}'], Some("sat")),
    unknown(Script::Adlam, &['\u{1e900}'..='\u{1e95f}'], Some("ff")),
    unknown(
        Script::CanadianSyllabics,
        &[
            '\u{1400}'..='\u{167f}',
            '\u{18b0}'..='\u{18ff}',
            '\u{11ab0}'..='\u{11abf}',
        ],
        None,
    ),
    unknown(Script::Tifinagh, &['\u{2d30}'..='\u{2d7f}'], None),
    unknown(
        Script::Syriac,
        &['\u{0700}'..='\u{074f}', '\u{0860}'..='\u{086f}'],
        None,
    ),
];

/// Where the first block of [`UNKNOWN_SCRIPTS`] starts (Syriac): the letters before
/// it (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic) are in none.
const FIRST_UNKNOWN: char = '\u{0700}';

/// The entry of [`UNKNOWN_SCRIPTS`] whose blocks hold `c`, if any.
fn unknown_script(c: char) -> Option<usize> {
    if c < FIRST_UNKNOWN {
        return None;
    }
    UNKNOWN_SCRIPTS
        .iter()
        .position(|entry| entry.blocks.iter().any(|block| block.contains(&c)))
}

/// The script of [`UNKNOWN_SCRIPTS`] most of the text's letters are in, with the
/// language it names (`None` for a script of several languages) and a confidence of
/// its share of the letters (a hint is then weighed as for whatlang's answers:
/// `lang="dz"` over Tibetan names Dzongkha). `None` when no such script holds most
/// letters (a few byte scans when the text has no character of these scripts, nor of
/// the other scripts whose UTF-8 starts with the same bytes).
fn by_script(text: &str) -> Option<(Option<&'static Language>, Script, f64)> {
    // Every character of these blocks starts with one of these bytes in UTF-8: 0xDC
    // and 0xDD (Syriac), 0xDE and 0xDF (Thaana, N'Ko), 0xE0 (Syriac's supplement, Lao,
    // Tibetan), 0xE1 (Canadian syllabics, Cherokee, Mongolian, Ol Chiki), 0xEA
    // (Cherokee's small letters), 0xF0 (the supplements, Adlam); Tifinagh with 0xE2
    // 0xB4 or 0xE2 0xB5 (0xE2 alone also starts the typographic quotes, dashes and
    // symbols of many pages).
    let bytes = text.as_bytes();
    if memchr::memchr3(0xDE, 0xDF, 0xE0, bytes).is_none()
        && memchr::memchr3(0xE1, 0xEA, 0xF0, bytes).is_none()
        && memchr::memchr2(0xDC, 0xDD, bytes).is_none()
        && memchr::memmem::find(bytes, b"\xE2\xB4").is_none()
        && memchr::memmem::find(bytes, b"\xE2\xB5").is_none()
    {
        return None;
    }
    let mut counts = [0usize; UNKNOWN_SCRIPTS.len()];
    let mut letters = 0usize;
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        letters += 1;
        if let Some(i) = unknown_script(c) {
            counts[i] += 1;
        }
    }
    let (most, &count) = counts.iter().enumerate().max_by_key(|&(_, n)| n)?;
    if 2 * count <= letters {
        return None;
    }
    let entry = &UNKNOWN_SCRIPTS[most];
    let language = (entry.language)
        .map(|code| by_code(code).expect("every script's language is in the table"));
    Some((language, entry.script, count as f64 / letters as f64))
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

    /// Sentences in languages whatlang does not know, with their code and what
    /// whatlang takes each for: a neighbour in the same script.
    const NEIGHBOURS: [(&str, &str, whatlang::Lang); 6] = [
        (
            "ps",
            "پښتو د افغانستان او پاکستان یوه مهمه ژبه ده چې په میلیونونو خلک پرې خبرې کوي",
            whatlang::Lang::Pes,
        ),
        (
            "as",
            "অসমীয়া ভাষা অসমৰ চৰকাৰী ভাষা আৰু ইয়াত লাখ লাখ মানুহে এই ভাষাত কথা কয়",
            whatlang::Lang::Ben,
        ),
        (
            "ti",
            "ትግርኛ ቋንቋ ኣብ ኤርትራን ኢትዮጵያን ብሚልዮናት ዝዝረብ ቋንቋ እዩ",
            whatlang::Lang::Amh,
        ),
        (
            "tg",
            "Забони тоҷикӣ забони давлатии Ҷумҳурии Тоҷикистон мебошад ва миллионҳо одамон бо он \
             гап мезананд",
            whatlang::Lang::Ukr,
        ),
        (
            "so",
            "Af Soomaaliga waa luqadda rasmiga ah ee Soomaaliya waxaana ku hadla malaayiin qof",
            whatlang::Lang::Tgl,
        ),
        (
            "ug",
            "ئۇيغۇر تىلى ئۇيغۇرلارنىڭ ئانا تىلى بولۇپ نەچچە مىليون كىشى سۆزلەيدۇ",
            whatlang::Lang::Pes,
        ),
    ];

    #[test]
    fn the_page_names_a_language_whatlang_takes_for_a_neighbour() {
        for (code, text, neighbour) in NEIGHBOURS {
            let whatlang = whatlang::detect(text).unwrap().lang();
            assert_eq!(whatlang, neighbour, "{code}");
            // Without the page's word, whatlang's neighbour; with it, the language.
            let alone = identify(text, None).unwrap();
            assert_eq!(alone.language.code, from_whatlang(neighbour).code);
            let id = identify(text, Some(code)).unwrap();
            assert_eq!((id.language.code, id.source), (code, Source::HtmlLang));
        }
    }

    #[test]
    fn a_hint_is_taken_only_over_text_in_its_script() {
        // One text per script class, short or mixed enough that whatlang is not sure of
        // some of them (where a hint may decide), with the class it is in.
        let samples = [
            ("שלום לכולם, מה שלומכם היום בבוקר", Script::Hebrew),
            ("ეს არის ქართული ენის მოკლე წინადადება", Script::Georgian),
            (
                "Η ελληνική γλώσσα είναι μία από τις αρχαιότερες",
                Script::Greek,
            ),
            (
                "안녕하세요 오늘 날씨가 정말 좋네요 친구들과 함께 공원에 갑니다",
                Script::Hangul,
            ),
            ("ትግርኛ ቋንቋ ኣብ ኤርትራን ኢትዮጵያን ዝዝረብ ቋንቋ", Script::Ethiopic),
            ("Забони тоҷикӣ забони давлатии", Script::Cyrillic),
            (
                "پښتو د افغانستان او پاکستان یوه مهمه ژبه ده",
                Script::Arabic,
            ),
            ("Af Soomaaliga waa luqadda rasmiga ah", Script::Latin),
            (
                "नेपाल भाषा नेवार जातिको मातृभाषा हो र काठमाडौं उपत्यकामा बोलिन्छ",
                Script::Devanagari,
            ),
            ("ภาษาไทยเป็นภาษาราชการของประเทศไทย", Script::Thai),
            ("བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན།", Script::Tibetan),
            ("ދިވެހިރާއްޖެއަކީ އިންޑިޔާ ކަނޑުގައި ހުންނަ", Script::Thaana),
        ];
        let mut unsure = 0;
        for (text, script) in samples {
            unsure += usize::from(identify(text, None).unwrap().confidence < RELIABLE);
            for hint in crate::LANGUAGES {
                let id = identify(text, Some(hint.code)).unwrap();
                if id.source == Source::HtmlLang {
                    assert_eq!(hint.script, script, "{} over {text}", hint.code);
                }
            }
        }
        assert!(unsure >= 3, "the hint path is exercised: {unsure}");
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

    /// Dhivehi in Thaana: "The Maldives is an island nation in the Indian Ocean. Its
    /// capital is Malé."
    const DHIVEHI: &str = "ދިވެހިރާއްޖެއަކީ އިންޑިޔާ ކަނޑުގައި ހުންނަ ޖަޒީރާ ދައުލަތެކެވެ. \
                           ރާއްޖޭގެ ވެރިރަށަކީ މާލެ އެވެ.";

    /// Tibetan: "The Tibetan language is the language of the Tibetan people."
    const TIBETAN: &str = "བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན། \
                           བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན།";

    /// A phrase in each of the other scripts that name a language, with the code.
    const OTHERS: [(&str, &str); 5] = [
        ("ߒߞߏ ߞߊ߲ ߞߊ߬ߙߊ߲ ߠߊ߫ ߒߞߏ ߛߓߍߛߎ߲ ߞߊ߲߬ ߘߐ߫", "nqo"),
        ("ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ ᏣᎳᎩ ᎠᏂᏴᏫᏯ ᎦᏬᏂᎯᏍᏗ", "chr"),
        ("ᠮᠣᠩᠭᠣᠯ ᠬᠡᠯᠡ ᠪᠣᠯ ᠮᠣᠩᠭᠣᠯ ᠦᠨᠳᠦᠰᠦᠲᠡᠨ ᠦ ᠬᠡᠯᠡ", "mn"),
        ("ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ ᱚᱞ ᱪᱤᱠᱤ ᱦᱚᱨᱚᱯ ᱛᱮ ᱚᱞᱚᱜ ᱠᱟᱱᱟ", "sat"),
        ("𞤆𞤵𞤤𞤢𞤪 𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪 𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪", "ff"),
    ];

    #[test]
    fn dhivehi_is_not_arabic() {
        // whatlang counts Thaana letters as Arabic ones: the Arabic stoplist would
        // have been chosen for a Dhivehi page.
        assert_eq!(
            whatlang::detect(DHIVEHI).map(|info| info.lang()),
            Some(whatlang::Lang::Ara)
        );
        let id = identify(DHIVEHI, Some("ar")).unwrap();
        assert_eq!((id.language.code, id.language.name), ("dv", "Dhivehi"));
        assert_eq!((id.source, id.confidence), (Source::Text, 1.0));
        assert!(id.language.stoplist.is_none());
        // A `lang="dv"` hint does not make an Arabic text Dhivehi.
        let arabic =
            "اللغة العربية هي أكثر اللغات السامية تحدثًا، وإحدى أكثر اللغات انتشارًا في العالم";
        assert_eq!(identify(arabic, Some("dv")).unwrap().language.code, "ar");
    }

    #[test]
    fn tibetan_and_dzongkha_by_the_hint() {
        // whatlang names no language in Tibetan, English with a few English words.
        assert!(whatlang::detect(TIBETAN).is_none());
        let id = identify(TIBETAN, None).unwrap();
        assert_eq!((id.language.code, id.source), ("bo", Source::Text));
        assert_eq!(identify(TIBETAN, Some("bo")).unwrap().source, Source::Text);
        let mixed = format!("{TIBETAN} Download the PDF version here");
        assert_eq!(
            whatlang::detect(&mixed).map(|info| info.lang()),
            Some(whatlang::Lang::Eng)
        );
        assert_eq!(identify(&mixed, Some("en")).unwrap().language.code, "bo");
        // Dzongkha is written in the same script: the page's `lang` tells them apart.
        let id = identify(TIBETAN, Some("dz")).unwrap();
        assert_eq!(
            (id.language.name, id.source),
            ("Dzongkha", Source::HtmlLang)
        );
        assert_eq!(id.confidence, 1.0);
        // But `lang="dz"` over a text in another script is not taken.
        assert_eq!(identify(DHIVEHI, Some("dz")).unwrap().language.code, "dv");
    }

    #[test]
    fn the_other_scripts_name_their_languages() {
        for (text, code) in OTHERS {
            let id = identify(text, None).unwrap();
            assert_eq!(
                (id.language.code, id.source),
                (code, Source::Text),
                "{text}"
            );
            let mixed = format!("{text} Share");
            assert_eq!(identify(&mixed, Some("en")).unwrap().language.code, code);
        }
    }

    #[test]
    fn every_letter_of_the_unknown_scripts_passes_the_byte_scan() {
        for entry in UNKNOWN_SCRIPTS {
            assert!(entry.blocks.iter().all(|b| *b.start() >= FIRST_UNKNOWN));
            for c in entry.blocks.iter().flat_map(|block| block.clone()) {
                if c.is_alphabetic() {
                    let found = by_script(&c.to_string().repeat(3)).map(|(_, s, _)| s);
                    assert_eq!(found, Some(entry.script), "{c:?}");
                }
            }
        }
    }

    /// Inuktitut in Canadian syllabics, Standard Moroccan Tamazight in Tifinagh, Syriac.
    const SEVERAL: [(&str, &str, &str); 3] = [
        (
            "ᐃᓄᒃᑎᑐᑦ ᐃᓄᐃᑦ ᐅᖃᐅᓯᖓᑦ ᓄᓇᕗᒻᒥ ᐊᒻᒪ ᓄᓇᕕᒻᒥ ᑲᓇᑕᒥ ᐅᖃᐅᓯᐅᔪᖅ",
            "iu",
            "cr",
        ),
        ("ⵜⴰⵎⴰⵣⵉⵖⵜ ⵜⴰⵏⴰⵡⴰⵢⵜ ⵜⴰⵏⴰⵎⵓⵙⵜ ⵜⴰⵎⵙⵍⴰⵢⵜ ⵏ ⵍⵎⵖⵔⵉⴱ", "zgh", "shi"),
        (
            "ܠܫܢܐ ܣܘܪܝܝܐ ܗܘ ܠܫܢܐ ܥܬܝܩܐ ܕܐܬܐܡܪ ܒܡܕܢܚܐ ܡܢ ܥܕܢܐ ܥܬܝܩܬܐ",
            "syr",
            "aii",
        ),
    ];

    #[test]
    fn scripts_of_several_languages_are_named_by_the_page_alone() {
        for (text, code, other) in SEVERAL {
            // whatlang names no language here, and English for the text with an
            // English menu's words, at confidence 1.
            assert!(whatlang::detect(text).is_none(), "{code}");
            let mixed = format!("{text} Download the PDF version here");
            let whatlang = whatlang::detect(&mixed).unwrap();
            assert_eq!(whatlang.lang(), whatlang::Lang::Eng, "{code}");
            // pith names the page's language if it is one of the script's, else none.
            for hint in [None, Some("en"), Some("ar")] {
                assert_eq!(identify(&mixed, hint), None, "{code} {hint:?}");
            }
            for code in [code, other] {
                let id = identify(&mixed, Some(code)).unwrap();
                assert_eq!((id.language.code, id.source), (code, Source::HtmlLang));
                assert!(id.confidence > 0.5 && id.confidence < 1.0);
                assert_eq!(id.language.named_by(), crate::NamedBy::HtmlLang);
            }
            // Where the English words are most of the letters, the text is English.
            let english = format!(
                "{text} {}",
                "Download the PDF version of this page here. ".repeat(3)
            );
            assert_eq!(identify(&english, None).unwrap().language.code, "en");
        }
    }

    #[test]
    fn mongolian_and_fula_hints_in_their_usual_scripts() {
        // Mongolian is mostly written in Cyrillic, which whatlang reads as another
        // language: a `lang="mn"` names it. Fula likewise in Latin.
        let mongolian = "Монгол хэл нь Монгол улсын албан ёсны хэл бөгөөд дэлхийд таван сая \
                         орчим хүн ярьдаг.";
        let id = identify(mongolian, Some("mn")).unwrap();
        assert_eq!(
            (id.language.name, id.source),
            ("Mongolian", Source::HtmlLang)
        );
        assert_ne!(identify(mongolian, None).unwrap().language.code, "mn");
        let fula = "Pulaar ko ɗemngal ngal Fulɓe ngal haalata e leydeele keewɗe Afrik hirnaange";
        let id = identify(fula, Some("ff")).unwrap();
        assert_eq!((id.language.name, id.source), ("Fula", Source::HtmlLang));
    }

    proptest::proptest! {
        /// Whatever the mix of words in the scripts whatlang does not know, Thai and
        /// English, the text is named by one of these scripts exactly when most of
        /// its letters are in it, and then by that script: its language, or none for
        /// a script of several languages.
        #[test]
        fn named_by_a_script_exactly_when_most_letters_are_in_it(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "ປະເທດ", "ນະຄອນຫຼວງ", "ແມ່ນ້ຳຂອງ", "ແລະ",
                    "བོད་ཀྱི་སྐད་ཡིག", "ཡིན།", "ދިވެހިރާއްޖެ", "މާލެ", "ߒߞߏ", "ᏣᎳᎩ",
                    "ᠮᠣᠩᠭᠣᠯ", "ᱥᱟᱱᱛᱟᱲᱤ", "𞤆𞤵𞤤𞤢𞤪", "ᐃᓄᒃᑎᑐᑦ", "ⵜⴰⵎⴰⵣⵉⵖⵜ", "ܠܫܢܐ",
                    "ตลาดน้ำ", "นักท่องเที่ยว", "مرحبا",
                    "river", "the", "download", "Vientiane",
                ]),
                4..40,
            )
        ) {
            let text = words.join(" ");
            let mut counts = [0usize; UNKNOWN_SCRIPTS.len()];
            let mut letters = 0;
            for c in text.chars().filter(|c| c.is_alphabetic()) {
                letters += 1;
                if let Some(i) = unknown_script(c) {
                    counts[i] += 1;
                }
            }
            let named = identify(&text, None).map(|id| id.language.code);
            let majority = counts.iter().position(|&n| 2 * n > letters);
            if letters < MIN_LETTERS {
                proptest::prop_assert!(named.is_none());
            } else if let Some(i) = majority {
                proptest::prop_assert_eq!(named, UNKNOWN_SCRIPTS[i].language, "{}", text);
            } else {
                let by_script = UNKNOWN_SCRIPTS.iter().filter_map(|entry| entry.language);
                proptest::prop_assert!(!by_script.into_iter().any(|code| Some(code) == named), "{}", text);
            }
        }
    }
}
