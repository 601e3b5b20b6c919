//! The response a learner most likely meant as a missing answer: the same
//! id in another JSON type (7 for "7"), the same number through a float, or
//! the one response left over when one answer is missing.
//!
//! Unclaimed responses are indexed by their id once, so each missing answer
//! costs a lookup rather than a pass over all output: a program that writes
//! every id as a string must not make the judge quadratic in its output.

use super::NearMiss;
use crate::content::scenario::ResponseKey;
use serde_json::{Number, Value};
use std::collections::{HashMap, VecDeque};

pub struct NearMisses<'a> {
    responses: &'a [Value],
    /// Responses with a string id, by that string.
    by_string: HashMap<&'a str, VecDeque<usize>>,
    /// Responses with a number id, by its JSON text (7 and 7.0 differ).
    by_number_text: HashMap<String, VecDeque<usize>>,
    /// Responses with a number id, by its value as a float.
    by_float: HashMap<u64, VecDeque<usize>>,
    unclaimed: usize,
}

fn float_key(number: &Number) -> Option<u64> {
    let value = number.as_f64()?;
    // -0.0 == 0.0 as numbers; their bits differ.
    Some(if value == 0.0 { 0 } else { value.to_bits() })
}

impl<'a> NearMisses<'a> {
    pub fn new(responses: &'a [Value], claimed: &[bool]) -> NearMisses<'a> {
        let mut index = NearMisses {
            responses,
            by_string: HashMap::new(),
            by_number_text: HashMap::new(),
            by_float: HashMap::new(),
            unclaimed: claimed.iter().filter(|c| !**c).count(),
        };
        for (i, response) in responses.iter().enumerate() {
            if claimed.get(i).copied().unwrap_or(true) {
                continue;
            }
            match response.get("id") {
                Some(Value::String(text)) => {
                    index.by_string.entry(text).or_default().push_back(i);
                }
                Some(Value::Number(number)) => {
                    index
                        .by_number_text
                        .entry(number.to_string())
                        .or_default()
                        .push_back(i);
                    if let Some(key) = float_key(number) {
                        index.by_float.entry(key).or_default().push_back(i);
                    }
                }
                _ => {}
            }
        }
        index
    }

    /// How many responses no expectation has claimed.
    pub fn unclaimed(&self) -> usize {
        self.unclaimed
    }

    /// Finds and claims the earliest unclaimed response whose id is `key`'s
    /// in another type or through a float; with `only_one_left`, the one
    /// unclaimed response whatever its id.
    pub fn take(
        &mut self,
        key: &ResponseKey,
        claimed: &mut [bool],
        only_one_left: bool,
    ) -> Option<NearMiss> {
        let ResponseKey::Id(want) = key else {
            return None;
        };
        let mut lists: Vec<&mut VecDeque<usize>> = Vec::new();
        match want {
            Value::Number(number) => {
                let text = number.to_string();
                if let Some(list) = self.by_string.get_mut(text.as_str()) {
                    lists.push(list);
                }
                if let Some(list) = float_key(number).and_then(|k| self.by_float.get_mut(&k)) {
                    lists.push(list);
                }
            }
            Value::String(text) => {
                if let Some(list) = self.by_number_text.get_mut(text) {
                    lists.push(list);
                }
            }
            _ => {}
        }
        let mut earliest: Option<usize> = None;
        for list in lists {
            // Claimed entries never become unclaimed: drop them for good.
            while list.front().is_some_and(|&i| claimed[i]) {
                list.pop_front();
            }
            if let Some(&i) = list.front() {
                earliest = Some(earliest.map_or(i, |e| e.min(i)));
            }
        }
        if let Some(i) = earliest {
            claimed[i] = true;
            self.unclaimed -= 1;
            let got = self.responses[i].get("id").cloned().unwrap_or(Value::Null);
            return Some(NearMiss::IdTypeDiffers { got });
        }
        if only_one_left && let Some(i) = claimed.iter().position(|c| !c) {
            claimed[i] = true;
            self.unclaimed -= 1;
            return Some(NearMiss::OtherId {
                got: self.responses[i].get("id").cloned().unwrap_or(Value::Null),
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn responses(ids: &[Value]) -> Vec<Value> {
        ids.iter()
            .map(|id| json!({"jsonrpc": "2.0", "id": id, "result": {}}))
            .collect()
    }

    fn take(index: &mut NearMisses, want: Value, claimed: &mut [bool]) -> Option<NearMiss> {
        index.take(&ResponseKey::Id(want), claimed, false)
    }

    #[test]
    fn another_type_or_a_float_is_a_near_miss() {
        let all = responses(&[
            json!("7"),
            json!(8.0),
            json!(9007199254740992_u64),
            json!(5),
        ]);
        let mut claimed = vec![false; all.len()];
        let mut index = NearMisses::new(&all, &claimed);
        let got = |n: &Option<NearMiss>| match n {
            Some(NearMiss::IdTypeDiffers { got }) => got.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(got(&take(&mut index, json!(7), &mut claimed)), json!("7"));
        assert_eq!(got(&take(&mut index, json!(8), &mut claimed)), json!(8.0));
        assert_eq!(
            got(&take(&mut index, json!(9007199254740993_u64), &mut claimed)),
            json!(9007199254740992_u64)
        );
        assert_eq!(got(&take(&mut index, json!("5"), &mut claimed)), json!(5));
        assert_eq!(claimed, [true; 4]);
        assert_eq!(index.unclaimed(), 0);
        // Each response is claimed once.
        assert!(take(&mut index, json!(7), &mut claimed).is_none());
    }

    #[test]
    fn the_earliest_unclaimed_wins_and_claimed_ones_are_skipped() {
        let all = responses(&[json!("3"), json!(3.0), json!("3")]);
        let mut claimed = vec![true, false, false];
        let mut index = NearMisses::new(&all, &claimed);
        assert_eq!(index.unclaimed(), 2);
        assert_eq!(
            take(&mut index, json!(3), &mut claimed),
            Some(NearMiss::IdTypeDiffers { got: json!(3.0) })
        );
        assert_eq!(
            take(&mut index, json!(3), &mut claimed),
            Some(NearMiss::IdTypeDiffers { got: json!("3") })
        );
        assert_eq!(claimed, [true, true, true]);
    }

    #[test]
    fn unrelated_ids_are_no_near_miss_unless_one_is_left() {
        let all = responses(&[json!("seven"), json!(70)]);
        let mut claimed = vec![false, true];
        let mut index = NearMisses::new(&all, &claimed);
        assert!(take(&mut index, json!(7), &mut claimed).is_none());
        assert!(take(&mut index, json!("7"), &mut claimed).is_none());
        assert_eq!(
            index.take(&ResponseKey::Id(json!(7)), &mut claimed, true),
            Some(NearMiss::OtherId {
                got: json!("seven")
            })
        );
        assert_eq!(index.unclaimed(), 0);
    }

    #[test]
    fn every_one_of_many_string_ids_is_found_and_claimed_once() {
        // A program that writes all of 20,000 ids as strings.
        let n = 20_000;
        let all = responses(&(0..n).map(|i| json!(i.to_string())).collect::<Vec<_>>());
        let mut claimed = vec![false; n];
        let mut index = NearMisses::new(&all, &claimed);
        for i in 0..n {
            assert!(take(&mut index, json!(i), &mut claimed).is_some());
        }
        assert_eq!(index.unclaimed(), 0);
    }
}
