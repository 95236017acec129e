//! Each embedded preset file equals the pipeline its builder makes, loads, and
//! round-trips through JSON and TOML. `PITH_BLESS_PRESETS=1 cargo test -p pith-declutter
//! --test presets` rewrites the files from the builders (review the diff).

use pith_core::{spec_from_json, spec_from_toml, Pipeline};

#[test]
fn preset_files_equal_their_builders() {
    let bless = std::env::var_os("PITH_BLESS_PRESETS").is_some();
    for preset in pith_declutter::presets() {
        let built = serde_json::to_value((preset.build)()).unwrap();
        if bless {
            let path = format!(
                "{}/presets/{}.json",
                env!("CARGO_MANIFEST_DIR"),
                preset.name
            );
            let text = serde_json::to_string_pretty(&(preset.build)()).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
            continue;
        }
        let file = serde_json::to_value(spec_from_json(preset.json).unwrap()).unwrap();
        assert_eq!(
            file, built,
            "preset {} differs from its builder",
            preset.name
        );
    }
}

#[test]
fn presets_load_and_round_trip_through_json_and_toml() {
    for preset in pith_declutter::presets() {
        let p = Pipeline::from_json(preset.json)
            .unwrap_or_else(|e| panic!("preset {}: {e}", preset.name));
        let json = p.to_value();
        let again = serde_json::to_value(spec_from_json(&p.to_json()).unwrap()).unwrap();
        assert_eq!(json, again, "{}: JSON round trip", preset.name);
        let toml = p.to_toml().unwrap();
        let from_toml = serde_json::to_value(spec_from_toml(&toml).unwrap()).unwrap();
        assert_eq!(json, from_toml, "{}: TOML round trip", preset.name);
    }
}
