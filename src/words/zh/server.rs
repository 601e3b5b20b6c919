//! `learn interop` 与 `learn conformance` 的中文措辞。

use crate::words::{Server, Zh};

impl Server for Zh {
    fn no_sdk_steps(&self) -> &'static str {
        "本课程没有供 `learn interop` 使用的 SDK 步骤（课程的 interop.toml）"
    }
    fn no_sdk_steps_name_one(&self) -> &'static str {
        "本课程没有供 `learn interop` 使用的 SDK 步骤（课程的 interop.toml）：请指定一个练习，或使用 --cmd"
    }
    fn interop_needs_server(&self, example: &str) -> String {
        format!("`learn interop` 驱动的是服务器；请指定一个服务器练习，例如 `{example}`。")
    }
    fn sdk_drives(&self, sdk: &str, shown: &str) -> String {
        format!("官方 MCP Python SDK（mcp {sdk}）通过 stdio 驱动 {shown}：")
    }
    fn steps_passed(&self, passed: usize, total: usize) -> String {
        format!("{total} 个步骤中通过了 {passed} 个。")
    }
    fn no_python(&self, python: &str, why: &str, steps: &str) -> String {
        format!(
            "`learn interop` 需要 Python 3.10 或更新版本，但无法启动 `{python}`（{why}）。\n\
             请先安装 Python（Debian 或 Ubuntu：`sudo apt-get install python3 python3-venv`；\
             其他系统请到 python.org 下载），再安装官方 MCP SDK：\n{steps}\n\
             `learn interop` 会自动找到这个环境（也可以用 `--python PATH` 指定）。"
        )
    }
    fn no_sdk(&self, python: &str, why: &str, steps: &str) -> String {
        format!(
            "无法通过 `{python}` 使用官方 MCP Python SDK（mcp 2.x）（{why}）。\n\
             请把它装进课程自己的虚拟环境（需要 Python 3.10 或更新版本）：\n{steps}\n\
             `learn interop` 会自动找到这个环境（也可以用 `--python PATH` 指定）。\
             在 Debian 或 Ubuntu 上，`python3 -m venv` 需要先 `sudo apt-get install python3-venv`。"
        )
    }
    fn not_tried(&self) -> &'static str {
        "未执行：没有连接"
    }
    fn sdk_saw(&self) -> &'static str {
        "SDK 看到："
    }
    fn needed(&self) -> &'static str {
        "需要："
    }
    fn driver_stopped(&self) -> &'static str {
        "SDK 驱动脚本在第一步之前就停止了；它的信息见上方"
    }
    fn connect_discover(&self) -> &'static str {
        "连接：SDK 先发 server/discover 探测，并选定 2026-07-28"
    }
    fn connect_pinned(&self) -> &'static str {
        "连接：SDK 直接采用该版本，不探测"
    }
    fn connect_needed(&self) -> &'static str {
        "`server/discover` 必须成功返回，且 supportedVersions 含 \"2026-07-28\"；出错或结果不合格时，SDK 会退回旧的 `initialize` 握手。"
    }
    fn mode_auto(&self) -> &'static str {
        "mode=\"auto\"（先 discover，不行再退回 initialize）"
    }
    fn mode_pinned(&self, version: &str) -> String {
        format!("mode=\"{version}\"（固定版本）")
    }
    fn suite_installed(&self, node: &str, suite: &str, home: &str, example: &str) -> String {
        format!(
            "Node {node} 与 @modelcontextprotocol/conformance {suite} 已装在 {home}。下一步：learn conformance {example}"
        )
    }
    fn suite_no_results(&self) -> &'static str {
        "一致性测试套件运行了，但没有留下结果"
    }
    fn suite_missing(&self, what: &str, why: &str, steps: &str) -> String {
        format!(
            "`learn conformance` 需要本课程固定版本的 {what}，但{why}。\n\
             请把它们装进课程的 target/ 目录（只需要 Python 3；约 280 MB，来自 PyPI 和 npm）：\n{steps}\n\
             `learn conformance` 会自动在那里找到它们（也可以用 `--node PATH` 指定你自己的 Node 22+）。"
        )
    }
    fn suite_judges(&self, suite: &str, shown: &str) -> String {
        format!(
            "官方 MCP 一致性测试套件（@modelcontextprotocol/conformance {suite}）通过 Streamable HTTP 评判 {shown}："
        )
    }
    fn baseline_fails(&self, count: usize) -> String {
        format!("{count} 项检查按基线预期失败")
    }
    fn expected_baseline(&self) -> &'static str {
        "预期失败（基线）："
    }
    fn suite_saw(&self) -> &'static str {
        "测试套件看到："
    }
    fn stale_entry(&self, entry: &str) -> String {
        format!("基线条目 {entry} 已不再失败：请把它从基线中删除")
    }
    fn beyond_exercise(&self, entry: &str) -> String {
        format!("{entry} 通过了，尽管练习并不要求它（练习的基线允许它失败）")
    }
    fn suite_summary_stale(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String {
        format!(
            "{ok} 项检查通过，{expected} 项按基线预期失败，{unexpected} 项意外失败，{stale} 个基线条目已过时。"
        )
    }
    fn suite_summary_beyond(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String {
        format!(
            "{ok} 项检查通过，{expected} 项按基线预期失败，{unexpected} 项意外失败，{stale} 个基线条目超出练习要求而通过。"
        )
    }
}
