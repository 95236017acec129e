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
///
/// The definition, one search per block: a run of n blocks the search steps over costs
/// n² this way, so the passes use [`neighbours`], which gives every block's answer in
/// one scan; the tests hold the two to each other.
#[cfg(test)]
fn neighbour(
    labels: &[Label],
    i: usize,
    forward: bool,
    ignore_neargood: bool,
    max_good_distance: Option<usize>,
) -> Neighbour {
    let limit = search_limit(max_good_distance);
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
        if stops_search(labels[j], ignore_neargood) {
            return Neighbour {
                label: labels[j],
                found: true,
            };
        }
    }
    NOT_FOUND
}

/// What a search that finds nothing answers: `bad`, off the edge or the window.
const NOT_FOUND: Neighbour = Neighbour {
    label: Label::Bad,
    found: false,
};

/// How many blocks a neighbour search may inspect.
fn search_limit(max_good_distance: Option<usize>) -> usize {
    max_good_distance.map_or(usize::MAX, |d| d.saturating_sub(1))
}

/// Whether a neighbour search stops at a block so labelled.
fn stops_search(label: Label, ignore_neargood: bool) -> bool {
    match label {
        Label::Good | Label::Bad => true,
        Label::NearGood => !ignore_neargood,
        Label::Short => false,
    }
}

/// The answer of a search from `i` whose nearest stopping block is `at` (if any).
fn found_at(labels: &[Label], i: usize, at: Option<usize>, limit: usize) -> Neighbour {
    match at {
        Some(j) if i.abs_diff(j) <= limit => Neighbour {
            label: labels[j],
            found: true,
        },
        _ => NOT_FOUND,
    }
}

