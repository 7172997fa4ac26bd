//! Cross-check against TieBreakServer (OttoMilvang/TieBreakServer, fixture
//! `tests/fixtures/swiss_with_many_unplayed_rounds.trf` and its expected outputs
//! `….2026-02-28.all.txt` (2024 rules) and `….2026-03-01.all.txt` (2026 rules)):
//! 15 players, 7 rounds, with half- and zero-point byes, full-point and pairing byes,
//! forfeits, double forfeits and rematches after a forfeit. These are values of an
//! implementation, not of FIDE; they agree with the hand-derived rules everywhere tested.

use crate::common;
use common::*;

const CROSS_TABLE: &str = "
1  2240 8b= 6w1 3b= 14w+ 5w= 2b0 9w=
2  1923 9w0 11b1 15w1 5b- 7b1 1w1 5b0
3  1852 10b+ 7b1 1w= 9b= H Z H
4  1902 11w- 13w- 6b- U 8w= 15b= 6w=
5  1734 13b1 9w= 7b= 2w+ 1b= 11w= 2w1
6  0    14w= 1b0 4w+ 7w= 9b0 10w0 4b=
7  1516 15b1 3w0 5w= 6b= 2w0 14b0 U
8  1752 1w= 14b- Z Z 4b= 13w1 14b0
9  0    2b1 5b= H 3w= 6w1 H 1b=
10 0    3w- 15w- 13w= 15b1 14w1 6b1 11w0
11 1388 4b- 2w0 U 13b1 15w1 5b= 10b1
12 0    H F 14b1 H Z F Z
13 0    5w0 4b- 10b= 11w0 U 8b0 15w0
14 0    6b= 8w+ 12w0 1b- 10b0 7w1 8w1
15 0    7w0 10b+ 2b0 10w0 11b0 4w= 13b1
";

const CODES: &str =
    "WIN, WON, BWG, BPG, PS, PS-C1, BH, BH-C1, BH-C2, BH-M1, SB, SB-C1, SB-C2, SB-M1";

/// Rows of the TBS output, players 1..=15, columns as in `CODES`.
const TBS_2026: [[f64; 14]; 15] = [
    [2., 1., 0., 3., 18.0, 17.5, 26.0, 24.0, 21.5, 19.0, 14.00, 13.00, 10.50, 10.50],
    [4., 4., 2., 3., 16.0, 16.0, 27.5, 23.5, 21.0, 18.5, 14.00, 11.50, 8.50, 11.50],
    [2., 1., 1., 2., 19.5, 18.5, 25.5, 22.0, 18.5, 17.5, 14.25, 11.25, 11.25, 9.00],
    [1., 0., 0., 1., 7.0, 7.0, 16.0, 14.5, 12.0, 12.0, 6.00, 6.00, 5.00, 3.50],
    [3., 2., 1., 3., 20.0, 19.0, 25.5, 24.0, 21.0, 19.5, 17.50, 16.00, 14.50, 13.75],
    [1., 0., 0., 3., 11.0, 10.5, 23.5, 21.0, 18.5, 16.5, 7.00, 5.75, 3.25, 5.75],
    [2., 1., 1., 3., 12.5, 11.5, 25.0, 22.5, 20.0, 17.5, 9.25, 8.00, 5.50, 5.50],
    [1., 1., 0., 2., 7.0, 6.5, 17.5, 15.5, 13.5, 11.5, 4.75, 3.25, 3.25, 1.25],
    [2., 2., 1., 3., 19.0, 18.0, 27.0, 23.5, 20.0, 18.5, 16.75, 14.25, 12.50, 11.75],
    [3., 3., 2., 2., 11.5, 11.5, 20.5, 18.0, 14.5, 13.5, 9.25, 8.50, 8.50, 8.50],
    [4., 3., 2., 3., 14.0, 14.0, 22.5, 20.0, 18.5, 15.0, 13.50, 12.00, 12.00, 9.50],
    [3., 1., 1., 1., 18.5, 18.0, 24.5, 21.0, 17.5, 17.5, 14.00, 14.00, 14.00, 10.50],
    [1., 0., 0., 2., 5.5, 5.5, 20.5, 19.0, 17.5, 14.0, 3.25, 3.25, 1.75, 3.25],
    [3., 2., 0., 2., 12.5, 12.0, 21.0, 17.5, 15.5, 13.0, 8.25, 6.25, 4.25, 6.25],
    [2., 1., 1., 3., 8.0, 8.0, 21.5, 20.0, 17.5, 15.5, 5.25, 3.75, 2.50, 3.75],
];

