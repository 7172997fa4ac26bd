//! The restricted matching (each bracket on its players and the next score group, verified
//! to extend to a complete pairing) must pair exactly as the whole-field matching: random
//! events are paired round by round both ways (`candidates::Path`) and compared, and the
//! fallback (the check fails, the bracket is re-paired on the whole field) is exercised.

use bsw_engine::berger_swiss::draw::SplitMix64;
use bsw_engine::dutch::candidates::{Path, Stats};
use bsw_engine::dutch::{DutchError, pair_next_round_by};
use bsw_model::{DutchConfig, Entry, Outcome, Row, System};

/// The engine's SplitMix64 (the same stream the events were generated from before).
struct Rng(SplitMix64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

fn add(totals: &mut Totals, s: Stats) {
    totals.stats.alone += s.alone;
    totals.stats.restricted += s.restricted;
    totals.stats.global += s.global;
    totals.stats.fallbacks += s.fallbacks;
    totals.stats.bye_dummy += s.bye_dummy;
    totals.stats.c9 += s.c9;
    totals.stats.c9_open += s.c9_open;
    totals.stats.top_bye += s.top_bye;
    totals.stats.top_bye_c9 += s.top_bye_c9;
    totals.stats.compressed += s.compressed;
    totals.stats.expanded += s.expanded;
    totals.stats.guessed += s.guessed;
    totals.first_rounds += s.first_round as usize;
    totals.rounds += 1;
}

#[derive(Default, Debug)]
struct Totals {
    stats: Stats,
    first_rounds: usize,
    rounds: usize,
}

/// Plays one random event, comparing the two paths on every round; how each round was paired.
fn event(seed: u64, totals: &mut Totals) -> Vec<Stats> {
    let mut rng = Rng(SplitMix64::new(seed));
    let n = 4 + rng.below(60) as u32;
    let rounds = 3 + rng.below(7) as u32;
    play(seed, rng, n, rounds, true, totals)
}

/// One random event of `n` players and `rounds` rounds, results from `rng`; with `compare`
/// every round is paired both ways and compared, otherwise by the default path only (a field
/// too large for the whole-field path).
fn play(
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
    let mut t = super::common::swiss(n, rounds);
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
                add(totals, *stats);
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
        for row in paired.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => {
                    let edge = (black as i64 - white as i64).signum() as u64; // better rated wins more
                    Entry::Game {
                        white,
                        black,
                        result: Some(match (rng.below(20), edge) {
                            (0, _) => Outcome::BlackForfeitWin,
                            (1..=4, _) => Outcome::Draw,
                            (x, 1) if x < 15 => Outcome::WhiteWin,
                            (x, _) if x < 10 => Outcome::WhiteWin,
                            _ => Outcome::BlackWin,
                        }),
                    }
                }
                e => e,
            };
            t.rows.push(Row { entry, ..row });
        }
    }
    per_round
}

#[test]
fn restricted_matching_pairs_as_the_whole_field() {
    let mut totals = Totals::default();
    for seed in 0..80 {
        event(seed, &mut totals);
    }
    eprintln!("{totals:?}");
    let s = totals.stats;
    assert!(totals.rounds > 400, "{totals:?}");
    // Most brackets are paired restricted, and the fallback is met (and agrees); first
    // rounds without absences take the first-round rule.
    assert!(s.restricted > s.global, "{totals:?}");
    assert!(totals.first_rounds > 20, "{totals:?}");
    assert!(s.fallbacks > 0, "{totals:?}");
    // The next score group as one vertex is taken by many brackets, and given up (paired
    // again with the group whole) by some: both agree with the whole field.
    assert!(s.compressed > s.restricted / 5 && s.expanded > 0, "{totals:?}");
    // Transposition groups are decided by their guesses alone (no matching) in many
    // brackets, with the same pairings as the whole field.
    assert!(s.guessed > 100, "{totals:?}");
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
    let mut totals = Totals::default();
    let mut differ = Vec::new();
    for (name, r, t) in super::dutch_samples::sample_rounds() {
        let cfg = t.config.system.dutch().cloned().unwrap();
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        let global = pair_next_round_by(&t, &cfg, Path::Global);
        match (auto, global) {
            (Ok((a, stats)), Ok((g, _))) => {
                add(&mut totals, stats);
                if a.rows != g.rows || a.explain != g.explain {
                    differ.push(format!("{name} {r} {stats:?}"));
                }
            }
            (a, g) => {
                if a.as_ref().err() != g.as_ref().err() {
                    differ.push(format!("{name} {r}: {:?} / {:?}", a.err(), g.err()));
                }
            }
        }
    }
    eprintln!("{totals:?}");
    assert!(differ.is_empty(), "{differ:#?}");
    assert!(totals.rounds > 100 && totals.stats.restricted > 0, "{totals:?}");
}

