//! The whole path with the class model on every restricted bracket (the default,
//! `candidates::Path::Auto`) against the matrix path (`Path::ClassModelAbove(usize::MAX)`),
//! rows and explain lines, on random events and the corpus samples.

use crate::dutch::candidates::Path;
use crate::dutch::testing::{Rng, play, samples_by_both, swiss};
use crate::dutch::{DutchError, pair_next_round_by};
use bsw_model::{DutchConfig, Outcome, System};

/// The matrix path on every restricted bracket (the reference).
const MATRIX: Path = Path::ClassModelAbove(usize::MAX);

/// One random event, every round paired by the default path (the class model on every restricted
/// bracket) and the matrix path; (rounds compared, brackets paired on the class model). `salt` and
/// `white` vary the events between the tests.
fn event(seed: u64, salt: u64, white: bool) -> (usize, usize) {
    let mut rng = Rng::new(seed ^ salt);
    let n = 6 + rng.below(if white { 90 } else { 70 }) as u32;
    let rounds = 3 + rng.below(6) as u32;
    let colour = if white { bsw_model::Colour::White } else { bsw_model::Colour::Black };
    let cfg = DutchConfig { initial_colour: Some(colour), pab_points: 2 };
    let mut t = swiss(n, rounds);
    t.config.system = System::Dutch(cfg.clone());
    let (mut compared, mut brackets) = (0, 0);
    for r in 1..=rounds {
        for p in t.players.iter_mut() {
            if rng.below(25) == 0 {
                p.half_byes.push(r);
            }
        }
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        let matrix = pair_next_round_by(&t, &cfg, MATRIX);
        match (&auto, &matrix) {
            (Ok((a, stats)), Ok((d, dstats))) => {
                assert_eq!(a.rows, d.rows, "seed {seed}, round {r}: class model and matrix differ");
                assert_eq!(a.explain, d.explain, "seed {seed}, round {r}: explain lines differ");
                assert_eq!(
                    stats.class_model, stats.restricted,
                    "seed {seed}, round {r}: {stats:?}"
                );
                assert_eq!(dstats.class_model, 0, "seed {seed}, round {r}: {dstats:?}");
                compared += 1;
                brackets += stats.class_model;
            }
            (Err(DutchError::NoValidPairing { .. }), Err(DutchError::NoValidPairing { .. })) => {
                return (compared, brackets);
            }
            _ => panic!("seed {seed}, round {r}: {:?} vs {:?}", auto.err(), matrix.err()),
        }
        let (paired, _) = auto.unwrap();
        play(&mut t, paired.rows, |white, black| match rng.below(12) {
            0 if white < black => Outcome::WhiteForfeitWin,
            0 => Outcome::BlackForfeitWin,
            1..=3 => Outcome::Draw,
            x if x < 8 && white < black => Outcome::WhiteWin,
            x if x < 8 => Outcome::BlackWin,
            x if x < 10 => Outcome::WhiteWin,
            _ => Outcome::BlackWin,
        });
    }
    (compared, brackets)
}

fn events(salt: u64, white: bool) {
    let (mut compared, mut brackets) = (0, 0);
    for seed in 0..60 {
        let (c, b) = event(seed, salt, white);
        compared += c;
        brackets += b;
    }
    eprintln!("{compared} rounds, {brackets} class-model brackets");
    assert!(compared > 250, "only {compared} rounds compared");
    assert!(brackets > 500, "only {brackets} brackets on the class model");
}

#[test]
fn the_class_model_pairs_random_events_as_the_matrix_path() {
    events(0x5a5a, false);
}

#[test]
fn the_class_model_pairs_more_random_events_as_the_matrix_path() {
    events(0x1d1d, true);
}

/// Every round of the corpus samples (at most 64 players; all with `DUTCH_ALL=1`): the
/// default path (the class model) against the matrix path.
#[test]
fn the_class_model_pairs_the_samples_as_the_matrix_path() {
    let (differ, stats) = samples_by_both(MATRIX);
    assert!(differ.is_empty(), "{differ:#?}");
    let (compared, brackets) = (stats.len(), stats.iter().map(|s| s.class_model).sum::<usize>());
    assert!(compared > 100 && brackets > 100, "{compared} rounds, {brackets} class-model brackets");
}

/// Both paths in one round (`Path::ClassModelAbove(100)`: the matrix up to 100 players, the
/// class model above) on a 240-player event: paired as the whole-field path pairs it.
#[test]
fn mixed_paths_pair_as_the_whole_field_path() {
    let mut rng = Rng::new(99);
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points: 2 };
    let mut t = swiss(240, 3);
    t.config.system = System::Dutch(cfg.clone());
    let (mut class_model, mut matrix) = (0, 0);
    for r in 1..=3 {
        let (mixed, stats) = pair_next_round_by(&t, &cfg, Path::ClassModelAbove(100)).unwrap();
        let (global, _) = pair_next_round_by(&t, &cfg, Path::Global).unwrap();
        assert_eq!(mixed.rows, global.rows, "round {r}");
        assert_eq!(mixed.explain, global.explain, "round {r}");
        class_model += stats.class_model;
        matrix += stats.restricted - stats.class_model;
        play(&mut t, mixed.rows, |_, _| match rng.below(9) {
            0 => Outcome::Draw,
            1..=4 => Outcome::WhiteWin,
            _ => Outcome::BlackWin,
        });
    }
    assert!(class_model > 0, "no bracket took the class model");
    assert!(matrix > 0, "no bracket took the matrix path");
}
