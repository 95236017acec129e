//! The `pith` binary end to end: options, formats, and inputs that must not crash.

use std::process::Output;

use crate::common;
use common::{pith, write};

const GOOD_PAGE: &str = "<html><body><div><p>The quick brown fox jumps over the lazy dog, and \
this is the sort of sentence that is full of the words which we would call stop words in \
English, as it has to be long enough for the algorithm to think that it is good text and \
not a menu of the site.</p></div><ul><li><a href='/'>Home</a></li></ul></body></html>";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn default_format_prints_good_paragraphs_from_stdin() {
    let o = pith(
        &["extract", "--preset", "justext"],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("<p> The quick brown fox"));
    assert_eq!(stdout(&o).lines().count(), 1);
}

/// Issue 11, point 4: without `--preset` or `--pipeline`, `pith extract` runs the `pith`
/// preset; exact jusText is `--preset justext`, and `--help` says both.
#[test]
fn the_default_preset_is_pith_and_justext_is_one_flag_away() {
    let run = |extra: &[&str]| {
        let mut args = vec!["extract", "--format", "json"];
        args.extend_from_slice(extra);
        let o = pith(&args, Some(GOOD_PAGE.as_bytes()));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let default = run(&[]);
    assert_eq!(default, run(&["--preset", "pith"]));
    // The two presets give different paragraph features (pith's blocks carry its own).
    assert_ne!(default, run(&["--preset", "justext"]));
    let help = stdout(&pith(&["extract", "--help"], None));
    assert!(help.contains("Default: `pith`"), "{help}");
    assert!(help.contains("--preset justext"), "{help}");
}

#[test]
fn empty_and_whitespace_inputs_give_no_paragraphs_and_exit_0() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "empty.html", b"");
    let blank = write(dir.path(), "blank.html", b" \n\t \n");
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "json",
            empty.to_str().unwrap(),
            blank.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for rec in lines {
        assert_eq!(rec["paragraphs"].as_array().unwrap().len(), 0);
    }
}

#[test]
fn a_missing_file_is_named_the_others_processed_and_the_exit_code_is_1() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.html", GOOD_PAGE.as_bytes());
    let missing = dir.path().join("missing.html");
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "json",
            missing.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.html"));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "one record per input");
    assert!(lines[0]["error"].as_str().unwrap().contains("cannot read"));
    assert!(lines[0]["source"]
        .as_str()
        .unwrap()
        .ends_with("missing.html"));
    let paragraphs = lines[1]["paragraphs"].as_array().unwrap();
    assert_eq!(paragraphs[0]["class_type"], "good");
    for key in [
        "text",
        "class_type",
        "cf_class",
        "heading",
        "words_count",
        "chars_count_in_links",
        "tags_count",
        "links_density",
        "stopwords_density",
        "dom_path",
        "xpath",
    ] {
        assert!(paragraphs[0].get(key).is_some(), "field {key}");
    }
}

