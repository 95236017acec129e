//! The options that choose and set the pipeline, shared by `pith extract` and `pith
//! explain`: the preset or pipeline file, `-s`, the reference CLI's thresholds and
//! encoding options, and what to keep ([`KeepArgs`]). One struct for both commands, so
//! that `pith explain` with the options of a `pith extract` run shows that very
//! extraction, and an option added to one cannot be missing from the other.

use std::path::PathBuf;

use clap::Args;
use pith::Pipeline;
use serde_json::{json, Value};

use crate::keep::KeepArgs;
use crate::say::say;
use crate::UsageError;

/// The pipeline and its parameters.
#[derive(Args, Debug)]
pub struct PipelineArgs {
    /// Stoplist: `auto` (per page, from its identified language), a built-in name
    /// (`English`) or its language's code (`en`), `none` (language-independent), or a
    /// file. Default: the preset's (`English` for the jusText presets, `auto` for the
    /// others).
    #[arg(short = 's', long = "stoplist")]
    pub stoplist: Option<String>,
    /// A built-in preset (see `pith pipeline list`). Default: `pith`, pith's learned
    /// extractor (above `justext` on every development folder, docs/evaluation.md);
    /// `--preset justext` gives Python jusText 3.0.2 exactly.
    #[arg(long, conflicts_with = "pipeline")]
    pub preset: Option<String>,
    /// A pipeline file (JSON, or TOML if it ends in .toml).
    #[arg(long)]
    pub pipeline: Option<PathBuf>,
    /// Do not treat any paragraph as a heading.
    #[arg(long)]
    pub no_headings: bool,
    /// Paragraphs shorter than this are short (jusText default 70).
    #[arg(long)]
    pub length_low: Option<u64>,
    /// Longer content-like paragraphs are good (default 200).
    #[arg(long)]
    pub length_high: Option<u64>,
    /// Stop-word density from which a paragraph may be content (default 0.30).
    #[arg(long, value_parser = finite_number)]
    pub stopwords_low: Option<f64>,
    /// Stop-word density from which a paragraph is content-like (default 0.32).
    #[arg(long, value_parser = finite_number)]
    pub stopwords_high: Option<f64>,
    /// Largest link density of content (default 0.2).
    #[arg(long, value_parser = finite_number)]
    pub max_link_density: Option<f64>,
    /// Characters between a heading and its good paragraph (default 200).
    #[arg(long)]
    pub max_heading_distance: Option<u64>,
    /// --favor-precision / --favor-recall, --no-comments, --no-tables, --no-title.
    #[command(flatten)]
    pub keep: KeepArgs,
    /// Encoding used when the page declares none and is not UTF-8. Default: the
    /// preset's (the `pith` preset and the others decoding as browsers do guess it with
    /// Firefox's detector; the jusText presets use utf8 with replacement, as jusText).
    #[arg(long)]
    pub encoding: Option<String>,
    /// Use --encoding for every page, ignoring declarations.
    #[arg(long)]
    pub enc_force: bool,
    /// Decoding errors: strict, ignore or replace (default).
    #[arg(long)]
    pub enc_errors: Option<String>,
}

/// A threshold as a finite number: `NaN` and `inf` parse as `f64` but are no threshold
/// (JSON has no such numbers, so the pipeline would fail to load with a stage's name).
fn finite_number(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err("not a finite number".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

impl PipelineArgs {
    /// Builds the pipeline: preset or file, then the reference CLI's parameters on top.
    pub fn build(&self) -> Result<Pipeline, UsageError> {
        let params = self.reference_params()?;
        let preset = self.preset.as_deref().unwrap_or(crate::DEFAULT_PRESET);
        if self.pipeline.is_none()
            && self.stoplist.is_none()
            && params.is_empty()
            && !self.keep.any()
        {
            // Nothing to set: the preset as its file has it, read without the JSON value
            // the overrides need (a fifth of `pith`'s loading).
            return pith::preset(preset).map_err(|e| UsageError(e.to_string()));
        }
        let mut value = match &self.pipeline {
            Some(path) => pith::pipeline_file_value(path),
            None => pith::preset_value(preset),
        }
        .map_err(|e| UsageError(e.to_string()))?;
        if let Some(s) = &self.stoplist {
            apply_stoplist_arg(&mut value, s);
        }
        for (name, v) in params {
            if pith::core::set_param(&mut value, name, v) == 0 {
                say!("pith: warning: the pipeline has no parameter {name}; ignored");
            }
        }
        self.keep.apply(&mut value)?;
        match &self.pipeline {
            Some(path) => pith::pipeline_from_file_value(path, value),
            None => Pipeline::from_value(value),
        }
        .map_err(|e| UsageError(e.to_string()))
    }

    /// The reference CLI's parameters the arguments set (`--no-headings`, the
    /// thresholds, the encoding options), by name, for [`pith::core::set_param`].
    fn reference_params(&self) -> Result<Vec<(&'static str, Value)>, UsageError> {
        let mut params: Vec<(&str, Value)> = Vec::new();
        if self.no_headings {
            params.push(("no_headings", json!(true)));
        }
        let numbers = [
            ("length_low", self.length_low.map(|v| json!(v))),
            ("length_high", self.length_high.map(|v| json!(v))),
            ("stopwords_low", self.stopwords_low.map(|v| json!(v))),
            ("stopwords_high", self.stopwords_high.map(|v| json!(v))),
            ("max_link_density", self.max_link_density.map(|v| json!(v))),
            (
                "max_heading_distance",
                self.max_heading_distance.map(|v| json!(v)),
            ),
        ];
        params.extend(numbers.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))));
        if let Some(enc) = &self.encoding {
            let slot = if self.enc_force {
                "encoding"
            } else {
                "default_encoding"
            };
            params.push((slot, json!(enc)));
        } else if self.enc_force {
            return Err(UsageError("--enc-force needs --encoding".into()));
        }
        if let Some(errors) = &self.enc_errors {
            params.push(("errors", json!(errors.to_ascii_lowercase())));
        }
        Ok(params)
    }
}

/// What `-s NAME` does to a pipeline: the stoplist of every stop-word counter
/// ([`pith::set_param`]: `auto` also counts words and lengths per character; a
/// language's code names its stoplist), and for
/// `none` jusText's language-independent mode (both stop-word thresholds 0), as the
/// reference's command line has it. A parameter no stage has is warned about and
/// ignored.
fn apply_stoplist_arg(value: &mut Value, stoplist: &str) {
    // `none` also sets both stop-word thresholds to 0 (`pith::set_param`).
    if pith::set_param(value, "stoplist", json!(stoplist)) == 0 {
        say!("pith: warning: the pipeline has no parameter stoplist; ignored");
    }
}
