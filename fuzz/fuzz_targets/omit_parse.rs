#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../src/omit_parse.rs"]
mod check;

// The lean parses (what pith's pipelines leave out, tags read without the tokenizer)
// build html5ever's own tree minus the omissions, on any text.
fuzz_target!(|data: &[u8]| {
    let html = String::from_utf8_lossy(data);
    if let Err(e) = check::check(&html) {
        panic!("page {html:?}: {e}");
    }
});
