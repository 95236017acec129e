#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../src/sniff.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    check::sniff(data);
});
