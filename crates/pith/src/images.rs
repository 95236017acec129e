//! The images of the main text, for `--images` (trafilatura's option of that name):
//! Markdown's `![alt](src)` and HTML's `<img>`, each in its place among the kept blocks.
//!
//! An image has no text, so no classifier labels it: whether it belongs to the main
//! text is read from the blocks around it, once per page, from the tree the blocks were
//! cut from ([`PageImages::read`]; [`page_layout`] for the writers). An `<img>` is
//! written when
//!
//! - it is inside a kept block: in the same block element (a [`BLOCK_TAGS`] or jusText
//!   paragraph element) as the text of the block before it, and that block is kept
//!   (`<p>text <img> more</p>`); or
//! - the blocks before and after it are both kept (a photo between two paragraphs of
//!   the article); or
//! - it is in a `<figure>` whose caption, the block after it or before it inside that
//!   figure, is kept.
//!
//! and it is an image of the page's content ([`pith_dom::content_image_source`]): it
//! has a source (`data-src` and the other lazy-loading attributes first, then `src`,
//! then the first candidate of `srcset`; a lazy image with only a placeholder takes
//! the source of the `<noscript>` image after it, or of the first `<source>` before it
//! in its `<picture>`), not a `data:`, `javascript:` or
//! `vbscript:` URL; it is not hidden (`hidden`, `aria-hidden="true"`) nor declared
//! smaller than [`MIN_SIDE`] pixels on a side (spacers, tracking pixels, icons), nor
//! an emoji, a smiley or an avatar (by its class names or its source). That
//! much is settled before the tree stages run, so that it holds whatever they delete
//! or strip (`pith_dom::settle_image_sources`: `Pipeline::run_bytes_and_tree_keeping`
//! with `images`). It is not inside a heading or preformatted text
//! (a logo in an `<h1>`), nor in a data table (the table's cells are written as
//! cells); its source was not written
//! before on the page (a `<picture>`'s fallback, a gallery's thumbnail twice); and it
//! does not follow an image of the same `alt` text with no block between them (one
//! picture in two sizes).
//!
//! The blocks before and after an image are the blocks whose text the walk of the tree
//! met last and next: a block begins at its first text node (one a block element or a
//! `<br>` cut from another of the same element begins at its own), so an image in a
//! section's text after a paragraph inside it comes after that paragraph.
//!
//! An image between the words of the kept block before it (the walk of that block's
//! text met it before the block's last word: [`TreeLayout::text_images`]) is written
//! inside that text, where it was (`<p>Before <img> after</p>` gives `Before ![alt](src)
//! after`; [`TreeLayout::inline_images`], written by `crate::inline_images`). Any other
//! image so chosen becomes a block of its own, placed after the block before it:
//! `is_image`, its source in `image_src` (resolved against the page's base when there
//! is one, as links are), its `alt` text as its `text`, its element's path as its
//! `dom_path` (so an image in a list item is written in that item, one in a quote in
//! the quote); an image after a paragraph's last word is such a block. The blocks
//! jusText's Java segmenter makes of images are written the same way when kept. With
//! links asked for, an image inside an `<a>` that leads somewhere is written inside
//! that link (`[![alt](src)](href)`; an image block's link in the layout,
//! [`TreeLayout::links`]), unless the image is inside a link of the text around it
//! (links do not nest: it is written inside that link's text).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use pith_core::path_budget::{path_tail, PathBudget};
use pith_core::tag_blocks::{BLOCK_TAGS, PREFORMATTED};
use pith_core::{Block, Extraction, FeatureTable, Label};
use pith_dom::{content_image_source, Document, Edge, ElementNamespace, NodeId, TagNames};
use pith_justext::features::HEADING;
use pith_justext::segment::PARAGRAPH_TAGS;

use crate::layout::{InlineImage, TreeLayout};
use crate::markdown::MarkdownOptions;
use crate::table::{segments, Segment};

/// An image declared narrower or lower than this many pixels (`width`, `height`) is
/// not content: a spacer, a tracking pixel, an icon.
pub const MIN_SIDE: u32 = pith_dom::MIN_IMAGE_SIDE;

/// Elements inside which an image is not written: headings, the head, and
/// preformatted text ([`PREFORMATTED`]).
const NOT_INSIDE: [&str; 7] = ["h1", "h2", "h3", "h4", "h5", "h6", "head"];

