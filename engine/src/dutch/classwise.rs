//! A restart's two passes over every pair, done class by class (`matcher`, module docs:
//! "When most vertices changed, the matcher starts afresh"; `docs/dutch.md`, Speed, "The
//! restart by class").
//!
//! A restarted matcher tallies each vertex's weights inside its group (its starting dual)
//! and then counts each vertex's uncovered edges (the order of its dual raises): two reads
//! of every pair, k² weights for a bracket of k players, while the search after it often
//! does nothing. On the class model's first solve (`bracket::model::Model` before any decision) a
//! pair's weight depends only on the two players' classes, their order and where the
//! later one stands (an MDP, a resident, the next group), except that a pair that met
//! weighs zero. So both passes are counted per class and range of positions instead: for
//! a vertex v, the players of one class before v weigh one weight, those after v among the
//! residents another, those after v in the next group a third; the tally adds each weight
//! with its count, the uncovered count adds, per class and distinct dual of its players,
//! the players of a range whose dual is below the weight less v's (binary searches in
//! sorted position lists); the pairs v met are then taken out again one by one. The
//! extra vertex after the players (the bye dummy, or the next group as one vertex) is
//! read edge by edge. O(k · cells · distinct duals · log k) instead of k² reads (cells:
//! the class and group pairs present, a few in a Dutch bracket), with exactly the same
//! tallies and counts, so the same duals and the same matching.
//!
//! After its greedy start, the restart also takes the search's first dual step here
//! ([`step`]; `docs/dutch.md`, "A restart's first dual step by class"): labels grown over
//! cells of class and dual instead of vertex by vertex, δ read per cell and range the same
//! way. A step changes the duals (to others that cover every edge, the matched edges
//! tight), so unlike the two passes it is not what reading the pairs would give: the
//! search after it still finds an optimum, and the pairings stayed the same on every
//! event compared (the later steps decide among equal optima).

use super::weight::Weight;

/// What the class-by-class passes read from a weight source whose pair weights follow
/// classes: players at positions `0..players()`, an extra vertex at `players()` if the
/// matcher has one.
pub(crate) trait ClassView<const NW: usize> {
    /// The number of players.
    fn players(&self) -> usize;
    /// The class of the player at `a`.
    fn class_of(&self, a: usize) -> u32;
    /// `(sgb, ngb)`: the players before `sgb` (MDPs) have no edge to each other; a pair's
    /// weight depends on whether its later player is before `ngb` (a resident) or not
    /// (the next group).
    fn bounds(&self) -> (usize, usize);
    /// Twice the weight of (a, b), `a < b`, `b >= sgb`, a pair that has not met: the same
    /// for every such pair of the same two classes in that order whose later player
    /// stands in the same part (before or from `ngb`). Never asked of a pair that met (the
    /// class model caches it as its classes').
    fn unmet_w2(&self, a: usize, b: usize) -> Weight<NW>;
    /// The positions `a` has met, sorted (their pairs weigh zero).
    fn met_of(&self, a: usize) -> &[u32];
    /// Twice the weight of (a, extra vertex).
    fn extra_w2(&self, a: usize) -> Weight<NW>;
}

/// The alive players of one class (and group), by position and by dual.
struct Cell<const NW: usize> {
    group: u32,
    /// Sorted positions.
    pos: Vec<u32>,
    /// (dual, sorted positions), by increasing dual.
    by_dual: Vec<(Weight<NW>, Vec<u32>)>,
}

/// The number of entries of the sorted `list` in `lo..hi`.
fn in_range(list: &[u32], lo: usize, hi: usize) -> usize {
    if lo >= hi {
        return 0;
    }
    list.partition_point(|&p| (p as usize) < hi) - list.partition_point(|&p| (p as usize) < lo)
}

