//! The words around a check's problems: the report of `learn check`
//! (`render/feedback/report.rs`) and a scenario's rule line.

pub trait CheckReport {
    /// The report's first line.
    fn checking(&self, id: &str, number: u32, file: &str, seed: u64) -> String;
    fn does_not_compile(&self) -> &'static str;
    /// Only the first `detailed` failing scenarios were explained.
    fn details_above(&self, detailed: usize, id: &str, more: usize) -> String;
    fn scenarios_passed(&self, passed: usize, total: usize) -> String;
    /// Where to go next after a failed check.
    fn stuck(&self, id: &str, seed: u64) -> String;
    /// The label above a response's diff.
    fn expected_versus_got(&self) -> &'static str;
    /// A scenario's rule (lesson text) with its fact id.
    fn rule(&self, fact: &str, rule: &str) -> String;
    fn read_more(&self, section: &str) -> String;
}
