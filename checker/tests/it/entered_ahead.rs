//! The arbiter's full-point bye (`full-bye`) and entries made ahead of a Dutch round, as the
//! checker reads them: not the PAB, but no PAB after it (C.04.1 rule 4); a round entered
//! ahead is not certified before it is paired, and its players are not to be paired in it.

use bsw_checker::{Profile, check};
use bsw_model::io::parse_dir_texts;

const DUTCH: &str = "rounds = 3\nsystem = \"dutch\"\ninitial_colour = \"white\"\n";
const PLAYERS: &str = "id,name,rating\n1,A,2400\n2,B,2300\n3,C,2200\n4,D,2100\n";
/// Round 1 played (1-3, 4-2); round 2 entered ahead: 3 a full-point bye, 4 absent.
const ROUNDS: &str =
    "round,board,white,black,result\n1,1,1,3,1-0\n1,2,4,2,0-1\n2,1,3,,full-bye\n2,2,4,,zero-bye\n";

#[test]
fn a_round_entered_ahead_is_not_certified_and_keeps_its_players_out_of_a_legal_pairing() {
    let t = parse_dir_texts(DUTCH, PLAYERS, Some(ROUNDS)).unwrap();
    for profile in [Profile::Dutch, Profile::Generic] {
        let report = check(&t, profile);
        assert_eq!(report.rounds.len(), 1, "{profile:?}: round 2 is not paired yet");
    }
    // Only 1 and 2 are to pair in round 2; they have not met: 1-2, no PAB.
    let legal = |pairing: Option<(Vec<[u32; 2]>, Option<u32>)>| {
        let (pairs, pab) = pairing.expect("a legal pairing");
        let mut ids: Vec<u32> = pairs.iter().flatten().copied().collect();
        ids.sort_unstable();
        (ids, pab)
    };
    assert_eq!(legal(bsw_checker::dutch::feasible::legal_pairing(&t, 2)), (vec![1, 2], None));
    assert_eq!(legal(bsw_checker::generic::legal_pairing(&t, 2)), (vec![1, 2], None));
}

#[test]
fn a_pab_after_the_arbiters_full_point_bye_is_c0401_4() {
    // Round 2 paired: 2-1 played, 3 the full-point bye, 4 absent; round 3: 2-4, 1 absent,
    // and 3 gets the PAB, having already scored a win's points without playing.
    let rounds = format!(
        "{}3,1,2,4,\n3,2,3,,bye\n3,3,1,,zero-bye\n",
        ROUNDS.replace(
            "2,1,3,,full-bye\n2,2,4,,zero-bye\n",
            "2,1,2,1,1-0\n2,2,3,,full-bye\n2,3,4,,zero-bye\n"
        )
    );
    let t = parse_dir_texts(DUTCH, PLAYERS, Some(&rounds)).unwrap();
    let report = check(&t, Profile::Generic);
    let round3 = &report.rounds[2];
    let v: Vec<String> =
        round3.violations.iter().map(|v| format!("{} {}", v.rule, v.message)).collect();
    assert!(
        v.iter().any(|m| m.starts_with("C.04.1-4")
            && m.contains("3 gets the pairing-allocated bye but already had a full-point bye")),
        "{v:?}"
    );
    // Round 2 itself (a full-point bye, no PAB, an even field of two) has no such violation.
    assert!(report.rounds[1].violations.is_empty(), "{:?}", report.rounds[1].violations);
}
