//! A block's inline spans ([`crate::inline`]) written as Markdown: code as a code span,
//! strong as `**`, emphasis as `*`, strikethrough as `~~`, and only where a CommonMark
//! reader reads them so, because a marker it does not read stays in the text as a
//! stray `*` (`word**(x)**word` is not strong). With links asked for, a block's links
//! are `[text](destination)`.
//!
//! The spans are first made to nest (an element of one kind crossing one of another
//! is cut in two; code holds no other span and another kind counts inside code only
//! when it covers all of it), whitespace at a span's edges is moved outside its
//! markers, and spans left empty are dropped. Then each run of markers (those of one
//! character side by side: `***` closes an emphasis and a strong) must be
//! left-flanking and not right-flanking when it opens, the other way round when it
//! closes, by CommonMark's rules; a run that opens and closes at once never is. The
//! spans of a run that fails are written without markers, and the runs are checked
//! again, since their neighbours changed. A character CommonMark could read as either
//! punctuation or not (a symbol outside ASCII, by the spec's version) counts as both,
//! so the markers hold for any reader.
//!
//! A code span's text is written as it is (code spans read no escapes) between
//! backtick runs longer than any run in it, with a space inside them when it starts or
//! ends with a backtick. In a table cell or list item, where `|` is escaped, a code
//! span holding one is written as text. Outside the spans, the escaping of
//! [`escape_piece`] counts the markers among the runs: with a
//! `**` written, every literal `*` is escaped, so none pairs with a marker.
//!
//! A link is never cut: a span that crosses its edge is cut there instead (CommonMark
//! reads a link's text apart from what is around it, so no marker pairs across its
//! brackets), a span around the whole link stays around it, and a link's edge inside
//! code moves out of the code (a link inside code is code). In the link's text every
//! `[` and `]` is escaped (brackets must balance there); before the link, a `!` (which
//! would make it an image) and a `]` (a reference) are. The destination is written
//! bare when it can be (no space, `<`, `>` or control character, its parentheses
//! balanced), else between `<` and `>`; in both, `\`, `|` (a table's cell would end
//! there), `` ` `` (a backtick before the link could open a code span that ends in
//! the destination, so the text's backticks are escaped too then) and an `&` that
//! reads as an entity are escaped ([`destination`]).

use std::cmp::Reverse;

use super::{could_be_entity, escape_line_start, escape_piece, one_line, Paired, Piece};
use crate::inline::{InlineKind, InlineSpan, LinkSpan};

/// `text` (a block's, on one line) with its `spans` and `links` as Markdown, escaped as
/// [`escape`](super::escape) escapes text (with `pipes`, `|` too). A link's `href` is
/// its destination, as it is to be read.
pub(super) fn spanned(text: &str, spans: &[InlineSpan], links: &[LinkSpan], pipes: bool) -> String {
    let text = one_line(text);
    let (nested, linked) = nest(&text, spans, links, pipes);
    let keep = readable(&text, &nested, &linked);
    let tokens = tokens(text.len(), &nested, &keep, &linked);
    let paired = paired(&text, &nested, &tokens, &linked);
    let out = render(&text, &nested, &tokens, &paired, &linked, pipes);
    line_start_escaped(out, &tokens)
}

/// The lines of one paragraph (blocks cut at a lone `<br>`, each with its spans) as
/// Markdown, one string per line, escaped as one text: a `*` on one line pairs with a
/// `*` on the next (one paragraph, one run of inline parsing), so each is counted with
/// the other lines' markers and runs; each line's start is escaped where it would
/// open a block (a heading, a list item or a fence interrupts a paragraph, a line of
/// `=` makes it a heading); and `|` is escaped, as a table's rows may follow a
/// paragraph's first line. A span out of its line is ignored, as [`spanned`] ignores
/// one out of its text.
pub(super) fn spanned_lines(lines: &[(&str, &[InlineSpan], &[LinkSpan])]) -> Vec<String> {
    let mut text = String::new();
    let mut spans = Vec::new();
    let mut links = Vec::new();
    for (k, (line, line_spans, line_links)) in lines.iter().enumerate() {
        if k > 0 {
            text.push('\n');
        }
        let at = text.len();
        // `one_line` puts a space for each `\n` or `\r`: the spans keep their places.
        let line = one_line(line);
        let inside = |(start, end): (usize, usize)| {
            start < end
                && end <= line.len()
                && line.is_char_boundary(start)
                && line.is_char_boundary(end)
        };
        spans.extend(
            (line_spans.iter())
                .filter(|s| inside((s.start, s.end)))
                .map(|s| s.shifted(at)),
        );
        links.extend(
            (line_links.iter())
                .filter(|l| inside((l.start, l.end)))
                .map(|l| l.shifted(at)),
        );
        text.push_str(&line);
    }
    let (nested, linked) = nest(&text, &spans, &links, true);
    let keep = readable(&text, &nested, &linked);
    let tokens = tokens(text.len(), &nested, &keep, &linked);
    let paired = paired(&text, &nested, &tokens, &linked);
    (token_lines(&text, &tokens).iter().enumerate())
        .map(|(k, line)| {
            let out = render(&text, &nested, line, &paired, &linked, true);
            let out = line_start_escaped(out, line);
            if k > 0 && is_setext_underline(&out) {
                format!("\\{out}")
            } else {
                out
            }
        })
        .collect()
}

