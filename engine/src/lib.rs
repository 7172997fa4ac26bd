//! The Berger-Swiss pairing engine (SPEC.md §1-9). No I/O.
//!
//! Entry point: [`pair_next_round`]. One module per rule, named after its SPEC section:
//!
//! | SPEC | module |
//! |---|---|
//! | §1 TPN | [`tpn`] |
//! | §2 configuration, groups, swaps | [`groups`] |
//! | §3 results and what they count for | [`state`] |
//! | §4 the draw, Berger tables | [`draw`], [`berger`] |
//! | §5 WNT and the Swiss order | [`order`] |
//! | §6 withdrawals | [`withdrawals`] |
//! | §7 the Swiss field (and §9 absences) | [`field`], [`pair_next_round`] |
//! | §8.1 bye eligibility | [`byes`] |
//! | §8.2 colours | [`colours`] |
//! | §8.3 the ladder | [`ladder`] (feasibility by [`matching`]) |
//! | §8.4 the greedy | [`greedy`] (candidates screened by [`quotient`]) |
//! | §8.5 board order | [`board_order`] |
//!
//! Deliberately absent: I/O, floats, randomness other than the seeded draw, and any
//! exponential search. Every "does a complete pairing exist?" is a general matching on an
//! implicit graph (the allowed pairs are never stored), so 100,000-player fields pair.

pub mod berger;
pub mod board_order;
pub mod byes;
pub mod colours;
pub mod draw;
pub mod dutch;
pub mod field;
pub mod greedy;
pub mod groups;
pub mod ladder;
pub mod matching;
pub mod order;
pub mod quotient;
pub mod state;
pub mod tpn;
pub mod withdrawals;

use bsw_model::{Entry, HalfPoints, Id, Row, Tournament};
use std::collections::HashMap;

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
    AbsenceInBergerGroup {
        round: u32,
        player: Id,
        group: usize,
    },
    /// The configuration breaks SPEC §2 (groups, swaps, rounds).
    Config(String),
    /// The rounds name a player who is not in the player list.
    UnknownPlayer { round: u32, id: Id },
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::IncompleteRound(missing) => {
                write!(
                    f,
                    "cannot pair the next round: {} game(s) still lack a result:",
                    missing.len()
                )?;
                for (r, b, w, bl) in missing.iter().take(10) {
                    write!(f, " round {r} board {b} ({w} vs {bl});")?;
                }
                if missing.len() > 10 {
                    write!(f, " and {} more", missing.len() - 10)?;
                }
                Ok(())
            }
            EngineError::Finished { rounds } => {
                write!(f, "the event is finished: all {rounds} rounds are paired")
            }
            EngineError::NoActivePlayer { round } => {
                write!(f, "round {round}: no active player is left to pair")
            }
            EngineError::AbsenceInBergerGroup {
                round,
                player,
                group,
            } => write!(
                f,
                "round {round}: player {player} has a requested absence but group {} is on its Berger schedule (SPEC §9); enter a forfeit instead",
                group + 1
            ),
            EngineError::Config(m) => write!(f, "tournament.toml: {m}"),
            EngineError::UnknownPlayer { round, id } => {
                write!(f, "rounds.csv: round {round} names unknown player {id}")
            }
        }
    }
}

/// Half-points as people write them: 0, ½, 1, 1½ …
pub fn half_points(h: HalfPoints) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let a = h.unsigned_abs();
    match (a / 2, a % 2) {
        (0, 1) => format!("{sign}½"),
        (w, 0) => format!("{sign}{w}"),
        (w, _) => format!("{sign}{w}½"),
    }
}
impl std::error::Error for EngineError {}

/// A level of the relaxation ladder (SPEC §8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub rematches: bool,
    /// Streak limit L (2, 3, ...).
    pub streak_limit: u32,
    /// Colour balance (|colour difference| <= 2) required.
    pub balance: bool,
    /// Max score difference D in half-points; `None` = unlimited.
    pub max_diff: Option<bsw_model::HalfPoints>,
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

