//! SPEC §11: the Danish seed's 8-player, 3-round example, plus every code computed by hand
//! on it. Players A..H are ids 1..8, ratings 2400, 2300, …, 1700 (so TPN = id).
//! Results (seed tables): R1 A-E 1-0, B-F 1-0, C-G 1-0, D-H 0-1; R2 A-C 1-0, B-H ½, D-F
//! 1-0, E-G ½; R3 A-B 1-0, H-C 1-0, D-E ½, G-F 1-0. Colours as SPEC §11 prints them (first
//! named = White): R1 E-A, F-B, G-C, H-D; R2 C-A, B-H, D-F, G-E; R3 A-B, H-C, E-D, F-G.

use crate::common;
use bsw_model::test_support::worked_example::{self, A, B, C, D, E, F, G, GAMES, H};
use common::*;

/// The repository's one worked-example fixture (`corpus/examples/spec-11-worked-example`),
/// checked against the results listed above.
fn example() -> bsw_model::Tournament {
    let t = worked_example::read();
    let players: Vec<(u32, u32)> = (1..=8).map(|i| (i, 2500 - 100 * i)).collect();
    // Rounds 1, 2, 3, their games in board order.
    let games = GAMES.map(|round| round.map(|(white, black, result)| g(white, black, result)));
    let rows = (1..).zip(games).flat_map(|(r, round)| round.map(|e| (r, e))).collect();
    let by_hand = tournament(&players, 3, rows);
    assert_eq!(t.rows, by_hand.rows);
    let ratings: Vec<(u32, u32)> = t.players.iter().map(|p| (p.id, p.rating)).collect();
    assert_eq!(ratings, players);
    t
}

#[test]
fn final_scores_match_the_seed() {
    let st = bsw_standings::standings(&example(), &opts("BH")).unwrap();
    let expected = [(A, 3.0), (H, 2.5), (B, 1.5), (D, 1.5), (G, 1.5), (C, 1.0), (E, 1.0), (F, 0.0)];
    for (id, p) in expected {
        assert_eq!(points(&st, id), p, "points of {id}");
    }
}

#[test]
fn buchholz_matches_spec_11_not_the_seed_misprints() {
    // SPEC §11: A 3½ (E 1 + C 1 + B 1½), H 4 (D 1½ + B 1½ + C 1), B 5½ (F 0 + H 2½ + A 3),
    // D 3½ (H 2½ + F 0 + E 1), G 2 (C 1 + E 1 + F 0).
    let st = bsw_standings::standings(&example(), &opts("BH")).unwrap();
    check_code(&st, "BH", &[(A, 3.5), (H, 4.0), (B, 5.5), (D, 3.5), (G, 2.0)]);
}

#[test]
fn sonneborn_berger_of_b_is_one_and_a_quarter() {
    // 0 × 1 + 2½ × ½ + 3 × 0 = 1¼ (seed).
    let st = bsw_standings::standings(&example(), &opts("SB")).unwrap();
    check(&st, B, "SB", 1.25);
}

#[test]
fn default_tiebreaks_rank_b_d_g_by_buchholz() {
    // Defaults BH-C1, BH, SB, DE, WIN. B, D, G on 1½: BH-C1 5½, 3½, 2 (each drops a 0).
    // C and E on 1: C's opponents G 1½, A 3, H 2½ -> BH-C1 = 7 - 1½ = 5½; E's A 3, G 1½,
    // D 1½ -> 6 - 1½ = 4½.
    let t = example();
    let o = bsw_standings::Options::for_tournament(&t).unwrap();
    let st = bsw_standings::standings(&t, &o).unwrap();
    assert_eq!(order(&st), vec![A, H, B, D, G, C, E, F]);
    let ranks: Vec<u32> = st.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, (1..=8).collect::<Vec<_>>());
    check(&st, C, "BH-C1", 5.5);
    check(&st, E, "BH-C1", 4.5);
}

