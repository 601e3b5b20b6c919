//! What a scenario expects, in plain words (`render/pattern_words.rs`): each
//! matcher and operator of the pattern language as a phrase.

use crate::content::pattern::JsonType;

pub trait Patterns {
    /// The matchers (`$any`, `$absent`, ...).
    fn any_value(&self) -> &'static str;
    fn no_such_member(&self) -> &'static str;
    fn null_or_absent(&self) -> &'static str;
    fn a_string(&self) -> &'static str;
    fn a_nonempty_string(&self) -> &'static str;
    fn an_integer(&self) -> &'static str;
    fn a_number(&self) -> &'static str;
    fn a_bool(&self) -> &'static str;
    fn an_object(&self) -> &'static str;
    fn an_array(&self) -> &'static str;
    fn the_null(&self) -> &'static str;
    /// Between a member's name and its phrase.
    fn member_colon(&self) -> &'static str;
    fn object_with(&self, parts: &[String]) -> String;
    /// Between the alternatives of `$one-of`.
    fn or_joiner(&self) -> &'static str;
    /// Between the parts of `$all-of`.
    fn and_joiner(&self) -> &'static str;
    /// Between the items of `$contains`.
    fn includes_joiner(&self) -> &'static str;
    /// The operators; `list` and `phrase` are phrases already.
    fn one_of(&self, list: &str) -> String;
    fn all_of(&self, list: &str) -> String;
    fn includes(&self, list: &str) -> String;
    fn each_element(&self, phrase: &str) -> String;
    fn anything_but(&self, phrase: &str) -> String;
    fn numeric_text(&self, number: &str) -> String;
    fn text_contains(&self, word: &str) -> String;
    fn single_entry(&self, phrase: &str) -> String;
    fn values_are(&self, phrase: &str) -> String;
    fn at_least(&self, bound: &str) -> String;
    fn distinct(&self) -> &'static str;
    fn distinct_by(&self, member: &str) -> String;
    /// An operator this renderer does not know yet.
    fn unknown_operator(&self) -> &'static str;
    /// A rule that holds only for values of one kind.
    fn only_when(&self, phrase: &str, kind: &str) -> String;
    /// A JSON type's name.
    fn type_name(&self, kind: JsonType) -> &'static str;
    /// A value with its type.
    fn typed(&self, value: &str, kind: &str) -> String;
}
