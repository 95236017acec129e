//! Inline spans: the stretches of a block's text that the page wrote as code (`code`,
//! `kbd`, `samp`, `tt`), strong (`strong`, `b`), emphasised (`em`, `i`) or struck
//! through (`del`, `s`, `strike`), as byte ranges of the block's `text`, so that
//! Markdown can write `` `foo()` ``, `**stop**`, `*really*` and `~~not~~` where the
//! page did (corpus builders want at least the code spans).
//!
//! A block keeps only its text, not the elements it came from, so the spans are read
//! back from the tree the blocks were cut from, once per page
//! ([`TreeLayout::read`](crate::layout::TreeLayout::read)). From the block's
//! [`node`](Block::node) (the element holding its first text), its text nodes are
//! walked in document order, iteratively, up to the block's end (the opening or closing
//! of a block tag of [`BLOCK_TAGS`], or a `<br>`), and joined as the segmenter that cut
//! the pith, declutter and Readability presets' blocks joins them
//! ([`pith_core::tag_blocks`]: each text node's whitespace runs collapsed to one space,
//! no space at the start or after one, the end stripped). When that does not give the
//! block's `text` exactly, the walk is tried as jusText's segmenter cut the block (the
//! `justext` presets): its paragraph keeps the pieces it joined
//! ([`Block::text_nodes`]: each text node's text with its whitespace normalised, a space
//! for a lone `<br>`), which the text nodes must give one by one before one of its
//! paragraph tags, and which joined with Python's whitespace rules (a run holding a line
//! break stays one) must give the `text`. When neither does (a text node a segmenter
//! refused), the block gets no spans and is written flat: the spans are never guessed.
//! An element counts for a text node when it is between the node and its nearest block
//! tag (jusText's paragraph tag for its paragraphs), so a `<b>` around whole paragraphs
//! does not make them strong.
//!
//! Blocks that share a node (text, a `<br>`, more text) take its text children in
//! order, and a page's walks together visit at most a few times its nodes: past that
//! budget, the rest of the page's blocks are written flat.
//!
//! The same walk reads the block's links ([`LinkSpan`]): the stretches of its text
//! inside an `<a>` whose `href` leads somewhere (not empty, not `javascript:`), each
//! with that `href` as written, for Markdown's `[text](url)` when it is asked for.

use std::borrow::Cow;
use std::collections::HashMap;

use pith_core::tag_blocks::{collapse_whitespace_into, BLOCK_TAGS};
use pith_core::{Block, Extraction};
use pith_dom::{Document, Edge, ElementNamespace, NodeData, NodeId, TagNames};
use pith_justext::segment::PARAGRAPH_TAGS;
use pith_justext::text::{is_blank, is_python_space, normalize_whitespace};

use crate::shape::{block_shape, may_be_preformatted, BlockKind};

/// What an inline span marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InlineKind {
    /// Code: `code`, `kbd`, `samp`, `tt` (Markdown's `` `code` ``).
    Code,
    /// Strong importance: `strong`, `b` (`**strong**`).
    Strong,
    /// Emphasis: `em`, `i` (`*emphasis*`).
    Emphasis,
    /// Struck-through text: `del`, `s`, `strike` (GitHub's `~~strikethrough~~`).
    Strikethrough,
}

impl InlineKind {
    /// Every kind.
    pub const ALL: [InlineKind; 4] = [
        InlineKind::Code,
        InlineKind::Strong,
        InlineKind::Emphasis,
        InlineKind::Strikethrough,
    ];

    /// The kind an element of this name marks, if any.
    pub fn of_element(name: &str) -> Option<InlineKind> {
        match name {
            "code" | "kbd" | "samp" | "tt" => Some(InlineKind::Code),
            "strong" | "b" => Some(InlineKind::Strong),
            "em" | "i" => Some(InlineKind::Emphasis),
            "del" | "s" | "strike" => Some(InlineKind::Strikethrough),
            _ => None,
        }
    }

