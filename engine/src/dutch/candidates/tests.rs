//! The restricted matching (each bracket on its players and the next score group, verified
//! to extend to a complete pairing) must pair exactly as the whole-field matching: random
//! events are paired round by round both ways ([`Path`]) and compared, and the fallback
//! (the check fails, the bracket is re-paired on the whole field) is exercised.

use super::{Failure, Outcome as Paired, Path, Request, Stats, pair_at, pair_widths};
use crate::dutch::testing::{Rng, play, samples_by_both, swiss};
use crate::dutch::weight::{WIDE, WORDS};
use crate::dutch::{DutchError, WholeField, pair_next_round_by};
use bsw_model::{DutchConfig, Outcome, System};

/// How each round compared was paired.
#[derive(Default, Debug)]
struct Totals(Vec<Stats>);

impl Totals {
    fn rounds(&self) -> usize {
        self.0.len()
    }

    /// A count summed over the rounds.
    fn sum(&self, f: impl Fn(&Stats) -> usize) -> usize {
        self.0.iter().map(f).sum()
    }
}

/// Plays one random event, comparing the two paths on every round; how each round was paired.
fn event(seed: u64, totals: &mut Totals) -> Vec<Stats> {
    let mut rng = Rng::new(seed);
    let n = 4 + rng.below(60) as u32;
    let rounds = 3 + rng.below(7) as u32;
    event_of(seed, rng, n, rounds, true, totals)
}

/// One random event of `n` players and `rounds` rounds, results from `rng`; with `compare`
/// every round is paired both ways and compared, otherwise by the default path only (a field
/// too large for the whole-field path).
fn event_of(
    seed: u64,
    mut rng: Rng,
    n: u32,
    rounds: u32,
    compare: bool,
    totals: &mut Totals,
) -> Vec<Stats> {
    let mut per_round = Vec::new();
    // A seed from 2^32 on: zero-point pairing-allocated byes (more players who may not take
    // the bye again score low, so the bye goes higher up, to a top scorer at times).
    let pab_points = if seed >= 1 << 32 { 0 } else { 2 };
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points };
    let mut t = swiss(n, rounds);
    t.config.system = System::Dutch(cfg.clone());
    // Strong players win more often: score groups stay wide and varied.
    for r in 1..=rounds {
        for p in t.players.iter_mut() {
            if rng.below(30) == 0 {
                p.half_byes.push(r);
            }
        }
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        let global =
            if compare { pair_next_round_by(&t, &cfg, Path::Global) } else { auto.clone() };
        match (&auto, &global) {
            (Ok((a, stats)), Ok((g, _))) => {
                assert_eq!(a.rows, g.rows, "seed {seed}, round {r}: restricted and global differ");
                assert_eq!(a.explain, g.explain, "seed {seed}, round {r}: explain lines differ");
                totals.0.push(*stats);
                per_round.push(*stats);
            }
            (Err(DutchError::NoValidPairing { .. }), Err(DutchError::NoValidPairing { .. })) => {
                return per_round;
            }
            _ => panic!(
                "seed {seed}, round {r}: {:?} vs {:?}",
                auto.as_ref().map(|x| x.1),
                global.as_ref().map(|x| x.1)
            ),
        }
        let (paired, _) = auto.unwrap();
        play(&mut t, paired.rows, |white, black| {
            let edge = (black as i64 - white as i64).signum() as u64; // better rated wins more
            match (rng.below(20), edge) {
                (0, _) => Outcome::BlackForfeitWin,
                (1..=4, _) => Outcome::Draw,
                (x, 1) if x < 15 => Outcome::WhiteWin,
                (x, _) if x < 10 => Outcome::WhiteWin,
                _ => Outcome::BlackWin,
            }
        });
    }
    per_round
}

