//! Text measures as Readability.js takes them, computed bottom-up in one walk.
//!
//! Readability measures a node by `_getInnerText`: its text content, trimmed, with
//! every run of whitespace counted as one character. [`Span`] is that measure as a
//! monoid (a text's length with whether it starts and ends in whitespace), so the
//! length of every node of a subtree comes out of one post-order walk instead of one
//! walk per node — pages are large and nest deep, and the stages ask for the length,
//! the link density or the comma count of most nodes.
//!
//! No stage of this crate changes a text node (they move, remove, create and rename
//! elements), so a text node's span need only be taken once per page. When all the
//! passes of `readability.retry` are such stages, it gives each attempt an annotation
//! column ([`TEXT_SPANS`], removed again before the retry returns): [`TextSpans`] reads
//! it, measures the text nodes it does not hold, and [`TextStats::record`] adds what a
//! stage measured, for the next stages and attempts.

use pith_dom::{Document, Edge, NodeData, NodeId};

/// The length of a text with whitespace runs collapsed, and whether it starts and ends
/// in whitespace; [`Span::then`] concatenates two of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    len: usize,
    lead_ws: bool,
    trail_ws: bool,
}

/// One in each byte of a `u64`.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGH_BITS: u64 = 0x80 * ONES;

/// For eight ASCII bytes (each below 0x80), the high bit of each byte that is
/// whitespace: a space, or `\t` `\n` `\x0b` `\x0c` `\r` (9 to 13). No byte sum below
/// carries into the next byte, since every byte is below 0x80.
fn ascii_whitespace(word: u64) -> u64 {
    let x = word ^ (b' ' as u64 * ONES);
    // High bit set where `x`'s byte is not zero, that is where the byte is no space.
    let not_space = ((x & (0x7f * ONES)) + 0x7f * ONES) | x;
    let at_least_9 = word + (0x80 - 9) * ONES;
    let at_least_14 = word + (0x80 - 14) * ONES;
    (!not_space | (at_least_9 & !at_least_14)) & HIGH_BITS
}

/// Annotation key of the span of the page's text nodes (each a [`Span::to_f64`]),
/// recorded for the passes of `readability.retry` and removed before it returns.
pub const TEXT_SPANS: &str = "readability.text_spans";

impl Span {
    /// The span as one number (its length times 4, plus 2 for leading and 1 for
    /// trailing whitespace), exact for any text shorter than 2⁵¹ characters.
    pub fn to_f64(self) -> f64 {
        ((self.len as u64) << 2 | u64::from(self.lead_ws) << 1 | u64::from(self.trail_ws)) as f64
    }

    /// The span [`Span::to_f64`] gave `value`.
    pub fn from_f64(value: f64) -> Span {
        let bits = value as u64;
        Span {
            len: (bits >> 2) as usize,
            lead_ws: bits & 2 != 0,
            trail_ws: bits & 1 != 0,
        }
    }

    /// The span of one text.
    pub fn of(text: &str) -> Span {
        // Eight bytes at a time while they are ASCII (one character each, whitespace
        // found by byte arithmetic: `ascii_whitespace`), else character by character.
        // The whitespace is `char::is_whitespace`'s (which, unlike
        // `u8::is_ascii_whitespace`, includes the vertical tab).
        let bytes = text.as_bytes();
        let mut span = Span {
            lead_ws: text.chars().next().is_some_and(char::is_whitespace),
            ..Span::default()
        };
        let mut in_ws = false;
        let mut i = 0;
        while i < bytes.len() {
            if let Some(chunk) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
                if word & HIGH_BITS == 0 {
                    let ws = ascii_whitespace(word);
                    // A whitespace byte after whitespace does not count (the byte
                    // before the first is the last one of the previous step).
                    let repeated = ws & ((ws << 8) | if in_ws { 0x80 } else { 0 });
                    span.len += 8 - ((repeated >> 7).wrapping_mul(ONES) >> 56) as usize;
                    in_ws = ws >> 63 != 0;
                    i += 8;
                    continue;
                }
            }
            // Character by character to the end of these eight bytes (or of the text).
            let end = (i + 8).min(bytes.len());
            while i < end {
                let b = bytes[i];
                let ws = if b < 0x80 {
                    i += 1;
                    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
                } else {
                    let c = text[i..]
                        .chars()
                        .next()
                        .expect("i is at a character boundary");
                    i += c.len_utf8();
                    c.is_whitespace()
                };
                if !(ws && in_ws) {
                    span.len += 1;
                }
                in_ws = ws;
            }
        }
        span.trail_ws = in_ws;
        span
    }

    /// The span of `self` followed by `next`.
    pub fn then(self, next: Span) -> Span {
        if self.len == 0 {
            return next;
        }
        if next.len == 0 {
            return self;
        }
        Span {
            len: self.len + next.len - usize::from(self.trail_ws && next.lead_ws),
            lead_ws: self.lead_ws,
            trail_ws: next.trail_ws,
        }
    }

    /// Readability's `_getInnerText(node).length`: trimmed, whitespace runs as one.
    pub fn trimmed_len(self) -> usize {
        self.len
            .saturating_sub(usize::from(self.lead_ws) + usize::from(self.trail_ws))
    }
}

