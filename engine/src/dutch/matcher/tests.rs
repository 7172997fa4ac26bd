use super::restart::{COMMON_DEN, MODE_WEIGHTS, Mode, free_after};
use super::*;

/// A small deterministic generator for the random cases (a 64-bit LCG's high bits).
fn lcg(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state >> 33
    }
}

fn w(v: u64) -> Weight {
    Weight::from_u64(v)
}

fn brute(n: usize, edges: &[(usize, usize, u64)]) -> u64 {
    fn rec(v: usize, n: usize, used: &mut Vec<bool>, adj: &[Vec<u64>]) -> u64 {
        if v == n {
            return 0;
        }
        if used[v] {
            return rec(v + 1, n, used, adj);
        }
        used[v] = true;
        let mut best = rec(v + 1, n, used, adj);
        for u in v + 1..n {
            if !used[u] && adj[v][u] > 0 {
                used[u] = true;
                best = best.max(adj[v][u] + rec(v + 1, n, used, adj));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut adj = vec![vec![0u64; n]; n];
    for &(a, b, x) in edges {
        adj[a][b] = x;
        adj[b][a] = x;
    }
    rec(0, n, &mut vec![false; n], &adj)
}

/// A restart's tally of a vertex's weights gives, in any order of its edges, the
/// heaviest weight held by at least 1/8 of them (the heaviest of all beyond 16
/// distinct weights).
#[test]
fn the_restart_tally_does_not_depend_on_the_order() {
    let mut next = lcg(4242);
    for round in 0..200 {
        let distinct = 1 + next() % 20;
        let len = 1 + (next() % 60) as usize;
        let ws: Vec<Weight> =
            (0..len).map(|_| w(next() % distinct + 1).shl((round % 3) * 200)).collect();
        let mut sorted = ws.clone();
        sorted.sort();
        sorted.dedup();
        let want = if sorted.len() > MODE_WEIGHTS {
            *sorted.last().unwrap()
        } else {
            let held = |x: &Weight| ws.iter().filter(|y| *y == x).count() as u32;
            sorted
                .iter()
                .rev()
                .find(|x| held(x) * COMMON_DEN >= len as u32)
                .copied()
                .unwrap_or(*sorted.last().unwrap())
        };
        let mut forward = Mode::default();
        let mut backward = Mode::default();
        for x in &ws {
            forward.add(x);
        }
        for x in ws.iter().rev() {
            backward.add(x);
        }
        assert_eq!(forward.common(), want, "{ws:?}");
        assert_eq!(backward.common(), want, "{ws:?}");
    }
    assert_eq!(Mode::<WORDS>::default().common(), Weight::ZERO);
}

#[test]
fn matches_brute_force_on_small_graphs() {
    let mut next = lcg(12345);
    for _ in 0..400 {
        let n = (next() % 9 + 1) as usize;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !next().is_multiple_of(3) {
                    edges.push((a, b, next() % 20 + 1));
                }
            }
        }
        let shift = (next() % 3) as u32 * 150;
        let we: Vec<_> =
            edges.iter().map(|&(a, b, x)| (a, b, w(x).shl(shift).add(&w(x)))).collect();
        let m = max_weight_matching(n, &we);
        let mut total = 0;
        for &(a, b, x) in &edges {
            if m[a] == Some(b) {
                total += x;
            }
        }
        for v in 0..n {
            if let Some(u) = m[v] {
                assert_eq!(m[u], Some(v));
            }
        }
        assert_eq!(total, brute(n, &edges), "{edges:?}");
    }
}

/// Weight of a matching (edges as given) and whether it is one.
fn total<W: Weights<WORDS>>(m: &Matcher<WORDS, W>, adj: &[Vec<u64>]) -> u64 {
    let n = adj.len();
    let mut t = 0;
    for v in 0..n {
        if let Some(u) = m.mate(v) {
            assert_eq!(m.mate(u), Some(v));
            assert!(adj[v][u] > 0, "a matched non-edge");
            if v < u {
                t += adj[v][u];
            }
        }
    }
    t
}

#[test]
fn incremental_changes_stay_optimal() {
    let mut next = lcg(987654321);
    for _ in 0..300 {
        let n = (next() % 10 + 2) as usize;
        let shift = (next() % 3) as u32 * 100;
        let big = |x: u64| w(x).shl(shift).add(&w(x));
        let mut adj = vec![vec![0u64; n]; n];
        let mut m = Matcher::new(n);
        let mut alive: Vec<usize> = (0..n).collect();
        for step in 0..8 {
            // Change the edges of one to three live vertices.
            for _ in 0..(next() % 3 + 1) {
                let v = alive[(next() % alive.len() as u64) as usize];
                for &u in &alive {
                    if u != v && (step == 0 || next().is_multiple_of(2)) {
                        let x = if next().is_multiple_of(4) { 0 } else { next() % 30 + 1 };
                        adj[v][u] = x;
                        adj[u][v] = x;
                        m.set_weight(v, u, big(x));
                    }
                }
            }
            m.solve();
            let live: Vec<Vec<u64>> =
                (0..n)
                    .map(|a| {
                        (0..n)
                            .map(|b| {
                                if alive.contains(&a) && alive.contains(&b) { adj[a][b] } else { 0 }
                            })
                            .collect()
                    })
                    .collect();
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if live[a][b] > 0 {
                        edges.push((a, b, live[a][b]));
                    }
                }
            }
            assert_eq!(total(&m, &live), brute(n, &edges), "step {step}: {edges:?}");
            // Sometimes remove a matched pair, as the Dutch engine does.
            if next().is_multiple_of(2)
                && let Some(&v) = alive.iter().find(|&&v| m.mate(v).is_some())
            {
                let u = m.mate(v).unwrap();
                m.remove(v);
                m.remove(u);
                alive.retain(|&x| x != v && x != u);
                m.solve();
            }
            if alive.len() < 2 {
                break;
            }
        }
    }
}

