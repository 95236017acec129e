//! The checked-in table of built-in stoplists.
//!
//! Every entry embeds `stoplists/<Name>.txt` from the workspace root at
//! compile time. The list is written out by hand (one name per line, sorted in
//! code-point order, the order of Python's `sorted()`); the unit test
//! `table_matches_stoplists_folder` in `lib.rs` fails when a file is added to
//! or removed from `stoplists/` without updating this list, or when the order
//! is wrong.

/// Declares [`BUILTIN`] from a list of stoplist names.
macro_rules! builtin_table {
    ($($name:literal),* $(,)?) => {
        /// `(name, file bytes)` of every built-in stoplist, sorted by name.
        pub(crate) const BUILTIN: &[(&str, &[u8])] = &[
            $(
                (
                    $name,
                    include_bytes!(concat!("../../../stoplists/", $name, ".txt")),
                ),
            )*
        ];
    };
}

builtin_table![
    "Afrikaans",
    "Albanian",
    "Arabic",
    "Aragonese",
    "Armenian",
    "Aromanian",
    "Asturian",
    "Azerbaijani",
    "Basque",
    "Belarusian",
    "Belarusian_Taraskievica",
    "Bengali",
    "Bishnupriya_Manipuri",
    "Bosnian",
    "Breton",
    "Bulgarian",
    "Catalan",
    "Cebuano",
    "Chuvash",
    "Croatian",
    "Czech",
    "Danish",
    "Dutch",
    "English",
    "Esperanto",
    "Estonian",
    "Finnish",
    "French",
    "Galician",
    "Georgian",
    "German",
    "Greek",
    "Gujarati",
    "Haitian",
    "Hebrew",
    "Hindi",
    "Hungarian",
    "Icelandic",
    "Ido",
    "Igbo",
    "Indonesian",
    "Irish",
    "Italian",
    "Javanese",
    "Kannada",
    "Kazakh",
    "Korean",
    "Kurdish",
    "Kyrgyz",
    "Latin",
    "Latvian",
    "Lithuanian",
    "Lombard",
    "Low_Saxon",
    "Luxembourgish",
    "Macedonian",
    "Malay",
    "Malayalam",
    "Maltese",
    "Marathi",
    "Neapolitan",
    "Nepali",
    "Newar",
    "Norwegian_Bokmal",
    "Norwegian_Nynorsk",
    "Occitan",
    "Persian",
    "Piedmontese",
    "Polish",
    "Portuguese",
    "Quechua",
    "Romanian",
    "Russian",
    "Samogitian",
    "Serbian",
    "Serbo_Croatian",
    "Sicilian",
    "Simple_English",
    "Slovak",
    "Slovenian",
    "Spanish",
    "Sundanese",
    "Swahili",
    "Swedish",
    "Tagalog",
    "Tamil",
    "Telugu",
    "Turkish",
    "Turkmen",
    "Ukrainian",
    "Urdu",
    "Uzbek",
    "Vietnamese",
    "Volapuk",
    "Walloon",
    "Waray_Waray",
    "Welsh",
    "West_Frisian",
    "Western_Panjabi",
    "Yoruba",
];

/// `(name, file bytes)` of pith's own stoplists for languages jusText has none for,
/// built from wordfreq's data by `scripts/build_wordfreq_stoplists.py` (see
/// `stoplists/wordfreq/README.md`: source, method, licence), sorted by name.
pub(crate) const EXTRA: &[(&str, &[u8])] = &[
    (
        "Chinese",
        include_bytes!("../../../stoplists/wordfreq/Chinese.txt"),
    ),
    (
        "Japanese",
        include_bytes!("../../../stoplists/wordfreq/Japanese.txt"),
    ),
];
