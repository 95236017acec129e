//! Plain text and tags handed to the tree builder without html5ever's tokenizer.
//!
//! Why: html5ever's tokenizer reads a tag's name and every attribute's name one
//! character at a time, each taken off the input queue and pushed onto a growing
//! string; on the scrapinghub pages that was about a seventh of the `pith` preset's
//! instructions and more of `justext`'s. The attribute cut ([`crate::attrskip`]) already
//! reads every start tag with the WHATWG tag states, at the one place where the tokenizer
//! is known to be in the data state: right after a tag, where the guard pauses it. There
//! the driver now reads on by itself while what follows is plain, and hands the guard
//! the tokens the tokenizer would have made:
//!
//! - text up to the next `<` holding no `&` (a character reference), NUL or CR (line
//!   breaks are normalised before the parse, so CR never comes), as one character token;
//! - then a start tag (`<` and an ASCII letter) or an end tag (`</` and an ASCII letter)
//!   that ends before the text does and holds no NUL, as one tag token: its name in
//!   lower case (ASCII letters only, as the tokenizer lowers them), self-closing when it
//!   ends in `/>`, a start tag with the attributes the cut keeps, each value as written
//!   between its quotes (or up to the space or `>` that ends an unquoted one), a later
//!   attribute of a name already seen dropped (`had_duplicate_attributes`), as the
//!   tokenizer drops it;
//! - or a comment (`<!--` … `-->` or `--!>`) that ends before the text does and holds no
//!   NUL, as one comment token of all between (`<!-->` and `<!--->` empty).
//!
//! Everything else stops it, and the tokenizer reads on from there: a character
//! reference in the text or in a kept value, an end tag with attributes, a doctype,
//! CDATA, a `<` that begins no tag, a tag or comment the text ends inside, and the start
//! tags that take the tokenizer out of the data state (`script`, `style`, `title`,
//! `textarea`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript`, `plaintext`: the tree
//! builder answers them with another tokenizer state, which only the tokenizer can
//! enter). Their end tags are read here: an end tag never changes the tokenizer's state
//! (the tree builder answers `</script>` with a script to run, which the guard turns into
//! its pause, as it does for the tokenizer). So the tree builder gets the same tokens in
//! the same order, and builds the same tree: `tests/omit_parse.rs` compares trees with
//! html5ever's own on generated pages, and the `omit_parse` fuzz target does on any
//! input. Text is handed over in one token where the tokenizer may hand it
//! in several (it stops at line breaks in short runs); the tree builder reads a character
//! token as the characters it holds, whatever their grouping, as it must for the
//! tokenizer's own groupings, which depend on the processor's vector instructions.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult};
use html5ever::{local_name, ns, Attribute, LocalName, QualName};

use crate::attrskip::{comment_end, record_span, scan_tag, AttributeCut, AttributeSpan};
use crate::guard::{raw_kind, Guard};

/// Whether a start tag of this (lower-case) name is left to the tokenizer: the tree
/// builder may answer it by switching the tokenizer to another state — raw text or
/// script data (the guard's [`raw_kind`]), plain text, or raw text for `noscript` with
/// scripting on (it is off, but `noscript` is left to the tokenizer all the same).
fn switches_the_tokenizer(name: &LocalName) -> bool {
    raw_kind(name).is_some() || matches!(*name, local_name!("plaintext") | local_name!("noscript"))
}

/// Scratch space reused from tag to tag.
#[derive(Default)]
pub(crate) struct DirectReader {
    spans: Vec<AttributeSpan>,
    kept: Vec<bool>,
}

impl DirectReader {
    /// Reads plain text and tags from the front of `input` into `sink` (see the
    /// [module docs](self)) until something is not plain; what is left is for the
    /// tokenizer, which must be in the data state, paused after a tag (or not started).
    /// `cut` says which attributes stay.
    pub(crate) fn read<S: TokenSink>(
        &mut self,
        input: &BufferQueue,
        sink: &Guard<S>,
        cut: &AttributeCut,
    ) {
        while let Some(chunk) = input.pop_front() {
            let read = self.read_chunk(&chunk, sink, cut);
            if read < chunk.len() {
                input.push_front(chunk.subtendril(read as u32, (chunk.len() - read) as u32));
                return;
            }
        }
    }

    /// Reads plain text and tags from the front of `chunk` into `sink`, and returns how
    /// far it read (all of it, or up to where the tokenizer must read on).
    fn read_chunk<S: TokenSink>(
        &mut self,
        chunk: &StrTendril,
        sink: &Guard<S>,
        cut: &AttributeCut,
    ) -> usize {
        let b = chunk.as_bytes();
        let mut at = 0;
        while at < b.len() {
            let Some(lt) = memchr::memchr(b'<', &b[at..]).map(|i| at + i) else {
                break;
            };
            if memchr::memchr3(b'&', 0, b'\r', &b[at..lt]).is_some() {
                break;
            }
            let Some((token, end)) = self.token_at(chunk, lt, cut) else {
                break;
            };
            if lt > at {
                let text = Token::CharacterTokens(chunk.subtendril(at as u32, (lt - at) as u32));
                let result = sink.process_token(text, 0);
                debug_assert!(matches!(result, TokenSinkResult::Continue));
            }
            let is_tag = matches!(token, Token::TagToken(_));
            let result = sink.process_token(token, 0);
            at = end;
            if is_tag {
                // The guard pauses the tokenizer after every tag that leaves it in the
                // data state; with the start tags above left to the tokenizer, that is
                // every tag here (its answer is the pause).
                let paused = sink.take_tag_end();
                debug_assert!(paused, "a tag read directly left the data state");
                if !paused {
                    break;
                }
            } else {
                debug_assert!(matches!(result, TokenSinkResult::Continue));
            }
        }
        at
    }

