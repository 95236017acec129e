//! The stage traits. Every stage is a plain struct of parameters that serde can save and
//! load; `typetag` records its type under the `"type"` key, so a pipeline file names
//! its stages (`{"type": "justext.max_link_density", "max_link_density": 0.2}`) and a
//! user's own stages load from the same file once their crate is linked.
//!
//! Resources a stage needs (a stoplist, a compiled pattern) are resolved once, in
//! [`prepare`](Feature::prepare), when the pipeline is loaded; running never does I/O.

use std::borrow::Cow;
use std::fmt::Debug;
use std::sync::OnceLock;

use pith_dom::Document;

use crate::ancestry::Ancestry;
use crate::block::{Block, Label};
use crate::error::Result;
use crate::features::{FeatureKey, FeatureRow, FeatureTable};

/// What stages report about one page besides their results (e.g. limits that were hit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    /// Human-readable notes, one per event, e.g. `"depth limit 512 reached"`.
    pub notes: Vec<String>,
}

/// Which attributes a stage reads. The parser leaves out the attributes no stage of a
/// pipeline reads: a fifth of a jusText run's instructions (decision 0007).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttributeUse {
    /// Any attribute of any element (the default: always correct).
    All,
    /// Only attributes of these elements (lower-case names); an empty list for none.
    Of(Vec<String>),
    /// The attributes called `names` (lower-case local names, e.g. `class`) of any
    /// element, every attribute of the elements `of`, every attribute of any element
    /// inside one of the elements `within` (lower-case element names), and the
    /// attributes called `fragments` where their value is a same-document reference.
    Named {
        /// Attribute names read on every element.
        names: Vec<String>,
        /// Elements whose every attribute is read.
        of: Vec<String>,
        /// Elements inside which every attribute is read.
        within: Vec<String>,
        /// Attribute names (lower-case local names) read on every element only for
        /// whether the value starts with `#` (a link to a place in the page: Readability
        /// weighs such links less): the parse may leave out the values that do not, and
        /// a stage then sees no such attribute. A name also in `names` is read whole.
        fragments: Vec<String>,
    },
}

impl AttributeUse {
    /// The attributes called `names` (lower-case local names) of any element, and no
    /// other.
    pub fn named<S: Into<String>>(names: impl IntoIterator<Item = S>) -> AttributeUse {
        AttributeUse::Named {
            names: names.into_iter().map(Into::into).collect(),
            of: Vec::new(),
            within: Vec::new(),
            fragments: Vec::new(),
        }
    }

    /// What all of `uses` read together: [`All`](AttributeUse::All) when one of them
    /// reads everything, else [`Named`](AttributeUse::Named) with the lists joined, sorted
    /// and without repeats (a fragment name that one of them reads whole is read whole).
    pub fn union(uses: impl IntoIterator<Item = AttributeUse>) -> AttributeUse {
        let (mut all_names, mut all_of, mut all_within) = (Vec::new(), Vec::new(), Vec::new());
        let mut all_fragments = Vec::new();
        for used in uses {
            match used {
                AttributeUse::All => return AttributeUse::All,
                AttributeUse::Of(of) => all_of.extend(of),
                AttributeUse::Named {
                    names,
                    of,
                    within,
                    fragments,
                } => {
                    all_names.extend(names);
                    all_of.extend(of);
                    all_within.extend(within);
                    all_fragments.extend(fragments);
                }
            }
        }
        for list in [
            &mut all_names,
            &mut all_of,
            &mut all_within,
            &mut all_fragments,
        ] {
            list.sort();
            list.dedup();
        }
        // A name some stage reads whole is read whole.
        all_fragments.retain(|f| all_names.binary_search(f).is_err());
        AttributeUse::Named {
            names: all_names,
            of: all_of,
            within: all_within,
            fragments: all_fragments,
        }
    }
}

