//! The document model: decode and parse a page once, walk it without recursion,
//! look at elements and attributes, edit it, and serialise it back to HTML.
//!
//! ```sh
//! cargo run -p pith-examples --example walk_document             # examples/sample.html
//! cargo run -p pith-examples --example walk_document -- page.html
//! ```
//!
//! Every walk here is iterative ([`Document::traverse`] follows the arena's links), so a
//! page of 100,000 nested elements is as safe as a small one.

use std::collections::BTreeMap;
use std::path::PathBuf;

use pith::dom::decode::DecodeOptions;
use pith::dom::{Document, Edge, NodeData, NodeId};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sample.html"),
        PathBuf::from,
    );
    let bytes = std::fs::read(&path)?;
    // The same decoding rules as jusText 3.0.2 (BOM, <meta charset>, UTF-8, fallback).
    let (mut doc, decoded) = pith::dom::parse_bytes(&bytes, &DecodeOptions::default())?;
    println!("decoded as {} ({:?})\n", decoded.encoding, decoded.source);

    println!("outline of <body> (elements with an id or class):");
    print!("{}", outline(&doc));

    println!("\nelement counts:");
    for (name, n) in element_counts(&doc) {
        println!("  {name:<8} {n}");
    }

    println!("\nlinks:");
    for (text, href) in links(&doc) {
        println!("  {text:<50} -> {href}");
    }

    let removed = remove_elements(&mut doc, &["nav", "aside", "footer", "script", "style"]);
    println!("\nremoved {removed} elements; the <article> now serialises as:\n");
    if let Some(article) = find_element(&doc, "article") {
        println!("{}", doc.to_html(article));
    }
    Ok(())
}

/// An indented outline of the `<body>` elements that carry an `id` or `class`, built
/// from the open/close edges of [`Document::traverse`]: the depth is counted, not
/// recursed.
pub fn outline(doc: &Document) -> String {
    let mut out = String::new();
    let Some(body) = doc.body() else {
        return out;
    };
    let mut depth = 0usize;
    for edge in doc.traverse(body) {
        match edge {
            Edge::Open(id) => {
                if let Some(e) = doc.element(id) {
                    if let Some(label) = e.attr("id").or_else(|| e.attr("class")) {
                        out.push_str(&format!("{}<{}> {label}\n", "  ".repeat(depth), e.name()));
                    }
                    depth += 1;
                }
            }
            Edge::Close(id) => {
                if doc.element(id).is_some() {
                    depth -= 1;
                }
            }
        }
    }
    out
}

/// How many elements of each name the page has.
pub fn element_counts(doc: &Document) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for id in doc.descendants(doc.root()) {
        if let NodeData::Element(e) = doc.data(id) {
            *counts.entry(e.name().to_owned()).or_insert(0) += 1;
        }
    }
    counts
}

/// `(text, href)` of every `<a href>`.
pub fn links(doc: &Document) -> Vec<(String, String)> {
    doc.descendants(doc.root())
        .filter_map(|id| {
            let e = doc.element(id)?;
            let href = e.attr("href").filter(|_| e.name() == "a")?;
            Some((doc.text_content(id).trim().to_owned(), href.to_owned()))
        })
        .collect()
}

/// The first element with this name, in document order.
pub fn find_element(doc: &Document, name: &str) -> Option<NodeId> {
    doc.descendants(doc.root())
        .find(|&id| doc.element_name(id) == Some(name))
}

/// Removes every element with one of these names (with its content); returns how many.
/// The ids are collected first, then the tree is edited.
pub fn remove_elements(doc: &mut Document, names: &[&str]) -> usize {
    let doomed: Vec<NodeId> = doc
        .descendants(doc.root())
        .filter(|&id| doc.element_name(id).is_some_and(|n| names.contains(&n)))
        .collect();
    for &id in &doomed {
        doc.remove_and_merge_text(id);
    }
    doomed.len()
}
