//! Building a [`Document`] from a flat event list.
//!
//! The parity oracle of jusText ships, for every page, the exact stream of events the
//! reference's segmenter saw after its own parse and cleaning: `["start", tag]`,
//! `["end", tag]`, `["text", s]`. Rebuilding a tree from that stream lets our segmenter
//! run on precisely the reference's tree, so any difference is a port bug, not a parser
//! difference. Adjacent text events stay separate text nodes, as in the stream.

use serde::{Deserialize, Serialize};

use crate::tree::{Document, Element, NodeData, NodeId};

/// One event of a segmenter's view of a tree.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(into = "(String, String)", try_from = "(String, String)")]
pub enum Event {
    /// An element starts.
    Start(String),
    /// An element ends.
    End(String),
    /// A text string (blank strings included).
    Text(String),
}

impl From<Event> for (String, String) {
    fn from(e: Event) -> Self {
        match e {
            Event::Start(t) => ("start".into(), t),
            Event::End(t) => ("end".into(), t),
            Event::Text(s) => ("text".into(), s),
        }
    }
}

impl TryFrom<(String, String)> for Event {
    type Error = String;
    fn try_from((kind, value): (String, String)) -> Result<Self, String> {
        match kind.as_str() {
            "start" => Ok(Event::Start(value)),
            "end" => Ok(Event::End(value)),
            "text" => Ok(Event::Text(value)),
            other => Err(format!("unknown event kind {other:?}")),
        }
    }
}

/// Why an event list does not describe a tree.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum EventError {
    /// An end event does not match the open element.
    #[error("event {index}: end of <{found}> while <{expected}> is open")]
    Mismatched {
        /// Position of the event in the list.
        index: usize,
        /// The element that is open.
        expected: String,
        /// The element the event closes.
        found: String,
    },
    /// An end event with no open element.
    #[error("event {index}: end of <{found}> with no open element")]
    Unopened {
        /// Position of the event in the list.
        index: usize,
        /// The element the event closes.
        found: String,
    },
    /// Elements still open at the end of the list.
    #[error("{count} element(s) still open at the end of the events")]
    Unclosed {
        /// How many elements are open.
        count: usize,
    },
}

impl Document {
    /// Builds a document whose children are the trees the events describe.
    pub fn from_events<I: IntoIterator<Item = Event>>(events: I) -> Result<Document, EventError> {
        let mut doc = Document::new();
        let mut stack: Vec<NodeId> = vec![doc.root()];
        for (index, event) in events.into_iter().enumerate() {
            let top = *stack.last().expect("the document node is never popped");
            match event {
                Event::Start(tag) => {
                    let id = doc.create(NodeData::Element(Element::new(&tag, [])));
                    doc.append(top, id);
                    stack.push(id);
                }
                Event::End(tag) => {
                    if stack.len() == 1 {
                        return Err(EventError::Unopened { index, found: tag });
                    }
                    let open = doc.element_name(top).unwrap_or_default();
                    if open != tag {
                        return Err(EventError::Mismatched {
                            index,
                            expected: open.to_owned(),
                            found: tag,
                        });
                    }
                    stack.pop();
                }
                Event::Text(s) => {
                    let id = doc.create(NodeData::Text(s.as_str().into()));
                    doc.append(top, id);
                }
            }
        }
        if stack.len() > 1 {
            return Err(EventError::Unclosed {
                count: stack.len() - 1,
            });
        }
        Ok(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_texts_stay_separate() {
        let events: Vec<Event> =
            serde_json_like(&[("start", "p"), ("text", "a"), ("text", "b"), ("end", "p")]);
        let doc = Document::from_events(events).unwrap();
        let p = doc.first_child(doc.root()).unwrap();
        assert_eq!(doc.children(p).count(), 2);
    }

    #[test]
    fn mismatched_end_is_an_error() {
        let events = serde_json_like(&[("start", "p"), ("end", "div")]);
        assert!(matches!(
            Document::from_events(events),
            Err(EventError::Mismatched { index: 1, .. })
        ));
    }

    fn serde_json_like(pairs: &[(&str, &str)]) -> Vec<Event> {
        pairs
            .iter()
            .map(|(k, v)| Event::try_from((k.to_string(), v.to_string())).unwrap())
            .collect()
    }
}
