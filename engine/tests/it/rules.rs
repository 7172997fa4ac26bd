//! Engine behaviour per SPEC section; each test names the rule it guards. Expected values
//! are derived by hand in the comments.
use crate::common;
use bsw_engine::EngineError;
use bsw_engine::berger_swiss::pair_next_round;
use bsw_model::{Config, Entry};
use common::*;

fn groups_cfg(groups: &[u32], rounds: Option<u32>) -> Config {
    Config { groups: groups.to_vec(), rounds, ..Default::default() }
}

/// Plays every game of the next round with `result`.
fn play_round(t: &mut bsw_model::Tournament, result: &str) {
    let paired = pair_next_round(t).expect("pairs");
    let n = paired.rows.iter().filter(|r| matches!(r.entry, Entry::Game { .. })).count();
    let results = vec![result; n];
    pair_and_play(t, &results);
}

#[test]
fn s6_no_swiss_field_last_group_keeps_schedule_byes_and_struck_game() {
    // One group of 4 (it is also the last group), no lower Swiss group, seed 0.
    // Draw (engine/src/berger_swiss/draw.rs unit test, derived by hand): TPN order [1,2,3,4] → seats
    // [3,2,1,4], so Berger numbers 1→3, 2→2, 3→1, 4→4. FIDE table for 4:
    // R1 1-4 2-3 → 3-4, 2-1; R2 4-3 1-2 → 4-1, 3-2; R3 2-4 3-1 → 2-4, 1-3.
    let mut t = swiss(4, 3);
    t.config = groups_cfg(&[4], None);
    assert_eq!(pair(&t), vec![(3, 4, ""), (2, 1, "")]);
    play_round(&mut t, "1/2-1/2");
    // Players 1 and 4 withdraw from round 2: the game 4-1 is struck, 3-2 is played.
    t.players[0].withdrawn_from = Some(2);
    t.players[3].withdrawn_from = Some(2);
    assert_eq!(pair(&t), vec![(3, 2, "")]);
    play_round(&mut t, "1-0");
    // Round 3: 2-4 → bye to 2, 1-3 → bye to 3 (table board order).
    assert_eq!(pair(&t), vec![(2, 0, "bye"), (3, 0, "bye")]);
}

#[test]
fn s6_no_swiss_field_group_1_affected_all_groups_form_a_swiss_field() {
    // Groups [4, 4], no lower Swiss group. A group-1 player withdraws from round 2: group 1 is
    // not the last group, so groups 1 and 2 leave their schedules: 7 active players form one
    // Swiss field (odd: one bye), and no Berger game is scheduled.
    let mut t = swiss(8, 3);
    t.config = groups_cfg(&[4, 4], None);
    play_round(&mut t, "1/2-1/2");
    t.players[1].withdrawn_from = Some(2);
    let r = pair_next_round(&t).unwrap();
    let sw = r.swiss.expect("a Swiss field");
    assert_eq!(sw.field_size, 7);
    assert!(sw.bye.is_some());
    assert!(r.rows.iter().all(|row| !row.entry.players().any(|p| p == 2)));
    assert_eq!(r.rows.len(), 4, "3 games + 1 bye");
}

#[test]
fn s6_middle_group_withdrawal_with_lower_swiss_dissolves_it_and_lower_groups_only() {
    // Groups [4, 4, 4] (TPN 1-4, 5-8, 9-12) and a lower Swiss group 13-16. Player 6 (group 2)
    // withdraws from round 2: groups 2 and 3 join the Swiss field; group 1 keeps its schedule.
    let mut t = swiss(16, 3);
    t.config = groups_cfg(&[4, 4, 4], None);
    play_round(&mut t, "1/2-1/2");
    t.players[5].withdrawn_from = Some(2);
    let r = pair_next_round(&t).unwrap();
    // Group 1 still plays its table: its 4 players meet each other on the first two boards,
    // and not the round-1 opponents (a Berger round pairs new opponents).
    let r1: Vec<(u32, u32)> = t
        .round_rows(1)
        .filter_map(|row| match row.entry {
            Entry::Game { white, black, .. } => Some((white.min(black), white.max(black))),
            _ => None,
        })
        .collect();
    for row in &r.rows[..2] {
        let Entry::Game { white, black, .. } = row.entry else {
            panic!("board {} is not a game", row.board)
        };
        assert!(white <= 4 && black <= 4, "board {}: group 1 plays itself", row.board);
        assert!(!r1.contains(&(white.min(black), white.max(black))));
    }
    // Swiss field: 3 (group 2 less player 6) + 4 + 4 = 11 players.
    let sw = r.swiss.unwrap();
    assert_eq!(sw.field_size, 11);
    assert!(r.rows.iter().all(|row| !row.entry.players().any(|p| p == 6)));
    // Rows: 2 Berger games, 5 Swiss games, 1 bye.
    assert_eq!(r.rows.len(), 8);
}