    /// The kind's name: `code`, `strong`, `emphasis`, `strikethrough`.
    pub fn as_str(self) -> &'static str {
        match self {
            InlineKind::Code => "code",
            InlineKind::Strong => "strong",
            InlineKind::Emphasis => "emphasis",
            InlineKind::Strikethrough => "strikethrough",
        }
    }

    /// The kind named `name` ([`InlineKind::as_str`]).
    pub fn from_name(name: &str) -> Option<InlineKind> {
        InlineKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The kind's place in [`InlineKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A stretch of a block's `text` (byte offsets, `start < end`) inside elements of one
/// kind. The spans of one kind in a block are disjoint, in order, and maximal: two
/// elements of a kind side by side are one span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineSpan {
    /// What the span marks.
    pub kind: InlineKind,
    /// Its first byte in the block's `text`.
    pub start: usize,
    /// The byte after its last.
    pub end: usize,
}

impl InlineSpan {
    /// The span `by` bytes further on (where a block's text is in a longer one).
    pub fn shifted(self, by: usize) -> InlineSpan {
        InlineSpan {
            start: self.start + by,
            end: self.end + by,
            ..self
        }
    }
}

/// A link in a block's text: a stretch (byte offsets, `start < end`) inside one `<a>`
/// element, with its `href` as written, but for the ASCII whitespace at its ends and
/// the tabs and line breaks inside it, which browsers leave out too. The links of a
/// block are disjoint and in order; two `<a>` side by side are two links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkSpan {
    /// Its first byte in the block's `text`.
    pub start: usize,
    /// The byte after its last.
    pub end: usize,
    /// Where it leads, relative or absolute, as the page wrote it.
    pub href: String,
}

impl LinkSpan {
    /// The link `by` bytes further on (where a block's text is in a longer one).
    pub fn shifted(&self, by: usize) -> LinkSpan {
        LinkSpan {
            start: self.start + by,
            end: self.end + by,
            href: self.href.clone(),
        }
    }
}

/// What a block's text nodes say of its text: its inline spans, its links, and the
/// images between its words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockInline {
    /// The spans, in order of their start.
    pub spans: Vec<InlineSpan>,
    /// The links, in order.
    pub links: Vec<LinkSpan>,
    /// The `<img>` elements the walk of the block's text met after its first text, in
    /// order ([`ImageAt`]).
    pub images: Vec<ImageAt>,
}

/// An `<img>` element inside a block's stretch of the tree, after its first text: the
/// element, by its index in the tree ([`NodeId::index`]), and the byte of the block's
/// `text` it comes at (where the text before it ends: the text's length for an image
/// after its last word).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageAt {
    /// The `<img>` element's index in the tree.
    pub node: usize,
    /// Its place in the block's text, a byte offset (a character boundary).
    pub at: usize,
}

/// A walk's result: the block's text nodes and the images among them.
struct Walked {
    nodes: Vec<TextNode>,
    images: Vec<ImageAt>,
}

/// The image `id` is, if it is an HTML `<img>`, met after the text `joined` so far:
/// where that text ends, without its trailing space.
fn image_at(doc: &Document, id: NodeId, joined: &str) -> Option<ImageAt> {
    let el = doc.element(id)?;
    (el.namespace() == ElementNamespace::Html && el.name() == "img").then(|| ImageAt {
        node: id.index(),
        at: joined.trim_end().len(),
    })
}

/// The inline spans of every block of `ex` (empty for a block with none, or whose text
/// its text nodes do not give back, or a preformatted block), read from `doc`, the tree
/// its blocks were cut from.
pub fn inline_spans(ex: &Extraction, doc: &Document) -> Vec<Vec<InlineSpan>> {
    (read_spans(ex, doc).into_iter())
        .map(Option::unwrap_or_default)
        .collect()
}

/// [`inline_spans`], with `None` for a block whose text its text nodes do not give
/// back (or a preformatted block): what a count of the blocks written flat reads.
pub fn read_spans(ex: &Extraction, doc: &Document) -> Vec<Option<Vec<InlineSpan>>> {
    (read_inline(ex, doc).into_iter())
        .map(|b| b.map(|b| b.spans))
        .collect()
}

/// The spans and links of every block of `ex`, in one walk of `doc`, the tree its
/// blocks were cut from; `None` for a block whose text its text nodes do not give back
/// (or a preformatted block), as [`read_spans`].
pub fn read_inline(ex: &Extraction, doc: &Document) -> Vec<Option<BlockInline>> {
    let mut reader = Reader::new(doc);
    ex.blocks.iter().map(|b| reader.inline_of(b)).collect()
}

