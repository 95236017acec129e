//! Training end to end on synthetic pages (no dataset needed): deterministic, the
//! trained pipeline file round-trips and extracts the article; the embedded `pith`
//! preset loads and round-trips; property tests on random fragments.

use pith_core::{Label, Pipeline};
use pith_learn::gbdt::GbdtParams;
use pith_learn::labels::LabelRule;
use pith_learn::train::{
    oracle, train, trained_datasets, untrained_description, TrainOptions, TrainPage, TrainSet,
    Weighting, THRESHOLDS,
};
use proptest::prelude::*;
// Link the stage crates the base pipeline names.
use pith_declutter as _;
use pith_justext as _;
use pith_readability as _;

const SENTENCES: &[&str] = &[
    "The council said that it would review the plan for the new bridge over the river before the end of the year.",
    "Residents who live near the site have asked for more time to read the report and to send their comments.",
    "According to the engineers, the work could start in the spring if the weather is good and the money is there.",
    "It is the third time in ten years that the town has tried to replace the old crossing, which was built in 1921.",
    "Many of the shops in the centre of the town depend on the traffic that the bridge brings to them every day.",
];
const MENU: &[&str] = &["Home", "News", "Sport", "Weather", "Contact us", "Log in"];

fn page(i: usize) -> TrainPage {
    let article: Vec<&str> = (0..3)
        .map(|k| SENTENCES[(i + k) % SENTENCES.len()])
        .collect();
    let menu: String = MENU
        .iter()
        .map(|m| format!("<li><a href='/{m}'>{m}</a></li>"))
        .collect();
    let html = format!(
        "<html><head><title>Page {i}</title></head><body><div class='nav'><ul>{menu}</ul></div>\
         <div class='story'><h1>Bridge plan {i}</h1>{}</div>\
         <div class='footer'><a href='/a'>About</a> | <a href='/p'>Privacy</a> © 2024</div></body></html>",
        article.iter().map(|s| format!("<p>{s}</p>")).collect::<String>()
    );
    TrainPage {
        id: format!("p{i}"),
        html: html.into_bytes(),
        gold: format!("Bridge plan {i}\n{}", article.join("\n")),
    }
}

fn sets() -> Vec<TrainSet> {
    vec![
        TrainSet {
            name: "a".into(),
            pages: (0..8).map(page).collect(),
        },
        TrainSet {
            name: "b".into(),
            pages: (8..14).map(page).collect(),
        },
    ]
}

/// Small fits for the mechanics: the threshold alone at 0, unless a test asks for the
/// choice (the defaults are the shipped recipe's, which these pages do not need).
fn options() -> TrainOptions {
    TrainOptions {
        folds: 3,
        seed: 7,
        repeats: 1,
        choose_threshold: false,
        decode: pith_learn::Decode::Threshold,
        gbdt: GbdtParams {
            rounds: 30,
            max_depth: 3,
            learning_rate: 0.3,
            lambda: 0.01,
            min_child_weight: 0.01,
            max_bins: 64,
            ..GbdtParams::default()
        },
        ..TrainOptions::default()
    }
}

/// The `learn.trees` pass of a trained pipeline file.
fn trees_pass(pipeline: &serde_json::Value) -> &serde_json::Value {
    pipeline["passes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "learn.trees")
        .unwrap()
}

fn base() -> serde_json::Value {
    serde_json::from_str(pith_learn::presets::PITH_BASE_JSON).unwrap()
}

#[test]
fn training_is_deterministic_and_the_file_round_trips() {
    let a = train(&sets(), &base(), &options()).unwrap();
    let b = train(&sets(), &base(), &options()).unwrap();
    let text = serde_json::to_string_pretty(&a.pipeline).unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&b.pipeline).unwrap());
    assert_eq!(a.scores, b.scores);
    // The file says what its trees were fitted on.
    assert!(
        a.pipeline["description"]
            .as_str()
            .unwrap()
            .ends_with("; its trees fitted by pith train on a (8 pages), b (6 pages), seed 7"),
        "{}",
        a.pipeline["description"]
    );
    // Retraining from the trained file replaces its trees instead of adding a second pass.
    let again = train(&sets(), &a.pipeline, &options()).unwrap();
    assert_eq!(serde_json::to_string_pretty(&again.pipeline).unwrap(), text);
    // The file loads, saves to the same value, and reloads.
    let p = Pipeline::from_json(&text).unwrap();
    assert_eq!(
        p.to_value(),
        Pipeline::from_json(&p.to_json()).unwrap().to_value()
    );
    let toml = p.to_toml().unwrap();
    assert_eq!(Pipeline::from_toml(&toml).unwrap().to_value(), p.to_value());
    // The scores are out-of-fold and per set.
    assert_eq!(a.scores.len(), 2);
    assert_eq!(a.scores[0].pages, 8);
    assert!(a.scores.iter().all(|s| s.token.f1 > 0.9), "{:?}", a.scores);
}

/// Training runs its pages and its folds' fits on every core; the file and the scores
/// do not depend on how many there are.
#[test]
fn training_on_one_thread_or_several_gives_the_same_file() {
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| train(&sets(), &base(), &options()).unwrap())
    };
    let (one, three) = (on(1), on(3));
    assert_eq!(one.pipeline, three.pipeline);
    assert_eq!(one.scores, three.scores);
}

