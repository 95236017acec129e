//! Finding where a raw-text element ends, so the parser can skip its content.
//!
//! Why: `<script>` and `<style>` hold about half the bytes of today's pages (54% on the
//! scrapinghub sample), and html5ever turns that text into character tokens and text
//! nodes one line at a time, only for the first tree stage of every built-in pipeline
//! to delete those elements with everything in them. When a pipeline says so, the
//! parser asks this module where the element's end tag starts and drops the text
//! before it, unseen by the tokenizer.
//!
//! The answer must be exactly the tokenizer's: the scanner below is the WHATWG
//! tokenizer's raw-text states (RCDATA, RAWTEXT and the script-data states with their
//! `<!--` escapes), reduced to what decides where the element ends. Character
//! references, NULs and the CR/LF normalisation change characters, never that place.
//! `tests/raw_text_skip.rs` checks the trees against html5ever's own on generated pages.

use memchr::{memchr, memchr2};

/// Which tokenizer state the element's content is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawTextKind {
    /// RCDATA (`title`, `textarea`) and RAWTEXT (`style`, `xmp`, `iframe`, `noembed`,
    /// `noframes`): the first `</name` followed by a delimiter ends the element.
    Plain,
    /// Script data (`script`): like `Plain`, except inside `<!-- … -->` escapes, where a
    /// nested `<script>` hides the next `</script>`.
    Script,
}

/// Whether `b` ends a tag name in these states: tab, LF, FF, space, `/` or `>` (a CR
/// counts, as the tokenizer sees it as an LF).
fn is_delimiter(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b' ' | b'\r' | b'/' | b'>')
}

/// The ASCII letters starting at `at` (at most `b.len()`), and the byte after them
/// (`None` at the end).
fn letters(b: &[u8], at: usize) -> (&[u8], Option<u8>) {
    let len = b[at..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    (&b[at..at + len], b.get(at + len).copied())
}

/// Reads `</letters` at `lt` (the `<`). Returns whether it is the element's end tag, and
/// where the tokenizer goes on reading when it is not.
fn end_tag_at(b: &[u8], lt: usize, name: &str) -> Result<(), usize> {
    let (word, next) = letters(b, lt + 2);
    match next {
        Some(d) if is_delimiter(d) && word.eq_ignore_ascii_case(name.as_bytes()) => Ok(()),
        _ => Err(lt + 2 + word.len()),
    }
}

/// Where the element's end tag (`</name…`) starts in `text`, the content that follows
/// its start tag; `None` when the element runs to the end of the input. `name` is the
/// element's lower-case name.
pub(crate) fn raw_text_end(text: &str, name: &str, kind: RawTextKind) -> Option<usize> {
    let b = text.as_bytes();
    match kind {
        RawTextKind::Plain => plain_end(b, name),
        RawTextKind::Script => script_end(b, name),
    }
}

fn plain_end(b: &[u8], name: &str) -> Option<usize> {
    let mut pos = 0;
    while let Some(lt) = memchr(b'<', &b[pos..]).map(|i| pos + i) {
        if b.get(lt + 1) == Some(&b'/') {
            match end_tag_at(b, lt, name) {
                Ok(()) => return Some(lt),
                Err(next) => pos = next,
            }
        } else {
            pos = lt + 1;
        }
    }
    None
}

/// The script-data states that matter for finding the end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Data,
    Escaped,
    EscapedDash,
    EscapedDashDash,
    DoubleEscaped,
    DoubleEscapedDash,
    DoubleEscapedDashDash,
}

fn script_end(b: &[u8], name: &str) -> Option<usize> {
    use Script::*;
    let mut state = Data;
    let mut i = 0;
    loop {
        match state {
            Data => {
                let lt = i + memchr(b'<', &b[i..])?;
                match *b.get(lt + 1)? {
                    b'/' => match end_tag_at(b, lt, name) {
                        Ok(()) => return Some(lt),
                        Err(next) => i = next,
                    },
                    // `<!--` enters the escaped state at its dash-dash step; anything
                    // short of it is reread as data.
                    b'!' if b.get(lt + 2) == Some(&b'-') && b.get(lt + 3) == Some(&b'-') => {
                        state = EscapedDashDash;
                        i = lt + 4;
                    }
                    _ => i = lt + 1,
                }
            }
            Escaped | DoubleEscaped => {
                let at = i + memchr2(b'-', b'<', &b[i..])?;
                if b[at] == b'-' {
                    state = if state == Escaped {
                        EscapedDash
                    } else {
                        DoubleEscapedDash
                    };
                    i = at + 1;
                } else if state == Escaped {
                    match escaped_less_than(b, at, name)? {
                        LessThan::EndTag => return Some(at),
                        LessThan::Goto(s, next) => (state, i) = (s, next),
                    }
                } else {
                    (state, i) = double_escaped_less_than(b, at);
                }
            }
            EscapedDash | EscapedDashDash | DoubleEscapedDash | DoubleEscapedDashDash => {
                let double = matches!(state, DoubleEscapedDash | DoubleEscapedDashDash);
                let dash_dash = matches!(state, EscapedDashDash | DoubleEscapedDashDash);
                let c = *b.get(i)?;
                match c {
                    b'-' => {
                        state = if double {
                            DoubleEscapedDashDash
                        } else {
                            EscapedDashDash
                        };
                        i += 1;
                    }
                    b'<' if double => (state, i) = double_escaped_less_than(b, i),
                    b'<' => match escaped_less_than(b, i, name)? {
                        LessThan::EndTag => return Some(i),
                        LessThan::Goto(s, next) => (state, i) = (s, next),
                    },
                    b'>' if dash_dash => {
                        state = Data;
                        i += 1;
                    }
                    _ => {
                        state = if double { DoubleEscaped } else { Escaped };
                        i += 1;
                    }
                }
            }
        }
    }
}

