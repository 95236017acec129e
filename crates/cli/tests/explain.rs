//! `pith explain`: the page it writes names, for every block, its labels, features and
//! the rule and pass that decided it, is self-contained, and renders in headless
//! Chromium with the blocks coloured by label.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::common;
use common::chromium::{decode_png, run_with_timeout};
use common::{pith, write};

const ARTICLE: &str = "When the members of the council met on Tuesday evening, most of them \
said that they had not been told about the plan before it was announced, and several of them \
asked why the public had not been given more time to respond to it.";

fn page() -> String {
    let menu = "<ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li>\
                <li><a href='/sport'>Sport</a></li><li><a href='/about'>About us</a></li></ul>";
    format!(
        "<html><head><title>t</title></head><body>{menu}<h2>The council met</h2>\
         <p>{ARTICLE}</p><p>{ARTICLE}</p><p>{ARTICLE}</p>{menu}\
         <div>Copyright 2024 Example Inc. All rights reserved.</div></body></html>"
    )
}

/// Runs `pith explain INPUT --out OUT`, then the `extra` arguments.
fn run_explain(input: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "explain",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    pith(&args, None)
}

/// Writes the page, runs `pith explain` on it, and returns the explanation.
fn explain(dir: &Path, extra: &[&str]) -> String {
    let input = write(dir, "page.html", page().as_bytes());
    let out = dir.join("explain.html");
    let o = run_explain(&input, &out, extra);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn every_block_says_what_decided_it() {
    let dir = tempfile::tempdir().unwrap();
    let html = explain(dir.path(), &["--preset", "justext"]);
    let ex = pith::preset("justext")
        .unwrap()
        .run_bytes(page().as_bytes())
        .unwrap();
    assert_eq!(html.matches("<div class=\"block ").count(), ex.blocks.len());
    for (i, label) in ex.labels.iter().enumerate() {
        let open = format!("<div class=\"block {label}");
        let at = html.find(&format!("id=\"b{i}\"")).expect("block id");
        let start = html[..at].rfind("<div class=\"block ").unwrap();
        assert!(html[start..].starts_with(&open), "block {i} is not {label}");
    }
    // The menu is bad by link density (a rule), the short heading is made good by a pass.
    assert!(html.contains("rule 1: {&quot;type&quot;:&quot;justext.max_link_density&quot;"));
    assert!(html.contains("pass "), "no block revised by a pass: {html}");
    assert!(html.contains("<th>justext.stopwords_density</th>"));
    assert!(html.contains("<th>cf decided by</th>") && html.contains("title=\"label: "));
    // Self-contained: no script, stylesheet link, image, font or other fetch.
    for needle in [
        "<script", "<link", "src=", "url(", "@import", "http://", "https://",
    ] {
        assert!(!html.contains(needle), "{needle} in the page");
    }
}

#[test]
fn the_default_pipeline_is_the_pith_preset() {
    let dir = tempfile::tempdir().unwrap();
    let html = explain(dir.path(), &[]);
    assert!(html.contains("with pipeline <b>pith</b>"), "{html}");
}

/// Without `--out`, or with `--out -`, the explanation goes to stdout (`pith explain
/// PAGE > why.html`), the same page `--out FILE` writes. (On a terminal it is refused
/// with a hint; CI has no terminal, so that was checked by hand under `script`.)
#[test]
fn without_out_the_page_goes_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let file = explain(dir.path(), &["--preset", "justext"]);
    let input = dir.path().join("page.html");
    let input = input.to_str().unwrap();
    for args in [
        vec!["explain", input, "--preset", "justext"],
        vec!["explain", input, "--preset", "justext", "--out", "-"],
    ] {
        let o = pith(&args, None);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(String::from_utf8(o.stdout).unwrap(), file, "{args:?}");
    }
    assert!(!dir.path().join("-").exists());
}

