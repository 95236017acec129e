//! Calendar dates as pages write them in their text: `2012-10-22`, `2016.12.01`,
//! `July 15, 2012`, `16 January 2008`, `10/22/2012`, `22.10.2012`.
//!
//! Why: most pages that name no date in their `<meta>` tags or JSON-LD still show one
//! to their readers, above or below the article ("Posted by Seth Godin on July 15,
//! 2012", `<h2 class="date">January 16, 2008</h2>`). [`crate::dated_in_text`] reads
//! the first such date as the page's `dated_in_text`; this module says what counts as
//! a date. Month names are English only (the development pages are English); a date in
//! another language's words is not read.
//!
//! Only complete dates count: a year from 1990 to 2099, a month and a day that exist.
//! Numbers alone are ambiguous: `10/11/2012` is read as the United States write it
//! (month first) and `10.11.2012` as Europe does (day first); when one of the two
//! numbers is above 12, it is the day whatever the separator.

use std::sync::LazyLock;

use regex::{Captures, Regex};

/// `YYYY-MM-DD` when the year is from 1990 to 2099 and the month and day exist (leap
/// years included); else `None`.
pub fn calendar_date(year: u32, month: u32, day: u32) -> Option<String> {
    let valid = (1990..=2099).contains(&year)
        && (1..=12).contains(&month)
        && (1..=days_in_month(year, month)).contains(&day);
    valid.then(|| format!("{year:04}-{month:02}-{day:02}"))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The date an ISO 8601 value starts with (`2019-11-18T20:28:55+00:00`,
/// `2019-11-18`), as a `<time datetime>` or a `<meta>` tag writes it: `YYYY-MM-DD`,
/// then the end or a character that is not a digit.
pub fn iso_date_at_start(value: &str) -> Option<String> {
    let b = value.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = b.get(range)?;
        part.iter()
            .all(u8::is_ascii_digit)
            .then(|| part.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    };
    let separated = b.get(4) == Some(&b'-') && b.get(7) == Some(&b'-');
    let ends = !b.get(10).is_some_and(u8::is_ascii_digit);
    if !(separated && ends) {
        return None;
    }
    calendar_date(digits(0..4)?, digits(5..7)?, digits(8..10)?)
}

/// A page's `published` value as pith gives it (its `<meta>` tag's or JSON-LD's): an
/// ISO 8601 value (`2019-11-19T07:03:25+00:00`, `2019-11-19`) as written, its time and
/// zone kept; any other value that names a complete date (`November 19, 2019, 07:47 PM
/// EST`, `Tue, 06 Nov 2012 11:30:13 -0800`, `1/27/2009 12:00:00 AM`, `2008-1-08
/// 20:05`) as that date, `YYYY-MM-DD`, read as [`date_in_text`] reads a text; a value
/// that names none (`Nov 2019`, a date in another language's words) as written.
///
/// Why: a corpus builder filters and sorts on this field, and trafilatura's users
/// expect `YYYY-MM-DD`; 32 of the 1,413 development pages with a date had their tags
/// write it in words or with slashes, which no date parser downstream reads the same
/// way.
pub fn standard_published(value: &str) -> std::borrow::Cow<'_, str> {
    if iso_date_at_start(value).is_some() {
        return value.into();
    }
    match date_in_text(value) {
        Some(found) => found.date.into(),
        None => value.into(),
    }
}

/// A date found in a text: its value (`YYYY-MM-DD`) and the byte where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundDate {
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// Where its text starts in the text searched.
    pub start: usize,
}

/// English month names and their usual abbreviations (`Sept.` too), as a regex group.
const MONTH: &str = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?";

/// A year pith reads as a page's (the same range as [`calendar_date`]). Digits are
/// ASCII ones throughout (`\d` would take any script's).
const YEAR: &str = r"(199[0-9]|20[0-9][0-9])";

/// How a pattern's groups give the year, the month and the day.
#[derive(Clone, Copy)]
enum Order {
    /// `2012-10-22`, `2016.12.01`, `2012/10/22`.
    YearMonthDay,
    /// `July 15, 2012`.
    MonthNameDayYear,
    /// `15 July 2012`, `15th of July, 2012`.
    DayMonthNameYear,
    /// `10/22/2012`: month first unless the first number cannot be a month.
    MonthFirst,
    /// `22.10.2012`: day first unless the second number cannot be a month.
    DayFirst,
}

