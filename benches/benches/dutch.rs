//! Issue 15 speed: every round of a Dutch (C.04.3) event, timed round by round.
//! `cargo bench -p bsw-benches --bench dutch` pairs a plain Swiss of each size in
//! `BSW_BENCH_DUTCH_SIZES` (default 1000) for `BSW_BENCH_DUTCH_ROUNDS` rounds (default 9),
//! results drawn by the Elo model of `bsw bench` (15% draws, 1% forfeits), and prints one
//! line per round: players, round, CPU seconds of the pairing (this thread's scheduler
//! time, so other processes on the machine do not count), wall seconds. Not a criterion
//! bench: one round of a big field is one sample.
use bsw_benches::{SEED, sizes};
use bsw_harness::bench::{ResultModel, fill_results, plain_swiss};
use bsw_model::DutchConfig;
use std::time::Instant;

/// CPU time of this thread in seconds (Linux `schedstat`; wall time elsewhere).
fn cpu_seconds(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns as f64 / 1e9)
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let rounds: u32 =
        std::env::var("BSW_BENCH_DUTCH_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(9);
    let origin = Instant::now();
    println!("players,round,cpu_s,wall_s");
    for n in sizes("BSW_BENCH_DUTCH_SIZES", &[1000]) {
        let mut t = plain_swiss(n, rounds, SEED);
        let cfg = DutchConfig::default();
        for _ in 0..rounds {
            let (c0, w0) = (cpu_seconds(origin), Instant::now());
            let paired = match bsw_engine::dutch::pair_next_round(&t, &cfg) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{n} players: {e}");
                    break;
                }
            };
            let (cpu, wall) = (cpu_seconds(origin) - c0, w0.elapsed().as_secs_f64());
            println!("{n},{},{cpu:.3},{wall:.3}", paired.round);
            t.rows.extend(paired.rows);
            fill_results(&mut t, paired.round, SEED, ResultModel::Elo);
        }
    }
}
