//! The order check (4.2-4.4) of a large bracket by **player classes**: players who agree on
//! everything the criteria fields read (`Fields::classes`, a few dozen per bracket) have the
//! same edges but for the games they played (C1). Tried first on every relaxation (the
//! bracket and the next scoregroup) of at least 1,000 players, before it is listed, and the
//! only way for one over `MAX_PAIRS` (40,000-96,000 players at 100,000: a billion pairs).
//!
//! 1. **A certificate by class** ([`ClassWindow`]). One dual per class, doubled: `Y_c + Y_d
//!    ≥ 2 w` for every pair of classes that C3 lets meet (the pairs that met are bounded
//!    too, which only adds constraints), `Y ≥ 0`, solved as a transportation problem
//!    (`wmatch::class_duals`). Vertex duals alone price the fractional optimum, which pairs
//!    an odd set by halves, so the odd sets among the bracket's members, the next
//!    scoregroup and the whole relaxation take blossom duals too ([`Parts::duals`]). When
//!    the duals' value equals twice the weight of the published bracket and next bracket
//!    pairs and PAB, those pairs reach the relaxation's optimum and the duals are optimal:
//!    by complementary slackness every pairing as good as the published one uses only
//!    edges whose classes are tight and leaves free only players of classes with `Y = 0`.
//!    That is all the order check reads of the relaxation (`solve::tight_window`), here as
//!    a relation on classes. When the bound stays above the published value (the games
//!    played, an odd set not listed), nothing is proved here.
//! 2. **The MDP part** (4.4): no MDP joined to a resident that could make it earlier
//!    (`stages::no_mdp_earlier`, C1 checked pair by pair: MDPs are few).
//! 3. **The remainder** (4.2, published without exchange): no alternating cycle makes it
//!    earlier, searched on kinds of slots ([`transpositions::none_earlier_by_class`]).
//!
//! Only a proof is taken from here ([`proves_first`]): whatever it cannot prove goes on to
//! the matchings (and is noted when those are over the size limit), so no verdict depends
//! on it but "nothing earlier". `checker/tests/it/dutch_by_class.rs` runs it on every
//! bracket with no neighbour search before and compares the verdicts with the usual check.

use super::BracketCheck;
use super::generation::OrderKey;
use super::graph::{Fields, MAX_PAIRS, View, graph_players};
use super::solve::window_key;
use super::stages::no_mdp_earlier;
use super::transpositions::{self, MAX_CLASSES};
use crate::dutch::wmatch::{Weight, Wide, Wide256, WideN, class_duals, times};
use bsw_model::Id;
use std::collections::{HashMap, HashSet};

thread_local! {
    /// Whether the class path is tried for every bracket, not only large ones, with no
    /// neighbour search before (tests, [`by_class_first`]); and the brackets it proved.
    static ALWAYS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static PROVED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Runs `f` with the order check deciding alone (no neighbour search before it) and the
/// class path tried on every bracket it reaches, before the matchings: for tests that
/// compare its proofs with the verdicts of the usual check.
pub fn by_class_first<T>(f: impl FnOnce() -> T) -> T {
    ALWAYS.with(|c| c.set(true));
    let out = f();
    ALWAYS.with(|c| c.set(false));
    out
}

/// Whether [`by_class_first`] is on (the neighbour search is then left out).
pub fn by_class_only() -> bool {
    ALWAYS.with(|a| a.get())
}

/// Brackets whose order the class path proved so far on this thread (for tests).
pub fn proved_by_class() -> usize {
    PROVED.with(|c| c.get())
}

/// The smallest relaxation (players) for which the class path is tried first: below it the
/// matchings are quick anyway.
const FROM_PLAYERS: usize = 1_000;

/// How much work (node visits of the transportation problems, `wmatch::class_duals`) the
/// class path of `c` may spend, `None` when it is not tried: a relaxation of at least
/// [`FROM_PLAYERS`] players (always, and without limit, under [`by_class_first`]). Four
/// units per pair, so that a failed try costs a fraction of the matchings it would have
/// spared (a unit is a few nanoseconds; listing a pair and scanning it a few times costs
/// more); at least 2·10⁹ (some seconds) when those are over [`MAX_PAIRS`] and the class
/// path is the only way.
fn budget(c: &BracketCheck) -> Option<u64> {
    let n = c.view.b.mdps.len() + c.view.b.residents.len() + c.view.next.len();
    let pairs = (n * n.saturating_sub(1) / 2) as u64;
    if pairs > MAX_PAIRS as u64 {
        Some(pairs.max(2_000_000_000))
    } else if by_class_only() {
        Some(u64::MAX)
    } else {
        (n >= FROM_PLAYERS).then_some(4 * pairs)
    }
}

/// The certificate by class of `c`'s relaxation, found once per bracket (the quality and
/// the order check both read it): `Some` when it proves the published bracket and next
/// bracket pairs (and PAB) optimal in the relaxation, which settles the quality check.
pub(super) fn window<'c>(c: &'c BracketCheck) -> Option<&'c ClassWindow> {
    c.classes
        .get_or_init(|| budget(c).and_then(|b| ClassWindow::new(&c.view, (&c.given, c.pab), b)))
        .as_ref()
}

