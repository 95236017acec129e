//! How many bytes of block paths a page keeps whole.
//!
//! Every block carries the path of its element as a string (`dom_path`, and `xpath`
//! for jusText's paragraphs), as jusText's paragraphs do. A path is as long as its
//! element is deep, so a page of many blocks deep in the tree holds blocks × depth
//! bytes of paths: 400,000 paragraphs under 480 unclosed `<div>`s fit in 4 MB of HTML
//! and took 2.7 GB with the `justext` preset, and a 16 MiB WARC record of that shape
//! would take ten times more. The parse guards bound the depth (512) and the nodes (a
//! million), not their product. So a page's paths are kept whole up to [`PATH_BUDGET`]
//! bytes in all — 32 times the most any development page has (0.5 MB, googletrends-dev
//! gt_119 with `justext`) — and past it each block's paths keep only their last
//! [`SHORT_PATH_TAIL`] bytes after `…`, as [`short_path`](crate::tag_blocks::short_path)
//! shortens a single over-long path. The pipeline notes how many blocks were shortened.

/// Bytes of paths a page keeps whole, summed over its blocks.
pub const PATH_BUDGET: usize = 16 << 20;

/// Bytes a path keeps (its end) once the page's budget is spent.
pub const SHORT_PATH_TAIL: usize = 64;

/// What is left of a page's [`PATH_BUDGET`]; a segmenter asks it for every block.
#[derive(Debug)]
pub struct PathBudget {
    left: usize,
    spent: bool,
}

impl Default for PathBudget {
    fn default() -> Self {
        PathBudget {
            left: PATH_BUDGET,
            spent: false,
        }
    }
}

impl PathBudget {
    /// A page's whole budget.
    pub fn new() -> PathBudget {
        PathBudget::default()
    }

    /// Whether a block's paths, `bytes` long in all, are kept whole: while they fit
    /// in what is left (which they then use up); once a block's do not, no later
    /// block's are, so a page's whole paths are a prefix of its blocks.
    pub fn admit(&mut self, bytes: usize) -> bool {
        if !self.spent && bytes <= self.left {
            self.left -= bytes;
            return true;
        }
        self.spent = true;
        false
    }

    /// Whether the budget is spent: every later block's paths are shortened.
    pub fn is_spent(&self) -> bool {
        self.spent
    }
}

/// `path` past the budget: its last [`SHORT_PATH_TAIL`] bytes after `…` (see
/// [`path_end`]).
pub fn path_tail(path: &str) -> String {
    path_end(path, SHORT_PATH_TAIL)
}

/// `path` when it is at most `bytes` long, else `…` and its last `bytes` bytes (from
/// the first character boundary among them).
pub fn path_end(path: &str, bytes: usize) -> String {
    if path.len() <= bytes {
        return path.to_owned();
    }
    let mut start = path.len() - bytes;
    while !path.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &path[start..])
}

/// Whether a block's path was shortened (by the budget or for its own length).
pub fn is_shortened(path: &str) -> bool {
    path.starts_with('…')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_whole_until_one_does_not_fit() {
        let mut budget = PathBudget::new();
        assert!(budget.admit(PATH_BUDGET - 10));
        assert!(budget.admit(10));
        assert!(!budget.admit(1));
        // Spent: even an empty path is past it now.
        assert!(!budget.admit(0));
        let mut budget = PathBudget::new();
        assert!(!budget.admit(PATH_BUDGET + 1));
        assert!(!budget.admit(1));
    }

    #[test]
    fn a_path_past_the_budget_keeps_its_end() {
        let deep = "div.".repeat(100) + "p";
        let short = path_tail(&deep);
        assert!(is_shortened(&short));
        assert!(short.ends_with(".div.p"));
        assert_eq!(short.len(), '…'.len_utf8() + SHORT_PATH_TAIL);
        assert_eq!(path_tail("html.body.p"), "html.body.p");
        // A cut inside a character moves to the next boundary.
        let wide = "é".repeat(SHORT_PATH_TAIL);
        let short = path_tail(&wide);
        assert!(short.len() <= '…'.len_utf8() + SHORT_PATH_TAIL);
        assert!(short.ends_with('é'));
    }
}