    /// The token of the tag or comment whose `<` is at `lt` in `text`, and where it
    /// ends, when it is plain (see the [module docs](self)).
    fn token_at(
        &mut self,
        text: &StrTendril,
        lt: usize,
        cut: &AttributeCut,
    ) -> Option<(Token, usize)> {
        let b = text.as_bytes();
        let (kind, open) = match *b.get(lt + 1)? {
            c if c.is_ascii_alphabetic() => (TagKind::StartTag, lt),
            // The end tag's name is read by the same states, from the `/` on.
            b'/' => (TagKind::EndTag, lt + 1),
            b'!' if b[lt + 2..].starts_with(b"--") => return comment_at(text, lt + 4),
            _ => return None,
        };
        self.spans.clear();
        let spans = &mut self.spans;
        let found = scan_tag(b, open, |mark| record_span(spans, mark))?;
        let self_closing = b[found.close] == b'/';
        let end = found.close + if self_closing { 2 } else { 1 };
        if memchr::memchr(0, &b[lt..end]).is_some() {
            return None;
        }
        let name = &b[open + 1..found.name_end];
        let tag_name = lower_name(&text[open + 1..found.name_end]);
        if kind == TagKind::StartTag && switches_the_tokenizer(&tag_name) {
            return None;
        }
        let mut attrs = Vec::new();
        let mut had_duplicate_attributes = false;
        match kind {
            TagKind::EndTag if !self.spans.is_empty() => return None,
            TagKind::EndTag => {}
            TagKind::StartTag => {
                let all = cut.keeps_all_of(name, found);
                if !all && cut.keeps_some_of(name) {
                    cut.mark_kept(b, name, &self.spans, &mut self.kept);
                } else {
                    self.kept.clear();
                    self.kept.resize(self.spans.len(), all);
                }
                for (span, _) in self.spans.iter().zip(&self.kept).filter(|(_, &k)| k) {
                    let value = span.value(b);
                    if memchr::memchr(b'&', &b[value.clone()]).is_some() {
                        return None;
                    }
                    let attribute = lower_name(&text[span.start..span.name_end]);
                    if attrs.iter().any(|a: &Attribute| a.name.local == attribute) {
                        had_duplicate_attributes = true;
                        continue;
                    }
                    attrs.push(Attribute {
                        name: QualName::new(None, ns!(), attribute),
                        value: text.subtendril(value.start as u32, value.len() as u32),
                    });
                }
            }
        }
        let tag = Tag {
            kind,
            name: tag_name,
            self_closing,
            attrs,
            had_duplicate_attributes,
        };
        Some((Token::TagToken(tag), end))
    }
}

/// The comment token of the comment whose text starts at `from` (just after its
/// `<!--`), and where the comment ends, when it ends before `text` does and holds no
/// NUL. Its text is all between `<!--` and the `-->` or `--!>` that ends it (the
/// comment states append every `-` and `!` they pass over), empty for `<!-->` and
/// `<!--->`, which end at once.
fn comment_at(text: &StrTendril, from: usize) -> Option<(Token, usize)> {
    let b = text.as_bytes();
    let end = comment_end(b, from)?;
    if memchr::memchr(0, &b[from..end]).is_some() {
        return None;
    }
    let to = match end - from {
        // `<!-->`, `<!--->`.
        0..=2 => from,
        _ if b[end - 2] == b'!' => end - 4,
        _ => end - 3,
    };
    let comment = text.subtendril(from as u32, (to - from) as u32);
    Some((Token::CommentToken(comment), end))
}

/// A tag's or attribute's name as the tokenizer makes it: ASCII letters in lower case.
fn lower_name(name: &str) -> LocalName {
    if name.bytes().any(|c| c.is_ascii_uppercase()) {
        LocalName::from(name.to_ascii_lowercase())
    } else {
        LocalName::from(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span_of(html: &str) -> AttributeSpan {
        let mut spans = Vec::new();
        scan_tag(html.as_bytes(), 0, |m| record_span(&mut spans, m)).unwrap();
        spans[0]
    }

    fn value(html: &str) -> &str {
        &html[span_of(html).value(html.as_bytes())]
    }

    #[test]
    fn values_are_read_as_the_tokenizer_reads_them() {
        assert_eq!(value("<p a=\"x y\">"), "x y");
        assert_eq!(value("<p a='x\"y'>"), "x\"y");
        assert_eq!(value("<p a=x>"), "x");
        assert_eq!(value("<p a = x/>"), "x/");
        assert_eq!(value("<p a>"), "");
        assert_eq!(value("<p a= >"), "");
        assert_eq!(value("<p a=\"\">"), "");
        assert_eq!(value("<p a b=c>"), "");
    }
}
