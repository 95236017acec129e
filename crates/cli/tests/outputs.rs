//! Issue 14, bug 6: several inputs in a per-page format are told apart by a line that
//! names each source, and `--output-dir DIR` writes one file per input; `-o NAME.gz`
//! and `--gzip` write gzip.

use std::path::Path;

use crate::common::{file_names, gunzip, pith, pith_in, write, JUSTEXT_JSONL};

fn page(n: usize) -> String {
    format!(
        "<html><body><p>Page number {n}: the quick brown fox jumps over the lazy dog, and \
         this is the sort of sentence that is full of the words which we would call stop \
         words in English, as it has to be long enough for the algorithm to think that it \
         is good text.</p></body></html>"
    )
}

#[test]
fn several_inputs_are_separated_by_their_source() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.html", page(1).as_bytes());
    let b = write(dir.path(), "b.html", page(2).as_bytes());
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let o = pith(
        &["extract", "--preset", "justext", "--format", "text", a, b],
        None,
    );
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    let expected_start = format!("==> {a} <==\nPage number 1:");
    assert!(out.starts_with(&expected_start), "{out}");
    assert!(
        out.contains(&format!("\n==> {b} <==\nPage number 2:")),
        "{out}"
    );
    let o = pith(
        &["extract", "--preset", "justext", "--format", "html", a, b],
        None,
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains(&format!("<!-- ==> {b} <== -->\n<!DOCTYPE html>")),
        "{out}"
    );
    // In Markdown, a block of its own (a `==>` line would join the block before it).
    let o = pith(
        &[
            "extract", "--preset", "justext", "--format", "markdown", a, b,
        ],
        None,
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with(&format!("<!-- ==> {a} <== -->\n\nPage number 1:")),
        "{out}"
    );
    assert!(
        out.contains(&format!("\n<!-- ==> {b} <== -->\n\nPage number 2:")),
        "{out}"
    );
    // One input: the output is unchanged, no separator.
    let o = pith(
        &["extract", "--preset", "justext", "--format", "text", a],
        None,
    );
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .starts_with("Page number 1:"));
}

#[test]
fn output_dir_writes_one_file_per_input_mirroring_names() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    std::fs::create_dir_all(pages.join("sub")).unwrap();
    write(&pages, "a.html", page(1).as_bytes());
    write(&pages, "sub/b.htm", page(2).as_bytes());
    let single = write(dir.path(), "c.html", page(3).as_bytes());
    let out = dir.path().join("out");
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "text",
            "--output-dir",
            out.to_str().unwrap(),
            pages.to_str().unwrap(),
            single.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    let read = |p: &str| std::fs::read_to_string(out.join(p)).unwrap();
    assert!(
        read("a.txt").starts_with("Page number 1:"),
        "{}",
        read("a.txt")
    );
    assert!(read("sub/b.txt").starts_with("Page number 2:"));
    assert!(read("c.txt").starts_with("Page number 3:"));
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "jsonl",
            "-q",
            "--output-dir",
            out.to_str().unwrap(),
            pages.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    assert!(read("sub/b.jsonl").contains("\"text\":\"Page number 2:"));
    // Outputs are written as NAME.part and take their names when their input is done,
    // in input order and with --unordered alike: none is left behind.
    let mut args = JUSTEXT_JSONL.to_vec();
    args.extend(["-q", "--unordered", "-j", "2", "--output-dir"]);
    args.extend([
        out.to_str().unwrap(),
        pages.to_str().unwrap(),
        single.to_str().unwrap(),
    ]);
    let o = pith(&args, None);
    assert!(o.status.success());
    assert!(read("c.jsonl").contains("\"text\":\"Page number 3:"));
    let mut parts = Vec::new();
    let mut dirs = vec![out.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "part") {
                parts.push(path);
            }
        }
    }
    assert!(parts.is_empty(), "{parts:?}");
}

