//! Reading the evaluation datasets: `html/<id>.html` with `gold/<id>.txt`
//! (`scrapinghub`, `cleaneval-dev`), and scrapinghub's `ground-truth.json`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One page of a dataset.
#[derive(Clone, Debug)]
pub struct Page {
    /// The page id (file stem).
    pub id: String,
    /// The page bytes.
    pub html: Vec<u8>,
    /// The gold text.
    pub gold: String,
}

/// The datasets root: `$PITH_DATASETS`, else `../shared/datasets` next to the
/// workspace (`/work/shared/datasets` in the reference setup).
pub fn datasets_root() -> PathBuf {
    if let Some(p) = std::env::var_os("PITH_DATASETS") {
        return PathBuf::from(p);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets")
}

/// Reads every `html/<id>.html` of `dir` that has a `gold/<id>.txt`, sorted by id.
pub fn read_pages(dir: &Path) -> std::io::Result<Vec<Page>> {
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(dir.join("html"))? {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let gold_path = dir.join("gold").join(format!("{id}.txt"));
        let Ok(gold) = std::fs::read(&gold_path) else {
            continue;
        };
        pages.push(Page {
            html: std::fs::read(&path)?,
            gold: String::from_utf8_lossy(&gold).into_owned(),
            id,
        });
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(pages)
}

/// scrapinghub's `ground-truth.json`: id → `articleBody`.
pub fn read_ground_truth(path: &Path) -> std::io::Result<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path)?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
    let mut out = BTreeMap::new();
    if let Some(map) = value.as_object() {
        for (id, v) in map {
            let body = v
                .get("articleBody")
                .and_then(|b| b.as_str())
                .unwrap_or_default();
            out.insert(id.clone(), body.to_owned());
        }
    }
    Ok(out)
}

/// Reads scrapinghub with gold texts from `ground-truth.json` (falling back to
/// `gold/<id>.txt` when the file is absent).
pub fn read_scrapinghub(dir: &Path) -> std::io::Result<Vec<Page>> {
    let mut pages = read_pages(dir)?;
    let truth = dir.join("ground-truth.json");
    if truth.exists() {
        let gt = read_ground_truth(&truth)?;
        for p in &mut pages {
            if let Some(body) = gt.get(&p.id) {
                p.gold = body.clone();
            }
        }
    }
    Ok(pages)
}