/// `out`, the Markdown of a line made of `tokens`, with what would open a block at its
/// start escaped. A line that opens with a marker or a code span opens no block: `*`
/// or `~~` before a character, a code span's backticks before a line that holds more
/// backticks (no fence, whose info string cannot).
fn line_start_escaped(out: String, tokens: &[Token]) -> String {
    match tokens.first() {
        Some(Token::Text(..)) | None => escape_line_start(out),
        _ => out,
    }
}

/// Whether a line after a paragraph's first would make the paragraph a heading: `=`
/// only (`-` only is escaped as a thematic break).
fn is_setext_underline(line: &str) -> bool {
    line.starts_with('=') && line.bytes().all(|b| matches!(b, b'=' | b' ' | b'\t'))
}

/// The tokens of a text of several lines (joined by `\n`, which only text holds), cut
/// into the tokens of each line, the `\n`s left out.
fn token_lines(text: &str, tokens: &[Token]) -> Vec<Vec<Token>> {
    let mut lines = vec![Vec::new()];
    for &t in tokens {
        let Token::Text(mut s, e) = t else {
            lines.last_mut().expect("one line at least").push(t);
            continue;
        };
        while let Some(nl) = text[s..e].find('\n') {
            if nl > 0 {
                lines
                    .last_mut()
                    .expect("one line at least")
                    .push(Token::Text(s, s + nl));
            }
            lines.push(Vec::new());
            s += nl + 1;
        }
        if s < e {
            lines
                .last_mut()
                .expect("one line at least")
                .push(Token::Text(s, e));
        }
    }
    lines
}

/// A span placed to nest: `depth` spans hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Nested {
    kind: InlineKind,
    start: usize,
    end: usize,
    depth: usize,
}

/// A link placed: its text's bytes, and its destination as Markdown writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Linked {
    start: usize,
    end: usize,
    destination: String,
}

/// The spans of `text` made to nest, edges trimmed of whitespace, empty ones dropped;
/// and its links, placed (sorted, disjoint, trimmed, out of code), which the spans
/// nest around or inside.
fn nest(
    text: &str,
    spans: &[InlineSpan],
    links: &[LinkSpan],
    pipes: bool,
) -> (Vec<Nested>, Vec<Linked>) {
    if spans.is_empty() && links.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let code: Vec<(usize, usize)> = (ranges(text, spans, InlineKind::Code).into_iter())
        .filter_map(|r| trimmed(text, r))
        .filter(|&(s, e)| !(pipes && text[s..e].contains('|')))
        .collect();
    let linked = placed_links(text, links, &code);
    let edges: Vec<(usize, usize)> = linked.iter().map(|l| (l.start, l.end)).collect();
    let mut kinds: [Vec<(usize, usize)>; 4] = Default::default();
    for kind in InlineKind::ALL {
        kinds[kind.index()] = match kind {
            InlineKind::Code => code.clone(),
            _ => (ranges(text, spans, kind).into_iter())
                .filter_map(|r| outside_code(r, &code))
                .collect(),
        };
    }
    let nested = (stacked(&kinds, &edges).into_iter())
        .filter_map(|n| match n.kind {
            InlineKind::Code => Some(n),
            _ => trimmed(text, (n.start, n.end)).map(|(start, end)| Nested { start, end, ..n }),
        })
        .collect();
    (nested, linked)
}

/// The links of `text` that can be written, in order: within the text and on its
/// characters' boundaries, not overlapping the one before, each edge inside code moved
/// out of it, trimmed of whitespace, not empty.
fn placed_links(text: &str, links: &[LinkSpan], code: &[(usize, usize)]) -> Vec<Linked> {
    let mut sorted: Vec<&LinkSpan> = (links.iter())
        .filter(|l| l.start < l.end && l.end <= text.len())
        .filter(|l| text.is_char_boundary(l.start) && text.is_char_boundary(l.end))
        .collect();
    sorted.sort_by_key(|l| (l.start, l.end));
    let mut out: Vec<Linked> = Vec::new();
    for l in sorted {
        let Some((start, end)) =
            outside_code((l.start, l.end), code).and_then(|r| trimmed(text, r))
        else {
            continue;
        };
        if out.last().is_some_and(|last| start < last.end) {
            continue;
        }
        // A link that opens the text, with a `]` in a code span of its text, would be
        // read as a link reference definition (`[`]:`…`: a label ends at the first
        // `]`, in code or not): written as text.
        let opens_text = text[..start].trim().is_empty();
        if opens_text && code_brackets(text, (start, end), code) {
            continue;
        }
        out.push(Linked {
            start,
            end,
            destination: destination(&l.href),
        });
    }
    out
}

