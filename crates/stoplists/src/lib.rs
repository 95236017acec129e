//! The 100 stoplists of jusText 3.0.2, embedded in the binary, plus stoplists
//! read from a user's file, parsed exactly as the Python reference does.
//!
//! ```
//! use pith_stoplists::{builtin, resolve, Stoplist};
//!
//! let english = builtin("English")?;
//! assert_eq!(english.name(), "English");
//! assert_eq!(english.len(), 453);
//! // Lookups are exact: lower-case a word first, as jusText does.
//! assert!(english.contains("the"));
//! assert!(!english.contains("The"));
//! assert!(english.contains(&"The".to_lowercase()));
//!
//! // `resolve` understands what the command line's `-s` accepts.
//! assert!(resolve("none")?.is_empty());
//! assert_eq!(resolve("embedded:German")?.name(), "German");
//!
//! // Unknown names come with suggestions.
//! let error = builtin("englsh").unwrap_err();
//! assert_eq!(error.to_string(), r#"unknown stoplist "englsh"; did you mean: English?"#);
//!
//! let mine = Stoplist::from_words("mine", ["Foo", "BAR"]);
//! assert!(mine.contains("bar"));
//! # Ok::<(), pith_stoplists::StoplistError>(())
//! ```
//!
//! # Where the lists come from
//!
//! The files under the workspace's `stoplists/` folder are the unmodified
//! `justext/stoplists/*.txt` of the jusText 3.0.2 wheel on PyPI (see
//! `stoplists/README.md` and `scripts/fetch_stoplists.sh`). They are embedded
//! with `include_bytes!` and each is parsed on first use, then cached for the
//! life of the process ([`builtin`] hands out an [`Arc`]).
//!
//! # Parsing
//!
//! * A **built-in** list is read as `justext.utils.get_stoplist` does:
//!   `frozenset(w.decode("utf8").lower() for w in data.splitlines())`. Lines
//!   end at `\n`, `\r\n` or `\r`; a final line break does not add an empty
//!   line, but an empty line between two breaks adds the empty string (none of
//!   the 100 files has one). Words are not stripped of spaces.
//! * A **user's file** ([`from_file`]) is read as the reference command line
//!   `python -m justext -s FILE` does: the file must be UTF-8, lines end where
//!   Python's `str.splitlines()` ends them (also at U+000B, U+000C,
//!   U+001C..=U+001E, U+0085, U+2028, U+2029), each line is stripped of
//!   surrounding whitespace (Python's notion of it, which also covers
//!   U+001C..=U+001F) and lower-cased. A blank line adds the empty string, as it
//!   does in the reference; the empty string never matches a word, but it makes
//!   a file of blank lines a non-empty list (jusText switches to its
//!   language-independent mode only for an *empty* list).
//!
//! Lower-casing uses Rust's [`str::to_lowercase`], which gives the same words
//! as Python's `str.lower()` for all 100 built-in lists (a test compares every
//! list with the sets Python produces).
//!
//! # Case
//!
//! [`Stoplist::contains`] does no case folding: callers pass an already
//! lower-cased word (jusText lower-cases each word with `str.lower()` before
//! the lookup). Stoplist *names* are case-sensitive too (`"English"`, not
//! `"english"`), as in the reference; [`close_names`] suggests the right
//! spelling.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use rustc_hash::FxHashSet as HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

mod lower;
mod parse;
mod suggest;
mod table;

pub use lower::push_lowercase;

use table::{BUILTIN, EXTRA};

/// A set of lower-cased stop words, with the name it was loaded under.
///
/// Built-in lists come from [`builtin`] or [`resolve`], lists from a file from
/// [`from_file`], and any other list from [`Stoplist::from_words`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stoplist {
    name: String,
    /// FxHash rather than SipHash: every word of every paragraph is looked up, and
    /// the set itself comes from a stoplist, not from the page, so there is no
    /// flooding to defend against.
    words: HashSet<String>,
}

impl Stoplist {
    /// The empty stoplist, named `"none"`.
    ///
    /// With an empty stoplist jusText runs in its language-independent mode.
    ///
    /// ```
    /// let none = pith_stoplists::Stoplist::empty();
    /// assert!(none.is_empty());
    /// assert_eq!(none.name(), "none");
    /// ```
    pub fn empty() -> Stoplist {
        Stoplist {
            name: "none".to_owned(),
            words: HashSet::default(),
        }
    }