#[test]
fn a_web_address_given_as_an_input_says_inputs_are_files() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.html");
    let o = pith(
        &[
            "extract",
            "https://example.invalid/page.html",
            missing.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    let url_line = stderr
        .lines()
        .find(|l| l.contains("https://example.invalid/page.html"))
        .unwrap_or_else(|| panic!("the address is named: {stderr}"));
    assert!(url_line.contains("not web addresses"), "{url_line}");
    assert!(url_line.contains("curl"), "{url_line}");
    // A missing file is only missing: no hint about addresses.
    let file_line = stderr
        .lines()
        .find(|l| l.contains("missing.html"))
        .unwrap_or_else(|| panic!("the file is named: {stderr}"));
    assert!(file_line.contains("cannot read"), "{file_line}");
    assert!(!file_line.contains("web addresses"), "{file_line}");
}

#[test]
fn binary_junk_and_nul_bytes_do_not_crash() {
    let mut junk = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..200_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        junk.push((x >> 16) as u8);
    }
    // Random bytes are no page: an error that says so (exit 1), not a crash.
    let o = pith(
        &["extract", "--preset", "justext", "--format", "json"],
        Some(&junk),
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not an HTML page: binary content"), "{err}");
    // The same bytes after a tag are a page: the pipeline runs on them.
    let mut tagged = b"<html>".to_vec();
    tagged.extend_from_slice(&junk);
    let o = pith(
        &["extract", "--preset", "justext", "--format", "json"],
        Some(&tagged),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = GOOD_PAGE.replace("lazy dog", "lazy\0dog\u{b}");
    let o = pith(
        &["extract", "--preset", "justext", "--format", "text"],
        Some(page.as_bytes()),
    );
    assert!(o.status.success());
    assert!(stdout(&o).contains("quick brown fox"));
}

#[test]
fn unknown_stoplist_lists_close_names() {
    let o = pith(
        &["extract", "--preset", "justext", "-s", "Englsh"],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Englsh") && err.contains("English"), "{err}");
}

/// `-s` takes a language's code (`en`, as trafilatura's `target_language`) or a name in
/// other letter case (`english`) for that language's stoplist: the paragraphs of
/// `-s English`.
#[test]
fn a_stoplist_is_named_by_its_language_s_code_or_in_any_case() {
    let detailed = |stoplist: &str| {
        let args = [
            "extract", "--preset", "justext", "--format", "detailed", "-s", stoplist,
        ];
        let o = pith(&args, Some(GOOD_PAGE.as_bytes()));
        assert!(
            o.status.success(),
            "{stoplist}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        o.stdout
    };
    let english = detailed("English");
    assert!(String::from_utf8_lossy(&english).contains("good"));
    for other in ["en", "en-GB", "english"] {
        assert_eq!(detailed(other), english, "{other}");
    }
    assert_ne!(
        detailed("de"),
        english,
        "German's stop words are not English's"
    );
}

#[test]
fn stoplist_none_and_stoplist_file_work() {
    let o = pith(
        &[
            "extract", "--preset", "justext", "-s", "none", "--format", "detailed",
        ],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert!(o.status.success());
    assert!(stdout(&o).contains("class=\"good\""));
    let dir = tempfile::tempdir().unwrap();
    let list = write(
        dir.path(),
        "mylist.txt",
        b"the\nof\nand\nis\nthat\nit\nto\nas\n",
    );
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "-s",
            list.to_str().unwrap(),
            "--format",
            "text",
        ],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn reference_formats_have_the_reference_shapes() {
    let o = pith(
        &["extract", "--preset", "justext", "--format", "detailed"],
        Some(GOOD_PAGE.as_bytes()),
    );
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("<p class=\"good\" cfclass=\"good\" heading=\"0\" xpath=\"/html[1]/body[1]/div[1]/p[1]\"> The quick"));
    let o = pith(
        &["extract", "--preset", "justext", "--format", "boilerplate"],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert_eq!(stdout(&o).lines().nth(1), Some("<b> Home"));
    let o = pith(
        &["extract", "--preset", "justext", "--format", "krdwrd"],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert!(stdout(&o).starts_with("3\tThe quick"));
    assert!(stdout(&o).contains("1\tHome"));
}

#[test]
fn parameters_reach_the_stages() {
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--length-high",
            "100000",
            "--format",
            "detailed",
        ],
        Some(GOOD_PAGE.as_bytes()),
    );
    // With length_high raised, the article paragraph is no longer long enough to be
    // good on its own: the stop-word rule now answers neargood.
    assert!(stdout(&o).contains("cfclass=\"neargood\""));
}

#[test]
fn pipeline_list_show_and_file() {
    let o = pith(&["pipeline", "list"], None);
    let out = stdout(&o);
    for name in [
        "justext",
        "justext4-very-strict",
        "justext4-strict",
        "justext4-balanced",
        "justext4-permissive",
        "justext4-boilernet2017",
        "justext-java",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}");
    }
    let o = pith(&["pipeline", "show", "justext", "--toml"], None);
    assert!(o.status.success());
    let dir = tempfile::tempdir().unwrap();
    let toml = write(dir.path(), "p.toml", &o.stdout);
    let o = pith(
        &["extract", "--pipeline", toml.to_str().unwrap()],
        Some(GOOD_PAGE.as_bytes()),
    );
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("<p> The quick"));
}

#[test]
fn a_bad_pipeline_file_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.json",
        br#"{"version": 1, "segmenter": {"type": "justext.paragraphs"},
            "rules": [{"type": "justext.length_low"}, {"type": "justext.stopwords_low", "stopwords_lo": 0.3}]}"#,
    );
    let o = pith(
        &["extract", "--pipeline", bad.to_str().unwrap()],
        Some(b"x"),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("rules[1]") && err.contains("stopwords_lo"),
        "{err}"
    );
    let missing_feature = write(
        dir.path(),
        "missing.json",
        br#"{"version": 1, "segmenter": {"type": "justext.paragraphs"},
            "rules": [{"type": "justext.length_low"}]}"#,
    );
    let o = pith(
        &["extract", "--pipeline", missing_feature.to_str().unwrap()],
        Some(b"x"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("justext.length_low") && err.contains("justext.length"),
        "{err}"
    );
}

