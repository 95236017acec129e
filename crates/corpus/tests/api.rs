//! The library API as a binding calls it: inputs from paths, one record per document,
//! and the ordered parallel runner writing to a `Vec`. (The command line's end-to-end
//! corpus tests are in `crates/cli/tests/corpus.rs`.)

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pith_corpus::{
    read_inputs, record, run, Body, InputOptions, Item, Mode, NoObserver, Observer, Record,
    RecordOptions, RunConfig, Stats,
};

fn page(n: usize) -> String {
    format!(
        "<html><body><h1>Page {n}</h1><p>Page number {n}: the quick brown fox jumps over the \
         lazy dog, and this is the sort of sentence that is full of the words which we would \
         call stop words in English, as it has to be long enough for the algorithm to think \
         that it is good text.</p><ul><li><a href='/'>Home</a></li></ul></body></html>"
    )
}

fn response(id: &str, content_type: &str, html: &str) -> Vec<u8> {
    identified_response(id, content_type, None, html)
}

/// A response record; `identified` is its `WARC-Identified-Payload-Type`, if any.
fn identified_response(
    id: &str,
    content_type: &str,
    identified: Option<&str>,
    html: &str,
) -> Vec<u8> {
    let block = format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n{html}");
    let identified = identified
        .map(|t| format!("WARC-Identified-Payload-Type: {t}\r\n"))
        .unwrap_or_default();
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{id}>\r\n\
         WARC-Target-URI: http://example.com/{id}\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n\
         {identified}Content-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block.as_bytes());
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn pipeline() -> Arc<pith::Pipeline> {
    Arc::new(pith::preset("justext").unwrap())
}

#[test]
fn inputs_yield_documents_and_skips_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut warc = response("a", "text/html; charset=utf-8", &page(1));
    warc.extend(response("img", "image/png", "PNG"));
    warc.extend(response("b", "text/html", &page(2)));
    let w = write(dir.path(), "x.warc", &warc);
    let h = write(dir.path(), "y.html", page(3).as_bytes());
    let missing = dir.path().join("missing.html");
    let items: Vec<Item> =
        read_inputs(&[w.clone(), h.clone(), missing], InputOptions::default()).collect();
    let summary: Vec<String> = items
        .iter()
        .map(|i| match i {
            Item::Doc(d) => match &d.body {
                Body::Failed(_) => format!("failed {}", d.meta.id),
                _ => d.meta.id.clone(),
            },
            Item::Skipped(reason) => format!("skipped {reason}"),
            Item::InputEnd(source) => format!("end {source}"),
        })
        .collect();
    let missing = dir.path().join("missing.html").display().to_string();
    let (w, h) = (w.display().to_string(), h.display().to_string());
    assert_eq!(
        summary,
        [
            "<urn:uuid:a>".to_owned(),
            "skipped non-html".to_owned(),
            "<urn:uuid:b>".to_owned(),
            format!("end {w}"),
            h.clone(),
            format!("end {h}"),
            format!("failed {missing}"),
            format!("end {missing}"),
        ]
    );
    let Item::Doc(first) = &items[0] else {
        panic!()
    };
    assert_eq!(first.meta.url.as_deref(), Some("http://example.com/a"));
    let Body::Bytes { charset, .. } = &first.body else {
        panic!()
    };
    assert_eq!(charset.as_deref(), Some("utf-8"));
}

/// A document that stands for a failed reading of its input (a file that cannot be
/// opened, a gzip stream cut short) says so in `read_failed`, which `--output-dir`
/// reads to keep that input's output unfinished; a record that is an error of its
/// own (one over the size limit, in a WARC file read to its end) does not.
#[test]
fn a_failed_reading_is_told_from_a_failed_document() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(page(1).repeat(50).as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let cut = write(dir.path(), "cut.html.gz", &gz[..gz.len() / 2]);
    let missing = dir.path().join("missing.html");
    let mut warc = response("big", "text/html", &page(2).repeat(20));
    warc.extend(response("small", "text/html", &page(3)));
    let w = write(dir.path(), "w.warc", &warc);
    let opts = InputOptions {
        max_bytes: 1000,
        ..InputOptions::default()
    };
    let failed: Vec<(String, bool)> = read_inputs(&[cut, missing, w], opts)
        .filter_map(|item| match item {
            Item::Doc(d) => Some((d.meta.id.clone(), d.meta.read_failed)),
            Item::Skipped(_) | Item::InputEnd(_) => None,
        })
        .collect();
    let ids: Vec<&str> = failed
        .iter()
        .map(|(id, _)| id.rsplit('/').next().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "cut.html.gz",
            "missing.html",
            "<urn:uuid:big>",
            "<urn:uuid:small>"
        ]
    );
    let flags: Vec<bool> = failed.iter().map(|(_, f)| *f).collect();
    assert_eq!(flags, [true, true, false, false]);
}

