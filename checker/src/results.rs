//! SPEC §3: what results count for — points, played colours, meetings, WNT (§5) and byes
//! received, over rounds before the one being certified. Profiles berger-swiss and generic
//! (C.04.1 reads the same points, colours, meetings and byes) replay it alike.

use crate::ids::IdMap;
use bsw_model::{Entry, HalfPoints, Id, Outcome, Tournament};

/// A played colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

/// Played colours of one player (SPEC §3: unplayed rounds are skipped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColourState {
    pub whites: u32,
    pub blacks: u32,
    pub last: Option<Colour>,
    /// Length of the final run of equal played colours.
    pub streak: u32,
}

impl ColourState {
    /// Played whites minus played blacks.
    pub(crate) fn diff(&self) -> i32 {
        self.whites as i32 - self.blacks as i32
    }

    /// (streak, colour difference) after playing `c`.
    pub(crate) fn after(&self, c: Colour) -> (u32, i32) {
        let streak = if self.last == Some(c) { self.streak + 1 } else { 1 };
        let d = self.diff() + if c == Colour::White { 1 } else { -1 };
        (streak, d)
    }

    pub(crate) fn push(&mut self, c: Colour) {
        let (s, _) = self.after(c);
        self.streak = s;
        self.last = Some(c);
        match c {
            Colour::White => self.whites += 1,
            Colour::Black => self.blacks += 1,
        }
    }
}

/// One player's record at the start of a round.
#[derive(Clone, Copy, Debug, Default)]
pub struct Record {
    pub points: HalfPoints,
    /// Games won over the board (SPEC §5).
    pub(crate) wnt: u32,
    pub(crate) colours: ColourState,
    /// `bye` results received (all kinds; not absences nor forfeit wins).
    pub byes: u32,
    /// Rounds in which the player scored a win's points without playing (forfeit win, bye
    /// or the arbiter's full-point bye): used by the generic profile (C.04.1 rule 4).
    pub unplayed_wins: u32,
    /// `full-bye` results received (the arbiter's full-point byes, counted in
    /// `unplayed_wins` too).
    pub full_byes: u32,
}

/// Records of all players at the start of a round, and who met whom over the board. Players
/// are kept in slots (the tournament's players first, in entry order, then any unknown id a
/// row names), so that a round of a large field costs no hashing beyond one id lookup per
/// row.
#[derive(Clone, Debug, Default)]
pub struct State {
    slot: IdMap<usize>,
    ids: Vec<Id>,
    records: Vec<Record>,
    /// Over-the-board meetings as (slot, slot), both ways, one entry per game.
    games: Vec<(u32, u32)>,
    /// The meetings by slot, built from `games` when first asked for.
    met: std::cell::OnceCell<Meetings>,
}

/// Meetings by slot: the opponents of slot k with their counts are
/// `list[start[k]..start[k + 1]]`.
#[derive(Clone, Debug, Default)]
struct Meetings {
    start: Vec<usize>,
    list: Vec<(u32, u32)>,
}

impl Meetings {
    fn build(slots: usize, games: &[(u32, u32)]) -> Meetings {
        let mut start = vec![0usize; slots + 1];
        for &(a, _) in games {
            start[a as usize + 1] += 1;
        }
        for k in 0..slots {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut opp = vec![0u32; games.len()];
        for &(a, b) in games {
            opp[fill[a as usize]] = b;
            fill[a as usize] += 1;
        }
        // Per slot: sort the opponents and count repeats.
        let mut out = Meetings { start: vec![0; slots + 1], list: Vec::with_capacity(games.len()) };
        for k in 0..slots {
            let seg = &mut opp[start[k]..start[k + 1]];
            seg.sort_unstable();
            let first = out.list.len();
            for &b in seg.iter() {
                let len = out.list.len();
                match out.list.last_mut() {
                    Some(e) if len > first && e.0 == b => e.1 += 1,
                    _ => out.list.push((b, 1)),
                }
            }
            out.start[k + 1] = out.list.len();
        }
        out
    }

    fn of(&self, k: usize) -> &[(u32, u32)] {
        &self.list[self.start[k]..self.start[k + 1]]
    }
}

impl State {
    /// A state with `ids` (the tournament's players) and nothing played.
    pub(crate) fn new(ids: impl ExactSizeIterator<Item = Id>) -> State {
        let mut s = State { slot: IdMap::with_expected(ids.len()), ..State::default() };
        s.ids.reserve(ids.len());
        s.records.reserve(ids.len());
        for id in ids {
            s.slot_of(id);
        }
        s
    }

