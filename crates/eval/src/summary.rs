//! The side-by-side comparison of pipelines on one dataset, and its output formats
//! (terminal table, Markdown, CSV, JSON).

use std::fmt::Write as _;

use serde::Serialize;

use crate::dataset::Dataset;
use crate::metrics::{
    paired_bootstrap_f1, paired_bootstrap_mean, tokenize, BowCounts, BowScore, PageCounts, Score,
};
use crate::outputs::OutputsInfo;
use crate::run::{PipelineRun, Source};

/// One page's shingle scores (for the worst pages).
#[derive(Clone, Debug, Serialize)]
pub struct PageScore {
    /// The page id.
    pub id: String,
    /// Shingle precision, recall and F1 of the page.
    pub score: Score,
}

/// One page's figures, for `--format json`: what a paired test or an error analysis
/// outside pith needs, page by page.
#[derive(Clone, Debug, Serialize)]
pub struct PageFigures {
    /// The page id.
    pub id: String,
    /// Shingle precision, recall and F1 of the page; absent (`null`) when neither its
    /// gold nor its extraction has a shingle (an empty gold and an empty output: the
    /// benchmark's means leave such a page out).
    pub shingle: Option<Score>,
    /// Token (bag-of-words) precision, recall and F1 of the page: the macro figures
    /// are their means.
    pub token: Score,
    /// Whether the extraction has no word (an empty output).
    pub empty: bool,
    /// The error when the pipeline failed on the page (scored as empty); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Every figure of one pipeline (or of one tool's saved outputs).
#[derive(Clone, Debug, Serialize)]
pub struct PipelineSummary {
    /// The pipeline (or the outputs) as named on the command line.
    pub name: String,
    /// For another tool's saved outputs (`--outputs`): the folder, the pages without
    /// a file, the files that match no page; absent (`null`) for a pith pipeline.
    pub outputs: Option<OutputsInfo>,
    /// The scrapinghub shingle metric.
    pub shingle: Score,
    /// Its bootstrap standard deviations over pages (absent with `--bootstrap 0`).
    pub shingle_sd: Option<Score>,
    /// Bag-of-words token scores, micro and macro.
    pub bow: BowScore,
    /// Shingle F1 minus the first pipeline's (absent for the first).
    pub delta_f1: Option<f64>,
    /// The paired bootstrap p-value of that difference (absent for the first, and
    /// with `--bootstrap 0`).
    pub p_value: Option<f64>,
    /// Token (bag-of-words macro) F1 minus the first pipeline's (absent for the first).
    pub delta_token_f1: Option<f64>,
    /// The paired bootstrap p-value of that difference, over the pages' token F1s
    /// (absent for the first, and with `--bootstrap 0`).
    pub p_value_token: Option<f64>,
    /// Mean extraction time per page, in milliseconds (over the timed pages; absent
    /// when no page is timed: saved outputs without `seconds.tsv`).
    pub ms_per_page: Option<f64>,
    /// Throughput of one worker: the timed pages' HTML bytes (in MB, 10^6 bytes) over
    /// the summed time of their extractions (absent when no page is timed).
    pub mb_per_s: Option<f64>,
    /// How many pages the two speed figures are over (all, for a pith pipeline; those
    /// in the outputs' `seconds.tsv`, for saved outputs).
    pub timed_pages: usize,
    /// Pages whose extraction has no word (no `\w+` token): empty outputs, failed pages
    /// and missing output files included (they are scored as empty).
    pub empty: usize,
    /// Pages where the pipeline failed: id and error.
    pub failed: Vec<(String, String)>,
    /// The pages with the lowest shingle F1, worst first.
    pub worst: Vec<PageScore>,
    /// Every page's figures, in the dataset's order (pages sorted by id); in JSON only.
    pub pages: Vec<PageFigures>,
}

/// The comparison of pipelines on one dataset.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The dataset's name.
    pub dataset: String,
    /// Pages scored (those with gold).
    pub pages: usize,
    /// Pages without gold (not scored), by id.
    pub missing_gold: Vec<String>,
    /// Pages whose gold file is not UTF-8 (read with replacement characters), by id.
    pub gold_not_utf8: Vec<String>,
    /// Files in the dataset's `html/` not read as pages (not `*.html` or `*.htm`).
    pub not_pages: Vec<String>,
    /// Bootstrap resamples used for ± and p-values.
    pub bootstrap: usize,
    /// The bootstrap seed.
    pub seed: u64,
    /// One entry per pipeline, in command-line order.
    pub pipelines: Vec<PipelineSummary>,
}