/// The observer hears of every page, then every fold's ensemble, then the final fit,
/// and the training is the one without an observer.
#[test]
fn the_observer_hears_each_step_in_order() {
    use pith_learn::train::{train_observed, TrainStep};
    let steps = std::sync::Mutex::new(Vec::new());
    let opts = options();
    let observed = train_observed(&sets(), &base(), &opts, &|step| {
        steps.lock().unwrap().push(step)
    })
    .unwrap();
    assert_eq!(
        observed.pipeline,
        train(&sets(), &base(), &opts).unwrap().pipeline
    );
    let steps = steps.into_inner().unwrap();
    let pages: usize = sets().iter().map(|s| s.pages.len()).sum();
    let stage = |s: &TrainStep| match s {
        TrainStep::Pages { .. } => 0,
        TrainStep::Folds { .. } => 1,
        TrainStep::Final => 2,
    };
    assert!(
        steps.windows(2).all(|w| stage(&w[0]) <= stage(&w[1])),
        "{steps:?}"
    );
    let count = |k| steps.iter().filter(|s| stage(s) == k).count();
    assert_eq!((count(0), count(1), count(2)), (pages, opts.folds, 1));
    assert!(steps.contains(&TrainStep::Pages {
        done: pages,
        total: pages
    }));
    assert!(steps.contains(&TrainStep::Folds {
        done: opts.folds,
        total: opts.folds
    }));
}

/// The shipped `pith.json` is `pith-base.json` plus its trained `learn.trees` pass,
/// before the base's own passes (its byline veto): a change to the base (a stage or a
/// column) must come with the retrained file (`scripts/train-pith.sh`), or the trees
/// would read columns they were not fitted on.
#[test]
fn the_shipped_preset_is_its_base_plus_the_trees() {
    let mut shipped: serde_json::Value =
        serde_json::from_str(pith_learn::presets::PITH_JSON).unwrap();
    let mut passes = shipped["passes"].as_array().unwrap().clone();
    assert_eq!(passes[0]["type"], "learn.trees");
    passes.remove(0);
    shipped["passes"] = serde_json::Value::Array(passes);
    // Its description says what the trees were fitted on, after the base's words.
    let description = shipped["description"].as_str().unwrap().to_owned();
    assert_eq!(
        description,
        format!(
            "{}{}scrapinghub (181 pages), cleaneval-dev (57 pages), dragnet-train (966 pages), \
             l3s-gn1-dev (303 pages), googletrends-dev (80 pages), seed 1, 5 deals",
            base()["description"].as_str().unwrap(),
            pith_learn::train::TRAINED_ON
        )
    );
    shipped["description"] = untrained_description(&description).into();
    // The file is written as loaded (every default spelled out): compare as loaded.
    let loaded = |v: serde_json::Value| Pipeline::from_value(v).unwrap().to_value();
    assert_eq!(loaded(shipped), loaded(base()));
}

/// The shipped preset prunes MediaWiki's section edit links (`<span
/// class="mw-editsection">[edit]</span>` inside each heading before MediaWiki 1.42, as
/// Wikipedia pages crawled until 2024 have them): its headings read "History", not
/// "History[edit | edit source]". The sections' text is kept either way.
#[test]
fn the_shipped_preset_leaves_mediawikis_edit_links_out_of_headings() {
    let pith = Pipeline::from_json(pith_learn::presets::PITH_JSON).unwrap();
    let edit = "<span class=\"mw-editsection\"><span class=\"mw-editsection-bracket\">[</span>\
                <a href=\"/w/index.php?action=edit&amp;section=1\">edit</a> | \
                <a href=\"/w/index.php?action=edit&amp;section=1\">edit source</a>\
                <span class=\"mw-editsection-bracket\">]</span></span>";
    let sections: String = ["History", "Geography", "Economy"]
        .iter()
        .zip(SENTENCES)
        .map(|(heading, sentence)| {
            format!(
                "<h2><span class=\"mw-headline\" id=\"{heading}\">{heading}</span>{edit}</h2>\
                 <p>{sentence} {sentence}</p>"
            )
        })
        .collect();
    let html = format!(
        "<html><head><title>Town - Wikipedia</title></head><body>\
         <div id=\"content\" class=\"mw-body\"><h1>Town</h1>\
         <div id=\"mw-content-text\"><p>{} {}</p>{sections}</div></div></body></html>",
        SENTENCES[3], SENTENCES[4]
    );
    let text = pith.run_bytes(html.as_bytes()).unwrap().good_text("\n");
    assert!(!text.contains("edit"), "{text}");
    assert!(
        text.contains(SENTENCES[0]) && text.contains(SENTENCES[2]),
        "{text}"
    );
    assert!(text.lines().any(|line| line == "Geography"), "{text}");
}

#[test]
fn fewer_rounds_are_scored_as_the_same_fits_cut_short() {
    let opts = TrainOptions {
        choose_threshold: true,
        report_rounds: vec![10, 30, 99],
        ..options()
    };
    let full = train(&sets(), &base(), &opts).unwrap();
    // Only the values below the rounds trained are reported.
    assert_eq!(full.by_rounds.len(), 1);
    let (k, cut) = &full.by_rounds[0];
    assert_eq!(*k, 10);
    // Boosting adds trees one after the other: ten rounds are the first ten trees.
    let mut short = opts.clone();
    short.gbdt.rounds = 10;
    short.report_rounds.clear();
    let ten = train(&sets(), &base(), &short).unwrap();
    assert_eq!(cut.threshold, ten.threshold);
    assert_eq!(cut.scores, ten.scores);
    assert_eq!(cut.nested_scores, ten.nested_scores);
    assert_eq!(cut.fold_thresholds, ten.fold_thresholds);
    // Nested figures: one threshold per fold, every page scored.
    assert_eq!(full.fold_thresholds.len(), opts.folds);
    assert_eq!(full.nested_scores.len(), 2);
    assert_eq!(full.nested_scores[0].pages, full.scores[0].pages);
}

