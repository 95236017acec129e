//! What the benchmarks in `benches/` share: the pages they run on.

use std::path::{Path, PathBuf};

/// The workspace's root directory.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("benches/ lives in the workspace")
        .to_path_buf()
}

/// The pages to run on, with a description of where they came from; `None` to skip.
///
/// Every `*.html` under `$PITH_DATASETS/scrapinghub/html` (`PITH_DATASETS` defaults to
/// `../shared/datasets`, relative to the workspace root when relative), in name order;
/// without the dataset, `examples/sample.html` if it exists.
pub fn load_pages() -> Option<(String, Vec<Vec<u8>>)> {
    let root = workspace_root();
    let datasets = std::env::var_os("PITH_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/datasets"));
    let datasets = if datasets.is_absolute() {
        datasets
    } else {
        root.join(datasets)
    };
    let dir = datasets.join("scrapinghub").join("html");
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "html"))
            .collect();
        paths.sort();
        let pages: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(p).ok()).collect();
        if !pages.is_empty() {
            return Some((dir.display().to_string(), pages));
        }
    }
    let sample = root.join("examples").join("sample.html");
    if let Ok(page) = std::fs::read(&sample) {
        return Some((sample.display().to_string(), vec![page]));
    }
    None
}

/// [`load_pages`] as both benchmarks start: the pages and their total size in bytes,
/// with where they came from said on stderr, or `None` after saying on stderr that the
/// benchmarks are skipped.
pub fn pages_or_skip() -> Option<(Vec<Vec<u8>>, u64)> {
    let Some((source, pages)) = load_pages() else {
        eprintln!(
            "pith-benches: skipped: no scrapinghub pages (set PITH_DATASETS) and no examples/sample.html"
        );
        return None;
    };
    let bytes: u64 = pages.iter().map(|p| p.len() as u64).sum();
    eprintln!(
        "pith-benches: {} pages, {:.1} MB from {source}",
        pages.len(),
        bytes as f64 / 1e6
    );
    Some((pages, bytes))
}
