//! A pipeline is data: decoding options, tree stages, a segmenter, features, a decision
//! list of context-free rules and context passes. It loads from JSON or TOML, is
//! checked once (feature dependencies form a DAG, every stage prepares its resources),
//! and is then immutable: share it as `Arc<Pipeline>` across threads.

use std::collections::HashMap;

use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, NodeIndex};
use pith_dom::decode::{DecodeOptions, Decoded};
use pith_dom::{Document, Omit, PageMetadata, ParseLimits};
use serde::{Deserialize, Serialize};

use crate::block::{Block, Label};
use crate::error::{Error, Result};
use crate::features::{FeatureKey, FeatureTable};
use crate::language::{html_lang, identify_blocks, Identification, LanguageOptions};
use crate::path_budget;
use crate::stage::{
    AttributeUse, ContextFreeRule, ContextPass, Diagnostics, Feature, FeatureInput, PageCache,
    PassContext, Segmenter, TreeStage,
};
use crate::type_first::TypeFirst;

/// The pipeline file format version this build reads and writes.
pub const PIPELINE_VERSION: u32 = 1;

fn default_label() -> Label {
    Label::Bad
}

/// The serialisable description of a pipeline (what a pipeline file holds).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PipelineSpec {
    /// File format version; must be [`PIPELINE_VERSION`].
    pub version: u32,
    /// A short name (presets use their preset name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// One line on what the pipeline is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How input bytes become text.
    #[serde(default)]
    pub decode: DecodeOptions,
    /// Limits enforced while parsing (hostile-page guards).
    #[serde(default)]
    pub parse: ParseLimits,
    /// Page language identification (on by default; the file leaves out defaults).
    #[serde(default, skip_serializing_if = "LanguageOptions::is_default")]
    pub language: LanguageOptions,
    /// Stages that edit the tree, in order.
    #[serde(default)]
    pub tree: Vec<Box<dyn TreeStage>>,
    /// The segmenter.
    pub segmenter: Box<dyn Segmenter>,
    /// Features, in any order (they are ordered by their dependencies at load time).
    #[serde(default)]
    pub features: Vec<Box<dyn Feature>>,
    /// The context-free decision list: the first rule that answers wins.
    #[serde(default)]
    pub rules: Vec<Box<dyn ContextFreeRule>>,
    /// The label of a block no rule answers for.
    #[serde(default = "default_label")]
    pub default_label: Label,
    /// Context passes, in order.
    #[serde(default)]
    pub passes: Vec<Box<dyn ContextPass>>,
}

/// What a tree returned for its shape keeps of its links' and images' attributes,
/// besides what the stages read and the table cells', ordered lists' and code's
/// ([`Pipeline::run_bytes_and_tree_keeping`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShapeAttributes {
    /// A link's attributes (`href`: Markdown's and HTML's links).
    pub links: bool,
    /// An image's attributes (`src`, `alt`, the lazy-loading ones: the writers'
    /// images).
    pub images: bool,
}

impl ShapeAttributes {
    /// Neither links' nor images' attributes.
    pub const NONE: ShapeAttributes = ShapeAttributes {
        links: false,
        images: false,
    };
    /// Both.
    pub const ALL: ShapeAttributes = ShapeAttributes {
        links: true,
        images: true,
    };

    /// Its place in the pipeline's parse options: links the low bit, images the high.
    fn index(self) -> usize {
        usize::from(self.links) | usize::from(self.images) << 1
    }
}

/// The result of running a pipeline on one page.
#[derive(Clone, Debug, Default)]
pub struct Extraction {
    /// The blocks, in document order.
    pub blocks: Vec<Block>,
    /// Their features.
    pub features: FeatureTable,
    /// The context-free label of every block.
    pub cf_labels: Vec<Label>,
    /// The final label of every block.
    pub labels: Vec<Label>,
    /// For every block, the index (in the pipeline's `rules`) of the rule that gave its
    /// context-free label; `None` when no rule answered and `default_label` applied.
    pub cf_rules: Vec<Option<usize>>,
    /// For every block, the index (in the pipeline's `passes`) of the last pass that
    /// changed its label; `None` when its final label is its context-free one untouched.
    pub revised_by: Vec<Option<usize>>,
    /// How the input was decoded (absent when the input was text or a tree): the codec
    /// name and [`EncodingSource::label`](pith_dom::decode::EncodingSource::label).
    pub decoded_as: Option<(String, String)>,
    /// What stages reported.
    pub diagnostics: Diagnostics,
    /// What the page says about itself (title, canonical link, and its `<meta>` tags'
    /// description, site name, author and publication date), read from the tree
    /// before the tree stages (default when the pipeline ran on blocks or on a tree
    /// without its stages).
    pub metadata: PageMetadata,
    /// The page's language, its confidence and what decided it (absent when
    /// identification is off or the page has no letters).
    pub language: Option<Identification>,
    /// What the user should know about this result (e.g. `-s English` on a page in
    /// Russian), from the features' [`warnings`](crate::Feature::warnings).
    pub warnings: Vec<String>,
}