    /// Whether `lowercased_word` is in the list.
    ///
    /// The lookup is exact: the caller lower-cases the word first (with
    /// [`str::to_lowercase`]), just as jusText does `word.lower() in
    /// stopwords`.
    ///
    /// ```
    /// let english = pith_stoplists::builtin("English").unwrap();
    /// assert!(english.contains("about"));
    /// assert!(!english.contains("About"));
    /// ```
    pub fn contains(&self, lowercased_word: &str) -> bool {
        self.words.contains(lowercased_word)
    }

    /// The number of distinct words (the empty string counts if present).
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list has no word at all.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The name the list was loaded under: the built-in name (`"English"`),
    /// `"file:"` followed by the path for a file, `"none"` for the empty list,
    /// or whatever was given to [`Stoplist::from_words`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The words, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(String::as_str)
    }

    /// Builds a list named `name` from `words`, lower-casing each word with
    /// [`str::to_lowercase`] (as jusText's `define_stoplist` does with a
    /// stoplist passed to `justext()`). Words are not stripped, and duplicates
    /// collapse.
    ///
    /// ```
    /// let list = pith_stoplists::Stoplist::from_words("mine", ["A", "a", "B"]);
    /// assert_eq!(list.len(), 2);
    /// assert!(list.contains("a") && list.contains("b"));
    /// ```
    pub fn from_words<N, I, S>(name: N, words: I) -> Stoplist
    where
        N: Into<String>,
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Stoplist {
            name: name.into(),
            words: words
                .into_iter()
                .map(|w| w.as_ref().to_lowercase())
                .collect(),
        }
    }
}

impl Default for Stoplist {
    /// The same as [`Stoplist::empty`].
    fn default() -> Stoplist {
        Stoplist::empty()
    }
}

/// Why a stoplist could not be had.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum StoplistError {
    /// The name is neither a built-in stoplist nor (for [`resolve`]) a file.
    #[error("{}", UnknownMessage { name, suggestions })]
    Unknown {
        /// The name as given.
        name: String,
        /// Built-in names close to it, best first (see [`close_names`]);
        /// possibly empty.
        suggestions: Vec<String>,
    },
    /// A stoplist file could not be read.
    #[error("cannot read stoplist file {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A stoplist is not valid UTF-8.
    #[error("stoplist file {} is not valid UTF-8 (line {line})", path.display())]
    InvalidUtf8 {
        /// The file (for a built-in list: `embedded:Name`).
        path: PathBuf,
        /// The 1-based number of the line holding the first invalid byte.
        line: usize,
    },
}

/// Formats the message of [`StoplistError::Unknown`].
struct UnknownMessage<'a> {
    name: &'a str,
    suggestions: &'a [String],
}

impl fmt::Display for UnknownMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown stoplist \"{}\"", self.name)?;
        if self.suggestions.is_empty() {
            write!(
                f,
                "; it is neither a file nor one of the {} built-in stoplists",
                BUILTIN.len()
            )
        } else {
            write!(f, "; did you mean: {}?", self.suggestions.join(", "))
        }
    }
}

/// The names of the 100 built-in stoplists, sorted in code-point order (the
/// order of Python's `sorted(get_stoplists())`, which the reference command
/// line's `--list-stoplists` prints).
///
/// ```
/// let names: Vec<&str> = pith_stoplists::names().collect();
/// assert_eq!(names.len(), 100);
/// assert_eq!(names[0], "Afrikaans");
/// assert!(names.contains(&"English"));
/// ```
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    BUILTIN.iter().map(|&(name, _)| name)
}

/// The names of pith's own stoplists for languages jusText has none for
/// (`Chinese`, `Japanese`: single characters, built from wordfreq's data; see
/// `stoplists/wordfreq/README.md`). [`builtin`] and [`resolve`] find them by name like
/// the 100; [`names`] keeps to jusText's list, as the reference's `--list-stoplists`.
///
/// ```
/// let extra: Vec<&str> = pith_stoplists::extra_names().collect();
/// assert_eq!(extra, ["Chinese", "Japanese"]);
/// assert!(pith_stoplists::builtin("Japanese").unwrap().contains("の"));
/// ```
pub fn extra_names() -> impl Iterator<Item = &'static str> + Clone {
    EXTRA.iter().map(|&(name, _)| name)
}

