//! `learn quiz`: an objective's self-check quiz, asked on this terminal (or
//! pipe), listed (`--list`), or graded from a file (`--answers`).
//!
//! This file picks the quiz; `ask` asks it through `session` (one question
//! at a time), `list` lists it, `answers` grades an answers file, and
//! `colours` styles it.

mod answers;
mod ask;
mod colours;
mod list;
mod session;

use super::{Ctx, Status};
use crate::content::StepKind;
use crate::quiz::score::standing;
use crate::quiz::{Question, Quiz};
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;

/// What `learn quiz` is asked to do: ask a quiz, list it, or grade a file.
pub struct QuizRequest {
    /// The objective id (or `<lesson>/<id>`), else the first quiz not passed.
    pub objective: Option<String>,
    /// The seed that orders each question's choices (random when `None`).
    pub seed: Option<u64>,
    /// Ask only the questions missed last time.
    pub retry_wrong: bool,
    /// List the questions instead of asking them.
    pub list: bool,
    /// Grade this answers file instead of asking.
    pub answers: Option<std::path::PathBuf>,
    /// With `list` or `answers`: JSON.
    pub json: bool,
}

pub fn run(ctx: &mut Ctx, args: &QuizRequest) -> Result<Status> {
    let quizzes = ctx.quizzes.clone();
    if quizzes.is_empty() {
        bail!(crate::words::of(ctx.lang).no_quizzes());
    }
    let named = match &args.objective {
        Some(id) => Some(find(ctx, &quizzes, id)?),
        None => None,
    };
    if args.list {
        return list::list(ctx, &quizzes, named, args.json);
    }
    if let Some(path) = &args.answers {
        return answers::grade_file(ctx, &quizzes, named, path, args.json);
    }
    let quiz = match named.or_else(|| pick(ctx, &quizzes, args.retry_wrong)) {
        Some(quiz) => quiz,
        None => {
            outln!(
                "{}",
                crate::words::of(ctx.lang)
                    .all_quizzes_passed(&quiz_ref(ctx, &quizzes[0]))
                    .green()
            )?;
            return Ok(Status::Success);
        }
    };
    ask::ask(ctx, quiz, args)
}

/// What `learn next` shows for a quiz step: what it is and how to start.
pub fn brief(ctx: &Ctx, lesson: &str, id: &str) -> Result<String> {
    let quiz = ctx
        .quizzes
        .iter()
        .find(|q| q.lesson == lesson && q.id == id)
        .with_context(|| format!("lesson `{lesson}` has no quiz `{id}`"))?;
    let title = objective_title(ctx, quiz);
    let start = format!("learn quiz {}", quiz_ref(ctx, quiz)).green();
    let w = crate::words::of(ctx.lang);
    let heading = w.quiz_heading(&title).bold().underline().to_string();
    Ok(w.quiz_brief(
        &heading,
        quiz.questions.len(),
        quiz.pass_percent,
        &start.to_string(),
    ))
}

/// How to name a quiz on the command line (`<lesson>/<id>` when two
/// lessons share its id).
pub(super) fn quiz_ref(ctx: &Ctx, quiz: &Quiz) -> String {
    ctx.course.step_ref(&quiz.lesson, StepKind::Quiz, &quiz.id)
}

/// A quiz by objective id or `<lesson>/<id>`, with the list when there is
/// none.
fn find<'a>(ctx: &Ctx, quizzes: &'a [Quiz], id: &str) -> Result<&'a Quiz> {
    if let Ok((lesson, id)) = ctx.step_named(StepKind::Quiz, id)
        && let Some(quiz) = quizzes.iter().find(|q| q.lesson == lesson.id && q.id == id)
    {
        return Ok(quiz);
    }
    let ids: Vec<String> = quizzes.iter().map(|q| quiz_ref(ctx, q)).collect();
    Err(anyhow!(crate::words::of(ctx.lang).no_quiz(id, &ids)))
}

pub(super) fn latest(ctx: &Ctx) -> &std::collections::BTreeMap<String, bool> {
    &ctx.progress.quizzes
}

pub(super) fn passed(ctx: &Ctx, quiz: &Quiz) -> bool {
    ctx.progress.is_done(&quiz.step_key()) || standing(quiz, latest(ctx)).passes(quiz.pass_percent)
}

pub(super) fn missed<'a>(ctx: &Ctx, quiz: &'a Quiz) -> Vec<&'a Question> {
    quiz.questions
        .iter()
        .filter(|q| !latest(ctx).get(&q.id).copied().unwrap_or(false))
        .collect()
}

/// With no objective named: the first quiz not yet passed; for a retry, the
/// first with anything missed when every quiz is passed.
fn pick<'a>(ctx: &Ctx, quizzes: &'a [Quiz], retry: bool) -> Option<&'a Quiz> {
    quizzes.iter().find(|q| !passed(ctx, q)).or_else(|| {
        retry
            .then(|| quizzes.iter().find(|q| !missed(ctx, q).is_empty()))
            .flatten()
    })
}

pub(super) fn objective_title(ctx: &Ctx, quiz: &Quiz) -> String {
    ctx.course
        .lesson(&quiz.lesson)
        .and_then(|l| l.objectives.iter().find(|o| o.id == quiz.id))
        .map_or_else(|| quiz.id.clone(), |o| o.title.get(ctx.lang).to_string())
}

pub(super) fn status(passed: bool) -> Status {
    if passed {
        Status::Success
    } else {
        Status::Failed
    }
}
