//! The Berger-Swiss system (SPEC.md §1-9): [`pair_next_round`] calls the rule modules in
//! SPEC order, one module per rule, named after its SPEC section:
//!
//! | SPEC | module |
//! |---|---|
//! | §1 TPN | [`tpn`] |
//! | §2 configuration, groups, swaps | [`groups`] |
//! | §3 results and what they count for | [`state`] |
//! | §4 the draw, Berger tables | [`draw`], [`berger`] |
//! | §5 WNT and the Swiss order | [`order`] |
//! | §6 withdrawals | [`withdrawals`] |
//! | §7 the Swiss field | [`field`] |
//! | §8 pairing a Swiss field | [`swiss`] (calls §8.1-8.4) |
//! | §8.1 bye eligibility | [`byes`] |
//! | §8.2 colours | [`colours`] |
//! | §8.3 the ladder | [`ladder`] (feasibility on [`level_graph`] by [`crate::matching`]) |
//! | §8.4 the greedy | [`greedy`] (candidates screened by [`quotient`]) |
//! | §8.5 board order | [`board_order`] |
//! | §9 requested absences | [`absences`] |

pub(crate) mod absences;
pub(crate) mod berger;
pub(crate) mod board_order;
pub(crate) mod byes;
pub(crate) mod colours;
pub mod draw;
pub(crate) mod field;
pub(crate) mod greedy;
pub(crate) mod groups;
pub(crate) mod ladder;
pub(crate) mod level;
pub(crate) mod level_graph;
pub(crate) mod order;
pub(crate) mod quotient;
pub(crate) mod state;
pub(crate) mod swiss;
pub(crate) mod tpn;
pub(crate) mod withdrawals;

use bsw_model::{Id, Row, Tournament};

pub use level::Level;

/// Why the next round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// An earlier round still lacks results: (round, board, white, black) of each missing game.
    IncompleteRound(Vec<(u32, u32, Id, Id)>),
    /// All rounds have been paired.
    Finished { rounds: u32 },
    /// No active player is left to pair.
    NoActivePlayer { round: u32 },
    /// A player with a requested absence whose group is on its Berger schedule (SPEC §9).
    AbsenceInBergerGroup { round: u32, player: Id, group: usize },
    /// The configuration breaks SPEC §2 (groups, swaps, rounds).
    Config(String),
    /// The rounds name a player who is not in the player list.
    UnknownPlayer { round: u32, id: Id },
    /// A `full-bye` row (the arbiter's full-point bye): the SPEC has no such bye (§3).
    FullBye { round: u32, player: Id },
    /// Round `round` holds only entries made ahead of its pairing (absences): SPEC §9 takes
    /// requested absences from `players.csv`, not from rows of an unpaired round.
    PreEnteredRound { round: u32 },
}

impl std::error::Error for EngineError {}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::IncompleteRound(missing) => {
                let games = match missing.len() {
                    1 => "1 game still lacks".to_string(),
                    n => format!("{n} games still lack"),
                };
                let listed: Vec<String> = missing
                    .iter()
                    .take(10)
                    .map(|(r, b, w, bl)| format!("round {r} board {b} ({w} vs {bl})"))
                    .collect();
                write!(f, "cannot pair the next round: {games} a result: {}", listed.join("; "))?;
                if missing.len() > 10 {
                    write!(f, "; and {} more", missing.len() - 10)?;
                }
                Ok(())
            }
            EngineError::Finished { rounds } => {
                write!(f, "the event is finished: all {rounds} rounds are paired")
            }
            EngineError::NoActivePlayer { round } => {
                write!(f, "round {round}: no active player is left to pair")
            }
            EngineError::AbsenceInBergerGroup { round, player, group } => write!(
                f,
                "round {round}: player {player} has a requested absence but group {} is on its Berger schedule (SPEC §9); enter a forfeit instead",
                group + 1
            ),
            EngineError::Config(m) => write!(f, "tournament.toml: {m}"),
            EngineError::UnknownPlayer { round, id } => {
                write!(f, "rounds.csv: round {round} names unknown player {id}")
            }
            EngineError::PreEnteredRound { round } => write!(
                f,
                "rounds.csv: round {round} holds only absences entered ahead, and not every player has a row: in a Berger-Swiss event a requested absence is listed in players.csv (`half_byes`, `zero_byes`, SPEC §9), not entered in rounds.csv before the round is paired"
            ),
            EngineError::FullBye { round, player } => write!(
                f,
                "round {round}: player {player} has a full-point bye the arbiter gave (`full-bye`, TRF `F`), which the Berger-Swiss system does not have (SPEC §3: `bye`, `half-bye`, `zero-bye`)"
            ),
        }
    }
}

