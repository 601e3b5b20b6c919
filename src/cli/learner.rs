//! The learner's commands that take more than a flag or two: `check`, `quiz`.

use super::{ScenarioSeed, ScenarioTimeout, TargetArgs};
use std::path::PathBuf;

/// `learn check`'s arguments.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Exercise id or number [default: the current exercise]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    #[command(flatten)]
    pub timeout: ScenarioTimeout,

    #[command(flatten)]
    pub seed: ScenarioSeed,

    /// Print the verdict as JSON
    #[arg(long)]
    pub json: bool,

    /// Explain every failing scenario, not only the first three (with
    /// --json: each failing scenario's `message` is its whole explanation, as
    /// the text report gives it, rather than its problems cut to 500
    /// characters or 800 bytes of JSON)
    #[arg(long)]
    pub full: bool,
}

/// `learn quiz`'s arguments.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("batch").args(["list", "answers"]))]
pub struct QuizArgs {
    /// Objective id (as `learn list` shows it), or `<lesson>/<id>` when lessons share it
    /// [default: the first quiz not yet passed]
    pub objective: Option<String>,

    /// Reproduce a run: the seed that orders each question's choices [default: random]
    #[arg(long, conflicts_with = "batch")]
    pub seed: Option<u64>,

    /// Ask only the questions you got wrong or skipped last time
    #[arg(long, conflicts_with = "batch")]
    pub retry_wrong: bool,

    /// Print every question with its choices (never the answers), in the
    /// unshuffled order that answers files use
    #[arg(long)]
    pub list: bool,

    /// Grade a TOML file of `question-id = "answer"` lines without asking.
    /// An answer is a letter ("b"), a list of letters (["a", "c"]), true/false,
    /// or text. Letters are those of `--list` (the unshuffled order), not the
    /// shuffled ones of an interactive quiz. Does not change your progress
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// With --list or --answers: print JSON
    #[arg(long, requires = "batch")]
    pub json: bool,
}
