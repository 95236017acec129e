//! `pith.Extraction` and `pith.Block`: one page's result. The Rust result is kept as it
//! is and turned into Python objects only when asked for (`.blocks`, `.text`), so a call
//! that only needs the text pays for nothing else.

use std::borrow::Cow;
use std::sync::Arc;

use pith::core::lang::{self, Identification, Source};
use pith::core::{FeatureKey, FeatureTable};
use pith::{Block, Label};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::input::Ran;
use pith::images::PageImages;
use pith::inline::{InlineKind, InlineSpan, LinkSpan};
use pith::layout::{OrderedList, TreeLayout};
use pith::table::{TablePart, TablePlace};
use pith_corpus::url_date::untagged_date;

/// A table place as pickled: the table, the part (`cell`, `caption`, `other`), the row
/// and the column (0 but for a cell), and a cell's header and footer flags.
type TableState = (usize, String, usize, usize, bool, bool);

fn table_state(p: TablePlace) -> TableState {
    let (part, row, column, header, footer) = match p.part {
        TablePart::Cell {
            row,
            column,
            header,
            footer,
        } => ("cell", row, column, header, footer),
        TablePart::Caption => ("caption", 0, 0, false, false),
        TablePart::Other => ("other", 0, 0, false, false),
    };
    (p.table, part.to_owned(), row, column, header, footer)
}

fn table_place((table, part, row, column, header, footer): TableState) -> TablePlace {
    let part = match part.as_str() {
        "cell" => TablePart::Cell {
            row,
            column,
            header,
            footer,
        },
        "caption" => TablePart::Caption,
        _ => TablePart::Other,
    };
    TablePlace { table, part }
}

/// An ordered list as pickled: the `ol` element and its start.
type ListState = (usize, Option<u32>);

/// An inline span as pickled: its kind's name (`code`, `strong`, `emphasis`,
/// `strikethrough`) and its byte range in the block's text.
type SpanState = (String, usize, usize);

/// A link as pickled: its start, its end and its `href`.
type LinkState = (usize, usize, String);

fn span_state(s: &InlineSpan) -> SpanState {
    (s.kind.as_str().to_owned(), s.start, s.end)
}

/// The span a pickled [`SpanState`] describes.
fn span((kind, start, end): SpanState) -> PyResult<InlineSpan> {
    let kind = InlineKind::from_name(&kind)
        .ok_or_else(|| PyValueError::new_err(format!("Extraction state: span kind {kind:?}")))?;
    Ok(InlineSpan { kind, start, end })
}

/// The images of a result's state (`image_blocks`, `image_places`, `image_lists`,
/// `image_items`, `image_links`, `image_inside`; none in a pickle made before images
/// were read, no links or places inside a text in one made before those were kept) for a page of
/// `blocks` blocks; an error names what is wrong.
fn images_of_state(d: &Bound<'_, PyDict>, blocks: usize) -> Result<PageImages, String> {
    let Some(image_blocks) = d.get_item("image_blocks").map_err(|e| e.to_string())? else {
        return Ok(PageImages::default());
    };
    let get = |key: &str| -> Result<Bound<'_, PyAny>, String> {
        (d.get_item(key).map_err(|e| e.to_string())?).ok_or_else(|| format!("no {key:?}"))
    };
    let image_blocks: Vec<Block> = serde_json::from_str(
        &image_blocks
            .extract::<String>()
            .map_err(|e| e.to_string())?,
    )
    .map_err(|e| format!("image blocks: {e}"))?;
    let places: Vec<usize> = (get("image_places")?.extract()).map_err(|e: PyErr| e.to_string())?;
    let lists: Vec<Option<ListState>> =
        (get("image_lists")?.extract()).map_err(|e: PyErr| e.to_string())?;
    let items: Vec<Option<usize>> =
        (get("image_items")?.extract()).map_err(|e: PyErr| e.to_string())?;
    let n = image_blocks.len();
    // Absent in a pickle made before images kept their links, or their places inside
    // a block's text.
    let optional = |key: &str| -> Result<Option<Bound<'_, PyAny>>, String> {
        d.get_item(key).map_err(|e| e.to_string())
    };
    let links: Vec<Option<String>> = match optional("image_links")? {
        Some(links) => links.extract().map_err(|e: PyErr| e.to_string())?,
        None => vec![None; n],
    };
    let inside: Vec<Option<usize>> = match optional("image_inside")? {
        Some(inside) => inside.extract().map_err(|e: PyErr| e.to_string())?,
        None => vec![None; n],
    };
    let counts = [
        places.len(),
        lists.len(),
        items.len(),
        links.len(),
        inside.len(),
    ];
    if counts.iter().any(|&c| c != n) {
        return Err(
            "a place, a list, an item, a link and a place inside for every image".to_owned(),
        );
    }
    let links = (links.into_iter().zip(&image_blocks))
        .map(|(href, block)| {
            (href.into_iter())
                .map(|href| LinkSpan {
                    start: 0,
                    end: block.text.len(),
                    href,
                })
                .collect()
        })
        .collect();
    if places.windows(2).any(|w| w[0] > w[1]) || places.last().is_some_and(|&at| at > blocks) {
        return Err("image places in page order, within the page's blocks".to_owned());
    }
    Ok(PageImages {
        inside,
        images: places.into_iter().zip(image_blocks).collect(),
        layout: TreeLayout {
            lists: (lists.into_iter())
                .map(|l| l.map(|(list, start)| OrderedList { list, start }))
                .collect(),
            items,
            links,
            ..TreeLayout::default()
        },
    })
}

