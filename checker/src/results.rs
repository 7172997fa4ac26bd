//! SPEC §3: what results count for — points, played colours, meetings, WNT (§5) and byes
//! received, over rounds before the one being certified.

use crate::colours::{Colour, ColourState};
use bsw_model::{Entry, HalfPoints, Id, Outcome, Tournament};
use std::collections::HashMap;

/// One player's record at the start of a round.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub points: HalfPoints,
    /// Games won over the board (SPEC §5).
    pub wnt: u32,
    pub colours: ColourState,
    /// `bye` results received (all kinds; not absences nor forfeit wins).
    pub byes: u32,
    /// Rounds in which the player scored a win's points without playing (forfeit win or bye):
    /// used by the generic profile (C.04.1 rule 4).
    pub unplayed_wins: u32,
}

/// Records of all players at the start of a round, and who met whom over the board.
#[derive(Clone, Debug, Default)]
pub struct State {
    pub records: HashMap<Id, Record>,
    /// Over-the-board meetings, keyed by (smaller id, larger id).
    pub meetings: HashMap<(Id, Id), u32>,
}

fn key(a: Id, b: Id) -> (Id, Id) {
    if a < b { (a, b) } else { (b, a) }
}

impl State {
    pub fn record(&self, id: Id) -> Record {
        self.records.get(&id).cloned().unwrap_or_default()
    }

    pub fn meetings(&self, a: Id, b: Id) -> u32 {
        self.meetings.get(&key(a, b)).copied().unwrap_or(0)
    }

    /// Applies one row (a row without a result adds nothing).
    pub fn apply(&mut self, entry: &Entry) {
        match *entry {
            Entry::Game {
                white,
                black,
                result: Some(o),
            } => {
                let (pw, pb) = o.points();
                let played = o.played();
                for (id, p, c, won_unplayed) in [
                    (white, pw, Colour::White, o == Outcome::WhiteForfeitWin),
                    (black, pb, Colour::Black, o == Outcome::BlackForfeitWin),
                ] {
                    let rec = self.records.entry(id).or_default();
                    rec.points += p;
                    if played {
                        rec.colours.push(c);
                        if p == 2 {
                            rec.wnt += 1;
                        }
                    }
                    if won_unplayed {
                        rec.unplayed_wins += 1;
                    }
                }
                if played {
                    *self.meetings.entry(key(white, black)).or_default() += 1;
                }
            }
            Entry::Game { result: None, .. } => {}
            Entry::Bye(p) => {
                let rec = self.records.entry(p).or_default();
                rec.points += 2;
                rec.byes += 1;
                rec.unplayed_wins += 1;
            }
            Entry::HalfBye(p) => self.records.entry(p).or_default().points += 1,
            Entry::ZeroBye(p) => {
                self.records.entry(p).or_default();
            }
        }
    }
}

/// The state at the start of round `r`: every row of rounds `< r`.
pub fn state_before(t: &Tournament, r: u32) -> State {
    let mut s = State::default();
    for p in &t.players {
        s.records.insert(p.id, Record::default());
    }
    let mut rows: Vec<_> = t.rows.iter().filter(|row| row.round < r).collect();
    rows.sort_by_key(|row| (row.round, row.board));
    for row in rows {
        s.apply(&row.entry);
    }
    s
}