/// The alive players grouped by class and `group(position)` (each cell's positions
/// sorted), with their duals when given; and the cell of each alive player.
fn cells<const NW: usize, C: ClassView<NW>>(
    c: &C,
    alive: &[bool],
    group: impl Fn(usize) -> u32,
    dual: Option<&[Weight<NW>]>,
) -> (Vec<Cell<NW>>, Vec<usize>) {
    let mut at = std::collections::BTreeMap::new();
    let mut cells: Vec<Cell<NW>> = Vec::new();
    let mut cell_of = vec![usize::MAX; c.players()];
    for a in (0..c.players()).filter(|&a| alive[a]) {
        let key = (c.class_of(a), group(a));
        let i = *at.entry(key).or_insert_with(|| {
            cells.push(Cell { group: key.1, pos: Vec::new(), by_dual: Vec::new() });
            cells.len() - 1
        });
        cells[i].pos.push(a as u32);
        cell_of[a] = i;
    }
    if let Some(dual) = dual {
        for cell in &mut cells {
            let mut by: Vec<(Weight<NW>, u32)> =
                cell.pos.iter().map(|&p| (dual[p as usize], p)).collect();
            by.sort();
            for (y, p) in by {
                match cell.by_dual.last_mut() {
                    Some((z, list)) if *z == y => list.push(p),
                    _ => cell.by_dual.push((y, vec![p])),
                }
            }
        }
    }
    (cells, cell_of)
}

/// The position ranges whose pairs with `v` weigh one weight per class: the players before
/// `v` (none when `v` is an MDP: MDPs have no edge to each other), those after it up to
/// `ngb`, and those after it from `ngb` (MDPs after an MDP left out).
fn ranges(v: usize, sgb: usize, ngb: usize, k: usize) -> [(usize, usize); 3] {
    let before = if v >= sgb { (0, v) } else { (0, 0) };
    let lo = (v + 1).max(sgb);
    let mid = lo.max(ngb);
    [before, (lo, mid), (mid, k)]
}

/// The alive players `v` met, each with its cell and the index of its range (`ranges`;
/// none: two MDPs, no edge).
fn met_by<const NW: usize, C: ClassView<NW>>(
    c: &C,
    v: usize,
    alive: &[bool],
    cell_of: &[usize],
    ranges: &[(usize, usize); 3],
    out: &mut Vec<(usize, usize, usize)>,
) {
    out.clear();
    let met = c.met_of(v);
    for (i, &u) in met.iter().enumerate() {
        let u = u as usize;
        if (i > 0 && met[i - 1] as usize == u) || u == v || u >= alive.len() || !alive[u] {
            continue;
        }
        if let Some(r) = ranges.iter().position(|&(lo, hi)| lo <= u && u < hi) {
            out.push((cell_of[u], r, u));
        }
    }
}

/// Twice the weight of `v`'s edges to the players of `cell` in `lo..hi` that it has not
/// met (the first such player's: the same for all), `None` when there is none.
fn range_weight<const NW: usize, C: ClassView<NW>>(
    c: &C,
    v: usize,
    cell: &Cell<NW>,
    lo: usize,
    hi: usize,
) -> Option<Weight<NW>> {
    let met = c.met_of(v);
    let from = cell.pos.partition_point(|&p| (p as usize) < lo);
    let u = cell.pos[from..]
        .iter()
        .map(|&p| p as usize)
        .take_while(|&p| p < hi)
        .find(|&p| met.binary_search(&(p as u32)).is_err())?;
    Some(if u < v { c.unmet_w2(u, v) } else { c.unmet_w2(v, u) })
}

/// A restart's rows read class by class ([`reach`]; `matcher::Weights::restart_rows`):
/// the alive players by class and dual as they stood when made, and the players whose
/// dual changed since (read one by one).
pub(crate) struct Rows<const NW: usize> {
    cells: Vec<Cell<NW>>,
    stale: Vec<usize>,
    is_stale: Vec<bool>,
}