/// The patterns, compiled once per process. ASCII-only (`(?-u)`): the digits, month
/// names, spaces and word boundaries they read are ASCII, and without Unicode classes
/// they compile in a tenth of the time (a one-page run pays it). They read the text
/// lower-cased (ASCII), so the month names are written in lower case alone: a
/// case-insensitive pattern multiplies the literals the regex crate extracts from the
/// names, and compiling the two patterns with names took three times as long.
static PATTERNS: LazyLock<Vec<(Regex, Order)>> = LazyLock::new(|| {
    let suffix = r"(?:st|nd|rd|th)?";
    [
        (
            format!(r"(?-u)\b{YEAR}([-/.])([0-9]{{1,2}})([-/.])([0-9]{{1,2}})\b"),
            Order::YearMonthDay,
        ),
        (
            format!(r"(?-u)\b{MONTH}\s+([0-9]{{1,2}}){suffix},?\s+{YEAR}\b"),
            Order::MonthNameDayYear,
        ),
        (
            format!(r"(?-u)\b([0-9]{{1,2}}){suffix}\s+(?:of\s+)?{MONTH},?\s+{YEAR}\b"),
            Order::DayMonthNameYear,
        ),
        (
            format!(r"(?-u)\b([0-9]{{1,2}})/([0-9]{{1,2}})/{YEAR}\b"),
            Order::MonthFirst,
        ),
        (
            format!(r"(?-u)\b([0-9]{{1,2}})\.([0-9]{{1,2}})\.{YEAR}\b"),
            Order::DayFirst,
        ),
    ]
    .into_iter()
    .map(|(pattern, order)| (Regex::new(&pattern).expect("a valid date pattern"), order))
    .collect()
});

/// The earliest complete date in `text`, if any (see the module's rules).
pub fn date_in_text(text: &str) -> Option<FoundDate> {
    // Every pattern has a four-digit year: most texts have none, and skip the regexes.
    if !has_four_digits(text.as_bytes()) {
        return None;
    }
    // ASCII lower-casing keeps every byte where it is: the starts found are the text's.
    let lower = text.to_ascii_lowercase();
    PATTERNS
        .iter()
        .filter_map(|(regex, order)| {
            regex.captures_iter(&lower).find_map(|caps| {
                let date = read(&caps, *order)?;
                let start = caps.get(0).map_or(0, |m| m.start());
                Some(FoundDate { date, start })
            })
        })
        .min_by_key(|found| found.start)
}

/// Whether `bytes` has four ASCII digits in a row (every date pattern's year).
pub(crate) fn has_four_digits(bytes: &[u8]) -> bool {
    let mut run = 0;
    for b in bytes {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        if run == 4 {
            return true;
        }
    }
    false
}

/// The calendar date a pattern's match names, if it exists.
fn read(caps: &Captures, order: Order) -> Option<String> {
    let number = |i: usize| caps.get(i)?.as_str().parse::<u32>().ok();
    let month_name = |i: usize| month_number(caps.get(i)?.as_str());
    let (year, month, day) = match order {
        Order::YearMonthDay => {
            // One separator throughout: `2012-10-22`, `2016.12.01`, `2012/10/22`.
            (caps.get(2)?.as_str() == caps.get(4)?.as_str()).then_some(())?;
            (number(1)?, number(3)?, number(5)?)
        }
        Order::MonthNameDayYear => (number(3)?, month_name(1)?, number(2)?),
        Order::DayMonthNameYear => (number(3)?, month_name(2)?, number(1)?),
        Order::MonthFirst | Order::DayFirst => {
            let (a, b, year) = (number(1)?, number(2)?, number(3)?);
            let month_first = match order {
                Order::MonthFirst => a <= 12,
                _ => b > 12,
            };
            match month_first {
                true => (year, a, b),
                false => (year, b, a),
            }
        }
    };
    calendar_date(year, month, day)
}