impl Extraction {
    /// The final label of block `i`; `Bad` for a block without one (an `Extraction`
    /// built by hand with fewer labels than blocks).
    pub fn label(&self, i: usize) -> Label {
        self.labels.get(i).copied().unwrap_or(Label::Bad)
    }

    /// The context-free label of block `i`; `Bad` for a block without one.
    pub fn cf_label(&self, i: usize) -> Label {
        self.cf_labels.get(i).copied().unwrap_or(Label::Bad)
    }

    /// The blocks whose final label is good, in order.
    pub fn good_blocks(&self) -> impl Iterator<Item = &Block> {
        self.good_blocks_indexed().map(|(_, b)| b)
    }

    /// The blocks whose final label is good, in order, with their index in
    /// [`blocks`](Extraction::blocks) (for their features and labels).
    pub fn good_blocks_indexed(&self) -> impl Iterator<Item = (usize, &Block)> {
        (self.blocks.iter().enumerate())
            .zip(&self.labels)
            .filter(|(_, l)| **l == Label::Good)
            .map(|(ib, _)| ib)
    }

    /// The good blocks' texts joined by `sep` (preformatted blocks as written:
    /// [`Block::shown_text`]).
    pub fn good_text(&self, sep: &str) -> String {
        let mut out = String::new();
        for (i, b) in self.good_blocks().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            out.push_str(b.shown_text());
        }
        out
    }
}

/// A loaded, checked pipeline, ready to run.
///
/// It is `Send + Sync` and keeps no state between pages: load it once and share it
/// (`Arc<Pipeline>`, or `&Pipeline` in scoped threads); every `run_*` call may run on
/// another thread at the same time. Loading is the costly part (the `pith` preset's
/// trees: 15–25 ms), so do not load one per page. A learned pipeline lays its trees
/// out for their walk at its first page and keeps the layout with them (about 1 MB for
/// the `pith` preset), shared by every thread that runs it.
#[derive(Debug)]
pub struct Pipeline {
    spec: PipelineSpec,
    /// Indices into `spec.features`, in dependency order.
    feature_order: Vec<usize>,
    /// What the parser leaves out when the tree is not returned: the content of the
    /// elements the first tree stage deletes, and the attributes no stage reads.
    omit: Omit,
    /// What it leaves out when the edited tree is returned: only that content.
    omit_keeping_tree: Omit,
    /// The same, for a tree returned with its images: `<noscript>` content kept, for
    /// lazy images' fallbacks (`pith_dom::settle_image_sources`).
    omit_keeping_tree_with_images: Omit,
    /// What it leaves out when the tree is returned for its shape (Markdown's tables,
    /// list numbers, code languages, links and images): as `omit`, but table cells,
    /// ordered lists and code keep their attributes (`colspan`, `rowspan`, `start`,
    /// `class`), and links and images theirs as [`ShapeAttributes`] asks (`href`;
    /// `src`, `alt`, and a `<picture>`'s `<source>` its `srcset`), one for each of
    /// its values (its `index`).
    omit_for_shape: [Omit; 4],
}