/// A fixed threshold is the only one tried: every fold and the written pass are cut
/// there, with or without the choice of the decoding; a threshold that is not a number
/// is refused.
/// With several deals of the pages into folds, the threshold is the one with the best
/// mean token F1 over the deals (deal `r` dealt with seed `seed + r`), the trees are
/// the same fit, the figures are the first deal's at that threshold, and the file says
/// how many deals chose it.
/// Pages whose golds disagree, so that where to cut matters: set `a`'s keep a comment
/// thread on every other page, set `b`'s keep the menu on every third.
fn disagreeing_sets() -> Vec<TrainSet> {
    let a = (0..10).map(|i| {
        let mut p = page_with_thread(i);
        if i % 2 == 1 {
            p.gold = page(i).gold;
        }
        p
    });
    let b = (10..19).map(|i| {
        let mut p = page(i);
        if i % 3 == 0 {
            p.gold = format!("{}\n{}", MENU.join("\n"), p.gold);
        }
        p
    });
    vec![
        TrainSet {
            name: "a".into(),
            pages: a.collect(),
        },
        TrainSet {
            name: "b".into(),
            pages: b.collect(),
        },
    ]
}

#[test]
fn repeated_deals_choose_the_threshold_on_their_mean() {
    let sets = disagreeing_sets;
    let choosing = TrainOptions {
        choose_threshold: true,
        ..options()
    };
    let three = TrainOptions {
        repeats: 3,
        ..choosing.clone()
    };
    let a = train(&sets(), &base(), &three).unwrap();
    let again = train(&sets(), &base(), &three).unwrap();
    assert_eq!(a.pipeline, again.pipeline, "deterministic");
    let description = a.pipeline["description"].as_str().unwrap();
    assert!(description.ends_with(", seed 7, 3 deals"), "{description}");
    assert_eq!(trained_datasets(description), Some(vec!["a", "b"]));
    let one = train(&sets(), &base(), &choosing).unwrap();
    assert_eq!(
        trees_pass(&a.pipeline)["trees"],
        trees_pass(&one.pipeline)["trees"]
    );
    // Each deal's dataset means at every threshold, from single-deal fits cut there.
    let candidates: Vec<f64> = std::iter::once(0.0).chain(THRESHOLDS).collect();
    let mean_over_deals = |threshold: f64| {
        let per_deal: Vec<Vec<f64>> = (7..10)
            .map(|seed| {
                let at = TrainOptions {
                    seed,
                    threshold: Some(threshold),
                    ..choosing.clone()
                };
                let fit = train(&sets(), &base(), &at).unwrap();
                fit.scores.iter().map(|s| s.token.f1).collect()
            })
            .collect();
        let n_sets = per_deal[0].len();
        let means: Vec<f64> = (0..n_sets)
            .map(|s| (0.0 + per_deal[0][s] + per_deal[1][s] + per_deal[2][s]) / 3.0)
            .collect();
        means.iter().sum::<f64>() / n_sets as f64
    };
    let mut best = (0.0, f64::NEG_INFINITY);
    for t in candidates {
        let m = mean_over_deals(t);
        if m > best.1 {
            best = (t, m);
        }
    }
    assert_eq!(a.threshold, best.0);
    // On these pages the first deal alone would have cut elsewhere.
    assert_ne!(a.threshold, one.threshold);
    // The figures are the first deal's (seed 7) at the chosen threshold.
    let first = TrainOptions {
        threshold: Some(a.threshold),
        ..choosing.clone()
    };
    assert_eq!(a.scores, train(&sets(), &base(), &first).unwrap().scores);
    // Nothing to choose, no deals to choose on; stacking reads the first deal only.
    for refused in [
        TrainOptions {
            repeats: 0,
            ..choosing.clone()
        },
        TrainOptions {
            repeats: 2,
            ..options()
        },
        TrainOptions {
            repeats: 2,
            stack: true,
            ..choosing.clone()
        },
    ] {
        assert!(train(&sets(), &base(), &refused).is_err());
    }
}

#[test]
fn a_fixed_threshold_is_the_one_used() {
    for choose_threshold in [false, true] {
        let opts = TrainOptions {
            choose_threshold,
            threshold: Some(0.75),
            ..options()
        };
        let a = train(&sets(), &base(), &opts).unwrap();
        assert_eq!(a.threshold, 0.75);
        assert_eq!(trees_pass(&a.pipeline)["margin_threshold"], 0.75);
        if choose_threshold {
            assert_eq!(a.fold_thresholds, vec![0.75; opts.folds]);
            assert_eq!(a.nested_scores, a.scores);
        }
    }
    let nan = TrainOptions {
        threshold: Some(f64::NAN),
        ..options()
    };
    assert!(train(&sets(), &base(), &nan).is_err());
}