/// The extraction and the layout the Markdown and HTML writers write for `options`:
/// `ex` and the layout read from `tree` (the tree its blocks were cut from), with the
/// images of the main text among the blocks when `options` asks for them
/// ([`MarkdownOptions::images`]); `ex` borrowed when nothing is added. Without a tree
/// there is no layout and there are no images.
pub fn page_layout<'a>(
    ex: &'a Extraction,
    tree: Option<&Document>,
    options: &MarkdownOptions,
) -> (Cow<'a, Extraction>, Option<TreeLayout>) {
    let Some(tree) = tree else {
        return (Cow::Borrowed(ex), None);
    };
    let layout = TreeLayout::read(ex, tree);
    if !options.images {
        return (Cow::Borrowed(ex), Some(layout));
    }
    let images = PageImages::read(ex, tree, &layout);
    let (ex, layout) = images.merged(ex, Cow::Owned(layout), options.base(ex).as_deref());
    (ex, Some(layout.into_owned()))
}

/// The images of a page's main text (see the module documentation), read from its
/// tree once, as plain values: a result kept without its tree still places them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageImages {
    /// Each image's block (its source as the page wrote it) and the index of the
    /// page's block it goes before, in page order.
    pub images: Vec<(usize, Block)>,
    /// The images' layout, one entry per image: the list item and the list an image
    /// is in ([`TreeLayout::read`] of the images' blocks; never a table's cell), and
    /// the link it is in.
    pub layout: TreeLayout,
    /// For each image, `Some(at)` when it is written inside the text of the block
    /// before it (the block of index `images[k].0 - 1`), at byte `at` of that text
    /// ([`InlineImage::at`]): an image between a kept paragraph's words. Shorter than
    /// `images` (as a pickle made before it was kept): the rest are `None`.
    pub inside: Vec<Option<usize>>,
}

impl PageImages {
    /// The images of `ex`'s kept text, read from `doc`, the tree its blocks were cut
    /// from, with `layout` read from it ([`TreeLayout::read`]).
    pub fn read(ex: &Extraction, doc: &Document, layout: &TreeLayout) -> PageImages {
        let placed = page_images(ex, doc, layout);
        if placed.is_empty() {
            return PageImages::default();
        }
        let image_blocks = Extraction {
            blocks: placed.iter().map(|p| p.block.clone()).collect(),
            ..Extraction::default()
        };
        let mut image_layout = TreeLayout::read(&image_blocks, doc);
        image_layout.tables.clear();
        let inside = placed.iter().map(|p| p.inside).collect();
        PageImages {
            images: placed.into_iter().map(|p| (p.before, p.block)).collect(),
            layout: image_layout,
            inside,
        }
    }

    /// Where image `k` is written inside the text of the block before it, if it is.
    pub fn inside(&self, k: usize) -> Option<usize> {
        self.inside.get(k).copied().flatten()
    }

    /// `ex` with the images among its blocks, good, and `layout` (`ex`'s) with their
    /// places, an image inside a block's text among that block's
    /// [`TreeLayout::inline_images`]; each image's source resolved against `base`
    /// when there is one. Both borrowed when there is no image.
    pub fn merged<'a, 'l>(
        &self,
        ex: &'a Extraction,
        layout: Cow<'l, TreeLayout>,
        base: Option<&str>,
    ) -> (Cow<'a, Extraction>, Cow<'l, TreeLayout>) {
        if self.images.is_empty() {
            return (Cow::Borrowed(ex), layout);
        }
        let images: Vec<(usize, Block)> = (self.images.iter())
            .map(|(at, block)| {
                let mut block = block.clone();
                if let (Some(base), Some(src)) = (base, &block.image_src) {
                    block.image_src = Some(crate::url::resolve(base, src));
                }
                (*at, block)
            })
            .collect();
        // Where each image inside a text goes: the block before it, and the byte.
        let inside = |k: usize| -> Option<(usize, usize)> {
            let (before, image) = &images[k];
            let block = before.checked_sub(1).filter(|&b| b < ex.blocks.len())?;
            image.image_src.as_ref()?;
            Some((block, self.inside(k)?))
        };
        let as_blocks: Vec<(usize, usize)> = (images.iter().enumerate())
            .filter(|&(k, _)| inside(k).is_none())
            .map(|(k, (before, _))| (*before, k))
            .collect();
        let order = merged_order(ex.blocks.len(), &as_blocks);
        let mut layout = merged_layout(&layout, &self.layout, &order);
        let mut place_of_block: Vec<Option<usize>> = vec![None; ex.blocks.len()];
        for (place, p) in order.iter().enumerate() {
            if let Place::Block(i) = *p {
                place_of_block[i] = Some(place);
            }
        }
        for (k, (_, block)) in images.iter().enumerate() {
            let (Some((b, at)), Some(src)) = (inside(k), &block.image_src) else {
                continue;
            };
            let place = place_of_block[b].expect("every block has its place");
            layout.inline_images[place].push(InlineImage {
                at,
                alt: block.text.clone(),
                src: src.clone(),
                link: self.layout.links(k).first().map(|l| l.href.clone()),
            });
        }
        (Cow::Owned(merged(ex, &images, &order)), Cow::Owned(layout))
    }
}

