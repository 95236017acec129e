//! `pith-eval`: scores presets or pipeline files on a dataset with the scrapinghub
//! benchmark's metric.
//!
//! ```text
//! pith-eval [--dataset scrapinghub|cleaneval-dev|DIR] [--preset NAME]... [--pipeline FILE]...
//!           [--set NAME=JSON]... [--bootstrap N] [--per-page] [--show ID-PREFIX]
//! ```
//!
//! `--set` changes a parameter on every stage that has it (`pith_core::set_param`),
//! e.g. `--set length_low=50 --set no_headings=true`. Good blocks are joined by one space.

use std::path::PathBuf;
use std::time::Instant;

use pith::Pipeline;
use pith_eval::dataset::{datasets_root, read_pages, read_scrapinghub, Page};
use pith_eval::metrics::{page_counts, tokens_equal, PageCounts, Score};

struct Args {
    dataset: String,
    pipelines: Vec<(String, serde_json::Value)>,
    sets: Vec<(String, serde_json::Value)>,
    bootstrap: usize,
    per_page: bool,
    show: Option<String>,
}

fn usage(msg: &str) -> ! {
    eprintln!("pith-eval: {msg}");
    eprintln!(
        "usage: pith-eval [--dataset scrapinghub|cleaneval-dev|DIR] [--preset NAME]... \
         [--pipeline FILE]... [--set NAME=JSON]... [--bootstrap N] [--per-page]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        dataset: "scrapinghub".into(),
        pipelines: Vec::new(),
        sets: Vec::new(),
        bootstrap: 0,
        per_page: false,
        show: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--dataset" => args.dataset = value(),
            "--preset" => {
                let name = value();
                let v = pith::preset_value(&name).unwrap_or_else(|e| usage(&e.to_string()));
                args.pipelines.push((name, v));
            }
            "--pipeline" => {
                let path = PathBuf::from(value());
                let v = pith::pipeline_file_value(&path).unwrap_or_else(|e| usage(&e.to_string()));
                args.pipelines.push((path.display().to_string(), v));
            }
            "--set" => {
                let kv = value();
                let (k, v) = kv
                    .split_once('=')
                    .unwrap_or_else(|| usage("--set wants NAME=JSON"));
                let v: serde_json::Value = serde_json::from_str(v)
                    .unwrap_or_else(|_| serde_json::Value::String(v.to_owned()));
                args.sets.push((k.to_owned(), v));
            }
            "--bootstrap" => {
                args.bootstrap = value().parse().unwrap_or_else(|_| usage("bad --bootstrap"))
            }
            "--per-page" => args.per_page = true,
            "--show" => args.show = Some(value()),
            other => usage(&format!("unknown option {other}")),
        }
    }
    if args.pipelines.is_empty() {
        let v = pith::preset_value("justext").expect("built-in preset");
        args.pipelines.push(("justext".into(), v));
    }
    args
}

/// CleanEval pages are wrapped in a `<text id=… >` … `</text>` pseudo-tag that was not
/// part of the page; drop those two lines, as evaluations on CleanEval usually do.
fn strip_cleaneval_wrapper(html: &[u8]) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = html.split(|&b| b == b'\n').collect();
    if lines.first().is_some_and(|l| l.starts_with(b"<text ")) {
        lines.remove(0);
    }
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

fn load(dataset: &str) -> Vec<Page> {
    let root = datasets_root();
    let dir = match dataset {
        "scrapinghub" | "cleaneval-dev" => root.join(dataset),
        other => PathBuf::from(other),
    };
    let pages = if dir.join("ground-truth.json").exists() {
        read_scrapinghub(&dir)
    } else {
        read_pages(&dir)
    };
    let mut pages = pages.unwrap_or_else(|e| usage(&format!("{}: {e}", dir.display())));
    if dataset == "cleaneval-dev" {
        for p in &mut pages {
            p.html = strip_cleaneval_wrapper(&p.html);
        }
    }
    pages
}

fn run(pipeline: &Pipeline, pages: &[Page]) -> Vec<(PageCounts, bool)> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = pages.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = pages
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|p| {
                            let text = pipeline
                                .run_bytes(&p.html)
                                .map(|ex| ex.good_text(" "))
                                .unwrap_or_default();
                            (page_counts(&text, &p.gold), tokens_equal(&text, &p.gold))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker panicked"))
            .collect()
    })
}

fn main() {
    let args = parse_args();
    let pages = load(&args.dataset);
    println!(
        "dataset {} ({} pages), metric: scrapinghub shingle P/R/F1",
        args.dataset,
        pages.len()
    );
    println!(
        "{:<28} {:>7} {:>7} {:>7} {:>6} {:>8}",
        "pipeline", "P", "R", "F1", "acc", "seconds"
    );
    for (name, mut value) in args.pipelines {
        for (k, v) in &args.sets {
            pith::core::set_param(&mut value, k, v.clone());
        }
        let pipeline = Pipeline::from_value(value).unwrap_or_else(|e| usage(&e.to_string()));
        if let Some(id) = &args.show {
            for p in pages.iter().filter(|p| p.id.starts_with(id.as_str())) {
                match pipeline.run_bytes(&p.html) {
                    Ok(ex) => println!("{}", ex.good_text("\n")),
                    Err(e) => println!("error: {e}"),
                }
                println!("----- gold -----\n{}", p.gold);
            }
            continue;
        }
        let start = Instant::now();
        let results = run(&pipeline, &pages);
        let secs = start.elapsed().as_secs_f64();
        let counts: Vec<PageCounts> = results.iter().map(|r| r.0).collect();
        let acc = results.iter().filter(|r| r.1).count() as f64 / results.len().max(1) as f64;
        let s = Score::of(&counts);
        println!(
            "{:<28} {:>7.3} {:>7.3} {:>7.3} {:>6.3} {:>8.2}",
            name, s.precision, s.recall, s.f1, acc, secs
        );
        if args.bootstrap > 0 {
            let sd = Score::bootstrap_std(&counts, args.bootstrap, 42);
            println!(
                "{:<28} ±{:>6.3} ±{:>6.3} ±{:>6.3}",
                "", sd.precision, sd.recall, sd.f1
            );
        }
        if args.per_page {
            for (p, c) in pages.iter().zip(&counts) {
                let pr = Score::of(std::slice::from_ref(c));
                println!("  {} P {:.3} R {:.3}", p.id, pr.precision, pr.recall);
            }
        }
    }
}