/// A small deterministic generator (LCG) for the random graphs below.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, m: u64) -> u64 {
        self.next() % m
    }
}

#[test]
fn many_equal_weights_match_brute_force() {
    let mut r = Lcg(4242);
    for round in 0..600 {
        let n = (r.below(11) + 1) as usize;
        // Few distinct weights: two or three values, often all equal.
        let values = [r.below(3) + 1, r.below(3) + 1, 5];
        let density = r.below(4) + 1;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if r.below(4) < density {
                    edges.push((
                        a,
                        b,
                        values[r.below(if round % 2 == 0 { 1 } else { 3 }) as usize],
                    ));
                }
            }
        }
        let shift = (r.below(3) as u32) * 180;
        let mut m = Matcher::new(n);
        for &(a, b, x) in &edges {
            m.set_weight(a, b, w(x).shl(shift).add(&w(x)));
        }
        m.solve();
        m.check_certificate();
        let mut adj = vec![vec![0u64; n]; n];
        for &(a, b, x) in &edges {
            adj[a][b] = x;
            adj[b][a] = x;
        }
        assert_eq!(total(&m, &adj), brute(n, &edges), "{edges:?}");
    }
}

/// Layered weights as the Dutch engine makes them: a large common part (every pair is
/// worth more than all lower fields together) and a few small fields with many ties.
fn layered(r: &mut Lcg, groups: &[u64], a: usize, b: usize) -> Weight {
    let same = groups[a] == groups[b];
    let hi = w(1).shl(300);
    let mid = w(if same { 8 } else { 8 - groups[a].abs_diff(groups[b]).min(7) }).shl(100);
    hi.add(&mid).add(&w(r.below(3)))
}