    fn slot_of(&mut self, id: Id) -> usize {
        let next = self.ids.len();
        let k = *self.slot.get_or_insert_with(id, || next);
        if k == next {
            self.ids.push(id);
            self.records.push(Record::default());
        }
        k
    }

    /// The record of `id` (all zero for an id never seen).
    pub fn record(&self, id: Id) -> Record {
        self.slot.get(id).map_or_else(Record::default, |&k| self.records[k])
    }

    fn met(&self) -> &Meetings {
        self.met.get_or_init(|| Meetings::build(self.ids.len(), &self.games))
    }

    /// Over-the-board meetings of a and b.
    pub fn meetings(&self, a: Id, b: Id) -> u32 {
        let (Some(&ka), Some(&kb)) = (self.slot.get(a), self.slot.get(b)) else {
            return 0;
        };
        self.met().of(ka).iter().find(|&&(k, _)| k as usize == kb).map_or(0, |&(_, n)| n)
    }

    /// The players `id` met over the board, with the number of meetings.
    pub(crate) fn opponents(&self, id: Id) -> impl Iterator<Item = (Id, u32)> + '_ {
        let list = match self.slot.get(id) {
            Some(&k) => self.met().of(k),
            None => &[],
        };
        list.iter().map(|&(k, n)| (self.ids[k as usize], n))
    }

    /// Applies one row (a row without a result adds nothing).
    pub(crate) fn apply(&mut self, entry: &Entry) {
        match *entry {
            Entry::Game { white, black, result: Some(o) } => {
                let (pw, pb) = o.points();
                let played = o.played();
                let (kw, kb) = (self.slot_of(white), self.slot_of(black));
                for (k, p, c, won_unplayed) in [
                    (kw, pw, Colour::White, o == Outcome::WhiteForfeitWin),
                    (kb, pb, Colour::Black, o == Outcome::BlackForfeitWin),
                ] {
                    let rec = &mut self.records[k];
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
                    self.games.push((kw as u32, kb as u32));
                    self.games.push((kb as u32, kw as u32));
                    self.met = std::cell::OnceCell::new();
                }
            }
            Entry::Game { result: None, .. } => {}
            // A win without play; the arbiter's full-point bye is not a bye of the pairing.
            Entry::Bye(p) | Entry::FullBye(p) => {
                let k = self.slot_of(p);
                let rec = &mut self.records[k];
                rec.points += 2;
                rec.unplayed_wins += 1;
                if matches!(entry, Entry::Bye(_)) {
                    rec.byes += 1;
                } else {
                    rec.full_byes += 1;
                }
            }
            Entry::HalfBye(p) => {
                let k = self.slot_of(p);
                self.records[k].points += 1;
            }
            Entry::ZeroBye(p) => {
                self.slot_of(p);
            }
        }
    }
}

/// The state at the start of round `r`: every row of rounds `< r`.
pub fn state_before(t: &Tournament, r: u32) -> State {
    let mut s = State::new(t.players.iter().map(|p| p.id));
    let mut rows: Vec<_> = t.rows.iter().filter(|row| row.round < r).collect();
    rows.sort_by_key(|row| (row.round, row.board));
    for row in rows {
        s.apply(&row.entry);
    }
    s
}
