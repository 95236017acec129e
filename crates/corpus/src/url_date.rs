//! The publication date a page's URL gives (`/2019/11/19/slug`, `/story/2019-11-19/`),
//! for a record whose page names none in its `<meta>` tags or its JSON-LD.
//!
//! Why: news sites and blogs put the day of publication in their URLs far more often
//! than in their markup. Over the five development folders and the WARC samples, 268 of
//! 1,633 records had a `published` from the page, and 236 of the others have a full
//! date in their URL. Where both are known, the URL's day is the page's, or one day
//! off (a time zone, or the print edition's day), on nearly every page. htmldate, which
//! trafilatura's dates come from, reads URLs the same way.
//!
//! Only a complete date is read: a year from 1990 to 2099, a month and a day that exist
//! (leap years included), separated by `/`, `-` or `_` and with no digit right before or
//! after, in the URL's path. A year and a month alone (`/2019/11/slug`) are not a date;
//! nor are eight digits in a row, which are as often an identifier.

use pith::url::split;

/// The first complete date in the path of `url`, as `YYYY-MM-DD`; `None` when its path
/// has none.
pub fn date_in_url(url: &str) -> Option<String> {
    let path = split(url).path.as_bytes();
    (0..path.len()).find_map(|start| date_at(path, start))
}

/// The date of the first of `urls` that has one ([`date_in_url`]): a record's canonical
/// URL, then the document's.
pub fn date_in_urls(urls: &[Option<String>]) -> Option<String> {
    urls.iter().flatten().find_map(|u| date_in_url(u))
}

/// The date a page whose `<meta>` tags and JSON-LD give none is published on, as the
/// CLI's records and Python's extractions read it: the date in the first of `urls`
/// that has one ([`date_in_urls`]), else the date the page's text shows
/// ([`pith::dom::dated_in_text`], kept in `page.dated_in_text`). A URL's date comes
/// first: it is written for the page alone, while a date in the text may be another
/// story's.
pub fn untagged_date(page: &pith::dom::PageMetadata, urls: &[Option<String>]) -> Option<String> {
    date_in_urls(urls).or_else(|| page.dated_in_text.clone())
}

/// The date that starts at byte `start` of `path`, if one does there.
fn date_at(path: &[u8], start: usize) -> Option<String> {
    if start > 0 && path[start - 1].is_ascii_digit() {
        return None;
    }
    let (year, at) = number(path, start, 4, 4)?;
    let at = separator(path, at)?;
    let (month, at) = number(path, at, 1, 2)?;
    let at = separator(path, at)?;
    let (day, _) = number(path, at, 1, 2)?;
    pith::dom::dates::calendar_date(year, month, day)
}

/// The number of `least` to `most` digits at `at`, not followed by another digit, and
/// the position after it.
fn number(path: &[u8], at: usize, least: usize, most: usize) -> Option<(u32, usize)> {
    let digits = path
        .get(at..)?
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if !(least..=most).contains(&digits) {
        return None;
    }
    let value = (path[at..at + digits].iter()).fold(0, |n, d| n * 10 + u32::from(d - b'0'));
    Some((value, at + digits))
}

/// The position after a `/`, `-` or `_` at `at`.
fn separator(path: &[u8], at: usize) -> Option<usize> {
    matches!(path.get(at), Some(b'/' | b'-' | b'_')).then_some(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test's own calendar, independent of `pith::dom::dates`.
    fn days_in_month(year: u32, month: u32) -> u32 {
        match month {
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    #[test]
    fn full_dates_in_the_path_are_read() {
        for (url, date) in [
            (
                "https://www.nytimes.com/2019/11/19/opinion/x.html",
                "2019-11-19",
            ),
            (
                "https://www.latimes.com/business/story/2019-11-19/gannett",
                "2019-11-19",
            ),
            ("http://e.com/news/2012_7_4_fireworks", "2012-07-04"),
            ("/2020/02/29/leap", "2020-02-29"),
            ("http://e.com/a-2019/11/19", "2019-11-19"),
            ("http://e.com/2019-11-19", "2019-11-19"),
        ] {
            assert_eq!(date_in_url(url).as_deref(), Some(date), "{url}");
        }
    }

    #[test]
    fn partial_impossible_or_hidden_dates_are_not() {
        for url in [
            "https://e.com/2019/11/slug",
            "https://e.com/20191119/slug",
            "https://e.com/2019/13/01/x",
            "https://e.com/2019/02/29/x",
            "https://e.com/2100/01/01/x",
            "https://e.com/1989/01/01/x",
            "https://e.com/12019/11/19/x",
            "https://e.com/2019/11/190/x",
            "https://e.com/2019/11/0/x",
            "https://e.com/p?date=2019/11/19",
            "https://e.com/x#2019/11/19",
            "https://e.com/",
            "",
        ] {
            assert_eq!(date_in_url(url), None, "{url}");
        }
    }

    proptest::proptest! {
        /// Any real day written in a path with any of the separators is read back, and
        /// any string at all gives a real day or nothing, without a panic.
        #[test]
        fn a_written_day_is_read_back(
            year in 1990u32..2100,
            month in 1u32..=12,
            day in 1u32..=31,
            seps in proptest::sample::subsequence(vec!['/', '-', '_', '/'], 2),
            slug in "[a-z-]{0,12}",
            noise in "\\PC{0,40}",
        ) {
            let url = format!("https://e.org/{slug}/{year}{}{month}{}{day:02}/x", seps[0], seps[1]);
            let expected = (day <= days_in_month(year, month))
                .then(|| format!("{year:04}-{month:02}-{day:02}"));
            proptest::prop_assert_eq!(date_in_url(&url), expected);
            if let Some(date) = date_in_url(&noise) {
                let parts: Vec<u32> = date.split('-').map(|p| p.parse().unwrap()).collect();
                proptest::prop_assert!((1990..=2099).contains(&parts[0]));
                proptest::prop_assert!(parts[2] <= days_in_month(parts[0], parts[1]));
            }
        }
    }

    #[test]
    fn the_first_valid_date_wins() {
        assert_eq!(
            date_in_url("https://e.com/2019/13/01/2018/05/06/x").as_deref(),
            Some("2018-05-06")
        );
    }
}
