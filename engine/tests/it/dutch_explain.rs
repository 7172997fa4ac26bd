//! `--explain` of the Dutch engine (`bsw_engine::dutch::explain`): the criterion that
//! rejected each earlier candidate, on hand-made events whose answer is derived by hand.

use crate::dutch_samples::{prefix, rounds_in, samples};
use bsw_engine::dutch::MAX_SHOWN;
use bsw_engine::dutch::{pair_next_round, pair_next_round_explained};
use bsw_model::trf;
use std::path::Path;

/// Explain mode pairs exactly as normal mode, and never finds an earlier candidate that
/// scores better than the chosen one (the "please report" line), on the hand-derived cases
/// and the samples of at most 24 players.
#[test]
fn explain_mode_pairs_the_same_and_finds_no_better_candidate() {
    let mut rounds = 0;
    let mut rejected = 0;
    let mut more = 0;
    // Every round after the first of the samples (the file before it), then the
    // hand-derived cases (each the file before its round).
    let max = 24;
    let mut jobs: Vec<(String, u32, String)> = Vec::new();
    for (name, text) in samples() {
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        if lines.iter().filter(|l| l.starts_with("001")).count() <= max {
            for r in 2..=rounds_in(&lines) {
                jobs.push((name.clone(), r, prefix(&text, r)));
            }
        }
    }
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases");
    for e in std::fs::read_dir(&cases).unwrap() {
        let p = e.unwrap().path().join("tournament.trf");
        if p.is_file() {
            let name = format!("cases/{}", p.parent().unwrap().display());
            jobs.push((name, 0, std::fs::read_to_string(&p).unwrap()));
        }
    }
    for (name, r, text) in jobs {
        let t = trf::import(&text, &name).unwrap();
        let cfg = t.config.system.dutch().cloned().unwrap_or_default();
        let (Ok(a), Ok(b)) = (pair_next_round(&t, &cfg), pair_next_round_explained(&t, &cfg))
        else {
            continue;
        };
        assert_eq!(a.rows, b.rows, "{name} round {r}");
        // The lines under "earlier candidates, rejected by:", bracket by bracket.
        let mut listed = None;
        for line in &b.explain {
            assert!(
                !line.contains("please report"),
                "{name} round {r}: {line}\n{}",
                b.explain.join("\n")
            );
            if line.ends_with("rejected by:") {
                listed = Some(0);
                continue;
            }
            let Some(k) = listed.as_mut() else { continue };
            if line.starts_with("    and ") && line.ends_with(" more") {
                more += 1;
            } else if let Some(item) = line.strip_prefix("    ") {
                // "A-B instead of A-C: C12 ..." names a criterion or a generation rule.
                let why = item
                    .rsplit_once(": C")
                    .map(|x| x.1)
                    .or_else(|| item.split_once(": 4.").map(|x| x.1));
                assert!(why.is_some(), "{name} round {r}: no criterion in {line:?}");
                *k += 1;
                assert!(*k <= MAX_SHOWN, "{name} round {r}: more than {MAX_SHOWN} listed");
                rejected += 1;
            } else {
                listed = None;
            }
        }
        rounds += 1;
    }
    eprintln!("{rounds} rounds, {rejected} rejected candidates explained, {more} lists cut");
    assert!(rounds >= 20 && rejected >= 20, "{rounds} rounds, {rejected} rejections");
}

/// One round cell of a TRF player line: (opponent, colour, result); opponent 0 = no game.
type Cell = (u32, char, char);

