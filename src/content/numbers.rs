//! JSON numbers as JSON Schema reads them, which is how the MCP schema's
//! `"type": "integer"` (a request id, `ttlMs`, an error code) is meant: an
//! integer is any number whose fraction is zero, so `300000`, `300000.0` and
//! `3e5` are the same integer, and two values are equal when they have the
//! same JSON type and, for numbers, the same mathematical value. A number is
//! never equal to a string: `7` and `"7"` stay two ids.
//!
//! serde_json reads `3e5` and `7.0` as floats; these functions are where the
//! checker stops telling them apart from `300000` and `7`. A float holds
//! integers exactly only up to 2^53, so an id beyond that which went through
//! a float has a different value and stays a different id.

use serde_json::{Number, Value};

/// The integer a number stands for, if its fraction is zero and it fits an
/// `i128` (every `i64` and `u64`, and floats up to about 1.7e38).
pub fn whole_number(number: &Number) -> Option<i128> {
    if let Some(n) = number.as_i64() {
        return Some(i128::from(n));
    }
    if let Some(n) = number.as_u64() {
        return Some(i128::from(n));
    }
    let float = number.as_f64()?;
    // The bound keeps `as` exact: below it every whole float converts as is.
    (float.fract() == 0.0 && float.abs() < 1.0e38).then_some(float as i128)
}

/// Whether `value` is an integer in JSON Schema's sense: a number whose
/// fraction is zero (`7`, `7.0`, `7e0`, `1e300`), never a string.
pub fn is_integer(value: &Value) -> bool {
    match value {
        Value::Number(n) => {
            // An infinite float's fraction is NaN, never 0.
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

/// JSON Schema's equality: same type, numbers by mathematical value, arrays
/// element by element, objects member by member whatever their order.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Array(xs), Value::Array(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        (Value::Object(xs), Value::Object(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .all(|(key, x)| ys.get(key).is_some_and(|y| same_value(x, y)))
        }
        _ => a == b,
    }
}

/// Whether two numbers have the same value: exactly when both are whole,
/// else as floats (a fraction only ever comes from a float).
pub fn same_number(x: &Number, y: &Number) -> bool {
    match (whole_number(x), whole_number(y)) {
        (Some(x), Some(y)) => x == y,
        _ => x.as_f64().is_some_and(|x| y.as_f64() == Some(x)),
    }
}

/// Whether `x >= bound`, exactly when both are whole (a bound beyond 2^53
/// is not rounded), else as floats.
pub fn at_least(x: &Number, bound: &Number) -> bool {
    match (whole_number(x), whole_number(bound)) {
        (Some(x), Some(bound)) => x >= bound,
        _ => match (x.as_f64(), bound.as_f64()) {
            (Some(x), Some(bound)) => x >= bound,
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn number(text: &str) -> Number {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Number(n)) => n,
            other => panic!("{text} is not a number: {other:?}"),
        }
    }

    #[test]
    fn a_zero_fraction_is_an_integer_however_it_is_written() {
        for text in [
            "300000", "300000.0", "3e5", "3E+5", "0", "-0.0", "-7", "1e300",
        ] {
            let value: Value = serde_json::from_str(text).unwrap();
            assert!(is_integer(&value), "{text}");
        }
        for value in [
            json!(1.5),
            json!(-0.25),
            json!("7"),
            json!(true),
            json!(null),
        ] {
            assert!(!is_integer(&value), "{value}");
        }
        assert_eq!(whole_number(&number("3e5")), Some(300_000));
        assert_eq!(whole_number(&number("300000.0")), Some(300_000));
        assert_eq!(whole_number(&number("-0.0")), Some(0));
        assert_eq!(
            whole_number(&number("18446744073709551615")),
            Some(i128::from(u64::MAX))
        );
        assert_eq!(whole_number(&number("1.5")), None);
        assert_eq!(whole_number(&number("1e300")), None, "beyond i128");
    }

    #[test]
    fn numbers_are_equal_by_value_and_never_equal_to_text() {
        assert!(same_value(&json!(7), &number_value("7.0")));
        assert!(same_value(&json!(300_000), &number_value("3e5")));
        assert!(same_value(&json!(-32602), &number_value("-32602.0")));
        assert!(!same_value(&json!(7), &json!("7")));
        assert!(!same_value(&json!(7), &json!(7.5)));
        assert!(same_value(&json!(0.5), &json!(0.5)));
        // Beyond 2^53 a float cannot hold the id: through one it changes.
        let big = json!(9_007_199_254_740_993_u64);
        assert!(!same_value(&big, &number_value("9007199254740993.0")));
        assert!(same_value(&big, &json!(9_007_199_254_740_993_u64)));
        assert!(!same_value(&json!(u64::MAX), &json!(-1)));
    }

    #[test]
    fn containers_compare_member_by_member() {
        assert!(same_value(
            &serde_json::from_str(r#"{"a": [1.0, {"b": 2}], "c": "x"}"#).unwrap(),
            &json!({"c": "x", "a": [1, {"b": 2.0}]})
        ));
        assert!(!same_value(&json!([1, 2]), &json!([1, 2, 3])));
        assert!(!same_value(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(!same_value(&json!({"a": 1}), &json!({"b": 1})));
    }

    #[test]
    fn at_least_is_exact_for_whole_numbers() {
        assert!(at_least(&number("0"), &number("0")));
        assert!(at_least(&number("3e5"), &number("0")));
        assert!(!at_least(&number("-1"), &number("0")));
        assert!(!at_least(&number("-0.5"), &number("0")));
        assert!(at_least(&number("0.5"), &number("0")));
        // 2^53 + 1 against 2^53 + 2: as floats both are 2^53.
        assert!(!at_least(
            &number("9007199254740993"),
            &number("9007199254740994")
        ));
    }

    fn number_value(text: &str) -> Value {
        Value::Number(number(text))
    }
}
