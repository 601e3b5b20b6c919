//! The words for a forgery the checker could not make: the value an earlier
//! response held is not a token in the format the exercise fixes.

use crate::content::Lang;
use crate::content::forge::{Encoding, ForgeError};
use crate::render::style::clip_middle;
use crate::runner::transcript::Unforgeable;
use crate::words;
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
    let w = words::of(lang);
    if let ForgeError::BadRecipe(why) = error {
        return w.bad_recipe(step, why);
    }
    let got = match value {
        Value::String(text) => clip_middle(text, VALUE_CHARS),
        other => clip_middle(&other.to_string(), VALUE_CHARS),
    };
    // Only a wrong recipe has no encoding.
    let code = match encoding.unwrap_or(Encoding::Hex) {
        Encoding::Hex => w.hex(),
        Encoding::Base64Url => "base64url",
    };
    let why = match error {
        ForgeError::NotAString => w.forge_not_a_string().into(),
        ForgeError::NotPayloadDotTag => w.forge_not_two_parts().into(),
        ForgeError::PayloadNotEncoded => w.forge_payload_not_encoded(code),
        ForgeError::TagNotEncoded => w.forge_tag_not_encoded(code),
        ForgeError::PayloadNotObject => w.forge_payload_not_object(code),
        ForgeError::BadRecipe(why) => why.clone(),
    };
    w.unforgeable(step, from, pointer, code, &why, &got)
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
