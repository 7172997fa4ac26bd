//! One round of profile dutch as the checks read it: the players to pair in ranking order
//! with their state before the round ([`RoundCtx`]: scores, histories, pairing numbers,
//! colour preferences, topscorers, the initial colour) and the round as published
//! ([`Published`]).

use super::colours::{self, Preference, Side};
use super::idmap::{IdMap, IdSet};
use super::order;
use super::state::{self, History};
use bsw_model::{Colour, Entry, HalfPoints, Id, Row, Tournament};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Everything a round's checks need: the players to pair in ranking order and their state.
pub struct RoundCtx {
    pub(crate) round: u32,
    pub final_round: u32,
    pub(crate) hist: IdMap<Id, History>,
    /// Players to pair (present, not withdrawn), ranking order (1.2).
    pub order: Vec<Id>,
    pub rank: IdMap<Id, usize>,
    /// 1-based rank by pairing number among the players to pair (5.2.5 reading).
    pub(crate) number: IdMap<Id, usize>,
    pub(crate) prefs: IdMap<Id, Option<Preference>>,
    pub(crate) topscorer: IdSet<Id>,
    pub(crate) initial: Colour,
}

impl RoundCtx {
    /// The pairing score (points plus virtual points).
    pub fn score(&self, id: Id) -> HalfPoints {
        self.hist.get(&id).map(|h| h.score).unwrap_or(0)
    }

    /// The points alone, without virtual points (board order).
    pub(crate) fn points(&self, id: Id) -> HalfPoints {
        self.hist.get(&id).map(|h| h.score - h.virtual_points).unwrap_or(0)
    }

    pub(crate) fn side(&self, id: Id) -> Side<'_> {
        Side {
            history: &self.hist[&id],
            preference: self.prefs[&id],
            rank: self.rank[&id],
            number: self.number[&id],
        }
    }

    /// (White, Black) of a game between `a` and `b` by 5.2, and the deciding rule.
    pub fn colours(&self, a: Id, b: Id) -> (Id, Id, colours::Decider) {
        let (ca, d) = colours::allocate(&self.side(a), &self.side(b), self.initial);
        if ca == Colour::White { (a, b, d) } else { (b, a, d) }
    }

    /// The preferences of some players, as evidence.
    pub(crate) fn preferences(&self, ids: &[Id]) -> BTreeMap<String, String> {
        ids.iter().map(|id| (id.to_string(), colours::describe(self.prefs[id]))).collect()
    }
}

/// The published round: games (board, white, black) and PABs (board, player).
pub struct Published {
    pub(crate) games: Vec<(u32, Id, Id)>,
    pub(crate) pabs: Vec<(u32, Id)>,
    pub partner: HashMap<Id, Id>,
}

/// Each player's 0-based position by pairing number: the initial ranking as the model lays
/// it out for reading (`bsw_model::layout::dutch_pairing_ids`: the SPEC §1 order in a
/// tournament directory, the `001` start numbers in a TRF file).
fn pairing_numbers(t: &Tournament) -> HashMap<Id, usize> {
    bsw_model::layout::dutch_pairing_ids(t).into_iter().enumerate().map(|(k, id)| (id, k)).collect()
}

