//! The glossary: terms with a definition and a plain-language analogy
//! (`lessons/<lesson>/glossary.toml`).

use super::error::{ContentError, line_of};
use super::text::Localized;
use serde::Deserialize;
use std::path::Path;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub id: String,
    pub term: Localized,
    pub definition: Localized,
    pub analogy: Localized,
    /// The section that teaches it.
    pub section: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GlossaryFile {
    #[allow(dead_code)]
    format_version: u32,
    term: Vec<Term>,
}

/// Reads a glossary file; errors name the file and line.
pub fn load(path: &Path) -> Result<Vec<Term>, ContentError> {
    let text = std::fs::read_to_string(path).map_err(|e| ContentError {
        file: path.to_path_buf(),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    let file: GlossaryFile = toml::from_str(&text).map_err(|e| ContentError {
        file: path.to_path_buf(),
        line: e.span().map(|s| line_of(&text, s.start)),
        message: e.message().trim().to_string(),
    })?;
    for term in &file.term {
        for (what, text) in [
            ("term", &term.term),
            ("definition", &term.definition),
            ("analogy", &term.analogy),
        ] {
            if let Some(lang) = text.missing() {
                return Err(ContentError {
                    file: path.to_path_buf(),
                    line: None,
                    message: format!("term `{}` has no `{}` {what}", term.id, lang.code()),
                });
            }
        }
    }
    Ok(file.term)
}
