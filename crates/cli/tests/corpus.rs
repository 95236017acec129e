//! Corpus-scale inputs end to end: WARC (plain and gzip, truncated, wrong
//! Content-Length), JSON Lines, counts that add up, stable order with several workers,
//! per-document safety (size, panic, timeout), a closed output pipe and Ctrl-C.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use flate2::write::GzEncoder;
use flate2::Compression;
use serde_json::Value;

use crate::common::{
    assert_quiet_after_closed_pipe, file_names, gunzip, interrupt, pith, pith_with_env, write,
    JUSTEXT_JSONL,
};

fn page(n: usize) -> String {
    format!(
        "<html><body><h1>Page {n}</h1><p>Page number {n}: the quick brown fox jumps over the \
         lazy dog, and this is the sort of sentence that is full of the words which we would \
         call stop words in English, as it has to be long enough for the algorithm to think \
         that it is good text.</p><ul><li><a href='/'>Home</a></li></ul></body></html>"
    )
}

fn warc_record(kind: &str, id: &str, url: &str, block: &[u8], length: Option<usize>) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{id}>\r\nWARC-Target-URI: {url}\r\n\
         WARC-Date: 2024-01-01T00:00:00Z\r\nContent-Length: {}\r\n\r\n",
        length.unwrap_or(block.len())
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn response(id: &str, content_type: &str, html: &[u8]) -> Vec<u8> {
    let mut block = format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n").into_bytes();
    block.extend_from_slice(html);
    warc_record(
        "response",
        id,
        &format!("http://example.com/{id}"),
        &block,
        None,
    )
}

