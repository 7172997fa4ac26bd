//! Article 16 for every unplayed-round category (PAB, forfeit win, forfeit loss, double
//! forfeit, requested bye early and late, withdrawal), 2026 caps and the 2024 switch.
//! All values hand-computed from FIDE-REFERENCE §1.4; units in comments are points.

use crate::common;
use bsw_standings::unplayed::Category::*;
use bsw_standings::{standings, unplayed_categories};
use common::*;

fn players(n: u32) -> Vec<(u32, u32)> {
    (1..=n).map(|i| (i, 2100 - 100 * i)).collect()
}

/// Three players, 3 rounds, a PAB every round.
/// R1: 1-2 1-0, 3 bye. R2: 3-1 0-1, 2 bye. R3: 2-3 ½, 1 bye.
/// Points: 1: 3, 2: 1½, 3: 1½. No VURs, so adjusted = actual.
fn pab() -> bsw_model::Tournament {
    tournament(&players(3), 3, rounds(&["1-2 1-0, bye 3", "3-1 0-1, bye 2", "2-3 1/2-1/2, bye 1"]))
}

#[test]
fn pab_is_category_1_and_its_dummy_is_capped_at_draw_points_times_rounds() {
    let t = pab();
    assert_eq!(unplayed_categories(&t, 3, 1).unwrap(), vec![None, None, Some(PabOrFpb)]);
    let st = standings(&t, &opts("BH, BH-C1, SB, WIN, WON")).unwrap();
    // Player 1: vs 2 (1½) + vs 3 (1½) + dummy min(own 3, ½ × 3 rounds = 1½) = 4½.
    check(&st, 1, "BH", 4.5);
    // Cut-1: no VUR, drop one 1½ -> 3.
    check(&st, 1, "BH-C1", 3.0);
    // SB: 1½ × 1 three times = 4½.
    check(&st, 1, "SB", 4.5);
    // Player 3: dummy min(1½, 1½) = 1½, vs 1: 3, vs 2: 1½ -> 6.
    check(&st, 3, "BH", 6.0);
    // WIN counts the PAB, WON does not.
    check_player(&st, 1, &[("WIN", 3.0), ("WON", 2.0)]);
}

#[test]
fn pab_dummy_is_uncapped_under_2024_rules() {
    // 2024: dummy = own score 3 -> 1½ + 1½ + 3 = 6.
    let st = standings(&pab(), &opts2024("BH")).unwrap();
    check(&st, 1, "BH", 6.0);
}

/// Six players, 3 rounds. R1: 1-2 +/- (forfeit), 3-4 1-0, 5-6 1-0. R2: 2-6 1-0, 1-3 1-0,
/// 4-5 ½. R3: 2-4 1-0, 1-5 1-0, 3-6 1-0. Points: 1: 3, 2: 2, 3: 2, 4: ½, 5: 1½, 6: 0.
fn forfeit() -> bsw_model::Tournament {
    tournament(
        &players(6),
        3,
        rounds(&[
            "1-2 +/-, 3-4 1-0, 5-6 1-0",
            "2-6 1-0, 1-3 1-0, 4-5 1/2-1/2",
            "2-4 1-0, 1-5 1-0, 3-6 1-0",
        ]),
    )
}

#[test]
fn forfeit_win_is_category_2_capped_by_the_opponents_adjusted_score() {
    let t = forfeit();
    assert_eq!(unplayed_categories(&t, 3, 1).unwrap(), vec![Some(ForfeitWin), None, None]);
    let st = standings(&t, &opts("BH, SB, WIN, WON, ARO")).unwrap();
    // Player 1: dummy min(own 3, adj(2) = 2) = 2; vs 3: 2; vs 5: 1½ -> 5½.
    check(&st, 1, "BH", 5.5);
    // SB: 2 × 1 + 2 × 1 + 1½ × 1 = 5½.
    check_player(&st, 1, &[("SB", 5.5), ("WIN", 3.0), ("WON", 2.0)]);
    // ARO over the board only: 3 (1800) and 5 (1600) -> 1700.
    check(&st, 1, "ARO", 1700.0);
    // 2024: dummy = own 3 -> 6½.
    let st = standings(&t, &opts2024("BH")).unwrap();
    check(&st, 1, "BH", 6.5);
}

