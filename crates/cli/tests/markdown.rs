//! `pith extract --format markdown` end to end: the justext preset's good blocks with
//! their shapes (the constructs themselves are golden-tested in `crates/pith`).

use std::path::Path;

use serde_json::{json, Value};

use crate::common;
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

/// A code block keeps its lines and indentation with the `pith` preset (whose
/// segmenter keeps preformatted text as written), in Markdown, text and corpus
/// records; before, it came out as one line (`def main(): for i in …`).
#[test]
fn code_blocks_keep_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let words = "A loop runs the same code for every item of a sequence, and this is how one \
                 writes a simple loop in the Python language, which most readers know well.";
    let page = format!(
        "<html><body><article><h1>Loops</h1><p>{words}</p>\
         <pre><code>def main():\n    for i in range(3):\n        print(i)\n</code></pre>\
         <p>{words}</p></article></body></html>"
    );
    let input = common::write(dir.path(), "code.html", page.as_bytes());
    let run = |format: &str| {
        let o = pith(
            &["extract", "--format", format, "-q", input.to_str().unwrap()],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let code = "def main():\n    for i in range(3):\n        print(i)";
    assert!(
        run("markdown").contains(&format!("```\n{code}\n```")),
        "{}",
        run("markdown")
    );
    assert!(run("text").contains(code), "{}", run("text"));
    let record: serde_json::Value = serde_json::from_str(run("jsonl").trim()).unwrap();
    assert!(record["text"].as_str().unwrap().contains(code), "{record}");
}

/// `--no-headings` (no block is a heading) holds in Markdown and HTML too; before,
/// only the reference's formats dropped the `<h>`, and Markdown still wrote `#`.
#[test]
fn no_headings_holds_in_markdown_and_html() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sample.html");
    for (format, heading) in [("markdown", "\n# "), ("html", "<h1>")] {
        let run = |extra: &[&str]| {
            let mut args = vec!["extract", "--format", format, sample];
            args.extend_from_slice(extra);
            String::from_utf8(pith(&args, None).stdout).unwrap()
        };
        assert!(format!("\n{}", run(&[])).contains(heading), "{format}");
        let flat = run(&["--no-headings"]);
        assert!(!format!("\n{flat}").contains(heading), "{format}: {flat}");
        assert!(
            flat.contains("River town rebuilds its old footbridge"),
            "{flat}"
        );
    }
}

/// A news article with a data table of standings (which every preset keeps).
fn standings_page() -> String {
    let words = "Kyle Busch kept his lead in the standings after a race in Texas on Sunday \
                 that saw three of the four leading drivers finish in the top ten, while the \
                 fourth retired after a crash on the final lap of the race.";
    format!(
        "<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article>\
         <h1>Busch keeps the lead after Texas</h1><p>{words}</p>\
         <table><thead><tr><th>Pos.</th><th>Driver</th><th>Points</th><th>Wins</th></tr></thead>\
         <tbody><tr><td>1</td><td>Kyle Busch</td><td>5040</td><td>5</td></tr>\
         <tr><td>2</td><td>Martin Truex Jr.</td><td>5035</td><td>7</td></tr>\
         <tr><td>3</td><td>Kevin Harvick</td><td>5033</td><td>4</td></tr></tbody></table>\
         <p>{words}</p></article><footer>Copyright 2024</footer></body></html>"
    )
}

