//! Times every file of a folder through a preset, in process, and prints the slowest
//! inputs by absolute time and by time per megabyte. Used to check fuzz corpora against
//! the "no input slower than 1 s per MB" rule of docs/limits.md:
//!
//! ```sh
//! cargo run --release -p pith-examples --example time_inputs -- /tmp/fz_extract_bytes justext
//! ```

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: time_inputs DIR [PRESET]");
    let preset = args.next().unwrap_or_else(|| "justext".to_owned());
    let pipeline = pith::preset(&preset).expect("a built-in preset");
    let mut timings: Vec<(f64, usize, String)> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("a readable folder") {
        let path = entry.expect("a folder entry").path();
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let start = Instant::now();
        let _ = pipeline.run_bytes(&bytes);
        timings.push((
            start.elapsed().as_secs_f64(),
            bytes.len(),
            path.display().to_string(),
        ));
    }
    let total: f64 = timings.iter().map(|t| t.0).sum();
    let bytes: usize = timings.iter().map(|t| t.1).sum();
    println!(
        "{} inputs, {:.1} MB, {:.3} s in all ({preset})",
        timings.len(),
        bytes as f64 / 1e6,
        total
    );
    timings.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("slowest by time:");
    for (secs, len, path) in timings.iter().take(3) {
        println!("  {:.4} s  {len} bytes  {path}", secs);
    }
    // Per megabyte, for inputs of at least 1 KB (below that, fixed costs dominate).
    let per_mb = |t: &(f64, usize, String)| t.0 / (t.1 as f64 / 1e6);
    let mut big: Vec<_> = timings.iter().filter(|t| t.1 >= 1024).collect();
    big.sort_by(|a, b| per_mb(b).total_cmp(&per_mb(a)));
    println!("slowest per MB (inputs of 1 KB or more):");
    for t in big.iter().take(3) {
        println!("  {:.3} s/MB  {} bytes  {}", per_mb(t), t.1, t.2);
    }
}
