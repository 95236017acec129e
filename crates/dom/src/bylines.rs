//! The author a page's byline names, for pages whose `<meta>` tags and JSON-LD name
//! none: `By Martha Ellison, Local Affairs Reporter`, `Posted by Seth Godin on July 15,
//! 2012`, `Written by: Jane Doe | June 3`.
//!
//! Read from the text a reader sees, not from class names: the lean parse keeps only
//! the attributes a pipeline's stages read (decision 0007), so a rule on `class` or
//! `rel` would find authors with one preset and not with another. A byline is a short
//! line (the text between two block-level boundaries, at most [`BYLINE_CHARS`]
//! characters) that starts with a cue (`by`, `written by`, `posted by`, `author`, …,
//! then perhaps `:` or `-`) followed by a name of two to four capitalised words
//! (particles such as `van` or `de` allowed inside), which ends the line or is followed
//! by punctuation, a digit, a word such as `on`, `and`, `in`, or a word no name has
//! ([`NOT_NAME_WORDS`]: months, days, `Published`, `Staff`, …). `X and Y` gives `X; Y`,
//! as JSON-LD authors are joined. The first byline of the page counts, unless it comes
//! below a comments heading that follows the article's text: that is a commenter's.
//!
//! The lines are read word by word rather than with a regular expression: with
//! Unicode's letter classes, compiling one took about 24 × 10⁶ instructions, more than
//! reading every page of a 40-page run (decision 0018).

use crate::tree::{Document, Edge, NodeData};

/// The longest line (in characters, whitespace runs counted as one) read as a byline:
/// a byline, not a paragraph that says "by".
pub const BYLINE_CHARS: usize = 100;

/// The most bytes [`BYLINE_CHARS`] characters take in UTF-8.
const MAX_LINE_BYTES: usize = 4 * BYLINE_CHARS;

/// Whether an element does not end a line: a byline is often `By <a>Jane Doe</a>`.
/// (A `match`, not a list: it runs on every element of every page without an author.)
fn is_inline(name: &str) -> bool {
    matches!(
        name,
        "a" | "abbr"
            | "address"
            | "b"
            | "bdi"
            | "cite"
            | "em"
            | "font"
            | "i"
            | "label"
            | "mark"
            | "small"
            | "span"
            | "strong"
            | "sub"
            | "sup"
            | "time"
            | "u"
    )
}

/// The cues, as lower-case words.
const CUES: &[&[&str]] = &[
    &["by"],
    &["written", "by"],
    &["posted", "by"],
    &["words", "by"],
    &["reported", "by"],
    &["story", "by"],
    &["author"],
];

/// Lower-case words a name may have inside it (`Jane van der Berg`).
const PARTICLES: &[&str] = &[
    "van", "von", "de", "der", "den", "da", "di", "du", "la", "le", "bin", "al", "el",
];

/// Lower-case words that may follow a name (`By Jane Doe on Monday`).
const JOINERS: &[&str] = &["on", "and", "&", "in", "at", "for", "from", "is", "was"];

/// Punctuation that may follow a name, on its own or at the end of its last word.
const NAME_END_PUNCTUATION: &[char] = &[',', '|', '·', '•', '-', '–', '—', '/', '(', ';'];