#[test]
fn a_pipeline_file_and_a_bad_preset() {
    let dir = tempfile::tempdir().unwrap();
    let html = explain(dir.path(), &["--preset", "declutter"]);
    assert!(html.contains("with pipeline <b>declutter</b>"));
    let o = pith(
        &["explain", "x.html", "--out", "y.html", "--preset", "nope"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown preset"));
}

/// A WARC file without an HTML record or binary junk is no page to explain: exit 1
/// with the reason, as `pith extract` answers a binary file, and no explanation
/// written.
#[test]
fn a_warc_file_without_pages_or_binary_content_is_not_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let warc = write(
        dir.path(),
        "a.warc",
        b"WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n",
    );
    let png = write(dir.path(), "a.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let warc_why = "no page to explain: no HTML document in it (1 skipped: 1 warcinfo)";
    for (input, why) in [(warc, warc_why), (png, "binary content")] {
        let out = dir.path().join("explain.html");
        let o = run_explain(&input, &out, &[]);
        assert_eq!(o.status.code(), Some(1), "{}", input.display());
        assert!(String::from_utf8_lossy(&o.stderr).contains(why));
        assert!(!out.exists());
    }
}

/// A WARC response record of `html`, gzip-coded, with a charset in its header.
fn coded_response(id: &str, html: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(html).unwrap();
    let mut block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\n\
                      Content-Encoding: gzip\r\n\r\n"
        .to_vec();
    block.extend(gz.finish().unwrap());
    let mut record = format!(
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{id}>\r\n\
         WARC-Target-URI: http://example.com/{id}\r\nContent-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    record.extend(block);
    record.extend(b"\r\n\r\n");
    record
}

/// `--record` explains one document of a WARC or JSON Lines file, named by its id (with
/// or without the `<>`) or its URL, as `pith extract` extracts it (its coding undone,
/// its header's charset used); a name no document has is exit 1 with what to do, and a
/// WARC file without `--record` says to name one.
#[test]
fn a_record_of_a_warc_or_json_lines_file_is_explained_by_id_or_url() {
    let dir = tempfile::tempdir().unwrap();
    let other = page().replace("council", "committee");
    // "café" in windows-1252: right only if the header's charset decodes it.
    let mine = page().replace("The council met", "The council met at the caf#");
    let mine: Vec<u8> = mine
        .bytes()
        .map(|b| if b == b'#' { 0xE9 } else { b })
        .collect();
    let mut warc = coded_response("first", other.as_bytes());
    warc.extend(coded_response("second", &mine));
    let warc = write(dir.path(), "a.warc", &warc);
    let out = dir.path().join("explain.html");
    for name in [
        "<urn:uuid:second>",
        "urn:uuid:second",
        "http://example.com/second",
    ] {
        let o = run_explain(&warc, &out, &["--preset", "justext", "--record", name]);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let html = std::fs::read_to_string(&out).unwrap();
        assert!(html.contains("The council met at the café"), "{name}");
        assert!(!html.contains("committee"), "{name}: the other record");
        assert!(
            html.contains("urn:uuid:second"),
            "{name}: the record is not named"
        );
    }
    let o = run_explain(
        &warc,
        &dir.path().join("none.html"),
        &["--record", "urn:uuid:third"],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no document has the id or URL") && err.contains("2 documents"),
        "{err}"
    );
    let o = run_explain(&warc, &dir.path().join("none.html"), &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("holds several documents") && err.contains("--record"),
        "{err}"
    );
    // A JSON Lines file: its line's id.
    let line = serde_json::json!({"id": "doc-7", "url": "http://example.com/7", "html": page()});
    let jsonl = write(dir.path(), "a.jsonl", format!("{line}\n").as_bytes());
    for name in ["doc-7", "http://example.com/7"] {
        let o = run_explain(&jsonl, &out, &["--record", name]);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(std::fs::read_to_string(&out)
            .unwrap()
            .contains("The council met"));
    }
}

/// A file of one document is explained without `--record`, read as `pith extract`
/// reads it: a JSON Lines line's page, not the line's JSON taken for HTML (before, the
/// explanation's blocks were `{"id":"doc-7",…`), and a WARC file's one HTML record.
#[test]
fn a_file_of_one_document_is_explained_as_extract_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let line = serde_json::json!({"id": "doc-7", "url": "http://example.com/7", "html": page()});
    let jsonl = write(dir.path(), "a.jsonl", format!("{line}\n").as_bytes());
    let mut warc = b"WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n".to_vec();
    warc.extend(coded_response("only", page().as_bytes()));
    let warc = write(dir.path(), "a.warc", &warc);
    for (input, named) in [(&jsonl, "doc-7"), (&warc, "urn:uuid:only")] {
        let out = dir.path().join("explain.html");
        let o = run_explain(input, &out, &["--preset", "justext"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let html = std::fs::read_to_string(&out).unwrap();
        assert!(html.contains("The council met"), "{}", input.display());
        assert!(
            html.contains(named),
            "{}: the document is not named",
            input.display()
        );
        assert!(
            !html.contains("&quot;html&quot;"),
            "the JSON was read as HTML"
        );
    }
}

/// Pixels within 6 of `rgb` on every channel.
fn count_near(pixels: &[[u8; 3]], rgb: [u8; 3]) -> usize {
    pixels
        .iter()
        .filter(|p| p.iter().zip(rgb).all(|(&a, b)| a.abs_diff(b) <= 6))
        .count()
}

#[test]
fn the_page_renders_with_the_blocks_coloured_by_label() {
    let dir = tempfile::tempdir().unwrap();
    explain(dir.path(), &["--preset", "justext"]);
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        eprintln!("skipped: /usr/bin/chromium not found (apt-get install -y chromium)");
        return;
    }
    let shot = dir.path().join("shot.png");
    let mut cmd = Command::new(chromium);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        "--window-size=1000,900",
    ])
    .arg(format!(
        "--user-data-dir={}",
        dir.path().join("profile").display()
    ))
    .arg(format!("--screenshot={}", shot.display()))
    .arg(format!(
        "file://{}",
        dir.path().join("explain.html").display()
    ));
    let Some((ok, _)) = run_with_timeout(&mut cmd, Duration::from_secs(120)) else {
        panic!("chromium did not finish within 120 s");
    };
    assert!(ok, "chromium --screenshot failed");
    let (w, h, pixels) = decode_png(&std::fs::read(&shot).unwrap());
    assert_eq!((w, h), (1000, 900));
    // The fills of the style sheet: good #d2f4d9, bad #ffd8d3; outlines good #1a7f37,
    // bad #cf222e. Three long good paragraphs and two menus fill large areas.
    let good_fill = count_near(&pixels, [0xd2, 0xf4, 0xd9]);
    let bad_fill = count_near(&pixels, [0xff, 0xd8, 0xd3]);
    let good_line = count_near(&pixels, [0x1a, 0x7f, 0x37]);
    let bad_line = count_near(&pixels, [0xcf, 0x22, 0x2e]);
    assert!(good_fill > 20_000, "good fill: {good_fill} pixels");
    assert!(bad_fill > 5_000, "bad fill: {bad_fill} pixels");
    assert!(
        good_line > 1_000 && bad_line > 500,
        "{good_line} {bad_line}"
    );
}

/// `pith explain` takes `pith extract`'s lean, so that a block the lean drops is
/// explained as dropped: on the bundled sample page with an aside added
/// ([`common::sample_with_aside`]) `--favor-precision` keeps fewer blocks (the aside
/// goes, as in `tests/cli.rs`).
#[test]
fn the_lean_reaches_the_explanation() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(
        dir.path(),
        "page.html",
        common::sample_with_aside().as_bytes(),
    );
    let sample = page.to_str().unwrap();
    let good_blocks = |extra: &[&str]| {
        let out = dir.path().join("explain.html");
        let mut args = vec!["explain", sample, "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = pith(&args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out)
            .unwrap()
            .matches("<div class=\"block good")
            .count()
    };
    assert!(good_blocks(&["--favor-precision"]) < good_blocks(&[]));
}

/// `pith explain` takes every option of `pith extract` that sets the pipeline (the
/// thresholds, `--no-headings`, the encoding options: one `PipelineArgs` for both), and
/// with them explains the very extraction `pith extract` makes: as many good blocks as
/// `--format text` writes paragraphs, with and without thresholds that keep the menus.
#[test]
fn the_pipeline_options_of_extract_reach_the_explanation() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "page.html", page().as_bytes());
    let keep_all = [
        "--max-link-density",
        "1",
        "--length-low",
        "0",
        "--stopwords-low",
        "0",
        "--stopwords-high",
        "0",
        "--no-headings",
    ];
    let mut counts = Vec::new();
    for extra in [&[][..], &keep_all[..]] {
        let out = dir.path().join("explain.html");
        let mut args = vec!["explain", "--preset", "justext"];
        args.extend_from_slice(extra);
        let o = run_explain(&input, &out, &args[1..]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let explained = std::fs::read_to_string(out)
            .unwrap()
            .matches("<div class=\"block good")
            .count();
        let mut args = vec!["extract", "--format", "text", "--preset", "justext"];
        args.extend_from_slice(extra);
        args.push(input.to_str().unwrap());
        let o = pith(&args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let extracted = String::from_utf8(o.stdout).unwrap().lines().count();
        assert_eq!(explained, extracted, "{extra:?}");
        counts.push(explained);
    }
    assert!(
        counts[1] > counts[0],
        "the thresholds changed nothing: {counts:?}"
    );
}

/// The learned preset's explanation names its trees' stage without writing the trees
/// out for every block (before: 360 KB of trees per block, a 6 MB page for the 7 KB
/// sample), and a gzipped page is read as `pith extract` reads it.
#[test]
fn the_learned_stage_is_named_not_copied_and_gzip_is_undone() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(page().as_bytes()).unwrap();
    let input = write(dir.path(), "page.html.gz", &gz.finish().unwrap());
    let out = dir.path().join("explain.html");
    let o = run_explain(&input, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out).unwrap();
    assert!(
        html.contains("The council met"),
        "the page was not un-gzipped"
    );
    assert!(html.contains("learn.trees"), "the deciding stage is named");
    assert!(html.contains("[100 items]"), "the trees are summarised");
    assert!(html.len() < 200_000, "{} bytes", html.len());
}