#[test]
fn incremental_sequences_keep_a_certificate_and_the_optimum() {
    let mut r = Lcg(77);
    for _ in 0..40 {
        let n = (r.below(50) + 10) as usize;
        let groups: Vec<u64> = (0..n).map(|_| r.below(4)).collect();
        let mut m = Matcher::new(n);
        let mut weights = vec![vec![Weight::ZERO; n]; n];
        let mut alive: Vec<usize> = (0..n).collect();
        for a in 0..n {
            for b in a + 1..n {
                if r.below(10) != 0 {
                    let x = layered(&mut r, &groups, a, b);
                    weights[a][b] = x;
                    weights[b][a] = x;
                    m.set_weight(a, b, x);
                }
            }
        }
        for step in 0..12 {
            m.solve();
            m.check_certificate();
            // The same graph solved from scratch has the same total weight.
            let mut edges = Vec::new();
            for (i, &a) in alive.iter().enumerate() {
                for &b in &alive[i + 1..] {
                    if !weights[a][b].is_zero() {
                        edges.push((a, b, weights[a][b]));
                    }
                }
            }
            let fresh = max_weight_matching(n, &edges);
            let sum = |mate: &dyn Fn(usize) -> Option<usize>| {
                let mut t = Weight::ZERO;
                for &a in &alive {
                    if let Some(b) = mate(a)
                        && a < b
                    {
                        t = t.add(&weights[a][b]);
                    }
                }
                t
            };
            assert_eq!(sum(&|v| m.mate(v)), sum(&|v| fresh[v]), "step {step}");
            // Change one to four vertices' edges, sometimes remove a matched pair.
            for _ in 0..r.below(4) + 1 {
                let v = alive[r.below(alive.len() as u64) as usize];
                for &u in &alive {
                    if u != v && r.below(3) == 0 {
                        let x = if r.below(5) == 0 {
                            Weight::ZERO
                        } else {
                            layered(&mut r, &groups, v, u)
                        };
                        weights[v][u] = x;
                        weights[u][v] = x;
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

/// A graph with few distinct weights (many ties), as `adj` and in a matcher, solved.
fn tied_graph(r: &mut Lcg, n: usize, shift: u32) -> (Vec<Vec<u64>>, Matcher) {
    let mut adj = vec![vec![0u64; n]; n];
    let mut m = Matcher::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if r.below(6) != 0 {
                // Multiples of 64: the bonuses below stay in the low bits, as in the
                // Dutch weights (but any weights must work).
                let x = (r.below(3) + 1) * 64;
                adj[a][b] = x;
                adj[b][a] = x;
                m.set_weight(a, b, w(x).shl(shift));
            }
        }
    }
    m.solve();
    (adj, m)
}

fn edges_of_adj(adj: &[Vec<u64>]) -> Vec<(usize, usize, u64)> {
    let n = adj.len();
    let mut e = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if adj[a][b] > 0 {
                e.push((a, b, adj[a][b]));
            }
        }
    }
    e
}

/// Solves, checks the certificate, and compares the total with brute force.
fn solve_and_check(m: &mut Matcher, adj: &[Vec<u64>], context: &str) {
    m.solve();
    m.check_certificate();
    assert_eq!(total(m, adj), brute(adj.len(), &edges_of_adj(adj)), "{context}");
}

#[test]
fn touches_towards_some_vertices_keep_the_optimum() {
    // The Dutch step 4: some vertices' edges to a set of vertices get heavier, reported
    // by `touch_towards` (the solve reads only those edges), with or without hints,
    // sometimes with another vertex changed the usual way in the same solve (whose
    // row is read whole; a pair of the two is counted once). Brute force and the
    // certificate check each optimum.
    let mut r = Lcg(4242);
    let raw = |m: &mut Matcher, a: usize, b: usize, x: Weight| {
        let n = m.n;
        m.w.w2[a * n + b] = x.add(&x);
        m.w.w2[b * n + a] = x.add(&x);
    };
    for trial in 0..600 {
        let n = (r.below(11) + 3) as usize;
        let shift = if trial % 3 == 0 { 150 } else { 0 };
        let (mut adj, mut m) = tied_graph(&mut r, n, shift);
        for step in 0..3 {
            let towards: Vec<usize> = (0..n).filter(|_| r.below(2) == 0).collect();
            let touched: Vec<usize> = (0..n).filter(|_| r.below(4) == 0).collect();
            for &v in &touched {
                for &u in &towards {
                    if u != v && r.below(3) != 0 {
                        adj[v][u] += r.below(40) + 1;
                        adj[u][v] = adj[v][u];
                        raw(&mut m, v, u, w(adj[v][u]).shl(shift));
                    }
                }
                m.touch_towards(v);
            }
            m.set_towards(towards.clone());
            match r.below(3) {
                0 => m.keep_tight(),
                1 => {
                    for &v in &touched {
                        m.raise_dual(v, w(r.below(30)).shl(shift));
                    }
                }
                _ => {}
            }
            if r.below(3) == 0 {
                let (v, u) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
                if u != v {
                    adj[v][u] = r.below(60);
                    adj[u][v] = adj[v][u];
                    m.set_weight(v, u, w(adj[v][u]).shl(shift));
                }
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial} step {step}: {adj:?}"));
        }
    }
}

#[test]
fn dual_hints_keep_the_optimum() {
    // The Dutch step 3: a bonus on the pairs of a ranked subset, by the rank of the
    // pair's higher member (more for the first half), with the hints the engine gives,
    // with random hints and with none on some vertices. Checked against brute force.
    let mut r = Lcg(31337);
    for trial in 0..500 {
        let n = (r.below(11) + 2) as usize;
        let shift = if trial % 3 == 0 { 150 } else { 0 };
        let (mut adj, mut m) = tied_graph(&mut r, n, shift);
        m.check_certificate();
        assert_eq!(total(&m, &adj), brute(n, &edges_of_adj(&adj)));
        for _ in 0..3 {
            let ranked: Vec<usize> = (0..n).filter(|_| r.below(4) != 0).collect();
            let p = ranked.len() / 2;
            let bonus =
                |ri: usize| -> u64 { (if ri < p { 32 } else { 0 }) + 2 * (15 - ri.min(15) as u64) };
            for (ri, &a) in ranked.iter().enumerate() {
                for &b in &ranked[ri + 1..] {
                    if adj[a][b] > 0 {
                        adj[a][b] += bonus(ri);
                        adj[b][a] = adj[a][b];
                        m.set_weight(a, b, w(adj[a][b]).shl(shift));
                    }
                }
            }
            let mode = r.below(3);
            if p > 0 && p < ranked.len() {
                let h = (bonus(p) + bonus(p - 1)) / 4;
                for (ri, &v) in ranked.iter().enumerate() {
                    let by = match mode {
                        0 => {
                            if ri < p {
                                bonus(ri) - h
                            } else {
                                h
                            }
                        }
                        1 => r.below(80),
                        _ if r.below(2) == 0 => continue,
                        _ => r.below(20),
                    };
                    m.raise_dual(v, w(by).shl(shift));
                }
            }
            // Sometimes other vertices change too, in the same solve.
            if r.below(3) == 0 {
                let v = r.below(n as u64) as usize;
                let u = r.below(n as u64) as usize;
                if u != v {
                    let x = r.below(4) * 64;
                    adj[v][u] = x;
                    adj[u][v] = x;
                    m.set_weight(v, u, w(x).shl(shift));
                }
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial}: {adj:?}"));
        }
    }
}

#[test]
fn preferred_pairs_and_digits_keep_the_optimum() {
    // The Dutch step 4: after an optimum, blossoms flattened, some vertices are paired
    // with a tight neighbour (`prefer`), then a group gets lexicographic digits on its
    // edges with dual hints; the next solve must still reach the brute-force optimum.
    let mut r = Lcg(8080);
    for trial in 0..500 {
        let n = (r.below(11) + 2) as usize;
        let shift = if trial % 2 == 0 { 120 } else { 0 };
        let (mut adj, mut m) = tied_graph(&mut r, n, shift);
        // (Flattening may free the base of a blossom of positive dual: no certificate
        // until the next solve.)
        m.flatten();
        for _ in 0..r.below(4) + 1 {
            let (v, u) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
            let was = m.is_tight(v, u);
            if v == u || adj[v][u] == 0 {
                assert!(!was, "a non-edge is never tight");
            }
            assert_eq!(m.prefer(v, u), was);
            if was {
                assert_eq!(m.mate(v), Some(u));
                assert_eq!(m.mate(u), Some(v));
            }
        }
        // A group of up to three vertices adds digits (base 8) on its edges, each
        // hinted by the digit of its current partner's edge (or nothing).
        let group: Vec<usize> = (0..n).filter(|_| r.below(3) == 0).take(3).collect();
        for (i, &v) in group.iter().enumerate() {
            let scale = 1u64 << (3 * (group.len() - 1 - i));
            let mut j = 0;
            for u in 0..n {
                if u != v && adj[v][u] > 0 {
                    let digit = scale * (7 - j.min(7));
                    adj[v][u] += digit;
                    adj[u][v] = adj[v][u];
                    m.set_weight(v, u, w(adj[v][u]).shl(shift));
                    if m.mate(v) == Some(u) && r.below(4) != 0 {
                        m.raise_dual(v, w(digit).shl(shift));
                    }
                    j += 1;
                }
            }
        }
        solve_and_check(&mut m, &adj, &format!("trial {trial}"));
    }
}

#[test]
fn lighter_edges_keep_the_optimum() {
    // Lower unmatched edges (to zero or a little), inside and outside blossoms, then
    // matched ones; each solve is checked against brute force and by its certificate.
    let mut r = Lcg(2718);
    for trial in 0..500 {
        let n = (r.below(11) + 2) as usize;
        let shift = if trial % 2 == 0 { 200 } else { 0 };
        let (mut adj, mut m) = tied_graph(&mut r, n, shift);
        for step in 0..4 {
            for a in 0..n {
                for b in a + 1..n {
                    let matched = m.mate(a) == Some(b);
                    if adj[a][b] > 0 && (!matched || step == 3) && r.below(4) == 0 {
                        adj[a][b] = if r.below(2) == 0 { 0 } else { adj[a][b] - 1 };
                        adj[b][a] = adj[a][b];
                        m.set_weight(a, b, w(adj[a][b]).shl(shift));
                    }
                }
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial} step {step}"));
        }
    }
}

#[test]
fn lighter_edges_in_large_blossoms_keep_a_certificate() {
    // An odd dense graph of equal weights makes big blossoms; lowering many unmatched
    // edges (as the Dutch step 3 drops the pairs inside S1 and inside S2) must keep an
    // optimum, compared with a fresh solve.
    let mut r = Lcg(99);
    for n in [31usize, 61, 101] {
        let mut m = Matcher::new(n);
        let mut weights = vec![vec![Weight::ZERO; n]; n];
        for a in 0..n {
            for b in a + 1..n {
                let x = w(1).shl(200).add(&w(r.below(2) * 4));
                weights[a][b] = x;
                m.set_weight(a, b, x);
            }
        }
        m.solve();
        m.check_certificate();
        for _ in 0..5 {
            for a in 0..n {
                for b in a + 1..n {
                    if m.mate(a) != Some(b) && !weights[a][b].is_zero() && r.below(3) == 0 {
                        weights[a][b] = Weight::ZERO;
                        m.set_weight(a, b, Weight::ZERO);
                    }
                }
            }
            m.solve();
            m.check_certificate();
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if !weights[a][b].is_zero() {
                        edges.push((a, b, weights[a][b]));
                    }
                }
            }
            let fresh = max_weight_matching(n, &edges);
            let sum = |mate: &dyn Fn(usize) -> Option<usize>| {
                let mut t = Weight::ZERO;
                for a in 0..n {
                    if let Some(b) = mate(a)
                        && a < b
                    {
                        t = t.add(&weights[a][b]);
                    }
                }
                t
            };
            assert_eq!(sum(&|v| m.mate(v)), sum(&|v| fresh[v]), "{n} vertices");
        }
    }
}

