//! Group standings (round-robin treatment, Art. 15.2), group memberships with swaps, the
//! round chosen, and refusals (unrated opponents, incomplete rounds, unknown codes).

use crate::common;
use bsw_standings::{StandingsError, group_members, group_standings, standings};
use common::*;

fn players(n: u32) -> Vec<(u32, u32)> {
    (1..=n).map(|i| (i, 2100 - 100 * i)).collect()
}

/// Group 1 = TPN 1-4 (groups = [4], P = 3); 5 and 6 form the lower Swiss group.
/// R1: 1-4 +/-, 2-3 ½, 5-6 1-0. R2: 1-2 1-0, 4-3 1-0, 6-5 1-0. R3: 2-4 1-0, 3-1 1-0, 5-6 ½.
/// Group points: 1: 2, 2: 1½, 3: 1½, 4: 1.
fn grouped() -> bsw_model::Tournament {
    let mut t = tournament(
        &players(6),
        3,
        rounds(&[
            "1-4 +/-, 2-3 1/2-1/2, 5-6 1-0",
            "1-2 1-0, 4-3 1-0, 6-5 1-0",
            "2-4 1-0, 3-1 1-0, 5-6 1/2-1/2",
        ]),
    );
    t.config.groups = vec![4];
    t
}

#[test]
fn group_table_uses_round_robin_treatment_and_group_defaults() {
    let t = grouped();
    let gs = group_standings(&t, &opts("BH")).unwrap();
    assert_eq!(gs.len(), 1);
    assert_eq!(gs[0].group, 1);
    let st = &gs[0].standings;
    assert_eq!(
        st.codes.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["DE", "SB", "WIN", "KS"]
    );
    // Only the four members, and only their games.
    assert_eq!(st.rows.len(), 4);
    // 2 and 3 drew each other (DE leaves them tied); SB, forfeits as games (15.2):
    // 3: ½ × 1½ (vs 2) + 0 (lost to 4) + 1 × 2 (beat 1) = 2¾;
    // 2: ½ × 1½ (vs 3) + 0 (lost to 1) + 1 × 1 (beat 4) = 1¾ -> 3 above 2.
    assert_eq!(order(st), vec![1, 3, 2, 4]);
    check(st, 2, "DE", 1.0);
    check(st, 3, "DE", 1.0);
    check(st, 3, "SB", 2.75);
    check(st, 2, "SB", 1.75);
    // 1: forfeit win over 4 is a game: 1 × 1 + beat 2: 1 × 1½ + lost to 3: 0 = 2½.
    check(st, 1, "SB", 2.5);
    // 4: forfeit loss 0 + beat 3: 1½ + lost to 2: 0 = 1½.
    check(st, 4, "SB", 1.5);
    check(st, 1, "WIN", 2.0);
    // KS: 3 games each, 50 % = 1½: 1, 2, 3 qualify, 4 (1) does not.
    // 1: 1 (vs 2) + 0 (vs 3) = 1; 2: ½ (vs 3) = ½; 3: ½ + 1 = 1½; 4: 1 (vs 3) = 1.
    check(st, 1, "KS", 1.0);
    check(st, 2, "KS", 0.5);
    check(st, 3, "KS", 1.5);
    check(st, 4, "KS", 1.0);
}

#[test]
fn round_robin_forfeit_win_counts_for_won_but_not_for_rating_based() {
    let t = grouped();
    let mut o = opts("WON");
    o.group_tiebreaks = bsw_standings::Code::parse_list("WON, ARO").unwrap();
    let gs = group_standings(&t, &o).unwrap();
    // Group: forfeit win over 4 is a game won (15.2) -> 2; ARO over the board only:
    // 2 (1900) and 3 (1800) -> 1850.
    check(&gs[0].standings, 1, "WON", 2.0);
    check(&gs[0].standings, 1, "ARO", 1850.0);
    // Whole field (Swiss): WON counts the over-the-board win only.
    let st = standings(&t, &o).unwrap();
    check(&st, 1, "WON", 1.0);
}

