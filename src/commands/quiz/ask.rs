//! Asking a quiz on stdin and stdout, saving each answer as it is given.

use super::QuizRequest;
use super::session::{Session, write_summary};
use super::{latest, missed, objective_title, passed, status};
use crate::commands::{Ctx, Status};
use crate::quiz::Quiz;
use crate::quiz::score::standing;
use anyhow::Result;
use std::io::{IsTerminal, Write};

/// The interactive quiz on stdin and stdout.
pub(super) fn ask(ctx: &mut Ctx, quiz: &Quiz, args: &QuizRequest) -> Result<Status> {
    let lang = ctx.lang;
    let questions = if args.retry_wrong {
        missed(ctx, quiz)
    } else {
        quiz.questions.iter().collect()
    };
    if questions.is_empty() {
        outln!("{}", crate::words::of(lang).nothing_to_retry(&quiz.id))?;
        return Ok(status(passed(ctx, quiz)));
    }
    let title = objective_title(ctx, quiz);
    let session = Session {
        quiz,
        title: &title,
        questions,
        retry: args.retry_wrong,
        lang,
        seed: args.seed.unwrap_or_else(crate::check::random_seed),
        echo: !std::io::stdin().is_terminal(),
    };
    let mut saved = None;
    let outcome = {
        let store = &ctx.store;
        let mut record = |id: &str, right: bool| -> Result<()> {
            saved = Some(store.update(|p| {
                p.quizzes.insert(id.to_string(), right);
                p.clone()
            })?);
            Ok(())
        };
        let mut input = std::io::stdin().lock();
        let mut out = crate::commands::out::stdout();
        session.run(&mut input, &mut out, &mut record)
    };
    if let Some(progress) = saved {
        ctx.progress = progress;
    }
    // A reader that closed our output (`| head`) ended the quiz; what was
    // answered is saved, so that is no error.
    let outcome = match outcome {
        Err(e) if is_broken_pipe(&e) => {
            return Ok(status(
                standing(quiz, latest(ctx)).passes(quiz.pass_percent),
            ));
        }
        other => other?,
    };
    let now_passed = standing(quiz, latest(ctx)).passes(quiz.pass_percent);
    let key = quiz.step_key();
    if now_passed && !ctx.progress.is_done(&key) {
        ctx.mark_done(key)?;
    }
    let mut out = crate::commands::out::stdout();
    write_summary(&mut out, &session, &outcome, latest(ctx))?;
    out.flush()?;
    Ok(status(now_passed))
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
