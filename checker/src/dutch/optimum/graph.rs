//! One bracket's view for the complete check ([`View`]: its members, the next scoregroup,
//! the score levels and differences), the criteria values of a bracket pairing ([`Values`]),
//! and the matchings' graphs built from the view ([`Graph`]: the players, the edges and each
//! edge's criteria fields packed, in the layout of the [parent module](super)), kept per
//! bracket ([`Graphs`]).

use crate::dutch::colours::Side;
use crate::dutch::colours::Strength;
use crate::dutch::order::Bracket;
use crate::dutch::quality::{pair_values, side_pair_values};
use crate::dutch::round::{Published, RoundCtx};
use crate::dutch::state::Float;
use crate::dutch::wmatch::{Weight, Wide};
use bsw_model::{Colour, HalfPoints, Id};
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

/// Criteria values of a bracket pairing, in the rules' order (a criterion may take several
/// entries: one per score, or per score difference).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Values {
    pub(crate) names: Vec<&'static str>,
    pub(crate) values: Vec<i64>,
}

/// One bracket's view: its members, the next scoregroup, the score levels.
pub(super) struct View<'a> {
    pub(super) ctx: &'a RoundCtx,
    pub(super) b: &'a Bracket,
    /// Residents of the next scoregroup (empty for the last bracket).
    pub(super) next: Vec<Id>,
    pub(super) has_next: bool,
    pub(super) member: HashSet<Id>,
    pub(super) resident: HashSet<Id>,
    pub(super) next_set: HashSet<Id>,
    /// Scores of the bracket's members, highest first.
    pub(super) levels: Vec<HalfPoints>,
    /// Positive score differences between members, largest first.
    pub(super) diffs: Vec<HalfPoints>,
    /// Score of the published PAB.
    pub(super) pab_score: Option<HalfPoints>,
    /// The published round (opponents, PAB receiver): where the matchings start from
    /// ([`warm_start`]); never read by the verdicts.
    published: Option<(&'a std::collections::HashMap<Id, Id>, Option<Id>)>,
    /// The matchings' graphs built so far ([`View::graph`]).
    pub(super) graphs: Rc<Graphs>,
}

pub(super) fn float_at(ctx: &RoundCtx, x: Id, back: u32, f: Float) -> bool {
    ctx.round > back && ctx.hist[&x].float_in(ctx.round - back) == f
}

impl<'a> View<'a> {
    pub(super) fn new(
        ctx: &'a RoundCtx,
        brackets: &'a [Bracket],
        k: usize,
        pab: Option<Id>,
    ) -> Self {
        let b = &brackets[k];
        let next: Vec<Id> = brackets.get(k + 1).map(|n| n.residents.clone()).unwrap_or_default();
        let member: HashSet<Id> = b.mdps.iter().chain(&b.residents).copied().collect();
        let mut levels: Vec<HalfPoints> = member.iter().map(|&x| ctx.score(x)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let mut diffs = Vec::new();
        for (i, &a) in levels.iter().enumerate() {
            for &c in &levels[i + 1..] {
                diffs.push(a - c);
            }
        }
        diffs.sort_unstable_by(|a, b| b.cmp(a));
        diffs.dedup();
        View {
            ctx,
            b,
            has_next: !next.is_empty(),
            next_set: next.iter().copied().collect(),
            next,
            member,
            resident: b.residents.iter().copied().collect(),
            levels,
            diffs,
            pab_score: pab.map(|x| ctx.score(x)),
            published: None,
            graphs: Rc::default(),
        }
    }

    /// The same view, whose matchings start from the published round ([`warm_start`]) and
    /// share the graphs of `graphs` (built for the same bracket and round).
    pub(super) fn starting_from(mut self, publ: &'a Published, graphs: &Rc<Graphs>) -> Self {
        self.published = Some((&publ.partner, publ.pabs.first().map(|x| x.1)));
        self.graphs = graphs.clone();
        self
    }

    /// The graph of `key`, built on first use and kept for the view's other matchings.
    pub(super) fn graph(&self, key: GraphKey) -> Built {
        if let Some((_, g)) = self.graphs.0.borrow().iter().find(|(k, _)| *k == key) {
            return g.clone();
        }
        let g = build_graph(self, &key).map(Rc::new);
        self.graphs.0.borrow_mut().push((key, g.clone()));
        g
    }

    pub(super) fn next_levels(&self) -> Vec<HalfPoints> {
        let mut l = self.levels.clone();
        if let Some(&x) = self.next.first() {
            l.push(self.ctx.score(x));
        }
        l
    }

    /// The criteria values of a bracket pairing (`pairs`), with the next bracket's pairs and
    /// the PAB receiver.
    pub(super) fn values(
        &self,
        pairs: &[(Id, Id)],
        next_pairs: &[(Id, Id)],
        pab: Option<Id>,
    ) -> Values {
        let ctx = self.ctx;
        let mut names = Vec::new();
        let mut values = Vec::new();
        let mut push = |n: &'static str, v: i64| {
            names.push(n);
            values.push(v);
        };
        let paired: HashSet<Id> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
        let down: Vec<Id> = self.member.iter().filter(|x| !paired.contains(x)).copied().collect();
        push("C6", down.len() as i64);
        for &l in &self.levels {
            push("C7", down.iter().filter(|&&x| ctx.score(x) == l).count() as i64);
        }
        if self.has_next {
            let in_next: HashSet<Id> = next_pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
            let unpaired: Vec<Id> =
                down.iter().chain(&self.next).filter(|x| !in_next.contains(x)).copied().collect();
            push("C8", unpaired.len() as i64);
            for l in self.next_levels() {
                push("C8", unpaired.iter().filter(|&&x| ctx.score(x) == l).count() as i64);
            }
        }
        let c9 = match (down.as_slice(), pab) {
            ([x], Some(p)) if *x == p => ctx.hist[x].unplayed as i64,
            _ => 0,
        };
        push("C9", c9);
        let colours = pairs
            .iter()
            .map(|&(x, y)| pair_values(ctx, x, y))
            .fold([0i64; 9], |a, b| std::array::from_fn(|k| a[k] + b[k]));
        for (k, n) in ["C10", "C11", "C12", "C13"].into_iter().enumerate() {
            push(n, colours[k + 1]);
        }
        let res_down = |back| {
            down.iter()
                .filter(|&&x| self.resident.contains(&x) && float_at(ctx, x, back, Float::Down))
                .count() as i64
        };
        // (higher, lower, difference) of each pair of different scores.
        let floats: Vec<(Id, Id, HalfPoints)> = pairs
            .iter()
            .filter_map(|&(x, y)| {
                let (sx, sy) = (ctx.score(x), ctx.score(y));
                match sx.cmp(&sy) {
                    std::cmp::Ordering::Greater => Some((x, y, sx - sy)),
                    std::cmp::Ordering::Less => Some((y, x, sy - sx)),
                    std::cmp::Ordering::Equal => None,
                }
            })
            .collect();
        let up = |back| {
            floats.iter().filter(|&&(_, lo, _)| float_at(ctx, lo, back, Float::Up)).count() as i64
        };
        push("C14", res_down(1));
        push("C15", up(1));
        push("C16", res_down(2));
        push("C17", up(2));
        for (n, back, high) in
            [("C18", 1, true), ("C19", 1, false), ("C20", 2, true), ("C21", 2, false)]
        {
            if high {
                // An MDP that floats on gets a larger score difference than any here.
                let on = down
                    .iter()
                    .filter(|&&x| {
                        !self.resident.contains(&x) && float_at(ctx, x, back, Float::Down)
                    })
                    .count() as i64;
                push(n, on);
            }
            for &d in &self.diffs {
                let c = floats
                    .iter()
                    .filter(|&&(hi, lo, diff)| {
                        diff == d
                            && if high {
                                float_at(ctx, hi, back, Float::Down)
                            } else {
                                float_at(ctx, lo, back, Float::Up)
                            }
                    })
                    .count() as i64;
                push(n, c);
            }
        }
        Values { names, values }
    }