#[test]
fn s8_1_bye_eligibility_counts_scheduled_berger_byes() {
    // Group [3] (TPN 1-3, P = 3, each gets one scheduled bye) and a lower group 4-7; rounds 4.
    // Group games are double losses, lower games draws: after 3 rounds group players have
    // 2 half-points (their bye), lower players 3. Round 4 (later phase): 7 players, eligible =
    // the lower players (0 byes). Bottom eligible = 7 (3 points, WNT 0, highest TPN). Without
    // 7, players 4, 5, 6 have met each other (the lower group played 3 rounds among 4), so
    // they must meet 1, 2, 3 (score difference ½): feasible at D = ½, not at D = 0.
    let mut t = swiss(7, 4);
    t.config = groups_cfg(&[3], Some(4));
    for _ in 0..3 {
        let paired = pair_next_round(&t).unwrap();
        for mut row in paired.rows {
            if let Entry::Game { white, black, .. } = row.entry {
                let code = if white <= 3 { "-/-" } else { "1/2-1/2" };
                row.entry =
                    Entry::Game { white, black, result: bsw_model::Outcome::from_code(code) };
            }
            t.rows.push(row);
        }
    }
    let sw = pair_next_round(&t).unwrap().swiss.unwrap();
    assert_eq!(sw.bye, Some(7));
    assert_eq!(sw.level.max_diff, Some(1));
}

#[test]
fn s8_3_rematches_only_when_unavoidable_four_players_five_rounds() {
    // 4 players meet every other player in rounds 1-3 (K4 has exactly 3 perfect matchings),
    // so round 4 needs rematches.
    let mut t = swiss(4, 5);
    for _ in 0..3 {
        let sw = pair_next_round(&t).unwrap().swiss.unwrap();
        assert!(!sw.level.rematches);
        play_round(&mut t, "1/2-1/2");
    }
    let sw = pair_next_round(&t).unwrap().swiss.unwrap();
    assert!(sw.level.rematches);
}

#[test]
fn s8_3_streak_three_level_when_both_players_had_white_twice() {
    // 1 and 2 both played White in rounds 1 and 2 (against 3 and 4, drawn), then 3 and 4
    // withdraw. Round 3 field {1, 2}: L = 2 is impossible (one of them gets a third White);
    // at L = 3 the White player's colour difference becomes 3, so balance is dropped:
    // level (no, 3, no, 0). §8.2 keys tie (3, 1, 4, 1); both have 2 whites → the higher TPN
    // number (2) gets White.
    let mut t = swiss(4, 3);
    add_round(&mut t, &[(1, 3, "1/2-1/2"), (2, 4, "1/2-1/2")]);
    add_round(&mut t, &[(1, 4, "1/2-1/2"), (2, 3, "1/2-1/2")]);
    t.players[2].withdrawn_from = Some(3);
    t.players[3].withdrawn_from = Some(3);
    let r = pair_next_round(&t).unwrap();
    assert_eq!(pair(&t), vec![(2, 1, "")]);
    let l = r.swiss.unwrap().level;
    assert_eq!((l.rematches, l.streak_limit, l.balance, l.max_diff), (false, 3, false, Some(0)));
}

#[test]
fn s7_later_phase_puts_every_active_player_in_one_swiss_field() {
    // Group [4] (P = 3) and lower group 5-8; rounds 5: round 4 is the later phase.
    let mut t = swiss(8, 5);
    t.config = groups_cfg(&[4], Some(5));
    for _ in 0..3 {
        play_round(&mut t, "1-0");
    }
    let r = pair_next_round(&t).unwrap();
    assert_eq!(r.swiss.unwrap().field_size, 8);
    assert_eq!(r.rows.len(), 4);
}

#[test]
fn s9_absences_are_rows_after_the_byes_in_tpn_order() {
    // Plain Swiss of 6; in round 1 player 2 asks a half-bye and player 1 a zero-bye: the field
    // is {3,4,5,6}: 3-5 and 4-6 with White to the higher TPN number: 5-3, 6-4. Absences last,
    // by TPN: 1 (zero-bye), 2 (half-bye).
    let mut t = swiss(6, 3);
    t.players[1].half_byes = vec![1];
    t.players[0].zero_byes = vec![1];
    assert_eq!(pair(&t), vec![(5, 3, ""), (6, 4, ""), (1, 0, "zero-bye"), (2, 0, "half-bye")]);
}

