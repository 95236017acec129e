//! Cutting unread attributes out of start tags before html5ever tokenizes them.
//!
//! Why: html5ever reads attribute names and values one character at a time, pushing
//! each into a growing string; on the scrapinghub sample that is more than half of its
//! tokenizer's time, and the built-in jusText pipelines read no attribute at all on
//! most elements. When a pipeline says which elements' attributes it reads, the parse
//! driver cuts the attributes of every other start tag out of the input just before
//! the tokenizer gets to it: `<div class="nav" id=top>` is read as `<div>` (decision
//! 0007). A pipeline may also name the attributes it reads on every element (`class`,
//! `id`, ...; Readability's stages and the learned features read a dozen): then
//! `<div class="nav" data-src="…" id=top>` is read as `<div class="nav" id=top>`, and
//! the attributes it reads only for a leading `#` (`href`, for Readability's hash links)
//! where their value may start with one: `<area href="/x">` is read as `<area>` (an
//! `<a>` keeps every attribute, below). The
//! kept attributes are written as they were (a run of neighbours with the text between
//! them), each run after one space, and a space keeps an unquoted value from running
//! into a self-closing `/>`. The attributes the `pith` preset does not read are more
//! than a tenth of the scrapinghub pages' 31.5 MB.
//!
//! The cut must change nothing but the attributes. Three things make that hold:
//!
//! - It happens only where the tokenizer is known to be in the data state: right after
//!   it emitted a tag (the token guard pauses it there), and only for the first `<` of
//!   the text that follows, so everything up to that `<` is read as data.
//! - Where the tag ends, and whether it is self-closing, is found by the WHATWG
//!   tokenizer's own tag states ([`scan_tag`]): a `>` inside a quoted value does
//!   not end the tag, `<a href=x/>` is not self-closing. Character references, NULs and
//!   CR/LF normalisation change characters inside names and values, never where the
//!   tag ends. The tag name is kept byte for byte.
//! - Elements whose attributes the tree builder itself reads keep them
//!   ([`SHAPES_THE_TREE`]): `<input type=hidden>` in tables, `<font color>` in SVG,
//!   `<annotation-xml encoding>`, `<template shadowrootmode>`, and the formatting
//!   elements, which the "Noah's Ark" clause compares attribute by attribute — `a`
//!   too: a new `<a>` removes the `a` after the last marker only when the adoption
//!   agency leaves it in place, and where it put a copy instead (an `<a>` around eight
//!   block elements) the list can hold three (found by the `extract_bytes` fuzz target).
//!
//! `tests/omit_parse.rs` checks trees against html5ever's own on generated pages.
//!
//! The same scanner and the same choice of kept attributes serve the direct reading of
//! plain tags ([`crate::direct`], decision 0019), which hands such tags to the tree
//! builder without the tokenizer; this cut is for the tags it leaves to the tokenizer.

use std::cell::{Cell, RefCell};
use std::ops::Range;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::BufferQueue;

/// Elements whose attributes the HTML tree builder reads, so cutting them could change
/// the tree's shape: they always keep their attributes.
pub const SHAPES_THE_TREE: &[&str] = &[
    "a",
    "input",
    "font",
    "annotation-xml",
    "template",
    "b",
    "big",
    "code",
    "em",
    "i",
    "nobr",
    "s",
    "small",
    "strike",
    "strong",
    "tt",
    "u",
];

/// Where a start tag's parts are, as byte offsets into the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StartTag {
    /// End of the tag name (it starts right after the `<`).
    pub(crate) name_end: usize,
    /// Start of what closes the tag: its `>`, or the `/` of a self-closing `/>`.
    pub(crate) close: usize,
}

impl StartTag {
    /// Whether there is anything (attributes, spaces) between the name and the close.
    pub(crate) fn has_attributes(&self) -> bool {
        self.close > self.name_end
    }
}

/// The tag states that decide where a start tag ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    BeforeAttributeName,
    AttributeName,
    AfterAttributeName,
    BeforeAttributeValue,
    Unquoted,
    AfterQuotedValue,
    SelfClosing,
}

/// Byte classes of the tag states: tab, LF, FF, space and CR (which the tokenizer
/// reads as LF); `/`; `>`; `=`. Every other byte continues a name or a value.
const SPACE: u8 = 1;
const SLASH: u8 = 2;
const GT: u8 = 4;
const EQ: u8 = 8;

