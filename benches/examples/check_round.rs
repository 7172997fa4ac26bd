//! Times the checker on one round of a `bsw bench` tournament (same players, pairings and
//! results as `bsw bench --sizes N --seed S`), for profiling the checker alone:
//! `cargo run --release -p bsw-benches --example check_round -- N ROUND SEED [REPEAT]`.
use bsw_harness::bench::{ResultModel, prepared};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: N ROUND SEED [REPEAT]"))
        .collect();
    let (n, r, seed) = (args[0] as u32, args[1] as u32, args[2]);
    let repeat = args.get(3).copied().unwrap_or(1);
    if std::env::var_os("WARM").is_some() {
        let mut w = prepared(100, 9, 0, 99, ResultModel::Elo).expect("the engine pairs");
        w.rows.extend(bsw_engine::berger_swiss::pair_next_round(&w).expect("pairs").rows);
        bsw_checker::check_round(&w, 1, bsw_checker::Profile::BergerSwiss);
    }
    let mut t = prepared(n, 9, r - 1, seed, ResultModel::Elo).expect("the engine pairs");
    let start = Instant::now();
    let paired = bsw_engine::berger_swiss::pair_next_round(&t).expect("the engine pairs");
    let pair_ms = start.elapsed().as_secs_f64() * 1e3;
    t.rows.extend(paired.rows);
    for _ in 0..repeat {
        let faults = minor_faults();
        let start = Instant::now();
        let rep = bsw_checker::check_round(&t, r, bsw_checker::Profile::BergerSwiss);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!(
            "size {n} round {r} seed {seed}: pairing {pair_ms:.1} ms, checking {ms:.1} ms ({} page faults), {} violations",
            minor_faults() - faults,
            rep.violations.len()
        );
    }
}

/// Minor page faults of this process so far (Linux; 0 elsewhere).
fn minor_faults() -> u64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let after = s.rsplit_once(')')?.1.to_string();
            after.split_whitespace().nth(7)?.parse().ok()
        })
        .unwrap_or(0)
}