/// Whether the class path proves that no bracket pairing as good as the published one comes
/// earlier: the MDP part unless it is the first legal one (`mdps_first`), and the remainder
/// unless it is (`remainder_first`).
pub(super) fn proves_first(
    c: &BracketCheck,
    key: &OrderKey,
    (mdps_first, remainder_first): (bool, bool),
    (fixed, remainder, n1): (&[(Id, Id)], &[Id], usize),
) -> bool {
    let view = &c.view;
    let Some(w) = window(c) else {
        return false;
    };
    let proved = (mdps_first || view.b.mdps.is_empty() || w.no_mdp_earlier(view))
        && (remainder_first || n1 == 0 || w.remainder_first(view, key, fixed, remainder, n1));
    if proved {
        PROVED.with(|p| p.set(p.get() + 1));
    }
    proved
}

/// The relaxation's optimal duals by class, read as the tight edges they allow (see the
/// module doc): the relaxation's players (ranking order), their classes, and per ordered
/// pair of classes whether a player of the first and a lower-ranked one of the second are
/// joined by a tight edge.
pub(super) struct ClassWindow {
    index: HashMap<Id, usize>,
    class: Vec<u32>,
    k: usize,
    /// `joined[c * k + d]`: C3 lets a player of class `c` meet a lower-ranked one of class
    /// `d`, and their edge is tight.
    joined: Vec<bool>,
    /// Per player: its edge to the PAB vertex is tight.
    pab_tight: Vec<bool>,
    /// Per class: its dual is 0 (an optimal matching may leave its players free).
    free: Vec<bool>,
}

impl ClassWindow {
    /// The certificate of the relaxation without fixed pairs, when the `given` pairs (and
    /// PAB) reach its optimum by the duals' own proof; `None` otherwise, or when the classes
    /// are too many, or the weights too wide.
    fn new(view: &View, given: (&[(Id, Id)], Option<Id>), budget: u64) -> Option<ClassWindow> {
        let ctx = view.ctx;
        let (players, dummy, pab_forced) = graph_players(view, &window_key(&[]));
        // A pair's fields follow from its classes in rank order (`Fields::classes`): the
        // players must be listed in ranking order.
        if players.windows(2).any(|p| ctx.rank[&p[0]] >= ctx.rank[&p[1]]) {
            return None;
        }
        let n = players.len();
        let fields = Fields::new(view, &players);
        let (class, k) = fields.classes();
        if k > MAX_CLASSES {
            return None;
        }
        let (mut first, mut last, mut size) = (vec![usize::MAX; k], vec![0; k], vec![0u64; k]);
        for (i, &c) in class.iter().enumerate() {
            let c = c as usize;
            first[c] = first[c].min(i);
            last[c] = i;
            size[c] += 1;
        }
        // Per ordered pair of classes (a player of `c` ranked above one of `d`): the pattern
        // of their pairs, `None` when no such pair exists or C3 keeps them apart.
        let mut st = fields.interner();
        let mut pattern: Vec<Option<u32>> = vec![None; k * k];
        for c in 0..k {
            for d in 0..k {
                let (x, y) = (first[c], last[d]);
                if x < y && !fields.absolute_apart(x, y) {
                    pattern[c * k + d] = Some(if fields.has_fields(x, y) {
                        fields.pair_pattern(x, y, &mut st)
                    } else {
                        0
                    });
                }
            }
        }
        let pab: Vec<Option<u32>> = (0..n)
            .map(|i| {
                (dummy.is_some() && fields.takes_pab(i))
                    .then(|| fields.pab_pattern(i, pab_forced, &mut st))
            })
            .collect();
        let (table, bits) = fields.pack(&st);
        let index: HashMap<Id, usize> = players.iter().enumerate().map(|(i, x)| (*x, i)).collect();
        let mut given_pairs: Vec<(usize, Option<usize>)> = given
            .0
            .iter()
            .filter_map(|(x, y)| {
                let (i, j) = (*index.get(x)?, *index.get(y)?);
                Some((i.min(j), Some(i.max(j))))
            })
            .collect();
        if let Some(&i) = given.1.and_then(|p| index.get(&p))
            && dummy.is_some()
        {
            given_pairs.push((i, None));
        }
        let member: Vec<bool> = (0..k).map(|c| view.member.contains(&players[first[c]])).collect();
        let budget = std::cell::Cell::new(budget);
        let parts = Parts {
            class: &class,
            k,
            size: &size,
            member: &member,
            budget: &budget,
            pattern: &pattern,
            pab: &pab,
            given: &given_pairs,
        };
        // Even weights (integral duals, blossoms included); sums reach the players' number
        // times a weight, doubled: 24 bits of room.
        let table: Vec<Wide> = table.iter().map(|w| w.shl(1)).collect();
        let bits = bits + 1;
        let duals = if bits + 24 <= 120 {
            let low = |w: &Wide| (w.0[0] as u128 | (w.0[1] as u128) << 64) as i128;
            parts.duals::<i128>(&table.iter().map(low).collect::<Vec<_>>())
        } else if bits + 24 <= 250 {
            let low = |w: &Wide| WideN([w.0[0], w.0[1], w.0[2], w.0[3]]);
            parts.duals::<Wide256>(&table.iter().map(low).collect::<Vec<_>>())
        } else if bits + 24 <= 500 {
            parts.duals::<Wide>(&table)
        } else {
            None
        }?;
        let (joined, pab_tight, free) = duals;
        Some(ClassWindow { index, class, k, joined, pab_tight, free })
    }