#[test]
fn groups_change_only_where_a_restart_starts() {
    // Groups with heavier edges inside, lighter across, and a few "MDP" vertices whose
    // edges are heavier still: the grouped restart must find the brute-force optimum,
    // whatever the grouping (right, wrong or all one).
    let mut r = Lcg(4711);
    for trial in 0..600 {
        let n = (r.below(11) + 2) as usize;
        let group: Vec<u32> = (0..n).map(|_| r.below(3) as u32).collect();
        let heavy: Vec<bool> = (0..n).map(|_| r.below(6) == 0).collect();
        let (mut m, adj) = random_graph(&mut r, n, 5, |r, a, b| {
            let mut x = if group[a] == group[b] { 40 } else { 10 + r.below(3) * 10 };
            if heavy[a] || heavy[b] {
                x += 30;
            }
            x + r.below(2) * 3
        });
        for v in 0..n {
            let g = match trial % 3 {
                0 => group[v],
                1 => r.below(3) as u32,
                _ => 0,
            };
            m.set_group(v, g);
        }
        solve_and_check(&mut m, &adj, &format!("trial {trial}"));
    }
}

/// A random graph on `n` vertices: each pair an edge but one in `skip`, weighing
/// `weight(r, a, b)` (shifted up by 100 bits in the matcher); its matcher and adjacency.
fn random_graph(
    r: &mut Lcg,
    n: usize,
    skip: u64,
    mut weight: impl FnMut(&mut Lcg, usize, usize) -> u64,
) -> (Matcher, Vec<Vec<u64>>) {
    let mut m = Matcher::new(n);
    let mut adj = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            if r.below(skip) == 0 {
                continue;
            }
            let x = weight(r, a, b);
            adj[a][b] = x;
            adj[b][a] = x;
            m.set_weight(a, b, w(x).shl(100));
        }
    }
    (m, adj)
}