/// Capitalised words that end a name: months and days (`Posted by Spencer Rascoff Nov
/// 5`), what a byline says next (`By Alex Hern Published 12 March`, `By Keith Griffith
/// For Dailymail.com`) and roles (`By Jane Doe Staff Writer`).
const NOT_NAME_WORDS: &[&str] = &[
    "By",
    "For",
    "And",
    "From",
    "In",
    "At",
    "On",
    "The",
    "With",
    "Published",
    "Updated",
    "Posted",
    "Staff",
    "Writer",
    "Reporter",
    "Editor",
    "Correspondent",
    "Contributor",
    "Photos",
    "Photo",
    "January",
    "February",
    "March",
    "April",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Sept",
    "Oct",
    "Nov",
    "Dec",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// The line being read, between two block-level boundaries.
enum Line {
    /// No visible character yet.
    Empty,
    /// It starts with a cue or a word that may head comments: its words so far, each
    /// followed by one space.
    Read(String),
    /// It starts otherwise, so it is neither.
    Skipped,
}

/// The author named by the first byline of the page, or `None`.
///
/// A byline is a line of the visible text (between two block-level boundaries; inline
/// elements such as `<a>` and `<span>` do not end it) of at most [`BYLINE_CHARS`]
/// characters that starts with `by`, `written by`, `posted by`, `words by`, `reported
/// by`, `story by` or `author` (any case, perhaps with `:` or `-`) and goes on with a
/// name of two to four capitalised words (`van`, `de` and other particles inside). The
/// name must end the line or be followed by punctuation, a digit, an e-mail address, a
/// word such as `on`, `and`, `in`, or a month, a day or a word such as `Published` or
/// `Staff`. A name in capitals ends where the capitals do (`JOANN LOVIGLIO Associated
/// Press`). Two authors (`By Madison Park and Kyung Lah, CNN`) are joined with `; `.
/// Reading stops at a comments heading (`Comments`, `12 Responses to …`, `Leave a
/// Reply`) that comes after about two paragraphs of prose: the bylines below it are
/// commenters'.
///
/// ```
/// let doc = pith_dom::parse_html(
///     "<p>Menu</p><p class=x>By <a href='/m'>Martha Ellison</a>, Local Affairs Reporter</p>\
///      <p>When the spring flood of last year tore the middle span off the footbridge.</p>",
/// );
/// assert_eq!(pith_dom::bylined_in_text(&doc).as_deref(), Some("Martha Ellison"));
/// ```
pub fn bylined_in_text(doc: &Document) -> Option<String> {
    let mut inside_unseen = 0usize;
    let mut line = Line::Empty;
    // Bytes of the line so far, and of the long lines (prose) before it.
    let mut line_bytes = 0usize;
    let mut prose_bytes = 0usize;
    for edge in doc.traverse(doc.root()) {
        let (id, opens) = match edge {
            Edge::Open(id) => (id, true),
            Edge::Close(id) => (id, false),
        };
        match doc.data(id) {
            NodeData::Element(_) if crate::metadata::is_unseen(doc, id) => {
                if opens {
                    inside_unseen += 1;
                } else {
                    inside_unseen -= 1;
                }
            }
            NodeData::Element(el) if !is_inline(el.name()) => {
                if let Line::Read(words) = &line {
                    // Bylines below a comments heading after the article's text are
                    // commenters'. (A heading before it is a link to them: `Comments
                    // (12)` beside the headline.)
                    if prose_bytes >= PROSE_BEFORE_COMMENTS && heads_comments(words) {
                        return None;
                    }
                    if let Some(author) = byline(words) {
                        return Some(author);
                    }
                }
                if line_bytes >= PROSE_LINE_BYTES {
                    prose_bytes += line_bytes;
                }
                line_bytes = 0;
                line = Line::Empty;
            }
            NodeData::Text(text) if opens && inside_unseen == 0 => {
                line_bytes += text.len();
                if let Line::Empty = line {
                    // Most lines are decided by their first word: no cue, no byline.
                    match text.split_whitespace().next() {
                        None => continue,
                        Some(first) if starts_a_cue(first) || may_head_comments(first) => {
                            line = Line::Read(String::new())
                        }
                        Some(_) => line = Line::Skipped,
                    }
                }
                if let Line::Read(words) = &mut line {
                    // A line longer than a byline is only remembered as too long.
                    for word in text.split_whitespace() {
                        if words.len() > MAX_LINE_BYTES {
                            break;
                        }
                        words.push_str(word);
                        words.push(' ');
                    }
                }
            }
            _ => {}
        }
    }
    match line {
        Line::Read(words) => byline(&words),
        _ => None,
    }
}

/// A line of at least this many bytes is prose, a paragraph of the article (or of a
/// comment).
const PROSE_LINE_BYTES: usize = 200;

/// How much prose (about two paragraphs) must come before a comments heading for the
/// bylines below it to be taken for commenters'.
const PROSE_BEFORE_COMMENTS: usize = 500;

/// The first words of the headings that open a comment section, lower-case.
const COMMENTS_HEADING_STARTS: &[&str] = &[
    "comments",
    "comment",
    "responses",
    "replies",
    "reactions",
    "discussion",
    "leave",
    "post",
    "add",
    "write",
    "join",
    "reader",
    "readers",
];

/// The words those headings are about (`Leave a reply`, `Reader comments`).
const COMMENTS_WORDS: &[&str] = &[
    "comment",
    "comments",
    "reply",
    "replies",
    "response",
    "responses",
    "reactions",
    "discussion",
];

/// Whether a line's first word may start a comments heading: one of
/// [`COMMENTS_HEADING_STARTS`], or a number (`12 Comments`).
fn may_head_comments(word: &str) -> bool {
    let word = word.trim_end_matches(|c: char| !c.is_alphanumeric());
    word.bytes().all(|b| b.is_ascii_digit())
        || COMMENTS_HEADING_STARTS
            .iter()
            .any(|start| start.eq_ignore_ascii_case(word))
}

/// Whether a line heads a comment section: at most six words, which start as
/// [`may_head_comments`] says and have a word of [`COMMENTS_WORDS`] among their first
/// four (`Comments`, `12 Responses to "…"`, `Leave a Reply`, `Reader comments (3)`,
/// `Join the discussion`).
fn heads_comments(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() <= 6
        && words.first().is_some_and(|w| may_head_comments(w))
        && words.iter().take(4).any(|w| {
            let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
            COMMENTS_WORDS.iter().any(|c| c.eq_ignore_ascii_case(bare))
        })
}

/// Whether a line's first word may begin a cue (`By`, `by:`, `Written`, `AUTHOR:`).
fn starts_a_cue(word: &str) -> bool {
    let word = word.trim_end_matches([':', '-']);
    CUES.iter().any(|cue| cue[0].eq_ignore_ascii_case(word))
}

/// The author of one line (its words each followed by one space), when it is a byline.
fn byline(line: &str) -> Option<String> {
    let line = line.trim_end();
    if line.len() > MAX_LINE_BYTES || line.chars().count() > BYLINE_CHARS {
        return None;
    }
    let words = tokens(line);
    let at = after_cue(&words)?;
    let (first, next) = name_at(&words, at)?;
    let second = match words.get(next) {
        Some(&joiner) if joiner == "and" || joiner == "&" => name_at(&words, next + 1),
        _ => None,
    };
    match second {
        Some((second, _)) => Some(format!("{first}; {second}")),
        None => Some(first),
    }
}

/// The line's words, with the punctuation that may end a name as words of their own
/// (`Caroom/The` is `Caroom`, `/`, `The`), but for a hyphen, which joins names
/// (`Pretor-Pinney`).
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in line.split(' ') {
        let mut start = 0;
        for (i, c) in word.char_indices() {
            if c != '-' && NAME_END_PUNCTUATION.contains(&c) {
                out.extend([&word[start..i], &word[i..i + c.len_utf8()]]);
                start = i + c.len_utf8();
            }
        }
        out.push(&word[start..]);
    }
    out.retain(|w| !w.is_empty());
    out
}

