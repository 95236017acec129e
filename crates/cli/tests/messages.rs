//! Issue 14, bug 8: messages and help a newcomer meets in the first hour.

use std::process::Command;

use crate::common::{pith, write};

const PAGE: &str = "<html><body><p>The quick brown fox jumps over the lazy dog, and this is \
the sort of sentence that is full of the words which we would call stop words in English, as \
it has to be long enough for the algorithm to think that it is good text.</p></body></html>";

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn format_help_and_errors_list_every_format() {
    let o = pith(&["extract", "--help"], None);
    let help = String::from_utf8_lossy(&o.stdout);
    for f in ["jsonl", "html", "markdown", "text", "json"] {
        assert!(help.contains(f), "--help lacks {f}: {help}");
    }
    let o = pith(
        &["extract", "--preset", "justext", "--format", "xml"],
        Some(PAGE.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("\"xml\"") && e.contains("jsonl") && e.contains("html, markdown"),
        "{e}"
    );
}

/// A page given where the command goes (`pith page.html`) is answered with the command
/// that reads it; a name that is no file keeps clap's message.
#[test]
fn a_page_given_as_the_command_is_answered_with_pith_extract() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "my page.html", PAGE.as_bytes());
    let page = page.to_str().unwrap();
    let o = pith(&[page, "--preset", "justext"], None);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    let wanted = format!(
        "is not a command; to extract its main text: pith extract '{page}' --preset justext"
    );
    assert!(e.contains(&wanted), "{e}");
    let o = pith(&["no-such-page.html"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unrecognized subcommand"),
        "{}",
        stderr(&o)
    );
}

/// trafilatura's names for the option and the format, `--output-format txt`, give what
/// `--format text` gives.
#[test]
fn trafilatura_s_names_of_the_format_work() {
    let run = |args: &[&str]| {
        let mut all = vec!["extract", "--preset", "justext"];
        all.extend(args);
        let o = pith(&all, Some(PAGE.as_bytes()));
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        o.stdout
    };
    let text = run(&["--format", "text"]);
    assert!(String::from_utf8_lossy(&text).starts_with("The quick brown fox"));
    assert_eq!(run(&["--output-format", "txt"]), text);
    assert_eq!(run(&["--format", "txt"]), text);
    assert_eq!(
        run(&["--output-format", "md"]),
        run(&["--format", "markdown"])
    );
}

#[test]
fn pipeline_show_of_an_unknown_preset_does_not_talk_of_an_option() {
    let o = pith(&["pipeline", "show", "nope"], None);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(!e.contains("--preset"), "{e}");
    assert!(
        e.contains("unknown preset \"nope\"") && e.contains("justext"),
        "{e}"
    );
}

