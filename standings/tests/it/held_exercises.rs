//! IA Mario Held, "Exercises in Tie-Breaking" (Rev. 2403220900, C.07-2023), the worked
//! answers of exercises 1-33 as pinned by TieBreakServer's tests
//! (`tests/test_fide_held_individual_exercises.py`): 2024-rule answers (TBS "/V1") and the
//! TBS values under the 2026 caps ("/V2"). Cross-tables transcribed from the exercise
//! fixtures (`held_swiss_5.trf`, `held_swiss_9.trf`, `held_round_robin.trf`).
//! Codes not implemented here (AOB, FB, APRO, GE) are left out.

use crate::common;
use common::*;

/// 16 players, 5 rounds (same event as the TEC exercise).
const SWISS_5: &str = "
2  2150 10b1 7w1 1b= 16w1 3b=
1  2200 9w1 13b= 2w= 15b1 4w=
3  2100 11w= 6b1 8w1 4b= 2w=
4  2050 12b1 H 13w1 3w= 1b=
16 1450 8w= 11b1 7w1 2b0 15w1
6  1950 14b0 3w0 U 10w1 8b1
5  2000 13w0 15b0 11w1 7b= 10w1
8  1850 16b= 14w1 3b0 13w1 6w0
11 1700 3b= 16w0 5b0 9w+ 7w1
12 1650 4w0 U 14w+ Z Z
14 1550 6w1 8b0 12b- Z 13b1
15 1500 7b0 5w1 10b1 1w0 16b0
7  1900 15w1 2b0 16b0 5w= 11b0
9  1800 1b0 10w0 H 11b- U
13 1600 5b1 1w= 4b0 8b0 14w0
10 1750 2w0 9b1 15w0 6b0 5b0
";

fn table(codes: &str, v2024: bool) -> bsw_standings::Standings {
    let t = from_cross_table(SWISS_5, 5);
    let o = if v2024 { opts2024(codes) } else { opts(codes) };
    bsw_standings::standings(&t, &o).unwrap()
}

/// Expected values for players 1..=16.
fn all(st: &bsw_standings::Standings, columns: &[(&str, [f64; 16])]) {
    for (code, expected) in columns {
        for (k, e) in expected.iter().enumerate() {
            check(st, k as u32 + 1, code, *e);
        }
    }
}

/// SB and SB-C1 of players 1..=16 under the 2024 rules (exercises 11-13).
const SB_2024: [f64; 16] =
    [8.0, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4.0, 4.25, 4.5, 3.5, 7.25];
const SB_C1_2024: [f64; 16] =
    [7.25, 8.5, 9.25, 8.0, 3.25, 5.5, 1.25, 3.75, 2.25, 0.0, 4.25, 4.0, 4.25, 3.0, 2.5, 5.75];

/// `values` (players 1..=16) with the value of each player `(id, value)` replaced.
fn changed(mut values: [f64; 16], changes: &[(u32, f64)]) -> [f64; 16] {
    for &(id, v) in changes {
        values[id as usize - 1] = v;
    }
    values
}

#[test]
fn exercises_1_to_8_buchholz_and_cut_1_2024() {
    let st = table("BH, BH-C1", true);
    all(
        &st,
        &[
            (
                "BH",
                [
                    12.5, 13.0, 15.5, 15.0, 8.5, 12.0, 14.5, 13.5, 9.0, 13.0, 13.5, 11.5, 14.0,
                    11.0, 12.0, 12.5,
                ],
            ),
            (
                "BH-C1",
                [
                    11.0, 12.0, 13.0, 11.5, 7.5, 11.0, 12.5, 12.0, 7.5, 11.5, 12.0, 9.5, 12.0, 9.0,
                    11.0, 11.0,
                ],
            ),
        ],
    );
}

#[test]
fn exercises_11_to_13_sonneborn_berger_2024() {
    let st = table("SB, SB-C1", true);
    all(&st, &[("SB", SB_2024), ("SB-C1", SB_C1_2024)]);
}

