//! Mutation kill rates of profile dutch, per kind, on the small samples and on events paired
//! by the Dutch engine. A mutant is killed when the Dutch profile reports a violation in the
//! mutated round; mutants that the basic rules (C.04.1, profile generic) still accept are
//! counted separately. Figures in docs/dutch-checker.md.

use crate::dutch_common::{KINDS, Kind, engine_event, mutants, recolour, samples};
use bsw_checker::{Profile, check_round};
use bsw_model::Tournament;
use std::collections::BTreeMap;

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Count {
    total: usize,
    killed: usize,
    legal: usize,
    legal_killed: usize,
    /// Killed by a rule other than 5.2 (colours).
    killed_not_by_colours: usize,
}

/// Kill counts per (kind, recoloured by 5.2).
fn measure(
    events: &[(String, Tournament)],
    kinds: &[Kind],
    limit: usize,
) -> BTreeMap<(Kind, bool), Count> {
    let mut out: BTreeMap<(Kind, bool), Count> = BTreeMap::new();
    for (_, t) in events {
        for r in 1..=t.last_round() {
            for &kind in kinds {
                for m in mutants(t, r, kind, limit) {
                    let variants = match kind {
                        Kind::ColourSwap | Kind::Reorder => vec![(m, false)],
                        _ => {
                            let rc = recolour(&m, r);
                            vec![(m, false), (rc, true)]
                        }
                    };
                    for (m, recoloured) in variants {
                        if m.rows == t.rows {
                            continue;
                        }
                        let report = check_round(&m, r, Profile::Dutch);
                        let killed = !report.violations.is_empty();
                        let not_colours = report
                            .violations
                            .iter()
                            .any(|v| v.rule != bsw_checker::Rule::DutchColours);
                        let legal = check_round(&m, r, Profile::Generic).violations.is_empty();
                        let c = out.entry((kind, recoloured)).or_default();
                        c.total += 1;
                        c.killed += killed as usize;
                        c.killed_not_by_colours += not_colours as usize;
                        c.legal += legal as usize;
                        c.legal_killed += (legal && killed) as usize;
                    }
                }
            }
        }
    }
    out
}

fn show(what: &str, m: &BTreeMap<(Kind, bool), Count>) {
    for ((k, rc), c) in m {
        eprintln!(
            "{what} {k:?}{}: killed {}/{} ({:.1}%; {} by a rule other than 5.2), legal under C.04.1: {}/{} killed",
            if *rc { " recoloured by 5.2" } else { "" },
            c.killed,
            c.total,
            100.0 * c.killed as f64 / c.total.max(1) as f64,
            c.killed_not_by_colours,
            c.legal_killed,
            c.legal
        );
    }
}

/// Every kind measured, every mutant killed.
fn assert_all_killed(m: &BTreeMap<(Kind, bool), Count>, kinds: &[Kind]) {
    for k in kinds {
        let c = m.get(&(*k, false)).copied().unwrap_or_default();
        assert!(c.total > 0 && c.legal > 0, "{k:?}: no (legal) mutant");
    }
    for ((k, rc), c) in m {
        assert_eq!(c.killed, c.total, "{k:?} (recoloured: {rc}): survivors");
    }
}

#[test]
fn mutants_of_the_samples_are_killed() {
    let events = samples(20);
    let kinds: Vec<Kind> = KINDS.into_iter().filter(|k| *k != Kind::Reorder).collect();
    let m = measure(&events, &kinds, 40);
    show("samples", &m);
    assert_all_killed(&m, &kinds);
}

#[test]
fn mutants_of_engine_events_are_killed() {
    let events: Vec<(String, Tournament)> = [(11, 5, 7), (16, 6, 8), (21, 5, 9)]
        .into_iter()
        .map(|(n, r, s)| (format!("engine {n}"), engine_event(n, r, s)))
        .collect();
    let m = measure(&events, &KINDS, 40);
    show("engine", &m);
    assert_all_killed(&m, &KINDS);
}