/// Where the name starts after the line's cue (and a `:` or `-` after it), if the line
/// starts with one.
fn after_cue(words: &[&str]) -> Option<usize> {
    let cue = CUES.iter().find(|cue| {
        cue.iter().enumerate().all(|(i, cue_word)| {
            let word = words.get(i).copied().unwrap_or("");
            // The cue's last word may carry the `:` or `-`.
            let word = match i + 1 == cue.len() {
                true => word.trim_end_matches([':', '-']),
                false => word,
            };
            word.eq_ignore_ascii_case(cue_word)
        })
    })?;
    let at = cue.len();
    Some(match words.get(at) {
        Some(&":") | Some(&"-") => at + 1,
        _ => at,
    })
}

/// The name of two to four words starting at `words[at]`, and where what follows it
/// starts, when what follows may follow a name (see the module's documentation).
fn name_at(words: &[&str], at: usize) -> Option<(String, usize)> {
    let mut name: Vec<&str> = Vec::new();
    let mut next = at;
    let mut ended_by_punctuation = false;
    while let Some(&word) = words.get(next) {
        let bare = word.trim_end_matches(NAME_END_PUNCTUATION);
        let punctuated = bare.len() < word.len();
        if name.len() == 4 || !is_name_word(bare, &name) {
            break;
        }
        name.push(bare);
        next += 1;
        if punctuated {
            ended_by_punctuation = true;
            break;
        }
    }
    // A name ends with a capitalised word, not a particle.
    while name.last().is_some_and(|w| PARTICLES.contains(w)) {
        name.pop();
        next -= 1;
        ended_by_punctuation = false;
    }
    let followed = ended_by_punctuation || words.get(next).is_none_or(|&w| may_follow(w, &name));
    (name.len() >= 2 && followed).then(|| (without_full_stop(&name.join(" ")), next))
}

/// A name less the full stop of the sentence it ended (`By Jane Doe.`), but not the
/// dot of a last initial (`Leslie W.`).
fn without_full_stop(name: &str) -> String {
    let last = name.rsplit(' ').next().unwrap_or(name);
    match last.trim_end_matches('.').chars().count() {
        1 => name.to_owned(),
        _ => name.trim_end_matches('.').to_owned(),
    }
}