#[test]
fn restricted_matching_pairs_as_the_whole_field() {
    let mut totals = Totals::default();
    for seed in 0..80 {
        event(seed, &mut totals);
    }
    let sum = |f: fn(&Stats) -> usize| totals.sum(f);
    let (restricted, global) = (sum(|s| s.restricted), sum(|s| s.global));
    let report = format!("{} rounds: {:?}", totals.rounds(), totals.0.iter().take(3));
    assert!(totals.rounds() > 400, "{report}");
    // Most brackets are paired restricted, and the fallback is met (and agrees); first
    // rounds without absences take the first-round rule.
    assert!(restricted > global, "{restricted} restricted, {global} global");
    assert!(sum(|s| s.first_round as usize) > 20, "{report}");
    assert!(sum(|s| s.fallbacks) > 0, "{report}");
    // The next score group as one vertex is taken by many brackets, and given up (paired
    // again with the group whole) by some: both agree with the whole field.
    assert!(sum(|s| s.compressed) > restricted / 5 && sum(|s| s.expanded) > 0, "{report}");
    // Transposition groups are decided by their guesses alone (no matching) in many
    // brackets, with the same pairings as the whole field.
    assert!(sum(|s| s.guessed) > 100, "{} guessed", sum(|s| s.guessed));
}

/// Six players, round 5 (seed 52): the top bracket's restricted optimum leaves players below
/// who cannot all be paired any more, so the check fails and the whole field decides — with
/// the same pairing as the whole-field path (compared inside `event`).
#[test]
fn an_unextendable_bracket_falls_back_to_the_whole_field() {
    let mut totals = Totals::default();
    let rounds = event(52, &mut totals);
    assert!(rounds.len() >= 5, "{rounds:?}");
    assert_eq!(rounds[..4].iter().map(|s| s.fallbacks).sum::<usize>(), 0, "{rounds:?}");
    assert_eq!(rounds[4].fallbacks, 1, "{rounds:?}");
    assert!(rounds[4].global >= 1 && rounds[4].restricted + rounds[4].global >= 2, "{rounds:?}");
}

/// Every round of the corpus samples (those of at most 64 players; all of them with
/// `DUTCH_ALL=1`): both paths give the same rows and explain lines.
#[test]
fn the_samples_pair_the_same_by_both_paths() {
    let (differ, stats) = samples_by_both(Path::Global);
    assert!(differ.is_empty(), "{differ:#?}");
    let totals = Totals(stats);
    let restricted = totals.sum(|s| s.restricted);
    assert!(totals.rounds() > 100 && restricted > 0, "{} rounds", totals.rounds());
}

/// Odd fields whose brackets reach the bye: every bracket from the one whose next score
/// group is at or below the bye score down to the last holds every bye candidate, C9 may
/// apply, and the restricted matching pairs it with the bye dummy — no whole-field bracket
/// but after a fallback, and the same rows and explain lines as the whole-field path.
#[test]
fn odd_fields_pair_the_bye_brackets_restricted() {
    let mut totals = Totals::default();
    for seed in 0..16u64 {
        let mut rng = Rng::new(1000 + seed);
        let n = 41 + 2 * rng.below(40) as u32;
        let rounds = 4 + rng.below(4) as u32;
        for s in event_of(1000 + seed, rng, n, rounds, true, &mut totals) {
            assert!(s.fallbacks > 0 || s.global == 0, "seed {seed}: {s:?}");
        }
    }
    let rounds = totals.rounds();
    assert!(rounds >= 64, "{rounds} rounds");
    // (Absences make some rounds' fields even.) Many brackets hold the bye candidates,
    // C9 applies in part of them, and whole-field brackets are rare (fallbacks).
    assert!(totals.sum(|s| s.bye_dummy) >= rounds / 2, "{rounds} rounds");
    assert!(totals.sum(|s| s.c9) >= rounds / 4, "{rounds} rounds");
    assert!(totals.sum(|s| s.global) <= totals.sum(|s| s.restricted) / 20, "{rounds} rounds");
}

/// An odd field larger than `dutch::MAX_PLAYERS` (the whole-field limit): every round pairs,
/// none of its brackets on the whole field (before the bye dummy, round 2 of 5,001 players
/// was refused: 2,841 players left for the whole field). Slow in a debug build: run with
/// `cargo test --release -p bsw-engine --lib beyond_the_whole_field -- --ignored`.
#[test]
#[ignore]
fn an_odd_field_beyond_the_whole_field_limit_pairs_restricted() {
    let mut totals = Totals::default();
    let n = 2 * crate::dutch::MAX_PLAYERS as u32 + 1001;
    let rounds = 4;
    let per_round = event_of(7, Rng::new(7), n, rounds, false, &mut totals);
    assert_eq!(per_round.len(), rounds as usize, "{per_round:?}");
    for s in &per_round {
        assert_eq!(s.global, 0, "{s:?}");
    }
    // (Absences may make a round's field even.)
    assert!(per_round.iter().map(|s| s.bye_dummy).sum::<usize>() >= 2, "{per_round:?}");
}

