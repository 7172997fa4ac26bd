//! The fast feasibility engine behind §8.3 and §8.4: Edmonds' blossom search on the implicit
//! graph of the pairs allowed at a level, written for the checker from the textbook algorithm
//! (alternating trees, blossoms contracted by a union-find over bases). It never lists the
//! edges of a field: the neighbours of a player are enumerated on demand inside its score
//! window (players within D points, a contiguous range in Swiss order), with the §8.2 colour
//! test read from a table over colour classes (two players with the same colour history and
//! the same TPN order get the same colours).
//!
//! It only answers yes/no questions (is there a complete pairing? which players are "outer",
//! i.e. reachable by an even alternating path from the one exposed player?). Whenever it says
//! yes, the callers rebuild the witness with the petgraph oracle exactly as before, so every
//! report is unchanged; the oracle also cross-checks this module in `tests/blossom.rs`.

use crate::colours::ColourState;
use crate::field::SwissField;
use crate::ladder::Level;
use std::collections::HashMap;

const NONE: usize = usize::MAX;
const UNLABELLED: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;

/// Allowed pairs of a field at a level, as an implicit graph, plus an optional extra vertex
/// z (index `n`) adjacent to every alive "receiver" (the bye trick of `ladder`).
pub struct Implicit<'a> {
    f: &'a SwissField,
    level: Level,
    n: usize,
    /// Score window of each player: field indices lo..=hi may be within D points.
    lo: Vec<usize>,
    hi: Vec<usize>,
    cls: Vec<usize>,
    ncls: usize,
    /// For classes (a, b) and "a has the higher TPN": whether the §8.2 colours pass the
    /// level's streak and balance tests. Empty when there are too many classes.
    table: Vec<bool>,
    pub alive: Vec<bool>,
    receiver: Vec<bool>,
    receivers: Vec<usize>,
    pub mate: Vec<usize>,
    // Search state.
    label: Vec<u8>,
    link: Vec<usize>,
    base: Vec<usize>,
    vis: Vec<u32>,
    stamp: u32,
    touched: Vec<usize>,
    queue: std::collections::VecDeque<usize>,
}