/// Two inputs whose outputs would have the same name each get their own file, and
/// stderr says which; before, both went into one file (two JSON documents in one
/// `.json`), without a word.
#[test]
fn output_dir_gives_inputs_of_the_same_name_their_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "c1/page.html", page(1).as_bytes());
    let b = write(dir.path(), "c2/page.html", page(2).as_bytes());
    let c = write(dir.path(), "c2/page.htm", page(3).as_bytes());
    let out = dir.path().join("out");
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "json",
            "-j",
            "1",
            "--output-dir",
            out.to_str().unwrap(),
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            c.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    for (name, n) in [("page.json", 1), ("page-2.json", 2), ("page-3.json", 3)] {
        let text = std::fs::read_to_string(out.join(name)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).expect("one JSON document");
        assert!(
            json.to_string().contains(&format!("Page number {n}:")),
            "{name}: {text}"
        );
    }
    assert!(
        err.contains(&format!("{}: ", b.display())) && err.contains("page-2.json"),
        "{err}"
    );
}

/// An output that is an input is refused before anything is written: `-o` over an
/// input file (which `File::create` emptied before it was read) or over a file a
/// directory argument holds, and `--output-dir` onto the inputs' own directory in a
/// format whose files are named like them.
#[test]
fn outputs_are_never_written_over_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    let a = write(&pages, "a.html", page(1).as_bytes());
    let before = std::fs::read(&a).unwrap();
    let (a_str, pages_str) = (a.to_str().unwrap(), pages.to_str().unwrap());
    for args in [
        vec!["extract", "--preset", "justext", a_str, "-o", a_str],
        vec!["extract", "--preset", "justext", pages_str, "-o", a_str],
        // A `--stats` file, or a forgotten `--stats` value before the pages.
        vec!["extract", "--preset", "justext", "--stats", a_str, a_str],
        vec![
            "extract", "--preset", "justext", "--stats", a_str, pages_str,
        ],
        vec!["explain", "--preset", "justext", a_str, "--out", a_str],
    ] {
        let o = pith(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("would write over the input"), "{err}");
        assert_eq!(std::fs::read(&a).unwrap(), before);
    }
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--format",
            "html",
            "--output-dir",
            pages_str,
            pages_str,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("would be written over this input"), "{err}");
    assert_eq!(std::fs::read(&a).unwrap(), before);
    // `pith eval` writes no report or table inside the dataset it reads.
    let dataset = dir.path().join("dataset");
    let gold_page = write(&dataset.join("html"), "p.html", page(1).as_bytes());
    write(&dataset.join("gold"), "p.txt", b"Page number 1");
    let gold_before = std::fs::read(&gold_page).unwrap();
    for option in ["--report", "-o"] {
        let o = pith(
            &[
                "eval",
                "--dataset",
                dataset.to_str().unwrap(),
                "--pipeline",
                "justext",
                "-q",
                option,
                gold_page.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{option}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("would write inside the dataset"), "{err}");
        assert_eq!(std::fs::read(&gold_page).unwrap(), gold_before);
    }
    // A text output beside the inputs is fine.
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--output-dir",
            pages_str,
            pages_str,
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(pages.join("a.txt"))
        .unwrap()
        .contains("Page number 1"));
}

/// `-o NAME.gz` writes gzip, as the name says (before, plain text under a `.gz` name,
/// which the first tool to read it back fails on): the same bytes once inflated, in
/// every format; `.GZ` too. `pith extract` reads it back as it reads any `.gz` input.
#[test]
fn an_output_named_gz_is_gzip() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.html", page(1).as_bytes());
    let b = write(dir.path(), "b.html", page(2).as_bytes());
    for (format, name) in [("jsonl", "out.jsonl.gz"), ("text", "out.TXT.GZ")] {
        let run = |out: &Path| {
            let o = pith(
                &[
                    "extract",
                    "--preset",
                    "justext",
                    "--format",
                    format,
                    "-q",
                    a.to_str().unwrap(),
                    b.to_str().unwrap(),
                    "-o",
                    out.to_str().unwrap(),
                ],
                None,
            );
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            std::fs::read(out).unwrap()
        };
        let plain = run(&dir.path().join("plain"));
        let gzipped = run(&dir.path().join(name));
        assert_eq!(gunzip(&gzipped), plain, "{name}");
        assert!(String::from_utf8_lossy(&plain).contains("Page number 2"));
    }
}

