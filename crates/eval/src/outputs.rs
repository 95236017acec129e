//! Another tool's saved outputs as a column of the comparison (`pith eval --outputs
//! NAME=DIR`): `DIR/<id>.txt` is the tool's text of page `<id>`, scored exactly as a
//! pipeline's extraction is, so that pith and its peers (trafilatura, readability-lxml,
//! …) are measured with the same metrics, bootstrap and paired test on the same pages.
//!
//! Nothing is left out silently: a page without its file is scored as an empty
//! extraction and named ([`OutputsInfo::missing`]); files that match no page of the
//! dataset are counted ([`OutputsInfo::unmatched`]); a file that is not UTF-8 is read
//! with replacement characters and named ([`OutputsInfo::not_utf8`]). The tool's speed
//! is known only when the folder says it: an optional `seconds.tsv` (`id<TAB>seconds`
//! per line, the time of each page's extraction) fills ms/page and MB/s.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::dataset::Dataset;
use crate::metrics::{bow_counts, page_counts};
use crate::run::{PageResult, PipelineRun, Source};

/// The optional per-page timing file of an outputs folder.
pub const TIMINGS_FILE: &str = "seconds.tsv";

/// An `--outputs` argument: the column's name and the folder of texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputsArg {
    /// The name shown in the table.
    pub name: String,
    /// The folder with `<id>.txt` per page.
    pub dir: PathBuf,
}

/// Parses `NAME=DIR`, or a bare `DIR` (then named as written). An existing folder
/// whose path contains `=` is taken whole, as a bare `DIR`.
pub fn parse_outputs_arg(arg: &str) -> Result<OutputsArg, String> {
    if arg.is_empty() {
        return Err("--outputs needs NAME=DIR or DIR".into());
    }
    let (name, dir) = match arg.split_once('=') {
        Some((name, dir)) if !Path::new(arg).is_dir() => (name.trim(), dir),
        _ => (arg, arg),
    };
    if name.is_empty() || dir.is_empty() {
        return Err(format!("--outputs {arg:?}: expected NAME=DIR or DIR"));
    }
    Ok(OutputsArg {
        name: name.to_owned(),
        dir: PathBuf::from(dir),
    })
}

/// What reading an outputs folder found, besides the texts.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OutputsInfo {
    /// The folder, as given.
    pub dir: String,
    /// Pages of the dataset without `<id>.txt` (scored as empty extractions), by id.
    pub missing: Vec<String>,
    /// `.txt` files whose stem is no page of the dataset (not scored), by stem. Pages
    /// of the dataset without gold do not count here.
    pub unmatched: Vec<String>,
    /// Files that were not valid UTF-8 (read with U+FFFD in place of the bad bytes).
    pub not_utf8: Vec<String>,
    /// Whether `seconds.tsv` gave the pages' extraction times.
    pub timed: bool,
}