/// The result of running a pipeline on one page.
#[pyclass(name = "Extraction", module = "pith", frozen)]
pub struct PyExtraction {
    inner: pith::Extraction,
    /// Each block's place in a data table and in an ordered list, for `markdown`.
    layout: TreeLayout,
    /// The images of the main text, for `to_markdown(images=True)`.
    images: PageImages,
    url: Option<String>,
    stoplist: Option<Arc<str>>,
    /// The `Block` objects, made on the first access to `blocks` and handed out again
    /// after it (a loop over `e.blocks[i]` would otherwise make every block at each
    /// step).
    blocks: PyOnceLock<Vec<Py<PyBlock>>>,
}

impl PyExtraction {
    /// Wraps one page's result.
    pub fn new(ran: Ran, url: Option<String>, stoplist: Option<Arc<str>>) -> Self {
        PyExtraction {
            inner: ran.extraction,
            layout: ran.layout,
            images: ran.images,
            url,
            stoplist,
            blocks: PyOnceLock::new(),
        }
    }

    /// Everything the result holds, as plain Python values (floats stay floats, so
    /// `NaN` features pickle as they are).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ex = &self.inner;
        let d = PyDict::new(py);
        let blocks = serde_json::to_string(&ex.blocks)
            .map_err(|e| PyValueError::new_err(format!("cannot pickle the blocks: {e}")))?;
        d.set_item("blocks", blocks)?;
        let labels = |l: &[Label]| l.iter().map(|l| l.as_str()).collect::<Vec<_>>();
        d.set_item("labels", labels(&ex.labels))?;
        d.set_item("cf_labels", labels(&ex.cf_labels))?;
        d.set_item("cf_rules", ex.cf_rules.clone())?;
        d.set_item("revised_by", ex.revised_by.clone())?;
        let keys = ex.features.keys();
        d.set_item(
            "feature_keys",
            keys.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
        )?;
        let columns: Vec<Vec<f64>> = keys
            .iter()
            .map(|k| ex.features.column(k).unwrap_or(&[]).to_vec())
            .collect();
        d.set_item("feature_columns", columns)?;
        d.set_item("decoded_as", ex.decoded_as.clone())?;
        d.set_item("notes", ex.diagnostics.notes.clone())?;
        let page = &ex.metadata;
        d.set_item("title", page.title.clone())?;
        d.set_item("canonical_href", page.canonical_href.clone())?;
        d.set_item("description", page.description.clone())?;
        d.set_item("site_name", page.site_name.clone())?;
        d.set_item("author", page.author.clone())?;
        d.set_item("published", page.published.clone())?;
        d.set_item("dated_in_text", page.dated_in_text.clone())?;
        d.set_item("bylined_in_text", page.bylined_in_text.clone())?;
        d.set_item("base_href", page.base_href.clone())?;
        d.set_item(
            "language",
            ex.language
                .map(|id| (id.language.code, id.confidence, id.source.label())),
        )?;
        d.set_item("warnings", ex.warnings.clone())?;
        let layout = &self.layout;
        d.set_item(
            "tables",
            (layout.tables.iter())
                .map(|p| p.map(table_state))
                .collect::<Vec<_>>(),
        )?;
        d.set_item(
            "lists",
            (layout.lists.iter())
                .map(|l| l.map(|l| (l.list, l.start)))
                .collect::<Vec<Option<ListState>>>(),
        )?;
        d.set_item(
            "spans",
            (layout.spans.iter())
                .map(|spans| spans.iter().map(span_state).collect())
                .collect::<Vec<Vec<SpanState>>>(),
        )?;
        d.set_item(
            "links",
            (layout.links.iter())
                .map(|links| {
                    (links.iter())
                        .map(|l| (l.start, l.end, l.href.clone()))
                        .collect()
                })
                .collect::<Vec<Vec<LinkState>>>(),
        )?;
        d.set_item("items", layout.items.clone())?;
        d.set_item("languages", layout.languages.clone())?;
        let images = &self.images;
        d.set_item(
            "image_blocks",
            serde_json::to_string(&images.images.iter().map(|(_, b)| b).collect::<Vec<_>>())
                .expect("blocks serialise"),
        )?;
        d.set_item(
            "image_places",
            images.images.iter().map(|(at, _)| *at).collect::<Vec<_>>(),
        )?;
        d.set_item(
            "image_lists",
            (images.layout.lists.iter())
                .map(|l| l.map(|l| (l.list, l.start)))
                .collect::<Vec<Option<ListState>>>(),
        )?;
        d.set_item("image_items", images.layout.items.clone())?;
        d.set_item(
            "image_links",
            (0..images.images.len())
                .map(|k| images.layout.links(k).first().map(|l| l.href.clone()))
                .collect::<Vec<Option<String>>>(),
        )?;
        d.set_item(
            "image_inside",
            (0..images.images.len())
                .map(|k| images.inside(k))
                .collect::<Vec<Option<usize>>>(),
        )?;
        d.set_item("url", self.url.clone())?;
        d.set_item("stoplist", self.stoplist.as_deref())?;
        Ok(d.into_any())
    }

    /// The result [`state`](Self::state) describes.
    fn from_state(d: &Bound<'_, PyDict>) -> PyResult<PyExtraction> {
        fn item<'py, T: FromPyObjectOwned<'py>>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
            match d.get_item(key)? {
                Some(v) => v.extract().map_err(Into::into),
                None => Err(PyValueError::new_err(format!(
                    "Extraction state without {key:?}"
                ))),
            }
        }
        let bad = |what: String| PyValueError::new_err(format!("Extraction state: {what}"));
        let blocks: Vec<Block> = serde_json::from_str(&item::<String>(d, "blocks")?)
            .map_err(|e| bad(format!("blocks: {e}")))?;
        let labels = |key: &str| -> PyResult<Vec<Label>> {
            item::<Vec<String>>(d, key)?
                .iter()
                .map(|l| l.parse::<Label>().map_err(bad))
                .collect()
        };
        let mut features = FeatureTable::new();
        let keys: Vec<String> = item(d, "feature_keys")?;
        let columns: Vec<Vec<f64>> = item(d, "feature_columns")?;
        for (key, column) in keys.into_iter().zip(columns) {
            features.insert(FeatureKey(key.into()), column);
        }
        let language = match item::<Option<(String, f64, String)>>(d, "language")? {
            None => None,
            Some((code, confidence, source)) => Some(Identification {
                language: lang::by_code(&code).ok_or_else(|| bad(format!("language {code:?}")))?,
                confidence,
                source: match source.as_str() {
                    "html_lang" => Source::HtmlLang,
                    _ => Source::Text,
                },
            }),
        };
        let inner = pith::Extraction {
            blocks,
            features,
            cf_labels: labels("cf_labels")?,
            labels: labels("labels")?,
            cf_rules: item(d, "cf_rules")?,
            revised_by: item(d, "revised_by")?,
            decoded_as: item(d, "decoded_as")?,
            diagnostics: pith::core::Diagnostics {
                notes: item(d, "notes")?,
            },
            metadata: pith::dom::PageMetadata {
                title: item(d, "title")?,
                canonical_href: item(d, "canonical_href")?,
                description: item(d, "description")?,
                site_name: item(d, "site_name")?,
                author: item(d, "author")?,
                published: item(d, "published")?,
                // Pickles made before the text's date was read have none.
                dated_in_text: match d.get_item("dated_in_text")? {
                    Some(v) => v.extract()?,
                    None => None,
                },
                // Nor had those made before bylines were read.
                bylined_in_text: match d.get_item("bylined_in_text")? {
                    Some(v) => v.extract()?,
                    None => None,
                },
                // Nor had those made before Markdown wrote links.
                base_href: match d.get_item("base_href")? {
                    Some(v) => v.extract()?,
                    None => None,
                },
            },
            language,
            warnings: item(d, "warnings")?,
        };
        if inner.labels.len() != inner.blocks.len() || inner.cf_labels.len() != inner.blocks.len() {
            return Err(bad("a label for every block".to_owned()));
        }
        let stoplist: Option<String> = item(d, "stoplist")?;
        // Pickles made before `markdown` wrote tables have no table places.
        let tables = match d.get_item("tables")? {
            Some(v) => (v.extract::<Vec<Option<TableState>>>()?.into_iter())
                .map(|p| p.map(table_place))
                .collect(),
            None => vec![None; inner.blocks.len()],
        };
        if tables.len() != inner.blocks.len() {
            return Err(bad("a table place for every block".to_owned()));
        }
        // Pickles made before `markdown` read lists' starts have no lists: their
        // lists are numbered from 1, as they were.
        let lists = match d.get_item("lists")? {
            Some(v) => (v.extract::<Vec<Option<ListState>>>()?.into_iter())
                .map(|l| l.map(|(list, start)| OrderedList { list, start }))
                .collect(),
            None => vec![None; inner.blocks.len()],
        };
        if lists.len() != inner.blocks.len() {
            return Err(bad("an ordered list entry for every block".to_owned()));
        }
        // Pickles made before `markdown` wrote inline spans have none: their blocks
        // are written flat, as they were.
        let spans = match d.get_item("spans")? {
            Some(v) => (v.extract::<Vec<Vec<SpanState>>>()?.into_iter())
                .map(|spans| spans.into_iter().map(span).collect())
                .collect::<PyResult<Vec<Vec<InlineSpan>>>>()?,
            None => vec![Vec::new(); inner.blocks.len()],
        };
        if spans.len() != inner.blocks.len() {
            return Err(bad("inline spans for every block".to_owned()));
        }
        // Nor links, which stay text in their Markdown.
        let links = match d.get_item("links")? {
            Some(v) => (v.extract::<Vec<Vec<LinkState>>>()?.into_iter())
                .map(|links| {
                    (links.into_iter())
                        .map(|(start, end, href)| LinkSpan { start, end, href })
                        .collect()
                })
                .collect(),
            None => vec![Vec::new(); inner.blocks.len()],
        };
        if links.len() != inner.blocks.len() {
            return Err(bad("links for every block".to_owned()));
        }
        // Pickles made before `markdown` read list items and code languages have
        // neither: each paragraph of an item is an item, and fences name no language,
        // as they did.
        let items: Vec<Option<usize>> = match d.get_item("items")? {
            Some(v) => v.extract()?,
            None => vec![None; inner.blocks.len()],
        };
        let languages: Vec<Option<String>> = match d.get_item("languages")? {
            Some(v) => v.extract()?,
            None => vec![None; inner.blocks.len()],
        };
        if items.len() != inner.blocks.len() || languages.len() != inner.blocks.len() {
            return Err(bad(
                "a list item and a code language for every block".to_owned()
            ));
        }
        let images = images_of_state(d, inner.blocks.len()).map_err(bad)?;
        Ok(PyExtraction::new(
            Ran {
                extraction: inner,
                layout: TreeLayout {
                    tables,
                    lists,
                    spans,
                    links,
                    items,
                    languages,
                    // Read from the tree, which a pickle does not keep; the images
                    // inside texts are placed from `images`.
                    text_images: Vec::new(),
                    inline_images: Vec::new(),
                },
                images,
            },
            item(d, "url")?,
            stoplist.map(Arc::from),
        ))
    }

    /// The extraction and layout the writers write for `options`: with the page's
    /// images among the blocks when it asks for them.
    fn with_images(
        &self,
        options: &pith::markdown::MarkdownOptions,
    ) -> (Cow<'_, pith::Extraction>, Cow<'_, TreeLayout>) {
        match options.images {
            true => self.images.merged(
                &self.inner,
                Cow::Borrowed(&self.layout),
                options.base(&self.inner).as_deref(),
            ),
            false => (Cow::Borrowed(&self.inner), Cow::Borrowed(&self.layout)),
        }
    }

    fn is_heading(&self, i: usize) -> bool {
        self.inner
            .features
            .keys()
            .iter()
            .find(|k| k.as_str() == "justext.heading")
            .and_then(|k| self.inner.features.get(k, i))
            == Some(1.0)
    }
}

