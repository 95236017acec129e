//! `pith extract --format markdown` end to end: the justext preset's good blocks with
//! their shapes (the constructs themselves are golden-tested in `crates/pith`).

mod common;
use common::pith;

#[test]
fn markdown_output_of_the_sample_page() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sample.html");
    let md = pith(
        &[
            "extract", "--preset", "justext", "--format", "markdown", sample,
        ],
        None,
    );
    assert!(
        md.status.success(),
        "{}",
        String::from_utf8_lossy(&md.stderr)
    );
    let md = String::from_utf8(md.stdout).unwrap();
    let text = pith(
        &["extract", "--preset", "justext", "--format", "text", sample],
        None,
    );
    let text = String::from_utf8(text.stdout).unwrap();
    // The same paragraphs, as Markdown blocks separated by blank lines.
    let blocks: Vec<&str> = md.split("\n\n").map(str::trim_end).collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(blocks.len(), lines.len(), "{md}");
    for (block, line) in blocks.iter().zip(&lines) {
        let unescaped = block.trim_start_matches('#').trim_start().replace('\\', "");
        assert_eq!(unescaped, *line);
    }
}
