//! Running pipelines over a dataset's pages, in parallel (rayon), and naming pipelines
//! on the command line (`PRESET-OR-FILE[:NAME=VALUE,…]`).

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::Instant;

use pith::{Label, Pipeline};
use rayon::prelude::*;

use crate::dataset::Page;
use crate::metrics::{bow_counts, page_counts, BowCounts, PageCounts};
use crate::outputs::OutputsInfo;

/// What one pipeline did on one page.
#[derive(Clone, Debug, Default)]
pub struct PageResult {
    /// The page id.
    pub id: String,
    /// The good blocks' texts joined by one space (empty when the page failed).
    pub text: String,
    /// Every block's text and whether it was kept (only when asked for, for reports).
    pub blocks: Vec<(String, bool)>,
    /// Shingle counts against the gold.
    pub counts: PageCounts,
    /// Bag-of-words counts against the gold.
    pub bow: BowCounts,
    /// Time spent on the page, in seconds (absent for saved outputs without
    /// timings).
    pub seconds: Option<f64>,
    /// The error (or panic message) when the pipeline failed on the page. A failed page
    /// is scored as an empty extraction, so that every pipeline is scored on the same
    /// pages, and is listed in the summary.
    pub error: Option<String>,
}

/// Where a column of the comparison comes from.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Source {
    /// A pith pipeline, run by `pith eval`.
    #[default]
    Pipeline,
    /// Another tool's saved outputs, read from a folder ([`crate::outputs`]).
    Outputs(OutputsInfo),
}

/// A pipeline's (or a tool's saved) results on every page of a dataset, in the
/// dataset's order.
#[derive(Clone, Debug)]
pub struct PipelineRun {
    /// The pipeline as named on the command line.
    pub name: String,
    /// One result per page.
    pub pages: Vec<PageResult>,
    /// Where the results come from.
    pub source: Source,
}

impl PipelineRun {
    /// The shingle counts of every page.
    pub fn counts(&self) -> Vec<PageCounts> {
        self.pages.iter().map(|p| p.counts).collect()
    }
}

/// Runs `pipeline` on every page in parallel and scores each against its gold.
/// `keep_blocks` keeps every block's text (for the HTML report); `on_page` is called
/// after each page (from worker threads; for a progress bar).
pub fn run_pipeline(
    name: &str,
    pipeline: &Pipeline,
    pages: &[Page],
    keep_blocks: bool,
    on_page: &(dyn Fn() + Sync),
) -> PipelineRun {
    let results = pages
        .par_iter()
        .map(|page| {
            let r = run_page(pipeline, page, keep_blocks);
            on_page();
            r
        })
        .collect();
    PipelineRun {
        name: name.to_owned(),
        pages: results,
        source: Source::Pipeline,
    }
}

fn run_page(pipeline: &Pipeline, page: &Page, keep_blocks: bool) -> PageResult {
    let start = Instant::now();
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| pipeline.run_bytes(&page.html)));
    let seconds = start.elapsed().as_secs_f64();
    let (text, blocks, error) = match outcome {
        Ok(Ok(ex)) => {
            let blocks = if keep_blocks {
                ex.blocks
                    .iter()
                    .zip(&ex.labels)
                    .map(|(b, l)| (b.text.clone(), *l == Label::Good))
                    .collect()
            } else {
                Vec::new()
            };
            (ex.good_text(" "), blocks, None)
        }
        Ok(Err(e)) => (String::new(), Vec::new(), Some(e.to_string())),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".into());
            (String::new(), Vec::new(), Some(format!("panic: {msg}")))
        }
    };
    PageResult {
        id: page.id.clone(),
        counts: page_counts(&text, &page.gold),
        bow: bow_counts(&text, &page.gold),
        text,
        blocks,
        seconds: Some(seconds),
        error,
    }
}

/// Parses a pipeline argument `PRESET-OR-FILE[:NAME=VALUE,NAME=VALUE…]` into its
/// display name and pipeline value, with the overrides applied by
/// [`pith::core::set_param`] (every stage that has the parameter). The part before the
/// first `:` that is followed by `NAME=` is a built-in preset name, else a pipeline file
/// (JSON, or TOML by extension). Values are JSON (`50`, `0.1`, `true`, `"English"`,
/// `["a","b"]`); anything that is not JSON is taken as a string. A comma inside a JSON
/// value is kept when the next part has no `=`. An override that names no parameter of
/// the pipeline is an error.
pub fn parse_pipeline_arg(arg: &str) -> Result<(String, serde_json::Value), String> {
    let (base, overrides) = match arg.find(':') {
        Some(i) if !Path::new(arg).exists() && arg[i + 1..].contains('=') => {
            (&arg[..i], Some(&arg[i + 1..]))
        }
        _ => (arg, None),
    };
    let mut value = load_base(base)?;
    if let Some(list) = overrides {
        for (k, v) in split_overrides(list)? {
            apply_override(&mut value, &k, v)?;
        }
    }
    Ok((arg.to_owned(), value))
}

