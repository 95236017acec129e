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

/// Where the datasets root was found, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootSource {
    /// `$PITH_DATASETS`.
    Env,
    /// The last default, `../shared/datasets` from the working directory.
    Default,
}

/// The datasets root, resolved at run time (never from where the source tree was):
/// `$PITH_DATASETS`, else `../shared/datasets` relative to the working directory (the
/// layout of a checkout beside `shared/`, where the commands are run from).
pub fn datasets_root() -> (PathBuf, RootSource) {
    match std::env::var_os("PITH_DATASETS") {
        Some(p) if !p.is_empty() => (PathBuf::from(p), RootSource::Env),
        _ => (PathBuf::from("../shared/datasets"), RootSource::Default),
    }
}

/// scrapinghub's `ground-truth.json`: id → `articleBody`.
pub fn read_ground_truth(path: &Path) -> std::io::Result<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).map_err(|e| in_path(path, e))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{}: {e}", path.display()),
        )
    })?;
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

/// A dataset ready for evaluation: the pages that have gold, and the ids of those
/// that do not (reported, never silently dropped).
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The name shown in reports (the folder name).
    pub name: String,
    /// The folder it was read from.
    pub dir: PathBuf,
    /// The pages with a gold text, sorted by id.
    pub pages: Vec<Page>,
    /// Ids of `html/<id>.html` files without a gold text, sorted.
    pub missing_gold: Vec<String>,
    /// Files in `html/` that are not read as pages (not named `*.html` or `*.htm`, in
    /// any case; `a.html.gz` among them), by name: reported, not skipped in silence.
    pub not_pages: Vec<String>,
    /// Ids of pages whose `gold/<id>.txt` is not UTF-8 (nor UTF-16 with a byte order
    /// mark): read with replacement characters, and named in the report.
    pub gold_not_utf8: Vec<String>,
}

/// Where a `--dataset` argument points: an existing folder as given, else a folder of
/// that name under [`datasets_root`] (`scrapinghub`, `cleaneval-dev`). The error says
/// what is missing: the path, the root (and where it came from), or the name in it.
pub fn resolve_dataset(arg: &str) -> Result<PathBuf, String> {
    let (root, source) = datasets_root();
    resolve_in(arg, &root, &source)
}

fn resolve_in(arg: &str, root: &Path, source: &RootSource) -> Result<PathBuf, String> {
    let p = PathBuf::from(arg);
    if p.is_dir() {
        return Ok(p);
    }
    if p.exists() {
        return Err(format!("{arg} is a file, not a dataset folder"));
    }
    let where_root = match source {
        RootSource::Env => format!("PITH_DATASETS={}", root.display()),
        RootSource::Default => {
            let cwd = std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_else(|_| "?".into());
            format!(
                "the default {} (PITH_DATASETS is not set; relative to {cwd})",
                root.display()
            )
        }
    };
    let is_name = p.components().count() == 1 && !arg.starts_with('.');
    if !is_name {
        return Err(format!("{arg}: no such folder"));
    }
    if !root.is_dir() {
        return Err(format!(
            "{arg} is not a folder here, and the datasets folder {where_root} does not exist; \
             give a path, or set PITH_DATASETS"
        ));
    }
    let candidate = root.join(arg);
    if candidate.is_dir() {
        return Ok(candidate);
    }
    let mut names: Vec<String> = std::fs::read_dir(root)
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().join("html").is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    Err(format!(
        "no dataset {arg} here nor in {where_root}; it has: {}",
        if names.is_empty() {
            "no dataset".to_owned()
        } else {
            names.join(", ")
        }
    ))
}

/// What to say after "has no html/ folder" about a folder that holds pages or texts
/// itself (`page.html` beside `page.txt`, a layout of someone's own gold): the layout
/// a dataset has, and what is here. Nothing for a folder of neither.
fn layout_hint(dir: &Path) -> String {
    let (mut pages, mut texts) = (0usize, 0usize);
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("html" | "htm") if path.is_file() => pages += 1,
            Some("txt") if path.is_file() => texts += 1,
            _ => {}
        }
    }
    if pages + texts == 0 {
        return String::new();
    }
    format!(
        "; a dataset holds its pages as html/<id>.html and their gold texts as \
         gold/<id>.txt, and this folder has {pages} HTML file{} and {texts} text file{} \
         of its own: move them into html/ and gold/",
        if pages == 1 { "" } else { "s" },
        if texts == 1 { "" } else { "s" }
    )
}

