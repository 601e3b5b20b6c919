//! The pattern phrases, in English.

use crate::words::{En, Patterns};

use crate::content::pattern::JsonType;

impl Patterns for En {
    fn any_value(&self) -> &'static str {
        "any value"
    }
    fn no_such_member(&self) -> &'static str {
        "no such member"
    }
    fn null_or_absent(&self) -> &'static str {
        "null, or no such member"
    }
    fn a_string(&self) -> &'static str {
        "a string"
    }
    fn a_nonempty_string(&self) -> &'static str {
        "a non-empty string"
    }
    fn an_integer(&self) -> &'static str {
        "an integer"
    }
    fn a_number(&self) -> &'static str {
        "a number"
    }
    fn a_bool(&self) -> &'static str {
        "true or false"
    }
    fn an_object(&self) -> &'static str {
        "an object"
    }
    fn an_array(&self) -> &'static str {
        "an array"
    }
    fn the_null(&self) -> &'static str {
        "null"
    }
    fn member_colon(&self) -> &'static str {
        ":"
    }
    fn object_with(&self, parts: &[String]) -> String {
        format!("an object with {{{}}}", parts.join(", "))
    }
    fn or_joiner(&self) -> &'static str {
        ", or "
    }
    fn and_joiner(&self) -> &'static str {
        "; and "
    }
    fn includes_joiner(&self) -> &'static str {
        ", and "
    }
    fn one_of(&self, list: &str) -> String {
        format!("one of: {list}")
    }
    fn all_of(&self, list: &str) -> String {
        format!("all of: {list}")
    }
    fn includes(&self, list: &str) -> String {
        format!("an array that includes {list}")
    }
    fn each_element(&self, phrase: &str) -> String {
        format!("an array in which every element is {phrase}")
    }
    fn anything_but(&self, phrase: &str) -> String {
        format!("anything but {phrase}")
    }
    fn numeric_text(&self, number: &str) -> String {
        format!("a string that reads as the number {number}")
    }
    fn text_contains(&self, word: &str) -> String {
        format!("a text containing the word {word}")
    }
    fn single_entry(&self, phrase: &str) -> String {
        format!("an object with exactly one member, whose value is {phrase}")
    }
    fn values_are(&self, phrase: &str) -> String {
        format!("an object whose members' values, taken as a list, are {phrase}")
    }
    fn at_least(&self, bound: &str) -> String {
        format!("a number no smaller than {bound}")
    }
    fn distinct(&self) -> &'static str {
        "an array in which no element appears twice"
    }
    fn distinct_by(&self, member: &str) -> String {
        format!("an array in which no two elements have the same `{member}`")
    }
    fn unknown_operator(&self) -> &'static str {
        "a value of a particular form (see the rule below)"
    }
    fn only_when(&self, phrase: &str, kind: &str) -> String {
        format!("{phrase} (when it is {kind} at all)")
    }
    fn type_name(&self, kind: JsonType) -> &'static str {
        kind.name()
    }
    fn typed(&self, value: &str, kind: &str) -> String {
        format!("{value} ({kind})")
    }
}
