//! Each embedded preset file equals the pipeline its builder makes, loads, and
//! round-trips through JSON and TOML. `PITH_BLESS_PRESETS=1 cargo test -p pith-justext
//! presets::` rewrites the files from the builders (review the diff).

use std::path::Path;

#[test]
fn preset_files_equal_their_builders_and_round_trip() {
    let bless = std::env::var_os("PITH_BLESS_PRESETS").is_some();
    let problems = pith_core::preset::check_files(
        &pith_justext::presets(),
        Path::new(env!("CARGO_MANIFEST_DIR")),
        bless,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