/// The month an English name or abbreviation names (1–12).
fn month_number(name: &str) -> Option<u32> {
    let lower = name.trim_end_matches('.').to_ascii_lowercase();
    let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let index = months.iter().position(|m| lower.starts_with(m))?;
    Some(index as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn date(text: &str) -> Option<String> {
        date_in_text(text).map(|f| f.date)
    }

    #[test]
    fn the_usual_ways_of_writing_a_date_are_read() {
        for (text, want) in [
            ("Posted: 2012-10-22", "2012-10-22"),
            ("Posted by Seth Godin on July 15, 2012", "2012-07-15"),
            ("January 16, 2008", "2008-01-16"),
            ("Sept. 3 2019", "2019-09-03"),
            ("Dec 1st, 2010 at 10:00", "2010-12-01"),
            ("16 January 2008", "2008-01-16"),
            ("the 2nd of March, 2020", "2020-03-02"),
            ("Posted: 10.22.2012", "2012-10-22"),
            ("22.10.2012", "2012-10-22"),
            ("03.04.2012", "2012-04-03"),
            ("03/04/2012", "2012-03-04"),
            ("22/10/2012", "2012-10-22"),
            ("2020-02-29", "2020-02-29"),
            ("by ライトハウス国際特許事務所 2016.12.01", "2016-12-01"),
            ("2012/10/22", "2012-10-22"),
        ] {
            assert_eq!(date(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn incomplete_impossible_or_far_dates_are_not() {
        for text in [
            "January 2008",
            "Copyright 2012",
            "2019-02-30",
            "13/13/2012",
            "2012-10/22",
            "July 15, 1989",
            "20121022",
            "May the force be with you, 2012",
        ] {
            assert_eq!(date(text), None, "{text}");
        }
    }

    #[test]
    fn published_values_are_iso_8601_when_they_name_a_date() {
        for (value, want) in [
            // ISO 8601 stays as written, time and zone included.
            ("2019-11-19T07:03:25+00:00", "2019-11-19T07:03:25+00:00"),
            ("2019-11-18 20:58:46", "2019-11-18 20:58:46"),
            ("2019-11-20T01:50:59.403", "2019-11-20T01:50:59.403"),
            ("2012-10-29", "2012-10-29"),
            // The development pages' other ways of writing it give the date.
            ("November 19, 2019, 07:47 PM EST", "2019-11-19"),
            ("July 31, 2012, 2:39 pm", "2012-07-31"),
            ("19 Nov 2019 07:09 GMT", "2019-11-19"),
            ("Tue, 06 Nov 2012 11:30:13 -0800", "2012-11-06"),
            ("01:38:07 PM IST Nov 20, 2019", "2019-11-20"),
            ("Tuesday, January 8, 2008", "2008-01-08"),
            ("1/27/2009 12:00:00 AM", "2009-01-27"),
            ("2008-1-08 20:05", "2008-01-08"),
            ("2012/10/29", "2012-10-29"),
            // No complete date: as written.
            ("Nov 2019", "Nov 2019"),
            ("2020年06月16日 02:31", "2020年06月16日 02:31"),
            ("yesterday", "yesterday"),
        ] {
            assert_eq!(standard_published(value), want, "{value}");
        }
    }

    #[test]
    fn the_earliest_date_wins_and_its_start_is_given() {
        let found = date_in_text("Updated 2020-01-02; first posted March 1, 2019").unwrap();
        assert_eq!(found.date, "2020-01-02");
        assert_eq!(found.start, 8);
        assert_eq!(
            date_in_text("on July 15, 2012 (2012-07-16)").unwrap().start,
            3
        );
    }

    #[test]
    fn iso_values_give_the_date_they_start_with() {
        for (value, want) in [
            ("2019-11-18T20:28:55+00:00", Some("2019-11-18")),
            ("2019-11-18", Some("2019-11-18")),
            ("2019-11-18 10:00", Some("2019-11-18")),
            ("2019-11-180", None),
            ("2019-1-18", None),
            ("2019-02-30", None),
            ("PT5M", None),
            ("", None),
            ("2019-11-1é", None),
        ] {
            assert_eq!(iso_date_at_start(value).as_deref(), want, "{value}");
        }
    }

    #[test]
    fn calendar_dates_know_leap_years() {
        assert_eq!(calendar_date(2000, 2, 29).as_deref(), Some("2000-02-29"));
        assert_eq!(calendar_date(2100, 2, 29), None);
        assert_eq!(calendar_date(2019, 2, 29), None);
        assert_eq!(calendar_date(2019, 4, 31), None);
    }

    proptest! {
        /// Whatever the text, a found date is a real day in range, and its start is a
        /// character boundary of the text.
        #[test]
        fn found_dates_are_real_days(text in "[0-9a-zA-Z ./,-]{0,40}|\\PC{0,40}") {
            if let Some(found) = date_in_text(&text) {
                prop_assert!(text.is_char_boundary(found.start));
                let parts: Vec<u32> = found.date.split('-').map(|p| p.parse().unwrap()).collect();
                prop_assert_eq!(calendar_date(parts[0], parts[1], parts[2]), Some(found.date.clone()));
            }
        }

        /// The case of letters does not matter: a text and the same text with the case
        /// of its ASCII letters changed (`flips`: which ones) give the same date at the
        /// same place, month names written `JULY`, `July` or `jUlY` alike.
        #[test]
        fn the_case_of_letters_does_not_matter(
            name in "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\\.?",
            lead in "[0-9a-zA-Z ./,-]{0,12}|on|Posted by [A-Z][a-z]+ on",
            day in 1u32..32,
            year in 1985u32..2105,
            suffix in "(st|nd|rd|th|)",
            flips in proptest::collection::vec(any::<bool>(), 80),
        ) {
            for text in [
                format!("{lead} {name} {day}{suffix}, {year}"),
                format!("{lead} {day}{suffix} of {name} {year}"),
            ] {
                let flipped: String = text
                    .chars()
                    .zip(flips.iter().cycle())
                    .map(|(c, &flip)| match flip {
                        true if c.is_ascii_lowercase() => c.to_ascii_uppercase(),
                        true => c.to_ascii_lowercase(),
                        false => c,
                    })
                    .collect();
                prop_assert_eq!(date_in_text(&flipped), date_in_text(&text), "{}", flipped);
                prop_assert_eq!(date_in_text(&text.to_ascii_uppercase()), date_in_text(&text));
            }
        }

        /// Any real day written in each supported way is read back as that day.
        #[test]
        fn every_written_form_reads_back(year in 1990u32..2100, month in 1u32..13, day in 1u32..29) {
            let names = ["January", "February", "March", "April", "May", "June", "July",
                "August", "September", "October", "November", "December"];
            let name = names[month as usize - 1];
            let want = calendar_date(year, month, day).unwrap();
            for text in [
                format!("{year}-{month:02}-{day:02}"),
                format!("{name} {day}, {year}"),
                format!("{day} {name} {year}"),
                format!("{day:02}.{month:02}.{year}"),
            ] {
                prop_assert_eq!(date(&text), Some(want.clone()), "{}", text);
            }
        }
    }
}
