//! Each page's author as its `<meta>` tags or JSON-LD give it, beside the author its
//! first byline names (`pith::dom::bylined_in_text`, read here on every page, not only
//! on those without a tagged author): one line per page,
//! `file<TAB>author<TAB>bylined_in_text`. This is how the agreement figures of
//! docs/record-format.md were measured.
//!
//! ```sh
//! cargo run --release -p pith-examples --example page_authors -- $PITH_DATASETS/dragnet-train/html
//! ```

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    assert!(!dirs.is_empty(), "usage: page_authors DIR [DIR...]");
    let options = pith::dom::decode::DecodeOptions::default();
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("a readable folder")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        files.sort();
        for file in files {
            let Ok(bytes) = std::fs::read(&file) else {
                continue;
            };
            let Ok(decoded) = pith::dom::decode::decode(&bytes, &options) else {
                continue;
            };
            let doc = pith::dom::parse_html(&decoded.text);
            let meta = pith::dom::read_metadata(&doc);
            let byline = pith::dom::bylined_in_text(&doc);
            println!(
                "{}\t{}\t{}",
                file.display(),
                meta.author.unwrap_or_default(),
                byline.unwrap_or_default()
            );
        }
    }
}