/// Reads `DIR/<id>.txt` for every page of `dataset` and scores each against its gold.
/// `keep_blocks` keeps the text's lines as kept blocks, for the HTML report's
/// drill-down. Errors (exit 2 on the command line) when the folder cannot be read, has
/// no file for any page (a wrong folder, not a tool that failed everywhere), or has a
/// malformed `seconds.tsv`.
pub fn read_outputs(
    arg: &OutputsArg,
    dataset: &Dataset,
    keep_blocks: bool,
) -> Result<PipelineRun, String> {
    let dir = &arg.dir;
    let shown = dir.display();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("--outputs {shown}: {e}"))?;
    let mut stems = HashSet::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("--outputs {shown}: {e}"))?.path();
        if path.extension().is_some_and(|e| e == "txt") && path.is_file() {
            if let Some(stem) = path.file_stem() {
                stems.insert(stem.to_string_lossy().into_owned());
            }
        }
    }
    let page_ids: HashSet<&str> = dataset.pages.iter().map(|p| p.id.as_str()).collect();
    if !dataset.pages.is_empty() && !page_ids.iter().any(|id| stems.contains(*id)) {
        return Err(format!(
            "--outputs {shown}: no output of any page of {} (expected e.g. {})",
            dataset.name,
            dir.join(format!("{}.txt", dataset.pages[0].id)).display()
        ));
    }
    let times = read_timings(dir)?;
    let without_gold: HashSet<&str> = dataset.missing_gold.iter().map(String::as_str).collect();
    let mut unmatched: Vec<String> = stems
        .iter()
        .filter(|s| !page_ids.contains(s.as_str()) && !without_gold.contains(s.as_str()))
        .cloned()
        .collect();
    unmatched.sort();
    let mut info = OutputsInfo {
        dir: shown.to_string(),
        unmatched,
        timed: times.is_some(),
        ..OutputsInfo::default()
    };
    let mut pages = Vec::with_capacity(dataset.pages.len());
    for page in &dataset.pages {
        let text = if stems.contains(&page.id) {
            let path = dir.join(format!("{}.txt", page.id));
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    info.not_utf8.push(page.id.clone());
                    String::from_utf8_lossy(e.as_bytes()).into_owned()
                }
            }
        } else {
            info.missing.push(page.id.clone());
            String::new()
        };
        let blocks = if keep_blocks {
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| (l.to_owned(), true))
                .collect()
        } else {
            Vec::new()
        };
        pages.push(PageResult {
            id: page.id.clone(),
            counts: page_counts(&text, &page.gold),
            bow: bow_counts(&text, &page.gold),
            seconds: times.as_ref().and_then(|t| t.get(&page.id).copied()),
            text,
            blocks,
            error: None,
        });
    }
    Ok(PipelineRun {
        name: arg.name.clone(),
        pages,
        source: Source::Outputs(info),
    })
}

