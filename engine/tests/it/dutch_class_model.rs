//! The class model for restricted brackets (`dutch::bracket::model`): the incremental matcher
//! reading its weights from a source other than its matrix (`matcher::Weights`), with its
//! changes reported pair by pair, in bulk or per vertex, against the dense matcher and brute
//! force; and the whole path (the default, `candidates::Path::Auto`) against the matrix path
//! (`Path::ClassModelAbove(usize::MAX)`), rows and explain lines, on the corpus samples and
//! random events.

use bsw_engine::berger_swiss::draw::SplitMix64;
use bsw_engine::dutch::candidates::Path;
use bsw_engine::dutch::matcher::{Matcher, Weights, max_weight_matching};
use bsw_engine::dutch::weight::Weight;
use bsw_engine::dutch::{DutchError, pair_next_round_by};
use bsw_model::{DutchConfig, Entry, Outcome, Row, System};

/// The matrix path on every restricted bracket (the reference).
const MATRIX: Path = Path::ClassModelAbove(usize::MAX);

/// Weights the matcher does not store: read from the test's table on demand.
struct Table(Vec<Vec<Weight>>);

impl Weights for Table {
    fn w2(&self, a: usize, b: usize) -> Weight {
        self.0[a][b].add(&self.0[a][b])
    }
}

/// A matcher on `adj` read through [`Table`], every vertex reported new.
fn implicit_matcher(adj: &[Vec<Weight>]) -> Matcher<Table> {
    let n = adj.len();
    let mut m = Matcher::with_weights(n, Table(adj.to_vec()));
    for v in 0..n {
        m.touch(v);
    }
    m
}

struct Rng(SplitMix64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

fn w(v: u64) -> Weight {
    Weight::from_u64(v)
}

/// Layered weights as the Dutch engine makes them: a common top field (every pair is worth
/// more than all lower fields together), a middle field by group distance, and a small
/// tie-breaker with many ties.
fn layered(r: &mut Rng, groups: &[u64], a: usize, b: usize) -> Weight {
    let mid = 8 - groups[a].abs_diff(groups[b]).min(7);
    w(1).shl(300).add(&w(mid).shl(100)).add(&w(r.below(3)))
}

/// The best total weight of a matching, by trying every matching.
fn brute(n: usize, adj: &[Vec<Weight>]) -> Weight {
    fn rec(v: usize, n: usize, used: &mut Vec<bool>, adj: &[Vec<Weight>]) -> Weight {
        if v == n {
            return Weight::ZERO;
        }
        if used[v] {
            return rec(v + 1, n, used, adj);
        }
        used[v] = true;
        let mut best = rec(v + 1, n, used, adj);
        for u in v + 1..n {
            if !used[u] && !adj[v][u].is_zero() {
                used[u] = true;
                best = best.max(adj[v][u].add(&rec(v + 1, n, used, adj)));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    rec(0, n, &mut vec![false; n], adj)
}

/// Total weight of a matching given as mates; checks that it is one, over edges only.
fn total(mate: &[Option<usize>], adj: &[Vec<Weight>]) -> Weight {
    let mut t = Weight::ZERO;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "mates not mutual");
            assert!(!adj[v][u].is_zero(), "a matched non-edge {v}-{u}");
            if v < u {
                t = t.add(&adj[v][u]);
            }
        }
    }
    t
}

fn random_graph(r: &mut Rng, n: usize, density: u64) -> Vec<Vec<Weight>> {
    let groups: Vec<u64> = (0..n).map(|_| r.below(4)).collect();
    let mut adj = vec![vec![Weight::ZERO; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            if r.below(10) < density {
                let x = layered(r, &groups, a, b);
                adj[a][b] = x;
                adj[b][a] = x;
            }
        }
    }
    adj
}

fn edges(adj: &[Vec<Weight>]) -> Vec<(usize, usize, Weight)> {
    let n = adj.len();
    let mut e = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if !adj[a][b].is_zero() {
                e.push((a, b, adj[a][b]));
            }
        }
    }
    e
}

