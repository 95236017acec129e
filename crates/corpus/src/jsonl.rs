//! JSON Lines input: one object per line, the HTML in one string field (`--html-field`,
//! default `html`), every other field passed through to the output record unchanged
//! and in order (kept as raw JSON, never re-parsed).

use std::fmt;
use std::io::BufRead;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::input::DocMeta;

/// A line's outcome.
pub enum JsonlItem {
    /// A document: its identity and its HTML.
    Doc(DocMeta, String),
    /// A line that is not a usable document, with what is known of it.
    Error(DocMeta, String),
}

/// The fields of one JSON object in their order, values as raw JSON.
struct Fields(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Box<RawValue>>()? {
                    out.push((k, v));
                }
                Ok(Fields(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// The UTF-8 byte order mark.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads JSON Lines; blank lines are ignored.
pub struct JsonlReader<R> {
    reader: R,
    source: String,
    field: String,
    max_bytes: u64,
    line_no: u64,
    done: bool,
}

impl<R: BufRead> JsonlReader<R> {
    /// A reader of `reader`, named `source` in ids, taking the HTML from `field`; a
    /// line longer than `max_bytes` (plus 64 KiB for the other fields) is an error.
    pub fn new(reader: R, source: String, field: String, max_bytes: u64) -> Self {
        JsonlReader {
            reader,
            source,
            field,
            max_bytes,
            line_no: 0,
            done: false,
        }
    }

    fn meta(&self) -> DocMeta {
        DocMeta {
            id: format!("{}:{}", self.source, self.line_no),
            source: self.source.clone(),
            ..DocMeta::default()
        }
    }

    /// The next line, without its newline; `Ok(None)` at the end; an over-long line
    /// is consumed and reported as `Err`.
    fn line(&mut self) -> std::io::Result<Option<Result<Vec<u8>, u64>>> {
        let mut out = Vec::new();
        let mut total = 0u64;
        let limit = self.max_bytes + 64 * 1024;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(if total == 0 {
                    None
                } else if total > limit {
                    Some(Err(total))
                } else {
                    Some(Ok(out))
                });
            }
            let (take, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            if total + (take as u64) <= limit {
                out.extend_from_slice(&buf[..take]);
            }
            total += take as u64;
            self.reader.consume(take);
            if end {
                if total > limit {
                    return Ok(Some(Err(total)));
                }
                while matches!(out.last(), Some(b'\n') | Some(b'\r')) {
                    out.pop();
                }
                return Ok(Some(Ok(out)));
            }
        }
    }
}

impl<R: BufRead> Iterator for JsonlReader<R> {
    type Item = JsonlItem;

    fn next(&mut self) -> Option<JsonlItem> {
        loop {
            if self.done {
                return None;
            }
            let line = match self.line() {
                Ok(Some(l)) => l,
                Ok(None) => return None,
                Err(e) => {
                    self.done = true;
                    self.line_no += 1;
                    return Some(JsonlItem::Error(
                        self.meta(),
                        format!("cannot read line {}: {e}", self.line_no),
                    ));
                }
            };
            self.line_no += 1;
            let line = match line {
                // A byte order mark before the first line (as some Windows tools
                // write) is not part of the JSON.
                Ok(l) if self.line_no == 1 && l.starts_with(UTF8_BOM) => {
                    l[UTF8_BOM.len()..].to_vec()
                }
                Ok(l) => l,
                Err(n) => {
                    return Some(JsonlItem::Error(
                        self.meta(),
                        format!(
                            "line of {n} bytes, larger than --max-bytes {}",
                            self.max_bytes
                        ),
                    ))
                }
            };
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return Some(self.document(&line));
        }
    }
}

impl<R> JsonlReader<R> {
    fn document(&self, line: &[u8]) -> JsonlItem {
        let mut meta = DocMeta {
            id: format!("{}:{}", self.source, self.line_no),
            source: self.source.clone(),
            ..DocMeta::default()
        };
        let fields = match serde_json::from_slice::<Fields>(line) {
            Ok(f) => f.0,
            Err(e) => {
                return JsonlItem::Error(meta, format!("line {}: invalid JSON: {e}", self.line_no))
            }
        };
        let mut html: Option<Result<String, String>> = None;
        for (k, v) in fields {
            if k == self.field {
                html = Some(
                    serde_json::from_str::<String>(v.get())
                        .map_err(|_| format!("field {:?} is not a string", self.field)),
                );
                continue;
            }
            if k == "id" {
                // The input's own id names the document (a string, or a number as
                // written); an empty string or `null` names nothing, and the document
                // keeps its `SOURCE:LINE` id.
                let raw = v.get();
                let id = match raw {
                    "null" => String::new(),
                    _ => serde_json::from_str::<String>(raw).unwrap_or_else(|_| raw.to_owned()),
                };
                if !id.is_empty() {
                    meta.id = id;
                }
            }
            meta.extra.push((k, v));
        }
        match html {
            Some(Ok(text)) => JsonlItem::Doc(meta, text),
            Some(Err(msg)) => JsonlItem::Error(meta, msg),
            None => {
                let msg = missing_field_message(&self.field, &meta.extra);
                JsonlItem::Error(meta, msg)
            }
        }
    }
}

/// The error of a line without the HTML field: the field's name, the line's own fields
/// (the first eight) and the option that reads another, so that a file whose pages are
/// under `content` or `raw_html` says how to read it.
fn missing_field_message<V>(field: &str, fields: &[(String, V)]) -> String {
    const SHOWN: usize = 8;
    let mut names: Vec<String> = (fields.iter().take(SHOWN))
        .map(|(name, _)| format!("{name:?}"))
        .collect();
    if fields.len() > SHOWN {
        names.push(format!("and {} more", fields.len() - SHOWN));
    }
    match names.is_empty() {
        true => format!("no field {field:?} (the line has no fields)"),
        false => format!(
            "no field {field:?} (the line's fields: {}; another is read with --html-field \
             NAME, html_field= in Python)",
            names.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::missing_field_message;

    #[test]
    fn a_missing_html_field_names_the_line_s_fields() {
        let fields: Vec<(String, ())> = (1..=10).map(|i| (format!("f{i}"), ())).collect();
        let message = missing_field_message("html", &fields);
        assert!(
            message.starts_with("no field \"html\" (the line's fields: \"f1\", \"f2\","),
            "{message}"
        );
        assert!(message.contains("\"f8\", and 2 more;"), "{message}");
        assert!(!message.contains("f9"), "{message}");
        assert_eq!(
            missing_field_message::<()>("content", &[]),
            "no field \"content\" (the line has no fields)"
        );
    }
}
