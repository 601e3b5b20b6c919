//! 学习者命令的中文措辞。

use crate::words::{Learner, Zh};

impl Learner for Zh {
    fn error_label(&self) -> &'static str {
        "错误："
    }
    fn content_has_problems(&self) -> &'static str {
        "课程内容有问题；请修正以下各项后重试："
    }
    fn because(&self) -> &'static str {
        "原因："
    }
    fn progress_set_aside(&self, reason: &str, kept_as: &str) -> String {
        format!("警告：进度文件无法使用（{reason}）；已另存为 {kept_as}，进度从头开始。")
    }
    fn no_exercise_near(&self, id: &str, near: &str) -> String {
        format!("没有名为 `{id}` 的练习。你是想输入 `{near}` 吗？（`learn list` 会列出全部）")
    }
    fn no_exercise(&self, id: &str) -> String {
        format!("没有名为 `{id}` 的练习（`learn list` 会列出全部）")
    }
    fn no_lesson_near(&self, id: &str, near: &str) -> String {
        format!(
            "没有名为 `{id}` 的课。你是想输入 `{near}` 吗？（`learn list` 会列出每一课和它的 id）"
        )
    }
    fn start_lesson(&self, id: &str) -> String {
        format!("（learn next --lesson {id}）")
    }
    fn lesson_done(&self, title: &str) -> String {
        format!("“{title}”的每一步都完成了。`learn next` 会接着课程里第一个未完成的步骤。")
    }
    fn no_lesson(&self, id: &str) -> String {
        format!("没有名为 `{id}` 的课（`learn list` 会列出每一课和它的 id）")
    }
    fn no_section_near(&self, id: &str, near: &str) -> String {
        format!("没有名为 `{id}` 的章节。你是想输入 `{near}` 吗？（`learn list` 会列出各章节）")
    }
    fn no_section(&self, id: &str) -> String {
        format!("没有名为 `{id}` 的章节（`learn list` 会列出各章节）")
    }
    fn all_solved(&self, example: &str) -> String {
        format!("所有练习都已完成：请指定一个，例如 `learn check {example}`")
    }
    fn no_server_exercise(&self) -> &'static str {
        "本课程没有服务器练习：请指定一个练习，或使用 --cmd"
    }
    fn fix_compile_errors(&self) -> &'static str {
        "代码还不能编译：请先修正上面的错误。"
    }
    fn read(&self) -> &'static str {
        "阅读"
    }
    fn exercise(&self) -> &'static str {
        "练习"
    }
    fn quiz(&self) -> &'static str {
        "测验"
    }
    fn steps_done(&self, done: usize, total: usize) -> String {
        format!("已完成 {done}/{total} 步。")
    }
    fn cannot_read(&self) -> &'static str {
        "无法读取"
    }
    fn cannot_read_stdin(&self) -> &'static str {
        "无法读取标准输入"
    }
    fn parse_path(&self) -> &'static str {
        "解析路径"
    }
    fn problems(&self) -> &'static str {
        "问题"
    }
    fn serving(&self, url: &str) -> String {
        format!(
            "learn serve：在 {url} 以 Streamable HTTP 提供 MCP 2026-07-28（每个 POST 一条 JSON-RPC 消息）；按 Ctrl-C 停止。"
        )
    }
    fn not_a_server(&self, command: &str, example: &str) -> String {
        format!(
            "`learn {command}` 提供的是服务器；请指定一个服务器练习（例如 `{example}`），或使用 --cmd。"
        )
    }
    fn no_client_exercise(&self) -> &'static str {
        "没有哪一课为一致性测试套件指定客户端练习（lesson.toml 里的 `[client]`）：请指定一个练习，或使用 --cmd。"
    }
    fn not_a_client(&self, id: &str) -> String {
        format!(
            "`{id}` 不是客户端练习：`learn conformance --client` 评判的是客户端（`kind = \"mcp-client\"`）；评判服务器时请去掉 --client。"
        )
    }
    fn client_path_with_space(&self, word: &str) -> String {
        format!(
            "一致性测试套件按空格拆分客户端的命令行，而 `{word}` 里有空格：请把课程移到路径里没有空格的文件夹。"
        )
    }
    fn nothing_served(&self) -> &'static str {
        "没有启动服务。"
    }
    fn in_plain_words(&self) -> &'static str {
        "白话："
    }
    fn no_term_matches(&self, wanted: &str) -> String {
        format!("术语表里没有与 `{wanted}` 匹配的术语（`learn glossary` 会列出全部）")
    }
    fn no_glossary(&self) -> &'static str {
        "这门课程没有术语表"
    }
    fn all_done_watching(&self) -> &'static str {
        "所有步骤都完成了，没有需要监视的了！"
    }
    fn watching(&self, file: &str) -> String {
        format!("正在监视 {file} · 保存即重新检查 · Ctrl-C 退出")
    }
    fn hint_of(&self, number: usize, total: usize) -> String {
        format!("提示 {number}/{total}")
    }
    fn next_hint(&self, id: &str) -> String {
        format!("再运行一次 `learn hint {id}` 查看下一条提示。")
    }
    fn solved(&self, star: &str, id: &str) -> String {
        format!("{star} 练习 {id} 完成。")
    }
    fn progress_unchanged(&self) -> &'static str {
        "（检查参考答案或 --cmd 不会改变你的进度。）"
    }
    fn not_solved_yet(&self) -> &'static str {
        "你还没有完成这个练习；先试试 `learn hint`，或者直接查看："
    }
    fn running(&self) -> &'static str {
        "运行中。每行输入一条 JSON 消息；Ctrl-D 结束输入。"
    }
    fn nothing_to_reset(&self) -> &'static str {
        "无需重置：这个文件与课程发布时相同："
    }
    fn nothing_changed(&self) -> &'static str {
        "什么都没有改动。"
    }
    fn restored(&self) -> &'static str {
        "已恢复为课程发布时的样子："
    }
    fn backup_kept_in(&self) -> &'static str {
        "你原来的版本保存在"
    }
    fn replace_work_in(&self) -> &'static str {
        "要用课程原始版本替换你在下面文件中的内容吗："
    }
    fn backup_is_kept(&self) -> &'static str {
        "（会保留备份）"
    }
    fn all_steps_done(&self) -> &'static str {
        "所有步骤都完成了，干得好！"
    }
    fn step_of(&self, number: usize, total: usize, objective: &str) -> String {
        format!("第 {number} 步，共 {total} 步 · {objective}")
    }
    fn next_step(&self) -> &'static str {
        "下一步：`learn next`"
    }
    fn done_ahead(&self, ahead: usize, list: &str) -> String {
        format!("后面已有 {ahead} 步提前完成（`{list}` 可以看到）。")
    }
    fn cargo_run_tip(&self) -> &'static str {
        "你是用 `cargo run` 启动的：屏幕上写 `learn check` 的地方，请输入 `cargo run -- check`；\
         或者先运行一次 `cargo install --path .`，之后到处都可以直接用 `learn`。"
    }
    fn exercise_title(&self, number: u32, id: &str, title: &str) -> String {
        format!("练习 {number} · {id} · {title}")
    }
    fn edit_row(&self) -> &'static str {
        "编辑"
    }
    fn check_row(&self) -> &'static str {
        "检查"
    }
    fn check_on_save(&self) -> &'static str {
        "（或用 `learn watch` 每次保存自动检查）"
    }
    fn stuck_row(&self) -> &'static str {
        "卡住"
    }
    fn try_it_row(&self) -> &'static str {
        "试运行"
    }
    fn type_json_yourself(&self) -> &'static str {
        "（自己输入 JSON 消息）"
    }
    fn label_colon(&self) -> &'static str {
        "："
    }
    fn next_exercise(&self, id: &str, command: &str) -> String {
        format!("下一步：练习 {id} · 运行 `{command}` 查看")
    }
    fn next_first(&self, command: &str, readings: usize, quizzes: usize) -> String {
        let mut parts = Vec::new();
        if readings > 0 {
            parts.push(format!("{readings} 节阅读"));
        }
        if quizzes > 0 {
            parts.push(format!("{quizzes} 个小测验"));
        }
        format!("下一步：`{command}`（先完成 {}）", parts.join("和"))
    }
}
