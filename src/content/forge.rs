//! Forged tokens: how a scenario plays an attacker who knows the format of
//! a server's `requestState` (because the exercise fixes it), so that a
//! forgery reads well and only verification can refuse it.
//!
//! `"${state:forged=recipe}"` in a `send` is the captured `state` taken
//! apart, changed and put together again as the var `recipe` says. The
//! token must be `<payload>.<tag>` (one dot): the payload a JSON object,
//! and both parts in the recipe's encoding. A recipe is a JSON object:
//!
//! - `"payload"`: `"hex"` (read in either case, written in lowercase) or
//!   `"base64url"` (with or without `=` padding, written back the same way);
//! - `"set"` (optional): members put into the payload object, each replacing
//!   the member of its name where it stands, or added at the end;
//! - `"tag"`: `"kept"` (the captured tag, as it was), `"sha256"` (a plain
//!   SHA-256 of the new payload text: a checksum anyone can compute), or
//!   `{"hmac-sha256": "<key>"}` (HMAC-SHA256 of the new payload text under
//!   the UTF-8 bytes of that key), written in the payload's encoding.
//!
//! The payload is always written again (compact JSON, members in their
//! order), so a forgery with nothing `set` is the server's own state in
//! another spelling: a server verifies the text it is sent.

use base64::alphabet;
use base64::engine::{DecodePaddingMode, Engine, GeneralPurpose, GeneralPurposeConfig};
use hmac::{Hmac, Mac};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// How both parts of a token are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Hex,
    Base64Url,
}

/// The tag a forged token carries.
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    /// The captured token's tag, unchanged.
    Kept,
    /// SHA-256 of the payload text, with no key.
    Sha256,
    /// HMAC-SHA256 of the payload text under this key.
    HmacSha256(Vec<u8>),
}

/// What a `forged=` var says to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Recipe {
    pub encoding: Encoding,
    pub set: Map<String, Value>,
    pub tag: Tag,
}

/// Why a captured value could not be forged.
#[derive(Clone, Debug, PartialEq)]
pub enum ForgeError {
    /// The captured value is not a string.
    NotAString,
    /// It has no `.`, or more than one.
    NotPayloadDotTag,
    /// The part before the dot is not in the encoding.
    PayloadNotEncoded,
    /// The part after the dot is not in the encoding.
    TagNotEncoded,
    /// The payload decodes, but not to a JSON object.
    PayloadNotObject,
    /// The recipe itself is wrong (a mistake in the exercise's data).
    BadRecipe(String),
}

impl Recipe {
    /// Reads a recipe var's value; the error says what is wrong, for authors.
    pub fn parse(doc: &Value) -> Result<Recipe, String> {
        let Some(members) = doc.as_object() else {
            return Err("a recipe is a JSON object with `payload`, `tag` and maybe `set`".into());
        };
        if let Some(other) = members
            .keys()
            .find(|k| !["payload", "set", "tag"].contains(&k.as_str()))
        {
            return Err(format!(
                "unknown member `{other}` (a recipe has `payload`, `set` and `tag`)"
            ));
        }
        let encoding = match members.get("payload").and_then(Value::as_str) {
            Some("hex") => Encoding::Hex,
            Some("base64url") => Encoding::Base64Url,
            _ => return Err("`payload` is \"hex\" or \"base64url\"".into()),
        };
        let set = match members.get("set") {
            None => Map::new(),
            Some(Value::Object(set)) => set.clone(),
            Some(_) => return Err("`set` is an object of payload members".into()),
        };
        let tag = match members.get("tag") {
            Some(Value::String(kind)) if kind == "kept" => Tag::Kept,
            Some(Value::String(kind)) if kind == "sha256" => Tag::Sha256,
            Some(Value::Object(hmac)) if hmac.len() == 1 => match hmac.get("hmac-sha256") {
                Some(Value::String(key)) => Tag::HmacSha256(key.as_bytes().to_vec()),
                _ => return Err("`tag` {\"hmac-sha256\": ...} needs the key as a string".into()),
            },
            _ => {
                return Err("`tag` is \"kept\", \"sha256\" or {\"hmac-sha256\": \"<key>\"}".into());
            }
        };
        Ok(Recipe { encoding, set, tag })
    }
}