/// An image to write: its block, the index of the page's block it goes before (the
/// number of the page's blocks before it), and where in the text of the block before
/// it it goes when it is written inside that text.
struct Placed {
    before: usize,
    block: Block,
    inside: Option<usize>,
}

/// The images to write, in page order.
fn page_images(ex: &Extraction, doc: &Document, layout: &TreeLayout) -> Vec<Placed> {
    let mut starts = BlockStarts::of(ex);
    // Each image the walks of the blocks' texts met after a block's first text: the
    // block, and where in its text.
    let in_text: HashMap<usize, (usize, usize)> = (layout.text_images.iter().enumerate())
        .flat_map(|(i, images)| images.iter().map(move |m| (m.node, (i, m.at))))
        .collect();
    let image_nodes: HashSet<usize> = (ex.blocks.iter())
        .filter(|b| b.is_image)
        .filter_map(|b| b.node.map(NodeId::index))
        .collect();
    let tables = data_tables(ex, layout);
    let page = Page {
        ex,
        doc,
        block_elements: (BLOCK_TAGS.iter().chain(PARAGRAPH_TAGS.iter()))
            .copied()
            .collect(),
        not_inside: NOT_INSIDE
            .iter()
            .chain(PREFORMATTED.iter())
            .copied()
            .collect(),
        tables,
    };
    let mut begun = 0;
    let mut written: HashSet<String> = HashSet::new();
    let mut images = Vec::new();
    let mut paths = PathBudget::new();
    for edge in doc.traverse(doc.root()) {
        let node = match edge {
            Edge::Open(node) => node,
            Edge::Close(node) => {
                if let Some(started) = starts.closed(node) {
                    begun = begun.max(started + 1);
                }
                continue;
            }
        };
        if let Some(started) = starts.opened(doc, node) {
            begun = begun.max(started + 1);
        }
        let is_img = (doc.element(node))
            .is_some_and(|e| e.namespace() == ElementNamespace::Html && e.name() == "img");
        if !is_img || image_nodes.contains(&node.index()) {
            continue;
        }
        let Some(src) = page.source(node) else {
            continue;
        };
        if !page.in_main_text(node, begun) {
            continue;
        }
        if !written.insert(src.clone()) {
            continue;
        }
        let block = page.image_block(node, src, &mut paths);
        // The same picture again in another size (`-medium.jpg`, then `-large.jpg`):
        // the same text, with no block between them.
        let again = images.last().is_some_and(|last: &Placed| {
            last.before == begun && !block.text.is_empty() && last.block.text == block.text
        });
        if again {
            continue;
        }
        // Between the words of the kept block before it: written there.
        let inside = (in_text.get(&node.index()))
            .filter(|&&(i, at)| {
                i + 1 == begun && ex.label(i) == Label::Good && at < ex.blocks[i].text.len()
            })
            .map(|&(_, at)| at);
        images.push(Placed {
            before: begun,
            block,
            inside,
        });
    }
    images
}

/// Where each block of a page begins in its tree, the blocks being in page order: a
/// block of text at the first text node after the block before it whose words are
/// those of its first piece of text ([`Block::text_nodes`]; the lines of a paragraph
/// cut at `<br>`s, and the text around a block element inside it, share their
/// [`node`](Block::node)); a block without text pieces (an image) where its node
/// opens; and every block by the end of its node at the latest (its first text is in
/// it), when its words were not found.
struct BlockStarts<'a> {
    ex: &'a Extraction,
    /// For each block's node, the last of its blocks.
    last_of_node: HashMap<usize, usize>,
    /// For each node of blocks without text pieces, the last of those blocks.
    pieceless: HashMap<usize, usize>,
    /// The first block not known to have begun.
    next: usize,
}

