//! The matchings of the complete check: a graph's packed weights, with tie-break fields below
//! the criteria when asked ([`Tweak`]), solved by [`wmatch`] over the relaxation (the bracket
//! and the next scoregroup) or over every player still to pair ([`solve`], [`solve_tweaked`]),
//! and the real optimum ([`optimum`]: the relaxation's when the rest of the field completes
//! it). Counters of the matchings run and the PAB-inside switch, for tests.

use super::graph::{Graph, GraphKey, Graphs, SolveError, View};
use crate::dutch::wmatch::{self, Edges, Patterned, Weight, Wide, Wide256, Wide448, WideN};
use bsw_model::Id;
use std::collections::HashSet;
use std::rc::Rc;

thread_local! {
    /// Matchings run by the complete check on this thread: on the bracket and the next
    /// scoregroup (the relaxation), and over every player still to pair (the fallback).
    /// For measurements only ([`matching_counts`]); the verdicts never read them.
    static MATCHINGS: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

thread_local! {
    /// Whether the relaxation may demand the PAB inside (`pab_inside`): always, but inside
    /// [`without_pab_inside`].
    static PAB_INSIDE: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Runs `f` with the relaxation's PAB-inside field off on this thread: the complete check as
/// it was before that field (a matching over the whole rest wherever the relaxation's
/// optimum gives the PAB to a player who cannot take it). For tests that compare the two.
pub fn without_pab_inside<T>(f: impl FnOnce() -> T) -> T {
    PAB_INSIDE.with(|c| c.set(false));
    let out = f();
    PAB_INSIDE.with(|c| c.set(true));
    out
}

/// (relaxation matchings, matchings over the whole rest) run so far on this thread.
pub fn matching_counts() -> (usize, usize) {
    MATCHINGS.with(|c| c.get())
}

/// Pairs to compare with the relaxation's optimum (bracket and next bracket pairs), and the
/// PAB receiver.
pub(super) type Given<'a> = (&'a [(Id, Id)], Option<Id>);

/// What the matching chose: bracket pairs, next bracket pairs, PAB receiver.
pub(super) struct Solved {
    pub(super) pairs: Vec<(Id, Id)>,
    pub(super) next_pairs: Vec<(Id, Id)>,
    pub(super) pab: Option<Id>,
    /// Window mode: the given pairs reach the optimum weight.
    pub(super) published_optimal: bool,
}

pub(super) fn solve(
    view: &View,
    fixed: &[(Id, Id)],
    window: Option<Given>,
) -> Result<Solved, SolveError> {
    solve_tweaked(view, fixed, window, None, None)
}

/// The real optimum (with the pairs of `fixed` kept): the relaxation's optimum when the rest
/// of the field can still be paired around it (it is then feasible, and nothing feasible
/// weighs more), else one matching over every player still to pair.
pub(super) fn optimum(
    view: &View,
    fixed: &[(Id, Id)],
    window: Option<Solved>,
) -> Result<Solved, SolveError> {
    let window = match window {
        Some(w) => Some(w),
        None => solve(view, fixed, Some((&[], None))).ok(),
    };
    if let Some(w) = window
        && completes(view, &w)
    {
        return Ok(w);
    }
    solve(view, fixed, None)
}

/// Whether the players still to pair, less those the relaxation paired (and its PAB), have
/// a complete pairing (C1, C3; a PAB of the published score when needed).
pub(super) fn completes(view: &View, w: &Solved) -> bool {
    let ctx = view.ctx;
    let used: HashSet<Id> =
        w.pairs.iter().chain(&w.next_pairs).flat_map(|&(x, y)| [x, y]).chain(w.pab).collect();
    let mut rest: Vec<Id> = view.b.mdps.clone();
    rest.extend(ctx.order.iter().filter(|&&x| ctx.score(x) <= view.b.score));
    rest.retain(|x| !used.contains(x));
    let n = rest.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ctx.compatible(rest[i], rest[j]) {
                edges.push((i, j));
            }
        }
    }
    let mut nv = n;
    if n % 2 == 1 {
        if w.pab.is_some() {
            return false;
        }
        for (i, &x) in rest.iter().enumerate() {
            if ctx.hist[&x].pab_eligible && Some(ctx.score(x)) == view.pab_score {
                edges.push((i, n));
            }
        }
        nv += 1;
    }
    crate::oracle::perfect_matching(nv, &edges).is_some()
}