#[test]
fn forfeit_loss_is_category_4_and_cut_first() {
    let t = forfeit();
    assert_eq!(unplayed_categories(&t, 3, 2).unwrap(), vec![Some(ForfeitLoss), None, None]);
    let st = standings(&t, &opts("BH, BH-C1, BH-C2, BH-M1, SB, SB-C1")).unwrap();
    // Player 2: dummy min(own 2, adj(1) = 3) = 2 (VUR); vs 6: 0; vs 4: ½ -> 2½.
    check(&st, 2, "BH", 2.5);
    // Cut-1 drops the VUR value 2, not the LSV 0 (16.5) -> ½.
    check(&st, 2, "BH-C1", 0.5);
    // Cut-2: VUR 2, then 0 -> ½. Median-1: VUR 2, then the highest left (½) -> 0.
    check_player(&st, 2, &[("BH-C2", 0.5), ("BH-M1", 0.0)]);
    // SB: 2 × 0 + 0 × 1 + ½ × 1 = ½; SB-C1: the VUR contribution 0 is not below the LSV's 0,
    // so it goes -> ½.
    check_player(&st, 2, &[("SB", 0.5), ("SB-C1", 0.5)]);
}

/// Four players, 2 rounds. R1: 1-2 -/- (double forfeit), 3-4 1-0. R2: 1-3 0-1, 2-4 1-0.
/// Points: 1: 0, 2: 1, 3: 2, 4: 0.
fn double_forfeit() -> bsw_model::Tournament {
    tournament(&players(4), 2, rounds(&["1-2 -/-, 3-4 1-0", "1-3 0-1, 2-4 1-0"]))
}

#[test]
fn double_forfeit_is_a_forfeit_loss_for_both() {
    let t = double_forfeit();
    assert_eq!(unplayed_categories(&t, 2, 1).unwrap(), vec![Some(ForfeitLoss), None]);
    assert_eq!(unplayed_categories(&t, 2, 2).unwrap(), vec![Some(ForfeitLoss), None]);
    let st = standings(&t, &opts("BH, BH-C1, WIN")).unwrap();
    // Player 2: dummy min(own 1, adj(1) = 0) = 0; vs 4: 0 -> 0.
    check(&st, 2, "BH", 0.0);
    // Player 1: dummy min(own 0, adj(2) = 1) = 0; vs 3: 2 -> 2; Cut-1 drops the VUR 0 -> 2.
    check_player(&st, 1, &[("BH", 2.0), ("BH-C1", 2.0)]);
    check_code(&st, "WIN", &[(1, 0.0), (2, 1.0)]);
    assert_eq!(points(&st, 1), 0.0);
    // 2024: player 2's dummy = own 1 -> 1.
    let st = standings(&t, &opts2024("BH")).unwrap();
    check(&st, 2, "BH", 1.0);
}

/// Four players, 3 rounds. R1: 1 half-bye, 2-3 1-0, 4 bye. R2: 1-2 1-0, 3-4 ½.
/// R3: 1-3 1-0, 2 bye, 4 zero-bye. Points: 1: 2½, 2: 2, 3: ½, 4: 1½.
/// Player 1's R1 half-bye is followed by played rounds: category 3. Player 4's R3 zero-bye
/// is in the last round: category 5, so 4's adjusted score is 1 + ½ + ½ = 2.
fn requested() -> bsw_model::Tournament {
    tournament(
        &players(4),
        3,
        rounds(&["2-3 1-0, bye 4, half 1", "1-2 1-0, 3-4 1/2-1/2", "1-3 1-0, bye 2, zero 4"]),
    )
}

#[test]
fn requested_bye_early_is_category_3_and_counts_as_awarded() {
    let t = requested();
    assert_eq!(unplayed_categories(&t, 3, 1).unwrap(), vec![Some(RequestedByeEarly), None, None]);
    let st = standings(&t, &opts("BH, BH-C1, SB, SB-C1")).unwrap();
    // Player 1: dummy min(own 2½, ½ × 3 = 1½) = 1½ (VUR); vs 2: 2; vs 3: ½ -> 4.
    check(&st, 1, "BH", 4.0);
    // Cut-1 drops the VUR 1½ rather than the LSV ½ -> 2½.
    check(&st, 1, "BH-C1", 2.5);
    // SB: 1½ × ½ + 2 × 1 + ½ × 1 = 3¼. SB-C1: LSV is opponent 3 (contribution ½); the VUR
    // contribution ¾ is not below it, so ¾ goes -> 2½.
    check_player(&st, 1, &[("SB", 3.25), ("SB-C1", 2.5)]);
    // 2024: dummy = own 2½ -> 5.
    let st = standings(&t, &opts2024("BH")).unwrap();
    check(&st, 1, "BH", 5.0);
}

