//! 评分的中文措辞。

use crate::words::{Grading, Zh};

impl Grading for Zh {
    fn status_passed(&self) -> &'static str {
        "通过"
    }
    fn status_failed(&self) -> &'static str {
        "未通过"
    }
    fn status_not_attempted(&self) -> &'static str {
        "未作答"
    }
    fn status_does_not_compile(&self) -> &'static str {
        "无法编译"
    }
    fn status_not_graded(&self) -> &'static str {
        "未评分"
    }
    fn hidden_scenario_failed(&self) -> &'static str {
        "一个隐藏场景未通过：不显示它的名称、输入和规则。请按本练习的每条规则检查你的程序。"
    }
    fn submission(&self) -> &'static str {
        "提交"
    }
    fn score(&self) -> &'static str {
        "得分"
    }
    fn student(&self) -> &'static str {
        "学生"
    }
    fn why(&self) -> &'static str {
        "原因"
    }
    fn not_attempted_key(&self) -> &'static str {
        "（- ：未作答）"
    }
    fn over_memory_together(&self) -> &'static str {
        "其进程被终止：它们合计占用的内存超过了 --memory-limit 给每个学生的上限"
    }
    fn over_memory(&self) -> &'static str {
        "其进程因占用内存超过 --memory-limit 被终止"
    }
    fn over_memory_short(&self) -> &'static str {
        "超出内存上限"
    }
    fn not_graded_colon(&self) -> &'static str {
        "未评分："
    }
    fn does_not_compile_colon(&self) -> &'static str {
        "无法编译："
    }
    fn no_scenario_ran(&self) -> &'static str {
        "没有运行任何场景"
    }
    fn questions_answered(&self, answered: usize, total: u32, bad: &str) -> String {
        format!("答了 {total} 题中的 {answered} 题{bad}")
    }
    fn first_failed(&self, passed: usize, total: usize, name: &str, problem: &str) -> String {
        format!("{total} 个场景中通过 {passed} 个；第一个失败的：“{name}”：{problem}")
    }
    fn students_colon(&self) -> &'static str {
        "学生："
    }
    fn students_heading(&self) -> &'static str {
        "学生："
    }
    fn mean(&self) -> &'static str {
        "平均"
    }
    fn median(&self) -> &'static str {
        "中位数"
    }
    fn out_of(&self) -> &'static str {
        "满分"
    }
    fn exercise_pass_rate(&self) -> &'static str {
        "各练习通过率，以及未通过的人："
    }
    fn fact_pass_rate(&self) -> &'static str {
        "各事实通过率（全班通过的场景）："
    }
    fn class_report(&self) -> &'static str {
        "班级报告"
    }
    fn exercises(&self) -> &'static str {
        "练习"
    }
    fn did_not_pass(&self) -> &'static str {
        "未通过"
    }
    fn facts(&self) -> &'static str {
        "事实"
    }
    fn fact(&self) -> &'static str {
        "事实"
    }
    fn pass_rate(&self) -> &'static str {
        "通过率"
    }
    fn scenarios_passed_heading(&self) -> &'static str {
        "通过的场景"
    }
    fn where_marks_lost(&self) -> &'static str {
        "失分之处"
    }
    fn all_passed(&self, total: usize) -> String {
        format!("全部 {total} 个场景通过。")
    }
    fn hidden_passed(&self, passed: usize, total: usize) -> String {
        format!("{total} 个隐藏场景中通过 {passed} 个。")
    }
    fn hidden_scenarios(&self) -> &'static str {
        "隐藏场景"
    }
    fn every_answer_right(&self) -> &'static str {
        "全部答对。"
    }
    fn wrong_or_unanswered(&self) -> &'static str {
        "答错或未答："
    }
    fn lines_not_graded(&self) -> &'static str {
        "未评分的行（每行都算答错）："
    }
    fn several(&self) -> &'static str {
        "多个"
    }
    fn graded_by(&self, seed: &str) -> String {
        format!("由 `learn grade` 评分，种子 {seed}。练习的所有场景都通过才得该题分数。")
    }
    fn process(&self) -> &'static str {
        "进程"
    }
    fn exited_with_code(&self) -> &'static str {
        "退出码"
    }
    fn killed_by(&self) -> &'static str {
        "被信号终止"
    }
    fn stopped_by_the_checker(&self) -> &'static str {
        "被检查器停止"
    }
    fn not_started_colon(&self) -> &'static str {
        "未启动："
    }
    fn hidden_added(&self, added: usize, dir: &str) -> String {
        format!("从 {dir} 加入了 {added} 个隐藏场景")
    }
    fn grading(&self, submissions: usize, seed: u64, jobs: usize) -> String {
        format!(
            "正在评分 {submissions} 份提交，种子 {seed}（重现本次结果：--seed {seed}）；并行 {jobs}"
        )
    }
    fn built_and_checked(
        &self,
        programs: usize,
        build_seconds: f64,
        checked: usize,
        check_seconds: f64,
    ) -> String {
        format!(
            "构建 {programs} 个程序用时 {build_seconds:.1} 秒；检查 {checked} 个用时 {check_seconds:.1} 秒。"
        )
    }
    fn sandbox_failures(&self, count: usize) -> String {
        format!(
            "警告：{count} 个程序无法在沙箱中启动，其练习未评分：这是评分机器的设置问题，不是学生的问题（各自的报告写明了原因和应改之处）。"
        )
    }
    fn gradescope_written(&self) -> &'static str {
        "Gradescope 结果已写入"
    }
    fn deleted(&self, dir: &str, megabytes: u64) -> String {
        format!("已删除 {dir}（{megabytes} MB）。")
    }
    fn no_sandbox(&self) -> &'static str {
        "无法评分：没有运行学生代码的沙箱"
    }
    fn grant_or_unsandboxed(&self) -> &'static str {
        "请按上面所说授予权限，或加 --unsandboxed 接受学生代码能读取、修改或终止你能触及的一切（只应在用完即弃的容器里这样做）。"
    }
    fn install_or_unsandboxed(&self) -> &'static str {
        "请安装它，或加 --unsandboxed 接受学生代码能读取、修改或终止你能触及的一切（只应在用完即弃的容器里这样做）。"
    }
    fn unsandboxed_warning(&self) -> &'static str {
        "警告：正在不使用沙箱评分（--unsandboxed）。学生的程序和编译以你的身份运行：能读取你的文件和机密、改动他人的结果和评分文件，并在本次运行后继续存在。这样的成绩不能用于计分。"
    }
}