#[test]
fn the_decoding_is_chosen_out_of_fold_and_written_to_the_file() {
    let opts = TrainOptions {
        choose_threshold: true,
        choose_decode: true,
        ..options()
    };
    let a = train(&sets(), &base(), &opts).unwrap();
    // Every decoding tried is reported; the threshold alone is the first, the
    // expected-F1 decoding the last.
    assert_eq!(
        a.by_decode.len(),
        1 + pith_learn::train::SWITCH_COSTS.len()
            + pith_learn::train::WEIGHTED_SWITCH_COSTS.len()
            + pith_learn::train::EXPECTED_F1_SCALES.len()
    );
    assert_eq!(a.by_decode[0].decode, pith_learn::Decode::Threshold);
    assert!(matches!(
        a.by_decode.last().unwrap().decode,
        pith_learn::Decode::ExpectedF1 { .. }
    ));
    assert_eq!(a.fold_decodes.len(), opts.folds);
    // The chosen decoding is the best of those tried, and the file carries it.
    let best = a
        .by_decode
        .iter()
        .map(|t| t.token_f1.iter().sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    let chosen = a.by_decode.iter().find(|t| t.decode == a.decode).unwrap();
    assert_eq!(chosen.token_f1.iter().sum::<f64>(), best);
    assert_eq!(chosen.threshold, a.threshold);
    let pass = trees_pass(&a.pipeline);
    let decode: pith_learn::Decode = match pass.get("decode") {
        Some(d) => serde_json::from_value(d.clone()).unwrap(),
        None => pith_learn::Decode::Threshold,
    };
    assert_eq!(decode, a.decode);
    // Its figures: the grid's token F1 is the one the scores report.
    for (f1, s) in chosen.token_f1.iter().zip(&a.scores) {
        assert!((f1 - s.token.f1).abs() < 1e-12, "{f1} vs {}", s.token.f1);
    }
    // Deterministic, and without the choice the threshold alone.
    let b = train(&sets(), &base(), &opts).unwrap();
    assert_eq!(a.pipeline, b.pipeline);
    let plain = train(&sets(), &base(), &options()).unwrap();
    assert_eq!(plain.decode, pith_learn::Decode::Threshold);
    assert!(plain.pipeline["passes"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p.get("decode").is_none()));
    // A decoding asked for (`--decode`) is the one used and written, at its scale; with
    // `choose_decode` it is the first tried, among every other decoding, each once.
    for choose_decode in [false, true] {
        let asked = pith_learn::Decode::expected_f1(0.7);
        let opts = TrainOptions {
            choose_threshold: true,
            choose_decode,
            decode: asked,
            ..options()
        };
        let t = train(&sets(), &base(), &opts).unwrap();
        if choose_decode {
            assert_eq!(t.by_decode[0].decode, asked);
            assert_eq!(t.by_decode.len(), a.by_decode.len());
            assert_eq!(t.by_decode[1].decode, pith_learn::Decode::Threshold);
        } else {
            assert!(t.by_decode.is_empty());
            assert_eq!(t.decode, asked);
            let pass = trees_pass(&t.pipeline);
            assert_eq!(
                pass["decode"],
                serde_json::json!({"type": "expected_f1", "scale": 0.7})
            );
        }
    }
}

#[test]
fn a_decoding_prior_is_chosen_out_of_fold_and_written_to_the_file() {
    let opts = TrainOptions {
        choose_threshold: true,
        choose_prior: Some("readability.in_article".into()),
        ..options()
    };
    let a = train(&sets(), &base(), &opts).unwrap();
    // Weight 0 and every weight of PRIOR_WEIGHTS, with the threshold alone.
    assert_eq!(
        a.by_decode.len(),
        1 + pith_learn::train::PRIOR_WEIGHTS.len()
    );
    assert_eq!(a.by_decode[0].prior_weight, 0.0);
    assert_eq!(a.fold_prior_weights.len(), opts.folds);
    let chosen = a
        .by_decode
        .iter()
        .find(|t| t.prior_weight == a.prior_weight)
        .unwrap();
    for (f1, s) in chosen.token_f1.iter().zip(&a.scores) {
        assert!((f1 - s.token.f1).abs() < 1e-12, "{f1} vs {}", s.token.f1);
    }
    let pass = trees_pass(&a.pipeline);
    match pass.get("prior") {
        None => assert_eq!(a.prior_weight, 0.0),
        Some(p) => {
            assert_eq!(p["feature"], "readability.in_article");
            assert_eq!(p["weight"].as_f64(), Some(a.prior_weight));
        }
    }
    // Not together with boosting from a prior.
    let both = TrainOptions {
        prior: Some(pith_learn::Prior {
            feature: "readability.in_article".into(),
            weight: 1.0,
        }),
        ..opts
    };
    assert!(train(&sets(), &base(), &both).is_err());
}

#[test]
fn subsampled_boosting_is_deterministic_and_differs() {
    let sub = TrainOptions {
        gbdt: GbdtParams {
            subsample: 0.7,
            colsample: 0.6,
            ..options().gbdt
        },
        ..options()
    };
    let a = train(&sets(), &base(), &sub).unwrap();
    let b = train(&sets(), &base(), &sub).unwrap();
    assert_eq!(a.pipeline, b.pipeline);
    let full = train(&sets(), &base(), &options()).unwrap();
    assert_ne!(a.pipeline, full.pipeline);
    assert!(a.scores.iter().all(|s| s.token.f1 > 0.9), "{:?}", a.scores);
}

#[test]
fn the_trained_pipeline_keeps_the_article_and_drops_the_menu() {
    let trained = train(&sets(), &base(), &options()).unwrap();
    let p = Pipeline::from_value(trained.pipeline).unwrap();
    let unseen = page(40);
    let ex = p.run_bytes(&unseen.html).unwrap();
    let text = ex.good_text("\n");
    for k in 0..3 {
        let sentence = SENTENCES[(40 + k) % SENTENCES.len()];
        assert!(text.contains(sentence), "missing {sentence:?} in {text:?}");
    }
    // ("Weather" may stay: the gold says "the weather is good".)
    for menu in ["Home", "Contact us", "Log in", "Privacy"] {
        assert!(!text.contains(menu), "{menu:?} kept in {text:?}");
    }
}

/// A page of `page(i)`'s kind with a comment thread under the article (two replies,
/// each a marked entry in a marked section), whose gold keeps the thread.
fn page_with_thread(i: usize) -> TrainPage {
    let mut p = page(i);
    let replies: Vec<&str> = (3..5)
        .map(|k| SENTENCES[(i + k) % SENTENCES.len()])
        .collect();
    let thread: String = replies
        .iter()
        .map(|r| format!("<div class='comment'><p>{r}</p></div>"))
        .collect();
    let html = String::from_utf8(p.html).unwrap().replace(
        "<div class='footer'>",
        &format!("<div id='comments'>{thread}</div><div class='footer'>"),
    );
    p.html = html.into_bytes();
    p.gold = format!("{}\n{}", p.gold, replies.join("\n"));
    p
}

/// Trained on a base that ends with a veto (`no_comments=true`), the trees go before
/// the veto, so the trained file still drops comment threads, and the out-of-fold
/// figures are those of the selections after the veto.
#[test]
fn a_base_with_a_veto_trains_a_pipeline_that_keeps_it_last() {
    let sets = vec![TrainSet {
        name: "threads".into(),
        pages: (0..12).map(page_with_thread).collect(),
    }];
    let plain = train(&sets, &base(), &options()).unwrap();
    let mut vetoed_base = base();
    pith_learn::veto::drop_comment_sections(&mut vetoed_base).unwrap();
    let vetoed = train(&sets, &vetoed_base, &options()).unwrap();
    let types: Vec<&str> = vetoed.pipeline["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["type"].as_str().unwrap())
        .collect();
    // The trees, then the base's own passes (the byline veto, whole tables), then the
    // comment veto.
    let base_pipeline = base();
    let mut expected = vec!["learn.trees"];
    expected.extend(
        (base_pipeline["passes"].as_array().unwrap().iter()).map(|p| p["type"].as_str().unwrap()),
    );
    expected.push("learn.veto");
    assert_eq!(types, expected);
    // Retraining the trained file keeps that order.
    let again = train(&sets, &vetoed.pipeline, &options()).unwrap();
    assert_eq!(again.pipeline["passes"], vetoed.pipeline["passes"]);
    // The gold keeps the thread: the plain fit keeps it, the veto drops it, out of
    // fold and when the file runs.
    let reply = SENTENCES[(40 + 3) % SENTENCES.len()];
    let unseen = page_with_thread(40);
    for (trained, kept) in [(&plain, true), (&vetoed, false)] {
        let p = Pipeline::from_value(trained.pipeline.clone()).unwrap();
        let text = p.run_bytes(&unseen.html).unwrap().good_text("\n");
        assert_eq!(text.contains(reply), kept, "{text:?}");
        assert!(text.contains(SENTENCES[40 % SENTENCES.len()]), "{text:?}");
    }
    let (with, without) = (&vetoed.scores[0].token, &plain.scores[0].token);
    assert!(without.recall > 0.95, "{without:?}");
    assert!(
        with.recall < without.recall - 0.2,
        "{with:?} against {without:?}"
    );
    assert!(with.precision > 0.95, "{with:?}");
}

#[test]
fn stacked_training_is_deterministic_and_keeps_the_article() {
    let opts = TrainOptions {
        stack: true,
        choose_threshold: true,
        ..options()
    };
    let a = train(&sets(), &base(), &opts).unwrap();
    let b = train(&sets(), &base(), &opts).unwrap();
    let text = pith_learn::train::pipeline_file_text(&a.pipeline);
    assert_eq!(text, pith_learn::train::pipeline_file_text(&b.pipeline));
    assert!(a.features.iter().any(|f| f == "learn.margin@-1"));
    // Retraining from the stacked file replaces both ensembles.
    let again = train(&sets(), &a.pipeline, &opts).unwrap();
    assert_eq!(pith_learn::train::pipeline_file_text(&again.pipeline), text);
    let p = Pipeline::from_json(&text).unwrap();
    let ex = p.run_bytes(&page(41).html).unwrap();
    let out = ex.good_text("\n");
    assert!(out.contains(SENTENCES[41 % SENTENCES.len()]), "{out:?}");
    assert!(!out.contains("Privacy"), "{out:?}");
    assert!(a.scores.iter().all(|s| s.token.f1 > 0.9), "{:?}", a.scores);
    // Stacking needs out-of-fold margins.
    let no_folds = TrainOptions { folds: 0, ..opts };
    assert!(train(&sets(), &base(), &no_folds).is_err());
}

#[test]
fn boosting_from_a_prior_is_deterministic_and_the_pass_adds_it() {
    let prior = pith_learn::Prior {
        feature: "readability.in_article".into(),
        weight: 2.0,
    };
    let opts = TrainOptions {
        prior: Some(prior.clone()),
        ..options()
    };
    let a = train(&sets(), &base(), &opts).unwrap();
    let b = train(&sets(), &base(), &opts).unwrap();
    assert_eq!(a.pipeline, b.pipeline);
    assert_ne!(
        a.pipeline,
        train(&sets(), &base(), &options()).unwrap().pipeline
    );
    let pass = trees_pass(&a.pipeline).clone();
    let mut stage: pith_learn::Trees = {
        let mut v = pass.clone();
        v.as_object_mut().unwrap().remove("type");
        serde_json::from_value(v).unwrap()
    };
    assert_eq!(stage.prior.as_ref(), Some(&prior));
    // The prior moves every margin by weight × value: without it, 2 less where the
    // block is in Readability's article.
    let f = stage
        .features
        .iter()
        .position(|k| *k == prior.feature)
        .unwrap();
    let mut row = vec![f64::NAN; stage.features.len()];
    row[f] = 1.0;
    let with = stage.margin(&row);
    stage.prior = None;
    assert!((with - stage.margin(&row) - 2.0).abs() < 1e-9);
    // The file loads and keeps the article.
    let text = serde_json::to_string(&a.pipeline).unwrap();
    let p = Pipeline::from_json(&text).unwrap();
    let out = p.run_bytes(&page(41).html).unwrap().good_text("\n");
    assert!(out.contains(SENTENCES[41 % SENTENCES.len()]), "{out:?}");
    assert!(a.scores.iter().all(|s| s.token.f1 > 0.9), "{:?}", a.scores);
    // A prior on a column the base does not compute is refused, as is one with stacking.
    let missing = TrainOptions {
        prior: Some(pith_learn::Prior {
            feature: "no.such".into(),
            weight: 1.0,
        }),
        ..options()
    };
    assert!(train(&sets(), &base(), &missing).is_err());
    let stacked = TrainOptions {
        stack: true,
        ..opts
    };
    assert!(train(&sets(), &base(), &stacked).is_err());
}

#[test]
fn the_oracle_scores_the_labels_and_a_better_choice() {
    for labels in [LabelRule::Trigrams, LabelRule::Tokens, LabelRule::Aligned] {
        let opts = TrainOptions {
            labels,
            ..options()
        };
        let scores = oracle(&sets(), &base(), &opts).unwrap();
        assert_eq!(scores.len(), 2);
        for s in &scores {
            // Every block takes its own label: block scores are perfect.
            assert_eq!(s.labels.block.f1, 1.0, "{labels:?} {s:?}");
            // The local search starts from the labels and only climbs.
            assert!(s.best.token.f1 >= s.labels.token.f1 - 1e-12, "{s:?}");
            assert!(s.labels.token.f1 > 0.9, "{labels:?} {s:?}");
            assert!(s.best.token.f1 <= 1.0);
        }
    }
    // Training with other labels and weights keeps the article.
    let opts = TrainOptions {
        labels: LabelRule::Aligned,
        weights: Weighting::Confidence,
        ..options()
    };
    let trained = train(&sets(), &base(), &opts).unwrap();
    assert!(
        trained.scores.iter().all(|s| s.token.f1 > 0.9),
        "{:?}",
        trained.scores
    );
}

#[test]
fn the_embedded_pith_preset_loads_and_round_trips() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = pith_core::preset::check_files(&pith_learn::presets(), dir, false);
    assert!(problems.is_empty(), "{problems:?}");
}

/// `set_beta` (`--favor-precision`, `--favor-recall`) reaches the embedded preset's
/// expected-F1 decoding, the leaned file loads and reads back with β, and a pipeline
/// without a learned pass is left alone.
#[test]
fn favoring_sets_beta_on_the_learned_decoding_only() {
    use pith_learn::decode::{set_beta, Favor};
    let mut pith: serde_json::Value = serde_json::from_str(pith_learn::presets::PITH_JSON).unwrap();
    assert_eq!(set_beta(&mut pith, Favor::Precision.beta()), 1);
    assert_eq!(
        trees_pass(&pith)["decode"],
        serde_json::json!({"type": "expected_f1", "scale": 0.7, "beta": 0.5})
    );
    let loaded = Pipeline::from_value(pith.clone()).unwrap();
    assert_eq!(trees_pass(&loaded.to_value())["decode"]["beta"], 0.5);
    let justext_preset = pith_justext::presets::presets().remove(0);
    let mut justext: serde_json::Value = serde_json::from_str(justext_preset.json).unwrap();
    let before = justext.clone();
    assert_eq!(set_beta(&mut justext, Favor::Recall.beta()), 0);
    assert_eq!(justext, before);
}

fn fragment() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "alpha beta",
        "the river and the bridge",
        "é",
        " ",
        "Home",
        "x<y",
        "&amp;",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(5, 48, 5, |inner| {
        (
            prop::sample::select(vec![
                "div", "p", "a", "ul", "li", "nav", "span", "h2", "table", "td", "br", "script",
            ]),
            prop::option::of(prop::sample::select(vec![
                "class='menu'",
                "id='story'",
                "class='byline'",
            ])),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(tag, attr, kids)| {
                format!("<{tag} {}>{}</{tag}>", attr.unwrap_or(""), kids.concat())
            })
    })
}

