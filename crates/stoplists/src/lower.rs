//! [`str::to_lowercase`] into a buffer the caller keeps, quick for the scripts
//! stoplists are written in.
//!
//! Why: every word of a built-in list is lower-cased when the list is first used
//! (13,236 for Korean, 5,151 for Russian), and every non-ASCII word of a page before
//! its lookup. The standard library searches its case tables for each non-ASCII
//! character and allocates a new string for each word: about a thousand
//! instructions a Korean or Russian word. Here the code points below U+0800 (Latin,
//! Greek, Cyrillic, Armenian, Hebrew, Arabic …) are lowered from a table filled once
//! per process from `char::to_lowercase` itself, Hangul syllables, kana and CJK
//! ideographs (which have no case) are copied, and any other character goes through
//! `char::to_lowercase`. A unit test checks every code point against the standard
//! library.

use std::sync::LazyLock;

/// Code points below this are lowered from the table.
const TABLE_END: u32 = 0x800;

/// Marks a code point whose lower case is not one character below [`TABLE_END`]
/// (İ, U+0130, lowers to two): it goes through `char::to_lowercase`.
const NOT_IN_TABLE: u16 = u16::MAX;

/// Blocks whose characters have no case: each lowers to itself.
const CASELESS: [std::ops::RangeInclusive<u32>; 3] = [
    0x3040..=0x30FF, // Hiragana and Katakana
    0x4E00..=0x9FFF, // CJK Unified Ideographs
    0xAC00..=0xD7A3, // Hangul syllables
];

/// The lower case of each code point below [`TABLE_END`], or [`NOT_IN_TABLE`].
static TABLE: LazyLock<Vec<u16>> = LazyLock::new(|| {
    (0..TABLE_END)
        .map(|cp| {
            let Some(c) = char::from_u32(cp) else {
                return NOT_IN_TABLE;
            };
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if u32::from(l) < TABLE_END => u32::from(l) as u16,
                _ => NOT_IN_TABLE,
            }
        })
        .collect()
});

/// Appends `word` lower-cased to `out`: exactly what `out.push_str(&word.to_lowercase())`
/// appends, without allocating when `out` has room.
///
/// ```
/// let mut out = String::new();
/// pith_stoplists::push_lowercase("ÜBER Сегодня 한국 ΟΔΟΣ İ", &mut out);
/// assert_eq!(out, "ÜBER Сегодня 한국 ΟΔΟΣ İ".to_lowercase());
/// ```
pub fn push_lowercase(word: &str, out: &mut String) {
    if word.is_ascii() {
        let start = out.len();
        out.push_str(word);
        out[start..].make_ascii_lowercase();
        return;
    }
    let table = &*TABLE;
    let start = out.len();
    out.reserve(word.len());
    for c in word.chars() {
        if c == 'Σ' {
            // A capital sigma lowers by its place in the word (σ or final ς): the
            // standard library knows the rule.
            out.truncate(start);
            out.push_str(&word.to_lowercase());
            return;
        }
        let cp = u32::from(c);
        let from_table = table.get(cp as usize).copied().unwrap_or(NOT_IN_TABLE);
        if from_table != NOT_IN_TABLE {
            out.push(char::from_u32(u32::from(from_table)).unwrap_or(c));
        } else if CASELESS.iter().any(|r| r.contains(&cp)) {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point, alone and between letters, against `str::to_lowercase`.
    #[test]
    fn every_character_lowers_as_the_standard_library_lowers_it() {
        let mut out = String::new();
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            for word in [c.to_string(), format!("Ab{c}Яz")] {
                out.clear();
                push_lowercase(&word, &mut out);
                assert_eq!(out, word.to_lowercase(), "{c:?}");
            }
        }
    }

    #[test]
    fn sigma_keeps_its_final_form() {
        let mut out = String::from("x");
        push_lowercase("ΟΔΟΣ ΟΔΟΣΣ Σ", &mut out);
        assert_eq!(out, format!("x{}", "ΟΔΟΣ ΟΔΟΣΣ Σ".to_lowercase()));
    }
}