/// The page's walks visit at most this many nodes per node of the tree (a block's
/// walk visits its own nodes, its node's children before its first text, and the
/// elements above its first text up to its block tag) ...
const BUDGET_PER_NODE: usize = 4;
/// ... and this many more (a small page's blocks are never cut short).
const BUDGET_EXTRA: usize = 10_000;

/// Reads blocks' spans from one tree, blocks in document order.
struct Reader<'d> {
    doc: &'d Document,
    boundaries: TagNames,
    /// jusText's paragraph tags: where its paragraphs end ([`Reader::walk_pieces`]).
    paragraph_tags: TagNames,
    /// For each node that held a block's first text, that text node: the next block
    /// of the same node starts after it.
    taken: HashMap<usize, NodeId>,
    /// Steps left for the page's walks.
    budget: usize,
}

impl<'d> Reader<'d> {
    /// A reader of `doc`'s blocks.
    fn new(doc: &'d Document) -> Reader<'d> {
        Reader {
            doc,
            boundaries: TagNames::from(BLOCK_TAGS),
            paragraph_tags: TagNames::from(PARAGRAPH_TAGS),
            taken: HashMap::new(),
            budget: doc
                .arena_len()
                .saturating_mul(BUDGET_PER_NODE)
                .saturating_add(BUDGET_EXTRA),
        }
    }

    /// The spans and links of one block, `None` when its text cannot be read back from
    /// the tree (or it is preformatted: written as it is, fenced).
    fn inline_of(&mut self, block: &Block) -> Option<BlockInline> {
        let preformatted = || {
            may_be_preformatted(&block.dom_path)
                && block_shape(block).kind == BlockKind::Preformatted
        };
        if block.preformatted.is_some() || preformatted() {
            return None;
        }
        let node = block.node?;
        if block.is_image {
            return Some(BlockInline {
                links: image_link(self.doc, node, block.text.len()),
                ..BlockInline::default()
            });
        }
        let mut child = match self.taken.get(&node.index()) {
            Some(&last) => self.doc.next_sibling(last),
            None => self.doc.first_child(node),
        };
        while let Some(c) = child {
            self.budget = self.budget.checked_sub(1)?;
            let starts = self.doc.text(c).is_some_and(|t| !t.trim().is_empty());
            if starts {
                // The segmenter that cuts at tags joins no line breaks into a text:
                // a text with one is jusText's.
                let walked = match block.text.contains('\n') {
                    false => (self.walk(c, &block.text))
                        .or_else(|| self.walk_pieces(c, &block.text, &block.text_nodes)),
                    true => self.walk_pieces(c, &block.text, &block.text_nodes),
                };
                if let Some(Walked { nodes, images }) = walked {
                    self.taken.insert(node.index(), c);
                    let len = block.text.len();
                    return Some(BlockInline {
                        spans: spans_of_nodes(&nodes, len),
                        links: links_of_nodes(self.doc, &nodes, len),
                        images,
                    });
                }
            }
            child = self.doc.next_sibling(c);
        }
        None
    }

    /// Whether the element ends a block (a block tag or `<br>`).
    fn is_boundary(&self, id: NodeId) -> bool {
        self.doc
            .element(id)
            .is_some_and(|e| e.name() == "br" || e.is_named_in(&self.boundaries))
    }

    /// Whether the element ends a jusText paragraph (one of its paragraph tags).
    fn is_paragraph_tag(&self, id: NodeId) -> bool {
        (self.doc.element(id)).is_some_and(|e| e.is_named_in(&self.paragraph_tags))
    }

    /// What the elements from `first`'s parent up to its nearest block tag (jusText's
    /// paragraph tag with `paragraphs`) mark.
    fn kinds_above(&mut self, first: NodeId, paragraphs: bool) -> Option<Around> {
        let mut around = Around::default();
        let mut at = self.doc.parent(first);
        while let Some(n) = at {
            self.budget = self.budget.checked_sub(1)?;
            let ends = match paragraphs {
                true => self.is_paragraph_tag(n),
                false => self.is_boundary(n),
            };
            if ends {
                break;
            }
            around.open(self.doc, n);
            at = self.doc.parent(n);
        }
        // Opened from the inside out: the outermost link first.
        around.links.reverse();
        Some(around)
    }

    /// The block's text nodes from `first` on, each with the kinds around it and its
    /// byte range in the joined text, and the images among them, when their join is
    /// `text` exactly and the block ends after them; `None` otherwise.
    fn walk(&mut self, first: NodeId, text: &str) -> Option<Walked> {
        let mut around = self.kinds_above(first, false)?;
        let mut joined = String::with_capacity(text.len() + 1);
        let mut checked = 0;
        let mut nodes = Vec::new();
        let mut images = Vec::new();
        let mut edge = Some(Edge::Open(first));
        while let Some(e) = edge {
            self.budget = self.budget.checked_sub(1)?;
            match e {
                Edge::Open(id) => match self.doc.data(id) {
                    NodeData::Text(t) => {
                        if joined.is_empty() && t.trim().is_empty() {
                            // The segmenter skips blank text before a block's first.
                        } else {
                            let before = joined.len();
                            collapse_whitespace_into(&mut joined, t);
                            let end = joined.trim_end().len();
                            // Bytes: `end` may fall inside a character of `text`.
                            let (got, want) = (joined.as_bytes(), text.as_bytes());
                            if end > want.len() || got[checked..end] != want[checked..end] {
                                return None;
                            }
                            checked = checked.max(end);
                            nodes.push(TextNode {
                                mask: around.mask(),
                                link: around.link(),
                                start: before,
                                end: joined.len(),
                            });
                        }
                    }
                    NodeData::Element(_) => {
                        if self.is_boundary(id) {
                            break;
                        }
                        images.extend(image_at(self.doc, id, &joined));
                        around.open(self.doc, id);
                    }
                    _ => {}
                },
                Edge::Close(id) => {
                    if self.is_boundary(id) {
                        break;
                    }
                    around.close(self.doc, id);
                }
            }
            edge = next_edge(self.doc, e);
        }
        (joined.trim_end() == text).then_some(Walked { nodes, images })
    }

    /// [`walk`](Reader::walk) for a paragraph of jusText's segmenter, which keeps the
    /// text pieces it joined (`pieces`: each text node's text with its whitespace
    /// normalised, blank ones left out, and a space for a lone `<br>`) and joins them
    /// otherwise (Python's whitespace, a run holding a line break kept as one): the
    /// text nodes from `first` on must give those pieces, one by one, before one of
    /// jusText's paragraph tags opens or closes, and the pieces joined as jusText
    /// joins them must be `text`; each node's bytes are where its piece lands in it,
    /// and each image's where the pieces before it end.
    fn walk_pieces(&mut self, first: NodeId, text: &str, pieces: &[String]) -> Option<Walked> {
        if pieces.is_empty() {
            return None;
        }
        let mut around = self.kinds_above(first, true)?;
        let mut joined = String::new();
        let mut nodes = Vec::new();
        let mut images = Vec::new();
        let mut left = pieces.iter();
        let mut next = left.next();
        let mut edge = Some(Edge::Open(first));
        while let (Some(e), Some(piece)) = (edge, next) {
            self.budget = self.budget.checked_sub(1)?;
            match e {
                Edge::Open(id) => match self.doc.data(id) {
                    NodeData::Text(t) if !is_blank(t) => {
                        // Most text nodes are their piece as they are.
                        if &**t != piece.as_str() && normalize_whitespace(t) != *piece {
                            return None;
                        }
                        nodes.push(TextNode {
                            mask: around.mask(),
                            link: around.link(),
                            start: joined.len(),
                            end: joined.len() + piece.len(),
                        });
                        joined.push_str(piece);
                        next = left.next();
                    }
                    NodeData::Element(_) if self.is_paragraph_tag(id) => return None,
                    NodeData::Element(el) if el.name() == "br" && piece == " " => {
                        joined.push(' ');
                        next = left.next();
                    }
                    NodeData::Element(_) => {
                        images.extend(image_at(self.doc, id, &joined));
                        around.open(self.doc, id)
                    }
                    _ => {}
                },
                Edge::Close(id) => {
                    if self.is_paragraph_tag(id) {
                        return None;
                    }
                    around.close(self.doc, id);
                }
            }
            edge = next_edge(self.doc, e);
        }
        if next.is_some() {
            return None;
        }
        let at = joined_offsets(&joined, text)?;
        for n in &mut nodes {
            (n.start, n.end) = (at[n.start], at[n.end]);
        }
        for image in &mut images {
            image.at = at[image.at];
        }
        Some(Walked { nodes, images })
    }
}

/// Where each byte of `joined` (jusText's pieces, one after the other) lands in `text`,
/// the pieces as jusText joins them (stripped of Python's whitespace, each run of it one
/// character); `None` when they do not give `text`. A run's first byte lands on the
/// character it becomes, its other bytes after it (so a node that ends in the run keeps
/// that character and the next node starts after it); the bytes of a run stripped at an
/// end land where the text starts or ends.
fn joined_offsets(joined: &str, text: &str) -> Option<Vec<usize>> {
    let mut at = vec![0; joined.len() + 1];
    let mut j = 0;
    let mut chars = joined.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !is_python_space(c) {
            if !text[j..].starts_with(c) {
                return None;
            }
            at[i..i + c.len_utf8()].fill(j);
            j += c.len_utf8();
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some(&(k, d)) = chars.peek().filter(|&&(_, d)| is_python_space(d)) {
            end = k + d.len_utf8();
            chars.next();
        }
        let stripped = j == 0 || chars.peek().is_none();
        if stripped {
            at[i..end].fill(j);
            continue;
        }
        if !matches!(text.as_bytes().get(j), Some(b' ' | b'\n')) {
            return None;
        }
        at[i] = j;
        at[i + 1..end].fill(j + 1);
        j += 1;
    }
    at[joined.len()] = j;
    (j == text.len()).then_some(at)
}

/// One text node of a block: the kinds around it (bit [`InlineKind::index`]), the
/// innermost link around it, and its bytes in the block's text (with the space its
/// leading whitespace makes).
struct TextNode {
    mask: u8,
    link: Option<NodeId>,
    start: usize,
    end: usize,
}

/// Whether an element is a link that leads somewhere: an `<a>` whose `href`
/// ([`href_read`]) is neither blank nor `javascript:`.
fn is_link(doc: &Document, id: NodeId) -> bool {
    href_read(doc, id).is_some_and(|href| {
        let script = (href.get(..11)).is_some_and(|s| s.eq_ignore_ascii_case("javascript:"));
        !href.is_empty() && !script
    })
}

/// The link of an image block (`<a href="photo-large.jpg"><img …></a>`): one
/// [`LinkSpan`] over its whole text (its `alt`, `len` bytes, possibly none) with the
/// `href` of the nearest `<a>` around the `<img>` `img`, when that leads somewhere
/// ([`is_link`]); none when no such link holds it.
fn image_link(doc: &Document, img: NodeId, len: usize) -> Vec<LinkSpan> {
    let link = (doc.inclusive_ancestors(img)).find(|&n| doc.element_name(n) == Some("a"));
    (link.filter(|&a| is_link(doc, a)))
        .and_then(|a| link_href(doc, a))
        .map(|href| LinkSpan {
            start: 0,
            end: len,
            href,
        })
        .into_iter()
        .collect()
}

/// Where a link leads ([`LinkSpan::href`]).
fn link_href(doc: &Document, id: NodeId) -> Option<String> {
    href_read(doc, id).map(Cow::into_owned)
}

/// An `<a>`'s `href` as browsers read it: without the spaces and control characters at
/// its ends and the tabs and line breaks in it (borrowed when it has none inside).
fn href_read(doc: &Document, id: NodeId) -> Option<Cow<'_, str>> {
    let el = doc.element(id).filter(|el| el.name() == "a")?;
    let href = el.attr("href")?.trim_matches(|c: char| c <= ' ');
    Some(match href.contains(['\t', '\n', '\r']) {
        true => Cow::Owned(href.replace(['\t', '\n', '\r'], "")),
        false => Cow::Borrowed(href),
    })
}