/// Tie-break fields below every criterion: per bracket pair, pieces (value, shift) added
/// at `shift` bits above the lowest tie-break bit; `bits` is the width they take. The
/// pieces are read by places: each player's place is looked up once per matching (`place`,
/// `None`: no pieces), then `pieces` of the two places per edge.
pub(super) struct Tweak<'a> {
    pub(crate) bits: u32,
    pub(crate) place: &'a dyn Fn(Id) -> Option<usize>,
    pub(crate) pieces: &'a dyn Fn(usize, usize, &mut Pieces),
}

/// A pair's tie-break pieces (value, shift), appended by [`Tweak::pieces`].
pub(super) type Pieces = Vec<(u64, u32)>;

/// [`solve`] with tie-break fields ([`Tweak`]): then only some bracket pairs are fixed, and
/// the other bracket members pair each other as usual.
///
/// `tight`: in the relaxation, the edges that may belong to a matching optimal on the
/// criteria ([`tight_window`]); the others are left out. Every matching optimal on the
/// criteria uses only such edges, and the tie-break fields sit below every criterion, so
/// the optimum is the same.
pub(super) fn solve_tweaked(
    view: &View,
    fixed: &[(Id, Id)],
    window: Option<Given>,
    tweak: Option<&Tweak>,
    tight: Option<&[bool]>,
) -> Result<Solved, SolveError> {
    let ctx = view.ctx;
    MATCHINGS.with(|c| {
        let (w, f) = c.get();
        c.set(if window.is_some() { (w + 1, f) } else { (w, f + 1) });
    });
    let key = GraphKey {
        fixed: fixed.to_vec(),
        window: window.is_some(),
        members_apart: tweak.is_none() && !fixed.is_empty(),
        pab_inside: PAB_INSIDE.with(|c| c.get()),
    };
    let g = view.graph(key.clone())?;
    let tight = tight.filter(|t| window.is_some() && t.len() == g.edges.len() + g.nv);
    let (n, dummy) = (g.n, g.dummy);
    let tweak_bits = tweak.map_or(0, |t| t.bits);
    let total: u32 = g.bits + tweak_bits;
    let given: Option<Vec<(usize, usize)>> = window.map(|(ps, pab)| {
        let mut v: Vec<(usize, usize)> =
            ps.iter().filter_map(|(x, y)| Some((*g.index.get(x)?, *g.index.get(y)?))).collect();
        if let (Some(p), Some(d)) = (pab.and_then(|p| g.index.get(&p)), dummy) {
            v.push((*p, d));
        }
        v
    });
    let full = (window.is_none(), view.graphs.wants_window());
    let given_ix = given.clone();
    let given = given.as_deref();
    let (mates, published_optimal, window_tight) = if total + 4 <= 120 {
        let low = |w: &Wide| (w.0[0] as u128 | (w.0[1] as u128) << 64) as i128;
        run::<i128>(&g, &view.graphs, low, full, given, tweak, tight)
    } else if total + 4 <= 250 {
        let low = |w: &Wide| WideN([w.0[0], w.0[1], w.0[2], w.0[3]]);
        run::<Wide256>(&g, &view.graphs, low, full, given, tweak, tight)
    } else if total + 4 <= 436 {
        let low = |w: &Wide| WideN([w.0[0], w.0[1], w.0[2], w.0[3], w.0[4], w.0[5], w.0[6]]);
        run::<Wide448>(&g, &view.graphs, low, full, given, tweak, tight)
    } else if total + 4 <= 500 {
        run::<Wide>(&g, &view.graphs, |w| *w, full, given, tweak, tight)
    } else {
        return Err(SolveError::TooWide { bits: total });
    };
    // The relaxation's certificate, kept for the order check's tight window of this graph.
    if let (Some(t), Some(given)) = (window_tight, given_ix) {
        view.graphs.keep_tight((key, given, t.map(Rc::new)));
    }
    let mut pairs = Vec::new();
    let mut next_pairs = Vec::new();
    let mut pab = None;
    for (i, m) in mates.iter().enumerate() {
        let Some(j) = *m else { continue };
        if i >= n {
            continue;
        }
        if j >= n {
            pab = Some(g.players[i]);
            continue;
        }
        if i > j {
            continue;
        }
        let (x, y) = (g.players[i], g.players[j]);
        let (x, y) = if ctx.rank[&x] < ctx.rank[&y] { (x, y) } else { (y, x) };
        if g.member[i] && g.member[j] {
            pairs.push((x, y));
        } else if view.has_next && g.in_next[i] && g.in_next[j] {
            next_pairs.push((x, y));
        }
    }
    if full.0 && mates.iter().take(n).any(|m| m.is_none()) {
        return Err(SolveError::Incomplete);
    }
    pairs.extend(fixed.iter().copied());
    Ok(Solved { pairs, next_pairs, pab, published_optimal })
}

