//! Article 16 (Swiss events): unplayed rounds. Categories (16.2), the adjusted score a player
//! shows as somebody's opponent (16.3), the dummy opponent of a player's own unplayed rounds
//! with the 2026 caps (16.4). The cut exception (16.5) lives in the private module `modifiers`.
//!
//! In round-robin tables (Art. 15.2) forfeits are ordinary games and there is nothing else:
//! every element is a game against a real opponent, valued at that opponent's score.

use crate::table::{Slot, Table};
use crate::{Format, RuleVersion};

/// Art. 16.2 categories of an unplayed round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// 1: pairing-allocated bye or full-point bye.
    PabOrFpb,
    /// 2: win without play.
    ForfeitWin,
    /// 3: requested bye followed by at least one later round that is not a VUR.
    RequestedByeEarly,
    /// 4: loss without play (a double forfeit is one for both players).
    ForfeitLoss,
    /// 5: requested bye followed only by VURs, or in the last round.
    RequestedByeLate,
}

impl Category {
    /// A voluntary unplayed round (16.1.2): requested bye or forfeit loss.
    pub fn voluntary(self) -> bool {
        matches!(
            self,
            Category::RequestedByeEarly | Category::ForfeitLoss | Category::RequestedByeLate
        )
    }
}

fn is_vur(s: Slot) -> bool {
    match s {
        Slot::Game { otb: false, pts, .. } => pts == 0,
        Slot::HalfBye | Slot::ZeroBye => true,
        _ => false,
    }
}

/// Category of every round of entrant `i` (`None` = played over the board, or nothing in a
/// round-robin table). Swiss tables only; round-robin tables give all `None`.
pub(crate) fn categories(t: &Table, i: usize) -> Vec<Option<Category>> {
    let slots = &t.slots[i];
    if t.format == Format::RoundRobin {
        return vec![None; slots.len()];
    }
    // Last round (1-based) that is not a VUR, 0 when none.
    let lna = slots.iter().rposition(|&s| !is_vur(s)).map(|p| p + 1).unwrap_or(0);
    slots
        .iter()
        .enumerate()
        .map(|(r, &s)| match s {
            Slot::Game { otb: true, .. } | Slot::Nothing => None,
            Slot::Game { pts, .. } => {
                Some(if pts == 2 { Category::ForfeitWin } else { Category::ForfeitLoss })
            }
            Slot::Bye(_) => Some(Category::PabOrFpb),
            Slot::HalfBye | Slot::ZeroBye => Some(if r + 1 < lna {
                Category::RequestedByeEarly
            } else {
                Category::RequestedByeLate
            }),
        })
        .collect()
}

/// Adjusted score of every entrant (16.3): the actual score, except that each category-5
/// round counts as a draw. In round-robin tables, the actual score.
pub(crate) fn adjusted_scores(t: &Table) -> Vec<i64> {
    (0..t.len())
        .map(|i| {
            categories(t, i)
                .iter()
                .zip(&t.slots[i])
                .map(
                    |(c, s)| {
                        if *c == Some(Category::RequestedByeLate) { 1 } else { s.points() as i64 }
                    },
                )
                .sum()
        })
        .collect()
}

/// One round's contribution to a player's BH / SB (Art. 16.3-16.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Element {
    /// The opponent's (adjusted) score, or the dummy's score, in half-points.
    pub opp_score: i64,
    /// Points the player scored in the round, in half-points.
    pub pts: i64,
    /// Comes from a voluntary unplayed round (16.5 cut exception).
    pub vur: bool,
}

impl Element {
    /// SB contribution in quarter-points.
    pub(crate) fn sb(self) -> i64 {
        self.opp_score * self.pts
    }
}

/// The BH/SB elements of entrant `i`, one per round (Swiss) or one per game (round robin).
pub(crate) fn elements(t: &Table, i: usize, adj: &[i64]) -> Vec<Element> {
    let own = t.points[i] as i64;
    let capped = |cap: i64| match t.rules {
        RuleVersion::Fide2024 => own,
        RuleVersion::Fide2026 => own.min(cap),
    };
    let rr = t.format == Format::RoundRobin;
    t.slots[i]
        .iter()
        .filter_map(|&s| {
            let pts = s.points() as i64;
            Some(match s {
                Slot::Game { opp, otb, .. } if otb || rr => {
                    Element { opp_score: adj[opp], pts, vur: false }
                }
                // 16.4.1: forfeit, the dummy is capped by the scheduled opponent's adjusted score.
                Slot::Game { opp, .. } => {
                    Element { opp_score: capped(adj[opp]), pts, vur: pts == 0 }
                }
                // 16.4.2: PAB/FPB and requested byes, capped by draw points x rounds.
                Slot::Bye(_) => {
                    Element { opp_score: capped(t.total_rounds as i64), pts, vur: false }
                }
                Slot::HalfBye | Slot::ZeroBye => {
                    Element { opp_score: capped(t.total_rounds as i64), pts, vur: true }
                }
                Slot::Nothing => return None,
            })
        })
        .collect()
}