impl Pipeline {
    /// Checks a spec and prepares its stages.
    pub fn new(mut spec: PipelineSpec) -> Result<Pipeline> {
        if spec.version != PIPELINE_VERSION {
            return Err(Error::Version(spec.version));
        }
        check_decode_options(&spec.decode)?;
        for s in &mut spec.tree {
            s.prepare()?;
        }
        spec.segmenter.prepare()?;
        for f in &mut spec.features {
            f.prepare()?;
        }
        for r in &mut spec.rules {
            r.prepare()?;
        }
        for p in &mut spec.passes {
            p.prepare()?;
        }
        let feature_order = order_features(&spec)?;
        let mut content_of = content_never_read(&spec.tree);
        // The metadata reader needs the title's text, whatever the stages delete.
        content_of.retain(|name| !pith_dom::METADATA_TEXT_OF.contains(&name.as_str()));
        let omit_keeping_tree = Omit {
            content_of,
            ..Omit::default()
        };
        let omit = match attributes_read(&spec) {
            AttributeUse::Named {
                names,
                mut of,
                within,
                fragments,
            } => {
                if spec.language.identify {
                    // `<html lang>`, the identification hint.
                    of.push("html".to_owned());
                }
                Omit {
                    attributes_except_on: Some(of),
                    attributes_named: names,
                    attributes_kept_within: within,
                    attributes_if_fragment: fragments,
                    ..omit_keeping_tree.clone()
                }
            }
            // `AttributeUse::union` gives `Named` or `All`.
            AttributeUse::All | AttributeUse::Of(_) => omit_keeping_tree.clone(),
        };
        let omit_but = |extra: &[&str]| Omit {
            attributes_except_on: omit.attributes_except_on.clone().map(|mut names| {
                names.extend(extra.iter().map(|&n| n.to_owned()));
                names
            }),
            ..omit.clone()
        };
        let omit_for_shape = [false, true].map(|images| {
            [false, true].map(|links| {
                let mut keep = vec!["td", "th", "ol", "pre", "code"];
                // `a`: a link's `href`, for Markdown's links.
                keep.extend(links.then_some("a"));
                // `img`: an image's sources and text, for the writers' images;
                // `source`: a `<picture>`'s sources, which a placeholder in it takes.
                if images {
                    keep.extend(["img", "source"]);
                }
                let omit = omit_but(&keep);
                match images {
                    true => keeping_noscript(omit),
                    false => omit,
                }
            })
        });
        let [[neither, links], [images, both]] = omit_for_shape;
        let omit_for_shape = [neither, links, images, both];
        let omit_keeping_tree_with_images = keeping_noscript(omit_keeping_tree.clone());
        Ok(Pipeline {
            spec,
            feature_order,
            omit,
            omit_keeping_tree,
            omit_keeping_tree_with_images,
            omit_for_shape,
        })
    }

    /// Loads a pipeline from JSON.
    pub fn from_json(text: &str) -> Result<Pipeline> {
        Pipeline::new(spec_from_json(text)?)
    }

    /// Loads a pipeline from TOML.
    pub fn from_toml(text: &str) -> Result<Pipeline> {
        Pipeline::new(spec_from_toml(text)?)
    }

    /// Loads a pipeline from a JSON value (after parameter overrides, say).
    pub fn from_value(value: serde_json::Value) -> Result<Pipeline> {
        Pipeline::new(spec_from_value(value)?)
    }

    /// The spec the pipeline was loaded from.
    pub fn spec(&self) -> &PipelineSpec {
        &self.spec
    }