/// A WARC with `n` HTML responses, each preceded by a request record, plus a warcinfo
/// and a non-HTML response; as records (for per-record gzip).
fn sample_records(n: usize) -> Vec<Vec<u8>> {
    let mut recs = vec![warc_record("warcinfo", "info", "", b"software: test", None)];
    for i in 0..n {
        recs.push(warc_record(
            "request",
            &format!("req{i}"),
            "http://example.com/",
            b"GET / HTTP/1.1\r\n\r\n",
            None,
        ));
        recs.push(response(
            &format!("doc{i}"),
            "text/html; charset=utf-8",
            page(i).as_bytes(),
        ));
    }
    recs.push(response("img", "image/png", b"\x89PNG...."));
    recs
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn records(o: &Output) -> Vec<Value> {
    records_of(&o.stdout)
}

/// `pith extract --preset justext --format jsonl -q ARGS...` with `stdin`.
fn jsonl(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut all = JUSTEXT_JSONL.to_vec();
    all.push("-q");
    all.extend_from_slice(args);
    pith(&all, stdin)
}

/// `pith extract --format jsonl -q EXTRA... --stats STATS INPUT`.
fn extract_jsonl(extra: &[&str], stats: &Path, input: &Path) -> Output {
    let mut args = extra.to_vec();
    args.extend(["--stats", stats.to_str().unwrap(), input.to_str().unwrap()]);
    jsonl(&args, None)
}

fn stats(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn assert_counts_add_up(s: &Value, recs: &[Value]) {
    let n = |k: &str| s[k].as_u64().unwrap();
    assert_eq!(
        n("documents"),
        n("extracted") + n("skipped") + n("errors"),
        "{s}"
    );
    assert_eq!(recs.len() as u64, n("extracted") + n("errors"), "{s}");
    let errors = recs.iter().filter(|r| r.get("error").is_some()).count() as u64;
    assert_eq!(errors, n("errors"));
}

#[test]
fn warc_plain_and_gzip_give_the_same_records_and_counts_add_up() {
    let dir = tempfile::tempdir().unwrap();
    let recs = sample_records(5);
    let plain = write(dir.path(), "a.warc", &recs.concat());
    let per_record: Vec<u8> = recs.iter().flat_map(|r| gzip(r)).collect();
    let gz = write(dir.path(), "a.warc.gz", &per_record);
    let whole = write(dir.path(), "whole.warc.gz", &gzip(&recs.concat()));
    let mut outputs = Vec::new();
    for input in [&plain, &gz, &whole] {
        let st = dir.path().join("stats.json");
        let o = extract_jsonl(&[], &st, input);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let r = records(&o);
        assert_eq!(r.len(), 5);
        let s = stats(&st);
        assert_counts_add_up(&s, &r);
        assert_eq!(s["documents"], 12);
        assert_eq!(s["skipped"], 7);
        assert_eq!(s["skipped_by_reason"]["request"], 5);
        assert_eq!(s["skipped_by_reason"]["non-html"], 1);
        assert_eq!(r[0]["id"], "<urn:uuid:doc0>");
        assert_eq!(r[0]["url"], "http://example.com/doc0");
        assert!(r[0]["text"].as_str().unwrap().contains("Page number 0"));
        assert_eq!(r[0]["encoding_source"], "http-header");
        outputs.push(o.stdout);
    }
    // Same records whatever the compression (the source field differs).
    let strip = |b: &[u8]| -> Vec<String> {
        records_of(b)
            .iter()
            .map(|r| r["text"].to_string())
            .collect()
    };
    assert_eq!(strip(&outputs[0]), strip(&outputs[1]));
    assert_eq!(strip(&outputs[0]), strip(&outputs[2]));
}

fn records_of(b: &[u8]) -> Vec<Value> {
    String::from_utf8(b.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn header_charset_is_used_before_meta() {
    let dir = tempfile::tempdir().unwrap();
    // cp1251 bytes, a wrong meta charset, the right HTTP charset.
    let mut html = b"<html><head><meta charset=iso-8859-1></head><body><p>".to_vec();
    html.extend_from_slice(b"\xcf\xf0\xe8\xe2\xe5\xf2");
    html.extend_from_slice(b"</p></body></html>");
    let w = write(
        dir.path(),
        "c.warc",
        &response("c", "text/html; charset=windows-1251", &html),
    );
    let o = jsonl(&["--paragraphs", "-s", "none", w.to_str().unwrap()], None);
    let r = records(&o);
    assert_eq!(r[0]["encoding"], "cp1251");
    assert_eq!(r[0]["paragraphs"][0]["text"], "Привет");
}

#[test]
fn truncated_gzip_keeps_earlier_records_and_reports_the_offset() {
    let dir = tempfile::tempdir().unwrap();
    let recs = sample_records(4);
    let members: Vec<Vec<u8>> = recs.iter().map(|r| gzip(r)).collect();
    let mut bytes = members.concat();
    let last = members.last().unwrap().len();
    bytes.truncate(bytes.len() - last / 2);
    let w = write(dir.path(), "t.warc.gz", &bytes);
    let st = dir.path().join("s.json");
    let o = extract_jsonl(&[], &st, &w);
    assert_eq!(o.status.code(), Some(1));
    let r = records(&o);
    assert_eq!(r.iter().filter(|r| r.get("text").is_some()).count(), 4);
    let err = r.last().unwrap()["error"].as_str().unwrap().to_owned();
    let offset: usize = members[..members.len() - 1].iter().map(Vec::len).sum();
    assert!(
        err.contains(&format!("compressed byte {}", offset)),
        "{err}"
    );
    assert_counts_add_up(&stats(&st), &r);

    // A plain WARC cut inside a record's block.
    let plain = recs.concat();
    let w = write(dir.path(), "t.warc", &plain[..plain.len() - 10]);
    let o = jsonl(&[w.to_str().unwrap()], None);
    let r = records(&o);
    assert_eq!(r.iter().filter(|r| r.get("text").is_some()).count(), 4);
    let err = r.last().unwrap()["error"].as_str().unwrap();
    assert!(err.contains("input truncated"), "{err}");
    assert_eq!(r.last().unwrap()["id"], "<urn:uuid:img>");
}

#[test]
fn a_wrong_content_length_is_an_error_record_and_the_next_records_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let html = page(1);
    let mut block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n".to_vec();
    block.extend_from_slice(html.as_bytes());
    for wrong in [block.len() - 40, block.len() + 40] {
        let mut bytes = response("before", "text/html", page(0).as_bytes());
        bytes.extend(warc_record(
            "response",
            "bad",
            "http://x/",
            &block,
            Some(wrong),
        ));
        bytes.extend(response("after", "text/html", page(2).as_bytes()));
        bytes.extend(response("after2", "text/html", page(3).as_bytes()));
        let w = write(dir.path(), "w.warc", &bytes);
        let o = jsonl(&[w.to_str().unwrap()], None);
        let r = records(&o);
        let ids: Vec<&str> = r.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(
            ids,
            [
                "<urn:uuid:before>",
                "<urn:uuid:bad>",
                "<urn:uuid:after>",
                "<urn:uuid:after2>"
            ],
            "{wrong}"
        );
        assert!(r[1]["error"]
            .as_str()
            .unwrap()
            .contains("wrong Content-Length"));
        assert!(r[2]["text"].as_str().unwrap().contains("Page number 2"));
    }
}

#[test]
fn jsonl_input_passes_fields_through_and_reports_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = String::new();
    for i in 0..3 {
        lines += &serde_json::json!({"id": format!("d{i}"), "url": "http://x", "html": page(i), "lang": "en"}).to_string();
        lines += "\n";
    }
    lines += "not json\n\n{\"content\": \"<p>x</p>\"}\n";
    let plain = write(dir.path(), "in.jsonl", lines.as_bytes());
    let gz = write(dir.path(), "in.jsonl.gz", &gzip(lines.as_bytes()));
    for input in [&plain, &gz] {
        let st = dir.path().join("s.json");
        let o = extract_jsonl(&[], &st, input);
        assert_eq!(o.status.code(), Some(1));
        let r = records(&o);
        assert_eq!(r.len(), 5);
        assert_eq!(r[0]["id"], "d0");
        assert_eq!(r[0]["lang"], "en");
        assert_eq!(r[0]["url"], "http://x");
        assert!(r[0].get("html").is_none());
        assert!(r[1]["text"].as_str().unwrap().contains("Page number 1"));
        assert!(r[3]["error"].as_str().unwrap().contains("invalid JSON"));
        // The line's own fields are named, and the option that reads another.
        let error = r[4]["error"].as_str().unwrap();
        assert!(
            error.contains("no field \"html\" (the line's fields: \"content\";"),
            "{error}"
        );
        assert!(error.contains("--html-field"), "{error}");
        assert_counts_add_up(&stats(&st), &r);
    }
    // --html-field
    let o = jsonl(
        &["--html-field", "content", "--input-format", "jsonl"],
        Some(b"{\"content\": \"<p>x</p>\", \"k\": [1, 2]}\n"),
    );
    let r = records(&o);
    assert_eq!(r[0]["k"], serde_json::json!([1, 2]));
    assert!(r[0].get("error").is_none());
    // JSON Lines known by their content when the name says nothing (stdin, a Spark
    // part file), with a byte order mark before the first line. Before: stdin was one
    // HTML "page" of every line, and the mark made the first line invalid JSON.
    let bom_lines = [b"\xEF\xBB\xBF".as_slice(), lines.as_bytes()].concat();
    let part = write(dir.path(), "part-00000", &bom_lines);
    for o in [
        jsonl(&[], Some(&bom_lines)),
        jsonl(&[part.to_str().unwrap()], None),
    ] {
        let r = records(&o);
        assert_eq!(r.len(), 5, "{r:?}");
        assert_eq!(r[0]["id"], "d0");
        assert!(r[0]["text"].as_str().unwrap().contains("Page number 0"));
    }
    // A JSONL line's `url` is the base of its canonical link, and the canonical URL
    // without one, as a WARC record's WARC-Target-URI is.
    let r = records(&jsonl(
        &[],
        Some(
            b"{\"url\":\"https://ex.org/a/b\",\"html\":\"<head><noscript><img src=p.gif></noscript><link rel=canonical href=../c></head><p>x</p>\"}\n\
              {\"url\":\"https://ex.org/z\",\"html\":\"<p>no link</p>\"}\n",
        ),
    ));
    assert_eq!(r[0]["canonical_url"], "https://ex.org/c", "{r:?}");
    assert_eq!(r[1]["canonical_url"], "https://ex.org/z", "{r:?}");
    // What the page's <meta> tags say, as record fields; an input field of the same
    // name stays when the page says nothing of it.
    let r = records(&jsonl(
        &[],
        Some(
            b"{\"author\":\"From the input\",\"published\":\"2001\",\"html\":\"<head><meta name=author content='Jane Doe'><meta property=og:site_name content=Courier><meta name=description content='A story.'></head><p>x</p>\"}\n",
        ),
    ));
    assert_eq!(r[0]["author"], "Jane Doe", "{r:?}");
    assert_eq!(r[0]["site_name"], "Courier");
    assert_eq!(r[0]["description"], "A story.");
    assert_eq!(
        r[0]["published"], "2001",
        "the input's, as the page has none"
    );
    let line = String::from_utf8(
        jsonl(
            &[],
            Some(b"{\"html\":\"<meta name=author content=A><p>x</p>\"}\n"),
        )
        .stdout,
    )
    .unwrap();
    assert_eq!(line.matches("\"author\"").count(), 1, "{line}");
    // A page that names no date has its URL's (the canonical link's first), else the
    // date its text shows, unless the input has its own `published`; the page's own
    // date comes first.
    let r = records(&jsonl(
        &[],
        Some(
            b"{\"url\":\"https://ex.org/2019/11/19/story\",\"html\":\"<p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/19/story\",\"html\":\"<link rel=canonical href=/news/2019-11-18/story><p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/19/story\",\"published\":\"2001\",\"html\":\"<p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/19/story\",\"html\":\"<meta property=article:published_time content=2019-11-20T01:00><p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/story\",\"html\":\"<p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/story\",\"html\":\"<p>Posted on July 15, 2012</p><p>x</p>\"}\n\
              {\"url\":\"https://ex.org/2019/11/19/story\",\"html\":\"<p>Posted on July 15, 2012</p><p>x</p>\"}\n",
        ),
    ));
    assert_eq!(r[0]["published"], "2019-11-19", "{r:?}");
    assert_eq!(r[1]["published"], "2019-11-18", "{r:?}");
    assert_eq!(r[2]["published"], "2001", "{r:?}");
    assert_eq!(r[3]["published"], "2019-11-20T01:00", "{r:?}");
    assert!(r[4].get("published").is_none(), "{r:?}");
    assert_eq!(r[5]["published"], "2012-07-15", "{r:?}");
    assert_eq!(r[6]["published"], "2019-11-19", "{r:?}");
    // A page whose tags name no author has the one its first byline names, in the
    // author's place (before `published`), unless the input has its own; the tags'
    // author comes first.
    let out = jsonl(
        &[],
        Some(
            b"{\"html\":\"<p>By <a href=/m>Martha Ellison</a>, Reporter</p><p>Posted on July 15, 2012</p>\"}\n\
              {\"author\":\"From the input\",\"html\":\"<p>By Martha Ellison</p>\"}\n\
              {\"html\":\"<meta name=author content='Jane Doe'><p>By Martha Ellison</p>\"}\n\
              {\"html\":\"<p>By the river</p>\"}\n",
        ),
    );
    let first_line = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let r = records(&out);
    assert_eq!(r[0]["author"], "Martha Ellison", "{r:?}");
    assert_eq!(r[0]["published"], "2012-07-15", "{r:?}");
    assert!(
        first_line.find("\"author\"") < first_line.find("\"published\""),
        "{first_line}"
    );
    assert_eq!(r[1]["author"], "From the input", "{r:?}");
    assert_eq!(r[2]["author"], "Jane Doe", "{r:?}");
    assert!(r[3].get("author").is_none(), "{r:?}");
    // A file named like HTML is a page, whatever its first character.
    let html = write(
        dir.path(),
        "braces.html",
        format!("{{{}", page(7)).as_bytes(),
    );
    let r = records(&jsonl(&[html.to_str().unwrap()], None));
    assert!(
        r[0]["text"].as_str().unwrap().contains("Page number 7"),
        "{r:?}"
    );
}

#[test]
fn output_order_is_stable_with_several_workers() {
    let dir = tempfile::tempdir().unwrap();
    // Pages of very different sizes so workers finish out of order.
    let mut recs = Vec::new();
    for i in 0..60 {
        let big = if i % 7 == 0 {
            page(i).repeat(200)
        } else {
            page(i)
        };
        recs.push(response(&format!("d{i}"), "text/html", big.as_bytes()));
    }
    let w = write(dir.path(), "o.warc", &recs.concat());
    let one = jsonl(&["-j", "1", w.to_str().unwrap()], None);
    for j in ["2", "4", "8"] {
        let many = jsonl(&["-j", j, w.to_str().unwrap()], None);
        assert_eq!(one.stdout, many.stdout, "-j {j}");
    }
    let ids: Vec<String> = records(&one)
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    let want: Vec<String> = (0..60).map(|i| format!("<urn:uuid:d{i}>")).collect();
    assert_eq!(ids, want);
}

#[test]
fn directories_with_glob_and_gzip_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    write(dir.path(), "a.html", page(1).as_bytes());
    write(dir.path(), "sub/b.html.gz", &gzip(page(2).as_bytes()));
    write(dir.path(), "notes.txt", b"ignore me");
    let o = jsonl(
        &[
            "--glob",
            "*.html",
            "--glob",
            "*.html.gz",
            dir.path().to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    let r = records(&o);
    assert_eq!(r.len(), 2);
    assert!(r[0]["id"].as_str().unwrap().ends_with("a.html"));
    assert!(r[1]["text"].as_str().unwrap().contains("Page number 2"));
}

#[test]
fn too_large_panicking_and_slow_documents_are_error_records() {
    let dir = tempfile::tempdir().unwrap();
    let mut recs = vec![response("ok1", "text/html", page(1).as_bytes())];
    recs.push(response("big", "text/html", page(2).repeat(50).as_bytes()));
    recs.push(response("panic", "text/html", b"<p>PITH_DEBUG_PANIC</p>"));
    recs.push(response("slow", "text/html", b"<p>PITH_DEBUG_SLEEP</p>"));
    recs.push(response("ok2", "text/html", page(3).as_bytes()));
    let w = write(dir.path(), "s.warc", &recs.concat());
    let st = dir.path().join("s.json");
    let started = std::time::Instant::now();
    let o = pith_with_env(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "jsonl",
            "-q",
            "-j",
            "2",
            "--max-bytes",
            "4000",
            "--timeout",
            "1",
            "--stats",
            st.to_str().unwrap(),
            w.to_str().unwrap(),
        ],
        None,
        &[("PITH_TEST_HOOKS", "1")],
    );
    assert!(
        started.elapsed().as_secs() < 20,
        "the slow document held the run"
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        !String::from_utf8_lossy(&o.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let r = records(&o);
    let ids: Vec<&str> = r.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "<urn:uuid:ok1>",
            "<urn:uuid:big>",
            "<urn:uuid:panic>",
            "<urn:uuid:slow>",
            "<urn:uuid:ok2>"
        ]
    );
    assert!(r[1]["error"].as_str().unwrap().contains("--max-bytes"));
    assert!(r[2]["error"].as_str().unwrap().contains("panic"));
    assert!(r[3]["error"].as_str().unwrap().contains("--timeout"));
    assert!(r[4]["text"].as_str().unwrap().contains("Page number 3"));
    assert_counts_add_up(&stats(&st), &r);
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let recs: Vec<Vec<u8>> = (0..400)
        .map(|i| response(&format!("d{i}"), "text/html", page(i).as_bytes()))
        .collect();
    let w = write(dir.path(), "p.warc", &recs.concat());
    let mut child = Command::new(env!("CARGO_BIN_EXE_pith"))
        .args(JUSTEXT_JSONL)
        .arg(w.to_str().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout); // like `| head -c 10`
    assert_quiet_after_closed_pipe(child);
}

/// Ctrl-C (SIGINT) mid-run: the reader stops, the documents already read are finished
/// and written whole, the stats say the run was interrupted, and the exit code is 130.
/// Document 100 sleeps (test hook) until `--timeout`, so the signal surely arrives
/// while the run is going.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_run_between_whole_records() {
    let dir = tempfile::tempdir().unwrap();
    let recs: Vec<Vec<u8>> = (0..300)
        .map(|i| match i {
            100 => response("slow", "text/html", b"<p>PITH_DEBUG_SLEEP</p>"),
            i => response(&format!("d{i}"), "text/html", page(i).as_bytes()),
        })
        .collect();
    let w = write(dir.path(), "c.warc", &recs.concat());
    let st = dir.path().join("c.json");
    let out_path = dir.path().join("out.jsonl");
    let child = Command::new(env!("CARGO_BIN_EXE_pith"))
        .args(JUSTEXT_JSONL)
        .args(["-q", "-j", "1", "--timeout", "5"])
        .args(["--stats", st.to_str().unwrap(), w.to_str().unwrap()])
        .env("PITH_TEST_HOOKS", "1")
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    interrupt(&child);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "a record was cut");
    let recs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is a whole record"))
        .collect();
    assert!(recs.len() < 300, "the run was not stopped");
    for (i, r) in recs.iter().enumerate() {
        let want = if i == 100 {
            "<urn:uuid:slow>".to_string()
        } else {
            format!("<urn:uuid:d{i}>")
        };
        assert_eq!(
            r["id"],
            want.as_str(),
            "records in input order, none skipped"
        );
    }
    let s = stats(&st);
    assert_eq!(s["interrupted"], true, "{s}");
}