const TBS_2024: [[f64; 14]; 15] = [
    [2., 1., 0., 3., 18.0, 17.5, 26.5, 24.5, 22.0, 19.5, 14.50, 13.50, 11.00, 11.00],
    [4., 4., 2., 3., 16.0, 16.0, 27.5, 23.5, 21.0, 18.5, 14.00, 11.50, 8.50, 11.50],
    [2., 1., 1., 2., 19.5, 18.5, 27.5, 23.5, 19.5, 19.0, 15.25, 12.25, 12.25, 10.00],
    [1., 0., 0., 1., 7.0, 7.0, 17.0, 14.5, 12.0, 12.0, 6.00, 5.00, 5.00, 2.50],
    [3., 2., 1., 3., 20.0, 19.0, 26.5, 25.0, 22.0, 20.0, 18.50, 17.00, 15.50, 12.00],
    [1., 0., 0., 3., 11.0, 10.5, 23.5, 21.0, 18.5, 16.5, 7.00, 5.75, 3.25, 5.75],
    [2., 1., 1., 3., 12.5, 11.5, 25.0, 22.5, 20.0, 17.5, 9.25, 8.00, 5.50, 5.50],
    [1., 1., 0., 2., 7.0, 6.5, 17.5, 15.5, 13.5, 11.5, 4.75, 3.25, 3.25, 1.25],
    [2., 2., 1., 3., 19.0, 18.0, 29.0, 24.5, 20.0, 19.5, 17.75, 15.25, 13.00, 12.75],
    [3., 3., 2., 2., 11.5, 11.5, 21.5, 18.0, 14.5, 13.5, 9.25, 8.50, 6.00, 8.50],
    [4., 3., 2., 3., 14.0, 14.0, 25.5, 21.0, 19.5, 16.0, 14.50, 13.00, 10.50, 10.50],
    [3., 1., 1., 1., 18.5, 18.0, 27.5, 23.5, 19.5, 19.5, 15.50, 12.00, 12.00, 8.00],
    [1., 0., 0., 2., 5.5, 5.5, 20.5, 19.0, 17.5, 14.0, 3.25, 3.25, 1.75, 3.25],
    [3., 2., 0., 2., 12.5, 12.0, 22.5, 19.0, 17.0, 14.5, 9.75, 7.75, 6.50, 7.75],
    [2., 1., 1., 3., 8.0, 8.0, 21.5, 20.0, 17.5, 15.5, 5.25, 3.75, 2.50, 3.75],
];

fn compare(v2024: bool, expected: &[[f64; 14]; 15]) -> Vec<String> {
    let t = from_cross_table(CROSS_TABLE, 7);
    let o = if v2024 { opts2024(CODES) } else { opts(CODES) };
    let st = bsw_standings::standings(&t, &o).unwrap();
    let codes: Vec<&str> = CODES.split(", ").collect();
    let mut diffs = Vec::new();
    for (k, row) in expected.iter().enumerate() {
        let id = k as u32 + 1;
        for (c, e) in codes.iter().zip(row) {
            let got = val(&st, id, c);
            if got != Some(*e) {
                diffs.push(format!("player {id} {c}: ours {got:?}, TBS {e}"));
            }
        }
    }
    diffs
}

#[test]
fn points_match_the_trf() {
    let t = from_cross_table(CROSS_TABLE, 7);
    let st = bsw_standings::standings(&t, &opts("BH")).unwrap();
    let pts = [4.0, 4.0, 4.0, 2.5, 5.0, 2.5, 3.0, 2.0, 4.5, 3.5, 4.5, 4.0, 1.5, 3.5, 2.5];
    for (k, p) in pts.iter().enumerate() {
        assert_eq!(points(&st, k as u32 + 1), *p, "player {}", k + 1);
    }
}

#[test]
fn agrees_with_tiebreakserver_2026() {
    let d = compare(false, &TBS_2026);
    assert!(d.is_empty(), "{}", d.join("\n"));
}

#[test]
fn agrees_with_tiebreakserver_2024() {
    let d = compare(true, &TBS_2024);
    assert!(d.is_empty(), "{}", d.join("\n"));
}

#[test]
fn koya_counts_forfeits_like_tiebreakserver() {
    // 50 % of 7 = 3½. Player 1: ½ (3) + 1 (forfeit win over 14, 3½) + ½ (5) + 0 (2) + ½ (9).
    let t = from_cross_table(CROSS_TABLE, 7);
    let st = bsw_standings::standings(&t, &opts("KS")).unwrap();
    let tbs = [2.5, 2.0, 2.0, 0.0, 3.5, 0.5, 0.5, 0.5, 2.5, 1.0, 1.5, 1.0, 0.5, 0.0, 1.0];
    let ours: Vec<f64> = (1..=15).map(|id| val(&st, id, "KS").unwrap()).collect();
    assert_eq!(ours, tbs);
}
