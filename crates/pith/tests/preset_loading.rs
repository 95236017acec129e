//! Every built-in preset loads to the same pipeline from its file's text (`pith::preset`)
//! and from the JSON value that options override (`pith::preset_value`, then
//! `Pipeline::from_value`, which reads each stage's `type` first: `pith_core`'s
//! `type_first`), field for field.

use pith::Pipeline;

#[test]
fn every_preset_loads_alike_from_its_text_and_from_its_value() {
    let presets = pith::presets();
    assert!(presets.len() >= 12, "{} presets", presets.len());
    for preset in presets {
        let from_text = pith::preset(preset.name).unwrap();
        let value = pith::preset_value(preset.name).unwrap();
        let from_value = Pipeline::from_value(value.clone()).unwrap();
        assert_eq!(
            from_value.to_value(),
            from_text.to_value(),
            "{}",
            preset.name
        );
        assert_eq!(
            from_value.to_value(),
            value,
            "{}: not the file",
            preset.name
        );
        // With options set, as `pith extract -s auto --no-comments` sets them.
        let mut value = value;
        pith::set_param(&mut value, "stoplist", "auto".into());
        pith::learn::veto::drop_comment_sections(&mut value).unwrap();
        let from_value = Pipeline::from_value(value.clone()).unwrap();
        let from_text = Pipeline::from_json(&value.to_string()).unwrap();
        assert_eq!(
            from_value.to_value(),
            from_text.to_value(),
            "{}",
            preset.name
        );
    }
}

/// A bad field read from a value is named as one read from text is.
#[test]
fn a_bad_field_in_a_value_is_named_as_in_text() {
    let mut value = pith::preset_value("pith").unwrap();
    value["passes"][0]["margin_threshold"] = serde_json::json!("high");
    let Err(from_value) = Pipeline::from_value(value.clone()) else {
        panic!("a string is no threshold")
    };
    let Err(from_text) = Pipeline::from_json(&value.to_string()) else {
        panic!("a string is no threshold")
    };
    // The text's error adds where in the text it is.
    let message = from_value.to_string();
    assert!(
        from_text.to_string().starts_with(&message),
        "{from_text} / {message}"
    );
    assert!(
        message.contains("passes[0]") && message.contains("\"high\""),
        "{message}"
    );
}