/// A Dutch TRF of `total` rounds (`XXC white1`) whose players (ids 1.. in order) played
/// `cells`; the points column is computed from the results.
fn event(total: u32, cells: &[&[Cell]]) -> String {
    let mut out = String::from("012 explain\n092 FIDE_DUTCH_2025\n");
    for (i, row) in cells.iter().enumerate() {
        let id = i + 1;
        let half: u32 = row
            .iter()
            .map(|c| match c.2 {
                '1' | '+' | 'U' => 2,
                '=' | 'H' => 1,
                _ => 0,
            })
            .sum();
        let points = format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 });
        let name = format!("Player {id}");
        out +=
            &format!("001 {id:>4}      {name:<33} {:>4}{:28}{points:>4}     ", 2400 - 10 * id, "");
        for &(opp, colour, result) in row.iter() {
            let opp = if opp == 0 { "0000".to_string() } else { format!("{opp:>4}") };
            out += &format!("  {opp} {colour} {result}");
        }
        out.push('\n');
    }
    out += &format!("XXR {total}\nXXC white1\n");
    out
}

/// The round explained: its unordered pairs (ids) and the explain text.
fn explained(trf_text: &str) -> (Vec<(u32, u32)>, String) {
    let t = trf::import(trf_text, "explain.trf").unwrap();
    let cfg = t.config.system.dutch().cloned().expect("092 declares the Dutch system");
    let round = pair_next_round_explained(&t, &cfg).unwrap();
    let mut pairs: Vec<(u32, u32)> = round
        .rows
        .iter()
        .filter_map(|r| match r.entry {
            bsw_model::Entry::Game { white, black, .. } => {
                Some((white.min(black), white.max(black)))
            }
            _ => None,
        })
        .collect();
    pairs.sort();
    (pairs, round.explain.join("\n"))
}

fn has(text: &str, part: &str) {
    assert!(text.contains(part), "expected {part:?} in:\n{text}");
}

/// Round 2 of four players, all on ½ after 1-3 and 2-4 drawn. S1 = [1 2], S2 = [3 4]:
/// the first candidate 1-3 is a rematch (C1); 1-4 and 2-3 follow (colours met: 1 and 2
/// played White, 3 and 4 Black).
#[test]
fn a_rematch_is_rejected_by_c1() {
    let (pairs, text) = explained(&event(
        3,
        &[&[(3, 'w', '=')], &[(4, 'w', '=')], &[(1, 'b', '=')], &[(2, 'b', '=')]],
    ));
    assert_eq!(pairs, [(1, 4), (2, 3)]);
    has(&text, "1-3 instead of 1-4: C1 (they have met)");
    has(&text, "C12 colour preferences not met 0");
}

/// Round 2 of four players, all on ½ after 1-2 and 3-4 drawn (1 and 3 White, so both
/// prefer Black; 2 and 4 prefer White). The first candidate 1-3 (and then 2-4) gives two
/// players the colour they do not prefer; 1-4, 2-3 gives everyone theirs: C12, 2 against 0
/// (C10 and C11 cannot apply after one game).
#[test]
fn a_colour_clash_is_rejected_by_c12() {
    let (pairs, text) = explained(&event(
        3,
        &[&[(2, 'w', '=')], &[(1, 'b', '=')], &[(4, 'w', '=')], &[(3, 'b', '=')]],
    ));
    assert_eq!(pairs, [(1, 4), (2, 3)]);
    has(&text, "1-3 instead of 1-4: C12 colour preferences not met: 2 instead of 0");
}

/// Round 2 of five: 1 beat 3, 2 beat 4 (2 with Black), 5 had the pairing-allocated bye,
/// which is a downfloat. Bracket 1 = [1 2 5]: one player floats to the 0-point players.
/// The first candidate 1-2 floats 5 down again (C14); 1-5 floats 2, who had no float.
/// Colours do not decide it (1 prefers Black, 2 White, 5 has no preference), and the
/// floater pairs below either way (C8 equal).
#[test]
fn a_second_downfloat_is_rejected_by_c14() {
    let (pairs, text) = explained(&event(
        3,
        &[&[(3, 'w', '1')], &[(4, 'b', '1')], &[(1, 'b', '0')], &[(2, 'w', '0')], &[(0, '-', 'U')]],
    ));
    assert!(pairs.contains(&(1, 5)), "{pairs:?}\n{text}");
    has(&text, "1-2 instead of 1-5: C14 downfloaters again: 1 instead of 0");
}