impl<'a> BlockStarts<'a> {
    /// The starts of `ex`'s blocks.
    fn of(ex: &'a Extraction) -> BlockStarts<'a> {
        let (mut last_of_node, mut pieceless) = (HashMap::new(), HashMap::new());
        for (i, b) in ex.blocks.iter().enumerate() {
            let Some(node) = b.node else { continue };
            last_of_node.insert(node.index(), i);
            if b.text_nodes.is_empty() {
                pieceless.insert(node.index(), i);
            }
        }
        BlockStarts {
            ex,
            last_of_node,
            pieceless,
            next: 0,
        }
    }

    /// The last block known to have begun when the walk opens `node`, if that tells
    /// of one.
    fn opened(&mut self, doc: &Document, node: NodeId) -> Option<usize> {
        if let Some(&last) = self.pieceless.get(&node.index()) {
            return self.begun(last);
        }
        let text = doc.text(node)?;
        let block = self.ex.blocks.get(self.next)?;
        let first = (block.text_nodes.iter()).find(|t| !t.trim().is_empty())?;
        let same = text.split_whitespace().eq(first.split_whitespace());
        same.then(|| self.begun(self.next)).flatten()
    }

    /// The last block known to have begun when the walk closes `node`.
    fn closed(&mut self, node: NodeId) -> Option<usize> {
        let last = *self.last_of_node.get(&node.index())?;
        self.begun(last)
    }

    /// Block `i` has begun, and every block before it.
    fn begun(&mut self, i: usize) -> Option<usize> {
        self.next = self.next.max(i + 1);
        Some(i)
    }
}

/// The `table` elements (by index) of a page's data tables: an image in one is not
/// written.
fn data_tables(ex: &Extraction, layout: &TreeLayout) -> HashSet<usize> {
    let mut tables = HashSet::new();
    for segment in segments(ex, Some(&layout.tables)) {
        let Segment::Table(table) = segment else {
            continue;
        };
        let cells = (table.header.iter().flatten()).chain(table.rows.iter().flatten());
        let blocks = (cells.flat_map(|c| c.blocks.iter().map(|&(i, _)| i)))
            .chain(table.captions.iter().map(|&(i, _)| i));
        tables.extend(blocks.filter_map(|i| layout.table(i)).map(|p| p.table));
    }
    tables
}

/// What deciding a page's images reads.
struct Page<'a> {
    ex: &'a Extraction,
    doc: &'a Document,
    /// The tags that bound the blocks of the tag segmenter and of jusText's.
    block_elements: TagNames,
    /// [`NOT_INSIDE`] and [`PREFORMATTED`].
    not_inside: TagNames,
    /// [`data_tables`].
    tables: HashSet<usize>,
}

impl Page<'_> {
    /// The source of the image `img`, if it is one of the page's content: see the
    /// module documentation.
    fn source(&self, img: NodeId) -> Option<String> {
        content_image_source(self.doc.element(img)?).map(str::to_owned)
    }

    /// Whether the image `img`, after the first `begun` blocks of the page, is in its
    /// main text: see the module documentation.
    fn in_main_text(&self, img: NodeId, begun: usize) -> bool {
        let (doc, ex) = (self.doc, self.ex);
        let mut figure = None;
        for n in doc.inclusive_ancestors(img) {
            match doc.element_name(n) {
                Some(name) if self.not_inside.contains(name) => return false,
                Some("table") if self.tables.contains(&n.index()) => return false,
                Some("figure") if figure.is_none() => figure = Some(n),
                _ => {}
            }
        }
        let kept = |i: usize| ex.label(i) == Label::Good;
        let before = begun.checked_sub(1);
        let after = Some(begun).filter(|&i| i < ex.blocks.len());
        let inside = |i: usize, element: NodeId| {
            (ex.blocks[i].node).is_some_and(|node| doc.is_inclusive_ancestor(element, node))
        };
        if let Some(figure) = figure {
            let caption = [before, after]
                .into_iter()
                .flatten()
                .any(|i| kept(i) && inside(i, figure));
            if caption {
                return true;
            }
        }
        match (before, after) {
            (Some(b), Some(a)) if kept(b) && kept(a) => true,
            (Some(b), _) if kept(b) => self.in_block_of(img, b),
            _ => false,
        }
    }

    /// Whether `img` is in the block element that holds block `i`'s text, with no
    /// other block element between them.
    fn in_block_of(&self, img: NodeId, i: usize) -> bool {
        let Some(node) = self.ex.blocks[i].node else {
            return false;
        };
        let container = self.block_element(node);
        container.is_some() && self.block_element(img) == container
    }

    /// The nearest block element (of either segmenter) at or above `node`.
    fn block_element(&self, node: NodeId) -> Option<NodeId> {
        (self.doc.inclusive_ancestors(node)).find(|&n| {
            (self.doc.element_name(n)).is_some_and(|name| self.block_elements.contains(name))
        })
    }

    /// The block of the image `img` with the source `src`; its path whole while the
    /// page's `paths` last, as the segmenters keep theirs (`pith_core::path_budget`).
    fn image_block(&self, img: NodeId, src: String, paths: &mut PathBudget) -> Block {
        let doc = self.doc;
        let alt = (doc.element(img).and_then(|e| e.attr("alt"))).unwrap_or("");
        let mut names: Vec<&str> = (doc.inclusive_ancestors(img))
            .filter_map(|n| doc.element_name(n))
            .collect();
        names.reverse();
        let path = names.join(".");
        Block {
            text: alt.split_whitespace().collect::<Vec<_>>().join(" "),
            dom_path: match paths.admit(path.len()) {
                true => path,
                false => path_tail(&path),
            },
            is_image: true,
            image_src: Some(src),
            node: Some(img),
            ..Block::default()
        }
    }
}

