//! jusText's context-sensitive revision (algorithms.md A.8) as four passes:
//! `justext.good_headings`, `justext.revise_short`, `justext.revise_neargood`,
//! `justext.more_good_headings`; plus jusText 4's `max_good_distance` bound and the
//! Java port's edge behaviour as parameters.
//!
//! Invariant: a pass only relabels blocks whose context-free label is `short` or
//! `neargood`, except the heading passes, which may relabel headings.

use pith_core::{ContextPass, FeatureKey, Label, PassContext, Result};
use serde::{Deserialize, Serialize};

use crate::features::HEADING;

fn d_max_heading_distance() -> usize {
    200
}
fn default_true() -> bool {
    true
}

/// The result of a neighbour search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Neighbour {
    label: Label,
    /// False when the search ran off the document edge (or out of its window).
    found: bool,
}

/// The reference's `_get_neighbour`: step away from `i` until a `good` or `bad` (or a
/// `neargood`, unless ignored) is found; at the edge the answer is `bad`. With
/// `max_good_distance = Some(d)`, at most `d - 1` blocks are inspected (jusText 4).
fn neighbour(
    labels: &[Label],
    i: usize,
    forward: bool,
    ignore_neargood: bool,
    max_good_distance: Option<usize>,
) -> Neighbour {
    let limit = max_good_distance.map_or(usize::MAX, |d| d.saturating_sub(1));
    let mut j = i;
    let mut steps = 0;
    loop {
        if steps >= limit {
            break;
        }
        if forward {
            if j + 1 >= labels.len() {
                break;
            }
            j += 1;
        } else {
            if j == 0 {
                break;
            }
            j -= 1;
        }
        steps += 1;
        match labels[j] {
            Label::Good | Label::Bad => {
                return Neighbour {
                    label: labels[j],
                    found: true,
                }
            }
            Label::NearGood if !ignore_neargood => {
                return Neighbour {
                    label: Label::NearGood,
                    found: true,
                }
            }
            _ => {}
        }
    }
    Neighbour {
        label: Label::Bad,
        found: false,
    }
}

fn is_heading(ctx: &PassContext<'_>, i: usize) -> bool {
    ctx.features.get(&HEADING, i).unwrap_or(0.0) > 0.5
}

/// Whether a good block follows `i` within `max_heading_distance` characters.
fn good_follows(ctx: &PassContext<'_>, labels: &[Label], i: usize, max_distance: usize) -> bool {
    let mut distance = 0usize;
    let mut j = i + 1;
    while j < labels.len() && distance <= max_distance {
        if labels[j] == Label::Good {
            return true;
        }
        distance += ctx.blocks[j].len_chars();
        j += 1;
    }
    false
}

/// `justext.good_headings` (pass 1): a short heading followed by a good paragraph
/// within `max_heading_distance` (200) characters becomes `neargood`.
///
/// `reproduce_3_0_2_bug` (true): jusText 3.0.2 compares against labels it has not
/// copied yet, so this pass never changes anything; the `justext` preset keeps that.
/// Set it to false for the intended behaviour (jusText 2.2, the Java port, jusText 4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoodHeadings {
    /// Characters of text a heading may be away from the good paragraph.
    #[serde(default = "d_max_heading_distance")]
    pub max_heading_distance: usize,
    /// Reproduce jusText 3.0.2's no-op (see the type's doc).
    #[serde(default = "default_true")]
    pub reproduce_3_0_2_bug: bool,
}

impl Default for GoodHeadings {
    fn default() -> Self {
        GoodHeadings {
            max_heading_distance: d_max_heading_distance(),
            reproduce_3_0_2_bug: true,
        }
    }
}

#[typetag::serde(name = "justext.good_headings")]
impl ContextPass for GoodHeadings {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![HEADING]
    }
    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        if self.reproduce_3_0_2_bug {
            return Ok(());
        }
        for i in 0..labels.len() {
            if is_heading(&ctx, i)
                && labels[i] == Label::Short
                && good_follows(&ctx, labels, i, self.max_heading_distance)
            {
                labels[i] = Label::NearGood;
            }
        }
        Ok(())
    }
}

/// Behaviour of the short pass when a neighbour search reaches the document edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeRule {
    /// jusText: the edge counts as `bad`, and a `neargood` passed on the way still counts.
    #[default]
    Python,
    /// The Java port: at the edge the `neargood` passed on the way is forgotten.
    Java,
}

/// `justext.revise_short` (pass 2): a `short` block between two goods becomes good,
/// between two bads bad, next to a bad that hides a `neargood` good, else bad.
/// Decisions are applied after the loop (the reference's deferred update).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviseShort {
    /// jusText 4's bound on the neighbour search (blocks); none in jusText 3.
    #[serde(default)]
    pub max_good_distance: Option<usize>,
    /// What the document edge means.
    #[serde(default)]
    pub edge: EdgeRule,
}

