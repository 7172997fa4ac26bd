//! Criterion settings shared by the benches of one round (`pair`, `check`).
use criterion::BenchmarkGroup;
use criterion::measurement::WallTime;
use std::time::Duration;

/// Samples for a field of `n` players, warmed up 1 s: big fields (10,000 players and more)
/// take 10 samples over `big_secs` seconds, so that `cargo bench` ends in minutes; smaller
/// ones `small_samples` samples over 5 s.
pub(crate) fn sample_by_size(
    g: &mut BenchmarkGroup<'_, WallTime>,
    n: u32,
    big_secs: u64,
    small_samples: usize,
) {
    let (samples, secs) = if n >= 10_000 { (10, big_secs) } else { (small_samples, 5) };
    g.sample_size(samples)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(secs));
}