/// What a `<` in the escaped state leads to.
enum LessThan {
    /// The script's end tag starts here.
    EndTag,
    /// Reading goes on in this state at this offset.
    Goto(Script, usize),
}

/// The escaped less-than-sign state at `lt`; `None` when the input ends first.
fn escaped_less_than(b: &[u8], lt: usize, name: &str) -> Option<LessThan> {
    let c = *b.get(lt + 1)?;
    if c == b'/' {
        return Some(match end_tag_at(b, lt, name) {
            Ok(()) => LessThan::EndTag,
            Err(next) => LessThan::Goto(Script::Escaped, next),
        });
    }
    if !c.is_ascii_alphabetic() {
        return Some(LessThan::Goto(Script::Escaped, lt + 1));
    }
    // The double-escape start state: `<script` and a delimiter hides the next
    // `</script>` (the name compared is always "script", whatever the element).
    let (word, next) = letters(b, lt + 1);
    let after = lt + 1 + word.len();
    let d = next?;
    Some(if is_delimiter(d) && word.eq_ignore_ascii_case(b"script") {
        LessThan::Goto(Script::DoubleEscaped, after + 1)
    } else if is_delimiter(d) {
        LessThan::Goto(Script::Escaped, after + 1)
    } else {
        LessThan::Goto(Script::Escaped, after)
    })
}

/// The double-escaped less-than-sign state at `lt`: `</script` and a delimiter returns
/// to the escaped state. At the end of the input the position is past it, so the
/// caller's next read finds nothing.
fn double_escaped_less_than(b: &[u8], lt: usize) -> (Script, usize) {
    if b.get(lt + 1) != Some(&b'/') {
        return (Script::DoubleEscaped, lt + 1);
    }
    let (word, next) = letters(b, lt + 2);
    let after = lt + 2 + word.len();
    match next {
        Some(d) if is_delimiter(d) && word.eq_ignore_ascii_case(b"script") => {
            (Script::Escaped, after + 1)
        }
        Some(d) if is_delimiter(d) => (Script::DoubleEscaped, after + 1),
        Some(_) => (Script::DoubleEscaped, after),
        None => (Script::DoubleEscaped, b.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use RawTextKind::{Plain, Script as S};

    #[test]
    fn plain_ends_at_the_first_matching_end_tag() {
        assert_eq!(
            raw_text_end("a{} </styles> </style >", "style", Plain),
            Some(14)
        );
        assert_eq!(raw_text_end("x</STYLE>", "style", Plain), Some(1));
        assert_eq!(raw_text_end("x</style", "style", Plain), None);
        assert_eq!(raw_text_end("x</style1>", "style", Plain), None);
        assert_eq!(raw_text_end("</title\r", "title", Plain), Some(0));
    }

    #[test]
    fn script_ends_at_end_tag_outside_double_escapes() {
        assert_eq!(raw_text_end("a<b</script>", "script", S), Some(3));
        assert_eq!(raw_text_end("<!-- </script> -->", "script", S), Some(5));
        let hidden = "<!--<script>x</script>y--></script>";
        assert_eq!(raw_text_end(hidden, "script", S), Some(hidden.len() - 9));
        let back = "<!--<script></script></script>";
        assert_eq!(raw_text_end(back, "script", S), Some(21));
        assert_eq!(raw_text_end("<!--<script>", "script", S), None);
        assert_eq!(raw_text_end("<!--> </script>", "script", S), Some(6));
        assert_eq!(raw_text_end("<!-x</script/", "script", S), Some(4));
    }
}
