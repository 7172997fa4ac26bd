//! The checker's per-round view of the Swiss field (`RoundReport::swiss`), which the harness
//! reads instead of re-deriving rules. Expected values derived by hand (see `common::mixed`).
use crate::common;
use bsw_checker::berger_swiss::level::Level;
use bsw_checker::{Profile, check, check_round};

#[test]
fn swiss_round_of_the_mixed_example() {
    let t = common::mixed();
    let rep = check(&t, Profile::BergerSwiss);
    // Round 2: after round 1 (6 beat 5, 7 had the bye) the Swiss order is 6 (2 points,
    // WNT 1), 7 (2, WNT 0), 5 (0); 7 had a bye, so {5, 6} are eligible, bottom first 5, who
    // gets it; 7–6 at (no, 2, yes, 0).
    let s2 = rep.rounds[1].swiss.as_ref().unwrap();
    assert_eq!(s2.field, vec![6, 7, 5]);
    assert_eq!(s2.bye_eligible, vec![5, 6]);
    assert_eq!(s2.bye, Some(5));
    assert_eq!(s2.bye_to_bottom(), Some(true));
    assert_eq!(s2.bye_to_lowest_eligible(), Some(true));
    let level = |d| Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(d) };
    assert_eq!(s2.level, Some(level(0)));
    // Round 3: 7–6 drawn, 5 had the bye: 6 (3, WNT 1), 7 (3, WNT 0), 5 (2); only 6 has no
    // bye: it gets it, above the bottom; 5–7 at D = ½.
    let s3 = rep.rounds[2].swiss.as_ref().unwrap();
    assert_eq!(s3.field, vec![6, 7, 5]);
    assert_eq!(s3.bye_eligible, vec![6]);
    assert_eq!(s3.bye, Some(6));
    assert_eq!(s3.bye_to_bottom(), Some(false));
    assert_eq!(s3.bye_to_lowest_eligible(), Some(true));
    assert_eq!(s3.level, Some(level(1)));
    // check_round gives the same view.
    assert_eq!(check_round(&t, 3, Profile::BergerSwiss).swiss.as_ref(), Some(s3));
    // The generic profile has no Swiss field of SPEC §7.
    assert!(check(&t, Profile::Generic).rounds[2].swiss.is_none());
}

#[test]
fn swiss_round_of_an_even_field_has_no_bye() {
    // Worked example round 1: all eight in the field, Swiss order = TPN order.
    let rep = check(&common::worked_example(), Profile::BergerSwiss);
    let s1 = rep.rounds[0].swiss.as_ref().unwrap();
    assert_eq!(s1.field, (1..=8).collect::<Vec<_>>());
    assert!(s1.bye_eligible.is_empty());
    assert_eq!(s1.bye, None);
    assert_eq!(s1.bye_to_bottom(), None);
}