/// Whether `name` is one of pith's lists of single characters (`Chinese`, `Japanese`:
/// [`extra_names`]), whose words are counted per character, as `stoplist: "auto"`
/// counts them on such pages.
///
/// ```
/// assert!(pith_stoplists::is_character_list("Chinese"));
/// assert!(!pith_stoplists::is_character_list("English"));
/// ```
pub fn is_character_list(name: &str) -> bool {
    extra_names().any(|n| n == name)
}

/// One cache cell per built-in list: the parsed list, or the 1-based line of
/// the first invalid UTF-8 byte.
type Cell = OnceLock<Result<Arc<Stoplist>, usize>>;

/// The parsed built-in lists, in [`BUILTIN`] order.
static CACHE: [Cell; BUILTIN.len()] = [const { OnceLock::new() }; BUILTIN.len()];

/// The parsed lists of [`EXTRA`], in its order.
static EXTRA_CACHE: [Cell; EXTRA.len()] = [const { OnceLock::new() }; EXTRA.len()];

/// The built-in stoplist called `name` (exact case, e.g. `"English"`).
///
/// The list is parsed on the first call for that name and shared afterwards;
/// every call returns a clone of the same [`Arc`].
///
/// # Errors
///
/// [`StoplistError::Unknown`] with suggestions from [`close_names`] when no
/// built-in list has that exact name.
///
/// ```
/// use std::sync::Arc;
/// let a = pith_stoplists::builtin("Czech").unwrap();
/// let b = pith_stoplists::builtin("Czech").unwrap();
/// assert!(Arc::ptr_eq(&a, &b));
/// assert!(pith_stoplists::builtin("czech").is_err());
/// ```
pub fn builtin(name: &str) -> Result<Arc<Stoplist>, StoplistError> {
    let find = |table: &[(&str, &[u8])]| {
        table
            .binary_search_by(|&(candidate, _)| candidate.cmp(name))
            .ok()
    };
    let (table, cache, index) = match (find(BUILTIN), find(EXTRA)) {
        (Some(i), _) => (BUILTIN, &CACHE[..], i),
        (None, Some(i)) => (EXTRA, &EXTRA_CACHE[..], i),
        (None, None) => return Err(unknown(name)),
    };
    let (name, data) = table[index];
    let parsed = cache[index].get_or_init(|| {
        parse::parse_builtin(data).map(|words| {
            Arc::new(Stoplist {
                name: name.to_owned(),
                words,
            })
        })
    });
    match parsed {
        Ok(list) => Ok(Arc::clone(list)),
        Err(line) => Err(StoplistError::InvalidUtf8 {
            path: PathBuf::from(format!("embedded:{name}")),
            line: *line,
        }),
    }
}

/// Reads a stoplist from a user's file, as the reference command line's
/// `-s FILE` does: UTF-8, one word per line, each line stripped of surrounding
/// whitespace and lower-cased (see the [crate docs](crate#parsing) for the
/// details, including blank lines). The list is named `file:` followed by
/// `path`.
///
/// # Errors
///
/// [`StoplistError::Io`] when the file cannot be read,
/// [`StoplistError::InvalidUtf8`] (with the line number) when it is not UTF-8.
pub fn from_file(path: &Path) -> Result<Stoplist, StoplistError> {
    let data = std::fs::read(path).map_err(|source| StoplistError::Io {
        path: path.to_owned(),
        source,
    })?;
    let words = parse::parse_user_file(&data).map_err(|line| StoplistError::InvalidUtf8 {
        path: path.to_owned(),
        line,
    })?;
    Ok(Stoplist {
        name: format!("file:{}", path.display()),
        words,
    })
}