/// Packs the criteria fields (above `1 + tweak bits`) and the tie-break fields into doubled
/// weights and solves; with `given` (the relaxation), whether those pairs reach the optimum,
/// and, with `keep_window`, for the relaxation without tie-break fields on every edge solved
/// by the sparse matching, its tight window ([`tight_window`]: `Some(None)` when the pairs do not reach
/// the optimum), from the same certificate.
#[allow(clippy::type_complexity)]
pub(super) fn run<W: Weight + 'static>(
    g: &Graph,
    graphs: &Graphs,
    low: impl Fn(&Wide) -> W,
    (max_cardinality, keep_window): (bool, bool),
    given: Option<&[(usize, usize)]>,
    tweak: Option<&Tweak>,
    tight: Option<&[bool]>,
) -> (Vec<Option<usize>>, bool, Option<Option<Vec<bool>>>) {
    let nv = g.nv;
    // Weights are doubled (bit 0 is free): every dual stays an integer.
    let shift = 1 + tweak.map_or(0, |t| t.bits);
    let base: Vec<W> = g.table.iter().map(|w| low(&w.shl(shift))).collect();
    if let (None, None, false) = (tweak, tight, max_cardinality) {
        // Every edge with its criteria weight: read off the graph's table, no list written.
        let edges = Patterned { ends: &g.edges, pattern: &g.pattern, table: &base };
        return relaxation(nv, &edges, &g.hint, keep_window, given);
    }
    let mut buf = Vec::new();
    let places: Vec<Option<usize>> =
        tweak.map_or(Vec::new(), |t| g.players.iter().map(|&x| (t.place)(x)).collect());
    // The edges kept: all, or the tight ones.
    let keep = |k: usize| tight.is_none_or(|t| t[k]);
    let mut packed: Vec<(usize, usize, W)> = graphs.edge_list();
    packed.extend(g.edges.iter().zip(&g.pattern).enumerate().filter(|&(k, _)| keep(k)).map(
        |(_, (&(i, j), &p))| {
            let (i, j) = (i as usize, j as usize);
            let mut w = base[p as usize];
            if let Some(t) = tweak
                && j < g.n
                && g.member[i]
                && g.member[j]
                && let (Some(a), Some(b)) = (places[i], places[j])
            {
                let mut tie = Wide::zero();
                buf.clear();
                (t.pieces)(a, b, &mut buf);
                for &(v, sh) in &buf {
                    if v > 0 {
                        tie = tie.plus(Wide::shifted(v, 1 + sh));
                    }
                }
                w = w.plus(low(&tie));
            }
            (i, j, w)
        },
    ));
    let hint: Vec<usize> = match tight {
        None => g.hint.clone(),
        Some(t) => {
            // Each kept hint edge's place among the kept edges, counted in one pass in the
            // order of the edges (no index of every edge: millions at 10,000 players).
            let mut order: Vec<usize> = (0..g.hint.len()).collect();
            order.sort_unstable_by_key(|&h| g.hint[h]);
            let mut at = vec![usize::MAX; g.hint.len()];
            let (mut k, mut l) = (0, 0);
            for h in order {
                let target = g.hint[h];
                l += t[k..target].iter().filter(|&&kept| kept).count();
                k = target;
                if t[target] {
                    at[h] = l;
                }
            }
            at.into_iter().filter(|&l| l != usize::MAX).collect()
        }
    };
    let out = solve_packed(nv, &packed, &hint, max_cardinality, given);
    graphs.give_back(packed);
    out
}