#[typetag::serde(name = "justext.revise_short")]
impl ContextPass for ReviseShort {
    fn revise(&self, _: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        let d = self.max_good_distance;
        let mut changes = Vec::new();
        for i in 0..labels.len() {
            if labels[i] != Label::Short {
                continue;
            }
            let prev = neighbour(labels, i, false, true, d);
            let next = neighbour(labels, i, true, true, d);
            let hides_neargood = |n: Neighbour, forward: bool| {
                n.label == Label::Bad
                    && (self.edge == EdgeRule::Python || n.found)
                    && neighbour(labels, i, forward, false, d).label == Label::NearGood
            };
            let new = if prev.label == Label::Good && next.label == Label::Good {
                Label::Good
            } else if prev.label == Label::Bad && next.label == Label::Bad {
                Label::Bad
            } else if hides_neargood(prev, false) || hides_neargood(next, true) {
                Label::Good
            } else {
                Label::Bad
            };
            changes.push((i, new));
        }
        for (i, l) in changes {
            labels[i] = l;
        }
        Ok(())
    }
}

/// `justext.revise_neargood` (pass 3): a `neargood` block between two bads becomes
/// bad, otherwise good; decided left to right, in place.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviseNearGood {
    /// jusText 4's bound on the neighbour search (blocks); none in jusText 3.
    #[serde(default)]
    pub max_good_distance: Option<usize>,
}

#[typetag::serde(name = "justext.revise_neargood")]
impl ContextPass for ReviseNearGood {
    fn revise(&self, _: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        let d = self.max_good_distance;
        for i in 0..labels.len() {
            if labels[i] != Label::NearGood {
                continue;
            }
            let prev = neighbour(labels, i, false, true, d);
            let next = neighbour(labels, i, true, true, d);
            labels[i] = if prev.label == Label::Bad && next.label == Label::Bad {
                Label::Bad
            } else {
                Label::Good
            };
        }
        Ok(())
    }
}

/// `justext.more_good_headings` (pass 4): a heading now `bad` (and not context-free
/// `bad`) followed by a good block within `max_heading_distance` (200) becomes good.
///
/// `require_cf_not_bad` (true): the Java port never sets the context-free label it
/// tests, so there every bad heading qualifies (false).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoreGoodHeadings {
    /// Characters of text a heading may be away from the good paragraph.
    #[serde(default = "d_max_heading_distance")]
    pub max_heading_distance: usize,
    /// Only headings whose context-free label is not bad qualify.
    #[serde(default = "default_true")]
    pub require_cf_not_bad: bool,
}

impl Default for MoreGoodHeadings {
    fn default() -> Self {
        MoreGoodHeadings {
            max_heading_distance: d_max_heading_distance(),
            require_cf_not_bad: true,
        }
    }
}

#[typetag::serde(name = "justext.more_good_headings")]
impl ContextPass for MoreGoodHeadings {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![HEADING]
    }
    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        for i in 0..labels.len() {
            let qualifies = is_heading(&ctx, i)
                && labels[i] == Label::Bad
                && (!self.require_cf_not_bad || ctx.cf_labels[i] != Label::Bad);
            if qualifies && good_follows(&ctx, labels, i, self.max_heading_distance) {
                labels[i] = Label::Good;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Label::*;

    fn short_pass(labels: &[Label], edge: EdgeRule) -> Vec<Label> {
        let mut l = labels.to_vec();
        let blocks = vec![pith_core::Block::default(); l.len()];
        let features = pith_core::FeatureTable::new();
        let ctx = PassContext {
            blocks: &blocks,
            features: &features,
            cf_labels: labels,
        };
        ReviseShort {
            max_good_distance: None,
            edge,
        }
        .revise(ctx, &mut l)
        .unwrap();
        l
    }

    #[test]
    fn edge_rule_differs_only_at_the_edge() {
        assert_eq!(
            short_pass(&[Good, Short, NearGood], EdgeRule::Python),
            [Good, Good, NearGood]
        );
        assert_eq!(
            short_pass(&[Good, Short, NearGood], EdgeRule::Java),
            [Good, Bad, NearGood]
        );
    }

    #[test]
    fn bounded_search_gives_bad_outside_the_window() {
        let labels = [Good, Short, Short, Short, Good];
        let n = neighbour(&labels, 3, false, true, Some(2));
        assert_eq!(n.label, Bad);
        assert!(!n.found);
        let n = neighbour(&labels, 3, false, true, None);
        assert_eq!(n.label, Good);
    }
}