fn is_subsequence(small: &str, big: &str) -> bool {
    let mut big = big.chars();
    small.chars().all(|c| big.any(|b| b == c))
}

/// Whether every character of `small` occurs in `big` at least as often: "no text
/// that was not in the input" when the parser may reorder text (foster parenting moves
/// a table's stray text before the table, so the order of a second parse can differ).
fn is_sub_multiset(small: &str, big: &str) -> bool {
    let mut counts = std::collections::HashMap::<char, isize>::new();
    for c in big.chars() {
        *counts.entry(c).or_default() += 1;
    }
    small.chars().all(|c| {
        let n = counts.entry(c).or_default();
        *n -= 1;
        *n >= 0
    })
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_pith_preset_only_returns_text_of_the_input(html in fragment()) {
        let p = Pipeline::from_json(pith_learn::presets::PITH_JSON).unwrap();
        let ex = p.run_str(&html).unwrap();
        prop_assert_eq!(ex.labels.len(), ex.blocks.len());
        for key in ex.features.keys() {
            prop_assert_eq!(ex.features.column(key).unwrap().len(), ex.blocks.len());
        }
        let doc = pith_core::dom::parse_html(&html);
        let input = squeeze(&doc.text_content(doc.root()));
        for b in ex.blocks.iter().zip(&ex.labels).filter(|(_, l)| **l == Label::Good) {
            prop_assert!(is_subsequence(&squeeze(&b.0.text), &input), "{:?} not in {:?}", b.0.text, input);
        }
        // Running twice gives the same labels (no hidden state).
        prop_assert_eq!(p.run_str(&html).unwrap().labels, ex.labels);
    }
}

