//! pith's learned combiner: block features that carry every algorithm's judgement,
//! a classifier stage whose boosted trees are plain data in the pipeline file, and
//! the training that fits it.
//!
//! - [`features`]: `learn.*` Feature stages — the nearest annotation a tree stage
//!   recorded (declutter's shake score, keep, removed; Readability's scores), DOM
//!   context (depth, enclosing tags, class/id words, position in the page), jusText's
//!   context-free class as a number, and neighbours' values of any column.
//! - [`class_word_sets`]: `learn.class_word_sets`, several `learn.class_words` columns
//!   over the same attributes from one automaton (the `pith` preset's four class/id word
//!   lists).
//! - [`page_features`]: page-level values (the article's share and length, the page's
//!   link density, how far the families agree) and a block's place relative to
//!   Readability's article, so the trees can learn when to trust which family.
//! - [`path_features`]: tag-path groups — how many blocks share a block's path of
//!   element names and classes, their share of the page's text, and how the other
//!   families judged the other members.
//! - [`markup_features`]: markup cues (the heading level, whether the block is the
//!   page's `<title>`, whether a reader can see it, and the positive/negative class vocabularies that
//!   `learn.class_words` counts).
//! - [`title_repeat`]: `learn.title_repeat`, how much of the page's `<title>` a block
//!   repeats (the headline), the column of `--no-title`.
//! - [`text_features`]: text cues of a block (sentence ends, capitalised, numeric and
//!   date-like words, word and sentence length, boilerplate vocabulary, text repeated
//!   on the page).
//! - [`justext_label`]: `learn.justext_label`, jusText's final verdict on a block — its
//!   context-free class revised by jusText's own context passes — as a column.
//! - [`hidden_copies`]: `learn.drop_hidden_copies`, the tree stage that cuts hidden
//!   elements whose text the page shows anyway (microdata copies of the article).
//! - [`recover`]: `learn.recover_title`, the tree stage that gives a page whose
//!   `<title>` never ends its body back (the `pith` preset's only input repair).
//! - [`trees`]: the `learn.trees` stage — a gradient-boosted tree ensemble stored as
//!   flat arrays; inference reads each feature column once per page and allocates
//!   nothing per block.
//! - [`decode`]: how `learn.trees` turns margins into a selection — the threshold
//!   alone, or a two-state Viterbi decoding with a switching cost (content is mostly one
//!   contiguous stretch).
//! - [`gbdt`]: the training algorithm (histogram-based, logistic loss, deterministic).
//! - [`labels`]: block labels derived from a page's gold text.
//! - [`veto`]: `learn.veto`, the pass that labels bad the blocks a column marks, and
//!   the vetoes of `--no-comments`, `--no-tables` and `--no-title`.
//! - [`whole_tables`]: `learn.whole_tables`, the pass that keeps a data table whole
//!   when the passes before it kept most of its cells.
//! - [`train`]: k-fold cross-validated training over pages with gold text, producing a
//!   trained pipeline (one JSON file) and out-of-fold scores.
//!
//! ```
//! use pith_learn::{Tree, Trees};
//! // One stump: blocks longer than 100 characters are good.
//! let stage = Trees {
//!     features: vec!["justext.length".into()],
//!     base_score: -1.0,
//!     trees: vec![Tree {
//!         feature: vec![0, 0, 0],
//!         threshold: vec![100.0, 0.0, 0.0],
//!         left: vec![1, 0, 0],
//!         right: vec![2, 0, 0],
//!         value: vec![0.0, 0.0, 2.0],
//!     }]
//!     .into(),
//!     margin_threshold: 0.0,
//!     fallback: false,
//!     decode: Default::default(),
//!     prior: None,
//! };
//! assert!(stage.margin(&[150.0]) > 0.0 && stage.margin(&[20.0]) < 0.0);
//! let json = serde_json::to_string(&stage).unwrap();
//! assert_eq!(serde_json::from_str::<Trees>(&json).unwrap(), stage);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod binned;
pub mod class_word_sets;
pub mod decode;
mod ensemble;
pub mod features;
pub mod gbdt;
pub mod hidden_copies;
pub mod justext_label;
pub mod labels;
pub mod markup_features;
pub mod number_list;
pub mod page_features;
pub mod path_features;
pub mod presets;
pub mod recover;
mod substrings;
pub mod text_features;
pub mod title_repeat;
pub mod train;
pub mod trees;
pub mod veto;
mod walk;
pub mod whole_tables;

pub use class_word_sets::{ClassWordSets, WordSet};
pub use decode::Decode;
pub use ensemble::Ensemble;
pub use features::{
    Annotation, ClassWords, ContainerLinkDensity, ContainerTextDensity, Depth, Inside,
    JustextClass, Neighbour, Position, RelativeAnnotation, TextShare,
};
pub use gbdt::{fit, GbdtParams};
pub use hidden_copies::DropHiddenCopies;
pub use justext_label::JustextLabel;
pub use markup_features::{HeadingLevel, Hidden, TitleMatch};
pub use page_features::{Agree, Page, PageStat, Span, SpanMeasure, TreeDistance};
pub use path_features::{PathGroup, PathGroupStat};
pub use presets::presets;
pub use recover::RecoverTitle;
pub use text_features::{Text, TextStat};
pub use title_repeat::TitleRepeat;
pub use trees::{Margin, Prior, Tree, Trees, ROWS_PER_WALK};
pub use veto::Veto;
pub use whole_tables::WholeTables;