impl PyExtraction {
    /// The metadata header's fields (`--with-metadata`), by their record names and in a
    /// record's order, from this extraction's properties.
    fn metadata_fields(&self) -> Vec<(&'static str, String)> {
        let fields: [(&'static str, Option<String>); 8] = [
            ("url", self.url.clone()),
            ("title", self.title().map(str::to_owned)),
            ("canonical_url", self.canonical_url()),
            ("description", self.description().map(str::to_owned)),
            ("site_name", self.site_name().map(str::to_owned)),
            ("author", self.author().map(str::to_owned)),
            ("published", self.published()),
            ("language", self.language().map(str::to_owned)),
        ];
        (fields.into_iter())
            .filter_map(|(name, value)| Some((name, value?)))
            .collect()
    }
}

#[pymethods]
impl PyExtraction {
    /// The main text: the good blocks' texts joined by newlines (the ``text`` of
    /// ``pith extract --format jsonl``).
    #[getter]
    fn text(&self) -> String {
        self.inner.good_text("\n")
    }

    /// The good blocks as Markdown, as ``pith extract --format markdown`` writes them:
    /// headings with their level, list items (ordered ones numbered from the list's
    /// ``start``), block quotes, a lone ``<br>`` as a hard line break (with the
    /// segmenters that cut at tags, as the ``pith`` preset's), fenced preformatted
    /// text, data tables as pipe tables,
    /// each kept cell in its column, and inline code, strong, emphasis and
    /// strikethrough as `` `code` ``, ``**strong**``, ``*emphasis*``, ``~~struck~~``.
    #[getter]
    fn markdown(&self) -> String {
        self.to_markdown(false, false, false)
    }