/// A pipeline with every `learn.*` feature not in the shipped preset, and a
/// `learn.margin` over two of them.
const NEW_FEATURES: &str = r#"{
  "version": 1,
  "tree": [{"type": "readability.retry", "annotate": true}],
  "segmenter": {"type": "declutter.blocks"},
  "features": [
    {"type": "justext.length"},
    {"type": "learn.text_share"},
    {"type": "learn.container_link_density", "up": 1},
    {"type": "learn.container_link_density", "up": 3},
    {"type": "learn.container_text_density", "up": 0},
    {"type": "learn.container_text_density", "up": 2},
    {"type": "learn.relative_annotation", "annotation": "readability.content_score"},
    {"type": "learn.margin", "features": ["learn.text_share", "justext.length"], "base_score": -0.5,
     "trees": [{"feature": [0, 1, 0], "threshold": [0.2, 30.0, 0.0], "left": [1, 0, 0], "right": [2, 0, 0], "value": [0.0, -1.0, 2.0]}]}
  ]
}"#;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_new_features_stay_in_range(html in fragment()) {
        let p = Pipeline::from_json(NEW_FEATURES).unwrap();
        let ex = p.run_str(&html).unwrap();
        let column = |k: &str| ex.features.column(&pith_core::FeatureKey(k.to_owned().into())).unwrap().to_vec();
        let share = column("learn.text_share");
        prop_assert_eq!(share.len(), ex.blocks.len());
        prop_assert!(share.iter().all(|v| (0.0..=1.0).contains(v)));
        let total: f64 = share.iter().sum();
        prop_assert!(ex.blocks.is_empty() || total == 0.0 || (total - 1.0).abs() < 1e-9, "{}", total);
        for k in ["learn.container_link_density@1", "learn.container_link_density@3"] {
            prop_assert!(column(k).iter().all(|v| (0.0..=1.0).contains(v)), "{}", k);
        }
        // Characters per element: a container holds at most the page's characters, and
        // at least one element (itself).
        let page_chars = html.chars().filter(|c| !c.is_whitespace()).count() as f64;
        for k in ["learn.container_text_density@0", "learn.container_text_density@2"] {
            prop_assert!(column(k).iter().all(|v| (0.0..=page_chars).contains(v)), "{} {:?}", k, column(k));
        }
        // The page's best candidate is 1; others at most 1 (`NaN` without a score).
        prop_assert!(column("readability.content_score/max").iter().all(|v| v.is_nan() || *v <= 1.0 + 1e-12));
        // The margin is the ensemble's: base score plus one of its leaves.
        for m in column("learn.margin") {
            prop_assert!([-0.5, -1.5, 1.5].contains(&m), "{}", m);
        }
        // The same page gives the same columns.
        let again = p.run_str(&html).unwrap();
        prop_assert_eq!(format!("{:?}", again.features), format!("{:?}", ex.features));
    }
}

