//! `learn quiz`: an objective's self-check quiz, asked on this terminal (or
//! pipe), listed (`--list`), or graded from a file (`--answers`).

use super::{Ctx, Status};
use crate::cli::QuizArgs;
use crate::content::Lang;
use crate::content::text::tr;
use crate::quiz::answers::{Graded, grade_answers};
use crate::quiz::model::{DEFAULT_PASS_PERCENT, letter};
use crate::quiz::score::{Score, standing};
use crate::quiz::session::{Paint, Session, write_summary};
use crate::quiz::{Question, Quiz};
use crate::render::markdown;
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;
use serde_json::{Value, json};
use std::io::{IsTerminal, Write};

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
        Some(id) => Some(find(&quizzes, id, ctx.lang)?),
        None => None,
    };
    if args.list {
        return list(ctx, &quizzes, named, args.json);
    }
    if let Some(path) = &args.answers {
        return grade_file(ctx, &quizzes, named, path, args.json);
    }
    let quiz = match named.or_else(|| pick(ctx, &quizzes, args.retry_wrong)) {
        Some(quiz) => quiz,
        None => {
            println!(
                "{}",
                match ctx.lang {
                    Lang::En => format!(
                        "Every quiz is passed. Name one to take it again, e.g. `learn quiz {}`.",
                        quizzes[0].id
                    ),
                    Lang::Zh => format!(
                        "所有测验都已通过。想再做一次就指定一个，例如 `learn quiz {}`。",
                        quizzes[0].id
                    ),
                }
                .green()
            );
            return Ok(Status::Success);
        }
    };
    ask(ctx, quiz, args)
}

/// What `learn next` shows for a quiz step: what it is and how to start.
pub fn brief(ctx: &Ctx, id: &str) -> Result<String> {
    let quiz = find(&ctx.quizzes, id, ctx.lang)?;
    let title = objective_title(ctx, id);
    let start = format!("learn quiz {id}").green();
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

/// A quiz by objective id, with a suggestion when there is none.
fn find<'a>(quizzes: &'a [Quiz], id: &str, lang: Lang) -> Result<&'a Quiz> {
    if let Some(quiz) = quizzes.iter().find(|q| q.id == id) {
        return Ok(quiz);
    }
    let ids: Vec<&str> = quizzes.iter().map(|q| q.id.as_str()).collect();
    Err(anyhow!(match lang {
        Lang::En => format!(
            "there is no quiz `{id}`: the quizzes are {}",
            ids.join(", ")
        ),
        Lang::Zh => format!("没有名为 `{id}` 的测验：现有的测验是 {}", ids.join("、")),
    }))
}

fn latest(ctx: &Ctx) -> &std::collections::BTreeMap<String, bool> {
    &ctx.progress.quizzes
}

fn passed(ctx: &Ctx, quiz: &Quiz) -> bool {
    ctx.progress.is_done(&format!("quiz:{}", quiz.id))
        || standing(quiz, latest(ctx)).passes(quiz.pass_percent)
}

fn missed<'a>(ctx: &Ctx, quiz: &'a Quiz) -> Vec<&'a Question> {
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

fn objective_title(ctx: &Ctx, id: &str) -> String {
    ctx.course
        .lessons
        .iter()
        .flat_map(|l| &l.objectives)
        .find(|o| o.id == id)
        .map_or_else(|| id.to_string(), |o| o.title.get(ctx.lang).to_string())
}

