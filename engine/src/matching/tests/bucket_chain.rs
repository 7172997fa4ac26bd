//! The greedy's repair over the bucket graph (`Matcher::augment_pair` with
//! `index_bucket_graph`): a long augmenting path found bucket by bucket must agree with the
//! full search, and it must be found when it is the only path and the player-level search
//! would have to label a wide neighbourhood first.
use super::Banded;
use crate::matching::{Matcher, NONE};
use proptest::prelude::*;

/// A maximum matching built by augmenting from every vertex in turn.
fn maximum(g: &Banded) -> Matcher {
    let mut m = Matcher::new(g.n);
    for u in 0..g.n {
        if m.is_free(u) {
            m.augment_from(g, u, None);
        }
    }
    m
}

/// The path the greedy's repair cannot find cheaply without the bucket graph: `a` (bucket 0)
/// has 100 neighbours w_i (bucket 1), each matched to m_i (bucket 1); only the last m_i leads
/// on, to x (bucket 2) matched to y (bucket 3), and y is the one neighbour of `t` (bucket 4).
/// The only augmenting path is a – w_k = m_k – x = y – t: 5 edges, so the short search gives
/// up and the 3-edge lookup has nothing; the bucket chain (1, 1), (2, 3) finds it, with the
/// depth-first choice of w_k among the w_i.
///
/// Layout: a = 0 | w_i = 1..=k, m_i = k+1..=2k | x = 2k+1 | y = 2k+2 | t = 2k+3, in
/// buckets 0 | 1 | 2 | 3 | 4; edges a–w_i, w_i–m_i, m_k–x, x–y, y–t; matched w_i = m_i and
/// x = y, indexed by bucket pair. Returns the graph, the matching and (a, x, y, t).
fn wide_neighbourhood(k: usize) -> (Banded, Matcher, [usize; 4]) {
    let (a, x, y, t) = (0, 2 * k + 1, 2 * k + 2, 2 * k + 3);
    let mut bucket = vec![0];
    bucket.extend(std::iter::repeat_n(1, 2 * k));
    bucket.extend([2, 3, 4]);
    let mut g = Banded::new(bucket, 5);
    for i in 1..=k {
        g.edge(a, i);
        g.edge(i, k + i);
    }
    g.edge(2 * k, x);
    g.edge(x, y);
    g.edge(y, t);
    let mut m = Matcher::new(g.n);
    for i in 1..=k {
        m.pair(i, k + i);
    }
    m.pair(x, y);
    m.index_pairs(&g.bucket_of_all(), g.k);
    (g, m, [a, x, y, t])
}

#[test]
fn bucket_chain_finds_the_long_path_behind_a_wide_neighbourhood() {
    let k = 100;
    let (g, mut m, [a, x, y, t]) = wide_neighbourhood(k);
    m.index_bucket_graph(g.bucket_graph());
    let before = m.counters;
    assert!(m.augment_pair(&g, a, t));
    assert_eq!(m.mate[a], k as u32, "a takes the last w");
    assert_eq!(m.mate[2 * k], x as u32, "the last w's old partner takes x");
    assert_eq!(m.mate[y], t as u32, "t takes y");
    for i in 1..k {
        assert_eq!(m.mate[i], (k + i) as u32, "the other pairs are kept");
    }
    // Found on the bucket level: one search (the short one), no full search after it.
    assert_eq!(m.counters.searches - before.searches, 1, "no full search");
    assert_eq!(m.counters.augmenting_paths - before.augmenting_paths, 1);
}

/// Without the bucket graph the same repair still succeeds (full search), so the chain only
/// changes the cost.
#[test]
fn the_same_repair_without_the_bucket_graph_takes_the_full_search() {
    let k = 100;
    let (g, mut m, [a, _, y, t]) = wide_neighbourhood(k);
    let before = m.counters;
    assert!(m.augment_pair(&g, a, t));
    assert_eq!((m.mate[a], m.mate[y]), (k as u32, t as u32));
    assert_eq!(m.counters.searches - before.searches, 2, "the short search, then the full one");
}

/// Random banded graphs with a planted perfect matching {2i, 2i+1}, so that the rest after
/// the greedy's removals often still has one, and sparse elsewhere, so that paths are long.
fn banded() -> impl Strategy<Value = Banded> {
    (50usize..=150, 3usize..=8, 0.01f64..0.06).prop_flat_map(|(half, k, p)| {
        let n = 2 * half;
        proptest::collection::vec(proptest::bool::weighted(p), n * n).prop_map(move |bits| {
            let mut g = Banded::new((0..n).map(|v| v * k / n).collect(), k);
            for u in 0..n {
                for w in 0..u {
                    if (bits[u * n + w] || (u % 2 == 1 && w == u - 1))
                        && g.bucket[u].abs_diff(g.bucket[w]) <= 1
                    {
                        g.edge(u, w);
                    }
                }
            }
            g
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On banded graphs (several buckets, long paths likely): the repair with the bucket graph
    /// finds a path exactly when the full search does, leaves a perfect matching of the rest,
    /// and keeps the index's counts right for later repairs (a second repair agrees too).
    #[test]
    fn bucket_chain_repair_agrees_with_the_full_search(g in banded(), picks in (0usize..1000, 0usize..1000)) {
        let n = g.n;
        let full0 = maximum(&g);
        prop_assume!((0..n).all(|u| !full0.is_free(u)));
        let mut fast = maximum(&g);
        fast.index_pairs(&g.bucket_of_all(), g.k);
        fast.index_bucket_graph(g.bucket_graph());
        let mut full = full0;
        let mut gone = vec![false; n];
        let mut reduced = g;
        for pick in [picks.0, picks.1] {
            // Take out two matched vertices a and b (not partners) as the greedy does, and
            // repair between their partners in both matchings.
            let live: Vec<usize> = (0..n).filter(|&v| !gone[v]).collect();
            prop_assume!(live.len() >= 4);
            let a = live[pick % live.len()];
            let (ma_full, ma) = (full.mate[a] as usize, fast.mate[a] as usize);
            let Some(b) = live.iter().copied().find(|&x| x != a && x != ma && x != ma_full) else {
                return Ok(());
            };
            let (mb_full, mb) = (full.mate[b] as usize, fast.mate[b] as usize);
            for v in [a, b] {
                gone[v] = true;
                for x in 0..n {
                    reduced.adj[v][x] = false;
                    reduced.adj[x][v] = false;
                }
            }
            for m in [&mut full, &mut fast] {
                m.unpair(a);
                m.unpair(b);
            }
            // With two free vertices, a path exists iff the rest has a perfect matching,
            // whichever perfect matching each side kept before.
            let expected = full.augment_from(&reduced, ma_full, Some(mb_full));
            let got = fast.augment_pair(&reduced, ma, mb);
            prop_assert_eq!(got, expected);
            if !expected {
                return Ok(());
            }
            for u in (0..n).filter(|&u| !gone[u]) {
                let w = fast.mate[u];
                prop_assert!(w != NONE, "vertex {} left unmatched", u);
                prop_assert!(reduced.adj[u][w as usize]);
                prop_assert_eq!(fast.mate[w as usize], u as u32);
            }
        }
    }
}