/// A pipeline with the page-level and article-relative features (`learn.page`,
/// `learn.agree`, `learn.span`, `learn.tree_distance`) over Readability's annotations.
const PAGE_FEATURES: &str = r#"{
  "version": 1,
  "tree": [{"type": "readability.retry", "annotate": true}, {"type": "declutter.shake", "annotate": true}],
  "segmenter": {"type": "declutter.blocks"},
  "features": [
    {"type": "justext.length"},
    {"type": "learn.annotation", "annotation": "readability.in_article", "missing": 0.0},
    {"type": "learn.annotation", "annotation": "declutter.keep", "missing": 1.0},
    {"type": "learn.annotation", "annotation": "readability.attempt", "missing": 0.0},
    {"type": "learn.page", "stat": "mean", "of": "readability.in_article"},
    {"type": "learn.page", "stat": "chars", "of": "readability.in_article"},
    {"type": "learn.page", "stat": "chars"},
    {"type": "learn.page", "stat": "blocks"},
    {"type": "learn.page", "stat": "blocks", "of": "readability.in_article"},
    {"type": "learn.agree", "a": "readability.in_article", "b": "declutter.keep"},
    {"type": "learn.page", "stat": "mean", "of": "learn.agree(readability.in_article,declutter.keep)"},
    {"type": "learn.span", "of": "readability.in_article", "measure": "side"},
    {"type": "learn.span", "of": "readability.in_article", "measure": "distance"},
    {"type": "learn.tree_distance", "annotation": "readability.top_candidate"}
  ]
}"#;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_page_features_are_consistent(html in fragment()) {
        let p = Pipeline::from_json(PAGE_FEATURES).unwrap();
        let ex = p.run_str(&html).unwrap();
        let column = |k: &str| ex.features.column(&pith_core::FeatureKey(k.to_owned().into())).unwrap().to_vec();
        let n = ex.blocks.len();
        let chars: Vec<f64> = ex.blocks.iter().map(|b| b.text.chars().count() as f64).collect();
        let in_article = column("readability.in_article");
        // Page values are the same on every block, and what their definitions say.
        let same = |v: &[f64]| v.windows(2).all(|w| w[0].to_bits() == w[1].to_bits());
        for k in ["learn.page_mean(readability.in_article)", "learn.page_chars(readability.in_article)",
                  "learn.page_chars", "learn.page_blocks", "learn.page_blocks(readability.in_article)",
                  "learn.page_mean(learn.agree(readability.in_article,declutter.keep))",
                  "readability.attempt"] {
            let v = column(k);
            prop_assert_eq!(v.len(), n);
            prop_assert!(same(&v), "{} differs between blocks: {:?}", k, v);
        }
        if n > 0 {
            let total: f64 = chars.iter().sum();
            let article: f64 = chars.iter().zip(&in_article).map(|(c, a)| c * a).sum();
            prop_assert_eq!(column("learn.page_chars")[0], total);
            prop_assert_eq!(column("learn.page_blocks")[0], n as f64);
            prop_assert!((column("learn.page_chars(readability.in_article)")[0] - article).abs() < 1e-9);
            let share = column("learn.page_mean(readability.in_article)")[0];
            prop_assert!((0.0..=1.0).contains(&share));
            if total > 0.0 {
                prop_assert!((share - article / total).abs() < 1e-9);
            }
            let inside = in_article.iter().filter(|&&a| a > 0.5).count() as f64;
            prop_assert_eq!(column("learn.page_blocks(readability.in_article)")[0], inside);
            prop_assert!((0.0..=1.0).contains(&column("learn.page_mean(learn.agree(readability.in_article,declutter.keep))")[0]));
        }
        prop_assert!(column("learn.agree(readability.in_article,declutter.keep)").iter().all(|v| *v == 0.0 || *v == 1.0));
        // The span: every article block is inside it; sides and distances agree.
        let side = column("learn.span_side(readability.in_article)");
        let distance = column("learn.span_distance(readability.in_article)");
        for i in 0..n {
            if in_article[i] > 0.5 {
                prop_assert_eq!(side[i], 0.0);
            }
            prop_assert_eq!(side[i].is_nan(), distance[i].is_nan());
            if !side[i].is_nan() {
                prop_assert_eq!(side[i] == 0.0, distance[i] == 0.0);
            }
        }
        prop_assert!(side.windows(2).all(|w| w[0].is_nan() || w[0] <= w[1]), "sides in order: {:?}", side);
        prop_assert!(column("learn.tree_distance(readability.top_candidate)").iter().all(|v| v.is_nan() || (*v >= 0.0 && v.fract() == 0.0)));
        let again = p.run_str(&html).unwrap();
        prop_assert_eq!(format!("{:?}", again.features), format!("{:?}", ex.features));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `learn.recover_title` on a page whose title never ends: no text that was not
    /// in the input, and a second run changes nothing.
    #[test]
    fn recover_title_adds_no_text_and_is_idempotent(html in fragment(), closed in any::<bool>()) {
        use pith_core::TreeStage;
        let page = if closed {
            format!("<title>T</title>{html}")
        } else {
            format!("<title>T {html}")
        };
        let before = pith_core::dom::parse_html(&page);
        let mut doc = before.clone();
        let stage = pith_learn::RecoverTitle {};
        stage.apply(&mut doc, &mut Default::default()).unwrap();
        let (input, output) = (squeeze(&before.text_content(before.root())), squeeze(&doc.text_content(doc.root())));
        prop_assert!(is_sub_multiset(&output, &input), "{:?} not in {:?}", output, input);
        let once = doc.text_content(doc.root());
        stage.apply(&mut doc, &mut Default::default()).unwrap();
        prop_assert_eq!(doc.text_content(doc.root()), once);
    }
}

