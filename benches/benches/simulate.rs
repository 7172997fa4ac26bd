//! Issue 8: the whole simulation loop of `bsw simulate` (generate a tournament, pair every
//! round with the engine, certify it with the checker, fill in results) on four 100-player
//! tournaments with the generator's default mix (Berger groups, swaps, withdrawals, absences).
//! `cargo bench -p bsw-benches --bench simulate`.
use bsw_harness::generator::{GenParams, PlayOptions, generate, play};
use bsw_harness::rng::tournament_seed;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn simulate_loop(c: &mut Criterion) {
    let params = GenParams { players: (100, 100), ..GenParams::default() };
    let seeds: Vec<u64> = (0..4).map(|i| tournament_seed(bsw_benches::SEED, i)).collect();
    let mut g = c.benchmark_group("simulate");
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("four_100_player_tournaments", |b| {
        b.iter(|| {
            for &s in &seeds {
                let sc = generate(s, &params);
                black_box(play(&sc, &PlayOptions::default()));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, simulate_loop);
criterion_main!(benches);
