//! Art. 6 direct encounter among three and four tied players: all met (6.2, recursive) and
//! not all met (6.3). Ratings descend with the id, so TPN = id; every expected order below
//! differs from TPN order, so only DE can produce it.

use crate::common;
use bsw_standings::{Standings, standings};
use common::*;

/// Standings by DE alone of players 1..=`n` (ratings descending with the id) after the
/// rounds `played` (as [`rounds`] reads them).
fn by_de(n: u32, played: &[&str]) -> Standings {
    let players: Vec<(u32, u32)> = (1..=n).map(|i| (i, 2100 - 100 * i)).collect();
    let t = tournament(&players, played.len() as u32, rounds(played));
    standings(&t, &opts("DE")).unwrap()
}

#[test]
fn three_tied_players_who_all_met() {
    // R1: 1-2 0-1, 3-4 0-1, 5-6 1-0. R2: 2-3 0-1, 1-5 1-0, 4-6 1-0. R3: 3-1 ½, 2-6 ½, 4-5 0-1.
    // Points: 1, 2, 3: 1½; 4, 5: 2; 6: ½. Mini-table of {1,2,3}: 3 = 1 (vs 2) + ½ = 1½,
    // 2 = 1 (vs 1) = 1, 1 = ½ -> 3, 2, 1. {4,5}: 5 beat 4 in R3.
    let st = by_de(
        6,
        &[
            "1-2 0-1, 3-4 0-1, 5-6 1-0",
            "2-3 0-1, 1-5 1-0, 4-6 1-0",
            "3-1 1/2-1/2, 2-6 1/2-1/2, 4-5 0-1",
        ],
    );
    assert_eq!(order(&st), vec![5, 4, 3, 2, 1, 6]);
    check_code(&st, "DE", &[(3, 1.0), (2, 2.0), (1, 3.0), (5, 1.0), (4, 2.0)]);
}

#[test]
fn three_tied_players_in_a_cycle_stay_tied() {
    // A three-player cycle with byes: R1: 1-2 1-0, 3 bye. R2: 2-3 1-0, 1 bye. R3: 3-1 1-0, 2 bye. All 2 points; mini-table
    // 1 each: DE leaves all three tied, so TPN decides: 1, 2, 3; all DE places 1.
    let st = by_de(3, &["1-2 1-0, bye 3", "2-3 1-0, bye 1", "3-1 1-0, bye 2"]);
    assert_eq!(order(&st), vec![1, 2, 3]);
    check_code(&st, "DE", &[(1, 1.0), (2, 1.0), (3, 1.0)]);
}

#[test]
fn four_tied_players_who_all_met_are_ranked_recursively() {
    // {1,2,3,4} play a round robin in R1-R3, outsiders 5-8 play among themselves; R4 against
    // the outsiders. Among the four: 4 beats 3, 2 beats 1 (R1); 1 beats 4, 3 beats 2 (R2);
    // 4 beats 2, 3 beats 1 (R3). Mini-table: 4: 2, 3: 2, 1: 1, 2: 1. R4: 4, 3 lose, 1, 2 win,
    // so all four end on 2. Sub-groups {4,3} (4 beat 3) and {1,2} (2 beat 1):
    // DE order 4, 3, 2, 1, the reverse of TPN.
    let st = by_de(
        8,
        &[
            "4-3 1-0, 1-2 0-1, 5-6 1-0, 7-8 1-0",
            "4-1 0-1, 3-2 1-0, 5-7 1-0, 6-8 1-0",
            "4-2 1-0, 3-1 1-0, 5-8 1-0, 6-7 1/2-1/2",
            "4-5 0-1, 3-6 0-1, 1-7 1-0, 2-8 1-0",
        ],
    );
    for id in 1..=4 {
        assert_eq!(points(&st, id), 2.0);
    }
    // Outsiders: 5 wins all = 4; 6 lost R1, won R2 and R4 (3-6 0-1), drew 7 = 2½;
    // 7 won R1, lost R2, drew 6, lost R4 = 1½; 8: 0.
    assert_eq!(order(&st), vec![5, 6, 4, 3, 2, 1, 7, 8]);
    check_code(&st, "DE", &[(4, 1.0), (3, 2.0), (2, 3.0), (1, 4.0)]);
}

