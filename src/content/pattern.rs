//! The expectation language of scenarios: a JSON document that describes the
//! *meaning* a response must have, not its text.
//!
//! - An object matches any object that has at least the listed members, each
//!   matching (extra members are allowed, key order never matters).
//! - An array matches an array of the same length, element by element.
//! - A number, string, bool or null matches that JSON value, type included:
//!   `7` does not match `"7"`. Numbers compare by value, as JSON Schema
//!   compares them (`numbers`): `7` matches `7.0`, and `$integer` takes any
//!   number whose fraction is zero (`300000`, `300000.0`, `3e5`).
//! - A string starting with `$` is a matcher: `$any`, `$absent`,
//!   `$absent-or-null`, `$string`, `$nonempty`, `$integer`, `$number`,
//!   `$bool`, `$object`, `$array`, `$null`; `${name}` is a variable's value;
//!   `$$text` is the literal string `$text`.
//! - A one-member object whose key starts with `$` is an operator:
//!   `{"$one-of": [p, ...]}`, `{"$all-of": [p, ...]}` (a value matching every
//!   one), `{"$contains": [p, ...]}` (an array with an
//!   element matching each, any order), `{"$each": p}`, `{"$not": p}`,
//!   `{"$numeric-text": 5}` (a string that reads as that number; a `"${var}"`
//!   works too), `{"$text-contains": "Ada"}` (the word, case-insensitive, not
//!   inside a longer word; a `"${var}"` works too), `{"$single-entry": p}`
//!   (an object with exactly one member, whose value matches p),
//!   `{"$values": p}` (an object whose member values, as an array, match p:
//!   for keys the server chose), `{"$at-least": 0}` (a number no smaller
//!   than that), `{"$distinct": "/name"}` (an array in which no two
//!   elements have the same value at that JSON pointer; `""` compares whole
//!   elements).

use serde_json::Value;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// This exact JSON value (scalars only; containers are `Object`/`Array`).
    Exact(Value),
    Object(Vec<(String, Pattern)>),
    Array(Vec<Pattern>),
    Any,
    Absent,
    AbsentOrNull,
    Type(JsonType),
    NonEmptyString,
    Var(String),
    OneOf(Vec<Pattern>),
    /// A value matching every one of these patterns.
    AllOf(Vec<Pattern>),
    Contains(Vec<Pattern>),
    Each(Box<Pattern>),
    Not(Box<Pattern>),
    /// A string that reads as this number (a number, or a `${var}` holding one).
    NumericText(Value),
    TextContains(String),
    SingleEntry(Box<Pattern>),
    /// An object whose member values, as an array in the object's order, match.
    Values(Box<Pattern>),
    /// A number greater than or equal to this one.
    AtLeast(serde_json::Number),
    /// An array in which no two elements hold the same value at this JSON
    /// pointer (elements without it are not compared).
    Distinct(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonType {
    String,
    Integer,
    Number,
    Bool,
    Object,
    Array,
    Null,
}

impl JsonType {
    pub fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Bool,
            number if super::numbers::is_integer(number) => JsonType::Integer,
            Value::Number(_) => JsonType::Number,
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }

    pub fn accepts(self, value: &Value) -> bool {
        let actual = JsonType::of(value);
        actual == self || (self == JsonType::Number && actual == JsonType::Integer)
    }

    pub fn name(self) -> &'static str {
        match self {
            JsonType::String => "string",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::Bool => "bool",
            JsonType::Object => "object",
            JsonType::Array => "array",
            JsonType::Null => "null",
        }
    }
}

