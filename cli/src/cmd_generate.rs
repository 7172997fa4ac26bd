//! `bsw generate --seed S [params] DIR`: one random tournament, paired round by round by the
//! engine and certified by the checker, written as a tournament directory (SPEC §12).
//!
//! Also home of the generator flags ([`GenArgs`]), shared with `bsw simulate`, and of
//! [`gen_flags`], which turns parameters back into flags for reproduction commands.

use bsw_harness::generator::{Corruption, GenParams, PlayOptions, generate, play};
use bsw_harness::rng::MAX_SEED;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// An inclusive range of counts: `N` or `MIN..MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span(pub u32, pub u32);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == self.1 {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{}..{}", self.0, self.1)
        }
    }
}

impl FromStr for Span {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let num = |x: &str| {
            x.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{s}` is not N or MIN..MAX"))
        };
        let span = match s.split_once("..") {
            Some((a, b)) => Span(num(a)?, num(b.trim_start_matches('='))?),
            None => {
                let n = num(s)?;
                Span(n, n)
            }
        };
        if span.1 < span.0 {
            return Err(format!("`{s}`: MIN is above MAX"));
        }
        Ok(span)
    }
}

/// Parses a seed: an integer from 0 to 2^63-1, what `tournament.toml` can hold (see
/// [`bsw_harness::rng::MAX_SEED`]).
pub fn parse_seed(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(v) if v <= MAX_SEED => Ok(v),
        _ => Err(format!(
            "a seed is an integer from 0 to 2^63-1 = {MAX_SEED}"
        )),
    }
}

fn d() -> GenParams {
    GenParams::default()
}

/// Generator parameters (every one has a default; see `bsw_harness::generator::GenParams`).
#[derive(clap::Args, Clone, Debug)]
pub struct GenArgs {
    /// Players per tournament: N or MIN..MAX.
    #[arg(long, default_value_t = Span(d().players.0, d().players.1), help_heading = "Generator")]
    pub players: Span,
    /// Rounds per tournament: N or MIN..MAX (with groups and no later phase: the schedule length).
    #[arg(long, default_value_t = Span(d().rounds.0, d().rounds.1), help_heading = "Generator")]
    pub rounds: Span,
    /// Probability of Berger groups.
    #[arg(long, default_value_t = d().group_rate, help_heading = "Generator")]
    pub group_rate: f64,
    /// Most Berger groups per tournament.
    #[arg(long, default_value_t = d().max_groups, help_heading = "Generator")]
    pub max_groups: u32,
    /// With groups: probability of a lower Swiss group (>= 3 players).
    #[arg(long, default_value_t = d().lower_swiss_rate, help_heading = "Generator")]
    pub lower_swiss_rate: f64,
    /// With groups: probability of a later phase (rounds beyond the schedule).
    #[arg(long, default_value_t = d().later_phase_rate, help_heading = "Generator")]
    pub later_phase_rate: f64,
    /// With groups: probability of swaps.
    #[arg(long, default_value_t = d().swap_rate, help_heading = "Generator")]
    pub swap_rate: f64,
    /// Most swaps per tournament.
    #[arg(long, default_value_t = d().max_swaps, help_heading = "Generator")]
    pub max_swaps: u32,
    /// Lowest rating drawn.
    #[arg(long, default_value_t = d().rating_min, help_heading = "Generator")]
    pub rating_min: u32,
    /// Highest rating drawn.
    #[arg(long, default_value_t = d().rating_max, help_heading = "Generator")]
    pub rating_max: u32,
    /// Probability that a player copies an earlier player's rating (TPN ties).
    #[arg(long, default_value_t = d().equal_rating_rate, help_heading = "Generator")]
    pub equal_rating_rate: f64,
    /// Probability that a player is unrated.
    #[arg(long, default_value_t = d().unrated_rate, help_heading = "Generator")]
    pub unrated_rate: f64,
    /// Share of played games drawn (the rest follows the Elo expectation).
    #[arg(long, default_value_t = d().draw_rate, help_heading = "Generator")]
    pub draw_rate: f64,
    /// Share of games lost without play by one side (+/-, -/+).
    #[arg(long, default_value_t = d().forfeit_rate, help_heading = "Generator")]
    pub forfeit_rate: f64,
    /// Share of games lost by both sides (-/-).
    #[arg(long, default_value_t = d().double_loss_rate, help_heading = "Generator")]
    pub double_loss_rate: f64,
    /// Probability that a player withdraws at some round.
    #[arg(long, default_value_t = d().withdraw_rate, help_heading = "Generator")]
    pub withdraw_rate: f64,
    /// Probability that a player requests an absence (half-bye or zero-bye).
    #[arg(long, default_value_t = d().absence_rate, help_heading = "Generator")]
    pub absence_rate: f64,
    /// TEST SWITCH: swap the colours of board 1 in every round with at least N players
    /// paired, before the checker sees it (to test the checker and the shrinker).
    #[arg(long, hide = true, value_name = "N")]
    pub test_corrupt_board1: Option<usize>,
}

impl GenArgs {
    pub fn params(&self) -> Result<GenParams, String> {
        let p = GenParams {
            players: (self.players.0, self.players.1),
            rounds: (self.rounds.0, self.rounds.1),
            group_rate: self.group_rate,
            max_groups: self.max_groups,
            lower_swiss_rate: self.lower_swiss_rate,
            later_phase_rate: self.later_phase_rate,
            swap_rate: self.swap_rate,
            max_swaps: self.max_swaps,
            rating_min: self.rating_min,
            rating_max: self.rating_max,
            equal_rating_rate: self.equal_rating_rate,
            unrated_rate: self.unrated_rate,
            draw_rate: self.draw_rate,
            forfeit_rate: self.forfeit_rate,
            double_loss_rate: self.double_loss_rate,
            withdraw_rate: self.withdraw_rate,
            absence_rate: self.absence_rate,
        };
        p.validate()?;
        Ok(p)
    }

    pub fn play_options(&self) -> PlayOptions {
        PlayOptions {
            corrupt: self
                .test_corrupt_board1
                .map(|n| Corruption::SwapBoardOneColours { min_players: n }),
            ..PlayOptions::default()
        }
    }
}

/// Every generator flag with its value, so that a printed command reproduces a run exactly
/// even if defaults change later.
pub fn gen_flags(p: &GenParams, corrupt: Option<Corruption>) -> Vec<String> {
    let mut v = vec![
        format!("--players {}", Span(p.players.0, p.players.1)),
        format!("--rounds {}", Span(p.rounds.0, p.rounds.1)),
        format!("--group-rate {}", p.group_rate),
        format!("--max-groups {}", p.max_groups),
        format!("--lower-swiss-rate {}", p.lower_swiss_rate),
        format!("--later-phase-rate {}", p.later_phase_rate),
        format!("--swap-rate {}", p.swap_rate),
        format!("--max-swaps {}", p.max_swaps),
        format!("--rating-min {}", p.rating_min),
        format!("--rating-max {}", p.rating_max),
        format!("--equal-rating-rate {}", p.equal_rating_rate),
        format!("--unrated-rate {}", p.unrated_rate),
        format!("--draw-rate {}", p.draw_rate),
        format!("--forfeit-rate {}", p.forfeit_rate),
        format!("--double-loss-rate {}", p.double_loss_rate),
        format!("--withdraw-rate {}", p.withdraw_rate),
        format!("--absence-rate {}", p.absence_rate),
    ];
    if let Some(Corruption::SwapBoardOneColours { min_players }) = corrupt {
        v.push(format!("--test-corrupt-board1 {min_players}"));
    }
    v
}

#[derive(clap::Args)]
pub struct Args {
    /// Seed of the tournament (every random choice comes from it), 0 to 2^63-1.
    #[arg(long, default_value_t = 1, value_parser = parse_seed)]
    pub seed: u64,
    #[command(flatten)]
    pub gen_args: GenArgs,
    /// Directory to create (must not exist, or be empty).
    pub dir: PathBuf,
}

pub fn run(args: Args) -> crate::CmdResult {
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
    let sc = generate(args.seed, &params);
    let played = play(&sc, &args.gen_args.play_options());
    bsw_model::io::write_dir(&args.dir, &played.tournament).map_err(|e| e.to_string())?;
    let c = &played.tournament.config;
    outln!(
        "wrote {}: {}, {} paired of {}, groups {:?}, swaps {}, withdrawals {}, absences {}",
        args.dir.display(),
        crate::output::count(played.tournament.players.len() as u64, "player", "players"),
        crate::output::count(played.rounds.len() as u64, "round", "rounds"),
        sc.total_rounds(),
        c.groups,
        c.swaps.len(),
        played
            .tournament
            .players
            .iter()
            .filter(|p| p.withdrawn_from.is_some())
            .count(),
        played
            .tournament
            .players
            .iter()
            .map(|p| p.half_byes.len() + p.zero_byes.len())
            .sum::<usize>(),
    )?;
    if let Some(slow) = played
        .rounds
        .iter()
        .max_by_key(|r| r.engine_ns + r.checker_ns)
    {
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
