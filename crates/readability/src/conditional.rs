//! `readability.clean_conditionally` (the step `FLAG_CLEAN_CONDITIONALLY` turns off;
//! `_cleanConditionally`): inside the article, removes the elements named in `tags`
//! that look "fishy", one tag after the other, deepest first — so an element is judged
//! on what is left of it after its descendants were judged.
//!
//! An element is kept when it is a data table or inside one (`_markDataTables`: a
//! `summary`, a `caption`, `col`/`colgroup`/`tfoot`/`thead`/`th` cells, or more than
//! 10 cells, ≥ 10 rows or > 4 columns, and no nested table; `role="presentation"` and
//! `datatable="0"` never), holds a data table, has a `code` ancestor within four
//! levels, or holds an `allowed_video` embed. Otherwise it is removed when its class
//! weight is negative, or when it has fewer than `min_commas` (10) commas and any of:
//! more than one image and fewer than half as many `p`; more `li` than `p` +
//! `li_allowance` (100) outside a list; more `input`s than a third of its `p`s; under
//! `min_length` (25) characters with links, no dominant heading and 0 or > 2 images;
//! link density above `low_weight_link_density` (0.2) with a class weight below
//! `weight_threshold` (25) or above `high_weight_link_density` (0.5) with one above;
//! one embed and under `embed_min_length` (75) characters, or several embeds; no
//! image and no text in text-ish descendants; text that is only an ad or loading word.
//! A list of images whose items each hold one element is kept. An element counts as a
//! list when it is `ul`/`ol` or its list text exceeds `list_text_ratio` (0.9).
//!
//! ```
//! # use pith_readability::CleanConditionally;
//! let stage: CleanConditionally = serde_json::from_str(r#"{"tags": ["table", "ul", "div"]}"#).unwrap();
//! assert_eq!(stage.min_commas, 10);
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, Element, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::clean::{article_root, default_videos, is_allowed_video};
use crate::paragraphs::{default_hash_link_weight, DIV_TO_P_TAGS};
use crate::pattern::Pattern;
use crate::score::class_weight;
#[cfg(test)]
use crate::text::inner_text;
use crate::text::{kept_inner_text, Span, TextSpans};
use crate::walk::{self, element_children};

/// Readability's `REGEXPS.adWords`.
pub const AD_WORDS: &str =
    "^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)$";
/// Readability's `REGEXPS.loadingWords`.
pub const LOADING_WORDS: &str = r"^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$";

/// The `readability.clean_conditionally` stage; fields and defaults in the module docs
/// (`tags`: `form`, `fieldset`, `table`, `ul`, `div`; `textish_tags`: `span`, `li`,
/// `td` and Readability's `DIV_TO_P_ELEMS`; `ad_words` [`AD_WORDS`]; `loading_words`
/// [`LOADING_WORDS`]; `allowed_video` [`VIDEOS`](crate::clean::VIDEOS);
/// `link_density_modifier` 0; `hash_link_weight` 0.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CleanConditionally {
    /// The elements judged, one tag after the other.
    #[serde(default = "default_tags")]
    pub tags: TagNames,
    /// Elements with at least this many commas are kept.
    #[serde(default = "default_min_commas")]
    pub min_commas: usize,
    /// `li` allowed beyond the number of `p` outside lists.
    #[serde(default = "default_li_allowance")]
    pub li_allowance: usize,
    /// Share of list text that makes an element a list.
    #[serde(default = "default_ratio_09")]
    pub list_text_ratio: f64,
    /// Heading text share under which a short linky element is removed.
    #[serde(default = "default_ratio_09")]
    pub heading_density: f64,
    /// "Suspiciously short" below this many characters.
    #[serde(default = "default_min_length")]
    pub min_length: usize,
    /// Class weight from which an element counts as high weight.
    #[serde(default = "default_weight_threshold")]
    pub weight_threshold: f64,
    /// Highest link density of a low-weight element.
    #[serde(default = "default_low_ld")]
    pub low_weight_link_density: f64,
    /// Highest link density of a high-weight element.
    #[serde(default = "default_high_ld")]
    pub high_weight_link_density: f64,
    /// Added to both link-density limits (Readability's `linkDensityModifier`).
    #[serde(default)]
    pub link_density_modifier: f64,
    /// One embed needs at least this many characters.
    #[serde(default = "default_embed_min_length")]
    pub embed_min_length: usize,
    /// Elements whose text counts for the text density.
    #[serde(default = "default_textish")]
    pub textish_tags: TagNames,
    /// Text that is only an ad word.
    #[serde(default = "default_ad_words")]
    pub ad_words: Pattern,
    /// Text that is only a loading indicator.
    #[serde(default = "default_loading_words")]
    pub loading_words: Pattern,
    /// Embeds whose attributes match this keep their container.
    #[serde(default = "default_videos")]
    pub allowed_video: Pattern,
    /// Weight of the text of in-page links (`href="#…"`) in link densities.
    #[serde(default = "default_hash_link_weight")]
    pub hash_link_weight: f64,
}

