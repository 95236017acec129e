//! `justext.paragraphs`: jusText's `ParagraphMaker`, the segmenter that cuts a cleaned
//! tree into paragraphs.
//!
//! It replays the SAX events the reference sees (start tag, text, end tag, in document
//! order) through the same state machine: a path stack, a `link` flag and a `br` flag.
//! Block tags close the current paragraph and open the next one; `<br>` adds a space,
//! and a second `<br>` with only blank text, end tags or block starts in between splits
//! the paragraph. A paragraph is emitted only if its text is non-empty.
//!
//! Paths are kept in a persistent stack (each entry points to its parent), so opening
//! a paragraph costs O(1) and a path string is built only for paragraphs that are
//! emitted: a page of 100,000 nested block tags stays linear.
//!
//! ```
//! # use pith_justext::Paragraphs;
//! let stage: Paragraphs = serde_json::from_str(r#"{"br_inserts_space": true}"#).unwrap();
//! assert_eq!(stage, Paragraphs::default());
//! ```

use pith_core::path_budget::{path_tail, PathBudget, SHORT_PATH_TAIL};
use pith_core::{AttributeUse, Block, Result, Segmenter};
use pith_dom::{Document, Edge, NodeData, NodeId};
use serde::{Deserialize, Serialize};

use crate::text::{is_blank, normalize_whitespace, python_strip};

/// jusText's 32 paragraph tags (`PARAGRAPH_TAGS`).
pub const PARAGRAPH_TAGS: &[&str] = &[
    "body",
    "blockquote",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "form",
    "legend",
    "optgroup",
    "option",
    "p",
    "pre",
    "table",
    "td",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "tr",
    "ul",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
];

fn default_true() -> bool {
    true
}

/// jusText's paragraph segmenter.
///
/// Fields (defaults are jusText 3.0.2's):
/// - `br_inserts_space` (true): a single `<br>` adds a `" "` text node (jusText ≥ 3.0;
///   the Java port and jusText 2 join the words instead).
/// - `image_blocks` (false): the Java port's image paragraphs: `<img>` is a block tag
///   whose paragraph holds its non-blank `alt` text and `src`, and is emitted even
///   without text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paragraphs {
    /// Whether a single `<br>` adds a space text node.
    #[serde(default = "default_true")]
    pub br_inserts_space: bool,
    /// Whether `<img>` makes an image paragraph (Java port).
    #[serde(default)]
    pub image_blocks: bool,
}

impl Default for Paragraphs {
    fn default() -> Self {
        Paragraphs {
            br_inserts_space: true,
            image_blocks: false,
        }
    }
}

#[typetag::serde(name = "justext.paragraphs")]
impl Segmenter for Paragraphs {
    fn segment(&self, doc: &Document) -> Result<Vec<Block>> {
        let mut maker = ParagraphMaker::new(self);
        for edge in doc.traverse(doc.root()) {
            match edge {
                Edge::Open(id) => match doc.data(id) {
                    NodeData::Element(e) if self.image_blocks && e.name() == "img" => {
                        maker.start_image(e.attr("alt"), e.attr("src"))
                    }
                    NodeData::Element(e) => maker.start(e.name()),
                    NodeData::Text(t) => maker.characters(t, doc.parent(id)),
                    _ => {}
                },
                Edge::Close(id) => {
                    if let NodeData::Element(e) = doc.data(id) {
                        maker.end(e.name());
                    }
                }
            }
        }
        Ok(maker.finish())
    }

    /// `alt` and `src` of `<img>` when images are blocks; nothing otherwise.
    fn reads_attributes(&self) -> AttributeUse {
        let img = self.image_blocks.then(|| "img".to_string());
        AttributeUse::Of(img.into_iter().collect())
    }
}

/// Whether a tag is one of jusText's paragraph tags (a `match` compiles to a few byte
/// comparisons; this runs for every start and end tag).
fn is_paragraph_tag(name: &str) -> bool {
    matches!(
        name,
        "body"
            | "blockquote"
            | "caption"
            | "center"
            | "col"
            | "colgroup"
            | "dd"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "form"
            | "legend"
            | "optgroup"
            | "option"
            | "p"
            | "pre"
            | "table"
            | "td"
            | "textarea"
            | "tfoot"
            | "th"
            | "thead"
            | "tr"
            | "ul"
            | "li"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
    )
}

