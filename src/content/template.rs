//! Variables in scenario messages: `"${name}"` anywhere in a message (as a
//! whole string value, or as an object key) stands for a value that is fixed
//! by the content, drawn from the run's seed, or captured from an earlier
//! response. Seeded values mean an answer cannot be hard-coded.
//! `"${name:retyped}"` (a whole string value) is the same id in the other
//! JSON type: `7` becomes `"7"` and `"7"` becomes `7`, to check that ids are
//! compared with their type (F7). A string id with no twin (`"req-1"`)
//! becomes another string (`"req-1-stray"`): still a valid id, but nobody's. `"${name:tampered}"` is a
//! captured string with one character changed (see [`tampered`]), to check
//! that a server refuses a `requestState` it did not issue exactly so.
//! `"${name:forged=recipe}"` is a captured token taken apart, changed and
//! put together again as the var `recipe` says (see [`super::forge`]).
//! `"${name:if-any}"` (an object member's whole value) is the captured value
//! when the response had one, and leaves the member out when it had none: a
//! client echoes a `requestState` only when the server issued one.

use super::forge::{self, Encoding, ForgeError, Recipe};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The values bound to variable names during one scenario run.
pub type Bindings = BTreeMap<String, Value>;

/// How a variable gets its value, as written in a `[vars]` table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum VarSpec {
    /// JSON text, e.g. `meta = '{"io.modelcontextprotocol/protocolVersion": "2026-07-28"}'`.
    Json(String),
    /// A value drawn from the seed, e.g. `id = { random = "int" }`.
    Random { random: Generator },
    /// The sum of other numeric variables, e.g. `total = { sum = ["a", "b"] }`,
    /// so an expected answer follows seeded inputs.
    Sum { sum: Vec<String> },
    /// Another variable's value as text, e.g. `said = { text = "sum" }`: a
    /// number as a tool result's text content says it (a string stays as it is).
    Text { text: String },
}

/// Binds every variable: literal ones, seeded ones, then sums of those.
pub fn bind(vars: &BTreeMap<String, VarSpec>, rng: &mut SeededRng) -> Bindings {
    let mut bindings = Bindings::new();
    for (name, spec) in vars {
        let value = match spec {
            VarSpec::Json(text) => serde_json::from_str(text).unwrap_or(Value::Null),
            VarSpec::Random { random } => random.draw(rng),
            VarSpec::Sum { .. } | VarSpec::Text { .. } => continue,
        };
        bindings.insert(name.clone(), value);
    }
    for (name, spec) in vars {
        if let VarSpec::Sum { sum } = spec {
            let parts: Vec<&Value> = sum.iter().filter_map(|n| bindings.get(n)).collect();
            let value = if parts.iter().all(|v| v.is_i64()) {
                json!(parts.iter().filter_map(|v| v.as_i64()).sum::<i64>())
            } else {
                json!(parts.iter().filter_map(|v| v.as_f64()).sum::<f64>())
            };
            bindings.insert(name.clone(), value);
        }
    }
    for (name, spec) in vars {
        if let VarSpec::Text { text } = spec
            && let Some(value) = bindings.get(text)
        {
            let said = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            bindings.insert(name.clone(), Value::String(said));
        }
    }
    bindings
}

/// The kinds of seeded values a scenario can ask for.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Generator {
    /// An integer from 1 to 999,999.
    Int,
    /// An integer from -999,999 to -1.
    NegativeInt,
    /// An integer above 2^53, where floating point can no longer hold it exactly.
    BigInt,
    /// A string id such as `"req-3f9a"`.
    StringId,
    /// A digit string such as `"4711"`, which is not the integer 4711.
    DigitString,
    /// A person's first name.
    Name,
    /// An integer from 0 to 99.
    SmallInt,
    /// A number with a fractional part, from -999.75 to 999.75 in quarters
    /// (exact in binary floating point, so sums stay exact).
    Decimal,
}

const NAMES: &[&str] = &[
    "Ada",
    "Grace",
    "Alan",
    "Barbara",
    "Edsger",
    "Frances",
    "Hedy",
    "Katherine",
    "Linus",
    "Margaret",
    "Niklaus",
    "Radia",
    "Tim",
    "Yukihiro",
    "Zhang",
    "Wei",
    "Mei",
    "Lin",
];