fn default_tags() -> TagNames {
    walk::lower(&["form", "fieldset", "table", "ul", "div"])
}
fn default_min_commas() -> usize {
    10
}
fn default_li_allowance() -> usize {
    100
}
fn default_ratio_09() -> f64 {
    0.9
}
fn default_min_length() -> usize {
    25
}
fn default_weight_threshold() -> f64 {
    25.0
}
fn default_low_ld() -> f64 {
    0.2
}
fn default_high_ld() -> f64 {
    0.5
}
fn default_embed_min_length() -> usize {
    75
}
fn default_textish() -> TagNames {
    ["span", "li", "td"]
        .iter()
        .chain(DIV_TO_P_TAGS)
        .map(|t| t.to_ascii_lowercase())
        .collect()
}
fn default_ad_words() -> Pattern {
    Pattern::builtin(AD_WORDS)
}
fn default_loading_words() -> Pattern {
    Pattern::builtin(LOADING_WORDS)
}

impl Default for CleanConditionally {
    fn default() -> Self {
        CleanConditionally {
            tags: default_tags(),
            min_commas: default_min_commas(),
            li_allowance: default_li_allowance(),
            list_text_ratio: default_ratio_09(),
            heading_density: default_ratio_09(),
            min_length: default_min_length(),
            weight_threshold: default_weight_threshold(),
            low_weight_link_density: default_low_ld(),
            high_weight_link_density: default_high_ld(),
            link_density_modifier: 0.0,
            embed_min_length: default_embed_min_length(),
            textish_tags: default_textish(),
            ad_words: default_ad_words(),
            loading_words: default_loading_words(),
            allowed_video: default_videos(),
            hash_link_weight: default_hash_link_weight(),
        }
    }
}

/// What `_cleanConditionally` counts below one element (descendants only).
#[derive(Clone, Copy, Debug, Default)]
struct Below {
    span: Span,
    link: f64,
    commas: usize,
    p: usize,
    img: usize,
    li: usize,
    input: usize,
    embeds: usize,
    video: bool,
    list_len: usize,
    heading_len: usize,
    textish_len: usize,
    data_table: bool,
    /// The element was judged and is to be removed (set when the walk closes it).
    removed: bool,
}

fn parse_span(value: Option<&str>) -> usize {
    let digits: String = value
        .unwrap_or("")
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse::<usize>().ok().filter(|&n| n > 0).unwrap_or(1)
}

/// `_markDataTables` for every table under `scope`, indexed by [`NodeId::index`].
///
/// What Readability asks of each table's descendants (the first `caption`, data cells,
/// a nested table) is gathered bottom-up in one walk; only tables without a nested
/// table, whose subtrees are disjoint, are walked again to count rows and columns.
pub fn data_tables(doc: &Document, scope: NodeId) -> Vec<bool> {
    let n = doc.arena_len();
    let mut first_caption: Vec<Option<NodeId>> = vec![None; n];
    let mut data_cells = vec![false; n];
    let mut table_below = vec![false; n];
    let mut result = vec![false; n];
    for edge in doc.traverse(scope) {
        let Edge::Close(id) = edge else { continue };
        let i = id.index();
        let name = doc.element_name(id);
        if name == Some("table") {
            let below = Below3 {
                first_caption: first_caption[i],
                data_cells: data_cells[i],
                table_below: table_below[i],
            };
            result[i] = is_data_table(doc, id, below);
        }
        if id == scope {
            continue;
        }
        if let Some(p) = doc.parent(id) {
            let pi = p.index();
            if first_caption[pi].is_none() {
                first_caption[pi] = if name == Some("caption") {
                    Some(id)
                } else {
                    first_caption[i]
                };
            }
            data_cells[pi] |= data_cells[i]
                || matches!(name, Some("col" | "colgroup" | "tfoot" | "thead" | "th"));
            table_below[pi] |= table_below[i] || name == Some("table");
        }
    }
    result
}

