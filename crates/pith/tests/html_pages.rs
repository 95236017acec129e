//! `--format html` on the development pages: the page of kept blocks, read back by
//! the HTML parser and cut into blocks again, holds the kept text word for word, no
//! more and no less, with every link it was asked to keep (the writer escapes all
//! text and nests its elements, so no page's characters end up as markup).

use crate::common::keep_every_tag_block;
use pith::markdown::MarkdownOptions;

/// The words of the good blocks of an extraction, as shown (preformatted text as
/// written).
fn words(ex: &pith::Extraction) -> Vec<String> {
    (ex.good_blocks())
        .flat_map(|b| b.shown_text().split_whitespace().map(str::to_owned))
        .collect()
}

#[test]
fn the_page_of_kept_blocks_holds_their_words() {
    let reader = keep_every_tag_block();
    let options = MarkdownOptions {
        links: true,
        url: Some("https://example.com/a/page.html".to_owned()),
        ..MarkdownOptions::default()
    };
    for preset in ["pith", "justext"] {
        let pipeline = pith::preset(preset).expect("a built-in preset");
        for folder in ["scrapinghub", "cleaneval-dev"] {
            let Some(dir) = pith_testdata::dataset(&format!("{folder}/html")) else {
                continue;
            };
            let pages = pith_testdata::files_with_extension(&dir, "html");
            let (mut links, mut kept) = (0, 0);
            for page in pages {
                let bytes = std::fs::read(&page).expect("a page");
                let (ex, tree) = (pipeline.run_bytes_and_tree(&bytes, pipeline.decode_options()))
                    .expect("a run");
                let written = pith::html::to_html(&ex, &tree, &options);
                let again = reader.run_str(&written).expect("the written page runs");
                let (mut got, mut want) = (words(&again), words(&ex));
                got.sort_unstable();
                want.sort_unstable();
                if got != want {
                    let missing: Vec<&String> = want.iter().filter(|w| !got.contains(w)).collect();
                    let added: Vec<&String> = got.iter().filter(|w| !want.contains(w)).collect();
                    panic!(
                        "{preset} on {}: {} words written, {} kept; not written: {missing:?}, \
                         not kept: {added:?}",
                        page.display(),
                        got.len(),
                        want.len(),
                    );
                }
                links += written.matches("<a href=\"").count();
                kept += usize::from(ex.good_blocks().next().is_some());
            }
            assert!(links > 0 && kept > 0, "{preset} on {folder}: {links} links");
        }
    }
}