/// The matching of [`run`] without tie-break fields and without a window (the relaxation):
/// over every player still to pair a complete pairing exists (the published one), so the
/// heaviest perfect matching is the optimum; its warm start pairs the players below the
/// next scoregroup (weight 0) among themselves first. With `keep_window`, the tight window
/// of its certificate when the `given` pairs reach the optimum.
#[allow(clippy::type_complexity)]
fn relaxation<W: Weight, E: Edges<W> + ?Sized>(
    nv: usize,
    edges: &E,
    hint: &[usize],
    keep_window: bool,
    given: Option<&[(usize, usize)]>,
) -> (Vec<Option<usize>>, bool, Option<Option<Vec<bool>>>) {
    if let (true, Some(given)) = (keep_window, given) {
        let reached = |mates: &[Option<usize>]| reaches_optimum(nv, edges, mates, given);
        let (mates, window) =
            wmatch::max_weight_matching_sparse_from_tight(nv, edges, hint, reached);
        let reached = match &window {
            Some(t) => t.is_some(),
            None => reaches_optimum(nv, edges, &mates, given),
        };
        return (mates, reached, window);
    }
    let mates = wmatch::max_weight_matching_sparse_of(nv, edges, hint);
    let reached = given.is_some_and(|given| reaches_optimum(nv, edges, &mates, given));
    (mates, reached, None)
}

/// The matching of [`run`] on its `packed` edges (with tie-break fields, on a window, or of
/// maximum cardinality).
#[allow(clippy::type_complexity)]
fn solve_packed<W: Weight>(
    nv: usize,
    packed: &[(usize, usize, W)],
    hint: &[usize],
    max_cardinality: bool,
    given: Option<&[(usize, usize)]>,
) -> (Vec<Option<usize>>, bool, Option<Option<Vec<bool>>>) {
    let mates = if max_cardinality {
        wmatch::max_weight_perfect_matching_from(nv, packed, hint)
    } else {
        wmatch::max_weight_matching_sparse_from(nv, packed, hint)
    };
    let reached = given.is_some_and(|given| reaches_optimum(nv, packed, &mates, given));
    (mates, reached, None)
}

/// Whether the `given` pairs weigh at least as much as the matching `mates` on the edges
/// `packed`: the weights of the pairs compared only (the edges are many: no map of all).
fn reaches_optimum<W: Weight, E: Edges<W> + ?Sized>(
    nv: usize,
    packed: &E,
    mates: &[Option<usize>],
    given: &[(usize, usize)],
) -> bool {
    // Through the edges' index when they have one (no scan of millions of edges).
    let weight =
        |i: usize, j: usize| packed.find(i.min(j), i.max(j)).map(|k| k.map(|k| packed.edge(k).2));
    let mut matched =
        mates.iter().enumerate().filter_map(|(v, m)| m.filter(|&u| v < u).map(|u| (v, u)));
    let sum = |pairs: &mut dyn Iterator<Item = (usize, usize)>| {
        pairs
            .map(|(i, j)| weight(i, j))
            .try_fold(W::zero(), |s, w| w.map(|w| s.plus(w.unwrap_or(W::zero()))))
    };
    if let (Some(best), Some(published)) = (sum(&mut matched), sum(&mut given.iter().copied())) {
        return published >= best;
    }
    let mut given_partner = vec![usize::MAX; nv];
    for &(i, j) in given {
        given_partner[i] = j;
        given_partner[j] = i;
    }
    let (mut best, mut published) = (W::zero(), W::zero());
    for k in 0..packed.count() {
        let (i, j, w) = packed.edge(k);
        if mates[i] == Some(j) {
            best = best.plus(w);
        }
        if given_partner[i] == j {
            published = published.plus(w);
        }
    }
    published >= best
}

/// The edges of the relaxation of `fixed` (the graph of the order check's stages) that may
/// belong to a matching optimal on the criteria, when the `given` pairs (the published
/// bracket and next bracket pairs, the PAB) reach that optimum: then every bracket pairing
/// as good as the published one is, restricted to the relaxation, such a matching, held by
/// edges tight under an optimal dual solution
/// ([`wmatch::max_weight_matching_sparse_tight`]); after the edges, per vertex, whether
/// such a matching may leave it free. `None` when the given pairs do not reach the optimum
/// (or the graph is not built): the stages then see every edge.
///
/// Kept per graph and given pairs ([`super::graph::Graphs`]): the quality check's relaxation
/// of the same graph leaves its own certificate's window there (the same matching, solved
/// once), and a window found here serves both parts of the order check.
pub(super) fn tight_window(view: &View, fixed: &[(Id, Id)], given: Given) -> Option<Rc<Vec<bool>>> {
    let key = window_key(fixed);
    let g = view.graph(key.clone()).ok()?;
    let (ps, pab) = given;
    let mut given: Vec<(usize, usize)> =
        ps.iter().filter_map(|(x, y)| Some((*g.index.get(x)?, *g.index.get(y)?))).collect();
    if let (Some(p), Some(d)) = (pab.and_then(|p| g.index.get(&p)), g.dummy) {
        given.push((*p, d));
    }
    if let Some(kept) = view.graphs.tight(&key, &given) {
        return kept;
    }
    let found = if g.bits + 4 <= 120 {
        let low = |w: &Wide| (w.0[0] as u128 | (w.0[1] as u128) << 64) as i128;
        tight::<i128>(&g, low, &given)
    } else if g.bits + 4 <= 250 {
        tight::<Wide256>(&g, |w| WideN([w.0[0], w.0[1], w.0[2], w.0[3]]), &given)
    } else if g.bits + 4 <= 500 {
        tight::<Wide>(&g, |w| *w, &given)
    } else {
        return None;
    };
    let found = found.map(Rc::new);
    view.graphs.keep_tight((key, given, found.clone()));
    found
}