/// The token `captured` forged as `recipe` says.
pub fn forge(captured: &Value, recipe: &Recipe) -> Result<String, ForgeError> {
    let text = captured.as_str().ok_or(ForgeError::NotAString)?;
    let mut parts = text.split('.');
    let (Some(payload), Some(tag), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(ForgeError::NotPayloadDotTag);
    };
    let codec = Codec::of(recipe.encoding, payload);
    let bytes = codec.decode(payload).ok_or(ForgeError::PayloadNotEncoded)?;
    codec.decode(tag).ok_or(ForgeError::TagNotEncoded)?;
    let Ok(Value::Object(mut fields)) = serde_json::from_slice::<Value>(&bytes) else {
        return Err(ForgeError::PayloadNotObject);
    };
    for (name, value) in &recipe.set {
        fields.insert(name.clone(), value.clone());
    }
    let payload = codec.encode(Value::Object(fields).to_string().as_bytes());
    let tag = match &recipe.tag {
        Tag::Kept => tag.to_string(),
        Tag::Sha256 => codec.encode(&Sha256::digest(payload.as_bytes())),
        Tag::HmacSha256(key) => codec.encode(&hmac_sha256(key, payload.as_bytes())),
    };
    Ok(format!("{payload}.{tag}"))
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key`.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    // HMAC takes a key of any length (a long one is hashed first), so this
    // cannot fail.
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// An encoding as one token writes it (base64url: padded or not).
#[derive(Clone, Copy)]
enum Codec {
    Hex,
    Base64Url { padded: bool },
}

/// base64url (RFC 4648, section 5) with canonical decoding: a token whose
/// last character has bits set beyond its bytes is not one the server wrote.
fn base64url(padded: bool) -> GeneralPurpose {
    let config = GeneralPurposeConfig::new()
        .with_encode_padding(padded)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent);
    GeneralPurpose::new(&alphabet::URL_SAFE, config)
}

impl Codec {
    fn of(encoding: Encoding, sample: &str) -> Codec {
        match encoding {
            Encoding::Hex => Codec::Hex,
            Encoding::Base64Url => Codec::Base64Url {
                padded: sample.ends_with('='),
            },
        }
    }

    fn encode(self, bytes: &[u8]) -> String {
        match self {
            Codec::Hex => bytes.iter().map(|b| format!("{b:02x}")).collect(),
            Codec::Base64Url { padded } => base64url(padded).encode(bytes),
        }
    }

    /// The bytes `text` stands for; `None` when it is not in this encoding
    /// (or is empty).
    fn decode(self, text: &str) -> Option<Vec<u8>> {
        if text.is_empty() {
            return None;
        }
        match self {
            Codec::Hex => {
                if !text.len().is_multiple_of(2) || !text.bytes().all(|c| c.is_ascii_hexdigit()) {
                    return None;
                }
                (0..text.len())
                    .step_by(2)
                    .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
                    .collect()
            }
            Codec::Base64Url { padded } => base64url(padded).decode(text).ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn recipe(doc: Value) -> Recipe {
        Recipe::parse(&doc).unwrap()
    }

    fn hex(bytes: &[u8]) -> String {
        Codec::Hex.encode(bytes)
    }

    /// A state as exercise 15's reference writes it, signed with `key`.
    fn state(payload: &Value, key: &[u8]) -> String {
        let payload = hex(payload.to_string().as_bytes());
        let tag = hex(&hmac_sha256(key, payload.as_bytes()));
        format!("{payload}.{tag}")
    }

    fn payload_of(token: &str) -> Value {
        let (payload, _) = token.split_once('.').unwrap();
        serde_json::from_slice(&Codec::Hex.decode(payload).unwrap()).unwrap()
    }

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test case 2, and test case 6 (a key longer than one block).
        assert_eq!(
            hex(&hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            hex(&hmac_sha256(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            )),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn a_field_changed_keeps_the_old_tag_or_gets_a_new_one() {
        let issued = state(&json!({"tool": "delete_note", "title": "groceries"}), b"k");
        let old_tag = issued.split_once('.').unwrap().1;
        let moved = json!({"payload": "hex", "set": {"title": "taxes"}, "tag": "kept"});
        let forged = forge(&json!(issued), &recipe(moved)).unwrap();
        assert_eq!(
            payload_of(&forged),
            json!({"tool": "delete_note", "title": "taxes"})
        );
        assert_eq!(forged.split_once('.').unwrap().1, old_tag);
        // Members keep their order; a new one goes last.
        let expired = json!({"payload": "hex", "set": {"expires": 1}, "tag": {"hmac-sha256": "k"}});
        let forged = forge(&json!(issued), &recipe(expired)).unwrap();
        let expected = json!({"tool": "delete_note", "title": "groceries", "expires": 1});
        assert_eq!(forged, state(&expected, b"k"));
        assert!(forged.starts_with(&hex(br#"{"tool":"delete_note","title":"groceries","#)));
    }

    #[test]
    fn sha256_and_another_key_tag_the_new_payload_text() {
        let issued = state(&json!({"round": 0}), b"k");
        let plain = forge(
            &json!(issued),
            &recipe(json!({"payload": "hex", "tag": "sha256"})),
        );
        let (payload, tag) = issued.split_once('.').unwrap();
        assert_eq!(
            plain,
            Ok(format!("{payload}.{}", hex(&Sha256::digest(payload))))
        );
        let other = json!({"payload": "hex", "tag": {"hmac-sha256": "other"}});
        let forged = forge(&json!(issued), &recipe(other)).unwrap();
        assert_eq!(forged, state(&json!({"round": 0}), b"other"));
        assert_ne!(forged.split_once('.').unwrap().1, tag);
    }

    #[test]
    fn the_payload_is_written_again_in_compact_json() {
        let spaced = hex(b"{ \"title\" : \"a\",\n \"tool\": \"x\" }");
        let issued = format!("{spaced}.{}", hex(&hmac_sha256(b"k", spaced.as_bytes())));
        let again = json!({"payload": "hex", "tag": {"hmac-sha256": "k"}});
        let forged = forge(&json!(issued.to_uppercase()), &recipe(again)).unwrap();
        assert_eq!(forged, state(&json!({"title": "a", "tool": "x"}), b"k"));
    }

    #[test]
    fn base64url_round_trips_padded_or_not() {
        for text in [
            "",
            "f",
            "fo",
            "foo",
            "foob",
            "fooba",
            "foobar",
            "\u{ff}\u{fe}?>",
        ] {
            for padded in [false, true] {
                let codec = Codec::Base64Url { padded };
                let encoded = codec.encode(text.as_bytes());
                assert!(!padded || encoded.len().is_multiple_of(4), "{encoded}");
                assert_eq!(
                    encoded.contains('='),
                    padded && !text.len().is_multiple_of(3)
                );
                if !text.is_empty() {
                    assert_eq!(codec.decode(&encoded), Some(text.as_bytes().to_vec()));
                }
            }
        }
        // RFC 4648's examples, in the URL-safe alphabet.
        let padded = Codec::Base64Url { padded: true };
        assert_eq!(padded.encode(b"foob"), "Zm9vYg==");
        assert_eq!(padded.encode(&[0xfb, 0xff]), "-_8=");
        let body = Codec::Base64Url { padded: false }.encode(br#"{"at":1}"#);
        let issued = format!(
            "{body}.{}",
            Codec::Base64Url { padded: false }.encode(b"tag")
        );
        let moved = json!({"payload": "base64url", "set": {"at": 2}, "tag": "kept"});
        let forged = forge(&json!(issued), &recipe(moved)).unwrap();
        let (payload, tag) = forged.split_once('.').unwrap();
        assert_eq!(tag, "dGFn");
        assert_eq!(
            Codec::Base64Url { padded: false }.decode(payload),
            Some(br#"{"at":2}"#.to_vec())
        );
    }

    /// Only the spelling a server writes decodes: the hand-written codec this
    /// replaced took `Zh` for `f` (the last character's spare bits set).
    #[test]
    fn base64url_decoding_is_canonical() {
        let codec = Codec::Base64Url { padded: false };
        assert_eq!(codec.decode("Zg"), Some(b"f".to_vec()));
        assert_eq!(codec.decode("Zg=="), Some(b"f".to_vec()));
        for not_canonical in ["Zh", "Z", "+/8", "Zg=Zg", "Zg==="] {
            assert_eq!(codec.decode(not_canonical), None, "{not_canonical}");
        }
    }

    #[test]
    fn a_token_out_of_format_says_what_is_wrong() {
        let kept = recipe(json!({"payload": "hex", "tag": "kept"}));
        let object = hex(b"{}");
        let cases = [
            (json!(7), ForgeError::NotAString),
            (json!("no-dot-here"), ForgeError::NotPayloadDotTag),
            (
                json!(format!("{object}.ab.cd")),
                ForgeError::NotPayloadDotTag,
            ),
            (json!(format!("{object}.")), ForgeError::TagNotEncoded),
            (json!(format!("{object}.xyz")), ForgeError::TagNotEncoded),
            (json!(".abcd"), ForgeError::PayloadNotEncoded),
            (json!("7b2.abcd"), ForgeError::PayloadNotEncoded),
            (json!("+b7d.abcd"), ForgeError::PayloadNotEncoded),
            (
                json!(format!("{}.ab", hex(b"[1]"))),
                ForgeError::PayloadNotObject,
            ),
            (
                json!(format!("{}.ab", hex(b"{\"a\""))),
                ForgeError::PayloadNotObject,
            ),
        ];
        for (token, error) in cases {
            assert_eq!(forge(&token, &kept), Err(error), "{token}");
        }
        // A state that is base64 JSON with no tag at all.
        assert_eq!(
            forge(&json!("eyJ0b29sIjoieCJ9"), &kept),
            Err(ForgeError::NotPayloadDotTag)
        );
        let b64 = recipe(json!({"payload": "base64url", "tag": "kept"}));
        assert_eq!(
            forge(&json!("e+J9.dGFn"), &b64),
            Err(ForgeError::PayloadNotEncoded)
        );
    }

    #[test]
    fn recipes_are_checked() {
        let bad = [
            json!("hex"),
            json!({"payload": "hex"}),
            json!({"payload": "base32", "tag": "kept"}),
            json!({"payload": "hex", "tag": "md5"}),
            json!({"payload": "hex", "tag": {"hmac-sha256": 7}}),
            json!({"payload": "hex", "tag": "kept", "set": []}),
            json!({"payload": "hex", "tag": "kept", "sign": {}}),
        ];
        for doc in bad {
            assert!(Recipe::parse(&doc).is_err(), "{doc}");
        }
        assert_eq!(
            recipe(json!({"payload": "base64url", "tag": {"hmac-sha256": "k"}})),
            Recipe {
                encoding: Encoding::Base64Url,
                set: Map::new(),
                tag: Tag::HmacSha256(b"k".to_vec())
            }
        );
    }
}