/// A stopped `--output-dir` run leaves the input it was reading as `NAME.part`, never a
/// cut file under the output's own name, and says how to go on; the same command with
/// `--resume` leaves out the inputs whose output is whole and writes the others as an
/// uninterrupted run does. In input order and with `--unordered` alike: an input's
/// output takes its name when its last record is written, not when the run ends. With
/// `--gzip` too: the stopped run's `.part` is a whole gzip stream of whole records.
#[test]
fn a_stopped_output_dir_run_is_taken_up_with_resume() {
    let dir = tempfile::tempdir().unwrap();
    let small = |name: &str| -> Vec<u8> {
        (0..3)
            .map(|i| response(&format!("{name}{i}"), "text/html", page(i).as_bytes()))
            .collect::<Vec<_>>()
            .concat()
    };
    let slow: Vec<u8> = (0..300)
        .map(|i| match i {
            100 => response("slow", "text/html", b"<p>PITH_DEBUG_SLEEP</p>"),
            i => response(&format!("b{i}"), "text/html", page(i).as_bytes()),
        })
        .collect::<Vec<_>>()
        .concat();
    let inputs = dir.path().join("in");
    write(&inputs, "a.warc", &small("a"));
    write(&inputs, "b.warc", &slow);
    write(&inputs, "c.warc", &small("c"));
    // An output's records, inflated when gzip.
    let read = |path: &Path| {
        let bytes = std::fs::read(path).unwrap();
        match path.to_string_lossy().contains(".gz") {
            true => records_of(&gunzip(&bytes)),
            false => records_of(&bytes),
        }
    };
    // Records by id: with --unordered they come as they are done.
    let sorted = |path: &Path| {
        let mut records = read(path);
        records.sort_by_key(|r| r["id"].to_string());
        records
    };
    let runs: [&[&str]; 3] = [&[], &["--unordered"], &["--gzip"]];
    for (n, order) in runs.into_iter().enumerate() {
        let gzip = order.contains(&"--gzip");
        let ext = if gzip { "jsonl.gz" } else { "jsonl" };
        let name = |input: &str| format!("{input}.{ext}");
        let out = dir.path().join(format!("out{n}"));
        let run = |out: &Path, extra: &[&str]| {
            let mut command = Command::new(env!("CARGO_BIN_EXE_pith"));
            command
                .args(JUSTEXT_JSONL)
                .args(["-j", "1", "--output-dir", out.to_str().unwrap()])
                .args(order)
                .args(extra)
                .arg(&inputs)
                .env("PITH_TEST_HOOKS", "1");
            command
        };
        let st = dir.path().join(format!("stats{n}.json"));
        let child = run(
            &out,
            &["-q", "--timeout", "5", "--stats", st.to_str().unwrap()],
        )
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
        // Stop it once b's first records are written (the slow one, on the one
        // worker, holds the rest back); a gzip output may hold them in the encoder
        // until it is closed, at the stop.
        let part = out.join(format!("{}.part", name("b")));
        let started = std::time::Instant::now();
        while std::fs::metadata(&part).map_or(true, |m| m.len() == 0 && !gzip) {
            assert!(
                started.elapsed().as_secs() < 25,
                "b.warc's records never came"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        interrupt(&child);
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(130), "{order:?} {err}");
        assert_eq!(
            file_names(&out),
            [name("a"), format!("{}.part", name("b"))],
            "{order:?} {err}"
        );
        assert_eq!(read(&out.join(name("a"))).len(), 3);
        let cut = read(&part);
        assert!(!cut.is_empty() && cut.len() < 300, "{}", cut.len());
        assert!(
            err.contains(&format!("{}.part", name("b"))) && err.contains("--resume"),
            "{err}"
        );
        let s = stats(&st);
        assert_eq!(s["interrupted"], true, "{s}");
        assert_eq!(s["inputs_done"], 1, "only a.warc was done: {s}");
        let part_name = part.display().to_string();
        assert_eq!(
            s["outputs_unfinished"],
            serde_json::json!([part_name]),
            "{s}"
        );
        assert!(s.get("inputs_left_out").is_none(), "no --resume: {s}");

        // Taken up: a.warc is left out (its output is kept as it is), b and c written.
        std::fs::write(out.join(name("a")), "kept\n").unwrap();
        let o = run(&out, &["--timeout", "1", "--resume"]).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(1),
            "the slow record is an error: {err}"
        );
        assert!(err.contains("1 of 3 inputs have their output"), "{err}");
        assert_eq!(file_names(&out), [name("a"), name("b"), name("c")]);
        assert_eq!(
            std::fs::read_to_string(out.join(name("a"))).unwrap(),
            "kept\n"
        );
        let whole = dir.path().join(format!("whole{n}"));
        let o = run(&whole, &["-q", "--timeout", "1"]).output().unwrap();
        assert_eq!(o.status.code(), Some(1));
        for name in [name("b"), name("c")] {
            let (resumed, uninterrupted) = (out.join(&name), whole.join(&name));
            assert_eq!(sorted(&resumed), sorted(&uninterrupted), "{order:?} {name}");
        }
    }
}

