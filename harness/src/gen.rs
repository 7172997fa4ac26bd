//! Random tournaments: players, configuration, withdrawals, absences and results, all from
//! one seed ([`generate`]), and the loop that plays such a tournament round by round with the
//! engine and certifies every round with the checker ([`play`]).
//!
//! A generated tournament is a [`Scenario`]: the players and the configuration as they stand
//! before round 1, plus the events that happen later (withdrawals, requested absences) and the
//! result rates. Results are a pure function of the scenario seed, the round and the two
//! players, so a scenario replays identically, and a reduced scenario (the shrinker's work)
//! keeps as many of the original results as the new pairings allow.
//!
//! The generator only produces configurations that SPEC §2 accepts: all Berger groups share
//! one schedule length P (which is then odd: sizes P and P+1), a lower Swiss group has either
//! no player or at least 3, and swaps always exchange players of different memberships.

use bsw_checker::{Profile, RoundReport};
use bsw_engine::{EngineError, Level, PairedRound};
use bsw_model::{Config, Entry, HalfPoints, Id, Outcome, Player, Row, Tournament};
use serde::{Deserialize, Serialize};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// Times a call: CPU time of the calling thread where the platform offers it (Linux, 64-bit:
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`), so that a busy, shared machine does not inflate
/// the figures with time spent preempted; wall time elsewhere.
pub struct Stopwatch {
    wall: Instant,
    cpu: Option<u64>,
}

/// This thread's CPU time in nanoseconds, where the platform has a per-thread clock.
fn thread_cpu_ns() -> Option<u64> {
    cpu_time::ThreadTime::try_now()
        .ok()
        .map(|t| t.as_duration().as_nanos() as u64)
}

/// Which clock [`Stopwatch`] uses here: `"thread-cpu"` or `"wall"`.
pub fn clock_name() -> &'static str {
    if thread_cpu_ns().is_some() {
        "thread-cpu"
    } else {
        "wall"
    }
}

impl Stopwatch {
    pub fn start() -> Self {
        Stopwatch {
            cpu: thread_cpu_ns(),
            wall: Instant::now(),
        }
    }

    /// Nanoseconds since [`Stopwatch::start`].
    pub fn ns(&self) -> u64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.wall.elapsed().as_nanos() as u64,
        }
    }
}

use crate::rng::{SplitMix64, hash_words};

/// Every knob of the generator. Each has a default ([`GenParams::default`]) and a flag of
/// `bsw generate` / `bsw simulate` of the same name (underscores become dashes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenParams {
    /// Number of players, inclusive range. With groups and no lower Swiss group the count is
    /// adjusted to what the group sizes allow.
    pub players: (u32, u32),
    /// Total rounds R, inclusive range. With groups and no later phase R = P, the largest odd
    /// number <= the drawn R that the players allow.
    pub rounds: (u32, u32),
    /// Probability that the tournament has Berger groups.
    pub group_rate: f64,
    /// Most Berger groups in one tournament.
    pub max_groups: u32,
    /// With groups: probability of a lower Swiss group (of at least 3 players).
    pub lower_swiss_rate: f64,
    /// With groups: probability of a later phase (R > P).
    pub later_phase_rate: f64,
    /// With groups: probability of swaps.
    pub swap_rate: f64,
    /// Most swaps in one tournament.
    pub max_swaps: u32,
    /// Ratings are drawn uniformly from this range.
    pub rating_min: u32,
    pub rating_max: u32,
    /// Probability that a player copies the rating of an earlier one (exercises TPN ties).
    pub equal_rating_rate: f64,
    /// Probability that a player is unrated (rating 0).
    pub unrated_rate: f64,
    /// Share of played games drawn.
    pub draw_rate: f64,
    /// Share of games lost without play by one side (`+/-`, `-/+`).
    pub forfeit_rate: f64,
    /// Share of games lost by both (`-/-`).
    pub double_loss_rate: f64,
    /// Probability that a player withdraws at some round.
    pub withdraw_rate: f64,
    /// Probability that a player requests an absence (half-bye or zero-bye) for some round.
    pub absence_rate: f64,
}

impl Default for GenParams {
    fn default() -> Self {
        GenParams {
            players: (6, 60),
            rounds: (3, 9),
            group_rate: 0.6,
            max_groups: 3,
            lower_swiss_rate: 0.7,
            later_phase_rate: 0.4,
            swap_rate: 0.3,
            max_swaps: 2,
            rating_min: 1000,
            rating_max: 2700,
            equal_rating_rate: 0.1,
            unrated_rate: 0.05,
            draw_rate: 0.15,
            forfeit_rate: 0.02,
            double_loss_rate: 0.005,
            withdraw_rate: 0.04,
            absence_rate: 0.05,
        }
    }
}

impl GenParams {
    /// Refuses nonsense (empty ranges, probabilities outside [0, 1]).
    pub fn validate(&self) -> Result<(), String> {
        let range = |name: &str, (a, b): (u32, u32), min: u32| {
            if a < min || b < a {
                Err(format!(
                    "--{name}: {a}..{b} is not a range of numbers >= {min}"
                ))
            } else {
                Ok(())
            }
        };
        range("players", self.players, 1)?;
        range("rounds", self.rounds, 1)?;
        range("rating", (self.rating_min, self.rating_max), 1)?;
        for (name, p) in [
            ("group-rate", self.group_rate),
            ("lower-swiss-rate", self.lower_swiss_rate),
            ("later-phase-rate", self.later_phase_rate),
            ("swap-rate", self.swap_rate),
            ("equal-rating-rate", self.equal_rating_rate),
            ("unrated-rate", self.unrated_rate),
            ("draw-rate", self.draw_rate),
            ("forfeit-rate", self.forfeit_rate),
            ("double-loss-rate", self.double_loss_rate),
            ("withdraw-rate", self.withdraw_rate),
            ("absence-rate", self.absence_rate),
        ] {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!(
                    "--{name}: {p} is not a probability between 0 and 1"
                ));
            }
        }
        if self.forfeit_rate + self.double_loss_rate > 1.0 {
            return Err("--forfeit-rate plus --double-loss-rate exceed 1".into());
        }
        Ok(())
    }
}

/// How results are drawn (part of a scenario so that a replay draws the same ones).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRates {
    pub draw: f64,
    pub forfeit: f64,
    pub double_loss: f64,
}

/// A requested absence (SPEC §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    pub player: Id,
    pub round: u32,
    /// `half-bye` when true, `zero-bye` otherwise.
    pub half: bool,
}

/// A tournament to play: everything [`play`] needs, nothing random left.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Keys the results (and names the case in reports).
    pub seed: u64,
    /// Configuration (with `rounds` and the draw seed) and players as of before round 1:
    /// no withdrawals, no absences, no rows.
    pub base: Tournament,
    /// (player, first round no longer paired), applied just before that round is paired.
    pub withdrawals: Vec<(Id, u32)>,
    /// Requested absences, recorded just before their round is paired.
    pub absences: Vec<Absence>,
    pub rates: ResultRates,
}

/// Schedule length of a Berger group of `k` players (SPEC §2).
pub fn schedule_len(k: u32) -> u32 {
    if k.is_multiple_of(2) { k - 1 } else { k }
}

impl Scenario {
    /// Total rounds R (SPEC §2: defaults to P when groups exist).
    pub fn total_rounds(&self) -> u32 {
        let c = &self.base.config;
        c.rounds
            .unwrap_or_else(|| c.groups.first().map_or(0, |&k| schedule_len(k)))
    }

    /// A rough size, for telling whether shrinking made progress: smaller is simpler.
    pub fn size(&self) -> ScenarioSize {
        ScenarioSize {
            players: self.base.players.len(),
            rounds: self.total_rounds(),
            groups: self.base.config.groups.len(),
            swaps: self.base.config.swaps.len(),
            withdrawals: self.withdrawals.len(),
            absences: self.absences.len(),
        }
    }
}

/// See [`Scenario::size`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ScenarioSize {
    pub players: usize,
    pub rounds: u32,
    pub groups: usize,
    pub swaps: usize,
    pub withdrawals: usize,
    pub absences: usize,
}

impl std::fmt::Display for ScenarioSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} players, {} rounds, {} groups, {} swaps, {} withdrawals, {} absences",
            self.players, self.rounds, self.groups, self.swaps, self.withdrawals, self.absences
        )
    }
}

/// TPN order (SPEC §1): indices into `players`, rating descending, entry order on ties.
pub fn tpn_order(players: &[Player]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..players.len()).collect();
    idx.sort_by(|&a, &b| players[b].rating.cmp(&players[a].rating).then(a.cmp(&b)));
    idx
}

/// Membership of each player (index into `players`) after the swaps: `Some(g)` for Berger
/// group g (0-based), `None` for the lower Swiss group. `None` overall when the configuration
/// does not fit the players or a swap is invalid.
pub fn memberships(players: &[Player], config: &Config) -> Option<Vec<Option<usize>>> {
    let order = tpn_order(players);
    let mut m = vec![None; players.len()];
    let mut pos = 0usize;
    for (g, &k) in config.groups.iter().enumerate() {
        for _ in 0..k {
            let &i = order.get(pos)?;
            m[i] = Some(g);
            pos += 1;
        }
    }
    for &(a, b) in &config.swaps {
        let ia = players.iter().position(|p| p.id == a)?;
        let ib = players.iter().position(|p| p.id == b)?;
        if ia == ib || m[ia] == m[ib] {
            return None;
        }
        m.swap(ia, ib);
    }
    Some(m)
}

/// Whether a configuration is one the generator would produce (and SPEC §2 accepts): groups of
/// at least 3 with one schedule length, no more group members than players, a lower Swiss
/// group of 0 or at least 3 players, valid swaps, R >= P.
pub fn config_is_valid(players: &[Player], config: &Config) -> bool {
    let groups = &config.groups;
    if players.is_empty() {
        return false;
    }
    if groups.is_empty() {
        return config.rounds.is_some_and(|r| r >= 1) && config.swaps.is_empty();
    }
    if groups.iter().any(|&k| k < 3) {
        return false;
    }
    let p = schedule_len(groups[0]);
    if groups.iter().any(|&k| schedule_len(k) != p) {
        return false;
    }
    let total: u32 = groups.iter().sum();
    let n = players.len() as u32;
    if total > n || (n - total > 0 && n - total < 3) {
        return false;
    }
    if config.rounds.is_some_and(|r| r < p) {
        return false;
    }
    memberships(players, config).is_some()
}

fn draw_range(rng: &mut SplitMix64, (a, b): (u32, u32)) -> u32 {
    rng.range(a as u64, b as u64) as u32
}

/// Largest odd number in `3..=x`, if any.
fn largest_odd_at_most(x: u32) -> Option<u32> {
    if x < 3 {
        None
    } else if x % 2 == 1 {
        Some(x)
    } else {
        Some(x - 1)
    }
}

/// Draws a scenario from `seed` and `params` (which must be valid).
pub fn generate(seed: u64, params: &GenParams) -> Scenario {
    let mut rng = SplitMix64::new(seed);
    let mut n = draw_range(&mut rng, params.players);
    let r_drawn = draw_range(&mut rng, params.rounds);

    // Configuration: groups, lower Swiss group, phases.
    let mut groups: Vec<u32> = Vec::new();
    let mut rounds = r_drawn;
    let with_groups = rng.chance(params.group_rate) && params.max_groups >= 1;
    let later = rng.chance(params.later_phase_rate);
    let want_lower = rng.chance(params.lower_swiss_rate);
    if with_groups && n >= 3 && r_drawn >= 3 {
        let later = later && r_drawn >= 4;
        let max_p = if later { r_drawn - 1 } else { r_drawn };
        // P cannot exceed what the players allow (a group of P players at least).
        let cap = largest_odd_at_most(max_p.min(n));
        if let Some(cap) = cap {
            let p = if later {
                // a random odd P in 3..=cap
                3 + 2 * rng.below(((cap - 3) / 2 + 1) as u64) as u32
            } else {
                cap
            };
            let lower_fits = n >= p + 3;
            let exact: Vec<u32> = (1..=params.max_groups)
                .filter(|&g| g * p <= n && n <= g * (p + 1))
                .collect();
            let use_lower = lower_fits && (want_lower || exact.is_empty());
            if use_lower {
                let gmax = ((n - 3) / p).min(params.max_groups).max(1);
                let g = rng.range(1, gmax as u64) as u32;
                let mut room = n - 3 - g * p;
                for _ in 0..g {
                    let plus = room > 0 && rng.chance(0.5);
                    if plus {
                        room -= 1;
                    }
                    groups.push(p + plus as u32);
                }
            } else {
                let g = if exact.is_empty() {
                    // Too few players for anything else: one group of P, fix the count.
                    n = p;
                    1
                } else {
                    exact[rng.below(exact.len() as u64) as usize]
                };
                let plus = n - g * p;
                let mut sizes: Vec<u32> =
                    (0..g).map(|i| if i < plus { p + 1 } else { p }).collect();
                rng.shuffle(&mut sizes);
                groups = sizes;
            }
            rounds = if later { r_drawn } else { p };
        }
    }

    // Players: ratings with ties and unrated players.
    let mut players: Vec<Player> = Vec::with_capacity(n as usize);
    for i in 0..n {
        let rating = if rng.chance(params.unrated_rate) {
            0
        } else if i > 0 && rng.chance(params.equal_rating_rate) {
            players[rng.below(i as u64) as usize].rating
        } else {
            rng.range(params.rating_min as u64, params.rating_max as u64) as u32
        };
        players.push(Player {
            id: i + 1,
            name: format!("Player {}", i + 1),
            rating,
            ..Default::default()
        });
    }

    let mut config = Config {
        name: Some(format!("Random tournament {seed}")),
        rounds: Some(rounds),
        seed: rng.next_u64() >> 1,
        groups,
        swaps: Vec::new(),
        tiebreaks: None,
        system: Default::default(),
    };
    if !config.groups.is_empty() {
        let p = schedule_len(config.groups[0]);
        if rounds == p && rng.chance(0.5) {
            config.rounds = None; // exercise "R defaults to P"
        }
    }

    // Swaps between different memberships.
    if !config.groups.is_empty() && rng.chance(params.swap_rate) && params.max_swaps > 0 {
        let count = rng.range(1, params.max_swaps as u64);
        let mut m = memberships(&players, &config).expect("fresh groups fit");
        for _ in 0..count {
            for _attempt in 0..20 {
                let a = rng.below(n as u64) as usize;
                let b = rng.below(n as u64) as usize;
                if a != b && m[a] != m[b] {
                    config.swaps.push((players[a].id, players[b].id));
                    m.swap(a, b);
                    break;
                }
            }
        }
    }

    // Withdrawals and absences.
    let p = config.groups.first().map_or(0, |&k| schedule_len(k));
    let m = memberships(&players, &config).expect("generated swaps are valid");
    let mut withdrawals = Vec::new();
    let mut absences = Vec::new();
    for (i, pl) in players.iter().enumerate() {
        if rounds >= 2 && rng.chance(params.withdraw_rate) {
            withdrawals.push((pl.id, rng.range(2, rounds as u64) as u32));
        }
        if rng.chance(params.absence_rate) {
            // Players on a Berger schedule may not be absent (SPEC §9): give them absences in
            // the later phase, except now and then one that the engine may refuse (then play()
            // drops it), which exercises that path and the case of a group that has joined
            // the Swiss field.
            let in_group = m[i].is_some();
            let round = if !in_group || rng.chance(0.1) {
                Some(rng.range(1, rounds as u64) as u32)
            } else if rounds > p {
                Some(rng.range(p as u64 + 1, rounds as u64) as u32)
            } else {
                None
            };
            if let Some(round) = round {
                absences.push(Absence {
                    player: pl.id,
                    round,
                    half: rng.chance(0.5),
                });
            }
        }
    }

    Scenario {
        seed,
        base: Tournament {
            config,
            players,
            rows: Vec::new(),
        },
        withdrawals,
        absences,
        rates: ResultRates {
            draw: params.draw_rate,
            forfeit: params.forfeit_rate,
            double_loss: params.double_loss_rate,
        },
    }
}

/// Rating used for the Elo expectation of unrated players.
const UNRATED_STRENGTH: f64 = 1200.0;

/// The result of the game `white`-`black` in `round`: a pure function of the scenario seed,
/// the round, the two ids and their ratings. Forfeits and double losses at their rates, else
/// a draw at the draw rate, else a win drawn from the Elo expectation.
pub fn draw_result(
    seed: u64,
    round: u32,
    white: &Player,
    black: &Player,
    rates: &ResultRates,
) -> Outcome {
    let mut rng = SplitMix64::new(hash_words(&[
        seed,
        round as u64,
        white.id as u64,
        black.id as u64,
    ]));
    let u = rng.unit();
    if u < rates.double_loss {
        return Outcome::DoubleForfeit;
    }
    if u < rates.double_loss + rates.forfeit {
        return if rng.chance(0.5) {
            Outcome::WhiteForfeitWin
        } else {
            Outcome::BlackForfeitWin
        };
    }
    if rng.chance(rates.draw) {
        return Outcome::Draw;
    }
    let strength = |p: &Player| {
        if p.rating == 0 {
            UNRATED_STRENGTH
        } else {
            p.rating as f64
        }
    };
    let expect_white = 1.0 / (1.0 + 10f64.powf((strength(black) - strength(white)) / 400.0));
    if rng.unit() < expect_white {
        Outcome::WhiteWin
    } else {
        Outcome::BlackWin
    }
}

/// The pairing engine and the checker that [`play`] uses. Production code uses
/// [`Backend::REAL`]; tests may plug in stand-ins.
#[derive(Clone, Copy)]
pub struct Backend {
    pub pair: fn(&Tournament) -> Result<PairedRound, EngineError>,
    pub check: fn(&Tournament, u32) -> RoundReport,
}

fn real_check(t: &Tournament, round: u32) -> RoundReport {
    bsw_checker::check_round(t, round, Profile::BergerSwiss)
}

impl Backend {
    /// `bsw_engine::pair_next_round` and `bsw_checker::check_round` (profile berger-swiss).
    pub const REAL: Backend = Backend {
        pair: bsw_engine::pair_next_round,
        check: real_check,
    };
}

/// A deliberately broken rule, for testing that the checker and the shrinker catch bugs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Corruption {
    /// Swap the colours of the first game of every round in which at least `min_players`
    /// players are paired (rows of the round, byes and absences included).
    SwapBoardOneColours { min_players: usize },
}

impl Corruption {
    fn apply(&self, rows: &mut [Row]) {
        match *self {
            Corruption::SwapBoardOneColours { min_players } => {
                let paired: usize = rows.iter().map(|r| r.entry.players().count()).sum();
                if paired < min_players {
                    return;
                }
                if let Some(row) = rows
                    .iter_mut()
                    .find(|r| matches!(r.entry, Entry::Game { .. }))
                    && let Entry::Game {
                        white,
                        black,
                        result,
                    } = row.entry
                {
                    row.entry = Entry::Game {
                        white: black,
                        black: white,
                        result,
                    };
                }
            }
        }
    }
}

/// Options of [`play`].
#[derive(Clone, Copy)]
pub struct PlayOptions {
    pub backend: Backend,
    pub corrupt: Option<Corruption>,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            backend: Backend::REAL,
            corrupt: None,
        }
    }
}

/// How a round's Swiss field was paired, as far as the harness can tell.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissRecord {
    pub field_size: usize,
    pub level: Level,
    pub bye: Option<ByeRecord>,
}

/// Where the Swiss bye went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByeRecord {
    pub player: Id,
    /// The receiver is the bottom of the field (SPEC §5 Swiss order). `None` when the field
    /// could not be told from the rows.
    pub bottom: Option<bool>,
    /// The receiver is the lowest of the players with the fewest byes received (SPEC §8.1).
    pub eligible_bottom: Option<bool>,
}

/// One round as played.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRecord {
    pub round: u32,
    pub engine_ns: u64,
    pub checker_ns: u64,
    /// Game rows (boards with two players).
    pub games: u32,
    pub swiss: Option<SwissRecord>,
}

/// Why a tournament failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FailureKind {
    /// The checker found violations; the rules broken (SPEC sections), sorted, deduplicated.
    Violation(Vec<String>),
    /// The engine refused to pair; the error's variant name.
    EngineError(String),
    EnginePanic,
    CheckerPanic,
}

impl FailureKind {
    /// Whether `other` is "the same failure" for the shrinker: same kind, and for violations
    /// at least one rule in common.
    pub fn matches(&self, other: &FailureKind) -> bool {
        match (self, other) {
            (FailureKind::Violation(a), FailureKind::Violation(b)) => {
                a.iter().any(|r| b.contains(r))
            }
            (a, b) => a == b,
        }
    }

    pub fn label(&self) -> String {
        match self {
            FailureKind::Violation(rules) => format!("violation of rule {}", rules.join(", ")),
            FailureKind::EngineError(v) => format!("engine error {v}"),
            FailureKind::EnginePanic => "engine panic".into(),
            FailureKind::CheckerPanic => "checker panic".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub round: u32,
    pub kind: FailureKind,
    /// The error, panic message or violations, for people.
    pub details: Vec<String>,
}

/// A tournament as played by [`play`].
#[derive(Clone, Debug)]
pub struct Played {
    /// Everything recorded: players (with withdrawals and the absences kept), configuration,
    /// rows up to the last round paired. On a violation the failing round is included (results
    /// empty); on an engine failure it is not.
    pub tournament: Tournament,
    pub rounds: Vec<RoundRecord>,
    pub failure: Option<Failure>,
    /// Violations found (0 unless failure is a violation).
    pub violations: usize,
    /// Absences the engine refused (player on a Berger schedule) and that were dropped.
    pub dropped_absences: usize,
}

pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".into()
    }
}

fn engine_variant(e: &EngineError) -> String {
    // The variant name, from Debug (robust to variants added later).
    let d = format!("{e:?}");
    d.split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("")
        .to_string()
}

/// Plays `sc` round by round: withdrawals and absences of round r are recorded, round r is
/// paired by the engine, certified by the checker, and its results are filled in. Stops at the
/// first failure (engine error or panic, checker panic, violation).
pub fn play(sc: &Scenario, opts: &PlayOptions) -> Played {
    let mut t = sc.base.clone();
    let total = sc.total_rounds();
    let mut out = Played {
        tournament: Tournament::default(),
        rounds: Vec::new(),
        failure: None,
        violations: 0,
        dropped_absences: 0,
    };
    let tpn = tpn_rank(&t.players);
    for r in 1..=total {
        // Withdrawals take effect from this round; keep at least 2 active players so that the
        // event never runs out of players (which the engine would rightly refuse).
        for &(id, w) in &sc.withdrawals {
            if w != r {
                continue;
            }
            let active = t.players.iter().filter(|p| !p.withdrawn_by(r)).count();
            if let Some(p) = t.players.iter_mut().find(|p| p.id == id)
                && p.withdrawn_from.is_none()
                && active > 2
            {
                p.withdrawn_from = Some(r);
            }
        }
        for a in &sc.absences {
            if a.round != r {
                continue;
            }
            if let Some(p) = t.players.iter_mut().find(|p| p.id == a.player) {
                if p.withdrawn_by(r) || p.half_byes.contains(&r) || p.zero_byes.contains(&r) {
                    continue;
                }
                if a.half {
                    p.half_byes.push(r)
                } else {
                    p.zero_byes.push(r)
                }
            }
        }

        // Pair; drop absences that the engine refuses.
        let mut engine_ns = 0u64;
        let paired = loop {
            let watch = Stopwatch::start();
            let res = catch_unwind(AssertUnwindSafe(|| (opts.backend.pair)(&t)));
            engine_ns += watch.ns();
            match res {
                Ok(Err(EngineError::AbsenceInBergerGroup { round, player, .. })) if round == r => {
                    let Some(p) = t.players.iter_mut().find(|p| p.id == player) else {
                        break Err(Failure {
                            round: r,
                            kind: FailureKind::EngineError("AbsenceInBergerGroup".into()),
                            details: vec![format!(
                                "engine refused an absence of unknown player {player}"
                            )],
                        });
                    };
                    let before = p.half_byes.len() + p.zero_byes.len();
                    p.half_byes.retain(|&x| x != r);
                    p.zero_byes.retain(|&x| x != r);
                    if p.half_byes.len() + p.zero_byes.len() == before {
                        break Err(Failure {
                            round: r,
                            kind: FailureKind::EngineError("AbsenceInBergerGroup".into()),
                            details: vec![format!(
                                "engine refused an absence of player {player} in round {r} that was not requested"
                            )],
                        });
                    }
                    out.dropped_absences += 1;
                }
                Ok(Err(e)) => {
                    break Err(Failure {
                        round: r,
                        kind: FailureKind::EngineError(engine_variant(&e)),
                        details: vec![e.to_string()],
                    });
                }
                Ok(Ok(p)) => break Ok(p),
                Err(payload) => {
                    break Err(Failure {
                        round: r,
                        kind: FailureKind::EnginePanic,
                        details: vec![panic_message(&*payload)],
                    });
                }
            }
        };
        let mut paired = match paired {
            Ok(p) => p,
            Err(f) => {
                out.failure = Some(f);
                break;
            }
        };
        if let Some(c) = opts.corrupt {
            c.apply(&mut paired.rows);
        }
        let games = paired
            .rows
            .iter()
            .filter(|row| matches!(row.entry, Entry::Game { .. }))
            .count() as u32;
        let swiss = paired.swiss.as_ref().map(|s| SwissRecord {
            field_size: s.field_size,
            level: s.level,
            bye: s
                .bye
                .map(|b| bye_record(&t, &tpn, &paired.rows, s.field_size, b)),
        });
        t.rows.extend(paired.rows.iter().copied());

        // Certify.
        let watch = Stopwatch::start();
        let report = catch_unwind(AssertUnwindSafe(|| (opts.backend.check)(&t, r)));
        let checker_ns = watch.ns();
        out.rounds.push(RoundRecord {
            round: r,
            engine_ns,
            checker_ns,
            games,
            swiss,
        });
        match report {
            Err(payload) => {
                out.failure = Some(Failure {
                    round: r,
                    kind: FailureKind::CheckerPanic,
                    details: vec![panic_message(&*payload)],
                });
                break;
            }
            Ok(rep) if !rep.violations.is_empty() => {
                let mut rules: Vec<String> =
                    rep.violations.iter().map(|v| v.rule.clone()).collect();
                rules.sort();
                rules.dedup();
                out.violations = rep.violations.len();
                out.failure = Some(Failure {
                    round: r,
                    kind: FailureKind::Violation(rules),
                    details: rep
                        .violations
                        .iter()
                        .map(|v| format!("rule {}: players {:?}: {}", v.rule, v.players, v.message))
                        .collect(),
                });
                break;
            }
            Ok(_) => {}
        }

        // Results.
        let first = t.rows.len() - paired.rows.len();
        for i in first..t.rows.len() {
            if let Entry::Game {
                white,
                black,
                result: None,
            } = t.rows[i].entry
            {
                let (Some(w), Some(b)) = (t.player(white), t.player(black)) else {
                    continue;
                };
                let o = draw_result(sc.seed, r, w, b, &sc.rates);
                t.rows[i].entry = Entry::Game {
                    white,
                    black,
                    result: Some(o),
                };
            }
        }
    }
    for p in &mut t.players {
        p.half_byes.sort_unstable();
        p.zero_byes.sort_unstable();
    }
    out.tournament = t;
    out
}

/// TPN of each player id (1-based), as a lookup by id.
fn tpn_rank(players: &[Player]) -> std::collections::HashMap<Id, usize> {
    tpn_order(players)
        .into_iter()
        .enumerate()
        .map(|(rank, i)| (players[i].id, rank + 1))
        .collect()
}

/// Tells whether the Swiss bye went to the bottom of the field. The Swiss games are the last
/// `field_size / 2` games of the round (SPEC §8.5: games of groups on schedule come first);
/// their players plus the bye receiver are the field. Points, WNT and byes are tallied from the
/// earlier rounds (SPEC §3, §5).
fn bye_record(
    t: &Tournament,
    tpn: &std::collections::HashMap<Id, usize>,
    rows: &[Row],
    field_size: usize,
    bye: Id,
) -> ByeRecord {
    let games: Vec<(Id, Id)> = rows
        .iter()
        .filter_map(|r| match r.entry {
            Entry::Game { white, black, .. } => Some((white, black)),
            _ => None,
        })
        .collect();
    let swiss_games = field_size / 2;
    if games.len() < swiss_games {
        return ByeRecord {
            player: bye,
            bottom: None,
            eligible_bottom: None,
        };
    }
    let mut field: Vec<Id> = games[games.len() - swiss_games..]
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .collect();
    field.push(bye);
    // (points, wnt, byes) before this round.
    let mut tally: std::collections::HashMap<Id, (HalfPoints, u32, u32)> =
        field.iter().map(|&id| (id, (0, 0, 0))).collect();
    for row in &t.rows {
        match row.entry {
            Entry::Game {
                white,
                black,
                result: Some(o),
            } => {
                let (pw, pb) = o.points();
                let wins = (o == Outcome::WhiteWin, o == Outcome::BlackWin);
                if let Some(e) = tally.get_mut(&white) {
                    e.0 += pw;
                    e.1 += wins.0 as u32;
                }
                if let Some(e) = tally.get_mut(&black) {
                    e.0 += pb;
                    e.1 += wins.1 as u32;
                }
            }
            Entry::Bye(p) => {
                if let Some(e) = tally.get_mut(&p) {
                    e.0 += 2;
                    e.2 += 1;
                }
            }
            Entry::HalfBye(p) => {
                if let Some(e) = tally.get_mut(&p) {
                    e.0 += 1;
                }
            }
            _ => {}
        }
    }
    // Swiss order: points desc, WNT desc, TPN asc. The bottom is the maximum of this key.
    let key = |id: &Id| {
        let (p, w, _) = tally[id];
        (-p, -(w as i64), tpn.get(id).copied().unwrap_or(usize::MAX))
    };
    let bottom = field.iter().max_by_key(|id| key(id)).copied();
    let fewest = field.iter().map(|id| tally[id].2).min().unwrap_or(0);
    let eligible_bottom = field
        .iter()
        .filter(|id| tally[id].2 == fewest)
        .max_by_key(|id| key(id))
        .copied();
    ByeRecord {
        player: bye,
        bottom: Some(bottom == Some(bye)),
        eligible_bottom: Some(eligible_bottom == Some(bye)),
    }
}
