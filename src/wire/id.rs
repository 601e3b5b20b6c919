//! Request ids compared as JSON compares them: the runner routes answers by
//! id and the judge matches them, both with this one key.

use crate::content::numbers::whole_number;
use serde_json::Value;

/// A request id as a hash key, for the ids where JSON equality is plain
/// equality of the key: strings and integers (7 and "7" stay apart, as in
/// JSON). An integer written with a zero fraction (`7.0`) is the integer:
/// the MCP schema's `RequestId` is a JSON Schema integer, and JSON Schema
/// compares numbers by value. Other ids (fractions, null, objects) give
/// `None`: compare them as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExactId {
    Text(String),
    Unsigned(u64),
    Negative(i64),
}

pub fn exact_id(id: &Value) -> Option<ExactId> {
    match id {
        Value::String(text) => Some(ExactId::Text(text.clone())),
        Value::Number(n) => {
            let whole = whole_number(n)?;
            u64::try_from(whole)
                .map(ExactId::Unsigned)
                .or_else(|_| i64::try_from(whole).map(ExactId::Negative))
                .ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{ExactId, exact_id};
    use serde_json::json;

    #[test]
    fn seven_and_the_text_seven_are_different_keys() {
        assert_eq!(exact_id(&json!(7)), Some(ExactId::Unsigned(7)));
        assert_eq!(exact_id(&json!("7")), Some(ExactId::Text("7".into())));
        assert_eq!(exact_id(&json!(-7)), Some(ExactId::Negative(-7)));
        assert_ne!(exact_id(&json!(7)), exact_id(&json!("7")));
        assert_eq!(exact_id(&json!(1.5)), None);
        assert_eq!(exact_id(&json!(7.0)), Some(ExactId::Unsigned(7)));
        assert_eq!(exact_id(&json!(-7.0)), Some(ExactId::Negative(-7)));
        let through_float: serde_json::Value = serde_json::from_str("9007199254740993.0").unwrap();
        assert_ne!(
            exact_id(&through_float),
            exact_id(&json!(9_007_199_254_740_993_u64))
        );
        assert_eq!(exact_id(&json!(null)), None);
    }
}
