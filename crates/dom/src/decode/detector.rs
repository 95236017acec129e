//! What Firefox's encoding detector (`chardetng`) is fed: the page's non-ASCII
//! stretches with the bytes around them, not every byte of the page.
//!
//! Why: past the first non-ASCII byte, `chardetng` reads every byte with each of its
//! two dozen candidate encodings, about 750 instructions a byte — several times what
//! the whole `pith` preset spends on a page. It runs only on a page that declares no
//! encoding and is not UTF-8, but such a page is often mostly ASCII (a legacy German
//! page with a handful of umlauts): the Common Crawl sample's two took 14 % of the
//! instructions of a run over its 16 pages.
//!
//! What decides its guess is local: each candidate scores a character against the one
//! before it, scores nothing for two ASCII bytes in a row, and keeps no state that an
//! ASCII non-letter does not reset (a word's case, an ordinal like `Nº`). So the
//! detector is fed each stretch of non-ASCII bytes with [`CONTEXT`] bytes of the page
//! on each side (stretches closer than twice that are fed as one window), a space
//! between two windows where the page's bytes between them are left out. A page with an
//! ESC byte is fed whole: ISO-2022-JP's text is 7-bit, between escapes.
//!
//! Measured against feeding the whole page (the unit tests hold it to that on the
//! development pages): the same guess for every page of the five development folders
//! written in 22 legacy encodings (18,570 pages that were not ASCII or UTF-8
//! afterwards) and for the 38 non-UTF-8 pages of the WARC samples; with 1 byte of
//! context 26 of 1,454 such pages got another guess, with 4 none. Detection took
//! 1/44 of the time on those pages.

use chardetng::EncodingDetector;
use encoding_rs::Encoding;

/// Bytes of the page fed before and after each stretch of non-ASCII bytes.
pub const CONTEXT: usize = 32;

/// Feeds `detector` what decides its guess of `page` (see the module docs), and ends
/// its stream.
pub fn feed(detector: &mut EncodingDetector, page: &[u8]) {
    if memchr::memchr(0x1B, page).is_some() {
        detector.feed(page, true);
        return;
    }
    let mut fed = 0;
    for (from, to) in windows(page) {
        if from > fed {
            detector.feed(b" ", false);
        }
        detector.feed(&page[from..to], false);
        fed = to;
    }
    detector.feed(b"", true);
}

/// The windows of `page` the detector is fed, as (start, end) byte ranges in order:
/// each stretch of non-ASCII bytes with [`CONTEXT`] bytes on each side, none
/// overlapping the one before.
fn windows(page: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    // The page before `fed` has been fed or left out.
    let mut fed = 0;
    std::iter::from_fn(move || {
        let start = next_non_ascii(page, fed)?;
        let end = stretch_end(page, start);
        let from = start.saturating_sub(CONTEXT).max(fed);
        fed = (end + CONTEXT).min(page.len());
        Some((from, fed))
    })
}

/// The first non-ASCII byte of `page` at or after `at`.
fn next_non_ascii(page: &[u8], at: usize) -> Option<usize> {
    let rest = page.get(at..)?;
    let ascii = Encoding::ascii_valid_up_to(rest);
    (ascii < rest.len()).then_some(at + ascii)
}

