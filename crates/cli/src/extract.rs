//! `pith extract`: the reference CLI's options on top of a preset or pipeline file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use clap::Args;
use pith::output::Format;
use pith::Pipeline;
use pith_corpus::{
    InputFormat, InputOptions, Mode, RunConfig, Sink, FILE_MAX_BYTES, RECORD_MAX_BYTES,
};
use serde::Serialize;

use crate::output_option::{output_file, print_output, refuse_second_stdout};
use crate::pipeline_args::PipelineArgs;
use crate::progress::CliObserver;
use crate::say::say;
use crate::sink::{close, OutputDir, OutputStream, Separated};
use crate::UsageError;

#[derive(Args, Debug)]
pub struct ExtractArgs {
    /// HTML, WARC or JSON Lines files (gzipped or not) and directories of them; stdin
    /// when none.
    pub files: Vec<PathBuf>,
    /// Output file (default, and `-`: stdout); gzip when its name ends in .gz.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Write each input's output to its own file in DIR, named like the input with the
    /// format's extension (the path below a directory argument is kept; a second input
    /// of the same name gets NAME-2; never over an input).
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub output_dir: Option<PathBuf>,
    /// With --output-dir: leave out each input whose output is already in DIR, to take
    /// up a run that was stopped (the same command again). An output takes its name
    /// only once its input is done (until then it is NAME.part), so one under its own
    /// name is whole.
    #[arg(long, requires = "output_dir")]
    pub resume: bool,
    /// Write the output gzip-compressed: stdout, -o FILE (as a FILE named .gz is
    /// without it), or each --output-dir file, then named NAME.EXT.gz.
    #[arg(long)]
    pub gzip: bool,
    /// Output format: default, text (or txt), html (the kept blocks as a page: headings,
    /// lists, quotes, code blocks, data tables, inline code, strong, emphasis,
    /// strikethrough), markdown (or md: the same as Markdown: `code`, **strong**,
    /// *emphasis*, ~~struck~~), json
    /// (paragraphs with features), jsonl (corpus records, docs/record-format.md),
    /// boilerplate, detailed, krdwrd.
    // `--output-format`: trafilatura's name for the option.
    #[arg(long, visible_alias = "output-format", default_value = "default")]
    pub format: String,
    /// The preset or pipeline file, -s, the reference CLI's thresholds and encoding
    /// options, and what to keep: shared with `pith explain`.
    #[command(flatten)]
    pub pipeline_args: PipelineArgs,
    /// Print the names of the built-in stoplists and exit.
    #[arg(long)]
    pub list_stoplists: bool,
    /// Print the languages pith reports and exit, one a line, tab-separated: code,
    /// English name, stoplist (`-`: none, so `-s auto` is language-independent there),
    /// and what names it: `text` (the identifier), `script` (its script alone) or
    /// `html-lang` (only a page's <html lang>, over text in its script).
    #[arg(long)]
    pub list_languages: bool,
    /// Worker threads (default: every core).
    #[arg(short = 'j', long = "jobs")]
    pub jobs: Option<usize>,
    /// Files to take from directories (glob on the path below the directory, e.g.
    /// `*.html`; repeatable). Default: HTML (.html, .htm, .xhtml, .xht, .shtml), WARC
    /// (.warc) and JSON Lines (.jsonl, .ndjson) files, gzipped or not.
    #[arg(long = "glob")]
    pub globs: Vec<String>,
    /// How to read inputs: auto (by name, then content), html, warc or jsonl (a
    /// directory then yields only the files named for it).
    #[arg(long, default_value = "auto")]
    pub input_format: String,
    /// The JSON Lines field that holds the HTML.
    #[arg(long, default_value = "html")]
    pub html_field: String,
    /// With --format jsonl: add every paragraph with its class and features.
    #[arg(long)]
    pub paragraphs: bool,
    /// With --format jsonl: add the page as Markdown (field `markdown`: what --format
    /// markdown writes for it, data tables as pipe tables).
    #[arg(long)]
    pub markdown: bool,
    /// Keep links: Markdown's as [text](url), HTML's as <a href>, each resolved against
    /// the page's URL (a WARC record's, a JSON Lines line's `url`, --url's) and its
    /// <base href>; pages read from files without --url keep relative links as
    /// written. For --format markdown, --format html and --markdown.
    #[arg(long)]
    pub links: bool,
    /// Keep the images of the main text: Markdown's as ![alt](src), HTML's as <img>,
    /// each where the page had it (an image inside a kept paragraph, between its words
    /// when it was, between two kept blocks, or in a figure whose caption is kept; not
    /// icons, tracking pixels, emoji, smileys, avatars or images in headings); sources
    /// resolved as links are, and with --links an image inside a link written inside
    /// it ([![alt](src)](url)). For --format markdown, --format html and --markdown.
    #[arg(long)]
    pub images: bool,
    /// Open each page's output with its metadata, the fields its corpus record has
    /// (title, url, canonical_url, description, site_name, author, published,
    /// language): YAML front matter for --format text and markdown, <meta> and <link>
    /// elements in the head for --format html.
    #[arg(long)]
    pub with_metadata: bool,
    /// The URL the page (one file, or stdin) was fetched from, as a WARC record's
    /// target URI: the record's `url`, what its canonical URL and the links of --links
    /// resolve against, a date in its path for `published`, its domain a hint for the
    /// encoding. WARC and JSON Lines inputs keep their records' own.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Largest document in bytes, counted after decompression; a larger one is an error
    /// record and the run goes on. Default: 64 MiB for HTML files (gzipped or not) and
    /// stdin, 16 MiB for records inside WARC and JSONL inputs.
    #[arg(long)]
    pub max_bytes: Option<u64>,
    /// Seconds one document may take before it is an error record (0: no limit).
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Write the run summary as JSON to this file (`-`: stdout, when the records go to
    /// -o FILE or --output-dir).
    #[arg(long)]
    pub stats: Option<PathBuf>,
    /// No progress line and no summary on stderr.
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Write records as soon as they are done, not in input order.
    #[arg(long)]
    pub unordered: bool,
}

/// The values of `--format`.
const FORMATS: [&str; 9] = [
    "default",
    "text",
    "html",
    "markdown",
    "json",
    "jsonl",
    "boilerplate",
    "detailed",
    "krdwrd",
];

/// The output mode of `--format`, with the record fields that only corpus records
/// take (`--paragraphs`, `--markdown`: an error in any other format).
fn output_mode(args: &ExtractArgs) -> Result<Mode, UsageError> {
    if args.format == "jsonl" {
        if args.links && !args.markdown {
            return Err(UsageError(
                "--links writes links in Markdown and HTML: with --format jsonl it needs --markdown".into(),
            ));
        }
        if args.images && !args.markdown {
            return Err(UsageError(
                "--images writes images in Markdown and HTML: with --format jsonl it needs --markdown".into(),
            ));
        }
        if args.with_metadata {
            return Err(UsageError(
                "--with-metadata is for --format text, markdown and html: --format jsonl \
                 records always have the page's metadata"
                    .into(),
            ));
        }
        return Ok(Mode::Jsonl {
            paragraphs: args.paragraphs,
            markdown: args.markdown,
            links: args.links,
            images: args.images,
        });
    }
    let format: Format = args.format.parse().map_err(|_| {
        UsageError(format!(
            "unknown --format {:?}; formats: {}",
            args.format,
            FORMATS.join(", ")
        ))
    })?;
    if args.paragraphs {
        return Err(UsageError(
            "--paragraphs adds paragraphs to corpus records: it needs --format jsonl \
             (--format json gives the paragraphs of each page)"
                .into(),
        ));
    }
    if args.markdown {
        return Err(UsageError(
            "--markdown adds Markdown to corpus records: it needs --format jsonl \
             (--format markdown gives the Markdown of each page)"
                .into(),
        ));
    }
    if args.links && !matches!(format, Format::Markdown | Format::Html) {
        return Err(UsageError(
            "--links writes links in Markdown and HTML: it needs --format markdown, \
             --format html, or --format jsonl --markdown"
                .into(),
        ));
    }
    if args.images && !matches!(format, Format::Markdown | Format::Html) {
        return Err(UsageError(
            "--images writes images in Markdown and HTML: it needs --format markdown, \
             --format html, or --format jsonl --markdown"
                .into(),
        ));
    }
    if args.with_metadata && !matches!(format, Format::Text | Format::Markdown | Format::Html) {
        return Err(UsageError(
            "--with-metadata opens a page with its metadata: it needs --format text, \
             markdown or html (--format jsonl records always have it)"
                .into(),
        ));
    }
    Ok(Mode::Page {
        format,
        links: args.links,
        images: args.images,
        metadata: args.with_metadata,
    })
}

/// Whether the inputs include stdin (no file, or `-`).
fn reads_stdin(files: &[PathBuf]) -> bool {
    files.is_empty() || files.iter().any(|f| f.as_os_str() == "-")
}

pub fn extract(args: ExtractArgs) -> Result<ExitCode, UsageError> {
    if args.list_stoplists {
        let out = io::stdout();
        let mut out = out.lock();
        for name in pith::stoplists::names() {
            let _ = writeln!(out, "{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.list_languages {
        let out = io::stdout();
        let mut out = out.lock();
        for l in pith::core::lang::languages_by_code() {
            let stoplist = l.stoplist.unwrap_or("-");
            let named_by = l.named_by().label();
            let _ = writeln!(out, "{}\t{}\t{stoplist}\t{named_by}", l.code, l.name);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mode = output_mode(&args)?;
    if reads_stdin(&args.files) && io::stdin().is_terminal() && !args.quiet {
        say!("pith: reading HTML from stdin; Ctrl-D ends (give files to read those instead)");
    }
    let pipeline = args.pipeline_args.build()?;
    let output = output_file(args.output.as_deref());
    let records_on_stdout = output.is_none() && args.output_dir.is_none();
    if let Some(stats) = args.stats.as_deref().filter(|_| records_on_stdout) {
        refuse_second_stdout(
            "--stats",
            stats,
            "the records",
            "give --stats FILE, or -o FILE or --output-dir DIR for the records",
        )?;
    }
    if let Some(dir) = output.filter(|path| path.is_dir()) {
        return Err(UsageError(format!(
            "{}: -o names a file, and this is a directory; --output-dir {} writes each \
             input's output to its own file in it",
            dir.display(),
            dir.display()
        )));
    }
    let stats = output_file(args.stats.as_deref());
    for (option, path) in [("-o", output), ("--stats", stats)] {
        if let Some(path) = path {
            refuse_output_over_input(option, path, &args.files, &args.globs)?;
        }
    }
    let to_terminal = records_on_stdout && io::stdout().is_terminal();
    if args.gzip && to_terminal {
        return Err(UsageError(
            "--gzip: compressed output is not written to a terminal; redirect it, or give \
             -o FILE or --output-dir DIR"
                .into(),
        ));
    }
    // With --output-dir the stream is not written to, and --gzip is for the files.
    let gzip_stream = args.gzip && args.output_dir.is_none();
    let out = OutputStream::create(output, gzip_stream).map_err(|e| {
        let path = output.unwrap_or(Path::new("-"));
        UsageError(format!("{}: cannot create: {e}", path.display()))
    })?;
    run_extract(&args, pipeline, mode, out)
}

/// What a run in a per-page format says of the inputs it skipped: how many, and why.
/// WARC records (`request`, `metadata`, `non-html`, …) are not HTML pages; a directory's
/// files left out by their names may be pages all the same (`index.php`, saved under
/// the site's own name), so without `--glob` the line says how to read them.
fn skipped_line(by_reason: &BTreeMap<String, u64>, skipped: u64, globbed: bool) -> String {
    use pith_corpus::input::{NOT_AN_INPUT_NAME as BY_NAME, OUTSIDE_GLOB};
    let reasons: Vec<String> = (by_reason.iter())
        .map(|(reason, n)| match reason.as_str() {
            BY_NAME if !globbed => {
                format!("{n} not named like HTML, WARC or JSON Lines (--glob '*' reads every file)")
            }
            BY_NAME => format!("{n} not named like HTML, WARC or JSON Lines"),
            OUTSIDE_GLOB => format!("{n} outside --glob"),
            _ => format!("{n} {reason}"),
        })
        .collect();
    let inputs = match skipped {
        1 => "1 input".to_owned(),
        n => format!("{n} inputs"),
    };
    let files_left_out = by_reason.keys().any(|r| r == BY_NAME || r == OUTSIDE_GLOB);
    match (files_left_out, skipped) {
        (true, _) => format!("skipped {inputs}: {}", reasons.join(", ")),
        (false, 1) => format!(
            "skipped 1 input that is not an HTML page: {}",
            reasons.join(", ")
        ),
        (false, _) => format!(
            "skipped {inputs} that are not HTML pages: {}",
            reasons.join(", ")
        ),
    }
}

/// `--output-dir DIR`: the files inside DIR left out of the inputs, every input's output
/// file claimed before the run (an output that would be an input is an error now,
/// before anything is written), and with `--resume` the inputs whose output is already
/// there left out, and counted on stderr; how many were.
fn open_output_dir(
    dir: &Path,
    args: &ExtractArgs,
    mode: Mode,
    inputs: &mut pith_corpus::Inputs,
) -> Result<(OutputDir, usize), UsageError> {
    let mut output_dir = OutputDir::new(dir, &args.files, mode, args.gzip)
        .map_err(|e| UsageError(format!("{}: cannot create: {e}", dir.display())))?;
    // DIR below a directory argument: the outputs of an earlier run are no inputs
    // (`--format html --output-dir pages/clean pages` run twice would read
    // pages/clean/*.html and write pages/clean/clean/). DIR that is a directory
    // argument itself keeps its files: outputs beside the inputs, of another name.
    let below_an_argument = |out: &Path| {
        (args.files.iter())
            .filter_map(|f| std::fs::canonicalize(f).ok())
            .any(|root| root.is_dir() && out.starts_with(&root) && out != root)
    };
    if let Some(out) = std::fs::canonicalize(dir)
        .ok()
        .filter(|out| below_an_argument(out))
    {
        let inside = inputs.leave_out(|source| {
            std::fs::canonicalize(source).is_ok_and(|path| path.starts_with(&out))
        });
        if inside > 0 && !args.quiet {
            let files = match inside {
                1 => "1 file".to_owned(),
                n => format!("{n} files"),
            };
            say!(
                "pith: {}: left out {files} inside the output directory (outputs are not inputs)",
                dir.display()
            );
        }
    }
    let sources = inputs.sources();
    output_dir
        .claim_all(&sources)
        .map_err(|e| UsageError(e.to_string()))?;
    let mut left_out = 0;
    if args.resume {
        left_out = inputs.leave_out(|source| {
            output_dir
                .output_of(source)
                .is_some_and(|output| output.is_file())
        });
        if !args.quiet || left_out == sources.len() {
            say!(
                "pith: --resume: {left_out} of {} inputs have their output in {} already; {}",
                sources.len(),
                dir.display(),
                match sources.len() - left_out {
                    0 => "nothing left to read".to_owned(),
                    n => format!("reading the other {n}"),
                }
            );
        }
        // Outputs of a run with (or without) --gzip are not this run's: say so, as the
        // option is the likely slip.
        if let Some(other) = output_dir.output_written_otherwise(&sources) {
            let (was, give) = match args.gzip {
                true => ("without --gzip", "leave out --gzip"),
                false => ("with --gzip", "give --gzip"),
            };
            say!(
                "pith: --resume: {} is the output of a run {was}; to take that run up, {give}",
                other.display()
            );
        }
    }
    Ok((output_dir, left_out))
}

/// What `--stats FILE` holds: the run's counts ([`Stats`](pith_corpus::Stats)), and with
/// `--output-dir` what a job that goes on with `--resume` needs to know.
#[derive(Serialize)]
struct StatsFile<'a> {
    #[serde(flatten)]
    stats: &'a pith_corpus::Stats,
    /// With `--resume`: the inputs left out, their outputs whole already.
    #[serde(skip_serializing_if = "Option::is_none")]
    inputs_left_out: Option<usize>,
    /// With `--output-dir`: the outputs left as `NAME.part` (their inputs were not
    /// read to the end: the run was stopped, or reading failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    outputs_unfinished: Option<&'a [PathBuf]>,
}

/// Ends the output stream after the run (a gzip file's trailer written); after a closed
/// pipe or a write error the run already reported, there is nothing more to say of it.
fn end_output(
    out: io::BufWriter<OutputStream>,
    end: &pith_corpus::RunEnd,
) -> Result<(), UsageError> {
    match (close(out), &end.write_error) {
        (Err(e), None) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(UsageError(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Names on stderr the `--output-dir` outputs a run left as `NAME.part` (the first of
/// them), and says how to go on.
fn say_unfinished(unfinished: &[PathBuf]) {
    let Some(first) = unfinished.first() else {
        return;
    };
    let (outputs, inputs_were, them) = match unfinished.len() {
        1 => ("1 output is".to_owned(), "its input was", "it"),
        n => (format!("{n} outputs are"), "their inputs were", "them"),
    };
    let more = if unfinished.len() > 1 { ", …" } else { "" };
    say!(
        "pith: {outputs} left unfinished ({}{more}): {inputs_were} not read to the end (the run was stopped, or reading failed); the same command with --resume reads {them} again and leaves out the inputs whose output is whole",
        first.display()
    );
}

/// An error when the output file of `option` (`-o`, `--stats`) is one of the inputs:
/// creating it would empty the input before it is read (`pith extract --stats a.html
/// a.html`, or a forgotten `--stats` value before the pages).
pub(crate) fn refuse_output_over_input(
    option: &str,
    output: &Path,
    inputs: &[PathBuf],
    globs: &[String],
) -> Result<(), UsageError> {
    match output_over_input(output, inputs, globs) {
        Some(input) => Err(UsageError(format!(
            "{}: {option} would write over the input {} before it is read; choose another output file",
            output.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// The input that the output file `output` (`-o`, `--stats`) would destroy, if any: an input file
/// itself, or a file inside a directory argument that the walk would take as an input
/// (by its name, or by `--glob` when given). `File::create` empties it before it is
/// read.
fn output_over_input(output: &Path, inputs: &[PathBuf], globs: &[String]) -> Option<PathBuf> {
    let output = std::fs::canonicalize(output).ok()?;
    let globs = glob_set(globs).ok().flatten();
    inputs.iter().find_map(|input| {
        if input.as_os_str() == "-" {
            return None;
        }
        if input.is_dir() {
            let root = std::fs::canonicalize(input).ok()?;
            let rel = output.strip_prefix(&root).ok()?;
            let taken = match &globs {
                Some(g) => g.is_match(rel),
                None => rel
                    .file_name()
                    .is_some_and(|n| pith_corpus::sniff::is_input_name(&n.to_string_lossy())),
            };
            return taken.then(|| output.clone());
        }
        same_file::is_same_file(&output, input)
            .unwrap_or(false)
            .then(|| input.clone())
    })
}

/// The directory globs of `--glob`.
fn glob_set(globs: &[String]) -> Result<Option<globset::GlobSet>, UsageError> {
    if globs.is_empty() {
        return Ok(None);
    }
    let mut b = globset::GlobSetBuilder::new();
    for g in globs {
        b.add(globset::Glob::new(g).map_err(|e| UsageError(format!("--glob {g}: {e}")))?);
    }
    Ok(Some(b.build().map_err(|e| UsageError(e.to_string()))?))
}

/// `pith extract` after its options are checked: builds the run from the arguments,
/// runs it (`pith_corpus::run`), prints the summary and gives the exit code.
fn run_extract(
    args: &ExtractArgs,
    pipeline: Pipeline,
    mode: Mode,
    out: OutputStream,
) -> Result<ExitCode, UsageError> {
    let input_format: InputFormat = args.input_format.parse().map_err(UsageError)?;
    let globs = glob_set(&args.globs)?;
    if !(args.timeout >= 0.0 && args.timeout.is_finite()) {
        return Err(UsageError(
            "--timeout must be a number of seconds ≥ 0".into(),
        ));
    }
    let workers = match args.jobs {
        Some(0) => return Err(UsageError("-j must be at least 1".into())),
        Some(n) => n,
        None => thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let corpus = matches!(mode, Mode::Jsonl { .. });
    let cfg = RunConfig {
        workers,
        timeout: (args.timeout > 0.0).then(|| Duration::from_secs_f64(args.timeout)),
        mode,
        max_bytes: args.max_bytes.unwrap_or(RECORD_MAX_BYTES),
        unordered: args.unordered,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Only the first handler can be set; a second run in one process keeps it.
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    if args.url.is_some() && (args.files.len() > 1 || args.files.iter().any(|f| f.is_dir())) {
        return Err(UsageError(
            "--url names where one page was fetched from: give one file, or stdin".into(),
        ));
    }
    let opts = InputOptions {
        format: input_format,
        html_field: args.html_field.clone(),
        max_bytes: args.max_bytes.unwrap_or(RECORD_MAX_BYTES),
        max_file_bytes: args.max_bytes.unwrap_or(FILE_MAX_BYTES),
        globs,
        page_url: args.url.clone(),
    };
    let mut inputs = pith_corpus::read_inputs(&args.files, opts);
    // A --stats file that cannot be written is found now, not after the whole run
    // (the directories are walked already, so it is not taken for an input).
    if let Some(path) = output_file(args.stats.as_deref()) {
        File::create(path)
            .map_err(|e| UsageError(format!("{}: cannot write stats: {e}", path.display())))?;
    }
    let empty_inputs = !inputs.empty_directories().is_empty();
    for dir in inputs.empty_directories() {
        // Pages saved under their site's names (`index.php`, `page.aspx`, no
        // extension) are read when asked for.
        let hint = match dir.files > 0 && args.globs.is_empty() {
            true => "; --glob '*' reads every file",
            false => "",
        };
        say!("pith: {dir}{hint}");
    }
    let (mut output_dir, left_out) = match &args.output_dir {
        Some(dir) => {
            let (output_dir, left_out) = open_output_dir(dir, args, mode, &mut inputs)?;
            (Some(output_dir), left_out)
        }
        None => (None, 0),
    };
    let inputs_total = inputs.files_left();
    let mut observer = CliObserver::new(!args.quiet, !corpus, stop.clone(), inputs_total);
    let mut out = io::BufWriter::with_capacity(256 * 1024, out);
    let several = args.files.len() > 1 || args.files.iter().any(|f| f.is_dir());
    let end = {
        let mut separated = Separated::new(&mut out, mode, several);
        let sink: &mut dyn Sink = match &mut output_dir {
            Some(output_dir) => output_dir,
            None => &mut separated,
        };
        pith_corpus::run_to_sink(Arc::new(pipeline), inputs, &cfg, sink, stop, &mut observer)
    };
    end_output(out, &end)?;
    let unfinished = match output_dir.map(OutputDir::finish) {
        Some(Ok(unfinished)) => unfinished,
        Some(Err(e)) if end.write_error.is_none() => {
            return Err(UsageError(format!("cannot write output: {e}")))
        }
        _ => Vec::new(),
    };
    observer.finish();
    if let Some(e) = end.write_error {
        return Err(UsageError(format!("cannot write output: {e}")));
    }
    if corpus && !args.quiet {
        say!("{}", end.stats.line());
    } else if !corpus && !args.quiet && end.stats.skipped > 0 {
        let line = skipped_line(
            &end.stats.skipped_by_reason,
            end.stats.skipped,
            !args.globs.is_empty(),
        );
        say!("pith: {line}");
    }
    if let Some(hint) = end.stats.derived_file_hint() {
        say!("pith: {hint}");
    }
    say_unfinished(&unfinished);
    if let Some(path) = &args.stats {
        let file = StatsFile {
            stats: &end.stats,
            inputs_left_out: args.resume.then_some(left_out),
            outputs_unfinished: args.output_dir.is_some().then_some(&unfinished),
        };
        let json = serde_json::to_string_pretty(&file).expect("serialisable") + "\n";
        match output_file(Some(path)) {
            Some(path) => std::fs::write(path, json)
                .map_err(|e| UsageError(format!("{}: cannot write stats: {e}", path.display())))?,
            // `--stats -` beside -o FILE or --output-dir.
            None => print_output(json.as_bytes(), "stats")?,
        }
    }
    // A closed stderr stopped the run like a closed stdout does: not a Ctrl-C.
    Ok(if end.interrupted_by_signal && !observer.stderr_closed {
        ExitCode::from(130)
    } else if end.stats.errors > 0 || empty_inputs {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
