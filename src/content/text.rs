//! Bilingual text: every string a learner reads exists in English and in
//! Simplified Chinese.

use serde::{Deserialize, Serialize};

/// The language text is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// Picks the language from the usual locale variables (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`): any `zh` locale means Chinese.
    pub fn from_locale(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| get(name))
            .find(|value| !value.is_empty())
            .map_or(Lang::En, |value| {
                if value.to_ascii_lowercase().starts_with("zh") {
                    Lang::Zh
                } else {
                    Lang::En
                }
            })
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];
}

/// A piece of content text in both languages.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Localized {
    pub en: String,
    pub zh: String,
}

impl Localized {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// The language whose text is blank, if any: a missing translation.
    pub fn missing(&self) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|&lang| self.get(lang).trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn chinese_locale_selects_chinese() {
        assert_eq!(Lang::from_locale(env(&[("LANG", "zh_CN.UTF-8")])), Lang::Zh);
        assert_eq!(Lang::from_locale(env(&[("LANG", "en_US.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
    }

    #[test]
    fn lc_all_wins_over_lang() {
        let vars = [("LC_ALL", "en_GB.UTF-8"), ("LANG", "zh_TW.UTF-8")];
        assert_eq!(Lang::from_locale(env(&vars)), Lang::En);
    }

    #[test]
    fn blank_translation_is_reported() {
        let text = Localized {
            en: "hi".into(),
            zh: " ".into(),
        };
        assert_eq!(text.missing(), Some(Lang::Zh));
    }
}
