//! `pith eval` and `pith tune` end to end: a small synthetic dataset, the published
//! jusText 3.0.2 figures on scrapinghub, and the HTML report rendered in headless
//! Chromium.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::common;
use common::chromium::{decode_png, run_with_timeout};
use common::{file_names, pith, pith_in, write};

const ARTICLE: &str = "The quick brown fox jumps over the lazy dog, and this is the sort of \
sentence that is full of the words which we would call stop words in English, as it has to \
be long enough for the algorithm to think that it is good text and not a menu of the site.";

fn page(body: &str) -> String {
    format!(
        "<html><body><ul><li><a href='/'>Home</a></li><li><a href='/a'>About us</a></li></ul>\
         <div><p>{body}</p><p>Short line.</p></div><div>Copyright 2020 Example Inc.</div></body></html>"
    )
}

/// Three pages with gold, one without.
fn tiny_dataset() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("html")).unwrap();
    std::fs::create_dir_all(dir.path().join("gold")).unwrap();
    for (id, text) in [
        ("a", ARTICLE.to_string()),
        ("b", ARTICLE.replace("fox", "cat")),
        ("c", ARTICLE.replace("lazy", "sleepy")),
        ("d", ARTICLE.to_string()),
    ] {
        write(
            dir.path(),
            &format!("html/{id}.html"),
            page(&text).as_bytes(),
        );
        if id != "d" {
            write(dir.path(), &format!("gold/{id}.txt"), text.as_bytes());
        }
    }
    dir
}

/// `pith eval -o -` writes the table to stdout, as without `-o` (before, it made a
/// file named `-`), and `-` for a second output is stdout or refused.
#[test]
fn eval_dash_as_the_output_is_stdout() {
    let ds = tiny_dataset();
    let cwd = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["eval", "--dataset", ds.path().to_str().unwrap()];
        args.extend(["--pipeline", "justext", "--format", "json", "--quiet"]);
        args.extend(extra);
        let o = pith_in(cwd.path(), &args);
        assert!(
            o.status.success(),
            "{extra:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        // The figures, not the timings, which differ from run to run.
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (v["pages"].clone(), v["pipelines"][0]["bow"].clone())
    };
    let table = run(&[]);
    assert_eq!(table.0, 3);
    assert_eq!(run(&["-o", "-"]), table);
    assert!(
        file_names(cwd.path()).is_empty(),
        "{:?}",
        file_names(cwd.path())
    );

    // `--report -` is stdout when the table goes to a file, and refused by name when
    // the table is on stdout; so are `-` for the files `pith train` and `pith tune`
    // write beside the figures they print.
    let d = ds.path().to_str().unwrap();
    let mut args = vec!["eval", "--dataset", d, "--pipeline", "justext", "--quiet"];
    args.extend(["-o", "table.txt", "--report", "-"]);
    let o = pith_in(cwd.path(), &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("<!DOCTYPE html>"));
    assert!(std::fs::read_to_string(cwd.path().join("table.txt"))
        .unwrap()
        .contains("F1"));
    for (args, refused) in [
        (
            vec![
                "eval",
                "--dataset",
                d,
                "--pipeline",
                "justext",
                "--report",
                "-",
            ],
            "--report -: stdout holds the table",
        ),
        (
            vec!["train", "--dataset", d, "--base", "justext", "--out", "-"],
            "--out -: stdout holds the figures",
        ),
        (
            vec![
                "tune",
                "--dataset",
                d,
                "--base",
                "justext",
                "--param",
                "length_low=50..100",
                "--out",
                "-",
            ],
            "--out -: stdout holds the summary",
        ),
    ] {
        let o = pith_in(cwd.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(refused), "{args:?}: {err}");
    }
    assert_eq!(file_names(cwd.path()), ["table.txt"]);
}

