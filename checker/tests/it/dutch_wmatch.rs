//! The Dutch profile's maximum-weight matching (`dutch::wmatch`) against exhaustive search on
//! small random graphs: same optimum weight (and, with maximum cardinality, same size), with
//! `i128` and with 512-bit weights, and a valid matching (pairs are edges, each vertex once).

use crate::dutch_common::Rng;
use bsw_checker::dutch::wmatch::{
    Weight, Wide, Wide256, Wide448, max_weight_matching, max_weight_matching_sparse_from,
    max_weight_matching_sparse_with, max_weight_perfect_matching,
};

/// Best (cardinality, weight) over every matching, by exhaustive search.
fn brute(n: usize, edges: &[(usize, usize, i128)], max_card: bool) -> (usize, i128) {
    fn go(
        v: usize,
        n: usize,
        used: &mut Vec<bool>,
        adj: &Vec<Vec<(usize, i128)>>,
        card: usize,
        w: i128,
        best: &mut Vec<(usize, i128)>,
    ) {
        if v == n {
            best.push((card, w));
            return;
        }
        if used[v] {
            return go(v + 1, n, used, adj, card, w, best);
        }
        go(v + 1, n, used, adj, card, w, best);
        used[v] = true;
        for &(u, ew) in &adj[v] {
            if !used[u] {
                used[u] = true;
                go(v + 1, n, used, adj, card + 1, w + ew, best);
                used[u] = false;
            }
        }
        used[v] = false;
    }
    let mut adj = vec![Vec::new(); n];
    for &(a, b, w) in edges {
        let (a, b) = (a.min(b), a.max(b));
        adj[a].push((b, w));
    }
    let mut all = Vec::new();
    go(0, n, &mut vec![false; n], &adj, 0, 0, &mut all);
    if max_card {
        *all.iter().max().unwrap()
    } else {
        let w = all.iter().map(|x| x.1).max().unwrap();
        (0, w)
    }
}

fn value(n: usize, edges: &[(usize, usize, i128)], mate: &[Option<usize>]) -> (usize, i128) {
    let mut card = 0;
    let mut w = 0;
    for v in 0..n {
        if let Some(u) = mate[v] {
            assert_eq!(mate[u], Some(v), "mate is symmetric");
            if v < u {
                let e = edges
                    .iter()
                    .filter(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                    .map(|e| e.2)
                    .max()
                    .expect("a matched pair is an edge");
                card += 1;
                w += e;
            }
        }
    }
    (card, w)
}

#[test]
fn the_weighted_matching_is_optimal_on_small_random_graphs() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for case in 0..600 {
        let n = 2 + (rng.next() % 9) as usize;
        let density = 20 + rng.next() % 80;
        let wmax = [2u64, 6, 30, 1000][case % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next() % 100 < density {
                    // Even weights (the matching's contract), zero allowed.
                    edges.push((a, b, 2 * (rng.next() % wmax) as i128));
                }
            }
        }
        for max_card in [false, true] {
            let expect = brute(n, &edges, max_card);
            let mate = max_weight_matching(n, &edges, max_card);
            let got = value(n, &edges, &mate);
            if max_card {
                assert_eq!(got, expect, "case {case}: n={n} edges={edges:?}");
            } else {
                assert_eq!(got.1, expect.1, "case {case}: n={n} edges={edges:?}");
            }
            // The same with 512-bit weights shifted far up: same matching value.
            let wide: Vec<(usize, usize, Wide)> =
                edges.iter().map(|&(a, b, w)| (a, b, Wide::shifted(w as u64, 200))).collect();
            let mate_w = max_weight_matching(n, &wide, max_card);
            let got_w = value(n, &edges, &mate_w);
            assert_eq!(got_w, got, "case {case}: wide weights");
            // And with 256-bit weights.
            let wide4: Vec<(usize, usize, Wide256)> =
                edges.iter().map(|&(a, b, w)| (a, b, Wide256::shifted(w as u64, 150))).collect();
            let got_4 = value(n, &edges, &max_weight_matching(n, &wide4, max_card));
            assert_eq!(got_4, got, "case {case}: 256-bit weights");
            checked += 1;
        }
    }
    assert_eq!(checked, 1200);
}