/// [`load_dataset`] for scoring or training: its errors as one message naming the
/// folder, and a folder without any page that has a gold text refused (saying where
/// gold texts are read from). `pith eval`, `pith train` and Python's `pith.train`
/// read datasets through it.
pub fn load_gold_dataset(dir: &Path) -> Result<Dataset, String> {
    let ds = load_dataset(dir).map_err(|e| match e.kind() {
        // load_dataset's own message names the folder and what it lacks.
        std::io::ErrorKind::NotFound => e.to_string(),
        _ => format!("{}: {e}", dir.display()),
    })?;
    if ds.pages.is_empty() {
        return Err(format!(
            "{}: no page with a gold text ({} without; a page html/<id>.html has its gold \
             text in gold/<id>.txt, or under its id in ground-truth.json)",
            dir.display(),
            ds.missing_gold.len()
        ));
    }
    Ok(ds)
}

/// Reads a dataset folder: every `html/<id>.html`, with its gold text from
/// `ground-truth.json` (`articleBody`, the scrapinghub layout) when that file exists
/// and has the id, else from `gold/<id>.txt`. Pages without either are listed in
/// [`Dataset::missing_gold`]. CleanEval's `<text …>` … `</text>` wrapper lines are
/// stripped (see [`strip_cleaneval_wrapper`]).
pub fn load_dataset(dir: &Path) -> std::io::Result<Dataset> {
    if !dir.join("html").is_dir() {
        let what = if dir.is_dir() {
            format!("{} has no html/ folder{}", dir.display(), layout_hint(dir))
        } else {
            format!("{}: no such folder", dir.display())
        };
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, what));
    }
    let truth_path = dir.join("ground-truth.json");
    let truth = if truth_path.exists() {
        read_ground_truth(&truth_path)?
    } else {
        BTreeMap::new()
    };
    let mut pages = Vec::new();
    let mut missing_gold = Vec::new();
    let mut gold_not_utf8 = Vec::new();
    let mut not_pages = Vec::new();
    let html_dir = dir.join("html");
    for entry in std::fs::read_dir(&html_dir).map_err(|e| in_path(&html_dir, e))? {
        let path = entry.map_err(|e| in_path(&html_dir, e))?.path();
        let is_page = path.is_file()
            && path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
        if !is_page {
            not_pages.push(
                path.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            );
            continue;
        }
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let gold = match truth.get(&id) {
            Some(body) => Some(body.clone()),
            None => std::fs::read(dir.join("gold").join(format!("{id}.txt")))
                .ok()
                .map(|g| {
                    let (text, utf8) = gold_text(&g);
                    if !utf8 {
                        gold_not_utf8.push(id.clone());
                    }
                    text
                }),
        };
        match gold {
            Some(gold) => pages.push(Page {
                html: strip_cleaneval_wrapper(
                    &std::fs::read(&path).map_err(|e| in_path(&path, e))?,
                ),
                gold,
                id,
            }),
            None => missing_gold.push(id),
        }
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    missing_gold.sort();
    gold_not_utf8.sort();
    not_pages.sort();
    let name = dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string());
    Ok(Dataset {
        name,
        dir: dir.to_path_buf(),
        pages,
        missing_gold,
        not_pages,
        gold_not_utf8,
    })
}

/// An I/O error that names the path it happened at.
fn in_path(path: &Path, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// A gold file's text: UTF-8 (a byte order mark dropped), or UTF-16 when a byte order
/// mark says so; anything else is read as UTF-8 with replacement characters, and the
/// flag is false.
fn gold_text(bytes: &[u8]) -> (String, bool) {
    let utf16 = |units: Vec<u16>| String::from_utf16_lossy(&units);
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => match std::str::from_utf8(rest) {
            Ok(text) => (text.to_owned(), true),
            Err(_) => (String::from_utf8_lossy(rest).into_owned(), false),
        },
        [0xFF, 0xFE, rest @ ..] => (
            utf16(
                rest.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            ),
            true,
        ),
        [0xFE, 0xFF, rest @ ..] => (
            utf16(
                rest.chunks_exact(2)
                    .map(|c| u16::from_be_bytes([c[0], c[1]]))
                    .collect(),
            ),
            true,
        ),
        _ => match std::str::from_utf8(bytes) {
            Ok(text) => (text.to_owned(), true),
            Err(_) => (String::from_utf8_lossy(bytes).into_owned(), false),
        },
    }
}