/// A data table in the article is a Markdown table (and a table in the html page of
/// kept blocks) with the default preset and with `justext`; before, each cell was a
/// paragraph of its own ("Pos.", "Driver", …).
#[test]
fn a_data_table_is_a_markdown_table() {
    let dir = tempfile::tempdir().unwrap();
    let input = common::write(dir.path(), "table.html", standings_page().as_bytes());
    for preset in ["pith", "justext"] {
        let o = pith(
            &[
                "extract",
                "--preset",
                preset,
                "--format",
                "markdown",
                "-q",
                input.to_str().unwrap(),
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let md = String::from_utf8(o.stdout).unwrap();
        let table = "\n\n| Pos. | Driver | Points | Wins |\n| --- | --- | --- | --- |\n\
                     | 1 | Kyle Busch | 5040 | 5 |\n| 2 | Martin Truex Jr. | 5035 | 7 |\n\
                     | 3 | Kevin Harvick | 5033 | 4 |\n\n";
        assert!(md.contains(table), "{preset}:\n{md}");
        // The html page of kept blocks has the table too.
        let o = pith(
            &[
                "extract",
                "--preset",
                preset,
                "--format",
                "html",
                "-q",
                input.to_str().unwrap(),
            ],
            None,
        );
        let html = String::from_utf8(o.stdout).unwrap();
        assert!(
            html.contains(
                "<table><thead><tr><th>Pos.</th><th>Driver</th><th>Points</th><th>Wins</th>\
                 </tr></thead><tbody><tr><td>1</td><td>Kyle Busch</td><td>5040</td>"
            ),
            "{preset}:\n{html}"
        );
    }
}

/// `<ol start="4">` is numbered from 4 with the default preset, which parses lean (only
/// the attributes its stages read, and those Markdown reads), in `--format markdown`
/// and in a record's `markdown`; before, it was renumbered from 1.
#[test]
fn an_ordered_list_is_numbered_from_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let page = "<html><body><article><h1>A plain sponge cake</h1>\
        <p>This is the cake that my grandmother made for every birthday in the family, and \
        it is still the one that all of us ask for when there is something to celebrate.</p>\
        <ol start=\"4\"><li>Whisk the eggs with the sugar for a good five minutes, until \
        the mixture is pale and thick enough to hold a trail from the whisk.</li>\
        <li>Sift the flour over the eggs and fold it in with a large metal spoon, taking \
        care not to knock out the air that you have just beaten into them.</li></ol>\
        </article></body></html>";
    let input = common::write(dir.path(), "recipe.html", page.as_bytes());
    let md = extract(&["--preset", "pith", "--format", "markdown"], &[&input]);
    assert!(
        md.contains("\n\n4. Whisk the eggs") && md.contains("\n5. Sift the flour"),
        "{md}"
    );
    let [rec] = records(&["--preset", "pith", "--markdown"], &[&input])
        .try_into()
        .unwrap();
    assert_eq!(rec["markdown"], md);
}

/// Inline code, strong, emphasis and strikethrough are marked in `--format markdown`
/// and a record's `markdown` with the default preset, while the record's `text` stays
/// the page's words; before, `<code>foo()</code>` came out as `foo()`.
#[test]
fn inline_code_and_emphasis_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let page = "<html><body><article><h1>Stopping a runaway job</h1>\
        <p>When a job will not stop on its own, call <code>job.stop()</code> from the \
        console, and <strong>really</strong> wait for it to finish before you start \
        another one, <em>however long</em> that takes, <del>or kill it</del> on a busy \
        machine where other people work too.</p></article></body></html>";
    let input = common::write(dir.path(), "job.html", page.as_bytes());
    let md = extract(&["--format", "markdown"], &[&input]);
    let paragraph = "When a job will not stop on its own, call `job.stop()` from the console, \
        and **really** wait for it to finish before you start another one, *however long* \
        that takes, ~~or kill it~~ on a busy machine where other people work too.";
    assert!(md.contains(paragraph), "{md}");
    let [rec] = records(&["--markdown"], &[&input]).try_into().unwrap();
    assert_eq!(rec["markdown"], md);
    let text = rec["text"].as_str().unwrap();
    assert!(
        text.contains("call job.stop() from the console, and really wait"),
        "{text}"
    );
}