/// The perfect matching (warm start: each vertex dual at its largest edge, tight edges
/// matched greedily first) against exhaustive search, on graphs shaped like the complete
/// check's: some vertices carry weighted edges, the others only edges of weight 0, every
/// vertex count even. When a perfect matching exists: perfect, and the heaviest one.
#[test]
fn the_perfect_matching_is_the_heaviest_perfect_one_on_small_random_graphs() {
    let mut rng = Rng::new(11);
    let (mut perfect, mut none) = (0, 0);
    for case in 0..600 {
        let n = 2 * (1 + (rng.next() % 5) as usize);
        let density = 30 + rng.next() % 70;
        let wmax = [2u64, 6, 30, 1000][case % 4];
        // The first `weighted` vertices are the bracket: their pairs carry weight.
        let weighted = (rng.next() % (n as u64 + 1)) as usize;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next() % 100 < density {
                    let w = if b < weighted { 2 * (rng.next() % wmax) as i128 } else { 0 };
                    edges.push((a, b, w));
                }
            }
        }
        let expect = brute(n, &edges, true);
        let mate = max_weight_perfect_matching(n, &edges);
        let got = value(n, &edges, &mate);
        if expect.0 == n / 2 {
            assert_eq!(got, expect, "case {case}: n={n} edges={edges:?}");
            perfect += 1;
        } else {
            assert_eq!(got.0, expect.0, "case {case}: maximum cardinality");
            none += 1;
        }
        let wide: Vec<(usize, usize, Wide)> =
            edges.iter().map(|&(a, b, w)| (a, b, Wide::shifted(w as u64, 200))).collect();
        let got_w = value(n, &edges, &max_weight_perfect_matching(n, &wide));
        assert_eq!(got_w.0, got.0, "case {case}: wide weights, cardinality");
        if expect.0 == n / 2 {
            assert_eq!(got_w, got, "case {case}: wide weights");
        }
    }
    assert!(perfect > 300 && none > 10, "{perfect} with a perfect matching, {none} without");
}

#[test]
fn wide_arithmetic_is_twos_complement() {
    let a = Wide::shifted(5, 130);
    let b = Wide::shifted(7, 130);
    let d = a.minus(b);
    assert!(d < Wide::zero(), "5·2^130 - 7·2^130 is negative");
    assert_eq!(d.plus(b), a);
    assert_eq!(Wide::shifted(6, 300).half(), Wide::shifted(3, 300));
    assert_eq!(d.half().plus(d.half()), d, "-2^131 halves exactly");
    assert_eq!(Wide::shifted(1, 63).plus(Wide::shifted(1, 63)), Wide::shifted(1, 64), "carry");
    assert_eq!(Wide::shifted(0b101, 62).bits(62, 3), 0b101);
    let (a4, b4) = (Wide256::shifted(5, 130), Wide256::shifted(7, 130));
    let d4 = a4.minus(b4);
    assert!(d4 < Wide256::zero(), "5·2^130 - 7·2^130 is negative in 256 bits");
    assert_eq!(d4.plus(b4), a4);
    assert_eq!(d4.half().plus(d4.half()), d4);
    assert_eq!(Wide256::shifted(1, 63).plus(Wide256::shifted(1, 63)), Wide256::shifted(1, 64));
}

/// The shift and the quotient the checker's packing and quick slack test use, against values
/// worked out by hand.
#[test]
fn wide_shift_and_quotient_are_exact() {
    assert_eq!(Wide::shifted(0b1011, 10).shl(120), Wide::shifted(0b1011, 130));
    assert_eq!(Wide448::shifted(3, 60).shl(4), Wide448::shifted(3, 64), "across a word");
    assert_eq!(Wide256::shifted(1, 200).shl(60), Wide256::zero(), "beyond 256 bits: dropped");
    // floor(5·2^130 / 2^128) = 20; floor((5·2^130 - 1) / 2^130) = 4.
    assert_eq!(Wide::shifted(5, 130).top(128), 20);
    assert_eq!(Wide::shifted(5, 130).minus(Wide::shifted(1, 0)).top(130), 4);
    // Negative: floor(-5·2^130 / 2^128) = -20; floor((-5·2^130 - 1) / 2^128) = -21.
    let neg = Wide448::zero().minus(Wide448::shifted(5, 130));
    assert_eq!(neg.top(128), -20);
    assert_eq!(neg.minus(Wide448::shifted(1, 0)).top(128), -21);
    let small = Wide448::zero().minus(Wide448::shifted(5, 3));
    assert_eq!(small.top(0), -40, "k = 0: the value itself when it fits");
    assert_eq!((-7i128).top(1), -4);
    assert_eq!(Wide::shifted(1, 300).bit_len(), 301);
    assert_eq!(Wide256::zero().bit_len(), 0);
    assert_eq!(96i128.bit_len(), 7);
}

/// Layered weights as the complete check builds them: a few fields, most significant first,
/// each of few values (so many edges tie on the upper fields), doubled (even).
fn layered(rng: &mut Rng, fields: &[u64]) -> i128 {
    let mut w: i128 = 0;
    for &f in fields {
        w = w * 8 + (rng.next() % f) as i128;
    }
    2 * w
}

