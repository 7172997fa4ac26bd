//! Row builders shared by the model tests.
#![allow(dead_code)]

use bsw_model::{Entry, Id, Outcome, Row};

pub fn row(round: u32, board: u32, entry: Entry) -> Row {
    Row {
        round,
        board,
        entry,
    }
}

/// A game row; `result` `None` while it is pending.
pub fn game(round: u32, board: u32, white: Id, black: Id, result: Option<Outcome>) -> Row {
    row(
        round,
        board,
        Entry::Game {
            white,
            black,
            result,
        },
    )
}
