//! The sparse exact path for large restricted brackets (`dutch::sparse`): its matcher
//! against the dense one and brute force, the certification loop (a candidate subgraph
//! grown by the pairs whose slack is negative reaches the optimum of the complete graph),
//! and the whole path forced on every restricted bracket (`candidates::Path::Sparse`)
//! against the default path, rows and explain lines, on the corpus samples and random events.

use bsw_engine::draw::SplitMix64;
use bsw_engine::dutch::blossom::max_weight_matching;
use bsw_engine::dutch::candidates::Path;
use bsw_engine::dutch::sparse::SparseMatcher;
use bsw_engine::dutch::weight::Weight;
use bsw_engine::dutch::{DutchError, pair_next_round_by};
use bsw_model::{DutchConfig, Entry, Outcome, Row, System};

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
fn sparse_matcher_matches_the_dense_matcher_and_brute_force() {
    let mut r = Rng(SplitMix64::new(11));
    for _ in 0..500 {
        let n = 1 + r.below(11) as usize;
        let density = 2 + r.below(9);
        let adj = random_graph(&mut r, n, density);
        let mut m = SparseMatcher::new(n);
        for (a, b, x) in edges(&adj) {
            m.set_weight(a, b, x);
        }
        m.solve();
        let sparse: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
        let dense = max_weight_matching(n, &edges(&adj));
        let best = brute(n, &adj);
        assert_eq!(total(&sparse, &adj), best, "{:?}", edges(&adj));
        assert_eq!(total(&dense, &adj), best);
    }
}

