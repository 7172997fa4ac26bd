//! Issue 3 speed: pair round 6 of a plain Swiss whose rounds 1-5 had random results
//! (Elo-based, 15% draws, 1% forfeits; and the rating-blind "coin" model for comparison).
//! `cargo bench -p bsw-benches --bench pair`. Sizes: `BSW_BENCH_ELO_SIZES`,
//! `BSW_BENCH_COIN_SIZES` (see the crate docs).
mod common;

use bsw_benches::{before_round, before_round6, sizes};
use bsw_harness::bench::ResultModel;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn pair_round6(c: &mut Criterion) {
    for (model, var, default) in [
        (ResultModel::Elo, "BSW_BENCH_ELO_SIZES", &[100u32, 1000, 10000, 100000][..]),
        (ResultModel::Coin, "BSW_BENCH_COIN_SIZES", &[100u32, 1000, 10000][..]),
    ] {
        let mut g = c.benchmark_group(format!("pair_round6_{}", model.name()));
        for n in sizes(var, default) {
            let t = before_round6(n, model);
            common::sample_by_size(&mut g, n, 20, 30);
            g.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
                b.iter(|| bsw_engine::berger_swiss::pair_next_round(black_box(t)).expect("pairs"))
            });
        }
        g.finish();
    }
}

/// Round 3 (after rounds 1-2): the hardest early round on these inputs (at D = ½ the greedy of
/// §8.4 rejects most players' first candidates; the counting filter does it from bucket counts).
fn pair_round3(c: &mut Criterion) {
    for (model, var, default) in [
        (ResultModel::Elo, "BSW_BENCH_ROUND3_ELO_SIZES", &[1000u32, 10000, 100000][..]),
        (ResultModel::Coin, "BSW_BENCH_ROUND3_COIN_SIZES", &[10000u32, 100000][..]),
    ] {
        let mut g = c.benchmark_group(format!("pair_round3_{}", model.name()));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(10));
        for n in sizes(var, default) {
            let t = before_round(n, 3, model);
            g.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
                b.iter(|| bsw_engine::berger_swiss::pair_next_round(black_box(t)).expect("pairs"))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, pair_round6, pair_round3);
criterion_main!(benches);
