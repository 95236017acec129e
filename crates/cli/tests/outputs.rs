//! Issue 14, bug 6: several inputs in a per-page format are told apart by a line that
//! names each source, and `--output-dir DIR` writes one file per input.

mod common;
use common::{pith, write};

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
}
