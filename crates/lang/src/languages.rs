//! The languages pith knows: their codes, English names, stoplists and whether their
//! script separates words with spaces.

/// A language as pith reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Language {
    /// ISO 639-1 code (`"en"`, `"zh"`), as in `<html lang>`; ISO 639-3 where a language
    /// has no two-letter code.
    pub code: &'static str,
    /// English name (`"English"`, `"Chinese"`).
    pub name: &'static str,
    /// The built-in stoplist for this language, if there is one (`"English"`).
    pub stoplist: Option<&'static str>,
    /// Whether text in this language is written without spaces between words, so that
    /// word counts use [`split_spaceless`](crate::split_spaceless): Chinese and Japanese
    /// (a character a word), Thai, Lao, Burmese and Khmer (the dictionary's words),
    /// Tibetan and Dzongkha (a syllable a word).
    pub spaceless: bool,
    /// Whether the text can name it (whatlang, or a script whatlang does not know that
    /// names it: Lao, Tibetan, Thaana, ...); the others come only from a page's
    /// `<html lang>`.
    pub(crate) detectable: bool,
    /// Its script, in the text identifier's terms, for checking a `<html lang>` hint
    /// against the text.
    pub(crate) script: Script,
}

/// What can name a language (`pith extract --list-languages` shows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedBy {
    /// Its text: whatlang's profiles (and a page's `<html lang>` when they are unsure).
    Text,
    /// Its script alone, which whatlang does not know (Lao, Tibetan, Dhivehi, ...).
    Script,
    /// Only a page's `<html lang>`, over text in the language's script.
    HtmlLang,
}

impl NamedBy {
    /// A stable name: `"text"`, `"script"` or `"html-lang"`.
    pub fn label(self) -> &'static str {
        match self {
            NamedBy::Text => "text",
            NamedBy::Script => "script",
            NamedBy::HtmlLang => "html-lang",
        }
    }
}

impl Language {
    /// What can name this language.
    ///
    /// ```
    /// use pith_lang::{by_code, NamedBy};
    ///
    /// assert_eq!(by_code("de").unwrap().named_by(), NamedBy::Text);
    /// assert_eq!(by_code("dv").unwrap().named_by(), NamedBy::Script);
    /// assert_eq!(by_code("eu").unwrap().named_by(), NamedBy::HtmlLang);
    /// ```
    pub fn named_by(&self) -> NamedBy {
        if !self.detectable {
            NamedBy::HtmlLang
        } else if to_whatlang(self).is_some() {
            NamedBy::Text
        } else {
            NamedBy::Script
        }
    }
}

/// The scripts a hint is checked against (a hint is taken only when the page's text is
/// in the hinted language's script).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Script {
    Latin,
    Cyrillic,
    Arabic,
    Devanagari,
    Bengali,
    /// Han, Hiragana and Katakana: whatlang's three scripts of Chinese and Japanese.
    Cjk,
    Armenian,
    Ethiopic,
    Georgian,
    Greek,
    Gujarati,
    Gurmukhi,
    Hangul,
    Hebrew,
    Kannada,
    Khmer,
    Malayalam,
    Myanmar,
    Oriya,
    Sinhala,
    Tamil,
    Telugu,
    Thai,
    /// The scripts whatlang does not know (`identify`'s `UNKNOWN_SCRIPTS`): no whatlang
    /// script maps to them, so a `lang="lo"` or `lang="dv"` hint is never taken over a
    /// text [`identify`](crate::identify) did not find to be in that script. Tibetan
    /// writes Tibetan and Dzongkha, so a `lang="dz"` hint is taken over a Tibetan text.
    Lao,
    /// See [`Script::Lao`].
    Tibetan,
    /// See [`Script::Lao`].
    Thaana,
    /// See [`Script::Lao`].
    Nko,
    /// See [`Script::Lao`].
    Cherokee,
    /// See [`Script::Lao`].
    OlChiki,
    /// See [`Script::Lao`] (no language of the table has it as its hint script:
    /// Mongolian's is Cyrillic, in which it is mostly written).
    Mongolian,
    /// See [`Script::Lao`] (no language of the table has it as its hint script: Fula's
    /// is Latin, in which it is mostly written).
    Adlam,
    /// See [`Script::Lao`]: Inuktitut, Cree and Ojibwe, which only a page's `lang` names.
    CanadianSyllabics,
    /// See [`Script::Lao`]: the Amazigh languages, which only a page's `lang` names.
    Tifinagh,
    /// See [`Script::Lao`]: Syriac and Assyrian Neo-Aramaic, which only a page's `lang`
    /// names.
    Syriac,
}