/// Six players, all on ½ after 1-5, 2-4 and 3-6 drawn (1, 2, 3 White).
fn six_drawn() -> Vec<Vec<Cell>> {
    let games = [(5, 'w'), (4, 'w'), (6, 'w'), (2, 'b'), (1, 'b'), (3, 'b')];
    games.iter().map(|&(o, c)| vec![(o, c, '=')]).collect()
}

/// Round 2 of [`six_drawn`]. S1 = [1 2 3], S2 = [4 5 6]. 1 takes 4; then 2-5 would leave
/// 3 with only 6, whom 3 has met: with nobody below, the round could not be completed (C4).
/// 2-6 and 3-5 follow.
#[test]
fn a_dead_end_is_rejected_by_c4() {
    let rows = six_drawn();
    let cells: Vec<&[Cell]> = rows.iter().map(Vec::as_slice).collect();
    let (pairs, text) = explained(&event(3, &cells));
    assert_eq!(pairs, [(1, 4), (2, 6), (3, 5)]);
    has(&text, "2-5 instead of 2-6: C4");
}

/// The same with two more players, absent in round 1 (0 points): now 3 and 6 could float
/// down and be paired there, so 2-5 only costs a pair of the bracket: C6, 2 against 3.
#[test]
fn a_lost_pair_is_rejected_by_c6() {
    let mut rows = six_drawn();
    rows.extend([vec![(0, '-', 'Z')], vec![(0, '-', 'Z')]]);
    let cells: Vec<&[Cell]> = rows.iter().map(Vec::as_slice).collect();
    let (pairs, text) = explained(&event(3, &cells));
    assert_eq!(pairs, [(1, 4), (2, 6), (3, 5), (7, 8)]);
    has(&text, "2-5 instead of 2-6: C6 pairs: 2 instead of 3");
}

/// Round 2 of 44 players, all on ½ after drawing 1-2, 3-4, …, 43-44 (odd players White, so
/// they prefer Black and the even ones White). S1 = [1..22], S2 = [23..44]: each odd S1
/// player i first meets S2 player i + 22, odd too — the same preference (C12, and the
/// rest can still be paired without a clash: 2 against 0) — and takes i + 23; each even
/// S1 player takes the odd S2 player left above. So the bracket has 11 earlier candidates
/// (one per odd S1 player): 10 are listed, then "and 1 more".
#[test]
fn at_most_ten_rejections_are_listed_per_bracket() {
    let rows: Vec<Vec<Cell>> = (1..=44u32)
        .map(|id| if id % 2 == 1 { vec![(id + 1, 'w', '=')] } else { vec![(id - 1, 'b', '=')] })
        .collect();
    let cells: Vec<&[Cell]> = rows.iter().map(Vec::as_slice).collect();
    let (pairs, text) = explained(&event(5, &cells));
    for i in (1..=21).step_by(2) {
        assert!(pairs.contains(&(i, i + 23)), "{i}: {pairs:?}");
        assert!(pairs.contains(&(i + 1, i + 22)), "{i}: {pairs:?}");
    }
    has(&text, "1-23 instead of 1-24: C12 colour preferences not met: 2 instead of 0");
    has(&text, "19-41 instead of 19-42: C12");
    assert!(!text.contains("21-43 instead of"), "{text}");
    has(&text, "    and 1 more");
}