/// One open (or once-open) element on the path: name, ordinal among same-named siblings,
/// and its parent entry. Names are borrowed from the document.
struct PathEntry<'d> {
    name: &'d str,
    ordinal: u32,
    parent: Option<u32>,
}

/// The reference's `PathInfo`, persistent: entries are never overwritten, so a paragraph
/// remembers its path as one index.
struct PathStack<'d> {
    entries: Vec<PathEntry<'d>>,
    top: Option<u32>,
    /// Per open element (and one for the top level): counts of child names seen so far.
    /// A short list beats a map here: most elements have few distinct child names.
    child_counts: Vec<Vec<(&'d str, u32)>>,
    /// Emptied count lists, reused so that pushing an element rarely allocates.
    spare: Vec<Vec<(&'d str, u32)>>,
}

impl<'d> PathStack<'d> {
    fn new() -> PathStack<'d> {
        PathStack {
            entries: Vec::new(),
            top: None,
            child_counts: vec![Vec::new()],
            spare: Vec::new(),
        }
    }

    fn push(&mut self, name: &'d str) {
        let counts = self.child_counts.last_mut().expect("top-level counts");
        let ordinal = match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => {
                *count += 1;
                *count
            }
            None => {
                counts.push((name, 1));
                1
            }
        };
        self.entries.push(PathEntry {
            name,
            ordinal,
            parent: self.top,
        });
        self.top = Some((self.entries.len() - 1) as u32);
        let fresh = self.spare.pop().unwrap_or_default();
        self.child_counts.push(fresh);
    }

    fn pop(&mut self) {
        if let Some(top) = self.top {
            self.top = self.entries[top as usize].parent;
            if let Some(mut counts) = self.child_counts.pop() {
                counts.clear();
                self.spare.push(counts);
            }
        }
    }

    /// `(dom_path, xpath)` of the path ending at `top`: each string is sized first and
    /// filled once (this runs for every paragraph, with paths a dozen elements deep).
    /// With `end = Some(n)`, only enough of the deepest elements to make more than `n`
    /// bytes of each (every element when there are not that many): a suffix of each
    /// whole path, for a page past its path budget.
    fn render(
        &self,
        top: Option<u32>,
        chain: &mut Vec<u32>,
        end: Option<usize>,
    ) -> (String, String) {
        chain.clear();
        let mut cur = top;
        let mut names = 0usize;
        while let Some(i) = cur {
            if end.is_some_and(|n| names > n + 1) {
                break;
            }
            chain.push(i);
            names += self.entries[i as usize].name.len() + 1;
            cur = self.entries[i as usize].parent;
        }
        let names: usize = chain
            .iter()
            .map(|&i| self.entries[i as usize].name.len())
            .sum();
        let n = chain.len();
        // `.` between names; `/` before each, `[`, up to 10 digits and `]` after each.
        let mut dom = String::with_capacity(names + n.saturating_sub(1));
        let mut xpath = String::with_capacity(1 + names + 13 * n);
        xpath.push('/');
        let mut digits = [0u8; 10];
        for (k, &i) in chain.iter().rev().enumerate() {
            let e = &self.entries[i as usize];
            if k > 0 {
                dom.push('.');
                xpath.push('/');
            }
            dom.push_str(e.name);
            xpath.push_str(e.name);
            xpath.push('[');
            xpath.push_str(decimal(e.ordinal, &mut digits));
            xpath.push(']');
        }
        (dom, xpath)
    }
}

/// `n` in decimal, written into `buf` (no allocation: this runs once per path element).
fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).expect("ASCII digits")
}

struct OpenParagraph {
    path: Option<u32>,
    text_nodes: Vec<String>,
    chars_count_in_links: usize,
    tags_count: i64,
    image_src: Option<String>,
    is_image: bool,
    /// The element holding the first text node.
    node: Option<NodeId>,
}

impl OpenParagraph {
    fn new(path: Option<u32>) -> OpenParagraph {
        OpenParagraph {
            path,
            text_nodes: Vec::new(),
            chars_count_in_links: 0,
            tags_count: 0,
            image_src: None,
            is_image: false,
            node: None,
        }
    }
}

struct ParagraphMaker<'a, 'd> {
    opts: &'a Paragraphs,
    path: PathStack<'d>,
    /// Scratch space for [`PathStack::render`].
    chain: Vec<u32>,
    /// What is left of the page's bytes of whole paths.
    budget: PathBudget,
    paragraph: OpenParagraph,
    blocks: Vec<Block>,
    link: bool,
    br: bool,
}