/// `DIR/seconds.tsv` as id → seconds, when the file exists. Blank lines and lines
/// starting with `#` are skipped; any other line must be `id<TAB>seconds` with a finite
/// non-negative number.
fn read_timings(dir: &Path) -> Result<Option<HashMap<String, f64>>, String> {
    let path = dir.join(TIMINGS_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_timings(&text, &path.display().to_string()).map(Some)
}

/// Parses the text of a `seconds.tsv` (`source` names it in errors).
fn parse_timings(text: &str, source: &str) -> Result<HashMap<String, f64>, String> {
    let mut times = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line
            .split_once('\t')
            .and_then(|(id, s)| Some((id, s.trim().parse::<f64>().ok()?)));
        match parsed {
            Some((id, s)) if s.is_finite() && s >= 0.0 => {
                times.insert(id.to_owned(), s);
            }
            _ => {
                return Err(format!(
                    "{source}:{}: expected id<TAB>seconds, got {line:?}",
                    n + 1
                ))
            }
        }
    }
    Ok(times)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Page;
    use proptest::prelude::*;

    proptest! {
        /// Any timing file is read or refused with a message, never a panic; what is
        /// read is a finite, non-negative time for an id that is in the file.
        #[test]
        fn any_timing_text_is_read_or_refused(text in "(\\PC{0,12}(\t[-+0-9.eE inf NaN]{0,8})?\n?){0,8}") {
            if let Ok(times) = parse_timings(&text, "t") {
                for (id, s) in &times {
                    prop_assert!(s.is_finite() && *s >= 0.0);
                    let key = format!("{id}\t");
                    prop_assert!(text.contains(&key));
                }
            }
        }

        /// Any argument parses to a non-empty name and folder, or is refused.
        #[test]
        fn any_outputs_argument_is_parsed_or_refused(arg in "\\PC{0,20}") {
            if let Ok(a) = parse_outputs_arg(&arg) {
                prop_assert!(!a.name.is_empty() && !a.dir.as_os_str().is_empty());
            }
        }
    }

    fn dataset() -> Dataset {
        let page = |id: &str, gold: &str| Page {
            id: id.into(),
            html: vec![b'x'; 1000],
            gold: gold.into(),
        };
        Dataset {
            name: "tiny".into(),
            pages: vec![
                page("a", "alpha beta gamma delta"),
                page("b", "one two three"),
                page("c", "red green blue"),
            ],
            missing_gold: vec!["nogold".into()],
            ..Dataset::default()
        }
    }

    fn folder(tag: &str, files: &[(&str, &[u8])]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pith-outputs-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        dir
    }

    #[test]
    fn names_and_folders_are_parsed() {
        let a = parse_outputs_arg("trafilatura=out/t/scrapinghub").unwrap();
        assert_eq!(a.name, "trafilatura");
        assert_eq!(a.dir, PathBuf::from("out/t/scrapinghub"));
        let b = parse_outputs_arg("out/t").unwrap();
        assert_eq!(
            (b.name.as_str(), b.dir.clone()),
            ("out/t", PathBuf::from("out/t"))
        );
        assert!(parse_outputs_arg("=dir").is_err());
        assert!(parse_outputs_arg("name=").is_err());
        assert!(parse_outputs_arg("").is_err());
        // An existing folder with '=' in its path is a folder, not NAME=DIR.
        let dir = folder("eq=sign", &[]);
        let c = parse_outputs_arg(dir.to_str().unwrap()).unwrap();
        assert_eq!(c.dir, dir);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_unmatched_and_bad_files_are_named_and_scored() {
        let dir = folder(
            "read",
            &[
                ("a.txt", b"alpha beta gamma delta"),
                ("c.txt", b"red \xff green"),
                ("nogold.txt", b"not scored"),
                ("zzz.txt", b"stray"),
                ("notes.md", b"ignored: not .txt"),
            ],
        );
        let arg = OutputsArg {
            name: "tool".into(),
            dir: dir.clone(),
        };
        let run = read_outputs(&arg, &dataset(), true).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let Source::Outputs(info) = &run.source else {
            panic!("not outputs")
        };
        assert_eq!(info.missing, ["b"]);
        assert_eq!(info.unmatched, ["zzz"]);
        assert_eq!(info.not_utf8, ["c"]);
        assert!(!info.timed);
        assert_eq!(run.pages[0].bow.common, 4);
        assert_eq!(run.pages[1].text, "");
        assert_eq!(run.pages[1].bow.predicted, 0);
        assert_eq!(run.pages[2].text, "red \u{fffd} green");
        assert_eq!(run.pages[2].bow.common, 2);
        assert_eq!(
            run.pages[0].blocks,
            [("alpha beta gamma delta".into(), true)]
        );
        assert!(run.pages.iter().all(|p| p.seconds.is_none()));
    }

    #[test]
    fn timings_are_read_and_checked() {
        let dir = folder(
            "times",
            &[
                ("a.txt", b"alpha"),
                ("b.txt", b"one"),
                ("seconds.tsv", b"# id\tseconds\na\t0.5\nb\t0.25\n"),
            ],
        );
        let arg = OutputsArg {
            name: "t".into(),
            dir: dir.clone(),
        };
        let run = read_outputs(&arg, &dataset(), false).unwrap();
        let secs: Vec<Option<f64>> = run.pages.iter().map(|p| p.seconds).collect();
        assert_eq!(secs, [Some(0.5), Some(0.25), None]);
        std::fs::write(dir.join("seconds.tsv"), "a\tfast\n").unwrap();
        let err = read_outputs(&arg, &dataset(), false).unwrap_err();
        assert!(
            err.contains("seconds.tsv:1") && err.contains("id<TAB>seconds"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_with_no_page_is_an_error() {
        let dir = folder("none", &[("other.txt", b"x")]);
        let arg = OutputsArg {
            name: "t".into(),
            dir: dir.clone(),
        };
        let err = read_outputs(&arg, &dataset(), false).unwrap_err();
        assert!(err.contains("no output of any page of tiny"), "{err}");
        assert!(err.contains("a.txt"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
        let err = read_outputs(&arg, &dataset(), false).unwrap_err();
        assert!(err.starts_with("--outputs "), "{err}");
    }
}