    /// The pipeline as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.spec).expect("a pipeline always serialises")
    }

    /// The pipeline as a JSON value.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(&self.spec).expect("a pipeline always serialises")
    }

    /// The pipeline as TOML.
    pub fn to_toml(&self) -> Result<String> {
        toml::to_string_pretty(&self.spec).map_err(|e| Error::Load {
            path: String::new(),
            message: format!("cannot write TOML: {e}"),
        })
    }

    /// The decoding options of the pipeline.
    pub fn decode_options(&self) -> &DecodeOptions {
        &self.spec.decode
    }

    /// Decodes and parses raw page bytes with the pipeline's decoding options, then runs
    /// every stage.
    pub fn run_bytes(&self, bytes: &[u8]) -> Result<Extraction> {
        self.run_bytes_with(bytes, &self.spec.decode)
    }

    /// [`run_bytes`](Pipeline::run_bytes) with decoding options given for this one
    /// document instead of the pipeline's (e.g. a charset from HTTP headers forced for
    /// one page of a WARC file). The options are not checked: an unknown codec is a
    /// decoding error of this document.
    pub fn run_bytes_with(&self, bytes: &[u8], decode: &DecodeOptions) -> Result<Extraction> {
        Ok(self.decode_and_run(bytes, decode, &self.omit, false)?.0)
    }

    /// [`run_bytes_with`](Pipeline::run_bytes_with), returning the tree as the tree
    /// stages left it too (for output formats that write the edited page).
    pub fn run_bytes_keeping_tree(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
    ) -> Result<(Extraction, Document)> {
        self.decode_and_run(bytes, decode, &self.omit_keeping_tree, false)
    }

    /// [`run_bytes_keeping_tree`](Pipeline::run_bytes_keeping_tree) for a page written
    /// with its images (`--images`): before any stage runs, each image's source is
    /// settled as for [`ShapeAttributes::images`] (a lazy image takes its real source,
    /// from `data-src`, its `<noscript>` fallback or its `<picture>`; icons, tracking
    /// pixels, emoji and avatars lose theirs: [`pith_dom::settle_image_sources`]), so
    /// that stages which keep only an image's `src` (declutter's purify) keep the real
    /// one.
    pub fn run_bytes_keeping_tree_with_images(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
    ) -> Result<(Extraction, Document)> {
        self.decode_and_run(bytes, decode, &self.omit_keeping_tree_with_images, true)
    }

    /// [`run_bytes_with`](Pipeline::run_bytes_with), returning the edited tree too,
    /// parsed as lean as the stages allow (the attributes no stage reads are not in
    /// it, but table cells, ordered lists, code, images and links keep theirs): for
    /// outputs that read the tree's shape, such as Markdown's tables, list numbers,
    /// images and links
    /// ([`Block::node`](crate::Block::node) names the blocks' elements in it). For the
    /// page with every attribute, [`run_bytes_keeping_tree`](Pipeline::run_bytes_keeping_tree).
    pub fn run_bytes_and_tree(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
    ) -> Result<(Extraction, Document)> {
        self.run_bytes_and_tree_keeping(bytes, decode, ShapeAttributes::ALL)
    }

    /// [`run_bytes_and_tree`](Pipeline::run_bytes_and_tree), its tree's links and
    /// images keeping their attributes only as `keep` asks: a parse costs less for
    /// each kind left out (a page's `<a>` attributes are a good part of its markup).
    pub fn run_bytes_and_tree_keeping(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
        keep: ShapeAttributes,
    ) -> Result<(Extraction, Document)> {
        let omit = &self.omit_for_shape[keep.index()];
        self.decode_and_run(bytes, decode, omit, keep.images)
    }

    /// [`run_bytes_and_tree`](Pipeline::run_bytes_and_tree), but the tree's links and
    /// images keep no attributes: for Markdown without links or images, whose parse
    /// then costs what it did before they were read.
    pub fn run_bytes_and_tree_without_links(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
    ) -> Result<(Extraction, Document)> {
        self.run_bytes_and_tree_keeping(bytes, decode, ShapeAttributes::NONE)
    }

    /// Decodes (borrowing the bytes when they are the text already), then
    /// [`parse_and_run`](Pipeline::parse_and_run); records how the page was decoded.
    fn decode_and_run(
        &self,
        bytes: &[u8],
        decode: &DecodeOptions,
        omit: &Omit,
        settle_images: bool,
    ) -> Result<(Extraction, Document)> {
        let decoded = pith_dom::decode::decode_borrowed(bytes, decode)?;
        let (mut ex, doc) = self.parse_and_run(&decoded.text, omit, settle_images)?;
        ex.decoded_as = Some(decoded_label(&decoded));
        Ok((ex, doc))
    }

    /// Parses text (with the pipeline's parse limits) and runs every stage.
    pub fn run_str(&self, html: &str) -> Result<Extraction> {
        Ok(self.parse_and_run(html, &self.omit, false)?.0)
    }

    /// [`run_str`](Pipeline::run_str), returning the edited tree too. That tree keeps
    /// every attribute, read by a stage or not, so it parses a little slower.
    pub fn run_str_keeping_tree(&self, html: &str) -> Result<(Extraction, Document)> {
        self.parse_and_run(html, &self.omit_keeping_tree, false)
    }

    /// [`run_str_keeping_tree`](Pipeline::run_str_keeping_tree), each image's source
    /// settled first
    /// ([`run_bytes_keeping_tree_with_images`](Pipeline::run_bytes_keeping_tree_with_images)).
    pub fn run_str_keeping_tree_with_images(&self, html: &str) -> Result<(Extraction, Document)> {
        self.parse_and_run(html, &self.omit_keeping_tree_with_images, true)
    }

    /// [`run_str`](Pipeline::run_str), returning the edited tree too, parsed as lean
    /// as the stages allow (see [`run_bytes_and_tree`](Pipeline::run_bytes_and_tree)).
    pub fn run_str_and_tree(&self, html: &str) -> Result<(Extraction, Document)> {
        self.run_str_and_tree_keeping(html, ShapeAttributes::ALL)
    }

    /// [`run_str_and_tree`](Pipeline::run_str_and_tree), its tree's links and images
    /// keeping their attributes only as `keep` asks
    /// ([`run_bytes_and_tree_keeping`](Pipeline::run_bytes_and_tree_keeping)).
    pub fn run_str_and_tree_keeping(
        &self,
        html: &str,
        keep: ShapeAttributes,
    ) -> Result<(Extraction, Document)> {
        self.parse_and_run(html, &self.omit_for_shape[keep.index()], keep.images)
    }

    /// [`run_str_and_tree`](Pipeline::run_str_and_tree), but the tree's links and
    /// images keep no attributes ([`run_bytes_and_tree_without_links`](Pipeline::run_bytes_and_tree_without_links)).
    pub fn run_str_and_tree_without_links(&self, html: &str) -> Result<(Extraction, Document)> {
        self.run_str_and_tree_keeping(html, ShapeAttributes::NONE)
    }

    /// Parses, leaving out what `omit` says, and runs every stage; with `settle_images`
    /// (a tree kept for its images), each image's source is settled first, lazy
    /// images' `<noscript>` fallbacks read, while no stage has deleted or stripped
    /// anything ([`pith_dom::settle_image_sources`]).
    fn parse_and_run(
        &self,
        html: &str,
        omit: &Omit,
        settle_images: bool,
    ) -> Result<(Extraction, Document)> {
        let (mut doc, report) = pith_dom::parse_html_omitting(html, &self.spec.parse, omit);
        if settle_images {
            pith_dom::settle_image_sources(&mut doc);
        }
        let (mut ex, doc) = self.run_document(doc)?;
        let mut notes = report.notes(&self.spec.parse);
        notes.append(&mut ex.diagnostics.notes);
        ex.diagnostics.notes = notes;
        Ok((ex, doc))
    }

    /// Runs the tree stages, then classifies; returns the extraction and the edited tree.
    /// The page's metadata ([`Extraction::metadata`]) is read first, from the tree as
    /// given.
    pub fn run_document(&self, mut doc: Document) -> Result<(Extraction, Document)> {
        let metadata = pith_dom::read_metadata(&doc);
        let mut diagnostics = Diagnostics::default();
        self.apply_tree(&mut doc, &mut diagnostics)?;
        let mut ex = self.classify_titled(&doc, metadata.title.clone())?;
        diagnostics.notes.append(&mut ex.diagnostics.notes);
        ex.diagnostics = diagnostics;
        ex.metadata = metadata;
        Ok((ex, doc))
    }

    /// Runs only the tree stages.
    pub fn apply_tree(&self, doc: &mut Document, diagnostics: &mut Diagnostics) -> Result<()> {
        for stage in &self.spec.tree {
            stage.apply(doc, diagnostics)?;
        }
        Ok(())
    }

    /// Runs the segmenter, features, rules and passes on a tree as it is (no tree stages).
    /// The page's language is identified from the blocks, with its `<html lang>` as a
    /// hint; its title ([`FeatureTable::title`]) is read from this tree.
    pub fn classify(&self, doc: &Document) -> Result<Extraction> {
        self.classify_titled(doc, pith_dom::read_metadata(doc).title)
    }

    /// [`classify`](Pipeline::classify) with the page's title as read before the tree
    /// stages changed the tree.
    fn classify_titled(&self, doc: &Document, title: Option<String>) -> Result<Extraction> {
        let blocks = self.spec.segmenter.segment(doc)?;
        let shortened = blocks
            .iter()
            .filter(|b| path_budget::is_shortened(&b.dom_path))
            .count();
        let mut ex = self.classify_in(blocks, Some(doc), html_lang(doc), title)?;
        if shortened > 0 {
            ex.diagnostics.notes.push(format!(
                "paths: {shortened} blocks keep only the end of their dom_path and xpath \
                 (the page's paths passed {} MiB, or one passed {} bytes)",
                path_budget::PATH_BUDGET >> 20,
                crate::tag_blocks::MAX_PATH
            ));
        }
        Ok(ex)
    }

    /// Runs features, rules and passes on given blocks (features that read the tree
    /// see no document; the language is identified from the blocks' text alone).
    pub fn classify_blocks(&self, blocks: Vec<Block>) -> Result<Extraction> {
        self.classify_in(blocks, None, None, None)
    }

    /// [`classify_blocks`](Pipeline::classify_blocks) with a declared language
    /// (`<html lang>`) as the identification hint.
    pub fn classify_blocks_with_hint(
        &self,
        blocks: Vec<Block>,
        html_lang: Option<&str>,
    ) -> Result<Extraction> {
        self.classify_in(blocks, None, html_lang, None)
    }

    fn classify_in(
        &self,
        blocks: Vec<Block>,
        document: Option<&Document>,
        html_lang: Option<&str>,
        title: Option<String>,
    ) -> Result<Extraction> {
        let language = identify_blocks(&blocks, html_lang, &self.spec.language);
        let mut features = FeatureTable::for_page(language, title);
        // What the features share (the blocks' paths, their lengths), built by the first
        // that asks.
        let cache = PageCache::new();
        for &i in &self.feature_order {
            let f = &self.spec.features[i];
            let columns = f.compute_columns_in(FeatureInput {
                blocks: &blocks,
                features: &features,
                document,
                cache: Some(&cache),
            })?;
            insert_columns(&mut features, f.as_ref(), columns, blocks.len())?;
        }
        let warnings = self
            .feature_order
            .iter()
            .flat_map(|&i| self.spec.features[i].warnings(&features))
            .collect();
        let (cf_labels, cf_rules): (Vec<Label>, Vec<Option<usize>>) = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut rules = self.spec.rules.iter().enumerate();
                rules
                    .find_map(|(r, rule)| Some((rule.classify(b, features.row(i))?, Some(r))))
                    .unwrap_or((self.spec.default_label, None))
            })
            .unzip();
        let mut labels = cf_labels.clone();
        let mut revised_by = vec![None; labels.len()];
        let mut before = Vec::with_capacity(labels.len());
        let ctx = PassContext {
            blocks: &blocks,
            features: &features,
            cf_labels: &cf_labels,
            document,
        };
        for (pass, p) in self.spec.passes.iter().enumerate() {
            before.clone_from(&labels);
            p.revise(ctx, &mut labels)?;
            for (i, (old, new)) in before.iter().zip(&labels).enumerate() {
                if old != new {
                    revised_by[i] = Some(pass);
                }
            }
        }
        Ok(Extraction {
            blocks,
            features,
            cf_labels,
            labels,
            cf_rules,
            revised_by,
            decoded_as: None,
            diagnostics: Diagnostics::default(),
            metadata: PageMetadata::default(),
            language,
            warnings,
        })
    }
}