#[test]
fn list_stoplists_prints_100_sorted_names() {
    let o = pith(&["extract", "--list-stoplists"], None);
    let names: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(names.len(), 100);
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}

#[test]
fn list_languages_prints_each_language_with_its_stoplist_and_what_names_it() {
    let o = pith(&["extract", "--list-languages"], None);
    assert!(o.status.success());
    let stoplists = stdout(&pith(&["extract", "--list-stoplists"], None));
    let stoplists: Vec<&str> = stoplists.lines().collect();
    let lines: Vec<Vec<String>> = stdout(&o)
        .lines()
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect();
    assert!(lines.len() > 140, "{}", lines.len());
    let codes: Vec<&str> = lines.iter().map(|l| l[0].as_str()).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(codes, sorted, "sorted by code, each once");
    for line in &lines {
        assert_eq!(line.len(), 4, "{line:?}");
        let stoplist = line[2].as_str();
        assert!(
            stoplist == "-"
                || ["Chinese", "Japanese"].contains(&stoplist)
                || stoplists.contains(&stoplist),
            "{line:?}"
        );
        assert!(
            ["text", "script", "html-lang"].contains(&line[3].as_str()),
            "{line:?}"
        );
    }
    for expected in [
        "en\tEnglish\tEnglish\ttext",
        "dv\tDhivehi\t-\tscript",
        "eu\tBasque\tBasque\thtml-lang",
        "ps\tPashto\t-\thtml-lang",
        "th\tThai\t-\ttext",
    ] {
        assert!(stdout(&o).lines().any(|l| l == expected), "{expected}");
    }
}

#[test]
fn plain_files_are_read_whole_unless_max_bytes_is_given() {
    let dir = tempfile::tempdir().unwrap();
    // 17 MiB, over the 16 MiB default that applies to records inside WARC/JSONL inputs.
    let filler = "x".repeat(17 * 1024 * 1024);
    let big = write(
        dir.path(),
        "big.html",
        format!("<!--{filler}-->{GOOD_PAGE}").as_bytes(),
    );
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "text",
            big.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("The quick brown fox"));
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--max-bytes",
            "1000",
            big.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--max-bytes"));
}

/// `--favor-precision` and `--favor-recall` lean the learned preset as trafilatura's
/// options do: precision's lines are among the default's, the default's among
/// recall's. On the bundled sample page with an aside added to its article
/// ([`common::sample_with_aside`]), the precision lean drops the aside. A preset
/// without a learned decoding warns and ignores them.
#[test]
fn favor_precision_and_recall_lean_the_learned_preset() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sample.html");
    let (aside, page) = (common::ASIDE, common::sample_with_aside());
    let lines = |extra: &[&str]| {
        let mut args = vec!["extract", "-q"];
        args.extend_from_slice(extra);
        let o = pith(&args, Some(page.as_bytes()));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o).lines().map(str::to_owned).collect::<Vec<_>>()
    };
    let (precise, default, full) = (
        lines(&["--favor-precision"]),
        lines(&[]),
        lines(&["--favor-recall"]),
    );
    assert!(precise.iter().all(|l| default.contains(l)), "{precise:?}");
    assert!(default.iter().all(|l| full.contains(l)), "{full:?}");
    assert!(precise.len() < default.len(), "{precise:?}");
    assert!(default.iter().any(|l| l.contains(aside)), "{default:?}");
    assert!(!precise.iter().any(|l| l.contains(aside)), "{precise:?}");

    let o = pith(
        &["extract", "--preset", "justext", "--favor-recall", sample],
        None,
    );
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--favor-recall ignored"), "{err}");
    let both = pith(
        &["extract", "--favor-precision", "--favor-recall", sample],
        None,
    );
    assert_eq!(both.status.code(), Some(2));
}

