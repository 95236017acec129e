//! pith-learn's integration tests, one test binary for them all: each file of `tests/` is a module here,
//! so the suite is linked once rather than once a file (less disk, faster builds;
//! `crates/pith/tests/test_layout.rs` checks that no file is left out).

mod attributes;
mod cues;
mod decode;
mod fast_paths;
mod justext_label;
mod labels;
mod title_repeat;
mod trained;
mod veto;
mod whole_tables;