impl<const NW: usize> Rows<NW> {
    /// Whether [`reach`] answers for `v` (a player; the extra vertex's row is read).
    pub(crate) fn covers(&self, v: usize) -> bool {
        v < self.is_stale.len()
    }

    /// `v`'s dual changed: it is read one by one from now on.
    pub(crate) fn changed(&mut self, v: usize) {
        if v < self.is_stale.len() && !self.is_stale[v] {
            self.is_stale[v] = true;
            self.stale.push(v);
        }
    }
}

/// The rows of the alive players under `dual` ([`reach`]).
pub(crate) fn rows<const NW: usize, C: ClassView<NW>>(
    c: &C,
    alive: &[bool],
    dual: &[Weight<NW>],
) -> Rows<NW> {
    let (cells, _) = cells(c, alive, |_| 0, Some(dual));
    Rows { cells, stale: Vec::new(), is_stale: vec![false; c.players()] }
}

/// Twice the weight of (v, u), two players (zero: no edge).
fn pair_w2<const NW: usize, C: ClassView<NW>>(c: &C, v: usize, u: usize) -> Weight<NW> {
    let (a, b) = (v.min(u), v.max(u));
    if b < c.bounds().0 || c.met_of(a).binary_search(&(b as u32)).is_ok() {
        return Weight::ZERO;
    }
    c.unmet_w2(a, b)
}

/// A restart's row of the player `v` read class by class (its dual raised to cover its
/// edges, or lowered to its least slack): over the alive vertices `u` whose edge to `v`
/// is uncovered under `y0` (`w2(v, u) > y0 + dual[u]`), the largest `w2(v, u) - dual[u]`
/// (`None`: no such edge), calling `f(u)` for each such `u` when given. Per cell and range
/// ([`ranges`]) one weight: the cell's duals below it less `y0` are uncovered, the least
/// of them (not met by `v`) gives the largest difference; the stale players and the
/// extra vertex are read one by one. The same answer as reading the row.
pub(crate) fn reach<const NW: usize, C: ClassView<NW>>(
    c: &C,
    rows: &Rows<NW>,
    v: usize,
    alive: &[bool],
    dual: &[Weight<NW>],
    y0: &Weight<NW>,
    mut f: Option<&mut dyn FnMut(usize)>,
) -> Option<Weight<NW>> {
    let k = c.players();
    let (sgb, ngb) = c.bounds();
    let met = c.met_of(v);
    let mut best: Option<Weight<NW>> = None;
    let mut take = |d: Weight<NW>| {
        if best.is_none_or(|b| d > b) {
            best = Some(d);
        }
    };
    let eligible = |p: u32| {
        let u = p as usize;
        u != v && !rows.is_stale[u] && met.binary_search(&p).is_err()
    };
    for cell in &rows.cells {
        for &(lo, hi) in &ranges(v, sgb, ngb, k) {
            let Some(w) = range_weight(c, v, cell, lo, hi) else { continue };
            if w <= *y0 {
                continue;
            }
            let t = w.sub(y0);
            let mut found = false;
            for (y, list) in &cell.by_dual {
                if *y >= t {
                    break;
                }
                let from = list.partition_point(|&p| (p as usize) < lo);
                let to = list.partition_point(|&p| (p as usize) < hi);
                let members = list[from..to].iter().copied().filter(|&p| eligible(p));
                match f.as_mut() {
                    Some(f) => members.for_each(|p| {
                        if !found {
                            found = true;
                            take(w.sub(y));
                        }
                        f(p as usize);
                    }),
                    None => {
                        if members.take(1).count() == 1 {
                            take(w.sub(y));
                            break;
                        }
                    }
                }
            }
        }
    }
    let mut direct = |u: usize, w: Weight<NW>| {
        if !w.is_zero() && y0.add(&dual[u]) < w {
            take(w.sub(&dual[u]));
            if let Some(f) = f.as_mut() {
                f(u);
            }
        }
    };
    for &u in &rows.stale {
        if u != v && alive[u] {
            direct(u, pair_w2(c, v, u));
        }
    }
    if alive.len() > k && alive[k] {
        direct(k, c.extra_w2(v));
    }
    best
}