impl<'a, 'd> ParagraphMaker<'a, 'd> {
    fn new(opts: &'a Paragraphs) -> Self {
        ParagraphMaker {
            opts,
            path: PathStack::new(),
            chain: Vec::new(),
            budget: PathBudget::new(),
            paragraph: OpenParagraph::new(None),
            blocks: Vec::new(),
            link: false,
            br: false,
        }
    }

    fn start_new_paragraph(&mut self) {
        let next = OpenParagraph::new(self.path.top);
        let done = std::mem::replace(&mut self.paragraph, next);
        if done.text_nodes.is_empty() && !done.is_image {
            return;
        }
        let text = normalize_whitespace(python_strip(&done.text_nodes.concat()));
        if text.is_empty() && !done.is_image {
            return;
        }
        // Past the page's path budget only the paths' ends are kept, so only the
        // deepest elements are rendered.
        let end = self.budget.is_spent().then_some(SHORT_PATH_TAIL);
        let (dom_path, xpath) = self.path.render(done.path, &mut self.chain, end);
        let (dom_path, xpath) = if self.budget.admit(dom_path.len() + xpath.len()) {
            (dom_path, xpath)
        } else {
            (path_tail(&dom_path), path_tail(&xpath))
        };
        self.blocks.push(Block {
            text,
            text_nodes: done.text_nodes,
            dom_path,
            xpath,
            chars_count_in_links: done.chars_count_in_links,
            tags_count: done.tags_count,
            image_src: done.image_src,
            is_image: done.is_image,
            node: done.node,
            // The reference's paragraphs are normalised text, in every output.
            preformatted: None,
            // A lone `<br>` is a space in the reference's paragraphs.
            after_line_break: false,
        });
    }

    /// The Java port's `<img>`: a paragraph of its own, holding `alt` and `src`. The
    /// element is void, so its end follows at once.
    fn start_image(&mut self, alt: Option<&str>, src: Option<&str>) {
        self.path.push("img");
        self.start_new_paragraph();
        self.paragraph.is_image = true;
        if let Some(alt) = alt.filter(|a| !is_blank(a)) {
            self.paragraph.text_nodes.push(normalize_whitespace(alt));
        }
        self.paragraph.image_src = src.filter(|s| !is_blank(s)).map(str::to_owned);
    }

    fn start(&mut self, name: &'d str) {
        self.path.push(name);
        if is_paragraph_tag(name) || (name == "br" && self.br) {
            if name == "br" {
                self.paragraph.tags_count -= 1;
            }
            self.start_new_paragraph();
        } else {
            self.br = name == "br";
            if self.br {
                if self.opts.br_inserts_space {
                    self.paragraph.text_nodes.push(" ".to_owned());
                }
            } else if name == "a" {
                self.link = true;
            }
            self.paragraph.tags_count += 1;
        }
    }

    fn end(&mut self, name: &str) {
        self.path.pop();
        if is_paragraph_tag(name) || (self.opts.image_blocks && name == "img") {
            self.start_new_paragraph();
        }
        if name == "a" {
            self.link = false;
        }
    }

    fn characters(&mut self, content: &str, parent: Option<NodeId>) {
        if is_blank(content) {
            return;
        }
        if self.paragraph.text_nodes.is_empty() {
            self.paragraph.node = parent;
        }
        let text = normalize_whitespace(content);
        if self.link {
            self.paragraph.chars_count_in_links += text.chars().count();
        }
        self.paragraph.text_nodes.push(text);
        self.br = false;
    }

