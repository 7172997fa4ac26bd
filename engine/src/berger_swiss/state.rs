//! SPEC §3: what results count for. The state of every player at the start of a round,
//! counted over the whole event so far (Berger and Swiss rounds alike).

use bsw_model::{Entry, HalfPoints, Tournament};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Colour {
    White,
    Black,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct PlayerState {
    pub points: HalfPoints,
    /// Games won over the board (SPEC §5).
    pub wnt: u32,
    /// Colours of played games, in round order.
    pub colours: Vec<Colour>,
    /// `bye` results received (all three kinds).
    pub byes: u32,
    /// Entry indices of opponents met over the board (with repetitions).
    pub met: Vec<usize>,
}

impl PlayerState {
    pub(crate) fn last(&self) -> Option<Colour> {
        self.colours.last().copied()
    }
    /// Length of the final run of equal played colours.
    pub(crate) fn streak(&self) -> u32 {
        match self.last() {
            None => 0,
            Some(c) => self.colours.iter().rev().take_while(|&&x| x == c).count() as u32,
        }
    }
    /// Played whites minus played blacks.
    pub(crate) fn diff(&self) -> i32 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }
    pub(crate) fn whites(&self) -> u32 {
        self.colours.iter().filter(|c| **c == Colour::White).count() as u32
    }
}

/// Entry index of each player id: a table when the ids are dense enough (they are numbered
/// 1..n in practice), a hash map otherwise. Replaying a million-player event's results looks
/// up every id of every round; hashing them was a fifth of a round.
pub(crate) enum IdIndex {
    Table(Vec<u32>),
    Map(HashMap<u32, usize>),
}

impl IdIndex {
    pub(crate) fn new(ids: impl ExactSizeIterator<Item = u32> + Clone) -> Self {
        let n = ids.len();
        let max = ids.clone().max().unwrap_or(0) as usize;
        if max <= 4 * n + 1024 {
            let mut table = vec![u32::MAX; max + 1];
            for (i, id) in ids.enumerate() {
                table[id as usize] = i as u32;
            }
            IdIndex::Table(table)
        } else {
            IdIndex::Map(ids.enumerate().map(|(i, id)| (id, i)).collect())
        }
    }

    pub(crate) fn get(&self, id: u32) -> Option<usize> {
        match self {
            IdIndex::Table(t) => {
                t.get(id as usize).copied().filter(|&i| i != u32::MAX).map(|i| i as usize)
            }
            IdIndex::Map(m) => m.get(&id).copied(),
        }
    }
}

/// States of all players (by entry index) over rounds `< round`. Every id in the rows must
/// be in `index_of`.
pub(crate) fn before_round(t: &Tournament, index_of: &IdIndex, round: u32) -> Vec<PlayerState> {
    let at = |id: u32| index_of.get(id).expect("every player in the rows is listed");
    // A player's colours and opponents are in round order: the rows' order within a round
    // does not matter (one row per player and round), so sorting is needed only when the
    // rows are not in round order already (they are, as read and as the harness builds them).
    let mut sorted: Vec<&bsw_model::Row>;
    let rows: &mut dyn Iterator<Item = &bsw_model::Row> = if t.rows.is_sorted_by_key(|r| r.round) {
        &mut t.rows.iter().filter(|r| r.round < round)
    } else {
        sorted = t.rows.iter().filter(|r| r.round < round).collect();
        sorted.sort_by_key(|r| (r.round, r.board));
        &mut sorted.iter().copied()
    };
    // Games played by each player first, so that each list is allocated once at its size (a
    // million players' lists, grown push by push, were a good part of a round's allocations).
    let mut games = vec![0u32; t.players.len()];
    for row in t.rows.iter().filter(|r| r.round < round) {
        if let Entry::Game { white, black, result: Some(o) } = row.entry
            && o.played()
        {
            games[at(white)] += 1;
            games[at(black)] += 1;
        }
    }
    let mut st: Vec<PlayerState> = games
        .iter()
        .map(|&k| PlayerState {
            colours: Vec::with_capacity(k as usize),
            met: Vec::with_capacity(k as usize),
            ..PlayerState::default()
        })
        .collect();
    for row in rows {
        match row.entry {
            Entry::Game { white, black, result } => {
                let (w, b) = (at(white), at(black));
                let Some(o) = result else { continue };
                let (pw, pb) = o.points();
                st[w].points += pw;
                st[b].points += pb;
                if o.played() {
                    st[w].colours.push(Colour::White);
                    st[b].colours.push(Colour::Black);
                    st[w].met.push(b);
                    st[b].met.push(w);
                    if pw == 2 {
                        st[w].wnt += 1;
                    }
                    if pb == 2 {
                        st[b].wnt += 1;
                    }
                }
            }
            Entry::Bye(p) => {
                let i = at(p);
                st[i].points += 2;
                st[i].byes += 1;
            }
            Entry::HalfBye(p) => st[at(p)].points += 1,
            // Refused before the state is built (`EngineError::FullBye`); its points if not.
            Entry::FullBye(p) => st[at(p)].points += 2,
            Entry::ZeroBye(_) => {}
        }
    }
    st
}