impl Generator {
    pub fn draw(self, rng: &mut SeededRng) -> Value {
        match self {
            Generator::Int => json!(1 + rng.below(999_999)),
            Generator::NegativeInt => json!(-1 - rng.below(999_999) as i64),
            Generator::BigInt => json!((1u64 << 53) + 1 + rng.below(1 << 40) * 2),
            Generator::StringId => json!(format!("req-{:04x}", rng.below(0x10000))),
            Generator::DigitString => json!(format!("{}", 100 + rng.below(9_900))),
            Generator::Name => json!(NAMES[rng.below(NAMES.len() as u64) as usize]),
            Generator::SmallInt => json!(rng.below(100)),
            Generator::Decimal => {
                let quarters = rng.below(7_998) as f64 - 3_999.0;
                // Never a whole number: that is what makes it a decimal.
                let quarters = if quarters % 4.0 == 0.0 {
                    quarters + 1.0
                } else {
                    quarters
                };
                json!(quarters / 4.0)
            }
        }
    }
}

/// A small, dependency-free, reproducible generator (SplitMix64): the same
/// seed gives the same scenario values on every machine.
#[derive(Clone, Debug)]
pub struct SeededRng(u64);

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        SeededRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..bound` (bound > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound.max(1)
    }
}

/// The variable a string stands for, if it is exactly `${name}`.
pub fn var_name(text: &str) -> Option<&str> {
    text.strip_prefix("${")?.strip_suffix('}')
}

/// The `${name}`s inside a text (a command-line word), in order.
pub fn names_in_text(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        let Some(end) = rest[at..].find('}') else {
            break;
        };
        names.push(&rest[at + 2..at + end]);
        rest = &rest[at + end + 1..];
    }
    names
}

/// A text with every `${name}` inside it replaced by its value's text: a
/// string as it is, any other value as compact JSON. An unbound name stays
/// as written (the loaders refuse one).
pub fn fill_text(text: &str, bindings: &Bindings) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let name_end = rest[at..].find('}').map(|end| at + end);
        let bound = name_end.and_then(|end| bindings.get(&rest[at + 2..end]));
        match (name_end, bound) {
            (Some(end), Some(Value::String(s))) => {
                out.push_str(s);
                rest = &rest[end + 1..];
            }
            (Some(end), Some(other)) => {
                out.push_str(&other.to_string());
                rest = &rest[end + 1..];
            }
            _ => {
                out.push_str("${");
                rest = &rest[at + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Marks a variable whose value is sent in its other JSON type.
const RETYPED: &str = ":retyped";
/// Marks a variable whose string is sent with one character changed.
const TAMPERED: &str = ":tampered";
/// Marks a variable whose token is sent forged by a recipe var.
const FORGED: &str = ":forged=";
/// Marks an object member that is sent only when its variable was captured.
const IF_ANY: &str = ":if-any";

/// How a `${name:...}` changes its variable's value before it is sent.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change<'a> {
    None,
    Retyped,
    Tampered,
    /// Forged as the recipe var of this name says.
    Forged(&'a str),
}

/// The variable a `${name:...}` refers to, and how its value is changed.
fn modified(name: &str) -> (&str, Change<'_>) {
    if let Some(base) = name.strip_suffix(RETYPED) {
        return (base, Change::Retyped);
    }
    if let Some(base) = name.strip_suffix(TAMPERED) {
        return (base, Change::Tampered);
    }
    if let Some((base, recipe)) = name.split_once(FORGED) {
        return (base, Change::Forged(recipe));
    }
    (name.strip_suffix(IF_ANY).unwrap_or(name), Change::None)
}

/// Whether `value` is an `"${name:if-any}"` whose variable is unbound: its
/// member is then left out.
fn absent_if_any(value: &Value, bindings: &Bindings) -> bool {
    value
        .as_str()
        .and_then(var_name)
        .and_then(|name| name.strip_suffix(IF_ANY))
        .is_some_and(|base| !bindings.contains_key(base))
}

/// The recipe var a message's `${name:forged=recipe}` strings name.
pub fn recipes_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => {
            if let Some((_, Change::Forged(recipe))) = var_name(text).map(modified) {
                out.push(recipe.to_string());
            }
        }
        Value::Array(items) => items.iter().for_each(|v| recipes_in(v, out)),
        Value::Object(members) => members.values().for_each(|v| recipes_in(v, out)),
        _ => {}
    }
}

/// Why a message could not be filled in.
#[derive(Clone, Debug, PartialEq)]
pub enum Unfilled {
    /// A variable with no value: its name.
    Unbound(String),
    /// `${name:forged=recipe}`, where `name`'s value is not a token in the
    /// recipe's format (or the recipe is wrong).
    Unforgeable {
        name: String,
        value: Value,
        encoding: Option<Encoding>,
        error: ForgeError,
    },
}

/// The value `${name:forged=recipe}` stands for: the recipe, its own
/// `${vars}` filled in, applied to the captured token.
fn forged(name: &str, value: &Value, recipe: &str, bindings: &Bindings) -> Result<Value, Unfilled> {
    let unforgeable = |encoding, error| Unfilled::Unforgeable {
        name: name.to_string(),
        value: value.clone(),
        encoding,
        error,
    };
    let doc = bindings
        .get(recipe)
        .ok_or_else(|| Unfilled::Unbound(recipe.to_string()))?;
    // A recipe that forged with itself would never end.
    let mut inner = Vec::new();
    recipes_in(doc, &mut inner);
    if !inner.is_empty() {
        let why = format!("`{recipe}` forges a value itself");
        return Err(unforgeable(None, ForgeError::BadRecipe(why)));
    }
    let recipe = substitute(doc, bindings)
        .map_err(|_| {
            unforgeable(
                None,
                ForgeError::BadRecipe(format!("`{recipe}` names a variable with no value")),
            )
        })
        .and_then(|doc| {
            Recipe::parse(&doc).map_err(|e| unforgeable(None, ForgeError::BadRecipe(e)))
        })?;
    forge::forge(value, &recipe)
        .map(Value::String)
        .map_err(|error| unforgeable(Some(recipe.encoding), error))
}

/// The same string with exactly one character changed, and its length kept:
/// the middle character, or the nearest letter or digit after it (before it,
/// when there is none after), becomes the next one of its kind (`a` → `b`,
/// `z` → `a`, `Q` → `R`, `7` → `8`, `9` → `0`). Staying in its kind keeps hex
/// hex and base64 base64, and the middle is never the padding bits of a last
/// base64 character, so any integrity check worth the name must fail.
/// A value that is not a string, or holds no letter or digit, is unchanged.
pub fn tampered(value: &Value) -> Value {
    let Value::String(text) = value else {
        return value.clone();
    };
    let mut chars: Vec<char> = text.chars().collect();
    let middle = chars.len() / 2;
    let is_plain = |c: &char| c.is_ascii_alphanumeric();
    let at = chars[middle..]
        .iter()
        .position(is_plain)
        .map(|i| middle + i)
        .or_else(|| chars[..middle].iter().rposition(is_plain));
    if let Some(at) = at {
        chars[at] = match chars[at] {
            'z' => 'a',
            'Z' => 'A',
            '9' => '0',
            c => char::from(c as u8 + 1),
        };
    }
    Value::String(chars.into_iter().collect())
}

/// The same id in the other JSON type (see the module header).
pub fn retyped(id: &Value) -> Value {
    match id {
        Value::Number(n) if n.is_i64() || n.is_u64() => Value::String(n.to_string()),
        Value::String(text) => text
            .parse::<i64>()
            .map(Value::from)
            .or_else(|_| text.parse::<u64>().map(Value::from))
            .ok()
            .filter(|n| serde_json::to_string(n).is_ok_and(|canonical| canonical == *text))
            // Not an array: a line whose id is no JSON-RPC id at all may be
            // refused as broken, and the step is about a valid id nobody sent.
            .unwrap_or_else(|| Value::String(format!("{text}-stray"))),
        other => Value::Array(vec![other.clone()]),
    }
}

/// Every variable name a message refers to.
pub fn vars_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => {
            if let Some((base, change)) = var_name(text).map(modified) {
                out.push(base.to_string());
                if let Change::Forged(recipe) = change {
                    out.push(recipe.to_string());
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| vars_in(v, out)),
        Value::Object(members) => {
            for (key, v) in members {
                out.extend(var_name(key).map(str::to_string));
                vars_in(v, out);
            }
        }
        _ => {}
    }
}

/// Replaces every `${name}` with its bound value. `$${...}` is a literal `${...}`.
/// The error is the first variable with no value, or a token that could
/// not be forged.
pub fn substitute(value: &Value, bindings: &Bindings) -> Result<Value, Unfilled> {
    Ok(match value {
        Value::String(text) => {
            if let Some(name) = var_name(text) {
                let (base, change) = modified(name);
                let value = bindings
                    .get(base)
                    .ok_or_else(|| Unfilled::Unbound(base.to_string()))?;
                match change {
                    Change::None => value.clone(),
                    Change::Retyped => retyped(value),
                    Change::Tampered => tampered(value),
                    Change::Forged(recipe) => forged(base, value, recipe, bindings)?,
                }
            } else if let Some(literal) = text.strip_prefix("$${") {
                Value::String(format!("${{{literal}"))
            } else {
                value.clone()
            }
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|v| substitute(v, bindings))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(members) => {
            let mut out = Map::with_capacity(members.len());
            for (key, v) in members {
                if absent_if_any(v, bindings) {
                    continue;
                }
                let key = match var_name(key) {
                    Some(name) => match bindings.get(name) {
                        Some(Value::String(bound)) => bound.clone(),
                        Some(other) => other.to_string(),
                        None => return Err(Unfilled::Unbound(name.to_string())),
                    },
                    None => key.clone(),
                };
                out.insert(key, substitute(v, bindings)?);
            }
            Value::Object(out)
        }
        _ => value.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tampered_changes_one_character_in_kind() {
        let t = |s: &str| tampered(&json!(s));
        assert_eq!(t("abcdef"), json!("abceef"));
        assert_eq!(t("0123.4567"), json!("0123.5567"));
        assert_eq!(t("ab.-_"), json!("ac.-_"));
        assert_eq!(t("xyZ"), json!("xzZ"));
        assert_eq!(t("az9"), json!("aa9"));
        assert_eq!(t("-._"), json!("-._"));
        assert_eq!(t(""), json!(""));
        assert_eq!(tampered(&json!(7)), json!(7));
        let state = "7b22746f6f6c223a2264656c657465227d.9f86d081884c7d659a2feaa0c55ad015";
        let changed = t(state);
        let changed = changed.as_str().unwrap_or_default();
        assert_eq!(changed.len(), state.len());
        let differing = state
            .chars()
            .zip(changed.chars())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differing, 1);
        let bindings = Bindings::from([("s".to_string(), json!("abcd"))]);
        assert_eq!(
            substitute(&json!({"requestState": "${s:tampered}"}), &bindings),
            Ok(json!({"requestState": "abdd"}))
        );
        let mut names = Vec::new();
        vars_in(&json!(["${s:tampered}", "${id:retyped}"]), &mut names);
        assert_eq!(names, ["s", "id"]);
    }

    #[test]
    fn forged_tokens_follow_their_recipe_var() {
        let payload = forge_hex(br#"{"tool":"delete_note","title":"groceries"}"#);
        let bindings = Bindings::from([
            ("s".to_string(), json!(format!("{payload}.00ff"))),
            ("other".to_string(), json!("taxes")),
            (
                "moved".to_string(),
                json!({"payload": "hex", "set": {"title": "${other}"}, "tag": "kept"}),
            ),
        ]);
        let sent = substitute(&json!({"requestState": "${s:forged=moved}"}), &bindings);
        let moved = forge_hex(br#"{"tool":"delete_note","title":"taxes"}"#);
        assert_eq!(sent, Ok(json!({"requestState": format!("{moved}.00ff")})));
        let mut names = Vec::new();
        vars_in(&json!(["${s:forged=moved}"]), &mut names);
        assert_eq!(names, ["s", "moved"]);
        let mut recipes = Vec::new();
        recipes_in(
            &json!({"a": ["${s:forged=moved}", "${s:tampered}"]}),
            &mut recipes,
        );
        assert_eq!(recipes, ["moved"]);
        // A captured value out of format is named, with why.
        let mut unsigned = bindings.clone();
        unsigned.insert("s".into(), json!("eyJ0b29sIjoieCJ9"));
        assert_eq!(
            substitute(&json!("${s:forged=moved}"), &unsigned),
            Err(Unfilled::Unforgeable {
                name: "s".into(),
                value: json!("eyJ0b29sIjoieCJ9"),
                encoding: Some(Encoding::Hex),
                error: ForgeError::NotPayloadDotTag,
            })
        );
        // A recipe var that is missing, or not a recipe.
        assert_eq!(
            substitute(&json!("${s:forged=gone}"), &bindings),
            Err(Unfilled::Unbound("gone".into()))
        );
        let mut broken = bindings.clone();
        broken.insert("moved".into(), json!({"payload": "hex", "tag": "${nope}"}));
        assert!(matches!(
            substitute(&json!("${s:forged=moved}"), &broken),
            Err(Unfilled::Unforgeable {
                error: ForgeError::BadRecipe(_),
                encoding: None,
                ..
            })
        ));
        let looped = json!({"payload": "hex", "tag": "kept", "set": {"a": "${s:forged=moved}"}});
        broken.insert("moved".into(), looped);
        assert_eq!(
            substitute(&json!("${s:forged=moved}"), &broken),
            Err(Unfilled::Unforgeable {
                name: "s".into(),
                value: bindings["s"].clone(),
                encoding: None,
                error: ForgeError::BadRecipe("`moved` forges a value itself".into()),
            })
        );
    }

    fn forge_hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn an_if_any_member_is_sent_only_when_its_value_was_captured() {
        let doc = json!({"name": "t", "requestState": "${state:if-any}"});
        let issued = Bindings::from([("state".to_string(), json!("s.1"))]);
        assert_eq!(
            substitute(&doc, &issued),
            Ok(json!({"name": "t", "requestState": "s.1"}))
        );
        assert_eq!(substitute(&doc, &Bindings::new()), Ok(json!({"name": "t"})));
        // Anywhere but a member's value, it is a variable like any other.
        assert_eq!(
            substitute(&json!(["${state:if-any}"]), &Bindings::new()),
            Err(Unfilled::Unbound("state".to_string()))
        );
        let mut names = Vec::new();
        vars_in(&doc, &mut names);
        assert_eq!(names, ["state"]);
    }

    #[test]
    fn substitutes_values_of_any_type_and_keys() {
        let bindings = Bindings::from([
            ("id".to_string(), json!(9007199254740993u64)),
            ("key".to_string(), json!("ask-name")),
        ]);
        let doc = json!({"id": "${id}", "answers": {"${key}": 1}, "keep": "$${id}"});
        assert_eq!(
            substitute(&doc, &bindings).unwrap(),
            json!({"id": 9007199254740993u64, "answers": {"ask-name": 1}, "keep": "${id}"})
        );
    }

    #[test]
    fn sums_follow_their_seeded_parts() {
        let vars = BTreeMap::from([
            (
                "a".to_string(),
                VarSpec::Random {
                    random: Generator::Decimal,
                },
            ),
            ("b".to_string(), VarSpec::Json("3".into())),
            (
                "total".to_string(),
                VarSpec::Sum {
                    sum: vec!["a".into(), "b".into()],
                },
            ),
        ]);
        let bound = bind(&vars, &mut SeededRng::new(9));
        let a = bound["a"].as_f64().unwrap();
        assert_ne!(a.fract(), 0.0);
        assert_eq!(bound["total"].as_f64().unwrap(), a + 3.0);
    }

    #[test]
    fn retyped_ids_keep_their_value_and_change_their_type() {
        let bindings = Bindings::from([
            ("n".to_string(), json!(7)),
            ("big".to_string(), json!(9007199254740993u64)),
            ("digits".to_string(), json!("0042")),
            ("s".to_string(), json!("-12")),
            ("word".to_string(), json!("req-1")),
        ]);
        let doc = json!([
            "${n:retyped}",
            "${big:retyped}",
            "${digits:retyped}",
            "${s:retyped}",
            "${word:retyped}"
        ]);
        assert_eq!(
            substitute(&doc, &bindings).unwrap(),
            json!(["7", "9007199254740993", "0042-stray", -12, "req-1-stray"])
        );
        let mut names = Vec::new();
        vars_in(&doc, &mut names);
        assert_eq!(names, ["n", "big", "digits", "s", "word"]);
        assert_eq!(
            substitute(&json!("${gone:retyped}"), &Bindings::new()),
            Err(Unfilled::Unbound("gone".to_string()))
        );
    }

    #[test]
    fn unbound_variable_is_named() {
        assert_eq!(
            substitute(&json!(["${nope}"]), &Bindings::new()),
            Err(Unfilled::Unbound("nope".to_string()))
        );
    }

    #[test]
    fn same_seed_same_values_and_big_ints_exceed_2_pow_53() {
        let draw = |seed| {
            let mut rng = SeededRng::new(seed);
            (
                Generator::BigInt.draw(&mut rng),
                Generator::Name.draw(&mut rng),
            )
        };
        assert_eq!(draw(42), draw(42));
        assert_ne!(draw(42), draw(43));
        let (big, _) = draw(7);
        assert!(big.as_u64().unwrap() > 1 << 53);
        // Odd, so a float round-trip cannot preserve it.
        assert_eq!(big.as_u64().unwrap() % 2, 1);
    }
}