/// Whether a code range within `range` of `text` holds a `]`.
fn code_brackets(text: &str, (start, end): (usize, usize), code: &[(usize, usize)]) -> bool {
    (code.iter())
        .filter(|&&(s, e)| start <= s && e <= end)
        .any(|&(s, e)| text[s..e].contains(']'))
}

/// A link's destination as Markdown writes it, to be read back as `url` as a browser
/// reads it ([`crate::url::trim_url`]: no tab or newline, which no destination may
/// hold): bare when it has no space, `<`, `>` or control character and its
/// parentheses balance (nested at most [`MAX_BARE_PARENS`] deep), else between `<` and
/// `>` with `<` and `>` escaped; in both, `\`, `|`, `` ` `` and an `&` that would read
/// as an entity escaped.
pub(super) fn destination(url: &str) -> String {
    let url = &*crate::url::trim_url(url);
    let bare = !url.is_empty()
        && !url
            .chars()
            .any(|c| c <= ' ' || c == '\u{7f}' || c == '<' || c == '>')
        && parens_balance(url);
    let mut out = String::with_capacity(url.len() + 2);
    if !bare {
        out.push('<');
    }
    for (i, c) in url.char_indices() {
        let escaped = match c {
            // A backtick in the text before could open a code span that ends here
            // (code binds tighter than a link's brackets); escaped, it opens none.
            '\\' | '|' | '`' => true,
            '<' | '>' => !bare,
            '&' => could_be_entity(&url[i + 1..]),
            _ => false,
        };
        if escaped {
            out.push('\\');
        }
        out.push(c);
    }
    if !bare {
        out.push('>');
    }
    out
}

/// How deep a bare destination's parentheses may nest (CommonMark readers limit it:
/// cmark to 32).
const MAX_BARE_PARENS: usize = 8;

/// Whether `url`'s parentheses pair up, nested at most [`MAX_BARE_PARENS`] deep.
fn parens_balance(url: &str) -> bool {
    let mut depth = 0usize;
    for c in url.chars() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_BARE_PARENS {
                    return false;
                }
            }
            ')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// The spans of one kind as sorted, disjoint ranges of `text` (overlapping or touching
