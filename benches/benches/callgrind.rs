#![allow(unused_qualifications)] // the benchmark macros expand to qualified paths
//! Issue 18: instruction counts (Valgrind callgrind through gungraun) for the CI regression
//! gate `.ci/callgrind-gate.sh`. Wall-clock times on the shared 2-core machines vary by 2×
//! between runs; instruction counts do not.
//!
//! Benchmarks (inputs from fixed seeds; the setup functions run outside the measured region):
//! - `pair_10000`: pair round 6 of a 10,000-player plain Swiss (Elo results, rounds 1-5
//!   paired and played), as `pair` of the criterion benches;
//! - `check_10000`: certify that round (profile berger-swiss);
//! - `dutch_pair_1000`: pair round 3 of a 1,000-player FIDE (Dutch) event (rounds 1-2 paired
//!   by the engine and played, Elo results);
//! - `dutch_check_300`: certify round 3 of a 300-player Dutch event (profile dutch);
//! - `dutch_check_3000`: the same at 3,000 players, whose largest brackets the checker
//!   certifies by player classes (`optimum/by_class.rs`: relaxations of 1,000 players or
//!   more);
//! - `simulate_100`: 100 tournaments of `bsw simulate` with the generator's defaults
//!   (generate, pair and certify every round, fill in results), one after the other;
//! - `*_twice`: the same work done twice. They exist to test the gate itself: compared
//!   against the single run's baseline they must exceed the 10% threshold
//!   (`.ci/callgrind-gate.sh --self-test`). They are not part of the baseline.
//!
//! Run: `cargo bench -p bsw-benches --bench callgrind` (needs valgrind and
//! `gungraun-runner` at the version of the `gungraun` crate; the gate script installs both).
use bsw_benches::{before_round6, with_round6};
use bsw_checker::Profile;
use bsw_harness::bench::ResultModel;
use bsw_harness::generator::{GenParams, PlayOptions, generate, play};
use bsw_harness::rng::tournament_seed;
use bsw_model::Tournament;
use gungraun::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

/// Players of the pairing and certifying benchmarks.
const PLAYERS: u32 = 10_000;
/// Players of the Dutch pairing and certifying benchmarks (certifying costs more).
const DUTCH_PAIR_PLAYERS: u32 = 1_000;
const DUTCH_CHECK_PLAYERS: u32 = 300;
const DUTCH_CHECK_LARGE: u32 = 3_000;
/// The Dutch round paired or certified: the third, the first with floats and colours.
const DUTCH_ROUND: u32 = 3;
/// Tournaments of the simulation benchmark.
const TOURNAMENTS: u64 = 100;

fn before_pairing(n: u32) -> Tournament {
    before_round6(n, ResultModel::Elo)
}

fn before_checking(n: u32) -> Tournament {
    with_round6(n, ResultModel::Elo)
}

fn pair(t: &Tournament) -> usize {
    let paired =
        bsw_engine::berger_swiss::pair_next_round(black_box(t)).expect("the engine pairs round 6");
    paired.rows.len()
}

fn check(t: &Tournament) -> usize {
    let report = bsw_checker::check_round(black_box(t), 6, Profile::BergerSwiss);
    assert!(report.violations.is_empty(), "round 6 not conforming");
    report.violations.len()
}

fn dutch_before(n: u32) -> Tournament {
    bsw_benches::dutch_before_round(n, DUTCH_ROUND)
}

fn dutch_with(n: u32) -> Tournament {
    bsw_benches::dutch_with_round(n, DUTCH_ROUND)
}

fn dutch_pair(t: &Tournament) -> usize {
    bsw_engine::pair(black_box(t)).expect("the Dutch engine pairs round 3").rows.len()
}

fn dutch_check(t: &Tournament) -> usize {
    let report = bsw_checker::check_round(black_box(t), DUTCH_ROUND, Profile::Dutch);
    assert!(report.violations.is_empty(), "Dutch round 3 not conforming");
    report.violations.len()
}

fn simulate(tournaments: u64) -> usize {
    let params = GenParams::default();
    let mut rounds = 0;
    for i in 0..tournaments {
        let sc = generate(tournament_seed(bsw_benches::SEED, i), &params);
        let played = play(&sc, &PlayOptions::default());
        rounds += black_box(played).rounds.len();
    }
    rounds
}

#[library_benchmark]
#[bench::pair_10000(args = (PLAYERS), setup = before_pairing)]
fn bench_pair(t: Tournament) -> usize {
    pair(&t)
}

#[library_benchmark]
#[bench::pair_10000_twice(args = (PLAYERS), setup = before_pairing)]
fn bench_pair_twice(t: Tournament) -> usize {
    pair(&t) + pair(&t)
}

#[library_benchmark]
#[bench::check_10000(args = (PLAYERS), setup = before_checking)]
fn bench_check(t: Tournament) -> usize {
    check(&t)
}

#[library_benchmark]
#[bench::check_10000_twice(args = (PLAYERS), setup = before_checking)]
fn bench_check_twice(t: Tournament) -> usize {
    check(&t) + check(&t)
}

#[library_benchmark]
#[bench::dutch_pair_1000(args = (DUTCH_PAIR_PLAYERS), setup = dutch_before)]
fn bench_dutch_pair(t: Tournament) -> usize {
    dutch_pair(&t)
}

#[library_benchmark]
#[bench::dutch_pair_1000_twice(args = (DUTCH_PAIR_PLAYERS), setup = dutch_before)]
fn bench_dutch_pair_twice(t: Tournament) -> usize {
    dutch_pair(&t) + dutch_pair(&t)
}

#[library_benchmark]
#[bench::dutch_check_300(args = (DUTCH_CHECK_PLAYERS), setup = dutch_with)]
#[bench::dutch_check_3000(args = (DUTCH_CHECK_LARGE), setup = dutch_with)]
fn bench_dutch_check(t: Tournament) -> usize {
    dutch_check(&t)
}

#[library_benchmark]
#[bench::dutch_check_300_twice(args = (DUTCH_CHECK_PLAYERS), setup = dutch_with)]
fn bench_dutch_check_twice(t: Tournament) -> usize {
    dutch_check(&t) + dutch_check(&t)
}

#[library_benchmark]
#[bench::simulate_100(TOURNAMENTS)]
fn bench_simulate(n: u64) -> usize {
    simulate(n)
}

#[library_benchmark]
#[bench::simulate_100_twice(TOURNAMENTS)]
fn bench_simulate_twice(n: u64) -> usize {
    simulate(n) + simulate(n)
}

library_benchmark_group!(
    name = gate;
    benchmarks = bench_pair, bench_check, bench_dutch_pair, bench_dutch_check, bench_simulate
);

library_benchmark_group!(
    name = twice;
    benchmarks = bench_pair_twice, bench_check_twice, bench_dutch_pair_twice, bench_dutch_check_twice,
        bench_simulate_twice
);

main!(library_benchmark_groups = gate, twice);