/// A page id for text output: ids longer than 16 characters (scrapinghub's sha256
/// hashes) are cut to their first 12 and `…` (JSON keeps them whole).
fn short_id(id: &str) -> String {
    if id.chars().count() > 16 {
        id.chars().take(12).collect::<String>() + "…"
    } else {
        id.to_owned()
    }
}

/// Whether an extraction counts as an empty output: it has no `\w+` token (the words
/// both metrics count), so whitespace or punctuation alone is empty.
pub fn is_empty_output(text: &str) -> bool {
    tokenize(text).is_empty()
}

/// How many worst pages each pipeline lists.
pub const WORST: usize = 5;

/// Whether a page has a shingle to score, in its gold or in its extraction.
fn has_shingles(c: &PageCounts) -> bool {
    c.tp + c.fp + c.fn_ > 0.0
}

/// Computes the comparison: the first run is the baseline of the paired tests.
pub fn summarise(dataset: &Dataset, runs: &[PipelineRun], bootstrap: usize, seed: u64) -> Summary {
    let base = runs.first().map(PipelineRun::counts).unwrap_or_default();
    let token_f1s =
        |run: &PipelineRun| -> Vec<f64> { run.pages.iter().map(|p| p.bow.score().f1).collect() };
    let base_tokens = runs.first().map(token_f1s).unwrap_or_default();
    let pipelines = runs
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let counts = run.counts();
            let bows: Vec<BowCounts> = run.pages.iter().map(|p| p.bow).collect();
            let (delta_f1, p_value, delta_token_f1, p_value_token) = if i == 0 {
                (None, None, None, None)
            } else {
                let (d, p) = paired_bootstrap_f1(&base, &counts, bootstrap, seed);
                let (dt, pt) =
                    paired_bootstrap_mean(&base_tokens, &token_f1s(run), bootstrap, seed);
                // No resamples, no p-value (the functions answer 1 then).
                let resampled = bootstrap > 0;
                (
                    Some(d),
                    resampled.then_some(p),
                    Some(dt),
                    resampled.then_some(pt),
                )
            };
            let mut per_page: Vec<PageScore> = run
                .pages
                .iter()
                .filter(|p| has_shingles(&p.counts))
                .map(|p| PageScore {
                    id: p.id.clone(),
                    score: Score::of(std::slice::from_ref(&p.counts)),
                })
                .collect();
            per_page.sort_by(|a, b| a.score.f1.total_cmp(&b.score.f1).then(a.id.cmp(&b.id)));
            per_page.truncate(WORST);
            let (timed, total, bytes) = timing(dataset, run);
            PipelineSummary {
                name: run.name.clone(),
                outputs: match &run.source {
                    Source::Pipeline => None,
                    Source::Outputs(info) => Some(info.clone()),
                },
                shingle: Score::of(&counts),
                shingle_sd: (bootstrap > 0).then(|| Score::bootstrap_std(&counts, bootstrap, seed)),
                bow: BowScore::of(&bows),
                delta_f1,
                p_value,
                delta_token_f1,
                p_value_token,
                timed_pages: timed,
                ms_per_page: (timed > 0).then(|| 1000.0 * total / timed as f64),
                mb_per_s: (timed > 0).then(|| {
                    if total > 0.0 {
                        bytes as f64 / 1e6 / total
                    } else {
                        0.0
                    }
                }),
                empty: run
                    .pages
                    .iter()
                    .filter(|p| is_empty_output(&p.text))
                    .count(),
                failed: run
                    .pages
                    .iter()
                    .filter_map(|p| p.error.clone().map(|e| (p.id.clone(), e)))
                    .collect(),
                worst: per_page,
                pages: run
                    .pages
                    .iter()
                    .map(|p| PageFigures {
                        id: p.id.clone(),
                        shingle: has_shingles(&p.counts)
                            .then(|| Score::of(std::slice::from_ref(&p.counts))),
                        token: p.bow.score(),
                        empty: is_empty_output(&p.text),
                        error: p.error.clone(),
                    })
                    .collect(),
            }
        })
        .collect();
    Summary {
        dataset: dataset.name.clone(),
        pages: dataset.pages.len(),
        missing_gold: dataset.missing_gold.clone(),
        gold_not_utf8: dataset.gold_not_utf8.clone(),
        not_pages: dataset.not_pages.clone(),
        bootstrap,
        seed,
        pipelines,
    }
}

