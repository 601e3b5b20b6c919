use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    learn::app::run(learn::cli::Cli::parse())
}
