//! Data that the test suites of several crates share (feature `test-support`; not part of
//! the model proper).

use crate::Player;

/// Players with ids 1..=n, named `P<id>`, rated `top - step × id` (strictly descending with
/// the id, so TPN = id).
pub fn players(n: u32, top: u32, step: u32) -> Vec<Player> {
    (1..=n)
        .map(|id| Player {
            id,
            name: format!("P{id}"),
            rating: top - step * id,
            ..Default::default()
        })
        .collect()
}

/// SPEC §11, the Danish seed's 8-player, 3-round example: players A..H are ids 1..8 (TPN =
/// id), as the repository's one worked-example fixture `corpus/examples/spec-11-worked-example`
/// holds them.
pub mod worked_example {
    use crate::{Id, Tournament};

    pub const A: Id = 1;
    pub const B: Id = 2;
    pub const C: Id = 3;
    pub const D: Id = 4;
    pub const E: Id = 5;
    pub const F: Id = 6;
    pub const G: Id = 7;
    pub const H: Id = 8;

    /// Rounds 1, 2, 3: their games (white, black, result code of `rounds.csv`) in board
    /// order, colours as SPEC §11 prints them (first named = White).
    pub const GAMES: [[(Id, Id, &str); 4]; 3] = [
        [(E, A, "0-1"), (F, B, "0-1"), (G, C, "0-1"), (H, D, "1-0")],
        [(C, A, "0-1"), (B, H, "1/2-1/2"), (D, F, "1-0"), (G, E, "1/2-1/2")],
        [(A, B, "1-0"), (H, C, "1-0"), (E, D, "1/2-1/2"), (F, G, "0-1")],
    ];

    /// The fixture as read from the corpus (panics when it does not read: tests only).
    pub fn read() -> Tournament {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../corpus/examples/spec-11-worked-example");
        crate::io::read_dir(&dir).expect("the worked-example fixture reads")
    }
}