/// The spans of a document's text nodes: the ones recorded under [`TEXT_SPANS`] when
/// there are, else measured with [`Span::of`].
#[derive(Clone, Copy, Debug)]
pub struct TextSpans<'a> {
    recorded: &'a [f64],
}

impl<'a> TextSpans<'a> {
    /// The spans of `doc`'s text nodes.
    pub fn of(doc: &'a Document) -> TextSpans<'a> {
        TextSpans {
            recorded: doc.annotations().column(TEXT_SPANS).unwrap_or(&[]),
        }
    }

    /// The recorded span of the text node `id`, if there is one.
    pub fn recorded(self, id: NodeId) -> Option<Span> {
        match self.recorded.get(id.index()) {
            Some(&value) if !value.is_nan() => Some(Span::from_f64(value)),
            _ => None,
        }
    }

    /// The span of the text node `id`, whose text is `text`.
    pub fn span(self, id: NodeId, text: &str) -> Span {
        self.recorded(id).unwrap_or_else(|| Span::of(text))
    }
}

/// Readability's `_getInnerText(node)`: the text content, trimmed, with every run of
/// whitespace replaced by one space.
pub fn inner_text(doc: &Document, id: NodeId) -> String {
    kept_inner_text(doc, id, |_| false)
}

/// The length in characters of [`inner_text`]`(doc, id)`, or `limit` when it is at
/// least `limit`: the walk stops there. (Whether a byline is shorter than 100
/// characters needs no more, where the whole text of an element holding the page
/// cost its length for every such element around it.)
pub fn inner_text_len_at_most(doc: &Document, id: NodeId, limit: usize) -> usize {
    collapsed(doc.descendants(id).filter_map(|n| doc.text(n)))
        .take(limit)
        .count()
}

/// [`inner_text`] of `id` without the subtrees of the descendants `gone` names (the
/// elements a stage has decided to remove, still in the tree): one walk over what is
/// left, not over the removed subtrees.
pub fn kept_inner_text(doc: &Document, id: NodeId, gone: impl Fn(NodeId) -> bool) -> String {
    collapsed(kept_texts(doc, id, gone)).collect()
}

/// The characters of the texts end to end as Readability's `_getInnerText` gives them:
/// trimmed, every run of whitespace one space.
fn collapsed<'a>(texts: impl Iterator<Item = &'a str> + 'a) -> impl Iterator<Item = char> + 'a {
    let mut chars = texts.flat_map(str::chars);
    let (mut ws, mut started, mut held) = (false, false, None);
    std::iter::from_fn(move || {
        if let Some(c) = held.take() {
            return Some(c);
        }
        for c in chars.by_ref() {
            if c.is_whitespace() {
                ws = true;
                continue;
            }
            // A whitespace run between two characters is one space.
            let space = ws && started;
            (ws, started) = (false, true);
            if space {
                held = Some(c);
                return Some(' ');
            }
            return Some(c);
        }
        None
    })
}

/// The texts of `id` and its descendants in document order, but those under a
/// descendant `gone` names (iterative: down to the first child unless the node is
/// gone, else on to the next sibling of the node or of its nearest ancestor below `id`).
fn kept_texts<'a>(
    doc: &'a Document,
    id: NodeId,
    gone: impl Fn(NodeId) -> bool + 'a,
) -> impl Iterator<Item = &'a str> + 'a {
    let mut own = doc.text(id);
    let mut at = doc.first_child(id);
    std::iter::from_fn(move || {
        if let Some(t) = own.take() {
            return Some(t);
        }
        while let Some(n) = at {
            let kept = !gone(n);
            let text = kept.then(|| doc.text(n)).flatten();
            let down = kept.then(|| doc.first_child(n)).flatten();
            at = down.or_else(|| {
                let mut up = n;
                loop {
                    if let Some(next) = doc.next_sibling(up) {
                        return Some(next);
                    }
                    match doc.parent(up) {
                        Some(parent) if parent != id => up = parent,
                        _ => return None,
                    }
                }
            });
            if text.is_some() {
                return text;
            }
        }
        None
    })
}