/// Odd fields whose brackets reach the bye: every bracket from the one whose next score
/// group is at or below the bye score down to the last holds every bye candidate, C9 may
/// apply, and the restricted matching pairs it with the bye dummy — no whole-field bracket
/// but after a fallback, and the same rows and explain lines as the whole-field path.
#[test]
fn odd_fields_pair_the_bye_brackets_restricted() {
    let mut totals = Totals::default();
    for seed in 0..16u64 {
        let mut rng = Rng(SplitMix64::new(1000 + seed));
        let n = 41 + 2 * rng.below(40) as u32;
        let rounds = 4 + rng.below(4) as u32;
        for s in play(1000 + seed, rng, n, rounds, true, &mut totals) {
            assert!(s.fallbacks > 0 || s.global == 0, "seed {seed}: {s:?}");
        }
    }
    eprintln!("{totals:?}");
    let s = totals.stats;
    assert!(totals.rounds >= 64, "{totals:?}");
    // (Absences make some rounds' fields even.) Many brackets hold the bye candidates,
    // C9 applies in part of them, and whole-field brackets are rare (fallbacks).
    assert!(s.bye_dummy >= totals.rounds / 2, "{totals:?}");
    assert!(s.c9 >= totals.rounds / 4, "{totals:?}");
    assert!(s.global <= s.restricted / 20, "{totals:?}");
}

/// An odd field larger than `dutch::MAX_PLAYERS` (the whole-field limit): every round pairs,
/// none of its brackets on the whole field (before the bye dummy, round 2 of 5,001 players
/// was refused: 2,841 players left for the whole field). Slow in a debug build: run with
/// `cargo test --release -p bsw-engine --test it dutch_restricted -- --ignored --nocapture`.
#[test]
#[ignore]
fn an_odd_field_beyond_the_whole_field_limit_pairs_restricted() {
    let mut totals = Totals::default();
    let n = 2 * bsw_engine::dutch::MAX_PLAYERS as u32 + 1001;
    let rounds = 4;
    let per_round = play(7, Rng(SplitMix64::new(7)), n, rounds, false, &mut totals);
    eprintln!("{n} players: {per_round:?}");
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
        let mut rng = Rng(SplitMix64::new(seed));
        let n = 3 + 2 * rng.below(4) as u32;
        let rounds = n - 1;
        let per_round = play((1 << 32) + seed, rng, n, rounds, true, &mut totals);
        for s in per_round {
            assert!(s.fallbacks > 0 || s.global == 0, "seed {seed}: {s:?}");
        }
    }
    eprintln!("{totals:?}");
    let s = totals.stats;
    assert!(s.top_bye > 10 && s.top_bye_c9 > 5, "{totals:?}");
}

/// When a bracket must be paired on the whole field and too many players are left, the
/// refusal names the limit, the reason and what to do.
#[test]
fn a_whole_field_refusal_says_which_limit_and_why() {
    use bsw_engine::dutch::candidates::WholeField;
    let e = DutchError::WholeFieldTooLarge { round: 3, players: 2841, why: WholeField::C9Open };
    let text = e.to_string();
    for part in ["round 3", "2841 players", "2000", "C9 applies to the next bracket", "another"] {
        assert!(text.contains(part), "{text}");
    }
    let e =
        DutchError::WholeFieldTooLarge { round: 2, players: 4001, why: WholeField::Unextendable };
    assert!(e.to_string().contains("cannot all be paired (C4)"), "{e}");
}
