//! pith-declutter's integration tests, one test binary for them all: each file of `tests/` is a module here,
//! so the suite is linked once rather than once a file (less disk, faster builds;
//! `crates/pith/tests/test_layout.rs` checks that no file is left out).

mod phases;
mod presets;
mod properties;
