//! pith-readability's integration tests, one test binary for them all: each file of `tests/` is a module here,
//! so the suite is linked once rather than once a file (less disk, faster builds;
//! `crates/pith/tests/test_layout.rs` checks that no file is left out).

mod annotate;
mod deep_pages;
mod golden;
mod hidden;
mod presets;
mod properties;