#[test]
fn eval_compares_pipelines_and_reports_pages_without_gold() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let o = pith(
        &[
            "eval",
            "--dataset",
            d,
            "--pipeline",
            "justext",
            "--pipeline",
            "justext:length_low=500",
            "--format",
            "json",
            "--bootstrap",
            "50",
            "--quiet",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["pages"], 3);
    assert_eq!(v["missing_gold"], serde_json::json!(["d"]));
    let p = &v["pipelines"];
    assert_eq!(p[0]["name"], "justext");
    assert!(p[0]["shingle"]["f1"].as_f64().unwrap() > 0.9);
    // length_low 500 drops the article: recall falls, the difference is tested.
    assert!(p[1]["shingle"]["recall"].as_f64().unwrap() < 0.1);
    assert!(p[1]["delta_f1"].as_f64().unwrap() < -0.5);
    assert!(p[1]["p_value"].is_number());
    assert!(p[0]["bow"]["micro"]["f1"].is_number());
    assert_eq!(p[0]["worst"].as_array().unwrap().len(), 3);

    for format in ["table", "markdown", "csv"] {
        let o = pith(
            &[
                "eval",
                "--dataset",
                d,
                "--pipeline",
                "justext",
                "--format",
                format,
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success());
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(out.contains("F1") || out.contains("f1"), "{format}: {out}");
        if format != "csv" {
            assert!(out.contains("1 pages without gold, not scored: d"), "{out}");
        }
    }
    let o = pith(
        &["eval", "--dataset", d, "--pipeline", "justext:bogus=1"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tune_is_reproducible_and_writes_a_loadable_pipeline() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for run in 0..2 {
        let file = out.path().join(format!("tuned{run}.json"));
        let o = pith(
            &[
                "tune",
                "--dataset",
                d,
                "--base",
                "justext",
                "--param",
                "length_low=10..300",
                "--param",
                "stopwords_low=0.05..0.4",
                "--budget",
                "8",
                "--seed",
                "7",
                "--split",
                "0.67",
                "--out",
                file.to_str().unwrap(),
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("held-out gain"), "{text}");
        files.push(std::fs::read_to_string(&file).unwrap());
        let o = pith(
            &[
                "eval",
                "--dataset",
                d,
                "--pipeline",
                file.to_str().unwrap(),
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert_eq!(files[0], files[1]);
    assert!(files[0].contains("justext-tuned"));
}

#[test]
fn eval_reproduces_the_published_justext_figures() {
    let Some(dir) = pith_testdata::dataset("scrapinghub/ground-truth.json") else {
        return;
    };
    let dir = dir.parent().unwrap().to_path_buf();
    let spec = "justext:length_low=50,length_high=200,stopwords_low=0.1,stopwords_high=0.2,\
                max_link_density=0.2,max_heading_distance=200,no_headings=true";
    let o = pith(
        &[
            "eval",
            "--dataset",
            dir.to_str().unwrap(),
            "--pipeline",
            spec,
            "--format",
            "json",
            "--bootstrap",
            "0",
            "--quiet",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["pages"], 181);
    let s = &v["pipelines"][0]["shingle"];
    let r3 = |x: &serde_json::Value| (x.as_f64().unwrap() * 1000.0).round() / 1000.0;
    assert_eq!(
        (r3(&s["precision"]), r3(&s["recall"]), r3(&s["f1"])),
        (0.858, 0.756, 0.804)
    );
}

#[test]
fn html_report_renders_in_headless_chromium() {
    let ds = tiny_dataset();
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("report.html");
    let o = pith(
        &[
            "eval",
            "--dataset",
            ds.path().to_str().unwrap(),
            "--pipeline",
            "justext",
            "--pipeline",
            "declutter",
            "--report",
            report.to_str().unwrap(),
            "--quiet",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("<svg id=\"pr-plot\"") && html.contains("<details>"));
    // Self-contained: no script, no external stylesheet, image or font.
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("src="));

    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        eprintln!("skipped: /usr/bin/chromium not found (apt-get install -y chromium)");
        return;
    }
    let url = format!("file://{}", report.display());
    let profile = out.path().join("profile");
    let common = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
    ];
    let shot = out.path().join("shot.png");
    let mut cmd = Command::new(chromium);
    cmd.args(common)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1000,900")
        .arg(&url);
    let Some((ok, _)) = run_with_timeout(&mut cmd, Duration::from_secs(120)) else {
        panic!("chromium did not finish within 120 s");
    };
    assert!(ok, "chromium --screenshot failed");
    let (w, h, pixels) = decode_png(&std::fs::read(&shot).unwrap());
    assert_eq!((w, h), (1000, 900));
    let non_white = pixels.iter().filter(|p| p.iter().any(|&c| c < 230)).count();
    let coloured = pixels
        .iter()
        .filter(|p| p.iter().max().unwrap() - p.iter().min().unwrap() > 60)
        .count();
    assert!(
        non_white > pixels.len() / 200,
        "blank screenshot ({non_white} dark pixels)"
    );
    assert!(
        coloured > 50,
        "no coloured pixels: the plot's points are missing"
    );

    let mut cmd = Command::new(chromium);
    cmd.args(common)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(&url);
    let (ok, dom) =
        run_with_timeout(&mut cmd, Duration::from_secs(120)).expect("chromium --dump-dom");
    assert!(ok);
    assert!(
        dom.contains("id=\"pr-plot\""),
        "the SVG plot is not in the rendered DOM"
    );
    assert_eq!(dom.matches("class=\"pipeline\"").count(), 2);
}

#[test]
fn a_page_that_fails_is_counted_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("html")).unwrap();
    std::fs::create_dir_all(dir.path().join("gold")).unwrap();
    write(dir.path(), "html/bad.html", b"<p>caf\xe9 \xff\xfe text</p>");
    write(dir.path(), "gold/bad.txt", b"cafe text");
    write(dir.path(), "html/good.html", page(ARTICLE).as_bytes());
    write(dir.path(), "gold/good.txt", ARTICLE.as_bytes());
    let o = pith(
        &[
            "eval",
            "--dataset",
            dir.path().to_str().unwrap(),
            "--pipeline",
            "justext:errors=strict",
            "--format",
            "json",
            "--bootstrap",
            "10",
            "--quiet",
        ],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["pages"], 2);
    let failed = v["pipelines"][0]["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0][0], "bad");
    assert!(failed[0][1].as_str().unwrap().contains("decode"));
}

/// Issue 14, bug 7: the datasets folder is resolved at run time — a name is looked up
/// in `$PITH_DATASETS`, else in `../shared/datasets` from the working directory — and
/// the messages say what is missing. Before the fix the default was fixed at build
/// time from the source tree, so the name below was not found from `work/`.
#[test]
fn eval_finds_datasets_at_run_time_and_says_what_is_missing() {
    let top = tempfile::tempdir().unwrap();
    let tiny = tiny_dataset();
    let datasets = top.path().join("shared/datasets");
    std::fs::create_dir_all(&datasets).unwrap();
    std::fs::create_dir_all(top.path().join("work")).unwrap();
    std::fs::create_dir_all(top.path().join("nohtml")).unwrap();
    let copy = datasets.join("tiny");
    for sub in ["html", "gold"] {
        std::fs::create_dir_all(copy.join(sub)).unwrap();
        for e in std::fs::read_dir(tiny.path().join(sub)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), copy.join(sub).join(e.file_name())).unwrap();
        }
    }
    let eval = |dataset: &str, env: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_pith"));
        cmd.args([
            "eval",
            "--dataset",
            dataset,
            "--pipeline",
            "justext",
            "--bootstrap",
            "0",
            "--quiet",
        ])
        .current_dir(top.path().join("work"))
        .env_remove("PITH_DATASETS");
        if let Some(root) = env {
            cmd.env("PITH_DATASETS", root);
        }
        cmd.output().unwrap()
    };
    // By name, from ../shared/datasets relative to the working directory.
    let o = eval("tiny", None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // By name under $PITH_DATASETS.
    let o = eval("tiny", Some(&datasets));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Precise messages.
    let err = |o: std::process::Output| {
        assert_eq!(o.status.code(), Some(2));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let e = err(eval("nope", Some(&datasets)));
    assert!(
        e.contains("no dataset nope") && e.contains("it has: tiny"),
        "{e}"
    );
    let e = err(eval("tiny", Some(&top.path().join("missing"))));
    assert!(
        e.contains("PITH_DATASETS=") && e.contains("does not exist"),
        "{e}"
    );
    let e = err(eval("../nohtml", None));
    assert!(e.contains("has no html/ folder"), "{e}");
    assert!(!e.contains("No such file"), "{e}");
    // Someone's own gold, pages beside their texts: the layout is named.
    write(&top.path().join("nohtml"), "a.html", b"<p>a</p>");
    write(&top.path().join("nohtml"), "a.txt", b"a");
    let e = err(eval("../nohtml", None));
    assert!(
        e.contains("1 HTML file and 1 text file of its own: move them into html/ and gold/"),
        "{e}"
    );
    // Pages without any gold text: where the gold is read from.
    std::fs::create_dir_all(top.path().join("nogold/html")).unwrap();
    write(&top.path().join("nogold"), "html/a.html", b"<p>a</p>");
    let e = err(eval("../nogold", None));
    assert!(
        e.contains("no page with a gold text (1 without; a page html/<id>.html has its gold text in gold/<id>.txt"),
        "{e}"
    );
}

/// `--outputs NAME=DIR`: another tool's saved texts are a column like a pipeline, in
/// command-line order (the first column is the baseline), with the same metrics; a
/// page without its file is scored as empty, counted and named (exit 1), and
/// `seconds.tsv` gives the tool's speed. The outputs are written here, from the tiny
/// synthetic dataset's own texts.
#[test]
fn saved_outputs_are_scored_beside_pipelines_in_command_line_order() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let tool = tempfile::tempdir().unwrap();
    // a: the gold exactly; b: half of its words; c: no file.
    write(tool.path(), "a.txt", ARTICLE.as_bytes());
    let b_gold = ARTICLE.replace("fox", "cat");
    let half: Vec<&str> = b_gold
        .split(' ')
        .take(b_gold.split(' ').count() / 2)
        .collect();
    write(tool.path(), "b.txt", half.join(" ").as_bytes());
    write(
        tool.path(),
        "d.txt",
        b"a page without gold: not scored, not unmatched",
    );
    write(tool.path(), "stray.txt", b"matches no page");
    write(tool.path(), "seconds.tsv", b"a\t0.5\nb\t0.5\n");
    let other = tempfile::tempdir().unwrap();
    for (id, text) in [("a", "nothing relevant"), ("b", ""), ("c", ARTICLE)] {
        write(other.path(), &format!("{id}.txt"), text.as_bytes());
    }
    let tool_arg = format!("tool={}", tool.path().display());
    let other_arg = format!("other={}", other.path().display());
    let args = |format: &'static str| -> Vec<String> {
        [
            "eval",
            "--dataset",
            d,
            "--outputs",
            &tool_arg,
            "--pipeline",
            "justext",
            "--outputs",
            &other_arg,
            "--format",
            format,
            "--bootstrap",
            "50",
            "--quiet",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let run = |format: &'static str| {
        let a = args(format);
        pith(&a.iter().map(String::as_str).collect::<Vec<_>>(), None)
    };
    let o = run("json");
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let p = &v["pipelines"];
    let names: Vec<&str> = (0..3).map(|i| p[i]["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["tool", "justext", "other"]);
    // Page F1s 1, 2/3 (half the words: P 1, R 1/2) and 0 (missing): macro F1 5/9.
    let f1 = p[0]["bow"]["macro"]["f1"].as_f64().unwrap();
    assert!((f1 - 5.0 / 9.0).abs() < 0.01, "{f1}");
    // Every page's figures, in id order; the macro F1 is their mean.
    let pages = p[0]["pages"].as_array().unwrap();
    let ids: Vec<&str> = pages.iter().map(|x| x["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a", "b", "c"]);
    let token_f1s: Vec<f64> = pages
        .iter()
        .map(|x| x["token"]["f1"].as_f64().unwrap())
        .collect();
    assert!((token_f1s.iter().sum::<f64>() / 3.0 - f1).abs() < 1e-12);
    assert_eq!(token_f1s[2], 0.0);
    assert_eq!(pages[2]["empty"], true);
    assert_eq!(pages[0]["empty"], false);
    assert!(pages[0]["shingle"]["f1"].as_f64().is_some());
    assert_eq!(p[0]["empty"], 1);
    assert_eq!(p[0]["outputs"]["missing"], serde_json::json!(["c"]));
    assert_eq!(p[0]["outputs"]["unmatched"], serde_json::json!(["stray"]));
    assert_eq!(p[0]["outputs"]["timed"], true);
    // 2 pages timed at 0.5 s each.
    assert!((p[0]["ms_per_page"].as_f64().unwrap() - 500.0).abs() < 1e-6);
    assert!(
        p[0]["delta_f1"].is_null(),
        "the first column is the baseline"
    );
    assert!(p[1]["delta_f1"].is_number() && p[2]["p_value"].is_number());
    assert!(p[1]["delta_token_f1"].is_number() && p[2]["p_value_token"].is_number());
    assert!(p[1]["outputs"].is_null());
    assert!(p[2]["outputs"]["missing"].as_array().unwrap().is_empty());
    assert!(
        p[2]["ms_per_page"].is_null(),
        "no seconds.tsv: speed unknown"
    );
    assert_eq!(p[2]["empty"], 1);

    assert_eq!(p[0]["timed_pages"], 2);
    let table = String::from_utf8(run("table").stdout).unwrap();
    assert!(table.contains("missing outputs"), "{table}");
    // The speed of saved outputs that time only some pages says over how many.
    assert!(table.contains("500.00 (2/3 timed)"), "{table}");
    assert!(
        table.contains("1 pages without an output file, scored as empty: c"),
        "{table}"
    );
    assert!(
        table.contains("1 files match no page of the dataset"),
        "{table}"
    );
    let csv = String::from_utf8(run("csv").stdout).unwrap();
    assert!(csv.contains("tool,missing_outputs,1.000000,"), "{csv}");

    // Only saved outputs, every page present: exit 0; a report shows them.
    write(
        tool.path(),
        "c.txt",
        ARTICLE.replace("lazy", "sleepy").as_bytes(),
    );
    let report = tool.path().join("report.html");
    let o = pith(
        &[
            "eval",
            "--dataset",
            d,
            "--outputs",
            &tool_arg,
            "--quiet",
            "--report",
            report.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("saved outputs from"), "report");
}

#[test]
fn wrong_outputs_options_are_usage_errors() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let empty = tempfile::tempdir().unwrap();
    write(empty.path(), "x.txt", b"no page is called x");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--outputs".into(), "t=/no/such/folder".into()],
            "--outputs /no/such/folder",
        ),
        (
            vec!["--outputs".into(), format!("t={}", empty.path().display())],
            "no output of any page of",
        ),
        (
            vec![
                "--outputs".into(),
                format!("t={}", empty.path().display()),
                "--set".into(),
                "length_low=50".into(),
            ],
            "--set applies to --pipeline columns",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["eval", "--dataset", d, "--quiet"];
        args.extend(extra.iter().map(String::as_str));
        let o = pith(&args, None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// Without `--pipeline` or `--outputs`, `pith eval` scores the preset `pith extract`
/// runs by default, and `--set` applies to it.
#[test]
fn eval_without_a_pipeline_scores_the_default_preset() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["eval", "--dataset", d, "--quiet", "--format", "json"];
        args.extend_from_slice(extra);
        let o = pith(&args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["pipelines"].as_array().unwrap().clone()
    };
    let default = run(&["--bootstrap", "0"]);
    assert_eq!(default.len(), 1, "{default:?}");
    assert_eq!(default[0]["name"], "pith");
    let named = run(&["--bootstrap", "0", "--pipeline", "pith"]);
    assert_eq!(default[0]["bow"], named[0]["bow"]);
    assert!(default[0]["bow"].is_object(), "{default:?}");
    let with_set = run(&["--bootstrap", "0", "--set", "no_comments=true"]);
    assert_eq!(with_set.len(), 1);
    assert_eq!(with_set[0]["name"], "pith");
}

/// A pipeline with fitted trees is scored with a note when its figures are in-sample:
/// its description (as `pith train` writes it) names the dataset scored, or it does not
/// say what its trees were fitted on. Scored on another dataset, or without trees, no
/// note.
#[test]
fn eval_notes_when_a_learned_pipeline_s_figures_are_in_sample() {
    let top = tempfile::tempdir().unwrap();
    let tiny = tiny_dataset();
    // The same pages under a name the `pith` preset's trees were fitted on.
    let named = top.path().join("scrapinghub");
    for sub in ["html", "gold"] {
        std::fs::create_dir_all(named.join(sub)).unwrap();
        for e in std::fs::read_dir(tiny.path().join(sub)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), named.join(sub).join(e.file_name())).unwrap();
        }
    }
    // The preset without the list of what its trees were fitted on.
    let mut value: serde_json::Value =
        serde_json::from_str(pith::learn::presets::PITH_JSON).unwrap();
    value["description"] = "trees from somewhere".into();
    let unnamed = write(
        top.path(),
        "unnamed.json",
        serde_json::to_string(&value).unwrap().as_bytes(),
    );
    let stderr = |pipeline: &str, dataset: &Path| {
        let o = pith(
            &[
                "eval",
                "--dataset",
                dataset.to_str().unwrap(),
                "--pipeline",
                pipeline,
                "--bootstrap",
                "0",
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stderr).unwrap()
    };
    let on_its_own = stderr("pith", &named);
    assert!(
        on_its_own.contains(
            "pith: note: pith's trees were fitted on the pages of a dataset named scrapinghub \
             (its description lists scrapinghub, cleaneval-dev, dragnet-train, l3s-gn1-dev, \
             googletrends-dev): its figures here are in-sample"
        ),
        "{on_its_own}"
    );
    let elsewhere = stderr("pith", tiny.path());
    assert!(!elsewhere.contains("in-sample"), "{elsewhere}");
    let unknown = stderr(unnamed.to_str().unwrap(), tiny.path());
    assert!(
        unknown.contains("trees fitted on gold pages it does not name")
            && unknown.contains("in-sample")
            && unknown.contains("pith train"),
        "{unknown}"
    );
    let justext = stderr("justext", &named);
    assert!(!justext.contains("in-sample"), "{justext}");
}

/// `--bootstrap 0` turns the ± and the p-values off, as its help says: they are absent
/// (null in JSON, empty in CSV, `—` in the table), not p = 1 and sd = 0.
#[test]
fn no_bootstrap_means_no_p_values_and_no_spread() {
    let ds = tiny_dataset();
    let d = ds.path().to_str().unwrap();
    let run = |format: &str| {
        let o = pith(
            &[
                "eval",
                "--dataset",
                d,
                "--pipeline",
                "justext",
                "--pipeline",
                "justext:length_low=500",
                "--format",
                format,
                "--bootstrap",
                "0",
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let v: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    let p = &v["pipelines"];
    assert!(p[1]["delta_f1"].is_number() && p[1]["delta_token_f1"].is_number());
    assert!(
        p[1]["p_value"].is_null() && p[1]["p_value_token"].is_null(),
        "{p}"
    );
    assert!(p[0]["shingle_sd"].is_null(), "{p}");
    let csv = run("csv");
    assert!(!csv.contains("p_value"), "{csv}");
    assert!(
        csv.contains("justext,shingle_f1,")
            && csv
                .lines()
                .any(|l| l.starts_with("justext,shingle_f1,") && l.ends_with(',')),
        "{csv}"
    );
    let table = run("table");
    assert!(!table.contains('±'), "{table}");
    for row in ["p (paired bootstrap)", "p BoW macro (paired bootstrap)"] {
        let line = table.lines().find(|l| l.starts_with(row)).unwrap();
        assert_eq!(line.matches('—').count(), 2, "{line}");
    }
}

/// A page whose gold is empty and whose extraction is empty has no shingle to score:
/// the benchmark's means leave it out, so its per-page figure is null and it is not
/// among the worst pages (it read 0 / 0 / 0, first of the worst).
#[test]
fn a_page_with_nothing_to_score_is_not_a_worst_page() {
    let ds = tiny_dataset();
    write(
        ds.path(),
        "html/e.html",
        b"<html><body><div><a href='/'>Home</a></div></body></html>",
    );
    write(ds.path(), "gold/e.txt", b"");
    let o = pith(
        &[
            "eval",
            "--dataset",
            ds.path().to_str().unwrap(),
            "--pipeline",
            "justext",
            "--format",
            "json",
            "--bootstrap",
            "0",
            "--quiet",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let p = &v["pipelines"][0];
    let page = p["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == "e")
        .unwrap()
        .clone();
    assert!(page["shingle"].is_null(), "{page}");
    assert_eq!(page["token"]["f1"], 1.0, "{page}");
    assert!(
        p["worst"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["id"] != "e"),
        "{p}"
    );
}
