//! [`Pattern`]: a regular expression that is a stage parameter.
//!
//! Readability.js keeps its class/id patterns in one `REGEXPS` table, all matched
//! case-insensitively (`/…/i`). Here each pattern is a field of the stage that uses it,
//! written in the pipeline file as its source string and compiled when the file is
//! loaded, so a bad pattern is a load-time error that names the field.

use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A case-insensitive regular expression (Rust `regex` syntax), saved as its source.
#[derive(Clone, Debug)]
pub struct Pattern {
    source: String,
    regex: Regex,
}

impl Pattern {
    /// Compiles `source` case-insensitively.
    pub fn new(source: &str) -> Result<Pattern, regex::Error> {
        let regex = RegexBuilder::new(source)
            .case_insensitive(true)
            .size_limit(1 << 22)
            .build()?;
        Ok(Pattern {
            source: source.to_owned(),
            regex,
        })
    }

    /// A pattern known to compile (the built-in defaults).
    pub(crate) fn builtin(source: &str) -> Pattern {
        Pattern::new(source).expect("built-in patterns compile")
    }

    /// The source as written in the pipeline file.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches anywhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }

    /// Number of pieces `text` splits into at the pattern's matches (JavaScript's
    /// `text.split(re).length`: one more than the number of matches).
    pub fn split_count(&self, text: &str) -> usize {
        self.regex.find_iter(text).count() + 1
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.source == other.source
    }
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.source)
    }
}

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pattern, D::Error> {
        let source = String::deserialize(d)?;
        Pattern::new(&source).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_case_insensitively_and_round_trips() {
        let p = Pattern::new("comment|^hid$").unwrap();
        assert!(p.is_match("user-COMMENTS"));
        assert!(p.is_match("hid"));
        assert!(!p.is_match("hidden"));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, "\"comment|^hid$\"");
        let back: Pattern = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<Pattern>("\"(\"").is_err());
    }

    #[test]
    fn split_count_is_matches_plus_one() {
        let commas = Pattern::new(",|\u{FF0C}").unwrap();
        assert_eq!(commas.split_count("a, b，c"), 3);
        assert_eq!(commas.split_count(""), 1);
    }
}