/// The sparse matching (a subgraph of each vertex's heaviest edges, grown by the edges of
/// negative dual slack until the duals are feasible on the whole graph) against exhaustive
/// search on small graphs, with one to three edges per vertex at first (so that the
/// certificate has to add edges), tied layered weights and the published-pairs hint.
#[test]
fn the_sparse_matching_is_optimal_on_small_random_graphs() {
    let mut rng = Rng::new(23);
    let mut grown = 0;
    for case in 0..800 {
        let n = 2 + (rng.next() % 10) as usize;
        let density = 30 + rng.next() % 71;
        let fields: &[u64] = [&[2u64, 3][..], &[3, 2, 2], &[2, 2, 2, 5], &[7]][case % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next() % 100 < density {
                    edges.push((a, b, layered(&mut rng, fields)));
                }
            }
        }
        let first: Vec<usize> = (0..edges.len()).filter(|_| rng.next().is_multiple_of(5)).collect();
        let expect = brute(n, &edges, false).1;
        let per = (1 + case % 3, 1 + case % 2);
        let (mate, rounds) = max_weight_matching_sparse_with(n, &edges, &first, per);
        assert_eq!(value(n, &edges, &mate).1, expect, "case {case}: n={n} edges={edges:?}");
        grown += (rounds > 1) as usize;
        let wide: Vec<(usize, usize, Wide)> =
            edges.iter().map(|&(a, b, w)| (a, b, Wide::shifted(w as u64, 300))).collect();
        let (mate_w, _) = max_weight_matching_sparse_with(n, &wide, &first, per);
        assert_eq!(value(n, &edges, &mate_w).1, expect, "case {case}: 512-bit weights");
        let wide4: Vec<(usize, usize, Wide256)> =
            edges.iter().map(|&(a, b, w)| (a, b, Wide256::shifted(w as u64, 150))).collect();
        let (mate_4, _) = max_weight_matching_sparse_with(n, &wide4, &first, per);
        assert_eq!(value(n, &edges, &mate_4).1, expect, "case {case}: 256-bit weights");
        // 448 bits, the weights across a word boundary (the quick slack test's quotients).
        let wide7: Vec<(usize, usize, Wide448)> =
            edges.iter().map(|&(a, b, w)| (a, b, Wide448::shifted(w as u64, 370))).collect();
        let (mate_7, _) = max_weight_matching_sparse_with(n, &wide7, &first, per);
        assert_eq!(value(n, &edges, &mate_7).1, expect, "case {case}: 448-bit weights");
        // Started from an optimal matching (as from an optimal published pairing): its pairs
        // tight from the start, the same optimum.
        let dense = max_weight_matching(n, &edges, false);
        let optimal: Vec<usize> =
            (0..edges.len()).filter(|&k| dense[edges[k].0] == Some(edges[k].1)).collect();
        let (mate_o, _) = max_weight_matching_sparse_with(n, &edges, &optimal, per);
        assert_eq!(value(n, &edges, &mate_o).1, expect, "case {case}: from an optimum");
    }
    assert!(grown > 100, "only {grown} graphs needed a second subgraph");
}

/// The sparse matching against the dense one on larger graphs shaped like a bracket and
/// the next scoregroup (a dense block of layered weights, the rest lighter, some pairs
/// missing): the same optimum weight, with the sizes at which the sparse entry point is
/// used in the complete check.
#[test]
fn the_sparse_matching_equals_the_dense_one_on_larger_graphs() {
    let mut rng = Rng::new(31);
    let mut grown = 0;
    for case in 0..40 {
        let n = 30 + (rng.next() % 50) as usize;
        let block = (rng.next() % n as u64) as usize;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next() % 100 < 85 {
                    let w = if b < block {
                        (1 << 20) + layered(&mut rng, &[2, 3, 2, 2, 5, 5])
                    } else if a < block {
                        layered(&mut rng, &[2, 2])
                    } else {
                        2 * (rng.next() % 2) as i128
                    };
                    edges.push((a, b, w));
                }
            }
        }
        let first: Vec<usize> =
            (0..edges.len()).filter(|_| rng.next().is_multiple_of(40)).collect();
        let dense = value(n, &edges, &max_weight_matching(n, &edges, false)).1;
        let sparse = value(n, &edges, &max_weight_matching_sparse_from(n, &edges, &first)).1;
        assert_eq!(sparse, dense, "case {case}: n={n}");
        let per = (2 + case % 4, 1 + case % 3);
        let (mate, rounds) = max_weight_matching_sparse_with(n, &edges, &first, per);
        assert_eq!(value(n, &edges, &mate).1, dense, "case {case}: n={n}, {per:?}");
        grown += (rounds > 1) as usize;
        let wide: Vec<(usize, usize, Wide)> =
            edges.iter().map(|&(a, b, w)| (a, b, Wide::shifted(w as u64, 250))).collect();
        let (mate_w, _) = max_weight_matching_sparse_with(n, &wide, &first, per);
        assert_eq!(value(n, &edges, &mate_w).1, dense, "case {case}: 512-bit weights");
    }
    assert!(grown > 10, "only {grown} graphs needed a second subgraph");
}