/// A restart's tally (`matcher::Weights::restart_tally`): calls `f(v, w, count)` for each
/// alive vertex `v` and each doubled weight `w` of its non-zero edges to the alive vertices
/// of its group, `count` such edges at a time (one weight may come in several calls).
pub(crate) fn tally<const NW: usize, C: ClassView<NW>>(
    c: &C,
    alive: &[bool],
    group: &[u32],
    f: &mut dyn FnMut(usize, &Weight<NW>, u32),
) {
    let k = c.players();
    let (sgb, ngb) = c.bounds();
    let extra = alive.len() > k && alive[k];
    let (cells, cell_of) = cells(c, alive, |a| group[a], None);
    let mut met = Vec::new();
    for v in (0..k).filter(|&v| alive[v]) {
        let g = group[v];
        let rs = ranges(v, sgb, ngb, k);
        met_by(c, v, alive, &cell_of, &rs, &mut met);
        for (ci, cell) in cells.iter().enumerate().filter(|(_, cell)| cell.group == g) {
            for (r, &(lo, hi)) in rs.iter().enumerate() {
                let all = in_range(&cell.pos, lo, hi);
                // The pairs v met weigh zero: not edges.
                let met_here = met.iter().filter(|m| m.0 == ci && m.1 == r).count();
                if all == met_here {
                    continue;
                }
                let w = range_weight(c, v, cell, lo, hi).expect("a player v has not met");
                if !w.is_zero() {
                    f(v, &w, (all - met_here) as u32);
                }
            }
        }
        if extra && group[k] == g {
            let w = c.extra_w2(v);
            if !w.is_zero() {
                f(v, &w, 1);
                f(k, &w, 1);
            }
        }
    }
}

/// A restart's uncovered edges (`matcher::Weights::restart_uncovered`): adds to `count[v]`
/// the number of alive vertices `u != v` with `dual[v] + dual[u] < w2(v, u)`.
pub(crate) fn uncovered<const NW: usize, C: ClassView<NW>>(
    c: &C,
    alive: &[bool],
    dual: &[Weight<NW>],
    count: &mut [u32],
) {
    let k = c.players();
    let (sgb, ngb) = c.bounds();
    let extra = alive.len() > k && alive[k];
    let (cells, cell_of) = cells(c, alive, |_| 0, Some(dual));
    let mut met = Vec::new();
    for v in (0..k).filter(|&v| alive[v]) {
        let yv = dual[v];
        let rs = ranges(v, sgb, ngb, k);
        met_by(c, v, alive, &cell_of, &rs, &mut met);
        let mut n = 0usize;
        for (ci, cell) in cells.iter().enumerate() {
            for (r, &(lo, hi)) in rs.iter().enumerate() {
                let Some(w) = range_weight(c, v, cell, lo, hi) else { continue };
                if w <= yv {
                    continue;
                }
                // Uncovered: dual[u] < w - yv, unless v met u (no edge).
                let t = w.sub(&yv);
                for (y, list) in &cell.by_dual {
                    if *y >= t {
                        break;
                    }
                    n += in_range(list, lo, hi);
                }
                n -= met.iter().filter(|m| m.0 == ci && m.1 == r && dual[m.2] < t).count();
            }
        }
        count[v] += n as u32;
        if extra && yv.add(&dual[k]) < c.extra_w2(v) {
            count[v] += 1;
            count[k] += 1;
        }
    }
}

/// No mate (`step`'s `mate`).
const NONE: usize = usize::MAX;
/// `step`'s labels: outer (duals lowered) and inner (raised), as a search's trees label.
const OUTER: u8 = 1;
const INNER: u8 = 2;
/// `step` grows its tree over at most this many cells of class and dual (a few dozen in
/// the Dutch first matchings measured).
const STEP_CELLS: usize = 256;