/// Turns a stoplist specification, as given to the command line's `-s`, into
/// a stoplist. Tried in this order:
///
/// 1. `none` in any case: the empty list (named `"none"`);
/// 2. the path of an existing file: [`from_file`] (the reference checks for a
///    file before it looks at the built-in names);
/// 3. `file:PATH`: [`from_file`] on `PATH`;
/// 4. `embedded:Name`: [`builtin`] on `Name`;
/// 5. a built-in name (exact case), jusText's or pith's own (`Chinese`,
///    `Japanese`: [`extra_names`]): [`builtin`];
/// 6. anything with a path separator (`/`, or `\` on Windows): [`from_file`],
///    which reports the missing file;
/// 7. else [`StoplistError::Unknown`] with suggestions.
///
/// A file list is freshly read on every call; built-in lists are shared.
///
/// # Errors
///
/// Those of [`from_file`] and [`builtin`], and [`StoplistError::Unknown`].
///
/// ```
/// let english = pith_stoplists::resolve("English").unwrap();
/// assert_eq!(english.name(), "English");
/// assert_eq!(pith_stoplists::resolve("NONE").unwrap().name(), "none");
/// // The lists pith adds to jusText's, as `-s Chinese` names them.
/// assert_eq!(pith_stoplists::resolve("Chinese").unwrap().name(), "Chinese");
/// assert_eq!(pith_stoplists::resolve("Japanese").unwrap().name(), "Japanese");
/// ```
pub fn resolve(spec: &str) -> Result<Arc<Stoplist>, StoplistError> {
    if spec.to_lowercase() == "none" {
        return Ok(Arc::new(Stoplist::empty()));
    }
    let as_path = Path::new(spec);
    if as_path.is_file() {
        return from_file(as_path).map(Arc::new);
    }
    if let Some(path) = spec.strip_prefix("file:") {
        return from_file(Path::new(path)).map(Arc::new);
    }
    if let Some(name) = spec.strip_prefix("embedded:") {
        return builtin(name);
    }
    if (BUILTIN.iter().chain(EXTRA)).any(|&(name, _)| name == spec) {
        return builtin(spec);
    }
    if spec.contains('/') || spec.contains(std::path::MAIN_SEPARATOR) {
        return from_file(as_path).map(Arc::new);
    }
    Err(unknown(spec))
}

/// Built-in names that `name` may have meant, best first, at most five:
/// names equal to it ignoring case (and spaces or hyphens for underscores)
/// first, then names within a small edit distance (about one typo per three
/// characters, transpositions counting as one), then names it is a prefix of,
/// then names containing it. Empty when nothing is close.
///
/// ```
/// use pith_stoplists::close_names;
/// assert_eq!(close_names("english")[0], "English");
/// assert_eq!(close_names("englsh"), ["English"]);
/// assert_eq!(close_names("norwegian"), ["Norwegian_Bokmal", "Norwegian_Nynorsk"]);
/// assert!(close_names("xyzzy").is_empty());
/// ```
pub fn close_names(name: &str) -> Vec<&'static str> {
    suggest::close_names(name, names().chain(extra_names()))
}

/// The [`StoplistError::Unknown`] error for `name`.
fn unknown(name: &str) -> StoplistError {
    StoplistError::Unknown {
        name: name.to_owned(),
        suggestions: close_names(name).into_iter().map(str::to_owned).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace's `stoplists/` folder.
    fn stoplists_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../stoplists")
    }

    /// The checked-in table in `table.rs` must list exactly the `*.txt` files
    /// of `stoplists/`, in code-point order, with their exact bytes.
    #[test]
    fn table_matches_stoplists_folder() {
        let mut on_disk: Vec<String> = std::fs::read_dir(stoplists_dir())
            .expect("stoplists/ folder")
            .map(|entry| entry.expect("directory entry").file_name())
            .filter_map(|file| file.to_str()?.strip_suffix(".txt").map(str::to_owned))
            .collect();
        on_disk.sort();
        let in_table: Vec<&str> = names().collect();
        assert_eq!(
            in_table, on_disk,
            "src/table.rs is out of date with the stoplists/ folder"
        );
        for &(name, data) in BUILTIN {
            let file = std::fs::read(stoplists_dir().join(format!("{name}.txt"))).unwrap();
            assert_eq!(data, &file[..], "{name}.txt differs from the embedded copy");
        }
    }

    /// [`EXTRA`] embeds exactly the files of `stoplists/wordfreq/`, sorted.
    #[test]
    fn extra_table_matches_wordfreq_folder() {
        let dir = stoplists_dir().join("wordfreq");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("stoplists/wordfreq/ folder")
            .map(|entry| entry.expect("directory entry").file_name())
            .filter_map(|file| file.to_str()?.strip_suffix(".txt").map(str::to_owned))
            .collect();
        on_disk.sort();
        assert_eq!(extra_names().collect::<Vec<_>>(), on_disk);
        for &(name, data) in EXTRA {
            let file = std::fs::read(dir.join(format!("{name}.txt"))).unwrap();
            assert_eq!(data, &file[..], "{name}.txt differs from the embedded copy");
            assert!(!builtin(name).unwrap().is_empty());
        }
    }

    #[test]
    fn names_are_sorted_and_unique() {
        let names: Vec<&str> = names().collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(names.len(), 100);
    }
}