/// The elements whose content no stage reads: those a stage deletes with their content
/// when every stage before it ignores that content (decision 0006; for the first stage,
/// what it deletes).
fn content_never_read(tree: &[Box<dyn TreeStage>]) -> Vec<String> {
    let mut skipped: Vec<String> = Vec::new();
    // What every stage so far ignores (`None` before the first stage: everything).
    let mut ignored: Option<Vec<String>> = None;
    for stage in tree {
        for name in stage.deletes_with_content() {
            let unread = ignored.as_ref().is_none_or(|i| i.contains(&name));
            if unread && !skipped.contains(&name) {
                skipped.push(name);
            }
        }
        let mine = stage.ignores_content_of();
        let still = match ignored {
            None => mine,
            Some(before) => before.into_iter().filter(|n| mine.contains(n)).collect(),
        };
        if still.is_empty() {
            break;
        }
        ignored = Some(still);
    }
    skipped
}

/// The attributes some stage reads ([`AttributeUse::All`] or
/// [`AttributeUse::Named`]), so the parser can leave out the others. Tree stages, the
/// segmenter and the features read the document; rules and passes see only blocks and
/// columns.
fn attributes_read(spec: &PipelineSpec) -> AttributeUse {
    let uses = spec
        .tree
        .iter()
        .map(|s| s.reads_attributes())
        .chain(spec.features.iter().map(|f| f.reads_attributes()))
        .chain(std::iter::once(spec.segmenter.reads_attributes()));
    // The metadata reader reads `<link rel=canonical>` and `<meta>` on every page.
    let metadata = AttributeUse::Of(
        pith_dom::METADATA_ATTRIBUTES_OF
            .iter()
            .map(|s| s.to_string())
            .collect(),
    );
    AttributeUse::union(uses.chain(std::iter::once(metadata)))
}