/// What `_markDataTables` asks of a table's descendants.
struct Below3 {
    first_caption: Option<NodeId>,
    data_cells: bool,
    table_below: bool,
}

/// `_markDataTables` for one table, given what is below it.
fn is_data_table(doc: &Document, table: NodeId, below: Below3) -> bool {
    let Some(el) = doc.element(table) else {
        return false;
    };
    if el.attr("role") == Some("presentation") || el.attr("datatable") == Some("0") {
        return false;
    }
    if el.attr("summary").is_some_and(|s| !s.is_empty()) {
        return true;
    }
    if below
        .first_caption
        .is_some_and(|c| doc.first_child(c).is_some())
        || below.data_cells
    {
        return true;
    }
    if below.table_below {
        return false;
    }
    let named = |n: NodeId, t: &str| doc.element_name(n) == Some(t);
    let (mut rows, mut columns) = (0usize, 0usize);
    for tr in doc.descendants(table).filter(|&n| named(n, "tr")) {
        rows += parse_span(doc.element(tr).and_then(|e| e.attr("rowspan")));
        let cols: usize = doc
            .descendants(tr)
            .filter(|&n| named(n, "td"))
            .map(|td| parse_span(doc.element(td).and_then(|e| e.attr("colspan"))))
            .sum();
        columns = columns.max(cols);
    }
    if columns == 1 || rows == 1 {
        return false;
    }
    if rows >= 10 || columns > 4 {
        return true;
    }
    rows * columns > 10
}

/// The nearest ancestors of the node being closed, as the walk keeps them.
struct Ancestor {
    /// The ancestor element (the walk reads the document, never changes it).
    node: NodeId,
    data_table: bool,
}

/// What the walks of one `readability.clean_conditionally` read of the article before
/// the first of them: removing elements changes no text, so each text node's span and
/// commas are taken once rather than once per tag.
struct Texts {
    /// The span of each text node under the scope, by [`NodeId::index`].
    span: Vec<Span>,
    /// The commas (`,`) of each text node under the scope, by [`NodeId::index`].
    commas: Vec<usize>,
    /// Whether the scope holds an element of each of the stage's `tags` (a tag without
    /// one needs no walk).
    has_tag: Vec<bool>,
}

impl Texts {
    fn measure(doc: &Document, scope: NodeId, tags: &TagNames) -> Texts {
        let n = doc.arena_len();
        let mut texts = Texts {
            span: vec![Span::default(); n],
            commas: vec![0; n],
            has_tag: vec![false; tags.len()],
        };
        let spans = TextSpans::of(doc);
        for id in doc.descendants(scope) {
            match doc.data(id) {
                NodeData::Text(t) => {
                    texts.span[id.index()] = spans.span(id, t);
                    texts.commas[id.index()] = t.matches(',').count();
                }
                NodeData::Element(el) if id != scope && el.is_named_in(tags) => {
                    for (k, tag) in tags.iter().enumerate() {
                        texts.has_tag[k] |= tag == el.name();
                    }
                }
                _ => {}
            }
        }
        texts
    }
}