#[test]
fn pipeline_check_loads_validates_and_prints_the_normalised_pipeline() {
    let dir = tempfile::tempdir().unwrap();
    let shown = pith(&["pipeline", "show", "justext"], None);
    let file = write(dir.path(), "p.json", &shown.stdout);
    let o = pith(&["pipeline", "check", file.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        o.stdout, shown.stdout,
        "a preset's file is already normalised"
    );
    assert!(stderr(&o).contains("a valid pipeline"));
    // TOML in, and an error that names the file.
    let o = pith(
        &["pipeline", "check", "--toml", file.to_str().unwrap()],
        None,
    );
    let toml = write(dir.path(), "p.toml", &o.stdout);
    let o = pith(&["pipeline", "check", toml.to_str().unwrap()], None);
    assert_eq!(o.stdout, shown.stdout);
    let bad = write(dir.path(), "bad.json", b"{\"stages\": 3}");
    let o = pith(&["pipeline", "check", bad.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.json"), "{}", stderr(&o));
    // An error of the whole pipeline names the file too.
    let text = String::from_utf8(shown.stdout.clone()).unwrap();
    let v2 = write(
        dir.path(),
        "v2.json",
        text.replacen("\"version\": 1", "\"version\": 2", 1)
            .as_bytes(),
    );
    let o = pith(&["pipeline", "check", v2.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("v2.json: unsupported pipeline version 2"), "{e}");
    // So do `extract --pipeline` and `explain --pipeline`, which load it with their options.
    let page = write(dir.path(), "page.html", PAGE.as_bytes());
    let out = dir.path().join("explain.html");
    for args in [
        vec![
            "extract",
            "--pipeline",
            v2.to_str().unwrap(),
            page.to_str().unwrap(),
        ],
        vec![
            "explain",
            "--pipeline",
            v2.to_str().unwrap(),
            page.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    ] {
        let o = pith(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains("v2.json: unsupported pipeline version 2"), "{e}");
    }
}

#[test]
fn paragraphs_without_jsonl_is_an_error() {
    let o = pith(
        &[
            "extract",
            "--preset",
            "justext",
            "--paragraphs",
            "--format",
            "text",
        ],
        Some(PAGE.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--format jsonl"), "{}", stderr(&o));
}

#[test]
fn links_or_images_without_markdown_or_html_is_an_error() {
    let help = pith(&["extract", "--help"], None);
    for flag in ["--links", "--images"] {
        assert!(String::from_utf8_lossy(&help.stdout).contains(flag));
        for args in [&["--format", "text"][..], &["--format", "jsonl"]] {
            let mut all = vec!["extract", flag];
            all.extend_from_slice(args);
            let o = pith(&all, Some(PAGE.as_bytes()));
            assert_eq!(o.status.code(), Some(2), "{flag} {args:?}");
            let e = stderr(&o);
            assert!(e.contains(flag) && e.contains("--markdown"), "{e}");
            assert!(o.stdout.is_empty(), "{flag} {args:?}");
        }
    }
}

#[test]
fn url_with_more_than_one_page_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.html");
    std::fs::write(&a, PAGE).unwrap();
    let (a, d) = (a.to_str().unwrap(), dir.path().to_str().unwrap());
    for inputs in [&[a, a][..], &[d]] {
        let mut args = vec!["extract", "--url", "https://e.com/"];
        args.extend_from_slice(inputs);
        let o = pith(&args, None);
        assert_eq!(o.status.code(), Some(2), "{inputs:?}");
        assert!(stderr(&o).contains("--url"), "{}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn markdown_without_jsonl_is_an_error() {
    let help = pith(&["extract", "--help"], None);
    assert!(String::from_utf8_lossy(&help.stdout).contains("--markdown"));
    for format in ["markdown", "text"] {
        let o = pith(
            &["extract", "--markdown", "--format", format],
            Some(PAGE.as_bytes()),
        );
        assert_eq!(o.status.code(), Some(2), "{format}");
        let e = stderr(&o);
        assert!(
            e.contains("--markdown") && e.contains("--format jsonl"),
            "{e}"
        );
        assert!(o.stdout.is_empty(), "{format}");
    }
}

#[test]
fn an_ambiguous_prefix_says_so_and_lists_the_matches() {
    let o = pith(
        &["extract", "--preset", "justext", "--stop", "x"],
        Some(PAGE.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("ambiguous option --stop")
            && e.contains("--stoplist")
            && e.contains("--stopwords-low"),
        "{e}"
    );
    let o = pith(&["e"], None);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("ambiguous command \"e\"") && e.contains("extract") && e.contains("eval"),
        "{e}"
    );
    // An unambiguous prefix still works.
    let o = pith(&["ext", "--form", "text"], Some(PAGE.as_bytes()));
    assert!(o.status.success(), "{}", stderr(&o));
}

/// On a terminal (a pseudo-terminal from `script`), reading stdin says so; the run then
/// ends at the end of input.
#[cfg(unix)]
#[test]
fn reading_stdin_from_a_terminal_says_so() {
    let cmd = format!("'{}' extract", env!("CARGO_BIN_EXE_pith"));
    let o = Command::new("timeout")
        .args(["5", "script", "-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output();
    let Ok(o) = o else {
        // No `script` (util-linux): nothing to run the check in.
        eprintln!("skipped: no script(1)");
        return;
    };
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("reading HTML from stdin; Ctrl-D ends"),
        "{out}"
    );
    // Not on a pipe.
    let o = pith(&["extract", "--preset", "justext"], Some(PAGE.as_bytes()));
    assert!(!stderr(&o).contains("Ctrl-D"));
}

/// Issue 14, bug 2: `--format html` with the justext preset wrote the whole cleaned
/// page, navigation and footer included; for every preset it holds only what the
/// preset keeps.
#[test]
fn html_output_holds_only_the_kept_blocks() {
    let page = format!(
        "<html><body><ul><li><a href='/'>Home</a></li><li><a href='/a'>About us</a></li></ul>\
         {}<div>Copyright 2020 Example Inc.</div></body></html>",
        &PAGE[12..PAGE.len() - 14]
    );
    for preset in ["justext", "justext-en", "declutter-justext"] {
        let o = pith(
            &["extract", "--preset", preset, "--format", "html"],
            Some(page.as_bytes()),
        );
        if o.status.code() == Some(2) && stderr(&o).contains("unknown preset") {
            continue;
        }
        assert!(o.status.success(), "{preset}: {}", stderr(&o));
        let html = String::from_utf8_lossy(&o.stdout);
        assert!(html.contains("quick brown fox"), "{preset}: {html}");
        for dropped in ["Home", "About us", "Copyright"] {
            assert!(!html.contains(dropped), "{preset} kept {dropped}: {html}");
        }
    }
}

/// A pipeline file that does not parse is named, then the parser's message, with no
/// empty or `?` place between them; a `.TOML` file is TOML.
#[test]
fn a_broken_pipeline_file_is_named_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(dir.path(), "broken.json", b"{\"name\": \"x\", ");
    let toml = write(dir.path(), "broken.toml", b"name = \n");
    for (file, says) in [(&json, "EOF while parsing"), (&toml, "TOML parse error")] {
        let o = pith(&["pipeline", "check", file.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(
            err.contains(&format!("{}: {says}", file.display())),
            "{err}"
        );
    }
    let upper = write(dir.path(), "p.TOML", b"name = \"x\"\n");
    let o = pith(&["pipeline", "check", upper.to_str().unwrap()], None);
    assert!(!stderr(&o).contains("expected value"), "{}", stderr(&o));
}

/// A TOML pipeline with a number that is not finite (`inf`, `nan`: TOML has them, JSON
/// has not) is refused with its place and the reason, not read as JSON's `null` ("invalid
/// type: null, expected f64", as it was).
#[test]
fn a_toml_pipeline_with_inf_or_nan_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let o = pith(&["pipeline", "show", "justext", "--toml"], None);
    assert!(o.status.success());
    let justext = String::from_utf8(o.stdout).unwrap();
    assert!(justext.contains("stopwords_high = 0.32"), "{justext}");
    for (number, says) in [
        ("inf", "inf is not a finite number"),
        ("nan", "nan is not a finite number"),
    ] {
        let text = justext.replace(
            "stopwords_high = 0.32",
            &format!("stopwords_high = {number}"),
        );
        let file = write(dir.path(), &format!("{number}.toml"), text.as_bytes());
        for args in [
            vec!["pipeline", "check", file.to_str().unwrap()],
            vec!["extract", "--pipeline", file.to_str().unwrap()],
        ] {
            let o = pith(&args, Some(PAGE.as_bytes()));
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            let err = stderr(&o);
            assert!(err.contains(".stopwords_high: "), "{args:?}: {err}");
            assert!(err.contains(says), "{args:?}: {err}");
            assert!(!err.contains("null"), "{args:?}: {err}");
        }
    }
}

/// A page that keeps no text and has a warning (jusText's English stoplist on an
/// Arabic page) says so on stderr in the per-page formats, which have no field for
/// warnings; not with `-q`, and not for a page that kept text.
#[test]
fn a_page_that_kept_nothing_says_why_in_the_text_formats() {
    let dir = tempfile::tempdir().unwrap();
    let arabic = "هذه فقرة طويلة باللغة العربية تتحدث عن تاريخ المدينة القديمة وأسواقها \
                  وشوارعها الضيقة التي يعرفها الناس منذ قرون. "
        .repeat(3);
    let ar = write(
        dir.path(),
        "ar.html",
        format!("<html><body><p>{arabic}</p></body></html>").as_bytes(),
    );
    let en = write(dir.path(), "en.html", PAGE.as_bytes());
    let o = pith(
        &["extract", "--preset", "justext", ar.to_str().unwrap()],
        None,
    );
    assert!(o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("ar.html: no text kept;") && err.contains("try the Arabic stoplist or auto"),
        "{err}"
    );
    let o = pith(
        &["extract", "--preset", "justext", "-q", ar.to_str().unwrap()],
        None,
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = pith(
        &["extract", "--preset", "justext", en.to_str().unwrap()],
        None,
    );
    assert!(!stderr(&o).contains("no text kept"), "{}", stderr(&o));
    // A page with no text at all, and so no warning, is named too (its Markdown was
    // empty and stderr silent).
    let empty = write(dir.path(), "empty.html", b"<html><body></body></html>");
    for format in ["text", "markdown"] {
        let o = pith(
            &["extract", "--format", format, empty.to_str().unwrap()],
            None,
        );
        assert!(o.status.success());
        assert!(
            stderr(&o).contains("empty.html: no text kept"),
            "{format}: {}",
            stderr(&o)
        );
    }
}

/// A threshold that is not a finite number is refused by the option itself, naming it,
/// not by the pipeline's loader naming a rule by its index.
#[test]
fn thresholds_are_finite_numbers() {
    for (option, value) in [
        ("--stopwords-low", "NaN"),
        ("--stopwords-high", "inf"),
        ("--max-link-density", "-inf"),
    ] {
        let option_value = format!("{option}={value}");
        let o = pith(&["extract", &option_value, "-"], Some(b"<p>x</p>"));
        assert_eq!(o.status.code(), Some(2), "{option}");
        let err = stderr(&o);
        assert!(
            err.contains(option) && err.contains("not a finite number"),
            "{err}"
        );
    }
}