/// Unknown codec names are configuration errors, reported when the pipeline loads rather
/// than once per page.
fn check_decode_options(opts: &DecodeOptions) -> Result<()> {
    let forced = opts.encoding.iter().filter(|e| !e.is_empty());
    for (field, name) in forced.map(|e| ("encoding", e)).chain(std::iter::once((
        "default_encoding",
        &opts.default_encoding,
    ))) {
        if !opts.standard.knows(name) {
            return Err(Error::Load {
                path: format!("decode.{field}"),
                message: format!("unknown encoding {name:?}"),
            });
        }
    }
    Ok(())
}

fn decoded_label<T>(d: &Decoded<T>) -> (String, String) {
    (d.encoding.clone(), d.source.label().to_owned())
}

/// Puts a feature stage's columns into the table under its keys ([`Feature::key`], then
/// [`Feature::more_keys`]); a stage that gives another number of columns, or a column
/// of another length than the page's blocks, is an error naming it.
fn insert_columns(
    table: &mut FeatureTable,
    feature: &dyn Feature,
    columns: Vec<Vec<f64>>,
    blocks: usize,
) -> Result<()> {
    let keys: Vec<FeatureKey> = std::iter::once(feature.key())
        .chain(feature.more_keys())
        .collect();
    let misfit = match (
        columns.len() == keys.len(),
        columns.iter().find(|c| c.len() != blocks),
    ) {
        (false, _) => Some(format!("{} columns for {} keys", columns.len(), keys.len())),
        (true, Some(c)) => Some(format!(
            "a column of {} values for {blocks} blocks",
            c.len()
        )),
        (true, None) => None,
    };
    if let Some(message) = misfit {
        return Err(Error::Stage {
            stage: feature.typetag_name().to_owned(),
            message,
        });
    }
    for (key, column) in keys.into_iter().zip(columns) {
        table.insert(key, column);
    }
    Ok(())
}