    /// Lower bounds that no bracket pairing can beat, criterion by criterion (see the module
    /// doc); `None` when a published value is above them.
    pub(super) fn trivially_optimal(&self, v: &Values, pairs: &[(Id, Id)]) -> bool {
        let ctx = self.ctx;
        let n = self.member.len();
        let f = (n % 2) as i64;
        let paired: HashSet<Id> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
        let down_all_residents =
            self.member.iter().filter(|x| !paired.contains(x)).all(|x| self.resident.contains(x));
        let mut idx = 0;
        let get = |name: &str, idx: &mut usize| -> Vec<i64> {
            let mut out = Vec::new();
            while *idx < v.names.len() && v.names[*idx] == name {
                out.push(v.values[*idx]);
                *idx += 1;
            }
            out
        };
        if get("C6", &mut idx)[0] != f || !down_all_residents {
            return false;
        }
        get("C7", &mut idx);
        if self.has_next {
            let c8 = get("C8", &mut idx);
            let total = c8[0];
            let lowest = *c8.last().unwrap_or(&0);
            let size = f + self.next.len() as i64;
            if total != size % 2 || lowest != total {
                return false;
            }
        }
        if get("C9", &mut idx)[0] != 0 {
            return false;
        }
        // C12/C13: preferences that no pairing of the members can all grant.
        let (mut w, mut bl, mut z, mut sw, mut sb) = (0i64, 0i64, 0i64, 0i64, 0i64);
        for x in &self.member {
            match ctx.prefs[x] {
                None => z += 1,
                Some(p) => {
                    let strong = p.strength >= Strength::Strong;
                    if p.colour == Colour::White {
                        w += 1;
                        sw += strong as i64;
                    } else {
                        bl += 1;
                        sb += strong as i64;
                    }
                }
            }
        }
        let ceil_half = |x: i64| if x <= 0 { 0 } else { (x + 1) / 2 };
        let lb12 = ceil_half((w - bl).abs() - z - f);
        let nn = n as i64;
        let lb13 = ceil_half(2 * sw - nn - f) + ceil_half(2 * sb - nn - f);
        for (name, bound) in [("C10", 0), ("C11", 0), ("C12", lb12), ("C13", lb13)] {
            if get(name, &mut idx)[0] != bound {
                return false;
            }
        }
        v.values[idx..].iter().all(|&x| x == 0)
    }
}

pub(super) fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

/// The matchings' graphs of one bracket of one round (`Graph`), built on first use and
/// shared by its quality check ([`check_bracket`](super::check_bracket)) and its order check
/// ([`check_order`](super::check_order)),
/// whose relaxations are on the same players and edges (only the tie-break fields differ).
///
/// With them, the tight windows found ([`super::solve::tight_window`]), per graph and pairs
/// given: the relaxation of the quality check leaves its certificate's tight edges here when
/// the order check may read them, so that the same matching is not solved twice.
#[derive(Default)]
pub(crate) struct Graphs(
    RefCell<Vec<(GraphKey, Built)>>,
    RefCell<Vec<TightWindow>>,
    std::cell::Cell<bool>,
    Spare,
);