    /// ``markdown``, with ``links=True`` its links as ``[text](url)``, each ``href``
    /// resolved against the page's ``<base href>`` and ``url`` (``pith extract
    /// --links``); a page given without ``url`` keeps its relative links as written.
    /// ``metadata=True`` opens it with the page's metadata as YAML front matter, as
    /// ``pith extract --with-metadata`` does (``url``, ``title``, ``canonical_url``,
    /// ``description``, ``site_name``, ``author``, ``published``, ``language``: this
    /// extraction's properties of those names that are not ``None``).
    /// ``images=True`` writes the images of its main text as ``![alt](src)`` where the
    /// page had them, sources resolved as links are (``pith extract --images``: an
    /// image inside a kept paragraph, between two kept blocks, or in a figure whose
    /// caption is kept).
    #[pyo3(signature = (*, links = false, metadata = false, images = false))]
    fn to_markdown(&self, links: bool, metadata: bool, images: bool) -> String {
        let options = pith::markdown::MarkdownOptions {
            links,
            url: self.url.clone(),
            images,
        };
        let (ex, layout) = self.with_images(&options);
        let mut out = Vec::new();
        let fields = match metadata {
            true => self.metadata_fields(),
            false => Vec::new(),
        };
        // As the CLI: no header for a page without any of the fields.
        if !fields.is_empty() {
            pith::output::write_front_matter(&mut out, &fields)
                .expect("writing to a Vec never fails");
        }
        pith::markdown::write_markdown_with(&mut out, &ex, Some(&layout), &options)
            .expect("writing to a Vec never fails");
        String::from_utf8(out).expect("the blocks are UTF-8")
    }