/// The initial colour (5.2.5): the configured one, else read from round 1 (the colour of
/// the highest player of its first game, inverted when that player's number is even),
/// else, when round 1 had no game, drawn from the seed.
fn initial_colour(t: &Tournament) -> Colour {
    if let Some(c) = t.config.system.dutch().and_then(|d| d.initial_colour) {
        return c;
    }
    let rows: Vec<&Row> = t.round_rows(1).collect();
    let mut present: Vec<Id> = rows
        .iter()
        .filter(|row| matches!(row.entry, Entry::Game { .. } | Entry::Bye(_)))
        .flat_map(|row| row.entry.players())
        .collect();
    let number = pairing_numbers(t);
    let pn = |id: &Id| (number.get(id).copied().unwrap_or(usize::MAX), *id);
    present.sort_unstable_by_key(pn);
    let first = rows
        .iter()
        .filter_map(|row| match row.entry {
            Entry::Game { white, black, .. } => {
                let top = if pn(&white) < pn(&black) { white } else { black };
                Some((pn(&top), top, white))
            }
            _ => None,
        })
        .min()
        .map(|(_, top, white)| (top, white));
    match first {
        Some((top, white)) => {
            let n = present.iter().position(|&x| x == top).unwrap_or(0) + 1;
            let c = if white == top { Colour::White } else { Colour::Black };
            if n % 2 == 1 { c } else { c.other() }
        }
        // No game in round 1 (everybody had a bye or was absent): the colour was never
        // shown, so it is the one drawn from the seed (docs/dutch.md, Configuration), as
        // the engine draws it for the first round with games.
        None => bsw_model::system::drawn_initial_colour(t.config.seed),
    }
}

/// Builds the round context and the published round.
pub fn context(t: &Tournament, r: u32, rows: &[Row]) -> (RoundCtx, Published) {
    let hist: IdMap<Id, History> = state::histories_before(t, r).into_iter().collect();
    let final_round = t.config.rounds.unwrap_or(0).max(t.last_round());
    let mut games = Vec::new();
    let mut pabs = Vec::new();
    let mut partner = HashMap::new();
    let mut absent: HashSet<Id> = HashSet::new();
    for row in rows {
        match row.entry {
            Entry::Game { white, black, .. } => {
                games.push((row.board, white, black));
                partner.insert(white, black);
                partner.insert(black, white);
            }
            Entry::Bye(p) => pabs.push((row.board, p)),
            // Entries the arbiter made: the player is not paired this round (the
            // full-point bye is not the PAB).
            Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                absent.insert(p);
            }
        }
    }
    let mut order: Vec<Id> = t
        .players
        .iter()
        .filter(|p| !p.withdrawn_by(r) && !p.before_entry(r) && !absent.contains(&p.id))
        .map(|p| p.id)
        .collect();
    let score = |id: &Id| hist.get(id).map(|h| h.score).unwrap_or(0);
    // Pairing numbers (1.2): the SPEC §1 order in a directory, start numbers in a TRF.
    let numbers = pairing_numbers(t);
    let pn = |id: &Id| (numbers.get(id).copied().unwrap_or(usize::MAX), *id);
    order.sort_by(|a, b| score(b).cmp(&score(a)).then(pn(a).cmp(&pn(b))));
    let rank = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    // 5.2.5 counts pairing numbers over the players to pair and those paired in an earlier
    // round (a game, forfeited or not, or a bye) who are absent or withdrawn now: pairing
    // numbers do not change when a player is missing (bbpPairings v6.0.0 reads it so; a
    // player absent in round 2 after playing round 1 shows it, `bsw simulate --system
    // dutch`, harness/tests/it/dutch.rs).
    let paired_before: HashSet<Id> = t
        .rows
        .iter()
        .filter(|row| row.round < r && matches!(row.entry, Entry::Game { .. } | Entry::Bye(_)))
        .flat_map(|row| row.entry.players())
        .collect();
    let mut by_number = order.clone();
    let present: HashSet<Id> = order.iter().copied().collect();
    by_number.extend(paired_before.iter().filter(|id| !present.contains(id)));
    by_number.sort_unstable_by_key(pn);
    let number = by_number.iter().enumerate().map(|(i, id)| (*id, i + 1)).collect();
    let prefs = order.iter().map(|id| (*id, colours::preference(&hist[id]))).collect();
    let topscorer =
        order.iter().filter(|id| order::is_topscorer(score(id), r, final_round)).copied().collect();
    (
        RoundCtx {
            round: r,
            final_round,
            hist,
            order,
            rank,
            number,
            prefs,
            topscorer,
            initial: initial_colour(t),
        },
        Published { games, pabs, partner },
    )
}
