//! pith: take the main text out of web pages.
//!
//! This facade re-exports every stage crate (which also links every stage's typetag
//! registration, so any pipeline file loads), lists the built-in presets, loads
//! pipeline files, and formats results.
//!
//! ```
//! let pipeline = pith::preset("justext").unwrap();
//! let html = b"<html><body><p>The quick brown fox jumps over the lazy dog, and this \
//!     is the sort of sentence that is full of the words which we would call stop words \
//!     in English, as it has to be long enough for the algorithm to think it is good \
//!     text and not a menu.</p><p><a href='/'>Home</a></p></body></html>";
//! let extraction = pipeline.run_bytes(html).unwrap();
//! for paragraph in extraction.good_blocks() {
//!     println!("{}", paragraph.text);
//! }
//! assert_eq!(extraction.good_blocks().count(), 1);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod explain;
pub mod html;
pub mod images;
pub mod inline;
mod inline_images;
pub mod layout;
pub mod markdown;
mod marks;
pub mod output;
pub mod shape;
pub mod table;
pub mod url;

use std::path::Path;

pub use pith_core as core;
pub use pith_core::{Block, Error, Extraction, Label, Pipeline, PipelineSpec, Preset, Result};
pub use pith_declutter as declutter;
pub use pith_dom as dom;
pub use pith_justext as justext;
pub use pith_learn as learn;
pub use pith_readability as readability;
pub use pith_stoplists as stoplists;
pub use pith_warc as warc;

/// Every built-in preset, in the order `pith pipeline list` shows them.
pub fn presets() -> Vec<Preset> {
    pith_justext::presets()
        .into_iter()
        .chain(pith_declutter::presets())
        .chain(pith_readability::presets())
        .chain(pith_learn::presets())
        .collect()
}

/// The pipeline file of a preset as a JSON value, ready for parameter overrides.
pub fn preset_value(name: &str) -> Result<serde_json::Value> {
    serde_json::from_str(preset_json(name)?).map_err(|e| Error::Load {
        path: format!("preset {name}"),
        message: e.to_string(),
    })
}

/// The text of a built-in preset's pipeline file; an error naming the presets when
/// there is none of that name.
fn preset_json(name: &str) -> Result<&'static str> {
    presets()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.json)
        .ok_or_else(|| unknown_preset(name))
}

fn unknown_preset(name: &str) -> Error {
    let names: Vec<&str> = presets().iter().map(|p| p.name).collect();
    Error::Load {
        path: "preset".into(),
        message: format!("unknown preset {name:?}; presets: {}", names.join(", ")),
    }
}

/// Sets parameter `name` to `value` on every stage of a pipeline given as JSON that has
/// it, as `pith extract -s`, `pith eval --set`, Python's `with_params` and the Spark
/// job's `--param` all do; returns how many stages took it (0: none has it). The
/// switches that add a stage rather than set a field are not parameters here:
/// `no_comments`, `no_tables` and `no_title` are [`learn::veto`]'s `drop_*`, and the
/// precision/recall lean (`beta`) is [`learn::decode::set_beta`] (`pith eval --set`
/// takes those names too).
///
/// `stoplist` (a string) goes through [`justext::presets::use_stoplist`], so that
/// `"auto"`, `"Chinese"` and `"Japanese"` also count words and lengths per character,
/// wherever they are set (a pipeline whose counters already have that stoplist, as the
/// `pith` preset has `auto`, stays as it is). `stoplist` `"none"` (any case) also sets
/// `stopwords_low` and `stopwords_high` to 0 where a stage has them, as `-s none` does:
/// without stop words every block's density is 0, and jusText's thresholds would call
/// every block bad (set a threshold after the stoplist to change it). Every other name
/// is [`core::set_param`].
///
/// ```
/// let mut value = pith::preset_value("justext").unwrap();
/// assert_eq!(pith::set_param(&mut value, "stoplist", "auto".into()), 1);
/// assert!(value.to_string().contains(r#""split":"script""#));
/// assert_eq!(pith::set_param(&mut value, "length_low", 50.into()), 1);
/// assert_eq!(pith::set_param(&mut value, "no_such_parameter", 1.into()), 0);
/// ```
pub fn set_param(pipeline: &mut serde_json::Value, name: &str, value: serde_json::Value) -> usize {
    match (name, value.as_str()) {
        ("stoplist", Some(list)) => {
            let set = justext::presets::use_stoplist(pipeline, list);
            if list.eq_ignore_ascii_case("none") {
                for threshold in ["stopwords_low", "stopwords_high"] {
                    core::set_param(pipeline, threshold, serde_json::json!(0.0));
                }
            }
            set
        }
        _ => core::set_param(pipeline, name, value),
    }
}