/// The key of the relaxation graph of `fixed` that the tight window and its places read.
pub(super) fn window_key(fixed: &[(Id, Id)]) -> GraphKey {
    GraphKey {
        fixed: fixed.to_vec(),
        window: true,
        members_apart: false,
        pab_inside: PAB_INSIDE.with(|c| c.get()),
    }
}

fn tight<W: Weight + 'static>(
    g: &Graph,
    low: impl Fn(&Wide) -> W,
    given: &[(usize, usize)],
) -> Option<Vec<bool>> {
    let base: Vec<W> = g.table.iter().map(|w| low(&w.shl(1))).collect();
    let edges = Patterned { ends: &g.edges, pattern: &g.pattern, table: &base };
    let (mates, tight) = wmatch::max_weight_matching_sparse_tight(g.nv, &edges, &g.hint);
    reaches_optimum(g.nv, &edges, &mates, given).then_some(tight)
}

/// The pairs of `among` (players keyed by their place in the remainder) joined by a kept
/// edge of `tight` ([`tight_window`] for the same `fixed`) that `keep` accepts (smaller
/// place first): per place `a`, the larger places `b` it is so joined to (a list per place,
/// no set of every pair). With `leaving` (pairs kept apart), also per place whether the
/// player may leave `among` in a matching optimal on the criteria: a kept edge joins it to
/// a player (or the PAB vertex) outside `among` and those pairs, or it may be left free.
/// One pass over the edges for both.
#[allow(clippy::type_complexity)]
pub(super) fn tight_places<S: std::hash::BuildHasher>(
    view: &View,
    fixed: &[(Id, Id)],
    tight: &[bool],
    among: &std::collections::HashMap<Id, usize, S>,
    keep: impl Fn(usize, usize) -> bool,
    leaving: Option<&[(Id, Id)]>,
) -> Option<(Vec<Vec<usize>>, Option<Vec<bool>>)> {
    let g = view.graph(window_key(fixed)).ok()?;
    if tight.len() != g.edges.len() + g.nv {
        return None;
    }
    let kept: HashSet<Id> = leaving.unwrap_or(&[]).iter().flat_map(|&(x, y)| [x, y]).collect();
    // A player's place in `among`; `Some(None)` outside it, `None` in a kept pair.
    let place: Vec<Option<Option<usize>>> =
        g.players.iter().map(|x| (!kept.contains(x)).then(|| among.get(x).copied())).collect();
    let at = |v: u32| place.get(v as usize).copied().unwrap_or(Some(None));
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); among.len()];
    let mut leave = leaving.map(|_| vec![false; among.len()]);
    if let Some(leave) = leave.as_mut() {
        for v in 0..g.nv {
            if let Some(Some(a)) = at(v as u32)
                && tight[g.edges.len() + v]
            {
                leave[a] = true;
            }
        }
    }
    for (k, &(i, j)) in g.edges.iter().enumerate() {
        if !tight[k] {
            continue;
        }
        match (at(i), at(j)) {
            (Some(Some(a)), Some(Some(b))) => {
                let (a, b) = (a.min(b), a.max(b));
                if keep(a, b) {
                    out[a].push(b);
                }
            }
            (Some(Some(a)), Some(None)) | (Some(None), Some(Some(a))) => {
                if let Some(leave) = leave.as_mut() {
                    leave[a] = true;
                }
            }
            _ => {}
        }
    }
    Some((out, leave))
}