const fn lang(
    code: &'static str,
    name: &'static str,
    stoplist: Option<&'static str>,
    script: Script,
    detectable: bool,
) -> Language {
    Language {
        code,
        name,
        stoplist,
        spaceless: false,
        detectable,
        script,
    }
}

const fn d(
    code: &'static str,
    name: &'static str,
    stoplist: &'static str,
    script: Script,
) -> Language {
    lang(code, name, Some(stoplist), script, true)
}

const fn d_none(code: &'static str, name: &'static str, script: Script) -> Language {
    lang(code, name, None, script, true)
}

const fn hint(
    code: &'static str,
    name: &'static str,
    stoplist: &'static str,
    script: Script,
) -> Language {
    lang(code, name, Some(stoplist), script, false)
}

const fn hint_none(code: &'static str, name: &'static str, script: Script) -> Language {
    lang(code, name, None, script, false)
}

use Script::*;

/// Every language pith reports: the 70 that [`whatlang`] recognises (first), those that a
/// script whatlang does not know names (Lao, Tibetan, Dhivehi, ...), then languages that
/// only a page's `<html lang>` can name (most with a jusText stoplist).
pub static LANGUAGES: &[Language] = &[
    d("en", "English", "English", Latin),
    d("eo", "Esperanto", "Esperanto", Latin),
    d("ru", "Russian", "Russian", Cyrillic),
    Language {
        spaceless: true,
        ..d("zh", "Chinese", "Chinese", Cjk)
    },
    d("es", "Spanish", "Spanish", Latin),
    d("pt", "Portuguese", "Portuguese", Latin),
    d("it", "Italian", "Italian", Latin),
    d("bn", "Bengali", "Bengali", Bengali),
    d("fr", "French", "French", Latin),
    d("de", "German", "German", Latin),
    d("uk", "Ukrainian", "Ukrainian", Cyrillic),
    d("ka", "Georgian", "Georgian", Georgian),
    d("ar", "Arabic", "Arabic", Arabic),
    d("hi", "Hindi", "Hindi", Devanagari),
    Language {
        spaceless: true,
        ..d("ja", "Japanese", "Japanese", Cjk)
    },
    d("he", "Hebrew", "Hebrew", Hebrew),
    d_none("yi", "Yiddish", Hebrew),
    d("pl", "Polish", "Polish", Latin),
    d_none("am", "Amharic", Ethiopic),
    d("jv", "Javanese", "Javanese", Latin),
    d("ko", "Korean", "Korean", Hangul),
    d("nb", "Norwegian Bokmål", "Norwegian_Bokmal", Latin),
    d("da", "Danish", "Danish", Latin),
    d("sv", "Swedish", "Swedish", Latin),
    d("fi", "Finnish", "Finnish", Latin),
    d("tr", "Turkish", "Turkish", Latin),
    d("nl", "Dutch", "Dutch", Latin),
    d("hu", "Hungarian", "Hungarian", Latin),
    d("cs", "Czech", "Czech", Latin),
    d("el", "Greek", "Greek", Greek),
    d("bg", "Bulgarian", "Bulgarian", Cyrillic),
    d("be", "Belarusian", "Belarusian", Cyrillic),
    d("mr", "Marathi", "Marathi", Devanagari),
    d("kn", "Kannada", "Kannada", Kannada),
    d("ro", "Romanian", "Romanian", Latin),
    d("sl", "Slovenian", "Slovenian", Latin),
    d("hr", "Croatian", "Croatian", Latin),
    d("sr", "Serbian", "Serbian", Cyrillic),
    d("mk", "Macedonian", "Macedonian", Cyrillic),
    d("lt", "Lithuanian", "Lithuanian", Latin),
    d("lv", "Latvian", "Latvian", Latin),
    d("et", "Estonian", "Estonian", Latin),
    d("ta", "Tamil", "Tamil", Tamil),
    d("vi", "Vietnamese", "Vietnamese", Latin),
    d("ur", "Urdu", "Urdu", Arabic),
    Language {
        spaceless: true,
        ..d_none("th", "Thai", Thai)
    },
    d("gu", "Gujarati", "Gujarati", Gujarati),
    d("uz", "Uzbek", "Uzbek", Latin),
    d_none("pa", "Punjabi", Gurmukhi),
    d("az", "Azerbaijani", "Azerbaijani", Latin),
    d("id", "Indonesian", "Indonesian", Latin),
    d("te", "Telugu", "Telugu", Telugu),
    d("fa", "Persian", "Persian", Arabic),
    d("ml", "Malayalam", "Malayalam", Malayalam),
    d_none("or", "Odia", Oriya),
    Language {
        spaceless: true,
        ..d_none("my", "Burmese", Myanmar)
    },
    d("ne", "Nepali", "Nepali", Devanagari),
    d_none("si", "Sinhala", Sinhala),
    Language {
        spaceless: true,
        ..d_none("km", "Khmer", Khmer)
    },
    d("tk", "Turkmen", "Turkmen", Latin),
    d_none("ak", "Akan", Latin),
    d_none("zu", "Zulu", Latin),
    d_none("sn", "Shona", Latin),
    d("af", "Afrikaans", "Afrikaans", Latin),
    d("la", "Latin", "Latin", Latin),
    d("sk", "Slovak", "Slovak", Latin),
    d("ca", "Catalan", "Catalan", Latin),
    d("tl", "Tagalog", "Tagalog", Latin),
    d("hy", "Armenian", "Armenian", Armenian),
    d("cy", "Welsh", "Welsh", Latin),
    // Languages whatlang does not know that the text's script names
    // (`identify::UNKNOWN_SCRIPTS`). Their hint scripts: a `lang="mn"` is taken over
    // Cyrillic text (Mongolian is mostly written in it), `lang="ff"` over Latin.
    Language {
        spaceless: true,
        ..lang("lo", "Lao", None, Lao, true)
    },
    // Tibetan separates syllables with the tsheg (་), not words with spaces, and the
    // word segmenter has no Tibetan dictionary: its words are counted by syllable.
    Language {
        spaceless: true,
        ..lang("bo", "Tibetan", None, Tibetan, true)
    },
    lang("dv", "Dhivehi", None, Thaana, true),
    lang("nqo", "N'Ko", None, Nko, true),
    lang("chr", "Cherokee", None, Cherokee, true),
    lang("sat", "Santali", None, OlChiki, true),
    lang("mn", "Mongolian", None, Cyrillic, true),
    lang("ff", "Fula", None, Latin, true),
    // Scripts that write several languages alike: only a page's `<html lang>` names one
    // of them, over text in the script (without it, such a text has no language).
    hint_none("iu", "Inuktitut", CanadianSyllabics),
    hint_none("cr", "Cree", CanadianSyllabics),
    hint_none("oj", "Ojibwe", CanadianSyllabics),
    hint_none("zgh", "Standard Moroccan Tamazight", Tifinagh),
    hint_none("tzm", "Central Atlas Tamazight", Tifinagh),
    hint_none("shi", "Tachelhit", Tifinagh),
    hint_none("syr", "Syriac", Syriac),
    hint_none("aii", "Assyrian Neo-Aramaic", Syriac),
    // Dzongkha is written in the Tibetan script: only a page's `<html lang>` names it.
    Language {
        spaceless: true,
        ..lang("dz", "Dzongkha", None, Tibetan, false)
    },
    // Languages with a jusText stoplist that whatlang does not recognise.
    hint("an", "Aragonese", "Aragonese", Latin),
    hint("sq", "Albanian", "Albanian", Latin),
    hint("ast", "Asturian", "Asturian", Latin),
    hint("eu", "Basque", "Basque", Latin),
    hint("br", "Breton", "Breton", Latin),
    hint("bs", "Bosnian", "Bosnian", Latin),
    hint("ceb", "Cebuano", "Cebuano", Latin),
    hint("cv", "Chuvash", "Chuvash", Cyrillic),
    hint("gl", "Galician", "Galician", Latin),
    hint("ht", "Haitian", "Haitian", Latin),
    hint("is", "Icelandic", "Icelandic", Latin),
    hint("io", "Ido", "Ido", Latin),
    hint("ig", "Igbo", "Igbo", Latin),
    hint("ga", "Irish", "Irish", Latin),
    hint("kk", "Kazakh", "Kazakh", Cyrillic),
    hint("ku", "Kurdish", "Kurdish", Latin),
    hint("ky", "Kyrgyz", "Kyrgyz", Cyrillic),
    hint("lb", "Luxembourgish", "Luxembourgish", Latin),
    hint("lmo", "Lombard", "Lombard", Latin),
    hint("ms", "Malay", "Malay", Latin),
    hint("mt", "Maltese", "Maltese", Latin),
    hint("nap", "Neapolitan", "Neapolitan", Latin),
    hint("nds", "Low Saxon", "Low_Saxon", Latin),
    hint("nn", "Norwegian Nynorsk", "Norwegian_Nynorsk", Latin),
    hint("no", "Norwegian", "Norwegian_Bokmal", Latin),
    hint("oc", "Occitan", "Occitan", Latin),
    hint("pms", "Piedmontese", "Piedmontese", Latin),
    hint("qu", "Quechua", "Quechua", Latin),
    hint("rup", "Aromanian", "Aromanian", Latin),
    hint("scn", "Sicilian", "Sicilian", Latin),
    hint("sh", "Serbo-Croatian", "Serbo_Croatian", Latin),
    hint("su", "Sundanese", "Sundanese", Latin),
    hint("sw", "Swahili", "Swahili", Latin),
    hint("vo", "Volapük", "Volapuk", Latin),
    hint("wa", "Walloon", "Walloon", Latin),
    hint("war", "Waray", "Waray_Waray", Latin),
    hint("fy", "West Frisian", "West_Frisian", Latin),
    hint("yo", "Yoruba", "Yoruba", Latin),
    hint("fil", "Filipino", "Tagalog", Latin),
    hint("pnb", "Western Punjabi", "Western_Panjabi", Arabic),
    hint("new", "Newar", "Newar", Devanagari),
    hint(
        "bpy",
        "Bishnupriya Manipuri",
        "Bishnupriya_Manipuri",
        Bengali,
    ),
    hint("sgs", "Samogitian", "Samogitian", Latin),
    // Languages without a jusText stoplist that whatlang does not recognise and takes
    // for a neighbour in the same script (Pashto and Uyghur for Persian, Assamese for
    // Bengali, Tigrinya for Amharic, Tajik for Ukrainian or Russian, Somali for
    // Tagalog): a page's `<html lang>` names them, in their usual script.
    hint_none("ps", "Pashto", Arabic),
    hint_none("ckb", "Central Kurdish", Arabic),
    hint_none("ug", "Uyghur", Arabic),
    hint_none("sd", "Sindhi", Arabic),
    hint_none("as", "Assamese", Bengali),
    hint_none("sa", "Sanskrit", Devanagari),
    hint_none("ti", "Tigrinya", Ethiopic),
    hint_none("tg", "Tajik", Cyrillic),
    hint_none("tt", "Tatar", Cyrillic),
    hint_none("ba", "Bashkir", Cyrillic),
    hint_none("so", "Somali", Latin),
    hint_none("ha", "Hausa", Latin),
    hint_none("mg", "Malagasy", Latin),
    hint_none("mi", "Māori", Latin),
    hint_none("rw", "Kinyarwanda", Latin),
    hint_none("xh", "Xhosa", Latin),
    hint_none("om", "Oromo", Latin),
    hint_none("st", "Southern Sotho", Latin),
    hint_none("ny", "Chichewa", Latin),
    hint_none("gd", "Scottish Gaelic", Latin),
    hint_none("fo", "Faroese", Latin),
    hint_none("co", "Corsican", Latin),
];

