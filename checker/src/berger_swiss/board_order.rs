//! SPEC §8.5: board order. Games of groups on their schedule first (group order, table
//! board order), then Swiss games by the higher score of the two (desc), the sum of both
//! scores (desc), the better Swiss-order position (asc); then the byes of Berger groups
//! (group order, table board order), the Swiss bye, and last the requested absences by TPN.
//! Boards are numbered 1, 2, … without gaps; struck games get none.

use super::berger::{RowKey, TableSlot, row_key};
use super::field::SwissField;
use super::round::Round;
use super::tpn::Tpn;
use crate::HashMap;
use crate::report::{Evidence, PublishedRow, Rule, Violation};
use bsw_model::{Entry, Id, Row};

/// Sort key of a row in §8.5 order (smaller first).
pub(crate) type Key = (u8, i64, i64, i64);

/// Checks board numbering and order; `keys[i]` is the key of `rows[i]` (rows sorted by board).
pub(crate) fn check(rows: &[Row], keys: &[Key]) -> Vec<Violation> {
    let mut v = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.board != i as u32 + 1 {
            v.push(Violation::new(
                Rule::BoardOrder,
                row.entry.players().collect(),
                format!(
                    "board numbers must run 1, 2, … without gaps: found board {} at position {}",
                    row.board,
                    i + 1
                ),
                Evidence::BoardNumber { board: row.board, expected_board: i + 1 },
            ));
            break;
        }
    }
    for i in 1..rows.len() {
        if keys[i - 1] > keys[i] {
            let (a, b) = (&rows[i - 1], &rows[i]);
            v.push(Violation::new(
                Rule::BoardOrder,
                a.entry.players().chain(b.entry.players()).collect(),
                format!("board {} should come after board {} (SPEC §8.5 order)", a.board, b.board),
                Evidence::BoardOrder {
                    boards: [a.board, b.board],
                    rows: [PublishedRow::from(a), PublishedRow::from(b)],
                },
            ));
        }
    }
    v
}

/// Rule 8.5 for a round: `berger_slots` holds the table slots of the rows of groups on their
/// schedule (by [`row_key`], see [`super::berger::check_scheduled`]): their games first and
/// their byes after every game, by group and table board; Swiss games are keyed by the higher
/// and the summed scores before the round and the better position in `sf` (Swiss order),
/// Swiss byes next, requested absences last by TPN.
pub(crate) fn check_round(
    round: &Round,
    berger_slots: &HashMap<RowKey, TableSlot>,
    sf: &SwissField,
    tpn: &Tpn,
) -> Vec<Violation> {
    let keys: Vec<Key> = round
        .rows
        .iter()
        .map(|row| {
            if let Some(s) = berger_slots.get(&row_key(&row.entry)) {
                return (if s.bye { 2 } else { 0 }, s.group as i64, s.board as i64, 0);
            }
            match row.entry {
                Entry::Game { white, black, .. } => {
                    let (pw, pb) = (
                        round.state.record(white).points as i64,
                        round.state.record(black).points as i64,
                    );
                    let pos = |id: Id| sf.pos.get(&id).map_or(i64::MAX, |&p| p as i64);
                    (1, -pw.max(pb), -(pw + pb), pos(white).min(pos(black)))
                }
                Entry::Bye(_) => (3, 0, 0, 0),
                Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                    (4, tpn.get(p) as i64, 0, 0)
                }
            }
        })
        .collect();
    check(&round.rows, &keys)
}
