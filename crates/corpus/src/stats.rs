//! The run summary: counts that add up (`documents = extracted + skipped + errors`),
//! bytes and time; printed to stderr and, with `--stats FILE`, written as JSON.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

/// Counts of one run.
#[derive(Debug, Default, Serialize)]
pub struct Stats {
    /// Every input unit seen: files, JSONL lines, WARC records of every type.
    pub documents: u64,
    /// Documents with a text record (possibly with empty text).
    pub extracted: u64,
    /// Input units that are not HTML documents (no output record): WARC records, and
    /// files skipped by name, glob or binary content.
    pub skipped: u64,
    /// Documents with an error record.
    pub errors: u64,
    /// Bytes of the documents given to the pipeline.
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Documents per second.
    pub documents_per_second: f64,
    /// Megabytes (10^6 bytes) of documents per second.
    pub megabytes_per_second: f64,
    /// Skipped units by reason (WARC type, `non-html`, `text-conversion`, `http-404`,
    /// `not-an-input-name`, `glob`, `binary`).
    pub skipped_by_reason: BTreeMap<String, u64>,
    /// Extracted documents by identified language (ISO 639-1 code; `none` when no
    /// language was identified).
    pub languages: BTreeMap<String, u64>,
    /// Inputs the run went through to their end with every document written (one whose
    /// reading failed counts, with its error record, and so does one that gave no
    /// document, a WARC file of metadata records, when the inputs say where each ends;
    /// one the run was stopped in does not).
    pub inputs_done: u64,
    /// Worker threads.
    pub workers: usize,
    /// Whether the run was stopped early (Ctrl-C or a closed output); the counts are
    /// those of the records written.
    pub interrupted: bool,
}

impl Stats {
    /// Sets the time and the rates.
    pub fn finish(&mut self, elapsed: Duration) {
        self.seconds = elapsed.as_secs_f64();
        let s = self.seconds.max(1e-9);
        self.documents_per_second = round2((self.extracted + self.errors) as f64 / s);
        self.megabytes_per_second = round2(self.bytes as f64 / 1e6 / s);
        // Four decimals, written as such (not 1.4931999999999999).
        self.seconds = (self.seconds * 10_000.0).round() / 10_000.0;
    }

    /// One line for stderr.
    pub fn line(&self) -> String {
        format!(
            "pith: {}: {} extracted, {} skipped, {}; {:.1} MB in {:.2} s ({:.0} docs/s, {:.1} MB/s, {}){}",
            counted(self.documents, "document"),
            self.extracted,
            self.skipped,
            counted(self.errors, "error"),
            self.bytes as f64 / 1e6,
            self.seconds,
            self.documents_per_second,
            self.megabytes_per_second,
            counted(self.workers as u64, "worker"),
            if self.interrupted { ", interrupted" } else { "" }
        )
    }

    /// What to tell a run that extracted nothing because its WARC records were a WET or
    /// a WAT file's, Common Crawl's derived files: a WET file holds the text it extracted
    /// (`conversion` records of plain text, counted as
    /// [`TEXT_CONVERSION`](crate::input::TEXT_CONVERSION)), a WAT file the metadata of
    /// each record as JSON (`metadata` records and nothing to extract); pith reads the
    /// HTML, which the WARC files hold. `None` for any other run. `pith extract` says it
    /// on stderr, Python's `extract_warc` as a `UserWarning`: the run otherwise ends with
    /// no output and no error.
    pub fn derived_file_hint(&self) -> Option<String> {
        if self.extracted > 0 || self.errors > 0 {
            return None;
        }
        let skipped = |reason: &str| self.skipped_by_reason.get(reason).copied().unwrap_or(0);
        let give_warc = "give pith the WARC files (…/warc/….warc.gz), which hold the pages";
        let wet = skipped(crate::input::TEXT_CONVERSION);
        if wet > 0 {
            return Some(format!(
                "{} of plain text and no HTML page: a WET file holds the text Common Crawl \
                 already extracted; {give_warc}",
                counted(wet, "WARC conversion record")
            ));
        }
        // A WAT file: metadata records, perhaps its warcinfo, and nothing else.
        let wat = skipped("metadata");
        let others = self.skipped.saturating_sub(wat + skipped("warcinfo"));
        (wat > 0 && others == 0).then(|| {
            format!(
                "{} and no HTML page: a WAT file holds the metadata Common Crawl extracted \
                 from the pages (JSON); {give_warc}",
                counted(wat, "WARC metadata record")
            )
        })
    }
}

/// `n` and `noun`, with an `s` unless `n` is 1: "1 document", "2 documents".
pub(crate) fn counted(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ => format!("{n} {noun}s"),
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