/// Where `page_with_thread` puts the article and its thread.
#[derive(Clone, Copy)]
enum Layout {
    /// The article's paragraphs in `<body>`, the thread after them.
    Plain,
    /// The article in an element whose class names comments, the thread after it.
    Wrapped,
    /// The article and the thread both in that element.
    WrappedWithThread,
}

/// A sentence of the article in the pages of the `--no-comments`, `--no-tables` and
/// `--no-title` tests (five paragraphs of it make the article).
const ARTICLE_SENTENCE: &str = "The council said on Tuesday that the new footbridge over the \
                                river would open in the spring, after two years of work by \
                                volunteers and engineers from the town, and that the old \
                                crossing would be kept.";

/// A news page for `--no-comments`: an article of five paragraphs and a thread of
/// `replies` comments (`<li class="comment">` in `<section id="comments">`; none: no
/// thread), laid out as `layout` says.
fn page_with_thread(layout: Layout, replies: usize) -> String {
    let comment = "I have lived on the other side of the river for most of my life, and \
                   the old bridge was the only way for many of us to get to the shops and \
                   to the station without a long walk round by the main road, so I am glad.";
    let article: String = (0..5)
        .map(|_| format!("<p>{ARTICLE_SENTENCE}</p>"))
        .collect();
    let entries: String = (0..replies)
        .map(|i| format!("<li class='comment'><b>Reader {i}</b><p>{comment}</p></li>"))
        .collect();
    let thread = if replies > 0 {
        format!("<section id='comments'><ol class='comment-list'>{entries}</ol></section>")
    } else {
        String::new()
    };
    let main = match layout {
        Layout::Plain => format!("{article}{thread}"),
        Layout::Wrapped => format!("<div class='post commented'>{article}</div>{thread}"),
        Layout::WrappedWithThread => format!("<div class='post commented'>{article}{thread}</div>"),
    };
    format!(
        "<html><body class='single f_comments_on'><h1>Footbridge to reopen</h1>\
         {main}<footer>Copyright 2024</footer></body></html>"
    )
}