static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    class[b'\t' as usize] = SPACE;
    class[b'\n' as usize] = SPACE;
    class[0x0c] = SPACE;
    class[b'\r' as usize] = SPACE;
    class[b' ' as usize] = SPACE;
    class[b'/' as usize] = SLASH;
    class[b'>' as usize] = GT;
    class[b'=' as usize] = EQ;
    class
};

fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

fn is_space(b: u8) -> bool {
    class(b) == SPACE
}

/// The first index from `i` whose byte has one of the `stop` classes (`b.len()` if none).
fn run_until(b: &[u8], mut i: usize, stop: u8) -> usize {
    while i < b.len() && class(b[i]) & stop == 0 {
        i += 1;
    }
    i
}

/// [`scan_tag`], telling `on_attribute` where each attribute begins (the offset
/// of its name's first byte), in order; those seen before the text ends are told even
/// when the tag is unfinished.
pub(crate) fn scan_start_tag_with(
    b: &[u8],
    lt: usize,
    mut on_attribute: impl FnMut(usize),
) -> Option<StartTag> {
    scan_tag(b, lt, |mark| {
        if let Mark::Start(at) = mark {
            on_attribute(at);
        }
    })
}

/// Where an attribute is, as byte offsets into the text: from its name's first byte to
/// just past its value (or its name, when it has no value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttributeSpan {
    pub(crate) start: usize,
    pub(crate) name_end: usize,
    pub(crate) end: usize,
}

impl AttributeSpan {
    /// Where the attribute's value is in `b`, the text the span was read from: between
    /// its quotes, or the unquoted run; empty, at the span's end, for an attribute
    /// without one (or with an empty unquoted value at the tag's end: `a=>`).
    pub(crate) fn value(&self, b: &[u8]) -> Range<usize> {
        let skip_spaces = |mut i: usize| {
            while i < self.end && is_space(b[i]) {
                i += 1;
            }
            i
        };
        let i = skip_spaces(self.name_end);
        if i >= self.end || b[i] != b'=' {
            return self.end..self.end;
        }
        let i = skip_spaces(i + 1);
        match b.get(i) {
            Some(b'"' | b'\'') if i < self.end => i + 1..self.end - 1,
            _ => i..self.end,
        }
    }
}

/// Follows the tag scanner's marks into `spans`, one per attribute, in order.
pub(crate) fn record_span(spans: &mut Vec<AttributeSpan>, mark: Mark) {
    match mark {
        Mark::Start(at) => spans.push(AttributeSpan {
            start: at,
            name_end: at,
            end: at,
        }),
        Mark::NameEnd(at) => {
            if let Some(span) = spans.last_mut() {
                span.name_end = at;
                span.end = at;
            }
        }
        Mark::End(at) => {
            if let Some(span) = spans.last_mut() {
                span.end = at;
            }
        }
    }
}

/// What the tag scanner tells about the attribute it is reading.
#[derive(Clone, Copy)]
pub(crate) enum Mark {
    /// A new attribute's name begins here.
    Start(usize),
    /// The current attribute's name ends here (it may still get a value).
    NameEnd(usize),
    /// The current attribute reaches this far (the end of its value, or of the `=` and
    /// spaces of a value the tag's end leaves empty).
    End(usize),
}