/// The last matching's weighted edge list, kept for the next one of the bracket to refill
/// ([`Graphs::edge_list`]): a list holds millions of edges at 10,000 players (630 MB for a
/// stage of round 2), and a fresh one each time is mapped page by page (some 4 s of page
/// faults per round there).
#[derive(Default)]
struct Spare(RefCell<Option<Box<dyn std::any::Any>>>);

/// A tight window: the graph's key, the given pairs (by index), the tight edges (`None`: the
/// given pairs do not reach the relaxation's optimum).
pub(super) type TightWindow = (GraphKey, Vec<(usize, usize)>, Option<Rc<Vec<bool>>>);

impl Graphs {
    /// The tight window kept for `key` and `given`, if any: `Some(None)` when the given pairs
    /// were found not to reach the optimum.
    pub(super) fn tight(
        &self,
        key: &GraphKey,
        given: &[(usize, usize)],
    ) -> Option<Option<Rc<Vec<bool>>>> {
        let kept = self.1.borrow();
        kept.iter().find(|(k, g, _)| k == key && g == given).map(|(_, _, t)| t.clone())
    }

    pub(super) fn keep_tight(&self, w: TightWindow) {
        self.1.borrow_mut().push(w);
    }

    /// Whether the relaxation solved now should leave its tight window (set by the quality
    /// check when the order check will read that window).
    pub(super) fn wants_window(&self) -> bool {
        self.2.get()
    }

    pub(super) fn want_window(&self, on: bool) {
        self.2.set(on);
    }

    /// An empty list, with the capacity of the last one given back ([`Graphs::give_back`])
    /// when it holds the same type.
    pub(super) fn edge_list<T: 'static>(&self) -> Vec<T> {
        let spare = (self.3).0.borrow_mut().take();
        match spare.map(|b| b.downcast::<Vec<T>>()) {
            Some(Ok(list)) => {
                let mut list = *list;
                list.clear();
                list
            }
            _ => Vec::new(),
        }
    }

    /// Keeps `list` for the next [`Graphs::edge_list`].
    pub(super) fn give_back<T: 'static>(&self, list: Vec<T>) {
        *(self.3).0.borrow_mut() = Some(Box::new(list));
    }
}

/// The optimum over the players still to pair, less the players of `fixed` (pairs kept as
/// they are; then only the fields of C8 and below can vary).
///
/// `window`: only the bracket and the next scoregroup, nobody obliged to be paired (a
/// relaxation of the real problem: its optimum is at least the real one); the pairs given
/// (the published bracket and next bracket pairs, and the PAB) are then compared with that
/// optimum, and `Solved::published_optimal` says whether they reach it.
/// The most pairs one matching of the complete check may list (12 bytes each, and a weight
/// per edge in the stages: some 2 GB here). A bracket needing more is decided by player
/// classes alone (`by_class`), and noted and skipped where those prove nothing, rather than
/// running the machine out of memory.
pub(super) const MAX_PAIRS: usize = 40_000_000;

/// Player classes above which [`Fields::edges`] keeps no table per class pair (two entries
/// of 4 bytes per ordered pair: 32 MB at most).
const MAX_CLASSES: usize = 2_000;

/// Why a matching of the complete check gave no pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum SolveError {
    /// The criteria and tie-break fields need more bits than the widest weight holds.
    TooWide { bits: u32 },
    /// The matching would list more pairs than [`MAX_PAIRS`]: not built.
    TooLarge { players: usize, pairs: usize },
    /// No complete pairing of the rest exists (C4).
    Incomplete,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooWide { bits } => {
                write!(f, "the criteria need {bits} bits of weight: the complete check was skipped")
            }
            SolveError::TooLarge { players, pairs } => write!(
                f,
                "the complete check needs a matching of {players} players ({pairs} pairs), \
                 more than the checker's limit of {MAX_PAIRS} pairs (about 4 GB): skipped"
            ),
            SolveError::Incomplete => write!(f, "no complete pairing of the rest exists (C4)"),
        }
    }
}

/// What a matching's graph depends on besides its bracket ([`View`]): the pairs kept, the
/// mode (the relaxation or every player still to pair), whether the bracket's members are
/// kept from pairing each other (with the bracket pairs fixed and no tie-break fields), and
/// the PAB-inside switch ([`without_pab_inside`](super::without_pab_inside)).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct GraphKey {
    pub(super) fixed: Vec<(Id, Id)>,
    pub(super) window: bool,
    pub(super) members_apart: bool,
    pub(super) pab_inside: bool,
}

/// A graph built, or why not.
pub(super) type Built = Result<Rc<Graph>, SolveError>;