/// A stage that edits the document tree (cleaning, pruning, purifying).
#[typetag::serde(tag = "type")]
pub trait TreeStage: Send + Sync + Debug {
    /// Resolves resources and checks parameters; called once when the pipeline loads.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// Edits the document.
    fn apply(&self, doc: &mut Document, diagnostics: &mut Diagnostics) -> Result<()>;
    /// Elements (lower-case HTML names) this stage deletes with everything inside them,
    /// on every page. When the pipeline's first tree stage names raw-text elements
    /// (`script`, `style`, ...), the parser skips their content instead of building
    /// text that is deleted at once; the stage's result is the same. Default: none.
    fn deletes_with_content(&self) -> Vec<String> {
        Vec::new()
    }
    /// Elements (lower-case HTML names) whose content this stage neither reads nor
    /// changes, on every page, though it may leave the elements in the tree. When a later
    /// stage deletes them with their content ([`deletes_with_content`](Self::deletes_with_content))
    /// and every stage before that one says this, the parser skips their content as if
    /// the first stage deleted them. Default: none.
    fn ignores_content_of(&self) -> Vec<String> {
        Vec::new()
    }
    /// The attributes this stage reads. Default: all of them.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::All
    }
}

/// A stage that cuts a document into blocks.
#[typetag::serde(tag = "type")]
pub trait Segmenter: Send + Sync + Debug {
    /// Resolves resources and checks parameters; called once when the pipeline loads.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// The blocks of the document, in document order.
    fn segment(&self, doc: &Document) -> Result<Vec<Block>>;
    /// The attributes this segmenter reads. Default: all of them.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::All
    }
}

/// A stage that computes one number per block (a column), or several columns from one
/// pass over the page ([`more_keys`](Feature::more_keys)).
#[typetag::serde(tag = "type")]
pub trait Feature: Send + Sync + Debug {
    /// The column this feature fills.
    fn key(&self) -> FeatureKey;
    /// The columns it fills besides [`key`](Self::key)'s (default none): a stage whose
    /// columns share their costly part (one automaton over each element's class and id
    /// for several word lists) computes them together. Other stages read them by key like
    /// any column.
    fn more_keys(&self) -> Vec<FeatureKey> {
        Vec::new()
    }
    /// The columns it reads; they are computed first.
    fn requires(&self) -> Vec<FeatureKey> {
        Vec::new()
    }
    /// Resolves resources and checks parameters; called once when the pipeline loads.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// One value per block.
    fn compute(&self, blocks: &[Block], features: &FeatureTable) -> Result<Vec<f64>>;
    /// One value per block, with the document the blocks were cut from when there is
    /// one ([`FeatureInput::document`]). The pipeline calls this; the default calls
    /// [`compute`](Self::compute). Features that read the tree (DOM context, the
    /// annotations of tree stages) override it and give their no-document answer in
    /// `compute`.
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        self.compute(input.blocks, input.features)
    }
    /// Every column of the stage: [`key`](Self::key)'s, then those of
    /// [`more_keys`](Self::more_keys) in their order. The pipeline calls this; the
    /// default is [`compute_in`](Self::compute_in)'s one column, and a stage with more
    /// keys overrides it (its `compute_in` gives the first column).
    fn compute_columns_in(&self, input: FeatureInput<'_>) -> Result<Vec<Vec<f64>>> {
        Ok(vec![self.compute_in(input)?])
    }
    /// The attributes this feature reads in the document ([`FeatureInput::document`]),
    /// so that the parser keeps them (decision 0007). Default: all of them — always
    /// correct; a feature that reads no attribute (block text, element names,
    /// annotations, other columns) says `AttributeUse::Of(vec![])` and lets a pipeline
    /// whose other stages read few attributes parse faster.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::All
    }
    /// What a user should know about this page's result, for the record's `warnings`
    /// (e.g. the page's language does not match a fixed stoplist). Called once per page
    /// after every feature is computed. Default: nothing.
    fn warnings(&self, _features: &FeatureTable) -> Vec<String> {
        Vec::new()
    }
}

/// What a feature may look at.
///
/// Built with [`FeatureInput::new`] and [`with_document`](FeatureInput::with_document) /
/// [`with_cache`](FeatureInput::with_cache) outside this crate: it is `#[non_exhaustive]`
/// so that what the pipeline hands features can grow without breaking callers.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct FeatureInput<'a> {
    /// The blocks.
    pub blocks: &'a [Block],
    /// The columns computed so far (those the feature requires among them).
    pub features: &'a FeatureTable,
    /// The (edited) tree the blocks were cut from, with its annotations; `None` when the
    /// pipeline was given blocks ([`Pipeline::classify_blocks`](crate::Pipeline::classify_blocks)).
    pub document: Option<&'a Document>,
    /// What the features of this page share, each part built by the first feature that
    /// asks for it ([`ancestry`](FeatureInput::ancestry),
    /// [`char_lengths`](FeatureInput::char_lengths)): the pipeline gives every
    /// feature of a page the same cache. `None` (a feature called on its own, e.g. in a
    /// test): built anew at each call.
    pub cache: Option<&'a PageCache>,
}