/// The span of the subtree under `id`: its text nodes' spans in document order (the
/// same as [`TextStats::measure`]'s for `id`, without a measure per node).
pub fn span_below(doc: &Document, id: NodeId) -> Span {
    let spans = TextSpans::of(doc);
    doc.descendants(id)
        .filter_map(|n| doc.text(n).map(|t| spans.span(n, t)))
        .fold(Span::default(), Span::then)
}

/// Whether the subtree under `id` has any non-whitespace text.
pub fn has_text(doc: &Document, id: NodeId) -> bool {
    doc.descendants(id)
        .any(|n| doc.text(n).is_some_and(|t| !crate::walk::is_blank(t)))
}

/// Per-node text measures of a subtree, indexed by [`NodeId::index`].
#[derive(Debug, Default)]
pub struct TextStats {
    /// The text span of each node's subtree.
    pub span: Vec<Span>,
    /// Link text of each node's descendant `<a>` elements (trimmed length, times
    /// `hash_link_weight` for `href="#…"` links): Readability's `_getLinkDensity`
    /// numerator.
    pub link: Vec<f64>,
    /// The text nodes whose span was not recorded (see [`TextStats::record`]).
    unrecorded: Vec<NodeId>,
}

impl TextStats {
    /// Empty measures for every node of the arena, to be filled by [`TextStats::close`]
    /// in a post-order walk (which a stage can share with its own bottom-up counts).
    pub fn new(doc: &Document) -> TextStats {
        let n = doc.arena_len();
        TextStats {
            span: vec![Span::default(); n],
            link: vec![0.0; n],
            unrecorded: Vec::new(),
        }
    }

    /// Measures every node under `root` (inclusive) in one post-order walk.
    /// `hash_link_weight` is Readability's 0.3 for in-page links.
    pub fn measure(doc: &Document, root: NodeId, hash_link_weight: f64) -> TextStats {
        let mut stats = TextStats::new(doc);
        let spans = TextSpans::of(doc);
        for edge in doc.traverse(root) {
            if let Edge::Close(id) = edge {
                stats.close(doc, spans, id, root, hash_link_weight);
            }
        }
        stats
    }

    /// One step of [`TextStats::measure`]: `id`, closed by a post-order walk under
    /// `root` (all its children already closed), gets its own text or link text and
    /// passes its measures on to its parent (unless it is `root`).
    pub fn close(
        &mut self,
        doc: &Document,
        spans: TextSpans<'_>,
        id: NodeId,
        root: NodeId,
        hash_link_weight: f64,
    ) {
        let i = id.index();
        let mut own_link = 0.0;
        match doc.data(id) {
            NodeData::Text(t) => {
                self.span[i] = spans.recorded(id).unwrap_or_else(|| {
                    self.unrecorded.push(id);
                    Span::of(t)
                });
            }
            NodeData::Element(el) if el.name() == "a" => {
                let weight = match el.attr("href") {
                    Some(h) if h.len() > 1 && h.starts_with('#') => hash_link_weight,
                    _ => 1.0,
                };
                own_link = self.span[i].trimmed_len() as f64 * weight;
            }
            _ => {}
        }
        if id == root {
            return;
        }
        if let Some(p) = doc.parent(id) {
            let pi = p.index();
            self.span[pi] = self.span[pi].then(self.span[i]);
            self.link[pi] += self.link[i] + own_link;
        }
    }