/// `ex` with `images` (each with the index of the block it goes before) among its
/// blocks in the places `order` gives, good; the features the writers read (whether a
/// block is a heading) moved with their blocks.
fn merged(ex: &Extraction, images: &[(usize, Block)], order: &[Place]) -> Extraction {
    let mut features = FeatureTable::new();
    if let Some(heading) = ex.features.column(&HEADING) {
        features.insert(HEADING, interleave(order, heading, 0.0, |_| 0.0));
    }
    Extraction {
        blocks: interleave(order, &ex.blocks, Block::default(), |k| images[k].1.clone()),
        features,
        cf_labels: interleave(order, &ex.cf_labels, Label::Bad, |_| Label::Good),
        labels: interleave(order, &ex.labels, Label::Bad, |_| Label::Good),
        cf_rules: interleave(order, &ex.cf_rules, None, |_| None),
        revised_by: interleave(order, &ex.revised_by, None, |_| None),
        decoded_as: ex.decoded_as.clone(),
        diagnostics: ex.diagnostics.clone(),
        metadata: ex.metadata.clone(),
        language: ex.language,
        warnings: ex.warnings.clone(),
    }
}

/// `layout` (of the page's blocks) and `images` (of the images, in order) as one, in
/// the places `order` gives.
fn merged_layout(layout: &TreeLayout, images: &TreeLayout, order: &[Place]) -> TreeLayout {
    fn pick<T: Clone + Default>(order: &[Place], blocks: &[T], images: &[T]) -> Vec<T> {
        interleave(order, blocks, T::default(), |k| {
            images.get(k).cloned().unwrap_or_default()
        })
    }
    TreeLayout {
        tables: pick(order, &layout.tables, &images.tables),
        lists: pick(order, &layout.lists, &images.lists),
        spans: pick(order, &layout.spans, &images.spans),
        links: pick(order, &layout.links, &images.links),
        items: pick(order, &layout.items, &images.items),
        languages: pick(order, &layout.languages, &images.languages),
        text_images: pick(order, &layout.text_images, &images.text_images),
        inline_images: pick(order, &layout.inline_images, &images.inline_images),
    }
}

/// The values of the places `order` gives: a block's from `blocks` (`missing` past its
/// end, as a short column reads), image `k`'s `image(k)`.
fn interleave<T: Clone>(
    order: &[Place],
    blocks: &[T],
    missing: T,
    image: impl Fn(usize) -> T,
) -> Vec<T> {
    (order.iter())
        .map(|place| match *place {
            Place::Block(i) => blocks.get(i).cloned().unwrap_or_else(|| missing.clone()),
            Place::Image(k) => image(k),
        })
        .collect()
}

/// A place in the merged extraction: a block of the page, or an image (by its index
/// among the images).
#[derive(Clone, Copy)]
enum Place {
    Block(usize),
    Image(usize),
}

/// The places of the merged extraction of `blocks` blocks and the images `placed`
/// (each the index of the block it goes before and its own index among the images),
/// in order.
fn merged_order(blocks: usize, placed: &[(usize, usize)]) -> Vec<Place> {
    let mut order = Vec::with_capacity(blocks + placed.len());
    let mut next_image = 0;
    for i in 0..=blocks {
        while next_image < placed.len() && placed[next_image].0 == i {
            order.push(Place::Image(placed[next_image].1));
            next_image += 1;
        }
        if i < blocks {
            order.push(Place::Block(i));
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_go_before_the_block_of_their_index() {
        let placed = [(0, 0), (2, 1), (2, 3)];
        let order: Vec<String> = (merged_order(2, &placed).iter())
            .map(|p| match p {
                Place::Block(i) => format!("b{i}"),
                Place::Image(k) => format!("i{k}"),
            })
            .collect();
        assert_eq!(order, ["i0", "b0", "b1", "i1", "i3"]);
    }
}
