//! A warm solve: the matching, blossoms and duals of the last optimum are kept, and the
//! vertices whose weights changed are made feasible again locally (blossoms dissolved, duals
//! raised, or hinted by the caller), then the stages run from there.

use super::*;

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// Re-optimises after the changes since the last call.
    pub(crate) fn solve(&mut self) {
        self.solve_changes();
        if self.logging {
            // The log starts again from this optimum, and which vertices it leaves free.
            self.mate_log.clear();
            self.free_seen =
                (0..self.n).filter(|&v| self.alive[v] && self.mate[v] == NONE).collect();
        }
    }

    fn solve_changes(&mut self) {
        let n = self.n;
        self.work.solves += 1;
        self.refresh_parts();
        // A lighter edge inside a blossom: when it was one of the blossom's cycle edges
        // (no longer tight), the blossoms containing the vertex are dissolved. Their duals
        // go to their vertices, which keeps every slack inside as it was (the matched
        // edges inside stay tight) and frees only the base of each blossom of positive
        // dual (a root below).
        for v in std::mem::take(&mut self.loosened_list) {
            self.loosened[v] = false;
            if self.alive[v] && !self.cycle_edges_tight(v) {
                self.make_trivial(v);
            }
        }
        let pending = std::mem::take(&mut self.pending);
        if !self.hinted_list.is_empty() || std::mem::take(&mut self.warm) {
            let hinted = std::mem::take(&mut self.hinted_list);
            self.solve_hinted(&pending, &hinted);
            return;
        }
        for &v in &pending {
            self.towards_only[v] = false;
        }
        let live = self.alive.iter().filter(|&&a| a).count();
        if 2 * pending.len() > live {
            self.work.restarts += 1;
            self.restart(&pending, true);
            self.run();
            return;
        }
        for &v in &pending {
            if self.alive[v] {
                self.make_trivial(v);
                self.unmatch(v);
            }
        }
        // Each changed edge is made feasible by the endpoint whose dual is set last (a
        // vertex still pending is skipped: it will cover the edge).
        for &v in &pending {
            self.modified[v] = false;
            if !self.alive[v] {
                continue;
            }
            let mut y = Weight::ZERO;
            let mut tight = NONE;
            for u in 0..n {
                let w = self.w.w2(v, u);
                if u != v
                    && self.alive[u]
                    && !self.modified[u]
                    && !w.is_zero()
                    && w > self.dualvar[u]
                {
                    let d = w.sub(&self.dualvar[u]);
                    if d > y {
                        y = d;
                        tight = u;
                    }
                }
            }
            self.dualvar[v] = y;
            // A free neighbour over a tight edge: match them at once (fewer roots).
            if tight != NONE && self.mate[tight] == NONE && self.inblossom[tight] == tight {
                self.mate[v] = self.towards(v, tight);
                self.mate[tight] = self.towards(tight, v);
            }
        }
        // Roots (free, positive dual) start as single vertices of even dual, so that slacks
        // between outer vertices stay even.
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && !self.dualvar[v].is_zero() {
                self.make_trivial(v);
                if self.dualvar[v].0[0] & 1 == 1 {
                    self.dualvar[v] = self.dualvar[v].add_u64(1);
                }
            }
        }
        self.run();
    }

    /// An edge at one of `vs` whose slack is negative (a check of [`Matcher::hints_cover`]).
    pub(super) fn uncovered_at(&self, vs: &[usize]) -> Option<(usize, usize)> {
        let alive = |v: usize| self.alive[v];
        vs.iter().copied().filter(|&v| alive(v)).find_map(|v| {
            (0..self.n)
                .find(|&u| {
                    u != v && alive(u) && self.dualvar[v].add(&self.dualvar[u]) < self.w.w2(v, u)
                })
                .map(|u| (v, u))
        })
    }

    /// Whether every cycle edge at `v` of the blossoms containing it is still tight.
    pub(super) fn cycle_edges_tight(&self, v: usize) -> bool {
        // v's blossoms from the innermost out, and the dual sum of each with its ancestors.
        let mut chain = Vec::new();
        let mut b = self.blossomparent[v];
        while b != NONE {
            chain.push(b);
            b = self.blossomparent[b];
        }
        let mut z = Weight::ZERO;
        for &b in chain.iter().rev() {
            z = z.add(&self.dualvar[b]);
            for &p in &self.blossomendps[b] {
                let (i, j) = self.ends(p / 2);
                if i == v || j == v {
                    let lhs = self.dualvar[i].add(&self.dualvar[j]).add(&z).add(&z);
                    if lhs != self.wk(p / 2) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// `solve` after [`Matcher::raise_dual`] hints: the changed and hinted vertices leave
    /// their blossoms, take their hints, raise their duals where an edge would be
    /// infeasible, and drop a matched edge no longer tight; every other vertex keeps its
    /// mate and dual. The free vertices of positive dual take a free neighbour over a tight
    /// edge where they can, and the search starts from the others.
    pub(super) fn solve_hinted(&mut self, pending: &[usize], hinted: &[usize]) {
        let covering = std::mem::take(&mut self.covering);
        let mut touched: Vec<usize> = hinted.to_vec();
        for &v in pending {
            self.modified[v] = false;
            if !self.hinted[v] {
                touched.push(v);
            }
        }
        touched.retain(|&v| self.alive[v]);
        for &v in &touched {
            self.make_trivial(v);
        }
        for &v in hinted {
            self.hinted[v] = false;
            if self.alive[v] {
                self.dualvar[v] = self.dualvar[v].add(&self.hint[v]);
            }
        }
        // Feasibility: each changed vertex covers its edges (raising only, so an edge
        // covered before stays covered). Only an edge at a changed vertex can be
        // uncovered: the others kept their weights (or got lighter) and their duals only
        // rose (a hinted vertex whose edges did not change needs no look; a dissolved
        // blossom's dual goes to its vertices, which loosens the edges leaving it). Each
        // pair is counted at both ends first, read once, and a changed vertex reads its
        // row again only while some edge of it is uncovered. With the caller's word that
        // the hints cover them ([`Matcher::hints_cover`]), no row is read but those of
        // the vertices it excepts ([`Matcher::hints_cover_but`]).
        let cover_rows = std::mem::take(&mut self.cover_rows);
        let changed: Vec<usize> = if covering { cover_rows } else { pending.to_vec() };
        let changed: Vec<usize> = changed.into_iter().filter(|&v| self.alive[v]).collect();
        let buckets =
            changed.iter().any(|&v| self.towards_only[v]).then(|| self.towards_buckets()).flatten();
        let mut count = self.count_uncovered_at(&changed, buckets.as_ref());
        for &v in &changed {
            if count[v] > 0 {
                self.dualvar[v] = self.cover_row(v, &mut count, buckets.as_ref());
            }
        }
        for &v in pending {
            self.towards_only[v] = false;
        }
        debug_assert!(self.uncovered_at(&changed).is_none(), "a changed edge left uncovered");
        debug_assert!(
            !covering || self.uncovered_at(pending).is_none(),
            "hints_cover: uncovered edge"
        );
        for &v in &touched {
            if self.mate[v] != NONE {
                let u = self.endpoint(self.mate[v]);
                if !self.slack(self.edge(v, u)).is_zero() {
                    self.unmatch(v);
                }
            }
        }
        // Free vertices of positive dual: matched at once over a tight edge to a free
        // neighbour where possible, else roots of even dual. (The neighbours looked at are
        // the vertices free now, a list: step 3 frees half the bracket, and a pass over
        // every vertex for each of them was most of its matching.)
        // (`make_trivial` of a free vertex frees nobody: it is the base of its blossoms.)
        let free = self.free_vertices();
        for &v in &free {
            if self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            self.make_trivial(v);
            let yv = self.dualvar[v];
            // (The weight is read for the free neighbours only.)
            for &u in &free {
                if u == v || self.mate[u] != NONE || self.inblossom[u] != u {
                    continue;
                }
                let w = &self.w.w2(v, u);
                if !w.is_zero() && yv.add(&self.dualvar[u]) == *w {
                    self.mate[v] = self.towards(v, u);
                    self.mate[u] = self.towards(u, v);
                    break;
                }
            }
            if self.mate[v] == NONE && self.dualvar[v].0[0] & 1 == 1 {
                self.dualvar[v] = self.dualvar[v].add_u64(1);
            }
        }
        self.run();
    }

    /// The live free vertices, ascending: while the mates are logged, those free after
    /// the last solve or logged since (every other vertex kept its mate), not a pass.
    pub(super) fn free_vertices(&self) -> Vec<usize> {
        let free = |v: usize| self.alive[v] && self.mate[v] == NONE;
        if !self.logging {
            return (0..self.n).filter(|&v| free(v)).collect();
        }
        let logged = self.mate_log.iter().map(|&(v, _)| v);
        let mut vs: Vec<usize> =
            self.free_seen.iter().copied().chain(logged).filter(|&v| free(v)).collect();
        vs.sort_unstable();
        vs.dedup();
        debug_assert_eq!(vs, (0..self.n).filter(|&v| free(v)).collect::<Vec<_>>());
        vs
    }

    /// The far ends of the edges at `v` that may have changed: every vertex, or for a
    /// vertex touched towards some ([`Matcher::touch_towards`]) those only.
    pub(super) fn changed_edges_of(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let only = self.towards_only[v];
        let all = 0..if only { 0 } else { self.n };
        let towards = if only { &self.towards[..] } else { &[][..] };
        all.chain(towards.iter().copied())
    }

    /// The least dual of `v` that covers every edge at it (its row read once, its dual
    /// left as it is); the edges it then covers are taken off `count` at both ends (a
    /// vertex touched towards some reads only the buckets of `buckets` it may not cover).
    pub(super) fn cover_row(
        &self,
        v: usize,
        count: &mut [u32],
        buckets: Option<&towards::Buckets<NW>>,
    ) -> Weight<NW> {
        let y0 = self.dualvar[v];
        let mut y = y0;
        // (An edge of a vertex touched towards some that leads elsewhere and is uncovered
        // is shared with another changed vertex, which covers it.)
        let mut read = |u: usize| {
            if u == v || !self.alive[u] {
                return;
            }
            let w = &self.w.w2(v, u);
            if y0.add(&self.dualvar[u]) < *w {
                // Uncovered until now; covered once v is raised.
                count[u] -= 1;
                count[v] -= 1;
                if y.add(&self.dualvar[u]) < *w {
                    y = w.sub(&self.dualvar[u]);
                }
            }
        };
        self.changed_maybe_uncovered(v, &y0, buckets, &mut read);
        y
    }
}
