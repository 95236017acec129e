//! A page as Python passes it (`bytes` or `str`), borrowed for the run without the GIL.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

/// One page's result, with where its blocks sit in data tables and ordered lists (read
/// from the tree, which is then dropped), for `Extraction.markdown`.
pub struct Ran {
    /// The result.
    pub extraction: pith::Extraction,
    /// Each block's place in a table and in an ordered list.
    pub layout: pith::layout::TreeLayout,
    /// The images of the main text, for `to_markdown(images=True)`.
    pub images: pith::images::PageImages,
}

/// What is known of where a page's bytes came from, for decoding them: its URL (whose
/// top-level domain guides the WHATWG encoding detector, as in browsers) and the charset
/// of its HTTP `Content-Type` (used before `<meta charset>`, as the HTML standard
/// orders them).
#[derive(Clone, Debug, Default)]
pub struct Hints {
    /// The page's URL.
    pub url: Option<String>,
    /// The HTTP charset.
    pub charset: Option<String>,
}

/// The HTML of one page: bytes are decoded by the pipeline (HTTP-less: meta charset,
/// UTF-8, default encoding); a `str` is already text and is parsed as it is (a lone
/// surrogate, as `errors="surrogateescape"` decoding leaves, becomes U+FFFD).
#[derive(Clone)]
pub enum Page<'a> {
    /// Undecoded bytes, borrowed from an immutable Python `bytes` object, or copied
    /// out of a `bytearray` (which may change while the GIL is released).
    Bytes(Cow<'a, [u8]>),
    /// Text (copied out of the Python `str` when the limited API demands it).
    Text(Cow<'a, str>),
}

/// The text of a `str` that holds lone surrogates, each one U+FFFD. (PyO3's
/// `to_string_lossy` gives three: it replaces the surrogate's three bytes in UTF-8.)
fn with_surrogates_replaced(s: &Bound<'_, PyString>) -> PyResult<String> {
    let encoded = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let bytes = encoded.cast::<PyBytes>()?.as_bytes();
    let units = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    Ok(char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect())
}

impl<'a> Page<'a> {
    /// Borrows the page from `obj`, which must be `bytes`, `bytearray` or `str`.
    pub fn from_py(obj: &'a Bound<'_, PyAny>) -> PyResult<Page<'a>> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            Ok(Page::Bytes(Cow::Borrowed(b.as_bytes())))
        } else if let Ok(b) = obj.cast::<PyByteArray>() {
            Ok(Page::Bytes(Cow::Owned(b.to_vec())))
        } else if let Ok(s) = obj.cast::<PyString>() {
            // `to_cow` fails on a lone surrogate, which UTF-8 cannot hold; the rest of
            // the text is still the page.
            match s.to_cow() {
                Ok(text) => Ok(Page::Text(text)),
                Err(_) => Ok(Page::Text(Cow::Owned(with_surrogates_replaced(s)?))),
            }
        } else {
            Err(PyTypeError::new_err(format!(
                "a page is bytes, bytearray or str, not {}",
                obj.get_type().name()?
            )))
        }
    }

    /// Runs `pipeline` on the page; a stage that panics becomes an error message, so
    /// one bad page never takes the interpreter (or the other pages) down. Bytes are
    /// decoded with what is known of where the page came from (`hints`), as the corpus
    /// runner decodes a WARC record.
    pub fn run(&self, pipeline: &pith::Pipeline, hints: &Hints) -> Result<Ran, String> {
        if let Page::Bytes(b) = self {
            // As `pith extract` answers a binary file named on its command line: an
            // error, not the bytes decoded as windows-1252 "text".
            if let Some(why) = pith_corpus::sniff::not_a_page(b) {
                return Err(why);
            }
        }
        // The layout is read inside the guard too: it walks the tree as the stages do.
        let run = || {
            let (extraction, tree) = match self {
                Page::Bytes(b) => {
                    let (opts, _) = pith_corpus::record::decode_options(
                        pipeline.decode_options(),
                        hints.charset.as_deref(),
                        hints.url.as_deref(),
                        b,
                    );
                    pipeline.run_bytes_and_tree(b, &opts)
                }
                Page::Text(t) => pipeline.run_str_and_tree(t),
            }?;
            let layout = pith::layout::TreeLayout::read(&extraction, &tree);
            let images = pith::images::PageImages::read(&extraction, &tree, &layout);
            Ok::<_, pith::core::Error>(Ran {
                extraction,
                layout,
                images,
            })
        };
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(result) => result.map_err(|e| e.to_string()),
            Err(panic) => Err(format!("a stage panicked: {}", panic_message(&*panic))),
        }
    }
}

/// The message of a caught panic.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s
    } else {
        "(no message)"
    }
}
