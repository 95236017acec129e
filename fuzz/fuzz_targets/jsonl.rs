#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../src/jsonl.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    check::jsonl(data);
});