/// Reads the start tag whose `<` is at `lt`, as the tokenizer does in the data state,
/// marking each attribute's parts for `mark`. `None` when the `<` does not begin a start
/// tag (no ASCII letter after it) or the text ends inside the tag (the tokenizer then
/// drops the tag).
pub(crate) fn scan_tag(b: &[u8], lt: usize, mut mark: impl FnMut(Mark)) -> Option<StartTag> {
    if !b.get(lt + 1)?.is_ascii_alphabetic() {
        return None;
    }
    let name_end = run_until(b, lt + 1, SPACE | SLASH | GT);
    let mut i = name_end;
    let mut state = State::BeforeAttributeName;
    loop {
        // Names and unquoted values go on until a byte of another class.
        i = match state {
            State::AttributeName => {
                let end = run_until(b, i, SPACE | SLASH | GT | EQ);
                mark(Mark::NameEnd(end));
                end
            }
            State::Unquoted => {
                let end = run_until(b, i, SPACE | GT);
                mark(Mark::End(end));
                end
            }
            _ => i,
        };
        let c = *b.get(i)?;
        let next = match state {
            State::BeforeAttributeName | State::AfterAttributeName if is_space(c) => state,
            State::BeforeAttributeName | State::AfterAttributeName if c == b'/' => {
                State::SelfClosing
            }
            State::BeforeAttributeName | State::AfterAttributeName if c == b'>' => {
                return Some(StartTag { name_end, close: i });
            }
            State::AfterAttributeName if c == b'=' => State::BeforeAttributeValue,
            // A new attribute's first character, `=` included.
            State::BeforeAttributeName | State::AfterAttributeName => State::AttributeName,
            State::AttributeName => match c {
                b'/' => State::SelfClosing,
                b'=' => State::BeforeAttributeValue,
                b'>' => return Some(StartTag { name_end, close: i }),
                _ => State::AfterAttributeName,
            },
            State::BeforeAttributeValue => match c {
                b'"' | b'\'' => {
                    let end = memchr::memchr(c, &b[i + 1..])?;
                    i += 1 + end;
                    mark(Mark::End(i + 1));
                    State::AfterQuotedValue
                }
                b'>' => {
                    mark(Mark::End(i));
                    return Some(StartTag { name_end, close: i });
                }
                c if is_space(c) => State::BeforeAttributeValue,
                _ => State::Unquoted,
            },
            State::Unquoted => match c {
                b'>' => return Some(StartTag { name_end, close: i }),
                _ => State::BeforeAttributeName,
            },
            State::AfterQuotedValue => match c {
                b'/' => State::SelfClosing,
                b'>' => return Some(StartTag { name_end, close: i }),
                c if is_space(c) => State::BeforeAttributeName,
                // Missing space: the tokenizer reads this as the next attribute's start.
                _ => State::AttributeName,
            },
            State::SelfClosing => match c {
                b'>' => {
                    return Some(StartTag {
                        name_end,
                        close: i - 1,
                    })
                }
                c if is_space(c) => State::BeforeAttributeName,
                b'/' => State::SelfClosing,
                _ => State::AttributeName,
            },
        };
        // Each entry into the name state begins an attribute (`run_until` reads the rest).
        if next == State::AttributeName {
            mark(Mark::Start(i));
        }
        state = next;
        i += 1;
    }
}

/// Which attributes a parse that cuts the others keeps: every attribute of some
/// elements, some attributes of every element, and everything from some element on.
#[derive(Debug)]
pub(crate) struct AttributeCut {
    /// Elements that keep every attribute: the pipeline's, and [`SHAPES_THE_TREE`].
    keep_on: NameSet,
    /// Attribute names kept on every element.
    named: NameSet,
    /// Those kept on a `<script>`: `named` and `type`, which the skip of script content
    /// reads (JSON-LD's text stays).
    script_named: NameSet,
    /// Attribute names kept on every element only where the value may start with `#`
    /// ([`AttributeCut::keeping_fragments`]).
    fragments: NameSet,
    /// Elements from whose first start tag on nothing is cut.
    all_from: NameSet,
    /// Whether such a start tag has been read.
    keeping_all: Cell<bool>,
    /// The attributes of the tag being cut (kept to reuse its memory).
    spans: RefCell<Vec<AttributeSpan>>,
    /// Whether each of them is kept.
    kept: RefCell<Vec<bool>>,
}

/// A set of lower-case names, compared with names as written in the page: the tokenizer
/// lower-cases ASCII letters only, so the comparison does too.
#[derive(Debug)]
struct NameSet {
    names: Vec<Vec<u8>>,
    /// For each lower-case first byte, bit `n` set when a name of length `n` (or of 31
    /// and more, for bit 31) starts with it: most names are rejected with one look.
    lengths_by_first: [u32; 256],
}

impl NameSet {
    fn new<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> NameSet {
        let mut set = NameSet {
            names: Vec::new(),
            lengths_by_first: [0; 256],
        };
        for name in names {
            let name = name.as_ref().as_bytes().to_ascii_lowercase();
            if let Some(&first) = name.first() {
                set.lengths_by_first[usize::from(first)] |= length_bit(name.len());
            }
            set.names.push(name);
        }
        set
    }

    fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    #[inline]
    fn contains(&self, name: &[u8]) -> bool {
        let Some(&first) = name.first() else {
            return false;
        };
        let lengths = self.lengths_by_first[usize::from(first.to_ascii_lowercase())];
        lengths & length_bit(name.len()) != 0
            && self.names.iter().any(|k| k.eq_ignore_ascii_case(name))
    }
}

/// An empty list of names.
const NO_NAMES: &[&str] = &[];

/// The attributes a `<script>` keeps whatever the pipeline reads: its `type` says
/// whether its content is skipped (JSON-LD's is not).
const SCRIPT_NAMES: &[&str] = &["type"];

/// The bit of a name length in [`NameSet::lengths_by_first`].
fn length_bit(len: usize) -> u32 {
    1 << len.min(31)
}

/// The namespace prefixes of attribute names that the tree builder takes off in SVG and
/// MathML (`xlink:href` becomes `href` in the XLink namespace).
const FOREIGN_PREFIXES: &[&[u8]] = &[b"xlink:", b"xml:", b"xmlns:"];

impl AttributeCut {
    /// Keeps the attributes of `keep_on` (lower-case element names) and of
    /// [`SHAPES_THE_TREE`]. Names are matched as tags are written in the page, so `img`
    /// also keeps `<image>`'s, which the tree builder turns into `img`.
    pub(crate) fn new<S: AsRef<str>>(keep_on: &[S]) -> AttributeCut {
        let mut names: Vec<&str> = SHAPES_THE_TREE.to_vec();
        for name in keep_on.iter().map(AsRef::as_ref) {
            names.push(name);
            if name == "img" {
                names.push("image");
            }
        }
        AttributeCut {
            keep_on: NameSet::new(names),
            named: NameSet::new(NO_NAMES),
            script_named: NameSet::new(SCRIPT_NAMES),
            fragments: NameSet::new(NO_NAMES),
            all_from: NameSet::new(NO_NAMES),
            keeping_all: Cell::new(false),
            spans: RefCell::new(Vec::new()),
            kept: RefCell::new(Vec::new()),
        }
    }

    /// Also keeps the attributes called `names` (lower-case local names) on every
    /// element, under their namespaced names too (`xlink:href` for `href`: the tree
    /// builder gives SVG's and MathML's the local name after the colon).
    pub(crate) fn keeping_named<S: AsRef<str>>(mut self, names: &[S]) -> AttributeCut {
        self.named = NameSet::new(names);
        let on_script = names
            .iter()
            .map(AsRef::as_ref)
            .chain(SCRIPT_NAMES.iter().copied());
        self.script_named = NameSet::new(on_script);
        self
    }

    /// Also keeps the attributes called `names` (lower-case local names, and their
    /// namespaced forms) on every element where the value may be a same-document
    /// reference: written starting with `#` or `&` (a character reference may spell a
    /// `#`), or where the tag has more than one attribute of these names (the tree
    /// builder keeps the first of a name, so cutting one could promote another: all are
    /// kept then). The others are cut.
    pub(crate) fn keeping_fragments<S: AsRef<str>>(mut self, names: &[S]) -> AttributeCut {
        self.fragments = NameSet::new(names);
        self
    }

    /// Keeps every attribute from the first start tag of one of `elements` (lower-case
    /// names) on.
    pub(crate) fn keeping_all_from<S: AsRef<str>>(mut self, elements: &[S]) -> AttributeCut {
        self.all_from = NameSet::new(elements);
        self
    }

    /// Whether an attribute name, as written in the page, is one of the kept names:
    /// itself, or the part after a namespace prefix the tree builder takes off.
    fn keeps_attribute(names: &NameSet, name: &[u8]) -> bool {
        names.contains(name)
            || (memchr::memchr(b':', name).is_some()
                && FOREIGN_PREFIXES.iter().any(|prefix| {
                    name.len() > prefix.len()
                        && name[..prefix.len()].eq_ignore_ascii_case(prefix)
                        && names.contains(&name[prefix.len()..])
                }))
    }

