//! Profile dutch on the hand-derived cases of `corpus/dutch/cases` (derivations in its
//! README): the expected round is certified conforming, and hand-made wrong rounds are
//! rejected with the rule the derivation names.

use bsw_checker::dutch::DutchEvidence;
use bsw_checker::{Evidence, Profile, Rule, check_round};
use bsw_model::{Entry, Id, Row, Tournament};
use std::path::PathBuf;

fn case(name: &str) -> (Tournament, Vec<Entry>) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch/cases");
    let t = bsw_model::io::load(&dir.join(format!("{name}.trf"))).expect("case reads");
    let out = std::fs::read_to_string(dir.join(format!("{name}.out"))).expect("answer");
    let entries = out
        .lines()
        .skip(1)
        .map(|l| {
            let ids: Vec<Id> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            match ids[..] {
                [p, 0] => Entry::Bye(p),
                [w, b] => Entry::Game { white: w, black: b, result: None },
                _ => panic!("bad line {l}"),
            }
        })
        .collect();
    (t, entries)
}

/// `t` with round `last + 1` made of `entries` (boards in order), plus the absences the
/// file announced for that round.
fn with_round(t: &Tournament, entries: &[Entry]) -> (Tournament, u32) {
    let r = t.last_round() + 1;
    let mut m = t.clone();
    let mut board = 0;
    for e in entries {
        board += 1;
        m.rows.push(Row { round: r, board, entry: *e });
    }
    for p in &t.players {
        if p.half_byes.contains(&r) {
            board += 1;
            m.rows.push(Row { round: r, board, entry: Entry::HalfBye(p.id) });
        }
    }
    (m, r)
}

fn rules(t: &Tournament, r: u32) -> Vec<Rule> {
    check_round(t, r, Profile::Dutch).violations.iter().map(|v| v.rule).collect()
}

#[test]
fn the_expected_rounds_are_conforming() {
    for name in ["round1-white", "round1-black", "pab-c1-c2", "absence-h"] {
        let (t, entries) = case(name);
        let (m, r) = with_round(&t, &entries);
        assert_eq!(rules(&m, r), Vec::<Rule>::new(), "{name}");
    }
}

#[test]
fn a_second_pab_breaks_c2_and_a_higher_one_c5() {
    let (t, _) = case("pab-c1-c2");
    // 3 already had the PAB: C2.
    let (m, r) = with_round(&t, &[Entry::Game { white: 2, black: 1, result: None }, Entry::Bye(3)]);
    assert!(rules(&m, r).contains(&Rule::DutchC2));
    // 1 (1 point) instead of 2 (0 points): C5, with 2 as the better receiver.
    let (m, r) = with_round(&t, &[Entry::Game { white: 3, black: 2, result: None }, Entry::Bye(1)]);
    let report = check_round(&m, r, Profile::Dutch);
    let v = report.violations.iter().find(|v| v.rule == Rule::DutchC5).expect("C5");
    match &v.evidence {
        Evidence::Dutch(DutchEvidence::BetterPab { published, better, completion, .. }) => {
            assert_eq!((*published, *better), (1, 2));
            assert_eq!(completion.len(), 1);
        }
        e => panic!("evidence {e:?}"),
    }
}

#[test]
fn round1_colours_follow_the_initial_colour() {
    let (t, entries) = case("round1-white");
    // Board 2 (2-5: 2 has an even number, so Black) published with 2 White: 5.2.5.
    let mut wrong = entries.clone();
    if let Entry::Game { white, black, .. } = &mut wrong[1] {
        std::mem::swap(white, black);
    }
    let (m, r) = with_round(&t, &wrong);
    let report = check_round(&m, r, Profile::Dutch);
    let v = report.violations.iter().find(|v| v.rule == Rule::DutchColours).expect("5.2");
    match &v.evidence {
        Evidence::Dutch(DutchEvidence::PairColours { decided_by, .. }) => {
            assert_eq!(*decided_by, "5.2.5")
        }
        e => panic!("evidence {e:?}"),
    }
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["violations"][0]["rule"], "C.04.3-5.2");
    assert_eq!(json["violations"][0]["evidence"]["decided_by"], "5.2.5");
}

#[test]
fn same_absolute_preferences_break_c3() {
    let (t, _) = case("c3-no-pairing");
    let (m, r) = with_round(
        &t,
        &[
            Entry::Game { white: 1, black: 2, result: None },
            Entry::Game { white: 3, black: 4, result: None },
        ],
    );
    let got = rules(&m, r);
    assert_eq!(got, vec![Rule::DutchC3, Rule::DutchC3], "{got:?}");
}
