//! A fresh start: when most vertices changed, no blossoms and no matching, each dual the
//! weight common among the vertex's edges inside its group, raised where an edge is not
//! covered, then a greedy matching on the tight edges (the module docs of [`super`]).

use super::*;
use crate::dutch::classwise;

/// A restart looks for a common weight among at most this many distinct weights of a
/// vertex's edges inside its group (more: the heaviest).
pub(super) const MODE_WEIGHTS: usize = 16;

/// A weight is common in a row when at least 1/COMMON_DEN of its edges have it.
pub(super) const COMMON_DEN: u32 = 8;

/// A restart takes at most this many dual steps by class (`Weights::restart_step`).
pub(super) const CLASS_STEPS: usize = 4;

/// The weights of a vertex's edges inside its group, for a restart's starting dual: the
/// heaviest, and the count of each distinct weight while there are at most `MODE_WEIGHTS`.
#[derive(Clone, Copy, Default)]
pub(super) struct Mode<const NW: usize> {
    max: Weight<NW>,
    seen: [(Weight<NW>, u32); MODE_WEIGHTS],
    len: u8,
    /// The entry hit last: a row's equal weights come in runs (players of one class are
    /// neighbours), so it is tried first.
    last: u8,
    many: bool,
}

impl<const NW: usize> Mode<NW> {
    #[inline(always)]
    pub(super) fn add(&mut self, w: &Weight<NW>) {
        self.add_n(w, 1);
    }

    /// `n` edges of weight `w` (as many `add`s).
    #[inline(always)]
    pub(super) fn add_n(&mut self, w: &Weight<NW>, n: u32) {
        if *w > self.max {
            self.max = *w;
        }
        if self.many {
            return;
        }
        let (len, last) = (self.len as usize, self.last as usize);
        if last < len && self.seen[last].0 == *w {
            self.seen[last].1 += n;
        } else if let Some(i) = self.seen[..len].iter().position(|(x, _)| x == w) {
            self.seen[i].1 += n;
            self.last = i as u8;
        } else if len < MODE_WEIGHTS {
            self.seen[len] = (*w, n);
            self.last = len as u8;
            self.len += 1;
        } else {
            self.many = true;
        }
    }

    /// The heaviest weight held by at least 1/COMMON_DEN of the edges (the heaviest of
    /// all when there are more than `MODE_WEIGHTS` distinct weights; zero: no edge).
    pub(super) fn common(&self) -> Weight<NW> {
        if self.many {
            return self.max;
        }
        let seen = &self.seen[..self.len as usize];
        let total: u32 = seen.iter().map(|e| e.1).sum();
        seen.iter().filter(|e| e.1 * COMMON_DEN >= total).map(|e| e.0).max().unwrap_or(self.max)
    }
}

