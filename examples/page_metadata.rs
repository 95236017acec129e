//! Each page's date and author as its `<meta>` tags or JSON-LD give them, beside the
//! date its text shows (`pith::dom::dated_in_text`) and the author its first byline
//! names (`pith::dom::bylined_in_text`), both read here on every page, not only on
//! those the tags leave without: one line per page,
//! `file<TAB>published<TAB>dated_in_text<TAB>author<TAB>bylined_in_text`. This is how
//! the agreement figures of docs/record-format.md and decision 0018 were measured.
//!
//! ```sh
//! cargo run --release -p pith-examples --example page_metadata -- $PITH_DATASETS/dragnet-train/html
//! ```

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    assert!(!dirs.is_empty(), "usage: page_metadata DIR [DIR...]");
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
            println!(
                "{}\t{}\t{}\t{}\t{}",
                file.display(),
                meta.published.unwrap_or_default(),
                pith::dom::dated_in_text(&doc).unwrap_or_default(),
                meta.author.unwrap_or_default(),
                pith::dom::bylined_in_text(&doc).unwrap_or_default(),
            );
        }
    }
}
