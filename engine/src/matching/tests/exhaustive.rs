//! The blossom search on an implicit graph agrees with exhaustive search on small graphs:
//! maximum matching size, and the Gallai-Edmonds set (vertices missed by some maximum
//! matching) with which the ladder picks bye receivers.
use super::Banded;
use crate::matching::{Graph, Matcher, NONE};
use proptest::prelude::*;

fn brute_max(adj: &[Vec<bool>], used: &mut Vec<bool>) -> usize {
    let n = adj.len();
    let Some(u) = (0..n).find(|&u| !used[u]) else {
        return 0;
    };
    used[u] = true;
    let mut best = brute_max(adj, used); // u unmatched
    for w in 0..n {
        if !used[w] && adj[u][w] {
            used[w] = true;
            best = best.max(1 + brute_max(adj, used));
            used[w] = false;
        }
    }
    used[u] = false;
    best
}

fn graph() -> impl Strategy<Value = Banded> {
    graph_with(1..=9, 0.5)
}

/// Even sizes and denser edges: mostly graphs with a perfect matching.
fn dense_graph() -> impl Strategy<Value = Banded> {
    graph_with(2..=5, 0.7)
}

fn graph_with(sizes: std::ops::RangeInclusive<usize>, p: f64) -> impl Strategy<Value = Banded> {
    sizes.prop_flat_map(move |half| {
        let n = if p > 0.6 { 2 * half } else { half };
        proptest::collection::vec(proptest::bool::weighted(p), n * n).prop_map(move |bits| {
            let mut adj = vec![vec![false; n]; n];
            for u in 0..n {
                for w in 0..u {
                    adj[u][w] = bits[u * n + w];
                    adj[w][u] = bits[u * n + w];
                }
            }
            Banded::halves(adj)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn maximum_matching_size_equals_exhaustive(g in graph()) {
        let mut m = Matcher::new(g.n);
        let mut size = 0;
        for u in 0..g.n {
            if m.is_free(u) && m.augment_from(&g, u, None) {
                size += 1;
            }
        }
        // The matching is valid.
        for u in 0..g.n {
            let w = m.mate[u];
            if w != NONE {
                prop_assert!(g.adj[u][w as usize]);
                prop_assert_eq!(m.mate[w as usize], u as u32);
            }
        }
        prop_assert_eq!(size, brute_max(&g.adj, &mut vec![false; g.n]));
    }

    #[test]
    fn gallai_edmonds_set_equals_exhaustive(g in graph()) {
        let n = g.n;
        let mut m = Matcher::new(n);
        let mut free = vec![];
        for u in 0..n {
            if m.is_free(u) && !m.augment_from(&g, u, None) {
                free.push(u);
            }
        }
        let max = brute_max(&g.adj, &mut vec![false; n]);
        if free.len() == 1 {
            prop_assert!(!m.augment_from(&g, free[0], None));
            let mut outer = m.outer_vertices();
            outer.sort();
            // v is missed by some maximum matching iff G - v still has a matching of size max.
            let expected: Vec<usize> = (0..n).filter(|&v| {
                let mut used = vec![false; n];
                used[v] = true;
                brute_max(&g.adj, &mut used) == max
            }).collect();
            prop_assert_eq!(outer, expected);
        }
    }

    #[test]
    fn targeted_repair_finds_a_path_iff_one_exists(g in dense_graph()) {
        // Start from a maximum matching; free two matched partners' mates as the greedy does.
        let n = g.n;
        let mut m = Matcher::new(n);
        for u in 0..n {
            if m.is_free(u) {
                m.augment_from(&g, u, None);
            }
        }
        let free_count = (0..n).filter(|&u| m.is_free(u)).count();
        prop_assume!(free_count == 0 && n >= 4);
        // Remove the matched pair (0, mate 0) and (1-ish): take vertex a=0 and b = first vertex
        // not 0 and not its mate; drop a and b and ask for a path between their mates.
        let a = 0;
        let ma = m.mate[a] as usize;
        let b = (1..n).find(|&x| x != ma).unwrap();
        let mb = m.mate[b] as usize;
        let mut adj = g.adj.clone();
        for x in 0..n { adj[a][x] = false; adj[x][a] = false; adj[b][x] = false; adj[x][b] = false; }
        let reduced = Banded::halves(adj);
        m.unpair(a);
        m.unpair(b);
        let found = m.augment_from(&reduced, ma, Some(mb));
        let mut used = vec![false; n];
        used[a] = true;
        used[b] = true;
        let perfect_rest = brute_max(&reduced.adj, &mut used) == (n - 2) / 2;
        prop_assert_eq!(found, perfect_rest);
    }
}

/// A maximum matching of `g` built by augmenting from every vertex in turn.
fn greedy_maximum(g: &Banded) -> Matcher {
    let mut m = Matcher::new(g.n);
    for u in 0..g.n {
        if m.is_free(u) {
            m.augment_from(g, u, None);
        }
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The greedy's repair (`augment_pair`: a search of a few dozen vertices, then a path
    /// a – w = mate(w) – t looked up among the matched pairs by bucket pair, then the full
    /// search) finds a path exactly when the full search does, on graphs large enough for
    /// the short search to give up, and leaves a perfect matching of the rest.
    #[test]
    fn pair_repair_agrees_with_the_full_search(g in graph_with(60..=120, 0.08), pick in 0usize..1000) {
        let n = g.n;
        let mut full = greedy_maximum(&g);
        prop_assume!((0..n).all(|u| !full.is_free(u)));
        let a = pick % n;
        let ma = full.mate[a] as usize;
        let b = (0..n).map(|i| (a + 1 + i) % n).find(|&x| x != a && x != ma).unwrap();
        let mb = full.mate[b] as usize;
        let mut adj = g.adj.clone();
        for x in 0..n { adj[a][x] = false; adj[x][a] = false; adj[b][x] = false; adj[x][b] = false; }
        let reduced = Banded::halves(adj);
        let mut fast = greedy_maximum(&g);
        fast.index_pairs(&(0..n).map(|v| reduced.bucket_of(v) as u32).collect::<Vec<_>>(), 2);
        for m in [&mut full, &mut fast] {
            m.unpair(a);
            m.unpair(b);
        }
        let expected = full.augment_from(&reduced, ma, Some(mb));
        prop_assert_eq!(fast.augment_pair(&reduced, ma, mb), expected);
        if expected {
            for u in (0..n).filter(|&u| u != a && u != b) {
                let w = fast.mate[u];
                prop_assert!(w != NONE, "vertex {} left unmatched", u);
                prop_assert!(reduced.adj[u][w as usize]);
                prop_assert_eq!(fast.mate[w as usize], u as u32);
            }
        }
    }
}

/// The case the index of matched pairs is for: `a`'s many neighbours are matched to vertices
/// of which only the last is adjacent to `t`, so the short search gives up and the path
/// a – w = mate(w) – t is found among the matched pairs (the only augmenting path here).
#[test]
fn pair_repair_finds_the_path_behind_a_wide_neighbourhood() {
    let k = 100;
    // Vertices: a = 0, w_i = 1..=k (first bucket), m_i = k+1..=2k, t = 2k+1 (second bucket).
    let n = 2 * k + 2;
    let (a, t) = (0, 2 * k + 1);
    let mut adj = vec![vec![false; n]; n];
    let mut edge = |u: usize, v: usize| {
        adj[u][v] = true;
        adj[v][u] = true;
    };
    for i in 1..=k {
        edge(a, i);
        edge(i, k + i);
    }
    edge(2 * k, t);
    let g = Banded::halves(adj);
    let mut m = Matcher::new(n);
    for i in 1..=k {
        m.pair(i, k + i);
    }
    m.index_pairs(&(0..n).map(|v| g.bucket_of(v) as u32).collect::<Vec<_>>(), 2);
    assert!(m.augment_pair(&g, a, t));
    assert_eq!(m.mate[a], k as u32, "a takes the last w");
    assert_eq!(m.mate[t], 2 * k as u32, "t takes the last w's old partner");
    for i in 1..k {
        assert_eq!(m.mate[i], (k + i) as u32, "the other pairs are kept");
    }
}