/// Whether `word` (its trailing punctuation cut) continues the name so far.
fn is_name_word(word: &str, name: &[&str]) -> bool {
    let word_bare = word.trim_end_matches('.');
    if NOT_NAME_WORDS.contains(&word_bare) || ends_capitals(word_bare, name) {
        return false;
    }
    if !name.is_empty() && PARTICLES.contains(&word) {
        return true;
    }
    let mut chars = word_bare.chars();
    chars.next().is_some_and(char::is_uppercase)
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '\'' | '’' | '-' | '.'))
}

/// Whether `word` ends a name written in capitals (`JOANN LOVIGLIO Associated Press`).
fn ends_capitals(word: &str, name: &[&str]) -> bool {
    let is_capitals = |w: &str| {
        w.chars().filter(|c| c.is_alphabetic()).count() > 1 && !w.chars().any(char::is_lowercase)
    };
    name.first().is_some_and(|first| is_capitals(first))
        && word.starts_with(char::is_uppercase)
        && !is_capitals(word)
}

/// Whether `word` may come right after a name: punctuation, a digit, a joining word,
/// an e-mail address or a handle, or a word that ended the name.
fn may_follow(word: &str, name: &[&str]) -> bool {
    word.starts_with(NAME_END_PUNCTUATION)
        || word.contains('@')
        || word.starts_with(|c: char| c.is_ascii_digit())
        || JOINERS.contains(&word)
        || NOT_NAME_WORDS.contains(&word.trim_end_matches(|c: char| !c.is_alphanumeric()))
        || ends_capitals(word, name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn author(body: &str) -> Option<String> {
        bylined_in_text(&crate::parse_html(&format!(
            "<html><body>{body}</body></html>"
        )))
    }

    #[test]
    fn bylines_as_pages_write_them() {
        let cases = [
            (
                "<p>By Martha Ellison, Local Affairs Reporter</p>",
                "Martha Ellison",
            ),
            (
                "<div>Posted by Seth Godin on July 15, 2012</div>",
                "Seth Godin",
            ),
            (
                "<span>Written by: Jane van der Berg | June 3</span>",
                "Jane van der Berg",
            ),
            ("<p>BY DAVID BAUDER</p>", "DAVID BAUDER"),
            (
                "<p>By <a href=/a>Madison Park</a> and <a href=/b>Kyung Lah</a>, CNN</p>",
                "Madison Park; Kyung Lah",
            ),
            ("<p>Author: J. R. Smith</p>", "J. R. Smith"),
            ("<p>Posted by: Leslie W. | May 20</p>", "Leslie W."),
            ("<p>By Jane Doe.</p>", "Jane Doe"),
            ("<p>by Émile Zola</p>", "Émile Zola"),
            ("<p>By - Jane Doe (AP)</p>", "Jane Doe"),
            (
                "<p>Posted by Spencer Rascoff Nov 5, 2012</p>",
                "Spencer Rascoff",
            ),
            (
                "<p>By JOANN LOVIGLIO Associated Press</p>",
                "JOANN LOVIGLIO",
            ),
            ("<p>By Alex Hern Published 12 March 2013</p>", "Alex Hern"),
            ("<p>By Jane Doe 3 hours ago</p>", "Jane Doe"),
            ("<p>By Eliot Caroom/The Star-Ledger</p>", "Eliot Caroom"),
            ("<p>By Gavin Pretor-Pinney</p>", "Gavin Pretor-Pinney"),
            ("<p>By Andrew Prokop andrew@vox.com</p>", "Andrew Prokop"),
            (
                "<p>Posted by Courtney Pannell &amp; Divya Vishwanath, <i>AdWords</i></p>",
                "Courtney Pannell; Divya Vishwanath",
            ),
        ];
        for (body, expected) in cases {
            assert_eq!(author(body).as_deref(), Some(expected), "{body}");
        }
    }

    #[test]
    fn what_is_not_a_byline() {
        for body in [
            // One word: a user name or a menu entry, not a name.
            "<p>By Email</p>",
            "<p>Posted by VendettaBlack July 12, 2012</p>",
            // Lower case after the cue.
            "<p>by the river, the old mill stood for a hundred years</p>",
            // A long line that mentions someone.
            "<p>By the time Jane Doe arrived at the council meeting, most of the members \
             had already left the building and gone home for the night.</p>",
            // Not at the start of the line.
            "<p>Photo by Jane Doe</p>",
            // In a script.
            "<script>By Jane Doe</script>",
            // A name followed by a word that is no joiner: a title, not a byline.
            "<p>By Jane Doe Forgets Everything Again today</p>",
            "<p>By Any Means Necessary Is A Film</p>",
        ] {
            assert_eq!(author(body), None, "{body}");
        }
    }

    /// An article's text: five long paragraphs, as the body of `<p>…</p>`.
    fn story() -> String {
        let paragraph = "When the spring flood of last year tore the middle span off the \
            footbridge, most people in the town assumed that it would be years before anyone \
            could walk across the river again, and that the council would never find the money.";
        [paragraph; 5].join("</p><p>")
    }

    #[test]
    fn bylines_below_a_comments_heading_are_commenters() {
        for heading in [
            "Comments",
            "12 Responses to “A story”",
            "Leave a Reply",
            "Reader comments (3)",
        ] {
            let body = format!(
                "<p>{}</p><h3>{heading}</h3><p>Posted by: Leslie Wood | May 3</p>",
                story()
            );
            assert_eq!(author(&body), None, "{heading}");
        }
        // A byline above the comments is the page's; a short line that mentions
        // comments and heads nothing does not stop the reading.
        let body = "<p>By Jane Doe</p><h3>Comments</h3><p>Posted by: Leslie Wood</p>";
        assert_eq!(author(body).as_deref(), Some("Jane Doe"));
        // A comments heading before the article's text is a link to them.
        let body = format!("<p>Comments (12)</p><p>By Jane Doe</p><p>{}</p>", story());
        assert_eq!(author(&body).as_deref(), Some("Jane Doe"));
        let body = "<p>Comment policy and the terms of this site apply to every page here</p>\
                    <p>By Jane Doe</p>";
        assert_eq!(author(body).as_deref(), Some("Jane Doe"));
    }

    #[test]
    fn the_first_byline_counts_and_blocks_end_lines() {
        let body = "<div><p>Sort by</p><p>Date</p></div><p>By Jane Doe</p><p>By John Roe</p>";
        assert_eq!(author(body).as_deref(), Some("Jane Doe"));
        // `By` and the name in two blocks are no byline.
        assert_eq!(author("<p>By</p><p>Jane Doe</p>"), None);
    }

    /// Words a byline line may be made of, and others.
    const VOCABULARY: &[&str] = &[
        "By",
        "by",
        "Posted",
        "posted",
        "Written",
        "Author:",
        "Jane",
        "Doe",
        "JANE",
        "DOE",
        "van",
        "O'Brien",
        "Émile",
        "J.",
        "and",
        "&",
        "on",
        ",",
        "|",
        "/",
        "Nov",
        "Staff",
        "Published",
        "the",
        "river",
        "12",
        "a@b.c",
        "Pretor-Pinney",
        "-",
        "(AP)",
        "草",
    ];

    proptest! {
        /// Whatever the line, an author found is one or two names of two to four words,
        /// each a word of the line, that start with a capital.
        #[test]
        fn authors_are_names_from_the_line(
            picks in proptest::collection::vec(0..VOCABULARY.len(), 0..12),
            split_at in 0usize..12,
        ) {
            let words: Vec<&str> = picks.iter().map(|&i| VOCABULARY[i]).collect();
            let at = split_at.min(words.len());
            // Half the line in a link, as bylines often are.
            let body = format!("<p>{} <a href=/x>{}</a></p>", words[..at].join(" "), words[at..].join(" "));
            if let Some(found) = author(&body) {
                let authors: Vec<&str> = found.split("; ").collect();
                prop_assert!(authors.len() <= 2, "{found}");
                let line = words.join(" ");
                let line_words = tokens(&line);
                for name in authors {
                    let name_words: Vec<&str> = name.split(' ').collect();
                    prop_assert!((2..=4).contains(&name_words.len()), "{found} from {body}");
                    prop_assert!(name.starts_with(char::is_uppercase), "{found}");
                    for w in name_words {
                        prop_assert!(
                            line_words.iter().any(|lw| lw.trim_end_matches('.') == w.trim_end_matches('.')),
                            "{w} of {found} is no word of {body}"
                        );
                    }
                }
            }
        }

        /// Any text at all: no panic, and a found author is text of the page.
        #[test]
        fn any_text_reads(text in "\\PC{0,120}") {
            let doc = crate::parse_html(&format!("<p>By {text}</p>"));
            if let Some(found) = bylined_in_text(&doc) {
                for name in found.split("; ") {
                    for w in name.split(' ') {
                        prop_assert!(text.contains(w.trim_end_matches('.')), "{w} from {text:?}");
                    }
                }
            }
        }
    }
}
