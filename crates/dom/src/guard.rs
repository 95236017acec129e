//! A token filter between html5ever's tokenizer and its tree builder that bounds the
//! depth of the tree.
//!
//! Why: html5ever's tree builder scans its stack of open elements for most start tags,
//! so a page of n nested elements costs O(n²) (31 s for 100,000 nested `<div>`s), and
//! every later tree walk gets deeper. Browsers cap their parser's depth (Blink at 512).
//! Past `max_depth` open elements, start tags are not forwarded (and their matching end
//! tags are swallowed), so the tree stops growing deeper while every character of text
//! still arrives, in document order, inside the deepest element. The end tag of a
//! raw-text element the tree builder is reading (`<textarea>`, `<title>`, `<style>`,
//! `<script>` …) always passes, even when an end tag of its name is owed to a start
//! tag cut earlier: html5ever's tree builder panics when its text mode is never ended.
//!
//! The filter estimates depth from tokens alone: elements whose end tag is optional
//! (`p`, `li`, `td`, ...) and void elements do not count, and a heading opened while a
//! heading is the last counted element replaces it (the tree builder closes an open
//! `h1`–`h6` at the next one), so the estimate never exceeds the tree's real depth on
//! ordinary pages (where no limit is ever hit).
//!
//! A start tag the filter refuses is still read for what it is when it opens raw text
//! (`<script>`, `<style>`, `<title>`, `<textarea>` …): the filter itself switches the
//! tokenizer to the raw-text state the tree builder would have chosen, and drops the
//! content of a script or style (it is code, not text) or keeps that of a title or
//! textarea as text; the end tag goes with the start tag. Without this, a page past a
//! limit had its scripts read as markup and their code kept as text.
//!
//! Sitting where it sees the tree builder's answer to every start tag, the filter also
//! pauses the tokenizer when a raw-text element whose content is dropped begins, so
//! the parse driver can cut that content (decision 0006, `crate::rawtext`), and, when
//! attributes are cut, after every tag, where the tokenizer is known to be in the data
//! state (decision 0007, `crate::attrskip`).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{Tag, TagKind, Token, TokenSink, TokenSinkResult};
use html5ever::{local_name, LocalName};
use serde::{Deserialize, Serialize};

use crate::rawtext::RawTextKind;

fn default_max_depth() -> usize {
    512
}
fn default_max_attributes() -> usize {
    1000
}
fn default_max_nodes() -> usize {
    1_000_000
}

/// Limits applied while parsing. A limit of 0 switches that guard off (the raw parser).
/// `docs/limits.md` gives each default and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ParseLimits {
    /// Most nested elements the tree may get (default 512, as Blink; 0 = no limit).
    #[serde(default = "default_max_depth")]
    pub max_depth: usize,
    /// Most attributes kept per element, the first ones (default 1000; 0 = no limit).
    #[serde(default = "default_max_attributes")]
    pub max_attributes: usize,
    /// Most elements (start tags) per document; past it the rest of the page is kept
    /// as text of the element then open (default 1,000,000; 0 = no limit).
    #[serde(default = "default_max_nodes")]
    pub max_nodes: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits {
            max_depth: default_max_depth(),
            max_attributes: default_max_attributes(),
            max_nodes: default_max_nodes(),
        }
    }
}

/// What the limits did to one page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseReport {
    /// Start tags not nested because the depth limit was reached.
    pub depth_limited_tags: usize,
    /// Attributes dropped because an element had more than `max_attributes`.
    pub attributes_dropped: usize,
    /// Tags (and comments) not turned into nodes because `max_nodes` was reached.
    pub node_limited_tags: usize,
}

impl ParseReport {
    /// One line per limit that was hit (empty when none was).
    pub fn notes(&self, limits: &ParseLimits) -> Vec<String> {
        let mut notes = Vec::new();
        if self.depth_limited_tags > 0 {
            notes.push(format!(
                "max_depth {}: {} start tags were not nested deeper (their text is kept)",
                limits.max_depth, self.depth_limited_tags
            ));
        }
        if self.attributes_dropped > 0 {
            notes.push(format!(
                "max_attributes {}: {} attributes were dropped",
                limits.max_attributes, self.attributes_dropped
            ));
        }
        if self.node_limited_tags > 0 {
            notes.push(format!(
                "max_nodes {}: {} later tags and comments were ignored (their text is kept)",
                limits.max_nodes, self.node_limited_tags
            ));
        }
        notes
    }
}