impl CleanConditionally {
    /// The elements named `tag` to remove, judged deepest first. `below` is scratch
    /// space, one entry per node of the arena (each is reset as the walk enters it).
    fn doomed(
        &self,
        doc: &Document,
        scope: NodeId,
        tag: &str,
        data_tables: &[bool],
        texts: &Texts,
        below: &mut [Below],
    ) -> Vec<NodeId> {
        let mut stack: Vec<Ancestor> = Vec::new();
        let mut open_data_tables = 0usize;
        let mut doomed = Vec::new();
        for edge in doc.traverse(scope) {
            match edge {
                Edge::Open(id) => {
                    below[id.index()] = Below::default();
                    if doc.element(id).is_some() {
                        let data_table = data_tables[id.index()];
                        open_data_tables += usize::from(data_table);
                        stack.push(Ancestor {
                            node: id,
                            data_table,
                        });
                    }
                }
                Edge::Close(id) => {
                    let i = id.index();
                    let mut removed = false;
                    let mut own = Below::default();
                    match doc.data(id) {
                        NodeData::Text(_) => {
                            own.span = texts.span[i];
                            own.commas = texts.commas[i];
                        }
                        NodeData::Element(el) => {
                            let me = stack.pop();
                            let name = el.name();
                            open_data_tables -= usize::from(me.is_some_and(|m| m.data_table));
                            if name == tag && id != scope {
                                removed = self.remove(
                                    doc,
                                    id,
                                    tag,
                                    below,
                                    &stack,
                                    open_data_tables > 0,
                                    data_tables[i],
                                );
                                if removed {
                                    doomed.push(id);
                                }
                            }
                            self.own_counts(doc, id, el, &below[i], data_tables[i], &mut own);
                        }
                        _ => {}
                    }
                    if removed {
                        below[i].removed = true;
                        continue;
                    }
                    if id == scope {
                        continue;
                    }
                    if let Some(p) = doc.parent(id) {
                        let b = below[i];
                        let pb = &mut below[p.index()];
                        let child_span = if matches!(doc.data(id), NodeData::Text(_)) {
                            own.span
                        } else {
                            b.span
                        };
                        let child_len = child_span.trimmed_len();
                        pb.span = pb.span.then(child_span);
                        pb.link += b.link + own.link;
                        pb.commas += b.commas + own.commas;
                        pb.p += b.p + own.p;
                        pb.img += b.img + own.img;
                        pb.li += b.li + own.li;
                        pb.input += b.input + own.input;
                        pb.embeds += b.embeds + own.embeds;
                        pb.video |= b.video || own.video;
                        pb.data_table |= b.data_table || own.data_table;
                        pb.list_len += b.list_len + own.list_len * child_len;
                        pb.heading_len += b.heading_len + own.heading_len * child_len;
                        pb.textish_len += b.textish_len + own.textish_len * child_len;
                    }
                }
            }
        }
        doomed
    }