/// The links of a block's text nodes: the runs of consecutive nodes inside one `<a>`
/// (nodes that add nothing do not break a run), cut at the end of the text.
fn links_of_nodes(doc: &Document, nodes: &[TextNode], len: usize) -> Vec<LinkSpan> {
    let mut runs: Vec<(NodeId, usize, usize)> = Vec::new();
    let mut open: Option<(NodeId, usize, usize)> = None;
    for n in nodes.iter().filter(|n| n.start < n.end.min(len)) {
        let end = n.end.min(len);
        open = match (open, n.link) {
            (Some((a, s, _)), Some(b)) if a == b => Some((a, s, end)),
            (before, link) => {
                runs.extend(before);
                link.map(|a| (a, n.start, end))
            }
        };
    }
    runs.extend(open);
    (runs.into_iter())
        .filter_map(|(a, start, end)| {
            let href = link_href(doc, a)?;
            Some(LinkSpan { start, end, href })
        })
        .collect()
}

/// The elements open around a text node in a walk: how many of each kind, and the
/// links, innermost last.
#[derive(Default)]
struct Around {
    counts: [u32; 4],
    links: Vec<NodeId>,
}

impl Around {
    /// The walk enters element `id`.
    fn open(&mut self, doc: &Document, id: NodeId) {
        let Some(name) = doc.element_name(id) else {
            return;
        };
        if let Some(k) = InlineKind::of_element(name) {
            self.counts[k.index()] += 1;
        }
        if name == "a" && is_link(doc, id) {
            self.links.push(id);
        }
    }