/// `-o -` is stdout, as Unix tools read it: the records `pith extract` writes without
/// `-o`, plain or with `--gzip`, and no file named `-` (before, `-o -` made one); so is
/// `--stats -` when the records go to a file.
#[test]
fn dash_as_the_output_is_stdout() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.html", page(1).as_bytes());
    let run = |extra: &[&str]| {
        let mut args = JUSTEXT_JSONL.to_vec();
        args.extend(["-q", "a.html"]);
        args.extend(extra);
        let o = pith_in(dir.path(), &args);
        assert!(
            o.status.success(),
            "{extra:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        o.stdout
    };
    let plain = run(&[]);
    assert!(String::from_utf8_lossy(&plain).contains("Page number 1"));
    assert_eq!(run(&["-o", "-"]), plain);
    assert_eq!(gunzip(&run(&["-o", "-", "--gzip"])), plain);
    assert_eq!(file_names(dir.path()), ["a.html"]);

    // `--stats -` is stdout too, when the records go elsewhere; beside records on
    // stdout it is refused by name (the two would be one stream).
    let stats = run(&["-o", "out.jsonl", "--stats", "-"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats).unwrap();
    assert_eq!(stats["documents"], 1, "{stats}");
    assert_eq!(std::fs::read(dir.path().join("out.jsonl")).unwrap(), plain);
    for extra in [&["--stats", "-"][..], &["-o", "-", "--stats", "-"]] {
        let mut args = JUSTEXT_JSONL.to_vec();
        args.extend(["a.html"]);
        args.extend(extra);
        let o = pith_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--stats -: stdout holds the records"), "{err}");
        assert!(o.stdout.is_empty(), "{extra:?}");
    }
    assert_eq!(file_names(dir.path()), ["a.html", "out.jsonl"]);
}

/// `-o DIR` is refused with the option that writes into a directory (before, `cannot
/// create: Is a directory`).
#[test]
fn a_directory_as_the_output_file_points_to_output_dir() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.html", page(1).as_bytes());
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let mut args = JUSTEXT_JSONL.to_vec();
    args.extend(["a.html", "-o", "out"]);
    let o = pith_in(dir.path(), &args);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("out: -o names a file, and this is a directory; --output-dir out writes"),
        "{err}"
    );
    assert!(file_names(&dir.path().join("out")).is_empty());
}

/// `--gzip` compresses wherever the output goes: stdout, `-o FILE` whatever its name,
/// and each `--output-dir` file, named `NAME.EXT.gz` (a second input of the same name
/// `NAME-2.EXT.gz`); each inflates to the plain run's bytes, and `--resume` finds them
/// (and, given without `--gzip`, says that they are there).
#[test]
fn gzip_compresses_stdout_a_file_and_every_output_of_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    write(&pages, "a.html", page(1).as_bytes());
    write(&pages, "a.htm", page(2).as_bytes());
    write(&pages, "b.html", page(3).as_bytes());
    let pages_str = pages.to_str().unwrap();
    // `pith extract` of the pages, with `extra` options.
    let on_pages = |extra: &[&str]| {
        let mut args = JUSTEXT_JSONL.to_vec();
        args.extend(extra);
        args.push(pages_str);
        pith(&args, None)
    };
    let run = |extra: &[&str]| {
        let o = on_pages(extra);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    let plain = run(&[]);
    assert!(String::from_utf8_lossy(&plain).contains("Page number 3"));
    assert_eq!(gunzip(&run(&["--gzip"])), plain, "stdout");
    let file = dir.path().join("out.jsonl");
    run(&["--gzip", "-o", file.to_str().unwrap()]);
    assert_eq!(gunzip(&std::fs::read(&file).unwrap()), plain, "-o");

    let (plain_dir, gz_dir) = (dir.path().join("plain"), dir.path().join("gz"));
    run(&["--output-dir", plain_dir.to_str().unwrap()]);
    let stdout = run(&["--gzip", "--output-dir", gz_dir.to_str().unwrap()]);
    assert!(stdout.is_empty(), "the files are gzip, stdout untouched");
    let names = file_names(&plain_dir);
    assert_eq!(names, ["a-2.jsonl", "a.jsonl", "b.jsonl"]);
    let gz_names: Vec<String> = names.iter().map(|n| format!("{n}.gz")).collect();
    assert_eq!(file_names(&gz_dir), gz_names);
    for (name, gz_name) in names.iter().zip(&gz_names) {
        let gz = std::fs::read(gz_dir.join(gz_name)).unwrap();
        assert_eq!(gunzip(&gz), std::fs::read(plain_dir.join(name)).unwrap());
    }
    let resume = |gzip: &[&str]| {
        let mut extra = gzip.to_vec();
        extra.extend(["--resume", "--output-dir", gz_dir.to_str().unwrap()]);
        String::from_utf8_lossy(&on_pages(&extra).stderr).into_owned()
    };
    let err = resume(&["--gzip"]);
    assert!(err.contains("3 of 3 inputs have their output"), "{err}");
    assert!(!err.contains("a run with"), "{err}");
    // Taken up without --gzip, the run finds no output of its own, and says why.
    let err = resume(&[]);
    assert!(err.contains("0 of 3 inputs have their output"), "{err}");
    let hint = ".jsonl.gz is the output of a run with --gzip; to take that run up, give --gzip";
    assert!(err.contains(hint), "{err}");
}