/// An `<li>` of two paragraphs is one item of two paragraphs, so the list keeps its
/// numbers, and a code block's fence names the language its class names, with the
/// default preset and with `declutter`, in `--format markdown` and in a record's
/// `markdown`; before, the second paragraph was item 2 (every later item one number
/// too high) and the fence named nothing (the newcomer's audit).
#[test]
fn an_item_keeps_its_paragraphs_and_code_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let page = "<html><body><article><h1>Installing the tool</h1>\
        <p>These are the steps we followed to install the tool on a fresh machine, with \
        the problems we met on the way and how we solved each one of them.</p><ol>\
        <li><p>Download the archive from the project's release page and check its \
        signature against the key that the project publishes.</p><p>The key is on the \
        project's own site; do not take it from a mirror or from a search result.</p></li>\
        <li><p>Unpack the archive into a directory of its own and run the configure \
        script that you find at the top of that directory.</p></li></ol>\
        <pre><code class=\"language-sh\">make\nmake install</code></pre>\
        <p>After that the tool was ready, and we could start the real work of the \
        project at last, which took the rest of the week and most of the next.</p>\
        </article></body></html>";
    let input = common::write(dir.path(), "install.html", page.as_bytes());
    for preset in ["pith", "declutter"] {
        let md = extract(&["--preset", preset, "--format", "markdown"], &[&input]);
        assert!(
            md.contains("\n\n1. Download the archive")
                && md.contains("key that the project publishes.\n\n   The key is on")
                && md.contains("search result.\n2. Unpack the archive"),
            "{preset}: {md}"
        );
        assert!(
            md.contains("\n```sh\nmake\nmake install\n```\n"),
            "{preset}: {md}"
        );
        let [rec] = records(&["--preset", preset, "--markdown"], &[&input])
            .try_into()
            .unwrap();
        assert_eq!(rec["markdown"], md);
    }
}

