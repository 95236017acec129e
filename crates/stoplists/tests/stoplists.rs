//! Tests of the public API of `pith_stoplists`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pith_stoplists::{builtin, close_names, from_file, names, resolve, Stoplist, StoplistError};

/// One row of `tests/data/python_counts.tsv`.
struct Expected {
    lines: usize,
    words: usize,
    fingerprint: u64,
}

/// What jusText 3.0.2's `get_stoplist` gives for each built-in list, recorded
/// by `tests/data/gen_python_counts.py`.
fn python_expectations() -> HashMap<String, Expected> {
    let text = include_str!("data/python_counts.tsv");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "bad row {line:?}");
            (
                fields[0].to_owned(),
                Expected {
                    lines: fields[1].parse().unwrap(),
                    words: fields[2].parse().unwrap(),
                    fingerprint: u64::from_str_radix(fields[3], 16).unwrap(),
                },
            )
        })
        .collect()
}

/// FNV-1a 64 of the words sorted by code point, each followed by `\n`, as
/// `gen_python_counts.py` computes it.
fn fingerprint(list: &Stoplist) -> u64 {
    let mut words: Vec<&str> = list.iter().collect();
    // Byte order of UTF-8 is code-point order, Python's sort order for str.
    words.sort_unstable();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for word in words {
        for &byte in word.as_bytes().iter().chain(b"\n") {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// A scratch file in a temporary directory of its own, removed with it on drop. (One
/// directory shared by the tests raced: a test that removed it as another created it
/// failed the other's `create_dir_all`.)
struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempFile {
    fn new(tag: &str, contents: &[u8]) -> TempFile {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{tag}.txt"));
        std::fs::write(&path, contents).unwrap();
        TempFile { _dir: dir, path }
    }

    fn path(&self) -> &Path {
        &self.path
    }
}

#[test]
fn all_100_builtins_parse_with_their_own_name() {
    let names: Vec<&str> = names().collect();
    assert_eq!(names.len(), 100);
    for name in names {
        let list = builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(list.name(), name);
        assert!(!list.is_empty(), "{name} is empty");
        assert!(!list.contains(""), "{name} has an empty line");
    }
}

#[test]
fn names_match_pythons_sorted_order() {
    let expected = python_expectations();
    let mut python_names: Vec<&str> = expected.keys().map(String::as_str).collect();
    python_names.sort_unstable();
    let ours: Vec<&str> = names().collect();
    assert_eq!(ours, python_names);
}

#[test]
fn word_sets_equal_pythons_get_stoplist() {
    let expected = python_expectations();
    assert_eq!(expected.len(), 100);
    for name in names() {
        let want = &expected[name];
        let list = builtin(name).unwrap();
        assert_eq!(list.len(), want.words, "{name}: distinct word count");
        assert_eq!(fingerprint(&list), want.fingerprint, "{name}: word set");
        // Each file ends with "\n" and has only "\n" breaks, so Python's line
        // count is the number of "\n" bytes (no empty last line is added).
        let data = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../stoplists/{name}.txt")),
        )
        .unwrap();
        let newlines = data.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(newlines, want.lines, "{name}: line count");
    }
}

#[test]
fn english_basics() {
    let english = builtin("English").unwrap();
    assert_eq!(english.len(), 453);
    for word in ["the", "a", "and", "of", "which"] {
        assert!(english.contains(word), "{word}");
    }
    // The caller lower-cases: no case folding inside.
    assert!(!english.contains("The"));
    assert!(!english.contains("THE"));
    assert!(english.contains(&"THE".to_lowercase()));
    assert!(!english.contains("pith"));
}

#[test]
fn builtin_is_cached() {
    let a = builtin("English").unwrap();
    let b = builtin("English").unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    let c = resolve("embedded:English").unwrap();
    assert!(Arc::ptr_eq(&a, &c));
}

#[test]
fn builtin_names_are_case_sensitive() {
    match builtin("english") {
        Err(StoplistError::Unknown { name, suggestions }) => {
            assert_eq!(name, "english");
            assert_eq!(suggestions.first().map(String::as_str), Some("English"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn unknown_names_get_suggestions() {
    assert_eq!(close_names("englsh"), ["English"]);
    assert_eq!(close_names("english")[0], "English");
    assert_eq!(close_names("ENGLISH")[0], "English");
    assert_eq!(close_names("simple english")[0], "Simple_English");
    assert_eq!(close_names("Germna")[0], "German");
    assert_eq!(
        close_names("norwegian"),
        ["Norwegian_Bokmal", "Norwegian_Nynorsk"]
    );
    assert!(close_names("bokmal").contains(&"Norwegian_Bokmal"));
    assert!(close_names("qqqqqqq").is_empty());
    assert!(close_names("").is_empty());
    // Never more than five.
    assert!(close_names("an").len() <= 5);
    assert!(close_names("s").len() <= 5);

    let error = builtin("englsh").unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"unknown stoplist "englsh"; did you mean: English?"#
    );
    let error = resolve("Klingon").unwrap_err();
    assert!(matches!(&error, StoplistError::Unknown { suggestions, .. } if suggestions.is_empty()));
    assert_eq!(
        error.to_string(),
        r#"unknown stoplist "Klingon"; it is neither a file nor one of the 100 built-in stoplists"#
    );
}

#[test]
fn none_is_the_empty_list() {
    for spec in ["none", "None", "NONE", "nOnE"] {
        let list = resolve(spec).unwrap();
        assert!(list.is_empty());
        assert_eq!(list.len(), 0);
        assert_eq!(list.name(), "none");
    }
    assert_eq!(*resolve("none").unwrap(), Stoplist::empty());
    assert_eq!(Stoplist::default(), Stoplist::empty());
}

#[test]
fn file_with_crlf_blank_lines_and_spaces() {
    let file = TempFile::new(
        "crlf",
        "  Foo \r\nBAR\r\n\r\n\t baz\t\n   \nŽluťoučký\rQux\r\n".as_bytes(),
    );
    let list = from_file(file.path()).unwrap();
    assert_eq!(list.name(), format!("file:{}", file.path().display()));
    for word in ["foo", "bar", "baz", "žluťoučký", "qux"] {
        assert!(list.contains(word), "{word}");
    }
    // Blank and whitespace-only lines give "" (as in the reference), which
    // never matches a word of a paragraph.
    assert!(list.contains(""));
    assert_eq!(list.len(), 6);
    assert!(!list.contains("Foo"));
    assert!(!list.contains("  foo "));
}

#[test]
fn file_splits_and_strips_like_python() {
    // Python's str.splitlines() also breaks at \x0b, \x0c, \x1c-\x1e, \x85,
    // \u2028, \u2029; str.strip() also removes \x1f. A BOM is kept.
    let file = TempFile::new(
        "python",
        "\u{feff}A\x0bB\x0cC\x1cD\u{85}E\u{2028}F\u{2029}G\x1f\u{3000}\nH I\n".as_bytes(),
    );
    let list = from_file(file.path()).unwrap();
    let mut words: Vec<&str> = list.iter().collect();
    words.sort_unstable();
    assert_eq!(words, ["b", "c", "d", "e", "f", "g", "h i", "\u{feff}a"]);
}

#[test]
fn file_without_blank_lines_or_final_newline() {
    let file = TempFile::new("plain", b"one\ntwo");
    let list = from_file(file.path()).unwrap();
    assert_eq!(list.len(), 2);
    assert!(!list.contains(""));
    let empty = TempFile::new("empty", b"");
    let list = from_file(empty.path()).unwrap();
    assert!(list.is_empty());
}

#[test]
fn file_with_invalid_utf8() {
    let file = TempFile::new("invalid", b"good\r\nalso good\n\xffbad\n");
    match from_file(file.path()) {
        Err(StoplistError::InvalidUtf8 { path, line }) => {
            assert_eq!(path, file.path());
            assert_eq!(line, 3);
        }
        other => panic!("{other:?}"),
    }
    let message = from_file(file.path()).unwrap_err().to_string();
    assert!(message.contains("line 3"), "{message}");
    assert!(
        message.contains(&file.path().display().to_string()),
        "{message}"
    );
}

#[test]
fn missing_file() {
    let path = std::env::temp_dir().join("pith-stoplists-test-does-not-exist.txt");
    match from_file(&path) {
        Err(StoplistError::Io { path: p, source }) => {
            assert_eq!(p, path);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("{other:?}"),
    }
    // A spec that looks like a path reports the missing file, not an unknown name.
    let spec = path.to_str().unwrap();
    assert!(matches!(resolve(spec), Err(StoplistError::Io { .. })));
    let spec = format!("file:{spec}");
    assert!(matches!(resolve(&spec), Err(StoplistError::Io { .. })));
}

#[test]
fn resolve_order() {
    let file = TempFile::new("resolve", b"Alpha\nBeta\n");
    let spec = file.path().to_str().unwrap();

    let list = resolve(spec).unwrap();
    assert_eq!(list.len(), 2);
    assert!(list.contains("alpha"));

    let list = resolve(&format!("file:{spec}")).unwrap();
    assert_eq!(list.len(), 2);

    assert_eq!(resolve("English").unwrap().len(), 453);
    assert_eq!(resolve("embedded:Greek").unwrap().name(), "Greek");
    assert!(matches!(
        resolve("embedded:greek"),
        Err(StoplistError::Unknown { .. })
    ));
}

#[test]
fn from_words_lower_cases() {
    let list = Stoplist::from_words("custom", vec!["Ünïcode".to_owned(), "ΣΟΦΟΣ".to_owned()]);
    assert_eq!(list.name(), "custom");
    assert!(list.contains("ünïcode"));
    // Final sigma, as Python's str.lower() does it.
    assert!(list.contains("\u{3c3}\u{3bf}\u{3c6}\u{3bf}\u{3c2}"));
    assert!(Stoplist::from_words("x", Vec::<&str>::new()).is_empty());
}

#[test]
fn errors_are_send_sync_and_displayable() {
    fn assert_traits<T: std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<StoplistError>();
}
