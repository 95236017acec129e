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

/// A data table in the article is a Markdown table (and a table in the html page of
/// kept blocks) with the default preset and with `justext`; before, each cell was a
/// paragraph of its own ("Pos.", "Driver", …).
#[test]
fn a_data_table_is_a_markdown_table() {
    let dir = tempfile::tempdir().unwrap();
    let words = "Kyle Busch kept his lead in the standings after a race in Texas on Sunday \
                 that saw three of the four leading drivers finish in the top ten, while the \
                 fourth retired after a crash on the final lap of the race.";
    let page = format!(
        "<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article>\
         <h1>Busch keeps the lead after Texas</h1><p>{words}</p>\
         <table><thead><tr><th>Pos.</th><th>Driver</th><th>Points</th><th>Wins</th></tr></thead>\
         <tbody><tr><td>1</td><td>Kyle Busch</td><td>5040</td><td>5</td></tr>\
         <tr><td>2</td><td>Martin Truex Jr.</td><td>5035</td><td>7</td></tr>\
         <tr><td>3</td><td>Kevin Harvick</td><td>5033</td><td>4</td></tr></tbody></table>\
         <p>{words}</p></article><footer>Copyright 2024</footer></body></html>"
    );
    let input = common::write(dir.path(), "table.html", page.as_bytes());
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