/// The runner says when an input's last record is written (`Sink::input_done`), once
/// an input, after its records, in input order and with `unordered` alike; an input
/// with no document is said done too (once), so that it can have an empty output.
#[test]
fn each_input_is_said_done_after_its_last_record() {
    #[derive(Default)]
    struct Events(Vec<String>);
    impl pith_corpus::Sink for Events {
        fn write_doc(
            &mut self,
            meta: &pith_corpus::DocMeta,
            _: &[u8],
            _: Option<&str>,
        ) -> std::io::Result<()> {
            self.0.push(format!("doc {}", meta.source));
            Ok(())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
        fn input_done(&mut self, source: &str) -> std::io::Result<()> {
            self.0.push(format!("done {source}"));
            Ok(())
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.html", page(1).as_bytes());
    let mut warc = response("w1", "text/html", &page(2));
    warc.extend(response("w2", "text/html", &page(3)));
    warc.extend(response("w3", "text/html", &page(4)));
    let w = write(dir.path(), "w.warc", &warc);
    let none = write(
        dir.path(),
        "none.warc",
        &response("img", "image/png", "PNG"),
    );
    let c = write(dir.path(), "c.html", page(5).as_bytes());
    for unordered in [false, true] {
        let cfg = RunConfig {
            workers: 2,
            unordered,
            ..RunConfig::new(Mode::Jsonl {
                paragraphs: false,
                markdown: false,
                links: false,
                images: false,
            })
        };
        let mut events = Events::default();
        let paths = [a.clone(), w.clone(), none.clone(), c.clone()];
        let end = pith_corpus::run_to_sink(
            pipeline(),
            read_inputs(&paths, InputOptions::default()),
            &cfg,
            &mut events,
            Arc::new(AtomicBool::new(false)),
            &mut NoObserver,
        );
        assert!(!end.stats.interrupted);
        for path in [&a, &w, &none, &c] {
            let source = path.display().to_string();
            let docs: Vec<usize> = (events.0.iter().enumerate())
                .filter(|(_, e)| **e == format!("doc {source}"))
                .map(|(i, _)| i)
                .collect();
            let done: Vec<usize> = (events.0.iter().enumerate())
                .filter(|(_, e)| **e == format!("done {source}"))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(done.len(), 1, "{unordered} {source}: {:?}", events.0);
            assert!(docs.iter().all(|&i| i < done[0]), "{:?}", events.0);
        }
        let none_docs = format!("doc {}", none.display());
        assert!(!events.0.contains(&none_docs), "{:?}", events.0);
        assert_eq!(end.stats.inputs_done, 4);
    }
}

/// The input files are known before reading, named as their documents' `source`, and
/// those a resumed run needs no more are left out before any is read; stdin never is.
#[test]
fn inputs_name_their_sources_and_leave_out_those_done() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    std::fs::create_dir_all(&pages).unwrap();
    let a = write(&pages, "a.html", page(1).as_bytes());
    let b = write(&pages, "b.html", page(2).as_bytes());
    let c = write(dir.path(), "c.html", page(3).as_bytes());
    let stdin = PathBuf::from("-");
    let mut inputs = read_inputs(&[pages, c.clone(), stdin], InputOptions::default());
    let name = |p: &Path| p.display().to_string();
    assert_eq!(inputs.sources(), [name(&a), name(&b), name(&c), "-".into()]);
    let left_out = inputs.leave_out(|source| source == name(&a) || source == "-");
    assert_eq!(left_out, 1, "stdin is not left out");
    assert_eq!(inputs.sources(), [name(&b), name(&c), "-".into()]);
    let first: Vec<String> = inputs
        .take(4)
        .map(|item| match item {
            Item::Doc(d) => d.meta.source.clone(),
            Item::Skipped(reason) => reason,
            Item::InputEnd(source) => format!("end {source}"),
        })
        .collect();
    let end = |p: &Path| format!("end {}", p.display());
    assert_eq!(first, [name(&b), end(&b), name(&c), end(&c)]);
}

/// As Common Crawl's tools decide it: a page a server mislabelled is read when the
/// crawler identified it as HTML; a payload both call something else is skipped.
#[test]
fn a_record_the_crawler_identified_as_html_is_a_page_whatever_the_server_said() {
    let dir = tempfile::tempdir().unwrap();
    let mut warc = identified_response(
        "octet",
        "application/octet-stream",
        Some("text/html"),
        &page(1),
    );
    warc.extend(identified_response(
        "plain",
        "text/plain",
        Some("application/xhtml+xml"),
        &page(2),
    ));
    warc.extend(identified_response(
        "unlabelled",
        "application/octet-stream",
        None,
        &page(3),
    ));
    warc.extend(identified_response(
        "pdf",
        "application/pdf",
        Some("application/pdf"),
        "%PDF-1.4",
    ));
    let w = write(dir.path(), "x.warc", &warc);
    let summary: Vec<String> = read_inputs(&[w], InputOptions::default())
        .map(|i| match i {
            Item::Doc(d) => d.meta.id.clone(),
            Item::Skipped(reason) => format!("skipped {reason}"),
            Item::InputEnd(_) => "end".to_owned(),
        })
        .collect();
    assert_eq!(
        summary,
        [
            "<urn:uuid:octet>",
            "<urn:uuid:plain>",
            "skipped non-html",
            "skipped non-html",
            "end"
        ]
    );
}

/// Every document has an id: a JSON Lines `id` that names nothing (empty, `null`) and a
/// WARC record whose `WARC-Record-ID` is empty get the id of a line or record without one.
#[test]
fn an_empty_or_null_input_id_gives_way_to_the_documents_place() {
    let dir = tempfile::tempdir().unwrap();
    let lines = concat!(
        r#"{"id":"","html":"<p>a</p>"}"#,
        "\n",
        r#"{"id":null,"html":"<p>b</p>"}"#,
        "\n",
        r#"{"id":"null","html":"<p>c</p>"}"#,
        "\n",
        r#"{"id":0,"html":"<p>d</p>"}"#,
        "\n"
    );
    let j = write(dir.path(), "in.jsonl", lines.as_bytes());
    let mut warc = response("a", "text/html", &page(1));
    let empty_id = String::from_utf8(response("b", "text/html", &page(2)))
        .unwrap()
        .replace("WARC-Record-ID: <urn:uuid:b>", "WARC-Record-ID: ");
    warc.extend(empty_id.into_bytes());
    let w = write(dir.path(), "x.warc", &warc);
    let ids: Vec<String> = read_inputs(&[j.clone(), w.clone()], InputOptions::default())
        .filter_map(|i| match i {
            Item::Doc(d) => Some(d.meta.id.clone()),
            Item::Skipped(reason) => Some(format!("skipped {reason}")),
            Item::InputEnd(_) => None,
        })
        .collect();
    let (j, w) = (j.display(), w.display());
    assert_eq!(
        ids,
        [
            format!("{j}:1"),
            format!("{j}:2"),
            "null".to_owned(),
            "0".to_owned(),
            "<urn:uuid:a>".to_owned(),
            format!("{w}#1"),
        ]
    );
}

/// A page the crawler cut short (Common Crawl stores the first MiBs of a payload) says
/// so in its record; a whole one says nothing.
#[test]
fn a_record_the_crawler_truncated_says_so_in_limits_hit() {
    let dir = tempfile::tempdir().unwrap();
    let cut = String::from_utf8(response("cut", "text/html", &page(1)))
        .unwrap()
        .replace(
            "Content-Length:",
            "WARC-Truncated: length\r\nContent-Length:",
        );
    let mut warc = cut.into_bytes();
    warc.extend(response("whole", "text/html", &page(2)));
    let w = write(dir.path(), "x.warc", &warc);
    let limits: Vec<serde_json::Value> = read_inputs(&[w], InputOptions::default())
        .filter(|i| !matches!(i, Item::InputEnd(_)))
        .map(|i| {
            let Item::Doc(doc) = i else {
                panic!("a document")
            };
            let rec = record(&pipeline(), &doc, &RecordOptions::default());
            serde_json::to_value(&rec).unwrap()["limits_hit"].clone()
        })
        .collect();
    assert_eq!(
        limits,
        [
            serde_json::json!([
                "crawl: the page is truncated (WARC-Truncated: length): the crawler stored only its start"
            ]),
            serde_json::Value::Null
        ]
    );
}

#[test]
fn a_record_serialises_to_the_corpus_line_in_field_order() {
    let dir = tempfile::tempdir().unwrap();
    let line = r#"{"id":7,"lang":"en","html":"<p>a short line of English text</p>","text":"dropped","meta":{"a":[1, 2]}}"#;
    let j = write(dir.path(), "in.jsonl", format!("{line}\n").as_bytes());
    let Some(Item::Doc(doc)) = read_inputs(&[j], InputOptions::default()).next() else {
        panic!("one document")
    };
    let rec = record(&pipeline(), &doc, &RecordOptions::default());
    let expected = format!(
        "{{\"id\":\"7\",\"source\":{},\"lang\":\"en\",\"meta\":{{\"a\":[1, 2]}},\"text\":\"\",\"word_count\":0,\"language\":\"en\",\"language_confidence\":0.12}}\n",
        serde_json::to_string(&doc.meta.source).unwrap()
    );
    assert_eq!(String::from_utf8(rec.to_json_line()).unwrap(), expected);
    assert_eq!(rec.error_message(), None);

    // With paragraphs, as a serde value (what a binding converts).
    let opts = RecordOptions {
        paragraphs: true,
        ..RecordOptions::default()
    };
    let value = serde_json::to_value(record(&pipeline(), &doc, &opts)).unwrap();
    assert_eq!(
        value["paragraphs"][0]["text"],
        "a short line of English text"
    );
    assert_eq!(value["paragraphs"][0]["class_type"], "bad");

    let err = Record::error(doc.meta.clone(), "boom");
    let v: serde_json::Value = serde_json::from_slice(&err.to_json_line()).unwrap();
    assert_eq!(v["error"], "boom");
    assert!(v.get("text").is_none());
}

/// With `markdown`, a record holds the page's Markdown as `pith::markdown` writes it
/// from the extraction and the page's shape (its data table as a pipe table), right
/// after `word_count`; without, it has no `markdown` and an input's passes through.
#[test]
fn a_record_with_markdown_holds_the_page_as_markdown() {
    let words = "The quick brown fox jumps over the lazy dog, and this is the sort of sentence \
                 that is full of the words which we would call stop words in English.";
    let html = format!(
        "<article><h1>Standings after Texas</h1><p>{words}</p><table>\
         <tr><th>Pos.</th><th>Driver</th><th>Points</th></tr>\
         <tr><td>1</td><td>Kyle Busch</td><td>5040</td></tr>\
         <tr><td>2</td><td>Martin Truex Jr.</td><td>5035</td></tr></table><p>{words}</p></article>"
    );
    let dir = tempfile::tempdir().unwrap();
    let line = serde_json::json!({"id": "t", "html": html, "markdown": "theirs"});
    let j = write(dir.path(), "in.jsonl", format!("{line}\n").as_bytes());
    let Some(Item::Doc(doc)) = read_inputs(&[j], InputOptions::default()).next() else {
        panic!("one document")
    };
    let pipeline = Arc::new(pith::preset("pith").unwrap());
    let (ex, tree) = pipeline.run_str_and_tree(&html).unwrap();
    let expected = pith::markdown::to_markdown_with_tables(&ex, &tree);
    assert!(
        expected.contains("| 1 | Kyle Busch | 5040 |\n"),
        "{expected}"
    );

    let opts = RecordOptions {
        markdown: true,
        ..RecordOptions::default()
    };
    let rec = record(&pipeline, &doc, &opts);
    assert_eq!(
        rec.result.as_ref().unwrap().markdown.as_deref(),
        Some(&*expected)
    );
    let line = String::from_utf8(rec.to_json_line()).unwrap();
    let words = rec.result.as_ref().unwrap().word_count;
    let after_count = format!(
        "\"word_count\":{words},\"markdown\":{},",
        serde_json::to_string(&expected).unwrap()
    );
    assert!(line.contains(&after_count), "{line}");
    assert_eq!(line.matches("\"markdown\":").count(), 1, "{line}");

    let plain = record(&pipeline, &doc, &RecordOptions::default());
    assert_eq!(plain.result.as_ref().unwrap().markdown, None);
    let value = serde_json::to_value(&plain).unwrap();
    assert_eq!(value["markdown"], "theirs");
}

#[test]
fn a_bytes_record_says_how_it_was_decoded() {
    let dir = tempfile::tempdir().unwrap();
    let w = write(
        dir.path(),
        "c.warc",
        &response("c", "text/html; charset=windows-1251", "<p>\u{0}</p>"),
    );
    let Some(Item::Doc(doc)) = read_inputs(&[w], InputOptions::default()).next() else {
        panic!("one document")
    };
    let rec = record(&pipeline(), &doc, &RecordOptions::default());
    let ex = rec.result.as_ref().unwrap();
    let enc = ex.encoding.as_ref().unwrap();
    assert_eq!(
        (enc.codec.as_str(), enc.source.as_str()),
        ("cp1251", "http-header")
    );
}

#[derive(Default)]
struct Count {
    progress: usize,
    errors: Vec<String>,
}

impl Observer for Count {
    fn progress(&mut self, _stats: &Stats) {
        self.progress += 1;
    }
    fn error(&mut self, meta: &pith_corpus::DocMeta, message: &str) {
        self.errors.push(format!("{}: {message}", meta.id));
    }
}

#[test]
fn the_runner_writes_records_in_input_order_and_counts_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut warc = Vec::new();
    for i in 0..40 {
        warc.extend(response(&format!("d{i}"), "text/html", &page(i)));
    }
    warc.extend(response("img", "image/png", "PNG"));
    let w = write(dir.path(), "many.warc", &warc);
    let missing = dir.path().join("nope.warc");
    let mut cfg = RunConfig::new(Mode::Jsonl {
        paragraphs: false,
        markdown: false,
        links: false,
        images: false,
    });
    cfg.workers = 4;
    let mut out = Vec::new();
    let mut seen = Count::default();
    let end = run(
        pipeline(),
        read_inputs(&[w, missing], InputOptions::default()),
        &cfg,
        &mut out,
        Arc::new(AtomicBool::new(false)),
        &mut seen,
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 41);
    for (i, l) in lines[..40].iter().enumerate() {
        assert_eq!(l["id"], format!("<urn:uuid:d{i}>"));
        assert!(l["text"]
            .as_str()
            .unwrap()
            .contains(&format!("Page number {i}:")));
    }
    assert!(lines[40]["error"].as_str().unwrap().contains("cannot read"));
    let s = &end.stats;
    assert_eq!(
        (s.documents, s.extracted, s.skipped, s.errors),
        (42, 40, 1, 1)
    );
    assert_eq!(seen.progress, 41);
    assert_eq!(seen.errors.len(), 1);
    assert!(!s.interrupted && end.write_error.is_none());

    // The same through NoObserver, with a per-page format.
    let mut out = Vec::new();
    let end = run(
        pipeline(),
        read_inputs(&[dir.path().join("many.warc")], InputOptions::default()),
        &RunConfig::new(Mode::page(pith::output::Format::Text)),
        &mut out,
        Arc::new(AtomicBool::new(false)),
        &mut NoObserver,
    );
    assert_eq!(end.stats.extracted, 40);
    assert!(String::from_utf8(out).unwrap().contains("Page number 39:"));
}

/// A WARC response record for `url` with raw body bytes.
fn response_bytes(url: &str, content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut block = format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n").into_bytes();
    block.extend_from_slice(body);
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{url}>\r\n\
         WARC-Target-URI: {url}\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n\
         Content-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(&block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// (codec, source) of the record of the one document in `warc` under `preset`.
fn decoded_as(warc: &[u8], preset: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let w = write(dir.path(), "d.warc", warc);
    let Some(Item::Doc(doc)) = read_inputs(&[w], InputOptions::default()).next() else {
        panic!("one document")
    };
    let rec = record(
        &pith::preset(preset).unwrap(),
        &doc,
        &RecordOptions::default(),
    );
    let enc = rec.result.as_ref().unwrap().encoding.clone().unwrap();
    (enc.codec, enc.source)
}

#[test]
fn whatwg_presets_take_the_http_charset_as_a_whatwg_label_and_the_tld_as_a_hint() {
    let body = b"<p>\xe4\xe5</p>";
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    // `latin1` is windows-1252 in the Encoding Standard (Python: iso8859-1).
    let latin1 = response_bytes("http://example.com/a", "text/html; charset=latin1", body);
    assert_eq!(
        decoded_as(&latin1, "readability"),
        pair("windows-1252", "http-header")
    );
    assert_eq!(
        decoded_as(&latin1, "justext"),
        pair("iso8859-1", "http-header")
    );
    // No declaration anywhere: the detector, tilted by the target URI's TLD.
    let cn = response_bytes("http://example.cn/a", "text/html", body);
    assert_eq!(decoded_as(&cn, "readability"), pair("GBK", "detector"));
    let com = response_bytes("http://example.com/a", "text/html", body);
    assert_eq!(
        decoded_as(&com, "readability"),
        pair("windows-1252", "detector")
    );
    // A label only Python knows is not a WHATWG transport charset: the detector decides.
    let py = response_bytes("http://example.cn/a", "text/html; charset=latin_1", body);
    assert_eq!(decoded_as(&py, "readability"), pair("GBK", "detector"));
}