/// Where the stretch of non-ASCII bytes from `start` ends: past its last non-ASCII
/// byte, runs of fewer than `2 × CONTEXT` ASCII bytes counting as inside it.
fn stretch_end(page: &[u8], start: usize) -> usize {
    let mut end = start;
    loop {
        while page.get(end).is_some_and(|&b| b >= 0x80) {
            end += 1;
        }
        match next_non_ascii(page, end) {
            Some(next) if next - end < 2 * CONTEXT => end = next,
            _ => return end,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chardetng::{Iso2022JpDetection, Utf8Detection};

    /// The guess with `page` fed whole.
    fn whole(page: &[u8]) -> &'static Encoding {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        detector.feed(page, true);
        detector.guess(None, Utf8Detection::Deny)
    }

    /// The guess with `page` fed as [`feed`] feeds it.
    fn windowed(page: &[u8]) -> &'static Encoding {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        feed(&mut detector, page);
        detector.guess(None, Utf8Detection::Deny)
    }

    #[test]
    fn stretches_are_fed_with_their_context_and_near_ones_together() {
        let mut page = vec![b'a'; 1000];
        page[100] = 0xE9;
        page[101] = 0xE9;
        page[150] = 0xFC; // 48 ASCII bytes after the first stretch: the same window
        page[600] = 0xF6;
        page[990] = 0xE4; // its context runs off the page's end
        let all = |page: &[u8]| windows(page).collect::<Vec<_>>();
        assert_eq!(all(&page), [(68, 183), (568, 633), (958, 1000)]);
        page[5] = 0xDF; // context before the page's start
        assert_eq!(all(&page)[..2], [(0, 38), (68, 183)]);
        assert!(all(b"plain ASCII").is_empty());
    }

    #[test]
    fn sparse_and_dense_pages_get_the_whole_pages_guess() {
        let filler = "<p>Some text in plain ASCII letters, as most of a page's markup is. ";
        let czech = "Příliš žluťoučký kůň úpěl ďábelské ódy. ";
        let russian = "Съешь же ещё этих мягких французских булок, да выпей чаю. ";
        let japanese = "日本語の文章は、漢字と仮名で書かれています。今日は天気が良いです。";
        for (text, label) in [
            (
                filler.repeat(30) + czech + &filler.repeat(30) + czech,
                "windows-1250",
            ),
            (filler.repeat(5) + &russian.repeat(40), "windows-1251"),
            (
                filler.repeat(40) + &russian.repeat(2) + &filler.repeat(40),
                "windows-1251",
            ),
            (filler.repeat(20) + &japanese.repeat(20), "shift_jis"),
            (
                filler.repeat(20) + &japanese.repeat(3) + &filler.repeat(60),
                "euc-jp",
            ),
        ] {
            let encoding = Encoding::for_label(label.as_bytes()).unwrap();
            let (page, _, _) = encoding.encode(&text);
            assert_eq!(windowed(&page), whole(&page), "{label}");
            assert_eq!(windowed(&page), encoding, "{label}");
        }
    }

    #[test]
    fn a_page_with_an_escape_is_fed_whole() {
        let text = "日本語のテキスト。".repeat(20);
        let (page, _, _) = encoding_rs::ISO_2022_JP.encode(&text);
        assert!(page.is_ascii() && page.contains(&0x1B));
        assert_eq!(windowed(&page), encoding_rs::ISO_2022_JP);
    }

    /// The development pages, each written in several legacy encodings: the windows
    /// give the guess the whole page gives (with 1 byte of context instead of
    /// [`CONTEXT`], 24 of these pages written in ISO-8859-7 do not).
    #[test]
    fn development_pages_in_legacy_encodings_get_the_whole_pages_guess() {
        let Some(dir) = pith_testdata::dataset("scrapinghub/html") else {
            return;
        };
        let labels = ["windows-1252", "windows-1250", "iso-8859-7", "gbk"];
        let encodings = labels.map(|l| Encoding::for_label(l.as_bytes()).unwrap());
        let mut compared = 0;
        for path in &pith_testdata::files_with_extension(&dir, "html") {
            let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
            for encoding in encodings {
                let (page, _, _) = encoding.encode(&text);
                if page.is_ascii() || std::str::from_utf8(&page).is_ok() {
                    continue;
                }
                compared += 1;
                let name = encoding.name();
                assert_eq!(
                    windowed(&page),
                    whole(&page),
                    "{} in {name}",
                    path.display()
                );
            }
        }
        assert!(compared > 400, "only {compared} pages compared");
    }
}
