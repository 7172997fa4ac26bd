//! The cross-table the tiebreaks read: one slot per player and round, built from the model's
//! rows (SPEC §3) for the Swiss standings, or from the games inside one Berger group.
//!
//! TPN order (SPEC §1) and the original Berger group memberships (SPEC §2) come from
//! [`bsw_model::layout`], the one derivation shared with reading and validation.

use crate::error::StandingsError;
use crate::{Format, RuleVersion};
use bsw_model::{Entry, HalfPoints, Id, Tournament, layout};
use std::collections::HashMap;

/// What one player got in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A game against table index `opp`: over the board (`otb`) or a forfeit (either side of
    /// `+/-`, or `-/-`, which is a forfeit loss for both). `white` is the scheduled colour.
    Game { opp: usize, pts: HalfPoints, white: bool, otb: bool },
    /// `bye` (PAB / FPB, points without play; Art. 16 category 1): a full point, or
    /// `pab_points` for the pairing-allocated bye of a Dutch tournament.
    Bye(HalfPoints),
    /// `half-bye`: requested, ½ point.
    HalfBye,
    /// `zero-bye`, no row at all, or any round after a withdrawal: requested, 0 points.
    ZeroBye,
    /// Round-robin tables only: no game inside the table this round (the scheduled bye, or a
    /// game outside the group). Contributes nothing.
    Nothing,
}