#[test]
fn implicit_matcher_matches_the_dense_matcher_and_brute_force() {
    let mut r = Rng(SplitMix64::new(11));
    for _ in 0..500 {
        let n = 1 + r.below(11) as usize;
        let density = 2 + r.below(9);
        let adj = random_graph(&mut r, n, density);
        let mut m = implicit_matcher(&adj);
        m.solve();
        let implicit: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
        let dense = max_weight_matching(n, &edges(&adj));
        let best = brute(n, &adj);
        assert_eq!(total(&implicit, &adj), best, "{:?}", edges(&adj));
        assert_eq!(total(&dense, &adj), best);
    }
}

#[test]
fn implicit_matcher_stays_optimal_under_changes_and_removals() {
    let mut r = Rng(SplitMix64::new(12));
    for _ in 0..60 {
        let n = 6 + r.below(40) as usize;
        let adj = random_graph(&mut r, n, 8);
        let groups: Vec<u64> = (0..n).map(|_| r.below(4)).collect();
        let mut m = implicit_matcher(&adj);
        let mut alive: Vec<usize> = (0..n).collect();
        for step in 0..10 {
            m.solve();
            let adj = &m.weights().0;
            let live: Vec<Vec<Weight>> = (0..n)
                .map(|a| {
                    (0..n)
                        .map(|b| {
                            if alive.contains(&a) && alive.contains(&b) {
                                adj[a][b]
                            } else {
                                Weight::ZERO
                            }
                        })
                        .collect()
                })
                .collect();
            let mate: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
            let fresh = max_weight_matching(n, &edges(&live));
            assert_eq!(total(&mate, &live), total(&fresh, &live), "step {step}");
            for _ in 0..1 + r.below(3) {
                let v = alive[r.below(alive.len() as u64) as usize];
                for &u in &alive {
                    if u != v && r.below(3) == 0 {
                        let x = if r.below(5) == 0 {
                            Weight::ZERO
                        } else {
                            layered(&mut r, &groups, v, u)
                        };
                        let old = m.weights().0[v][u];
                        m.weights_mut().0[v][u] = x;
                        m.weights_mut().0[u][v] = x;
                        m.changed(v, u, &old, &x);
                    }
                }
            }
            if r.below(3) == 0
                && let Some(&v) = alive.iter().find(|&&v| m.mate(v).is_some())
            {
                let u = m.mate(v).unwrap();
                m.remove(v);
                m.remove(u);
                alive.retain(|&x| x != v && x != u);
            }
            if alive.len() < 4 {
                break;
            }
        }
    }
}

/// Changes reported in bulk, as the class model reports them: a vertex whose edges all
/// got heavier by `touch` alone, edges made lighter by their direction alone (with a few
/// pairs reported that did not change): the optimum of the weights at every step, by brute
/// force on small graphs and the dense matcher on larger ones.
#[test]
fn bulk_reported_changes_keep_the_optimum() {
    let mut r = Rng(SplitMix64::new(13));
    let mut lighter = 0;
    for round in 0..80 {
        let n = 4 + r.below(if round < 60 { 9 } else { 60 }) as usize;
        let adj = random_graph(&mut r, n, 9);
        let mut m = implicit_matcher(&adj);
        for step in 0..6 {
            m.solve();
            let adj = &m.weights().0;
            let mate: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
            let want = if n <= 12 {
                brute(n, adj)
            } else {
                total(&max_weight_matching(n, &edges(adj)), adj)
            };
            assert_eq!(total(&mate, adj), want, "round {round}, step {step}, {n} vertices");
            let v = r.below(n as u64) as usize;
            if step % 2 == 0 {
                // A bonus on every edge of v (the step-1 and step-3 bonuses).
                let bonus = 1 + r.below(3);
                for u in 0..n {
                    let x = m.weights().0[v][u];
                    if u != v && !x.is_zero() {
                        m.weights_mut().0[v][u] = x.add_u64(bonus);
                        m.weights_mut().0[u][v] = x.add_u64(bonus);
                    }
                }
                m.touch(v);
            } else {
                // Some of v's edges taken out (the step-3 decisions), and a pair reported
                // that did not change.
                for u in 0..n {
                    if u != v && r.below(2) == 0 {
                        if !m.weights().0[v][u].is_zero() {
                            lighter += 1;
                        }
                        m.weights_mut().0[v][u] = Weight::ZERO;
                        m.weights_mut().0[u][v] = Weight::ZERO;
                        m.changed_dir(v, u, true);
                    }
                }
            }
        }
    }
    assert!(lighter > 200, "only {lighter} edges taken out");
}