/// The least free vertex at or after `i` (`n`: none), where `skip[x] == x` marks a free
/// vertex and a matched one points further on; the path walked is made to point at the
/// answer.
pub(super) fn free_after(skip: &mut [usize], i: usize) -> usize {
    let mut r = i;
    while skip[r] != r {
        r = skip[r];
    }
    let mut x = i;
    while skip[x] != r && skip[x] != x {
        let next = skip[x];
        skip[x] = r;
        x = next;
    }
    r
}

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// Most vertices changed: start afresh (module docs), each vertex's dual half the
    /// heaviest weight common in its group, raised where an edge is uncovered (rounded up
    /// to even), and the edges tight then matched greedily in vertex order; a vertex left
    /// free then lowers its dual to a tight edge and takes a free neighbour; then dual steps
    /// by class where the weight source takes them ([`Weights::restart_step`]).
    /// `by_source`: the tally and the uncovered counts from the weight source when it has
    /// them ([`Weights::restart_tally`]; the same duals and matching either way).
    pub(super) fn restart(&mut self, pending: &[usize], by_source: bool) {
        let n = self.n;
        for &v in pending {
            self.modified[v] = false;
        }
        for v in 0..n {
            if self.alive[v] {
                self.make_trivial(v);
                self.unmatch(v);
            }
        }
        self.start_duals(by_source);
        if cfg!(debug_assertions) && by_source {
            // The source's tally is exactly the rows' (debug builds read both).
            let y = self.dualvar[..n].to_vec();
            self.start_duals(false);
            assert!(y == self.dualvar[..n], "a restart's tally differs from its rows'");
        }
        // Feasibility: the vertices with the most uncovered edges raise their duals first
        // (the MDP rather than each of its neighbours).
        let mut count = self.uncovered_counts(by_source);
        debug_assert!(
            !by_source || count == self.uncovered_counts(false),
            "a restart's uncovered counts differ from its rows'"
        );
        let mut uncovered: Vec<(u32, usize)> =
            (0..n).filter(|&v| count[v] > 0).map(|v| (count[v], v)).collect();
        uncovered.sort_by_key(|&(c, v)| (std::cmp::Reverse(c), v));
        // `count` follows the edges still uncovered: a vertex whose edges its neighbours'
        // raises covered keeps its dual (an even one) without reading its row again. The
        // rows are read by class where the source can (`Weights::restart_rows`, made at
        // the first row read).
        let mut rows = None;
        for &(_, v) in &uncovered {
            if count[v] == 0 {
                continue;
            }
            let by_class = self.cover_by_class(v, &mut count, by_source, &mut rows);
            let mut y = match by_class {
                Some(y) => y,
                None => self.cover_row(v, &mut count, None),
            };
            if y.0[0] & 1 == 1 {
                y = y.add_u64(1);
            }
            self.dualvar[v] = y;
            if let Some(Some(r)) = rows.as_mut() {
                r.changed(v);
            }
        }
        // (A vertex with a side looks across first.) The free vertices after v are found
        // by skipping the matched ones in one jump (`free_after`, compressed as it goes):
        // a pass over every later vertex for each v was most of a restart whose search
        // then did little. One skip list per kind of pass (every free vertex; those of side
        // 1 or 2; those not of side 1 or 2), so that a pass steps over the vertices it does
        // not look at in the same jumps: stepping over the free vertices of v's own side one
        // by one was most of a 100,000-player round.
        let list_of = |i: usize, keep: &dyn Fn(u8) -> bool| -> usize {
            if i < n && (!self.alive[i] || self.mate[i] != NONE || !keep(self.side[i])) {
                i + 1
            } else {
                i
            }
        };
        let mut skips: [Vec<usize>; 5] = [
            (0..=n).map(|i| list_of(i, &|_| true)).collect(),
            (0..=n).map(|i| list_of(i, &|s| s == 1)).collect(),
            (0..=n).map(|i| list_of(i, &|s| s == 2)).collect(),
            (0..=n).map(|i| list_of(i, &|s| s != 1)).collect(),
            (0..=n).map(|i| list_of(i, &|s| s != 2)).collect(),
        ];
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            let across = if self.side[v] == 0 { 0 } else { 3 - self.side[v] as usize };
            // The other side first, then the rest (everybody when v has no side).
            let passes: &[usize] = if across == 0 { &[0] } else { &[across, 2 + across] };
            for &list in passes {
                let skip = &mut skips[list];
                let mut u = free_after(skip, v + 1);
                while u < n {
                    debug_assert!(self.alive[u] && self.mate[u] == NONE, "free_after: {u}");
                    let w = self.w.w2(v, u);
                    if !w.is_zero() && self.dualvar[v].add(&self.dualvar[u]) == w {
                        self.mate[v] = self.towards(v, u);
                        self.mate[u] = self.towards(u, v);
                        for skip in skips.iter_mut() {
                            skip[v] = v + 1;
                            skip[u] = u + 1;
                        }
                        break;
                    }
                    u = free_after(skip, u + 1);
                }
                if self.mate[v] != NONE {
                    break;
                }
            }
        }
        // Each vertex still free lowers its dual as far as its edges allow (making an edge
        // tight, or reaching zero) and is matched over that edge when its neighbour is free
        // too: fewer roots for the search. A root keeps an even dual.
        let free: Vec<usize> = (0..n).filter(|&u| self.alive[u] && self.mate[u] == NONE).collect();
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            let yv = self.dualvar[v];
            let (least, free_least, free_u) = match self.class_rows(v, by_source, &mut rows) {
                Some(r) => self.least_slack_by_class(v, r, &free),
                None => self.least_slack_row(v),
            };
            if free_u != NONE && free_least == least {
                self.dualvar[v] = yv.sub(&least);
                self.mate[v] = self.towards(v, free_u);
                self.mate[free_u] = self.towards(free_u, v);
            } else {
                let mut y = yv.sub(&least);
                if y.0[0] & 1 == 1 {
                    y = y.add_u64(1);
                }
                self.dualvar[v] = y;
            }
            if let Some(Some(r)) = rows.as_mut() {
                r.changed(v);
            }
        }
        // Dual steps by class (`Weights::restart_step`), each followed by the pairs of free
        // vertices it made tight: what the search's first stage would do after reading
        // the rows of a bracket-wide tree.
        for _ in 0..CLASS_STEPS {
            let mates: Vec<usize> = (0..n)
                .map(|v| if self.mate[v] == NONE { NONE } else { self.endpoint(self.mate[v]) })
                .collect();
            if !self.w.restart_step(&self.alive[..n], &mut self.dualvar[..n], &mates) {
                break;
            }
            debug_assert!(
                self.uncovered_at(&(0..n).collect::<Vec<_>>()).is_none(),
                "a dual step by class left an edge uncovered"
            );
            debug_assert!(
                (0..n).all(|v| mates[v] == NONE || self.is_tight(v, mates[v])),
                "a dual step by class loosened a matched edge"
            );
            self.pair_free();
        }
    }

    /// The source's rows by class for the player `v` (`by_source`; `rows` made at the
    /// first call, under the duals then: `Weights::restart_rows`), `None`: read the row.
    fn class_rows<'r>(
        &self,
        v: usize,
        by_source: bool,
        rows: &'r mut Option<Option<classwise::Rows<NW>>>,
    ) -> Option<&'r classwise::Rows<NW>> {
        if !by_source {
            return None;
        }
        let n = self.n;
        let made = rows.get_or_insert_with(|| self.w.restart_rows(&self.alive, &self.dualvar[..n]));
        made.as_ref().filter(|r| r.covers(v))
    }

    /// [`Matcher::cover_row`] of `v` by class when the source has rows (`class_rows`):
    /// the same dual and the same counts taken off; `None`: the row is to be read.
    fn cover_by_class(
        &self,
        v: usize,
        count: &mut [u32],
        by_source: bool,
        rows: &mut Option<Option<classwise::Rows<NW>>>,
    ) -> Option<Weight<NW>> {
        let r = self.class_rows(v, by_source, rows)?;
        let before = cfg!(debug_assertions).then(|| count.to_vec());
        let y0 = self.dualvar[v];
        let mut uncovered = |u: usize| {
            count[u] -= 1;
            count[v] -= 1;
        };
        let dual = &self.dualvar[..self.n];
        let y = self.w.restart_reach(r, v, &self.alive, dual, &y0, Some(&mut uncovered));
        let y = y.unwrap_or(y0);
        if let Some(mut rows_count) = before {
            let by_row = self.cover_row(v, &mut rows_count, None);
            assert!(by_row == y && rows_count == count, "cover by class differs from the row");
        }
        Some(y)
    }

    /// A free vertex `v`'s least slack over its edges (its dual when less), and the
    /// least over its edges to free vertices with the first free vertex that has it
    /// (`NONE`: none below its dual), its row read.
    fn least_slack_row(&self, v: usize) -> (Weight<NW>, Weight<NW>, usize) {
        let yv = self.dualvar[v];
        let (mut least, mut free_least, mut free_u) = (yv, yv, NONE);
        for u in 0..self.n {
            let w = &self.w.w2(v, u);
            if u == v || !self.alive[u] || w.is_zero() {
                continue;
            }
            let s = yv.add_sub(&self.dualvar[u], w);
            least = least.min(s);
            if self.mate[u] == NONE && (s < free_least || (free_u == NONE && s == free_least)) {
                free_least = s;
                free_u = u;
            }
        }
        (least, free_least, free_u)
    }

    /// [`Matcher::least_slack_row`] with the least slack by class (`rows`) and the free
    /// vertices (`free`, ascending, some since matched) read one by one.
    fn least_slack_by_class(
        &self,
        v: usize,
        rows: &classwise::Rows<NW>,
        free: &[usize],
    ) -> (Weight<NW>, Weight<NW>, usize) {
        let yv = self.dualvar[v];
        let dual = &self.dualvar[..self.n];
        let reach = self.w.restart_reach(rows, v, &self.alive, dual, &Weight::ZERO, None);
        let least = reach.map_or(yv, |t| yv.sub(&t));
        let (mut free_least, mut free_u) = (yv, NONE);
        for &u in free {
            let w = &self.w.w2(v, u);
            if u == v || self.mate[u] != NONE || w.is_zero() {
                continue;
            }
            let s = yv.add_sub(&self.dualvar[u], w);
            if s < free_least || (free_u == NONE && s == free_least) {
                free_least = s;
                free_u = u;
            }
        }
        debug_assert!(
            (least, free_least, free_u) == self.least_slack_row(v),
            "least slack by class differs from the row"
        );
        (least, free_least, free_u)
    }

    /// A restart's starting duals: each half the heaviest weight common among the vertex's
    /// edges inside its group ([`Matcher::set_group`]; the weight it is most likely matched
    /// at: a few heavier edges, to an MDP say, or many lighter ones, to the next score
    /// group, would leave no edge tight), rounded up to even, zero when it has none. The
    /// tally is the weight source's when it has one (`by_source`, [`Weights::restart_tally`];
    /// the same tally in any order), else each pair inside a group is read once and counted
    /// at both ends.
    pub(super) fn start_duals(&mut self, by_source: bool) {
        let n = self.n;
        let mut modes = vec![Mode::default(); n];
        let told = by_source
            && self.w.restart_tally(&self.alive, &self.group, &mut |v, w, c| modes[v].add_n(w, c));
        if !told {
            for v in 0..n {
                if !self.alive[v] {
                    continue;
                }
                let gv = self.group[v];
                for u in v + 1..n {
                    // The weight is read only for the edges inside the group.
                    if !self.alive[u] || self.group[u] != gv {
                        continue;
                    }
                    let w = &self.w.w2(v, u);
                    if w.is_zero() {
                        continue;
                    }
                    modes[v].add(w);
                    modes[u].add(w);
                }
            }
        }
        for v in 0..n {
            if !self.alive[v] {
                continue;
            }
            let mut y = modes[v].common().half();
            if y.0[0] & 1 == 1 {
                y = y.add_u64(1);
            }
            self.dualvar[v] = y;
        }
    }

    /// A restart's count of each vertex's uncovered edges (y_v + y_u < w) under the current
    /// duals: the weight source's when it has one (`by_source`,
    /// [`Weights::restart_uncovered`]), else each pair read once (an edge is uncovered for
    /// both its ends).
    pub(super) fn uncovered_counts(&self, by_source: bool) -> Vec<u32> {
        let n = self.n;
        let mut count = vec![0u32; n];
        if by_source && self.w.restart_uncovered(&self.alive, &self.dualvar[..n], &mut count) {
            return count;
        }
        let alive: Vec<usize> = (0..n).filter(|&v| self.alive[v]).collect();
        self.count_uncovered_at(&alive, None)
    }

    /// Each vertex's count of uncovered edges (y_v + y_u < w) among the edges at the alive
    /// vertices `vs`: each such pair read once and counted at both ends (a vertex touched
    /// towards some skips the buckets of `buckets` it covers, [`Matcher::towards_buckets`]).
    pub(super) fn count_uncovered_at(
        &self,
        vs: &[usize],
        buckets: Option<&towards::Buckets<NW>>,
    ) -> Vec<u32> {
        let n = self.n;
        let mut order = vec![NONE; n];
        for (i, &v) in vs.iter().enumerate() {
            order[v] = i;
        }
        let mut count = vec![0u32; n];
        for (i, &v) in vs.iter().enumerate() {
            let yv = self.dualvar[v];
            // A pair with a vertex read before is skipped when that read covered it.
            let read = |u: usize| {
                if u == v
                    || !self.alive[u]
                    || (order[u] != NONE
                        && order[u] < i
                        && (!self.towards_only[u] || self.in_towards[v]))
                {
                    return;
                }
                let w = &self.w.w2(v, u);
                if yv.add(&self.dualvar[u]) < *w {
                    count[v] += 1;
                    count[u] += 1;
                }
            };
            self.changed_maybe_uncovered(v, &yv, buckets, read);
        }
        count
    }
}
