//! Profile dutch: FIDE C.04.3, the FIDE (Dutch) System as applied from 1 February 2026,
//! written from the rules (never from the engine's Dutch code). One module per part:
//! - [`state`]: what earlier rounds say (score, colours, floats, meetings, byes);
//! - [`order`]: ranking order, scoregroups and the brackets of the published round,
//!   topscorers;
//! - [`absolute`]: C1-C3 and completion (every player paired but at most the PAB);
//! - [`pab`]: the PAB — C2 eligibility, C5 lowest score (with the better receiver);
//! - [`quality`]: C6-C21 per bracket, and the rules' generation order (4.x);
//! - [`optimum`]: the complete check of C6-C21 per bracket (the optimum by
//!   [`wmatch`], a maximum-weight general matching);
//! - [`colours`]: 1.7 preferences and 5.2 allocation (with the deciding rule);
//! - [`board_order`]: board order.
//!
//! A round is judged in that order; when C1-C4 fail, the later checks are skipped (they
//! assume a legal, complete pairing).

pub mod absolute;
pub mod board_order;
pub mod colours;
pub mod feasible;
pub mod optimum;
pub mod order;
pub mod pab;
pub mod quality;
pub mod state;
pub mod wmatch;

use crate::report::{Colours, DutchEvidence, RoundReport, Rule, Violation};
use crate::structure;
use bsw_model::{Colour, Entry, HalfPoints, Id, Row, Tournament};
use colours::{Preference, Side};
use state::History;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Everything a round's checks need: the players to pair in ranking order and their state.
pub struct RoundCtx {
    pub round: u32,
    pub final_round: u32,
    pub hist: HashMap<Id, History>,
    /// Players to pair (present, not withdrawn), ranking order (1.2).
    pub order: Vec<Id>,
    pub rank: HashMap<Id, usize>,
    /// 1-based rank by pairing number among the players to pair (5.2.5 reading).
    pub number: HashMap<Id, usize>,
    pub prefs: HashMap<Id, Option<Preference>>,
    pub topscorer: HashSet<Id>,
    pub initial: Colour,
}

impl RoundCtx {
    pub fn score(&self, id: Id) -> HalfPoints {
        self.hist.get(&id).map(|h| h.score).unwrap_or(0)
    }

    pub fn side(&self, id: Id) -> Side<'_> {
        Side {
            history: &self.hist[&id],
            preference: self.prefs[&id],
            rank: self.rank[&id],
            number: self.number[&id],
            topscorer: self.topscorer.contains(&id),
        }
    }

    /// (White, Black) of a game between `a` and `b` by 5.2, and the deciding rule.
    pub fn colours(&self, a: Id, b: Id) -> (Id, Id, colours::Decider) {
        let (ca, d) = colours::allocate(&self.side(a), &self.side(b), self.initial);
        if ca == Colour::White { (a, b, d) } else { (b, a, d) }
    }

    /// The preferences of some players, as evidence.
    pub fn preferences(&self, ids: &[Id]) -> BTreeMap<String, String> {
        ids.iter().map(|id| (id.to_string(), colours::describe(self.prefs[id]))).collect()
    }

    /// C1 and C3: may `a` and `b` be paired?
    pub fn compatible(&self, a: Id, b: Id) -> bool {
        absolute::allowed(self, a, b)
    }
}

/// The published round: games (board, white, black) and PABs (board, player).
pub struct Published {
    pub games: Vec<(u32, Id, Id)>,
    pub pabs: Vec<(u32, Id)>,
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
    let hist = state::histories_before(t, r);
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
            Entry::HalfBye(p) | Entry::ZeroBye(p) => {
                absent.insert(p);
            }
        }
    }
    let mut order: Vec<Id> = t
        .players
        .iter()
        .filter(|p| !p.withdrawn_by(r) && !absent.contains(&p.id))
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

/// Certifies round `r` under C.04.3.
pub fn check_round(t: &Tournament, r: u32) -> RoundReport {
    check_round_with(t, r, true)
}

/// [`check_round`]; `complete = false` leaves out the complete quality check (the neighbour
/// search of [`quality`] only), to measure what the complete check adds.
pub fn check_round_with(t: &Tournament, r: u32, complete: bool) -> RoundReport {
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let mut out = RoundReport { round: r, ..RoundReport::default() };
    let (viol, _) = structure::check(t, r, &rows, false);
    if !viol.is_empty() {
        for mut x in viol {
            x.rule = Rule::Structure;
            out.violations.push(x);
        }
        return out;
    }
    let (ctx, publ) = context(t, r, &rows);
    let v = &mut out.violations;
    absolute::check(&ctx, &publ, v);
    pab::check_eligibility(&ctx, &publ, v);
    if !v.is_empty() {
        out.notes.push("C1-C4 failed: the optimality checks (C5-C21, 4.x) were skipped".into());
        return out;
    }
    colour_check(&ctx, &publ, v);
    // A colour allocation that breaks the basic rules (a colour difference beyond ±2, a third
    // colour in a row) is named by that rule too, as the generic profile names it (C.04.1 f,
    // g), beside the 5.2 rule it departs from.
    v.extend(
        crate::generic::check_round(t, r).violations.into_iter().filter(|x| {
            matches!(x.rule, Rule::GenericColourDifference | Rule::GenericColourStreak)
        }),
    );
    pab::check_lowest(&ctx, &publ, v);
    quality::check_with(&ctx, &publ, v, &mut out.notes, complete);
    if t.config.trf_header.is_empty() {
        board_order::check(&ctx, &publ, v);
    }
    out
}

/// 5.2 for every published game.
fn colour_check(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    for &(board, white, black) in &publ.games {
        let (w, b, d) = ctx.colours(white, black);
        if (w, b) != (white, black) {
            v.push(Violation::new(
                Rule::DutchColours,
                vec![white, black],
                format!(
                    "board {board}: {w} should have White against {b} (rule {}: preferences {} / {})",
                    d.article(),
                    colours::describe(ctx.prefs[&w]),
                    colours::describe(ctx.prefs[&b]),
                ),
                crate::report::Evidence::Dutch(DutchEvidence::PairColours {
                    board,
                    expected: Colours { white: w, black: b },
                    published: Colours { white, black },
                    decided_by: d.article(),
                    preferences: ctx.preferences(&[white, black]),
                }),
            ));
        }
    }
}

/// Certifies every round under C.04.3.
pub fn check_all(t: &Tournament) -> Vec<RoundReport> {
    (1..=t.last_round()).map(|r| check_round(t, r)).collect()
}

/// Half-points as points: `3½`.
pub(crate) fn points(p: HalfPoints) -> String {
    crate::points::show_points(p)
}