/// [`LANGUAGES`] in the order of their codes, as `pith extract --list-languages` and
/// Python's `pith.languages()` list them.
pub fn languages_by_code() -> Vec<&'static Language> {
    let mut languages: Vec<_> = LANGUAGES.iter().collect();
    languages.sort_unstable_by_key(|l| l.code);
    languages
}

/// The language with this code (`"de"`), or the primary subtag of a language tag
/// (`"de-AT"`, `"pt_BR"`), in any case.
///
/// ```
/// assert_eq!(pith_lang::by_code("ZH-Hans").unwrap().name, "Chinese");
/// assert_eq!(pith_lang::by_code("an").unwrap().stoplist, Some("Aragonese"));
/// assert!(pith_lang::by_code("xx").is_none());
/// ```
pub fn by_code(tag: &str) -> Option<&'static Language> {
    let primary = tag
        .trim()
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    LANGUAGES.iter().find(|l| l.code == primary)
}

/// The language whatlang reports as `lang`.
pub(crate) fn from_whatlang(lang: whatlang::Lang) -> &'static Language {
    use whatlang::Lang::*;
    let code = match lang {
        Epo => "eo",
        Eng => "en",
        Rus => "ru",
        Cmn => "zh",
        Spa => "es",
        Por => "pt",
        Ita => "it",
        Ben => "bn",
        Fra => "fr",
        Deu => "de",
        Ukr => "uk",
        Kat => "ka",
        Ara => "ar",
        Hin => "hi",
        Jpn => "ja",
        Heb => "he",
        Yid => "yi",
        Pol => "pl",
        Amh => "am",
        Jav => "jv",
        Kor => "ko",
        Nob => "nb",
        Dan => "da",
        Swe => "sv",
        Fin => "fi",
        Tur => "tr",
        Nld => "nl",
        Hun => "hu",
        Ces => "cs",
        Ell => "el",
        Bul => "bg",
        Bel => "be",
        Mar => "mr",
        Kan => "kn",
        Ron => "ro",
        Slv => "sl",
        Hrv => "hr",
        Srp => "sr",
        Mkd => "mk",
        Lit => "lt",
        Lav => "lv",
        Est => "et",
        Tam => "ta",
        Vie => "vi",
        Urd => "ur",
        Tha => "th",
        Guj => "gu",
        Uzb => "uz",
        Pan => "pa",
        Aze => "az",
        Ind => "id",
        Tel => "te",
        Pes => "fa",
        Mal => "ml",
        Ori => "or",
        Mya => "my",
        Nep => "ne",
        Sin => "si",
        Khm => "km",
        Tuk => "tk",
        Aka => "ak",
        Zul => "zu",
        Sna => "sn",
        Afr => "af",
        Lat => "la",
        Slk => "sk",
        Cat => "ca",
        Tgl => "tl",
        Hye => "hy",
        Cym => "cy",
    };
    by_code(code).expect("every whatlang language is in LANGUAGES")
}