/// One random event, every round paired by the default path (the class model on every restricted
/// bracket) and the matrix path; (rounds compared, brackets paired on the class model). `salt` and
/// `white` vary the events between the tests.
fn event(seed: u64, salt: u64, white: bool) -> (usize, usize) {
    let mut rng = Rng(SplitMix64::new(seed ^ salt));
    let n = 6 + rng.below(if white { 90 } else { 70 }) as u32;
    let rounds = 3 + rng.below(6) as u32;
    let colour = if white { bsw_model::Colour::White } else { bsw_model::Colour::Black };
    let cfg = DutchConfig { initial_colour: Some(colour), pab_points: 2 };
    let mut t = super::common::swiss(n, rounds);
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
        for row in paired.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => Entry::Game {
                    white,
                    black,
                    result: Some(match rng.below(12) {
                        0 if white < black => Outcome::WhiteForfeitWin,
                        0 => Outcome::BlackForfeitWin,
                        1..=3 => Outcome::Draw,
                        x if x < 8 && white < black => Outcome::WhiteWin,
                        x if x < 8 => Outcome::BlackWin,
                        x if x < 10 => Outcome::WhiteWin,
                        _ => Outcome::BlackWin,
                    }),
                },
                e => e,
            };
            t.rows.push(Row { entry, ..row });
        }
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
    let mut differ = Vec::new();
    let (mut compared, mut brackets) = (0, 0);
    for (name, r, t) in super::dutch_samples::sample_rounds() {
        let cfg = t.config.system.dutch().cloned().unwrap();
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        let matrix = pair_next_round_by(&t, &cfg, MATRIX);
        match (auto, matrix) {
            (Ok((a, stats)), Ok((d, _))) => {
                compared += 1;
                brackets += stats.class_model;
                if a.rows != d.rows || a.explain != d.explain {
                    differ.push(format!("{name} {r}"));
                }
            }
            (a, d) => {
                if a.as_ref().err() != d.as_ref().err() {
                    differ.push(format!("{name} {r}: {:?} / {:?}", a.err(), d.err()));
                }
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
    assert!(compared > 100 && brackets > 100, "{compared} rounds, {brackets} class-model brackets");
}

/// Both paths in one round (`Path::ClassModelAbove(100)`: the matrix up to 100 players, the
/// class model above) on a 240-player event: paired as the whole-field path pairs it.
#[test]
fn mixed_paths_pair_as_the_whole_field_path() {
    let mut rng = Rng(SplitMix64::new(99));
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points: 2 };
    let mut t = super::common::swiss(240, 3);
    t.config.system = System::Dutch(cfg.clone());
    let (mut class_model, mut matrix) = (0, 0);
    for r in 1..=3 {
        let (mixed, stats) = pair_next_round_by(&t, &cfg, Path::ClassModelAbove(100)).unwrap();
        let (global, _) = pair_next_round_by(&t, &cfg, Path::Global).unwrap();
        assert_eq!(mixed.rows, global.rows, "round {r}");
        assert_eq!(mixed.explain, global.explain, "round {r}");
        class_model += stats.class_model;
        matrix += stats.restricted - stats.class_model;
        for row in mixed.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => Entry::Game {
                    white,
                    black,
                    result: Some(match rng.below(9) {
                        0 => Outcome::Draw,
                        1..=4 => Outcome::WhiteWin,
                        _ => Outcome::BlackWin,
                    }),
                },
                e => e,
            };
            t.rows.push(Row { entry, ..row });
        }
    }
    assert!(class_model > 0, "no bracket took the class model");
    assert!(matrix > 0, "no bracket took the matrix path");
}