#[test]
fn exercises_3_4_5_11_12_13_under_the_2026_caps() {
    // TBS /V2: BH 11 -> 12½, 4 -> 14; BH-C1 11 -> 11; SB 4 -> 9¼, 6 -> 6, 11 -> 4¾;
    // SB-C1 4 -> 7¾, 6 -> 5, 11 -> 3¼; everything else as in 2024 for these players.
    let st = table("BH, BH-C1, SB, SB-C1", false);
    for (id, v) in [(5, 8.5), (8, 13.5), (11, 12.5), (1, 12.5), (3, 15.5), (4, 14.0), (16, 12.5)] {
        check(&st, id, "BH", v);
    }
    for (id, v) in [(5, 7.5), (8, 12.0), (11, 11.0)] {
        check(&st, id, "BH-C1", v);
    }
    all(
        &st,
        &[
            ("SB", changed(SB_2024, &[(4, 9.25), (6, 6.0), (11, 4.75)])),
            ("SB-C1", changed(SB_C1_2024, &[(4, 7.75), (6, 5.0), (11, 3.25)])),
        ],
    );
}

#[test]
fn exercises_17_to_22_rating_based() {
    let st = table("ARO, ARO-C1, TPR, PTP", false);
    let aro = [
        1820.0, 1880.0, 1940.0, 1888.0, 1690.0, 1813.0, 1760.0, 1730.0, 1975.0, 1880.0, 1863.0,
        2050.0, 1930.0, 1800.0, 1860.0, 1820.0,
    ];
    let tpr = [
        1969.0, 2120.0, 2089.0, 2081.0, 1690.0, 1813.0, 1611.0, 1730.0, 1175.0, 1640.0, 1776.0,
        1250.0, 1781.0, 1925.0, 1788.0, 1969.0,
    ];
    all(&st, &[("ARO", aro), ("TPR", tpr)]);
    for (k, v) in [
        1900, 1988, 2000, 1983, 1738, 1900, 1838, 1800, 2200, 1975, 2000, 0, 2025, 1900, 1963, 1900,
    ]
    .iter()
    .enumerate()
    {
        let id = k as u32 + 1;
        if id == 12 {
            // One game over the board: nothing left after the cut ("None").
            assert!(undefined(&st, 12, "ARO-C1"));
        } else {
            check(&st, id, "ARO-C1", *v as f64);
        }
    }
    check(&st, 3, "PTP", 2112.0);
}

#[test]
fn exercises_27_to_33_counts_and_progressive() {
    let st = table("WIN, WON, BPG, BWG, PS, PS-C1", false);
    all(
        &st,
        &[
            ("WIN", [2., 3., 2., 2., 2., 3., 1., 2., 1., 1., 2., 2., 1., 2., 2., 3.]),
            ("WON", [2., 3., 2., 2., 2., 2., 1., 2., 0., 1., 1., 0., 1., 2., 2., 3.]),
            ("BPG", [2., 3., 2., 2., 2., 2., 3., 2., 1., 3., 2., 0., 3., 2., 3., 2.]),
            ("BWG", [1., 1., 1., 1., 0., 1., 0., 0., 0., 1., 0., 0., 1., 1., 1., 1.]),
            (
                "PS",
                [
                    11.0, 13.0, 11.0, 11.5, 5.0, 6.0, 6.0, 8.5, 2.5, 4.0, 5.5, 7.0, 7.0, 6.0, 7.0,
                    10.5,
                ],
            ),
            (
                "PS-C1",
                [
                    10.0, 12.0, 10.5, 10.5, 5.0, 6.0, 5.0, 8.0, 2.5, 4.0, 5.0, 7.0, 6.0, 5.0, 7.0,
                    10.0,
                ],
            ),
        ],
    );
}

#[test]
fn exercises_23_24_direct_encounter_swiss_5() {
    let st = table("DE", false);
    for id in [1, 3, 4, 16] {
        assert_eq!(shared_rank_by_de(&st, id), 2, "player {id}");
    }
    for id in [5, 8, 11] {
        assert_eq!(shared_rank_by_de(&st, id), 7, "player {id}");
    }
}