impl Slot {
    pub(crate) fn points(self) -> HalfPoints {
        match self {
            Slot::Game { pts, .. } => pts,
            Slot::Bye(pts) => pts,
            Slot::HalfBye => 1,
            Slot::ZeroBye | Slot::Nothing => 0,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub id: Id,
    pub name: String,
    pub rating: u32,
    pub tpn: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub format: Format,
    pub rules: RuleVersion,
    /// Rounds counted (N).
    pub rounds: u32,
    /// Rounds of the whole tournament (R), for the 2026 cap of Art. 16.4.2.
    pub total_rounds: u32,
    pub entrants: Vec<Entrant>,
    /// `slots[i][r - 1]`.
    pub slots: Vec<Vec<Slot>>,
    /// Final (actual) score of each entrant over the counted rounds.
    pub points: Vec<HalfPoints>,
    pub unrated_rating: Option<u32>,
}

/// Player ids in TPN order (SPEC §1), from [`bsw_model::layout`].
pub fn tpn_order(t: &Tournament) -> Vec<Id> {
    layout::tpn_ids(&t.players)
}

/// Original Berger group memberships (SPEC §2, from [`bsw_model::layout`]): members listed in
/// TPN order.
pub fn group_members(t: &Tournament) -> Result<Vec<Vec<Id>>, StandingsError> {
    layout::group_members(&t.players, &t.config)
        .map_err(|e| StandingsError::Inconsistent(format!("tournament.toml: {e}")))
}

/// Length P of the initial phase (schedule length of the Berger groups), 0 without groups.
pub fn initial_phase(t: &Tournament) -> u32 {
    layout::initial_phase(&t.config.groups)
}

/// Rounds R of the whole tournament: `rounds`, else P, else the last round with rows.
pub fn total_rounds(t: &Tournament) -> u32 {
    t.config.rounds.unwrap_or_else(|| initial_phase(t)).max(t.last_round())
}

fn tpn_numbers(t: &Tournament) -> HashMap<Id, u32> {
    tpn_order(t).into_iter().enumerate().map(|(i, id)| (id, i as u32 + 1)).collect()
}

fn entrant(t: &Tournament, tpn: &HashMap<Id, u32>, i: usize) -> Entrant {
    let p = &t.players[i];
    Entrant { id: p.id, name: p.name.clone(), rating: p.rating, tpn: tpn[&p.id] }
}

impl Table {
    /// The whole field over rounds `1..=n`, Swiss treatment (every round that is not a game
    /// over the board is an unplayed round, Art. 15.1/16).
    pub(crate) fn swiss(
        t: &Tournament,
        n: u32,
        rules: RuleVersion,
        unrated_rating: Option<u32>,
    ) -> Result<Table, StandingsError> {
        let tpn = tpn_numbers(t);
        let entrants: Vec<Entrant> = (0..t.players.len()).map(|i| entrant(t, &tpn, i)).collect();
        let index: HashMap<Id, usize> =
            entrants.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        // No row at all, or a round after a withdrawal: a zero-point requested bye (16.1.1).
        let mut slots = vec![vec![Slot::ZeroBye; n as usize]; entrants.len()];
        let mut seen = vec![vec![false; n as usize]; entrants.len()];
        let worth = t.row_points();
        for row in t.rows.iter().filter(|r| r.round >= 1 && r.round <= n) {
            let r = row.round as usize - 1;
            let look = |id: Id| {
                index.get(&id).copied().ok_or_else(|| {
                    StandingsError::Inconsistent(format!(
                        "rounds.csv: round {}: unknown player {id}",
                        row.round
                    ))
                })
            };
            let mut put = |i: usize, s: Slot| {
                if std::mem::replace(&mut seen[i][r], true) {
                    return Err(StandingsError::Inconsistent(format!(
                        "rounds.csv: round {}: player {} appears twice",
                        row.round, entrants[i].id
                    )));
                }
                slots[i][r] = s;
                Ok(())
            };
            match row.entry {
                Entry::Game { white, black, result } => {
                    let (w, b) = (look(white)?, look(black)?);
                    let Some(o) = result else {
                        return Err(StandingsError::IncompleteRound {
                            round: row.round,
                            missing: t
                                .missing_results(row.round)
                                .into_iter()
                                .filter(|m| m.0 == row.round)
                                .collect(),
                        });
                    };
                    let (pw, pb) = o.points();
                    put(w, Slot::Game { opp: b, pts: pw, white: true, otb: o.played() })?;
                    put(b, Slot::Game { opp: w, pts: pb, white: false, otb: o.played() })?;
                }
                Entry::Bye(p) => put(look(p)?, Slot::Bye(worth.of(row, p).unwrap_or(2)))?,
                // The arbiter's full-point bye: a win's points, unplayed (Art. 16.2 category 1,
                // as the pairing-allocated bye).
                Entry::FullBye(p) => put(look(p)?, Slot::Bye(2))?,
                Entry::HalfBye(p) => put(look(p)?, Slot::HalfBye)?,
                Entry::ZeroBye(p) => put(look(p)?, Slot::ZeroBye)?,
            }
        }
        Ok(Table::finish(
            Format::Swiss,
            rules,
            n,
            total_rounds(t).max(n),
            entrants,
            slots,
            unrated_rating,
        ))
    }

    /// One Berger group: its members, the games between two members in rounds
    /// `1..=min(n, P)` (forfeits included), round-robin treatment (Art. 15.2).
    pub(crate) fn group(
        t: &Tournament,
        members: &[Id],
        n: u32,
        rules: RuleVersion,
        unrated_rating: Option<u32>,
    ) -> Result<Table, StandingsError> {
        let tpn = tpn_numbers(t);
        let by_id = t.index_by_id();
        let entrants: Vec<Entrant> = members
            .iter()
            .map(|id| {
                by_id.get(id).map(|&i| entrant(t, &tpn, i)).ok_or_else(|| {
                    StandingsError::Inconsistent(format!("group member {id} is not a player"))
                })
            })
            .collect::<Result<_, _>>()?;
        let index: HashMap<Id, usize> =
            entrants.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        let last = n.min(initial_phase(t));
        let mut slots = vec![vec![Slot::Nothing; last as usize]; entrants.len()];
        for row in t.rows.iter().filter(|r| r.round >= 1 && r.round <= last) {
            if let Entry::Game { white, black, result: Some(o) } = row.entry
                && let (Some(&w), Some(&b)) = (index.get(&white), index.get(&black))
            {
                let r = row.round as usize - 1;
                let (pw, pb) = o.points();
                slots[w][r] = Slot::Game { opp: b, pts: pw, white: true, otb: o.played() };
                slots[b][r] = Slot::Game { opp: w, pts: pb, white: false, otb: o.played() };
            }
        }
        Ok(Table::finish(Format::RoundRobin, rules, last, last, entrants, slots, unrated_rating))
    }

    fn finish(
        format: Format,
        rules: RuleVersion,
        rounds: u32,
        total_rounds: u32,
        entrants: Vec<Entrant>,
        slots: Vec<Vec<Slot>>,
        unrated_rating: Option<u32>,
    ) -> Table {
        let points = slots.iter().map(|s| s.iter().map(|x| x.points()).sum()).collect();
        Table { format, rules, rounds, total_rounds, entrants, slots, points, unrated_rating }
    }

    pub(crate) fn len(&self) -> usize {
        self.entrants.len()
    }

    /// The games of `i` whose over-the-board flag passes `keep`: (opponent, points, white).
    fn games_where(
        &self,
        i: usize,
        keep: impl Fn(bool) -> bool + 'static,
    ) -> impl Iterator<Item = (usize, HalfPoints, bool)> + '_ {
        self.slots[i].iter().filter_map(move |s| match *s {
            Slot::Game { opp, pts, white, otb } if keep(otb) => Some((opp, pts, white)),
            _ => None,
        })
    }

    /// Rounds in which `i` played a game that counts as a game in this table: over the board
    /// in Swiss tables, over the board or by forfeit in round-robin tables (Art. 15.2).
    pub(crate) fn counted_games(
        &self,
        i: usize,
    ) -> impl Iterator<Item = (usize, HalfPoints, bool)> + '_ {
        let rr = self.format == Format::RoundRobin;
        self.games_where(i, move |otb| otb || rr)
    }

    /// Every game, over the board or by forfeit: (opponent, points, white).
    pub(crate) fn all_games(
        &self,
        i: usize,
    ) -> impl Iterator<Item = (usize, HalfPoints, bool)> + '_ {
        self.games_where(i, |_| true)
    }

    /// Games over the board: (opponent, points, white).
    pub(crate) fn otb_games(
        &self,
        i: usize,
    ) -> impl Iterator<Item = (usize, HalfPoints, bool)> + '_ {
        self.games_where(i, |otb| otb)
    }

    /// Wins over the board (WNT of SPEC §5).
    pub(crate) fn wnt(&self, i: usize) -> u32 {
        self.otb_games(i).filter(|g| g.1 == 2).count() as u32
    }
}
