//! `sniff::not_a_page` against real pages and generated ones: no page of the
//! development folders is taken for binary content, whatever bytes follow a page's
//! first tag it stays a page, and text without control bytes is never refused.

use pith_corpus::sniff::{is_binary, not_a_page};
use proptest::prelude::*;

/// Every HTML file of the five development folders is a page.
#[test]
fn every_development_page_is_a_page() {
    let folders = [
        "scrapinghub",
        "cleaneval-dev",
        "dragnet-train",
        "l3s-gn1-dev",
        "googletrends-dev",
    ];
    let mut read = 0;
    for folder in folders {
        let Some(dir) = pith_testdata::dataset(&format!("{folder}/html")) else {
            return;
        };
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(not_a_page(&bytes), None, "{}", path.display());
            read += 1;
        }
    }
    assert!(read > 1500, "{read} pages read");
}

proptest! {
    /// Bytes that start with a page's first tag are a page, whatever follows.
    #[test]
    fn markup_first_is_a_page(
        start in prop::sample::select(vec!["<!DOCTYPE html>", "<html>", "\n <HTML lang=en>", "\u{feff}<p>"]),
        rest in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let mut bytes = start.as_bytes().to_vec();
        bytes.extend_from_slice(&rest);
        prop_assert_eq!(not_a_page(&bytes), None);
    }

    /// Text without a control byte (tab, line feed, form feed, carriage return and
    /// escape allowed) is never refused unless it starts like a PDF or PostScript file.
    #[test]
    fn text_without_control_bytes_is_a_page(text in "[^\u{0}-\u{8}\u{b}\u{e}-\u{1a}\u{1c}-\u{1f}%][^\u{0}-\u{8}\u{b}\u{e}-\u{1a}\u{1c}-\u{1f}]{0,300}") {
        prop_assert!(!is_binary(text.as_bytes()), "{:?}", text);
    }
}