/// The text `pith extract --preset justext4-permissive` (a preset that keeps comment
/// threads and tables) gives for `page`, with the `extra` options.
fn permissive_text(dir: &std::path::Path, page: &str, extra: &[&str]) -> String {
    let path = write(dir, "page.html", page.as_bytes());
    let mut args = vec!["extract", "-q", "--format", "text"];
    args.extend_from_slice(&["--preset", "justext4-permissive"]);
    args.extend_from_slice(extra);
    args.push(path.to_str().unwrap());
    let o = pith(&args, None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

/// `--no-comments` drops the blocks of a comment section a preset keeps
/// (`justext4-permissive` keeps the thread here), a thread longer than its article
/// too, and leaves alone what only looks like one: a page-wide `<body class="…
/// f_comments_on">`, or a `comment`-named element around the article (its blocks would
/// be most of the page's text). A page that is all thread is not emptied.
#[test]
fn no_comments_drops_the_thread_and_not_the_article() {
    let dir = tempfile::tempdir().unwrap();
    let text = |page: &str, extra: &[&str]| permissive_text(dir.path(), page, extra);
    let reply = "I have lived on the other side";
    // A short thread, a thread longer than the article, and a long one inside the
    // element that holds the article.
    for (layout, replies) in [
        (Layout::Plain, 3),
        (Layout::Plain, 12),
        (Layout::WrappedWithThread, 12),
    ] {
        let page = page_with_thread(layout, replies);
        let all = text(&page, &[]);
        assert_eq!(all.matches(reply).count(), replies, "{all}");
        let without = text(&page, &["--no-comments"]);
        assert!(!without.contains(reply), "{replies} replies: {without}");
        assert_eq!(without.matches("The council said").count(), 5, "{without}");
    }

    let wrapped = page_with_thread(Layout::Wrapped, 0);
    assert_eq!(text(&wrapped, &["--no-comments"]), text(&wrapped, &[]));
    assert!(text(&wrapped, &[]).contains("The council said"));

    let page = page_with_thread(Layout::Plain, 4);
    let (start, end) = (
        page.find("<section").unwrap(),
        page.find("</section>").unwrap(),
    );
    let all_thread = format!("<html><body>{}</section></body></html>", &page[start..end]);
    let without = text(&all_thread, &["--no-comments"]);
    assert!(without.contains(reply), "{without}");
}

/// `--no-tables` drops a data table beside the article, and leaves a page laid out in
/// a table as it is (its table holds all the text).
#[test]
fn no_tables_drops_a_data_table_and_not_a_layout() {
    let dir = tempfile::tempdir().unwrap();
    let cell = "The first of the three bridges in the valley was built of timber by the \
                mill owners in the year the railway came, and it stood for most of a \
                century before the floods.";
    let article: String = (0..5)
        .map(|_| format!("<p>{ARTICLE_SENTENCE}</p>"))
        .collect();
    let beside = format!(
        "<html><body><h1>Footbridge to reopen</h1>{article}<table><tr><td>{cell}</td></tr>\
         <tr><td>{cell}</td></tr></table></body></html>"
    );
    let layout = format!(
        "<html><body><table><tr><td><h1>Footbridge to reopen</h1>{article}</td></tr>\
         <tr><td>{cell}</td></tr></table></body></html>"
    );
    let text = |page: &str, extra: &[&str]| permissive_text(dir.path(), page, extra);
    assert!(text(&beside, &[]).contains("The first of the three bridges"));
    let without = text(&beside, &["--no-tables"]);
    assert!(
        !without.contains("The first of the three bridges"),
        "{without}"
    );
    assert_eq!(without.matches("The council said").count(), 5, "{without}");
    assert_eq!(text(&layout, &["--no-tables"]), text(&layout, &[]));
    assert!(text(&layout, &[]).contains("The first of the three bridges"));
}

/// `--no-title` drops the headline that repeats the page's `<title>`, keeps a
/// paragraph that quotes it among words of its own, and leaves the title in the
/// record's `title`.
#[test]
fn no_title_drops_the_headline_and_not_a_paragraph_quoting_it() {
    let dir = tempfile::tempdir().unwrap();
    let quoting = "Footbridge to reopen was the headline of the first issue of the paper \
                   that the volunteers printed in the old mill by the river last year.";
    let article: String = (0..5)
        .map(|_| format!("<p>{ARTICLE_SENTENCE}</p>"))
        .collect();
    let page = format!(
        "<html><head><title>Footbridge to reopen | Valley News</title></head><body>\
         <h1>Footbridge to reopen</h1>{article}<p>{quoting}</p></body></html>"
    );
    let text = |extra: &[&str]| permissive_text(dir.path(), &page, extra);
    let all = text(&[]);
    assert!(all.starts_with("Footbridge to reopen\n"), "{all}");
    let without = text(&["--no-title"]);
    assert!(!without.contains("Footbridge to reopen\n"), "{without}");
    assert!(without.contains(quoting), "{without}");
    assert_eq!(without.matches("The council said").count(), 5, "{without}");

    let path = write(dir.path(), "page.html", page.as_bytes());
    let o = pith(
        &[
            "extract",
            "-q",
            "--format",
            "jsonl",
            "--no-title",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let record: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(record["title"], "Footbridge to reopen | Valley News");
    assert!(!record["text"]
        .as_str()
        .unwrap()
        .contains("Footbridge to reopen\n"));
}