/// Small odd fields with zero-point byes: the bye must go to a top scorer in some rounds, and
/// C9 of the first bracket is then read by cardinality matchings (`first_bracket_c9`), not
/// by the whole field's bye-choice matching; both paths agree.
#[test]
fn a_bye_for_a_top_scorer_is_paired_restricted() {
    let mut totals = Totals::default();
    for seed in 0..300u64 {
        let mut rng = Rng::new(seed);
        let n = 3 + 2 * rng.below(4) as u32;
        let rounds = n - 1;
        let per_round = event_of((1 << 32) + seed, rng, n, rounds, true, &mut totals);
        for s in per_round {
            assert!(s.fallbacks > 0 || s.global == 0, "seed {seed}: {s:?}");
        }
    }
    let (top_bye, top_bye_c9) = (totals.sum(|s| s.top_bye), totals.sum(|s| s.top_bye_c9));
    assert!(top_bye > 10 && top_bye_c9 > 5, "{top_bye} top byes, {top_bye_c9} with C9");
}

/// When a bracket must be paired on the whole field and too many players are left, the
/// refusal names the limit, the reason and what to do.
#[test]
fn a_whole_field_refusal_says_which_limit_and_why() {
    let e = DutchError::WholeFieldTooLarge { round: 3, players: 2841, why: WholeField::C9Open };
    let text = e.to_string();
    for part in ["round 3", "2841 players", "2000", "C9 applies to the next bracket", "another"] {
        assert!(text.contains(part), "{text}");
    }
    let e =
        DutchError::WholeFieldTooLarge { round: 2, players: 4001, why: WholeField::Unextendable };
    assert!(e.to_string().contains("cannot all be paired (C4)"), "{e}");
}

/// A round's pairs, bye and explain lines.
type Decided = (Vec<(usize, usize)>, Option<usize>, Vec<String>);

/// The pairs, the bye and the explain lines of a round.
fn paired(out: Result<Paired, Failure>) -> Result<Decided, Failure> {
    out.map(|o| (o.pairs, o.bye, o.explain))
}

/// The weight's width is a type parameter: the wide instantiation pairs every round of
/// random events exactly as the narrow one (both paths, explain lines included), and a width
/// too narrow for the layouts (3 words: no bracket of these fields fits) is refused bracket
/// by bracket (`TooWide`) and the round paired again at the next width, with the same result.
#[test]
fn wide_weights_pair_as_the_narrow_ones() {
    let (mut rounds, mut too_wide) = (0, 0);
    for seed in 0..10u64 {
        let mut rng = Rng::new(500 + seed);
        let n = 8 + rng.below(40) as u32;
        let total = 5;
        let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points: 2 };
        let mut t = swiss(n, total);
        t.config.system = System::Dutch(cfg.clone());
        for r in 1..=total {
            let field = crate::dutch::order::field(&t, r);
            let (rounds_before, last_round) = (r - 1, r == total);
            let req = |deep, path| Request { rounds_before, last_round, deep, path };
            let narrow = paired(pair_at::<WORDS>(&field, req(true, Path::Auto)));
            for path in [Path::Auto, Path::Global] {
                let wide = paired(pair_at::<WIDE>(&field, req(true, path)));
                assert_eq!(wide, narrow, "seed {seed}, round {r}, {path:?}");
            }
            let tight = pair_at::<3>(&field, req(false, Path::Auto));
            too_wide += matches!(tight, Err(Failure::TooWide(_))) as usize;
            let retried = paired(pair_widths::<3, WIDE>(&field, req(false, Path::Auto)));
            let plain = paired(pair_at::<WORDS>(&field, req(false, Path::Auto)));
            assert_eq!(retried, plain, "seed {seed}, round {r}: retried at the wide width");
            let Ok((paired, _)) = pair_next_round_by(&t, &cfg, Path::Auto) else { break };
            rounds += 1;
            play(&mut t, paired.rows, |white, black| match (white + black + r) % 5 {
                0 => Outcome::Draw,
                1 | 2 => Outcome::WhiteWin,
                _ => Outcome::BlackWin,
            });
        }
    }
    assert!(rounds >= 40 && too_wide >= rounds / 2, "{rounds} rounds, {too_wide} too wide");
}
