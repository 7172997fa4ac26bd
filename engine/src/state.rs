//! SPEC §3: what results count for. The state of every player at the start of a round,
//! counted over the whole event so far (Berger and Swiss rounds alike).

use bsw_model::{Entry, HalfPoints, Tournament};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

#[derive(Clone, Debug, Default)]
pub struct PlayerState {
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
    pub fn last(&self) -> Option<Colour> {
        self.colours.last().copied()
    }
    /// Length of the final run of equal played colours.
    pub fn streak(&self) -> u32 {
        match self.last() {
            None => 0,
            Some(c) => self.colours.iter().rev().take_while(|&&x| x == c).count() as u32,
        }
    }
    /// Played whites minus played blacks.
    pub fn diff(&self) -> i32 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }
    pub fn whites(&self) -> u32 {
        self.colours.iter().filter(|c| **c == Colour::White).count() as u32
    }
    pub fn meetings(&self, other: usize) -> usize {
        self.met.iter().filter(|&&o| o == other).count()
    }
}

/// States of all players (by entry index) over rounds `< round`.
pub fn before_round(
    t: &Tournament,
    index_of: &HashMap<u32, usize>,
    round: u32,
) -> Vec<PlayerState> {
    let mut st = vec![PlayerState::default(); t.players.len()];
    let mut rows: Vec<_> = t.rows.iter().filter(|r| r.round < round).collect();
    rows.sort_by_key(|r| (r.round, r.board));
    for row in rows {
        match row.entry {
            Entry::Game { white, black, result } => {
                let (w, b) = (index_of[&white], index_of[&black]);
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
                let i = index_of[&p];
                st[i].points += 2;
                st[i].byes += 1;
            }
            Entry::HalfBye(p) => st[index_of[&p]].points += 1,
            Entry::ZeroBye(_) => {}
        }
    }
    st
}