    fn finish(mut self) -> Vec<Block> {
        self.start_new_paragraph();
        self.blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::Event;

    fn segment_events(events: &[(&str, &str)]) -> Vec<Block> {
        let events = events
            .iter()
            .map(|(k, v)| Event::try_from((k.to_string(), v.to_string())).unwrap());
        let doc = Document::from_events(events).unwrap();
        Paragraphs::default().segment(&doc).unwrap()
    }

    #[test]
    fn past_the_path_budget_paragraphs_keep_the_end_of_their_paths() {
        use pith_core::path_budget::{is_shortened, PATH_BUDGET};
        // 480 nested <div>s: each paragraph's paths are about 6 KB, so the 16 MiB
        // budget is spent after about 3,200 of them.
        let depth = 480;
        let n = 4_000;
        let html = format!(
            "<html><body>{}{}</body></html>",
            "<div>".repeat(depth),
            "<p>some words</p>".repeat(n)
        );
        let doc = pith_dom::parse_html(&html);
        let blocks = Paragraphs::default().segment(&doc).unwrap();
        assert_eq!(blocks.len(), n);
        let whole = |k: usize| {
            let dom = format!("html.body{}.p", ".div".repeat(depth));
            let xpath = format!("/html[1]/body[1]{}/p[{k}]", "/div[1]".repeat(depth));
            (dom, xpath)
        };
        let kept = blocks
            .iter()
            .take_while(|b| !is_shortened(&b.dom_path))
            .count();
        let (dom, xpath) = whole(1);
        assert!(kept > 0 && kept < n, "{kept} of {n} paragraphs whole");
        assert!(kept * (dom.len() + xpath.len()) <= PATH_BUDGET);
        assert!((kept + 1) * (dom.len() + xpath.len() + 8) > PATH_BUDGET);
        for (k, b) in blocks.iter().enumerate() {
            let (dom, xpath) = whole(k + 1);
            if k < kept {
                assert_eq!((&b.dom_path, &b.xpath), (&dom, &xpath));
            } else {
                // The end of the whole path, rendered from the deepest elements only.
                assert_eq!(
                    (&b.dom_path, &b.xpath),
                    (&path_tail(&dom), &path_tail(&xpath))
                );
            }
        }
    }

    #[test]
    fn ordinals_in_decimal() {
        let mut buf = [0u8; 10];
        assert_eq!(decimal(0, &mut buf), "0");
        assert_eq!(decimal(10, &mut buf), "10");
        assert_eq!(decimal(u32::MAX, &mut buf), "4294967295");
    }

    #[test]
    fn paragraph_tag_test_matches_the_list() {
        for tag in PARAGRAPH_TAGS {
            assert!(is_paragraph_tag(tag), "{tag}");
        }
        for tag in [
            "html", "head", "span", "a", "br", "ol", "tbody", "section", "h7", "img",
        ] {
            assert!(!is_paragraph_tag(tag), "{tag}");
        }
    }

    #[test]
    fn br_worked_example() {
        // a<br><div></div><br>b  → "a" (html.body) and "b" (html.body.br)
        let blocks = segment_events(&[
            ("start", "html"),
            ("start", "body"),
            ("text", "a"),
            ("start", "br"),
            ("end", "br"),
            ("start", "div"),
            ("end", "div"),
            ("start", "br"),
            ("end", "br"),
            ("text", "b"),
            ("end", "body"),
            ("end", "html"),
        ]);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].text, "a");
        assert_eq!(blocks[0].text_nodes, ["a", " "]);
        assert_eq!(blocks[0].dom_path, "html.body");
        assert_eq!(blocks[1].text, "b");
        assert_eq!(blocks[1].dom_path, "html.body.br");
        assert_eq!(blocks[1].xpath, "/html[1]/body[1]/br[2]");
    }

    #[test]
    fn image_blocks_make_image_paragraphs() {
        let doc = pith_dom::parse_html("<p>before<img alt='A fox' src='fox.png'>after</p>");
        let stage = Paragraphs {
            image_blocks: true,
            ..Paragraphs::default()
        };
        let blocks = stage.segment(&doc).unwrap();
        let texts: Vec<(&str, bool)> = blocks
            .iter()
            .map(|b| (b.text.as_str(), b.is_image))
            .collect();
        assert_eq!(
            texts,
            [("before", false), ("A fox", true), ("after", false)]
        );
        assert_eq!(blocks[1].image_src.as_deref(), Some("fox.png"));
        assert_eq!(blocks[1].dom_path, "html.body.p.img");
        let plain = Paragraphs::default().segment(&doc).unwrap();
        assert_eq!(plain.len(), 1);
    }

    #[test]
    fn link_chars_counted_unstripped() {
        let blocks = segment_events(&[
            ("start", "p"),
            ("text", "foobarbaz "),
            ("start", "a"),
            ("text", " link "),
            ("end", "a"),
            ("end", "p"),
        ]);
        assert_eq!(blocks[0].text, "foobarbaz link");
        assert_eq!(blocks[0].chars_count_in_links, 6);
    }
}
