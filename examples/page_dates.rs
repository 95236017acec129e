//! Each page's date as its `<meta>` tags or JSON-LD give it, beside the date its text
//! shows (`pith::dom::dated_in_text`, read here on every page, not only on those
//! without a tagged date): one line per page, `file<TAB>published<TAB>dated_in_text`.
//! This is how the agreement figures of docs/record-format.md were measured.
//!
//! ```sh
//! cargo run --release -p pith-examples --example page_dates -- $PITH_DATASETS/dragnet-train/html
//! ```

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    assert!(!dirs.is_empty(), "usage: page_dates DIR [DIR...]");
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
            let text = pith::dom::dated_in_text(&doc);
            println!(
                "{}\t{}\t{}",
                file.display(),
                meta.published.unwrap_or_default(),
                text.unwrap_or_default()
            );
        }
    }
}
