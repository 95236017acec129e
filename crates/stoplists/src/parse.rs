//! Line splitting, stripping and lower-casing exactly as the Python reference.

use std::ops::Range;

use rustc_hash::FxHashSet as HashSet;

use crate::lower::push_lowercase;

/// Splits `data` like Python's `bytes.splitlines()`.
///
/// Line boundaries are `\n`, `\r\n` and `\r` only. A final line boundary
/// does not start an extra empty line (`b"a\n".splitlines() == [b"a"]`), but
/// an empty line between two boundaries is kept (`b"a\n\nb"` gives
/// `[b"a", b"", b"b"]`), and empty data gives no line at all.
pub(crate) fn bytes_splitlines(data: &[u8]) -> Vec<&[u8]> {
    line_ranges(data).into_iter().map(|r| &data[r]).collect()
}

/// Where the lines of [`bytes_splitlines`] are in `data`.
fn line_ranges(data: &[u8]) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < data.len() {
        match data[i] {
            b'\n' => {
                lines.push(start..i);
                i += 1;
                start = i;
            }
            b'\r' => {
                lines.push(start..i);
                i += if data.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < data.len() {
        lines.push(start..data.len());
    }
    lines
}

/// Parses a built-in stoplist like jusText 3.0.2's `justext.utils.get_stoplist`:
///
/// ```python
/// frozenset(w.decode("utf8").lower() for w in stopwords.splitlines())
/// ```
///
/// Returns the 1-based number of the first line that is not valid UTF-8 on
/// failure (which `get_stoplist` would report as a `UnicodeDecodeError`).
///
/// The data is checked as UTF-8 once, whole (lines break at ASCII bytes, so its lines
/// are then UTF-8 too), and each line is lowered with [`push_lowercase`] into a string
/// of its own length: a list is parsed on its first use in a process, and Korean's
/// 13,236 words cost a pith run on a few hundred pages a measurable share.
pub(crate) fn parse_builtin(data: &[u8]) -> Result<HashSet<String>, usize> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Err(first_invalid_line(data));
    };
    let lines = line_ranges(data);
    let mut words = HashSet::with_capacity_and_hasher(lines.len(), Default::default());
    for line in lines {
        // Lines end at ASCII bytes, so each is a slice of whole characters.
        let line = &text[line];
        let mut word = String::with_capacity(line.len());
        push_lowercase(line, &mut word);
        words.insert(word);
    }
    Ok(words)
}

/// The 1-based number of the first line of `data` that is not valid UTF-8 (1 when
/// every line is: that does not happen for data that is not UTF-8 as a whole).
fn first_invalid_line(data: &[u8]) -> usize {
    bytes_splitlines(data)
        .into_iter()
        .position(|line| std::str::from_utf8(line).is_err())
        .map_or(1, |index| index + 1)
}

/// True for the characters Python's `str.splitlines()` breaks lines at
/// (`\r\n` is handled by the caller as one boundary).
fn is_python_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\u{0b}'
            | '\u{0c}'
            | '\u{1c}'
            | '\u{1d}'
            | '\u{1e}'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// True for the characters Python's `str.isspace()` (and so `str.strip()`)
/// treats as whitespace: Rust's `char::is_whitespace` plus the four
/// information separators U+001C..=U+001F.
pub(crate) fn is_python_whitespace(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Splits `text` like Python's `str.splitlines()`: at every
/// [`is_python_line_break`] character, `\r\n` counting as one boundary, with
/// no extra empty line after a final boundary.
pub(crate) fn str_splitlines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if is_python_line_break(c) {
            lines.push(&text[start..i]);
            let mut end = i + c.len_utf8();
            if c == '\r' {
                if let Some(&(j, '\n')) = chars.peek() {
                    chars.next();
                    end = j + 1;
                }
            }
            start = end;
        }
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// Parses a user's stoplist file like the jusText 3.0.2 command line
/// (`python -m justext -s FILE`) followed by `classify_paragraphs`:
///
/// ```python
/// stoplist = set([l.strip() for l in codecs.open(a, 'r', 'utf8')])
/// stoplist = frozenset(w.lower() for w in stoplist)   # define_stoplist
/// ```
///
/// The whole file must be UTF-8 (a byte-order mark is not removed: it stays
/// part of the first word, as with Python's `utf8` codec). Lines break where
/// `str.splitlines()` breaks them, each line is stripped of Python whitespace
/// and lower-cased. A blank or whitespace-only line contributes the empty
/// string, exactly as in the reference (where `set([""])` is not empty); it can
/// never match a word of a paragraph.
///
/// Returns the 1-based number of the line holding the first invalid UTF-8
/// byte on failure.
pub(crate) fn parse_user_file(data: &[u8]) -> Result<HashSet<String>, usize> {
    let text = std::str::from_utf8(data).map_err(|e| {
        // The prefix before the error is valid UTF-8 by definition.
        let valid = std::str::from_utf8(&data[..e.valid_up_to()]).unwrap_or_default();
        line_of_offset(valid)
    })?;
    Ok(str_splitlines(text)
        .into_iter()
        .map(|line| line.trim_matches(is_python_whitespace).to_lowercase())
        .collect())
}

/// The 1-based line number of the position right after `prefix`.
fn line_of_offset(prefix: &str) -> usize {
    let complete = str_splitlines(prefix).len();
    let ends_in_break = prefix.chars().next_back().is_some_and(is_python_line_break);
    if ends_in_break || prefix.is_empty() {
        complete + 1
    } else {
        complete
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_splitlines_matches_python() {
        let cases: &[(&[u8], &[&[u8]])] = &[
            (b"", &[]),
            (b"\n", &[b""]),
            (b"a", &[b"a"]),
            (b"a\n", &[b"a"]),
            (b"a\n\n", &[b"a", b""]),
            (b"a\r\nb\rc\n", &[b"a", b"b", b"c"]),
            (b"a\r\rb", &[b"a", b"", b"b"]),
            (b"a\n\rb", &[b"a", b"", b"b"]),
            (b"a\x0bb\x0cc", &[b"a\x0bb\x0cc"]),
        ];
        for (input, expected) in cases {
            assert_eq!(bytes_splitlines(input), *expected, "input {input:?}");
        }
    }

    #[test]
    fn str_splitlines_matches_python() {
        let cases: &[(&str, &[&str])] = &[
            ("", &[]),
            ("\n", &[""]),
            ("a\r\nb\rc\n", &["a", "b", "c"]),
            (
                "a\x0bb\x0cc\x1cd\x1de\x1ef\x1fg",
                &["a", "b", "c", "d", "e", "f\x1fg"],
            ),
            ("a\u{85}b\u{2028}c\u{2029}d", &["a", "b", "c", "d"]),
            ("a\r\r\nb", &["a", "", "b"]),
        ];
        for (input, expected) in cases {
            assert_eq!(str_splitlines(input), *expected, "input {input:?}");
        }
    }

    #[test]
    fn line_numbers_of_invalid_bytes() {
        assert_eq!(parse_user_file(b"\xff"), Err(1));
        assert_eq!(parse_user_file(b"ab\xff\n"), Err(1));
        assert_eq!(parse_user_file(b"a\nb\r\nc\xff"), Err(3));
        assert_eq!(parse_user_file(b"a\nb\r\n\xff"), Err(3));
        assert_eq!(parse_user_file(b"a\r\xff"), Err(2));
        assert_eq!(parse_builtin(b"a\n\xc3"), Err(2));
    }
}
