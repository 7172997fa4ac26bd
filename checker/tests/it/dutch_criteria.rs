//! Hand-made rounds beaten at exactly one quality criterion that only the complete check
//! (a maximum-weight matching per bracket) names: the expected criterion is derived by hand
//! in each test's comment, from C.04.3, not from the checker. Players are numbered in
//! pairing-number order; every game of the judged round gets the colours of 5.2 (so that
//! only the quality criteria can fail).

use crate::dutch_common::{dutch_tournament, recolour};
use bsw_checker::report::DutchEvidence;
use bsw_checker::{Evidence, Profile, Rule, check_round};
use bsw_model::{Entry, Id, Outcome, Row, Tournament};

/// A Dutch event of `n` players with the given rounds (white, black, result; an empty round:
/// everybody absent), then round `rounds.len() + 1` made of `last` (recoloured by 5.2).
fn event(n: u32, rounds: &[&[(Id, Id, Outcome)]], last: &[(Id, Id)]) -> (Tournament, u32) {
    let mut rows = Vec::new();
    for (k, games) in rounds.iter().enumerate() {
        if games.is_empty() {
            // A round nobody played: a zero-point absence each (no score, colour or float).
            for p in 1..=n {
                rows.push(Row { round: k as u32 + 1, board: p, entry: Entry::ZeroBye(p) });
            }
        }
        for (b, &(white, black, o)) in games.iter().enumerate() {
            rows.push(Row {
                round: k as u32 + 1,
                board: b as u32 + 1,
                entry: Entry::Game { white, black, result: Some(o) },
            });
        }
    }
    let r = rounds.len() as u32 + 1;
    for (b, &(white, black)) in last.iter().enumerate() {
        rows.push(Row {
            round: r,
            board: b as u32 + 1,
            entry: Entry::Game { white, black, result: None },
        });
    }
    let t = dutch_tournament(n, rows);
    (recolour(&t, r), r)
}

