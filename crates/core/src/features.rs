//! Feature values: one column of numbers per feature, one row per block.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The name of a feature column, e.g. `"justext.stopwords_density"`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FeatureKey(pub Cow<'static, str>);

impl FeatureKey {
    /// A key from a static name.
    pub const fn new(name: &'static str) -> FeatureKey {
        FeatureKey(Cow::Borrowed(name))
    }

    /// The key's name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FeatureKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The computed features of all blocks of one page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FeatureTable {
    keys: Vec<FeatureKey>,
    columns: Vec<Vec<f64>>,
    language: Option<crate::Identification>,
    title: Option<String>,
}

impl FeatureTable {
    /// An empty table.
    pub fn new() -> FeatureTable {
        FeatureTable::default()
    }

    /// A table for a page whose language was identified (or not: `None`).
    pub fn for_language(language: Option<crate::Identification>) -> FeatureTable {
        FeatureTable {
            language,
            ..FeatureTable::default()
        }
    }

    /// A table for a page whose language was identified (or not) and whose `<title>`
    /// is `title` ([`FeatureTable::title`]).
    pub fn for_page(
        language: Option<crate::Identification>,
        title: Option<String>,
    ) -> FeatureTable {
        FeatureTable {
            language,
            title,
            ..FeatureTable::default()
        }
    }

    /// The page's title as the metadata reader read it from the page as parsed, before
    /// any tree stage (`Extraction::metadata`'s `title`: jusText's cleaning drops
    /// `<head>`, so a feature cannot find it in the tree it is given); `None` without
    /// one, or for blocks classified without their page.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The page's language, as the pipeline identified it before computing features
    /// (`None` when identification is off or found no letters).
    pub fn language(&self) -> Option<&crate::Identification> {
        self.language.as_ref()
    }

    /// Adds (or replaces) a column.
    pub fn insert(&mut self, key: FeatureKey, column: Vec<f64>) {
        match self.keys.iter().position(|k| *k == key) {
            Some(i) => self.columns[i] = column,
            None => {
                self.keys.push(key);
                self.columns.push(column);
            }
        }
    }

    /// The column of a feature.
    pub fn column(&self, key: &FeatureKey) -> Option<&[f64]> {
        self.column_named(&key.0)
    }

    /// The column of the feature whose key reads `name` ([`column`](Self::column)
    /// without building a key).
    ///
    /// ```
    /// # use pith_core::{FeatureKey, FeatureTable};
    /// let mut table = FeatureTable::new();
    /// table.insert(FeatureKey("justext.length".into()), vec![3.0, 5.0]);
    /// let key = FeatureKey("justext.length".into());
    /// assert_eq!(table.column_named("justext.length"), table.column(&key));
    /// assert_eq!(table.column_named("justext.length"), Some(&[3.0, 5.0][..]));
    /// assert_eq!(table.column_named("justext.words"), None);
    /// ```
    pub fn column_named(&self, name: &str) -> Option<&[f64]> {
        self.keys
            .iter()
            .position(|k| k.0 == name)
            .map(|i| self.columns[i].as_slice())
    }

    /// The value of a feature for one block; `None` if the feature was not computed.
    pub fn get(&self, key: &FeatureKey, block: usize) -> Option<f64> {
        self.column(key).and_then(|c| c.get(block).copied())
    }

    /// The keys, in the order the columns were computed.
    pub fn keys(&self) -> &[FeatureKey] {
        &self.keys
    }

    /// A view of one block's values.
    pub fn row(&self, block: usize) -> FeatureRow<'_> {
        FeatureRow { table: self, block }
    }
}

/// The features of one block.
#[derive(Clone, Copy, Debug)]
pub struct FeatureRow<'a> {
    table: &'a FeatureTable,
    block: usize,
}

impl FeatureRow<'_> {
    /// The block's value of a feature. Pipelines check at load time that every feature
    /// a stage requires is computed, so a missing value is a stage bug; it reads as NaN.
    pub fn get(&self, key: &FeatureKey) -> f64 {
        self.table.get(key, self.block).unwrap_or(f64::NAN)
    }

    /// The block's index on the page.
    pub fn block(&self) -> usize {
        self.block
    }
}