#[test]
fn cuts_and_medians_on_b_and_h() {
    // B's opponents' scores: 0, 2½, 3. C1 drops 0 -> 5½; C2 drops 0, 2½ -> 3; M1 drops 0
    // then 3 -> 2½.
    let st = bsw_standings::standings(&example(), &opts("BH-C1, BH-C2, BH-M1, SB, SB-C1")).unwrap();
    check_player(&st, B, &[("BH-C1", 5.5), ("BH-C2", 3.0), ("BH-M1", 2.5)]);
    // H: beat D (1½) -> 1½; drew B (1½) -> ¾; beat C (1) -> 1. SB = 3¼. SB-C1 drops the
    // lowest-scoring opponent C (contribution 1) -> 2¼, not the smallest product ¾.
    check_player(&st, H, &[("SB", 3.25), ("SB-C1", 2.25)]);
}

#[test]
fn counting_tiebreaks() {
    // A: won E (Black), C (Black), B (White). B: won F (Black), drew H (White), lost A (Black).
    // H: won D (White), drew B (Black), won C (White).
    let st =
        bsw_standings::standings(&example(), &opts("WIN, WON, BPG, BWG, PS, PS-C1, KS, TPN, RTNG"))
            .unwrap();
    check_player(&st, A, &[("WIN", 3.0), ("WON", 3.0), ("BPG", 2.0), ("BWG", 2.0)]);
    check_player(&st, B, &[("WIN", 1.0), ("WON", 1.0), ("BPG", 2.0), ("BWG", 1.0)]);
    check_player(&st, H, &[("BPG", 1.0), ("BWG", 0.0)]);
    // PS of B: running 1, 1½, 1½ -> 4; PS-C1 drops round 1 -> 3. PS of H: 1, 1½, 2½ -> 5.
    check_player(&st, B, &[("PS", 4.0), ("PS-C1", 3.0)]);
    check(&st, H, "PS", 5.0);
    // KS, Swiss, 3 rounds: 50 % = 1½. B scored ½ vs H (2½) and 0 vs A (3); F (0) does not
    // count -> ½. H: D 1½ (1 point), B 1½ (½), C 1 (not counted) -> 1½.
    check_code(&st, "KS", &[(B, 0.5), (H, 1.5)]);
    check(&st, B, "TPN", 2.0);
    check(&st, H, "RTNG", 1700.0);
}

#[test]
fn rating_based_tiebreaks() {
    // B met F 1900, H 1700, A 2400: ARO 6000/3 = 2000; ARO-C1 drops 1700 -> 4300/2 = 2150.
    // TPR = 2000 + dp(50 %) = 2000. PTP: smallest R with Σ PD >= 1.50: R = 1969 gives
    // PD(69) .60 + PD(269) .83 + PD(-431) .07 = 1.50; R = 1968 gives .59 + .83 + .07 = 1.49.
    // A 3/3 vs E 2000, C 2200, B 2300: ARO 6500/3 = 2166.7 -> 2167; TPR 2167 + 800 = 2967;
    // PTP = highest + 736 = 3036 (3035: PD(735) = .99 against B).
    // F 0/3 vs B 2300, D 2100, G 1800: ARO 6200/3 -> 2067; TPR 1267; PTP 1800 - 800 = 1000.
    let st = bsw_standings::standings(&example(), &opts("ARO, ARO-C1, TPR, PTP")).unwrap();
    check_player(&st, B, &[("ARO", 2000.0), ("ARO-C1", 2150.0), ("TPR", 2000.0), ("PTP", 1969.0)]);
    check_player(&st, A, &[("ARO", 2167.0), ("TPR", 2967.0), ("PTP", 3036.0)]);
    check_player(&st, F, &[("ARO", 2067.0), ("TPR", 1267.0), ("PTP", 1000.0)]);
}

#[test]
fn no_unplayed_rounds_means_2024_and_2026_agree() {
    let a = bsw_standings::standings(&example(), &opts("BH, SB, BH-C1")).unwrap();
    let b = bsw_standings::standings(&example(), &opts2024("BH, SB, BH-C1")).unwrap();
    assert_eq!(a, b);
}
