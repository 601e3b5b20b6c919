//! Layer 4: what a result carries (tools, resources, content blocks, input
//! requests), named by schema.ts type.

use super::schema_types::input_request_type;
use serde_json::{Map, Value};

/// Items of one type found under one member of a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentGroup {
    /// The result member they were found in, e.g. `content`.
    pub member: &'static str,
    /// Their schema.ts type; `None` when the item is not one schema.ts names.
    pub type_name: Option<&'static str>,
    pub count: usize,
}

/// The content of a result, member by member, in a fixed order.
pub fn groups(result: &Map<String, Value>) -> Vec<ContentGroup> {
    let mut out = Vec::new();
    list(result, "content", content_block, &mut out);
    list(result, "tools", |_| Some("Tool"), &mut out);
    list(result, "resources", |_| Some("Resource"), &mut out);
    list(
        result,
        "resourceTemplates",
        |_| Some("ResourceTemplate"),
        &mut out,
    );
    list(result, "prompts", |_| Some("Prompt"), &mut out);
    list(result, "messages", |_| Some("PromptMessage"), &mut out);
    list(result, "contents", resource_contents, &mut out);
    if let Some(Value::Object(requests)) = result.get("inputRequests") {
        for request in requests.values() {
            let method = request.get("method").and_then(Value::as_str);
            add(
                &mut out,
                "inputRequests",
                method.and_then(input_request_type),
            );
        }
    }
    out
}

/// Each element of an array member, typed by `name_of`.
fn list(
    result: &Map<String, Value>,
    member: &'static str,
    name_of: impl Fn(&Value) -> Option<&'static str>,
    out: &mut Vec<ContentGroup>,
) {
    if let Some(Value::Array(items)) = result.get(member) {
        for item in items {
            add(out, member, name_of(item));
        }
    }
}

fn add(out: &mut Vec<ContentGroup>, member: &'static str, type_name: Option<&'static str>) {
    match out
        .iter_mut()
        .find(|g| g.member == member && g.type_name == type_name)
    {
        Some(group) => group.count += 1,
        None => out.push(ContentGroup {
            member,
            type_name,
            count: 1,
        }),
    }
}

/// A content block is named by its `type` member.
fn content_block(block: &Value) -> Option<&'static str> {
    match block.get("type")?.as_str()? {
        "text" => Some("TextContent"),
        "image" => Some("ImageContent"),
        "audio" => Some("AudioContent"),
        "resource_link" => Some("ResourceLink"),
        "resource" => Some("EmbeddedResource"),
        _ => None,
    }
}

/// Resource contents are text or a base64 blob.
fn resource_contents(item: &Value) -> Option<&'static str> {
    if item.get("text").is_some() {
        Some("TextResourceContents")
    } else if item.get("blob").is_some() {
        Some("BlobResourceContents")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn of(value: Value) -> Vec<(&'static str, Option<&'static str>, usize)> {
        let Value::Object(result) = value else {
            panic!("an object")
        };
        groups(&result)
            .into_iter()
            .map(|g| (g.member, g.type_name, g.count))
            .collect()
    }

    #[test]
    fn content_blocks_are_counted_by_type() {
        assert_eq!(
            of(
                json!({"content": [{"type": "text", "text": "a"}, {"type": "image"}, {"type": "text"}, {"type": "x"}]})
            ),
            vec![
                ("content", Some("TextContent"), 2),
                ("content", Some("ImageContent"), 1),
                ("content", None, 1)
            ]
        );
    }

    #[test]
    fn lists_and_input_requests() {
        assert_eq!(
            of(
                json!({"tools": [{}, {}], "inputRequests": {"a": {"method": "elicitation/create"}, "b": {"method": "nope"}}})
            ),
            vec![
                ("tools", Some("Tool"), 2),
                ("inputRequests", Some("ElicitRequest"), 1),
                ("inputRequests", None, 1)
            ]
        );
        assert_eq!(
            of(json!({"contents": [{"uri": "u", "blob": "AA=="}]})),
            vec![("contents", Some("BlobResourceContents"), 1)]
        );
        assert!(of(json!({"content": "not a list"})).is_empty());
    }
}
