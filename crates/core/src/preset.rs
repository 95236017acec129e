//! Built-in presets: a pipeline file shipped inside a crate, with the code that builds
//! the same pipeline. The file is what users read and load; the builder is what the
//! crate's tests compare it with ([`check_files`]), so the two never drift apart.

use std::path::Path;

use crate::pipeline::{spec_from_json, spec_from_toml, Pipeline, PipelineSpec};

/// A built-in preset: its name, its embedded pipeline file, and its builder.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// The preset's name (`--preset NAME`); the file is `presets/NAME.json`.
    pub name: &'static str,
    /// One line on what it is for.
    pub description: &'static str,
    /// The pipeline file as shipped.
    pub json: &'static str,
    /// The same pipeline built in code.
    pub build: fn() -> PipelineSpec,
}

/// Declares a [`Preset`] whose file is `presets/NAME.json` beside the calling crate's
/// `src/` (the path is resolved where the macro is used) and whose builder is `$build`,
/// named and described: `preset!("justext", "one line", justext_spec(...))`.
#[macro_export]
macro_rules! preset {
    ($name:literal, $desc:literal, $build:expr) => {
        $crate::Preset {
            name: $name,
            description: $desc,
            json: include_str!(concat!("../presets/", $name, ".json")),
            build: || $build.named($name, $desc),
        }
    };
}

impl PipelineSpec {
    /// The spec with a name and a description (as presets carry them).
    pub fn named(mut self, name: &str, description: &str) -> PipelineSpec {
        self.name = Some(name.to_owned());
        self.description = Some(description.to_owned());
        self
    }
}

/// Checks that every preset file equals its builder's pipeline, loads, and round-trips
/// through JSON and TOML; returns one line per problem. With `bless`, rewrites the files
/// in `crate_dir/presets/` from the builders instead (review the diff).
pub fn check_files(presets: &[Preset], crate_dir: &Path, bless: bool) -> Vec<String> {
    let mut problems = Vec::new();
    for preset in presets {
        let built = (preset.build)();
        if bless {
            let path = crate_dir
                .join("presets")
                .join(format!("{}.json", preset.name));
            let text = serde_json::to_string_pretty(&built).expect("a spec serialises") + "\n";
            if let Err(e) = std::fs::write(&path, text) {
                problems.push(format!("{}: {e}", path.display()));
            }
            continue;
        }
        let built = serde_json::to_value(&built).expect("a spec serialises");
        match spec_from_json(preset.json) {
            Ok(file) if serde_json::to_value(&file).ok() == Some(built) => {}
            Ok(_) => problems.push(format!(
                "{}: the file differs from its builder",
                preset.name
            )),
            Err(e) => problems.push(format!("{}: {e}", preset.name)),
        }
        match Pipeline::from_json(preset.json) {
            Ok(p) => {
                let json = p.to_value();
                let again = spec_from_json(&p.to_json()).map(|s| serde_json::to_value(s).ok());
                if again.ok().flatten() != Some(json.clone()) {
                    problems.push(format!("{}: JSON round trip differs", preset.name));
                }
                let toml = p.to_toml().and_then(|t| spec_from_toml(&t));
                if toml.map(|s| serde_json::to_value(s).ok()).ok().flatten() != Some(json) {
                    problems.push(format!("{}: TOML round trip differs", preset.name));
                }
            }
            Err(e) => problems.push(format!("{}: does not load: {e}", preset.name)),
        }
    }
    problems
}
