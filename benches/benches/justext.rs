//! Criterion benchmarks of the justext preset, stage by stage, over real pages.
//!
//! Pages: every `*.html` under `$PITH_DATASETS/scrapinghub/html` (`PITH_DATASETS` defaults
//! to `../shared/datasets` relative to the workspace root; a relative value is taken
//! relative to the workspace root too). Without the dataset, `examples/sample.html` is
//! used if it exists; otherwise the benchmarks are skipped.
//!
//! Each iteration processes the whole page set, so the reported throughput (input HTML
//! bytes per second) is directly comparable across groups:
//!
//! * `decode` — bytes to text (charset sniffing and decoding);
//! * `parse` — html5ever into our `Document`, from decoded text;
//! * `clean` — the tree stages (`justext.clean`), on fresh copies of the parsed trees;
//! * `segment+classify` — segmenter, features, rules and passes on the cleaned trees;
//! * `end_to_end` — `Pipeline::run_bytes`.
//!
//! Run: `cargo bench -p pith-benches` (a few minutes at most).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use pith::core::Diagnostics;
use pith::dom::decode::decode;
use pith::dom::{parse_html, Document};
use pith::Pipeline;
use pith_benches::pages_or_skip;

fn configure<'a>(c: &'a mut Criterion, name: &str, bytes: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Bytes(bytes))
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group
}

fn benches(c: &mut Criterion) {
    let Some((pages, bytes)) = pages_or_skip() else {
        return;
    };

    let pipeline: Pipeline = pith::preset("justext").expect("the justext preset loads");
    let opts = pipeline.decode_options().clone();

    // Stage inputs, computed once.
    let texts: Vec<String> = pages
        .iter()
        .map(|p| {
            decode(p, &opts)
                .expect("the preset's decoding never fails")
                .text
        })
        .collect();
    let parsed: Vec<Document> = texts.iter().map(|t| parse_html(t)).collect();
    let cleaned: Vec<Document> = parsed
        .iter()
        .cloned()
        .map(|mut doc| {
            pipeline
                .apply_tree(&mut doc, &mut Diagnostics::default())
                .expect("tree stages run");
            doc
        })
        .collect();

    let mut group = configure(c, "decode", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter(|| {
            for page in &pages {
                black_box(decode(black_box(page), &opts).ok());
            }
        })
    });
    group.finish();

    let mut group = configure(c, "parse", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(parse_html(black_box(text)));
            }
        })
    });
    group.finish();

    let mut group = configure(c, "clean", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter_batched(
            || parsed.clone(),
            |mut docs| {
                let mut diagnostics = Diagnostics::default();
                for doc in &mut docs {
                    pipeline
                        .apply_tree(black_box(doc), &mut diagnostics)
                        .expect("tree stages run");
                }
                docs
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();

    let mut group = configure(c, "segment+classify", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter(|| {
            for doc in &cleaned {
                black_box(pipeline.classify(black_box(doc)).ok());
            }
        })
    });
    group.finish();

    let mut group = configure(c, "end_to_end", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter(|| {
            for page in &pages {
                black_box(pipeline.run_bytes(black_box(page)).ok());
            }
        })
    });
    group.finish();

    let declutter = pith::preset("declutter").expect("the declutter preset loads");
    let mut group = configure(c, "declutter_end_to_end", bytes);
    group.bench_function("scrapinghub", |b| {
        b.iter(|| {
            for page in &pages {
                black_box(declutter.run_bytes(black_box(page)).ok());
            }
        })
    });
    group.finish();
}

criterion_group!(justext, benches);
criterion_main!(justext);
