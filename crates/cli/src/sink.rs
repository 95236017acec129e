//! Where `pith extract` writes each document: one stream (stdout, or `-o FILE`, gzip
//! with `--gzip` or when FILE ends in `.gz`), with a line naming the source before each
//! document when there can be several (`==> ID <==`, as `head` does), or `--output-dir
//! DIR`, one file per input mirroring the input names (gzip with `--gzip`) — never two
//! inputs in one file, never over an input, and under its own name only once whole
//! (`NAME.part` until then).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use flate2::Compression;

use pith::output::Format;
use pith_corpus::{DocMeta, Mode, Sink};

use crate::say::say;

/// The separator before a document in a per-page format (`None` for the self-describing
/// JSON formats).
fn separator(mode: Mode, id: &str) -> Option<String> {
    match mode {
        Mode::Jsonl { .. }
        | Mode::Page {
            format: Format::Json,
            ..
        } => None,
        Mode::Page {
            format: Format::Html,
            ..
        } => Some(format!("<!-- ==> {} <== -->\n", id.replace("--", "- -"))),
        // An HTML comment, a block of its own: a `==>` line would be read as a row of
        // the table or a line of the paragraph before it; a blank line ends it.
        Mode::Page {
            format: Format::Markdown,
            ..
        } => Some(format!("<!-- ==> {} <== -->\n\n", id.replace("--", "- -"))),
        Mode::Page { .. } => Some(format!("==> {id} <==\n")),
    }
}

/// Where `pith extract` writes a stream of output: stdout or a file, plain or gzip
/// (`--gzip`, or `-o` with a name ending in `.gz` — the name says how the file is read
/// back, and a plain file under a `.gz` name would fail the first tool that reads it).
pub enum OutputStream {
    /// Standard output or a file, as written.
    Plain(Box<dyn Write>),
    /// Standard output or a file, gzip-compressed.
    Gzip(Box<GzEncoder<Box<dyn Write>>>),
}

impl OutputStream {
    /// Creates `path` (gzip when `gzip` or when its name ends in `.gz`), or stdout for
    /// `None` (gzip when `gzip`).
    pub fn create(path: Option<&Path>, gzip: bool) -> io::Result<OutputStream> {
        let Some(path) = path else {
            return Ok(OutputStream::new(Box::new(io::stdout().lock()), gzip));
        };
        let gz_name = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gz"));
        Ok(OutputStream::new(
            Box::new(File::create(path)?),
            gzip || gz_name,
        ))
    }

    /// Writes to `inner`, through a gzip stream when `gzip`.
    pub fn new(inner: Box<dyn Write>, gzip: bool) -> OutputStream {
        match gzip {
            true => OutputStream::Gzip(Box::new(GzEncoder::new(inner, Compression::default()))),
            false => OutputStream::Plain(inner),
        }
    }

    /// Ends the stream: a gzip stream's trailer is written (records written before a
    /// Ctrl-C are read back whole).
    pub fn finish(self) -> io::Result<()> {
        match self {
            OutputStream::Plain(mut out) => out.flush(),
            OutputStream::Gzip(gzip) => gzip.finish()?.flush(),
        }
    }
}

impl Write for OutputStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            OutputStream::Plain(out) => out.write(buf),
            OutputStream::Gzip(gzip) => gzip.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            OutputStream::Plain(out) => out.write_all(buf),
            OutputStream::Gzip(gzip) => gzip.write_all(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            OutputStream::Plain(out) => out.flush(),
            OutputStream::Gzip(gzip) => gzip.flush(),
        }
    }
}

/// Ends a buffered output stream: the buffer written out, then the stream ended (a
/// gzip stream's trailer written).
pub fn close(out: BufWriter<OutputStream>) -> io::Result<()> {
    out.into_inner().map_err(|e| e.into_error())?.finish()
}

/// One output stream; separators before every document when `several` (more than one
/// input, or a directory) or when the document is one of many in its input (WARC,
/// JSONL: its id is not its source).
pub struct Separated<'a> {
    out: &'a mut dyn Write,
    mode: Mode,
    several: bool,
}