#[test]
fn sides_keep_the_optimum() {
    // A restart's greedy matching pairs across the sides first (`set_side`): with few
    // distinct weights (many tight edges, so the sides change the greedy matching),
    // whatever the sides, the brute-force optimum and a certificate.
    let mut r = Lcg(9001);
    for trial in 0..600 {
        let n = (r.below(11) + 2) as usize;
        let (mut m, adj) = random_graph(&mut r, n, 4, |r, _, _| 20 + r.below(3) * 5);
        for v in 0..n {
            m.set_side(v, r.below(3) as u8);
        }
        solve_and_check(&mut m, &adj, &format!("trial {trial}"));
    }
}

#[test]
fn large_tied_graph_has_a_certificate() {
    // A big bracket of equal weights with a few heavier edges: many trees at once.
    let mut r = Lcg(5);
    for n in [60usize, 121, 200] {
        let mut m = Matcher::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if r.below(5) != 0 {
                    // Every pair is worth more than all tie-breakers together, so the
                    // optimum is a maximum matching (perfect: the graph is dense).
                    let x = if r.below(20) == 0 { 1 } else { 0 };
                    m.set_weight(a, b, w(1).shl(200).add(&w(x)));
                }
            }
        }
        m.solve();
        m.check_certificate();
        let matched = (0..n).filter(|&v| m.mate(v).is_some()).count();
        assert_eq!(matched, n - n % 2, "{n} vertices: not perfect");
    }
}

#[test]
fn a_growing_blossom_keeps_a_certificate() {
    // Equal weights, an eighth of the edges with a tie-breaker: one blossom grows over
    // most of the graph two vertices at a time, taking its largest sub-blossom's number
    // and list (`renumber`), and the removals after it augment through blossoms nested
    // deep. (A parent pointer left to the old number, the kept list lost, or the
    // levels of `augment_blossom` taken outermost first each fail it.)
    let mut r = Lcg(11);
    for n in [161usize, 301] {
        let mut m = Matcher::new(n);
        for a in 0..n {
            for b in a + 1..n {
                let x = if r.below(8) == 0 { r.below(16) } else { 0 };
                m.set_weight(a, b, w(1).shl(200).add(&w(x)));
            }
        }
        m.solve();
        m.check_certificate();
        let mut alive = n;
        for _ in 0..12 {
            let v = r.below(n as u64) as usize;
            if m.mate(v).is_none() {
                continue;
            }
            m.remove(v);
            alive -= 1;
            m.solve();
            m.check_certificate();
            let matched = (0..n).filter(|&u| m.mate(u).is_some()).count();
            assert_eq!(matched, alive - alive % 2, "{n} vertices: not a maximum matching");
        }
    }
}