impl<'a> Implicit<'a> {
    /// The graph on the field players marked in `alive` (length `f.len()`); with `receivers`
    /// = Some(list), the extra vertex z is alive and adjacent to those of the list.
    pub fn new(
        f: &'a SwissField,
        level: &Level,
        alive: Vec<bool>,
        receivers: Option<&[usize]>,
    ) -> Implicit<'a> {
        let n = f.len();
        let (lo, hi): (Vec<usize>, Vec<usize>) = match level.max_diff {
            None => (vec![0; n], vec![n.saturating_sub(1); n]),
            Some(d) => (0..n)
                .map(|i| {
                    let p = f.points[i];
                    // Points are non-increasing in Swiss order.
                    let lo = f.points.partition_point(|&x| x > p + d);
                    let hi = f.points.partition_point(|&x| x >= p - d);
                    (lo, hi.saturating_sub(1))
                })
                .unzip(),
        };
        let mut ids: HashMap<ColourState, usize> = HashMap::new();
        let mut reps: Vec<ColourState> = Vec::new();
        let cls: Vec<usize> = f
            .colours
            .iter()
            .map(|c| {
                *ids.entry(*c).or_insert_with(|| {
                    reps.push(*c);
                    reps.len() - 1
                })
            })
            .collect();
        let ncls = reps.len();
        let mut table = Vec::new();
        if ncls <= 512 {
            table = vec![false; ncls * ncls * 2];
            for a in 0..ncls {
                for b in 0..ncls {
                    for gt in [false, true] {
                        let (ta, tb) = if gt { (2, 1) } else { (1, 2) };
                        let al = crate::colours::allocate(&reps[a], ta, &reps[b], tb);
                        table[(a * ncls + b) * 2 + gt as usize] = al.max_streak
                            <= level.streak_limit
                            && (!level.balance || al.max_abs_diff <= 2);
                    }
                }
            }
        }
        let mut alive = alive;
        let mut receiver = vec![false; n];
        let mut rl = Vec::new();
        match receivers {
            Some(rs) => {
                alive.push(true);
                for &r in rs {
                    receiver[r] = true;
                    rl.push(r);
                }
            }
            None => alive.push(false),
        }
        Implicit {
            f,
            level: *level,
            n,
            lo,
            hi,
            cls,
            ncls,
            table,
            alive,
            receiver,
            receivers: rl,
            mate: vec![NONE; n + 1],
            label: vec![UNLABELLED; n + 1],
            link: vec![NONE; n + 1],
            base: (0..=n).collect(),
            vis: vec![0; n + 1],
            stamp: 0,
            touched: Vec::new(),
            queue: std::collections::VecDeque::new(),
        }
    }

    /// Whether field players i and j (i != j) may be paired at the level (same answer as
    /// `ladder::allowed`).
    #[inline]
    fn pair_ok(&self, i: usize, j: usize) -> bool {
        if let Some(d) = self.level.max_diff {
            if (self.f.points[i] - self.f.points[j]).abs() > d {
                return false;
            }
        }
        let colours_ok = if self.table.is_empty() {
            let a = self.f.alloc(i, j);
            a.max_streak <= self.level.streak_limit && (!self.level.balance || a.max_abs_diff <= 2)
        } else {
            let gt = self.f.tpn[i] > self.f.tpn[j];
            self.table[(self.cls[i] * self.ncls + self.cls[j]) * 2 + gt as usize]
        };
        colours_ok && (self.level.rematches || self.f.meetings(i, j) == 0)
    }

    /// Whether alive vertices u and v (u != v) are adjacent.
    #[inline]
    fn adjacent(&self, u: usize, v: usize) -> bool {
        if u == self.n {
            self.receiver[v]
        } else if v == self.n {
            self.receiver[u]
        } else {
            self.pair_ok(u, v)
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        let mut r = x;
        while self.base[r] != r {
            r = self.base[r];
        }
        while self.base[x] != r {
            let next = self.base[x];
            self.base[x] = r;
            x = next;
        }
        r
    }

    fn touch(&mut self, v: usize) {
        if self.label[v] == UNLABELLED {
            self.touched.push(v);
        }
    }

    fn reset(&mut self) {
        for v in std::mem::take(&mut self.touched) {
            self.label[v] = UNLABELLED;
            self.link[v] = NONE;
            self.base[v] = v;
        }
        self.queue.clear();
    }

    fn lca(&mut self, x: usize, y: usize) -> usize {
        self.stamp += 1;
        let t = self.stamp;
        let (mut x, mut y) = (x, y);
        loop {
            if x != NONE {
                if self.vis[x] == t {
                    return x;
                }
                self.vis[x] = t;
                x = if self.mate[x] == NONE {
                    NONE
                } else {
                    let l = self.link[self.mate[x]];
                    self.find(l)
                };
            }
            std::mem::swap(&mut x, &mut y);
        }
    }

    fn blossom(&mut self, mut x: usize, mut y: usize, l: usize) {
        while self.find(x) != l {
            self.link[x] = y;
            y = self.mate[x];
            if self.label[y] == INNER {
                self.label[y] = OUTER;
                self.queue.push_back(y);
            }
            if self.base[x] == x {
                self.base[x] = l;
            }
            if self.base[y] == y {
                self.base[y] = l;
            }
            x = self.link[y];
        }
    }

    fn augment(&mut self, mut x: usize) {
        while x != NONE {
            let y = self.link[x];
            let nx = self.mate[y];
            self.mate[x] = y;
            self.mate[y] = x;
            x = nx;
        }
    }

    /// One Edmonds search from the exposed vertex `root`. Augments and returns true when it
    /// reaches another exposed vertex; otherwise leaves the labels in place (see
    /// [`Implicit::is_outer`]) and returns false. Call [`Implicit::clear`] before the next.
    pub fn search(&mut self, root: usize) -> bool {
        self.reset();
        self.touch(root);
        self.label[root] = OUTER;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            let (from, to) = if v == self.n {
                (0, 0)
            } else {
                (self.lo[v], self.hi[v] + 1)
            };
            // Candidate neighbours: the score window (or, for z, the receivers), then z.
            let extra = if v == self.n {
                self.receivers.len()
            } else {
                usize::from(self.receiver[v])
            };
            let mut k = from;
            let mut e = 0;
            loop {
                let u = if k < to {
                    k += 1;
                    k - 1
                } else if e < extra {
                    e += 1;
                    if v == self.n {
                        self.receivers[e - 1]
                    } else {
                        self.n
                    }
                } else {
                    break;
                };
                if u == v || !self.alive[u] || self.label[u] == INNER {
                    continue;
                }
                if self.label[u] == OUTER && self.find(u) == self.find(v) {
                    continue;
                }
                if !self.adjacent(v, u) {
                    continue;
                }
                if self.label[u] == UNLABELLED {
                    self.touch(u);
                    self.label[u] = INNER;
                    self.link[u] = v;
                    if self.mate[u] == NONE {
                        self.augment(u);
                        return true;
                    }
                    let w = self.mate[u];
                    self.touch(w);
                    self.label[w] = OUTER;
                    self.queue.push_back(w);
                } else {
                    // Both outer, in different blossoms of the one tree: a new blossom.
                    let (bu, bv) = (self.find(u), self.find(v));
                    let l = self.lca(bu, bv);
                    self.blossom(u, v, l);
                    self.blossom(v, u, l);
                }
            }
        }
        false
    }

    /// After a failed search: whether v was reached by an even alternating path.
    pub fn is_outer(&self, v: usize) -> bool {
        self.label[v] == OUTER
    }

    /// Forgets the labels of the last search.
    pub fn clear(&mut self) {
        self.reset();
    }

    /// Whether the alive vertices have a perfect matching (greedy start, then one search per
    /// exposed vertex; the first failed search proves that none exists).
    pub fn has_perfect_matching(&mut self) -> bool {
        let verts: Vec<usize> = (0..=self.n).filter(|&v| self.alive[v]).collect();
        if verts.len() % 2 == 1 {
            return false;
        }
        // Greedy start: each exposed player takes the first exposed allowed one in its
        // window, z the first exposed receiver. Skip pointers over exposed players.
        let n = self.n;
        let mut next: Vec<usize> = (0..=n + 1).collect(); // next[i] = first exposed >= i
        fn nxt(next: &mut [usize], mut i: usize) -> usize {
            let mut r = i;
            while next[r] != r {
                r = next[r];
            }
            while next[i] != r {
                let t = next[i];
                next[i] = r;
                i = t;
            }
            r
        }
        for v in 0..n {
            if !self.alive[v] {
                next[v] = v + 1;
            }
        }
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE {
                continue;
            }
            next[v] = v + 1;
            let mut u = nxt(&mut next, v + 1);
            let end = self.hi[v] + 1;
            let mut tries = 0;
            while u < end && tries < 64 {
                if self.pair_ok(v, u) {
                    self.mate[v] = u;
                    self.mate[u] = v;
                    next[u] = u + 1;
                    break;
                }
                tries += 1;
                u = nxt(&mut next, u + 1);
            }
        }
        if self.alive[n] {
            for i in 0..self.receivers.len() {
                let r = self.receivers[i];
                if self.alive[r] && self.mate[r] == NONE {
                    self.mate[r] = n;
                    self.mate[n] = r;
                    break;
                }
            }
        }
        for v in verts {
            if self.mate[v] == NONE && !self.search(v) {
                self.clear();
                return false;
            }
        }
        self.clear();
        true
    }
}

/// Whether `vertices` have a complete pairing at `level` (same answer as
/// `ladder::complete_pairing(..).is_some()`).
pub fn feasible(f: &SwissField, vertices: &[usize], level: &Level) -> bool {
    let mut alive = vec![false; f.len()];
    for &v in vertices {
        alive[v] = true;
    }
    Implicit::new(f, level, alive, None).has_perfect_matching()
}

/// Whether some receiver v leaves a complete pairing of `vertices` − v (same answer as
/// `ladder::complete_pairing_some_bye(..).is_some()`).
pub fn feasible_some_bye(
    f: &SwissField,
    vertices: &[usize],
    receivers: &[usize],
    level: &Level,
) -> bool {
    let mut alive = vec![false; f.len()];
    for &v in vertices {
        alive[v] = true;
    }
    let rs: Vec<usize> = receivers.iter().copied().filter(|&r| alive[r]).collect();
    Implicit::new(f, level, alive, Some(&rs)).has_perfect_matching()
}
