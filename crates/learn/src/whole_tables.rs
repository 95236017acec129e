//! `learn.whole_tables`: a pass that keeps every cell of a data table whose cells the
//! passes before it mostly kept.
//!
//! Why: the trees label each block on its own, and a table cell is a block, so a data
//! table (standings, a price list, a timetable) could come out with holes: a row's
//! name dropped and its figures kept, a header kept without its column. Text readers
//! lose a few words; Markdown readers (`--format markdown` writes data tables as pipe
//! tables) see the holes plainly. A table whose kept cells hold at least `min_share`
//! of its characters is content, and its other cells are too.
//!
//! What counts as a data table is read from the tree ([`pith_core::tables`], which
//! Markdown's tables read too): a `table` whose every block is in one of its cells
//! (`td`, `th`; a list in a cell is in it) or its caption, with at least `min_cells`
//! cell blocks on two rows or more, none longer than `max_cell_chars`, and with no
//! table inside it. A page laid out in a table (its article in a cell, its menu in
//! another) fails those tests and is left as the passes before left it.
//!
//! The pass only ever turns bad blocks good, never good ones bad, and a table none of
//! whose cells was kept stays out: it adds no block to a page the trees emptied.
//! Measured in docs/evaluation.md, "Whole data tables".

use std::collections::{HashMap, HashSet};

use pith_core::dom::Document;
use pith_core::tables::{read_tables, Holder};
use pith_core::{Block, ContextPass, Label, PassContext, Result};
use serde::{Deserialize, Serialize};

/// The `learn.whole_tables` pass (see the [module docs](self)). Fields: `min_share`
/// (default 0.5: the share of a data table's characters its kept cells must hold),
/// `min_cells` (default 4) and `max_cell_chars` (default 200), the least cell blocks a
/// data table has and the longest one it may have.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WholeTables {
    /// The share of a data table's characters its kept cells must hold for the table
    /// to be kept whole.
    #[serde(default = "default_min_share")]
    pub min_share: f64,
    /// The fewest cell blocks a data table has.
    #[serde(default = "default_min_cells")]
    pub min_cells: usize,
    /// The most characters a data table's cell block has.
    #[serde(default = "default_max_cell_chars")]
    pub max_cell_chars: usize,
}

fn default_min_share() -> f64 {
    0.5
}

fn default_min_cells() -> usize {
    4
}

fn default_max_cell_chars() -> usize {
    200
}

impl Default for WholeTables {
    fn default() -> Self {
        WholeTables {
            min_share: default_min_share(),
            min_cells: default_min_cells(),
            max_cell_chars: default_max_cell_chars(),
        }
    }
}

#[typetag::serde(name = "learn.whole_tables")]
impl ContextPass for WholeTables {
    fn prepare(&mut self) -> Result<()> {
        if !(0.0..=1.0).contains(&self.min_share) {
            return Err(pith_core::Error::Stage {
                stage: "learn.whole_tables".into(),
                message: format!("min_share must be from 0 to 1, not {}", self.min_share),
            });
        }
        Ok(())
    }

    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        // Without the tree (blocks given by hand) no table is known.
        let Some(doc) = ctx.document else {
            return Ok(());
        };
        let tables = self.data_tables(ctx.blocks, doc);
        if tables.iter().all(Option::is_none) {
            return Ok(());
        }
        // Only the tables' blocks are counted.
        let chars: Vec<usize> = (ctx.blocks.iter().zip(&tables))
            .map(|(b, t)| if t.is_some() { b.len_chars() } else { 0 })
            .collect();
        let kept: Vec<bool> = labels.iter().map(|l| *l == Label::Good).collect();
        for (label, keep) in labels.iter_mut().zip(self.whole(&tables, &chars, &kept)) {
            if keep {
                *label = Label::Good;
            }
        }
        Ok(())
    }
}

impl WholeTables {
    /// The data table of every block of `blocks` (the tree index of its `table`
    /// element), `None` for a block in none (see the [module docs](self)); `doc` is the
    /// tree the blocks were cut from.
    pub fn data_tables(&self, blocks: &[Block], doc: &Document) -> Vec<Option<usize>> {
        let tables = read_tables(blocks, doc);
        let mut tallies: HashMap<usize, TableTally> = HashMap::new();
        for ((block, place), holder) in blocks.iter().zip(&tables.places).zip(&tables.holders) {
            let Some(place) = place else { continue };
            let tally = tallies.entry(place.table).or_default();
            match holder {
                Some(Holder::Cell { row }) => {
                    tally.cells += 1;
                    tally.rows.push(*row);
                    tally.too_long |= block.len_chars() > self.max_cell_chars;
                }
                Some(Holder::Caption) => {}
                None => tally.outside_cells = true,
            }
        }
        let data: HashSet<usize> = (tallies.into_iter())
            .filter_map(|(table, mut t)| {
                t.rows.sort_unstable();
                t.rows.dedup();
                let is_data = t.cells >= self.min_cells
                    && t.rows.len() >= 2
                    && !t.too_long
                    && !t.outside_cells
                    && !tables.holding.contains(&table);
                is_data.then_some(table)
            })
            .collect();
        (tables.places.iter().zip(&tables.holders))
            .map(|(place, holder)| {
                let table = place.as_ref()?.table;
                (matches!(holder, Some(Holder::Cell { .. })) && data.contains(&table))
                    .then_some(table)
            })
            .collect()
    }

    /// The blocks to keep besides those `kept` keeps: every cell of each data table
    /// (`tables`, from [`data_tables`](WholeTables::data_tables)) whose kept cells hold
    /// at least `min_share` of its characters (`chars`, one count per block) and at
    /// least one character. `true` where a block is to be kept.
    pub fn whole(&self, tables: &[Option<usize>], chars: &[usize], kept: &[bool]) -> Vec<bool> {
        let mut totals: HashMap<usize, (usize, usize)> = HashMap::new();
        for ((table, &n), &k) in tables.iter().zip(chars).zip(kept) {
            if let Some(t) = table {
                let (all, kept_chars) = totals.entry(*t).or_default();
                *all += n;
                *kept_chars += if k { n } else { 0 };
            }
        }
        (tables.iter().zip(kept))
            .map(|(table, &k)| {
                k || table.is_some_and(|t| {
                    let (all, kept_chars) = totals[&t];
                    kept_chars > 0 && kept_chars as f64 >= self.min_share * all as f64
                })
            })
            .collect()
    }
}

/// What a table's blocks say of it: its cell blocks, their rows, whether one is
/// longer than a data table's cells are, whether a block is in neither a cell nor the
/// caption.
#[derive(Default)]
struct TableTally {
    cells: usize,
    rows: Vec<usize>,
    too_long: bool,
    outside_cells: bool,
}
