//! 模式短语的中文措辞。

use crate::words::{Patterns, Zh};

use crate::content::pattern::JsonType;

impl Patterns for Zh {
    fn any_value(&self) -> &'static str {
        "任意值"
    }
    fn no_such_member(&self) -> &'static str {
        "没有这个成员"
    }
    fn null_or_absent(&self) -> &'static str {
        "null，或没有这个成员"
    }
    fn a_string(&self) -> &'static str {
        "字符串"
    }
    fn a_nonempty_string(&self) -> &'static str {
        "非空字符串"
    }
    fn an_integer(&self) -> &'static str {
        "整数"
    }
    fn a_number(&self) -> &'static str {
        "数字"
    }
    fn a_bool(&self) -> &'static str {
        "true 或 false"
    }
    fn an_object(&self) -> &'static str {
        "对象"
    }
    fn an_array(&self) -> &'static str {
        "数组"
    }
    fn the_null(&self) -> &'static str {
        "null"
    }
    fn member_colon(&self) -> &'static str {
        "："
    }
    fn object_with(&self, parts: &[String]) -> String {
        format!("对象 {{{}}}", parts.join("，"))
    }
    fn or_joiner(&self) -> &'static str {
        "；或 "
    }
    fn and_joiner(&self) -> &'static str {
        "；并且 "
    }
    fn includes_joiner(&self) -> &'static str {
        "、"
    }
    fn one_of(&self, list: &str) -> String {
        format!("以下之一：{list}")
    }
    fn all_of(&self, list: &str) -> String {
        format!("同时满足：{list}")
    }
    fn includes(&self, list: &str) -> String {
        format!("包含 {list} 的数组")
    }
    fn each_element(&self, phrase: &str) -> String {
        format!("每个元素都是{phrase}的数组")
    }
    fn anything_but(&self, phrase: &str) -> String {
        format!("不能是{phrase}")
    }
    fn numeric_text(&self, number: &str) -> String {
        format!("读作数字 {number} 的字符串")
    }
    fn text_contains(&self, word: &str) -> String {
        format!("包含单词 {word} 的文本")
    }
    fn single_entry(&self, phrase: &str) -> String {
        format!("恰好只有一个成员、且其值为{phrase}的对象")
    }
    fn values_are(&self, phrase: &str) -> String {
        format!("一个对象，把它各成员的值排成列表后是{phrase}")
    }
    fn at_least(&self, bound: &str) -> String {
        format!("不小于 {bound} 的数字")
    }
    fn distinct(&self) -> &'static str {
        "没有重复元素的数组"
    }
    fn distinct_by(&self, member: &str) -> String {
        format!("任意两个元素的 `{member}` 都不相同的数组")
    }
    fn unknown_operator(&self) -> &'static str {
        "某种特定形式的值（见下方规则）"
    }
    fn only_when(&self, phrase: &str, kind: &str) -> String {
        format!("{phrase}（只要它是{kind}）")
    }
    fn type_name(&self, kind: JsonType) -> &'static str {
        match kind {
            JsonType::String => "字符串",
            JsonType::Integer => "整数",
            JsonType::Number => "数字",
            JsonType::Bool => "布尔值",
            JsonType::Object => "对象",
            JsonType::Array => "数组",
            JsonType::Null => "null",
        }
    }
    fn typed(&self, value: &str, kind: &str) -> String {
        format!("{value}（{kind}）")
    }
}
