//! `bsw`: the command-line edge of berger-swiss: arguments, the terminal and exit codes. It
//! chooses the files (read and written through `bsw-model`) and the number of threads (used
//! by `bsw-harness`); the rule crates do no I/O. Standard output goes through [`output`].
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
mod cmd_check_all;
mod cmd_generate;
mod cmd_pair;
mod cmd_report;
mod cmd_result;
mod cmd_show;
mod cmd_simulate;
mod cmd_standings;
mod cmd_trf;
mod cmd_validate;
mod engine_mode;
mod input;
mod interrupt;
mod progress;

#[derive(Parser)]
#[command(
    name = "bsw",
    version,
    about = "Pairing engines for the Berger-Swiss and the FIDE (Dutch) systems, an independent checker, and a simulator",
    after_help = "Systems: a tournament directory (tournament.toml, players.csv, rounds.csv) is paired and \
certified by the system it declares: the Berger-Swiss system (SPEC.md) or, with system = \"dutch\", \
the FIDE (Dutch) System C.04.3 (2026). A TRF file is read wherever a directory is.\n\n\
Engine convention (JaVaFo, bbpPairings): bsw [--dutch] FILE.trf -p [OUT] pairs the next round of \
FILE.trf and writes the pairs to OUT (standard output without OUT); exit 1 when no pairing \
satisfies the absolute criteria.\n\n\
Start: bsw simulate (simulate and certify random tournaments), bsw check FILE.trf (certify \
another program's rounds)."
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
    /// Certify every event under folders at once: summary.csv, summary.json, index.html and a
    /// certificate per event (exit: the worst event's).
    CheckAll(cmd_check_all::Args),
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
    /// Enter results into rounds.csv: one board, or a whole round with --from.
    Result(cmd_result::Args),
    /// Show the board list of a round with names, ratings, points and results.
    Show(cmd_show::Args),
    /// Write the arbiter's certificate: one self-contained HTML page.
    Report(cmd_report::Args),
}

fn main() -> ExitCode {
    // `bsw [--dutch] INPUT.trf -p [OUTPUT]`: the JaVaFo/bbpPairings engine convention.
    let cli = Cli::parse_from(engine_mode::convention_args(std::env::args_os()));
    let result = match cli.command {
        Command::Validate(a) => cmd_validate::run(a),
        Command::Pair(a) => cmd_pair::run(a),
        Command::Check(a) => cmd_check::run(a),
        Command::CheckAll(a) => cmd_check_all::run(a),
        Command::Standings(a) => cmd_standings::run(a),
        Command::Trf(a) => cmd_trf::run(a),
        Command::Generate(a) => cmd_generate::run(a),
        Command::Simulate(a) => cmd_simulate::run(a),
        Command::Bench(a) => cmd_bench::run(a),
        Command::Result(a) => cmd_result::run(a),
        Command::Show(a) => cmd_show::run(a),
        Command::Report(a) => cmd_report::run(a),
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
