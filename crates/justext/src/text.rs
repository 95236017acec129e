//! Python's notion of whitespace, and jusText's text normalisation built on it.
//!
//! jusText normalises with the regex `\s+` and strips and splits with `str.strip()` and
//! `str.split()`; in Python 3.11 all three use the same whitespace set, which is wider
//! than Rust's `char::is_whitespace` (it includes U+001C–U+001F). Using Rust's set
//! would change paragraph texts, lengths and word counts.

/// Python 3.11's `str.isspace()` for one character.
pub fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{d}'
            | '\u{1c}'..='\u{20}'
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// The length in bytes of the Python whitespace character starting at `b[i]`, if one
/// does. Continuation bytes never start a match, so callers may step byte by byte.
#[inline(always)]
fn python_space_len(b: &[u8], i: usize) -> Option<usize> {
    match b[i] {
        0x09..=0x0d | 0x1c..=0x20 => Some(1),
        // U+0085, U+00A0
        0xc2 => matches!(b.get(i + 1), Some(0x85 | 0xa0)).then_some(2),
        // U+1680
        0xe1 => (b.get(i + 1..i + 3) == Some(&[0x9a, 0x80])).then_some(3),
        // U+2000–U+200A, U+2028, U+2029, U+202F, U+205F
        0xe2 => match (b.get(i + 1), b.get(i + 2)) {
            (Some(0x80), Some(0x80..=0x8a | 0xa8 | 0xa9 | 0xaf)) | (Some(0x81), Some(0x9f)) => {
                Some(3)
            }
            _ => None,
        },
        // U+3000
        0xe3 => (b.get(i + 1..i + 3) == Some(&[0x80, 0x80])).then_some(3),
        _ => None,
    }
}

/// Whether a string is empty or all whitespace (jusText's `is_blank`).
pub fn is_blank(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match python_space_len(b, i) {
            Some(len) => i += len,
            None => return false,
        }
    }
    true
}

/// Bytes that can start a Python whitespace character (see [`python_space_len`]).
const MAY_START_SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(b, 0x09..=0x0d | 0x1c..=0x20 | 0xc2 | 0xe1 | 0xe2 | 0xe3);
        b += 1;
    }
    table
};

/// jusText's `normalize_whitespace`: every maximal run of whitespace becomes `"\n"` if
/// it contains a line feed or carriage return, else one space. Nothing is trimmed.
///
/// It runs on bytes and copies the text between changed runs a slice at a time (a run
/// that is one space already is left in place): this is called for every text node and
/// every paragraph.
pub fn normalize_whitespace(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut copied_to = 0;
    let mut i = 0;
    while i < b.len() {
        if !MAY_START_SPACE[b[i] as usize] || python_space_len(b, i).is_none() {
            i += 1;
            continue;
        }
        let run_start = i;
        let mut newline = false;
        while let Some(len) = (i < b.len()).then(|| python_space_len(b, i)).flatten() {
            newline |= b[i] == b'\n' || b[i] == b'\r';
            i += len;
        }
        if i - run_start == 1 && b[run_start] == b' ' {
            continue;
        }
        out.push_str(&s[copied_to..run_start]);
        out.push(if newline { '\n' } else { ' ' });
        copied_to = i;
    }
    out.push_str(&s[copied_to..]);
    out
}

/// Python's `str.strip()` with no argument.
pub fn python_strip(s: &str) -> &str {
    s.trim_matches(is_python_space)
}

/// Python's `str.split()` with no argument.
///
/// Read byte by byte: a byte that cannot start a whitespace character (nearly every
/// byte of a word) is passed over after one table lookup, where `str::split` with
/// [`is_python_space`] decoded every character and tested it against each range. The
/// words of every paragraph are split this way, for the word and the stop-word counts.
pub fn python_split(s: &str) -> PythonWords<'_> {
    PythonWords { text: s, at: 0 }
}

/// The iterator of [`python_split`].
#[derive(Clone, Debug)]
pub struct PythonWords<'a> {
    text: &'a str,
    /// Where the next search starts (a character boundary).
    at: usize,
}

impl<'a> Iterator for PythonWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let b = self.text.as_bytes();
        let mut i = self.at;
        while i < b.len() && MAY_START_SPACE[usize::from(b[i])] {
            match python_space_len(b, i) {
                Some(len) => i += len,
                None => break,
            }
        }
        if i == b.len() {
            self.at = i;
            return None;
        }
        let start = i;
        // Continuation bytes never start a space, so a word ends on a boundary.
        while i < b.len()
            && !(MAY_START_SPACE[usize::from(b[i])] && python_space_len(b, i).is_some())
        {
            i += 1;
        }
        self.at = i;
        Some(&self.text[start..i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_with_newlines_become_newlines() {
        assert_eq!(normalize_whitespace("a \t b"), "a b");
        assert_eq!(normalize_whitespace("a \r\n b"), "a\nb");
        assert_eq!(normalize_whitespace("  a  "), " a ");
        assert_eq!(normalize_whitespace("d\u{1f}e"), "d e");
        assert_eq!(normalize_whitespace("x\u{a0}y"), "x y");
    }

    /// The definition, one character at a time.
    fn normalize_by_chars(s: &str) -> String {
        let mut out = String::new();
        let mut run: Option<bool> = None;
        for c in s.chars() {
            if is_python_space(c) {
                run = Some(run.unwrap_or(false) || c == '\n' || c == '\r');
            } else {
                if let Some(nl) = run.take() {
                    out.push(if nl { '\n' } else { ' ' });
                }
                out.push(c);
            }
        }
        if let Some(nl) = run {
            out.push(if nl { '\n' } else { ' ' });
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn bytes_give_the_definition(
            s in "[ a\t\r\n\u{b}\u{1c}\u{1f}\u{85}\u{a0}\u{1680}\u{2000}\u{200a}\u{200b}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}\u{3001}é€]{0,40}"
        ) {
            proptest::prop_assert_eq!(normalize_whitespace(&s), normalize_by_chars(&s));
            proptest::prop_assert_eq!(is_blank(&s), s.chars().all(is_python_space));
        }

        #[test]
        fn words_are_those_of_a_split_at_every_space(
            s in "([ a\t\r\n\u{b}\u{1c}\u{1f}\u{85}\u{a0}\u{1680}\u{2000}\u{200a}\u{200b}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}\u{3001}é€\u{e2}\u{c2}\u{9a}\u{1681}\u{2030}\u{3041}]|\\PC){0,40}"
        ) {
            let by_chars: Vec<&str> = s.split(is_python_space).filter(|w| !w.is_empty()).collect();
            proptest::prop_assert_eq!(python_split(&s).collect::<Vec<_>>(), by_chars);
        }

        #[test]
        fn every_char_is_classified_as_python_does(c in proptest::char::any()) {
            let s = c.to_string();
            proptest::prop_assert_eq!(is_blank(&s), is_python_space(c));
        }
    }

    #[test]
    fn strip_and_split_use_the_python_set() {
        assert_eq!(python_strip("\u{1c} a b \u{3000}"), "a b");
        assert_eq!(
            python_split(" a\u{1f}b  c ").collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        assert!(is_blank("\u{a0}\n "));
        assert!(!is_blank("\u{feff}"));
    }
}