/// Orders the features so that each comes after the features it requires, and checks
/// that rules and passes only read features the pipeline computes.
fn order_features(spec: &PipelineSpec) -> Result<Vec<usize>> {
    let mut graph: DiGraph<usize, ()> = DiGraph::new();
    let mut by_key: HashMap<FeatureKey, (NodeIndex, usize)> = HashMap::new();
    let nodes: Vec<NodeIndex> = (0..spec.features.len())
        .map(|i| graph.add_node(i))
        .collect();
    for (i, f) in spec.features.iter().enumerate() {
        for key in std::iter::once(f.key()).chain(f.more_keys()) {
            if let Some((_, first)) = by_key.insert(key.clone(), (nodes[i], i)) {
                return Err(Error::DuplicateFeature {
                    feature: key.to_string(),
                    first: spec.features[first].typetag_name().to_owned(),
                    second: f.typetag_name().to_owned(),
                });
            }
        }
    }
    for (i, f) in spec.features.iter().enumerate() {
        for req in f.requires() {
            let (dep, _) = by_key.get(&req).ok_or_else(|| Error::MissingFeature {
                stage: f.typetag_name().to_owned(),
                feature: req.to_string(),
            })?;
            graph.add_edge(*dep, nodes[i], ());
        }
    }
    let consumers = spec
        .rules
        .iter()
        .map(|r| (r.typetag_name(), r.requires()))
        .chain(spec.passes.iter().map(|p| (p.typetag_name(), p.requires())));
    for (stage, reqs) in consumers {
        for req in reqs {
            if !by_key.contains_key(&req) {
                return Err(Error::MissingFeature {
                    stage: stage.to_owned(),
                    feature: req.to_string(),
                });
            }
        }
    }
    let order = toposort(&graph, None).map_err(|cycle| Error::CyclicFeatures {
        stage: spec.features[graph[cycle.node_id()]]
            .typetag_name()
            .to_owned(),
    })?;
    Ok(order.into_iter().map(|n| graph[n]).collect())
}

/// Reads a spec from JSON; errors name the path of the bad field.
pub fn spec_from_json(text: &str) -> Result<PipelineSpec> {
    // Tracking the path costs a sixth of loading the `pith` preset (each of its trees'
    // numbers goes through it): read without it, and again with it only to name the
    // path of an error.
    serde_json::from_str(text).or_else(|_| {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| Error::Load {
            path: path_or_root(e.path().to_string()),
            message: e.inner().to_string(),
        })
    })
}

/// `omit` for a parse whose images are settled (`pith_dom::settle_image_sources`):
/// the content of `<noscript>` is kept, since a lazy image's real source may be only in
/// the `<noscript>` after it, which the stages delete (so their parse skips it).
fn keeping_noscript(mut omit: Omit) -> Omit {
    omit.content_of.retain(|name| name != "noscript");
    omit
}

/// Reads a spec from a JSON value; errors name the path of the bad field.
pub fn spec_from_value(value: serde_json::Value) -> Result<PipelineSpec> {
    // As `spec_from_json`: the path is tracked only to name an error's. Each stage's
    // `type` is read first, so that typetag reads it without a copy (`type_first`).
    PipelineSpec::deserialize(TypeFirst(&value)).or_else(|_| {
        serde_path_to_error::deserialize(value).map_err(|e| Error::Load {
            path: path_or_root(e.path().to_string()),
            message: e.inner().to_string(),
        })
    })
}

/// Reads a spec from TOML; errors name the path of the bad field.
///
/// TOML has `inf` and `nan`, JSON (a pipeline's saved form, and the value options are
/// set on) has neither: a pipeline with such a number would save as `null` and not load
/// again. So a number that is not finite is an error naming its place.
pub fn spec_from_toml(text: &str) -> Result<PipelineSpec> {
    let de = toml::Deserializer::parse(text).map_err(|e| Error::Load {
        path: path_or_root(String::new()),
        message: e.to_string(),
    })?;
    let spec = serde_path_to_error::deserialize(de).map_err(|e| Error::Load {
        path: path_or_root(e.path().to_string()),
        message: e.inner().to_string(),
    })?;
    // TOML spells such numbers `inf` and `nan` (signed or not): a text without either
    // is not parsed again. It parsed above, so it parses as a table too.
    let may_hold_one = text.contains("inf") || text.contains("nan");
    if let Some(table) = may_hold_one
        .then(|| text.parse::<toml::Table>().ok())
        .flatten()
    {
        if let Some((path, number)) = first_non_finite(&table, String::new()) {
            // As TOML writes it (Rust would say `NaN`).
            let number = match number {
                x if x.is_nan() => "nan",
                x if x > 0.0 => "inf",
                _ => "-inf",
            };
            return Err(Error::Load {
                path: path_or_root(path),
                message: format!(
                    "{number} is not a finite number (a pipeline's numbers are finite: \
                     JSON, its saved form, has no inf or nan)"
                ),
            });
        }
    }
    Ok(spec)
}