/// The interactive quiz on stdin and stdout.
fn ask(ctx: &mut Ctx, quiz: &Quiz, args: &QuizArgs) -> Result<Status> {
    let lang = ctx.lang;
    let questions = if args.retry_wrong {
        missed(ctx, quiz)
    } else {
        quiz.questions.iter().collect()
    };
    if questions.is_empty() {
        println!(
            "{}",
            match lang {
                Lang::En => format!(
                    "Nothing to retry: every question of `{}` was right in your latest answers.",
                    quiz.id
                ),
                Lang::Zh => format!("没有要重做的题：`{}` 的每道题最近一次都答对了。", quiz.id),
            }
        );
        return Ok(status(passed(ctx, quiz)));
    }
    let title = objective_title(ctx, &quiz.id);
    let session = Session {
        quiz,
        title: &title,
        questions,
        retry: args.retry_wrong,
        lang,
        seed: args.seed.unwrap_or_else(crate::check::random_seed),
        echo: !std::io::stdin().is_terminal(),
        paint: &Colours,
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
        let mut out = std::io::stdout().lock();
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
    let key = format!("quiz:{}", quiz.id);
    if now_passed && !ctx.progress.is_done(&key) {
        ctx.mark_done(key)?;
    }
    let mut out = std::io::stdout().lock();
    write_summary(&mut out, &session, &outcome, latest(ctx))?;
    out.flush()?;
    Ok(status(now_passed))
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

fn status(passed: bool) -> Status {
    if passed {
        Status::Success
    } else {
        Status::Failed
    }
}

/// Colours for the terminal (off for pipes, `--color never` and NO_COLOR).
struct Colours;

impl Paint for Colours {
    fn heading(&self, text: &str) -> String {
        text.bold().to_string()
    }
    fn dim(&self, text: &str) -> String {
        text.dimmed().to_string()
    }
    fn right(&self, text: &str) -> String {
        text.green().bold().to_string()
    }
    fn wrong(&self, text: &str) -> String {
        text.yellow().to_string()
    }
    fn message(&self, text: &str) -> String {
        text.cyan().to_string()
    }
    fn prose(&self, text: &str) -> String {
        markdown::render(text).trim_end().to_string()
    }
    fn command(&self, text: &str) -> String {
        if colored::control::SHOULD_COLORIZE.should_colorize() {
            text.green().to_string()
        } else {
            format!("`{text}`")
        }
    }
}

/// `--list`: every question with its choices, never the answers.
fn list(ctx: &Ctx, quizzes: &[Quiz], named: Option<&Quiz>, as_json: bool) -> Result<Status> {
    let lang = ctx.lang;
    let shown: Vec<&Quiz> = match named {
        Some(quiz) => vec![quiz],
        None => quizzes.iter().collect(),
    };
    if as_json {
        let items: Vec<Value> = shown
            .iter()
            .flat_map(|quiz| quiz.questions.iter().map(move |q| (quiz, q)))
            .map(|(quiz, q)| {
                let choices: Vec<Value> = q
                    .kind
                    .options()
                    .iter()
                    .enumerate()
                    .map(|(i, c)| json!({"letter": letter(i).to_string(), "text": c.get(lang)}))
                    .collect();
                let mut item = json!({
                    "id": q.id,
                    "objective": quiz.id,
                    "type": q.kind.type_name(),
                    "prompt": q.prompt.get(lang),
                    "choices": choices,
                    "facts": q.facts,
                    "section": q.section,
                });
                if let Some(message) = &q.message {
                    item["message"] = json!(message.trim());
                }
                item
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&items)?);
        return Ok(Status::Success);
    }
    println!(
        "{}",
        tr(
            lang,
            "Letters are in the unshuffled order that `--answers` files use.",
            "字母按未打乱的顺序排列，`--answers` 文件用的就是这个顺序。"
        )
        .dimmed()
    );
    for quiz in shown {
        println!();
        let heading = match lang {
            Lang::En => format!(
                "{} · {} ({} questions, pass mark {}%)",
                quiz.id,
                objective_title(ctx, &quiz.id),
                quiz.questions.len(),
                quiz.pass_percent
            ),
            Lang::Zh => format!(
                "{} · {}（{} 题，及格线 {}%）",
                quiz.id,
                objective_title(ctx, &quiz.id),
                quiz.questions.len(),
                quiz.pass_percent
            ),
        };
        println!("{}", heading.bold());
        for q in &quiz.questions {
            println!(
                "  {} {}",
                q.id.cyan(),
                format!("· {} · {}", q.kind.label().get(lang), q.facts.join(", ")).dimmed()
            );
            for line in Colours.prose(q.prompt.get(lang)).lines() {
                println!("    {line}");
            }
            if let Some(message) = &q.message {
                for line in message.trim().lines() {
                    println!("      {}", line.cyan());
                }
            }
            for (i, choice) in q.kind.options().iter().enumerate() {
                println!("    {}) {}", letter(i), Colours.prose(choice.get(lang)));
            }
        }
    }
    Ok(Status::Success)
}

/// `--answers FILE`: grade without asking; progress is not changed.
fn grade_file(
    ctx: &Ctx,
    quizzes: &[Quiz],
    named: Option<&Quiz>,
    path: &std::path::Path,
    as_json: bool,
) -> Result<Status> {
    let lang = ctx.lang;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the answers file {}", path.display()))?;
    let graded = grade_answers(path, &text, quizzes, named, lang).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        anyhow!(
            "{}\n{}",
            tr(
                lang,
                "the answers file has problems; nothing was graded. Fix these and run again:",
                "答案文件有问题，没有评分。请修正以下各项后重试："
            ),
            lines.join("\n")
        )
    })?;
    if graded.is_empty() {
        bail!(
            "{}",
            tr(
                lang,
                "the answers file holds no answers: write one `question-id = \"answer\"` per line (`learn quiz --list` shows the ids)",
                "答案文件里没有答案：每行写一条 `题目id = \"答案\"`（`learn quiz --list` 可查看题目 id）"
            )
        );
    }
    let score = Score {
        right: graded.iter().filter(|g| g.right).count(),
        total: graded.len(),
    };
    let pass_percent = named.map_or_else(
        || {
            graded
                .iter()
                .map(|g| g.quiz.pass_percent)
                .max()
                .unwrap_or(DEFAULT_PASS_PERCENT)
        },
        |quiz| quiz.pass_percent,
    );
    let passed = score.passes(pass_percent);
    if as_json {
        let results: Vec<Value> = graded.iter().map(|g| result_json(g, lang)).collect();
        let report = json!({
            "score": score.right,
            "total": score.total,
            "percent": score.percent(),
            "pass_percent": pass_percent,
            "passed": passed,
            "results": results,
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(status(passed));
    }
    for g in &graded {
        let (mark, note) = match (g.right, g.answered) {
            (true, _) => ("✓".green().to_string(), ""),
            (false, true) => ("✗".yellow().to_string(), ""),
            (false, false) => (
                "–".yellow().to_string(),
                tr(lang, " (no answer)", "（未作答）"),
            ),
        };
        println!("{mark} {}{}", g.question.id, note.dimmed());
        if !g.right {
            for line in Colours
                .prose(g.question.explanation.get(lang).trim())
                .lines()
            {
                println!("    {line}");
            }
            println!(
                "    {}{}",
                tr(lang, "More: ", "详见：").dimmed(),
                Colours.command(&format!("learn read {}", g.question.section))
            );
        }
    }
    let state = match (lang, passed) {
        (Lang::En, true) => "passed".green().bold().to_string(),
        (Lang::En, false) => "not passed".yellow().to_string(),
        (Lang::Zh, true) => "通过".green().bold().to_string(),
        (Lang::Zh, false) => "未通过".yellow().to_string(),
    };
    let line = match lang {
        Lang::En => format!(
            "Score: {} of {} ({}%) · {state} (pass mark {pass_percent}%)",
            score.right,
            score.total,
            score.percent()
        ),
        Lang::Zh => format!(
            "得分：{}/{}（{}%）· {state}（及格线 {pass_percent}%）",
            score.right,
            score.total,
            score.percent()
        ),
    };
    println!("\n{line}");
    Ok(status(passed))
}

fn result_json(graded: &Graded, lang: Lang) -> Value {
    json!({
        "id": graded.question.id,
        "objective": graded.quiz.id,
        "correct": graded.right,
        "answered": graded.answered,
        "explanation": graded.question.explanation.get(lang).trim(),
        "section": graded.question.section,
    })
}