    /// Adds the spans of the text nodes this measured itself to `doc`'s [`TEXT_SPANS`]
    /// column, when it has one (that is, when `readability.retry` asked for it).
    pub fn record(&self, doc: &mut Document) {
        let Some(column) = doc.annotations().column(TEXT_SPANS) else {
            return;
        };
        if self.unrecorded.is_empty() {
            return;
        }
        let mut column = column.to_vec();
        column.resize(doc.arena_len().max(column.len()), f64::NAN);
        for &id in &self.unrecorded {
            column[id.index()] = self.span[id.index()].to_f64();
        }
        doc.annotations_mut().insert_column(TEXT_SPANS, column);
    }

    /// `_getInnerText(node).length`.
    pub fn len(&self, id: NodeId) -> usize {
        self.span.get(id.index()).map_or(0, |s| s.trimmed_len())
    }

    /// `_getLinkDensity(node)`: link text over text, 0 for a node without text.
    pub fn link_density(&self, id: NodeId) -> f64 {
        let len = self.len(id);
        if len == 0 {
            0.0
        } else {
            self.link.get(id.index()).copied().unwrap_or(0.0) / len as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn spans_concatenate_like_the_collapsed_text() {
        let parts = ["  foo ", " ", "\n bar", "", "baz  "];
        let joined: String = parts.concat();
        let span = parts
            .iter()
            .fold(Span::default(), |acc, p| acc.then(Span::of(p)));
        let collapsed = joined.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(span.trimmed_len(), collapsed.chars().count());
        assert_eq!(Span::of("   ").trimmed_len(), 0);
    }

    /// The character-by-character definition the byte loop of [`Span::of`] follows.
    fn span_by_chars(text: &str) -> Span {
        let mut span = Span::default();
        let mut in_ws = false;
        for (i, c) in text.chars().enumerate() {
            let ws = c.is_whitespace();
            if i == 0 {
                span.lead_ws = ws;
            }
            if !(ws && in_ws) {
                span.len += 1;
            }
            in_ws = ws;
        }
        span.trail_ws = in_ws;
        span
    }

    proptest::proptest! {
        #[test]
        fn span_of_counts_characters_as_chars_does(
            text in "[ a\t\n\u{0b}\u{0c}\r\u{85}\u{a0}\u{2003}\u{3000}é漢😀x]{0,40}"
        ) {
            proptest::prop_assert_eq!(Span::of(&text), span_by_chars(&text));
        }

        #[test]
        fn span_of_counts_ascii_runs_as_chars_does(
            // Mostly ASCII (the eight-byte steps), with the bytes next to the
            // whitespace ranges (8, 14, 31, 33, 127) and a rare other character.
            text in "([ a\t\n\u{0b}\u{0c}\r\u{08}\u{0e}\u{1f}\u{7f}!x]{0,24}[é\u{a0}\u{2003}]?){0,5}"
        ) {
            proptest::prop_assert_eq!(Span::of(&text), span_by_chars(&text));
        }
    }

    proptest::proptest! {
        #[test]
        fn span_below_is_the_measured_span_of_every_node(
            parts in proptest::collection::vec(
                "<div>|</div>|<p>|</p>|<a href='#x'>|<a href=y>|</a>|<b>|</b>|<br>|[ a\t\n\u{a0}]{0,6}",
                0..40,
            )
        ) {
            let doc = parse_html(&parts.concat());
            let stats = TextStats::measure(&doc, doc.root(), 0.3);
            for n in doc.descendants(doc.root()) {
                proptest::prop_assert_eq!(span_below(&doc, n), stats.span[n.index()]);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_span_survives_its_number(len in 0usize..1 << 40, lead: bool, trail: bool) {
            let span = Span { len, lead_ws: lead, trail_ws: trail };
            proptest::prop_assert_eq!(Span::from_f64(span.to_f64()), span);
        }
    }

    #[test]
    fn recorded_spans_are_read_and_measured_ones_agree() {
        let mut doc = parse_html("<p> One <a href='#x'>two</a>\n three </p><p>four</p>");
        let measured = TextStats::measure(&doc, doc.root(), 0.3);
        // Without the column nothing is recorded; with it, every text node is.
        measured.record(&mut doc);
        assert!(doc.annotations().is_empty());
        doc.annotations_mut().insert_column(TEXT_SPANS, Vec::new());
        measured.record(&mut doc);
        assert!(doc
            .descendants(doc.root())
            .filter(|&n| doc.text(n).is_some())
            .all(|n| doc.annotation(n, TEXT_SPANS).is_some()));
        let recorded = TextStats::measure(&doc, doc.root(), 0.3);
        assert!(recorded.unrecorded.is_empty());
        assert_eq!(recorded.span, measured.span);
        assert_eq!(recorded.link, measured.link);
        // A recorded span is taken as it is: the record, not the text, is read.
        let first = doc
            .descendants(doc.root())
            .find(|&n| doc.text(n).is_some())
            .unwrap();
        doc.annotate(first, TEXT_SPANS, Span::of("x").to_f64());
        assert_eq!(TextSpans::of(&doc).span(first, " One "), Span::of("x"));
    }

    #[test]
    fn measures_lengths_and_link_density() {
        let doc = parse_html("<div> Some <a href='/x'>link</a> text <a href='#y'>here</a> </div>");
        let div = doc
            .descendants(doc.root())
            .find(|&n| doc.element_name(n) == Some("div"))
            .unwrap();
        let stats = TextStats::measure(&doc, doc.root(), 0.3);
        assert_eq!(inner_text(&doc, div), "Some link text here");
        assert_eq!(stats.len(div), 19);
        assert!((stats.link_density(div) - (4.0 + 4.0 * 0.3) / 19.0).abs() < 1e-9);
    }

    /// The text of the subtree's text nodes, whitespace collapsed and trimmed: what
    /// Readability's `_getInnerText` reads.
    fn collapsed_text(doc: &Document, id: NodeId) -> String {
        let joined: String = doc.descendants(id).filter_map(|n| doc.text(n)).collect();
        joined.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    proptest::proptest! {
        /// The text with some subtrees gone is the text of the page with them cut out,
        /// for every node asked (text nodes and the document included).
        #[test]
        fn kept_text_is_the_text_of_the_page_without_the_gone_subtrees(
            pieces in proptest::collection::vec(0usize..10, 0..40),
            gone in proptest::collection::vec(0usize..200, 0..6),
            asked in proptest::collection::vec(0usize..200, 1..8),
        ) {
            const PIECES: [&str; 10] = [
                "<div>", "</div>", " words  here ", "<p>para\n text</p>", "<span>",
                "</span>", "\u{a0}x\t", "<ul><li>one<li>two</ul>", "<b>", "</b>",
            ];
            let html: String = pieces.iter().map(|&i| PIECES[i]).collect();
            let doc = parse_html(&html);
            let nodes: Vec<NodeId> = doc.descendants(doc.root()).collect();
            let gone: std::collections::HashSet<NodeId> =
                gone.iter().map(|&i| nodes[i % nodes.len()]).collect();
            let mut cut = doc.clone();
            for &n in &gone {
                cut.detach(n);
            }
            for &i in &asked {
                let id = nodes[i % nodes.len()];
                proptest::prop_assert_eq!(inner_text(&doc, id), collapsed_text(&doc, id));
                let len = inner_text(&doc, id).chars().count();
                for limit in [0, 1, 5, len, len + 1] {
                    let at_most = inner_text_len_at_most(&doc, id, limit);
                    proptest::prop_assert!(at_most == len || (at_most >= limit && len >= limit));
                }
                if !gone.contains(&id) {
                    proptest::prop_assert_eq!(
                        kept_inner_text(&doc, id, |n| gone.contains(&n)),
                        collapsed_text(&cut, id)
                    );
                }
            }
        }
    }
}