    fn joined(&self, x: usize, y: usize) -> bool {
        let (hi, lo) = (x.min(y), x.max(y));
        self.joined[self.class[hi] as usize * self.k + self.class[lo] as usize]
    }

    /// [`Mdps::none_earlier`](super::stages) on the tight edges by class: per MDP, the
    /// residents it is joined to and may meet (C1, C3).
    fn no_mdp_earlier(&self, view: &View) -> bool {
        let (ctx, b) = (view.ctx, view.b);
        let resident: HashMap<Id, usize> =
            b.residents.iter().enumerate().map(|(j, x)| (*x, j)).collect();
        let partner: HashMap<Id, Id> =
            b.pairs.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
        let mut mate = Vec::new();
        let mut near = Vec::new();
        for m in &b.mdps {
            let Some(&i) = self.index.get(m) else { return false };
            mate.push(partner.get(m).and_then(|y| resident.get(y)).copied());
            let list: Vec<usize> = b
                .residents
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    self.index.get(r).is_some_and(|&j| self.joined(i, j)) && ctx.compatible(*m, **r)
                })
                .map(|(j, _)| j)
                .collect();
            near.push(list);
        }
        no_mdp_earlier(&mate, &near, b.residents.len())
    }

    /// Whether the remainder (`remainder` by BSN, S1 its first `n1`), published without
    /// exchange with the MDP pairs `fixed`, has no equally good earlier transposition: the
    /// alternating cycles on classes. A player may leave the remainder when its class is
    /// free, its PAB edge tight, or its class joined to the class of a player outside the
    /// remainder and the MDP pairs (a superset: rank order and C1 not asked).
    fn remainder_first(
        &self,
        view: &View,
        key: &OrderKey,
        fixed: &[(Id, Id)],
        remainder: &[Id],
        n1: usize,
    ) -> bool {
        let (_, _, out, inn, _) = &key.3;
        if !out.is_empty() || !inn.is_empty() {
            return false;
        }
        let Some(at) =
            remainder.iter().map(|x| self.index.get(x).copied()).collect::<Option<Vec<usize>>>()
        else {
            return false;
        };
        let bsn: HashMap<Id, usize> = remainder.iter().enumerate().map(|(b, x)| (*x, b)).collect();
        let mut partner = vec![usize::MAX; n1];
        for (x, y) in &view.b.pairs {
            if let (Some(&a), Some(&b)) = (bsn.get(x), bsn.get(y)) {
                let (a, b) = (a.min(b), a.max(b));
                if a >= n1 || b < n1 {
                    return false;
                }
                partner[a] = b;
            }
        }
        if partner.contains(&usize::MAX) {
            return false;
        }
        let inside: HashSet<usize> = at
            .iter()
            .copied()
            .chain(
                fixed.iter().flat_map(|(x, y)| [x, y]).filter_map(|x| self.index.get(x).copied()),
            )
            .collect();
        let mut outside = vec![false; self.k];
        for (i, &c) in self.class.iter().enumerate() {
            if !inside.contains(&i) {
                outside[c as usize] = true;
            }
        }
        let k = self.k;
        let leave: Vec<bool> = at
            .iter()
            .map(|&i| {
                let c = self.class[i] as usize;
                self.free[c]
                    || self.pab_tight[i]
                    || (0..k)
                        .any(|d| outside[d] && (self.joined[c * k + d] || self.joined[d * k + c]))
            })
            .collect();
        let class: Vec<u32> = at.iter().map(|&i| self.class[i]).collect();
        let joined = |c: u32, d: u32| self.joined[c as usize * k + d as usize];
        let meet = |a: usize, j: usize| view.ctx.compatible(remainder[a], remainder[j]);
        transpositions::none_earlier_by_class(n1, &partner, &class, joined, meet, &leave)
    }
}

