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
    let level = bsw_engine::berger_swiss::pair_next_round(&t).unwrap().swiss.unwrap().level;
    assert_eq!(level.max_diff, Some(1));
    assert!(!level.rematches && level.balance && level.streak_limit == 2);
}

/// The repository's one worked-example fixture, `corpus/examples/spec-11-worked-example`:
/// from its players alone, the engine pairs each round exactly as its `rounds.csv` holds
/// (pairs, colours, boards), given the fixture's results of the earlier rounds.
#[test]
fn the_corpus_fixture_is_what_the_engine_pairs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/examples/spec-11-worked-example");
    let fixture = bsw_model::io::read_dir(&dir).expect("the worked-example fixture reads");
    let mut t = fixture.clone();
    t.rows.clear();
    for r in 1..=3 {
        let paired = bsw_engine::berger_swiss::pair_next_round(&t).unwrap();
        let want: Vec<_> = fixture.round_rows(r).copied().collect();
        let got: Vec<_> = paired
            .rows
            .iter()
            .map(|row| (row.board, row.entry.players().collect::<Vec<_>>()))
            .collect();
        let expect: Vec<_> =
            want.iter().map(|row| (row.board, row.entry.players().collect::<Vec<_>>())).collect();
        assert_eq!(got, expect, "round {r}");
        t.rows.extend(want);
    }
    assert_eq!(t, fixture);
}
