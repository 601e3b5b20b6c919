//! `[vars]` tables: each var's JSON, and what a sum adds.

use super::file_check::FileCheck;
use crate::content::template::VarSpec;
use serde_json::Value;
use std::collections::BTreeMap;

pub(super) fn check_vars(check: &mut FileCheck, vars: &BTreeMap<String, VarSpec>) {
    for (name, spec) in vars {
        match spec {
            VarSpec::Json(text) => {
                if let Err(e) = serde_json::from_str::<Value>(text) {
                    check.error(None, format!("var `{name}` is not valid JSON: {e}"));
                }
            }
            VarSpec::Sum { sum } => {
                for part in sum {
                    let numeric = match vars.get(part) {
                        Some(VarSpec::Json(text)) => {
                            serde_json::from_str::<Value>(text).is_ok_and(|v| v.is_number())
                        }
                        Some(VarSpec::Random { .. }) => true,
                        _ => false,
                    };
                    if !numeric {
                        check.error(
                            None,
                            format!(
                                "var `{name}` sums `{part}`, which is not a number var of this file"
                            ),
                        );
                    }
                }
            }
            VarSpec::Random { .. } => {}
        }
    }
}