/// What the certificate by class reads: each player's class, the class sizes, the pattern
/// per ordered pair of classes and per player's PAB edge, the given pairs (smaller index
/// first; `None`: the PAB vertex).
struct Parts<'a> {
    class: &'a [u32],
    k: usize,
    size: &'a [u64],
    /// Per class: bracket members (else residents of the next scoregroup).
    member: &'a [bool],
    /// Work left for the transportation problems.
    budget: &'a std::cell::Cell<u64>,
    pattern: &'a [Option<u32>],
    pab: &'a [Option<u32>],
    given: &'a [(usize, Option<usize>)],
}

/// Tight pairs of classes, tight PAB edges per player, free classes.
type Tight = (Vec<bool>, Vec<bool>, Vec<bool>);

impl Parts<'_> {
    /// The duals by class (the PAB vertex a class of its own, `k`) and, when they prove the
    /// given pairs optimal, what they make tight. `table`: each pattern's weight.
    ///
    /// Vertex duals alone price the fractional optimum, which pairs every player of an odd
    /// set by halves (a bracket of 40,221 members: 20,110½ pairs, half a C6 pair more than any
    /// matching). So each odd set among the bracket's members, the next scoregroup's
    /// residents and all the players (a laminar family, as blossoms are) takes a dual `z_S`
    /// too: `Y_c + Y_d + 2 Σ z_S ≥ 2w` over the sets holding both classes, the value `Σ
    /// size_c Y_c + 2 Σ z_S ⌊|S|/2⌋`. For given `z` the best `Y` is a transportation problem
    /// on the weights less `Σ z_S`; the value is convex in `z`, minimised one set at a time
    /// by Kelley's cuts (a few rounds). Only the final duals' proof counts.
    fn duals<W: Weight>(&self, table: &[W]) -> Option<Tight> {
        let Parts { class, k, size, member, budget, pattern, pab, given } = *self;
        let weight = |p: Option<u32>| p.map(|p| table[p as usize]);
        let mut base: Vec<(usize, usize, W)> = Vec::new();
        for c in 0..k {
            for d in c..k {
                let w = weight(pattern[c * k + d]).max(weight(pattern[d * k + c]));
                if let Some(w) = w.filter(|w| *w > W::zero()) {
                    base.push((c, d, w));
                }
            }
        }
        let mut pab_max: Vec<Option<W>> = vec![None; k];
        for (i, p) in pab.iter().enumerate() {
            if let Some(w) = weight(*p) {
                let m = &mut pab_max[class[i] as usize];
                *m = Some(m.map_or(w, |v| v.max(w)));
            }
        }
        let pab_edges: Vec<(usize, usize, W)> = (0..k)
            .filter_map(|c| pab_max[c].filter(|w| *w > W::zero()).map(|w| (c, k, w)))
            .collect();
        let mut sizes = size.to_vec();
        sizes.push(1);
        // The odd sets (per class: inside), with ⌊|S|/2⌋.
        let count = |inside: &dyn Fn(usize) -> bool| {
            (0..k).filter(|&c| inside(c)).map(|c| size[c]).sum::<u64>()
        };
        let sets: Vec<(Vec<bool>, u64)> = [
            (0..k).map(|c| member[c]).collect::<Vec<bool>>(),
            (0..k).map(|c| !member[c]).collect(),
            vec![true; k],
        ]
        .into_iter()
        .filter_map(|inside| {
            let n = count(&|c| inside[c]);
            (n % 2 == 1).then_some((inside, n / 2))
        })
        .collect();
        let lift = |c: usize, d: usize, z: &[W]| {
            let mut sum = W::zero();
            for (s, (inside, _)) in sets.iter().enumerate() {
                if inside[c] && inside[d] {
                    sum = sum.plus(z[s]);
                }
            }
            sum
        };
        // The best vertex duals for `z`, the value, and per set the flow inside it.
        let solve = |z: &[W]| -> Option<(Vec<W>, W, Vec<u64>)> {
            let mut edges: Vec<(usize, usize, W)> = base
                .iter()
                .map(|&(c, d, w)| (c, d, w.minus(lift(c, d, z))))
                .filter(|e| e.2 > W::zero())
                .collect();
            edges.extend(&pab_edges);
            let mut left = budget.get();
            let found = class_duals(&sizes, &edges, &mut left);
            budget.set(left);
            let (y, flow) = found?;
            let mut value = W::zero();
            for c in 0..=k {
                value = value.plus(times(y[c], sizes[c]));
            }
            for (s, (_, half)) in sets.iter().enumerate() {
                value = value.plus(times(z[s], 2 * half));
            }
            let inside = sets
                .iter()
                .map(|(inside, _)| {
                    let mut f = 0;
                    for c in (0..k).filter(|&c| inside[c]) {
                        for d in (0..k).filter(|&d| inside[d]) {
                            f += flow[c * (k + 1) + d];
                        }
                    }
                    f
                })
                .collect();
            Some((y, value, inside))
        };
        let twice = |w: W| w.plus(w);
        let mut target = W::zero();
        for &(i, j) in given {
            let w = match j {
                Some(j) => weight(pattern[class[i] as usize * k + class[j] as usize])?,
                None => weight(pab[i])?,
            };
            target = target.plus(twice(w));
        }
        let mut z = vec![W::zero(); sets.len()];
        let (mut y, mut value, _) = solve(&z)?;
        let one = W::of_i128(1);
        'rounds: for _ in 0..4 {
            for s in 0..sets.len() {
                if value == target {
                    break 'rounds;
                }
                // The value is convex and piecewise linear in z_s, of slope 2⌊|S|/2⌋ less the
                // flow inside S: its least point by Kelley's cuts (the meeting point of the
                // tangents at both ends of the interval, whose slopes differ in sign), in a
                // few steps where bisection would take one per bit.
                let (inside, half) = &sets[s];
                let top = base.iter().filter(|e| inside[e.0] && inside[e.1]).map(|e| e.2).max();
                let at = |t: W| {
                    let mut zz = z.clone();
                    zz[s] = t;
                    solve(&zz).map(|r| {
                        let slope = 2 * *half as i128 - r.2[s] as i128;
                        (zz, r, slope)
                    })
                };
                let mut lo = at(z[s])?;
                let mut hi = at(top.unwrap_or(W::zero()).max(z[s]))?;
                if lo.2 < 0 && hi.2 >= 0 {
                    for _ in 0..64 {
                        let (a, b) = (lo.0[s], hi.0[s]);
                        if b.minus(a) <= one {
                            break;
                        }
                        // f_lo + g_lo (t - a) = f_hi + g_hi (t - b): t - a = num / den.
                        let den = (hi.2 - lo.2) as u64;
                        let num = lo.1.1.minus(hi.1.1).plus(times(b.minus(a), hi.2 as u64));
                        let step =
                            num.max(W::zero()).div_u64(den).max(one).min(b.minus(a).minus(one));
                        let mid = at(a.plus(step))?;
                        if mid.2 < 0 {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                        if lo.2 < 0 && hi.2 == 0 {
                            break;
                        }
                    }
                }
                let best = if hi.1.1 < lo.1.1 { hi } else { lo };
                if best.1.1 < value {
                    (z, (y, value, _)) = (best.0, best.1);
                }
            }
        }
        // The proof, from the duals alone: feasible on every edge, and of the given pairs'
        // value.
        if y.iter().chain(&z).any(|v| *v < W::zero())
            || base.iter().any(|&(c, d, w)| y[c].plus(y[d]).plus(twice(lift(c, d, &z))) < twice(w))
            || pab_edges.iter().any(|&(c, d, w)| y[c].plus(y[d]) < twice(w))
            || value != target
        {
            return None;
        }
        let joined = (0..k * k)
            .map(|cd| {
                let (c, d) = (cd / k, cd % k);
                weight(pattern[cd])
                    .is_some_and(|w| y[c].plus(y[d]).plus(twice(lift(c, d, &z))) == twice(w))
            })
            .collect();
        let pab_tight = (0..class.len())
            .map(|i| weight(pab[i]).is_some_and(|w| y[class[i] as usize].plus(y[k]) == twice(w)))
            .collect();
        let free = (0..k).map(|c| y[c] == W::zero()).collect();
        Some((joined, pab_tight, free))
    }
}