/// A restart's dual step by class (`matcher::Weights::restart_step`): the first dual step
/// of a search, taken on trees grown cell by cell instead of vertex by vertex. `dual` must
/// cover every edge and `mate` (a vertex's mate or `usize::MAX`) hold tight edges only.
///
/// The labels: the free vertices of positive dual (the roots) are outer. From an outer
/// player `v` (one per cell of class and dual, the first labelled), a cell whose edges
/// from `v` are tight in one of `v`'s ranges has its matched players labelled inner and
/// their mates outer (a pair is labelled at once, so a matched pair is outer-inner or of
/// neither side), and so on while a cell is reached. That is the search's tree as far as
/// the weights follow classes; it need not be exactly the tree, since δ is then taken
/// exactly: the outer players lower their duals by δ and the inner ones raise theirs by
/// δ, δ the largest even amount that keeps every edge covered (an edge between two outer
/// players loses 2δ, one from an outer player to a player of neither side δ, the others
/// nothing: read per cell of class and label and range, the pairs `v` met left out) and no
/// dual negative. Matched pairs stay tight. False (nothing changed) when δ is zero.
///
/// Why: the weights of a first matching follow classes, and when one class outnumbers the
/// class it pairs best with (the players of one colour preference, say), the greedy start
/// leaves the surplus free, each root's tree then grows through the tight edges over the
/// whole bracket and every outer vertex reads its row before the one dual step that makes
/// the surplus's pairs tight (in a bracket of 4,246 players: 92 roots, 2,170 rows read,
/// 85 ms). Here that step costs a pass per cell and range (as `uncovered`), and the roots
/// then pair over the edges it made tight.
pub(crate) fn step<const NW: usize, C: ClassView<NW>>(
    c: &C,
    alive: &[bool],
    dual: &mut [Weight<NW>],
    mate: &[usize],
) -> bool {
    let k = c.players();
    let n = alive.len();
    let mut label = vec![0u8; n];
    for v in (0..n).filter(|&v| alive[v] && mate[v] == NONE && !dual[v].is_zero()) {
        label[v] = OUTER;
    }
    if !label.contains(&OUTER) {
        return false;
    }
    // Cells of class and dual (the dual's rank among the distinct duals).
    let mut duals: Vec<Weight<NW>> = (0..k).filter(|&a| alive[a]).map(|a| dual[a]).collect();
    duals.sort_unstable();
    duals.dedup();
    let rank = |a: usize| duals.binary_search(&dual[a]).map_or(u32::MAX, |r| r as u32);
    let (by_dual, cell_of) = cells(c, alive, rank, None);
    if by_dual.len() > STEP_CELLS {
        // Growing reads cells × cells ranges: with duals spread over many values, a pass
        // over the pairs would cost less.
        return false;
    }
    let (sgb, ngb) = c.bounds();
    // Grow: each cell is reached (its matched players labelled) at most once, and each
    // cell is grown from once, from its first outer player.
    let mut reached = vec![false; by_dual.len()];
    let mut grown = vec![false; by_dual.len()];
    let mut queue: Vec<usize> = (0..k).filter(|&v| label[v] == OUTER).collect();
    let extra = n > k && alive[k];
    while let Some(v) = queue.pop() {
        if grown[cell_of[v]] {
            continue;
        }
        grown[cell_of[v]] = true;
        let yv = dual[v];
        let rs = ranges(v, sgb, ngb, k);
        for (ci, cell) in by_dual.iter().enumerate() {
            if reached[ci] {
                continue;
            }
            let yu = dual[cell.pos[0] as usize];
            let tight = rs.iter().any(|&(lo, hi)| {
                range_weight(c, v, cell, lo, hi).is_some_and(|w| !w.is_zero() && yv.add(&yu) == w)
            });
            if !tight {
                continue;
            }
            reached[ci] = true;
            for &u in &cell.pos {
                let u = u as usize;
                if label[u] == 0 && mate[u] != NONE {
                    label[u] = INNER;
                    label[mate[u]] = OUTER;
                    if mate[u] < k {
                        queue.push(mate[u]);
                    }
                }
            }
        }
        // The extra vertex, from any outer player.
        if extra && label[k] == 0 && mate[k] != NONE {
            let w = c.extra_w2(v);
            if !w.is_zero() && yv.add(&dual[k]) == w {
                label[k] = INNER;
                label[mate[k]] = OUTER;
                queue.push(mate[k]);
            }
        }
    }
    // δ, per cell of class and label.
    let (cells, cell_of) = cells(c, alive, |a| label[a] as u32, Some(dual));
    let mut delta: Option<Weight<NW>> = None;
    let mut bound = |b: Weight<NW>| {
        if delta.is_none_or(|d| b < d) {
            delta = Some(b);
        }
    };
    // The slack `yv + yu - w` as a bound on δ: halved between two outer vertices; None when
    // the edge is not covered (a caller's broken promise: no step).
    let limit =
        |yv: &Weight<NW>, yu: &Weight<NW>, w: &Weight<NW>, both: bool| -> Option<Weight<NW>> {
            let y = yv.add(yu);
            (y >= *w).then(|| if both { y.sub(w).half() } else { y.sub(w) })
        };
    let mut met = Vec::new();
    for v in (0..k).filter(|&v| label[v] == OUTER) {
        let yv = dual[v];
        bound(yv);
        let rs = ranges(v, sgb, ngb, k);
        met_by(c, v, alive, &cell_of, &rs, &mut met);
        for (ci, cell) in cells.iter().enumerate() {
            let outer = match cell.group as u8 {
                OUTER => true,
                0 => false,
                _ => continue,
            };
            for (r, &(lo, hi)) in rs.iter().enumerate() {
                let Some(w) = range_weight(c, v, cell, lo, hi) else { continue };
                if w.is_zero() {
                    continue;
                }
                // The least dual of the cell's players in the range that v has not met.
                let least = cell.by_dual.iter().find_map(|(y, list)| {
                    let met_here =
                        met.iter().filter(|m| m.0 == ci && m.1 == r && dual[m.2] == *y).count();
                    (in_range(list, lo, hi) > met_here).then_some(y)
                });
                let Some(yu) = least else { continue };
                match limit(&yv, yu, &w, outer) {
                    Some(b) => bound(b),
                    None => return false,
                }
            }
        }
    }
    if extra {
        if label[k] == OUTER {
            bound(dual[k]);
        }
        for u in (0..k).filter(|&u| alive[u]) {
            let (lu, lk) = (label[u], label[k]);
            if (lu != OUTER && lk != OUTER) || lu == INNER || lk == INNER {
                continue;
            }
            let w = c.extra_w2(u);
            if w.is_zero() {
                continue;
            }
            match limit(&dual[u], &dual[k], &w, lu == lk) {
                Some(b) => bound(b),
                None => return false,
            }
        }
    }
    delta.is_some_and(|d| apply(&label, dual, d))
}

/// The dual step of [`step`]: δ rounded down to an even amount, outer vertices down, inner
/// ones up. False (nothing changed) when the even δ is zero.
fn apply<const NW: usize>(label: &[u8], dual: &mut [Weight<NW>], mut delta: Weight<NW>) -> bool {
    delta.0[0] &= !1;
    if delta.is_zero() {
        return false;
    }
    for (y, &l) in dual.iter_mut().zip(label) {
        match l {
            OUTER => *y = y.sub(&delta),
            INNER => *y = y.add(&delta),
            _ => {}
        }
    }
    true
}
