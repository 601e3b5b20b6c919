//! From parsed arguments to an exit code.

use crate::check::Target;
use crate::cli::{Cli, Command, DevCommand, LangArg};
use crate::commands::{self, Ctx, Status, check::CheckArgs};
use crate::content::Lang;
use crate::content::error::ContentErrors;
use anyhow::Result;
use clap::CommandFactory;
use colored::Colorize;
use std::process::ExitCode;

pub fn run(cli: Cli) -> ExitCode {
    crate::runner::interrupt::install();
    crate::runner::interrupt::end_quietly_on_closed_stdout();
    crate::render::style::init(cli.color);
    let lang = match cli.lang {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Zh) => Lang::Zh,
        None => Lang::from_locale(|name| std::env::var(name).ok()),
    };
    match dispatch(cli, lang) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(error) => {
            report(&error, lang);
            ExitCode::from(2)
        }
    }
}

fn report(error: &anyhow::Error, lang: Lang) {
    let label = crate::content::text::tr(lang, "error:", "错误：")
        .red()
        .bold();
    if let Some(content) = error.downcast_ref::<ContentErrors>() {
        let intro = crate::content::text::tr(
            lang,
            "the lesson content has problems; fix these and run again:",
            "课程内容有问题；请修正以下各项后重试：",
        );
        eprintln!("{label} {intro}");
        for problem in &content.0 {
            eprintln!("  {problem}");
        }
        return;
    }
    eprintln!("{label} {error}");
    for cause in error.chain().skip(1) {
        eprintln!(
            "  {} {cause}",
            crate::content::text::tr(lang, "because:", "原因：").dimmed()
        );
    }
}

/// What `--cmd` and `--solution` name.
fn target_of(cmd: Option<String>, solution: bool) -> Target {
    match (cmd, solution) {
        (Some(line), _) => Target::Command(line),
        (None, true) => Target::Solution,
        (None, false) => Target::Exercise,
    }
}

fn dispatch(cli: Cli, lang: Lang) -> Result<Status> {
    let command = cli.command.unwrap_or(Command::Next);
    if let Command::Completions { shell } = command {
        clap_complete::generate(shell, &mut Cli::command(), "learn", &mut std::io::stdout());
        return Ok(Status::Success);
    }
    // Explaining a message needs no course, so it works in any folder.
    if let Command::Explain {
        file,
        json,
        answers,
    } = &command
    {
        return commands::explain::run(file.as_deref(), answers.as_deref(), *json, lang);
    }
    if let Command::Dev {
        command: DevCommand::Check { dir, run },
    } = command
    {
        return commands::dev::check(dir.or(cli.root), run, lang);
    }
    if let Command::Dev {
        command: DevCommand::Update { dir },
    } = command
    {
        return commands::dev::update(dir.or(cli.root), lang);
    }
    if let Command::Dev {
        command: DevCommand::Coverage,
    } = command
    {
        return commands::dev::coverage(cli.root, lang);
    }
    let mut ctx = Ctx::load(cli.root, lang)?;
    match command {
        Command::Next => commands::next::run(&mut ctx),
        Command::List { json } => commands::list::run(&ctx, json),
        Command::Check {
            id,
            solution,
            cmd,
            timeout,
            seed,
            json,
            full,
        } => {
            let target = target_of(cmd, solution);
            commands::check::run(
                &mut ctx,
                &CheckArgs {
                    id,
                    target,
                    timeout,
                    seed,
                    json,
                    full,
                    watching: false,
                },
            )
        }
        Command::Run { id, solution } => commands::run::run(&ctx, &id, solution),
        Command::Watch { timeout } => commands::watch::run(&mut ctx, timeout),
        Command::Interop {
            id,
            solution,
            cmd,
            python,
            timeout,
        } => commands::interop::run(
            &ctx,
            &commands::interop::InteropArgs {
                id,
                target: target_of(cmd, solution),
                python,
                timeout,
            },
        ),
        Command::Conformance {
            id,
            solution,
            cmd,
            scenario,
            expected_failures,
            node,
            install,
            json,
        } => commands::conformance::run(
            &ctx,
            &commands::conformance::ConformanceArgs {
                id,
                target: target_of(cmd, solution),
                scenarios: scenario,
                expected_failures,
                node,
                install,
                json,
            },
        ),
        Command::Serve {
            id,
            solution,
            cmd,
            http,
            timeout,
            max_body,
            allow_origin,
            allow_host,
        } => commands::serve::run(
            &ctx,
            commands::serve::ServeArgs {
                id,
                target: target_of(cmd, solution),
                http,
                timeout,
                max_body,
                allowed: crate::serve::Allowed {
                    hosts: allow_host,
                    origins: allow_origin,
                },
            },
        ),
        Command::Hint { id, all } => commands::hint::run(&mut ctx, id.as_deref(), all),
        Command::Solution { id, force } => commands::solution::run(&ctx, id.as_deref(), force),
        Command::Reset { id, force } => commands::reset::run(&mut ctx, id.as_deref(), force),
        Command::Read { id } => commands::read::run(&ctx, &id),
        Command::Glossary { term } => commands::glossary::glossary(&ctx, term.as_deref()),
        Command::Recap => commands::glossary::recap(&ctx),
        Command::Progress { json } => commands::progress::run(&ctx, json),
        Command::Quiz {
            objective,
            seed,
            retry_wrong,
            list,
            answers,
            json,
        } => commands::quiz::run(
            &mut ctx,
            &commands::quiz::QuizArgs {
                objective,
                seed,
                retry_wrong,
                list,
                answers,
                json,
            },
        ),
        Command::Grade(args) => commands::grade::run(&mut ctx, args),
        Command::Completions { .. } | Command::Explain { .. } | Command::Dev { .. } => {
            Ok(Status::Success)
        }
    }
}