/// Pairs round `t.last_round() + 1`.
pub fn pair_next_round(t: &Tournament) -> Result<PairedRound, EngineError> {
    let started = std::time::Instant::now();
    let players = &t.players;
    let index_of: HashMap<Id, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    for row in &t.rows {
        if let Some(id) = row.entry.players().find(|id| !index_of.contains_key(id)) {
            return Err(EngineError::UnknownPlayer {
                round: row.round,
                id,
            });
        }
    }
    let tpn = tpn::assign(players);
    let groups = groups::build(t, &tpn)?;
    let last = t.last_round();
    let missing = t.missing_results(last);
    if !missing.is_empty() {
        return Err(EngineError::IncompleteRound(missing));
    }
    let r = last + 1;
    if r > groups.rounds {
        return Err(EngineError::Finished {
            rounds: groups.rounds,
        });
    }
    let st = state::before_round(t, &index_of, r);
    let active: Vec<bool> = players.iter().map(|p| !p.withdrawn_by(r)).collect();
    if !active.iter().any(|&a| a) {
        return Err(EngineError::NoActivePlayer { round: r });
    }

    let mut parts = board_order::RoundParts::default();
    // §6/§4: groups still on their Berger schedule play their table round.
    let on_schedule = if r <= groups.phase {
        withdrawals::schedules(&groups, players, r).on_schedule
    } else {
        vec![false; groups.members.len()]
    };
    let seats = draw::seat_groups(t.config.seed, &groups.members);
    for (g, seated) in seats.iter().enumerate() {
        if !on_schedule[g] {
            continue;
        }
        let k = seated.len();
        for (w, b) in berger::round(k, r as usize) {
            let at = |num: usize| seated.get(num - 1).copied(); // None = phantom
            match (at(w), at(b)) {
                (Some(x), Some(y)) => match (active[x], active[y]) {
                    (true, true) => parts.berger_games.push(Entry::Game {
                        white: players[x].id,
                        black: players[y].id,
                        result: None,
                    }),
                    (true, false) => parts.berger_byes.push(Entry::Bye(players[x].id)),
                    (false, true) => parts.berger_byes.push(Entry::Bye(players[y].id)),
                    (false, false) => {} // struck
                },
                (Some(x), None) | (None, Some(x)) => {
                    if active[x] {
                        parts.berger_byes.push(Entry::Bye(players[x].id));
                    }
                }
                (None, None) => unreachable!("a Berger board has at most one phantom"),
            }
        }
    }

    // §7 and §9: the Swiss field and requested absences.
    let mut field: Vec<usize> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        if !active[i] {
            continue;
        }
        if let groups::Membership::Group(g) = groups.membership[i]
            && on_schedule[g]
        {
            if p.half_byes.contains(&r) || p.zero_byes.contains(&r) {
                return Err(EngineError::AbsenceInBergerGroup {
                    round: r,
                    player: p.id,
                    group: g,
                });
            }
            continue;
        }
        if p.half_byes.contains(&r) {
            parts.absences.push((tpn[i], Entry::HalfBye(p.id)));
        } else if p.zero_byes.contains(&r) {
            parts.absences.push((tpn[i], Entry::ZeroBye(p.id)));
        } else {
            field.push(i);
        }
    }
    order::sort(&mut field, &st, &tpn);

    let mut swiss = None;
    if !field.is_empty() {
        let ids: Vec<Id> = players.iter().map(|p| p.id).collect();
        let f = field::SwissField::new(field, &st, &tpn, &ids);
        let eligible = byes::eligible_bottom_first(&f);
        let mut tally = ladder::Tally::default();
        let chosen = ladder::choose(&f, &eligible, &mut tally);
        let mut active = vec![true; f.len()];
        if let Some(v) = chosen.bye {
            active[v] = false;
        }
        let mut g = ladder::LevelGraph::new(&f, chosen.level, active);
        let mut m = chosen.matching;
        // The ladder already counted what this matcher did before the greedy.
        let before = m.counters;
        let pairs = greedy::pair(&mut g, &mut m);
        tally.augmenting_paths += m.counters.augmenting_paths - before.augmenting_paths;
        tally.nodes_visited += m.counters.nodes_visited - before.nodes_visited;
        let greedy_counts = m.counters;
        for (a, b) in pairs {
            let al = colours::allocate(&f.side[a], &f.side[b]);
            let (w, bl) = if al.a_white { (a, b) } else { (b, a) };
            parts.swiss_games.push(board_order::SwissGame {
                white: players[f.members[w]].id,
                black: players[f.members[bl]].id,
                high: f.points[a].max(f.points[b]),
                sum: f.points[a] + f.points[b],
                best_position: a.min(b),
            });
        }
        let bye = chosen.bye.map(|v| players[f.members[v]].id);
        if let Some(id) = bye {
            parts.swiss_bye = Some(Entry::Bye(id));
        }
        let stats = SearchStats {
            levels_tried: tally.levels_tried,
            matching_calls: tally.matching_calls,
            augmenting_paths: tally.augmenting_paths,
            nodes_visited: tally.nodes_visited,
            filter_rejections: greedy_counts.filter_rejections,
            filter_nodes: greedy_counts.filter_nodes,
            fallback_searches: greedy_counts.fallback_searches,
        };
        let mut explain = chosen.explain;
        explain.push(format!("chosen level: {}", ladder::describe(&chosen.level)));
        if let Some(id) = bye {
            explain.push(format!(
                "bye: player {id} (eligible: {} players with the fewest byes)",
                eligible.len()
            ));
        }
        explain.push(format!(
            "search: {} levels tried, {} matching calls, {} augmenting paths, {} nodes visited, {:.3} ms",
            stats.levels_tried,
            stats.matching_calls,
            stats.augmenting_paths,
            stats.nodes_visited,
            started.elapsed().as_secs_f64() * 1e3
        ));
        explain.push(format!(
            "greedy (§8.4): {} candidate buckets ruled out by counting ({} bucket-graph nodes), {} fallback Gallai-Edmonds searches",
            stats.filter_rejections, stats.filter_nodes, stats.fallback_searches
        ));
        swiss = Some(SwissReport {
            field_size: f.len(),
            level: chosen.level,
            bye,
            stats,
            explain,
        });
    }
    Ok(PairedRound {
        round: r,
        rows: board_order::number(r, parts),
        swiss,
    })
}