/// A page of paragraphs, some inside hidden elements, their texts from a small pool
/// (so that hidden copies of visible text happen), nested up to three deep.
fn page_with_hidden_parts() -> impl Strategy<Value = String> {
    let sentence = prop::sample::select(vec![
        "the council said that it would review the plan for the new bridge over the river",
        "residents who live near the site have asked for more time to read the report",
        "Home News Sport Contact",
        "short",
    ]);
    let leaf = (sentence, 1..4usize).prop_map(|(s, n)| format!("<p>{}</p>", [s; 3][..n].join(" ")));
    leaf.prop_recursive(3, 24, 4, |inner| {
        (
            prop::sample::select(vec![
                "",
                "style='display:none'",
                "hidden",
                "aria-hidden=true",
                "class='menu'",
            ]),
            prop::collection::vec(inner, 1..4),
        )
            .prop_map(|(attr, kids)| format!("<div {attr}>{}</div>", kids.concat()))
    })
}

/// The text outside every element `learn.drop_hidden_copies` counts as hidden.
fn visible_text(doc: &pith_core::dom::Document) -> String {
    let mut doc = doc.clone();
    let hidden: Vec<_> = doc
        .descendants(doc.root())
        .filter(|&n| {
            doc.element(n)
                .is_some_and(pith_readability::unlikely::is_hidden)
        })
        .collect();
    for n in hidden {
        doc.detach(n);
    }
    doc.text_content(doc.root())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `learn.drop_hidden_copies` only takes hidden elements away: the visible text
    /// stays as it was, no text is added, and a second run changes nothing.
    #[test]
    fn drop_hidden_copies_keeps_the_visible_text_and_is_idempotent(html in page_with_hidden_parts()) {
        use pith_core::TreeStage;
        let before = pith_core::dom::parse_html(&html);
        let mut doc = before.clone();
        let stage = pith_learn::DropHiddenCopies::default();
        stage.apply(&mut doc, &mut Default::default()).unwrap();
        prop_assert_eq!(visible_text(&doc), visible_text(&before));
        let (input, output) = (before.text_content(before.root()), doc.text_content(doc.root()));
        prop_assert!(is_subsequence(&output, &input), "{:?} not in {:?}", output, input);
        stage.apply(&mut doc, &mut Default::default()).unwrap();
        prop_assert_eq!(doc.text_content(doc.root()), output);
    }
}
