//! Each embedded preset file equals the pipeline its builder makes, loads, and
//! round-trips through JSON and TOML. `PITH_BLESS_PRESETS=1 cargo test -p pith-justext
//! presets::` rewrites the files from the builders (review the diff).

use std::path::Path;

#[test]
fn preset_files_equal_their_builders_and_round_trip() {
    let bless = std::env::var_os("PITH_BLESS_PRESETS").is_some();
    let problems = pith_core::preset::check_files(
        &pith_justext::presets(),
        Path::new(env!("CARGO_MANIFEST_DIR")),
        bless,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A stoplist is named by its name, its language's code or its name in any case
/// (`-s en`, `with_params(stoplist="english")`), and setting it so names it in the
/// pipeline.
#[test]
fn a_stoplist_is_named_by_its_name_its_language_s_code_or_in_any_case() {
    use pith_justext::presets::{stoplist_name, use_stoplist};
    for (arg, name) in [
        ("English", "English"),
        ("auto", "auto"),
        ("none", "none"),
        ("en", "English"),
        ("EN", "English"),
        ("pt-BR", "Portuguese"),
        ("de", "German"),
        ("english", "English"),
        ("SIMPLE_ENGLISH", "Simple_English"),
        ("ja", "Japanese"),
        ("Englsh", "Englsh"),
        ("xx", "xx"),
    ] {
        assert_eq!(stoplist_name(arg), name, "{arg}");
    }
    let mut value: serde_json::Value =
        serde_json::from_str(pith_justext::presets()[0].json).unwrap();
    assert_eq!(use_stoplist(&mut value, "de"), 1);
    assert!(value.to_string().contains(r#""stoplist":"German""#));
}
