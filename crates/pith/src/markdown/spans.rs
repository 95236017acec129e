//! A block's inline spans ([`crate::inline`]) written as Markdown: code as a code span,
//! strong as `**`, emphasis as `*`, strikethrough as `~~`, and only where a CommonMark
//! reader reads them so, because a marker it does not read stays in the text as a
//! stray `*` (`word**(x)**word` is not strong).
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

use std::cmp::Reverse;

use super::{escape_line_start, escape_piece, one_line, Paired};
use crate::inline::{InlineKind, InlineSpan};

/// `text` (a block's, on one line) with its `spans` as Markdown, escaped as
/// [`escape`](super::escape) escapes text (with `pipes`, `|` too).
pub(super) fn spanned(text: &str, spans: &[InlineSpan], pipes: bool) -> String {
    let text = one_line(text);
    let nested = nest(&text, spans, pipes);
    let keep = readable(&text, &nested);
    let tokens = tokens(text.len(), &nested, &keep);
    let paired = paired(&text, &nested, &tokens);
    line_start_escaped(render(&text, &nested, &tokens, &paired, pipes), &tokens)
}

/// The lines of one paragraph (blocks cut at a lone `<br>`, each with its spans) as
/// Markdown, one string per line, escaped as one text: a `*` on one line pairs with a
/// `*` on the next (one paragraph, one run of inline parsing), so each is counted with
/// the other lines' markers and runs; each line's start is escaped where it would
/// open a block (a heading, a list item or a fence interrupts a paragraph, a line of
/// `=` makes it a heading); and `|` is escaped, as a table's rows may follow a
/// paragraph's first line. A span out of its line is ignored, as [`spanned`] ignores
/// one out of its text.
pub(super) fn spanned_lines(lines: &[(&str, &[InlineSpan])]) -> Vec<String> {
    let mut text = String::new();
    let mut spans = Vec::new();
    for (k, (line, line_spans)) in lines.iter().enumerate() {
        if k > 0 {
            text.push('\n');
        }
        let at = text.len();
        // `one_line` puts a space for each `\n` or `\r`: the spans keep their places.
        let line = one_line(line);
        let inside = |s: &&InlineSpan| {
            s.start < s.end
                && s.end <= line.len()
                && line.is_char_boundary(s.start)
                && line.is_char_boundary(s.end)
        };
        spans.extend(line_spans.iter().filter(inside).map(|s| InlineSpan {
            start: s.start + at,
            end: s.end + at,
            ..*s
        }));
        text.push_str(&line);
    }
    let nested = nest(&text, &spans, true);
    let keep = readable(&text, &nested);
    let tokens = tokens(text.len(), &nested, &keep);
    let paired = paired(&text, &nested, &tokens);
    (token_lines(&text, &tokens).iter().enumerate())
        .map(|(k, line)| {
            let out = line_start_escaped(render(&text, &nested, line, &paired, true), line);
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

/// The spans of `text` made to nest, edges trimmed of whitespace, empty ones dropped.
fn nest(text: &str, spans: &[InlineSpan], pipes: bool) -> Vec<Nested> {
    if spans.is_empty() {
        return Vec::new();
    }
    let code: Vec<(usize, usize)> = (ranges(text, spans, InlineKind::Code).into_iter())
        .filter_map(|r| trimmed(text, r))
        .filter(|&(s, e)| !(pipes && text[s..e].contains('|')))
        .collect();
    let mut kinds: [Vec<(usize, usize)>; 4] = Default::default();
    for kind in InlineKind::ALL {
        kinds[kind.index()] = match kind {
            InlineKind::Code => code.clone(),
            _ => (ranges(text, spans, kind).into_iter())
                .filter_map(|r| outside_code(r, &code))
                .collect(),
        };
    }
    (stacked(&kinds).into_iter())
        .filter_map(|n| match n.kind {
            InlineKind::Code => Some(n),
            _ => trimmed(text, (n.start, n.end)).map(|(start, end)| Nested { start, end, ..n }),
        })
        .collect()
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
/// longest outermost and code innermost.
fn stacked(kinds: &[Vec<(usize, usize)>; 4]) -> Vec<Nested> {
    let mut points: Vec<usize> = kinds.iter().flatten().flat_map(|&(s, e)| [s, e]).collect();
    points.sort_unstable();
    points.dedup();
    let mut cursor = [0usize; 4];
    let mut stack: Vec<(InlineKind, usize)> = Vec::new();
    let mut out = Vec::new();
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
        if let Some(i) = stack.iter().position(|(k, _)| on[k.index()].is_none()) {
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
        stack.extend(opening.into_iter().map(|(k, _)| (k, p)));
    }
    out
}

/// The most rounds of dropping the spans of runs CommonMark would not read; a block
/// still not settled after them keeps its code spans only (they need no flanking).
const MAX_ROUNDS: usize = 16;

/// Which spans are written: all whose markers a CommonMark reader reads as written.
fn readable(text: &str, nested: &[Nested]) -> Vec<bool> {
    let mut keep = vec![true; nested.len()];
    for _ in 0..MAX_ROUNDS {
        let tokens = tokens(text.len(), nested, &keep);
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
}

/// The tokens of a text of `len` bytes with the kept spans: at each place, the spans
/// that end there close (the innermost first), then those that start there open (the
/// outermost first).
fn tokens(len: usize, nested: &[Nested], keep: &[bool]) -> Vec<Token> {
    let mut events: Vec<(usize, u8, i64, usize)> = Vec::new();
    for (i, n) in nested.iter().enumerate().filter(|&(i, _)| keep[i]) {
        let depth = i64::try_from(n.depth).unwrap_or(i64::MAX);
        events.push((n.start, 1, depth, i));
        if n.kind != InlineKind::Code {
            events.push((n.end, 0, -depth, i));
        }
    }
    events.sort_unstable();
    let mut out = Vec::with_capacity(events.len() * 2 + 1);
    let mut at = 0;
    for (pos, phase, _, i) in events {
        if pos > at {
            out.push(Token::Text(at, pos));
            at = pos;
        }
        if nested[i].kind == InlineKind::Code {
            out.push(Token::Code(pos, nested[i].end));
            at = nested[i].end;
        } else {
            out.push(Token::Mark(i, phase == 1));
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
/// `~` counted with the markers and code spans written.
fn paired(text: &str, nested: &[Nested], tokens: &[Token]) -> Paired {
    let mut paired = Paired::default();
    let pieces = tokens.iter().filter_map(|t| match *t {
        Token::Text(s, e) => Some(&text[s..e]),
        _ => None,
    });
    paired.count(pieces);
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
            Token::Text(..) => {}
        }
    }
    paired
}

/// The Markdown of the tokens: text escaped as `paired` says, code spans as they are,
/// markers.
fn render(text: &str, nested: &[Nested], tokens: &[Token], paired: &Paired, pipes: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8 * tokens.len());
    for t in tokens {
        match *t {
            Token::Text(s, e) => out.push_str(&escape_piece(&text[s..e], paired, s == 0, pipes)),
            Token::Code(s, e) => out.push_str(&code_span(&text[s..e])),
            Token::Mark(i, _) => out.push_str(marker(nested[i].kind)),
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
        spanned(text, &spans, false)
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
        assert_eq!(spanned("a | b", &spans, true), "a \\| b");
        assert_eq!(spanned("a | b", &spans, false), "`a | b`");
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
        assert_eq!(spanned("é x", &spans, false), "é x");
    }
}