/// An output directory below a directory argument holds outputs, not inputs: a second
/// `--format html --output-dir pages/clean pages` reads the pages again, not its own
/// outputs (before, it wrote `pages/clean/clean/`), and says what it left out.
#[test]
fn outputs_below_the_inputs_directory_are_not_read_as_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    write(&pages, "a.html", page(1).as_bytes());
    let clean = pages.join("clean");
    let args = [
        "extract",
        "--preset",
        "justext",
        "--format",
        "html",
        "--output-dir",
        clean.to_str().unwrap(),
        pages.to_str().unwrap(),
    ];
    for run in 0..2 {
        let o = pith(&args, None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{err}");
        assert_eq!(
            err.contains("left out 1 file inside the output directory"),
            run == 1,
            "{err}"
        );
        assert_eq!(file_names(&clean), ["a.html"], "run {run}");
    }
}

/// A `--stats` file that cannot be written fails the run before any page is read.
#[test]
fn an_unwritable_stats_file_is_found_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.html", page(1).as_bytes());
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--stats",
            dir.path().join("no/such/dir/s.json").to_str().unwrap(),
            a.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write stats"));
}

/// `--format html` writes the page's tree only when the pipeline purified it
/// (declutter); for any other preset it writes the good blocks, escaped, even when
/// every block is good: before, such a page came out as parsed, its `onclick`
/// handlers, `javascript:` links and forms included.
#[test]
fn html_output_never_carries_the_pages_own_markup_unpurified() {
    let dir = tempfile::tempdir().unwrap();
    let article = page(1).replace("<p>", "<p onclick=\"alert(1)\">");
    let a = write(dir.path(), "a.html", article.as_bytes());
    for preset in ["readability", "pith", "justext"] {
        let o = pith(
            &[
                "extract",
                "--preset",
                preset,
                "--format",
                "html",
                a.to_str().unwrap(),
            ],
            None,
        );
        assert!(o.status.success());
        let html = String::from_utf8(o.stdout).unwrap();
        assert!(html.contains("Page number 1"), "{preset}: {html}");
        assert!(!html.contains("onclick"), "{preset}: {html}");
    }
    let o = pith(
        &[
            "extract",
            "--preset",
            "declutter",
            "--format",
            "html",
            a.to_str().unwrap(),
        ],
        None,
    );
    let html = String::from_utf8(o.stdout).unwrap();
    assert!(
        html.contains("Page number 1") && !html.contains("onclick"),
        "{html}"
    );
}

/// The HTML page of the kept blocks names the page's language and title, and takes its
/// direction from the text (an Arabic page reads right to left).
#[test]
fn html_output_has_the_pages_language_title_and_direction() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(
        dir.path(),
        "a.html",
        format!(
            "<html><head><title>A &amp; B</title></head><body>{}</body></html>",
            page(1)
        )
        .as_bytes(),
    );
    let o = pith(&["extract", "--format", "html", a.to_str().unwrap()], None);
    let html = String::from_utf8(o.stdout).unwrap();
    assert!(
        html.starts_with(
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>A &amp; B</title></head><body dir=\"auto\">"
        ),
        "{html}"
    );
}
