//! A scenario's `exit`: the status a client must stop with once the last
//! step is played (0, the default, when the key is left out).

use super::file_check::FileCheck;
use crate::content::scenario::{AnswerOrder, Exit};
use std::num::NonZeroU8;
use toml::Spanned;

/// The scenario's [`Exit`], or `None` when `exit` is misused (the error is
/// in `check`): it is for client exercises only, and holds a status from 1
/// to 255.
pub(super) fn compile_exit(
    check: &mut FileCheck,
    label: &str,
    exit: Option<Spanned<i64>>,
    answers: AnswerOrder,
) -> Option<Exit> {
    let Some(exit) = exit else {
        return Some(Exit::Success);
    };
    let at = Some(exit.span().start);
    let status = *exit.get_ref();
    if answers != AnswerOrder::Scripted {
        check.error(at, format!("{label}: `exit` is for client exercises (`kind = \"mcp-client\"`), whose task may tell them to stop with an error status; every other program exits with 0"));
        return None;
    }
    if status == 0 {
        check.error(
            at,
            format!(
                "{label}: `exit = 0` is what every scenario expects already; leave the key out"
            ),
        );
        return None;
    }
    match u8::try_from(status).ok().and_then(NonZeroU8::new) {
        Some(status) => Some(Exit::Status(status)),
        None => {
            check.error(at, format!("{label}: `exit = {status}` is no status a process can exit with; give one from 1 to 255"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::error::ContentError;

    /// `exit = <text>` compiled for an exercise of `answers`: the exit, and
    /// the errors' messages.
    fn compile(text: &str, answers: AnswerOrder) -> (Option<Exit>, Vec<String>) {
        #[derive(serde::Deserialize)]
        struct File {
            exit: Option<Spanned<i64>>,
        }
        let file: File = toml::from_str(text).expect("toml");
        let mut errors: Vec<ContentError> = Vec::new();
        let mut check = FileCheck::new("x.toml".into(), text, &mut errors);
        let exit = compile_exit(&mut check, "scenario `s`", file.exit, answers);
        drop(check);
        (exit, errors.into_iter().map(|e| e.message).collect())
    }

    #[test]
    fn no_key_is_status_0_and_a_client_may_expect_1_to_255() {
        assert_eq!(
            compile("", AnswerOrder::ById),
            (Some(Exit::Success), vec![])
        );
        for status in [1_u8, 2, 255] {
            let (exit, errors) = compile(&format!("exit = {status}"), AnswerOrder::Scripted);
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(exit, NonZeroU8::new(status).map(Exit::Status));
        }
    }

    #[test]
    fn each_misuse_is_named() {
        let cases = [
            ("exit = 1", AnswerOrder::ById, "is for client exercises"),
            ("exit = 1", AnswerOrder::InOrder, "is for client exercises"),
            ("exit = 0", AnswerOrder::Scripted, "leave the key out"),
            ("exit = 256", AnswerOrder::Scripted, "from 1 to 255"),
            ("exit = -1", AnswerOrder::Scripted, "from 1 to 255"),
        ];
        for (text, answers, says) in cases {
            let (exit, errors) = compile(text, answers);
            assert_eq!(exit, None, "{text}");
            assert_eq!(errors.len(), 1, "{text}: {errors:?}");
            assert!(errors[0].contains(says), "{text}: {errors:?}");
        }
    }
}
