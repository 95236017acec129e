//! `pith explain`: one page's blocks as a self-contained HTML page, each block outlined
//! and coloured by its final label, with what decided it on hover: its features, its
//! context-free label and the rule that gave it, and the pass that last changed it.
//!
//! It is the view a researcher needs to see *why* a pipeline keeps or drops a block.
//! The page has no external resource and no script (inline CSS; the details show on
//! `:hover` and, as plain text, in each block's `title`), so it opens anywhere and can
//! be attached to a bug report. Blocks are drawn in document order with the shape of
//! their element (heading level, list item, quote, preformatted: [`crate::shape`]).

use std::fmt::Write as _;

use pith_core::{Extraction, Label, Pipeline};

use crate::shape::{block_shape, BlockKind};

/// The HTML page explaining `ex`, the result of `pipeline` on the page named `source`.
pub fn explain_html(pipeline: &Pipeline, source: &str, ex: &Extraction) -> String {
    let spec = pipeline.spec();
    let name = spec.name.as_deref().unwrap_or("(unnamed pipeline)");
    let mut out = String::with_capacity(4096 + ex.blocks.len() * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
         <title>pith explain: {}</title>\n<style>{STYLE}</style></head><body>\n",
        escape(source)
    );
    let count = |l: Label| ex.labels.iter().filter(|&&x| x == l).count();
    let _ = write!(
        out,
        "<header><h1>pith explain</h1><p><b>{}</b> with pipeline <b>{}</b>: {} blocks</p>\
         <p class=\"legend\"><span class=\"good\">good {}</span> \
         <span class=\"neargood\">neargood {}</span> <span class=\"short\">short {}</span> \
         <span class=\"bad\">bad {}</span> (final labels; hover a block for why)</p>",
        escape(source),
        escape(name),
        ex.blocks.len(),
        count(Label::Good),
        count(Label::NearGood),
        count(Label::Short),
        count(Label::Bad),
    );
    if !ex.diagnostics.notes.is_empty() {
        let _ = write!(
            out,
            "<p>Notes: {}</p>",
            escape(&ex.diagnostics.notes.join("; "))
        );
    }
    out.push_str("</header>\n<main>\n");
    for i in 0..ex.blocks.len() {
        write_block(&mut out, pipeline, ex, i);
    }
    out.push_str("</main></body></html>\n");
    out
}

/// What decided block `i`, one `(field, value)` pair per line of the hover panel.
pub fn explanation(pipeline: &Pipeline, ex: &Extraction, i: usize) -> Vec<(String, String)> {
    let spec = pipeline.spec();
    let block = &ex.blocks[i];
    let mut lines = vec![
        ("label".to_owned(), ex.label(i).to_string()),
        ("cf label".to_owned(), ex.cf_label(i).to_string()),
    ];
    let rule = match ex.cf_rules.get(i).copied().flatten() {
        Some(r) => format!("rule {}: {}", r + 1, stage_json(&spec.rules[r])),
        None => format!("no rule answered: default_label {}", spec.default_label),
    };
    lines.push(("cf decided by".to_owned(), rule));
    let pass = match ex.revised_by.get(i).copied().flatten() {
        Some(p) => format!("pass {}: {}", p + 1, stage_json(&spec.passes[p])),
        None => "no pass changed the label".to_owned(),
    };
    lines.push(("final decided by".to_owned(), pass));
    for key in ex.features.keys() {
        let value = ex.features.get(key, i).unwrap_or(f64::NAN);
        lines.push((key.to_string(), format_number(value)));
    }
    lines.push(("dom_path".to_owned(), block.dom_path.clone()));
    lines.push(("xpath".to_owned(), block.xpath.clone()));
    lines
}

