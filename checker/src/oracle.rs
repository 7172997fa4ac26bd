//! The matching oracle: a general (non-bipartite) maximum matching, petgraph's
//! `maximum_matching` (Gabow's form of Edmonds' algorithm) on an explicit graph. It shares no
//! code with the engine's search. Cross-checked against exhaustive search in
//! `tests/oracle.rs`.

use crate::report::LegalPairing;
use bsw_model::{Id, Tournament};
use petgraph::graph::{NodeIndex, UnGraph};
use std::borrow::Cow;

/// A maximum matching of the graph on vertices `0..n` with `edges`: `mate[v]`.
pub fn maximum_matching(n: usize, edges: &[(usize, usize)]) -> Vec<Option<usize>> {
    let mut g: UnGraph<(), ()> = UnGraph::with_capacity(n, edges.len());
    for _ in 0..n {
        g.add_node(());
    }
    for &(a, b) in edges {
        if a != b {
            g.add_edge(NodeIndex::new(a), NodeIndex::new(b), ());
        }
    }
    let m = petgraph::algo::maximum_matching(&g);
    (0..n).map(|v| m.mate(NodeIndex::new(v)).map(|u| u.index())).collect()
}

/// Size (number of edges) of a maximum matching.
pub fn matching_size(n: usize, edges: &[(usize, usize)]) -> usize {
    maximum_matching(n, edges).iter().filter(|m| m.is_some()).count() / 2
}

/// A perfect matching as a list of pairs (a < b), if one exists.
pub fn perfect_matching(n: usize, edges: &[(usize, usize)]) -> Option<Vec<(usize, usize)>> {
    if n % 2 == 1 {
        return None;
    }
    let mate = maximum_matching(n, edges);
    let mut pairs = Vec::with_capacity(n / 2);
    for (v, m) in mate.iter().enumerate() {
        match m {
            None => return None,
            Some(u) if v < *u => pairs.push((v, *u)),
            Some(_) => {}
        }
    }
    Some(pairs)
}

/// A pairing of `ids` whose pairs are all `allowed` and, for an odd number, whose one
/// player left takes the bye only when `bye_ok`: a perfect matching of the allowed pairs,
/// plus for an odd number one extra vertex joined to every bye-eligible player.
/// `Some((pairs, bye))` is such a pairing; `None` proves there is none.
pub fn pairing_with_bye(
    ids: &[Id],
    allowed: impl Fn(Id, Id) -> bool,
    bye_ok: impl Fn(Id) -> bool,
) -> Option<LegalPairing> {
    let n = ids.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if allowed(ids[i], ids[j]) {
                edges.push((i, j));
            }
        }
    }
    let size = if n % 2 == 1 {
        edges.extend((0..n).filter(|&i| bye_ok(ids[i])).map(|i| (i, n)));
        n + 1
    } else {
        n
    };
    let matching = perfect_matching(size, &edges)?;
    let mut pairs = Vec::new();
    let mut bye = None;
    for (a, b) in matching {
        if b == n {
            bye = Some(ids[a]);
        } else {
            pairs.push([ids[a], ids[b]]);
        }
    }
    Some((pairs, bye))
}

/// `t` as its round `r` is paired: when entries were made ahead of `r`
/// (`Tournament::pre_entered_round`), with them as requests of the round, so that their
/// players stay out of the pairing.
pub fn as_paired(t: &Tournament, r: u32) -> Cow<'_, Tournament> {
    if t.pre_entered_round() == Some(r)
        && let Some((view, _)) = t.with_pre_entries_as_requests()
    {
        Cow::Owned(view)
    } else {
        Cow::Borrowed(t)
    }
}

/// Reference for tests: the size of a maximum matching by exhaustive search (small n only).
pub fn matching_size_exhaustive(n: usize, edges: &[(usize, usize)]) -> usize {
    let mut adj = vec![0u64; n];
    for &(a, b) in edges {
        if a != b {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
    }
    fn best(free: u64, adj: &[u64]) -> usize {
        if free == 0 {
            return 0;
        }
        let v = free.trailing_zeros() as usize;
        let rest = free & !(1 << v);
        // Either v stays unmatched, or it is matched to a free neighbour.
        let mut b = best(rest, adj);
        let mut nb = adj[v] & rest;
        while nb != 0 {
            let u = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            b = b.max(1 + best(rest & !(1 << u), adj));
        }
        b
    }
    best(if n == 64 { u64::MAX } else { (1u64 << n) - 1 }, &adj)
}
