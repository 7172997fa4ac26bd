//! `bsw generate --seed S [params] DIR`: one random tournament, paired round by round by the
//! engine and certified by the checker, written as a tournament directory (SPEC §12).
//!
//! Also home of the generator flags ([`GenArgs`]), shared with `bsw simulate`, and of
//! [`gen_flags`], which turns parameters back into flags for reproduction commands.

use bsw_harness::flags::span_text;
use bsw_harness::generator::{Corruption, GenParams, PlayOptions, generate, play};
use bsw_harness::rng::MAX_SEED;
use clap::Args as _;
use std::path::PathBuf;

/// Parses a seed: an integer from 0 to 2^63-1, what `tournament.toml` can hold (see
/// [`bsw_harness::rng::MAX_SEED`]).
pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(v) if v <= MAX_SEED => Ok(v),
        _ => Err(format!("a seed is an integer from 0 to 2^63-1 = {MAX_SEED}")),
    }
}

/// The generator flags: every field of [`GenParams`] (whose doc comments are the help), and
/// a hidden test switch.
#[derive(clap::Args, Clone, Debug)]
pub(crate) struct GenArgs {
    #[command(flatten)]
    pub params: GenParams,
    /// TEST SWITCH: swap the colours of board 1 in every round with at least N players
    /// paired, before the checker sees it (to test the checker and the shrinker).
    #[arg(long, hide = true, value_name = "N")]
    pub test_corrupt_board1: Option<usize>,
}

impl GenArgs {
    pub(crate) fn params(&self) -> Result<GenParams, String> {
        self.params.validate()?;
        Ok(self.params.clone())
    }

    pub(crate) fn play_options(&self) -> PlayOptions {
        PlayOptions {
            corrupt: self
                .test_corrupt_board1
                .map(|n| Corruption::SwapBoardOneColours { min_players: n }),
            ..PlayOptions::default()
        }
    }
}

