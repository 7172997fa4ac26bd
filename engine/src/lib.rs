//! The Berger-Swiss pairing engine (SPEC.md §1-9). No I/O.
//!
//! Entry point: [`pair_next_round`].

use bsw_model::{Id, Row, Tournament};

/// Why the next round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// An earlier round still lacks results: (round, board, white, black) of each missing game.
    IncompleteRound(Vec<(u32, u32, Id, Id)>),
    /// All rounds have been paired.
    Finished { rounds: u32 },
    /// No active player is left to pair.
    NoActivePlayer { round: u32 },
    /// A player with a requested absence whose group is on its Berger schedule (SPEC §9).
    AbsenceInBergerGroup { round: u32, player: Id, group: usize },
    /// The configuration breaks SPEC §2 (groups, swaps, rounds).
    Config(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}
impl std::error::Error for EngineError {}

/// The next round as the engine pairs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    pub round: u32,
    /// Rows in board order: games (result `None`), byes, absences (SPEC §8.5).
    pub rows: Vec<Row>,
}

/// Pairs round `t.last_round() + 1`.
pub fn pair_next_round(t: &Tournament) -> Result<PairedRound, EngineError> {
    let _ = t;
    unimplemented!("engine under construction")
}
