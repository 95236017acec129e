//! Criterion benchmarks of whole presets side by side, over real pages (issue 11's and
//! issue 12's speed targets; `scripts/bench_presets.sh` measures the same with the CLI).
//!
//! Pages as in the `justext` benchmarks ([`pith_benches::load_pages`]). Each iteration
//! runs `Pipeline::run_bytes` on the whole page set, so every throughput (input HTML
//! bytes per second) is comparable with the others of the same run:
//!
//! * `presets/justext`, `presets/declutter`, `presets/readability`, `presets/pith`: the
//!   built-in presets, loaded once (loading is not timed);
//! * `language/justext` and `language/justext-no-identification`: the `justext` preset
//!   as it is and with `language.identify: false`, for the cost of identification.
//!
//! Run: `cargo bench -p pith-benches --bench presets` (`-- presets/pith` for one).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use pith::Pipeline;
use pith_benches::pages_or_skip;

fn configure<'a>(c: &'a mut Criterion, name: &str, bytes: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Bytes(bytes))
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6));
    group
}

fn run_all(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pipeline: &Pipeline,
    pages: &[Vec<u8>],
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for page in pages {
                black_box(pipeline.run_bytes(black_box(page)).ok());
            }
        })
    });
}

fn benches(c: &mut Criterion) {
    let Some((pages, bytes)) = pages_or_skip() else {
        return;
    };

    let mut group = configure(c, "presets", bytes);
    for name in ["justext", "declutter", "readability", "pith"] {
        let pipeline = pith::preset(name).expect("the built-in presets load");
        run_all(&mut group, name, &pipeline, &pages);
    }
    group.finish();

    let justext = pith::preset("justext").expect("the justext preset loads");
    let mut spec = pith::preset_value("justext").expect("the justext preset loads");
    spec["language"] = serde_json::json!({"identify": false});
    let without = Pipeline::from_value(spec).expect("identification can be switched off");
    let mut group = configure(c, "language", bytes);
    run_all(&mut group, "justext", &justext, &pages);
    run_all(&mut group, "justext-no-identification", &without, &pages);
    group.finish();
}

criterion_group!(presets, benches);
criterion_main!(presets);
