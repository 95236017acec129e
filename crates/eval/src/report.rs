//! `pith eval --report`: one self-contained HTML page (inline CSS and SVG, no script, no
//! external resource) with the comparison table, a precision/recall scatter plot of the
//! pipelines and a per-page drill-down of the blocks each pipeline kept or dropped.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::dataset::Dataset;
use crate::metrics::{bag_of_words, tokenize, Score};
use crate::run::PipelineRun;
use crate::summary::Summary;

const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];
const BLOCK_CHARS: usize = 400;
const TOKENS_LISTED: usize = 30;

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn colour(i: usize) -> &'static str {
    COLOURS[i % COLOURS.len()]
}

/// The precision/recall scatter plot: one faint point per page and pipeline, one large
/// point per pipeline (its mean precision and recall), axes 0–1.
pub fn scatter_svg(summary: &Summary, runs: &[PipelineRun]) -> String {
    let (w, h, m) = (520.0, 440.0, 50.0);
    let x = |r: f64| m + r * (w - 2.0 * m);
    let y = |p: f64| h - m - p * (h - 2.0 * m);
    let mut s = format!(
        "<svg id=\"pr-plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"precision/recall of the pipelines\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    for k in 0..=10 {
        let v = k as f64 / 10.0;
        let _ = write!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{v:.1}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{v:.1}</text>",
            x(v),
            y(0.0),
            x(v),
            y(1.0),
            x(0.0),
            y(v),
            x(1.0),
            y(v),
            x(v),
            y(0.0) + 14.0,
            x(0.0) - 4.0,
            y(v) + 3.0
        );
    }
    let _ = write!(
        s,
        "<rect x=\"{m}\" y=\"{m}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#444\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">recall</text>\
         <text x=\"14\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" \
         transform=\"rotate(-90 14 {})\">precision</text>",
        w - 2.0 * m,
        h - 2.0 * m,
        w / 2.0,
        h - 12.0,
        h / 2.0,
        h / 2.0
    );
    for (i, run) in runs.iter().enumerate() {
        for p in &run.pages {
            let sc = Score::of(std::slice::from_ref(&p.counts));
            let _ = write!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2\" fill=\"{}\" fill-opacity=\"0.25\"/>",
                x(sc.recall),
                y(sc.precision),
                colour(i)
            );
        }
    }
    for (i, p) in summary.pipelines.iter().enumerate() {
        let _ = write!(
            s,
            "<circle class=\"pipeline\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"{}\" stroke=\"#000\">\
             <title>{}: P {:.3} R {:.3} F1 {:.3}</title></circle>\
             <rect x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
            x(p.shingle.recall),
            y(p.shingle.precision),
            colour(i),
            esc(&p.name),
            p.shingle.precision,
            p.shingle.recall,
            p.shingle.f1,
            x(0.03),
            y(0.3) + 16.0 * i as f64,
            colour(i),
            x(0.03) + 14.0,
            y(0.3) + 16.0 * i as f64 + 9.0,
            esc(&p.name)
        );
    }
    s + "</svg>"
}

/// Tokens of `a` not in `b` (multiset difference), most frequent first.
fn token_difference(
    a: &HashMap<String, usize>,
    b: &HashMap<String, usize>,
) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = a
        .iter()
        .filter_map(|(t, &n)| {
            let d = n.saturating_sub(b.get(t).copied().unwrap_or(0));
            (d > 0).then(|| (t.clone(), d))
        })
        .collect();
    out.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    out
}

fn token_list(list: &[(String, usize)]) -> String {
    let total: usize = list.iter().map(|t| t.1).sum();
    let shown: Vec<String> = list
        .iter()
        .take(TOKENS_LISTED)
        .map(|(t, n)| {
            if *n > 1 {
                format!("{}×{n}", esc(t))
            } else {
                esc(t)
            }
        })
        .collect();
    let more = if list.len() > TOKENS_LISTED {
        " …"
    } else {
        ""
    };
    format!("{total} tokens: {}{more}", shown.join(" "))
}

/// Whether most of a block's tokens occur in the gold text.
fn in_gold(block: &str, gold: &HashMap<String, usize>) -> bool {
    let tokens = tokenize(block);
    if tokens.is_empty() {
        return false;
    }
    let hits = tokens
        .iter()
        .filter(|t| gold.contains_key(&t.to_lowercase()))
        .count();
    2 * hits >= tokens.len()
}

fn clip(s: &str) -> String {
    if s.chars().count() <= BLOCK_CHARS {
        esc(s)
    } else {
        esc(&s.chars().take(BLOCK_CHARS).collect::<String>()) + "…"
    }
}

