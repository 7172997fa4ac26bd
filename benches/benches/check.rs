//! Issue 4 speed: certify round 6 (profile berger-swiss) of the tournaments of the `pair`
//! bench, round 6 paired by the engine. `cargo bench -p bsw-benches --bench check`.
mod common;

use bsw_benches::{sizes, with_round6};
use bsw_checker::Profile;
use bsw_harness::bench::ResultModel;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn certify_round6(c: &mut Criterion) {
    for (model, var, default) in [
        (ResultModel::Elo, "BSW_BENCH_ELO_SIZES", &[100u32, 1000][..]),
        (ResultModel::Coin, "BSW_BENCH_COIN_SIZES", &[100u32, 1000, 10000][..]),
    ] {
        let mut g = c.benchmark_group(format!("check_round6_{}", model.name()));
        for n in sizes(var, default) {
            let t = with_round6(n, model);
            // The round must be conforming, or we would time an error path.
            let report = bsw_checker::check_round(&t, 6, Profile::BergerSwiss);
            assert!(
                report.violations.is_empty(),
                "{n} players: round 6 not conforming: {:?}",
                report.violations.first()
            );
            common::sample_by_size(&mut g, n, 30, 20);
            g.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
                b.iter(|| bsw_checker::check_round(black_box(t), 6, Profile::BergerSwiss))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, certify_round6);
criterion_main!(benches);