/// The place (`rules[4].stopwords_high`, as `serde_path_to_error` names places) and
/// value of the first float in `table` that is infinite or not a number, in key order.
fn first_non_finite(table: &toml::Table, path: String) -> Option<(String, f64)> {
    table.iter().find_map(|(key, value)| {
        let place = match path.is_empty() {
            true => key.clone(),
            false => format!("{path}.{key}"),
        };
        non_finite_in(value, place)
    })
}

/// [`first_non_finite`] of one value at `place`: itself, or what its table or array holds.
fn non_finite_in(value: &toml::Value, place: String) -> Option<(String, f64)> {
    match value {
        toml::Value::Float(x) if !x.is_finite() => Some((place, *x)),
        toml::Value::Table(table) => first_non_finite(table, place),
        toml::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| non_finite_in(item, format!("{place}[{i}]"))),
        _ => None,
    }
}

/// The place of an error in a pipeline as `Error::Load` names it: `(top level)` for the
/// document itself, and for a syntax error, where serde names no place (`?`, or
/// nothing for TOML).
fn path_or_root(path: String) -> String {
    match path.as_str() {
        "." | "?" | "" => "(top level)".to_owned(),
        _ => path,
    }
}

/// Sets parameter `name` to `value` on every stage (and the decoding and parse options) of a
/// pipeline given as JSON that has a field of that name; returns how many were set.
/// This is how `-s`, `--length-low` and the like reach the stages that use them.
pub fn set_param(pipeline: &mut serde_json::Value, name: &str, value: serde_json::Value) -> usize {
    let mut count = 0;
    let mut visit = |obj: &mut serde_json::Value| {
        if let Some(map) = obj.as_object_mut() {
            if let Some(slot) = map.get_mut(name) {
                *slot = value.clone();
                count += 1;
            }
        }
    };
    if let Some(map) = pipeline.as_object_mut() {
        for (key, v) in map.iter_mut() {
            match key.as_str() {
                "decode" | "parse" | "segmenter" => visit(v),
                "tree" | "features" | "rules" | "passes" => {
                    if let Some(items) = v.as_array_mut() {
                        items.iter_mut().for_each(&mut visit);
                    }
                }
                _ => {}
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// The first number that is not finite is named by its place, through tables and
    /// arrays, in the form `serde_path_to_error` gives other errors; finite ones pass.
    #[test]
    fn a_non_finite_number_is_found_by_its_place() {
        let table: toml::Table = "version = 1\nx = 0.5\n[decode]\ny = 1e300\n\
                                  [[rules]]\nz = [1.0, 2.0]\n[[rules]]\nz = [1.0, -inf]\n"
            .parse()
            .unwrap();
        assert_eq!(
            first_non_finite(&table, String::new()),
            Some(("rules[1].z[1]".to_owned(), f64::NEG_INFINITY))
        );
        let finite: toml::Table = "version = 1\n[[rules]]\nz = [1.0, 1e308]\n"
            .parse()
            .unwrap();
        assert_eq!(first_non_finite(&finite, String::new()), None);
    }

    /// A tree stage that only says what it deletes and ignores.
    #[derive(Debug, Serialize, Deserialize)]
    struct Says {
        deletes: Vec<String>,
        ignores: Vec<String>,
    }

    #[typetag::serde(name = "test.says")]
    impl TreeStage for Says {
        fn apply(&self, _: &mut Document, _: &mut Diagnostics) -> Result<()> {
            Ok(())
        }
        fn deletes_with_content(&self) -> Vec<String> {
            self.deletes.clone()
        }
        fn ignores_content_of(&self) -> Vec<String> {
            self.ignores.clone()
        }
    }

    fn says(deletes: &[&str], ignores: &[&str]) -> Box<dyn TreeStage> {
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        Box::new(Says {
            deletes: strings(deletes),
            ignores: strings(ignores),
        })
    }

    #[test]
    fn content_is_skipped_only_when_no_earlier_stage_reads_it() {
        // The first stage's deletions, as before.
        assert_eq!(content_never_read(&[says(&["script"], &[])]), ["script"]);
        // A later deletion counts when every stage before ignores that content.
        let tree = [
            says(&[], &["script", "style"]),
            says(&[], &["script"]),
            says(&["script", "style", "iframe"], &[]),
        ];
        assert_eq!(content_never_read(&tree), ["script"]);
        // A stage that ignores nothing ends the search.
        let tree = [says(&[], &[]), says(&["script"], &[])];
        assert!(content_never_read(&tree).is_empty());
        assert!(content_never_read(&[]).is_empty());
    }
}