#[test]
fn a_pair_made_heavier_by_its_flat_slack_stays_optimal() {
    // The Dutch extra vertex (`bracket::model::ModelSource::keep_extra_pair`): the last vertex x
    // is matched to p; before a change, every edge of x gets half the slack (p, x)
    // will have once the blossoms of the changed vertices are dissolved
    // (`flat_slack`), plus p's hint, so that a dissolution keeps the pair matched
    // (`make_trivial` unmatches a base only when its edge turns loose). The changes:
    // the step-3 bonus with its hints and x's row alone checked (`hints_cover_but`),
    // other edges of one vertex with `keep_tight` or without, or a matched pair
    // removed. Each solve is checked against brute force and the certificate.
    let mut r = Lcg(2718);
    let mut opened = 0;
    for trial in 0..600 {
        let n = (r.below(11) + 3) as usize;
        let x = n - 1;
        let (mut adj, mut m) = tied_graph(&mut r, n, 0);
        let mut alive = vec![true; n];
        for _ in 0..3 {
            let Some(p) = m.mate(x) else { break };
            let mode = r.below(3);
            let mut hint = 0;
            let changed: Vec<usize> = match mode {
                // Step 3: a bonus on the pairs of a ranked subset holding p.
                0 => {
                    let ranked: Vec<usize> =
                        (0..x).filter(|&v| alive[v] && (v == p || r.below(4) != 0)).collect();
                    let half = ranked.len() / 2;
                    if half == 0 {
                        continue;
                    }
                    let bonus = |ri: usize| -> u64 {
                        (if ri < half { 32 } else { 0 }) + 2 * (15 - ri.min(15) as u64)
                    };
                    for (ri, &a) in ranked.iter().enumerate() {
                        for &b in &ranked[ri + 1..] {
                            if adj[a][b] > 0 {
                                adj[a][b] += bonus(ri);
                                adj[b][a] = adj[a][b];
                                m.set_weight(a, b, w(adj[a][b]));
                            }
                        }
                    }
                    let h = (bonus(half) + bonus(half - 1)) / 4;
                    for (ri, &v) in ranked.iter().enumerate() {
                        let by = if ri < half { bonus(ri) - h } else { h };
                        m.raise_dual(v, w(by));
                        if v == p {
                            hint = by;
                        }
                    }
                    ranked
                }
                // The edges of one other vertex change.
                1 => {
                    let v = r.below(x as u64) as usize;
                    if v == p || !alive[v] {
                        continue;
                    }
                    for u in 0..n {
                        if u != v && u != x && alive[u] && r.below(2) == 0 {
                            adj[v][u] = r.below(4) * 64 + r.below(3);
                            adj[u][v] = adj[v][u];
                            m.set_weight(v, u, w(adj[v][u]));
                        }
                    }
                    vec![v]
                }
                // A matched pair leaves.
                _ => match (0..x).find(|&v| v != p && m.mate(v).is_some()) {
                    Some(v) => vec![v, m.mate(v).unwrap()],
                    None => continue,
                },
            };
            let mut at: Vec<usize> = changed.clone();
            at.push(x);
            let slack = m.flat_slack(p, x, &at);
            assert!(slack < w(1).shl(64));
            if slack.0[0] % 2 == 0 {
                if slack.0[0] > 0 {
                    opened += 1;
                }
                let extra = hint + slack.0[0] / 2;
                for u in 0..x {
                    if adj[x][u] > 0 {
                        adj[x][u] += extra;
                        adj[u][x] = adj[x][u];
                        m.set_weight(x, u, w(adj[x][u]));
                    }
                }
            }
            match mode {
                0 => m.hints_cover_but(x),
                1 if r.below(2) == 0 => m.keep_tight(),
                1 => {}
                _ => {
                    for &v in &changed {
                        m.remove(v);
                        alive[v] = false;
                        for u in 0..n {
                            adj[v][u] = 0;
                            adj[u][v] = 0;
                        }
                    }
                }
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial}, mode {mode}: {adj:?}"));
        }
    }
    // The dissolutions the bonus compensates were met.
    assert!(opened >= 30, "{opened} pairs with a flat slack");
}

/// Weights that follow classes as the class model's before any decision: a pair
/// (a < b) weighs its classes' weight in that order, by whether b is before `ngb`;
/// nothing between two vertices before `sgb`, nothing for a pair that met; an extra
/// vertex at `k` with a weight per vertex.
#[derive(Clone)]
struct ByClass {
    k: usize,
    sgb: usize,
    ngb: usize,
    classes: usize,
    class: Vec<u32>,
    /// `[class a][class b][b from ngb]`.
    table: Vec<u64>,
    met: Vec<Vec<u32>>,
    extra: Vec<u64>,
    /// Whether `restart_step` takes steps.
    steps: bool,
}

impl ByClass {
    fn random(next: &mut impl FnMut() -> u64) -> ByClass {
        let k = 2 + (next() % 70) as usize;
        let sgb = if next().is_multiple_of(2) { 0 } else { (next() % (k as u64 / 3 + 1)) as usize };
        let ngb =
            if next().is_multiple_of(3) { k } else { sgb + (next() % (k - sgb) as u64) as usize };
        let classes = 1 + (next() % 8) as usize;
        let class = (0..k).map(|_| (next() % classes as u64) as u32).collect();
        // Few distinct weights (ties), some pairs of classes without an edge; now and
        // then many distinct weights (a tally beyond MODE_WEIGHTS).
        let spread = if next().is_multiple_of(4) { 40 } else { 4 };
        let table = (0..classes * classes * 2)
            .map(|_| if next().is_multiple_of(6) { 0 } else { 1000 + 10 * (next() % spread) })
            .collect();
        let mut met = vec![Vec::new(); k];
        let pairs = next() % (2 * k as u64);
        for _ in 0..pairs {
            let (a, b) = ((next() % k as u64) as u32, (next() % k as u64) as u32);
            if a != b {
                met[a as usize].push(b);
                met[b as usize].push(a);
            }
        }
        for m in &mut met {
            m.sort_unstable();
        }
        let extra = if next().is_multiple_of(2) {
            Vec::new()
        } else {
            (0..k).map(|_| if next().is_multiple_of(3) { 0 } else { 990 + next() % 30 }).collect()
        };
        ByClass { k, sgb, ngb, classes, class, table, met, extra, steps: true }
    }

    fn n(&self) -> usize {
        self.k + !self.extra.is_empty() as usize
    }

    /// The weight of (a, b), a < b, had they not met.
    fn unmet(&self, a: usize, b: usize) -> u64 {
        let (ca, cb) = (self.class[a] as usize, self.class[b] as usize);
        if b < self.sgb {
            0
        } else {
            self.table[(ca * self.classes + cb) * 2 + (b >= self.ngb) as usize]
        }
    }
}

