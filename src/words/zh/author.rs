//! `learn dev` 的中文措辞。

use crate::words::{Author, Zh};

impl Author for Zh {
    fn course_ok(
        &self,
        lessons: usize,
        steps: usize,
        exercises: usize,
        scenarios: usize,
        cases: usize,
        root: &str,
    ) -> String {
        format!(
            "通过：{lessons} 个课程、{steps} 个步骤、{exercises} 个练习、{scenarios} 个场景、{cases} 个测试程序用例，位于 {root}"
        )
    }
    fn checked_on_seeds(&self, id: &str, seeds: usize) -> String {
        format!("已在 {seeds} 个种子上检查 {id}")
    }
    fn up_to_date(&self) -> &'static str {
        "已是最新：无需写入"
    }
    fn wrote(&self, files: &[&str]) -> String {
        format!("已写入 {}", files.join("、"))
    }
    fn not_covered(&self, gaps: &[String]) -> String {
        format!(
            "未覆盖：{}（每个事实都需要两种语言的章节，以及场景或测验题）",
            gaps.join("、")
        )
    }
}
