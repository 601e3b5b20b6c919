//! The words of `learn explain`: what each parse step found and what breaks
//! which rule (`render/explain.rs` picks the entry, values come in shown).

pub trait Explain {
    /// The four layers a message is read in.
    fn common_types(&self) -> &'static str;
    fn json_rpc_envelopes(&self) -> &'static str;
    fn method_types(&self) -> &'static str;
    fn result_content(&self) -> &'static str;
    /// The kinds of message.
    fn request(&self) -> &'static str;
    fn notification(&self) -> &'static str;
    fn result_response(&self) -> &'static str;
    fn error_response(&self) -> &'static str;
    fn invalid_message(&self) -> &'static str;
    /// What each `_meta` key verdict means.
    fn reserved(&self) -> &'static str;
    fn trace_context(&self) -> &'static str;
    fn custom(&self) -> &'static str;
    fn unprefixed(&self) -> &'static str;
    fn invalid_key(&self) -> &'static str;
    /// A key verdict's wire word with its meaning.
    fn verdict(&self, name: &str, meaning: &str) -> String;
    /// A message that looks like `kind` (in these words) but has no valid shape.
    fn broken(&self, kind: &str) -> String;
    fn no_shape_found(&self) -> &'static str;
    fn no_error_code(&self) -> &'static str;
    fn method_selects(&self, method: &str) -> String;
    fn unknown_request(&self, method: &str) -> String;
    fn unknown_notification(&self, method: &str) -> String;
    fn notification_method_with_id(&self, method: &str, other: &str) -> String;
    fn request_method_without_id(&self, method: &str, other: &str) -> String;
    fn input_request_method(&self, method: &str, other: &str) -> String;
    fn answers_known(&self, method: &str) -> String;
    fn answers_unknown(&self, method: &str) -> String;
    fn answers_not_given(&self) -> &'static str;
    fn request_meta_complete(&self, keys: usize) -> String;
    fn request_meta_lacks(&self, keys: usize, missing: &[&str]) -> String;
    fn meta_keys(&self, keys: usize) -> String;
    fn meta_not_object(&self) -> &'static str;
    fn client_answers_input(&self) -> &'static str;
    /// The shape found, with the id shown.
    fn shape_request(&self, id: &str) -> String;
    fn shape_notification(&self) -> &'static str;
    fn shape_result(&self, id: &str) -> String;
    fn shape_error(&self, id: &str) -> String;
    fn shape_error_without_id(&self) -> &'static str;
    /// A standard error code with what it means.
    fn error_code(&self, code: i64, meaning: &str) -> String;
    fn error_code_unnamed(&self, code: i64) -> String;
    /// What each standard error code means.
    fn parse_error(&self) -> &'static str;
    fn invalid_request(&self) -> &'static str;
    fn method_not_found(&self) -> &'static str;
    fn invalid_params(&self) -> &'static str;
    fn internal_error(&self) -> &'static str;
    fn header_mismatch(&self) -> &'static str;
    fn missing_capability(&self) -> &'static str;
    fn unsupported_version(&self) -> &'static str;
    /// A result's resultType.
    fn no_result_type(&self) -> &'static str;
    fn result_complete(&self) -> &'static str;
    fn result_input_required(&self) -> &'static str;
    fn result_type_other(&self, found: &str) -> String;
    /// A content block whose type schema.ts does not name.
    fn unknown_type(&self) -> &'static str;
    /// Between the items of a list.
    fn list_separator(&self) -> &'static str;
    /// What is wrong, and the rule (values shown).
    fn text_not_json(&self, reason: &str) -> String;
    fn message_not_object(&self) -> &'static str;
    fn jsonrpc_missing(&self) -> &'static str;
    fn jsonrpc_wrong(&self, found: &str) -> String;
    fn method_not_string(&self, found: &str) -> String;
    fn method_with_answer(&self) -> &'static str;
    fn request_id_unusable(&self, found: &str) -> String;
    fn result_without_id(&self) -> &'static str;
    fn result_id_unusable(&self, found: &str) -> String;
    fn error_id_unusable(&self, found: &str) -> String;
    fn both_result_and_error(&self) -> &'static str;
    fn no_shape(&self) -> &'static str;
    fn params_not_object(&self, found: &str) -> String;
    fn result_not_object(&self, found: &str) -> String;
    fn error_not_object(&self, found: &str) -> String;
    /// A member that is missing (None) or not of its type (shown).
    fn error_code_not_integer(&self, found: Option<&str>) -> String;
    fn error_message_not_string(&self, found: Option<&str>) -> String;
}
