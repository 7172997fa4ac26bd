//! Type B counts (Art. 7.1-7.4): WIN, WON, BPG, BWG.
//!
//! Swiss tables: WIN counts every round with win points (over the board, forfeit win, PAB/FPB);
//! WON, BPG, BWG count games over the board only. Round-robin tables (Art. 15.2): forfeit wins
//! are games, forfeit losses stay unplayed; the scheduled bye contributes nothing.

use crate::table::{Slot, Table};
use crate::value::Value;
use crate::{Format, code::Kind};

pub(crate) fn count(t: &Table, kind: Kind) -> Vec<Value> {
    let rr = t.format == Format::RoundRobin;
    (0..t.len())
        .map(|i| {
            let n = t.slots[i]
                .iter()
                .filter(|&&s| {
                    // "A game" for Type B: over the board, or (round robin) a forfeit win.
                    let (game, won, black) = match s {
                        Slot::Game { pts, white, otb, .. } => {
                            (otb || (rr && pts == 2), pts == 2, !white)
                        }
                        _ => (false, false, false),
                    };
                    match kind {
                        Kind::Win => s.points() == 2,
                        Kind::Won => game && won,
                        Kind::Bpg => game && black,
                        Kind::Bwg => game && black && won,
                        _ => unreachable!("wins::count called for {kind:?}"),
                    }
                })
                .count();
            Value::int(n as i64)
        })
        .collect()
}
