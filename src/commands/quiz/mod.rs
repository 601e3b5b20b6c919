//! `learn quiz`: an objective's self-check quiz, asked on this terminal (or
//! pipe), listed (`--list`), or graded from a file (`--answers`).
//!
//! This file picks the quiz; `ask` asks it, `list` lists it, `answers`
//! grades an answers file, and `colours` paints for the terminal.

mod answers;
mod ask;
mod colours;
mod list;

use super::{Ctx, Status};
use crate::cli::QuizArgs;
use crate::content::text::tr;
use crate::content::{Lang, StepKind};
use crate::quiz::score::standing;
use crate::quiz::{Question, Quiz};
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;

pub fn run(ctx: &mut Ctx, args: &QuizArgs) -> Result<Status> {
    let quizzes = ctx.quizzes.clone();
    if quizzes.is_empty() {
        bail!(tr(
            ctx.lang,
            "this course has no quizzes yet",
            "这门课程还没有测验"
        ));
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
                match ctx.lang {
                    Lang::En => format!(
                        "Every quiz is passed. Name one to take it again, e.g. `learn quiz {}`.",
                        quiz_ref(ctx, &quizzes[0])
                    ),
                    Lang::Zh => format!(
                        "所有测验都已通过。想再做一次就指定一个，例如 `learn quiz {}`。",
                        quiz_ref(ctx, &quizzes[0])
                    ),
                }
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
    Ok(match ctx.lang {
        Lang::En => format!(
            "{}\n\n{} questions on this objective, one at a time, each followed by its explanation. Pass mark {}%.\n\n  Start: {start}\n",
            format!("Quiz · {title}").bold().underline(),
            quiz.questions.len(),
            quiz.pass_percent
        ),
        Lang::Zh => format!(
            "{}\n\n本目标共 {} 题，一次一题，每题答完都有讲解。及格线 {}%。\n\n  开始：{start}\n",
            format!("小测验 · {title}").bold().underline(),
            quiz.questions.len(),
            quiz.pass_percent
        ),
    })
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
    Err(anyhow!(match ctx.lang {
        Lang::En => format!(
            "there is no quiz `{id}`: the quizzes are {}",
            ids.join(", ")
        ),
        Lang::Zh => format!("没有名为 `{id}` 的测验：现有的测验是 {}", ids.join("、")),
    }))
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
