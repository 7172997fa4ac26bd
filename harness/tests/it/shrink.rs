//! The shrinker, on a deliberately broken engine: the colours of board 1 are swapped whenever
//! at least 10 players are paired in a round (test switch `Corruption`). The smallest case
//! that still fails therefore has 10 players, 1 round, and no groups, swaps, withdrawals or
//! absences (the stand-in engine of tests/common pairs every active player: see there).

use crate::common;

use bsw_harness::generator::{Corruption, GenParams, generate, play};
use bsw_harness::shrink::shrink;

#[test]
fn shrinker_reduces_a_colour_swap_to_ten_players_one_round() {
    let opts = common::toy_opts(Some(Corruption::SwapBoardOneColours { min_players: 10 }));
    let params = GenParams { players: (30, 60), ..GenParams::default() };
    let mut shrunk_some = 0;
    for seed in 0..20u64 {
        let sc = generate(seed, &params);
        let played = play(&sc, &opts);
        let Some(f) = played.failure else { continue };
        let s = shrink(&sc, &opts, &f.kind, 5000);
        let size = s.scenario.size();
        assert!(size < sc.size(), "seed {seed}: {size} not below {}", sc.size());
        assert_eq!(size.players, 10, "seed {seed}: {size}");
        assert_eq!(size.rounds, 1, "seed {seed}: {size}");
        assert_eq!(
            (size.groups, size.swaps, size.withdrawals, size.absences),
            (0, 0, 0, 0),
            "seed {seed}"
        );
        // still fails, the same way
        let again = play(&s.scenario, &opts);
        assert!(again.failure.as_ref().is_some_and(|g| f.kind.matches(&g.kind)));
        shrunk_some += 1;
    }
    assert!(shrunk_some >= 15);
}

#[test]
fn shrinker_keeps_a_passing_case_unchanged() {
    let opts = common::toy_opts(None);
    let sc = generate(3, &GenParams::default());
    let kind = bsw_harness::generator::FailureKind::EnginePanic;
    let s = shrink(&sc, &opts, &kind, 100);
    assert_eq!(s.scenario, sc);
    assert_eq!(s.accepted, 0);
}
