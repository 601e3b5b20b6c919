//! Request ids compared as JSON compares them: the runner routes answers by
//! id and the judge matches them, both with this one key.

use serde_json::Value;

/// A request id as a hash key, for the ids where JSON equality is plain
/// equality of the key: strings and integers (7 and "7" stay apart, as in
/// JSON). Other ids (floats, null, objects) give `None`: compare them as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExactId {
    Text(String),
    Unsigned(u64),
    Negative(i64),
}

pub fn exact_id(id: &Value) -> Option<ExactId> {
    match id {
        Value::String(text) => Some(ExactId::Text(text.clone())),
        Value::Number(n) => n
            .as_u64()
            .map(ExactId::Unsigned)
            .or_else(|| n.as_i64().map(ExactId::Negative)),
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
        assert_eq!(exact_id(&json!(null)), None);
    }
}
