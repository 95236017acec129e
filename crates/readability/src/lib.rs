//! Mozilla Readability (Readability.js) as pith stages: pith's third algorithm family.
//!
//! Readability finds the article of a page by scoring: it removes nodes that are
//! unlikely to be content (by class/id patterns and roles), turns `div`s used as
//! paragraphs into `p`s, gives every paragraph points for its commas and length and
//! passes them to its parent and grandparent (weighted by class/id patterns, scaled by
//! link density), takes the best-scored node with its good siblings as the article,
//! cleans the article, and retries with relaxed steps when the result is short. Each
//! step is a tree stage here, with its parameters (the patterns too) in the pipeline
//! file:
//!
//! | stage | Readability.js |
//! |---|---|
//! | `readability.prep_document` ([`PrepDocument`]) | `_removeScripts`, `_prepDocument` |
//! | `readability.remove_hidden` ([`RemoveHidden`]) | `_isProbablyVisible`, modal dialogs |
//! | `readability.remove_byline` ([`RemoveByline`]) | `_checkByline` |
//! | `readability.remove_title_header` ([`RemoveTitleHeader`]) | `_headerDuplicatesTitle`, `_textSimilarity` |
//! | `readability.strip_unlikely` ([`StripUnlikely`]) | `unlikelyCandidates`, `okMaybeItsACandidate`, `UNLIKELY_ROLES` |
//! | `readability.remove_empty` ([`RemoveEmpty`]) | `_isElementWithoutContent` |
//! | `readability.div_to_p` ([`DivToP`]) | `DIV_TO_P_ELEMS`, phrasing content into paragraphs |
//! | `readability.class_weight` ([`ClassWeight`]) | `_getClassWeight` (`positive`, `negative`) |
//! | `readability.score` ([`Score`]) | `_initializeNode`, the scoring loop, `_getLinkDensity` |
//! | `readability.select_article` ([`SelectArticle`]) | top candidates, sibling inclusion |
//! | `readability.clean` ([`Clean`]), `readability.clean_share` ([`CleanShare`]), `readability.clean_headers` ([`CleanHeaders`]) | `_prepArticle`: `_clean`, share elements, `_cleanHeaders` |
//! | `readability.clean_conditionally` ([`CleanConditionally`]) | `_cleanConditionally`, `_markDataTables` |
//! | `readability.retry` ([`Retry`]) | the `FLAG_*` retries with `charThreshold` |
//! | `readability.blocks` ([`Blocks`], segmenter) | — (the article's text as blocks) |
//!
//! Stages hand their numbers on through the document's annotation table
//! ([`pith_dom::Annotations`]): class weights ([`CLASS_WEIGHT`]), content scores
//! ([`CONTENT_SCORE`]), the top candidate ([`TOP_CANDIDATE`]) and the article
//! ([`ARTICLE`]). With `annotate: true`, `readability.retry` leaves the tree whole and
//! records those numbers plus [`IN_ARTICLE`] for every node, for learned features.
//! Every walk is iterative.
//!
//! ```
//! let pipeline = pith_core::Pipeline::from_json(pith_readability::presets()[0].json).unwrap();
//! let para = "The article has sentences, with commas, and enough words to score well. ";
//! let html = format!(
//!     "<html><body><div class='menu'><a href='/'>Home</a> <a href='/a'>About</a></div>\
//!      <div class='story'><p>{}</p><p>{}</p></div></body></html>",
//!     para.repeat(4),
//!     para.repeat(5)
//! );
//! let extraction = pipeline.run_str(&html).unwrap();
//! let text = extraction.good_text("\n");
//! assert!(text.starts_with("The article has sentences"));
//! assert!(!text.contains("Home"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod attributes;
pub mod blocks;
pub mod clean;
pub mod conditional;
pub mod metadata;
pub mod paragraphs;
pub mod pattern;
pub mod prep;
pub mod presets;
pub mod retry;
pub mod score;
pub mod select;
pub mod similarity;
pub mod text;
pub mod unlikely;
pub mod walk;

pub use blocks::Blocks;
pub use clean::{Clean, CleanHeaders, CleanShare};
pub use conditional::CleanConditionally;
pub use metadata::{RemoveByline, RemoveTitleHeader};
pub use paragraphs::DivToP;
pub use pattern::Pattern;
pub use prep::PrepDocument;
pub use presets::presets;
pub use retry::Retry;
pub use score::{ClassWeight, Score};
pub use select::SelectArticle;
pub use unlikely::{RemoveEmpty, RemoveHidden, StripUnlikely};

/// Annotation key: an element's class/id weight (`readability.class_weight`).
pub const CLASS_WEIGHT: &str = "readability.class_weight";
/// Annotation key: a candidate's content score after link-density scaling
/// (`readability.score`).
pub const CONTENT_SCORE: &str = "readability.content_score";
/// Annotation key: 1 on the top candidate (`readability.select_article`).
pub const TOP_CANDIDATE: &str = "readability.top_candidate";
/// Annotation key: 1 on the element that holds the article
/// (`readability.select_article`).
pub const ARTICLE: &str = "readability.article";
/// Annotation key: 1 on every original node the article kept, 0 on the others
/// (`readability.retry` in annotate mode). A node counts as kept when it is itself in
/// the attempt's tree: an element Readability replaced by a new one (a `div` of
/// phrasing content becomes a new `p` that takes the div's text nodes) reads 0 though
/// its text nodes read 1.
pub const IN_ARTICLE: &str = "readability.in_article";
/// Annotation key, on the document root: the attempt that gave the article (0 for the
/// first; `readability.retry` in annotate mode).
pub const ATTEMPT: &str = "readability.attempt";