    /// Marks as kept the attributes of [`AttributeCut::fragments`] names whose value
    /// may start with `#`, or all of them when the tag has several.
    fn keep_fragments(&self, b: &[u8], spans: &[AttributeSpan], kept: &mut [bool]) {
        let is_fragment_name = |span: &AttributeSpan| {
            Self::keeps_attribute(&self.fragments, &b[span.start..span.name_end])
        };
        let mut of_fragment_names = spans
            .iter()
            .enumerate()
            .filter(|(_, s)| is_fragment_name(s));
        let Some((first, span)) = of_fragment_names.next() else {
            return;
        };
        if of_fragment_names.next().is_some() {
            for (i, span) in spans.iter().enumerate() {
                kept[i] |= is_fragment_name(span);
            }
            return;
        }
        kept[first] |= matches!(b[span.value(b)].first(), Some(b'#' | b'&'));
    }

    /// Whether the start tag named `name` (as written), about to be read, keeps all its
    /// attributes: it has none, it is one of the elements that keep theirs, or it or a
    /// tag before it is one from which everything is kept (which this records).
    pub(crate) fn keeps_all_of(&self, name: &[u8], tag: StartTag) -> bool {
        if !self.all_from.is_empty() && self.all_from.contains(name) {
            self.keeping_all.set(true);
        }
        !tag.has_attributes() || self.keeping_all.get() || self.keep_on.contains(name)
    }

    /// Whether a start tag named `name` that does not keep all its attributes may keep
    /// some ([`AttributeCut::mark_kept`] says which); without, it keeps none.
    pub(crate) fn keeps_some_of(&self, name: &[u8]) -> bool {
        !self.names_on(name).is_empty() || !self.fragments.is_empty()
    }

    /// The attribute names kept on every element, for a start tag named `name`.
    fn names_on(&self, name: &[u8]) -> &NameSet {
        match name.eq_ignore_ascii_case(b"script") {
            true => &self.script_named,
            false => &self.named,
        }
    }

    /// Marks in `kept`, one flag a span, which of the attributes (`spans`, of the start
    /// tag named `name` in `b`) stay, for a tag that keeps some but not all of them.
    pub(crate) fn mark_kept(
        &self,
        b: &[u8],
        name: &[u8],
        spans: &[AttributeSpan],
        kept: &mut Vec<bool>,
    ) {
        let names = self.names_on(name);
        kept.clear();
        kept.extend(
            spans
                .iter()
                .map(|span| Self::keeps_attribute(names, &b[span.start..span.name_end])),
        );
        if !self.fragments.is_empty() {
            self.keep_fragments(b, spans, kept);
        }
    }

    /// Cuts the attributes of the next start tag in `input`, which the tokenizer is about
    /// to read in the data state ([`next_start_tag`] says which tag that is), but those
    /// it keeps. `in_foreign_content` answers the tokenizer's own question at
    /// `<![CDATA[`. The parts pushed back are slices of the first buffer, which holds the
    /// whole tag.
    pub(crate) fn cut_next(&self, input: &BufferQueue, in_foreign_content: impl Fn() -> bool) {
        if self.keeping_all.get() {
            return;
        }
        let Some(front) = input.pop_front() else {
            return;
        };
        let b = front.as_bytes();
        // The attributes' places are needed only to keep some of them (and on the rare
        // `<script>`, whose `type` stays, found by a second scan).
        let by_name = !self.named.is_empty() || !self.fragments.is_empty();
        let mut spans = self.spans.borrow_mut();
        spans.clear();
        let found = match by_name {
            true => next_start_tag(b, in_foreign_content, |b, lt| {
                scan_tag(b, lt, |mark| record_span(&mut spans, mark))
            }),
            false => next_start_tag(b, in_foreign_content, |b, lt| scan_tag(b, lt, |_| {})),
        };
        let Some((lt, tag)) = found else {
            input.push_front(front);
            return;
        };
        let name = &b[lt + 1..tag.name_end];
        if self.keeps_all_of(name, tag) {
            input.push_front(front);
            return;
        }
        let part = |from: usize, to: usize| front.subtendril(from as u32, (to - from) as u32);
        if !self.keeps_some_of(name) {
            input.push_front(part(tag.close, b.len()));
            input.push_front(part(0, tag.name_end));
            return;
        }
        if !by_name {
            scan_tag(b, lt, |mark| record_span(&mut spans, mark));
        }
        let mut kept = self.kept.borrow_mut();
        self.mark_kept(b, name, &spans, &mut kept);
        if kept.iter().all(|&k| k) {
            input.push_front(front);
            return;
        }
        // Pushed to the front in reverse: the tag's close, the kept attributes, its name.
        input.push_front(part(tag.close, b.len()));
        // An unquoted value must not run into a self-closing `/>`.
        if b[tag.close] == b'/' && kept.contains(&true) {
            input.push_front(StrTendril::from_slice(" "));
        }
        // Runs of attributes kept side by side are written as they are, each run after
        // one space.
        let mut run_end: Option<usize> = None;
        for (i, span) in spans.iter().enumerate().rev() {
            if !kept[i] {
                continue;
            }
            let end = *run_end.get_or_insert(span.end);
            let run_goes_on = i > 0 && kept[i - 1];
            if !run_goes_on {
                input.push_front(part(span.start, end));
                input.push_front(StrTendril::from_slice(" "));
                run_end = None;
            }
        }
        input.push_front(part(0, tag.name_end));
    }
}