/// The same event continued to 9 rounds.
const SWISS_9: &str = "
1  2150 9w1 13b= 2w= 15b1 4w= 6b= 3b= 16w= 8b1
2  2130 10b1 7w1 1b= 16w1 3b1 4w= 6w0 15b= 5w=
3  2200 11w= 6b1 8w1 4b= 2w0 16b1 1w= 14w1 10b1
4  2110 12b1 H 13w1 3w= 1b= 2b= 16w= 6b= 15w1
5  1890 13w0 15b0 11w1 7b= 10w1 14b0 9b1 8w0 2b=
6  2090 14b0 3w0 U 10w1 8b1 1w= 2b1 4w= 16b1
7  1950 15w1 2b0 16b0 5w= 11b0 10b0 13w1 9w1 14b1
8  1930 16b= 14w1 3b0 13w1 6w0 11b= 15w= 5b1 1w0
9  1790 1b0 10w0 H 11b- U 13b1 5w0 7b0 12w=
10 1870 2w0 9b1 15w0 6b0 5b0 7w1 12b1 11w1 3w0
11 1810 3b= 16w0 5b0 9w+ 7w1 8w= 14b0 10b0 13w=
12 1770 4w0 U 14w+ Z Z 15b0 10w0 13b= 9b=
13 1750 5b1 1w= 4b0 8b0 14w0 9w0 7b0 12w= 11b=
14 1850 6w1 8b0 12b- Z 13b1 5w1 11w1 3b0 7w0
15 1830 7b0 5w1 10b1 1w0 16b0 12w1 8b= 2w= 4b0
16 1910 8w= 11b1 7w1 2b0 15w1 3w0 4b= 1b= 6w0
";

#[test]
fn exercise_25_direct_encounter_swiss_9() {
    // 6.0: {1,2,4,6} all met: 6 (2) > 1, 4 (1½) > 2 (1); 1-4 drew. 4.5: {7,8,16}, 7-8 never
    // met and 16 (1½) is not above 8's maximum (1½): tied. 4.0: {5,10,14,15} not all met,
    // nobody certain: tied. 3.0: 9-12 drew.
    let t = from_cross_table(SWISS_9, 9);
    let st = bsw_standings::standings(&t, &opts("DE")).unwrap();
    // Players 1..=16.
    let expected = [3, 5, 1, 3, 9, 2, 6, 6, 14, 9, 13, 14, 16, 9, 9, 6];
    for (id, rank) in (1..).zip(expected) {
        assert_eq!(shared_rank_by_de(&st, id), rank, "player {id}");
    }
}

/// Six-player round robin; 5-6 in round 4 was a forfeit (6 won).
const ROUND_ROBIN: &str = "
1 2200 5w= 2w1 3b1 4w0 6b1
2 2150 6w1 1b0 5w1 3w= 4b1
3 2100 4w1 6b1 1w0 2b= 5w1
4 2050 3b0 5b0 6w= 1b1 2w0
5 1950 1b= 4w1 2b0 6w- 3b0
6 2000 2b0 3w0 4b= 5b+ 1w0
";

fn round_robin(codes: &str) -> bsw_standings::Standings {
    let mut t = from_cross_table(ROUND_ROBIN, 5);
    t.config.groups = vec![6];
    let mut o = opts("BH");
    o.group_tiebreaks = bsw_standings::Code::parse_list(codes).unwrap();
    let gs = bsw_standings::group_standings(&t, &o).unwrap();
    gs.into_iter().next().unwrap().standings
}

#[test]
fn exercises_14_15_16_round_robin_sb_and_koya() {
    // Forfeits are games in a round robin (15.2): 6's forfeit win over 5 counts 1½ × 1.
    let st = round_robin("SB, SB-C1, KS");
    for (id, sb, c1, ks) in [
        (1, 9.25, 9.25, 2.0),
        (2, 6.25, 4.75, 0.5),
        (3, 6.25, 4.75, 0.5),
        (4, 4.25, 4.25, 1.0),
        (5, 3.25, 3.25, 0.5),
        (6, 2.25, 1.5, 0.0),
    ] {
        check(&st, id, "SB", sb);
        check(&st, id, "SB-C1", c1);
        check(&st, id, "KS", ks);
    }
}

#[test]
fn exercise_26_round_robin_direct_encounter() {
    // 3½: 1 beat 2 and 3, 2-3 drew. 1½: 6 (½ + forfeit win 1) > 5 (1) > 4 (½).
    let st = round_robin("DE");
    for (id, rank) in [(1, 1), (2, 2), (3, 2), (4, 6), (5, 5), (6, 4)] {
        assert_eq!(shared_rank_by_de(&st, id), rank, "player {id}");
    }
}
