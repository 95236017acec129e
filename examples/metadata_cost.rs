//! What reading the page metadata (decision 0009) costs next to the whole run: every
//! page of a folder through a preset, then `read_metadata` alone on the parsed page,
//! each repeated and the fastest of the rounds kept.
//!
//! ```sh
//! cargo run --release -p pith-examples --example metadata_cost -- $PITH_DATASETS/scrapinghub/html justext
//! ```

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: metadata_cost DIR [PRESET]");
    let preset = args.next().unwrap_or_else(|| "justext".to_owned());
    let pipeline = pith::preset(&preset).expect("a built-in preset");
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("a readable folder") {
        if let Ok(bytes) = std::fs::read(entry.expect("a folder entry").path()) {
            pages.push(bytes);
        }
    }
    let docs: Vec<pith::dom::Document> = pages
        .iter()
        .filter_map(|p| pith::dom::decode::decode(p, pipeline.decode_options()).ok())
        .map(|d| pith::dom::parse_html(&d.text))
        .collect();
    let (mut run, mut read) = (f64::MAX, f64::MAX);
    let mut found = 0;
    for _ in 0..5 {
        let start = Instant::now();
        for p in &pages {
            let _ = pipeline.run_bytes(p);
        }
        run = run.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        found = 0;
        for d in &docs {
            let m = pith::dom::read_metadata(d);
            found += usize::from(m.title.is_some()) + usize::from(m.canonical_href.is_some());
        }
        read = read.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} pages ({preset}): run {:.3} s, read_metadata {:.5} s = {:.2}% of the run \
         ({found} titles and canonical links found)",
        pages.len(),
        run,
        read,
        100.0 * read / run
    );
}
