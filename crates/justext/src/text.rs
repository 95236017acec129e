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

/// Whether a string is empty or all whitespace (jusText's `is_blank`).
pub fn is_blank(s: &str) -> bool {
    s.chars().all(is_python_space)
}

/// jusText's `normalize_whitespace`: every maximal run of whitespace becomes `"\n"` if
/// it contains a line feed or carriage return, else one space. Nothing is trimmed.
pub fn normalize_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut run_has_newline: Option<bool> = None;
    for c in s.chars() {
        if is_python_space(c) {
            let nl = c == '\n' || c == '\r';
            run_has_newline = Some(run_has_newline.unwrap_or(false) || nl);
        } else {
            if let Some(nl) = run_has_newline.take() {
                out.push(if nl { '\n' } else { ' ' });
            }
            out.push(c);
        }
    }
    if let Some(nl) = run_has_newline {
        out.push(if nl { '\n' } else { ' ' });
    }
    out
}

/// Python's `str.strip()` with no argument.
pub fn python_strip(s: &str) -> &str {
    s.trim_matches(is_python_space)
}

/// Python's `str.split()` with no argument.
pub fn python_split(s: &str) -> impl Iterator<Item = &str> {
    s.split(is_python_space).filter(|w| !w.is_empty())
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