/// Round 3 of 4 (not the last: C3 holds), eight players all on 1 point after two rounds
/// of draws: 1 and 5 played White twice (absolute Black), 7 and 8 Black twice (absolute
/// White); 2 and 6 prefer Black, 3 and 4 White (mild). Met: 1-6 1-7 2-5 2-3 3-7 4-8 4-6
/// 5-8. S1 = [1 2 3 4], S2 = [5 6 7 8]; in the rules' order: 1-5 joins two absolute Black
/// preferences (C3), 1-6 and 1-7 are rematches (C1), 1-8 is taken; 2-5 a rematch, 2-6
/// leaves 2 and then 4 (with 7) without their colour (C12: 2 against 0), 2-7 is taken;
/// 3-5 would leave 4 with 6, met (C4, nobody below), so 3-6 and 4-5.
#[test]
fn a_same_absolute_colour_is_rejected_by_c3() {
    let rows: [&[Cell]; 8] = [
        &[(6, 'w', '='), (7, 'w', '=')],
        &[(5, 'b', '='), (3, 'w', '=')],
        &[(7, 'w', '='), (2, 'b', '=')],
        &[(8, 'w', '='), (6, 'b', '=')],
        &[(2, 'w', '='), (8, 'w', '=')],
        &[(1, 'b', '='), (4, 'w', '=')],
        &[(3, 'b', '='), (1, 'b', '=')],
        &[(4, 'b', '='), (5, 'b', '=')],
    ];
    let (pairs, text) = explained(&event(4, &rows));
    assert_eq!(pairs, [(1, 8), (2, 7), (3, 6), (4, 5)], "{text}");
    has(&text, "1-5 instead of 1-8: C3 (same absolute colour preference)");
    has(&text, "1-6 instead of 1-8: C1");
    has(&text, "1-7 instead of 1-8: C1");
    has(&text, "2-5 instead of 2-7: C1");
    has(&text, "2-6 instead of 2-7: C12 colour preferences not met: 2 instead of 0");
    has(&text, "3-5 instead of 3-6: C4");
    has(&text, "C12 colour preferences not met 0");
}

/// Round 3 of six (found among random events, derived by hand): 5 won twice (2 points,
/// alone: an MDP); 1, 2, 4, 6 have 1 point, 3 none.
/// In round 2, 2 (0 points) beat 4 (1 point): 2 floated up, 4 down. Bracket 1 = MDP 5 and
/// residents [1 2 4 6]: 5 met 1 (C1); 5-2 would float 2 up again (C15), 5-4 does not. Every
/// earlier criterion ties: two pairs either way (5-2 leaves 1-4, 5-4 leaves 1-2; 6 floats
/// and meets 3), one colour preference missed either way (5 and 4 both prefer Black; 1
/// and 4 too), and 4, last round's downfloater, stays in the bracket either way (C14).
#[test]
fn a_second_upfloat_is_rejected_by_c15() {
    let rows: [&[Cell]; 6] = [
        &[(5, 'w', '0'), (3, 'w', '1')],
        &[(6, 'b', '0'), (4, 'b', '1')],
        &[(4, 'w', '0'), (1, 'b', '0')],
        &[(3, 'b', '1'), (2, 'w', '0')],
        &[(1, 'b', '1'), (6, 'w', '1')],
        &[(2, 'w', '1'), (5, 'b', '0')],
    ];
    let (pairs, text) = explained(&event(5, &rows));
    assert_eq!(pairs, [(1, 2), (3, 6), (4, 5)], "{text}");
    has(&text, "5-1 instead of 5-4: C1 (they have met)");
    has(&text, "5-2 instead of 5-4: C15 upfloaters again: 1 instead of 0");
}

/// Round 3 of 5 (found among random events, derived by hand), eight players who all have
/// an absolute preference: 2, 8 (2 points), 4, 5 played White twice (Black), 1, 3, 6, 7
/// Black twice (White). 2-8 would join two Black preferences (C3): both float into bracket
/// 1 = MDPs [2 8], residents [1 5 7]. 8 met 7 and cannot meet 5 (C3): only 1 is left for
/// it. 2 first tries 1: then 8 floats again and the bracket's second pair is 5-7, of 1
/// point — C7, paired scores 1×2 1×1 instead of 2×2 (C6 ties: two pairs; the others still
/// complete the round: 8-3, 4-6). 2-5 is C3. So 2-7 and 8-1; 5-6 and 3-4 below.
#[test]
fn a_lower_score_pair_is_rejected_by_c7() {
    let rows: [&[Cell]; 8] = [
        &[(5, 'b', '='), (4, 'b', '=')],
        &[(3, 'w', '1'), (6, 'w', '1')],
        &[(2, 'b', '0'), (5, 'b', '=')],
        &[(7, 'w', '0'), (1, 'w', '=')],
        &[(1, 'w', '='), (3, 'w', '=')],
        &[(8, 'b', '0'), (2, 'b', '0')],
        &[(4, 'b', '1'), (8, 'b', '0')],
        &[(6, 'w', '1'), (7, 'w', '1')],
    ];
    let (pairs, text) = explained(&event(5, &rows));
    assert_eq!(pairs, [(1, 8), (2, 7), (3, 4), (5, 6)], "{text}");
    has(&text, "2-1 instead of 2-7: C7 paired scores: 1×2 1×1 instead of 2×2");
    has(&text, "2-5 instead of 2-7: C3");
}