impl Weights<WORDS> for ByClass {
    fn w2(&self, a: usize, b: usize) -> Weight {
        let (a, b) = (a.min(b), a.max(b));
        // (The matcher may read a diagonal: no edge.)
        let x = if a == b {
            0
        } else if b == self.k {
            self.extra[a]
        } else if self.met[a].contains(&(b as u32)) {
            0
        } else {
            self.unmet(a, b)
        };
        w(2 * x)
    }

    fn restart_tally(
        &self,
        alive: &[bool],
        group: &[u32],
        f: &mut dyn FnMut(usize, &Weight, u32),
    ) -> bool {
        super::super::classwise::tally(self, alive, group, f);
        true
    }

    fn restart_uncovered(&self, alive: &[bool], dual: &[Weight], count: &mut [u32]) -> bool {
        super::super::classwise::uncovered(self, alive, dual, count);
        true
    }

    fn restart_step(&self, alive: &[bool], dual: &mut [Weight], mate: &[usize]) -> bool {
        self.steps && super::super::classwise::step(self, alive, dual, mate)
    }
}

impl super::super::classwise::ClassView<WORDS> for ByClass {
    fn players(&self) -> usize {
        self.k
    }
    fn class_of(&self, a: usize) -> u32 {
        self.class[a]
    }
    fn bounds(&self) -> (usize, usize) {
        (self.sgb, self.ngb)
    }
    fn unmet_w2(&self, a: usize, b: usize) -> Weight {
        // As the class model: never asked of a pair that met (it would cache a wrong
        // weight for the classes).
        assert!(!self.met[a].contains(&(b as u32)), "asked the weight of a met pair");
        w(2 * self.unmet(a, b))
    }
    fn met_of(&self, a: usize) -> &[u32] {
        &self.met[a]
    }
    fn extra_w2(&self, a: usize) -> Weight {
        w(2 * self.extra[a])
    }
}

/// `free_after` finds the least free position at or after each one, as a pass would,
/// while positions are taken in any order.
#[test]
fn free_after_skips_exactly_the_taken_positions() {
    let mut next = lcg(99);
    for _ in 0..200 {
        let n = 1 + (next() % 60) as usize;
        let mut taken: Vec<bool> = (0..n).map(|_| next().is_multiple_of(3)).collect();
        let mut skip: Vec<usize> =
            (0..=n).map(|i| if i < n && taken[i] { i + 1 } else { i }).collect();
        for _ in 0..3 * n {
            let i = (next() % (n as u64 + 1)) as usize;
            let want = (i..n).find(|&x| !taken[x]).unwrap_or(n);
            assert_eq!(free_after(&mut skip, i), want);
            if want < n && next().is_multiple_of(2) {
                taken[want] = true;
                skip[want] = want + 1;
            }
        }
    }
}

/// A restart's dual steps by class (`classwise::step`) keep the duals covering every
/// edge and the matching on tight edges (debug assertions in `restart`), and the search
/// after them reaches an optimum (a certificate, and the weight of the optimum found
/// without the steps). A case in eight or more takes a step, and a third of those or
/// more leave fewer roots (an odd weight inside a class needs an odd step, and steps
/// are even).
#[test]
fn dual_steps_by_class_keep_the_optimum() {
    let mut next = lcg(2717);
    let (mut stepped, mut fewer) = (0, 0);
    let cases = 400;
    for case in 0..cases {
        let mut src = ByClass::random(&mut next);
        // A class of surplus players (one colour preference over the other, say):
        // pairs inside a class weigh less than across.
        if src.classes > 1 && next().is_multiple_of(2) {
            let surplus = 2 + next() % 4;
            // (Odd: a step of half an inside slack is odd, and steps are even.)
            let inside = 1000 + next() % 2;
            for c in src.class.iter_mut() {
                *c = (next() % surplus).min(1) as u32;
            }
            for a in 0..src.classes {
                for b in 0..src.classes {
                    for part in 0..2 {
                        let i = (a * src.classes + b) * 2 + part;
                        if src.table[i] != 0 {
                            src.table[i] = if a == b { inside } else { 1040 };
                        }
                    }
                }
            }
        }
        let n = src.n();
        let dead: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(10)).collect();
        let adj: Vec<Vec<u64>> = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        if dead.contains(&a) || dead.contains(&b) {
                            0
                        } else {
                            src.w2(a, b).0[0] / 2
                        }
                    })
                    .collect()
            })
            .collect();
        let copy = ByClass { steps: false, ..src.clone() };
        let make = |src: ByClass| {
            let mut m = Matcher::with_weights(n, src);
            for &v in &dead {
                m.remove(v);
            }
            m
        };
        let (mut with, mut without) = (make(src), make(copy));
        let all: Vec<usize> = (0..n).collect();
        with.restart(&all, true);
        without.restart(&all, true);
        let roots = |m: &Matcher<WORDS, ByClass>| {
            (0..n).filter(|&v| m.alive[v] && m.mate[v] == NONE && !m.dualvar[v].is_zero()).count()
        };
        if with.dualvar[..n] != without.dualvar[..n] {
            stepped += 1;
            fewer += (roots(&with) < roots(&without)) as usize;
        }
        with.run();
        without.run();
        with.check_certificate();
        assert_eq!(total(&with, &adj), total(&without, &adj), "case {case}: the optimum's weight");
    }
    assert!(stepped > cases / 8, "{stepped} of {cases} cases took a step ({fewer} fewer roots)");
    assert!(fewer > stepped / 3, "{fewer} of {stepped} steps left fewer roots");
}