/// The next start tag the tokenizer reads from `b` in the data state, if it comes
/// before any other tag: its `<` and its parts. Comments, doctypes, bogus comments,
/// CDATA sections, `</>` and a `<` that begins no tag are passed over as the tokenizer
/// does (they emit no tag, so the tokenizer is in the data state after them). `None`
/// when an end tag comes first (the tokenizer stops after it anyway), or when `b` ends
/// before the answer does.
fn next_start_tag(
    b: &[u8],
    in_foreign_content: impl Fn() -> bool,
    scan: impl FnOnce(&[u8], usize) -> Option<StartTag>,
) -> Option<(usize, StartTag)> {
    let mut at = 0;
    loop {
        let lt = at + memchr::memchr(b'<', &b[at..])?;
        let next = *b.get(lt + 1)?;
        at = match next {
            c if c.is_ascii_alphabetic() => return Some((lt, scan(b, lt)?)),
            b'!' => markup_declaration_end(b, lt + 2, &in_foreign_content)?,
            b'/' => match *b.get(lt + 2)? {
                c if c.is_ascii_alphabetic() => return None,
                // `</>` is dropped.
                b'>' => lt + 3,
                // A bogus comment, up to the next `>`.
                _ => gt_after(b, lt + 2)?,
            },
            b'?' => gt_after(b, lt + 1)?,
            // A `<` that begins nothing is text.
            _ => lt + 1,
        };
    }
}

/// Just past the first `>` at or after `from`.
fn gt_after(b: &[u8], from: usize) -> Option<usize> {
    memchr::memchr(b'>', &b[from..]).map(|i| from + i + 1)
}

/// Where a markup declaration (`<!` read, `from` just after it) ends: a comment, a
/// doctype (its first `>` ends it, even inside a quoted identifier), a CDATA section in
/// foreign content, or a bogus comment.
fn markup_declaration_end(
    b: &[u8],
    from: usize,
    in_foreign_content: &impl Fn() -> bool,
) -> Option<usize> {
    let rest = &b[from..];
    // The tokenizer waits for enough input to tell these apart.
    if rest.len() < "[CDATA[".len() {
        return None;
    }
    if rest.starts_with(b"--") {
        comment_end(b, from + 2)
    } else if rest[..7].eq_ignore_ascii_case(b"doctype") {
        gt_after(b, from + 7)
    } else if rest.starts_with(b"[CDATA[") && in_foreign_content() {
        memchr::memmem::find(&rest[7..], b"]]>").map(|i| from + 7 + i + 3)
    } else {
        gt_after(b, from)
    }
}

