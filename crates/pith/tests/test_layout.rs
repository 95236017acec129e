//! Each crate that gathers its integration tests into one binary (`autotests = false`
//! and a `[[test]]` named `all`) declares every file of its `tests/` there: a file left
//! out would never be compiled or run, and the suite would pass without it.

use std::fs;
use std::path::Path;

#[test]
fn every_test_file_is_a_module_of_its_crates_test_binary() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for entry in fs::read_dir(&crates).expect("crates/") {
        let dir = entry.expect("entry").path();
        let Ok(manifest) = fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        if !manifest.contains("autotests = false") {
            continue;
        }
        let all = fs::read_to_string(dir.join("tests/all.rs"))
            .unwrap_or_else(|e| panic!("{}: tests/all.rs: {e}", dir.display()));
        let declared: Vec<&str> = all
            .lines()
            .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
            .collect();
        for file in fs::read_dir(dir.join("tests")).expect("tests/") {
            let path = file.expect("entry").path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if path.extension().is_some_and(|e| e == "rs") && stem != "all" {
                assert!(
                    declared.contains(&stem),
                    "{} is not declared in its crate's tests/all.rs: it would never run",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} test files found");
}