/// ones merged; a span out of the text, or not on its characters' boundaries, left
/// out: a layout built by hand may hold any).
fn ranges(text: &str, spans: &[InlineSpan], kind: InlineKind) -> Vec<(usize, usize)> {
    let mut r: Vec<(usize, usize)> = (spans.iter())
        .filter(|s| s.kind == kind && s.start < s.end && s.end <= text.len())
        .filter(|s| text.is_char_boundary(s.start) && text.is_char_boundary(s.end))
        .map(|s| (s.start, s.end))
        .collect();
    r.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(r.len());
    for (s, e) in r {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    merged
}

/// A range without the whitespace at its edges; `None` when nothing is left.
fn trimmed(text: &str, (start, end): (usize, usize)) -> Option<(usize, usize)> {
    let inner = &text[start..end];
    let lead = inner.len() - inner.trim_start().len();
    let trail = inner.len() - inner.trim_end().len();
    (lead < inner.len()).then(|| (start + lead, end - trail))
}

/// A range cut so that it holds each code range whole or not at all: an edge inside
/// code moves out of it, to the side that leaves the code out. `code` is sorted and
/// disjoint: the code around each edge is found by a binary search (a block of
/// thousands of code spans and emphases stays fast).
fn outside_code(
    (mut start, mut end): (usize, usize),
    code: &[(usize, usize)],
) -> Option<(usize, usize)> {
    // The code range that starts last before `at`, if `at` is inside it.
    let around = |at: usize| {
        let i = code.partition_point(|&(cs, _)| cs < at);
        i.checked_sub(1).map(|i| code[i]).filter(|&(_, ce)| at < ce)
    };
    if let Some((_, ce)) = around(start) {
        start = ce;
    }
    if let Some((cs, _)) = around(end) {
        end = cs;
    }
    (start < end).then_some((start, end))
}

/// The ranges of each kind (indexed by [`InlineKind::index`]) as nested spans: at each
/// point where the kinds change, the spans no longer on are closed with every span
/// opened inside them (those still on reopen), and the kinds that come on open, the
/// longest outermost and code innermost. `links` (sorted, disjoint) are never cut: at a
/// link's start the spans that would end inside it close (to reopen inside it), and at
/// its end those opened inside it close (to reopen after it).
fn stacked(kinds: &[Vec<(usize, usize)>; 4], links: &[(usize, usize)]) -> Vec<Nested> {
    let mut points: Vec<usize> = (kinds.iter().flatten().chain(links))
        .flat_map(|&(s, e)| [s, e])
        .collect();
    points.sort_unstable();
    points.dedup();
    let mut cursor = [0usize; 4];
    let mut stack: Vec<(InlineKind, usize)> = Vec::new();
    let mut out = Vec::new();
    // The next link, and the stack's height under the link open (what is above it
    // opened inside the link).
    let mut next_link = 0;
    let mut floor: Option<usize> = None;
    for &p in &points {
        // The range of each kind that is on at `p`, if any: its end.
        let mut on = [None; 4];
        for kind in InlineKind::ALL {
            let (list, at) = (&kinds[kind.index()], &mut cursor[kind.index()]);
            while list.get(*at).is_some_and(|&(_, e)| e <= p) {
                *at += 1;
            }
            on[kind.index()] = list.get(*at).filter(|&&(s, _)| s <= p).map(|&(_, e)| e);
        }
        let mut close_from = stack.iter().position(|(k, _)| on[k.index()].is_none());
        let mut lower = |i: usize| close_from = Some(close_from.map_or(i, |c| c.min(i)));
        if let Some(f) = floor.filter(|_| links[next_link - 1].1 == p) {
            lower(f);
            floor = None;
        }
        let starting = links.get(next_link).filter(|l| l.0 == p).map(|l| l.1);
        if let Some(link_end) = starting {
            let ends_inside =
                |(k, _): &(InlineKind, usize)| on[k.index()].is_some_and(|end| end < link_end);
            if let Some(i) = stack.iter().position(ends_inside) {
                lower(i);
            }
        }
        if let Some(i) = close_from {
            while stack.len() > i {
                let (kind, start) = stack.pop().expect("longer than i");
                let depth = stack.len();
                out.push(Nested {
                    kind,
                    start,
                    end: p,
                    depth,
                });
            }
        }
        let mut opening: Vec<(InlineKind, usize)> = (InlineKind::ALL.into_iter())
            .filter(|k| !stack.iter().any(|(s, _)| s == k))
            .filter_map(|k| on[k.index()].map(|end| (k, end)))
            .collect();
        opening.sort_by_key(|&(k, end)| (k == InlineKind::Code, Reverse(end), k));
        if let Some(link_end) = starting {
            // What opens here and ends after the link holds it.
            let around = (opening.iter())
                .take_while(|&&(k, end)| k != InlineKind::Code && end > link_end)
                .count();
            stack.extend(opening.drain(..around).map(|(k, _)| (k, p)));
            floor = Some(stack.len());
            next_link += 1;
        }
        stack.extend(opening.into_iter().map(|(k, _)| (k, p)));
    }
    out
}

/// The most rounds of dropping the spans of runs CommonMark would not read; a block
/// still not settled after them keeps its code spans only (they need no flanking).
const MAX_ROUNDS: usize = 16;

/// Which spans are written: all whose markers a CommonMark reader reads as written.
fn readable(text: &str, nested: &[Nested], linked: &[Linked]) -> Vec<bool> {
    let mut keep = vec![true; nested.len()];
    for _ in 0..MAX_ROUNDS {
        let tokens = tokens(text.len(), nested, &keep, linked);
        let failed = unread_runs(text, nested, &tokens);
        if failed.is_empty() {
            return keep;
        }
        for i in failed {
            keep[i] = false;
        }
    }
    nested.iter().map(|n| n.kind == InlineKind::Code).collect()
}

/// What the Markdown of a block is made of, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// Text outside code, escaped: a byte range of the text.
    Text(usize, usize),
    /// A code span: a byte range of the text.
    Code(usize, usize),
    /// The opening (`true`) or closing marker of the span of that index.
    Mark(usize, bool),
    /// The opening `[` (`true`) or the closing `](destination)` of the link of that
    /// index.
    Link(usize, bool),
}

/// The order of what happens at one place: the spans inside a link that end there
/// close, then the link, then the spans outside links close and open, then a link
/// opens, then the spans inside it open.
mod phase {
    pub const CLOSE_INSIDE: u8 = 0;
    pub const CLOSE_LINK: u8 = 1;
    pub const CLOSE_OUTSIDE: u8 = 2;
    pub const OPEN_OUTSIDE: u8 = 3;
    pub const OPEN_LINK: u8 = 4;
    pub const OPEN_INSIDE: u8 = 5;
}

