//! Speed of profile dutch on large engine-paired rounds (run by hand, release):
//! `DUTCH_SPEED=1000 DUTCH_SPEED_ROUNDS=3 cargo test --release -p bsw-checker --test it
//! dutch_speed -- --nocapture`. Each round is certified as soon as the engine has paired it
//! (before its results). Without `DUTCH_SPEED`: a 30-player event of 4 rounds (smoke test).

use crate::dutch_common::engine_event_with;
use bsw_checker::{Profile, check_round};
use std::time::Instant;

#[test]
fn large_rounds_are_certified() {
    let sizes: Vec<u32> = match std::env::var("DUTCH_SPEED") {
        Ok(s) => s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) => vec![30],
    };
    let rounds: u32 = std::env::var("DUTCH_SPEED_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    for n in sizes {
        let mut last = Instant::now();
        engine_event_with(n, rounds, 42, |t, r| {
            let paired_in = last.elapsed();
            let start = Instant::now();
            let report = check_round(t, r, Profile::Dutch);
            eprintln!(
                "{n} players: round {r} paired by the engine in {paired_in:.2?}, certified in {:.3?} ({} violations)",
                start.elapsed(),
                report.violations.len()
            );
            assert!(
                report.violations.is_empty(),
                "{:?}",
                report.violations.first()
            );
            last = Instant::now();
        });
    }
}
