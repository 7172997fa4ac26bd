//! Random scenarios ([`generate`]): players, a configuration SPEC §2 accepts, withdrawals and
//! absences, all from one seed.

use super::params::{GenParams, SystemKind};
use super::results::ResultRates;
use crate::rng::SplitMix64;
use bsw_model::{Colour, Config, DutchConfig, Id, Player, System, Tournament, layout};
use serde::{Deserialize, Serialize};

/// A requested absence (SPEC §9), or the arbiter's full-point bye (Dutch events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    pub player: Id,
    pub round: u32,
    /// `half-bye` when true, `zero-bye` otherwise.
    pub half: bool,
    /// The arbiter's full-point bye (`full-bye`), entered in `rounds.csv` ahead of its round
    /// (then `half` is false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub full: bool,
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

/// Schedule length of a Berger group of `k` players (SPEC §2), from the model's layout.
pub use bsw_model::layout::schedule_len;

impl Scenario {
    /// Total rounds R (SPEC §2: defaults to P when groups exist).
    pub fn total_rounds(&self) -> u32 {
        layout::total_rounds(&self.base.config).unwrap_or(0)
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

/// TPN order (SPEC §1), from the model's layout: indices into `players` (whose ids are
/// unique), rating descending, entry order on ties.
pub use bsw_model::layout::tpn_order;

/// Membership of each player (index into `players`) after the swaps (SPEC §2, the model's
/// layout): `Some(g)` for Berger group g (0-based), `None` for the lower Swiss group. `None`
/// overall when the groups or swaps do not lay out over the players.
pub fn memberships(players: &[Player], config: &Config) -> Option<Vec<Option<usize>>> {
    layout::memberships(players, config).ok()
}

/// Whether a configuration is one the generator would produce: one that reading accepts
/// (SPEC §2: groups of at least 3 with one schedule length, no more group members than
/// players, valid swaps, R >= 1 and R >= P), with a lower Swiss group of 0 or at least 3
/// players.
pub fn config_is_valid(players: &[Player], config: &Config) -> bool {
    if players.is_empty() || config.groups.iter().any(|&k| k < 3) {
        return false;
    }
    let p = layout::initial_phase(&config.groups);
    if config.groups.iter().any(|&k| schedule_len(k) != p) {
        return false;
    }
    let Some(m) = memberships(players, config) else {
        return false;
    };
    let lower = m.iter().filter(|g| g.is_none()).count();
    let rounds = layout::total_rounds(config).unwrap_or(0);
    rounds >= 1 && rounds >= p && (lower == 0 || lower >= 3)
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
    if params.system == SystemKind::Dutch {
        return generate_dutch(seed, params);
    }
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
            let exact: Vec<u32> =
                (1..=params.max_groups).filter(|&g| g * p <= n && n <= g * (p + 1)).collect();
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

    let players = draw_players(&mut rng, n, params);

    let mut config = Config {
        name: Some(format!("Random tournament {seed}")),
        rounds: Some(rounds),
        seed: rng.next_u64() >> 1,
        groups,
        swaps: Vec::new(),
        tiebreaks: None,
        ..Config::default()
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
    let (withdrawals, absences) = draw_events(&mut rng, &players, rounds, params, |rng, i| {
        // Players on a Berger schedule may not be absent (SPEC §9): give them absences in
        // the later phase, except now and then one that the engine may refuse (then play()
        // drops it), which exercises that path and the case of a group that has joined
        // the Swiss field.
        let in_group = m[i].is_some();
        if !in_group || rng.chance(0.1) {
            Some(rng.range(1, rounds as u64) as u32)
        } else if rounds > p {
            Some(rng.range(p as u64 + 1, rounds as u64) as u32)
        } else {
            None
        }
    });
    scenario(seed, Tournament { config, players, rows: Vec::new() }, withdrawals, absences, params)
}

fn scenario(
    seed: u64,
    base: Tournament,
    withdrawals: Vec<(Id, u32)>,
    absences: Vec<Absence>,
    params: &GenParams,
) -> Scenario {
    Scenario { seed, base, withdrawals, absences, rates: rates(params) }
}

/// Players 1..=n: ratings with ties and unrated players, in entry order.
fn draw_players(rng: &mut SplitMix64, n: u32, params: &GenParams) -> Vec<Player> {
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
    players
}

fn rates(params: &GenParams) -> ResultRates {
    ResultRates {
        draw: params.draw_rate,
        forfeit: params.forfeit_rate,
        double_loss: params.double_loss_rate,
    }
}

/// Withdrawals (from round 2 on) and requested absences of `players`; `absence_round(rng, i)`
/// draws the round of player i's absence (`None`: no absence).
fn draw_events(
    rng: &mut SplitMix64,
    players: &[Player],
    rounds: u32,
    params: &GenParams,
    absence_round: impl Fn(&mut SplitMix64, usize) -> Option<u32>,
) -> (Vec<(Id, u32)>, Vec<Absence>) {
    let mut withdrawals = Vec::new();
    let mut absences = Vec::new();
    for (i, pl) in players.iter().enumerate() {
        if rounds >= 2 && rng.chance(params.withdraw_rate) {
            withdrawals.push((pl.id, rng.range(2, rounds as u64) as u32));
        }
        if rng.chance(params.absence_rate)
            && let Some(round) = absence_round(rng, i)
        {
            absences.push(Absence { player: pl.id, round, half: rng.chance(0.5), full: false });
        }
    }
    (withdrawals, absences)
}

/// A FIDE (Dutch) System tournament (`--system dutch`): `players` and `rounds` drawn from
/// their ranges (rounds at most players - 1), ratings as for Berger-Swiss, the players
/// numbered in the SPEC §1 order (rating descending, entry order on ties) so that ids and
/// Dutch pairing numbers coincide; `initial_colour` white, black or absent (then drawn from
/// the seed), `pab_points` 1 (8 in 10), ½ or 0; the acceleration `--acceleration` names
/// (drawing nothing); withdrawals and absences (H/Z announced before their round) at their
/// rates; late entries (`enters`, at a round of 2..=R) at `late_entry_rate`. Group, swap and
/// phase flags do not apply.
fn generate_dutch(seed: u64, params: &GenParams) -> Scenario {
    let mut rng = SplitMix64::new(seed);
    let n = draw_range(&mut rng, params.players);
    let rounds = draw_range(&mut rng, params.rounds).min(n.saturating_sub(1)).max(1);
    let mut players = draw_players(&mut rng, n, params);
    players.sort_by_key(|p| std::cmp::Reverse(p.rating)); // stable: entry order on ties
    for (k, p) in players.iter_mut().enumerate() {
        p.id = k as u32 + 1;
        p.name = format!("Player {}", k + 1);
    }
    let initial_colour = match rng.below(3) {
        0 => None,
        1 => Some(Colour::White),
        _ => Some(Colour::Black),
    };
    let pab_points = match rng.below(10) {
        0 => 1,
        1 => 0,
        _ => 2,
    };
    let acceleration = match params.acceleration {
        super::AccelerationKind::None => bsw_model::Acceleration::None,
        super::AccelerationKind::Baku => bsw_model::Acceleration::Baku,
    };
    let config = Config {
        name: Some(format!("Random Dutch tournament {seed}")),
        rounds: Some(rounds),
        seed: rng.next_u64() >> 1,
        system: System::Dutch(DutchConfig { initial_colour, pab_points }),
        acceleration,
        ..Config::default()
    };
    let (mut withdrawals, mut absences) =
        draw_events(&mut rng, &players, rounds, params, |rng, _| {
            Some(rng.range(1, rounds as u64) as u32)
        });
    // Late entries (FIDE C.04.2) last, and only at a positive rate: with rate 0 the stream
    // above, and so every event, is what it was without them.
    if params.late_entry_rate > 0.0 && rounds >= 2 {
        for p in &mut players {
            if rng.chance(params.late_entry_rate) {
                p.enters = Some(rng.range(2, rounds as u64) as u32);
            }
        }
        // A withdrawal comes after the entry (`players.csv` refuses the other order).
        withdrawals.retain(|&(id, w)| {
            players.iter().find(|p| p.id == id).and_then(|p| p.enters).is_none_or(|k| w > k)
        });
    }
    // The arbiter's full-point byes after that, and only at a positive rate.
    if params.full_bye_rate > 0.0 {
        for p in &players {
            if rng.chance(params.full_bye_rate) {
                let round = rng.range(1, rounds as u64) as u32;
                absences.push(Absence { player: p.id, round, half: false, full: true });
            }
        }
    }
    scenario(seed, Tournament { config, players, rows: Vec::new() }, withdrawals, absences, params)
}