/// An input that cannot be read to its end (here a gzip file cut short) keeps its
/// output as `NAME.part`, so `--resume` reads it again; the inputs read whole are left
/// out.
#[test]
fn an_input_that_cannot_be_read_keeps_its_output_unfinished() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    write(&inputs, "a.html", page(1).as_bytes());
    let gz = gzip(page(2).repeat(40).as_bytes());
    write(&inputs, "b.html.gz", &gz[..gz.len() / 2]);
    let out = dir.path().join("out");
    let (out_str, inputs_str) = (out.to_str().unwrap(), inputs.to_str().unwrap());
    let mut args = JUSTEXT_JSONL.to_vec();
    args.extend(["--output-dir", out_str, inputs_str]);
    for resume in [false, true] {
        let mut args = args.clone();
        if resume {
            args.push("--resume");
        }
        let o = pith(&args, None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("b.jsonl.part"), "{err}");
        assert!(
            !resume || err.contains("1 of 2 inputs have their output"),
            "{err}"
        );
        assert_eq!(file_names(&out), ["a.jsonl", "b.jsonl.part"]);
        let recs = records_of(&std::fs::read(out.join("b.jsonl.part")).unwrap());
        assert!(recs[0]["error"].as_str().unwrap().contains("cannot read"));
    }
}