/// The bracket violations of round `r`: (rule, bracket score, criterion).
fn bracket_rules(t: &Tournament, r: u32) -> Vec<(Rule, String, String)> {
    check_round(t, r, Profile::Dutch)
        .violations
        .iter()
        .filter_map(|v| match &v.evidence {
            Evidence::Dutch(DutchEvidence::Bracket { bracket_score, criterion, .. }) => {
                Some((v.rule, bracket_score.clone(), criterion.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The neighbour search alone (the profile before the complete check) does not name `rule`.
fn local_misses(t: &Tournament, r: u32, rule: Rule) {
    let local = bsw_checker::dutch::check_round_with(t, r, false);
    assert!(!local.violations.iter().any(|v| v.rule == rule), "{:?}", local.violations);
}

use Outcome::{BlackWin, Draw, WhiteWin};

#[test]
fn c6_two_downfloaters_where_none_is_needed() {
    // Round 1: 1-4 1-0, 5-2 0-1, 3-6 ½. Scores: 1 and 2 have 1 point, 3 and 6 ½, 4 and 5 0.
    // Published round 2: 1-3, 2-6, 4-5. The 1-point bracket {1, 2} pairs nobody: both float
    // down (2 downfloaters). 1-2 is legal, and the rest {3, 4, 5, 6} is completed by 3-4,
    // 6-5 (avoiding the rematch 3-6): no downfloater at all. Complete and legal both
    // (C1-C5), so C6 (fewest downfloaters) is the first criterion that differs: C6.
    let r1: &[(Id, Id, Outcome)] = &[(1, 4, WhiteWin), (5, 2, BlackWin), (3, 6, Draw)];
    let (t, r) = event(6, &[r1], &[(1, 3), (2, 6), (4, 5)]);
    let got = bracket_rules(&t, r);
    assert_eq!(got.first().map(|x| (x.0, x.1.as_str())), Some((Rule::DutchC6, "1")), "{got:?}");
    local_misses(&t, r, Rule::DutchC6);
}

#[test]
fn c7_the_moved_down_player_floats_on_instead_of_a_resident() {
    // Round 1: 1-6 1-0, 7-2 0-1, 3-8 1-0, 9-4 ½, 5-10 ½. Scores: 1, 2, 3: 1 point; 4, 5, 9,
    // 10: ½; 6, 7, 8: 0. Published round 2: 1-2, 4-5, 9-10, 3-6, 7-8. The 1-point bracket
    // pairs 1-2 and sends 3 down; the ½ bracket {3 (MDP); 4, 5, 9, 10} pairs 4-5 and 9-10 and
    // sends the MDP 3 (1 point) down again. Instead 3-4, 5-9 (5 met 10, not 9) leave 10
    // (½ point) as the one downfloater, and the 0 bracket {10, 6, 7, 8} pairs 10-6, 7-8 (no
    // rematch). Both have one downfloater (C6 equal); its score is 1 published against ½:
    // C7 (downfloaters' scores, highest first, as low as possible) is the first difference.
    let r1: &[(Id, Id, Outcome)] =
        &[(1, 6, WhiteWin), (7, 2, BlackWin), (3, 8, WhiteWin), (9, 4, Draw), (5, 10, Draw)];
    let (t, r) = event(10, &[r1], &[(1, 2), (4, 5), (9, 10), (3, 6), (7, 8)]);
    let got = bracket_rules(&t, r);
    assert!(got.contains(&(Rule::DutchC7, "½".into(), "C7".into())), "{got:?}");
    assert!(!got.iter().any(|x| x.1 == "1"), "the 1-point bracket is right: {got:?}");
    local_misses(&t, r, Rule::DutchC7);
}

#[test]
fn c8_the_downfloater_who_cannot_play_the_next_scoregroup() {
    // Round 1: 3-4 1-0, 1-6 1-0, 2-7 1-0, 5-8 1-0, 9-10 ½. Round 2: 5-3 0-1, 8-1 0-1,
    // 9-2 0-1, 4-10 1-0, 6-7 ½ (colours chosen so that no published pair meets C3). Scores: 1, 2, 3: 2 points; 4, 5: 1; 6, 7, 9, 10: ½; 8: 0.
    // 3 has met 4 and 5, the whole 1-point scoregroup; 1 and 2 have met neither.
    // Published round 3: 1-2, 4-5, 3-6, 7-9, 10-8. The 2-point bracket sends 3 down; in the
    // next bracket {3; 4, 5} 3 can play nobody, so 3 (2 points) floats on. Instead 1-3 sends
    // 2 down, 2-4 is legal, and 5 (1 point) floats (then 5-6, 7-9, 10-8 complete the round).
    // In the 2-point bracket both choices have one downfloater of 2 points (C6, C7 equal);
    // the next bracket then has one downfloater of 2 points (published: nothing better exists
    // for 3) against one of 1 point: C8 (downfloaters chosen so that the next bracket does
    // best on C6-C7) is the first difference.
    let r1: &[(Id, Id, Outcome)] =
        &[(3, 4, WhiteWin), (1, 6, WhiteWin), (2, 7, WhiteWin), (5, 8, WhiteWin), (9, 10, Draw)];
    let r2: &[(Id, Id, Outcome)] =
        &[(5, 3, BlackWin), (8, 1, BlackWin), (9, 2, BlackWin), (4, 10, WhiteWin), (6, 7, Draw)];
    let (t, r) = event(10, &[r1, r2], &[(1, 2), (4, 5), (3, 6), (7, 9), (10, 8)]);
    let got = bracket_rules(&t, r);
    assert!(got.contains(&(Rule::DutchC8, "2".into(), "C8".into())), "{got:?}");
    local_misses(&t, r, Rule::DutchC8);
}

#[test]
fn c18_the_mdp_who_downfloated_before_floats_on() {
    // Round 1: 1-5 1-0, 2-6 1-0, 3-7 1-0, 8-4 ½, 9-10 1-0. Round 2: 1-3 1-0 (equal scores:
    // no float), 2-4 1-0 (2 had 1 point, 4 ½: 2 downfloats), 7-8 0-1, 5-9 1-0, 6-10 ½.
    // Scores: 1, 2: 2 points, both White twice (absolute Black, not topscorers: C3 forbids
    // 1-2); 8: 1½; 3, 5, 9: 1; 4, 6, 10: ½; 7: 0.
    // Published round 3: 1-8, 2-9, 3-5, 4-6, 10-7. The 1½ bracket {1, 2 (MDPs); 8} pairs
    // 1-8 and 2 floats on; instead 2-8, with 1 floating on (1-9, 3-5, 4-6, 10-7) completes
    // the round. Compared: one downfloater of 2 points either way (C6, C7); the next bracket
    // pairs everyone either way (C8); no PAB (C9); 8 (mild White) against an absolute Black
    // gets White either way (C10-C13); 8 is paired and did not upfloat (C14-C17). C18 (score
    // differences of MDPs who downfloated the round before): only 2 downfloated in round 2;
    // published, 2 floats on to a larger difference than the ½ it has against 8; the
    // witness pairs it here. So C18 is the first difference, although the published choice
    // (MDP 1, the smaller number) comes first in the generation order (4.4).
    let r1: &[(Id, Id, Outcome)] =
        &[(1, 5, WhiteWin), (2, 6, WhiteWin), (3, 7, WhiteWin), (8, 4, Draw), (9, 10, WhiteWin)];
    let r2: &[(Id, Id, Outcome)] =
        &[(1, 3, WhiteWin), (2, 4, WhiteWin), (7, 8, BlackWin), (5, 9, WhiteWin), (6, 10, Draw)];
    let (t, r) = event(10, &[r1, r2], &[(1, 8), (2, 9), (3, 5), (4, 6), (10, 7)]);
    let got = bracket_rules(&t, r);
    assert_eq!(got, vec![(Rule::DutchC18, "1½".into(), "C18".into())]);
    local_misses(&t, r, Rule::DutchC18);
}

#[test]
fn c20_the_mdp_who_downfloated_two_rounds_before_floats_on() {
    // The C18 case with one more round between round 2 and the judged round, in which
    // everybody is absent without points (no score, colour or float changes): 2's downfloat
    // of round 2 is now two rounds before the judged round 4, and nobody floated in round 3.
    // Every criterion up to C19 compares as in the C18 case (C18 now counts nobody); C20
    // (MDPs who downfloated two rounds before: 2 floats on published, is paired in the
    // witness) is the first difference.
    let r1: &[(Id, Id, Outcome)] =
        &[(1, 5, WhiteWin), (2, 6, WhiteWin), (3, 7, WhiteWin), (8, 4, Draw), (9, 10, WhiteWin)];
    let r2: &[(Id, Id, Outcome)] =
        &[(1, 3, WhiteWin), (2, 4, WhiteWin), (7, 8, BlackWin), (5, 9, WhiteWin), (6, 10, Draw)];
    let (t, r) = event(10, &[r1, r2, &[]], &[(1, 8), (2, 9), (3, 5), (4, 6), (10, 7)]);
    assert_eq!(r, 4);
    let got = bracket_rules(&t, r);
    assert_eq!(got, vec![(Rule::DutchC20, "1½".into(), "C20".into())]);
    local_misses(&t, r, Rule::DutchC20);
}
