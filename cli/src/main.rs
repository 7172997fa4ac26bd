//! `bsw`: the command-line edge of berger-swiss. Files, terminals and threads live here;
//! the rule crates do no I/O.
//!
//! Exit codes (SPEC §12): 0 success / conforming, 1 violations (check, simulate),
//! 2 unusable input or any other error (one message naming file, line and field).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

// First, so that its macros (`out!`, `outln!`, `errln!`) are in scope in every command.
#[macro_use]
mod output;

mod cmd_bench;
mod cmd_check;
mod cmd_generate;
mod cmd_pair;
mod cmd_simulate;
mod cmd_standings;
mod cmd_trf;
mod cmd_validate;

#[derive(Parser)]
#[command(
    name = "bsw",
    version,
    about = "Berger-Swiss pairing engine, checker and simulator"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read and validate a tournament directory or TRF file; print a short summary.
    Validate(cmd_validate::Args),
    /// Pair the next round, append it to rounds.csv and print it.
    Pair(cmd_pair::Args),
    /// Certify every round (exit 0 conforming, 1 violations, 2 unusable input).
    Check(cmd_check::Args),
    /// Standings with tiebreaks, and group standings.
    Standings(cmd_standings::Args),
    /// TRF import and export.
    #[command(subcommand)]
    Trf(cmd_trf::TrfCommand),
    /// Write a random tournament directory, paired by the engine.
    Generate(cmd_generate::Args),
    /// Simulate random tournaments in parallel: pair with the engine, certify with the checker.
    Simulate(cmd_simulate::Args),
    /// Scaling benchmark on large fields: bench.csv, scaling.svg and a table.
    Bench(cmd_bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(a) => cmd_validate::run(a),
        Command::Pair(a) => cmd_pair::run(a),
        Command::Check(a) => cmd_check::run(a),
        Command::Standings(a) => cmd_standings::run(a),
        Command::Trf(a) => cmd_trf::run(a),
        Command::Generate(a) => cmd_generate::run(a),
        Command::Simulate(a) => cmd_simulate::run(a),
        Command::Bench(a) => cmd_bench::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            errln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Result of a subcommand: `Ok(exit code)` or an error message (exit 2).
pub type CmdResult = Result<u8, String>;
