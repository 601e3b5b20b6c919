//! `learn check` 报告的中文措辞。

use crate::words::{CheckReport, Zh};

impl CheckReport for Zh {
    fn checking(&self, id: &str, number: u32, file: &str, seed: u64) -> String {
        format!("检查 {id}（练习 {number}）· {file} · 种子 {seed}")
    }
    fn does_not_compile(&self) -> &'static str {
        "代码还不能编译：先修正 cargo 报告的第一个错误（见上方），再检查一次。"
    }
    fn details_above(&self, detailed: usize, id: &str, more: usize) -> String {
        format!(
            "上面只详细说明了前 {detailed} 个未通过的场景；`learn check {id} --full` 会把其余 {more} 个也解释出来。"
        )
    }
    fn scenarios_passed(&self, passed: usize, total: usize) -> String {
        format!("{total} 个场景中通过了 {passed} 个。")
    }
    fn stuck(&self, id: &str, seed: u64) -> String {
        format!("卡住了？`learn hint {id}` · 用同样的值重跑：`learn check {id} --seed {seed}`")
    }
    fn expected_versus_got(&self) -> &'static str {
        "期望（-）与实际（+）："
    }
    fn rule(&self, fact: &str, rule: &str) -> String {
        format!("规则（{fact}）：{rule}")
    }
    fn read_more(&self, section: &str) -> String {
        format!("复习：`learn read {section}`")
    }
}