/// An input read to its end that gives no document (a WARC file of metadata records)
/// has an empty output under its own name, like every input done, so `--resume` leaves
/// it out instead of reading it again; `--stats` says what `--resume` left out.
#[test]
fn an_input_without_documents_has_an_empty_output() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    write(
        &inputs,
        "a.warc",
        &response("a", "text/html", page(1).as_bytes()),
    );
    let mut meta = warc_record("warcinfo", "info", "", b"software: test", None);
    meta.extend(response("img", "image/png", b"PNG"));
    write(&inputs, "meta.warc", &meta);
    let out = dir.path().join("out");
    let st = dir.path().join("s.json");
    let mut args = JUSTEXT_JSONL.to_vec();
    args.extend(["--stats", st.to_str().unwrap()]);
    args.extend([
        "--output-dir",
        out.to_str().unwrap(),
        inputs.to_str().unwrap(),
    ]);
    let o = pith(&args, None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(file_names(&out), ["a.jsonl", "meta.jsonl"]);
    assert_eq!(std::fs::read(out.join("meta.jsonl")).unwrap(), b"");
    let s = stats(&st);
    assert_eq!(s["inputs_done"], 2, "{s}");
    assert_eq!(s["outputs_unfinished"], serde_json::json!([]), "{s}");

    args.push("--resume");
    let o = pith(&args, None);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("2 of 2 inputs have their output"), "{err}");
    let s = stats(&st);
    assert_eq!(
        (s["inputs_left_out"].as_u64(), s["inputs_done"].as_u64()),
        (Some(2), Some(0)),
        "{s}"
    );
}

