//! Speed of certifying one Swiss round: `cargo run --release -p bsw-checker --example speed
//! -- [N ...]` pairs a plain Swiss tournament of N players with the engine (seeded random
//! results) for a few rounds, then times `check_round` on each round (best of 3).
use bsw_checker::draw::SplitMix64;
use bsw_checker::{Profile, check_round};
use bsw_model::{Config, Entry, Outcome, Player, Tournament};
use std::time::Instant;

fn main() {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![100, 1001]
    } else {
        sizes
    };
    for n in sizes {
        let rounds = 7;
        let mut rng = SplitMix64::new(n as u64);
        let players = (1..=n)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 1000 + (rng.next_u64() % 1800) as u32,
                ..Default::default()
            })
            .collect();
        let mut t = Tournament {
            config: Config {
                rounds: Some(rounds),
                ..Default::default()
            },
            players,
            rows: vec![],
        };
        for r in 1..=rounds {
            let t0 = Instant::now();
            let pr = bsw_engine::pair_next_round(&t).expect("engine pairs");
            let pair_ms = t0.elapsed().as_secs_f64() * 1e3;
            t.rows.extend(pr.rows);
            let mut best = f64::MAX;
            let mut nviol = 0;
            for _ in 0..3 {
                let t0 = Instant::now();
                let rep = check_round(&t, r, Profile::BergerSwiss);
                best = best.min(t0.elapsed().as_secs_f64() * 1e3);
                nviol = rep.violations.len();
            }
            println!(
                "n = {n:6} round {r}: check {best:9.1} ms (engine {pair_ms:8.1} ms), violations {nviol}"
            );
            for row in t.rows.iter_mut().filter(|row| row.round == r) {
                if let Entry::Game {
                    white,
                    black,
                    result: None,
                } = row.entry
                {
                    let o = match rng.next_u64() % 10 {
                        0..=3 => Outcome::WhiteWin,
                        4..=6 => Outcome::BlackWin,
                        _ => Outcome::Draw,
                    };
                    row.entry = Entry::Game {
                        white,
                        black,
                        result: Some(o),
                    };
                }
            }
        }
    }
}