/// The tokens of a text of `len` bytes with the kept spans and the links: at each
/// place, the spans that end there close (the innermost first), then those that start
/// there open (the outermost first), a link's brackets around the spans inside it.
fn tokens(len: usize, nested: &[Nested], keep: &[bool], linked: &[Linked]) -> Vec<Token> {
    let inside_link = |n: &Nested| {
        let i = linked.partition_point(|l| l.start <= n.start);
        i.checked_sub(1).is_some_and(|i| n.end <= linked[i].end)
    };
    let mut events: Vec<(usize, u8, i64, usize)> = Vec::new();
    for (i, n) in nested.iter().enumerate().filter(|&(i, _)| keep[i]) {
        let depth = i64::try_from(n.depth).unwrap_or(i64::MAX);
        let (open, close) = match inside_link(n) {
            true => (phase::OPEN_INSIDE, phase::CLOSE_INSIDE),
            false => (phase::OPEN_OUTSIDE, phase::CLOSE_OUTSIDE),
        };
        events.push((n.start, open, depth, i));
        if n.kind != InlineKind::Code {
            events.push((n.end, close, -depth, i));
        }
    }
    for (i, l) in linked.iter().enumerate() {
        events.push((l.start, phase::OPEN_LINK, 0, i));
        events.push((l.end, phase::CLOSE_LINK, 0, i));
    }
    events.sort_unstable();
    let mut out = Vec::with_capacity(events.len() * 2 + 1);
    let mut at = 0;
    for (pos, phase, _, i) in events {
        if pos > at {
            out.push(Token::Text(at, pos));
            at = pos;
        }
        match phase {
            phase::OPEN_LINK => out.push(Token::Link(i, true)),
            phase::CLOSE_LINK => out.push(Token::Link(i, false)),
            _ if nested[i].kind == InlineKind::Code => {
                out.push(Token::Code(pos, nested[i].end));
                at = nested[i].end;
            }
            phase => out.push(Token::Mark(
                i,
                matches!(phase, phase::OPEN_INSIDE | phase::OPEN_OUTSIDE),
            )),
        }
    }
    if at < len {
        out.push(Token::Text(at, len));
    }
    out
}

/// A marker's characters.
fn marker(kind: InlineKind) -> &'static str {
    match kind {
        InlineKind::Strong => "**",
        InlineKind::Emphasis => "*",
        InlineKind::Strikethrough => "~~",
        InlineKind::Code => "`",
    }
}

/// The spans of every run of markers that a CommonMark reader would not read as
/// written.
fn unread_runs(text: &str, nested: &[Nested], tokens: &[Token]) -> Vec<usize> {
    let char_of = |t: &Token, last: bool| -> Option<char> {
        match *t {
            Token::Text(s, e) if last => text[s..e].chars().next_back(),
            Token::Text(s, e) => text[s..e].chars().next(),
            Token::Code(..) => Some('`'),
            Token::Mark(i, _) => marker(nested[i].kind).chars().next(),
            // `[`, and `](destination)`: its `]` after a run, its `)` before one.
            Token::Link(_, true) => Some('['),
            Token::Link(_, false) if last => Some(')'),
            Token::Link(_, false) => Some(']'),
        }
    };
    let mut failed = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let Token::Mark(first, _) = tokens[i] else {
            i += 1;
            continue;
        };
        let c = marker(nested[first].kind).as_bytes()[0];
        let end = (i..tokens.len())
            .find(|&j| !matches!(tokens[j], Token::Mark(m, _) if marker(nested[m].kind).as_bytes()[0] == c))
            .unwrap_or(tokens.len());
        let run = &tokens[i..end];
        let before = i.checked_sub(1).and_then(|b| char_of(&tokens[b], true));
        let after = tokens.get(end).and_then(|t| char_of(t, false));
        let opens = run.iter().any(|t| matches!(t, Token::Mark(_, true)));
        let closes = run.iter().any(|t| matches!(t, Token::Mark(_, false)));
        // A run that opens and closes at once is read either way: never as written.
        let read = match (opens, closes) {
            (true, false) => opens_at(before, after),
            (false, true) => closes_at(before, after),
            _ => false,
        };
        if !read {
            failed.extend(run.iter().filter_map(|t| match t {
                Token::Mark(m, _) => Some(*m),
                _ => None,
            }));
        }
        i = end;
    }
    failed
}

/// How CommonMark's flanking rules see a character next to a run of markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// A space, or the line's start or end (a table cell's, after its padding).
    Space,
    /// ASCII punctuation.
    Punct,
    /// A letter or digit.
    Word,
    /// Anything else (a symbol, a mark, a space of another kind): any of the three,
    /// depending on the reader.
    Unknown,
}

fn side(c: Option<char>) -> Side {
    match c {
        // `\n`: the end of a paragraph's line (`spanned_lines`).
        None | Some(' ' | '\t' | '\n') => Side::Space,
        Some(c) if c.is_ascii_punctuation() => Side::Punct,
        Some(c) if c.is_alphanumeric() => Side::Word,
        Some(_) => Side::Unknown,
    }
}

