//! Reading a TOML file of a known `format_version`.

use crate::content::error::{ContentError, line_of};
use serde::Deserialize;
use std::fs;
use std::path::Path;
use toml::Spanned;

/// The content format this program reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Deserialize)]
struct VersionProbe {
    format_version: Option<Spanned<i64>>,
}

/// Parses a TOML file of a known format version into `T`.
pub(crate) fn read_toml<T: for<'de> Deserialize<'de>>(
    path: &Path,
    errors: &mut Vec<ContentError>,
) -> Option<(T, String)> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            errors.push(ContentError {
                file: path.into(),
                line: None,
                message: format!("cannot read: {e}"),
            });
            return None;
        }
    };
    let located = |e: toml::de::Error| ContentError {
        file: path.into(),
        line: e.span().map(|s| line_of(&text, s.start)),
        message: e.message().trim().to_string(),
    };
    // Parsed once: the version is read from the parsed document (alone, so
    // nothing else in the file can fail the probe), then the whole is read.
    let document = match toml::de::DeTable::parse(&text) {
        Ok(document) => document,
        Err(e) => {
            errors.push(located(e));
            return None;
        }
    };
    let mut version_only = toml::de::DeTable::new();
    if let Some((key, value)) = document.get_ref().get_key_value("format_version") {
        version_only.insert(key.clone(), value.clone());
    }
    let version_only = Spanned::new(document.span(), version_only);
    match VersionProbe::deserialize(toml::de::Deserializer::from(version_only)) {
        Err(e) => {
            errors.push(located(e));
            return None;
        }
        Ok(VersionProbe {
            format_version: None,
        }) => {
            errors.push(ContentError {
                file: path.into(),
                line: Some(1),
                message: format!(
                    "missing `format_version`: add `format_version = {FORMAT_VERSION}` at the top"
                ),
            });
            return None;
        }
        Ok(VersionProbe {
            format_version: Some(v),
        }) if *v.get_ref() != i64::from(FORMAT_VERSION) => {
            errors.push(ContentError {
                file: path.into(),
                line: Some(line_of(&text, v.span().start)),
                message: format!(
                    "format_version {} is not one this `learn` reads (it reads {FORMAT_VERSION}): update `learn`, or write the file in format {FORMAT_VERSION}",
                    v.get_ref()
                ),
            });
            return None;
        }
        Ok(_) => {}
    }
    match T::deserialize(toml::de::Deserializer::from(document)) {
        Ok(value) => Some((value, text)),
        Err(e) => {
            errors.push(located(e));
            None
        }
    }
}