/// Loads a built-in preset, read straight from its file's text (without the JSON value
/// [`preset_value`] builds for overrides: `pith` loads in about a seventh less time
/// so).
pub fn preset(name: &str) -> Result<Pipeline> {
    Pipeline::from_json(preset_json(name)?)
}

/// The main text of one page with the default `pith` preset (the CLI's default): the
/// bytes decoded as browsers do, the preset loaded on the first call and shared by
/// every later call and thread, as Python's `pith.extract` does.
///
/// ```
/// let html = b"<html><body><article><p>When the spring flood of last year tore the \
///     middle span off the footbridge, most people in the town assumed that it would be \
///     years before anyone could walk across the river again.</p></article></body></html>";
/// let text = pith::extract(html).unwrap().good_text("\n");
/// assert!(text.starts_with("When the spring flood"));
/// ```
///
/// For another preset or a pipeline file, load it once ([`preset`],
/// [`load_pipeline_file`]) and call its `run_bytes`.
pub fn extract(html: &[u8]) -> Result<Extraction> {
    default_pipeline().run_bytes(html)
}

/// The name of the preset [`extract`], [`default_pipeline`], `pith extract` (without
/// `--preset` or `--pipeline`) and Python's `pith.extract` run: pith's learned extractor,
/// which scores better than `justext` on every development folder
/// (docs/decisions/0014-pith-the-default-preset.md). The `justext` preset is Python
/// jusText 3.0.2 exactly.
pub const DEFAULT_PRESET: &str = "pith";

/// The default preset ([`DEFAULT_PRESET`]), loaded on first use and kept for the process.
pub fn default_pipeline() -> &'static Pipeline {
    static DEFAULT: std::sync::OnceLock<Pipeline> = std::sync::OnceLock::new();
    // The embedded preset loads: every test that runs it says so (the doctest above,
    // `crates/corpus/tests/metadata.rs`, the CLI's tests of its default).
    DEFAULT.get_or_init(|| preset(DEFAULT_PRESET).expect("the default preset loads"))
}

/// Reads a pipeline file (TOML if the name ends in `.toml`, in any case, else JSON) as a
/// JSON value.
pub fn pipeline_file_value(path: &Path) -> Result<serde_json::Value> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    let value = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        let spec = pith_core::spec_from_toml(&text).map_err(|e| in_file(path, e))?;
        serde_json::to_value(&spec).expect("a pipeline always serialises")
    } else {
        let spec = pith_core::spec_from_json(&text).map_err(|e| in_file(path, e))?;
        serde_json::to_value(&spec).expect("a pipeline always serialises")
    };
    Ok(value)
}

/// The error with the file named before the place in it (`FILE: rules[2]: …`); a
/// place the parser could not name (`?`, or nothing for a syntax error) is left out.
fn in_file(path: &Path, e: Error) -> Error {
    match e {
        Error::Load {
            path: field,
            message,
        } => Error::Load {
            path: match field.as_str() {
                "" | "?" | "." | "(top level)" => path.display().to_string(),
                _ => format!("{}: {field}", path.display()),
            },
            message,
        },
        other => other,
    }
}

/// Loads a pipeline file (JSON or TOML). Every error names the file: one in a field as
/// `FILE: rules[2]: …`, one of the whole pipeline (its version, a feature no stage
/// computes, a stoplist or an encoding that does not exist) as `FILE: …`.
pub fn load_pipeline_file(path: &Path) -> Result<Pipeline> {
    pipeline_from_file_value(path, pipeline_file_value(path)?)
}

/// Loads a pipeline read from the file `path` ([`pipeline_file_value`]), perhaps with
/// parameters changed since ([`set_param`]), naming the file in every error as
/// [`load_pipeline_file`] does.
pub fn pipeline_from_file_value(path: &Path, value: serde_json::Value) -> Result<Pipeline> {
    Pipeline::from_value(value).map_err(|e| match e {
        Error::Load { .. } => in_file(path, e),
        other => Error::Load {
            path: path.display().to_string(),
            message: other.to_string(),
        },
    })
}

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
