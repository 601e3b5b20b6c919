//! From parsed arguments to an exit code.

use crate::cli::{CheckArgs, Cli, Command, DevCommand, LangArg};
use crate::commands::out::errln;
use crate::commands::{self, Ctx, Status};
use crate::content::Lang;
use crate::content::error::ContentErrors;
use anyhow::Result;
use clap::CommandFactory;
use colored::Colorize;
use std::process::ExitCode;
use std::time::Duration;

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

/// `learn check`'s flags as the command's request, so `commands::check`
/// takes no clap type (serve, interop, conformance, quiz and grade still do).
fn check_request(args: &CheckArgs) -> commands::check::CheckRequest {
    commands::check::CheckRequest {
        id: args.id.clone(),
        target: commands::target(&args.target),
        seed: args.seed.value,
        timeout: Duration::from_secs_f64(args.timeout.seconds),
        json: args.json,
        full: args.full,
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
        Command::Watch { timeout } => {
            commands::watch::run(&mut course()?, Duration::from_secs_f64(timeout.seconds))
        }
        Command::Interop(args) => commands::interop::run(&course()?, &args),
        Command::Conformance(args) => commands::conformance::run(&course()?, &args),
        Command::Serve(args) => commands::serve::run(&course()?, args),
        Command::Hint { id, all } => commands::hint::run(&mut course()?, id.as_deref(), all),
        Command::Solution { id, force } => {
            commands::solution::run(&course()?, id.as_deref(), force)
        }
        Command::Reset { id, force } => commands::reset::run(&mut course()?, id.as_deref(), force),
        Command::Read { id } => commands::read::run(&course()?, &id),
        Command::Glossary { term } => commands::glossary::glossary(&course()?, term.as_deref()),
        Command::Recap => commands::glossary::recap(&course()?),
        Command::Progress { json } => commands::progress::run(&course()?, json),
        Command::Quiz(args) => commands::quiz::run(&mut course()?, &args),
        Command::Grade(args) => commands::grade::run(&mut course()?, args),
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