/// `pith extract` with `args` on `inputs`, quietly; its stdout (exit code 0 or 1).
fn extract(args: &[&str], inputs: &[&Path]) -> String {
    let mut all = vec!["extract", "-q"];
    all.extend_from_slice(args);
    all.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    let o = pith(&all, None);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{all:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The corpus records `pith extract --format jsonl ARGS` writes for `inputs`.
fn records(args: &[&str], inputs: &[&Path]) -> Vec<Value> {
    let mut all = vec!["--format", "jsonl"];
    all.extend_from_slice(args);
    (extract(&all, inputs).lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// `--markdown` adds a `markdown` field holding exactly what `--format markdown`
/// writes for the page, data tables included, with the default preset and `justext`;
/// the rest of the record is the record without `--markdown`, which has no such field.
#[test]
fn a_record_markdown_is_what_format_markdown_writes() {
    let dir = tempfile::tempdir().unwrap();
    let table = common::write(dir.path(), "table.html", standings_page().as_bytes());
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/sample.html");
    for preset in ["pith", "justext"] {
        for input in [table.as_path(), sample.as_path()] {
            let md = extract(&["--preset", preset, "--format", "markdown"], &[input]);
            let [mut with] = records(&["--preset", preset, "--markdown"], &[input])
                .try_into()
                .unwrap();
            let [without] = records(&["--preset", preset], &[input]).try_into().unwrap();
            assert_eq!(with["markdown"], md, "{preset} {}", input.display());
            assert!(without.get("markdown").is_none(), "{without}");
            with.as_object_mut().unwrap().remove("markdown");
            assert_eq!(with, without);
        }
        let [rec] = records(&["--preset", preset, "--markdown"], &[&table])
            .try_into()
            .unwrap();
        let md = rec["markdown"].as_str().unwrap();
        assert!(
            md.contains("| 1 | Kyle Busch | 5040 | 5 |\n"),
            "{preset}: {md}"
        );
    }
}

/// A page of one paragraph with links, relative and absolute, and a relative base.
const LINKED_PAGE: &str = "<html><head><base href='docs/'></head><body><p>The quick \
    brown fox jumps over the lazy dog, as the <a href='guide.html'>user guide</a> \
    explains at length, and then reads <a href='https://example.org/more'>more of it</a> \
    in the evening, which is what the fox does every single day of the week.</p></body></html>";

/// `--links` writes Markdown's links as `[text](url)`, resolved against a JSON Lines
/// line's `url` through the page's `<base>`, the same in `--format markdown` and in a
/// record's `markdown`; a file's relative links stay as written; without `--links`
/// links are text.
#[test]
fn links_are_resolved_against_the_page_url() {
    let dir = tempfile::tempdir().unwrap();
    let line = json!({"url": "https://site.example/a/page.html", "html": LINKED_PAGE});
    let jsonl = common::write(dir.path(), "pages.jsonl", format!("{line}\n").as_bytes());
    let file = common::write(dir.path(), "page.html", LINKED_PAGE.as_bytes());
    let guide = "[user guide](https://site.example/a/docs/guide.html)";
    let more = "[more of it](https://example.org/more)";
    let [rec] = records(&["--markdown", "--links"], &[&jsonl])
        .try_into()
        .unwrap();
    let md = rec["markdown"].as_str().unwrap();
    assert!(md.contains(guide) && md.contains(more), "{md}");
    // Only the Markdown has links: the text is the same.
    let [plain] = records(&["--markdown"], &[&jsonl]).try_into().unwrap();
    assert_eq!(rec["text"], plain["text"]);
    assert!(
        !plain["markdown"].as_str().unwrap().contains("]("),
        "{plain}"
    );
    let page = extract(&["--format", "markdown", "--links"], &[&jsonl]);
    assert!(page.contains(guide) && page.contains(more), "{page}");
    let from_file = extract(&["--format", "markdown", "--links"], &[&file]);
    assert!(
        from_file.contains("[user guide](guide.html)") && from_file.contains(more),
        "{from_file}"
    );
}

/// `--format html --links` writes the same links as `<a href>`, resolved the same way
/// (a JSON Lines line's `url`, the page's `<base>`); without `--links` the page of kept
/// blocks has no link, and its text is the same.
#[test]
fn html_keeps_links_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let line = json!({"url": "https://site.example/a/page.html", "html": LINKED_PAGE});
    let jsonl = common::write(dir.path(), "pages.jsonl", format!("{line}\n").as_bytes());
    let page = extract(&["--format", "html", "--links"], &[&jsonl]);
    assert!(
        page.contains("<a href=\"https://site.example/a/docs/guide.html\">user guide</a>")
            && page.contains("<a href=\"https://example.org/more\">more of it</a>"),
        "{page}"
    );
    let plain = extract(&["--format", "html"], &[&jsonl]);
    assert!(!plain.contains("<a "), "{plain}");
    let strip = |html: &str| {
        let without_links = html.replace("</a>", "");
        let mut text = String::new();
        let mut rest = without_links.as_str();
        while let Some(at) = rest.find("<a href=") {
            text.push_str(&rest[..at]);
            rest = &rest[at + rest[at..].find('>').unwrap() + 1..];
        }
        text + rest
    };
    assert_eq!(strip(&page), plain);
}

/// A page of two paragraphs with a photo between them, an icon, and a logo in the
/// menu above them.
const IMAGE_PAGE: &str = "<html><body><nav><a href='/'><img src='/logo.png' \
    alt='Logo'></a> <a href='/a'>Home</a> <a href='/b'>About</a></nav><p>The quick brown \
    fox jumps over the lazy dog, and this is the sort of sentence that is full of the words \
    which we would call stop words in English, as it has to be long enough.</p>\
    <img src='photos/fox.jpg' alt='A fox [in the snow]'><img src='icon.png' width='16'>\
    <p>The lazy dog did not move at all, which is the sort of thing that lazy dogs do when \
    a fox jumps over them in the morning, and the fox went on its way.</p></body></html>";

/// `--images` writes the photo between the two kept paragraphs, resolved against a
/// JSON Lines line's `url`, as `![alt](src)` in `--format markdown` and a record's
/// `markdown`, and as `<img>` in `--format html`; not the icon, nor the menu's logo;
/// without `--images` there is none, and the text is the same.
#[test]
fn images_are_written_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let line = json!({"url": "https://site.example/a/page.html", "html": IMAGE_PAGE});
    let jsonl = common::write(dir.path(), "pages.jsonl", format!("{line}\n").as_bytes());
    let photo = "![A fox \\[in the snow\\]](https://site.example/a/photos/fox.jpg)";
    let md = extract(&["--format", "markdown", "--images"], &[&jsonl]);
    assert!(
        md.contains(&format!(
            "English, as it has to be long enough.\n\n{photo}\n\nThe lazy"
        )),
        "{md}"
    );
    assert_eq!(md.matches("![").count(), 1, "{md}");
    let [rec] = records(&["--markdown", "--images"], &[&jsonl])
        .try_into()
        .unwrap();
    // The page's Markdown after the input's header line.
    let rec_md = rec["markdown"].as_str().unwrap();
    assert!(
        md.ends_with(rec_md) && md.matches("![").count() == 1,
        "{rec}"
    );
    let [plain] = records(&["--markdown"], &[&jsonl]).try_into().unwrap();
    assert_eq!(rec["text"], plain["text"]);
    let plain_md = plain["markdown"].as_str().unwrap();
    assert_eq!(rec_md.replace(&format!("{photo}\n\n"), ""), plain_md);
    let html = extract(&["--format", "html", "--images"], &[&jsonl]);
    let img =
        "<p><img src=\"https://site.example/a/photos/fox.jpg\" alt=\"A fox [in the snow]\"></p>\n";
    assert!(html.contains(img), "{html}");
    assert_eq!(html.matches("<img").count(), 1, "{html}");
    assert_eq!(
        html.replace(img, ""),
        extract(&["--format", "html"], &[&jsonl])
    );
}

/// A lazy image whose source is only in the `<noscript>` after it (a placeholder in
/// `src`) is written with that source, once, by the presets whose tree stages delete
/// `<noscript>` (so that their parse skips its content without `--images`), and the
/// icon is not written by `declutter` either, whose purify keeps only an image's `src`
/// and `alt` (not its `width`); the text is the same as without `--images`. The same
/// in `--format html`, where `declutter` writes its purified page.
#[test]
fn a_lazy_image_takes_its_noscript_source() {
    let placeholder = "data:image/gif;base64,R0lGODlhAQABAIAAAAUEBAAAACwAAAAAAQABAAACAkQBADs";
    let page = IMAGE_PAGE.replace(
        "<img src='photos/fox.jpg' alt='A fox [in the snow]'>",
        &format!(
            "<img class='lazy' src='{placeholder}' alt='A fox [in the snow]'>\n\
             <noscript><img src='photos/fox.jpg' alt='A fox [in the snow]'></noscript>"
        ),
    );
    assert_ne!(page, IMAGE_PAGE);
    let dir = tempfile::tempdir().unwrap();
    let line = json!({"url": "https://site.example/a/page.html", "html": page});
    let jsonl = common::write(dir.path(), "pages.jsonl", format!("{line}\n").as_bytes());
    let photo = "![A fox \\[in the snow\\]](https://site.example/a/photos/fox.jpg)";
    for preset in ["pith", "readability", "declutter"] {
        let md = extract(
            &["--preset", preset, "--format", "markdown", "--images"],
            &[&jsonl],
        );
        assert!(
            md.contains(&format!(
                "English, as it has to be long enough.\n\n{photo}\n\nThe lazy"
            )),
            "{preset}: {md}"
        );
        assert_eq!(md.matches("![").count(), 1, "{preset}: {md}");
        let plain = extract(&["--preset", preset, "--format", "markdown"], &[&jsonl]);
        assert_eq!(md.replace(&format!("{photo}\n\n"), ""), plain, "{preset}");
        // `--format html` too, `declutter`'s purified page among them (it keeps every
        // block of this page, and is written from its own tree): the photo once, with
        // its source resolved, and neither the icon nor an image without a source.
        let html = extract(
            &["--preset", preset, "--format", "html", "--images"],
            &[&jsonl],
        );
        assert_eq!(html.matches("<img").count(), 1, "{preset}: {html}");
        assert!(
            html.contains(
                "src=\"https://site.example/a/photos/fox.jpg\" alt=\"A fox [in the snow]\">"
            ),
            "{preset}: {html}"
        );
    }
}

/// `--url` gives a page read from a file or stdin the URL it was fetched from, as a
/// WARC record's target URI: the record's `url` and `canonical_url`, a `published`
/// date from its path, and what Markdown's links resolve against.
#[test]
fn url_names_where_a_file_or_stdin_page_came_from() {
    let dir = tempfile::tempdir().unwrap();
    let file = common::write(dir.path(), "page.html", LINKED_PAGE.as_bytes());
    let url = "https://site.example/2024/05/17/page.html";
    let guide = "[user guide](https://site.example/2024/05/17/docs/guide.html)";
    let [rec] = records(&["--markdown", "--links", "--url", url], &[&file])
        .try_into()
        .unwrap();
    assert_eq!(rec["url"], url, "{rec}");
    assert_eq!(rec["canonical_url"], url, "{rec}");
    assert_eq!(rec["published"], "2024-05-17", "{rec}");
    assert!(rec["markdown"].as_str().unwrap().contains(guide), "{rec}");
    let o = pith(
        &[
            "extract", "-q", "--format", "markdown", "--links", "--url", url,
        ],
        Some(LINKED_PAGE.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains(guide));
    let [plain] = records(&[], &[&file]).try_into().unwrap();
    assert!(
        plain.get("url").is_none() && plain.get("published").is_none(),
        "{plain}"
    );
}

/// Over a development folder, every record's `markdown` is the file `--format
/// markdown --output-dir` writes for that page (tables included: some pages have
/// data tables).
#[test]
fn record_markdown_matches_format_markdown_over_a_dataset() {
    let Some(html) = pith_testdata::dataset("cleaneval-dev/html") else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("md");
    extract(
        &[
            "--format",
            "markdown",
            "--output-dir",
            dir.to_str().unwrap(),
        ],
        &[&html],
    );
    let recs = records(&["--markdown"], &[&html]);
    assert!(recs.len() > 10, "{}", recs.len());
    for rec in &recs {
        let page = Path::new(rec["id"].as_str().unwrap());
        let file = dir.join(page.with_extension("md").file_name().unwrap());
        let md = std::fs::read_to_string(&file).unwrap();
        assert_eq!(rec["markdown"], md, "{}", page.display());
    }
    let tables = (recs.iter())
        .filter(|r| r["markdown"].as_str().unwrap().contains("| --- |"))
        .count();
    assert!(tables > 0, "no page of the folder has a data table");
}

/// As for `text`: a page that keeps nothing has an empty `markdown`, an error record
/// has none.
#[test]
fn an_empty_page_has_empty_markdown_and_an_error_record_none() {
    let dir = tempfile::tempdir().unwrap();
    let empty = common::write(dir.path(), "empty.html", b"<html><body></body></html>");
    let missing = dir.path().join("missing.html");
    let [page, error] = records(&["--markdown"], &[&empty, &missing])
        .try_into()
        .unwrap();
    assert_eq!((&page["text"], &page["markdown"]), (&json!(""), &json!("")));
    assert!(error.get("error").is_some(), "{error}");
    assert!(
        error.get("text").is_none() && error.get("markdown").is_none(),
        "{error}"
    );
}

/// A JSON Lines input's own `markdown` field is passed through, like any field, unless
/// `--markdown` gives the record pith's.
#[test]
fn an_input_markdown_field_gives_way_to_pith_s() {
    let dir = tempfile::tempdir().unwrap();
    let line = json!({"id": "a", "html": standings_page(), "markdown": "theirs"});
    let input = common::write(dir.path(), "in.jsonl", format!("{line}\n").as_bytes());
    let [passed] = records(&[], &[&input]).try_into().unwrap();
    assert_eq!(passed["markdown"], "theirs");
    let line = extract(&["--format", "jsonl", "--markdown"], &[&input]);
    // One `markdown` key: the input's is not written beside pith's.
    assert_eq!(line.matches("\"markdown\":").count(), 1, "{line}");
    let ours: Value = serde_json::from_str(&line).unwrap();
    let md = ours["markdown"].as_str().unwrap();
    assert!(
        md.starts_with("# Busch keeps the lead after Texas\n"),
        "{md}"
    );
    // An error record under `--markdown` has no `markdown`, not even the input's: a
    // consumer would take it for pith's.
    let bad = json!({"id": "b", "html": 5, "markdown": "theirs", "kept": 1});
    let input = common::write(dir.path(), "bad.jsonl", format!("{bad}\n").as_bytes());
    let [error] = records(&["--markdown"], &[&input]).try_into().unwrap();
    assert!(error.get("error").is_some(), "{error}");
    assert_eq!(
        (error.get("markdown"), &error["kept"]),
        (None, &json!(1)),
        "{error}"
    );
    let [passed] = records(&[], &[&input]).try_into().unwrap();
    assert_eq!(passed["markdown"], "theirs", "{passed}");
}
