//! The Dutch engine with acceleration (C.04.5.1 Baku, explicit `XXA` points) on small fields
//! whose round 1 is derived by hand: GA = 2·⌈n/4⌉ players carry 1 virtual point, so GA and
//! GB are paired apart (colours by 5.2.5 with White first; boards by points, then the
//! higher player's pairing number).

use bsw_model::{Acceleration, Colour, Config, DutchConfig, Entry, Player, System, Tournament};

fn event(n: u32, rounds: u32, acceleration: Acceleration) -> Tournament {
    Tournament {
        config: Config {
            rounds: Some(rounds),
            system: System::Dutch(DutchConfig {
                initial_colour: Some(Colour::White),
                pab_points: 2,
            }),
            acceleration,
            ..Config::default()
        },
        players: (1..=n)
            .map(|id| Player { id, name: format!("P{id}"), rating: 2500 - id, ..Player::default() })
            .collect(),
        rows: Vec::new(),
    }
}

/// Round 1's games (white, black) and bye.
fn round_one(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let round = bsw_engine::pair(t).expect("round 1 pairs");
    let mut games = Vec::new();
    let mut bye = None;
    for row in &round.rows {
        match row.entry {
            Entry::Game { white, black, .. } => games.push((white, black)),
            Entry::Bye(p) => bye = Some(p),
            _ => {}
        }
    }
    (games, bye)
}

#[test]
fn round_one_pairs_ga_and_gb_apart() {
    // n mod 4 = 0: 8 players, GA = 4.
    assert_eq!(
        round_one(&event(8, 4, Acceleration::Baku)),
        (vec![(1, 3), (4, 2), (5, 7), (8, 6)], None)
    );
    // Without acceleration: S1 = 1-4 against S2 = 5-8.
    assert_eq!(
        round_one(&event(8, 4, Acceleration::None)),
        (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None)
    );
    // n mod 4 = 1: 5 players, GA = 4, player 5 the bye.
    assert_eq!(round_one(&event(5, 4, Acceleration::Baku)), (vec![(1, 3), (4, 2)], Some(5)));
    // n mod 4 = 2: 6 players, GA = 4 (bbpPairings' own Baku reading would take 3).
    assert_eq!(round_one(&event(6, 4, Acceleration::Baku)), (vec![(1, 3), (4, 2), (5, 6)], None));
    // n mod 4 = 3: 7 players, GA = 4, the bye to 7.
    assert_eq!(
        round_one(&event(7, 4, Acceleration::Baku)),
        (vec![(1, 3), (4, 2), (5, 6)], Some(7))
    );
    // 12 players, GA = 6: brackets {1-6} and {7-12}.
    assert_eq!(
        round_one(&event(12, 5, Acceleration::Baku)).0,
        vec![(1, 4), (5, 2), (3, 6), (7, 10), (11, 8), (9, 12)]
    );
}

#[test]
fn explicit_points_pair_as_given() {
    // XXA giving players 1-2 one point: brackets {1, 2} and {3-8}.
    let xxa = Acceleration::Explicit([(1, vec![2]), (2, vec![2])].into_iter().collect());
    assert_eq!(round_one(&event(8, 4, xxa)).0, vec![(1, 2), (3, 6), (7, 4), (5, 8)]);
    // The Baku table written out as explicit points pairs every round alike.
    let t = event(10, 7, Acceleration::Baku);
    let explicit = bsw_engine::dutch::acceleration::as_explicit(&t);
    let m = match &explicit {
        Acceleration::Explicit(m) => m.clone(),
        other => panic!("{other:?}"),
    };
    // 10 players: GA = 6; 7 rounds: 4 accelerated, 1 point in rounds 1-2, ½ in 3-4.
    assert_eq!(m.keys().copied().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    assert!(m.values().all(|v| v == &[2, 2, 1, 1]));
    let mut x = t.clone();
    x.config.acceleration = explicit;
    assert_eq!(round_one(&t), round_one(&x));
}
