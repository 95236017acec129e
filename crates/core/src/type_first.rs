//! Reading a pipeline from a `serde_json::Value` with each object's `type` key first.
//!
//! Why: stages are internally tagged trait objects (typetag, `"type": "learn.trees"`).
//! typetag reads a stage without buffering it only when `type` is the object's first
//! key; otherwise it first copies the whole object into serde's generic content and
//! reads it a second time. A `Value`'s objects keep their keys sorted, so a stage read
//! from a value (a preset after `-s`, a threshold or a keep flag set its parameters)
//! has `type` after most of its fields — and the `pith` preset's trees, some 190,000
//! numbers, were copied before being read: 61 against 47 × 10⁶ instructions for `pith
//! extract` on a one-line page (docs/performance.md). [`TypeFirst`] hands a value to a
//! `Deserialize` as `&Value` does, except that an object's `type` entry comes first.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Error, Map, Value};

/// The key an internally tagged stage names its type with.
const TAG: &str = "type";

/// A `Deserializer` over a borrowed JSON value that yields each object's `type` entry
/// before its other entries (see the [module docs](self)); otherwise as `&Value`.
pub struct TypeFirst<'a>(pub &'a Value);

impl<'de> Deserializer<'de> for TypeFirst<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(map) => visitor.visit_map(Entries::new(map)),
            Value::Array(items) => visitor.visit_seq(Items(items.iter())),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // An externally tagged enum: a name, or an object of one entry, as `&Value`
        // reads it (its content is not a stage).
        self.0.deserialize_enum(name, variants, visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// An object's entries, `type` first.
struct Entries<'a> {
    tag: Option<(&'a String, &'a Value)>,
    rest: serde_json::map::Iter<'a>,
    value: Option<&'a Value>,
    /// Entries not yet handed out.
    left: usize,
}

impl<'a> Entries<'a> {
    fn new(map: &'a Map<String, Value>) -> Self {
        Entries {
            tag: map.get_key_value(TAG),
            rest: map.iter(),
            value: None,
            left: map.len(),
        }
    }
}

impl<'de> MapAccess<'de> for Entries<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let entry = match self.tag.take() {
            Some(tag) => Some(tag),
            None => self.rest.by_ref().find(|(key, _)| key.as_str() != TAG),
        };
        let Some((key, value)) = entry else {
            return Ok(None);
        };
        self.left -= 1;
        self.value = Some(value);
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        // As serde_json's own map access: asked for a value before its key, an error.
        let value = (self.value.take()).ok_or_else(|| Error::custom("value is missing"))?;
        seed.deserialize(TypeFirst(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// An array's items.
struct Items<'a>(std::slice::Iter<'a, Value>);

impl<'de> SeqAccess<'de> for Items<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|item| seed.deserialize(TypeFirst(item)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Shape {
        Circle { radius: f64, label: Option<String> },
        Group { members: Vec<Shape>, name: Name },
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Name(String);

    /// Read through `TypeFirst`, a value gives what `&Value` gives: nested tagged
    /// objects, options, newtypes, numbers written as integers.
    #[test]
    fn a_value_reads_as_through_a_reference() {
        let value = json!({
            "members": [
                {"type": "circle", "radius": 2, "label": null},
                {"type": "circle", "radius": 0.5, "label": "small"},
                {"type": "group", "members": [], "name": "inner"}
            ],
            "name": "outer",
            "type": "group"
        });
        let through = Shape::deserialize(TypeFirst(&value)).unwrap();
        assert_eq!(through, Shape::deserialize(&value).unwrap());
    }

    /// An object's entries come `type` first, each once, and the map says truly how
    /// many are left.
    #[test]
    fn entries_come_type_first_and_are_counted() {
        struct Keys(Vec<String>);
        impl<'de> Deserialize<'de> for Keys {
            fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
                struct KeysVisitor;
                impl<'de> Visitor<'de> for KeysVisitor {
                    type Value = Keys;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a map")
                    }
                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                        let mut keys = Vec::new();
                        loop {
                            let left = map.size_hint();
                            let Some(key) = map.next_key::<String>()? else {
                                assert_eq!(left, Some(0));
                                return Ok(Keys(keys));
                            };
                            map.next_value::<serde::de::IgnoredAny>()?;
                            keys.push(key);
                            assert_eq!(left, map.size_hint().map(|n| n + 1));
                        }
                    }
                }
                de.deserialize_map(KeysVisitor)
            }
        }
        let value = json!({"a": 1, "type": "t", "z": [2], "b": {"type": "u"}});
        let keys = Keys::deserialize(TypeFirst(&value)).unwrap().0;
        assert_eq!(keys, ["type", "a", "b", "z"]);
    }

    /// An error names what `&Value`'s would.
    #[test]
    fn an_error_is_the_same_error() {
        let value = json!({"type": "circle", "radius": "wide"});
        let through = Shape::deserialize(TypeFirst(&value)).unwrap_err();
        let direct = Shape::deserialize(&value).unwrap_err();
        assert_eq!(through.to_string(), direct.to_string());
    }
}