impl<'a> Separated<'a> {
    /// Writes to `out`.
    pub fn new(out: &'a mut dyn Write, mode: Mode, several: bool) -> Self {
        Separated { out, mode, several }
    }
}

impl Sink for Separated<'_> {
    fn write_doc(&mut self, meta: &DocMeta, bytes: &[u8], error: Option<&str>) -> io::Result<()> {
        if error.is_none() && (self.several || meta.id != meta.source) {
            if let Some(sep) = separator(self.mode, &meta.id) {
                self.out.write_all(sep.as_bytes())?;
            }
        }
        self.out.write_all(bytes)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `--output-dir DIR`: the output of each input in its own file, named like the input
/// (below a directory argument, its path below it) with the format's extension:
/// `pages/a/b.html.gz` read as `pages` → `DIR/a/b.txt`; stdin → `DIR/stdin.txt`. Two
/// inputs that would have the same name (`a/p.html` and `b/p.html` given as files,
/// `p.html` and `p.htm`) get `p.txt` and `p-2.txt`, and stderr says so; a name that is
/// an input's own file is an error (`--format html --output-dir pages pages` would
/// write each page over itself).
///
/// An output is written as `NAME.part` and takes its name only once its input is done,
/// so a file under its own name is always whole: a run that is killed or stopped leaves
/// the input it was reading as `NAME.part`, never a cut file that looks finished, and
/// `--resume` can tell which inputs are done by their outputs alone. The runner says
/// when an input's last record is written ([`Sink::input_done`]), in input order and
/// with `--unordered` alike. An input that could not be read to its end (an I/O error:
/// [`DocMeta::read_failed`]) keeps `NAME.part`, so that a resumed run reads it again.
/// An input read to its end that gave no document (a WARC file of metadata records, a
/// page skipped as binary) has an empty output.
pub struct OutputDir {
    dir: PathBuf,
    roots: Vec<PathBuf>,
    mode: Mode,
    /// Whether each output is gzip (`NAME.EXT.gz`).
    gzip: bool,
    /// The input being written and its output.
    current: Option<(String, BufWriter<OutputStream>)>,
    /// The file each input writes to, claimed before the run in input order.
    targets: HashMap<String, PathBuf>,
    /// The files claimed so far.
    taken: HashSet<PathBuf>,
    /// The outputs begun in this run.
    begun: HashSet<PathBuf>,
    /// The outputs begun and not yet under their own name.
    open: BTreeSet<PathBuf>,
    /// The outputs of inputs whose reading failed: they keep their `.part` name.
    unread: BTreeSet<PathBuf>,
}

impl OutputDir {
    /// Files under `dir` (created if needed), names relative to the directory
    /// arguments among `inputs`; each gzip (`NAME.EXT.gz`) when `gzip`.
    pub fn new(dir: &Path, inputs: &[PathBuf], mode: Mode, gzip: bool) -> io::Result<OutputDir> {
        std::fs::create_dir_all(dir)?;
        Ok(OutputDir {
            dir: dir.to_path_buf(),
            roots: inputs.iter().filter(|p| p.is_dir()).cloned().collect(),
            mode,
            gzip,
            current: None,
            targets: HashMap::new(),
            taken: HashSet::new(),
            begun: HashSet::new(),
            open: BTreeSet::new(),
            unread: BTreeSet::new(),
        })
    }

    fn extension(&self) -> &'static str {
        match self.mode {
            Mode::Jsonl { .. } => "jsonl",
            Mode::Page {
                format: Format::Json,
                ..
            } => "json",
            Mode::Page {
                format: Format::Html,
                ..
            } => "html",
            Mode::Page {
                format: Format::Markdown,
                ..
            } => "md",
            Mode::Page { .. } => "txt",
        }
    }

    /// An output's file name: `STEM.EXT`, or `STEM.EXT.gz`.
    fn file_name(&self, stem: &str) -> String {
        let gz = if self.gzip { ".gz" } else { "" };
        format!("{stem}.{}{gz}", self.extension())
    }

    /// The first file among the outputs claimed for `sources` that stands under the
    /// name the other `--gzip` setting gives it (`NAME.EXT` for `NAME.EXT.gz`, or the
    /// reverse): a sign that `--resume` takes up a run made the other way. Never another
    /// output of this run, since they all end alike.
    pub fn output_written_otherwise(&self, sources: &[String]) -> Option<PathBuf> {
        let otherwise = |output: &Path| match self.gzip {
            true => output.with_extension(""),
            false => {
                let mut name = output.as_os_str().to_owned();
                name.push(".gz");
                PathBuf::from(name)
            }
        };
        (sources.iter())
            .filter_map(|source| self.output_of(source))
            .map(otherwise)
            .find(|output| output.is_file())
    }

    /// The output file of an input.
    fn target(&self, source: &str) -> PathBuf {
        if source == "-" {
            return self.dir.join(self.file_name("stdin"));
        }
        let path = Path::new(source);
        let rel = self
            .roots
            .iter()
            .find_map(|r| path.strip_prefix(r).ok())
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(path.file_name().unwrap_or(path.as_os_str())));
        let name = rel
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = name.strip_suffix(".gz").unwrap_or(&name);
        let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
        self.dir
            .join(rel.parent().unwrap_or(Path::new("")))
            .join(self.file_name(stem))
    }

    /// Gives every input its output file, in input order (an input named twice keeps
    /// its first): its [`target`](Self::target), or, when an earlier input has that
    /// name, the first free `NAME-2.EXT`, `NAME-3.EXT`, …. Claimed before the run, so
    /// an input's file does not depend on which inputs before it gave documents, and a
    /// resumed run finds the names the first run gave. An error when a file would be
    /// the input itself.
    pub fn claim_all(&mut self, sources: &[String]) -> io::Result<()> {
        for source in sources {
            if !self.targets.contains_key(source) {
                self.claim(source)?;
            }
        }
        Ok(())
    }

    /// The output file claimed for an input (`None` for one [`claim_all`](Self::claim_all)
    /// was not given).
    pub fn output_of(&self, source: &str) -> Option<&Path> {
        self.targets.get(source).map(PathBuf::as_path)
    }

    fn claim(&mut self, source: &str) -> io::Result<PathBuf> {
        let wanted = self.target(source);
        let mut target = wanted.clone();
        let mut n = 1;
        let name = wanted.file_name().unwrap_or_default().to_string_lossy();
        let stem = name.strip_suffix(&self.file_name("")).unwrap_or(&name);
        while self.taken.contains(&target) {
            n += 1;
            target = wanted.with_file_name(self.file_name(&format!("{stem}-{n}")));
        }
        if n > 1 {
            say!(
                "pith: {source}: {} is the output of another input; writing {}",
                wanted.display(),
                target.display()
            );
        }
        if source != "-" && same_file::is_same_file(&target, source).unwrap_or(false) {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!(
                    "{}: the output would be written over this input; choose another --output-dir",
                    target.display()
                ),
            ));
        }
        self.taken.insert(target.clone());
        self.targets.insert(source.to_owned(), target.clone());
        Ok(target)
    }

    /// Ends the run. Returns the outputs left as `NAME.part` (by that name): those still
    /// open (their inputs not read to the end: a stopped run; every input read to its
    /// end has taken its name at [`Sink::input_done`]), and those of inputs whose
    /// reading failed.
    pub fn finish(mut self) -> io::Result<Vec<PathBuf>> {
        if let Some((_, f)) = self.current.take() {
            close(f)?;
        }
        let left = self.open.union(&self.unread);
        Ok(left.map(|t| part_name(t)).collect())
    }

    /// An output whose input is done takes its name, unless reading the input failed.
    fn done(&mut self, target: &Path) -> io::Result<()> {
        self.open.remove(target);
        match self.unread.contains(target) {
            true => Ok(()),
            false => std::fs::rename(part_name(target), target),
        }
    }
}

