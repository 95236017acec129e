//! The attributes Readability's stages read, so that a pipeline's parse keeps them and
//! leaves out the others (`AttributeUse`, decision 0007).
//!
//! One list for the whole family rather than one per stage: the stages run together, and
//! one list is easier to keep true. It is checked two ways: every `attr` and `attrs`
//! call of this crate reads a name below (`href` only for a leading `#`) or an element in
//! [`ELEMENTS`], and the
//! `readability` preset's paragraphs and features are the same with the lean parse as
//! with the full one (`crates/pith/tests/attribute_cut.rs`).

use pith_core::AttributeUse;

/// Attribute names read on any element: class and id (the class weights, the unlikely
/// and share patterns, candidate siblings), the visibility attributes (`style`,
/// `hidden`, `aria-hidden`, `aria-modal`, `role`), bylines (`rel`, `itemprop`) and data
/// tables (`datatable`, `summary`, `rowspan`, `colspan`).
pub const NAMES: &[&str] = &[
    "aria-hidden",
    "aria-modal",
    "class",
    "colspan",
    "datatable",
    "hidden",
    "id",
    "itemprop",
    "rel",
    "role",
    "rowspan",
    "style",
    "summary",
];

/// Attribute names read only for whether the value starts with `#`: a link's `href`
/// (hash links weigh less in link density). The parse leaves out the other values.
pub const FRAGMENTS: &[&str] = &["href"];

/// Elements whose every attribute is read: `<meta>` (the title and author) and the
/// embeds, any of whose attributes may name an allowed video.
pub const ELEMENTS: &[&str] = &["embed", "iframe", "meta", "object"];

/// Elements inside which every attribute is read: an `<object>`'s descendants may name
/// its video too.
pub const WITHIN: &[&str] = &["object"];

/// What Readability's stages read, as an [`AttributeUse`].
pub fn read() -> AttributeUse {
    let owned = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    AttributeUse::Named {
        names: owned(NAMES),
        of: owned(ELEMENTS),
        within: owned(WITHIN),
        fragments: owned(FRAGMENTS),
    }
}