#[test]
fn the_real_warc_samples_are_read_when_present() {
    let Some(root) = pith_testdata::dataset("warc") else {
        return;
    };
    let quirk = root.join("clueweb09-ja-quirk.warc.gz");
    let dir = tempfile::tempdir().unwrap();
    let st = dir.path().join("s.json");
    let o = extract_jsonl(&["-s", "none"], &st, &quirk);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = records(&o);
    let s = stats(&st);
    assert_eq!(s["extracted"], 29);
    assert_eq!(s["skipped_by_reason"]["warcinfo"], 1);
    assert!(r.iter().all(|r| r["encoding"] == "euc_jp"));
    assert!(r.iter().any(|r| r["text"]
        .as_str()
        .unwrap()
        .chars()
        .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c))));
    let cc = root.join("cc-main-2020-34-sample.warc.gz");
    let o = extract_jsonl(&[], &st, &cc);
    assert!(o.status.success());
    let s = stats(&st);
    assert_eq!(
        (s["extracted"].as_u64(), s["skipped"].as_u64()),
        (Some(16), Some(34))
    );
}

/// `pith … 2>&1 | head -1` (issue 14, bug 1): stdout and stderr are one closed pipe;
/// before the fix the summary line's `eprintln!` panicked (exit 101). Run through bash
/// to get the pipeline exactly as a user writes it; 400 records overflow the pipe
/// buffer, so the pipe surely closes while pith writes.
#[cfg(unix)]
#[test]
fn a_closed_stderr_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let recs: Vec<Vec<u8>> = (0..400)
        .map(|i| response(&format!("d{i}"), "text/html", page(i).as_bytes()))
        .collect();
    let w = write(dir.path(), "p.warc", &recs.concat());
    let pith = env!("CARGO_BIN_EXE_pith");
    let w = w.to_str().unwrap();
    // Corpus mode: the summary line after the closed output.
    let script = format!(
        "'{pith}' extract --preset justext --format jsonl '{w}' 2>&1 | head -1 >/dev/null; echo ${{PIPESTATUS[0]}}"
    );
    let o = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "0");
    // Per-document error lines on a closed stderr (stdout elsewhere): 300 missing files.
    let missing: Vec<String> = (0..300)
        .map(|i| format!("'{}/missing-{i}.html'", dir.path().display()))
        .collect();
    let script = format!(
        "'{pith}' extract --preset justext --format text {} 2>&1 >/dev/null | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}",
        missing.join(" ")
    );
    let o = Command::new("bash").args(["-c", &script]).output().unwrap();
    // Exit 1 (documents failed), not 101 (a panic) nor 130 (an interrupt).
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "1");
}

