//! Row builders shared by the model tests.
#![allow(dead_code)]

use bsw_model::{Entry, Id, Outcome, Row};

pub(crate) fn row(round: u32, board: u32, entry: Entry) -> Row {
    Row { round, board, entry }
}

/// A game row; `result` `None` while it is pending.
pub(crate) fn game(round: u32, board: u32, white: Id, black: Id, result: Option<Outcome>) -> Row {
    row(round, board, Entry::Game { white, black, result })
}

/// A temporary directory holding `files` (name, bytes).
pub(crate) fn dir_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}
