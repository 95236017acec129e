//! Bytes in, good paragraphs out: the `justext` preset (Python jusText 3.0.2 with its
//! default parameters and the English stoplist) on one page.
//!
//! ```sh
//! cargo run -p pith-examples --example justext_basic            # examples/sample.html
//! cargo run -p pith-examples --example justext_basic -- page.html
//! ```

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args_os()
        .nth(1)
        .map_or_else(default_page, PathBuf::from);
    let bytes = std::fs::read(&path)?;
    for paragraph in good_paragraphs(&bytes)? {
        println!("{paragraph}\n");
    }
    Ok(())
}

/// The text of every paragraph jusText keeps, in page order.
pub fn good_paragraphs(html: &[u8]) -> pith::Result<Vec<String>> {
    let pipeline = pith::preset("justext")?; // load once, reuse for every page
    let extraction = pipeline.run_bytes(html)?; // decode, parse, clean, segment, classify
    Ok(extraction.good_blocks().map(|b| b.text.clone()).collect())
}

/// `examples/sample.html`, found relative to this package's manifest.
pub fn default_page() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sample.html")
}