/// Where an output is written until its input is done: `NAME.EXT.part`.
fn part_name(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}

impl Sink for OutputDir {
    fn write_doc(&mut self, meta: &DocMeta, bytes: &[u8], error: Option<&str>) -> io::Result<()> {
        if self.current.as_ref().is_none_or(|(s, _)| *s != meta.source) {
            if let Some((_, f)) = self.current.take() {
                close(f)?;
            }
            let target = match self.targets.get(&meta.source) {
                Some(target) => target.clone(),
                None => self.claim(&meta.source)?,
            };
            let part = part_name(&target);
            // An output begun earlier in this run (an input met again: --unordered, or
            // named twice) is added to, taken back to its `.part` name if it had taken
            // its own; a new one starts empty, over anything an earlier run left.
            let again = self.begun.contains(&target);
            if again && !self.open.contains(&target) && !self.unread.contains(&target) {
                std::fs::rename(&target, &part)?;
            }
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let file = OpenOptions::new()
                .create(true)
                .write(true)
                .truncate(!again)
                .append(again)
                .open(&part)?;
            self.open.insert(target.clone());
            self.begun.insert(target);
            // Added to, a gzip output gets a member of its own (gzip reads them as one).
            let out = OutputStream::new(Box::new(file), self.gzip);
            self.current = Some((meta.source.clone(), BufWriter::new(out)));
        }
        if meta.read_failed {
            self.unread.insert(self.targets[&meta.source].clone());
        }
        let (_, f) = self.current.as_mut().expect("opened above");
        if error.is_none() && meta.id != meta.source {
            if let Some(sep) = separator(self.mode, &meta.id) {
                f.write_all(sep.as_bytes())?;
            }
        }
        f.write_all(bytes)
    }
    fn flush(&mut self) -> io::Result<()> {
        match &mut self.current {
            Some((_, f)) => f.flush(),
            None => Ok(()),
        }
    }
    fn input_done(&mut self, source: &str) -> io::Result<()> {
        if let Some((_, f)) = self.current.take_if(|(current, _)| current == source) {
            close(f)?;
        }
        let Some(target) = self.targets.get(source).cloned() else {
            return Ok(());
        };
        if self.open.contains(&target) {
            return self.done(&target);
        }
        if self.begun.insert(target.clone()) {
            // An input that gave no document: an empty output, so that every input read
            // to its end has one (and `--resume` leaves it out).
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            OutputStream::new(Box::new(File::create(&target)?), self.gzip).finish()?;
            match std::fs::remove_file(part_name(&target)) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn meta(source: &str, id: &str) -> DocMeta {
        DocMeta {
            id: id.to_owned(),
            source: source.to_owned(),
            ..DocMeta::default()
        }
    }

    /// An input met again (`--unordered`, or named twice) adds a gzip member to its
    /// output, which reads back as one stream; an input with no document has an empty
    /// but valid gzip output.
    #[test]
    fn a_gzip_output_added_to_reads_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let mode = Mode::Jsonl {
            paragraphs: false,
            markdown: false,
            links: false,
            images: false,
        };
        let mut out = OutputDir::new(dir.path(), &[], mode, true).unwrap();
        let sources = [
            "x/a.warc".to_owned(),
            "x/b.warc".to_owned(),
            "x/c.warc".to_owned(),
        ];
        out.claim_all(&sources).unwrap();
        out.write_doc(&meta("x/a.warc", "a1"), b"a1\n", None)
            .unwrap();
        out.write_doc(&meta("x/b.warc", "b1"), b"b1\n", None)
            .unwrap();
        out.write_doc(&meta("x/a.warc", "a2"), b"a2\n", None)
            .unwrap();
        for source in &sources {
            out.input_done(source).unwrap();
        }
        out.flush().unwrap();
        assert!(out.finish().unwrap().is_empty());
        let read = |name: &str| {
            let bytes = std::fs::read(dir.path().join(name)).unwrap();
            let mut text = String::new();
            flate2::read::MultiGzDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .unwrap();
            text
        };
        assert_eq!(read("a.jsonl.gz"), "a1\na2\n");
        assert_eq!(read("b.jsonl.gz"), "b1\n");
        assert_eq!(read("c.jsonl.gz"), "");
        assert!(!std::fs::read(dir.path().join("c.jsonl.gz"))
            .unwrap()
            .is_empty());
    }
}