#[test]
fn scheduled_bye_of_an_odd_group_contributes_nothing() {
    // groups = [3] (P = 3). R1: 1-2 1-0, 3 bye. R2: 3-1 ½, 2 bye. R3: 2-3 0-1, 1 bye.
    let mut t = tournament(
        &players(3),
        3,
        rounds(&["1-2 1-0, bye 3", "3-1 1/2-1/2, bye 2", "2-3 0-1, bye 1"]),
    );
    t.config.groups = vec![3];
    let mut o = opts("WIN");
    o.group_tiebreaks = bsw_standings::Code::parse_list("WIN, SB, KS").unwrap();
    let gs = group_standings(&t, &o).unwrap();
    let st = &gs[0].standings;
    // Group points 1: 1½, 3: 1½, 2: 0; WIN 1 each (byes not counted); SB ½ × 1½ + 0 = ¾
    // each; KS (2 games, 50 % = 1): ½ each (the draw); TPN decides: 1, 3, 2.
    assert_eq!(points(st, 1), 1.5);
    check(st, 1, "WIN", 1.0);
    check(st, 1, "SB", 0.75);
    check(st, 3, "SB", 0.75);
    check(st, 1, "KS", 0.5);
    assert_eq!(order(st), vec![1, 3, 2]);
    // The whole field counts the byes: 1 has 2½ and WIN 2.
    let st = standings(&t, &o).unwrap();
    assert_eq!(points(&st, 1), 2.5);
    check(&st, 1, "WIN", 2.0);
}

#[test]
fn group_members_fill_from_tpn_then_apply_swaps_in_order() {
    // Ratings given out of entry order: TPN = 1, 2, 3, 4, 5, 6, 7 by rating.
    let mut t = tournament(
        &[(7, 1000), (1, 2000), (2, 1900), (3, 1800), (4, 1700), (5, 1600), (6, 1500)],
        3,
        vec![],
    );
    t.config.groups = vec![3, 3];
    assert_eq!(group_members(&t).unwrap(), vec![vec![1, 2, 3], vec![4, 5, 6]]);
    // (3,4): 3 to group 2, 4 to group 1; then (6,7): 7 from the lower group into group 2.
    t.config.swaps = vec![(3, 4), (6, 7)];
    assert_eq!(group_members(&t).unwrap(), vec![vec![1, 2, 4], vec![3, 5, 7]]);
    t.config.swaps = vec![(1, 2)];
    assert!(group_members(&t).is_err());
}

#[test]
fn equal_ratings_keep_entry_order_for_tpn() {
    let t = tournament(&[(9, 1500), (3, 1600), (5, 1500)], 1, vec![]);
    assert_eq!(bsw_standings::tpn_order(&t), vec![3, 9, 5]);
}

#[test]
fn rating_based_tiebreaks_refuse_unrated_opponents_unless_configured() {
    // 2 is unrated; 1 played 2.
    let t = tournament(&[(1, 2000), (2, 0)], 1, rounds(&["1-2 1-0"]));
    let err = standings(&t, &opts("ARO")).unwrap_err();
    assert!(matches!(err, StandingsError::UnratedOpponent { opponent: 2, .. }), "{err}");
    assert!(err.to_string().contains("--unrated-rating"));
    let mut o = opts("ARO, TPR");
    o.unrated_rating = Some(1400);
    let st = standings(&t, &o).unwrap();
    check(&st, 1, "ARO", 1400.0);
    // 1/1: 1400 + 800.
    check(&st, 1, "TPR", 2200.0);
    // Without rating-based codes, unrated players are fine.
    assert!(standings(&t, &opts("BH")).is_ok());
}

