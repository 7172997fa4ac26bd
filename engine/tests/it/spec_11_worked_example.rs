//! SPEC §11 reproduced exactly: the Danish seed's 8-player, 3-round example with colours.
use crate::common;
use common::*;

// A..H = ids 1..8, TPN 1..8.
const A: u32 = 1;
const B: u32 = 2;
const C: u32 = 3;
const D: u32 = 4;
const E: u32 = 5;
const F: u32 = 6;
const G: u32 = 7;
const H: u32 = 8;

#[test]
fn spec_11_all_three_rounds_with_colours() {
    let mut t = swiss(8, 3);
    // Round 1: all keys tie, the higher TPN number gets White (SPEC §11).
    let r1 = pair_and_play(&mut t, &["0-1", "0-1", "0-1", "1-0"]);
    assert_eq!(r1, vec![(E, A, ""), (F, B, ""), (G, C, ""), (H, D, "")]);
    // Round 2 at (no, 2, yes, 0): C–A, B–H, D–F, G–E. Results: A beats C, B–H draw,
    // D beats F, G–E draw (the seed's table).
    let r2 = pair_and_play(&mut t, &["0-1", "1/2-1/2", "1-0", "1/2-1/2"]);
    assert_eq!(r2, vec![(C, A, ""), (B, H, ""), (D, F, ""), (G, E, "")]);
    // Round 3: D = 0 is impossible (A alone on 2 points); at D = ½: A–B, H–C, E–D, F–G.
    let r3 = pair(&t);
    assert_eq!(r3, vec![(A, B, ""), (H, C, ""), (E, D, ""), (F, G, "")]);
    let level = bsw_engine::pair_next_round(&t)
        .unwrap()
        .swiss
        .unwrap()
        .level;
    assert_eq!(level.max_diff, Some(1));
    assert!(!level.rematches && level.balance && level.streak_limit == 2);
}
