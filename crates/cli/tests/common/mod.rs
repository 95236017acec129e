//! Running the `pith` binary from the CLI tests.
#![allow(dead_code)] // each test binary uses its own subset

pub mod chromium;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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

/// Writes a file into `dir` and returns its path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, bytes).unwrap();
    p
}