    /// What an element adds to its parent's counts besides its descendants'.
    /// (`list_len`, `heading_len` and `textish_len` are 0/1 flags here, multiplied by
    /// the element's length by the caller.)
    fn own_counts(
        &self,
        doc: &Document,
        id: NodeId,
        el: &Element,
        below: &Below,
        data_table: bool,
        own: &mut Below,
    ) {
        let name = el.name();
        match name {
            "p" => own.p = 1,
            "img" => own.img = 1,
            "li" => own.li = 1,
            "input" => own.input = 1,
            "object" | "embed" | "iframe" => {
                own.embeds = 1;
                own.video = is_allowed_video(doc, id, &self.allowed_video);
            }
            "a" => {
                let weight = match doc.element(id).and_then(|e| e.attr("href")) {
                    Some(h) if h.len() > 1 && h.starts_with('#') => self.hash_link_weight,
                    _ => 1.0,
                };
                own.link = below.span.trimmed_len() as f64 * weight;
            }
            "table" => own.data_table = data_table,
            _ => {}
        }
        own.list_len = usize::from(matches!(name, "ul" | "ol"));
        own.heading_len = usize::from(matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6"));
        own.textish_len = usize::from(el.is_named_in(&self.textish_tags));
    }

    #[allow(clippy::too_many_arguments)]
    fn remove(
        &self,
        doc: &Document,
        id: NodeId,
        tag: &str,
        below: &[Below],
        ancestors: &[Ancestor],
        in_data_table: bool,
        is_data_table: bool,
    ) -> bool {
        let b = &below[id.index()];
        let len = b.span.trimmed_len();
        let near = |t: &str| {
            ancestors
                .iter()
                .rev()
                .take(4)
                .any(|a| doc.element_name(a.node) == Some(t))
        };
        let mut is_list = tag == "ul" || tag == "ol";
        if !is_list && len > 0 {
            is_list = b.list_len as f64 / len as f64 > self.list_text_ratio;
        }
        if (tag == "table" && is_data_table) || in_data_table || near("code") || b.data_table {
            return false;
        }
        let weight = class_weight(doc, id);
        if weight < 0.0 {
            return true;
        }
        if b.commas >= self.min_commas {
            return false;
        }
        if b.video {
            return false;
        }
        if len <= 64 {
            // The text as Readability reads it here: the descendants it has removed
            // already (deeper ones, judged first) are gone from it.
            let text = kept_inner_text(doc, id, |n| below[n.index()].removed);
            if self.ad_words.is_match(&text) || self.loading_words.is_match(&text) {
                return true;
            }
        }
        let (p, img, input, embeds) = (b.p, b.img, b.input, b.embeds);
        let li = b.li as i64 - self.li_allowance as i64;
        let density = |part: usize| {
            if len == 0 {
                0.0
            } else {
                part as f64 / len as f64
            }
        };
        let link_density = if len == 0 { 0.0 } else { b.link / len as f64 };
        let figure_child = near("figure");
        let remove = (!figure_child && img > 1 && (p as f64 / img as f64) < 0.5)
            || (!is_list && li > p as i64)
            || (input > p / 3)
            || (!is_list
                && !figure_child
                && density(b.heading_len) < self.heading_density
                && len < self.min_length
                && (img == 0 || img > 2)
                && link_density > 0.0)
            || (!is_list
                && weight < self.weight_threshold
                && link_density > self.low_weight_link_density + self.link_density_modifier)
            || (weight >= self.weight_threshold
                && link_density > self.high_weight_link_density + self.link_density_modifier)
            || ((embeds == 1 && len < self.embed_min_length) || embeds > 1)
            || (img == 0 && density(b.textish_len) == 0.0);
        if is_list && remove {
            if element_children(doc, id).any(|c| element_children(doc, c).count() > 1) {
                return true;
            }
            if img == b.li {
                return false;
            }
        }
        remove
    }
}

#[typetag::serde(name = "readability.clean_conditionally")]
impl TreeStage for CleanConditionally {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let scope = article_root(doc);
        let texts = Texts::measure(doc, scope, &self.tags);
        if !texts.has_tag.contains(&true) {
            return Ok(());
        }
        let data_tables = data_tables(doc, scope);
        let mut below = vec![Below::default(); doc.arena_len()];
        for (k, tag) in self.tags.iter().enumerate() {
            if !texts.has_tag[k] {
                continue;
            }
            for n in self.doomed(doc, scope, tag, &data_tables, &texts, &mut below) {
                doc.detach(n);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn removes_link_lists_and_keeps_prose_and_data_tables() {
        let prose = "Plain prose, with commas, lots of them, really, many, many, more, and more, again, and again, end.";
        let mut doc = parse_html(&format!(
            "<div><p>{prose}</p></div><div><a href=/a>one link</a> <a href=/b>two links</a></div>\
             <table summary=x><tr><td><a href=/c>cell link</a></td></tr></table>"
        ));
        CleanConditionally::default()
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        let text = inner_text(&doc, doc.body().unwrap());
        assert!(text.contains("Plain prose"));
        assert!(!text.contains("one link"));
        assert!(text.contains("cell link"));
    }

    #[test]
    fn data_tables_by_shape() {
        let doc = parse_html(
            "<table id=a><tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr>\
             <tr><td>7</td><td>8</td><td>9</td></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>\
             <table id=b><tr><td>1</td></tr><tr><td>2</td></tr></table>",
        );
        let tables = walk::elements_named(&doc, doc.root(), &TagNames::from(["table"]));
        let flags = data_tables(&doc, doc.root());
        assert!(flags[tables[0].index()]);
        assert!(!flags[tables[1].index()]);
    }
}