/// The whatlang language for one of ours, if whatlang knows it.
pub(crate) fn to_whatlang(language: &Language) -> Option<whatlang::Lang> {
    if !language.detectable {
        return None;
    }
    whatlang::Lang::all()
        .iter()
        .copied()
        .find(|l| from_whatlang(*l).code == language.code)
}

/// Our script class for a whatlang script.
pub(crate) fn script_of(script: whatlang::Script) -> Script {
    use whatlang::Script as W;
    match script {
        W::Latin => Latin,
        W::Cyrillic => Cyrillic,
        W::Arabic => Arabic,
        W::Devanagari => Devanagari,
        W::Bengali => Bengali,
        W::Mandarin | W::Hiragana | W::Katakana => Cjk,
        W::Armenian => Armenian,
        W::Ethiopic => Ethiopic,
        W::Georgian => Georgian,
        W::Greek => Greek,
        W::Gujarati => Gujarati,
        W::Gurmukhi => Gurmukhi,
        W::Hangul => Hangul,
        W::Hebrew => Hebrew,
        W::Kannada => Kannada,
        W::Khmer => Khmer,
        W::Malayalam => Malayalam,
        W::Myanmar => Myanmar,
        W::Oriya => Oriya,
        W::Sinhala => Sinhala,
        W::Tamil => Tamil,
        W::Telugu => Telugu,
        W::Thai => Thai,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_whatlang_language_maps_back_to_itself() {
        for &l in whatlang::Lang::all() {
            let ours = from_whatlang(l);
            assert!(ours.detectable, "{l:?}");
            assert_eq!(to_whatlang(ours), Some(l));
        }
    }

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = LANGUAGES.iter().map(|l| l.code).collect();
        codes.sort_unstable();
        let n = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), n);
    }
}
