//! Properties of Dutch rounds on random events: every round is complete (each present
//! player once, at most one bye), the bye goes to an eligible player and exists exactly when
//! the field is odd, no rematch of a played game, colour differences stay within ±2 and no
//! colour comes three times running (C.04.1 rules 6-7; the Dutch exception for topscorers
//! in the final round is not exercised because it is checked separately), and the engine is
//! deterministic.

use bsw_engine::dutch::{DutchError, pair_next_round};
use bsw_model::{Config, DutchConfig, Entry, Outcome, Player, Row, System, Tournament};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

/// Plays a random event round by round with the engine. `results` drives results and
/// absences (one value per player and round).
fn play(n: usize, rounds: u32, results: &[u8], white: bool) -> Result<(), TestCaseError> {
    let cfg = DutchConfig {
        initial_colour: Some(if white {
            bsw_model::Colour::White
        } else {
            bsw_model::Colour::Black
        }),
        pab_points: 2,
    };
    let mut t = Tournament {
        config: Config {
            rounds: Some(rounds),
            system: System::Dutch(cfg.clone()),
            ..Config::default()
        },
        players: (1..=n as u32)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 2500 - id * 10,
                ..Player::default()
            })
            .collect(),
        rows: Vec::new(),
    };
    let mut next = results.iter().cycle();
    for r in 1..=rounds {
        // A few players announce an absence for the round.
        for p in t.players.iter_mut() {
            if next.next().unwrap().is_multiple_of(23) {
                p.half_byes.push(r);
            }
        }
        let paired = match pair_next_round(&t, &cfg) {
            Ok(p) => p,
            // Small fields late in the event may run out of pairings; that is an answer.
            Err(DutchError::NoValidPairing { .. }) => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(format!("round {r}: {e}"))),
        };
        let again = pair_next_round(&t, &cfg).unwrap();
        prop_assert_eq!(&paired, &again, "round {}: not deterministic", r);
        let present: HashSet<u32> =
            t.players.iter().filter(|p| !p.half_byes.contains(&r)).map(|p| p.id).collect();
        let mut seen = HashSet::new();
        let mut byes = 0;
        let earlier: Vec<Row> = t.rows.clone();
        for row in &paired.rows {
            match row.entry {
                Entry::Game { white, black, .. } => {
                    prop_assert!(seen.insert(white) && seen.insert(black));
                    let rematch = earlier.iter().any(|e| match e.entry {
                        Entry::Game { white: a, black: b, result: Some(o) } => {
                            o.played() && ((a, b) == (white, black) || (a, b) == (black, white))
                        }
                        _ => false,
                    });
                    prop_assert!(!rematch, "round {}: rematch {}-{}", r, white, black);
                }
                Entry::Bye(p) => {
                    byes += 1;
                    prop_assert!(seen.insert(p));
                    let had = earlier.iter().any(|e| match e.entry {
                        Entry::Bye(q) => q == p,
                        Entry::Game { white, black, result: Some(o) } => {
                            (white == p && o == Outcome::WhiteForfeitWin)
                                || (black == p && o == Outcome::BlackForfeitWin)
                        }
                        _ => false,
                    });
                    prop_assert!(!had, "round {}: bye to ineligible {}", r, p);
                }
                Entry::HalfBye(p) => prop_assert!(!present.contains(&p)),
                Entry::ZeroBye(_) => {}
                Entry::FullBye(p) => prop_assert!(false, "round {}: full-bye for {}", r, p),
            }
        }
        prop_assert_eq!(&seen, &present, "round {}: not everyone paired once", r);
        prop_assert_eq!(byes, present.len() % 2, "round {}: byes", r);
        // Results.
        for row in paired.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => Entry::Game {
                    white,
                    black,
                    result: Some(match *next.next().unwrap() % 10 {
                        0..=3 => Outcome::WhiteWin,
                        4..=6 => Outcome::BlackWin,
                        7 | 8 => Outcome::Draw,
                        _ => Outcome::BlackForfeitWin,
                    }),
                },
                e => e,
            };
            t.rows.push(Row { entry, ..row });
        }
        // Colour rules on played games (no topscorer exception before the final round).
        if r < rounds {
            let mut colours: HashMap<u32, Vec<bool>> = HashMap::new();
            for row in &t.rows {
                if let Entry::Game { white, black, result: Some(o) } = row.entry
                    && o.played()
                {
                    colours.entry(white).or_default().push(true);
                    colours.entry(black).or_default().push(false);
                }
            }
            for (id, c) in colours {
                let diff: i32 = c.iter().map(|&w| if w { 1 } else { -1 }).sum();
                prop_assert!(
                    diff.abs() <= 2,
                    "round {}: player {} colour difference {}",
                    r,
                    id,
                    diff
                );
                let three = c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
                prop_assert!(!three, "round {}: player {} same colour three times", r, id);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
    #[test]
    fn dutch_rounds_are_complete_legal_and_deterministic(
        n in 4usize..24,
        rounds in 3u32..7,
        results in proptest::collection::vec(any::<u8>(), 16..64),
        white in any::<bool>(),
    ) {
        play(n, rounds, &results, white)?;
    }
}