/// Whether a run between `before` and `after` is left-flanking and not
/// right-flanking, whatever an unknown character is: after a space, before anything
/// but a space; after punctuation, before a letter or digit.
fn opens_at(before: Option<char>, after: Option<char>) -> bool {
    match (side(before), side(after)) {
        (Side::Space, a) => a != Side::Space,
        (Side::Punct, Side::Word) => true,
        _ => false,
    }
}

/// Whether a run between `before` and `after` is right-flanking and not left-flanking
/// (the mirror of [`opens_at`]).
fn closes_at(before: Option<char>, after: Option<char>) -> bool {
    opens_at(after, before)
}

/// Which markers need escaping in the text of `tokens`: its runs of `*`, `` ` `` and
/// `~` counted with the markers and code spans written; and every backtick when a
/// link's destination has one (a backtick of the text could open a code span that
/// ends in the destination, escaped there or not).
fn paired(text: &str, nested: &[Nested], tokens: &[Token], linked: &[Linked]) -> Paired {
    let mut paired = Paired::default();
    let pieces = tokens.iter().filter_map(|t| match *t {
        Token::Text(s, e) => Some(&text[s..e]),
        _ => None,
    });
    paired.count(pieces);
    paired.ticks |= linked.iter().any(|l| l.destination.contains('`'));
    for t in tokens {
        match *t {
            Token::Code(s, e) => {
                paired.ticks = true;
                paired.code_brackets |= text[s..e].contains(']');
            }
            Token::Mark(i, _) => match nested[i].kind {
                InlineKind::Strikethrough => paired.tildes = true,
                _ => paired.stars = true,
            },
            Token::Text(..) | Token::Link(..) => {}
        }
    }
    paired
}

/// The Markdown of the tokens: text escaped as `paired` says (its brackets too in a
/// link's text, and what would join the link before one), code spans as they are,
/// markers, links' brackets and destinations.
fn render(
    text: &str,
    nested: &[Nested],
    tokens: &[Token],
    paired: &Paired,
    linked: &[Linked],
    pipes: bool,
) -> String {
    let mut out = String::with_capacity(text.len() + 8 * tokens.len());
    let mut in_link = false;
    for (k, t) in tokens.iter().enumerate() {
        match *t {
            Token::Text(s, e) => {
                let piece = Piece {
                    at_start: s == 0,
                    pipes,
                    in_link,
                    before_link: matches!(tokens.get(k + 1), Some(Token::Link(_, true))),
                };
                out.push_str(&escape_piece(&text[s..e], paired, piece));
            }
            Token::Code(s, e) => out.push_str(&code_span(&text[s..e])),
            Token::Mark(i, _) => out.push_str(marker(nested[i].kind)),
            Token::Link(_, true) => {
                in_link = true;
                out.push('[');
            }
            Token::Link(i, false) => {
                in_link = false;
                out.push_str("](");
                out.push_str(&linked[i].destination);
                out.push(')');
            }
        }
    }
    out
}