/// The timed pages of a run: how many, their summed seconds and their HTML bytes.
fn timing(dataset: &Dataset, run: &PipelineRun) -> (usize, f64, usize) {
    let mut out = (0, 0.0, 0);
    for (page, result) in dataset.pages.iter().zip(&run.pages) {
        if let Some(s) = result.seconds {
            out.0 += 1;
            out.1 += s;
            out.2 += page.html.len();
        }
    }
    out
}

/// How many ids a text output lists before `… and N more` (JSON lists them all).
const IDS_LISTED: usize = 20;

fn id_list(ids: &[String]) -> String {
    let mut s: Vec<String> = ids.iter().take(IDS_LISTED).map(|i| short_id(i)).collect();
    if ids.len() > IDS_LISTED {
        s.push(format!("… and {} more", ids.len() - IDS_LISTED));
    }
    s.join(", ")
}

/// The output formats of `pith eval`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned plain-text table.
    Table,
    /// GitHub Markdown.
    Markdown,
    /// CSV, one row per pipeline and metric: `pipeline,metric,value,sd`.
    Csv,
    /// The whole [`Summary`] as JSON.
    Json,
}

impl Summary {
    /// The metric rows: label, then per pipeline the cell text.
    pub fn rows(&self) -> Vec<(String, Vec<String>)> {
        let f = |v: f64| format!("{v:.3}");
        let pm = |v: f64, sd: Option<f64>| match sd {
            Some(sd) => format!("{v:.3} ±{sd:.3}"),
            None => format!("{v:.3}"),
        };
        let col = |g: &dyn Fn(&PipelineSummary) -> String| self.pipelines.iter().map(g).collect();
        let mut rows: Vec<(String, Vec<String>)> = vec![
            (
                "shingle P".into(),
                col(&|p| pm(p.shingle.precision, p.shingle_sd.map(|sd| sd.precision))),
            ),
            (
                "shingle R".into(),
                col(&|p| pm(p.shingle.recall, p.shingle_sd.map(|sd| sd.recall))),
            ),
            (
                "shingle F1".into(),
                col(&|p| pm(p.shingle.f1, p.shingle_sd.map(|sd| sd.f1))),
            ),
            (
                "ΔF1 vs first".into(),
                col(&|p| p.delta_f1.map_or("—".into(), |d| format!("{d:+.3}"))),
            ),
            (
                "p (paired bootstrap)".into(),
                col(&|p| p.p_value.map_or("—".into(), |v| format!("{v:.3}"))),
            ),
            ("BoW micro P".into(), col(&|p| f(p.bow.micro.precision))),
            ("BoW micro R".into(), col(&|p| f(p.bow.micro.recall))),
            ("BoW micro F1".into(), col(&|p| f(p.bow.micro.f1))),
            ("BoW macro P".into(), col(&|p| f(p.bow.macro_.precision))),
            ("BoW macro R".into(), col(&|p| f(p.bow.macro_.recall))),
            ("BoW macro F1".into(), col(&|p| f(p.bow.macro_.f1))),
            (
                "Δ BoW macro F1 vs first".into(),
                col(&|p| p.delta_token_f1.map_or("—".into(), |d| format!("{d:+.3}"))),
            ),
            (
                "p BoW macro (paired bootstrap)".into(),
                col(&|p| p.p_value_token.map_or("—".into(), |v| format!("{v:.3}"))),
            ),
            ("empty outputs".into(), col(&|p| p.empty.to_string())),
            (
                "ms/page".into(),
                col(&|p| {
                    // Saved outputs may time only some pages: say over how many.
                    let partly = p.timed_pages < self.pages;
                    p.ms_per_page.map_or("—".into(), |v| match partly {
                        true => format!("{v:.2} ({}/{} timed)", p.timed_pages, self.pages),
                        false => format!("{v:.2}"),
                    })
                }),
            ),
            (
                "MB/s".into(),
                col(&|p| p.mb_per_s.map_or("—".into(), |v| format!("{v:.1}"))),
            ),
            ("failed pages".into(), col(&|p| p.failed.len().to_string())),
        ];
        if self.pipelines.iter().any(|p| p.outputs.is_some()) {
            rows.push((
                "missing outputs".into(),
                col(&|p| {
                    p.outputs
                        .as_ref()
                        .map_or("—".into(), |o| o.missing.len().to_string())
                }),
            ));
        }
        rows
    }

