//! pith's document model: bytes → text → one arena tree that every algorithm shares.
//!
//! ```
//! use pith_dom::{parse_html, NodeData};
//!
//! let doc = parse_html("<p>Hello <b>world</b></p>");
//! let body = doc.body().unwrap();
//! assert_eq!(doc.text_content(body), "Hello world");
//! let names: Vec<&str> = doc.descendants(body).filter_map(|n| doc.element_name(n)).collect();
//! assert_eq!(names, ["body", "p", "b"]);
//! ```
//!
//! Why our own tree: html5ever's reference DOM (`markup5ever_rcdom`) says it exists for
//! testing; an index arena written directly by html5ever's tree builder parses once,
//! gives cheap node handles and drops in linear time at any depth. This is the only
//! crate that names html5ever types.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod annotations;
mod attrskip;
mod bylines;
pub mod dates;
pub mod decode;
mod direct;
mod events;
mod guard;
mod json_ld;
mod lazy_images;
mod metadata;
mod newlines;
mod parse;
mod prescan;
mod rawtext;
mod serialize;
mod sink;
mod tag_names;
mod tree;

pub use annotations::{value_at, Annotations};
pub use attrskip::SHAPES_THE_TREE;
pub use bylines::{bylined_in_text, BYLINE_CHARS};
pub use events::{Event, EventError};
pub use guard::{ParseLimits, ParseReport};
pub use json_ld::MAX_JSON_LD_BYTES;
pub use lazy_images::{content_image_source, settle_image_sources, MIN_IMAGE_SIDE};
pub use metadata::{
    dated_in_text, read_metadata, PageMetadata, METADATA_ATTRIBUTES_OF, METADATA_TEXT_OF,
};
pub use parse::{parse_bytes, parse_html, parse_html_omitting, parse_html_with, Omit};
pub use tag_names::TagNames;
pub use tree::{Children, Document, Edge, Element, ElementNamespace, NodeData, NodeId, Traverse};
