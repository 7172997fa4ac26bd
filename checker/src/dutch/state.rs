//! C.04.3 article 1: what the rounds before round r say about each player — score, played
//! colours (1.6), floats (1.4), opponents met over the board (C1), pairing-allocated byes and
//! unplayed wins (C2), unplayed rounds (C9).
//!
//! Scores are pairing scores: with an accelerated event, the points plus the virtual points
//! of the round ([`super::acceleration`]).
//!
//! Readings (where the text leaves room, bbpPairings v6.0.0 `--dutch` decides):
//! - a forfeited game is no meeting (C1) and gives no colour (1.6);
//! - 1.4.2 floats come from games played over the board between players with different
//!   scores (a forfeited game gives none: its players did not "play each other"; the sample
//!   default-1 round 4 shows bbpPairings reads it so); 1.4.3 a downfloat also to whoever
//!   scored more than a loss without playing: a full-point bye, a half-point bye, a forfeit
//!   win, a pairing-allocated bye worth 1 or ½ (`pab_points`) — a zero-point one is no
//!   float, as for bbpPairings (an unplayed round floats only above a loss's points);
//! - C2 (C.04.1 rule 4, 2026): no PAB for a player who already had one (whatever it was
//!   worth) or already scored a win's points in one round without playing (forfeit win,
//!   full-point bye).

use bsw_model::{Colour, Entry, HalfPoints, Id, Outcome, Tournament};
use std::collections::{HashMap, HashSet};

/// A float received in one round (1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Down,
    Up,
}

/// One player's history at the start of round r.
#[derive(Clone, Debug)]
pub struct History {
    pub id: Id,
    /// The pairing score before round r: points plus the virtual points of round r
    /// ([`super::acceleration`]; the points alone without acceleration).
    pub score: HalfPoints,
    /// The virtual points in `score` (0 without acceleration).
    pub(crate) virtual_points: HalfPoints,
    /// Colours of the games played over the board, oldest first.
    pub(crate) colours: Vec<Colour>,
    /// Float received in each round 1..r-1 (index k-1).
    pub(crate) floats: Vec<Float>,
    /// Opponents met over the board.
    pub(crate) met: HashSet<Id>,
    /// False when C2 forbids the pairing-allocated bye.
    pub(crate) pab_eligible: bool,
    /// Rounds before r without a game played over the board.
    pub(crate) unplayed: u32,
}

impl History {
    fn new(id: Id) -> Self {
        History {
            id,
            score: 0,
            virtual_points: 0,
            colours: Vec::new(),
            floats: Vec::new(),
            met: HashSet::new(),
            pab_eligible: true,
            unplayed: 0,
        }
    }

    /// Played whites minus played blacks (1.6).
    pub(crate) fn colour_difference(&self) -> i32 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }

    /// The float of round `k` (1-based), `Float::None` before round 1.
    pub(crate) fn float_in(&self, k: u32) -> Float {
        if k == 0 {
            return Float::None;
        }
        self.floats.get(k as usize - 1).copied().unwrap_or(Float::None)
    }
}

/// Every player's history at the start of round `r`.
pub fn histories_before(t: &Tournament, r: u32) -> HashMap<Id, History> {
    let mut h: HashMap<Id, History> =
        t.players.iter().map(|p| (p.id, History::new(p.id))).collect();
    // The pairing-allocated bye scores `pab_points` (bsw_model::RowPoints).
    let worth = t.row_points();
    // Floats compare the pairing scores of their round: points plus virtual points.
    let virtual_points = super::acceleration::VirtualPoints::of(t);
    for k in 1..r {
        let before: HashMap<Id, HalfPoints> =
            h.iter().map(|(id, x)| (*id, x.score + virtual_points.before(*id, k))).collect();
        let score = |id: Id| before.get(&id).copied().unwrap_or(0);
        let mut floats: HashMap<Id, Float> = HashMap::new();
        let mut played: HashSet<Id> = HashSet::new();
        for row in t.round_rows(k) {
            match row.entry {
                Entry::Game { white, black, result } => {
                    let o = result.unwrap_or(Outcome::Draw);
                    let (pw, pb) = o.points();
                    if o.played() {
                        played.insert(white);
                        played.insert(black);
                        for (id, c, opp) in
                            [(white, Colour::White, black), (black, Colour::Black, white)]
                        {
                            let x = h.entry(id).or_insert_with(|| History::new(id));
                            x.colours.push(c);
                            x.met.insert(opp);
                        }
                    }
                    let (sw, sb) = (score(white), score(black));
                    let (sw, sb) = if o.played() { (sw, sb) } else { (0, 0) };
                    let (fw, fb) = match sw.cmp(&sb) {
                        std::cmp::Ordering::Greater => (Float::Down, Float::Up),
                        std::cmp::Ordering::Less => (Float::Up, Float::Down),
                        std::cmp::Ordering::Equal => (Float::None, Float::None),
                    };
                    floats.insert(white, fw);
                    floats.insert(black, fb);
                    for (id, p, won_unplayed) in [
                        (white, pw, o == Outcome::WhiteForfeitWin),
                        (black, pb, o == Outcome::BlackForfeitWin),
                    ] {
                        let x = h.entry(id).or_insert_with(|| History::new(id));
                        x.score += p;
                        if won_unplayed {
                            x.pab_eligible = false;
                            floats.insert(id, Float::Down);
                        }
                    }
                }
                Entry::Bye(p) => {
                    // A pairing-allocated bye is worth `pab_points` (1, ½ or 0), a full-point
                    // bye a win. Either way no PAB again (C2); a downfloat only when it scored
                    // more than a loss (1.4.3): a zero-point PAB is none.
                    let points = worth.of(row, p).unwrap_or(2);
                    let x = h.entry(p).or_insert_with(|| History::new(p));
                    x.score += points;
                    x.pab_eligible = false;
                    if points > 0 {
                        floats.insert(p, Float::Down);
                    }
                }
                Entry::HalfBye(p) => {
                    h.entry(p).or_insert_with(|| History::new(p)).score += 1;
                    floats.insert(p, Float::Down);
                }
                // The arbiter's full-point bye: not the PAB, but a win scored without
                // playing (no PAB afterwards, C.04.1 rule 4 / C2) and a downfloat (1.4.3).
                Entry::FullBye(p) => {
                    let x = h.entry(p).or_insert_with(|| History::new(p));
                    x.score += 2;
                    x.pab_eligible = false;
                    floats.insert(p, Float::Down);
                }
                Entry::ZeroBye(_) => {}
            }
        }
        for (id, x) in h.iter_mut() {
            x.floats.push(floats.get(id).copied().unwrap_or(Float::None));
            if !played.contains(id) {
                x.unplayed += 1;
            }
        }
    }
    for (id, x) in h.iter_mut() {
        x.virtual_points = virtual_points.before(*id, r);
        x.score += x.virtual_points;
    }
    h
}