#[test]
fn requested_bye_late_is_category_5_and_counts_as_a_draw_for_opponents() {
    let t = requested();
    assert_eq!(
        unplayed_categories(&t, 3, 4).unwrap(),
        vec![Some(PabOrFpb), None, Some(RequestedByeLate)]
    );
    let st = standings(&t, &opts("BH, BH-C1")).unwrap();
    // Player 3's opponents: 2 (2), 4 (adjusted 2, actual 1½), 1 (2½) -> 6½.
    check(&st, 3, "BH", 6.5);
    // Player 4 itself: PAB dummy min(1½, 1½) = 1½; vs 3: ½; ZPB dummy 1½ (VUR) -> 3½.
    // Cut-1 drops the VUR 1½, not the LSV ½ -> 2.
    check_player(&st, 4, &[("BH", 3.5), ("BH-C1", 2.0)]);
    // Player 2: vs 3 ½, vs 1 2½, PAB dummy min(2, 1½) = 1½ -> 4½.
    check(&st, 2, "BH", 4.5);
}

#[test]
fn zero_bye_before_a_played_round_is_category_3_and_scores_zero_for_opponents() {
    // Three players, 2 rounds. R1: 1-2 1-0, 3 zero-bye. R2: 3-1 1-0, 2 bye.
    // 3's R1 bye is followed by a played round: category 3, adjusted score = actual 1.
    let t = tournament(&players(3), 2, rounds(&["1-2 1-0, zero 3", "3-1 1-0, bye 2"]));
    assert_eq!(unplayed_categories(&t, 2, 3).unwrap(), vec![Some(RequestedByeEarly), None]);
    let st = standings(&t, &opts("BH")).unwrap();
    // Player 1: vs 2 (1) + vs 3 (1) = 2.
    check(&st, 1, "BH", 2.0);
}

/// Four players, 3 rounds, player 4 withdrawn from round 2 (no rows after round 1).
/// R1: 4-1 1-0, 2-3 ½. R2: 1-2 1-0, 3 bye. R3: 3-1 0-1, 2 bye.
/// Points: 1: 2, 2: 1½, 3: 1½, 4: 1. Rounds 2, 3 of player 4 are ZPBs followed only by
/// VURs: category 5, adjusted score 1 + ½ + ½ = 2.
fn withdrawal() -> bsw_model::Tournament {
    let mut t = tournament(
        &players(4),
        3,
        rounds(&["4-1 1-0, 2-3 1/2-1/2", "1-2 1-0, bye 3", "3-1 0-1, bye 2"]),
    );
    t.players[3].withdrawn_from = Some(2);
    t
}

#[test]
fn withdrawal_makes_every_later_round_a_late_zero_point_bye() {
    let t = withdrawal();
    assert_eq!(
        unplayed_categories(&t, 3, 4).unwrap(),
        vec![None, Some(RequestedByeLate), Some(RequestedByeLate)]
    );
    let st = standings(&t, &opts("BH, BH-C1, SB, WIN, WON")).unwrap();
    // Player 1: vs 4 adjusted 2 (actual 1) + vs 2 1½ + vs 3 1½ = 5.
    check(&st, 1, "BH", 5.0);
    // SB of 1: 2 × 0 + 1½ × 1 + 1½ × 1 = 3.
    check(&st, 1, "SB", 3.0);
    // Player 4: vs 1: 2; two dummies min(own 1, 1½) = 1 (VUR) -> 4; Cut-1 drops a VUR 1 -> 3.
    check_player(&st, 4, &[("BH", 4.0), ("BH-C1", 3.0)]);
    // Player 3's bye counts for WIN, not for WON.
    check_player(&st, 3, &[("WIN", 1.0), ("WON", 0.0)]);
    assert_eq!(points(&st, 4), 1.0);
}

#[test]
fn withdrawal_standings_after_round_one_see_no_unplayed_round() {
    // After round 1 the withdrawal has not taken effect yet: player 4 has 1 point and BH 0
    // (opponent 1 has 0).
    let mut o = opts("BH");
    o.round = Some(1);
    let st = standings(&withdrawal(), &o).unwrap();
    assert_eq!(st.round, 1);
    check(&st, 4, "BH", 0.0);
    assert_eq!(points(&st, 4), 1.0);
}
