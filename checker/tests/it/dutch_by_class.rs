//! The order check by player classes (`optimum::by_class`: the relaxation's duals by class,
//! the alternating cycles on kinds of slots), which certifies the brackets of 100,000-player
//! events whose relaxation is too large to list. It only ever proves "nothing earlier", so
//! what must hold is that it never proves a bracket that an equally good, earlier pairing
//! beats. Here it is tried on every bracket the order check reaches, with no neighbour
//! search before (`by_class_first`): on the published rounds it must prove many brackets
//! and the verdicts stay "conforming"; on mutants that are as good but later (exchanges of
//! opponents, recoloured by 5.2 so that only the order can tell them), the verdicts must be
//! those of the usual check, rule for rule.

use crate::dutch_common::{Kind, engine_event, mutants, recolour, samples};
use bsw_checker::dutch::optimum::{by_class_first, proved_by_class};
use bsw_checker::{Profile, Violation, check_round};
use bsw_model::Tournament;

fn rules(v: &[Violation]) -> Vec<String> {
    let mut r: Vec<String> = v.iter().map(|x| x.rule.to_string()).collect();
    r.sort();
    r.dedup();
    r
}

/// The samples of at most 20 players (64 with `DUTCH_ALL`) and engine-paired events.
fn events() -> Vec<(String, Tournament)> {
    let max = if std::env::var("DUTCH_ALL").is_ok() { 64 } else { 20 };
    let mut out = samples(max);
    for (n, rounds, seed) in [(31, 6, 3), (40, 7, 5), (64, 5, 8)] {
        out.push((format!("engine {n}/{rounds}/{seed}"), engine_event(n, rounds, seed)));
    }
    out
}

#[test]
fn the_class_path_proves_published_rounds_first() {
    let before = proved_by_class();
    let mut rounds = 0;
    for (name, t) in events() {
        for r in 1..=t.last_round() {
            let report = by_class_first(|| check_round(&t, r, Profile::Dutch));
            assert!(report.violations.is_empty(), "{name} round {r}: {:?}", report.violations);
            rounds += 1;
        }
    }
    let proved = proved_by_class() - before;
    eprintln!("class path: {proved} brackets proved first in {rounds} published rounds");
    assert!(proved >= 50, "only {proved} brackets proved by class in {rounds} rounds");
}

#[test]
fn the_class_path_never_hides_an_earlier_pairing() {
    let (mut compared, mut killed_by_order) = (0, 0);
    let before = proved_by_class();
    for (name, t) in events() {
        for r in 2..=t.last_round() {
            for kind in [Kind::Exchange, Kind::BracketExchange, Kind::FloatChange] {
                for m in mutants(&t, r, kind, 12) {
                    let m = recolour(&m, r);
                    let usual = check_round(&m, r, Profile::Dutch);
                    let alone = by_class_first(|| check_round(&m, r, Profile::Dutch));
                    assert_eq!(
                        rules(&alone.violations),
                        rules(&usual.violations),
                        "{name} round {r} ({kind:?}): the order check by class decides otherwise"
                    );
                    compared += 1;
                    killed_by_order +=
                        rules(&alone.violations).iter().any(|x| x == "C.04.3-4") as usize;
                }
            }
        }
    }
    let proved = proved_by_class() - before;
    eprintln!(
        "class path: {compared} recoloured mutants, {killed_by_order} killed by 4.x with the class path first, {proved} brackets proved by class"
    );
    assert!(killed_by_order >= 50, "only {killed_by_order} mutants killed by 4.x");
    assert!(proved >= 100, "only {proved} brackets proved by class");
}
