//! `pith train` end to end on a small synthetic dataset: the decoding chosen out of
//! fold is printed and written to the file, and `--oof-dir` writes every page's
//! out-of-fold extraction; `--report` writes the printed figures as JSON.

use std::path::Path;

use crate::common::{pith, write};

const SENTENCES: &[&str] = &[
    "The council said that it would review the plan for the new bridge over the river before the end of the year.",
    "Residents who live near the site have asked for more time to read the report and to send their comments.",
    "According to the engineers, the work could start in the spring if the weather is good and the money is there.",
    "It is the third time in ten years that the town has tried to replace the old crossing, which was built in 1921.",
];

fn dataset() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("html")).unwrap();
    std::fs::create_dir_all(dir.path().join("gold")).unwrap();
    for i in 0..6 {
        let article: Vec<&str> = (0..2)
            .map(|k| SENTENCES[(i + k) % SENTENCES.len()])
            .collect();
        let html = format!(
            "<html><body><ul><li><a href='/'>Home</a></li><li><a href='/n'>News</a></li></ul>\
             <div class='story'>{}</div><div class='footer'>Privacy | About © 2024</div></body></html>",
            article.iter().map(|s| format!("<p>{s}</p>")).collect::<String>()
        );
        write(dir.path(), &format!("html/p{i}.html"), html.as_bytes());
        write(
            dir.path(),
            &format!("gold/p{i}.txt"),
            article.join("\n").as_bytes(),
        );
    }
    dir
}