/// A gzip file of 200 KB inflating to 200 MiB (issue 14, bug 3): past the default
/// 64 MiB cap it is an error record naming the limit, the reader stops inflating
/// there, and the next input is still extracted. The same cap holds inside JSONL
/// (`--max-bytes` on a `.jsonl.gz` line) and is overridable. Before the fix the bomb
/// was read whole and "extracted".
#[test]
fn a_decompression_bomb_is_an_error_record_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = GzEncoder::new(Vec::new(), Compression::fast());
    e.write_all(b"<html><body><p>").unwrap();
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..200 {
        e.write_all(&zeros).unwrap();
    }
    let bomb = write(dir.path(), "a-bomb.html.gz", &e.finish().unwrap());
    let good = write(dir.path(), "b-good.html", page(1).as_bytes());
    let st = dir.path().join("s.json");
    let o = jsonl(
        &[
            "--stats",
            st.to_str().unwrap(),
            bomb.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let r = records(&o);
    assert_eq!(r.len(), 2);
    let err = r[0]["error"].as_str().unwrap();
    assert!(
        err.contains("--max-bytes 67108864 (64 MiB) once decompressed"),
        "{err}"
    );
    assert!(r[1]["text"].as_str().unwrap().contains("Page number 1"));
    assert_counts_add_up(&stats(&st), &r);
    // The bytes counted are those of the documents given to the pipeline: not the bomb.
    assert!(stats(&st)["bytes"].as_u64().unwrap() < 10_000);

    // --max-bytes overrides the default: the good page is now too large as well.
    let o = jsonl(&["--max-bytes", "100", good.to_str().unwrap()], None);
    assert!(records(&o)[0]["error"]
        .as_str()
        .unwrap()
        .contains("larger than --max-bytes 100; not read further"));

    // JSONL inside gzip: a long line is an error record, the next line is read.
    let mut lines = format!("{{\"html\":\"<p>{}</p>\"}}\n", "x".repeat(300_000)).into_bytes();
    lines.extend_from_slice(format!("{{\"html\":{:?}}}\n", page(2)).as_bytes());
    let j = write(dir.path(), "c.jsonl.gz", &gzip(&lines));
    let o = jsonl(&["--max-bytes", "100000", j.to_str().unwrap()], None);
    let r = records(&o);
    assert!(r[0]["error"]
        .as_str()
        .unwrap()
        .contains("--max-bytes 100000"));
    assert!(r[1]["text"].as_str().unwrap().contains("Page number 2"));
}

/// Issue 14, bug 4: a directory yields its HTML, WARC and JSONL files by name; the
/// others are skipped and counted, and a binary file (NUL bytes, no markup) is skipped
/// as such, not "extracted". Before the fix every file gave a record. In a per-page
/// format stderr says why inputs were skipped, and how to read files of other names.
#[test]
fn directories_take_input_files_by_name_and_skip_binary_ones() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    write(dir.path(), "a.html", page(1).as_bytes());
    write(dir.path(), "b.HTM", page(2).as_bytes());
    write(dir.path(), "sub/c.html.gz", &gzip(page(3).as_bytes()));
    write(
        dir.path(),
        "d.warc",
        &response("d", "text/html", page(4).as_bytes()),
    );
    write(dir.path(), "README.md", b"# not a page");
    write(dir.path(), "gold.txt", b"gold text");
    write(dir.path(), "meta.json", b"{}");
    write(dir.path(), "e.html", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0");
    let st = dir.path().join("stats.json");
    let o = extract_jsonl(&[], &st, dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = records(&o);
    let texts: Vec<&str> = r.iter().map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 4, "{texts:?}");
    // Sorted by path: a.html, b.HTM, d.warc, sub/c.html.gz.
    for (t, n) in texts.iter().zip([1, 2, 4, 3]) {
        assert!(t.contains(&format!("Page number {n}")), "{t}");
    }
    let s = stats(&dir.path().join("stats.json"));
    assert_counts_add_up(&s, &r);
    // stats.json is written after the directory is read: not counted.
    assert_eq!(s["skipped_by_reason"]["not-an-input-name"], 3);
    assert_eq!(s["skipped_by_reason"]["binary"], 1);
    // In a per-page format the skips are reported on stderr (stats.json is one now).
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "text",
            dir.path().to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "pith: skipped 5 inputs: 1 binary, 4 not named like HTML, WARC or JSON Lines \
             (--glob '*' reads every file)\n"
        ),
        "{err}"
    );
    // WARC records that are no pages are named as such.
    let warc = tempfile::tempdir().unwrap();
    let a = write(warc.path(), "a.warc", &sample_records(1).concat());
    let o = pith(
        &["extract", "--preset", "justext", a.to_str().unwrap()],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("pith: skipped 3 inputs that are not HTML pages: "),
        "{err}"
    );
    // A named input format takes the directory's files named for it: with `warc`, the
    // WARC file alone, not the pages read as broken WARC files (Python's `read_warc`
    // on a folder gave an error record for every page).
    let st = dir.path().join("stats-warc.json");
    let o = extract_jsonl(&["--input-format", "warc"], &st, dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = records(&o);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0]["text"].as_str().unwrap().contains("Page number 4"));
    let s = stats(&st);
    // The four pages, the three other files and the first run's stats.json.
    assert_eq!(s["skipped_by_reason"]["not-an-input-name"], 8, "{s}");
}

/// Issue 14, bug 5: a directory (or `--glob`) that yields nothing says so on stderr and
/// the exit code is not 0. Before the fix: no output, exit 0. When it holds files of
/// other names, the message says how to read them.
#[test]
fn a_directory_that_yields_nothing_says_so_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", b"nothing here");
    let d = dir.path().to_str().unwrap();
    for args in [
        vec!["extract", "--preset", "justext", "--format", "text", d],
        vec![
            "extract", "--preset", "justext", "--format", "jsonl", "-q", d,
        ],
        vec!["extract", "--preset", "justext", "--glob", "*.html", d],
    ] {
        let o = pith(&args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(d) && err.contains("nothing to read"), "{err}");
        // Without --glob, the way to read files of other names.
        let globbed = args.contains(&"--glob");
        assert_eq!(
            err.contains("--glob '*' reads every file"),
            !globbed,
            "{err}"
        );
    }
    let empty = tempfile::tempdir().unwrap();
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            empty.path().to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("0 files") && !err.contains("--glob"), "{err}");
}

/// A directory walk follows symbolic links but reads each file once: a link back to a
/// directory above it is not walked again (before: 41 records of one page, until the
/// path grew too long), and a file reached through a second link is counted, not read
/// twice.
#[cfg(unix)]
#[test]
fn a_directory_walk_reads_each_file_once_whatever_its_links() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("d/sub")).unwrap();
    std::fs::create_dir_all(dir.path().join("other")).unwrap();
    write(dir.path(), "d/a.html", page(1).as_bytes());
    write(dir.path(), "other/b.html", page(2).as_bytes());
    symlink("..", dir.path().join("d/sub/up")).unwrap();
    symlink("../../other", dir.path().join("d/sub/other")).unwrap();
    symlink("../other", dir.path().join("d/other-again")).unwrap();
    symlink("nowhere.html", dir.path().join("d/broken-link.txt")).unwrap();
    let st = dir.path().join("stats.json");
    let o = extract_jsonl(&[], &st, &dir.path().join("d"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = records(&o);
    let texts: Vec<&str> = r.iter().map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts[0].contains("Page number 1") && texts[1].contains("Page number 2"));
    let s = stats(&st);
    assert_counts_add_up(&s, &r);
    assert_eq!(s["skipped_by_reason"]["symlink-loop"], 1, "{s}");
    assert_eq!(s["skipped_by_reason"]["same-file-again"], 1, "{s}");
    assert_eq!(s["skipped_by_reason"]["not-an-input-name"], 1, "{s}");
}