    /// The summary in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Table => self.table(),
            Format::Markdown => self.markdown(),
            Format::Csv => self.csv(),
            Format::Json => serde_json::to_string_pretty(self).expect("serialisable") + "\n",
        }
    }

    fn header(&self) -> String {
        let mut s = format!(
            "dataset {}: {} pages scored, bootstrap {} resamples (seed {})",
            self.dataset, self.pages, self.bootstrap, self.seed
        );
        if !self.missing_gold.is_empty() {
            let _ = write!(
                s,
                "; {} pages without gold, not scored: {}",
                self.missing_gold.len(),
                self.missing_gold.join(", ")
            );
        }
        if !self.not_pages.is_empty() {
            let _ = write!(
                s,
                "; {} entries of html/ not read as pages (not a *.html or *.htm file): {}",
                self.not_pages.len(),
                self.not_pages.join(", ")
            );
        }
        if !self.gold_not_utf8.is_empty() {
            let _ = write!(
                s,
                "; {} gold files are not UTF-8 (read with replacement characters): {}",
                self.gold_not_utf8.len(),
                self.gold_not_utf8.join(", ")
            );
        }
        s
    }

    /// Column labels: the pipeline names, or `#1`, `#2`, … (with a legend line each)
    /// when some name is longer than 24 characters.
    fn labels(&self) -> (Vec<String>, String) {
        if self.pipelines.iter().all(|p| p.name.chars().count() <= 24) {
            return (
                self.pipelines.iter().map(|p| p.name.clone()).collect(),
                String::new(),
            );
        }
        let mut legend = String::new();
        let labels = self
            .pipelines
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let _ = writeln!(legend, "#{} = {}", i + 1, p.name);
                format!("#{}", i + 1)
            })
            .collect();
        (labels, legend)
    }

    fn footer(&self, md: bool) -> String {
        let mut s = String::new();
        let bullet = if md { "- " } else { "  " };
        let _ = writeln!(s, "\nworst pages (shingle F1):");
        for p in &self.pipelines {
            let list: Vec<String> = p
                .worst
                .iter()
                .map(|w| format!("{} ({:.3})", short_id(&w.id), w.score.f1))
                .collect();
            let _ = writeln!(s, "{bullet}{}: {}", p.name, list.join(", "));
        }
        for p in &self.pipelines {
            if !p.failed.is_empty() {
                let _ = writeln!(s, "\n{}: {} pages failed:", p.name, p.failed.len());
                for (id, e) in &p.failed {
                    let _ = writeln!(s, "{bullet}{id}: {e}");
                }
            }
        }
        for p in &self.pipelines {
            if let Some(o) = &p.outputs {
                let _ = writeln!(s, "\n{}: saved outputs read from {}", p.name, o.dir);
                if !o.missing.is_empty() {
                    let _ = writeln!(
                        s,
                        "{bullet}{} pages without an output file, scored as empty: {}",
                        o.missing.len(),
                        id_list(&o.missing)
                    );
                }
                if !o.unmatched.is_empty() {
                    let _ = writeln!(
                        s,
                        "{bullet}{} files match no page of the dataset, not scored: {}",
                        o.unmatched.len(),
                        id_list(&o.unmatched)
                    );
                }
                if !o.not_utf8.is_empty() {
                    let _ = writeln!(
                        s,
                        "{bullet}{} files are not UTF-8, read with U+FFFD: {}",
                        o.not_utf8.len(),
                        id_list(&o.not_utf8)
                    );
                }
                if !o.timed {
                    let _ = writeln!(s, "{bullet}no seconds.tsv: speed not known");
                }
            }
        }
        s
    }

    fn table(&self) -> String {
        let rows = self.rows();
        let mut widths = vec![rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0)];
        for (i, name) in self.labels().0.iter().enumerate() {
            let w = rows
                .iter()
                .map(|r| r.1[i].chars().count())
                .max()
                .unwrap_or(0);
            widths.push(w.max(name.chars().count()));
        }
        let pad = |s: &str, w: usize, left: bool| {
            let n = w.saturating_sub(s.chars().count());
            if left {
                format!("{s}{}", " ".repeat(n))
            } else {
                format!("{}{s}", " ".repeat(n))
            }
        };
        let (labels, legend) = self.labels();
        let mut out = self.header() + "\n" + &legend + "\n";
        let mut line = pad("", widths[0], true);
        for (i, name) in labels.iter().enumerate() {
            line += "  ";
            line += &pad(name, widths[i + 1], false);
        }
        out += line.trim_end();
        out.push('\n');
        for (label, cells) in &rows {
            let mut line = pad(label, widths[0], true);
            for (i, c) in cells.iter().enumerate() {
                line += "  ";
                line += &pad(c, widths[i + 1], false);
            }
            out += &line;
            out.push('\n');
        }
        out + &self.footer(false)
    }

    fn markdown(&self) -> String {
        let rows = self.rows();
        let (labels, legend) = self.labels();
        let mut out = self.header() + "\n\n";
        for line in legend.lines() {
            let _ = writeln!(out, "- {line}");
        }
        out += if legend.is_empty() {
            "| metric |"
        } else {
            "\n| metric |"
        };
        for name in &labels {
            let _ = write!(out, " `{name}` |");
        }
        out += "\n|---|";
        out += &"---:|".repeat(self.pipelines.len());
        out.push('\n');
        for (label, cells) in &rows {
            let _ = writeln!(out, "| {label} | {} |", cells.join(" | "));
        }
        out + &self.footer(true)
    }

    fn csv(&self) -> String {
        let q = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_owned()
            }
        };
        let mut out = String::from("pipeline,metric,value,sd\n");
        for p in &self.pipelines {
            let mut row = |m: &str, v: f64, sd: Option<f64>| {
                let sd = sd.map_or(String::new(), |s| format!("{s:.6}"));
                let _ = writeln!(out, "{},{m},{v:.6},{sd}", q(&p.name));
            };
            let sd = p.shingle_sd;
            row(
                "shingle_precision",
                p.shingle.precision,
                sd.map(|sd| sd.precision),
            );
            row("shingle_recall", p.shingle.recall, sd.map(|sd| sd.recall));
            row("shingle_f1", p.shingle.f1, sd.map(|sd| sd.f1));
            if let Some(d) = p.delta_f1 {
                row("delta_f1", d, None);
            }
            if let Some(pv) = p.p_value {
                row("p_value", pv, None);
            }
            row("bow_micro_precision", p.bow.micro.precision, None);
            row("bow_micro_recall", p.bow.micro.recall, None);
            row("bow_micro_f1", p.bow.micro.f1, None);
            row("bow_macro_precision", p.bow.macro_.precision, None);
            row("bow_macro_recall", p.bow.macro_.recall, None);
            row("bow_macro_f1", p.bow.macro_.f1, None);
            if let Some(d) = p.delta_token_f1 {
                row("delta_bow_macro_f1", d, None);
            }
            if let Some(pv) = p.p_value_token {
                row("p_value_bow_macro", pv, None);
            }
            row("empty_outputs", p.empty as f64, None);
            if let Some(v) = p.ms_per_page {
                row("ms_per_page", v, None);
            }
            if let Some(v) = p.mb_per_s {
                row("mb_per_s", v, None);
            }
            row("failed_pages", p.failed.len() as f64, None);
            if let Some(o) = &p.outputs {
                row("missing_outputs", o.missing.len() as f64, None);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Page;
    use crate::run::PageResult;

    fn page(id: &str, html: &str) -> Page {
        Page {
            id: id.into(),
            html: html.as_bytes().to_vec(),
            gold: "some gold words".into(),
        }
    }

    fn result(id: &str, text: &str, seconds: f64) -> PageResult {
        PageResult {
            id: id.into(),
            text: text.into(),
            seconds: Some(seconds),
            ..PageResult::default()
        }
    }

    #[test]
    fn empty_outputs_and_throughput_are_counted() {
        let dataset = Dataset {
            name: "tiny".into(),
            pages: vec![
                page("a", &"x".repeat(1_000_000)),
                page("b", &"y".repeat(500_000)),
                page("c", &"z".repeat(500_000)),
            ],
            ..Dataset::default()
        };
        let run = PipelineRun {
            name: "p".into(),
            pages: vec![
                result("a", "", 0.5),
                result("b", " — … ", 0.25),
                result("c", "some words", 0.25),
            ],
            source: Source::Pipeline,
        };
        let summary = summarise(&dataset, &[run], 0, 1);
        let p = &summary.pipelines[0];
        // No token: the empty text and the punctuation-only text.
        assert_eq!(p.empty, 2);
        // 2 MB in 1 s of extraction time.
        let mb_per_s = p.mb_per_s.unwrap();
        assert!((mb_per_s - 2.0).abs() < 1e-9, "{mb_per_s}");
        for format in [Format::Table, Format::Markdown] {
            let text = summary.render(format);
            assert!(text.contains("empty outputs"), "{text}");
            assert!(text.contains("MB/s"), "{text}");
        }
        assert!(summary
            .render(Format::Csv)
            .contains("p,empty_outputs,2.000000,"));
        let json: serde_json::Value = serde_json::from_str(&summary.render(Format::Json)).unwrap();
        assert_eq!(json["pipelines"][0]["empty"], 2);
    }

    #[test]
    fn saved_outputs_are_a_column_like_a_pipeline() {
        let dataset = Dataset {
            name: "tiny".into(),
            pages: vec![page("a", "<p>x</p>"), page("b", "<p>y</p>")],
            ..Dataset::default()
        };
        let gold = "some gold words";
        let pipeline = PipelineRun {
            name: "pith".into(),
            pages: vec![result("a", gold, 0.5), result("b", gold, 0.5)],
            source: Source::Pipeline,
        };
        let info = OutputsInfo {
            dir: "out/tool".into(),
            missing: vec!["b".into()],
            ..OutputsInfo::default()
        };
        let mut a = result("a", gold, 0.0);
        a.seconds = None;
        a.bow = crate::metrics::bow_counts(gold, gold);
        a.counts = crate::metrics::page_counts(gold, gold);
        let mut b = result("b", "", 0.0);
        b.seconds = None;
        b.bow = crate::metrics::bow_counts("", gold);
        b.counts = crate::metrics::page_counts("", gold);
        let outputs = PipelineRun {
            name: "tool".into(),
            pages: vec![a, b],
            source: Source::Outputs(info),
        };
        // The saved outputs first: they are the baseline of the paired test.
        let summary = summarise(&dataset, &[outputs, pipeline], 0, 1);
        let tool = &summary.pipelines[0];
        assert_eq!(tool.empty, 1, "the missing page is an empty output");
        assert_eq!((tool.ms_per_page, tool.mb_per_s), (None, None));
        assert!((tool.bow.macro_.f1 - 0.5).abs() < 1e-9);
        assert!(summary.pipelines[1].delta_f1.is_some());
        // Token F1: page a 1 against 1, page b 0 against 1, so +0.5 for the pipeline.
        let dt = summary.pipelines[1].delta_token_f1.unwrap();
        assert!((dt - 0.5).abs() < 1e-9, "{dt}");
        assert!(summary.pipelines[0].p_value_token.is_none());
        let table = summary.render(Format::Table);
        assert!(table.contains("missing outputs"), "{table}");
        assert!(
            table.contains("tool: saved outputs read from out/tool"),
            "{table}"
        );
        assert!(
            table.contains("1 pages without an output file, scored as empty: b"),
            "{table}"
        );
        assert!(table.contains("no seconds.tsv"), "{table}");
        let ms_row = table.lines().find(|l| l.starts_with("ms/page")).unwrap();
        assert!(
            ms_row.contains('—') && ms_row.contains("500.00"),
            "{ms_row}"
        );
        let csv = summary.render(Format::Csv);
        assert!(csv.contains("tool,missing_outputs,1.000000,"), "{csv}");
        assert!(!csv.contains("tool,ms_per_page"), "{csv}");
        assert!(!csv.contains("pith,missing_outputs"), "{csv}");
        let json: serde_json::Value = serde_json::from_str(&summary.render(Format::Json)).unwrap();
        assert_eq!(json["pipelines"][0]["outputs"]["missing"][0], "b");
        assert!(json["pipelines"][0]["ms_per_page"].is_null());
        assert!(json["pipelines"][1]["outputs"].is_null());
    }

    #[test]
    fn long_id_lists_are_cut_in_text() {
        let ids: Vec<String> = (0..25).map(|i| format!("p{i}")).collect();
        let s = id_list(&ids);
        assert!(
            s.starts_with("p0, p1,") && s.ends_with("p19, … and 5 more"),
            "{s}"
        );
    }

    #[test]
    fn a_page_with_a_word_is_not_empty() {
        assert!(is_empty_output(""));
        assert!(is_empty_output(" \n\t… — !"));
        assert!(!is_empty_output("a"));
        assert!(!is_empty_output("日本"));
    }
}