/// CleanEval pages are wrapped in a `<text id=… >` … `</text>` pseudo-tag that was not
/// part of the page: when the first line starts with `<text `, it is dropped, and so is
/// a last non-blank line starting with `</text>`. Other pages are returned unchanged.
pub fn strip_cleaneval_wrapper(html: &[u8]) -> Vec<u8> {
    if !html.starts_with(b"<text ") {
        return html.to_vec();
    }
    let mut lines: Vec<&[u8]> = html.split(|&b| b == b'\n').collect();
    lines.remove(0);
    while lines
        .last()
        .is_some_and(|l| l.iter().all(u8::is_ascii_whitespace))
    {
        lines.pop();
    }
    if lines
        .last()
        .is_some_and(|l| l.trim_ascii().starts_with(b"</text>"))
    {
        lines.pop();
    }
    lines.join(&b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapper_is_stripped_only_when_present() {
        let page = b"<text id=\"u\" title=\"t\">\n<html><p>x</p></html>\n</text>\n\n";
        assert_eq!(strip_cleaneval_wrapper(page), b"<html><p>x</p></html>");
        assert_eq!(
            strip_cleaneval_wrapper(b"<html>\n</text>"),
            b"<html>\n</text>"
        );
    }

    #[test]
    fn a_dataset_is_resolved_at_run_time_with_precise_messages() {
        let root = std::env::temp_dir().join(format!("pith-eval-root-{}", std::process::id()));
        std::fs::create_dir_all(root.join("alpha/html")).unwrap();
        std::fs::create_dir_all(root.join("nohtml")).unwrap();
        let env = RootSource::Env;
        assert_eq!(resolve_in("alpha", &root, &env), Ok(root.join("alpha")));
        let err = resolve_in("beta", &root, &env).unwrap_err();
        assert!(
            err.contains("no dataset beta") && err.contains("it has: alpha"),
            "{err}"
        );
        assert!(
            err.contains(&format!("PITH_DATASETS={}", root.display())),
            "{err}"
        );
        let err = resolve_in("beta", &root.join("none"), &RootSource::Default).unwrap_err();
        assert!(err.contains("does not exist") && err.contains("PITH_DATASETS is not set"));
        let err = resolve_in("./x/y", &root, &env).unwrap_err();
        assert_eq!(err, "./x/y: no such folder");
        // An existing folder without html/ is named as such, not "No such file".
        let err = load_dataset(&root.join("nohtml")).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("{} has no html/ folder", root.join("nohtml").display())
        );
        // One that holds pages and texts itself is told the layout a dataset has.
        std::fs::write(root.join("nohtml/a.html"), "<p>a</p>").unwrap();
        std::fs::write(root.join("nohtml/a.txt"), "a").unwrap();
        std::fs::write(root.join("nohtml/b.HTM"), "<p>b</p>").unwrap();
        let err = load_dataset(&root.join("nohtml")).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "{} has no html/ folder; a dataset holds its pages as html/<id>.html and \
                 their gold texts as gold/<id>.txt, and this folder has 2 HTML files and 1 \
                 text file of its own: move them into html/ and gold/",
                root.join("nohtml").display()
            )
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn gold_files_in_utf16_are_read_and_others_named() {
        assert_eq!(gold_text("café".as_bytes()), ("café".to_owned(), true));
        assert_eq!(
            gold_text(b"\xEF\xBB\xBFcaf\xC3\xA9"),
            ("café".to_owned(), true)
        );
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("café".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(gold_text(&le), ("café".to_owned(), true));
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("café".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(gold_text(&be), ("café".to_owned(), true));
        assert_eq!(gold_text(b"caf\xE9"), ("caf\u{FFFD}".to_owned(), false));
    }

    #[test]
    fn pages_without_gold_are_listed() {
        let dir = std::env::temp_dir().join(format!("pith-eval-ds-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("html")).unwrap();
        std::fs::create_dir_all(dir.join("gold")).unwrap();
        std::fs::write(dir.join("html/a.html"), "<p>a</p>").unwrap();
        std::fs::write(dir.join("html/b.html"), "<p>b</p>").unwrap();
        std::fs::write(dir.join("gold/a.txt"), "a").unwrap();
        let ds = load_dataset(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(ds.pages.len(), 1);
        assert_eq!(ds.missing_gold, ["b"]);
    }

    /// `.htm` and any case are pages; a gzipped page, a folder named like a page and
    /// other files are named as not read, not skipped in silence (nor an error).
    #[test]
    fn files_not_read_as_pages_are_named() {
        let dir = std::env::temp_dir().join(format!("pith-eval-np-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("html/folder.html")).unwrap();
        std::fs::create_dir_all(dir.join("gold")).unwrap();
        for (name, gold) in [("a.HTML", "a"), ("b.htm", "b")] {
            std::fs::write(dir.join("html").join(name), "<p>x</p>").unwrap();
            std::fs::write(dir.join(format!("gold/{gold}.txt")), "x").unwrap();
        }
        std::fs::write(dir.join("html/c.html.gz"), [0x1f, 0x8b]).unwrap();
        std::fs::write(dir.join("html/notes.txt"), "n").unwrap();
        let ds = load_dataset(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let ids: Vec<&str> = ds.pages.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(ds.not_pages, ["c.html.gz", "folder.html", "notes.txt"]);
    }
}
