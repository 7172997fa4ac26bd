//! FIDE TEC tie-break exercise (published 2024-03-18, tec.fide.com/2024/03/18/tie-break-exercise/),
//! a 16-player, 5-round Swiss with a PAB, half-point byes, forfeits, an absence and a
//! withdrawal. The cross-table below is the transcription in marceljuenemann/tiebreak
//! (`src/__tests__/testcases/fide-exercise-2023.csv`, MIT); the 2024-rule answers
//! (BH of players 1, 2, 3, 4, 5, 8, 11, 16 and BH-C1 of 5, 8, 11) are the ones that
//! project's tests assert for the exercise. The 2026 values (caps of Art. 16.4) are
//! hand-computed below.
//!
//! Codes: `+W9` won with White against 9, `=B13` drew with Black, `-F11` lost by forfeit,
//! `+BYE` pairing-allocated bye, `=BYE` half-point bye, `--` absent (zero-point bye).
//! Player 12 withdrew after round 3.

use crate::common;
use bsw_model::{Entry, Outcome, Player, Row, Tournament};
use bsw_standings::{RuleVersion, standings};
use common::*;

const CROSS_TABLE: &str = "\
1,+W9,=B13,=W2,+B15,=W4
2,+B10,+W7,=B1,+W16,=B3
3,=W11,+B6,+W8,=B4,=W2
4,+B12,=BYE,+W13,=W3,=B1
5,-W13,-B15,+W11,=B7,+W10
6,-B14,-W3,+BYE,+W10,+B8
7,+W15,-B2,-B16,=W5,-B11
8,=B16,+W14,-B3,+W13,-W6
9,-B1,-W10,=BYE,-F11,+BYE
10,-W2,+B9,-W15,-B6,-B5
11,=B3,-W16,-B5,+F9,+W7
12,-W4,+BYE,+F14,--,--
13,+B5,=W1,-B4,-B8,-W14
14,+W6,-B8,-F12,--,+B13
15,-B7,+W5,+B10,-W1,-B16
16,=W8,+B11,+W7,-B2,+W15";

fn exercise() -> Tournament {
    let mut rows = Vec::new();
    for line in CROSS_TABLE.lines() {
        let f: Vec<&str> = line.split(',').collect();
        let me: u32 = f[0].parse().unwrap();
        for (k, code) in f[1..].iter().enumerate() {
            let round = k as u32 + 1;
            let (res, rest) = code.split_at(1);
            let entry = match (res, rest) {
                ("+", "BYE") => Some(Entry::Bye(me)),
                ("=", "BYE") => Some(Entry::HalfBye(me)),
                ("-", "-") => None, // absent: no row (12's are covered by the withdrawal)
                _ => {
                    let (colour, opp) = rest.split_at(1);
                    let opp: u32 = opp.parse().unwrap();
                    // Each game once, from the lower id's line.
                    if opp < me {
                        continue;
                    }
                    let (white, black, mine) =
                        if colour == "B" { (opp, me, false) } else { (me, opp, true) };
                    let result = match (colour, res, mine) {
                        ("F", "+", _) => Outcome::WhiteForfeitWin,
                        ("F", "-", _) => Outcome::BlackForfeitWin,
                        (_, "=", _) => Outcome::Draw,
                        (_, "+", true) | (_, "-", false) => Outcome::WhiteWin,
                        _ => Outcome::BlackWin,
                    };
                    Some(Entry::Game { white, black, result: Some(result) })
                }
            };
            if let Some(entry) = entry {
                rows.push(Row { round, board: 0, entry });
            }
        }
    }
    rows.sort_by_key(|r| r.round);
    for (i, r) in rows.iter_mut().enumerate() {
        r.board = i as u32 + 1;
    }
    Tournament {
        config: bsw_model::Config { rounds: Some(5), ..Default::default() },
        players: (1..=16)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 2300 - 50 * id,
                withdrawn_from: (id == 12).then_some(4),
                ..Player::default()
            })
            .collect(),
        rows,
    }
}

#[test]
fn scores_match_the_cross_table() {
    let st = standings(&exercise(), &opts("BH")).unwrap();
    // Players 1..=16.
    let expected = [3.5, 4.0, 3.5, 3.5, 2.5, 3.0, 1.5, 2.5, 1.5, 1.0, 2.5, 2.0, 1.5, 2.0, 2.0, 3.5];
    for (id, p) in (1..).zip(expected) {
        assert_eq!(points(&st, id), p, "points of {id}");
    }
}

/// TEC answers for BH (2024 rules) of the players on whom no 2026 cap bites: the same under
/// both rule versions.
const BH_NO_CAP_BITES: [(u32, f64); 6] =
    [(2, 13.0), (1, 12.5), (3, 15.5), (5, 8.5), (8, 13.5), (16, 12.5)];

#[test]
fn buchholz_2024_rules_match_the_tec_answers() {
    let st = standings(&exercise(), &opts2024("BH, BH-C1")).unwrap();
    check_code(&st, "BH", &BH_NO_CAP_BITES);
    check_code(&st, "BH", &[(11, 13.5), (4, 15.0)]);
    check_code(&st, "BH-C1", &[(5, 7.5), (8, 12.0), (11, 12.0)]);
}

#[test]
fn buchholz_2026_caps_change_players_4_6_and_11() {
    let st = standings(&exercise(), &opts("BH, BH-C1, BH-C2")).unwrap();
    // 4: R2 half-point bye, dummy min(own 3½, ½ × 5 = 2½) = 2½ instead of 3½:
    // adj(12) 3 (0 + PAB 1 + forfeit win 1 + two late ZPBs as draws) + 2½ + 1½ + 3½ + 3½ = 14.
    check(&st, 4, "BH", 14.0);
    // 6: R3 PAB, dummy min(3, 2½) = 2½: 14 (2) + 3 (3½) + 2½ + 10 (1) + 8 (2½) = 11½.
    check(&st, 6, "BH", 11.5);
    // 11: R4 forfeit win over 9, dummy min(own 2½, adj(9) = 1½) = 1½:
    // 3½ + 3½ + 2½ + 1½ + 1½ = 12½; Cut-1 drops a 1½ -> 11.
    check_player(&st, 11, &[("BH", 12.5), ("BH-C1", 11.0)]);
    // Unchanged where no cap bites (same values as the 2024 answers).
    check_code(&st, "BH", &BH_NO_CAP_BITES);
    // 9: 1 (3½), 10 (1), HPB dummy min(1½, 2½) = 1½ (VUR), forfeit loss to 11 dummy
    // min(1½, 2½) = 1½ (VUR), PAB 1½ -> 9. Cut-1 drops a VUR 1½, not the LSV 1 -> 7½.
    check_player(&st, 9, &[("BH", 9.0), ("BH-C1", 7.5)]);
    // 14: 6 (3), 8 (2½), forfeit loss to 12 dummy min(2, 3) = 2 (VUR), R4 absence
    // (category 3) dummy 2 (VUR), 13 (1½) -> 11; Cut-1 -> 9; Cut-2 -> 7.
    check_player(&st, 14, &[("BH", 11.0), ("BH-C1", 9.0), ("BH-C2", 7.0)]);
    // 12: 4 (3½) + PAB 2 + forfeit win over 14, dummy min(2, adj(14) = 2) = 2 + two ZPBs 2
    // each -> 11½.
    check(&st, 12, "BH", 11.5);
}

#[test]
fn rule_version_default_is_2026() {
    assert_eq!(
        bsw_standings::Options::for_tournament(&exercise()).unwrap().rules,
        RuleVersion::Fide2026
    );
}