fn write_block(out: &mut String, pipeline: &Pipeline, ex: &Extraction, i: usize) {
    let block = &ex.blocks[i];
    let label = ex.label(i).as_str();
    let lines = explanation(pipeline, ex, i);
    let title: Vec<String> = lines.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    let shape = block_shape(block);
    let indent = shape.quote_depth * 2
        + match shape.kind {
            BlockKind::ListItem { depth, .. } => depth * 2,
            _ => 0,
        };
    let (tag, marker) = match shape.kind {
        BlockKind::Heading(level) => (format!("h{level}"), ""),
        BlockKind::ListItem { ordered: true, .. } => ("div".to_owned(), "1. "),
        BlockKind::ListItem { ordered: false, .. } => ("div".to_owned(), "• "),
        BlockKind::Preformatted => ("pre".to_owned(), ""),
        BlockKind::Paragraph => ("div".to_owned(), ""),
    };
    let quote = if shape.quote_depth > 0 { " quote" } else { "" };
    let _ = write!(
        out,
        "<div class=\"block {label}{quote}\" id=\"b{i}\" style=\"margin-left:{indent}em\" \
         title=\"{}\"><{tag} class=\"text\">{marker}{}</{tag}><table class=\"why\">",
        escape(&title.join("\n")),
        escape(&block.text),
    );
    for (k, v) in &lines {
        let _ = write!(out, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
    }
    out.push_str("</table></div>\n");
}

/// A stage as its pipeline-file entry (`{"type": ..., parameters}`), each parameter
/// longer than [`SHOWN_PARAMETER`] bytes of JSON summarised: a learned stage's trees
/// are hundreds of kilobytes, and every block it decided names it.
fn stage_json<T: serde::Serialize + ?Sized>(stage: &T) -> String {
    match serde_json::to_value(stage) {
        Ok(serde_json::Value::Object(fields)) => {
            // `"type"` first, as in a pipeline file; the parameters after it.
            let (kind, rest): (Vec<_>, Vec<_>) =
                fields.into_iter().partition(|(name, _)| name == "type");
            let shown: Vec<String> = kind
                .into_iter()
                .chain(rest)
                .map(|(name, value)| {
                    format!("{}:{}", serde_json::Value::String(name), summarised(value))
                })
                .collect();
            format!("{{{}}}", shown.join(","))
        }
        Ok(other) => other.to_string(),
        Err(e) => format!("(cannot show: {e})"),
    }
}

/// The most bytes of JSON a stage parameter is shown with in full.
const SHOWN_PARAMETER: usize = 160;

/// `value`, or when its JSON is longer than [`SHOWN_PARAMETER`] bytes a string that
/// says what it is: `"[100 items]"`, `"{3 fields}"`, or the start of the text.
fn summarised(value: serde_json::Value) -> serde_json::Value {
    let json = value.to_string();
    if json.len() <= SHOWN_PARAMETER {
        return value;
    }
    serde_json::Value::String(match &value {
        serde_json::Value::Array(items) => format!("[{} items]", items.len()),
        serde_json::Value::Object(fields) => format!("{{{} fields}}", fields.len()),
        _ => {
            let mut end = SHOWN_PARAMETER;
            while !json.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}…", &json[..end])
        }
    })
}

fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}

/// Escapes text for HTML content and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The page's style: one outline and fill per final label (the colours the rendering
/// test looks for), the hover panel, and the shapes of headings, items and quotes.
const STYLE: &str = "\
body{font:15px/1.4 system-ui,sans-serif;margin:16px;color:#1f2328;background:#fff}\
header{border-bottom:1px solid #d0d7de;margin-bottom:12px}header h1{font-size:20px;margin:0 0 4px}\
.legend span{padding:1px 8px;border-width:2px;border-style:solid;border-radius:3px}\
.block{position:relative;margin-top:6px;margin-bottom:6px;padding:4px 8px;border:2px solid;border-radius:3px}\
.block .text{margin:0;font-size:inherit;white-space:pre-wrap}\
.block h1.text{font-size:1.6em}.block h2.text{font-size:1.4em}.block h3.text{font-size:1.2em}\
.block pre.text{font-family:ui-monospace,monospace}\
.quote{border-left-width:8px}\
.good{border-color:#1a7f37;background:#d2f4d9}\
.neargood{border-color:#9a6700;background:#fff3b0}\
.short{border-color:#6e7781;background:#eaeef2}\
.bad{border-color:#cf222e;background:#ffd8d3}\
.why{display:none;position:absolute;left:24px;top:100%;z-index:10;background:#fff;\
border:1px solid #57606a;box-shadow:0 4px 12px rgba(0,0,0,.2);font:12px ui-monospace,monospace;\
border-collapse:collapse;max-width:60em}\
.why th{text-align:left;padding:1px 8px;white-space:nowrap;vertical-align:top}\
.why td{padding:1px 8px;word-break:break-all}\
.block:hover{outline:3px solid #0969da}.block:hover .why{display:table}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&"),
            "&lt;a href=&quot;x&quot;&gt;&amp;"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(0.123_456), "0.123");
        assert_eq!(format_number(f64::NAN), "NaN");
    }
}