    /// The good blocks as an HTML5 page, as ``pith extract --format html`` writes it:
    /// headings, paragraphs, nested lists (an ``<ol>`` with its ``start``), quotes,
    /// preformatted text, data tables, and inline ``<code>``, ``<strong>``, ``<em>``,
    /// ``<del>``; with ``links=True`` its links as ``<a href>``, resolved as
    /// ``to_markdown(links=True)`` resolves them. The text is escaped and nothing the
    /// pipeline dropped is in it. (The CLI writes the ``declutter`` presets' purified
    /// tree instead when they keep every block; an extraction has no tree to write.)
    /// ``metadata=True`` writes the page's metadata in its head, as ``pith extract
    /// --with-metadata`` does; ``images=True`` writes the images of its main text as
    /// ``<img>``, as ``to_markdown(images=True)`` chooses them.
    #[pyo3(signature = (*, links = false, metadata = false, images = false))]
    fn to_html(&self, links: bool, metadata: bool, images: bool) -> String {
        let options = pith::markdown::MarkdownOptions {
            links,
            url: self.url.clone(),
            images,
        };
        let (ex, layout) = self.with_images(&options);
        let fields = match metadata {
            true => self.metadata_fields(),
            false => Vec::new(),
        };
        let mut out = Vec::new();
        pith::html::write_html_with_metadata(&mut out, &ex, Some(&layout), &options, &fields)
            .expect("writing to a Vec never fails");
        String::from_utf8(out).expect("the blocks are UTF-8")
    }

