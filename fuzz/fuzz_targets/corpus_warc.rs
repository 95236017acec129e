#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../src/corpus_warc.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    check::corpus_warc(data);
});
