//! Page metadata in corpus records: `title`, `canonical_url` (the page's canonical link
//! resolved against the WARC-Target-URI, or that URI) and `word_count`, the same for
//! every preset (the metadata reader runs before the tree stages, which may delete the
//! whole `<head>`).

use std::path::{Path, PathBuf};

use pith_corpus::{read_inputs, record, InputOptions, Item, Record, RecordOptions};
use serde_json::Value;

const BODY: &str = "<p>When the members of the council met on Tuesday evening, most of them \
said that they had not been told about the plan before it was announced, and several of them \
asked why the public had not been given more time to respond to it.</p>\
<ul><li><a href='/'>Home</a></li><li><a href='/b'>News</a></li></ul>";

fn page(head: &str) -> String {
    format!("<!DOCTYPE html><html><head>{head}</head><body>{BODY}</body></html>")
}

fn response(id: &str, url: &str, html: &str) -> Vec<u8> {
    let block = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n{html}");
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{id}>\r\n\
         WARC-Target-URI: {url}\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n\
         Content-Length: {}\r\n\r\n",
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

/// The records of `paths` through `preset`, as JSON.
fn records(paths: &[PathBuf], preset: &str) -> Vec<Value> {
    let pipeline = pith::preset(preset).unwrap();
    read_inputs(paths, InputOptions::default())
        .filter_map(|item| match item {
            Item::Doc(doc) => Some(record(&pipeline, &doc, &RecordOptions::default())),
            _ => None,
        })
        .map(|r: Record| serde_json::from_slice(&r.to_json_line()).unwrap())
        .collect()
}

#[test]
fn warc_records_resolve_the_canonical_link_against_the_target_uri() {
    let dir = tempfile::tempdir().unwrap();
    let mut warc = response(
        "a",
        "https://example.com/news/2024/story.html?ref=rss",
        &page("<title>Council  meets\n</title><link rel=canonical href='../story'>"),
    );
    warc.extend(response(
        "b",
        "https://example.com/b",
        &page("<title>B</title>"),
    ));
    let w = write(dir.path(), "x.warc", &warc);
    let recs = records(&[w], "justext");
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["title"], "Council meets");
    assert_eq!(recs[0]["canonical_url"], "https://example.com/news/story");
    // No canonical link: the URL the page was fetched from.
    assert_eq!(recs[1]["canonical_url"], "https://example.com/b");
    for r in &recs {
        let text = r["text"].as_str().unwrap();
        assert!(text.starts_with("When the members"), "{r}");
        let words = text.split_whitespace().count() as u64;
        assert_eq!(r["word_count"].as_u64(), Some(words));
    }
}

#[test]
fn files_give_the_same_metadata_with_every_preset() {
    let dir = tempfile::tempdir().unwrap();
    let head = "<meta charset=utf-8><title>A &amp; B</title>\
                <link rel='stylesheet' href='s.css'><link rel='canonical' href='https://e.org/a-b'>";
    let f = write(dir.path(), "p.html", page(head).as_bytes());
    let bare = write(dir.path(), "q.html", BODY.as_bytes());
    for preset in pith::presets() {
        let recs = records(&[f.clone(), bare.clone()], preset.name);
        assert_eq!(recs[0]["title"], "A & B", "{}", preset.name);
        assert_eq!(
            recs[0]["canonical_url"], "https://e.org/a-b",
            "{}",
            preset.name
        );
        // A page without them has neither field.
        assert!(recs[1].get("title").is_none() && recs[1].get("canonical_url").is_none());
        assert!(recs[1]["word_count"].as_u64().is_some());
    }
}

#[test]
fn a_chinese_or_japanese_page_counts_a_word_per_character() {
    // Few spaces: whitespace alone would count each sentence as one word, and a length
    // filter (`word_count >= 50`) would drop the page.
    let sentence = "北京市政府今天宣布，新的地铁线路将于明年春天正式开通运营。";
    let html = format!(
        "<!DOCTYPE html><html lang=zh><head><meta charset=utf-8><title>地铁</title></head>\
         <body><article><p>{}</p><p>{} 2024 Beijing.</p></article></body></html>",
        sentence.repeat(3),
        sentence.repeat(2)
    );
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "zh.html", html.as_bytes());
    for preset in ["pith", "declutter"] {
        let recs = records(std::slice::from_ref(&f), preset);
        let text = recs[0]["text"].as_str().unwrap();
        assert!(text.contains(sentence), "{preset}: {text}");
        // Every Han character a word, the punctuation none, the Latin and digit tokens
        // one each.
        let han = text
            .chars()
            .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
            .count();
        let others = text
            .split_whitespace()
            .filter(|t| {
                !t.chars()
                    .any(|c| ('\u{3000}'..='\u{9fff}').contains(&c) || c == '，')
            })
            .count();
        assert!(han > 50, "{preset}: {han}");
        assert_eq!(
            recs[0]["word_count"].as_u64(),
            Some((han + others) as u64),
            "{preset}"
        );
    }
}
