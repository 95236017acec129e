//! A pipeline is data: load `examples/custom_pipeline.json` (jusText's stages with other
//! parameters, written as a pipeline file), run it on a page and print every block with
//! its context-free label (what the rules decided) and its final label (after the
//! context passes).
//!
//! ```sh
//! cargo run -p pith-examples --example pipeline_from_json             # examples/sample.html
//! cargo run -p pith-examples --example pipeline_from_json -- page.html
//! ```
//!
//! Fields left out of the file take jusText's defaults (`decode`, `justext.clean`'s
//! lists, `justext.copyright`'s entity, ...); `pith pipeline show justext` prints the
//! fully spelled-out default pipeline to start from.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pith::{Extraction, Pipeline};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let page = std::env::args_os()
        .nth(1)
        .map_or_else(|| manifest_dir().join("sample.html"), PathBuf::from);
    let pipeline = load()?;
    let extraction = pipeline.run_bytes(&std::fs::read(&page)?)?;
    print!("{}", render(&extraction));
    Ok(())
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Loads `examples/custom_pipeline.json`. A mistake in the file is reported with the
/// path of the bad field, e.g. `custom_pipeline.json: rules[3]: unknown field ...`.
pub fn load() -> pith::Result<Pipeline> {
    load_from(&manifest_dir().join("custom_pipeline.json"))
}

/// Loads a pipeline file (JSON, or TOML when the name ends in `.toml`).
pub fn load_from(path: &Path) -> pith::Result<Pipeline> {
    pith::load_pipeline_file(path)
}

/// One line per block: final label, context-free label, the start of the text.
pub fn render(ex: &Extraction) -> String {
    let mut out = String::new();
    for ((block, cf_label), label) in ex.blocks.iter().zip(&ex.cf_labels).zip(&ex.labels) {
        let text: String = block.text.chars().take(60).collect();
        let more = if block.text.chars().count() > 60 {
            "..."
        } else {
            ""
        };
        let (label, cf_label) = (label.as_str(), cf_label.as_str()); // `as_str`: `Label`'s `Display` ignores width
        let _ = writeln!(out, "{label:<8} (cf {cf_label:<8}) {text}{more}");
    }
    out
}
