//! One round as published, with what every rule module of profile berger-swiss looks up in
//! it: its rows by board, each player's row, who is known and who has withdrawn, which groups
//! are on their Berger schedule, and the results of the rounds before it (§3).

use super::groups::Groups;
use crate::ids::IdMap;
use crate::results::{self, State};
use bsw_model::{Id, Player, Row, Tournament};

/// One round as published, with what every rule module looks up in it.
pub(crate) struct Round<'a> {
    pub(crate) r: u32,
    pub(crate) groups: &'a Groups,
    /// `on[g]`: group g is on its Berger schedule in this round (SPEC §6; empty beyond P).
    on: &'a [bool],
    /// The round's rows, by board.
    pub(crate) rows: Vec<Row>,
    /// First row naming each player (index into `rows`).
    row_index: IdMap<usize>,
    by_id: IdMap<&'a Player>,
    /// Results of the rounds before r (§3).
    pub(crate) state: State,
}

impl<'a> Round<'a> {
    /// Round `r` of `t`; `on`: which groups are on their schedule in it
    /// ([`Schedules::on_in`](super::withdrawals::Schedules::on_in)).
    pub(crate) fn new(t: &'a Tournament, r: u32, groups: &'a Groups, on: &'a [bool]) -> Self {
        let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
        rows.sort_by_key(|row| row.board);
        let mut row_index: IdMap<usize> = IdMap::with_expected(t.players.len());
        for (i, row) in rows.iter().enumerate() {
            for p in row.entry.players() {
                row_index.get_or_insert_with(p, || i);
            }
        }
        Round {
            r,
            groups,
            on,
            rows,
            row_index,
            by_id: t.players.iter().map(|p| (p.id, p)).collect(),
            state: results::state_before(t, r),
        }
    }

    /// The first row of the round naming `id`.
    pub(crate) fn row_of(&self, id: Id) -> Option<Row> {
        self.row_index.get(id).map(|&i| self.rows[i])
    }

    /// Whether `id` is a player of the tournament.
    pub(crate) fn is_known(&self, id: Id) -> bool {
        self.by_id.contains(id)
    }

    /// Whether `id` has withdrawn by this round.
    pub(crate) fn withdrawn(&self, id: Id) -> bool {
        self.by_id.get(id).is_some_and(|p| p.withdrawn_by(self.r))
    }

    /// The group of `id` when it is on its Berger schedule in this round.
    pub(crate) fn on_schedule_group(&self, id: Id) -> Option<usize> {
        if self.r > self.groups.phase {
            return None;
        }
        let g = self.groups.group_of.get(&id).copied().flatten()?;
        self.on_schedule(g).then_some(g)
    }

    /// Whether group `g` is on its Berger schedule in this round.
    pub(crate) fn group_on_schedule(&self, g: usize) -> bool {
        self.r <= self.groups.phase && self.on_schedule(g)
    }

    fn on_schedule(&self, g: usize) -> bool {
        self.on.get(g).copied().unwrap_or(false)
    }
}
