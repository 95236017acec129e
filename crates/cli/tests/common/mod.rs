//! Running the `pith` binary from the CLI tests.
#![allow(dead_code)] // each test binary uses its own subset

pub mod chromium;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `pith extract --preset justext --format jsonl`: corpus records of the jusText preset.
pub const JUSTEXT_JSONL: [&str; 5] = ["extract", "--preset", "justext", "--format", "jsonl"];

/// Runs `pith` with `args`, feeding `stdin` if given.
pub fn pith(args: &[&str], stdin: Option<&[u8]>) -> Output {
    pith_with_env(args, stdin, &[])
}

/// [`pith`] with extra environment variables.
pub fn pith_with_env(args: &[&str], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pith"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pith");
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(bytes) = stdin {
            // A run that fails on its options exits without reading stdin.
            if let Err(e) = input.write_all(bytes) {
                assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
            }
        }
    }
    child.wait_with_output().unwrap()
}

/// Runs `pith` with `args` in the working directory `dir`, stdin empty (to see which
/// files a run makes there).
pub fn pith_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pith"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run pith")
}

/// Writes a file into `dir` and returns its path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, bytes).unwrap();
    p
}

/// The names of the files in `dir`, sorted (what an `--output-dir` run left there).
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What gzip `bytes` hold, every member read on as gzip reads them; a failed assertion
/// when they are no gzip.
pub fn gunzip(bytes: &[u8]) -> Vec<u8> {
    assert!(bytes.starts_with(&[0x1f, 0x8b]), "no gzip");
    let mut inflated = Vec::new();
    let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
    std::io::Read::read_to_end(&mut decoder, &mut inflated).unwrap();
    inflated
}

/// Sends Ctrl-C's signal (SIGINT) to a running `pith`.
pub fn interrupt(child: &std::process::Child) {
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

/// A sentence of an aside about the bridge's history, which [`sample_with_aside`] adds.
pub const ASIDE: &str = "The footbridge was first built in 1884 and rebuilt twice since \
                         then, most recently after the floods of 1968.";

/// The bundled sample page with an aside ([`ASIDE`]) in its article, before its second
/// heading: a block the `pith` preset keeps but is less sure of than of the story, so
/// that `--favor-precision` drops it (the page without it gives the same text whatever
/// the lean). Should a retrained preset grow sure of it, pick another block here.
pub fn sample_with_aside() -> String {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sample.html");
    let heading = "<h2>Timber from the old mill</h2>";
    let page = std::fs::read_to_string(sample).expect("the bundled sample");
    assert!(page.contains(heading), "the sample's second heading");
    page.replacen(
        heading,
        &format!("<aside><p>{ASIDE}</p></aside>{heading}"),
        1,
    )
}

/// Waits for `child` after its stdout's reader went away (`| head`): asserts it ended
/// successfully and printed no panic, and returns its stderr.
pub fn assert_quiet_after_closed_pipe(mut child: std::process::Child) -> String {
    use std::io::Read;
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?} {err}");
    err
}