const CSS: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}\
td:first-child,th:first-child{text-align:left}details{margin:.3em 0;border:1px solid #ddd;padding:.3em .6em}\
summary{cursor:pointer}.b{margin:2px 0;padding:2px 6px;border-left:4px solid}\
.tp{border-color:#2ca02c;background:#eef8ee}.fp{border-color:#d62728;background:#fdeeee}\
.fn{border-color:#ff7f0e;background:#fff4e6}.tok{font-size:12px;color:#555}\
.legend span{padding:2px 6px;margin-right:8px}h3{margin:.6em 0 .2em}";

/// The whole report page. `runs` must have kept their blocks
/// ([`run_pipeline`](crate::run::run_pipeline) with `keep_blocks`).
pub fn html_report(summary: &Summary, dataset: &Dataset, runs: &[PipelineRun]) -> String {
    let mut s = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>pith eval: {}</title><style>{CSS}</style></head><body>\
         <h1>pith eval: {}</h1><p>{} pages scored; bootstrap {} resamples (seed {}).</p>",
        esc(&summary.dataset),
        esc(&summary.dataset),
        summary.pages,
        summary.bootstrap,
        summary.seed
    );
    if !summary.missing_gold.is_empty() {
        let _ = write!(
            s,
            "<p>{} pages without gold, not scored: {}</p>",
            summary.missing_gold.len(),
            esc(&summary.missing_gold.join(", "))
        );
    }
    s += "<table><tr><th>metric</th>";
    for (i, p) in summary.pipelines.iter().enumerate() {
        let _ = write!(s, "<th style=\"color:{}\">{}</th>", colour(i), esc(&p.name));
    }
    s += "</tr>";
    for (label, cells) in summary.rows() {
        let _ = write!(s, "<tr><td>{}</td>", esc(&label));
        for c in cells {
            let _ = write!(s, "<td>{}</td>", esc(&c));
        }
        s += "</tr>";
    }
    s += "</table><h2>Precision and recall</h2>";
    s += &scatter_svg(summary, runs);
    for p in &summary.pipelines {
        if !p.failed.is_empty() {
            let _ = write!(s, "<p>{}: {} pages failed: ", esc(&p.name), p.failed.len());
            for (id, e) in &p.failed {
                let _ = write!(s, "{} ({}); ", esc(id), esc(e));
            }
            s += "</p>";
        }
    }
    s += "<h2>Pages</h2><p class=\"legend\"><span class=\"b tp\">kept, in gold</span>\
          <span class=\"b fp\">kept, not in gold</span><span class=\"b fn\">dropped, in gold</span>\
          (a block is “in gold” when most of its tokens occur in the gold text; dropped blocks \
          not in gold are only counted). Worst pages of the first pipeline first.</p>";
    let mut order: Vec<usize> = (0..dataset.pages.len()).collect();
    if let Some(first) = runs.first() {
        let f1 = |i: usize| Score::of(std::slice::from_ref(&first.pages[i].counts)).f1;
        order.sort_by(|&a, &b| f1(a).total_cmp(&f1(b)).then(a.cmp(&b)));
    }
    for i in order {
        let page = &dataset.pages[i];
        let gold = bag_of_words(&page.gold);
        let _ = write!(s, "<details><summary><b>{}</b>", esc(&page.id));
        for (k, run) in runs.iter().enumerate() {
            let sc = Score::of(std::slice::from_ref(&run.pages[i].counts));
            let _ = write!(
                s,
                " · <span style=\"color:{}\">F1 {:.3}</span>",
                colour(k),
                sc.f1
            );
        }
        s += "</summary>";
        for (k, run) in runs.iter().enumerate() {
            let r = &run.pages[i];
            let sc = Score::of(std::slice::from_ref(&r.counts));
            let _ = write!(
                s,
                "<h3 style=\"color:{}\">{} — P {:.3} R {:.3} F1 {:.3}</h3>",
                colour(k),
                esc(&run.name),
                sc.precision,
                sc.recall,
                sc.f1
            );
            if let crate::run::Source::Outputs(o) = &run.source {
                let note = if o.missing.contains(&r.id) {
                    "no output file (scored as empty)"
                } else {
                    "its lines are shown as kept blocks"
                };
                let _ = write!(
                    s,
                    "<p class=\"tok\">saved outputs from {}: {note}.</p>",
                    esc(&o.dir)
                );
            }
            if let Some(e) = &r.error {
                let _ = write!(s, "<p>failed: {}</p>", esc(e));
            }
            let kept = bag_of_words(&r.text);
            let _ = write!(
                s,
                "<p class=\"tok\">missing from the extraction: {}<br>added to the gold: {}</p>",
                token_list(&token_difference(&gold, &kept)),
                token_list(&token_difference(&kept, &gold))
            );
            let mut dropped_other = 0;
            for (text, keep) in &r.blocks {
                let class = match (keep, in_gold(text, &gold)) {
                    (true, true) => "tp",
                    (true, false) => "fp",
                    (false, true) => "fn",
                    (false, false) => {
                        dropped_other += 1;
                        continue;
                    }
                };
                let _ = write!(s, "<div class=\"b {class}\">{}</div>", clip(text));
            }
            let _ = write!(
                s,
                "<p class=\"tok\">{dropped_other} dropped blocks not in gold.</p>"
            );
        }
        s += "</details>";
    }
    s + "</body></html>\n"
}