/// One matching's graph without its tie-break fields, built once per bracket and key and
/// reused by every matching on it (the relaxation of the quality check and each stage of
/// the order check: only the tie-break fields change): the players, the edges, and each
/// edge's criteria fields packed into one number from bit 0 (most significant first). The
/// edges take few distinct field values, so each edge holds the index of its value in a
/// table (`pattern`, `table`; 0 is the edge without any field).
pub(super) struct Graph {
    pub(super) players: Vec<Id>,
    pub(super) index: std::collections::HashMap<Id, usize>,
    /// Players (the PAB vertex `dummy` comes after them).
    pub(super) n: usize,
    pub(super) dummy: Option<usize>,
    pub(super) nv: usize,
    /// Per player: a member of the bracket; in the next bracket (a member or a resident of
    /// the next scoregroup).
    pub(super) member: Vec<bool>,
    pub(super) in_next: Vec<bool>,
    /// Ends by index, as `u32` (half the memory of `usize` pairs: 16.6 million edges in a
    /// window of round 2 at 10,000 players; a graph holds fewer than 2^32 vertices).
    pub(super) edges: Vec<(u32, u32)>,
    pub(super) pattern: Vec<u32>,
    pub(super) table: Vec<Wide>,
    /// The width of the criteria fields.
    pub(super) bits: u32,
    /// The edges the matching's greedy start tries first ([`warm_start`]).
    pub(super) hint: Vec<usize>,
}

/// Builds the graph of `key` (see [`Graph`]; the field layout in the module doc of
/// [`super`] and [`solve_tweaked`](super::solve::solve_tweaked)): its players, what the fields
/// read of them ([`PlayerData`]), the edges with their criteria fields ([`Fields::edges`])
/// and those fields narrowed and packed into weights ([`pack`]).
pub(super) fn build_graph(view: &View, key: &GraphKey) -> Result<Graph, SolveError> {
    let (players, dummy, pab_forced) = graph_players(view, key);
    let n = players.len();
    let pairs = n * n.saturating_sub(1) / 2;
    if pairs > MAX_PAIRS {
        return Err(SolveError::TooLarge { players: n, pairs });
    }
    let nv = n + dummy.is_some() as usize;
    let fields = Fields::new(view, &players);
    let (edges, pattern, values) = fields.edges(key.members_apart, dummy, pab_forced);
    let (table, bits) = pack(view, &fields.layout, &values);
    let PlayerData { index, member, in_next, .. } = fields.data;
    // `Fields::edges` lists them by first end, then second, the PAB vertex (numbered `n`,
    // after every player) last: strictly increasing, so that a pair's edge is found by
    // bisection (checked in full by debug builds, the tests).
    debug_assert!(edges.windows(2).all(|w| w[0] < w[1]), "edges out of order");
    let hint = warm_start(view, &players, &index, dummy, &edges);
    Ok(Graph { players, index, n, dummy, nv, member, in_next, edges, pattern, table, bits, hint })
}

/// The players of `key`'s graph in ranking order (the bracket's MDPs, then the relaxation's
/// residents and next scoregroup, or every player still to pair), but those of the fixed
/// pairs; its PAB vertex (numbered after them); and whether the relaxation gives the PAB
/// inside, above every criterion: when every player who may take it is there
/// ([`pab_inside`]), every real candidate does so.
pub(super) fn graph_players(view: &View, key: &GraphKey) -> (Vec<Id>, Option<usize>, bool) {
    let ctx = view.ctx;
    let s = view.b.score;
    let window = key.window;
    let taken: HashSet<Id> = key.fixed.iter().flat_map(|&(x, y)| [x, y]).collect();
    let mut players: Vec<Id> = view.b.mdps.clone();
    if window {
        players.extend(view.b.residents.iter().chain(&view.next));
    } else {
        players.extend(ctx.order.iter().filter(|&&x| ctx.score(x) <= s));
    }
    players.retain(|x| !taken.contains(x));
    let n = players.len();
    let dummy =
        if window { view.pab_score.is_some().then_some(n) } else { (n % 2 == 1).then_some(n) };
    let pab_forced = window && key.pab_inside && pab_inside(view, &players, &taken);
    (players, dummy, pab_forced)
}

/// Where each criterion's fields sit among a pair's field values, most significant first
/// (the layout in the module doc of [`super`]); `nf` fields in all.
#[derive(Clone, Copy)]
struct Layout {
    f_pab: usize,
    f_c6: usize,
    f_c7: usize,
    f_c8: usize,
    f_c8l: usize,
    f_c9: usize,
    f_col: usize,
    f_fl: usize,
    f_c18: usize,
    f_c19: usize,
    f_c20: usize,
    f_c21: usize,
    nf: usize,
}

impl Layout {
    fn new(view: &View) -> Layout {
        // Field values per pair kind; fields in order (most significant first).
        let nl = view.levels.len();
        let nnl = if view.has_next { view.next_levels().len() } else { 0 };
        let nd = view.diffs.len();
        // Field indices. Above every criterion: the PAB given inside the relaxation.
        let f_pab = 0;
        let f_c6 = 1;
        let f_c7 = 2;
        let f_c8 = f_c7 + nl;
        let f_c8l = f_c8 + 1;
        let f_c9 = f_c8l + nnl;
        let f_col = f_c9 + 1;
        let f_fl = f_col + 4;
        // C18, C19, C20, C21: C18 and C20 first count the MDPs paired here (rather than
        // floating on, to a larger score difference), then one field per difference.
        let f_c18 = f_fl + 4;
        let f_c19 = f_c18 + 1 + nd;
        let f_c20 = f_c19 + nd;
        let f_c21 = f_c20 + 1 + nd;
        let nf = f_c21 + nd;
        Layout { f_pab, f_c6, f_c7, f_c8, f_c8l, f_c9, f_col, f_fl, f_c18, f_c19, f_c20, f_c21, nf }
    }
}