#[test]
fn default_round_is_the_last_complete_one() {
    // Round 2 has a game without result: standings after round 1.
    let t = tournament(&players(2), 2, rounds(&["1-2 1-0", "2-1"]));
    let st = standings(&t, &opts("BH")).unwrap();
    assert_eq!(st.round, 1);
    assert_eq!(points(&st, 1), 1.0);
    let mut o = opts("BH");
    o.round = Some(2);
    assert!(matches!(standings(&t, &o), Err(StandingsError::IncompleteRound { round: 2, .. })));
    o.round = Some(3);
    assert!(matches!(
        standings(&t, &o),
        Err(StandingsError::RoundOutOfRange { round: 3, last: 2 })
    ));
}

#[test]
fn configured_tiebreaks_replace_the_defaults_and_bad_codes_are_refused() {
    let mut t = tournament(&players(2), 1, rounds(&["1-2 1-0"]));
    let codes = |t: &bsw_model::Tournament| -> Vec<String> {
        let o = bsw_standings::Options::for_tournament(t).unwrap();
        o.tiebreaks.iter().map(|c| c.to_string()).collect()
    };
    assert_eq!(codes(&t), ["BH-C1", "BH", "SB", "DE", "WIN"]);
    t.config.tiebreaks = Some(vec!["SB".into(), "ARO-C1".into()]);
    assert_eq!(codes(&t), ["SB", "ARO-C1"]);
    t.config.tiebreaks = Some(vec!["XYZ".into()]);
    assert!(matches!(
        bsw_standings::Options::for_tournament(&t),
        Err(StandingsError::UnknownCode(_))
    ));
}

#[test]
fn aro_is_undefined_without_games_over_the_board_and_ranks_last() {
    // 1 and 2 drew; 3 had a half-point bye: all on ½, ARO undefined for 3.
    let t = tournament(&players(3), 1, rounds(&["1-2 1/2-1/2, half 3"]));
    let st = standings(&t, &opts("ARO, TPR, PTP, ARO-C1")).unwrap();
    assert!(undefined(&st, 3, "ARO"));
    assert!(undefined(&st, 3, "TPR"));
    assert!(undefined(&st, 3, "PTP"));
    // ARO-C1 with a single game leaves nothing.
    assert!(undefined(&st, 1, "ARO-C1"));
    // 1 (vs 1900) and 2 (vs 2000): ARO 1900 and 2000 -> 2, 1, then undefined 3.
    assert_eq!(order(&st), vec![2, 1, 3]);
}

#[test]
fn group_table_uses_members_after_swaps_and_keeps_withdrawn_members() {
    // groups = [3] (P = 3), swap (3, 4): the group is {1, 2, 4}; 3 joins the lower group.
    // Player 4 withdraws from round 3. R1: 1-2 1-0, 3-5 1-0, 4 bye. R2: 4-1 ½, 5-3 1-0,
    // 2 bye. R3: 2 (scheduled against 4) gets a bye, 1-3 0-1 (not a group game), 5 absent.
    // Group games: 1-2 (1 won) and 4-1 (drawn).
    let mut t = tournament(
        &players(5),
        3,
        rounds(&[
            "1-2 1-0, 3-5 1-0, bye 4",
            "4-1 1/2-1/2, 5-3 1-0, bye 2",
            "1-3 0-1, bye 2, zero 5",
        ]),
    );
    t.config.groups = vec![3];
    t.config.swaps = vec![(3, 4)];
    t.players[3].withdrawn_from = Some(3);
    let gs = group_standings(&t, &opts("BH")).unwrap();
    let st = &gs[0].standings;
    let mut ids = order(st);
    ids.sort();
    assert_eq!(ids, vec![1, 2, 4]);
    // Group points: 1: 1 + ½ = 1½; 4: ½; 2: 0 (byes count nothing in the group table).
    assert_eq!(points(st, 1), 1.5);
    assert_eq!(points(st, 4), 0.5);
    assert_eq!(points(st, 2), 0.0);
    assert_eq!(order(st), vec![1, 4, 2]);
}
