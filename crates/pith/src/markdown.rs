//! `--format markdown`: the kept blocks as CommonMark, for corpus builders who feed text
//! to language models and want its structure (headings with their level, list items,
//! block quotes, preformatted text) without HTML.
//!
//! Each block's shape comes from its `dom_path` ([`crate::shape`]); its text is the
//! block's whitespace-normalised text, but a preformatted block's as written when the
//! segmenter kept it ([`Block::preformatted`](pith_core::Block::preformatted):
//! `declutter.blocks`, as the `pith` preset segments), so code keeps its lines and
//! indentation inside its fence. Characters that Markdown would read as markup are
//! escaped, so the text reads back as the same text.

use std::io::{self, Write};

use pith_core::Extraction;

use crate::shape::{block_shape, BlockKind, BlockShape};

/// Writes the good blocks of `ex` as Markdown: one block per paragraph, separated by a
/// blank line, except consecutive list items, which form one list.
pub fn write_markdown<W: Write>(out: &mut W, ex: &Extraction) -> io::Result<()> {
    let mut previous: Option<BlockShape> = None;
    for (i, block) in ex.good_blocks_indexed() {
        let mut shape = block_shape(block);
        if matches!(shape.kind, BlockKind::Heading(_)) && crate::output::heading_denied(ex, i) {
            // `--no-headings` (jusText's `no_headings`): no block is a heading.
            shape.kind = BlockKind::Paragraph;
        }
        // An item nests at most one level below the item before it: the outer items
        // may be boilerplate, and an item indented under no item would be a code block.
        if let BlockKind::ListItem { depth, .. } = &mut shape.kind {
            *depth = (*depth).min(match previous {
                Some(BlockShape {
                    kind: BlockKind::ListItem { depth: above, .. },
                    quote_depth,
                }) if quote_depth == shape.quote_depth => above + 1,
                _ => 1,
            });
        }
        if let Some(prev) = previous {
            let same_list = matches!(prev.kind, BlockKind::ListItem { .. })
                && matches!(shape.kind, BlockKind::ListItem { .. })
                && prev.quote_depth == shape.quote_depth;
            if !same_list {
                let quote = "> ".repeat(prev.quote_depth.min(shape.quote_depth));
                writeln!(out, "{}", quote.trim_end())?;
            }
        }
        let text = match shape.kind {
            BlockKind::Preformatted => block.shown_text(),
            _ => &block.text,
        };
        write_block(out, shape, text)?;
        previous = Some(shape);
    }
    Ok(())
}

/// The Markdown of the good blocks as a string.
pub fn to_markdown(ex: &Extraction) -> String {
    let mut out = Vec::new();
    write_markdown(&mut out, ex).expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

fn write_block<W: Write>(out: &mut W, shape: BlockShape, text: &str) -> io::Result<()> {
    let quote = "> ".repeat(shape.quote_depth);
    match shape.kind {
        BlockKind::Heading(level) => {
            let hashes = "#".repeat(usize::from(level));
            writeln!(out, "{quote}{hashes} {}", escape(text))
        }
        BlockKind::ListItem { ordered, depth } => {
            // Four spaces per level nest under both `- ` and `1. ` items.
            let indent = "    ".repeat(depth - 1);
            let marker = if ordered { "1." } else { "-" };
            writeln!(out, "{quote}{indent}{marker} {}", escape(text))
        }
        BlockKind::Preformatted => {
            let fence = fence_for(text);
            writeln!(out, "{quote}{fence}")?;
            for line in text.lines() {
                writeln!(out, "{quote}{line}")?;
            }
            writeln!(out, "{quote}{fence}")
        }
        BlockKind::Paragraph => writeln!(out, "{quote}{}", escape(text)),
    }
}

/// A backtick fence longer than any run of backticks in the text.
fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

/// Escapes what CommonMark would read as markup: inline markers anywhere, and at the
/// start of the text what would open a heading, quote, list, fence or thematic break.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        // `#` everywhere: a heading's trailing ` #` would close it.
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    escape_line_start(out)
}

/// `+`, `-`, `=`, `~` or `1.`/`1)` at the start of a line would open a block (`#` and
/// `>` are escaped everywhere).
fn escape_line_start(text: String) -> String {
    let first = text.chars().next();
    if matches!(first, Some('+' | '-' | '=' | '~')) {
        return format!("\\{text}");
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && matches!(text.as_bytes().get(digits), Some(b'.' | b')')) {
        return format!("{}\\{}", &text[..digits], &text[digits..]);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape("a *b* _c_ [d](e) <f>"),
            r"a \*b\* \_c\_ \[d\](e) \<f\>"
        );
        assert_eq!(escape("# not a heading"), r"\# not a heading");
        assert_eq!(escape("- not an item"), r"\- not an item");
        assert_eq!(escape("1984. A year"), r"1984\. A year");
        assert_eq!(escape("plain text, 1. ok"), "plain text, 1. ok");
    }

    #[test]
    fn fences_outgrow_backticks_in_the_text() {
        assert_eq!(fence_for("no ticks"), "```");
        assert_eq!(fence_for("a ```` b"), "`````");
    }
}
