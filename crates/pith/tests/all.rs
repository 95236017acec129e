//! The facade's integration tests, one test binary for them all: each file of `tests/` is a module here,
//! so the suite is linked once rather than once a file (less disk, faster builds;
//! `crates/pith/tests/test_layout.rs` checks that no file is left out).

mod attribute_cut;
mod common;
mod decisions;
mod deep_pages;
mod fuzz_corpus;
mod hostile_pages;
mod html;
mod html_pages;
mod html_properties;
mod images;
mod languages;
mod markdown;
mod markdown_properties;
mod parity_end_to_end;
mod preset_loading;
mod raw_text;
mod test_layout;
