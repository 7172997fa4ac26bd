//! The class model's matcher on computed weights: tied graphs through changes.

use super::*;

mod implicit;
mod paths;

/// A small deterministic generator (LCG).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, m: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % m
    }
}

/// Tied weights computed on demand, as the model's: a pair's weight is a function of
/// the pair (3 in 4 pairs are edges, 1 in 20 a little heavier) plus a bonus per vertex.
struct Computed {
    seed: u64,
    bonus: Vec<u64>,
}

impl Computed {
    fn weight(&self, a: usize, b: usize) -> Weight {
        let (a, b) = (a.min(b), a.max(b));
        let h = (a as u64 * 1_000_003 + b as u64 + self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 33;
        if h.is_multiple_of(4) {
            return Weight::ZERO;
        }
        Weight::from_u64(1).shl(200).add_u64((h / 4) % 20 / 19 + self.bonus[a] + self.bonus[b])
    }
}

impl crate::dutch::matcher::Weights<WORDS> for Computed {
    fn w2(&self, a: usize, b: usize) -> Weight {
        let x = self.weight(a, b);
        x.add(&x)
    }
}

/// The total weight of a maximum-weight matching of the vertices in `alive`, by the
/// dense matcher.
fn dense_optimum(c: &Computed, alive: &[bool]) -> Weight {
    let n = alive.len();
    let mut m = Matcher::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if alive[a] && alive[b] {
                m.set_weight(a, b, c.weight(a, b));
            }
        }
    }
    m.solve();
    matched_total(&(0..n).map(|v| m.mate(v)).collect::<Vec<_>>(), c)
}

fn matched_total(mate: &[Option<usize>], c: &Computed) -> Weight {
    let mut t = Weight::ZERO;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m
            && v < u
        {
            t = t.add(&c.weight(v, u));
        }
    }
    t
}

/// The matcher on computed weights keeps its optimality certificate (duals, blossoms)
/// and the dense matcher's optimum through per-vertex bonus changes reported pair by
/// pair and through removals.
#[test]
fn tied_graphs_keep_a_certificate_through_changes() {
    let mut r = Lcg(3);
    for n in [9usize, 40, 121] {
        let c = Computed { seed: n as u64, bonus: vec![0; n] };
        let mut m = Matcher::with_weights(n, c);
        for v in 0..n {
            m.touch(v);
        }
        m.solve();
        m.check_certificate();
        let matched = (0..n).filter(|&v| m.mate(v).is_some()).count();
        assert_eq!(matched, n - n % 2, "{n} vertices: not perfect");
        let mut alive = vec![true; n];
        // A few vertices change, a matched pair leaves: still a certificate and the
        // optimum.
        for step in 0..6 {
            let v = r.below(n as u64) as usize;
            if !alive[v] {
                continue;
            }
            let old: Vec<Weight> = (0..n).map(|u| m.weights().weight(v, u)).collect();
            m.weights_mut().bonus[v] = r.below(3);
            for u in 0..n {
                if u != v && alive[u] {
                    let new = m.weights().weight(v, u);
                    m.changed(v, u, &old[u], &new);
                }
            }
            if let Some(u) = m.mate(v).filter(|_| step % 2 == 1) {
                m.remove(v);
                m.remove(u);
                alive[v] = false;
                alive[u] = false;
            }
            m.solve();
            m.check_certificate();
            let mate: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
            let want = dense_optimum(m.weights(), &alive);
            assert_eq!(matched_total(&mate, m.weights()), want, "{n} vertices, step {step}");
        }
    }
}