impl<'a> FeatureInput<'a> {
    /// The input of a feature called on blocks alone: no document, no shared cache.
    pub fn new(blocks: &'a [Block], features: &'a FeatureTable) -> FeatureInput<'a> {
        FeatureInput {
            blocks,
            features,
            document: None,
            cache: None,
        }
    }

    /// The same input with the document the blocks were cut from (or none).
    pub fn with_document(self, document: Option<&'a Document>) -> FeatureInput<'a> {
        FeatureInput { document, ..self }
    }

    /// The same input with the page's shared cache (or none: each part built anew at
    /// each call).
    pub fn with_cache(self, cache: Option<&'a PageCache>) -> FeatureInput<'a> {
        FeatureInput { cache, ..self }
    }

    /// The blocks' paths through the document ([`Ancestry`]), for features whose value
    /// at a node follows from the node and its parent's value; `None` without a
    /// document. Built at the first call of a page and then shared
    /// ([`cache`](FeatureInput::cache)).
    pub fn ancestry(&self) -> Option<Cow<'a, Ancestry>> {
        let doc = self.document?;
        let build = || Ancestry::new(doc, self.blocks);
        Some(match self.cache {
            Some(cache) => Cow::Borrowed(cache.ancestry.get_or_init(build)),
            None => Cow::Owned(build()),
        })
    }

    /// Each block's text length in characters ([`Block::len_chars`]), which several
    /// features weigh blocks by: counted at the first call of a page and then shared
    /// ([`cache`](FeatureInput::cache)).
    pub fn char_lengths(&self) -> Cow<'a, [usize]> {
        let blocks = self.blocks;
        let count = || blocks.iter().map(Block::len_chars).collect::<Vec<usize>>();
        match self.cache {
            Some(cache) => Cow::Borrowed(cache.char_lengths.get_or_init(count)),
            None => Cow::Owned(count()),
        }
    }
}

/// What the features of one page share ([`FeatureInput::cache`]), each part built when a
/// feature first asks for it. One cache serves one page: the blocks and the document of
/// every [`FeatureInput`] that carries it must be the same.
#[derive(Debug, Default)]
pub struct PageCache {
    ancestry: OnceLock<Ancestry>,
    char_lengths: OnceLock<Vec<usize>>,
}

impl PageCache {
    /// An empty cache, for a new page.
    pub fn new() -> PageCache {
        PageCache::default()
    }
}

/// A rule of the context-free decision list: the first rule that answers labels the block.
#[typetag::serde(tag = "type")]
pub trait ContextFreeRule: Send + Sync + Debug {
    /// The feature columns the rule reads.
    fn requires(&self) -> Vec<FeatureKey> {
        Vec::new()
    }
    /// Resolves resources and checks parameters; called once when the pipeline loads.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// `Some(label)` to decide the block, `None` to pass it to the next rule.
    fn classify(&self, block: &Block, features: FeatureRow<'_>) -> Option<Label>;
}

/// What a context pass may look at.
#[derive(Clone, Copy, Debug)]
pub struct PassContext<'a> {
    /// The blocks.
    pub blocks: &'a [Block],
    /// Their features.
    pub features: &'a FeatureTable,
    /// Their context-free labels (the decision list's answers).
    pub cf_labels: &'a [Label],
    /// The (edited) tree the blocks were cut from, as features see it
    /// ([`FeatureInput::document`]); `None` when the pipeline was given blocks.
    pub document: Option<&'a Document>,
}

/// A stage that revises labels using the neighbours of each block.
#[typetag::serde(tag = "type")]
pub trait ContextPass: Send + Sync + Debug {
    /// The feature columns the pass reads.
    fn requires(&self) -> Vec<FeatureKey> {
        Vec::new()
    }
    /// Resolves resources and checks parameters; called once when the pipeline loads.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// Revises `labels` (one per block) in place.
    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()>;
}
