//! The words for a forgery the checker could not make: the value an earlier
//! response held is not a token in the format the exercise fixes.

use crate::content::Lang;
use crate::content::forge::{Encoding, ForgeError};
use crate::render::style::clip_middle;
use crate::runner::transcript::Unforgeable;
use serde_json::Value;

/// Long enough to show both ends of a state and what kind of text it is.
const VALUE_CHARS: usize = 100;

/// One `Problem::Unforgeable`, in words.
pub(super) fn unforgeable_text(failure: &Unforgeable, lang: Lang) -> String {
    let Unforgeable {
        pointer,
        value,
        encoding,
        error,
        ..
    } = failure;
    let (step, from) = (failure.step + 1, failure.from + 1);
    if let ForgeError::BadRecipe(why) = error {
        return match lang {
            Lang::En => format!(
                "Step {step} forges a value with a recipe that is wrong ({why}): a mistake in the exercise, not in your program."
            ),
            Lang::Zh => format!(
                "第 {step} 步用来伪造数值的配方有误（{why}）：这是练习本身的错误，不是你的程序的错误。"
            ),
        };
    }
    let got = match value {
        Value::String(text) => clip_middle(text, VALUE_CHARS),
        other => clip_middle(&other.to_string(), VALUE_CHARS),
    };
    // Only a wrong recipe has no encoding.
    let code = encoding_words(encoding.unwrap_or(Encoding::Hex), lang);
    match lang {
        Lang::En => format!(
            "Step {step} was to send a state forged from your program's own (at `{pointer}` of step {from}'s response), as an attacker who knows its format would. This exercise fixes that format: `<payload>.<tag>`, the payload a JSON object written in {code}, the tag in {code} too. Your program's state is not in it: {}.\nGot: {got}\nSo the scenario stopped there.",
            why_en(error, code)
        ),
        Lang::Zh => format!(
            "第 {step} 步本要发送一个由你程序自己的状态（第 {from} 步响应中 `{pointer}` 处）伪造出来的状态，就像知道其格式的攻击者会做的那样。本练习规定了这个格式：`<载荷>.<标签>`，载荷是用{code}写出的 JSON 对象，标签也用{code}。你程序的状态不符合：{}。\n收到的是：{got}\n场景只能在此停止。",
            why_zh(error, code)
        ),
    }
}

fn encoding_words(encoding: Encoding, lang: Lang) -> &'static str {
    match (encoding, lang) {
        (Encoding::Hex, Lang::En) => "hex",
        (Encoding::Hex, Lang::Zh) => "十六进制",
        (Encoding::Base64Url, _) => "base64url",
    }
}

fn why_en(error: &ForgeError, code: &str) -> String {
    match error {
        ForgeError::NotAString => "it is not a string".into(),
        ForgeError::NotPayloadDotTag => "it is not two parts joined by one `.`".into(),
        ForgeError::PayloadNotEncoded => format!("the part before the `.` is not {code}"),
        ForgeError::TagNotEncoded => format!("the part after the `.` is not {code}"),
        ForgeError::PayloadNotObject => {
            format!("the part before the `.` is {code}, but not of a JSON object")
        }
        ForgeError::BadRecipe(why) => why.clone(),
    }
}

fn why_zh(error: &ForgeError, code: &str) -> String {
    match error {
        ForgeError::NotAString => "它不是字符串".into(),
        ForgeError::NotPayloadDotTag => "它不是由一个 `.` 连接的两部分".into(),
        ForgeError::PayloadNotEncoded => format!("`.` 前面的部分不是{code}"),
        ForgeError::TagNotEncoded => format!("`.` 后面的部分不是{code}"),
        ForgeError::PayloadNotObject => {
            format!("`.` 前面的部分是{code}，但解出来不是 JSON 对象")
        }
        ForgeError::BadRecipe(why) => why.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unsigned_state_is_shown_and_the_format_named() {
        let state = json!(format!("eyJ{}fQ", "a".repeat(300)));
        let failure = Unforgeable {
            step: 2,
            from: 0,
            pointer: "/result/requestState".into(),
            value: state,
            encoding: Some(Encoding::Hex),
            error: ForgeError::NotPayloadDotTag,
        };
        let text = |lang| unforgeable_text(&failure, lang);
        let en = text(Lang::En);
        assert!(en.starts_with("Step 3 was to send a state forged from your program's own (at `/result/requestState` of step 1's response)"), "{en}");
        assert!(
            en.contains("the payload a JSON object written in hex, the tag in hex too"),
            "{en}"
        );
        assert!(en.contains("not two parts joined by one `.`"), "{en}");
        assert!(
            en.contains("Got: eyJaaa") && en.contains("aafQ") && en.len() < 600,
            "{en}"
        );
        let zh = text(Lang::Zh);
        assert!(
            zh.contains("第 3 步") && zh.contains("用十六进制写出的 JSON 对象"),
            "{zh}"
        );
        let bad_recipe = Unforgeable {
            encoding: None,
            error: ForgeError::BadRecipe("`tag` is wrong".into()),
            ..failure.clone()
        };
        let recipe = unforgeable_text(&bad_recipe, Lang::En);
        assert!(
            recipe.contains("a mistake in the exercise") && recipe.contains("`tag` is wrong"),
            "{recipe}"
        );
    }
}
