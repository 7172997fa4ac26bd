//! Duals of a matching whose vertices fall into classes of interchangeable vertices, without
//! listing a single edge between vertices ([`class_duals`]): the order check of a bracket of
//! 40,000 players, whose relaxation has a billion pairs but a few dozen player classes.
//!
//! Every vertex of class `c` takes one dual; the constraint of an edge between classes `c`
//! and `d` (`c = d`: two vertices of one class) bounds all their pairs at once. Doubled, so
//! that every dual stays an integer: `Y_c + Y_d ≥ 2 w_cd`, `Y ≥ 0`, minimising
//! `Σ size_c Y_c`, which bounds twice the weight of every matching (weak duality: sum the
//! constraints over its edges). That minimum is twice the optimum of the fractional matching
//! LP; on the bipartite double cover (every class a left and a right copy, `u_c + v_d ≥ w`)
//! it is a transportation problem, solved here as a minimum-cost flow by successive
//! shortest paths (Dijkstra with potentials, dense: a few hundred nodes), whose residual
//! graph, with source and sink merged, prices the optimum: `Y_c = u_c + v_c`.
//!
//! The caller proves what it uses: [`class_duals`] returns duals, and whether they are
//! feasible and as small as a given matching's weight is checked from them alone. A wrong
//! flow here can only cost a certificate, never give a false one.

use super::Weight;

/// `k · w` by doubling (the weights have no multiplication).
pub(crate) fn times<W: Weight>(w: W, k: u64) -> W {
    let (mut out, mut base, mut k) = (W::zero(), w, k);
    while k > 0 {
        if k & 1 == 1 {
            out = out.plus(base);
        }
        base = base.plus(base);
        k >>= 1;
    }
    out
}