#[test]
fn sparse_matcher_stays_optimal_under_changes_and_removals() {
    let mut r = Rng(SplitMix64::new(12));
    for _ in 0..60 {
        let n = 6 + r.below(40) as usize;
        let mut adj = random_graph(&mut r, n, 8);
        let groups: Vec<u64> = (0..n).map(|_| r.below(4)).collect();
        let mut m = SparseMatcher::new(n);
        for (a, b, x) in edges(&adj) {
            m.set_weight(a, b, x);
        }
        let mut alive: Vec<usize> = (0..n).collect();
        for step in 0..10 {
            m.solve();
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
                        adj[v][u] = x;
                        adj[u][v] = x;
                        m.set_weight(v, u, x);
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

/// A complete graph of tied layered weights, solved on a thin candidate subgraph (each
/// vertex with its next two) that grows by the pairs whose slack is negative: when none is
/// left, the matching is an optimum of the complete graph.
#[test]
fn a_certified_subgraph_optimum_is_a_complete_graph_optimum() {
    let mut r = Rng(SplitMix64::new(13));
    let mut grew = 0;
    for round in 0..80 {
        let n = 4 + r.below(if round < 60 { 9 } else { 80 }) as usize;
        let adj = random_graph(&mut r, n, 9);
        let mut m = SparseMatcher::new(n);
        for a in 0..n {
            for b in a + 1..(a + 3).min(n) {
                m.set_weight(a, b, adj[a][b]);
            }
        }
        let start = m.edge_count();
        loop {
            m.solve();
            let mut added = 0;
            for a in 0..n {
                for b in a + 1..n {
                    if !m.listed(a, b) && !adj[a][b].is_zero() && m.violates(a, b, &adj[a][b]) {
                        m.set_weight(a, b, adj[a][b]);
                        added += 1;
                    }
                }
            }
            if added == 0 {
                break;
            }
        }
        grew += (m.edge_count() > start) as usize;
        let mate: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
        let want = if n <= 12 {
            brute(n, &adj)
        } else {
            total(&max_weight_matching(n, &edges(&adj)), &adj)
        };
        assert_eq!(total(&mate, &adj), want, "round {round}, {n} vertices");
    }
    assert!(grew > 20, "the check added pairs in only {grew} graphs");
}

/// One random event, every round paired by the sparse path (forced) and the default path;
/// (rounds compared, brackets paired sparse, pairs its certification added).
fn event(seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng(SplitMix64::new(seed ^ 0x5a5a));
    let n = 6 + rng.below(70) as u32;
    let rounds = 3 + rng.below(6) as u32;
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::Black), pab_points: 2 };
    let mut t = super::common::swiss(n, rounds);
    t.config.system = System::Dutch(cfg.clone());
    let (mut compared, mut brackets, mut added) = (0, 0, 0);
    for r in 1..=rounds {
        for p in t.players.iter_mut() {
            if rng.below(25) == 0 {
                p.half_byes.push(r);
            }
        }
        let sparse = pair_next_round_by(&t, &cfg, Path::Sparse);
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        match (&sparse, &auto) {
            (Ok((s, stats)), Ok((a, _))) => {
                assert_eq!(s.rows, a.rows, "seed {seed}, round {r}: sparse and dense differ");
                assert_eq!(s.explain, a.explain, "seed {seed}, round {r}: explain lines differ");
                assert_eq!(stats.sparse, stats.restricted, "seed {seed}, round {r}: {stats:?}");
                compared += 1;
                brackets += stats.sparse;
                added += stats.sparse_added;
            }
            (Err(DutchError::NoValidPairing { .. }), Err(DutchError::NoValidPairing { .. })) => {
                return (compared, brackets, added);
            }
            _ => panic!("seed {seed}, round {r}: {:?} vs {:?}", sparse.err(), auto.err()),
        }
        let (paired, _) = auto.unwrap();
        for row in paired.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => Entry::Game {
                    white,
                    black,
                    result: Some(match rng.below(12) {
                        0 => Outcome::WhiteForfeitWin,
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
    (compared, brackets, added)
}

#[test]
fn the_sparse_path_pairs_random_events_as_the_dense_path() {
    let (mut compared, mut brackets, mut added) = (0, 0, 0);
    for seed in 0..60 {
        let (c, b, a) = event(seed);
        compared += c;
        brackets += b;
        added += a;
    }
    eprintln!("{compared} rounds, {brackets} sparse brackets, {added} pairs added by the checks");
    assert!(compared > 250, "only {compared} rounds compared");
    // The path was taken, and its certification had pairs to add (the initial candidate
    // subgraph alone does not always hold an optimum).
    assert!(brackets > 500 && added > 0, "{brackets} brackets, {added} pairs added");
}

/// Every round of the corpus samples (at most 64 players; all with `DUTCH_ALL=1`).
#[test]
fn the_sparse_path_pairs_the_samples_as_the_dense_path() {
    use super::dutch_samples::{prefix, rounds_in, samples};
    let all = std::env::var("DUTCH_ALL").is_ok();
    let mut differ = Vec::new();
    let (mut compared, mut brackets) = (0, 0);
    for (name, text) in samples() {
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        let players = lines.iter().filter(|l| l.starts_with("001")).count();
        if !all && players > 64 {
            continue;
        }
        for r in 1..=rounds_in(&lines) {
            let t = bsw_model::trf::import(&prefix(&text, r), &name).unwrap();
            let cfg = t.config.system.dutch().cloned().unwrap();
            let sparse = pair_next_round_by(&t, &cfg, Path::Sparse);
            let auto = pair_next_round_by(&t, &cfg, Path::Auto);
            match (sparse, auto) {
                (Ok((s, stats)), Ok((a, _))) => {
                    compared += 1;
                    brackets += stats.sparse;
                    if s.rows != a.rows || s.explain != a.explain {
                        differ.push(format!("{name} {r}"));
                    }
                }
                (s, a) => {
                    if s.as_ref().err() != a.as_ref().err() {
                        differ.push(format!("{name} {r}: {:?} / {:?}", s.err(), a.err()));
                    }
                }
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
    assert!(compared > 100 && brackets > 100, "{compared} rounds, {brackets} sparse brackets");
}

/// The default's dispatch (`Path::Auto`: a restricted bracket of more than
/// `sparse::THRESHOLD` players takes the sparse path, with its default candidate subgraph),
/// at a threshold of 100 so that a 240-player event reaches it: paired as the whole-field
/// path pairs it.
#[test]
fn large_brackets_take_the_sparse_path_by_default() {
    let mut rng = Rng(SplitMix64::new(99));
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points: 2 };
    let mut t = super::common::swiss(240, 3);
    t.config.system = System::Dutch(cfg.clone());
    let mut sparse = 0;
    for r in 1..=2 {
        let (auto, stats) = pair_next_round_by(&t, &cfg, Path::SparseAbove(100)).unwrap();
        let (global, _) = pair_next_round_by(&t, &cfg, Path::Global).unwrap();
        assert_eq!(auto.rows, global.rows, "round {r}");
        assert_eq!(auto.explain, global.explain, "round {r}");
        sparse += stats.sparse;
        for row in auto.rows {
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
    assert!(sparse > 0, "no bracket took the sparse path");
}

/// One random event, every round paired by the implicit dense path (forced on every
/// restricted bracket) and the default path; (rounds compared, brackets paired implicit).
fn implicit_event(seed: u64) -> (usize, usize) {
    let mut rng = Rng(SplitMix64::new(seed ^ 0x1d1d));
    let n = 6 + rng.below(90) as u32;
    let rounds = 3 + rng.below(6) as u32;
    let cfg = DutchConfig { initial_colour: Some(bsw_model::Colour::White), pab_points: 2 };
    let mut t = super::common::swiss(n, rounds);
    t.config.system = System::Dutch(cfg.clone());
    let (mut compared, mut brackets) = (0, 0);
    for r in 1..=rounds {
        for p in t.players.iter_mut() {
            if rng.below(25) == 0 {
                p.half_byes.push(r);
            }
        }
        let implicit = pair_next_round_by(&t, &cfg, Path::Implicit);
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        match (&implicit, &auto) {
            (Ok((s, stats)), Ok((a, _))) => {
                assert_eq!(s.rows, a.rows, "seed {seed}, round {r}: implicit and dense differ");
                assert_eq!(s.explain, a.explain, "seed {seed}, round {r}: explain lines differ");
                assert_eq!(stats.implicit, stats.restricted, "seed {seed}, round {r}: {stats:?}");
                compared += 1;
                brackets += stats.implicit;
            }
            (Err(DutchError::NoValidPairing { .. }), Err(DutchError::NoValidPairing { .. })) => {
                return (compared, brackets);
            }
            _ => panic!("seed {seed}, round {r}: {:?} vs {:?}", implicit.err(), auto.err()),
        }
        let (paired, _) = auto.unwrap();
        for row in paired.rows {
            let entry = match row.entry {
                Entry::Game { white, black, .. } => Entry::Game {
                    white,
                    black,
                    result: Some(match rng.below(12) {
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

#[test]
fn the_implicit_path_pairs_random_events_as_the_dense_path() {
    let (mut compared, mut brackets) = (0, 0);
    for seed in 0..60 {
        let (c, b) = implicit_event(seed);
        compared += c;
        brackets += b;
    }
    eprintln!("{compared} rounds, {brackets} implicit brackets");
    assert!(compared > 250, "only {compared} rounds compared");
    assert!(brackets > 500, "only {brackets} brackets on the implicit path");
}

/// Every round of the corpus samples (at most 64 players; all with `DUTCH_ALL=1`) on the
/// implicit dense path, against the default path.
#[test]
fn the_implicit_path_pairs_the_samples_as_the_dense_path() {
    use super::dutch_samples::{prefix, rounds_in, samples};
    let all = std::env::var("DUTCH_ALL").is_ok();
    let mut differ = Vec::new();
    let (mut compared, mut brackets) = (0, 0);
    for (name, text) in samples() {
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        let players = lines.iter().filter(|l| l.starts_with("001")).count();
        if !all && players > 64 {
            continue;
        }
        for r in 1..=rounds_in(&lines) {
            let t = bsw_model::trf::import(&prefix(&text, r), &name).unwrap();
            let cfg = t.config.system.dutch().cloned().unwrap();
            let implicit = pair_next_round_by(&t, &cfg, Path::Implicit);
            let auto = pair_next_round_by(&t, &cfg, Path::Auto);
            match (implicit, auto) {
                (Ok((s, stats)), Ok((a, _))) => {
                    compared += 1;
                    brackets += stats.implicit;
                    if s.rows != a.rows || s.explain != a.explain {
                        differ.push(format!("{name} {r}"));
                    }
                }
                (s, a) => {
                    if s.as_ref().err() != a.as_ref().err() {
                        differ.push(format!("{name} {r}: {:?} / {:?}", s.err(), a.err()));
                    }
                }
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
    assert!(compared > 100 && brackets > 100, "{compared} rounds, {brackets} implicit brackets");
}
