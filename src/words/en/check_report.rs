//! The report of `learn check`, in English.

use crate::words::{CheckReport, En};

impl CheckReport for En {
    fn checking(&self, id: &str, number: u32, file: &str, seed: u64) -> String {
        format!("Checking {id} (exercise {number}) · {file} · seed {seed}")
    }
    fn does_not_compile(&self) -> &'static str {
        "It does not compile yet: fix the first error cargo reports (above), then check again."
    }
    fn details_above(&self, detailed: usize, id: &str, more: usize) -> String {
        format!(
            "Details above for the first {detailed} failing scenarios; `learn check {id} --full` explains the other {more} too."
        )
    }
    fn scenarios_passed(&self, passed: usize, total: usize) -> String {
        format!("{passed} of {total} scenarios passed.")
    }
    fn stuck(&self, id: &str, seed: u64) -> String {
        format!("Stuck? `learn hint {id}` · same values again: `learn check {id} --seed {seed}`")
    }
    fn expected_versus_got(&self) -> &'static str {
        "expected (-) versus got (+):"
    }
    fn rule(&self, fact: &str, rule: &str) -> String {
        format!("Rule ({fact}): {rule}")
    }
    fn read_more(&self, section: &str) -> String {
        format!("Read more: `learn read {section}`")
    }
}