/// A code span of `code` as it is: backtick runs one longer than its longest, with a
/// space inside them when it starts or ends with a backtick (the reader takes one
/// space off each side).
fn code_span(code: &str) -> String {
    let fence = "`".repeat(super::longest_run(code, '`') + 1);
    let pad = if code.starts_with('`') || code.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{code}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(kind: InlineKind, text: &str, part: &str) -> InlineSpan {
        let start = text.find(part).expect(part);
        InlineSpan {
            kind,
            start,
            end: start + part.len(),
        }
    }

    /// `text` written with spans of `(kind, the first occurrence of this part)`.
    fn md(text: &str, parts: &[(InlineKind, &str)]) -> String {
        let spans: Vec<InlineSpan> = parts.iter().map(|&(k, p)| span(k, text, p)).collect();
        spanned(text, &spans, &[], false)
    }

    use InlineKind::{Code, Emphasis as Em, Strikethrough as Del, Strong};

    #[test]
    fn each_kind_has_its_markers() {
        assert_eq!(
            md(
                "Call foo() to really stop it, not this",
                &[
                    (Code, "foo()"),
                    (Em, "really"),
                    (Strong, "stop"),
                    (Del, "not")
                ]
            ),
            "Call `foo()` to *really* **stop** it, ~~not~~ this"
        );
    }

    #[test]
    fn code_is_written_as_it_is_in_a_longer_run() {
        assert_eq!(
            md("use a`b and *x*", &[(Code, "a`b")]),
            "use ``a`b`` and \\*x\\*"
        );
        assert_eq!(md("run `x` now", &[(Code, "`x`")]), "run `` `x` `` now");
        assert_eq!(
            md("a \\* <b> &amp;", &[(Code, "\\* <b> &amp;")]),
            "a `\\* <b> &amp;`"
        );
        // A literal backtick outside pairs with nothing.
        assert_eq!(md("it`s x", &[(Code, "x")]), "it\\`s `x`");
        // `[ `a]:` would define a link whose label ends inside the code (found by the
        // read-back property test).
        assert_eq!(md("[ a]:0", &[(Code, "a]:")]), "\\[ `a]:`0");
    }

    #[test]
    fn whitespace_at_the_edges_goes_outside() {
        assert_eq!(md("a b c", &[(Strong, " b ")]), "a **b** c");
        assert_eq!(md("a   ", &[(Em, "   ")]), "a   ");
    }

    #[test]
    fn markers_that_would_not_flank_are_dropped() {
        assert_eq!(md("word(x)word", &[(Strong, "(x)")]), "word(x)word");
        assert_eq!(md("mid-Hello", &[(Strong, "H")]), "mid-Hello");
        assert_eq!(
            md("(x) and x.", &[(Strong, "(x)"), (Em, "x.")]),
            "**(x)** and *x.*"
        );
        assert_eq!(md("say (x)", &[(Em, "x")]), "say (*x*)");
        // `Ü` is a letter: no run between letters.
        assert_eq!(md("aÜb", &[(Em, "Ü")]), "aÜb");
        // `€` is punctuation to one reader, not to another.
        assert_eq!(md("€x y", &[(Em, "x")]), "€x y");
    }

    #[test]
    fn nested_and_crossing_spans_nest() {
        assert_eq!(md("a b c", &[(Strong, "a b c"), (Em, "b")]), "**a *b* c**");
        assert_eq!(md("a b", &[(Strong, "a b"), (Em, "a b")]), "***a b***");
        assert_eq!(
            md("x f() y", &[(Strong, "x f()"), (Code, "f()")]),
            "**x `f()`** y"
        );
        // Strong from "a" into the code: it stops before the code.
        assert_eq!(
            md("a b c", &[(Strong, "a b"), (Code, "b c")]),
            "**a** `b c`"
        );
        // Crossing: emphasis from "b" to "c", strong from "a" to "b".
        assert_eq!(
            md("a b c", &[(Strong, "a b"), (Em, "b c")]),
            "**a *b*** *c*"
        );
        // Adjacent without a space: the run between would open and close.
        assert_eq!(md("ab", &[(Strong, "a"), (Em, "b")]), "ab");
    }

    #[test]
    fn literal_markers_next_to_spans_are_escaped() {
        assert_eq!(md("5 * 3 bold", &[(Strong, "bold")]), "5 \\* 3 **bold**");
        // A lone `*` next to a marker: escaped, it neither pairs nor joins the run.
        assert_eq!(md("*bold", &[(Strong, "bold")]), "\\***bold**");
        assert_eq!(md("bold* x", &[(Em, "bold")]), "*bold*\\* x");
        assert_eq!(md("a~b gone", &[(Del, "gone")]), "a\\~b ~~gone~~");
        assert_eq!(md("path\\ x", &[(Strong, "x")]), "path\\ **x**");
        assert_eq!(md("end\\", &[(Strong, "end\\")]), "**end\\\\**");
        // One `*` and no marker of its kind: it pairs with nothing.
        assert_eq!(md("5 * 3 f()", &[(Code, "f()")]), "5 * 3 `f()`");
    }

    #[test]
    fn a_line_that_opens_with_a_span_opens_no_block() {
        assert_eq!(md("``` x", &[(Code, "``` x")]), "```` ``` x ````");
        assert_eq!(md("- item", &[(Strong, "item")]), "\\- **item**");
        assert_eq!(md("# x", &[(Strong, "# x")]), "**# x**");
    }

    #[test]
    fn an_edge_inside_code_moves_out_of_it() {
        let code = [(2, 5), (8, 10)];
        assert_eq!(outside_code((0, 3), &code), Some((0, 2)));
        assert_eq!(outside_code((3, 9), &code), Some((5, 8)));
        assert_eq!(outside_code((2, 10), &code), Some((2, 10)));
        assert_eq!(outside_code((3, 4), &code), None);
        assert_eq!(outside_code((5, 8), &code), Some((5, 8)));
    }

    #[test]
    fn a_pipe_in_code_is_text_where_pipes_are_escaped() {
        let spans = [span(Code, "a | b", "a | b")];
        assert_eq!(spanned("a | b", &spans, &[], true), "a \\| b");
        assert_eq!(spanned("a | b", &spans, &[], false), "`a | b`");
    }

    /// `text` written with spans as [`md`] and links of `(the first occurrence of this
    /// part, its URL)`.
    fn linked(text: &str, parts: &[(InlineKind, &str)], links: &[(&str, &str)]) -> String {
        let spans: Vec<InlineSpan> = parts.iter().map(|&(k, p)| span(k, text, p)).collect();
        let links: Vec<LinkSpan> = (links.iter())
            .map(|&(part, href)| {
                let start = text.find(part).expect(part);
                LinkSpan {
                    start,
                    end: start + part.len(),
                    href: href.to_owned(),
                }
            })
            .collect();
        spanned(text, &spans, &links, false)
    }

    #[test]
    fn a_link_is_its_text_in_brackets_and_its_destination() {
        assert_eq!(
            linked("see the docs now", &[], &[("the docs", "https://e.com/d")]),
            "see [the docs](https://e.com/d) now"
        );
        // Whitespace at its edges goes outside; two links side by side stay two.
        assert_eq!(
            linked("a  b c", &[], &[(" b ", "/b"), ("c", "/c")]),
            "a  [b](/b) [c](/c)"
        );
        assert_eq!(
            linked("ab", &[], &[("a", "/a"), ("b", "/b")]),
            "[a](/a)[b](/b)"
        );
    }

    #[test]
    fn spans_nest_around_and_inside_links_but_never_cut_them() {
        assert_eq!(
            linked(
                "see the docs",
                &[(Strong, "see the docs")],
                &[("docs", "/d")]
            ),
            "**see the [docs](/d)**"
        );
        assert_eq!(
            linked("the docs", &[(Em, "docs")], &[("the docs", "/d")]),
            "[the *docs*](/d)"
        );
        // Strong from "a" into the link is cut at its start, and goes on inside it.
        assert_eq!(
            linked("a b c", &[(Strong, "a b")], &[("b c", "/b")]),
            "**a** [**b** c](/b)"
        );
        assert_eq!(
            linked("a b c", &[(Strong, "b c")], &[("a b", "/a")]),
            "[a **b**](/a) **c**"
        );
        // A span over exactly the link, and one over the link and more.
        assert_eq!(linked("x", &[(Strong, "x")], &[("x", "/x")]), "[**x**](/x)");
        assert_eq!(
            linked("x y", &[(Strong, "x y")], &[("x", "/x")]),
            "**[x](/x) y**"
        );
        // Code in a link; a link in code is code.
        assert_eq!(
            linked("run f()", &[(Code, "f()")], &[("run f()", "/f")]),
            "[run `f()`](/f)"
        );
        assert_eq!(linked("f(x)", &[(Code, "f(x)")], &[("x", "/x")]), "`f(x)`");
        assert_eq!(
            linked("a f()", &[(Code, "f()")], &[("a f", "/a")]),
            "[a](/a) `f()`"
        );
        // A link opening the text with `]` in its code would be a reference definition.
        assert_eq!(linked("]: x", &[(Code, "]:")], &[("]: x", "/x")]), "`]:` x");
        assert_eq!(
            linked("a ]: x", &[(Code, "]:")], &[("]: x", "/x")]),
            "a [`]:` x](/x)"
        );
    }

    #[test]
    fn brackets_in_and_before_links_are_escaped() {
        assert_eq!(linked("[1] x", &[], &[("[1] x", "/n")]), "[\\[1\\] x](/n)");
        assert_eq!(linked("Wow!x", &[], &[("x", "/x")]), "Wow\\![x](/x)");
        assert_eq!(linked("[a]x", &[], &[("x", "/x")]), "[a\\][x](/x)");
        // Without a link after it, `!` and `]` are text.
        assert_eq!(
            linked("Wow! [a] x", &[], &[("x", "/x")]),
            "Wow! [a] [x](/x)"
        );
    }

    #[test]
    fn a_destination_is_bare_or_in_angle_brackets() {
        assert_eq!(
            destination("https://e.com/a_(b)?q=1"),
            "https://e.com/a_(b)?q=1"
        );
        assert_eq!(destination("/a b"), "</a b>");
        assert_eq!(destination("/a)b"), "</a)b>");
        assert_eq!(destination("/<a>"), "</\\<a\\>>");
        assert_eq!(destination("/a|b\\c"), "/a\\|b\\\\c");
        assert_eq!(destination("/?a=1&amp;b"), "/?a=1\\&amp;b");
        assert_eq!(destination("/?a=1&b=2"), "/?a=1&b=2");
        assert_eq!(destination(""), "<>");
        // As a browser reads it: no tab or newline (none may be in a destination).
        assert_eq!(destination(" /a\nb\tc\r\n "), "/abc");
        assert_eq!(destination("/a b\nc"), "</a bc>");
    }

    #[test]
    fn spans_out_of_the_text_are_ignored() {
        let spans = [
            InlineSpan {
                kind: Strong,
                start: 0,
                end: 99,
            },
            InlineSpan {
                kind: Em,
                start: 1,
                end: 2,
            },
        ];
        assert_eq!(spanned("é x", &spans, &[], false), "é x");
    }
}
