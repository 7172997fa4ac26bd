//! SPEC §8.2: the colours of a pair, a function of the pair alone.
//!
//! For both assignments compute each player's streak s and colour difference d after the
//! game, compare by (1) max(s) if above 2 else 0, (2) how many have s >= 3, (3) |d_a|+|d_b|,
//! (4) how many repeat the colour of their last played game; smaller first. Still equal:
//! White to the player with fewer played whites, then to the higher TPN number.
//!
//! [`check_pairs`] reports (rule 8.2) a published Swiss pair with other colours.

use super::field::SwissField;
use super::round::Round;
use crate::report::{self, ColoursBefore, Evidence, Rule, Violation};
use crate::results::{Colour, ColourState};
use bsw_model::{Entry, Id, Row};
use std::collections::BTreeMap;

/// The colours of a pair per §8.2, with what the ladder (§8.3) needs to know about them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alloc {
    /// Whether the first player of the pair gets White.
    pub first_white: bool,
    /// The larger of the two streaks after the game.
    pub max_streak: u32,
    /// The larger of the two |colour difference| after the game.
    pub max_abs_diff: u32,
}

fn keys(w: &ColourState, b: &ColourState) -> ((u32, u32, u32, u32), u32, u32) {
    let (sw, dw) = w.after(Colour::White);
    let (sb, db) = b.after(Colour::Black);
    let m = sw.max(sb);
    let k1 = if m > 2 { m } else { 0 };
    let k2 = (sw >= 3) as u32 + (sb >= 3) as u32;
    let k3 = dw.unsigned_abs() + db.unsigned_abs();
    let k4 = (w.last == Some(Colour::White)) as u32 + (b.last == Some(Colour::Black)) as u32;
    ((k1, k2, k3, k4), m, dw.unsigned_abs().max(db.unsigned_abs()))
}

/// Allocates colours to the pair (a, b); `tpn_a`, `tpn_b` are their TPNs.
pub fn allocate(a: &ColourState, tpn_a: u32, b: &ColourState, tpn_b: u32) -> Alloc {
    let (ka, sa, da) = keys(a, b);
    let (kb, sb, db) = keys(b, a);
    let first_white = if ka != kb {
        ka < kb
    } else if a.whites != b.whites {
        a.whites < b.whites
    } else {
        tpn_a > tpn_b
    };
    if first_white {
        Alloc { first_white, max_streak: sa, max_abs_diff: da }
    } else {
        Alloc { first_white, max_streak: sb, max_abs_diff: db }
    }
}

/// The §8.2 colours of the field's pairs (field indices).
impl SwissField {
    /// §8.2 colours of the pair (i, j).
    pub(crate) fn alloc(&self, i: usize, j: usize) -> Alloc {
        allocate(&self.colours[i], self.tpn[i], &self.colours[j], self.tpn[j])
    }

    /// (White, Black) of the pair per §8.2, as indices.
    pub fn colours_of(&self, i: usize, j: usize) -> (usize, usize) {
        if self.alloc(i, j).first_white { (i, j) } else { (j, i) }
    }

    /// Field-index pairs as (White, Black) ids with the §8.2 colours.
    pub(crate) fn pairs_by_colour(&self, pairs: &[(usize, usize)]) -> Vec<[Id; 2]> {
        pairs
            .iter()
            .map(|&(a, b)| {
                let (w, bl) = self.colours_of(a, b);
                [self.ids[w], self.ids[bl]]
            })
            .collect()
    }
}

/// A player's colours before the round, as evidence.
fn colours_before(c: &ColourState) -> ColoursBefore {
    ColoursBefore {
        whites: c.whites,
        blacks: c.blacks,
        streak: c.streak,
        last: c.last.map(|x| match x {
            Colour::White => "white",
            Colour::Black => "black",
        }),
    }
}

/// Rule 8.2: every published Swiss pair (field indices) has the colours §8.2 gives it.
pub(crate) fn check_pairs(
    sf: &SwissField,
    pairs: &[(usize, usize)],
    round: &Round,
) -> Vec<Violation> {
    let mut out = Vec::new();
    for &(i, j) in pairs {
        let (w, bl) = sf.colours_of(i, j);
        let (ew, eb) = (sf.ids[w], sf.ids[bl]);
        if let Some(Row { entry: Entry::Game { white, black, .. }, board, .. }) = round.row_of(ew)
            && white != ew
        {
            out.push(Violation::new(
                Rule::Colours,
                vec![ew, eb],
                format!(
                    "board {board}: §8.2 gives White to {ew} and Black to {eb}, published {white}–{black}"
                ),
                Evidence::PairColours {
                    expected: report::Colours {
                        white: ew,
                        black: eb,
                    },
                    published: report::Colours { white, black },
                    colours_before: BTreeMap::from([
                        (ew.to_string(), colours_before(&sf.colours[w])),
                        (eb.to_string(), colours_before(&sf.colours[bl])),
                    ]),
                },
            ));
        }
    }
    out
}
