//! `--with-metadata`: a page's output opens with the metadata its corpus record has,
//! as YAML front matter (`text`, `markdown`) or in the head (`html`), and nowhere else.

use serde_json::{json, Value};

use crate::common::pith;

/// A page that tags its metadata, with a title YAML would misread unquoted.
const PAGE: &str = "<html><head><title>Rivers: \"the old bridge\" # 2</title>\
    <link rel='canonical' href='/news/bridge.html'>\
    <meta name='description' content='A town rebuilds its bridge.'>\
    <meta property='og:site_name' content='The Valley Courier'>\
    <meta name='author' content='Martha Ellison'>\
    <meta property='article:published_time' content='2024-05-17T09:00:00Z'>\
    </head><body><article><h1>River town rebuilds its old footbridge</h1>\
    <p>When the spring flood of last year tore the middle span off the footbridge, most \
    people in the town assumed that it would be years before anyone could walk across the \
    river again, and the county had no money set aside for it at all.</p>\
    </article></body></html>";

/// The metadata fields of a record, in its order.
const ORDER: [&str; 8] = [
    "url",
    "title",
    "canonical_url",
    "description",
    "site_name",
    "author",
    "published",
    "language",
];

/// The metadata fields a record gives the page, by name.
fn record_fields(record: &Value) -> Vec<(String, Value)> {
    (record.as_object().unwrap().iter())
        .filter(|(k, _)| ORDER.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// `pith extract -q ARGS` on `input`'s bytes (stdin), its stdout.
fn run(args: &[&str], input: &str) -> String {
    let mut all = vec!["extract", "-q"];
    all.extend_from_slice(args);
    let o = pith(&all, Some(input.as_bytes()));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{all:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The front matter of `--format markdown` and `text` holds the record's metadata,
/// field for field and in its order, each value a JSON (and so YAML) string; the
/// output after it is the output without `--with-metadata`.
#[test]
fn front_matter_holds_the_record_fields() {
    let line = json!({"url": "https://site.example/a/page.html", "html": PAGE}).to_string();
    let args = ["--input-format", "jsonl"];
    let record: Value =
        serde_json::from_str(&run(&[&args[..], &["--format", "jsonl"]].concat(), &line)).unwrap();
    let want = record_fields(&record);
    assert_eq!(want.len(), 8, "{record}");
    for format in ["markdown", "text"] {
        let plain = run(&[&args[..], &["--format", format]].concat(), &line);
        let out = run(
            &[&args[..], &["--format", format, "--with-metadata"]].concat(),
            &line,
        );
        // A JSON Lines input's documents are each named before their output
        // (in Markdown, as an HTML comment and a blank line).
        let (named, out) = out.split_once('\n').unwrap();
        assert!(named.contains("==> -:1 <=="), "{named}");
        let out = out.trim_start_matches('\n');
        let plain = plain.split_once('\n').unwrap().1.trim_start_matches('\n');
        let header = out.strip_prefix("---\n").expect("front matter");
        let (header, body) = header.split_once("---\n\n").expect("its end");
        let got: Vec<(String, Value)> = (header.lines())
            .map(|l| {
                let (k, v) = l.split_once(": ").unwrap();
                (k.to_owned(), serde_json::from_str(v).unwrap())
            })
            .collect();
        let names: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ORDER, "a record's order");
        let mut got = got;
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got, want, "{format}:\n{out}");
        assert_eq!(body, plain, "{format}");
    }
}

/// The head of `--format html` holds the metadata in the tags pith reads it from: the
/// page written, read again, gives a record with the same metadata.
#[test]
fn html_metadata_reads_back_as_the_same_metadata() {
    let url = "https://site.example/a/page.html";
    let record: Value =
        serde_json::from_str(&run(&["--format", "jsonl", "--url", url], PAGE)).unwrap();
    let page = run(&["--format", "html", "--with-metadata", "--url", url], PAGE);
    assert!(
        page.contains("<meta name=\"DC.source\" content=\"https://site.example/a/page.html\">"),
        "{page}"
    );
    let again: Value = serde_json::from_str(&run(&["--format", "jsonl"], &page)).unwrap();
    let without_url = |r: &Value| {
        let mut fields = record_fields(r);
        fields.retain(|(k, _)| k != "url");
        fields
    };
    assert_eq!(without_url(&again), without_url(&record), "{page}");
    let plain = run(&["--format", "html", "--url", url], PAGE);
    assert!(!plain.contains("<meta name=\"author\""), "{plain}");
}

/// The head of `--format html --with-metadata` opens with its `<meta charset>`, which a
/// browser reads only in a page's first 1024 bytes, whatever the length of the
/// metadata: the page of kept blocks (`pith`) and `declutter`'s purified page alike.
#[test]
fn html_metadata_never_hides_the_charset() {
    let description = "A town rebuilds its bridge, ".repeat(60);
    let page = PAGE.replace("A town rebuilds its bridge.", &description);
    assert_ne!(page, PAGE);
    for preset in ["pith", "declutter"] {
        let out = run(
            &["--preset", preset, "--format", "html", "--with-metadata"],
            &page,
        );
        assert!(out.contains(description.trim_end()), "{preset}: {out}");
        let charset = out.find("<meta charset=\"utf-8\">").expect("a charset");
        assert!(charset + 22 <= 1024, "{preset}: at {charset}: {out}");
        assert!(
            charset < out.find("<meta name=\"description\"").unwrap(),
            "{preset}"
        );
    }
}

/// Formats without a place for the metadata refuse the flag, naming those that take it.
#[test]
fn other_formats_refuse_with_metadata() {
    for format in ["default", "json", "jsonl", "detailed"] {
        let o = pith(
            &["extract", "--with-metadata", "--format", format],
            Some(PAGE.as_bytes()),
        );
        assert_eq!(o.status.code(), Some(2), "{format}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(
            e.contains("--with-metadata") && e.contains("markdown"),
            "{e}"
        );
        assert!(o.stdout.is_empty(), "{format}");
    }
}