/// `corpus/cases/dutch-pab-c9` (derivation in its README): the bye goes to a 0-point
/// player, and C9 wants the one with the fewest unplayed games — so 5 (absent in round 1)
/// must be paired: 3-4 would leave 5 for the bye, rejected by C9; 3-5 and bye 4.
#[test]
fn a_bye_to_the_absentee_is_rejected_by_c9() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases/dutch-pab-c9/tournament.trf");
    let (pairs, text) = explained(&std::fs::read_to_string(path).unwrap());
    assert_eq!(pairs, [(1, 2), (3, 5)], "{text}");
    has(&text, "3-4 instead of 3-5: C9");
    has(&text, "bye: 4");
}

/// The hand-derived cases `corpus/cases/dutch-…` built for one criterion each
/// (derivations in their READMEs): the explain report names that criterion for an earlier
/// candidate — `c3-not-final` C4 (its README: the MDPs paired leave 3-6, C4 before C6),
/// `c8-next-bracket` the first candidate 1-2 (3 floats to a bracket that pairs nobody),
/// `c6-*` and `c13-*` the split without the exchange.
#[test]
fn the_criterion_cases_of_the_corpus_are_explained_by_their_criterion() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases");
    let cases = [
        ("c1-rematch", "1-3 instead of 1-4: C1"),
        ("c3-not-final", "MDP 1 paired: C4"),
        ("c6-fewest-downfloaters", "without exchange: C6"),
        ("c8-next-bracket", "first candidate 1-2: C8"),
        ("c10-topscorer-colour-difference", ": C10 "),
        ("c11-topscorer-colour-streak", ": C11 "),
        ("c12-colour-preferences", "1-3 instead of 1-4: C12"),
        ("c13-strong-preferences", "first candidate 1-3 2-4: C13"),
        ("c14-downfloat-again", ": C14 "),
        ("c15-upfloat-again", ": C15 "),
        ("c16-downfloat-two-rounds-before", ": C16 "),
        ("c17-upfloat-two-rounds-before", ": C17 "),
        ("c18-downfloat-score-difference", "MDP 1 paired: C18"),
        ("c19-upfloat-score-difference", ": C19 "),
        ("c20-downfloat-score-2", "MDP 1 paired: C20"),
        ("c21-upfloat-score-two-rounds-before", ": C21 "),
        ("order-43-exchange", "first candidate 1-4 2-5 3-6: C1 (3-6: they have met)"),
    ];
    for (name, part) in cases {
        let path = dir.join(format!("dutch-{name}/tournament.trf"));
        let text = std::fs::read_to_string(path).unwrap();
        let (_, explain) = explained(&text);
        assert!(explain.contains(part), "{name}: expected {part:?} in:\n{explain}");
    }
}

