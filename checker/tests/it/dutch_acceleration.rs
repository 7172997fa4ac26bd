//! Profile dutch with acceleration (C.04.5.1 Baku, explicit `XXA` points): a round paired
//! on the real scores is flagged in an accelerated event, a round paired on the accelerated
//! scores is flagged in an event without acceleration, and each is conforming under its own
//! acceleration. Rounds written by hand from the rules.

use bsw_checker::{Profile, check};
use bsw_model::{
    Acceleration, Colour, Config, DutchConfig, Entry, Player, Row, System, Tournament,
};

/// Round 1 of 8 players (ids = pairing numbers, initial colour White), 4 planned rounds.
fn event(acceleration: Acceleration, games: &[(u32, u32)]) -> Tournament {
    Tournament {
        config: Config {
            rounds: Some(4),
            system: System::Dutch(DutchConfig {
                initial_colour: Some(Colour::White),
                pab_points: 2,
            }),
            acceleration,
            ..Config::default()
        },
        players: (1..=8)
            .map(|id| Player { id, name: format!("P{id}"), rating: 2500 - id, ..Player::default() })
            .collect(),
        rows: Row::on_boards(
            1,
            games.iter().map(|&(white, black)| Entry::Game { white, black, result: None }),
        )
        .collect(),
    }
}

/// Without acceleration: S1 = 1-4, S2 = 5-8; 5.2.5 gives the higher player White when its
/// pairing number is odd.
const PLAIN: [(u32, u32); 4] = [(1, 5), (6, 2), (3, 7), (8, 4)];
/// Baku with 8 players: GA = 2·⌈8/4⌉ = 4 players with 1 virtual point in round 1 (of 4
/// rounds: 2 accelerated, the first with 1 point). Brackets {1-4} and {5-8}.
const BAKU: [(u32, u32); 4] = [(1, 3), (4, 2), (5, 7), (8, 6)];

/// The rules the round breaks, with their messages.
fn rules(t: &Tournament) -> Vec<String> {
    check(t, Profile::Dutch)
        .violations()
        .map(|(_, v)| format!("{}: {}", v.rule, v.message))
        .collect()
}

#[test]
fn each_round_conforms_to_its_own_acceleration() {
    assert_eq!(rules(&event(Acceleration::None, &PLAIN)), Vec::<String>::new());
    assert_eq!(rules(&event(Acceleration::Baku, &BAKU)), Vec::<String>::new());
    // The same virtual points as explicit XXA records.
    let xxa = Acceleration::Explicit((1..=4).map(|id| (id, vec![2, 1])).collect());
    assert_eq!(rules(&event(xxa, &BAKU)), Vec::<String>::new());
}

#[test]
fn a_round_paired_without_acceleration_is_flagged_in_an_accelerated_event() {
    let t = event(Acceleration::Baku, &PLAIN);
    let report = check(&t, Profile::Dutch);
    assert!(!report.is_conforming(), "the unaccelerated round passed as Baku");
    let notes = &report.rounds[0].notes;
    assert!(
        notes.iter().any(|n| n.contains("Baku acceleration")
            && n.contains("GA = pairing numbers 1-4 (8 players listed before round 1)")),
        "{notes:?}"
    );
}

#[test]
fn a_round_paired_with_acceleration_is_flagged_in_a_plain_event() {
    let report = check(&event(Acceleration::None, &BAKU), Profile::Dutch);
    assert!(!report.is_conforming(), "the accelerated round passed without acceleration");
    assert!(report.rounds[0].notes.iter().all(|n| !n.contains("virtual points")));
}

#[test]
fn ga_takes_the_first_half_rounded_up_to_an_even_number() {
    // 6 players (n mod 4 = 2): GA = 4, so 1-4 pair among themselves and 5-6 together; 7
    // players (n mod 4 = 3): GA = 4, 5-6 paired and 7 the bye; 5 players (n mod 4 = 1):
    // GA = 4, player 5 the bye.
    for (n, games, bye) in [
        (6, vec![(1, 3), (4, 2), (5, 6)], None),
        (7, vec![(1, 3), (4, 2), (5, 6)], Some(7)),
        (5, vec![(1, 3), (4, 2)], Some(5)),
    ] {
        let mut t = event(Acceleration::Baku, &games);
        t.players.truncate(n);
        if let Some(b) = bye {
            t.rows.push(Row { round: 1, board: games.len() as u32 + 1, entry: Entry::Bye(b) });
        }
        assert_eq!(rules(&t), Vec::<String>::new(), "{n} players");
        // Without acceleration 5 players pair 1-3, 2-4 and give 5 the bye too (S1 = 1-2);
        // 6 and 7 players pair 1-4, 2-5, 3-6 instead.
        t.config.acceleration = Acceleration::None;
        assert_eq!(rules(&t).is_empty(), n == 5, "{n} players without acceleration");
    }
}

#[test]
fn a_late_entrant_listed_before_the_last_ga_player_is_in_ga() {
    // 9 players, player 2 enters in round 3: 8 listed before round 1, GA = 2·⌈8/4⌉ = 4 of
    // them (1, 3, 4, 5); the last GA player keeps pairing number 5, so player 2, listed
    // before him, is in GA too (C.04.5.1 "Late entries"), 5 players.
    let mut t = event(Acceleration::Baku, &[(1, 4), (5, 3), (6, 8), (9, 7)]);
    t.players.push(Player { id: 9, name: "P9".into(), rating: 2491, ..Player::default() });
    t.players[1].enters = Some(3);
    let report = check(&t, Profile::Dutch);
    let notes = &report.rounds[0].notes;
    assert!(
        notes
            .iter()
            .any(|n| n.contains("GA = pairing numbers 1-5 (8 players listed before round 1)")),
        "{notes:?}"
    );
    // Entering in round 1, player 2 counts: 9 players, GA = 6.
    t.players[1].enters = None;
    let report = check(&t, Profile::Dutch);
    assert!(
        report.rounds[0].notes.iter().any(|n| n.contains("GA = pairing numbers 1-6 (9 players")),
        "{:?}",
        report.rounds[0].notes
    );
}