/// Doubled optimal duals (`Y`, one per class) of the fractional matching LP on classes of
/// `size[c]` vertices, whose edges `(c, d, w)` (`c ≤ d`, `w > 0`; `c = d` for two vertices of
/// one class, only meaningful when `size[c] ≥ 2`) say that any vertex of `c` and any of `d`
/// may be matched at weight at most `w`: `Y ≥ 0`, `Y_c + Y_d ≥ 2w` on every edge, minimising
/// `Σ size_c Y_c`; with the optimal flow of the double cover (`flow[c * k + d]`: vertices of
/// class `c` matched to class `d`, both directions of a pair counted), whose flow inside a
/// set of classes is how the value falls as the set's edges get lighter. `None` if the flow
/// finds no optimum (which a correct flow never does), or when `budget` (node visits, of
/// which each shortest path costs the nodes squared) runs out.
pub(crate) fn class_duals<W: Weight>(
    size: &[u64],
    edges: &[(usize, usize, W)],
    budget: &mut u64,
) -> Option<(Vec<W>, Vec<u64>)> {
    let k = size.len();
    // Nodes: 0..k the left copies, k..2k the right ones, s = 2k, t = 2k + 1.
    let (s, t) = (2 * k, 2 * k + 1);
    let nodes = 2 * k + 2;
    // profit[c][d]: the weight of the arc from left c to right d (both directions of an
    // edge between two classes).
    let mut profit: Vec<Option<W>> = vec![None; k * k];
    for &(c, d, w) in edges {
        if c >= k || d >= k || w <= W::zero() || (c == d && size[c] < 2) {
            continue;
        }
        for (a, b) in [(c, d), (d, c)] {
            let p = &mut profit[a * k + b];
            if p.is_none_or(|q| q < w) {
                *p = Some(w);
            }
        }
    }
    // flow[c][d] on the arc left c → right d; out[c] from s to left c; into[d] from right d
    // to t.
    let mut flow = vec![0u64; k * k];
    let mut out = vec![0u64; k];
    let mut into = vec![0u64; k];
    // Potentials keep every residual arc's reduced cost (cost + p(x) - p(y), the cost of left
    // c → right d being -w) non-negative. At the start only s → left → right → t arcs exist:
    // p(right d) = -(the largest weight into d), p(t) the least of those.
    let mut pot = vec![W::zero(); nodes];
    for d in 0..k {
        for c in 0..k {
            if let Some(w) = profit[c * k + d] {
                pot[k + d] = pot[k + d].min(W::zero().minus(w));
            }
        }
        pot[t] = pot[t].min(pot[k + d]);
    }
    // The residual arcs out of node x, with their costs (`arcs` fills `buf`).
    let arcs = |x: usize, flow: &[u64], out: &[u64], into: &[u64], buf: &mut Vec<(usize, W)>| {
        buf.clear();
        if x == s {
            buf.extend((0..k).filter(|&c| out[c] < size[c]).map(|c| (c, W::zero())));
        } else if x < k {
            let c = x;
            for d in 0..k {
                if let Some(w) = profit[c * k + d] {
                    buf.push((k + d, W::zero().minus(w)));
                }
            }
            if out[c] > 0 {
                buf.push((s, W::zero()));
            }
        } else if x < 2 * k {
            let d = x - k;
            for c in 0..k {
                if flow[c * k + d] > 0 {
                    buf.push((c, profit[c * k + d].unwrap_or(W::zero())));
                }
            }
            if into[d] < size[d] {
                buf.push((t, W::zero()));
            }
        } else if x == t {
            buf.extend((0..k).filter(|&d| into[d] > 0).map(|d| (k + d, W::zero())));
        }
    };
    let mut buf = Vec::new();
    let mut dist: Vec<Option<W>> = vec![None; nodes];
    let mut prev = vec![usize::MAX; nodes];
    let mut done = vec![false; nodes];
    loop {
        *budget = budget.checked_sub((nodes * nodes) as u64)?;
        // Dijkstra on reduced costs from s.
        dist.iter_mut().for_each(|d| *d = None);
        done.iter_mut().for_each(|d| *d = false);
        dist[s] = Some(W::zero());
        while let Some(x) = (0..nodes)
            .filter(|&x| !done[x] && dist[x].is_some())
            .min_by(|&a, &b| dist[a].cmp(&dist[b]))
        {
            done[x] = true;
            let dx = dist[x]?;
            arcs(x, &flow, &out, &into, &mut buf);
            for &(y, cost) in &buf {
                let r = cost.plus(pot[x]).minus(pot[y]);
                if r < W::zero() {
                    return None; // the potentials are broken
                }
                let dy = dx.plus(r);
                if !done[y] && dist[y].is_none_or(|old| dy < old) {
                    dist[y] = Some(dy);
                    prev[y] = x;
                }
            }
        }
        let far = dist.iter().flatten().copied().max().unwrap_or(W::zero());
        for x in 0..nodes {
            pot[x] = pot[x].plus(dist[x].unwrap_or(far));
        }
        // The shortest path's real cost is pot[t] - pot[s]: stop when it gains nothing.
        if dist[t].is_none() || pot[t].minus(pot[s]) >= W::zero() {
            break;
        }
        // Augment by the path's bottleneck.
        let mut path = vec![t];
        while *path.last()? != s {
            let x = *path.last()?;
            path.push(prev[x]);
            if path.len() > nodes + 1 {
                return None;
            }
        }
        path.reverse();
        let mut push = u64::MAX;
        for w in path.windows(2) {
            let (x, y) = (w[0], w[1]);
            let room = match (x, y) {
                _ if x == s => size[y] - out[y],
                _ if y == t => size[x - k] - into[x - k],
                _ if y == s => out[x],
                _ if x == t => into[y - k],
                _ if x < k => u64::MAX,
                _ => flow[y * k + (x - k)],
            };
            push = push.min(room);
        }
        if push == 0 || push == u64::MAX {
            return None;
        }
        for w in path.windows(2) {
            let (x, y) = (w[0], w[1]);
            match (x, y) {
                _ if x == s => out[y] += push,
                _ if y == t => into[x - k] += push,
                _ if y == s => out[x] -= push,
                _ if x == t => into[y - k] -= push,
                _ if x < k => flow[x * k + (y - k)] += push,
                _ => flow[y * k + (x - k)] -= push,
            }
        }
    }
    // Prices of the optimum: potentials of the residual graph with s and t merged into one
    // node z (Bellman-Ford from a root joined to every node at cost 0; a negative cycle
    // would mean the flow is not optimal). Then u_c = p(left c) - p(z) and v_d = p(z) -
    // p(right d), each at least 0 (raising one only loosens its constraints; it is 0 already
    // for every unsaturated copy, as complementary slackness needs).
    let z = s;
    let mut p = vec![W::zero(); 2 * k + 1];
    let merged = |x: usize| if x == t { z } else { x };
    let mut all: Vec<(usize, usize, W)> = Vec::new();
    for x in [s, t].into_iter().chain(0..2 * k) {
        arcs(x, &flow, &out, &into, &mut buf);
        for &(y, cost) in &buf {
            let (a, b) = (merged(x), merged(y));
            if a != b || cost < W::zero() {
                all.push((a, b, cost));
            }
        }
    }
    let mut settled = false;
    for _ in 0..=2 * k + 1 {
        let mut changed = false;
        for &(a, b, cost) in &all {
            let via = p[a].plus(cost);
            if via < p[b] {
                p[b] = via;
                changed = true;
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return None;
    }
    let duals = (0..k)
        .map(|c| {
            let u = p[c].minus(p[z]).max(W::zero());
            let v = p[z].minus(p[k + c]).max(W::zero());
            u.plus(v)
        })
        .collect();
    Some((duals, flow))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Twice the fractional matching optimum: the best matching of the double cover (every
    /// vertex a left and a right copy, a left copy of class `c` joined to the right copies
    /// of the classes it has edges to), by brute force: each left copy takes a right class
    /// with room, or none.
    fn best_double_cover(size: &[u64], edges: &[(usize, usize, i128)]) -> i128 {
        let k = size.len();
        let mut w = vec![vec![None; k]; k];
        for &(c, d, x) in edges {
            if c == d && size[c] < 2 {
                continue;
            }
            for (a, b) in [(c, d), (d, c)] {
                let cell: &mut Option<i128> = &mut w[a][b];
                *cell = Some(cell.map_or(x, |y| y.max(x)));
            }
        }
        let left: Vec<usize> = (0..k).flat_map(|c| vec![c; size[c] as usize]).collect();
        let mut room: Vec<u64> = size.to_vec();
        fn go(i: usize, left: &[usize], room: &mut [u64], w: &[Vec<Option<i128>>]) -> i128 {
            if i == left.len() {
                return 0;
            }
            let mut best = go(i + 1, left, room, w);
            for d in 0..room.len() {
                if let Some(x) = w[left[i]][d]
                    && room[d] > 0
                {
                    room[d] -= 1;
                    best = best.max(x + go(i + 1, left, room, w));
                    room[d] += 1;
                }
            }
            best
        }
        go(0, &left, &mut room, &w)
    }

    #[test]
    fn class_duals_are_feasible_and_price_the_fractional_optimum() {
        let mut state = 0x5eed_u64;
        for case in 0..400 {
            let k = 1 + (next(&mut state) % 4) as usize;
            let size: Vec<u64> = (0..k).map(|_| 1 + next(&mut state) % 3).collect();
            let mut edges = Vec::new();
            for c in 0..k {
                for d in c..k {
                    if !next(&mut state).is_multiple_of(4) {
                        edges.push((c, d, 1 + (next(&mut state) % 9) as i128));
                    }
                }
            }
            let (y, flow) = class_duals(&size, &edges, &mut u64::MAX.clone()).expect("an optimum");
            // The flow is the double cover's optimum: its weight is the duals' value.
            let weight: i128 = edges
                .iter()
                .filter(|&&(c, d, _)| c != d || size[c] >= 2)
                .map(|&(c, d, w)| {
                    let both = flow[c * k + d] + if c == d { 0 } else { flow[d * k + c] };
                    both as i128 * w
                })
                .sum();
            assert_eq!(weight, (0..k).map(|c| size[c] as i128 * y[c]).sum::<i128>(), "case {case}");
            for &(c, d, w) in &edges {
                if c == d && size[c] < 2 {
                    continue;
                }
                assert!(y[c] + y[d] >= 2 * w, "case {case}: edge {c}-{d} violated: {y:?}");
            }
            assert!(y.iter().all(|&v| v >= 0), "case {case}: {y:?}");
            let value: i128 = (0..k).map(|c| size[c] as i128 * y[c]).sum();
            // The double cover's optimum is twice the fractional matching optimum, which the
            // doubled duals equal.
            assert_eq!(value, best_double_cover(&size, &edges), "case {case}: {size:?} {edges:?}");
            assert_eq!(times(y[0], size[0]), size[0] as i128 * y[0]);
        }
    }

    #[test]
    fn an_odd_class_leaves_a_gap_that_the_duals_show() {
        // Three vertices of one class, all pairs weighing 1: the fractional optimum is 3/2
        // (a triangle of halves), the integral one 1, so the duals' value (3, doubled) is
        // above twice any matching: no certificate from them.
        let (y, _) = class_duals(&[3], &[(0, 0, 1i128)], &mut 1000).unwrap();
        assert_eq!(class_duals(&[3], &[(0, 0, 1i128)], &mut 10), None, "over its budget");
        assert_eq!(3 * y[0], 3);
    }
}