/// What the fields read of each player of the graph, by index (no hashing in the loop over
/// pairs).
struct PlayerData<'a> {
    member: Vec<bool>,
    resident: Vec<bool>,
    next: Vec<bool>,
    in_next: Vec<bool>,
    score: Vec<HalfPoints>,
    level: Vec<usize>,
    /// Floats: [down 1, down 2, up 1, up 2] rounds before.
    floats: Vec<[bool; 4]>,
    index: std::collections::HashMap<Id, usize>,
    /// C1 and C3 (`RoundCtx::compatible`): the opponents met, by index; the absolute colour
    /// preference of a player who is no topscorer.
    met: Vec<Vec<usize>>,
    absolute: Vec<Option<Colour>>,
    takes_pab: Vec<bool>,
    /// What 5.2 and C10-C13 read of each player (`RoundCtx::side`), and whether it is a
    /// topscorer.
    sides: Vec<Side<'a>>,
    top: Vec<bool>,
}

impl<'a> PlayerData<'a> {
    fn new(view: &View<'a>, players: &[Id]) -> PlayerData<'a> {
        let ctx = view.ctx;
        let n = players.len();
        let member: Vec<bool> = players.iter().map(|x| view.member.contains(x)).collect();
        let resident: Vec<bool> = players.iter().map(|x| view.resident.contains(x)).collect();
        let next: Vec<bool> = players.iter().map(|x| view.next_set.contains(x)).collect();
        let in_next: Vec<bool> = (0..n).map(|i| member[i] || next[i]).collect();
        let score: Vec<HalfPoints> = players.iter().map(|&x| ctx.score(x)).collect();
        let level: Vec<usize> =
            score.iter().map(|s| view.levels.iter().position(|l| l == s).unwrap_or(0)).collect();
        // Floats: [down 1, down 2, up 1, up 2] rounds before.
        let floats: Vec<[bool; 4]> = players
            .iter()
            .map(|&x| {
                [
                    float_at(ctx, x, 1, Float::Down),
                    float_at(ctx, x, 2, Float::Down),
                    float_at(ctx, x, 1, Float::Up),
                    float_at(ctx, x, 2, Float::Up),
                ]
            })
            .collect();
        let index: std::collections::HashMap<Id, usize> =
            players.iter().enumerate().map(|(i, x)| (*x, i)).collect();
        // C1 and C3 (`RoundCtx::compatible`): the opponents met, by index; the absolute
        // colour preference of a player who is no topscorer.
        let met: Vec<Vec<usize>> = players
            .iter()
            .map(|x| {
                ctx.hist
                    .get(x)
                    .map(|h| h.met.iter().filter_map(|y| index.get(y).copied()).collect())
                    .unwrap_or_default()
            })
            .collect();
        let absolute: Vec<Option<Colour>> = players
            .iter()
            .map(|x| {
                if ctx.topscorer.contains(x) {
                    return None;
                }
                ctx.prefs
                    .get(x)
                    .copied()
                    .flatten()
                    .filter(|p| p.strength == Strength::Absolute)
                    .map(|p| p.colour)
            })
            .collect();
        let takes_pab: Vec<bool> = players
            .iter()
            .map(|x| ctx.hist[x].pab_eligible && Some(ctx.score(*x)) == view.pab_score)
            .collect();
        let sides: Vec<Side<'a>> = players.iter().map(|&x| ctx.side(x)).collect();
        let top: Vec<bool> = players.iter().map(|x| ctx.topscorer.contains(x)).collect();
        PlayerData {
            sides,
            top,
            member,
            resident,
            next,
            in_next,
            score,
            level,
            floats,
            index,
            met,
            absolute,
            takes_pab,
        }
    }
}

/// The distinct field values of a graph's edges, each with whether a pair of two bracket
/// members (`.1`) or another edge (`.2`) takes it: what the narrowing ([`pack`]) reads.
type FieldValues = Vec<(Vec<u64>, bool, bool)>;

/// A graph under construction: its players, what the fields read of them, the layout.
pub(super) struct Fields<'a> {
    view: &'a View<'a>,
    layout: Layout,
    data: PlayerData<'a>,
    players: &'a [Id],
    /// The most unplayed rounds of a bracket member (C9).
    max_unplayed: u64,
}

