//! Failures of the engine and the checker are caught, classified, counted and shrunk; a
//! campaign's summary does not depend on the number of threads. Stand-in backends from
//! tests/common break on purpose.

use crate::common;

use bsw_checker::{Profile, RoundReport};
use bsw_engine::{EngineError, PairError, Round};
use bsw_harness::generator::{Backend, FailureKind, GenParams, PlayOptions, generate, play};
use bsw_harness::shrink::shrink;
use bsw_harness::simulate::{CampaignSpec, simulate};
use bsw_model::Tournament;

fn active(t: &Tournament) -> usize {
    let r = t.last_round() + 1;
    t.players.iter().filter(|p| !p.withdrawn_by(r)).count()
}

fn erring_pair(t: &Tournament) -> Result<Round, PairError> {
    if t.last_round() == 1 {
        Err(PairError::BergerSwiss(EngineError::Config("made up".into())))
    } else {
        common::toy_pair(t)
    }
}

fn panicking_pair(t: &Tournament) -> Result<Round, PairError> {
    if active(t) >= 9 { panic!("toy engine cannot count past 8") } else { common::toy_pair(t) }
}

fn panicking_check(t: &Tournament, r: u32, p: Profile) -> RoundReport {
    if r == 2 { panic!("toy checker gives up in round 2") } else { common::toy_check(t, r, p) }
}

/// Plays with the stand-in engine `pair` and checker `check`, results not corrupted.
fn opts(
    pair: fn(&Tournament) -> Result<Round, PairError>,
    check: fn(&Tournament, u32, Profile) -> RoundReport,
) -> PlayOptions {
    PlayOptions { backend: Backend { pair, check, ..Backend::REAL }, corrupt: None }
}

fn plain() -> GenParams {
    GenParams { group_rate: 0.0, rounds: (3, 5), players: (6, 30), ..GenParams::default() }
}

#[test]
fn engine_error_stops_the_tournament_at_that_round() {
    let sc = generate(1, &plain());
    let p = play(&sc, &opts(erring_pair, common::toy_check));
    let f = p.failure.unwrap();
    assert_eq!((f.round, f.kind), (2, FailureKind::EngineError("Config".into())));
    // round 1 is kept, with results; round 2 has no rows
    assert_eq!(p.tournament.last_round(), 1);
    assert!(p.tournament.missing_results(1).is_empty());
}

#[test]
fn engine_panic_is_caught_with_its_message() {
    let sc = generate(2, &GenParams { players: (20, 20), ..plain() });
    let p = play(&sc, &opts(panicking_pair, common::toy_check));
    let f = p.failure.unwrap();
    assert_eq!((f.round, &f.kind), (1, &FailureKind::EnginePanic));
    assert!(f.details[0].contains("cannot count past 8"));
}

#[test]
fn checker_panic_is_caught() {
    let sc = generate(3, &plain());
    let p = play(&sc, &opts(common::toy_pair, panicking_check));
    let f = p.failure.unwrap();
    assert_eq!((f.round, f.kind), (2, FailureKind::CheckerPanic));
    // the failing round's rows are kept (the checker saw them), without results
    assert_eq!(p.tournament.last_round(), 2);
}

#[test]
fn engine_panic_shrinks_to_nine_players() {
    // The toy engine panics as soon as 9 players are active: the smallest failing case has 9
    // players and 1 round (no withdrawal can help: fewer players never fail).
    let o = opts(panicking_pair, common::toy_check);
    let sc = generate(4, &GenParams { players: (40, 40), ..GenParams::default() });
    let f = play(&sc, &o).failure.unwrap();
    let s = shrink(&sc, &o, &f.kind, 5000);
    assert_eq!(s.scenario.size().players, 9, "{}", s.scenario.size());
    assert_eq!(s.scenario.total_rounds(), 1);
    assert_eq!(s.played.failure.unwrap().kind, FailureKind::EnginePanic);
}

#[test]
fn campaign_counts_failures_and_is_the_same_with_any_thread_count() {
    let spec = |jobs| CampaignSpec {
        seed: 11,
        tournaments: 40,
        shard: None,
        params: GenParams { players: (4, 16), ..GenParams::default() },
        play: opts(panicking_pair, common::toy_check),
        jobs,
    };
    let mut a = simulate(&spec(1), &|| {}).unwrap();
    let mut b = simulate(&spec(3), &|| {}).unwrap();
    assert!(a.engine_panics > 0 && a.engine_panics < 40, "{}", a.engine_panics);
    assert_eq!(a.engine_errors, a.engine_panics);
    assert_eq!(a.failing_tournaments, a.engine_panics);
    assert_eq!(a.failures.len() as u64, a.failing_tournaments);
    assert!(a.failures.windows(2).all(|w| w[0].index < w[1].index));
    assert!(!a.passed());
    a.timing = Default::default();
    b.timing = Default::default();
    assert_eq!(a, b);
}