#[test]
fn s9_absence_in_a_berger_group_on_schedule_is_refused() {
    let mut t = swiss(4, 3);
    t.config = groups_cfg(&[4], None);
    t.players[2].half_byes = vec![1];
    assert_eq!(
        pair_next_round(&t),
        Err(EngineError::AbsenceInBergerGroup { round: 1, player: 3, group: 0 })
    );
}

#[test]
fn s3_the_arbiters_full_point_bye_is_refused() {
    // SPEC §3 has `bye`, `half-bye` and `zero-bye`: a `full-bye` row has no place.
    let mut t = swiss(4, 3);
    t.rows.push(bsw_model::Row {
        round: 1,
        board: 1,
        entry: Entry::Game { white: 1, black: 2, result: Some(bsw_model::Outcome::Draw) },
    });
    t.rows.push(bsw_model::Row { round: 1, board: 2, entry: Entry::FullBye(3) });
    t.rows.push(bsw_model::Row { round: 1, board: 3, entry: Entry::ZeroBye(4) });
    assert_eq!(pair_next_round(&t), Err(EngineError::FullBye { round: 1, player: 3 }));
}

#[test]
fn s8_field_of_one_gets_the_bye() {
    let t = swiss(1, 2);
    assert_eq!(pair(&t), vec![(1, 0, "bye")]);
}

#[test]
fn s7_empty_swiss_field_gives_no_swiss_report() {
    let mut t = swiss(4, 3);
    t.config = groups_cfg(&[4], None);
    let r = pair_next_round(&t).unwrap();
    assert!(r.swiss.is_none());
    assert_eq!(r.rows.len(), 2);
}

#[test]
fn s8_1_round_one_odd_field_gives_the_bye_to_the_lowest_rated() {
    // 5 players: bye to TPN 5; 1-3 and 2-4 with White to the higher TPN number: 3-1, 4-2.
    let t = swiss(5, 3);
    assert_eq!(pair(&t), vec![(3, 1, ""), (4, 2, ""), (5, 0, "bye")]);
}

#[test]
fn s12_refusals_incomplete_round_and_finished_event() {
    let mut t = swiss(4, 1);
    add_round(&mut t, &[(3, 1, ""), (4, 2, "1-0")]);
    assert!(
        matches!(pair_next_round(&t), Err(EngineError::IncompleteRound(m)) if m == vec![(1, 1, 3, 1)])
    );
    t.rows[0].entry =
        Entry::Game { white: 3, black: 1, result: bsw_model::Outcome::from_code("0-1") };
    assert_eq!(pair_next_round(&t), Err(EngineError::Finished { rounds: 1 }));
    let mut all_gone = swiss(2, 2);
    all_gone.players.iter_mut().for_each(|p| p.withdrawn_from = Some(1));
    assert_eq!(pair_next_round(&all_gone), Err(EngineError::NoActivePlayer { round: 1 }));
}

#[test]
fn s8_3_bye_raised_above_the_bottom_when_the_bottom_would_need_a_rematch() {
    // Round 1: 1(W)-2(B) drawn, 3(W)-4(B) won by 4, 5 bye. Round 2: 4 and 5 are absent, so
    // the field is {1, 2, 3}, nobody in it has a bye: all eligible. Swiss order 1, 2 (1 point
    // each, TPN), 3 (0). Bottom-first: v = 3 leaves {1, 2}, who met: impossible without
    // rematches at every balance/score level of L = 2. v = 2 leaves {1, 3}: D = 0 fails
    // (½ point apart), D = ½ works. Colours of {1, 3}: both have one White; either way the
    // keys are (0, 0, 2, 1), whites equal → White to the higher TPN number, 3.
    let mut t = swiss(5, 3);
    add_round(&mut t, &[(1, 2, "1/2-1/2"), (3, 4, "0-1"), (5, 0, "bye")]);
    t.players[3].zero_byes = vec![2];
    t.players[4].half_byes = vec![2];
    let r = pair_next_round(&t).unwrap();
    assert_eq!(pair(&t), vec![(3, 1, ""), (2, 0, "bye"), (4, 0, "zero-bye"), (5, 0, "half-bye")]);
    let sw = r.swiss.unwrap();
    assert_eq!(sw.bye, Some(2));
    let l = sw.level;
    assert_eq!((l.rematches, l.streak_limit, l.balance, l.max_diff), (false, 2, true, Some(1)));
    assert!(
        sw.explain
            .iter()
            .any(|line| line.contains("bye to player 3") && line.contains("impossible"))
    );
}
