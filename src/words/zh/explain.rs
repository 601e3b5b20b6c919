//! `learn explain` 的中文措辞。

use crate::words::{Explain, Zh};

impl Explain for Zh {
    fn common_types(&self) -> &'static str {
        "通用类型"
    }
    fn json_rpc_envelopes(&self) -> &'static str {
        "JSON-RPC 信封"
    }
    fn method_types(&self) -> &'static str {
        "方法类型"
    }
    fn result_content(&self) -> &'static str {
        "结果内容"
    }
    fn request(&self) -> &'static str {
        "请求"
    }
    fn notification(&self) -> &'static str {
        "通知"
    }
    fn result_response(&self) -> &'static str {
        "结果响应"
    }
    fn error_response(&self) -> &'static str {
        "错误响应"
    }
    fn invalid_message(&self) -> &'static str {
        "无效消息"
    }
    fn reserved(&self) -> &'static str {
        "只有规范能定义"
    }
    fn trace_context(&self) -> &'static str {
        "W3C 链路追踪；绝非凭据"
    }
    fn custom(&self) -> &'static str {
        "某一方在自己前缀下的键"
    }
    fn unprefixed(&self) -> &'static str {
        "没有命名空间；可能撞名"
    }
    fn invalid_key(&self) -> &'static str {
        "不符合键名语法"
    }
    fn verdict(&self, name: &str, meaning: &str) -> String {
        format!("{name}（{meaning}）")
    }
    fn broken(&self, kind: &str) -> String {
        format!("看起来像一条{kind}，但不合规：不属于四种形状中的任何一种（见下方问题）")
    }
    fn no_shape_found(&self) -> &'static str {
        "不属于四种形状中的任何一种（见下方问题）"
    }
    fn no_error_code(&self) -> &'static str {
        "没有错误码"
    }
    fn method_selects(&self, method: &str) -> String {
        format!("方法 \"{method}\" 选中了这个类型")
    }
    fn unknown_request(&self, method: &str) -> String {
        format!("schema.ts 没有定义名为 \"{method}\" 的请求：服务器会回 -32601（方法不存在）")
    }
    fn unknown_notification(&self, method: &str) -> String {
        format!("schema.ts 没有定义名为 \"{method}\" 的通知：接收方默默忽略它")
    }
    fn notification_method_with_id(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" 是通知 {other} 的方法；可这条消息有 id，所以它是请求，而没有哪种请求用这个方法"
        )
    }
    fn request_method_without_id(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" 是请求 {other} 的方法；可没有 id，这就是一条通知：没人等待，也不会有回应"
        )
    }
    fn input_request_method(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" 是 {other}，一种 MRTR 输入请求：它装在 InputRequiredResult 里传递，从不单独作为 JSON-RPC 请求发送"
        )
    }
    fn answers_known(&self, method: &str) -> String {
        format!("它回答的是一条 \"{method}\" 请求：所以是那种请求的结果类型")
    }
    fn answers_unknown(&self, method: &str) -> String {
        format!("它回答的是一条 \"{method}\" 请求，schema.ts 没有定义这种请求：没有对应的结果类型")
    }
    fn answers_not_given(&self) -> &'static str {
        "响应里没有方法：它的结果类型只能从它的 id 所回答的请求得知（用 --answers <方法> 告诉我）"
    }
    fn request_meta_complete(&self, keys: usize) -> String {
        format!("params._meta 有 {keys} 个键，两个必填键都在")
    }
    fn request_meta_lacks(&self, keys: usize, missing: &[&str]) -> String {
        format!(
            "params._meta 有 {keys} 个键，但缺少 {}：服务器会回 -32602",
            missing.join("、")
        )
    }
    fn meta_keys(&self, keys: usize) -> String {
        format!("_meta 有 {keys} 个键")
    }
    fn meta_not_object(&self) -> &'static str {
        "_meta 不是对象"
    }
    fn client_answers_input(&self) -> &'static str {
        "客户端回答这些输入请求，然后重新发送原请求"
    }
    fn shape_request(&self, id: &str) -> String {
        format!("有 id（{id}）也有方法：这是请求；发送方等待恰好一条响应")
    }
    fn shape_notification(&self) -> &'static str {
        "有方法、没有 id 成员：这是通知；它永远不会被回应"
    }
    fn shape_result(&self, id: &str) -> String {
        format!("有 id（{id}）和 result：这是对请求 {id} 的结果响应")
    }
    fn shape_error(&self, id: &str) -> String {
        format!("有 id（{id}）和 error：这是对请求 {id} 的错误响应")
    }
    fn shape_error_without_id(&self) -> &'static str {
        "error 的 id 为 null 或缺省：请求的 id 没能读出来"
    }
    fn error_code(&self, code: i64, meaning: &str) -> String {
        format!("错误码 {code}：{meaning}")
    }
    fn error_code_unnamed(&self, code: i64) -> String {
        format!("错误码 {code}：schema.ts 没有为它命名类型")
    }
    fn parse_error(&self) -> &'static str {
        "文本不是 JSON"
    }
    fn invalid_request(&self) -> &'static str {
        "不是有效的请求"
    }
    fn method_not_found(&self) -> &'static str {
        "方法未知或已移除"
    }
    fn invalid_params(&self) -> &'static str {
        "参数错误或缺失、工具未知"
    }
    fn internal_error(&self) -> &'static str {
        "服务器内部出错"
    }
    fn header_mismatch(&self) -> &'static str {
        "HTTP 头和消息体不一致"
    }
    fn missing_capability(&self) -> &'static str {
        "请求缺少它需要的能力"
    }
    fn unsupported_version(&self) -> &'static str {
        "不支持的协议版本"
    }
    fn no_result_type(&self) -> &'static str {
        "没有 resultType：来自旧版服务器；客户端按 \"complete\" 处理"
    }
    fn result_complete(&self) -> &'static str {
        "resultType 为 \"complete\"：请求已完成"
    }
    fn result_input_required(&self) -> &'static str {
        "resultType 为 \"input_required\"：不管回答的是哪种请求，它都是 InputRequiredResult"
    }
    fn result_type_other(&self, found: &str) -> String {
        format!("resultType 为 {found}：只有客户端声明过对应扩展时才有效，否则客户端视之为无效")
    }
    fn unknown_type(&self) -> &'static str {
        "（未知）"
    }
    fn list_separator(&self) -> &'static str {
        "，"
    }
    fn text_not_json(&self, reason: &str) -> String {
        format!("文本不是 JSON（{reason}）；服务器会回 -32700，不带 id（或用 null）")
    }
    fn message_not_object(&self) -> &'static str {
        "JSON-RPC 消息必须是 JSON 对象"
    }
    fn jsonrpc_missing(&self) -> &'static str {
        "没有 \"jsonrpc\" 成员：每条消息都带 \"jsonrpc\": \"2.0\"（F1）"
    }
    fn jsonrpc_wrong(&self, found: &str) -> String {
        format!("\"jsonrpc\" 是 {found}，不是字符串 \"2.0\"（F1）")
    }
    fn method_not_string(&self, found: &str) -> String {
        format!("\"method\" 是 {found}，不是字符串")
    }
    fn method_with_answer(&self) -> &'static str {
        "它有方法，又有 result 或 error：一条消息要么是调用，要么是回答，不能两者都是"
    }
    fn request_id_unusable(&self, found: &str) -> String {
        format!("id {found} 不是字符串或整数；请求 id 绝不能是 null、小数、布尔值或对象（F6）")
    }
    fn result_without_id(&self) -> &'static str {
        "结果没有 id：结果总是照抄它所回答的请求的 id（F3）"
    }
    fn result_id_unusable(&self, found: &str) -> String {
        format!(
            "结果的 id {found} 不是字符串或整数：它照抄的是请求 id，而请求 id 只能是这两种（F3、F7）"
        )
    }
    fn error_id_unusable(&self, found: &str) -> String {
        format!("错误的 id {found} 不是字符串、整数或 null（F3）")
    }
    fn both_result_and_error(&self) -> &'static str {
        "同时有 \"result\" 和 \"error\"：响应只能有其中一个（F3）"
    }
    fn no_shape(&self) -> &'static str {
        "没有 \"method\"、\"result\" 或 \"error\"：既不是请求、通知，也不是响应"
    }
    fn params_not_object(&self, found: &str) -> String {
        format!("\"params\" 是 {found}；MCP 的 params 必须是对象")
    }
    fn result_not_object(&self, found: &str) -> String {
        format!("\"result\" 是 {found}；MCP 的结果必须是对象（带 resultType）")
    }
    fn error_not_object(&self, found: &str) -> String {
        format!("\"error\" 是 {found}；它必须是带 code 和 message 的对象（F3）")
    }
    fn error_code_not_integer(&self, found: Option<&str>) -> String {
        format!(
            "error.code {}；它必须是整数（F3）",
            found.map_or("缺失".into(), |v| format!("是 {v}"))
        )
    }
    fn error_message_not_string(&self, found: Option<&str>) -> String {
        format!(
            "error.message {}；它必须是字符串（F3）",
            found.map_or("缺失".into(), |v| format!("是 {v}"))
        )
    }
}
