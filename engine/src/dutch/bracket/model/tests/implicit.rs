//! The incremental matcher reading its weights from a source other than its matrix
//! (`matcher::Weights`, as the class model does), with its changes reported pair by pair,
//! in bulk or per vertex, against the dense matcher and brute force.

use crate::dutch::matcher::{Matcher, Weights, max_weight_matching};
use crate::dutch::testing::Rng;
use crate::dutch::weight::{WORDS, Weight};

/// Weights the matcher does not store: read from the test's table on demand.
struct Table(Vec<Vec<Weight>>);

impl Weights<WORDS> for Table {
    fn w2(&self, a: usize, b: usize) -> Weight {
        self.0[a][b].add(&self.0[a][b])
    }
}

/// A matcher on `adj` read through [`Table`], every vertex reported new.
fn implicit_matcher(adj: &[Vec<Weight>]) -> Matcher<WORDS, Table> {
    let n = adj.len();
    let mut m = Matcher::with_weights(n, Table(adj.to_vec()));
    for v in 0..n {
        m.touch(v);
    }
    m
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
    let mut r = Rng::new(11);
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

/// Changes reported in bulk, as the class model reports them: a vertex whose edges all
/// got heavier by `touch` alone, edges made lighter by their direction alone (with a few
/// pairs reported that did not change): the optimum of the weights at every step, by brute
/// force on small graphs and the dense matcher on larger ones.
#[test]
fn bulk_reported_changes_keep_the_optimum() {
    let mut r = Rng::new(13);
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