impl<'a> Fields<'a> {
    pub(super) fn new(view: &'a View<'a>, players: &'a [Id]) -> Fields<'a> {
        let ctx = view.ctx;
        Fields {
            view,
            layout: Layout::new(view),
            data: PlayerData::new(view, players),
            players,
            max_unplayed: view
                .member
                .iter()
                .map(|x| ctx.hist[x].unplayed as u64)
                .max()
                .unwrap_or(0),
        }
    }

    /// The criteria fields of a pair of two bracket members (`v` all zero), whose colour
    /// values (C10-C13, [`pair_values`]) are `c`.
    fn bracket_pair(&self, i: usize, j: usize, c: &[i64], v: &mut [u64]) {
        let view = self.view;
        let Layout { f_c6, f_c7, f_col, f_fl, f_c18, f_c19, f_c20, f_c21, .. } = self.layout;
        let PlayerData { resident, level, floats, score, .. } = &self.data;
        v[f_c6] = 1;
        for z in [i, j] {
            if !resident[z] {
                v[f_c7 + level[z]] += 1;
            }
        }
        for k in 0..4 {
            v[f_col + k] = (2 - c[k + 1]) as u64;
        }
        for z in [i, j] {
            if resident[z] {
                v[f_fl] += floats[z][0] as u64;
                v[f_fl + 2] += floats[z][1] as u64;
            }
        }
        let (sx, sy) = (score[i], score[j]);
        let (hi, lo, diff) = if sx >= sy { (i, j, sx - sy) } else { (j, i, sy - sx) };
        let float = diff > 0;
        v[f_fl + 1] = 1 - (float && floats[lo][2]) as u64;
        v[f_fl + 3] = 1 - (float && floats[lo][3]) as u64;
        for (f0, back, high) in
            [(f_c18, 0, true), (f_c19, 0, false), (f_c20, 1, true), (f_c21, 1, false)]
        {
            let mut f0 = f0;
            if high {
                for z in [i, j] {
                    if !resident[z] {
                        v[f0] += floats[z][back] as u64;
                    }
                }
                f0 += 1;
            }
            for (di, &d) in view.diffs.iter().enumerate() {
                let hit = float
                    && diff == d
                    && if high { floats[hi][back] } else { floats[lo][2 + back] };
                v[f0 + di] = 1 - hit as u64;
            }
        }
    }

    /// The colour values (C10-C13, [`pair_values`]) of the pair `i`-`j`.
    fn colour_values(&self, i: usize, j: usize) -> [i64; 9] {
        let PlayerData { sides, top, .. } = &self.data;
        side_pair_values(&sides[i], &sides[j], top[i] || top[j], self.view.ctx.initial)
    }

    /// Everything the fields of the edge `i`-`j` read (`bracket`: a pair of two members,
    /// with colour values `c`; else a pair of the next bracket), packed into one number:
    /// edges of equal signatures have equal fields, so each signature's fields are built
    /// and interned once ([`Fields::edges`]). Level, floats, residence of both ends (for a
    /// next bracket pair: membership and the level of a member), C10-C13. `None` for a
    /// bracket of more than 2^16 score levels (never met: fields built per edge).
    fn signature(&self, i: usize, j: usize, bracket: bool, c: &[i64]) -> Option<u64> {
        let PlayerData { member, resident, level, floats, .. } = &self.data;
        if self.view.levels.len() >= 1 << 16 {
            return None;
        }
        let fl =
            |z: usize| floats[z].iter().enumerate().map(|(k, &f)| (f as u64) << k).sum::<u64>();
        let sig: u64 = if bracket {
            let colours: u64 = (0..4).map(|k| (c[k + 1].clamp(0, 3) as u64) << (2 * k)).sum();
            (resident[i] as u64) << 1
                | (resident[j] as u64) << 2
                | fl(i) << 3
                | fl(j) << 7
                | colours << 11
                | (level[i] as u64) << 19
                | (level[j] as u64) << 35
        } else {
            let lv = |z: usize| if member[z] { level[z] as u64 } else { 0 };
            1 | (member[i] as u64) << 1 | (member[j] as u64) << 2 | lv(i) << 19 | lv(j) << 35
        };
        // Spread the high bits into the low ones (one-to-one), which the table's hash reads.
        Some(sig ^ (sig >> 24) ^ (sig >> 40))
    }

    /// Each player's class, and their number: players of one class agree on everything the
    /// fields of their edges read ([`Fields::signature`], [`Fields::colour_values`],
    /// [`Fields::bracket_pair`], [`Fields::next_pair`]) but their rank and pairing number,
    /// which 5.2 compares only to break a tie (the rank order) or reads for its parity. Two
    /// pairs of the same ordered classes in the same rank order have the same fields.
    pub(super) fn classes(&self) -> (Vec<u32>, usize) {
        let d = &self.data;
        let mut ids: std::collections::HashMap<Vec<i64>, u32> = Default::default();
        let class = (0..self.players.len())
            .map(|z| {
                let side = &d.sides[z];
                let mut key = vec![
                    d.member[z] as i64,
                    d.resident[z] as i64,
                    d.next[z] as i64,
                    d.in_next[z] as i64,
                    d.score[z] as i64,
                    d.level[z] as i64,
                    d.top[z] as i64,
                    (side.number % 2) as i64,
                    side.preference.map_or(0, |p| 1 + 4 * p.colour as i64 + p.strength as i64),
                    side.history.colour_difference() as i64,
                ];
                key.extend(d.floats[z].iter().map(|&f| f as i64));
                key.extend(side.history.colours.iter().map(|&c| c as i64));
                let next = ids.len() as u32;
                *ids.entry(key).or_insert(next)
            })
            .collect();
        (class, ids.len())
    }

    /// The criteria fields of a pair of the next bracket (`v` all zero).
    fn next_pair(&self, i: usize, j: usize, v: &mut [u64]) {
        let Layout { f_c8, f_c8l, .. } = self.layout;
        let PlayerData { member, level, .. } = &self.data;
        v[f_c8] = 1;
        for z in [i, j] {
            if member[z] {
                v[f_c8l + level[z]] += 1;
            }
        }
    }

    /// Whether the pair `i`-`j` carries criteria fields: two bracket members, or a pair of
    /// the next bracket (the other pairs weigh nothing).
    pub(super) fn has_fields(&self, i: usize, j: usize) -> bool {
        let PlayerData { member, next, in_next, .. } = &self.data;
        member[i] && member[j]
            || self.view.has_next && in_next[i] && in_next[j] && (next[i] || next[j])
    }

    /// The pattern (index of its field values in `st`) of the pair `i`-`j`, which carries
    /// fields ([`Fields::has_fields`]): a known signature's, or its fields built and interned.
    pub(super) fn pair_pattern(&self, i: usize, j: usize, st: &mut Interner) -> u32 {
        let bracket = self.data.member[i] && self.data.member[j];
        let c = if bracket { self.colour_values(i, j) } else { [0; 9] };
        let sig = self.signature(i, j, bracket, &c);
        if let Some(&p) = sig.and_then(|s| st.by_signature.get(&s)) {
            return p;
        }
        st.fv.iter_mut().for_each(|x| *x = 0);
        let mut fv = std::mem::take(&mut st.fv);
        if bracket {
            self.bracket_pair(i, j, &c, &mut fv);
        } else {
            self.next_pair(i, j, &mut fv);
        }
        st.fv = fv;
        let p = st.intern(bracket);
        if let Some(s) = sig {
            st.by_signature.insert(s, p);
        }
        p
    }

    /// The pattern of the edge from player `i` (who may take the PAB) to the PAB vertex.
    pub(super) fn pab_pattern(&self, i: usize, pab_forced: bool, st: &mut Interner) -> u32 {
        let (view, ctx) = (self.view, self.view.ctx);
        let Layout { f_pab, f_c9, .. } = self.layout;
        st.fv.iter_mut().for_each(|x| *x = 0);
        st.fv[f_pab] = pab_forced as u64;
        // C9 counts only when the bracket's only downfloater takes the PAB: with the
        // published number of downfloaters (C6) above one, it is 0 for every candidate
        // (rewarding it would hide pairings better on C10-C21 or earlier in 4.x).
        if self.data.member[i] && view.b.downfloaters.len() == 1 {
            st.fv[f_c9] = self.max_unplayed - ctx.hist[&self.players[i]].unplayed as u64;
        }
        st.intern(false)
    }

    /// Whether player `i` may take the PAB (C2, the published PAB score).
    pub(super) fn takes_pab(&self, i: usize) -> bool {
        self.data.takes_pab[i]
    }

    /// An empty table of field values for this layout.
    pub(super) fn interner(&self) -> Interner {
        Interner::new(self.layout.nf)
    }

    /// The weights of the field values of `st` and their width ([`pack`]).
    pub(super) fn pack(&self, st: &Interner) -> (Vec<Wide>, u32) {
        pack(self.view, &self.layout, &st.values)
    }

    /// Whether C3 keeps `i` and `j` apart (two non-topscorers of one absolute preference).
    pub(super) fn absolute_apart(&self, i: usize, j: usize) -> bool {
        let absolute = &self.data.absolute;
        absolute[i].is_some() && absolute[i] == absolute[j]
    }

    /// The edges (pairs C1 and C3 allow, and the PAB vertex `dummy` with the players who may
    /// take the PAB), each with the index of its field values, and those distinct values.
    fn edges(
        &self,
        members_apart: bool,
        dummy: Option<usize>,
        pab_forced: bool,
    ) -> (Vec<(u32, u32)>, Vec<u32>, FieldValues) {
        let (view, players) = (self.view, self.players);
        let n = players.len();
        let PlayerData { member, met, takes_pab, .. } = &self.data;
        let mut st = Interner::new(self.layout.nf);
        // At most every pair and a PAB edge per player: reserved once (no regrowing copies).
        let most = n * n.saturating_sub(1) / 2 + if dummy.is_some() { n } else { 0 };
        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(most);
        let mut pattern: Vec<u32> = Vec::with_capacity(most);
        // Each ordered pair of player classes ([`Fields::classes`]) in each rank order: its
        // pattern, once found (`NONE`: not yet); before it, each signature's
        // ([`Fields::pair_pattern`]).
        const NONE: u32 = u32::MAX;
        let (class, classes) = self.classes();
        let memo_ok = classes <= MAX_CLASSES && view.levels.len() < 1 << 16;
        let mut memo = vec![NONE; if memo_ok { 2 * classes * classes } else { 0 }];
        let PlayerData { sides, .. } = &self.data;
        let mut stamp = vec![usize::MAX; n];
        for i in 0..n {
            for &j in &met[i] {
                stamp[j] = i;
            }
            for j in i + 1..n {
                if stamp[j] == i || self.absolute_apart(i, j) {
                    continue;
                }
                // With the bracket pairs fixed, its downfloaters do not pair each other here.
                if members_apart && member[i] && member[j] {
                    continue;
                }
                let p = if self.has_fields(i, j) {
                    let at = memo_ok.then(|| {
                        let pair = class[i] as usize * classes + class[j] as usize;
                        2 * pair + (sides[i].rank < sides[j].rank) as usize
                    });
                    match at.map(|a| memo[a]).filter(|&p| p != NONE) {
                        Some(p) => p,
                        None => {
                            let p = self.pair_pattern(i, j, &mut st);
                            if let Some(a) = at {
                                memo[a] = p;
                            }
                            p
                        }
                    }
                } else {
                    0 // no field: nothing for the narrowing to read
                };
                edges.push((i as u32, j as u32));
                pattern.push(p);
            }
            if let Some(d) = dummy
                && takes_pab[i]
            {
                edges.push((i as u32, d as u32));
                pattern.push(self.pab_pattern(i, pab_forced, &mut st));
            }
        }
        (edges, pattern, st.values)
    }
}

/// A graph's distinct field values as they are met ([`Fields::pair_pattern`]), with their
/// lookups by value and by signature (0: the pair without any field).
pub(super) struct Interner {
    values: FieldValues,
    seen: crate::dutch::idmap::IdMap<Vec<u64>, u32>,
    by_signature: crate::dutch::idmap::IdMap<u64, u32>,
    /// The field values being built.
    fv: Vec<u64>,
}

impl Interner {
    fn new(nf: usize) -> Interner {
        let mut seen: crate::dutch::idmap::IdMap<Vec<u64>, u32> = Default::default();
        seen.insert(vec![0u64; nf], 0);
        Interner {
            values: vec![(vec![0u64; nf], false, false)],
            seen,
            by_signature: Default::default(),
            fv: vec![0u64; nf],
        }
    }

