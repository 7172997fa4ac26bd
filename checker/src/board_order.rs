//! SPEC §8.5: board order. Games of groups on their schedule first (group order, table
//! board order), then Swiss games by the higher score of the two (desc), the sum of both
//! scores (desc), the better Swiss-order position (asc); then the byes of Berger groups
//! (group order, table board order), the Swiss bye, and last the requested absences by TPN.
//! Boards are numbered 1, 2, … without gaps; struck games get none.

use crate::Violation;
use bsw_model::Row;
use serde_json::json;

/// Sort key of a row in §8.5 order (smaller first).
pub type Key = (u8, i64, i64, i64);

/// Checks board numbering and order; `keys[i]` is the key of `rows[i]` (rows sorted by board).
pub fn check(rows: &[Row], keys: &[Key]) -> Vec<Violation> {
    let mut v = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.board != i as u32 + 1 {
            v.push(Violation::new(
                "8.5",
                row.entry.players().collect(),
                format!(
                    "board numbers must run 1, 2, … without gaps: found board {} at position {}",
                    row.board,
                    i + 1
                ),
                json!({"board": row.board, "expected_board": i + 1}),
            ));
            break;
        }
    }
    for i in 1..rows.len() {
        if keys[i - 1] > keys[i] {
            let (a, b) = (&rows[i - 1], &rows[i]);
            v.push(Violation::new(
                "8.5",
                a.entry.players().chain(b.entry.players()).collect(),
                format!("board {} should come after board {} (SPEC §8.5 order)", a.board, b.board),
                json!({"boards": [a.board, b.board], "rows": [crate::row_json(a), crate::row_json(b)]}),
            ));
        }
    }
    v
}