/// Round 5 of 7, six players all on 2 points: 1 drew 3, 4, 5 and 6 (W B W B, so it
/// prefers White, mildly); the others took half-point byes otherwise (3 and 5 prefer White
/// after one Black, 4 and 6 Black after one White; 2 has no colour). S1 = [1 2 3], S2 =
/// [4 5 6]. 1 may only meet 2, so a split pairs everyone only if it puts 1 and 2 on
/// different sides. In the 4.3 order: no exchange (1 and 2 in S1); one BSN exchanged, by
/// the difference of the sums: 3 for 4 (1), then 3 for 5 before 2 for 4 (both 2; the one
/// moving the higher BSN to S2 first) — 3 for 4 and 3 for 5 keep 1 and 2 in S1 (C6: one
/// pair of the bracket instead of three), 2 for 4 is the first that works: S1 = [1 3 4],
/// S2 = [2 5 6]. Then 1-2; 3-5 would leave 3 and 5 (both White) and 4 and 6 (both Black)
/// each with one preference unmet (C12: 2 against 0), so 3-6 and 4-5.
#[test]
fn earlier_exchanges_are_listed_in_the_43_order_with_their_criterion() {
    let h: Cell = (0, '-', 'H');
    let rows: [&[Cell]; 6] = [
        &[(3, 'w', '='), (4, 'b', '='), (5, 'w', '='), (6, 'b', '=')],
        &[h, h, h, h],
        &[(1, 'b', '='), h, h, h],
        &[h, (1, 'w', '='), h, h],
        &[h, h, (1, 'b', '='), h],
        &[h, h, h, (1, 'w', '=')],
    ];
    let (pairs, text) = explained(&event(7, &rows));
    assert_eq!(pairs, [(1, 2), (3, 6), (4, 5)], "{text}");
    has(&text, "exchange (4.3): [2] from S1 to S2, [4] from S2 to S1");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let at = |part: &str| {
        lines.iter().position(|l| l.starts_with(part)).unwrap_or_else(|| panic!("{part}:\n{text}"))
    };
    let none = at("S1 [1 2 3] S2 [4 5 6] without exchange: C6 pairs: 1 instead of 3");
    let first = at("exchange 3 for 4: S1 [1 2 4] S2 [3 5 6]: C6 pairs: 1 instead of 3");
    let second = at("exchange 3 for 5: S1 [1 2 5] S2 [3 4 6]: C6 pairs: 1 instead of 3");
    let transposition = at("3-5 instead of 3-6: C12 colour preferences not met: 2 instead of 0");
    assert!(none < first && first < second && second < transposition, "{text}");
    // The chosen exchange and the later ones are not listed.
    assert!(!text.contains("exchange 2 for 4:") && !text.contains("exchange 1 for"), "{text}");
}

/// The partner lines of a first round (31 players: S1 = 1-15, S2 = 16-31, 31 gets the bye),
/// derived by hand from 4.2: S1 player i takes S2 player 15 + i, and every S2 player
/// between 16 and its partner was taken by a higher S1 player; at most `MAX_SHOWN` are
/// listed. Pins the lines of `explain::partners`, which look the passed-over players up by
/// binary search rather than walking the remainder.
#[test]
fn first_round_partner_lines_list_the_passed_over_s2_players() {
    let mut t = super::common::swiss(31, 5);
    let cfg = bsw_model::DutchConfig::default();
    t.config.system = bsw_model::System::Dutch(cfg.clone());
    let round = pair_next_round(&t, &cfg).unwrap();
    let taken = |ids: std::ops::Range<u32>| -> String {
        ids.map(|o| format!("{o} (taken by a higher S1 player)")).collect::<Vec<_>>().join(", ")
    };
    let partner_lines: Vec<&String> =
        round.explain.iter().filter(|l| l.starts_with("  ") && l.contains('-')).collect();
    let mut expected = vec!["  1-16".to_string()];
    for i in 2..=15u32 {
        let shown = (i - 1).min(MAX_SHOWN as u32);
        expected.push(format!("  {i}-{}; not taken before: {}", 15 + i, taken(16..16 + shown)));
    }
    assert_eq!(partner_lines, expected.iter().collect::<Vec<_>>(), "{}", round.explain.join("\n"));
    assert_eq!(round.explain.last().map(String::as_str), Some("bye: 31"));
}