/// A preset's value when `base` names one, else the pipeline file's.
pub fn load_base(base: &str) -> Result<serde_json::Value, String> {
    if pith::presets().iter().any(|p| p.name == base) {
        pith::preset_value(base).map_err(|e| e.to_string())
    } else if Path::new(base).exists() {
        pith::pipeline_file_value(Path::new(base)).map_err(|e| e.to_string())
    } else {
        let names: Vec<&str> = pith::presets().iter().map(|p| p.name).collect();
        Err(format!(
            "{base:?} is neither a preset nor a pipeline file; presets: {}",
            names.join(", ")
        ))
    }
}

/// Sets `name` to `value` on every stage that has it; an error when none has.
/// `stoplist` is set as `-s` sets it ([`pith::set_param`]: `auto` also switches word
/// and length counting to script-aware); `beta`, the F-β of a
/// learned pass's expected-F1 decoding, as `--favor-precision` sets it
/// ([`pith::learn::decode::set_beta`]); `no_comments=true`, `no_tables=true` and
/// `no_title=true` add the vetoes of `--no-comments`, `--no-tables` and `--no-title`
/// ([`pith::learn::veto`]).
pub fn apply_override(
    pipeline: &mut serde_json::Value,
    name: &str,
    value: serde_json::Value,
) -> Result<(), String> {
    let set = match (name, value.as_str()) {
        ("beta", _) => match value.as_f64() {
            Some(beta) if beta.is_finite() && beta > 0.0 => {
                pith::learn::decode::set_beta(pipeline, beta)
            }
            _ => return Err(format!("beta must be a number > 0, not {value}")),
        },
        ("no_comments", _) => add_veto_if(
            pipeline,
            name,
            &value,
            pith::learn::veto::drop_comment_sections,
        )?,
        ("no_tables", _) => add_veto_if(pipeline, name, &value, pith::learn::veto::drop_tables)?,
        ("no_title", _) => add_veto_if(pipeline, name, &value, pith::learn::veto::drop_title)?,
        _ => pith::set_param(pipeline, name, value),
    };
    if set == 0 {
        return Err(format!("no stage of the pipeline has a parameter {name:?}"));
    }
    Ok(())
}

/// A `no_comments` / `no_tables` / `no_title` override: `true` adds the veto with `add`, `false`
/// leaves the pipeline as it is; either counts as set (1). Anything else is an error.
fn add_veto_if(
    pipeline: &mut serde_json::Value,
    name: &str,
    value: &serde_json::Value,
    add: fn(&mut serde_json::Value) -> Result<(), String>,
) -> Result<usize, String> {
    match value.as_bool() {
        Some(true) => add(pipeline).map(|()| 1),
        Some(false) => Ok(1),
        None => Err(format!("{name} must be true or false, not {value}")),
    }
}

/// Parses one `NAME=VALUE` (the value as JSON, else a string).
pub fn parse_assignment(kv: &str) -> Result<(String, serde_json::Value), String> {
    let (k, v) = kv
        .split_once('=')
        .ok_or_else(|| format!("{kv:?}: expected NAME=VALUE"))?;
    let v = v.trim();
    let value = serde_json::from_str(v).unwrap_or_else(|_| serde_json::Value::String(v.into()));
    Ok((k.trim().to_owned(), value))
}

fn split_overrides(list: &str) -> Result<Vec<(String, serde_json::Value)>, String> {
    let mut parts: Vec<String> = Vec::new();
    for part in list.split(',') {
        match parts.last_mut() {
            Some(last) if !part.contains('=') => {
                last.push(',');
                last.push_str(part);
            }
            _ => parts.push(part.to_owned()),
        }
    }
    parts.iter().map(|p| parse_assignment(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_overrides_reach_the_stages() {
        let (name, v) = parse_pipeline_arg("justext:length_low=50,no_headings=true").unwrap();
        assert_eq!(name, "justext:length_low=50,no_headings=true");
        let text = v.to_string();
        assert!(text.contains("\"length_low\":50"), "{text}");
        assert!(text.contains("\"no_headings\":true"), "{text}");
        assert!(parse_pipeline_arg("justext:nonsense=1").is_err());
        assert!(parse_pipeline_arg("no-such-preset").is_err());
    }

    #[test]
    fn beta_leans_the_learned_decoding_and_nothing_else() {
        let (_, v) = parse_pipeline_arg("pith:beta=0.5").unwrap();
        assert!(v.to_string().contains("\"beta\":0.5"), "{v}");
        let err = parse_pipeline_arg("justext:beta=0.5").unwrap_err();
        assert!(err.contains("beta"), "{err}");
        for bad in ["pith:beta=0", "pith:beta=-1", "pith:beta=high"] {
            assert!(parse_pipeline_arg(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn no_comments_adds_the_veto() {
        let (_, v) = parse_pipeline_arg("justext:no_comments=true").unwrap();
        assert!(v.to_string().contains("learn.veto"), "{v}");
        let (_, plain) = parse_pipeline_arg("justext:no_comments=false").unwrap();
        assert!(!plain.to_string().contains("learn.veto"));
        assert!(parse_pipeline_arg("justext:no_comments=1").is_err());
        let (_, t) = parse_pipeline_arg("justext:no_tables=true").unwrap();
        assert!(t.to_string().contains("learn.table_section"), "{t}");
    }

    #[test]
    fn commas_inside_json_values_are_kept() {
        let parts = split_overrides("kill=[\"a\",\"b\"],length_low=3").unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].1, serde_json::json!(["a", "b"]));
    }
}