/// A restart by class (`classwise`: the tally and the uncovered counts per class and
/// range, the met pairs taken out) gives exactly what reading every pair gives: the
/// same starting duals, the same counts (under those duals and under random ones), the
/// same duals and mates after the restart, the same optimum after the search.
#[test]
fn a_restart_by_class_is_the_restart_by_rows() {
    let mut next = lcg(1515);
    for case in 0..400 {
        let src = ByClass::random(&mut next);
        let n = src.n();
        let by_class_groups = next().is_multiple_of(2);
        let groups: Vec<u32> =
            (0..n)
                .map(|v| {
                    if v < src.k && by_class_groups {
                        src.class[v] % 3
                    } else {
                        (next() % 3) as u32
                    }
                })
                .collect();
        let dead: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(10)).collect();
        let make = |src: ByClass| {
            let mut m = Matcher::with_weights(n, src);
            for (v, &g) in groups.iter().enumerate() {
                m.set_group(v, g);
            }
            for &v in &dead {
                m.remove(v);
            }
            m
        };
        let copy = src.clone();
        let (mut rows, mut cls) = (make(src), make(copy));
        rows.start_duals(false);
        cls.start_duals(true);
        assert_eq!(rows.dualvar[..n], cls.dualvar[..n], "case {case}: starting duals");
        assert_eq!(rows.uncovered_counts(false), cls.uncovered_counts(true), "case {case}: counts");
        // Counts under duals of many distinct values.
        for v in 0..n {
            let y = w(2 * (900 + next() % 240));
            rows.dualvar[v] = y;
            cls.dualvar[v] = y;
        }
        assert_eq!(
            rows.uncovered_counts(false),
            cls.uncovered_counts(true),
            "case {case}: counts, random duals"
        );
        let all: Vec<usize> = (0..n).collect();
        rows.restart(&all, false);
        cls.restart(&all, true);
        assert_eq!(rows.dualvar[..n], cls.dualvar[..n], "case {case}: duals after the restart");
        assert_eq!(rows.mate, cls.mate, "case {case}: mates after the restart");
        rows.run();
        cls.run();
        cls.check_certificate();
        let mates = |m: &Matcher<WORDS, ByClass>| (0..n).map(|v| m.mate(v)).collect::<Vec<_>>();
        assert_eq!(mates(&rows), mates(&cls), "case {case}: optimum");
    }
}

/// No weights at all: the blossom bookkeeping below reads none.
struct NoEdges;

impl Weights<WORDS> for NoEdges {
    fn w2(&self, _a: usize, _b: usize) -> Weight {
        Weight::ZERO
    }
}

/// Guards the stack at a million players: blossoms nested `depth` deep (blossom k holds
/// blossom k - 1 and two more vertices, every dual zero), listed and dissolved at the end
/// of a stage on a thread with a small stack. With recursion the walk overflowed the stack
/// (round 3 of `bsw bench --system dutch --sizes 1000000 --rounds 3 --seed 1` aborted).
#[test]
fn deeply_nested_blossoms_are_walked_without_recursion() {
    let depth = 20_000;
    let n = 2 * depth + 1;
    let handle = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || {
            let mut m = Matcher::with_weights(n, NoEdges);
            m.unusedblossoms.clear();
            for k in 0..depth {
                let b = n + k;
                let inner = if k == 0 { 0 } else { b - 1 };
                m.blossomchilds[b] = vec![inner, 2 * k + 1, 2 * k + 2];
                m.blossomendps[b] = vec![0, 0, 0];
                m.blossombase[b] = 0;
                for &c in &m.blossomchilds[b].clone() {
                    m.blossomparent[c] = b;
                }
            }
            let top = n + depth - 1;
            for v in 0..n {
                m.inblossom[v] = top;
            }
            m.tree[top] = 0;
            let leaves = m.leaves_of(top);
            m.expand_blossom(top, true);
            (leaves, m)
        })
        .unwrap();
    let (leaves, m) = handle.join().expect("the walk must not overflow a 64 KiB stack");
    assert_eq!(leaves, (0..n).collect::<Vec<_>>(), "leaves in child order, depth first");
    assert!((0..n).all(|v| m.inblossom[v] == v && m.blossomparent[v] == NONE));
    assert!(m.blossomchilds[n..].iter().all(Vec::is_empty));
    assert!((0..n).all(|v| m.tree[v] == 0), "every vertex keeps the dissolved blossom's tree");
    // Innermost first, as a recursion releases them: the free list of blossom numbers,
    // and so the numbers later blossoms take, are unchanged.
    assert_eq!(m.unusedblossoms, (n..n + depth).collect::<Vec<_>>());
}