/// `pith train --dataset DS --base (the pith preset's base) --out OUT` with `more`
/// options.
fn train(ds: &Path, out: &Path, more: &[&str]) -> std::process::Output {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../learn/presets/pith-base.json");
    let mut args = vec![
        "train",
        "--dataset",
        ds.to_str().unwrap(),
        "--base",
        base.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    pith(&args, None)
}

#[test]
fn train_chooses_a_decoding_and_writes_out_of_fold_extractions() {
    let ds = dataset();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("trained.json");
    let oof = out.path().join("oof");
    let report = out.path().join("report.json");
    let o = train(
        ds.path(),
        &file,
        &[
            "--folds",
            "2",
            "--rounds",
            "10",
            "--max-depth",
            "3",
            "--min-child-weight",
            "0.01",
            "--subsample",
            "0.9",
            "--choose-threshold",
            "--choose-decode",
            "--oof-dir",
            oof.to_str().unwrap(),
            "--report",
            report.to_str().unwrap(),
            "--report-rounds",
            "5",
        ],
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains("token F1 of each decoding tried"),
        "{stdout}"
    );
    assert!(stdout.contains("viterbi switch_cost 0.25"), "{stdout}");
    // One file per page, under the dataset's name; the article is there.
    let name = ds.path().file_name().unwrap();
    for i in 0..6 {
        let text = std::fs::read_to_string(oof.join(name).join(format!("p{i}.txt"))).unwrap();
        assert!(
            text.contains(SENTENCES[i % SENTENCES.len()]),
            "p{i}: {text:?}"
        );
    }
    // The report holds the printed figures: the out-of-fold row's token F1 as printed
    // (three decimals), the nested table, each decoding tried, the 5-tree cut.
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let row = &r["out_of_fold"][0];
    assert_eq!(row["dataset"], name.to_str().unwrap());
    assert_eq!(row["pages"], 6);
    let f1 = row["token"]["f1"].as_f64().unwrap();
    let printed = stdout
        .lines()
        .find(|l| l.starts_with(name.to_str().unwrap()))
        .unwrap();
    assert!(printed.contains(&format!("{f1:.3}")), "{printed} / {f1}");
    assert!(row["shingle_f1"].as_f64().unwrap() > 0.5, "{row}");
    assert_eq!(row["empty_pages"], serde_json::json!([]));
    assert_eq!(r["nested"]["fold_thresholds"].as_array().unwrap().len(), 2);
    assert_eq!(r["nested"]["datasets"][0]["pages"], 6);
    assert!(r["by_decode"].as_array().unwrap().len() > 1);
    assert_eq!(r["by_rounds"][0]["trees"], 5);
    assert_eq!(r["seed"], 1);
    assert_eq!(r["repeats"], 5);
    assert!(r["features"].as_array().unwrap().len() > 10);
    // The trained file loads.
    let page = ds.path().join("html/p1.html");
    let o = pith(
        &[
            "extract",
            "--pipeline",
            file.to_str().unwrap(),
            "--format",
            "text",
            page.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains(SENTENCES[1]));
    // Options out of range are usage errors.
    let o = train(ds.path(), &file, &["--subsample", "0"]);
    assert!(!o.status.success());
    let o = train(ds.path(), &file, &["--choose-decode", "--folds", "0"]);
    assert_eq!(o.status.code(), Some(2), "--choose-decode needs folds");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--choose-decode needs out-of-fold"));
}

/// With no option but the pages and the output, `pith train` refits the `pith`
/// preset's trees the way the shipped ones were fitted: the preset as base, its
/// decoding (expected F1 at scale 0.7), its number of trees (100), the threshold chosen
/// out of fold over five deals (the nested table); the file says what its trees were
/// fitted on.
#[test]
fn the_bare_command_follows_the_shipped_recipe() {
    let ds = dataset();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("mine.json");
    let o = pith(
        &[
            "train",
            "--dataset",
            ds.path().to_str().unwrap(),
            "--out",
            file.to_str().unwrap(),
        ],
        None,
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("decode expected_f1 scale 0.7"), "{stdout}");
    assert!(
        stdout.contains("chosen over 5 deals (seeds 1 to 5)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("each fold cut at the threshold and decoding chosen on the other folds"),
        "{stdout}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["name"], "pith");
    let name = ds.path().file_name().unwrap().to_str().unwrap();
    let description = v["description"].as_str().unwrap();
    assert!(
        description.ends_with(&format!(
            "labelled by boosted trees; its trees fitted by pith train on {name} (6 pages), seed 1, 5 deals"
        )),
        "{description}"
    );
    let pass = v["passes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "learn.trees")
        .unwrap();
    assert_eq!(pass["trees"].as_array().unwrap().len(), 100);
    assert_eq!(
        pass["decode"],
        serde_json::json!({"type": "expected_f1", "scale": 0.7})
    );
    // The byline and navigation vetoes and whole tables of the preset stay after the
    // trees.
    let passes: Vec<(&str, &str)> = (v["passes"].as_array().unwrap().iter())
        .map(|p| {
            let feature = p["feature"].as_str().unwrap_or("");
            (p["type"].as_str().unwrap(), feature)
        })
        .collect();
    assert_eq!(
        passes,
        [
            ("learn.trees", ""),
            ("learn.veto", "learn.byline"),
            ("learn.veto", "learn.inside_nav_element"),
            ("learn.whole_tables", ""),
        ]
    );
}

#[test]
fn max_bins_reaches_the_trainer_and_is_checked() {
    let ds = dataset();
    let out = tempfile::tempdir().unwrap();
    let fit = |bins: &str, file: &Path| {
        train(
            ds.path(),
            file,
            &[
                "--folds",
                "0",
                "--rounds",
                "5",
                "--max-depth",
                "3",
                "--min-child-weight",
                "0.01",
                "--max-bins",
                bins,
            ],
        )
    };
    let (coarse, fine) = (out.path().join("coarse.json"), out.path().join("fine.json"));
    for (bins, file) in [("2", &coarse), ("255", &fine)] {
        let o = fit(bins, file);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // Two bins leave one threshold per feature; 255 leave room for every distinct value.
    let thresholds = |file: &Path| -> std::collections::BTreeSet<String> {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let pass = v["passes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["type"] == "learn.trees")
            .unwrap()
            .clone();
        let trees: Vec<pith::learn::trees::Tree> =
            serde_json::from_value(pass["trees"].clone()).unwrap();
        trees
            .iter()
            .flat_map(|t| {
                let pairs: Vec<String> = (t.feature.iter())
                    .zip(&t.threshold)
                    .zip(&t.left)
                    .filter(|(_, &left)| left != 0)
                    .map(|((f, x), _)| format!("{f}:{x}"))
                    .collect();
                pairs
            })
            .collect()
    };
    let (c, f) = (thresholds(&coarse), thresholds(&fine));
    let features = |set: &std::collections::BTreeSet<String>| {
        set.iter()
            .map(|p| p.split(':').next().unwrap().to_owned())
            .collect::<std::collections::BTreeSet<_>>()
    };
    assert_eq!(
        c.len(),
        features(&c).len(),
        "one threshold per feature: {c:?}"
    );
    assert_ne!(c, f);
    for bins in ["1", "256"] {
        let o = fit(bins, &out.path().join("bad.json"));
        assert!(!o.status.success(), "--max-bins {bins}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("is not a bin count from 2 to 255"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// Options that would train nothing or report what was not done are refused before
/// any page is read: a dataset given twice (its pages in two folds at once: the
/// out-of-fold figures rose from 0.867 to 0.91 on cleaneval-dev), more folds than
/// pages, one fold, no rounds, a cross-validated option without folds, `--report-rounds`
/// past `--rounds`, an `--out` in no folder.
#[test]
fn options_that_would_mislead_are_refused_at_once() {
    let ds = dataset();
    let d = ds.path().to_str().unwrap();
    let base = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../learn/presets/pith-base.json"
    );
    let out = ds.path().join("t.json");
    let out = out.to_str().unwrap();
    for (extra, says) in [
        (vec!["--dataset", d], "given twice"),
        (vec!["--folds", "7"], "more than the 6 pages"),
        (vec!["--folds", "1"], "--folds 1 holds no page out"),
        (vec!["--rounds", "0"], "--rounds must be at least 1"),
        (
            vec!["--folds", "0", "--choose-threshold"],
            "needs out-of-fold figures",
        ),
        (
            vec!["--rounds", "5", "--report-rounds", "5"],
            "--report-rounds 5",
        ),
    ] {
        let mut args = vec!["train", "--dataset", d, "--base", base, "--out", out];
        args.extend(extra);
        let o = pith(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let o = pith(
        &[
            "train",
            "--dataset",
            d,
            "--base",
            base,
            "--out",
            "/no/such/folder/t.json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--out's folder does not exist"));
}

/// `pith train … | head -1`: a reader that stopped wanted no more figures; the command
/// ends quietly with its file written (before, the next line printed panicked on the
/// closed pipe).
#[test]
fn a_closed_pipe_ends_train_quietly() {
    let ds = dataset();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("t.json");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pith"))
        .args(["train", "--dataset", ds.path().to_str().unwrap(), "--out"])
        .arg(&file)
        .args(["--folds", "2", "--rounds", "5"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before the first line
    crate::common::assert_quiet_after_closed_pipe(child);
    assert!(file.is_file());
}