#[test]
fn three_tied_players_not_all_met_rank_only_a_certain_leader() {
    // R1: 3-1 1-0, 2-4 1-0, 5-6 1-0. R2: 3-2 1-0, 1-5 1-0, 4-6 0-1. R3: 3-4 0-1, 1-6 1-0,
    // 2-5 1-0. Points: 1, 2, 3: 2; 4, 5, 6: 1.
    // {1,2,3}: 3 beat 1 and 2 (2 points, met everyone, max 2); 1 and 2 did not meet
    // (0 points, max 1 each). 3 is first whatever 1-2 would have been; then {1,2}, who never
    // met, stay tied -> 3, 1, 2.
    // {4,5,6}: 5 beat 6, 6 beat 4, 4-5 never met: 5 has 1 (max 2), 6 has 1 (max 1): nobody
    // is first for sure -> TPN order 4, 5, 6.
    let st = by_de(
        6,
        &["3-1 1-0, 2-4 1-0, 5-6 1-0", "3-2 1-0, 1-5 1-0, 4-6 0-1", "3-4 0-1, 1-6 1-0, 2-5 1-0"],
    );
    assert_eq!(order(&st), vec![3, 1, 2, 4, 5, 6]);
    check_code(&st, "DE", &[(3, 1.0), (1, 2.0), (2, 2.0), (4, 1.0), (5, 1.0), (6, 1.0)]);
}

#[test]
fn four_tied_players_not_all_met_then_recursion_on_those_who_did() {
    // Among {1,2,3,4}: 4 beats 2 (R1) and 3 (R2); 3 beats 1 (R1); 2 beats 1 (R2); 2-3 ½ (R3);
    // 4 and 1 never meet. Mini-table: 4: 2 (max 3, one missing game), 2: 1½, 3: 1½, 1: 0
    // (max 1). 4 is first for sure (2 > 1½, 1½, 1). 2 is not second for sure (3 also has
    // 1½). Art. 6 again on {1,2,3}, who all met: 2 and 3 have 1½, 1 has 0; 2-3 drew, so they
    // stay tied (TPN: 2, 3); 1 last. Outside games: R3 4-5 0-1, 1-6 1-0; R4 4-7 0-1,
    // 1-8 1-0, 2-5 ½, 3-6 ½. All four end on 2.
    let st = by_de(
        8,
        &[
            "4-2 1-0, 3-1 1-0, 5-6 1-0, 7-8 1-0",
            "4-3 1-0, 2-1 1-0, 5-7 1-0, 6-8 1-0",
            "2-3 1/2-1/2, 4-5 0-1, 1-6 1-0, 7-8 1-0",
            "4-7 0-1, 1-8 1-0, 2-5 1/2-1/2, 3-6 1/2-1/2",
        ],
    );
    for id in 1..=4 {
        assert_eq!(points(&st, id), 2.0, "points of {id}");
    }
    // 5: 1+1+1+½ = 3½; 7: 1+0+1+1 = 3; 6: 0+1+0+½ = 1½; 8: 0.
    assert_eq!(order(&st), vec![5, 7, 4, 2, 3, 1, 6, 8]);
    check_code(&st, "DE", &[(4, 1.0), (2, 2.0), (3, 2.0), (1, 4.0)]);
}

#[test]
fn swiss_direct_encounter_ignores_forfeits() {
    // R1: 2-1 +/- (forfeit), 3 bye. R2: 1-3 1-0, 2 bye. Points: 1: 1, 2: 2, 3: 1. R3: 3-2 1-0,
    // 1 bye -> 1: 2, 2: 2, 3: 1. 1 and 2 "met" only by forfeit: not a game for Swiss DE
    // (6.1.1), so they are not separated -> TPN order 1, 2.
    let st = by_de(3, &["2-1 +/-, bye 3", "1-3 1-0, bye 2", "3-2 1-0, bye 1"]);
    assert_eq!(points(&st, 1), 2.0);
    assert_eq!(points(&st, 2), 2.0);
    assert_eq!(order(&st), vec![1, 2, 3]);
    check(&st, 2, "DE", 1.0);
}
