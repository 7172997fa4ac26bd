//! Guards the engine's search effort on large fields, not its speed: the number of vertices
//! the alternating-path searches label is deterministic, so a bound on it catches a return of
//! the quadratic behaviours found in Elo round 3 (a blossom contraction that re-read every
//! labelled vertex; one exhaustive search per player whose first candidate fails; an initial
//! matching far from the greedy's pairing), whatever the machine.
//!
//! With those in (engine `7b9d699`), round 3 of a 2,000-player Elo Swiss labelled 256
//! vertices per player, half a million in all; now every round stays under 2 per player.

use bsw_harness::bench::{BenchSpec, ResultModel, run};

/// Plays 9 rounds of a 2,000-player Swiss with `results` and asserts that no round labels
/// more than 5 vertices per player.
fn assert_at_most_5_vertices_per_player(results: ResultModel) {
    let spec = BenchSpec {
        size: 2000,
        rounds: 9,
        seed: 1,
        check: false,
        results,
        system: bsw_harness::generator::SystemKind::BergerSwiss,
    };
    let measures = run(&spec, &mut |_| {}).expect("the engine pairs every round");
    assert_eq!(measures.len(), 9);
    let (round, per) = measures
        .iter()
        .map(|m| (m.round, m.stats.nodes_visited / spec.size as u64))
        .max_by_key(|&(_, per)| per)
        .unwrap();
    assert!(per <= 5, "round {round}: {per} vertices labelled per player");
}

#[test]
fn elo_rounds_of_2000_players_label_at_most_5_vertices_per_player() {
    assert_at_most_5_vertices_per_player(ResultModel::Elo);
}

#[test]
fn coin_rounds_of_2000_players_label_at_most_5_vertices_per_player() {
    assert_at_most_5_vertices_per_player(ResultModel::Coin);
}