    /// The walk leaves element `id`.
    fn close(&mut self, doc: &Document, id: NodeId) {
        if let Some(k) = doc.element_name(id).and_then(InlineKind::of_element) {
            self.counts[k.index()] = self.counts[k.index()].saturating_sub(1);
        }
        if self.links.last() == Some(&id) {
            self.links.pop();
        }
    }

    /// The kinds open, as bits ([`InlineKind::index`]).
    fn mask(&self) -> u8 {
        (0..4)
            .filter(|&i| self.counts[i] > 0)
            .fold(0, |m, i| m | (1 << i))
    }

    /// The innermost link open.
    fn link(&self) -> Option<NodeId> {
        self.links.last().copied()
    }
}

/// The spans of a block's text nodes: for each kind, the runs of consecutive nodes
/// inside it (nodes that add nothing do not break a run), cut at the end of the text.
fn spans_of_nodes(nodes: &[TextNode], len: usize) -> Vec<InlineSpan> {
    let mut spans = Vec::new();
    for kind in InlineKind::ALL {
        let bit = 1 << kind.index();
        let mut open: Option<(usize, usize)> = None;
        for n in nodes.iter().filter(|n| n.start < n.end.min(len)) {
            let end = n.end.min(len);
            open = match (open, n.mask & bit != 0) {
                (Some((s, _)), true) => Some((s, end)),
                (None, true) => Some((n.start, end)),
                (Some((start, end)), false) => {
                    spans.push(InlineSpan { kind, start, end });
                    None
                }
                (None, false) => None,
            };
        }
        if let Some((start, end)) = open {
            spans.push(InlineSpan { kind, start, end });
        }
    }
    spans.sort_by_key(|s| (s.start, s.kind));
    spans
}

