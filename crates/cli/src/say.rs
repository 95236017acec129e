//! Messages on stderr that never panic: `eprintln!` panics when stderr is a closed
//! pipe (`pith … 2>&1 | head -1`), and a closed stderr, like a closed stdout, must end
//! a run quietly.

use std::io::{self, Write};

/// Writes one line to stderr; false when stderr is closed (or otherwise unwritable).
pub fn line(msg: std::fmt::Arguments) -> bool {
    let mut err = io::stderr().lock();
    err.write_fmt(msg)
        .and_then(|()| err.write_all(b"\n"))
        .is_ok()
}

/// `say!("…", args)`: [`line`](fn@line) with `format!` arguments.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say::line(format_args!($($arg)*))
    };
}
pub(crate) use say;