    /// Every block, in document order, good and bad: a new list on each access, of the
    /// same ``Block`` objects (made on the first access; a block's ``features`` dict on
    /// the first access to it, so a loop that reads only texts and labels builds none).
    #[getter]
    fn blocks<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let this = slf.get();
        let blocks = this.blocks.get_or_try_init(py, || {
            // The blocks read their features from one shared copy of the table (a
            // reference to the extraction itself would be a cycle that Python's
            // reference counting never frees).
            let table = Arc::new(this.inner.features.clone());
            (this.inner.blocks.iter().enumerate())
                .map(|(i, b)| {
                    let block = PyBlock {
                        text: b.text.clone(),
                        label: this.inner.labels[i].as_str(),
                        cf_label: this.inner.cf_labels[i].as_str(),
                        heading: this.is_heading(i),
                        features: PyOnceLock::new(),
                        features_of: Some((Arc::clone(&table), i)),
                        xpath: b.xpath.clone(),
                        dom_path: b.dom_path.clone(),
                        chars_count_in_links: b.chars_count_in_links,
                        tags_count: b.tags_count,
                        preformatted: b.preformatted.clone(),
                        after_line_break: b.after_line_break,
                    };
                    Py::new(py, block)
                })
                .collect::<PyResult<Vec<_>>>()
        })?;
        PyList::new(py, blocks.iter().map(|b| b.clone_ref(py)))
    }

