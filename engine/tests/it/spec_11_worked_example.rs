//! SPEC §11 reproduced exactly: the Danish seed's 8-player, 3-round example with colours.
use crate::common;
use bsw_model::test_support::worked_example::{self, GAMES};
use common::*;

#[test]
fn spec_11_all_three_rounds_with_colours() {
    // A..H = ids 1..8, TPN 1..8; the rounds' games as SPEC §11 prints them (`GAMES`).
    let pairs = |r: usize| GAMES[r].map(|(w, b, _)| (w, b, "")).to_vec();
    let results = |r: usize| GAMES[r].map(|(_, _, res)| res);
    let mut t = swiss(8, 3);
    // Round 1: all keys tie, the higher TPN number gets White (SPEC §11): E–A, F–B, G–C, H–D.
    assert_eq!(pair_and_play(&mut t, &results(0)), pairs(0));
    // Round 2 at (no, 2, yes, 0): C–A, B–H, D–F, G–E. Results: A beats C, B–H draw,
    // D beats F, G–E draw (the seed's table).
    assert_eq!(pair_and_play(&mut t, &results(1)), pairs(1));
    // Round 3: D = 0 is impossible (A alone on 2 points); at D = ½: A–B, H–C, E–D, F–G.
    assert_eq!(pair(&t), pairs(2));
    let level = bsw_engine::berger_swiss::pair_next_round(&t).unwrap().swiss.unwrap().level;
    assert_eq!(level.max_diff, Some(1));
    assert!(!level.rematches && level.balance && level.streak_limit == 2);
}

/// The repository's one worked-example fixture, `corpus/examples/spec-11-worked-example`:
/// from its players alone, the engine pairs each round exactly as its `rounds.csv` holds
/// (pairs, colours, boards), given the fixture's results of the earlier rounds.
#[test]
fn the_corpus_fixture_is_what_the_engine_pairs() {
    let fixture = worked_example::read();
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