/// Every generator flag with its value, in the order of `--help`, so that a printed command
/// reproduces a run exactly even if defaults change later.
pub(crate) fn gen_flags(p: &GenParams, corrupt: Option<Corruption>) -> Vec<String> {
    let values = serde_json::to_value(p).unwrap_or_default();
    let flags = GenParams::augment_args(clap::Command::new("bsw"));
    let mut v: Vec<String> = flags
        .get_arguments()
        .filter_map(|arg| {
            let value = match &values[arg.get_id().as_str()] {
                serde_json::Value::Array(range) => {
                    let n = |i: usize| range.get(i).and_then(|x| x.as_u64()).unwrap_or(0) as u32;
                    span_text((n(0), n(1)))
                }
                // Left out of the JSON when it has its default value (`--system`).
                serde_json::Value::Null => return None,
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            Some(format!("--{} {value}", arg.get_long()?))
        })
        .collect();
    if let Some(Corruption::SwapBoardOneColours { min_players }) = corrupt {
        v.push(format!("--test-corrupt-board1 {min_players}"));
    }
    v
}

/// Whether `--system dutch` was given (an external engine is then certified by the Dutch
/// profile).
pub(crate) fn dutch_system(params: &GenParams) -> bool {
    params.system == bsw_harness::generator::SystemKind::Dutch
}

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Seed of the tournament (every random choice comes from it), 0 to 2^63-1.
    #[arg(long, default_value_t = 1, value_parser = parse_seed)]
    pub seed: u64,
    #[command(flatten)]
    pub gen_args: GenArgs,
    #[command(flatten)]
    pub engine: crate::engine_mode::EngineArgs,
    /// Directory to create (must not exist, or be empty).
    pub dir: PathBuf,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let params = args.gen_args.params()?;
    if let Ok(mut entries) = std::fs::read_dir(&args.dir) {
        if entries.next().is_some() {
            return Err(format!(
                "{}: directory exists and is not empty; nothing written",
                args.dir.display()
            ));
        }
    } else if args.dir.exists() {
        return Err(format!(
            "{}: exists and is not a directory; nothing written",
            args.dir.display()
        ));
    }
    let engine = args.engine.engine(dutch_system(&params))?;
    let params = match &engine {
        Some(e) => {
            bsw_harness::external::refuse_full_byes(&params)?;
            e.profile.params(params)
        }
        None => params,
    };
    let sc = generate(args.seed, &params);
    let played = match &engine {
        Some(e) => crate::engine_mode::generate_external(&sc, e, &args.dir)?,
        None => {
            let played = play(&sc, &args.gen_args.play_options());
            bsw_model::io::write_dir(&args.dir, &played.tournament).map_err(|e| e.to_string())?;
            played
        }
    };
    let c = &played.tournament.config;
    outln!(
        "wrote {}: {}{}, {} paired of {}, groups {:?}, swaps {}, withdrawals {}, absences {}",
        args.dir.display(),
        if c.system.dutch().is_some() { "FIDE (Dutch) system, " } else { "" },
        crate::output::count(played.tournament.players.len() as u64, "player", "players"),
        crate::output::count(played.rounds.len() as u64, "round", "rounds"),
        sc.total_rounds(),
        c.groups,
        c.swaps.len(),
        played.tournament.players.iter().filter(|p| p.withdrawn_from.is_some()).count(),
        played
            .tournament
            .players
            .iter()
            .map(|p| p.half_byes.len() + p.zero_byes.len())
            .sum::<usize>(),
    )?;
    if let Some(slow) = played.rounds.iter().max_by_key(|r| r.engine_ns + r.checker_ns) {
        let ms = |ns: u64| ns as f64 / 1e6;
        outln!(
            "time: engine {:.2} ms, checker {:.2} ms in all; slowest round {}: engine {:.2} ms, checker {:.2} ms",
            ms(played.rounds.iter().map(|r| r.engine_ns).sum()),
            ms(played.rounds.iter().map(|r| r.checker_ns).sum()),
            slow.round,
            ms(slow.engine_ns),
            ms(slow.checker_ns)
        )?;
    }
    if let Some(r) = played.no_pairing {
        outln!(
            "ended before round {r}: no pairing satisfies C1-C3 (the engine says so and the checker confirms); an arbiter would decide"
        )?;
    }
    match played.failure {
        None => Ok(0),
        Some(f) => {
            outln!("FAILED in round {}: {}", f.round, f.kind.label())?;
            for d in &f.details {
                outln!("  {d}")?;
            }
            Ok(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser)]
    struct Flags {
        #[command(flatten)]
        gen_args: GenArgs,
    }

    fn parse(args: &[&str]) -> GenParams {
        let all = std::iter::once("bsw").chain(args.iter().copied());
        Flags::try_parse_from(all).unwrap().gen_args.params().unwrap()
    }

    #[test]
    fn flag_defaults_are_the_generator_defaults() {
        assert_eq!(parse(&[]), GenParams::default());
    }

    #[test]
    fn printed_flags_reproduce_the_parameters() {
        let p = parse(&[
            "--players",
            "12",
            "--rounds",
            "4..=7",
            "--draw-rate",
            "0.25",
            "--max-swaps",
            "5",
            "--double-loss-rate",
            "0.00001",
        ]);
        assert_eq!((p.players, p.rounds, p.max_swaps), ((12, 12), (4, 7), 5));
        assert_eq!((p.draw_rate, p.double_loss_rate), (0.25, 0.00001));
        let flags = gen_flags(&p, None);
        assert_eq!(flags.len(), 17, "{flags:?}");
        assert_eq!(flags[0], "--players 12");
        assert_eq!(flags[1], "--rounds 4..7");
        let words: Vec<&str> = flags.iter().flat_map(|f| f.split(' ')).collect();
        assert_eq!(parse(&words), p);
        let corrupt = Some(Corruption::SwapBoardOneColours { min_players: 14 });
        assert_eq!(gen_flags(&p, corrupt).last().unwrap(), "--test-corrupt-board1 14");
    }
}
