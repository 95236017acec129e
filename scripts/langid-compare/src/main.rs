//! Reads labelled samples (JSON lines `{set, id, label, text}`, from make_samples.py) and
//! prints, per identifier, the accuracy on each set and the CPU time per sample and per
//! KiB of text. Usage: `langid-compare SAMPLES.jsonl [ROUNDS]`.

use std::collections::BTreeMap;
use std::time::Instant;

use lingua::{IsoCode639_3, Language, LanguageDetector, LanguageDetectorBuilder};

struct Sample {
    set: String,
    label: String,
    text: String,
}

/// An ISO 639-3 code (whatlang's, whichlang's) as ISO 639-1 where there is one.
fn to_639_1(code3: &str) -> String {
    match code3 {
        "cmn" => "zh".into(),
        "pes" => "fa".into(),
        other => other
            .parse::<IsoCode639_3>()
            .ok()
            .map(|c| {
                Language::from_iso_code_639_3(&c)
                    .iso_code_639_1()
                    .to_string()
            })
            .unwrap_or_else(|| other.to_owned()),
    }
}

type Identifier<'a> = Box<dyn Fn(&str) -> Option<String> + 'a>;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: langid-compare SAMPLES.jsonl [ROUNDS]");
    let rounds: usize = args.next().map_or(3, |r| r.parse().expect("ROUNDS"));
    let samples: Vec<Sample> = std::fs::read_to_string(&path)
        .expect("samples readable")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            let s = |k: &str| v[k].as_str().expect(k).to_owned();
            Sample {
                set: s("set"),
                label: s("label"),
                text: s("text"),
            }
        })
        .collect();

    let lingua_low: LanguageDetector = LanguageDetectorBuilder::from_all_languages()
        .with_low_accuracy_mode()
        .with_preloaded_language_models()
        .build();
    let lingua_high: LanguageDetector = LanguageDetectorBuilder::from_all_languages()
        .with_preloaded_language_models()
        .build();

    let identifiers: Vec<(&str, Identifier)> = vec![
        (
            "pith-lang identify (whatlang + English fast path)",
            Box::new(|t: &str| pith_lang::identify(t, None).map(|i| i.language.code.to_owned())),
        ),
        (
            "whatlang 0.18",
            Box::new(|t: &str| whatlang::detect(t).map(|i| to_639_1(i.lang().code()))),
        ),
        (
            "whichlang 0.1 (16 languages)",
            Box::new(|t: &str| Some(to_639_1(whichlang::detect_language(t).three_letter_code()))),
        ),
        (
            "lingua 1.8 low accuracy (75 languages)",
            Box::new(|t: &str| {
                lingua_low
                    .detect_language_of(t)
                    .map(|l| l.iso_code_639_1().to_string())
            }),
        ),
        (
            "lingua 1.8 high accuracy (75 languages)",
            Box::new(|t: &str| {
                lingua_high
                    .detect_language_of(t)
                    .map(|l| l.iso_code_639_1().to_string())
            }),
        ),
    ];

    let mut sets: Vec<String> = samples.iter().map(|s| s.set.clone()).collect();
    sets.dedup();
    let kib: f64 = samples.iter().map(|s| s.text.len()).sum::<usize>() as f64 / 1024.0;
    println!(
        "{} samples, {:.0} KiB of text, {} timing rounds",
        samples.len(),
        kib,
        rounds
    );
    print!("| identifier |");
    for set in &sets {
        let n = samples.iter().filter(|s| &s.set == set).count();
        print!(" {set} ({n}) |");
    }
    println!(" all | µs / sample | µs / KiB |");
    print!("|---|");
    for _ in &sets {
        print!("---|");
    }
    println!("---|---|---|");
    for (name, id) in &identifiers {
        let mut right: BTreeMap<&str, usize> = BTreeMap::new();
        let mut wrong: BTreeMap<String, usize> = BTreeMap::new();
        for s in &samples {
            let got = id(&s.text);
            if got.as_deref() == Some(s.label.as_str()) {
                *right.entry(&s.set).or_default() += 1;
            } else {
                let key = format!("{}→{}", s.label, got.as_deref().unwrap_or("none"));
                *wrong.entry(key).or_default() += 1;
            }
        }
        // Timing: every sample, `rounds` times; the median round.
        let mut times = Vec::new();
        for _ in 0..rounds {
            let start = Instant::now();
            for s in &samples {
                std::hint::black_box(id(std::hint::black_box(&s.text)));
            }
            times.push(start.elapsed().as_secs_f64());
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let t = times[times.len() / 2];
        print!("| {name} |");
        for set in &sets {
            let n = samples.iter().filter(|s| &s.set == set).count();
            let r = right.get(set.as_str()).copied().unwrap_or(0);
            print!(" {r}/{n} |");
        }
        let total: usize = right.values().sum();
        println!(
            " {:.1}% | {:.0} | {:.0} |",
            100.0 * total as f64 / samples.len() as f64,
            1e6 * t / samples.len() as f64,
            1e6 * t / kib
        );
        let mut errs: Vec<_> = wrong.into_iter().collect();
        errs.sort_by(|a, b| b.1.cmp(&a.1));
        let errs: Vec<String> = errs
            .iter()
            .take(8)
            .map(|(k, n)| format!("{k} ×{n}"))
            .collect();
        eprintln!("{name}: errors {}", errs.join(", "));
    }
}
