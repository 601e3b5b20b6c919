//! From parsed arguments to an exit code.

use crate::check::Target;
use crate::cli::{
    CheckArgs, Cli, Command, ConformanceArgs, DevCommand, GradeArgs, GradeFormat, InteropArgs,
    LangArg, QuizArgs, ServeArgs, TargetArgs,
};
use crate::commands::out::errln;
use crate::commands::{self, Ctx, Status};
use crate::content::Lang;
use crate::content::error::ContentErrors;
use anyhow::Result;
use clap::CommandFactory;
use colored::Colorize;
use std::process::ExitCode;

pub fn run(cli: Cli) -> ExitCode {
    if matches!(cli.command, Some(Command::Grade(_))) {
        // Before anything opens a descriptor or starts a thread.
        crate::runner::sandbox::close_inherited_descriptors();
    }
    crate::runner::interrupt::install();
    crate::render::style::init(cli.color);
    let lang = match cli.lang {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Zh) => Lang::Zh,
        None => Lang::from_locale(|name| std::env::var(name).ok()),
    };
    match dispatch(cli, lang) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(error) if closed_stdout(&error) => {
            // `learn list | head -1`: end as SIGPIPE would have, quietly,
            // and take the programs still running with us.
            crate::runner::interrupt::kill_all();
            ExitCode::from(141)
        }
        Err(error) => {
            report(&error, lang);
            ExitCode::from(2)
        }
    }
}

// Each command's flags as its request: no file under `commands/` takes a
// clap type, so a command can be called, and tested, without a command line.

/// What `--cmd` and `--solution` name (the learner's file when neither).
fn target(args: &TargetArgs) -> Target {
    match (&args.cmd, args.solution) {
        (Some(line), _) => Target::Command(line.clone()),
        (None, true) => Target::Solution,
        (None, false) => Target::Exercise,
    }
}

fn check_request(args: &CheckArgs) -> commands::check::CheckRequest {
    commands::check::CheckRequest {
        id: args.id.clone(),
        target: target(&args.target),
        seed: args.seed.value,
        timeout: args.timeout.duration,
        json: args.json,
        full: args.full,
    }
}

fn serve_request(args: ServeArgs) -> commands::serve::ServeRequest {
    commands::serve::ServeRequest {
        target: target(&args.target),
        id: args.id,
        http: args.http,
        timeout: args.timeout,
        max_body: args.max_body,
        allowed: crate::serve::Allowed {
            hosts: args.allow_host,
            origins: args.allow_origin,
        },
    }
}

fn interop_request(args: InteropArgs) -> commands::interop::InteropRequest {
    commands::interop::InteropRequest {
        target: target(&args.target),
        id: args.id,
        python: args.python,
        timeout: args.timeout,
    }
}

fn conformance_request(args: ConformanceArgs) -> commands::conformance::ConformanceRequest {
    commands::conformance::ConformanceRequest {
        target: target(&args.target),
        id: args.id,
        client: args.client,
        scenarios: args.scenario,
        expected_failures: args.expected_failures,
        node: args.node,
        install: args.install,
        json: args.json,
    }
}

fn quiz_request(args: QuizArgs) -> commands::quiz::QuizRequest {
    commands::quiz::QuizRequest {
        objective: args.objective,
        seed: args.seed,
        retry_wrong: args.retry_wrong,
        list: args.list,
        answers: args.answers,
        json: args.json,
    }
}

fn grade_request(args: GradeArgs) -> commands::grade::GradeRequest {
    use commands::grade::Format;
    let formats = args
        .format
        .iter()
        .map(|format| match format {
            GradeFormat::Text => Format::Text,
            GradeFormat::Json => Format::Json,
            GradeFormat::Gradescope => Format::Gradescope,
            GradeFormat::Junit => Format::Junit,
            GradeFormat::Csv => Format::Csv,
            GradeFormat::Html => Format::Html,
        })
        .collect();
    // clap takes exactly two values for `--show`.
    let show = match args.show.as_deref() {
        Some([student, exercise]) => Some((student.clone(), exercise.clone())),
        _ => None,
    };
    commands::grade::GradeRequest {
        submissions: args.submissions,
        merge: args.merge,
        show,
        exercises: args.exercises,
        clean: args.clean,
        formats,
        out: args.out,
        jobs: args.jobs.map(usize::from),
        timeout: args.timeout.duration,
        seed: args.seed.value,
        scenarios: args.scenarios,
        quiz: args.quiz,
        build_limit: args.build_limit,
        student_budget: args.student_budget,
        // MiB on the command line, bytes in the request.
        cache_limit: args.cache_limit << 20,
        memory_limit: args.memory_limit << 20,
        unsandboxed: args.unsandboxed,
        reveal_hidden: args.reveal_hidden,
    }
}