/// Search statistics of one Swiss pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Levels (including bye receivers) whose feasibility was decided.
    pub levels_tried: u64,
    /// Maximum-matching computations (feasibility questions).
    pub matching_calls: u64,
    /// Augmenting paths found.
    pub augmenting_paths: u64,
    /// Vertices labelled by alternating-path searches.
    pub nodes_visited: u64,
    /// §8.4: candidate buckets ruled out by the counting filter, without a search.
    pub filter_rejections: u64,
    /// §8.4: bucket-graph nodes the counting filter visited.
    pub filter_nodes: u64,
    /// §8.4: Gallai-Edmonds searches (a candidate the filter passed had no pairable rest).
    pub fallback_searches: u64,
}

/// How the Swiss field of a round was paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissReport {
    /// Players in the field (before setting the bye aside).
    pub field_size: usize,
    /// The level chosen (SPEC §8.3).
    pub level: Level,
    /// The Swiss bye receiver, if the field was odd.
    pub bye: Option<Id>,
    pub stats: SearchStats,
    /// Lines for people (`bsw pair --explain`): stricter levels and why they failed, bye
    /// receivers tried, statistics.
    pub explain: Vec<String>,
}

/// The next round as the engine pairs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    pub round: u32,
    /// Rows in board order: games (result `None`), byes, absences (SPEC §8.5).
    pub rows: Vec<Row>,
    /// `None` when the round has no Swiss field (or an empty one).
    pub swiss: Option<SwissReport>,
}

/// Pairs round `t.last_round() + 1`: the rule modules in SPEC order.
pub fn pair_next_round(t: &Tournament) -> Result<PairedRound, EngineError> {
    let started = std::time::Instant::now();
    let players = &t.players;
    let index_of = index_players(t)?;
    let tpn = tpn::assign(players);
    let groups = groups::build(t, &tpn)?;
    let r = next_round(t, &groups)?;
    let st = state::before_round(t, &index_of, r);
    let active: Vec<bool> = players.iter().map(|p| !p.withdrawn_by(r)).collect();
    if !active.iter().any(|&a| a) {
        return Err(EngineError::NoActivePlayer { round: r });
    }

    let mut parts = board_order::RoundParts::default();
    // §6/§4: groups still on their Berger schedule play their table round.
    let on_schedule = withdrawals::on_schedule(&groups, players, r);
    let seats = draw::seat_groups(t.config.seed, &groups.members);
    (parts.berger_games, parts.berger_byes) =
        berger::scheduled_round(&seats, &on_schedule, &active, players, r);
    // §7 and §9: the Swiss field (in the Swiss order of §5) and requested absences.
    let selected = field::select(players, &groups, &on_schedule, &active, &tpn, r)?;
    parts.absences = selected.absences;
    let mut field = selected.field;
    order::sort(&mut field, &st, &tpn);
    // §8: pairing the Swiss field.
    let mut swiss = None;
    if !field.is_empty() {
        let paired = swiss::pair(field, &st, &tpn, players, started);
        parts.swiss_games = paired.games;
        parts.swiss_bye = paired.bye;
        swiss = Some(paired.report);
    }
    Ok(PairedRound { round: r, rows: board_order::number(r, parts), swiss })
}

/// The draw of §4 as the arbiter publishes it: for each Berger group in order, its players'
/// ids by Berger number (the first id holds number 1).
pub fn berger_numbers(t: &Tournament) -> Result<Vec<Vec<Id>>, EngineError> {
    let tpn = tpn::assign(&t.players);
    let groups = groups::build(t, &tpn)?;
    let seats = draw::seat_groups(t.config.seed, &groups.members);
    Ok(seats.into_iter().map(|list| list.into_iter().map(|i| t.players[i].id).collect()).collect())
}

/// Entry index of every player id; every player named in the rounds must be listed, and no
/// row is a `full-bye`.
fn index_players(t: &Tournament) -> Result<state::IdIndex, EngineError> {
    let index_of = state::IdIndex::new(t.players.iter().map(|p| p.id));
    for row in &t.rows {
        if let Some(id) = row.entry.players().find(|&id| index_of.get(id).is_none()) {
            return Err(EngineError::UnknownPlayer { round: row.round, id });
        }
        if let bsw_model::Entry::FullBye(player) = row.entry {
            return Err(EngineError::FullBye { round: row.round, player });
        }
    }
    Ok(index_of)
}

/// The round to pair: the one after the last, once every earlier game has a result and
/// while the event has rounds left (§2).
fn next_round(t: &Tournament, groups: &groups::Groups) -> Result<u32, EngineError> {
    if let Some(round) = t.entered_ahead() {
        return Err(EngineError::PreEnteredRound { round });
    }
    let last = t.last_round();
    let missing = t.missing_results(last);
    if !missing.is_empty() {
        return Err(EngineError::IncompleteRound(missing));
    }
    if last + 1 > groups.rounds {
        return Err(EngineError::Finished { rounds: groups.rounds });
    }
    Ok(last + 1)
}

#[cfg(test)]
mod tests;