/// A binary file named on the command line (an image, a PDF) is an error record naming
/// it, and the exit code says so; before, it was only counted among the skipped, with
/// no name. Found in a directory, it is still skipped and counted.
#[test]
fn a_binary_file_named_on_the_command_line_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let png = write(
        dir.path(),
        "photo.png",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0",
    );
    let o = jsonl(&[png.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let r = records(&o);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["id"], png.to_str().unwrap());
    assert!(r[0]["error"].as_str().unwrap().contains("binary"), "{r:?}");
    let o = pith(
        &["extract", "--preset", "justext", png.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("photo.png") && err.contains("not an HTML page"),
        "{err}"
    );
}

/// A WARC response labelled `text/html` whose payload is a PDF or an executable (served
/// with the wrong type, or gzipped as its header says) is an error record naming it,
/// not the bytes decoded as "text"; the pages around it are extracted.
#[test]
fn a_binary_payload_labelled_html_is_an_error_record() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = b"%PDF-1.5\n%\xd0\xd4\xc5\xd8\n1 0 obj\n<< /Length 9 /Filter /FlateDecode >>\nstream\nx\x9c\x01\x02\x03\nendstream\nendobj\n";
    let mut elf = b"\x7fELF\x02\x01\x01".to_vec();
    elf.resize(64, 0);
    elf.extend_from_slice(b"<p>a string in a program</p>\0");
    let mut gzipped =
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n".to_vec();
    gzipped.extend_from_slice(&gzip(&elf));
    let mut warc = response("before", "text/html", page(1).as_bytes());
    warc.extend(response("pdf", "text/html; charset=utf-8", pdf));
    warc.extend(warc_record(
        "response",
        "elf",
        "http://example.com/elf",
        &gzipped,
        None,
    ));
    warc.extend(response("after", "text/html", page(2).as_bytes()));
    let w = write(dir.path(), "mixed.warc", &warc);
    let st = dir.path().join("s.json");
    let o = extract_jsonl(&[], &st, &w);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let r = records(&o);
    assert_eq!(r.len(), 4, "{r:?}");
    assert!(r[0]["text"].as_str().unwrap().contains("Page number 1"));
    assert!(r[3]["text"].as_str().unwrap().contains("Page number 2"));
    let pdf_error = r[1]["error"].as_str().unwrap();
    assert!(pdf_error.contains("application/pdf"), "{pdf_error}");
    assert_eq!(r[1]["url"], "http://example.com/pdf");
    let elf_error = r[2]["error"].as_str().unwrap();
    assert!(
        elf_error.contains("application/x-executable"),
        "{elf_error}"
    );
    assert_counts_add_up(&stats(&st), &r);
}

/// A WARC `conversion` record of `content_type` (a WET file's are `text/plain`).
fn conversion(id: &str, content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut rec = format!(
        "WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Record-ID: <urn:uuid:{id}>\r\n\
         WARC-Target-URI: http://example.com/{id}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    rec.extend_from_slice(body);
    rec.extend_from_slice(b"\r\n\r\n");
    rec
}

/// The `warcinfo` record that opens Common Crawl's WET and WAT files.
fn common_crawl_warcinfo() -> Vec<u8> {
    let info = b"Software-Info: ia-web-commons";
    warc_record("warcinfo", "info", "", info, None)
}

/// What a run over `input` that succeeds and writes no record says on stderr.
fn stderr_of_a_run_with_no_record(stats: &Path, input: &Path) -> String {
    let o = extract_jsonl(&[], stats, input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A WAT file (Common Crawl's metadata: `metadata` records of JSON) gives no page either;
/// the run says so, even with `--quiet`. A WARC whose metadata records sit beside its
/// responses gives no hint, and neither does one with other records skipped too.
#[test]
fn a_wat_file_says_to_give_the_warc_files() {
    let dir = tempfile::tempdir().unwrap();
    let json = br#"{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response"}}}"#;
    let mut wat = common_crawl_warcinfo();
    for id in ["m1", "m2"] {
        wat.extend(warc_record("metadata", id, "", json, None));
    }
    let w = write(dir.path(), "CC-MAIN-x.warc.wat", &wat);
    let st = dir.path().join("s.json");
    let err = stderr_of_a_run_with_no_record(&st, &w);
    assert!(
        err.contains("2 WARC metadata records") && err.contains("WAT file"),
        "{err}"
    );
    // Beside a page, or beside a request, the metadata records are no WAT file.
    let mut warc = wat.clone();
    warc.extend(response("r", "text/html", page(1).as_bytes()));
    let mut requests = wat;
    requests.extend(warc_record("request", "q", "", b"GET / HTTP/1.1", None));
    for (name, bytes) in [("with-page.warc", warc), ("with-request.warc", requests)] {
        let o = extract_jsonl(&[], &st, &write(dir.path(), name, &bytes));
        assert!(o.status.success());
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("WAT"),
            "{name}"
        );
    }
}

/// A WET file (Common Crawl's text extracts: `conversion` records of plain text) gives
/// no page; the run says why and what to give instead, even with `--quiet`, and counts
/// the records as `text-conversion`. A WARC whose conversion records hold HTML is read.
#[test]
fn a_wet_file_says_to_give_the_warc_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut wet = common_crawl_warcinfo();
    wet.extend(conversion("t1", "text/plain", b"The text of one page."));
    wet.extend(conversion("t2", "text/plain", b"Another page's text."));
    let w = write(dir.path(), "CC-MAIN-x.warc.wet", &wet);
    let st = dir.path().join("s.json");
    let err = stderr_of_a_run_with_no_record(&st, &w);
    assert!(
        err.contains("2 WARC conversion records") && err.contains("WET"),
        "{err}"
    );
    assert_eq!(stats(&st)["skipped_by_reason"]["text-conversion"], 2);
    // Conversion records that hold HTML are pages, and no hint is given.
    let h = write(
        dir.path(),
        "converted.warc",
        &conversion("h", "text/html", page(3).as_bytes()),
    );
    let o = extract_jsonl(&[], &st, &h);
    assert!(o.status.success());
    assert_eq!(records(&o).len(), 1);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("WET"));
}
