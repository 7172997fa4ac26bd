//! Mutation kill rates of profile dutch, per kind, on the small samples and on events paired
//! by the Dutch engine. A mutant is killed when the Dutch profile reports a violation in the
//! mutated round; mutants that the basic rules (C.04.1, profile generic) still accept are
//! counted separately. Figures in docs/dutch-checker.md.

use crate::dutch_common::{KINDS, Kind, engine_event, mutants, samples};
use bsw_checker::{Profile, check_round};
use bsw_model::Tournament;
use std::collections::BTreeMap;

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Count {
    total: usize,
    killed: usize,
    legal: usize,
    legal_killed: usize,
}

fn measure(events: &[(String, Tournament)], kinds: &[Kind], limit: usize) -> BTreeMap<Kind, Count> {
    let mut out: BTreeMap<Kind, Count> = BTreeMap::new();
    for (_, t) in events {
        for r in 1..=t.last_round() {
            for &kind in kinds {
                for m in mutants(t, r, kind, limit) {
                    let killed = !check_round(&m, r, Profile::Dutch).violations.is_empty();
                    let legal = check_round(&m, r, Profile::Generic).violations.is_empty();
                    let c = out.entry(kind).or_default();
                    c.total += 1;
                    c.killed += killed as usize;
                    c.legal += legal as usize;
                    c.legal_killed += (legal && killed) as usize;
                }
            }
        }
    }
    out
}

fn show(what: &str, m: &BTreeMap<Kind, Count>) {
    for (k, c) in m {
        eprintln!(
            "{what} {k:?}: killed {}/{} ({:.1}%), legal under C.04.1 {}/{} killed",
            c.killed,
            c.total,
            100.0 * c.killed as f64 / c.total.max(1) as f64,
            c.legal_killed,
            c.legal
        );
    }
}

#[test]
fn mutants_of_the_samples_are_killed() {
    let events = samples(20);
    let kinds: Vec<Kind> = KINDS.into_iter().filter(|k| *k != Kind::Reorder).collect();
    let m = measure(&events, &kinds, 40);
    show("samples", &m);
    for (k, c) in &m {
        assert!(c.total > 0, "{k:?}: no mutant");
    }
}

#[test]
fn mutants_of_engine_events_are_killed() {
    let events: Vec<(String, Tournament)> = [(11, 5, 7), (16, 6, 8), (21, 5, 9)]
        .into_iter()
        .map(|(n, r, s)| (format!("engine {n}"), engine_event(n, r, s)))
        .collect();
    let m = measure(&events, &KINDS, 40);
    show("engine", &m);
    for (k, c) in &m {
        assert!(c.total > 0, "{k:?}: no mutant");
    }
}

/// Lists the surviving mutants (run by hand: `DUTCH_SURVIVORS=1`).
#[test]
fn list_survivors() {
    if std::env::var("DUTCH_SURVIVORS").is_err() {
        return;
    }
    let mut events = samples(20);
    for (n, r, s) in [(11, 5, 7), (16, 6, 8), (21, 5, 9)] {
        events.push((format!("engine {n}/{r}/{s}"), engine_event(n, r, s)));
    }
    for (name, t) in &events {
        for r in 1..=t.last_round() {
            for kind in KINDS {
                for m in mutants(t, r, kind, 40) {
                    if check_round(&m, r, Profile::Dutch).violations.is_empty() {
                        let a: Vec<String> =
                            t.round_rows(r).map(|x| format!("{:?}", x.entry)).collect();
                        let b: Vec<String> =
                            m.round_rows(r).map(|x| format!("{:?}", x.entry)).collect();
                        let diff: Vec<String> =
                            b.iter().filter(|x| !a.contains(x)).cloned().collect();
                        let orig: Vec<String> =
                            a.iter().filter(|x| !b.contains(x)).cloned().collect();
                        eprintln!("SURVIVOR {name} r{r} {kind:?}: {orig:?} -> {diff:?}");
                    }
                }
            }
        }
    }
}
