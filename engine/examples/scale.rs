//! Quick scaling probe: `cargo run --release -p bsw-engine --example scale -- 10000 6`
//! pairs rounds 1..R of a plain Swiss with random results and prints each round's time.
use bsw_engine::draw::SplitMix64;
use bsw_model::{Config, Entry, Outcome, Player, Tournament};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rounds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let mut rng = SplitMix64::new(42);
    let players: Vec<Player> = (1..=n)
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
        let start = std::time::Instant::now();
        let paired = bsw_engine::pair_next_round(&t).expect("pairs");
        let el = start.elapsed();
        let sw = paired.swiss.as_ref().unwrap();
        println!(
            "round {r}: {:.1} ms, level {:?}, stats {:?}",
            el.as_secs_f64() * 1e3,
            sw.level,
            sw.stats
        );
        for mut row in paired.rows {
            if let Entry::Game { white, black, .. } = row.entry {
                let x = rng.next_u64() % 100;
                let res = if x < 3 {
                    Outcome::WhiteForfeitWin
                } else if x < 18 {
                    Outcome::Draw
                } else if x < 60 {
                    Outcome::WhiteWin
                } else {
                    Outcome::BlackWin
                };
                row.entry = Entry::Game {
                    white,
                    black,
                    result: Some(res),
                };
            }
            t.rows.push(row);
        }
    }
}
