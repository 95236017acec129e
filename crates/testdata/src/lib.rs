//! Where pith's tests find the development datasets, and what they do when one is
//! missing: the one copy of a lookup that four test files each had.
//!
//! * The folder is `$PITH_DATASETS` (a relative value is taken from the workspace
//!   root), else `../shared/datasets` beside the workspace.
//! * A missing dataset **fails** the test when `PITH_REQUIRE_DATASETS=1` (set in
//!   `.ci/run`, so CI can never pass having checked nothing); otherwise the test prints
//!   a `skipped: …` line and returns. The line is written to stderr directly, not
//!   through `eprintln!`, so that cargo's output capture does not hide it.
//!
//! A crate of its own (std only, a dev-dependency of the crates whose tests read
//! data) rather than a module of `pith-eval`: the tests of `pith-dom` and
//! `pith-justext` need it, and they sit below `pith-eval` in the dependency order.
//! `pith eval` resolves its datasets at run time on its own (`pith_eval::dataset`):
//! a command must not depend on where the source tree was.
#![deny(missing_docs)]

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable naming the datasets folder.
pub const DATASETS_VAR: &str = "PITH_DATASETS";
/// The environment variable that turns a missing dataset into a failure (`1`).
pub const REQUIRE_VAR: &str = "PITH_REQUIRE_DATASETS";

/// The workspace root (this crate is `crates/testdata`).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The datasets folder: `$PITH_DATASETS` (relative to the workspace root when
/// relative), else `../shared/datasets` beside the workspace.
pub fn datasets_dir() -> PathBuf {
    datasets_dir_from(std::env::var_os(DATASETS_VAR))
}

fn datasets_dir_from(var: Option<OsString>) -> PathBuf {
    let root = workspace_root();
    match var {
        Some(p) if p.is_empty() => root.join("../shared/datasets"),
        Some(p) if Path::new(&p).is_absolute() => PathBuf::from(p),
        Some(p) => root.join(p),
        None => root.join("../shared/datasets"),
    }
}

/// Whether a missing dataset must fail the test (`PITH_REQUIRE_DATASETS=1`).
pub fn required() -> bool {
    std::env::var_os(REQUIRE_VAR).is_some_and(|v| v == "1")
}

/// `rel` under the datasets folder (a file or a folder), when it exists. When it does
/// not: panics if [`required`], else prints `skipped: TEST: …` on stderr and gives
/// `None`, so a test reads `let Some(dir) = dataset("scrapinghub/html") else { return };`.
pub fn dataset(rel: &str) -> Option<PathBuf> {
    let path = datasets_dir().join(rel);
    match check(&path, required()) {
        Ok(found) => found,
        Err(msg) => panic!("{msg}"),
    }
}

/// The files directly in `dir` whose name ends in `.ext`, sorted by path, so a test
/// reads a dataset's pages in the same order on every machine. Panics when `dir` cannot
/// be read or holds no such file (a dataset folder that [`dataset`] found is never
/// empty).
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: cannot read the folder: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} has no .{ext} file", dir.display());
    files
}

/// The decision of [`dataset`]: `Ok(Some)` present, `Ok(None)` skipped (the line is
/// printed), `Err` a required dataset is missing.
fn check(path: &Path, required: bool) -> Result<Option<PathBuf>, String> {
    if path.exists() {
        return Ok(Some(path.to_path_buf()));
    }
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    if required {
        return Err(format!(
            "{test}: dataset {} not found, and {REQUIRE_VAR}=1 requires it (set {DATASETS_VAR})",
            path.display()
        ));
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {test}: dataset {} not found (set {DATASETS_VAR}; {REQUIRE_VAR}=1 makes this a failure)",
        path.display()
    );
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_comes_from_the_variable_then_beside_the_workspace() {
        assert_eq!(
            datasets_dir_from(Some("/data/sets".into())),
            PathBuf::from("/data/sets")
        );
        assert_eq!(
            datasets_dir_from(Some("rel/sets".into())),
            workspace_root().join("rel/sets")
        );
        assert_eq!(
            datasets_dir_from(None),
            workspace_root().join("../shared/datasets")
        );
    }

    #[test]
    fn files_are_those_of_the_extension_in_order() {
        let dir = std::env::temp_dir().join(format!("pith-testdata-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b.html", "a.html", "c.json", "d.html.gz"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let found = files_with_extension(&dir, "html");
        let names: Vec<_> = found.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(names, ["a.html", "b.html"]);
        let none = std::panic::catch_unwind(|| files_with_extension(&dir, "xml"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(none.is_err(), "a folder without such a file is an error");
    }

    #[test]
    fn a_missing_dataset_skips_or_fails_as_required() {
        let missing = Path::new("/nonexistent/pith-datasets/scrapinghub");
        assert_eq!(check(missing, false), Ok(None));
        let err = check(missing, true).unwrap_err();
        assert!(err.contains("PITH_REQUIRE_DATASETS=1") && err.contains("/nonexistent"));
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(check(here, true), Ok(Some(here.to_path_buf())));
    }
}
