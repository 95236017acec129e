//! What a path given to an output option means. `-` is stdout, as Unix tools read it
//! (`pith extract page.html -o -`), never a file named `-`; where stdout already holds
//! the command's own output (the records, the table, the figures), a second output
//! there is refused by name, since the two would be interleaved in one stream.

use std::io::{self, Write};
use std::path::Path;

use crate::UsageError;

/// The file an output option names; `None` for stdout: the option not given, or given
/// as `-`. For the options whose default is stdout (`pith extract -o`, `pith eval -o`,
/// `pith explain --out`).
pub fn output_file(option: Option<&Path>) -> Option<&Path> {
    option.filter(|path| !is_stdout(path))
}

/// Whether `path` is `-`, stdout.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// For an option that writes a second output (`--stats`, `--report`, a trained
/// pipeline): refuses `-` when stdout already holds `stdout_holds` (`"the records"`),
/// with the way out, `instead`. Ok for any other path.
pub fn refuse_second_stdout(
    option: &str,
    path: &Path,
    stdout_holds: &str,
    instead: &str,
) -> Result<(), UsageError> {
    match is_stdout(path) {
        true => Err(UsageError(format!(
            "{option} -: stdout holds {stdout_holds}; {instead}"
        ))),
        false => Ok(()),
    }
}

/// Writes a whole output (a page, a report, the stats) to stdout. A reader that
/// stopped (`| head`) wanted no more: a closed pipe is not an error, as with `pith
/// extract`'s records; any other failure is.
pub fn write_to_stdout(bytes: &[u8]) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}

/// [`write_to_stdout`] for a command's output named `what` (`"the figures"`, `"stats"`),
/// a failure as the command's error: `stdout: cannot write WHAT: …`.
pub fn print_output(bytes: &[u8], what: &str) -> Result<(), UsageError> {
    write_to_stdout(bytes).map_err(|e| UsageError(format!("stdout: cannot write {what}: {e}")))
}