/// The step after `edge` of a depth-first walk of the whole tree (no root to stay
/// under: the walk ends at the block's end); `None` after the root.
fn next_edge(doc: &Document, edge: Edge) -> Option<Edge> {
    match edge {
        Edge::Open(id) => Some(match doc.first_child(id) {
            Some(child) => Edge::Open(child),
            None => Edge::Close(id),
        }),
        Edge::Close(id) => match doc.next_sibling(id) {
            Some(next) => Some(Edge::Open(next)),
            None => doc.parent(id).map(Edge::Close),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spans of every block of `html` under the `pith` preset's segmenter, as
    /// `(kind, spanned text)`, with the blocks' texts.
    fn spans(html: &str) -> Vec<(String, Vec<(&'static str, String)>)> {
        let pipeline = tag_blocks();
        let (ex, doc) = pipeline.run_str_and_tree(html).unwrap();
        let all = inline_spans(&ex, &doc);
        (ex.blocks.iter().zip(all))
            .map(|(b, spans)| {
                let named = spans
                    .iter()
                    .map(|s| (s.kind.as_str(), b.text[s.start..s.end].to_owned()))
                    .collect();
                (b.text.clone(), named)
            })
            .collect()
    }

    /// Every block of `declutter.blocks` (the `pith` preset's segmenter) kept.
    fn tag_blocks() -> crate::Pipeline {
        crate::Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "declutter.blocks"}, "default_label": "good"}"#,
        )
        .unwrap()
    }

    fn owned(pairs: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
        pairs.iter().map(|&(k, t)| (k, t.to_owned())).collect()
    }

    #[test]
    fn the_elements_of_each_kind_are_spans() {
        let got = spans(
            "<p>Call <code>foo()</code> to <em>really</em> <strong>stop</strong> it, \
             <del>not</del> this, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <b>a </b><b>b</b></p>",
        );
        assert_eq!(got.len(), 1);
        assert_eq!(
            got[0].1,
            owned(&[
                ("code", "foo()"),
                ("emphasis", "really"),
                ("strong", "stop"),
                ("strikethrough", "not"),
                ("code", "Ctrl"),
                ("code", "C"),
                ("strong", "a b"),
            ])
        );
    }

    #[test]
    fn an_element_around_blocks_marks_none_of_them() {
        let got = spans("<b><p>Whole paragraph.</p></b><p><i>x<br>y</i> z</p>");
        assert_eq!(got[0], ("Whole paragraph.".to_owned(), vec![]));
        assert_eq!(got[1], ("x".to_owned(), owned(&[("emphasis", "x")])));
        assert_eq!(got[2], ("y z".to_owned(), owned(&[("emphasis", "y")])));
    }

    #[test]
    fn blocks_of_one_node_take_its_texts_in_order() {
        let got = spans("<div>b <i>c</i><br>b c<p>a</p>b <s>c</s></div>");
        let texts: Vec<&str> = got.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["b c", "b c", "a", "b c"]);
        assert_eq!(got[0].1, owned(&[("emphasis", "c")]));
        assert_eq!(got[1].1, vec![]);
        assert_eq!(got[3].1, owned(&[("strikethrough", "c")]));
    }

    #[test]
    fn a_text_the_nodes_do_not_give_back_has_no_spans() {
        let pipeline = tag_blocks();
        let (mut ex, doc) = pipeline.run_str_and_tree("<p>a <b>b</b></p>").unwrap();
        assert_eq!(inline_spans(&ex, &doc)[0].len(), 1);
        ex.blocks[0].text = "a  b".to_owned();
        assert!(inline_spans(&ex, &doc)[0].is_empty());
    }

    #[test]
    fn a_text_that_parts_inside_a_character_has_no_spans() {
        let pipeline = tag_blocks();
        let (mut ex, doc) = pipeline.run_str_and_tree("<p>x <b>y</b></p>").unwrap();
        // The tree's "x" ends inside the block's "“": no panic, no spans.
        ex.blocks[0].text = "“ y".to_owned();
        assert_eq!(read_spans(&ex, &doc)[0], None);
    }

    /// The links of every block of `html`, as `(linked text, href)`.
    fn links(html: &str) -> Vec<Vec<(String, String)>> {
        let pipeline = tag_blocks();
        let (ex, doc) = pipeline.run_str_and_tree(html).unwrap();
        (ex.blocks.iter().zip(read_inline(&ex, &doc)))
            .map(|(b, inline)| {
                (inline.unwrap_or_default().links.into_iter())
                    .map(|l| (b.text[l.start..l.end].to_owned(), l.href))
                    .collect()
            })
            .collect()
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        (pairs.iter())
            .map(|&(t, h)| (t.to_owned(), h.to_owned()))
            .collect()
    }

    #[test]
    fn links_are_read_with_their_hrefs() {
        let got = links(
            "<p>See <a href=' /a\n/b '>the <b>docs</b></a><a href=/c>, here</a> and \
             <a href='javascript:void(0)'>x</a> <a href=''>y</a> <a name=z>z</a>.</p>\
             <p><a href=/whole><i>all</i> of it</a></p><ul><li><a href=/item>one<br>two</a></li></ul>",
        );
        assert_eq!(
            got,
            [
                pairs(&[("the docs", "/a/b"), (", here", "/c")]),
                pairs(&[("all of it", "/whole")]),
                pairs(&[("one", "/item")]),
                pairs(&[("two", "/item")]),
            ]
        );
    }

    #[test]
    fn whitespace_between_nodes_is_the_segmenters() {
        let got = spans("<p>  a<code> x  y </code>\n<b> </b>z </p>");
        assert_eq!(got[0].0, "a x y z");
        // The code's text node brings its leading space; the blank `<b>` adds nothing.
        assert_eq!(got[0].1, owned(&[("code", " x y ")]));
    }
}