    /// The page's identified language as an ISO 639-1 code (``"en"``, ``"ja"``), as the
    /// ``language`` field of a ``--format jsonl`` record; ``None`` when the page has no
    /// text to identify.
    #[getter]
    fn language(&self) -> Option<&'static str> {
        self.inner.language.as_ref().map(|id| id.language.code)
    }

    /// The identifier's confidence in :attr:`language`, from 0 (a guess) to 1.
    #[getter]
    fn language_confidence(&self) -> Option<f64> {
        self.inner.language.as_ref().map(|id| id.confidence)
    }

    /// What to know about this result (e.g. a fixed English stoplist on a Russian page).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.inner.warnings.clone()
    }

    /// The built-in stoplist the pipeline was configured with (the pipeline's
    /// ``language``: ``"English"``, ``"auto"``), or ``None``.
    #[getter]
    fn stoplist(&self) -> Option<&str> {
        self.stoplist.as_deref()
    }

    /// The parse guards that changed this page (e.g. the depth limit); empty when none.
    #[getter]
    fn limits_hit(&self) -> Vec<String> {
        self.inner.diagnostics.notes.clone()
    }

    /// The encoding the bytes were decoded with: Python's codec name with the jusText
    /// presets (``"utf-8"``, ``"iso8859-1"``, as the reference decodes), the WHATWG
    /// name with the others (``"UTF-8"``, ``"windows-1252"``, as browsers decode);
    /// ``None`` for ``str`` input.
    #[getter]
    fn encoding(&self) -> Option<&str> {
        self.inner
            .decoded_as
            .as_ref()
            .map(|(codec, _)| codec.as_str())
    }

    /// Which rule chose the encoding (``meta-charset``, ``utf8``, ``default``, ...).
    #[getter]
    fn encoding_source(&self) -> Option<&str> {
        self.inner.decoded_as.as_ref().map(|(_, src)| src.as_str())
    }

    /// The ``url`` given to ``extract``, or ``None``.
    #[getter]
    fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// The page's title: the first HTML ``<title>``'s text, whitespace runs made one
    /// space, stripped (as ``document.title``; the ``title`` of a ``--format jsonl``
    /// record); ``None`` without one or when it is blank.
    #[getter]
    fn title(&self) -> Option<&str> {
        self.inner.metadata.title.as_deref()
    }

    /// The page's summary from its ``<meta>`` tags (``description``,
    /// ``og:description``), or ``None``; as a ``--format jsonl`` record's.
    #[getter]
    fn description(&self) -> Option<&str> {
        self.inner.metadata.description.as_deref()
    }

    /// The site's name (``og:site_name``), or ``None``.
    #[getter]
    fn site_name(&self) -> Option<&str> {
        self.inner.metadata.site_name.as_deref()
    }

    /// The author the ``<meta>`` tags name (``author``, ``article:author`` when not a
    /// URL, ...; else the JSON-LD article's), less a byline's leading ``By``; else the
    /// name the page's first byline gives (``By Martha Ellison, Local Affairs
    /// Reporter``: ``Martha Ellison``), or ``None``; as a ``--format jsonl`` record's.
    #[getter]
    fn author(&self) -> Option<&str> {
        self.inner.metadata.author_or_byline()
    }

    /// When the page was published, in ISO 8601: its ``<meta>`` tags' date
    /// (``article:published_time``, ``datePublished``, ...; else its JSON-LD article's),
    /// as written when it is ISO 8601, else the date it names as ``2019-11-19``
    /// (``November 19, 2019, 07:47 PM EST``), else as written; else the date in its canonical URL or in ``url`` (``/2019/11/19/``, as
    /// ``2019-11-19``), else the date its text shows (a ``<time datetime>``, or a
    /// dateline such as ``Posted on July 15, 2012``, as ``2012-07-15``), or ``None``; as
    /// a ``--format jsonl`` record's.
    #[getter]
    fn published(&self) -> Option<String> {
        if let Some(published) = &self.inner.metadata.published {
            return Some(published.clone());
        }
        untagged_date(
            &self.inner.metadata,
            &[self.canonical_url(), self.url.clone()],
        )
    }

    /// The page's ``<link rel=canonical>`` resolved against ``url``, else ``url``; the
    /// ``canonical_url`` of a ``--format jsonl`` record.
    #[getter]
    fn canonical_url(&self) -> Option<String> {
        match (&self.inner.metadata.canonical_href, &self.url) {
            (Some(href), Some(base)) => Some(pith_corpus::url::resolve(base, href)),
            (Some(href), None) => Some(href.clone()),
            (None, url) => url.clone(),
        }
    }

    /// The result as a dict with the fields of a ``--format jsonl`` text record
    /// (``text``, ``word_count``; ``url``, ``title``, ``canonical_url``, ``description``,
    /// ``site_name``, ``author``, ``published``, ``language``,
    /// ``language_confidence``, ``warnings``, ``encoding``, ``encoding_source``,
    /// ``limits_hit`` when known); ``markdown=True`` adds ``markdown``, as
    /// ``--markdown`` does (``links=True``: with its links, as ``--links``;
    /// ``images=True``: with its images, as ``--images``).
    #[pyo3(signature = (*, markdown = false, links = false, images = false))]
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        markdown: bool,
        links: bool,
        images: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(url) = &self.url {
            d.set_item("url", url)?;
        }
        if let Some(title) = self.title() {
            d.set_item("title", title)?;
        }
        if let Some(canonical) = self.canonical_url() {
            d.set_item("canonical_url", canonical)?;
        }
        // As records have them: `author` else from a byline, `published` else from a
        // URL or the text, in the tags' order.
        for (key, value) in self.inner.metadata.described() {
            let value = match key {
                "author" => self.author().map(str::to_owned),
                "published" => self.published(),
                _ => value.map(str::to_owned),
            };
            if let Some(value) = value {
                d.set_item(key, value)?;
            }
        }
        let text = self.text();
        // As records count them (each Han, Hiragana and Katakana character a word, Thai
        // and its neighbours' dictionary words).
        d.set_item("word_count", pith::core::lang::words::count_words(&text))?;
        d.set_item("text", text)?;
        if markdown {
            d.set_item("markdown", self.to_markdown(links, false, images))?;
        }
        if let Some(id) = &self.inner.language {
            d.set_item("language", id.language.code)?;
            d.set_item("language_confidence", id.confidence)?;
        }
        if !self.inner.warnings.is_empty() {
            d.set_item("warnings", self.warnings())?;
        }
        if let Some((codec, source)) = &self.inner.decoded_as {
            d.set_item("encoding", codec)?;
            d.set_item("encoding_source", source)?;
        }
        if !self.inner.diagnostics.notes.is_empty() {
            d.set_item("limits_hit", self.limits_hit())?;
        }
        Ok(d)
    }

    /// Pickles as its fields (blocks, labels, features, what is known of the page), so
    /// a result crosses process boundaries (``multiprocessing``, Spark) whole.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PyExtraction>().getattr("_restore")?;
        let args = PyTuple::new(py, [self.state(py)?])?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    /// The ``Extraction`` that ``__reduce__``'s state describes (for ``pickle``).
    #[staticmethod]
    fn _restore(state: &Bound<'_, PyDict>) -> PyResult<PyExtraction> {
        PyExtraction::from_state(state)
    }

    fn __len__(&self) -> usize {
        self.inner.blocks.len()
    }

    fn __repr__(&self) -> String {
        let good = self.inner.good_blocks().count();
        format!(
            "<Extraction: {} blocks, {good} good, {} characters of text>",
            self.inner.blocks.len(),
            self.inner
                .good_blocks()
                .map(|b| b.text.chars().count())
                .sum::<usize>()
        )
    }
}