/// Every block's [`neighbour`] in one direction, in one scan of the labels: the nearest
/// stopping block is carried along instead of searched for from each block again.
fn neighbours(
    labels: &[Label],
    forward: bool,
    ignore_neargood: bool,
    max_good_distance: Option<usize>,
) -> Vec<Neighbour> {
    let limit = search_limit(max_good_distance);
    let mut answers = vec![NOT_FOUND; labels.len()];
    let mut nearest = None;
    let mut visit = |i: usize| {
        answers[i] = found_at(labels, i, nearest, limit);
        if stops_search(labels[i], ignore_neargood) {
            nearest = Some(i);
        }
    };
    if forward {
        (0..labels.len()).rev().for_each(&mut visit);
    } else {
        (0..labels.len()).for_each(&mut visit);
    }
    answers
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
        if !labels.contains(&Label::Short) {
            return Ok(());
        }
        let d = self.max_good_distance;
        // Every search reads the labels before this pass (the reference decides all
        // short blocks first and applies the decisions after), so all four kinds of
        // search can be answered for every block up front.
        let prev = neighbours(labels, false, true, d);
        let next = neighbours(labels, true, true, d);
        let prev_any = neighbours(labels, false, false, d);
        let next_any = neighbours(labels, true, false, d);
        let mut changes = Vec::new();
        for i in 0..labels.len() {
            if labels[i] != Label::Short {
                continue;
            }
            let hides_neargood = |n: Neighbour, any: Neighbour| {
                n.label == Label::Bad
                    && (self.edge == EdgeRule::Python || n.found)
                    && any.label == Label::NearGood
            };
            let new = if prev[i].label == Label::Good && next[i].label == Label::Good {
                Label::Good
            } else if prev[i].label == Label::Bad && next[i].label == Label::Bad {
                Label::Bad
            } else if hides_neargood(prev[i], prev_any[i]) || hides_neargood(next[i], next_any[i]) {
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
        if !labels.contains(&Label::NearGood) {
            return Ok(());
        }
        let d = self.max_good_distance;
        let limit = search_limit(d);
        // Decided left to right in place: the search backwards sees the blocks this
        // pass has already decided, so its nearest good or bad block is carried along
        // as the labels change; the search forwards sees only blocks not reached yet,
        // so it is answered from the labels before the pass.
        let next = neighbours(labels, true, true, d);
        let mut nearest_before = None;
        for i in 0..labels.len() {
            if labels[i] == Label::NearGood {
                let prev = found_at(labels, i, nearest_before, limit);
                labels[i] = if prev.label == Label::Bad && next[i].label == Label::Bad {
                    Label::Bad
                } else {
                    Label::Good
                };
            }
            if stops_search(labels[i], true) {
                nearest_before = Some(i);
            }
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
    use proptest::prelude::*;
    use Label::*;

    fn short_pass(labels: &[Label], edge: EdgeRule) -> Vec<Label> {
        let pass = ReviseShort {
            max_good_distance: None,
            edge,
        };
        run(&pass, labels)
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

    /// `justext.revise_short` as the reference writes it: one search per short block
    /// and direction.
    fn short_pass_by_search(labels: &[Label], d: Option<usize>, edge: EdgeRule) -> Vec<Label> {
        let mut out = labels.to_vec();
        for i in 0..labels.len() {
            if labels[i] != Short {
                continue;
            }
            let prev = neighbour(labels, i, false, true, d);
            let next = neighbour(labels, i, true, true, d);
            let hides_neargood = |n: Neighbour, forward: bool| {
                n.label == Bad
                    && (edge == EdgeRule::Python || n.found)
                    && neighbour(labels, i, forward, false, d).label == NearGood
            };
            out[i] = if prev.label == Good && next.label == Good {
                Good
            } else if prev.label == Bad && next.label == Bad {
                Bad
            } else if hides_neargood(prev, false) || hides_neargood(next, true) {
                Good
            } else {
                Bad
            };
        }
        out
    }

    /// `justext.revise_neargood` as the reference writes it.
    fn neargood_pass_by_search(labels: &[Label], d: Option<usize>) -> Vec<Label> {
        let mut out = labels.to_vec();
        for i in 0..out.len() {
            if out[i] != NearGood {
                continue;
            }
            let prev = neighbour(&out, i, false, true, d);
            let next = neighbour(&out, i, true, true, d);
            out[i] = if prev.label == Bad && next.label == Bad {
                Bad
            } else {
                Good
            };
        }
        out
    }

    fn run(pass: &dyn ContextPass, labels: &[Label]) -> Vec<Label> {
        let mut l = labels.to_vec();
        let blocks = vec![pith_core::Block::default(); l.len()];
        let features = pith_core::FeatureTable::new();
        let ctx = PassContext {
            blocks: &blocks,
            features: &features,
            cf_labels: labels,
            document: None,
        };
        pass.revise(ctx, &mut l).unwrap();
        l
    }

    fn label() -> impl Strategy<Value = Label> {
        prop_oneof![Just(Good), Just(Bad), Just(NearGood), Just(Short)]
    }

    proptest! {
        #[test]
        fn one_scan_answers_every_search(
            labels in prop::collection::vec(label(), 0..40),
            d in prop::option::of(0usize..6),
        ) {
            for forward in [false, true] {
                for ignore in [false, true] {
                    let all = neighbours(&labels, forward, ignore, d);
                    for (i, answer) in all.iter().enumerate() {
                        prop_assert_eq!(*answer, neighbour(&labels, i, forward, ignore, d));
                    }
                }
            }
        }

        #[test]
        fn the_passes_decide_as_the_searches_do(
            labels in prop::collection::vec(label(), 0..40),
            d in prop::option::of(0usize..6),
            java in any::<bool>(),
        ) {
            let edge = if java { EdgeRule::Java } else { EdgeRule::Python };
            let short = ReviseShort { max_good_distance: d, edge };
            prop_assert_eq!(run(&short, &labels), short_pass_by_search(&labels, d, edge));
            let neargood = ReviseNearGood { max_good_distance: d };
            prop_assert_eq!(run(&neargood, &labels), neargood_pass_by_search(&labels, d));
        }
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
