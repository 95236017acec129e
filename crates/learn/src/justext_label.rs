//! `learn.justext_label`: jusText's final verdict on each block — its context-free
//! class revised by the neighbours, as jusText's four context passes revise it — as a
//! column (good 1, bad 0).
//!
//! Why: `learn.justext_class` gives the trees jusText's context-free class, and
//! `learn.neighbour` the classes two blocks either side; but jusText decides a short or
//! near-good block by the nearest good or bad block however far away it is (a caption
//! between two paragraphs, a run of short lines inside an article), which no fixed
//! window of neighbours shows. The passes are jusText's own
//! ([`pith_justext::passes`]), run with the intended heading behaviour (jusText 4's and
//! the Java port's, not 3.0.2's no-op) on the blocks of the pipeline's segmenter.
//!
//! Fields: the context-free thresholds as [`JustextClass`]'s (`length_low` 70,
//! `length_high` 200, `stopwords_low` 0.30, `stopwords_high` 0.32, `max_link_density`
//! 0.2), `max_heading_distance` (200 characters) and `max_good_distance` (none: jusText
//! 3's unbounded neighbour search; jusText 4 bounds it at 5 to 10 blocks), and `key`
//! (default `learn.justext_label`), so that two settings can be columns side by side.
//! Requires `justext.length`, `justext.link_density`, `justext.stopwords_density` and
//! `justext.heading`.

use pith_core::{
    AttributeUse, Block, ContextPass, Feature, FeatureKey, FeatureTable, Label, PassContext, Result,
};
use pith_justext::features::{HEADING, LENGTH, LINK_DENSITY, STOPWORDS_DENSITY};
use pith_justext::passes::{EdgeRule, GoodHeadings, MoreGoodHeadings, ReviseNearGood, ReviseShort};
use serde::{Deserialize, Serialize};

use crate::features::{d02, d030, d032, d200, d70, JustextClass};

/// The default key of [`JustextLabel`].
pub const JUSTEXT_LABEL: FeatureKey = FeatureKey::new("learn.justext_label");

/// The `learn.justext_label` feature (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustextLabel {
    /// Shorter blocks are short (or bad, with links).
    #[serde(default = "d70")]
    pub length_low: f64,
    /// Longer blocks with enough stop words are good.
    #[serde(default = "d200")]
    pub length_high: f64,
    /// Lower stop-word density: bad.
    #[serde(default = "d030")]
    pub stopwords_low: f64,
    /// Stop-word density for good.
    #[serde(default = "d032")]
    pub stopwords_high: f64,
    /// Higher link density: bad.
    #[serde(default = "d02")]
    pub max_link_density: f64,
    /// Characters of text a heading may be away from the good block that keeps it.
    #[serde(default = "d_heading")]
    pub max_heading_distance: usize,
    /// jusText 4's bound on the neighbour search, in blocks (none: unbounded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_good_distance: Option<usize>,
    /// The column's key (default `learn.justext_label`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

fn d_heading() -> usize {
    200
}

impl Default for JustextLabel {
    fn default() -> Self {
        let class = JustextClass::default();
        JustextLabel {
            length_low: class.length_low,
            length_high: class.length_high,
            stopwords_low: class.stopwords_low,
            stopwords_high: class.stopwords_high,
            max_link_density: class.max_link_density,
            max_heading_distance: d_heading(),
            max_good_distance: None,
            key: None,
        }
    }
}

impl JustextLabel {
    fn class(&self) -> JustextClass {
        JustextClass {
            length_low: self.length_low,
            length_high: self.length_high,
            stopwords_low: self.stopwords_low,
            stopwords_high: self.stopwords_high,
            max_link_density: self.max_link_density,
        }
    }
}

#[typetag::serde(name = "learn.justext_label")]
impl Feature for JustextLabel {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        match &self.key {
            Some(key) => FeatureKey(key.clone().into()),
            None => JUSTEXT_LABEL,
        }
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![LENGTH, LINK_DENSITY, STOPWORDS_DENSITY, HEADING]
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        let cf_labels: Vec<Label> = self.class().labels(blocks, table).collect();
        let mut labels = cf_labels.clone();
        let context = PassContext {
            blocks,
            features: table,
            cf_labels: &cf_labels,
            document: None,
        };
        // jusText's four context passes, in their order, heading pass as jusText 4 runs it.
        let d = self.max_good_distance;
        let heading = self.max_heading_distance;
        (GoodHeadings {
            max_heading_distance: heading,
            reproduce_3_0_2_bug: false,
        })
        .revise(context, &mut labels)?;
        (ReviseShort {
            max_good_distance: d,
            edge: EdgeRule::Python,
        })
        .revise(context, &mut labels)?;
        (ReviseNearGood {
            max_good_distance: d,
        })
        .revise(context, &mut labels)?;
        (MoreGoodHeadings {
            max_heading_distance: heading,
            require_cf_not_bad: true,
        })
        .revise(context, &mut labels)?;
        Ok(labels
            .iter()
            .map(|&l| f64::from(u8::from(l == Label::Good)))
            .collect())
    }
}