/// Whether the error comes from writing to a stdout whose reader has gone:
/// the commands' writes return their `io::Error` (`commands::out`), so it is
/// in the chain.
fn closed_stdout(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn report(error: &anyhow::Error, lang: Lang) {
    let w = crate::words::of(lang);
    let label = w.error_label().red().bold();
    if let Some(content) = error.downcast_ref::<ContentErrors>() {
        let heading = w.content_has_problems();
        errln!("{label} {heading}");
        for problem in &content.0 {
            errln!("  {problem}");
        }
        return;
    }
    errln!("{label} {error}");
    for cause in error.chain().skip(1) {
        errln!("  {} {cause}", w.because().dimmed());
    }
}

fn dispatch(cli: Cli, lang: Lang) -> Result<Status> {
    let root = cli.root;
    // Every command but these three needs the course.
    let course = || Ctx::load(root.clone(), lang);
    match cli.command.unwrap_or(Command::Next { lesson: None }) {
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "learn", &mut script);
            std::io::Write::write_all(&mut crate::commands::out::stdout(), &script)?;
            Ok(Status::Success)
        }
        // Explaining a message needs no course, so it works in any folder.
        Command::Explain {
            file,
            json,
            answers,
        } => commands::explain::run(file.as_deref(), answers.as_deref(), json, lang),
        Command::Dev { command } => match command {
            DevCommand::Check { dir, run } => commands::dev::check(dir.or(root), run, lang),
            DevCommand::Update { dir } => commands::dev::update(dir.or(root), lang),
            DevCommand::Coverage { lesson } => {
                commands::dev::coverage(root, lesson.as_deref(), lang)
            }
        },
        Command::Next { lesson } => commands::next::run(&mut course()?, lesson.as_deref()),
        Command::List { json } => commands::list::run(&course()?, json),
        Command::Check(args) => commands::check::run(&mut course()?, &check_request(&args), false),
        Command::Run { id, solution } => commands::run::run(&course()?, &id, solution),
        Command::Watch { timeout } => commands::watch::run(&mut course()?, timeout.duration),
        Command::Interop(args) => commands::interop::run(&course()?, &interop_request(args)),
        Command::Conformance(args) => {
            commands::conformance::run(&course()?, &conformance_request(args))
        }
        Command::Serve(args) => commands::serve::run(&course()?, serve_request(args)),
        Command::Hint { id, all } => commands::hint::run(&mut course()?, id.as_deref(), all),
        Command::Solution { id, force } => {
            commands::solution::run(&course()?, id.as_deref(), force)
        }
        Command::Reset { id, force } => commands::reset::run(&mut course()?, id.as_deref(), force),
        Command::Read { id } => commands::read::run(&course()?, &id),
        Command::Glossary { term } => commands::glossary::glossary(&course()?, term.as_deref()),
        Command::Recap => commands::glossary::recap(&course()?),
        Command::Progress { json } => commands::progress::run(&course()?, json),
        Command::Quiz(args) => commands::quiz::run(&mut course()?, &quiz_request(args)),
        Command::Grade(args) => commands::grade::run(&mut course()?, grade_request(args)),
    }
}

#[cfg(test)]
mod tests {
    use super::closed_stdout;
    use anyhow::Context;
    use std::io::{Error, ErrorKind};

    #[test]
    fn a_broken_pipe_anywhere_in_the_chain_is_a_closed_stdout() {
        let write: Result<(), Error> = Err(Error::from(ErrorKind::BrokenPipe));
        let error = write.context("writing the list").unwrap_err();
        assert!(closed_stdout(&error));
        let full: Result<(), Error> = Err(Error::from(ErrorKind::StorageFull));
        assert!(!closed_stdout(&full.context("writing").unwrap_err()));
        assert!(!closed_stdout(&anyhow::anyhow!("Broken pipe")));
    }
}