/// One block (jusText's paragraph) with its labels and features.
#[pyclass(name = "Block", module = "pith", frozen)]
pub struct PyBlock {
    /// The block's text.
    #[pyo3(get)]
    text: String,
    /// The final label: ``good``, ``bad`` (``neargood``/``short`` only for pipelines
    /// without passes).
    #[pyo3(get)]
    label: &'static str,
    /// The context-free label, before the passes looked at neighbours.
    #[pyo3(get)]
    cf_label: &'static str,
    /// Whether the block is a heading.
    #[pyo3(get)]
    heading: bool,
    /// The `features` dict, once made.
    features: PyOnceLock<Py<PyDict>>,
    /// Where the features are read from until then: the page's feature table and the
    /// block's number in it (`None` for a block unpickled with its dict).
    features_of: Option<(Arc<FeatureTable>, usize)>,
    /// The XPath of the block's opening element with jusText's segmenter (the
    /// ``justext`` presets); empty with the segmenters that cut at tags (``pith``,
    /// ``readability``, ``declutter``), which do not build it.
    #[pyo3(get)]
    xpath: String,
    /// Element names from the root to the block's element, joined by ``.``.
    #[pyo3(get)]
    dom_path: String,
    /// Characters of text inside links.
    #[pyo3(get)]
    chars_count_in_links: usize,
    /// Inline tags inside the block.
    #[pyo3(get)]
    tags_count: i64,
    /// The text as written (its lines and indentation) when all of it is preformatted
    /// (inside ``pre``: code, a poem, a table drawn in text), with the segmenters that
    /// cut at tags (the ``pith``, ``readability`` and ``declutter`` presets); else
    /// ``None``. ``text`` is whitespace-normalised; ``Extraction.text`` shows this.
    #[pyo3(get)]
    preformatted: Option<String>,
    /// Whether a lone ``<br>`` cut the block from the block before it (a line of the
    /// same paragraph: an address, a verse; ``Extraction.markdown`` writes a hard line
    /// break), with the segmenters that cut at tags; ``False`` with jusText's.
    #[pyo3(get)]
    after_line_break: bool,
}

#[pymethods]
impl PyBlock {
    /// Every feature the pipeline computed for the block, by key (the same dict on
    /// each access).
    #[getter]
    fn features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = self
            .features
            .get_or_try_init(py, || -> PyResult<Py<PyDict>> {
                let dict = PyDict::new(py);
                if let Some((table, i)) = &self.features_of {
                    for k in table.keys() {
                        if let Some(v) = table.get(k, *i) {
                            dict.set_item(k.as_str(), v)?;
                        }
                    }
                }
                Ok(dict.unbind())
            })?;
        Ok(dict.bind(py).clone())
    }

    /// Whether the final label is ``good``.
    #[getter]
    fn is_good(&self) -> bool {
        self.label == "good"
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PyBlock>().getattr("_restore")?;
        let args = (
            self.text.clone(),
            self.label,
            self.cf_label,
            self.heading,
            self.features(py)?,
            self.xpath.clone(),
            self.dom_path.clone(),
            self.chars_count_in_links,
            self.tags_count,
            self.preformatted.clone(),
            self.after_line_break,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    /// The ``Block`` of these fields (for ``pickle``; a pickle made before
    /// ``preformatted`` and ``after_line_break`` were kept has neither).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (text, label, cf_label, heading, features, xpath, dom_path,
        chars_count_in_links, tags_count, preformatted = None, after_line_break = false))]
    fn _restore(
        py: Python<'_>,
        text: String,
        label: &str,
        cf_label: &str,
        heading: bool,
        features: Py<PyDict>,
        xpath: String,
        dom_path: String,
        chars_count_in_links: usize,
        tags_count: i64,
        preformatted: Option<String>,
        after_line_break: bool,
    ) -> PyResult<PyBlock> {
        let label_of = |l: &str| {
            l.parse::<Label>()
                .map(Label::as_str)
                .map_err(PyValueError::new_err)
        };
        Ok(PyBlock {
            text,
            label: label_of(label)?,
            cf_label: label_of(cf_label)?,
            heading,
            features: {
                let cell = PyOnceLock::new();
                // A new cell takes its first value.
                let _ = cell.set(py, features);
                cell
            },
            features_of: None,
            xpath,
            dom_path,
            chars_count_in_links,
            tags_count,
            preformatted,
            after_line_break,
        })
    }

    fn __repr__(&self) -> String {
        let mut preview: String = self.text.chars().take(40).collect();
        if preview.len() < self.text.len() {
            preview.push('…');
        }
        format!("<Block {} {:?}>", self.label, preview)
    }
}
