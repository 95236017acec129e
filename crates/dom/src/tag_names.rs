//! A list of element names that stages test elements against.
//!
//! Why a type of its own: the stages ask "is this element one of these names?" for
//! every element of a page, several times over (block tags, tags to drop, phrasing
//! tags …). Compared as strings, each test reads the element's interned name back
//! out of the parser's atom table and compares bytes with each name in turn. The
//! parser already interns every element name, so the list keeps the same names
//! interned too, and a test compares one machine word per name. The list reads and
//! writes as the plain list of strings it was in the pipeline file, in its order.

use html5ever::LocalName;
use serde::{Deserialize, Serialize};

use crate::tree::Element;

/// Element names (local names, as the parser stores them: ASCII lower case for
/// HTML), in the order given, each also kept interned for fast membership tests.
///
/// Serialises as the list of strings it was built from.
///
/// ```
/// use pith_dom::{parse_html, TagNames};
///
/// let names = TagNames::from(["p", "div"]);
/// let doc = parse_html("<div><p>x</p><span>y</span></div>");
/// let body = doc.body().unwrap();
/// let hits: Vec<&str> = doc
///     .descendants(body)
///     .filter(|&n| doc.element(n).is_some_and(|e| e.is_named_in(&names)))
///     .filter_map(|n| doc.element_name(n))
///     .collect();
/// assert_eq!(hits, ["div", "p"]);
/// assert!(names.contains("div") && !names.contains("DIV"));
/// assert_eq!(serde_json::to_string(&names).unwrap(), r#"["p","div"]"#);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<String>", into = "Vec<String>")]
pub struct TagNames {
    names: Vec<String>,
    atoms: Vec<LocalName>,
}

impl TagNames {
    /// Whether `name` is in the list (exact, case-sensitive comparison).
    pub fn contains(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    /// Whether the element's local name is in the list: one word compared per name.
    pub(crate) fn contains_local(&self, local: &LocalName) -> bool {
        self.atoms.iter().any(|a| a == local)
    }

    /// The names, in the order given.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The names, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// How many names the list holds.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

impl From<Vec<String>> for TagNames {
    fn from(names: Vec<String>) -> TagNames {
        let atoms = names.iter().map(|n| LocalName::from(n.as_str())).collect();
        TagNames { names, atoms }
    }
}

impl From<TagNames> for Vec<String> {
    fn from(names: TagNames) -> Vec<String> {
        names.names
    }
}

impl<const N: usize> From<[&str; N]> for TagNames {
    fn from(names: [&str; N]) -> TagNames {
        names.into_iter().collect()
    }
}

impl From<&[&str]> for TagNames {
    fn from(names: &[&str]) -> TagNames {
        names.iter().copied().collect()
    }
}

impl<'a> FromIterator<&'a str> for TagNames {
    fn from_iter<I: IntoIterator<Item = &'a str>>(names: I) -> TagNames {
        TagNames::from(names.into_iter().map(str::to_string).collect::<Vec<_>>())
    }
}

impl FromIterator<String> for TagNames {
    fn from_iter<I: IntoIterator<Item = String>>(names: I) -> TagNames {
        TagNames::from(names.into_iter().collect::<Vec<_>>())
    }
}

impl Element {
    /// Whether the element's local name is one of `names` (the same answer as
    /// `names.contains(self.name())`, without reading the name's bytes).
    pub fn is_named_in(&self, names: &TagNames) -> bool {
        names.contains_local(&self.name.local)
    }
}

impl crate::tree::Document {
    /// Whether the node is an element whose local name is one of `names`.
    pub fn is_element_named_in(&self, id: crate::tree::NodeId, names: &TagNames) -> bool {
        self.element(id).is_some_and(|e| e.is_named_in(names))
    }

    /// Every element of the arena whose local name is one of `names`, in creation
    /// order, detached ones included (test with
    /// [`is_inclusive_ancestor`](crate::Document::is_inclusive_ancestor) of the root).
    /// A pass over the arena's vector, not a walk of the tree: the quick way to learn
    /// whether a page has such an element at all.
    pub fn arena_elements_named<'a>(
        &'a self,
        names: &'a TagNames,
    ) -> impl Iterator<Item = crate::tree::NodeId> + 'a {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, node)| match &node.data {
                crate::tree::NodeData::Element(e) => e.is_named_in(names),
                _ => false,
            })
            .map(|(index, _)| crate::tree::NodeId::at(index))
    }
}
