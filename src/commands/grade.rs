//! `learn grade`: grade a class's submissions with this course (the grader's
//! lessons, harness and scenarios) and print or write the report.

use super::{Ctx, Status};
use crate::check::random_seed;
use crate::cli::{GradeArgs, GradeFormat};
use crate::content::Lang;
use crate::content::text::tr;
use crate::grade::hidden::add_hidden_scenarios;
use crate::grade::progress::Bar;
use crate::grade::report::{gradescope, json, junit, text};
use crate::grade::submission::collect;
use crate::grade::{GradeOptions, grade_class};
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::time::Duration;

pub fn run(ctx: &mut Ctx, args: GradeArgs) -> Result<Status> {
    let lang = ctx.lang;
    let submissions = collect(&args.submissions)?;
    if let Some(file) = &args.quiz
        && (file.is_absolute() || file.components().any(|c| c.as_os_str() == ".."))
    {
        bail!(
            "--quiz names the answers file inside each submission, e.g. `--quiz quiz-answers.toml`; {} is not such a path",
            file.display()
        );
    }
    if args.format == GradeFormat::Gradescope && submissions.len() > 1 {
        match &args.out {
            None => bail!(
                "Gradescope reads one student's results.json: grade one submission, or give --out <folder> to write one <name>.json per submission"
            ),
            Some(dir) => std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {}", dir.display()))?,
        }
    }
    if let Some(dir) = &args.scenarios {
        let added = add_hidden_scenarios(&mut ctx.course, dir)?;
        eprintln!(
            "{}",
            match lang {
                Lang::En => format!("{added} hidden scenarios added from {}", dir.display()),
                Lang::Zh => format!("从 {} 加入了 {added} 个隐藏场景", dir.display()),
            }
        );
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(2, |n| n.get()),
        usize::from,
    );
    eprintln!(
        "{}",
        match lang {
            Lang::En => format!(
                "Grading {} submission(s) with seed {seed} (the same run again: --seed {seed}); {jobs} jobs",
                submissions.len()
            ),
            Lang::Zh => format!(
                "正在评分 {} 份提交，种子 {seed}（重现本次结果：--seed {seed}）；并行 {jobs}",
                submissions.len()
            ),
        }
    );
    let options = GradeOptions {
        seed,
        jobs,
        timeout: Duration::from_secs_f64(args.timeout),
        quiz: args.quiz.clone(),
        lang,
    };
    let book = grade_class(
        &ctx.project,
        &ctx.course,
        &submissions,
        &options,
        &Bar::for_stderr(),
    )?;
    let t = book.timing;
    eprintln!(
        "{}",
        match lang {
            Lang::En => format!(
                "Built {} programs in {:.1} s; checked {} in {:.1} s.",
                t.programs, t.build_seconds, t.checked, t.check_seconds
            ),
            Lang::Zh => format!(
                "构建 {} 个程序用时 {:.1} 秒；检查 {} 个用时 {:.1} 秒。",
                t.programs, t.build_seconds, t.checked, t.check_seconds
            ),
        }
    );
    match args.format {
        GradeFormat::Text => emit(args.out.as_deref(), &text::render(&book, lang))?,
        GradeFormat::Json => emit(
            args.out.as_deref(),
            &format!(
                "{}\n",
                serde_json::to_string_pretty(&json::render(&book, lang))?
            ),
        )?,
        GradeFormat::Junit => emit(args.out.as_deref(), &junit::render(&book, lang))?,
        GradeFormat::Gradescope if book.submissions.len() == 1 => {
            let results = gradescope::render(&book.submissions[0], seed, lang);
            emit(
                args.out.as_deref(),
                &format!("{}\n", serde_json::to_string_pretty(&results)?),
            )?;
        }
        GradeFormat::Gradescope => {
            let dir = args.out.as_deref().unwrap_or(Path::new("."));
            for submission in &book.submissions {
                let file = dir.join(format!("{}.json", file_name(&submission.name)));
                let results = gradescope::render(submission, seed, lang);
                emit(
                    Some(&file),
                    &format!("{}\n", serde_json::to_string_pretty(&results)?),
                )?;
            }
            eprintln!(
                "{} {}",
                tr(
                    lang,
                    "Gradescope results written to",
                    "Gradescope 结果已写入"
                ),
                dir.display()
            );
        }
    }
    Ok(if book.all_full_marks() {
        Status::Success
    } else {
        Status::Failed
    })
}

fn emit(out: Option<&Path>, text: &str) -> Result<()> {
    match out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// A submission name as a file name: anything unusual becomes `_`.
fn file_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}
