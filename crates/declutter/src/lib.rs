//! Daniel Beer's "Simple HTML decluttering" (2014) as pith stages.
//!
//! Three tree stages, each a serialisable pipeline entry: `declutter.prune` (a
//! pre-order filter: dropped tags and poison words in class names and ids),
//! `declutter.shake` (a post-order filter on Words − 2·LinkWords − Tags at block tags,
//! with blessed bylines) and `declutter.purify` (an allow-list of tags and attributes
//! that flattens everything else), plus `declutter.blocks`, a segmenter that cuts the
//! kept tree into blocks. The presets (`declutter`, `declutter-justext`,
//! `shake-justext`) are in [`presets`](mod@presets). Every traversal is iterative.
//!
//! ```
//! let pipeline = pith_core::Pipeline::from_json(pith_declutter::presets()[0].json).unwrap();
//! let html = "<html><body><div class='menu'><a href='/'>Home</a> <a href='/a'>About</a></div>\
//!     <div><p>The article says something long enough to be kept by the shake phase.</p>\
//!     <div class='comments'><p>First!</p></div></div></body></html>";
//! let doc = pith_dom::parse_html(html);
//! let (extraction, doc) = pipeline.run_document(doc).unwrap();
//! assert_eq!(extraction.good_text("\n"),
//!     "The article says something long enough to be kept by the shake phase.");
//! let purified = pith_declutter::to_html_document(&doc);
//! assert!(purified.starts_with("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod blocks;
pub mod presets;
pub mod prune;
pub mod purify;
pub mod shake;
pub mod words;

pub use blocks::Blocks;
pub use presets::presets;
pub use prune::Prune;
pub use purify::Purify;
pub use shake::{NodeStats, Shake};

use pith_dom::{Document, Element, NodeData};

/// Serialises a document as a complete HTML5 document declared as UTF-8:
/// `<!DOCTYPE html>`, then `<html>` with a `<head>` whose first child is
/// `<meta charset="utf-8">` (any other `<meta charset>` or `http-equiv` meta is
/// removed), then the rest of the tree.
pub fn to_html_document(doc: &Document) -> String {
    let mut doc = doc.clone();
    let root = doc.root();
    // Doctype first.
    let doctypes: Vec<_> = doc
        .children(root)
        .filter(|&c| matches!(doc.data(c), NodeData::Doctype { .. }))
        .collect();
    for d in doctypes {
        doc.detach(d);
    }
    let html = match doc.html_element() {
        Some(h) => h,
        None => {
            let h = doc.create(NodeData::Element(Element::new("html", [])));
            doc.reparent_children(root, h);
            doc.append(root, h);
            h
        }
    };
    let head = match doc.child_element(html, "head") {
        Some(h) => h,
        None => {
            let h = doc.create(NodeData::Element(Element::new("head", [])));
            match doc.first_child(html) {
                Some(first) => doc.insert_before(first, h),
                None => doc.append(html, h),
            }
            h
        }
    };
    let stale: Vec<_> = doc
        .descendants(head)
        .filter(|&n| {
            doc.element(n).is_some_and(|e| {
                e.name() == "meta"
                    && (e.attr("charset").is_some() || e.attr("http-equiv").is_some())
            })
        })
        .collect();
    for n in stale {
        doc.detach(n);
    }
    let meta = doc.create(NodeData::Element(Element::new(
        "meta",
        [("charset", "utf-8")],
    )));
    match doc.first_child(head) {
        Some(first) => doc.insert_before(first, meta),
        None => doc.append(head, meta),
    }
    let mut out = String::from("<!DOCTYPE html>");
    for child in doc.children(root).collect::<Vec<_>>() {
        out.push_str(&doc.to_html(child));
    }
    out
}

/// Runs `pipeline` on page bytes (decoding and parse limits from the pipeline) and
/// returns the extraction together with the edited tree serialised by
/// [`to_html_document`] — for the `declutter` preset, the purified HTML.
pub fn run_to_html(
    pipeline: &pith_core::Pipeline,
    bytes: &[u8],
) -> pith_core::Result<(pith_core::Extraction, String)> {
    let decoded = pith_dom::decode::decode(bytes, pipeline.decode_options())?;
    let (doc, _) = pith_dom::parse_html_with(&decoded.text, &pipeline.spec().parse);
    let (ex, doc) = pipeline.run_document(doc)?;
    Ok((ex, to_html_document(&doc)))
}