/// Elements that never take an end tag; elements whose end tag may be left out (closed
/// implicitly by the tree builder); and the document's frame. None of them counts toward
/// the estimated depth.
fn never_deepens(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "keygen"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
            | "image"
            | "html"
            | "head"
            | "body"
            | "p"
            | "li"
            | "dt"
            | "dd"
            | "option"
            | "optgroup"
            | "tr"
            | "td"
            | "th"
            | "tbody"
            | "thead"
            | "tfoot"
            | "colgroup"
            | "caption"
            | "rb"
            | "rt"
            | "rtc"
            | "rp"
    )
}

/// How the tokenizer reads the content of an element, as the tree builder would ask
/// for it at its start tag; `None` for elements whose content is markup.
pub(crate) fn raw_kind(name: &LocalName) -> Option<RawKind> {
    Some(match *name {
        local_name!("script") => RawKind::ScriptData,
        local_name!("style")
        | local_name!("xmp")
        | local_name!("iframe")
        | local_name!("noembed")
        | local_name!("noframes") => RawKind::Rawtext,
        local_name!("title") | local_name!("textarea") => RawKind::Rcdata,
        _ => return None,
    })
}

fn is_heading(name: &str) -> bool {
    matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// The raw text of a start tag the filter refused, being read.
struct RefusedRawText {
    name: LocalName,
    /// Whether its characters go on as text (RCDATA: a title, a textarea), or are
    /// dropped (a script, a style).
    keep_text: bool,
}

struct GuardState {
    open: Vec<LocalName>,
    /// The raw text of a refused start tag, while the tokenizer reads it.
    refused_raw: Option<RefusedRawText>,
    /// Start tags and comments forwarded so far (each makes one node).
    nodes: usize,
    swallowed_ends: HashMap<LocalName, usize>,
    /// The raw-text element the tree builder is reading (it answered the start tag
    /// with `RawData`): its end tag must reach it whatever end tags of its name are
    /// owed to cut start tags, or the tree builder stays in its text mode and meets
    /// the next start tag there (html5ever panics).
    raw_text_open: Option<LocalName>,
    report: ParseReport,
}

/// A raw-text element's content the driver skips in the input instead of the tokenizer
/// reading it.
pub(crate) struct RawTextSkip {
    /// The element's name (its end tag ends the content).
    pub(crate) name: LocalName,
    /// How its content is read.
    pub(crate) kind: RawTextKind,
    /// Whether the content is still the element's text (JSON-LD, which the metadata
    /// reader reads): the driver adds it to the element as the tokenizer would have.
    pub(crate) keep_text: bool,
}

/// Wraps a token sink (the tree builder) and enforces [`ParseLimits`].
///
/// It also stops the tokenizer after the start tag of an element whose content is to
/// be dropped (see [`Guard::take_raw_text`]).
pub(crate) struct Guard<S> {
    pub(crate) inner: S,
    max_depth: usize,
    max_nodes: usize,
    state: RefCell<GuardState>,
    /// Raw-text elements whose content the parser drops.
    drop_content_of: Vec<LocalName>,
    /// The element just started whose content is to be dropped, and how it is read.
    raw_text: RefCell<Option<RawTextSkip>>,
    /// Pause the tokenizer after every tag that leaves it in the data state.
    pause_after_tags: bool,
    /// The tokenizer is paused right after a tag, in the data state.
    at_tag_end: Cell<bool>,
}

impl<S> Guard<S> {
    pub(crate) fn new<N: AsRef<str>>(
        inner: S,
        limits: &ParseLimits,
        drop_content_of: &[N],
        pause_after_tags: bool,
    ) -> Guard<S> {
        Guard {
            inner,
            pause_after_tags,
            at_tag_end: Cell::new(false),
            drop_content_of: drop_content_of
                .iter()
                .map(|n| LocalName::from(n.as_ref()))
                .collect(),
            raw_text: RefCell::new(None),
            max_depth: match limits.max_depth {
                0 => usize::MAX,
                n => n,
            },
            max_nodes: match limits.max_nodes {
                0 => usize::MAX,
                n => n,
            },
            state: RefCell::new(GuardState {
                open: Vec::new(),
                nodes: 0,
                swallowed_ends: HashMap::new(),
                refused_raw: None,
                raw_text_open: None,
                report: ParseReport::default(),
            }),
        }
    }

    pub(crate) fn report(&self) -> ParseReport {
        self.state.borrow().report.clone()
    }

    /// The raw-text element whose content the driver must now skip, if the tokenizer
    /// stopped for one.
    pub(crate) fn take_raw_text(&self) -> Option<RawTextSkip> {
        self.raw_text.borrow_mut().take()
    }

    /// Whether the tokenizer stopped right after a tag, in the data state (and clears
    /// the flag): the driver may then cut the next start tag's attributes.
    pub(crate) fn take_tag_end(&self) -> bool {
        self.at_tag_end.replace(false)
    }

    /// With `pause_after_tags`, stops the tokenizer after a tag that leaves it in the
    /// data state. html5ever sets the data state before it hands a tag to its sink, and
    /// only `RawData` and `Plaintext` answers change it; `Script` and
    /// `EncodingIndicator` answers pause it anyway, and the driver ignores both (the
    /// text is decoded and scripting is off).
    fn pause_after_tag(&self, result: TokenSinkResult<S::Handle>) -> TokenSinkResult<S::Handle>
    where
        S: TokenSink,
    {
        match result {
            TokenSinkResult::Continue
            | TokenSinkResult::Script(_)
            | TokenSinkResult::EncodingIndicator(_)
                if self.pause_after_tags =>
            {
                self.at_tag_end.set(true);
                TokenSinkResult::EncodingIndicator(StrTendril::new())
            }
            result => result,
        }
    }

    /// Turns the tree builder's "read raw text now" into "stop the tokenizer" for an
    /// element whose content is dropped. html5ever's tokenizer has already switched to
    /// the data state before asking its sink about a start tag, and an
    /// `EncodingIndicator` result makes `feed` return without changing that state; the
    /// driver then cuts the content from the input, so the tokenizer reads the end tag
    /// next, in the data state, as the same end tag token.
    fn intercept_raw_text(
        &self,
        name: &LocalName,
        keep_text: bool,
        result: TokenSinkResult<S::Handle>,
    ) -> TokenSinkResult<S::Handle>
    where
        S: TokenSink,
    {
        let TokenSinkResult::RawData(kind) = result else {
            return result;
        };
        if !self.drop_content_of.contains(name) {
            return TokenSinkResult::RawData(kind);
        }
        let kind = match kind {
            RawKind::ScriptData => RawTextKind::Script,
            RawKind::Rcdata | RawKind::Rawtext => RawTextKind::Plain,
            // Not a state the tree builder asks for; read the content as usual.
            RawKind::ScriptDataEscaped(_) => return TokenSinkResult::RawData(kind),
        };
        *self.raw_text.borrow_mut() = Some(RawTextSkip {
            name: name.clone(),
            kind,
            keep_text,
        });
        TokenSinkResult::EncodingIndicator(StrTendril::new())
    }

    /// While the raw text of a refused start tag is read: its characters (kept as text,
    /// or dropped), and its end tag, which ends it and is dropped with the start tag.
    /// `None` when no such text is being read, or at the end of the input.
    fn read_refused_raw_text(&self, token: &Token) -> Option<TokenSinkResult<S::Handle>>
    where
        S: TokenSink,
    {
        let mut st = self.state.borrow_mut();
        let raw = st.refused_raw.as_ref()?;
        match token {
            Token::CharacterTokens(_) | Token::NullCharacterToken if raw.keep_text => None,
            Token::CharacterTokens(_) | Token::NullCharacterToken => {
                Some(TokenSinkResult::Continue)
            }
            Token::TagToken(tag) if tag.kind == TagKind::EndTag && tag.name == raw.name => {
                st.refused_raw = None;
                drop(st);
                Some(self.pause_after_tag(TokenSinkResult::Continue))
            }
            _ => {
                // The end of the input, or a token the tokenizer does not emit in raw
                // text: read on as usual.
                st.refused_raw = None;
                None
            }
        }
    }

    /// Whether a comment goes on to the tree builder (it makes a node).
    fn admit_comment(&self) -> bool {
        let mut st = self.state.borrow_mut();
        if st.nodes >= self.max_nodes {
            st.report.node_limited_tags += 1;
            return false;
        }
        st.nodes += 1;
        true
    }

    /// Whether the tag goes on to the tree builder.
    fn admit(&self, tag: &Tag) -> bool {
        let mut st = self.state.borrow_mut();
        if tag.kind == TagKind::EndTag && st.raw_text_open.as_ref() == Some(&tag.name) {
            // The end of the raw text being read (the tokenizer emits no other end tag
            // there): always on, so the tree builder leaves its text mode.
            st.raw_text_open = None;
            if let Some(pos) = st.open.iter().rposition(|n| *n == tag.name) {
                st.open.truncate(pos);
            }
            return true;
        }
        if st.nodes >= self.max_nodes {
            st.report.node_limited_tags += 1;
            return false;
        }
        let name: &str = &tag.name;
        match tag.kind {
            TagKind::StartTag => {
                st.nodes += 1;
                if never_deepens(name) || tag.self_closing {
                    return true;
                }
                if is_heading(name) && st.open.last().is_some_and(|n| is_heading(n)) {
                    // The tree builder closes the open heading at this one.
                    st.open.pop();
                }
                if st.open.len() >= self.max_depth {
                    if raw_kind(&tag.name).is_none() {
                        // (A refused raw-text element's end tag ends its raw text:
                        // `read_refused_raw_text` drops it.)
                        *st.swallowed_ends.entry(tag.name.clone()).or_insert(0) += 1;
                    }
                    st.report.depth_limited_tags += 1;
                    return false;
                }
                st.open.push(tag.name.clone());
                true
            }
            TagKind::EndTag => {
                // (Almost always empty: a lookup only on a page that hit the depth limit.)
                let swallowed = match st.swallowed_ends.is_empty() {
                    true => None,
                    false => st.swallowed_ends.get_mut(&tag.name),
                };
                if let Some(n) = swallowed {
                    if *n > 0 {
                        *n -= 1;
                        return false;
                    }
                }
                if let Some(pos) = st.open.iter().rposition(|n| *n == tag.name) {
                    st.open.truncate(pos);
                }
                true
            }
        }
    }
}

impl<S: TokenSink> TokenSink for Guard<S> {
    type Handle = S::Handle;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<S::Handle> {
        if let Some(result) = self.read_refused_raw_text(&token) {
            return result;
        }
        let admitted = match &token {
            Token::TagToken(tag) => self.admit(tag),
            Token::CommentToken(_) => self.admit_comment(),
            _ => true,
        };
        match token {
            Token::TagToken(tag) if !admitted => match raw_kind(&tag.name) {
                // Read its content as raw text, as the tree builder would have asked.
                Some(kind) if tag.kind == TagKind::StartTag && !tag.self_closing => {
                    self.state.borrow_mut().refused_raw = Some(RefusedRawText {
                        name: tag.name.clone(),
                        keep_text: kind == RawKind::Rcdata,
                    });
                    TokenSinkResult::RawData(kind)
                }
                _ => self.pause_after_tag(TokenSinkResult::Continue),
            },
            _ if !admitted => TokenSinkResult::Continue,
            Token::TagToken(tag) if tag.kind == TagKind::StartTag => {
                let name = tag.name.clone();
                // Structured data the metadata reader reads: its text stays.
                let json_ld = name == local_name!("script")
                    && tag
                        .attrs
                        .iter()
                        .find(|a| &*a.name.local == "type")
                        .is_some_and(|a| crate::json_ld::is_json_ld_type(&a.value));
                let result = self.inner.process_token(Token::TagToken(tag), line_number);
                if matches!(result, TokenSinkResult::RawData(_)) {
                    self.state.borrow_mut().raw_text_open = Some(name.clone());
                }
                let result = if self.drop_content_of.is_empty() {
                    result
                } else {
                    self.intercept_raw_text(&name, json_ld, result)
                };
                self.pause_after_tag(result)
            }
            token @ Token::TagToken(_) => {
                let result = self.inner.process_token(token, line_number);
                self.pause_after_tag(result)
            }
            token => self.inner.process_token(token, line_number),
        }
    }

    fn end(&self) {
        self.inner.end()
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.inner
            .adjusted_current_node_present_but_not_in_html_namespace()
    }
}
