//! 测验的中文措辞。

use crate::words::{Quiz, Zh};

impl Quiz for Zh {
    fn input_ended(&self) -> &'static str {
        "输入结束：已作答的题目都已保存。"
    }
    fn quiz_heading(&self, title: &str) -> String {
        format!("小测验 · {title}")
    }
    fn quiz_facts(&self, count: usize, pass_percent: u32, seed: u64, repeat: &str) -> String {
        format!(
            "共 {count} 题 · 及格线 {pass_percent}% · 种子 {seed}（{repeat} 可重现这次的选项顺序）"
        )
    }
    fn only_missed(&self) -> &'static str {
        "只出上次没答对的题。"
    }
    fn how_to_answer(&self) -> &'static str {
        "输入答案后按回车。空行表示跳过这一题（不得分）。"
    }
    fn question_of(&self, number: usize, total: usize) -> String {
        format!("第 {number} 题，共 {total} 题")
    }
    fn every_letter(&self) -> &'static str {
        "（写出所有符合的字母，例如 `a c`）"
    }
    fn letter_or_word(&self) -> &'static str {
        "（写字母，或直接写出那个词）"
    }
    fn try_again(&self, why: &str) -> String {
        format!("？{why}；请再试一次（空行表示跳过）")
    }
    fn right(&self) -> &'static str {
        "✓ 答对了。"
    }
    fn skipped_answer(&self) -> &'static str {
        "– 已跳过。答案："
    }
    fn not_right_answer(&self) -> &'static str {
        "✗ 不对。答案："
    }
    fn more(&self) -> &'static str {
        "详见："
    }
    fn score_of(&self, right: usize, total: usize, percent: usize) -> String {
        format!("得分：{right}/{total}（{percent}%）")
    }
    fn quiz_passed(&self) -> &'static str {
        "已通过"
    }
    fn quiz_not_passed_yet(&self) -> &'static str {
        "尚未通过"
    }
    fn quiz_standing(
        &self,
        id: &str,
        state: &str,
        right: usize,
        total: usize,
        pass_percent: u32,
    ) -> String {
        format!("测验 {id}：{state} · 最近一次作答答对 {right}/{total} · 及格线 {pass_percent}%")
    }
    fn not_yet_right(&self, missed: &str, retry: &str) -> String {
        format!("尚未答对：{missed} · {retry} 只出这几题")
    }
    fn next(&self) -> &'static str {
        "下一步："
    }
    fn no_such_choice(&self, given: char, last: char) -> String {
        format!("没有选项 `{given}`：字母范围是 a 到 {last}")
    }
    fn one_letter_only(&self, last: char) -> String {
        format!("只能给一个字母（a 到 {last}）")
    }
    fn letter_or_word_from(&self, last: char) -> String {
        format!("请用 a 到 {last} 的字母作答，或直接写出那个词")
    }
    fn letters_from(&self, last: char) -> String {
        format!("请用 a 到 {last} 的字母作答")
    }
    fn single_choice(&self) -> &'static str {
        "单选题"
    }
    fn multiple_choice(&self) -> &'static str {
        "多选题：选出所有正确项"
    }
    fn true_or_false(&self) -> &'static str {
        "判断题"
    }
    fn short_answer(&self) -> &'static str {
        "简答题"
    }
    fn name_the_kind(&self) -> &'static str {
        "判断消息种类"
    }
    fn server_reply(&self) -> &'static str {
        "判断服务器的回复"
    }
    fn true_choice(&self) -> &'static str {
        "对 (true)"
    }
    fn false_choice(&self) -> &'static str {
        "错 (false)"
    }
    fn no_quizzes(&self) -> &'static str {
        "这门课程还没有测验"
    }
    fn all_quizzes_passed(&self, example: &str) -> String {
        format!("所有测验都已通过。想再做一次就指定一个，例如 `learn quiz {example}`。")
    }
    fn quiz_brief(&self, heading: &str, count: usize, pass_percent: u32, start: &str) -> String {
        format!(
            "{heading}\n\n本目标共 {count} 题，一次一题，每题答完都有讲解。及格线 {pass_percent}%。\n\n  开始：{start}\n"
        )
    }
    fn no_quiz(&self, id: &str, ids: &[String]) -> String {
        format!("没有名为 `{id}` 的测验：现有的测验是 {}", ids.join("、"))
    }
    fn answers_file_problems(&self) -> &'static str {
        "答案文件有问题，没有评分。请修正以下各项后重试："
    }
    fn answers_file_empty(&self) -> &'static str {
        "答案文件里没有答案：每行写一条 `题目id = \"答案\"`（`learn quiz --list` 可查看题目 id）"
    }
    fn no_answer(&self) -> &'static str {
        "（未作答）"
    }
    fn answers_passed(&self) -> &'static str {
        "通过"
    }
    fn answers_not_passed(&self) -> &'static str {
        "未通过"
    }
    fn answers_score(
        &self,
        right: usize,
        total: usize,
        percent: usize,
        state: &str,
        pass_percent: u32,
    ) -> String {
        format!("得分：{right}/{total}（{percent}%）· {state}（及格线 {pass_percent}%）")
    }
    fn unshuffled_letters(&self) -> &'static str {
        "字母按未打乱的顺序排列，`--answers` 文件用的就是这个顺序。"
    }
    fn quiz_list_heading(&self, id: &str, title: &str, count: usize, pass_percent: u32) -> String {
        format!("{id} · {title}（{count} 题，及格线 {pass_percent}%）")
    }
    fn nothing_to_retry(&self, id: &str) -> String {
        format!("没有要重做的题：`{id}` 的每道题最近一次都答对了。")
    }
    fn request_choice(&self) -> &'static str {
        "请求 (request)"
    }
    fn notification_choice(&self) -> &'static str {
        "通知 (notification)"
    }
    fn result_choice(&self) -> &'static str {
        "结果响应 (result)"
    }
    fn error_choice(&self) -> &'static str {
        "错误响应 (error)"
    }
    fn invalid_choice(&self) -> &'static str {
        "无效消息 (invalid)"
    }
}
