//! A list of numbers in a pipeline file as one string, the numbers separated by spaces
//! (`"0.5 3.0 65.5"`): how `learn.trees` writes the five arrays of each tree. Read
//! from such a string or from an array of numbers (`[0.5, 3.0, 65.5]`, as files
//! written before 2026-12-07 have them, and as a person may write them).
//!
//! Why: a pipeline's stages are read through `typetag`, which hands every value to its
//! stage through `erased_serde`, a few dynamic calls per value. The `pith` preset's 100
//! trees hold about 72,000 numbers: read one by one, they took more than half of the
//! instructions of starting `pith extract` (27 of 49 million; 35 million in all with the
//! lists as strings). As strings, each array is one value, and its numbers are parsed
//! by Rust's own number parsers.
//!
//! The text of a number is Rust's `Debug` form, the shortest that reads back as the
//! same bits (`0.5`, `3.0`, `1e-7`), so a file written and read again holds the same
//! trees, down to the bit; `NaN`, `inf` and `-inf`, which a JSON array cannot hold,
//! are written and read too.
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Leaves {
//!     #[serde(with = "pith_learn::number_list")]
//!     value: Vec<f64>,
//! }
//! let leaves = Leaves { value: vec![0.5, -1e-7, f64::INFINITY] };
//! let text = serde_json::to_string(&leaves).unwrap();
//! assert_eq!(text, r#"{"value":"0.5 -1e-7 inf"}"#);
//! assert_eq!(serde_json::from_str::<Leaves>(&text).unwrap(), leaves);
//! let array: Leaves = serde_json::from_str(r#"{"value": [0.5, -1e-7]}"#).unwrap();
//! assert_eq!(array.value, [0.5, -1e-7]);
//! ```

use std::fmt::{self, Debug, Write};
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serializer};

/// Writes `numbers` as one string, each in its `Debug` form, separated by spaces.
pub fn serialize<S: Serializer, T: Debug>(numbers: &[T], serializer: S) -> Result<S::Ok, S::Error> {
    let mut text = String::with_capacity(numbers.len() * 8);
    for (i, n) in numbers.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        write!(text, "{n:?}").expect("a String takes any text");
    }
    serializer.serialize_str(&text)
}

/// Reads a string of numbers separated by ASCII whitespace, or an array of numbers.
pub fn deserialize<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr + Deserialize<'de>,
{
    deserializer.deserialize_any(NumberList(PhantomData))
}

/// The visitor of [`deserialize`].
struct NumberList<T>(PhantomData<T>);

impl<'de, T: FromStr + Deserialize<'de>> Visitor<'de> for NumberList<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string of numbers separated by spaces, or an array of numbers")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Vec<T>, E> {
        (text.split_ascii_whitespace())
            .map(|word| {
                word.parse()
                    .map_err(|_| E::custom(format!("{word:?} is not a number of this list")))
            })
            .collect()
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut numbers = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(n) = seq.next_element()? {
            numbers.push(n);
        }
        Ok(numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Lists {
        #[serde(with = "super")]
        floats: Vec<f64>,
        #[serde(with = "super")]
        indexes: Vec<u32>,
    }

    #[test]
    fn strings_and_arrays_read_alike_and_bad_numbers_are_named() {
        let from_string: Lists =
            serde_json::from_str(r#"{"floats": " 1.5  -2e3\n0 ", "indexes": "7 0 3"}"#).unwrap();
        let from_arrays: Lists =
            serde_json::from_str(r#"{"floats": [1.5, -2000, 0], "indexes": [7, 0, 3]}"#).unwrap();
        assert_eq!(from_string, from_arrays);
        let empty: Lists = serde_json::from_str(r#"{"floats": "", "indexes": []}"#).unwrap();
        assert!(empty.floats.is_empty() && empty.indexes.is_empty());
        let err = serde_json::from_str::<Lists>(r#"{"floats": "1 x", "indexes": ""}"#);
        assert!(err
            .unwrap_err()
            .to_string()
            .contains("\"x\" is not a number"));
        let negative = serde_json::from_str::<Lists>(r#"{"floats": "", "indexes": "-1"}"#);
        assert!(negative.is_err(), "an index is not negative");
        let not_a_list = serde_json::from_str::<Lists>(r#"{"floats": 1.0, "indexes": ""}"#);
        assert!(not_a_list.is_err());
    }

    #[test]
    fn toml_reads_both_forms() {
        let lists: Lists = toml::from_str("floats = \"0.25 inf\"\nindexes = [1, 2]").unwrap();
        assert_eq!(lists.floats, [0.25, f64::INFINITY]);
        assert_eq!(lists.indexes, [1, 2]);
    }

    proptest! {
        /// Written and read again, every number is the same bits (a `NaN` a `NaN`):
        /// the infinities, `-0.0`, subnormals and the extremes included.
        #[test]
        fn numbers_read_back_as_the_same_bits(
            floats in prop::collection::vec(any::<f64>(), 0..40),
            indexes in prop::collection::vec(any::<u32>(), 0..40),
        ) {
            let lists = Lists { floats, indexes };
            let text = serde_json::to_string(&lists).unwrap();
            let back: Lists = serde_json::from_str(&text).unwrap();
            let bits = |v: &[f64]| {
                v.iter().map(|f| (!f.is_nan()).then(|| f.to_bits())).collect::<Vec<_>>()
            };
            prop_assert_eq!(bits(&back.floats), bits(&lists.floats));
            prop_assert_eq!(back.indexes, lists.indexes);
        }
    }
}