    /// The index of the field values `fv`, marked as taken by a pair of two bracket members
    /// (`bracket`) or another edge.
    fn intern(&mut self, bracket: bool) -> u32 {
        let p = match self.seen.get(&self.fv) {
            Some(&p) => p,
            None => {
                let p = self.values.len() as u32;
                self.seen.insert(self.fv.clone(), p);
                self.values.push((self.fv.clone(), false, false));
                p
            }
        };
        let e = &mut self.values[p as usize];
        if bracket {
            e.1 = true;
        } else {
            e.2 = true;
        }
        p
    }
}

/// Narrows the fields (a field constant over every bracket pair, and zero elsewhere, or zero
/// everywhere is dropped) and packs each distinct field value into one weight: the table of
/// weights and their width.
fn pack(view: &View, layout: &Layout, values: &FieldValues) -> (Vec<Wide>, u32) {
    let Layout { f_c8, f_c9, f_col, nf, .. } = *layout;
    // Narrowing: a field constant over every bracket pair (and zero elsewhere) or zero
    // everywhere is dropped; widths from the largest total a matching can reach.
    let pairs_max = (view.member.len() / 2 + 1) as u64;
    let next_max = ((view.member.len() + view.next.len()) / 2 + 1) as u64;
    let mut widths = vec![0u32; nf];
    for (f, width) in widths.iter_mut().enumerate() {
        let mut bracket_value: Option<u64> = None;
        let mut varies = false;
        let mut maxv = 0u64;
        for (v, bracket, other) in values {
            if !bracket && !other {
                continue;
            }
            maxv = maxv.max(v[f]);
            if f >= f_col {
                if *bracket {
                    match bracket_value {
                        None => bracket_value = Some(v[f]),
                        Some(s) if s != v[f] => varies = true,
                        _ => {}
                    }
                }
                if *other && v[f] != 0 {
                    varies = true;
                }
            }
        }
        let keep = if f < f_col { maxv > 0 } else { varies };
        let count = if (f_c8..f_c9).contains(&f) { next_max } else { pairs_max };
        *width = if keep { bits_for(maxv * count + 1) } else { 0 };
    }
    let mut offsets = vec![0u32; nf];
    let mut off = 0;
    for f in (0..nf).rev() {
        offsets[f] = off;
        off += widths[f];
    }
    let table: Vec<Wide> = values
        .iter()
        .map(|(v, _, _)| {
            let mut w = Wide::zero();
            for f in 0..nf {
                if widths[f] > 0 && v[f] > 0 {
                    w = w.plus(Wide::shifted(v[f], offsets[f]));
                }
            }
            w
        })
        .collect();
    (table, off)
}

/// Whether every player still to pair (but those of `taken`) who may take the PAB (C2, the
/// published PAB score) is among the relaxation's `players`: then every complete pairing
/// gives the PAB inside the relaxation, and the relaxation may demand it (its optimum is
/// still at least the real one, and is far more often completed by the rest of the field).
pub(super) fn pab_inside(view: &View, players: &[Id], taken: &HashSet<Id>) -> bool {
    let ctx = view.ctx;
    let Some(score) = view.pab_score else {
        return false;
    };
    let inside: HashSet<Id> = players.iter().copied().collect();
    let s = view.b.score;
    view.b.mdps.iter().chain(ctx.order.iter().filter(|&&x| ctx.score(x) <= s)).all(|x| {
        taken.contains(x)
            || inside.contains(x)
            || !(ctx.hist[x].pab_eligible && ctx.score(*x) == score)
    })
}

/// The edges (indices into `edges`) of the published pairs among `players`, and of the
/// published PAB receiver with the PAB vertex `dummy`: the matching's greedy start tries them
/// first (when they are tight), so a published round that is nearly optimal leaves few
/// stages to run. Only the speed depends on them, never the optimum.
pub(super) fn warm_start(
    view: &View,
    players: &[Id],
    index: &std::collections::HashMap<Id, usize>,
    dummy: Option<usize>,
    edges: &[(u32, u32)],
) -> Vec<usize> {
    let Some((partner, pab)) = view.published else {
        return Vec::new();
    };
    // Each player's published partner (the PAB vertex for the PAB receiver), by index.
    let mut want = vec![usize::MAX; players.len()];
    for (i, x) in players.iter().enumerate() {
        if let Some(&j) = partner.get(x).and_then(|y| index.get(y)) {
            want[i] = j;
        }
        if Some(*x) == pab
            && let Some(d) = dummy
        {
            want[i] = d;
        }
    }
    // The edge (i, want[i]) of each i below its wanted partner, by bisection (the edges
    // are sorted, see `build_graph`), in the edges' order.
    let mut found: Vec<usize> = (0..want.len())
        .filter(|&i| want[i] != usize::MAX && i < want[i])
        .filter_map(|i| edges.binary_search(&(i as u32, want[i] as u32)).ok())
        .collect();
    found.sort_unstable();
    found
}
