//! The command line, and nothing else: every doc comment here is `--help` text.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Learn the JSON-RPC message layer of the Model Context Protocol (2026-07-28)
/// by writing small programs that speak it.
///
/// Start with `learn next`. Exit codes: 0 passed, 1 failed, 2 usage or content error.
#[derive(Debug, Parser)]
#[command(
    name = "learn",
    version,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Language of lesson text and messages [default: from LC_ALL/LANG]
    #[arg(long, global = true, value_enum, env = "LEARN_LANG")]
    pub lang: Option<LangArg>,

    /// When to colour output (NO_COLOR and CLICOLOR_FORCE are respected)
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// The course folder [default: found from the current folder upwards]
    #[arg(long, global = true, env = "LEARN_ROOT", value_name = "DIR")]
    pub root: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the next unfinished step: a section to read or an exercise to solve
    Next,

    /// List every step with its status
    List {
        /// Print JSON objects (`id`, `kind`, `status`, ...) instead of a table
        #[arg(long)]
        json: bool,
    },

    /// Build an exercise and check it against its scenarios
    Check {
        /// Exercise id or number [default: the current exercise]
        id: Option<String>,

        /// Check the reference solution instead of your file
        #[arg(long, conflicts_with = "cmd")]
        solution: bool,

        /// Check any program, in any language, started by this command line
        #[arg(long, value_name = "PROGRAM")]
        cmd: Option<String>,

        /// Seconds each scenario may take
        #[arg(long, default_value_t = 5.0, value_name = "SECONDS", value_parser = parse_timeout)]
        timeout: f64,

        /// Reproduce a run: the seed that picks ids, numbers and names [default: random]
        #[arg(long)]
        seed: Option<u64>,

        /// Print the verdict as JSON
        #[arg(long)]
        json: bool,
    },

    /// Build an exercise and run it on this terminal's stdin and stdout
    ///
    /// Type one JSON message per line, or attach an MCP client. Build messages
    /// go to stderr, so stdout carries only the program's own output.
    Run {
        /// Exercise id or number
        id: String,

        /// Run the reference solution instead of your file
        #[arg(long)]
        solution: bool,
    },

    /// Check the current exercise every time you save it, and move on when it passes
    Watch {
        /// Seconds each scenario may take
        #[arg(long, default_value_t = 5.0, value_name = "SECONDS", value_parser = parse_timeout)]
        timeout: f64,
    },

    /// Show the next hint for an exercise (each call shows one more)
    Hint {
        /// Exercise id or number [default: the current exercise]
        id: Option<String>,

        /// Show every hint at once
        #[arg(long)]
        all: bool,
    },

    /// Show the reference solution of an exercise you have solved
    Solution {
        /// Exercise id or number
        id: String,

        /// Show it even though you have not solved the exercise yet
        #[arg(long)]
        force: bool,
    },

    /// Put an exercise file back as it was in the last commit, and mark it unsolved
    Reset {
        /// Exercise id or number
        id: String,
    },

    /// Read a lesson section again
    Read {
        /// Section id, as shown by `learn list`
        id: String,
    },

    /// Show a progress bar for each objective
    Progress {
        /// Print JSON instead
        #[arg(long)]
        json: bool,
    },

    /// Print a shell completion script (e.g. `learn completions bash > ~/.local/share/bash-completion/completions/learn`)
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// Simplified Chinese
    Zh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn parse_timeout(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(s),
        _ => Err("give a number of seconds above 0 and at most 3600".into()),
    }
}