/// Why a pattern document could not be read.
#[derive(Debug, PartialEq)]
pub struct PatternError(pub String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

const MATCHERS: &str = "$any, $absent, $absent-or-null, $string, $nonempty, $integer, $number, $bool, $object, $array, $null";
const OPERATORS: &str = "$one-of, $all-of, $contains, $each, $not, $numeric-text, $text-contains, $single-entry, $values, $at-least, $distinct";

impl Pattern {
    pub fn parse(doc: &Value) -> Result<Pattern, PatternError> {
        match doc {
            Value::String(text) => Self::parse_string(text),
            Value::Array(items) => Ok(Pattern::Array(
                items.iter().map(Pattern::parse).collect::<Result<_, _>>()?,
            )),
            Value::Object(members) => {
                if members.len() == 1 {
                    let (key, arg) = members.iter().next().expect("one member");
                    if key.starts_with('$') && !key.starts_with("$$") && !key.starts_with("${") {
                        return Self::parse_operator(key, arg);
                    }
                }
                let mut out = Vec::with_capacity(members.len());
                for (key, value) in members {
                    let key = key
                        .strip_prefix('$')
                        .filter(|k| k.starts_with('$'))
                        .unwrap_or(key);
                    out.push((key.to_string(), Pattern::parse(value)?));
                }
                Ok(Pattern::Object(out))
            }
            scalar => Ok(Pattern::Exact(scalar.clone())),
        }
    }

    fn parse_string(text: &str) -> Result<Pattern, PatternError> {
        if let Some(literal) = text.strip_prefix("$$") {
            return Ok(Pattern::Exact(Value::String(format!("${literal}"))));
        }
        if let Some(name) = text
            .strip_prefix("${")
            .and_then(|rest| rest.strip_suffix('}'))
        {
            return Ok(Pattern::Var(name.to_string()));
        }
        let Some(matcher) = text.strip_prefix('$') else {
            return Ok(Pattern::Exact(Value::String(text.to_string())));
        };
        Ok(match matcher {
            "any" => Pattern::Any,
            "absent" => Pattern::Absent,
            "absent-or-null" => Pattern::AbsentOrNull,
            "string" => Pattern::Type(JsonType::String),
            "nonempty" => Pattern::NonEmptyString,
            "integer" => Pattern::Type(JsonType::Integer),
            "number" => Pattern::Type(JsonType::Number),
            "bool" => Pattern::Type(JsonType::Bool),
            "object" => Pattern::Type(JsonType::Object),
            "array" => Pattern::Type(JsonType::Array),
            "null" => Pattern::Type(JsonType::Null),
            other => {
                return Err(PatternError(format!(
                    "unknown matcher `${other}`; known matchers: {MATCHERS} (write `$$` for a literal `$`)"
                )));
            }
        })
    }

    fn parse_operator(key: &str, arg: &Value) -> Result<Pattern, PatternError> {
        let list = |arg: &Value| -> Result<Vec<Pattern>, PatternError> {
            match arg {
                Value::Array(items) if !items.is_empty() => {
                    items.iter().map(Pattern::parse).collect()
                }
                _ => Err(PatternError(format!(
                    "`{key}` takes a non-empty array of patterns"
                ))),
            }
        };
        Ok(match key {
            "$one-of" => Pattern::OneOf(list(arg)?),
            "$all-of" => Pattern::AllOf(list(arg)?),
            "$contains" => Pattern::Contains(list(arg)?),
            "$each" => Pattern::Each(Box::new(Pattern::parse(arg)?)),
            "$not" => Pattern::Not(Box::new(Pattern::parse(arg)?)),
            "$single-entry" => Pattern::SingleEntry(Box::new(Pattern::parse(arg)?)),
            "$values" => Pattern::Values(Box::new(Pattern::parse(arg)?)),
            "$at-least" => match arg {
                Value::Number(bound) => Pattern::AtLeast(bound.clone()),
                _ => return Err(PatternError("`$at-least` takes a number".into())),
            },
            "$distinct" => match arg.as_str() {
                Some(pointer) if pointer.is_empty() || pointer.starts_with('/') => {
                    Pattern::Distinct(pointer.to_string())
                }
                _ => {
                    return Err(PatternError(
                        "`$distinct` takes a JSON pointer such as \"/name\" (or \"\" for whole elements)"
                            .into(),
                    ));
                }
            },
            "$numeric-text" => match arg {
                Value::Number(_) => Pattern::NumericText(arg.clone()),
                Value::String(text) if super::template::var_name(text).is_some() => {
                    Pattern::NumericText(arg.clone())
                }
                _ => {
                    return Err(PatternError(
                        "`$numeric-text` takes a number or a \"${var}\"".into(),
                    ));
                }
            },
            "$text-contains" => match arg.as_str() {
                Some(text) if !text.is_empty() => Pattern::TextContains(text.to_string()),
                _ => {
                    return Err(PatternError(
                        "`$text-contains` takes a non-empty string".into(),
                    ));
                }
            },
            other => {
                return Err(PatternError(format!(
                    "unknown operator `{other}`; known operators: {OPERATORS}"
                )));
            }
        })
    }

    /// Every `${name}` this pattern refers to.
    pub fn vars(&self, out: &mut Vec<String>) {
        match self {
            Pattern::Var(name) => out.push(name.clone()),
            Pattern::Object(members) => members.iter().for_each(|(k, p)| {
                out.extend(super::template::var_name(k).map(str::to_string));
                p.vars(out)
            }),
            Pattern::Array(items)
            | Pattern::OneOf(items)
            | Pattern::AllOf(items)
            | Pattern::Contains(items) => items.iter().for_each(|p| p.vars(out)),
            Pattern::Each(inner)
            | Pattern::Not(inner)
            | Pattern::SingleEntry(inner)
            | Pattern::Values(inner) => inner.vars(out),
            Pattern::TextContains(text) | Pattern::NumericText(Value::String(text)) => {
                out.extend(super::template::var_name(text).map(str::to_string))
            }
            _ => {}
        }
    }

    /// The pattern for one member of an object pattern, if it names one.
    pub fn member(&self, key: &str) -> Option<&Pattern> {
        match self {
            Pattern::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, p)| p),
            _ => None,
        }
    }

    /// Whether this pattern wants a message whose `id` is null or left out.
    pub fn names_no_id(&self) -> bool {
        matches!(
            self.member("id"),
            Some(Pattern::Exact(Value::Null) | Pattern::Absent | Pattern::AbsentOrNull)
        )
    }

    /// The pattern written back as the JSON a content author would write.
    pub fn to_json(&self) -> Value {
        use serde_json::json;
        match self {
            Pattern::Exact(Value::String(s)) if s.starts_with('$') => {
                Value::String(format!("${s}"))
            }
            Pattern::Exact(value) => value.clone(),
            Pattern::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(k, p)| (k.clone(), p.to_json()))
                    .collect(),
            ),
            Pattern::Array(items) => Value::Array(items.iter().map(Pattern::to_json).collect()),
            Pattern::Any => json!("$any"),
            Pattern::Absent => json!("$absent"),
            Pattern::AbsentOrNull => json!("$absent-or-null"),
            Pattern::Type(t) => Value::String(format!("${}", t.name())),
            Pattern::NonEmptyString => json!("$nonempty"),
            Pattern::Var(name) => Value::String(format!("${{{name}}}")),
            Pattern::OneOf(items) => {
                json!({"$one-of": items.iter().map(Pattern::to_json).collect::<Vec<_>>()})
            }
            Pattern::AllOf(items) => {
                json!({"$all-of": items.iter().map(Pattern::to_json).collect::<Vec<_>>()})
            }
            Pattern::Contains(items) => {
                json!({"$contains": items.iter().map(Pattern::to_json).collect::<Vec<_>>()})
            }
            Pattern::Each(inner) => json!({"$each": inner.to_json()}),
            Pattern::Not(inner) => json!({"$not": inner.to_json()}),
            Pattern::NumericText(n) => json!({"$numeric-text": n}),
            Pattern::TextContains(text) => json!({"$text-contains": text}),
            Pattern::SingleEntry(inner) => json!({"$single-entry": inner.to_json()}),
            Pattern::Values(inner) => json!({"$values": inner.to_json()}),
            Pattern::AtLeast(bound) => json!({"$at-least": bound}),
            Pattern::Distinct(pointer) => json!({"$distinct": pointer}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_matchers_operators_and_literals() {
        let p = Pattern::parse(&json!({
            "id": "${id}",
            "error": {"code": -32600, "message": "$string"},
            "x": {"$one-of": ["$absent", false]},
            "price": "$$5"
        }))
        .unwrap();
        assert_eq!(p.member("id"), Some(&Pattern::Var("id".into())));
        assert_eq!(p.member("price"), Some(&Pattern::Exact(json!("$5"))));
        assert!(matches!(p.member("x"), Some(Pattern::OneOf(v)) if v.len() == 2));
    }

    #[test]
    fn unknown_matcher_names_the_known_ones() {
        let err = Pattern::parse(&json!("$strnig")).unwrap_err();
        assert!(
            err.0.contains("$strnig") && err.0.contains("$string"),
            "{err}"
        );
    }

    #[test]
    fn distinct_takes_a_json_pointer() {
        assert_eq!(
            Pattern::parse(&json!({"$distinct": "/name"})).unwrap(),
            Pattern::Distinct("/name".into())
        );
        let err = Pattern::parse(&json!({"$distinct": "name"})).unwrap_err();
        assert!(err.0.contains("JSON pointer"), "{err}");
    }

    #[test]
    fn an_integer_is_any_number_whose_fraction_is_zero() {
        let read = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        for text in ["300000", "300000.0", "3e5", "-2", "0.0"] {
            assert_eq!(JsonType::of(&read(text)), JsonType::Integer, "{text}");
            assert!(JsonType::Number.accepts(&read(text)), "{text}");
        }
        assert_eq!(JsonType::of(&read("1.5")), JsonType::Number);
        assert!(!JsonType::Integer.accepts(&read("2.5")));
        assert!(!JsonType::Integer.accepts(&json!("300000")));
    }

    #[test]
    fn at_least_keeps_its_bound_as_written() {
        let doc = json!({"$at-least": 0});
        let pattern = Pattern::parse(&doc).unwrap();
        assert_eq!(pattern.to_json(), doc, "0, not 0.0");
        assert!(Pattern::parse(&json!({"$at-least": "0"})).is_err());
    }

    #[test]
    fn round_trips_to_json() {
        let doc = json!({"a": {"$contains": [{"text": {"$numeric-text": 5.0}}]}, "b": "$$x", "c": "${v}", "d": {"$distinct": "/name"}});
        assert_eq!(Pattern::parse(&doc).unwrap().to_json(), doc);
    }
}
