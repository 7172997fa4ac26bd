//! The real bbpPairings sample (501 players, 9 rounds, Dutch 2026 rules) conforms to C.04.1.
use bsw_checker::{Profile, check};

#[test]
fn dutch_sample_from_bbppairings_has_no_generic_violation() {
    let path = &crate::common::dutch_sample();
    let t = bsw_model::io::load(path).expect("the sample imports");
    assert_eq!(t.players.len(), 501);
    assert_eq!(t.last_round(), 9);
    let rep = check(&t, Profile::Generic);
    assert!(rep.is_conforming(), "{:#?}", rep.violations().take(10).collect::<Vec<_>>());
    assert_eq!(rep.rounds.len(), 9);
    for r in &rep.rounds {
        assert!(r.notes.iter().any(|n| n.starts_with("largest score difference")), "{:?}", r.notes);
    }
    for r in &rep.rounds {
        for n in &r.notes {
            println!("round {}: {n}", r.round);
        }
    }
}
