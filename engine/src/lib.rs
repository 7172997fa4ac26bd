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

/// A level of the relaxation ladder (SPEC §8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub rematches: bool,
    /// Streak limit L (2, 3, ...).
    pub streak_limit: u32,
    /// Colour balance (|colour difference| <= 2) required.
    pub balance: bool,
    /// Max score difference D in half-points; `None` = unlimited.
    pub max_diff: Option<bsw_model::HalfPoints>,
}

/// Search statistics of one Swiss pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Levels (including bye receivers) whose feasibility was decided.
    pub levels_tried: u64,
    /// Maximum-matching computations (feasibility questions).
    pub matching_calls: u64,
    /// Augmenting paths found.
    pub augmenting_paths: u64,
    /// Vertices labelled by alternating-path searches.
    pub nodes_visited: u64,
}

/// How the Swiss field of a round was paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissReport {
    /// Players in the field (before setting the bye aside).
    pub field_size: usize,
    /// The level chosen (SPEC §8.3).
    pub level: Level,
    /// The Swiss bye receiver, if the field was odd.
    pub bye: Option<Id>,
    pub stats: SearchStats,
    /// Lines for people (`bsw pair --explain`): stricter levels and why they failed, bye
    /// receivers tried, statistics.
    pub explain: Vec<String>,
}

/// The next round as the engine pairs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    pub round: u32,
    /// Rows in board order: games (result `None`), byes, absences (SPEC §8.5).
    pub rows: Vec<Row>,
    /// `None` when the round has no Swiss field (or an empty one).
    pub swiss: Option<SwissReport>,
}

/// Pairs round `t.last_round() + 1`.
pub fn pair_next_round(t: &Tournament) -> Result<PairedRound, EngineError> {
    let _ = t;
    unimplemented!("engine under construction")
}