/// The comment states, reduced to where the comment ends (`from` is just after `<!--`):
/// `<!-->` and `<!--->` end at once, otherwise the first `-->` or `--!>`. A `<!--`
/// inside the comment only changes its parse errors, never its end.
pub(crate) fn comment_end(b: &[u8], from: usize) -> Option<usize> {
    #[derive(Clone, Copy)]
    enum C {
        Start,
        StartDash,
        Text,
        EndDash,
        End,
        EndBang,
    }
    let mut state = C::Start;
    let mut i = from;
    loop {
        if let C::Text = state {
            i += memchr::memchr(b'-', &b[i..])?;
        }
        let c = *b.get(i)?;
        i += 1;
        state = match (state, c) {
            (C::Start | C::StartDash | C::End | C::EndBang, b'>') => return Some(i),
            (C::Start, b'-') => C::StartDash,
            (C::StartDash | C::EndDash | C::End, b'-') => C::End,
            (C::Text | C::EndBang, b'-') => C::EndDash,
            (C::End, b'!') => C::EndBang,
            _ => C::Text,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use html5ever::tendril::StrTendril;

    fn cut(html: &str) -> String {
        cut_in(html, false)
    }

    fn cut_in(html: &str, foreign: bool) -> String {
        let input = BufferQueue::default();
        input.push_back(StrTendril::from(html));
        AttributeCut::new::<&str>(&[]).cut_next(&input, || foreign);
        let mut out = String::new();
        while let Some(buf) = input.pop_front() {
            out.push_str(&buf);
        }
        out
    }

    #[test]
    fn attributes_go_and_the_rest_stays() {
        assert_eq!(
            cut("text <div class=\"a b\" id=x>more<p>"),
            "text <div>more<p>"
        );
        assert_eq!(cut("<DIV Class=a>"), "<DIV>");
        assert_eq!(cut("<p>"), "<p>");
    }

    #[test]
    fn quoted_gt_does_not_end_the_tag() {
        assert_eq!(cut("<span title='1 > 0' data-x=\"x>y\">t"), "<span>t");
    }

    #[test]
    fn self_closing_is_kept_only_when_the_tokenizer_sees_it() {
        assert_eq!(cut("<div class=a/>"), "<div>");
        assert_eq!(cut("<div class='a'/>"), "<div/>");
        assert_eq!(cut("<div class / >"), "<div>");
        assert_eq!(cut("<div a=/>"), "<div>");
        assert_eq!(cut("<div a //>"), "<div/>");
    }

    #[test]
    fn tags_that_shape_the_tree_keep_their_attributes() {
        assert_eq!(cut("<input type=hidden>"), "<input type=hidden>");
        assert_eq!(cut("<B class=x>"), "<B class=x>");
        assert_eq!(cut("<a class=x>"), "<a class=x>");
        assert_eq!(cut("<span class=x>"), "<span>");
    }

    #[test]
    fn unfinished_tags_are_left_alone() {
        assert_eq!(cut("<div class='a>"), "<div class='a>");
        assert_eq!(cut("<div x"), "<div x");
        assert_eq!(cut("<!-- <div x>"), "<!-- <div x>");
    }

    #[test]
    fn comments_doctypes_and_stray_brackets_are_passed_over() {
        assert_eq!(cut("a < b <!-- c --> <div x>"), "a < b <!-- c --> <div>");
        assert_eq!(cut("<!-- <p a> --!><div x>"), "<!-- <p a> --!><div>");
        assert_eq!(cut("<!--><div x>"), "<!--><div>");
        assert_eq!(cut("<!---><div x>"), "<!---><div>");
        assert_eq!(
            cut("<!-- a --- b -- c ---><div x>"),
            "<!-- a --- b -- c ---><div>"
        );
        assert_eq!(
            cut("<!DOCTYPE html PUBLIC \"a>\"><div x>"),
            "<!DOCTYPE html PUBLIC \"a>\"><div>"
        );
        assert_eq!(cut("<?php x ?></><div x>"), "<?php x ?></><div>");
    }

    #[test]
    fn cdata_is_a_section_only_in_foreign_content() {
        let html = "<![CDATA[ > <div x> ]]><p y>";
        // In HTML content, a bogus comment up to the first `>`.
        assert_eq!(cut_in(html, false), "<![CDATA[ > <div> ]]><p y>");
        assert_eq!(cut_in(html, true), "<![CDATA[ > <div x> ]]><p>");
        let html = "<![CDATA[ x ]] ><div x>";
        assert_eq!(cut_in(html, true), html);
    }

    #[test]
    fn an_end_tag_first_stops_the_search() {
        assert_eq!(cut("</p><div x>"), "</p><div x>");
    }
}
