//! The complete quality check of a bracket (C6-C21): the optimum of the criteria over every
//! bracket pairing that the brackets above (as published) leave possible, by one
//! maximum-weight general matching ([`super::wmatch`]), compared with the published bracket
//! pairing criterion by criterion.
//!
//! The matching covers every player still to pair (the bracket's MDPs and residents, and
//! every player below), plus one extra vertex for the PAB joined to the eligible players of
//! the published PAB score (C2, C5), and asks for maximum cardinality: so every candidate is
//! a complete pairing of the rest (C4) with a lowest-scored PAB (C5). The weight of a pair
//! packs, most significant first, one field per criterion value:
//! - C6: +1 per pair of two bracket members;
//! - C7: per MDP score (highest first), +1 per paired MDP of that score (the downfloaters'
//!   scores, in descending order, are then lowest);
//! - C8: +1 per pair of the next bracket (a downfloater or a resident of the next
//!   scoregroup with a resident of the next scoregroup), then per score of this bracket
//!   (highest first) +1 per downfloater of that score paired there (C6 and C7 of the next
//!   bracket);
//! - C9: a bracket member taking the PAB: the most unplayed rounds of the bracket minus its
//!   own;
//! - C10-C13: 2 minus the pair's count (colours by 5.2);
//! - C14/C16: +1 per resident who downfloated one/two rounds before and is paired here;
//! - C15/C17: 1 minus (the lower-scored player of a pair of different scores upfloated
//!   one/two rounds before);
//! - C18-C21: per score difference (largest first), 1 minus (the pair has that difference and
//!   its higher player downfloated, or its lower player upfloated, one/two rounds before).
//!
//! Every pair of two bracket members counts in the same fields, and their number is fixed by
//! C6, so "2 minus a count" maximised is the count minimised. Fields whose value is the same
//! on every bracket pair are dropped (narrow weights); the weight is an `i128` when the
//! layout fits, else 256, 448 or 512 bits. Each matching's graph (players, edges, their
//! fields) is built once per bracket and shared by every matching on it ([`Graph`]).
//!
//! In the relaxation (the bracket and the next scoregroup, see [`check_bracket`]) one more
//! field sits above every criterion: the PAB given inside, when every player still to pair
//! who may take it is there (`pab_inside`). Both matchings start warm from the published
//! pairs (`warm_start`; `wmatch` explains why the optimum does not depend on it).
//!
//! The verdict never relies on the weights: the values of both pairings are recomputed from
//! their pairs ([`Values`]), and a violation is reported only when the matching's pairing is
//! strictly better on the first criterion where the two differ — the matching's pairing is
//! complete and legal (C1-C5), so it is a witness. For C8, the published value is the best
//! next bracket its downfloaters allow (one more matching with the published bracket pairs
//! fixed), not the next bracket as published.
//!
//! A bracket whose published values reach simple lower bounds on every criterion (every
//! member paired but for parity, the odd one a resident, the next bracket likewise, C10-C21
//! zero, C12/C13 no more than the preferences force) is optimal without any matching.

use super::colours::Strength;
use super::order::Bracket;
use super::quality::{self, pair_values};
use super::round::{Published, RoundCtx};
use super::state::Float;
use super::wmatch::{self, Weight, Wide, Wide256, Wide448, WideN};
use crate::points::show_points;
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::{Colour, HalfPoints, Id};
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

mod stages;

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

/// Criteria values of a bracket pairing, in the rules' order (a criterion may take several
/// entries: one per score, or per score difference).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    pub names: Vec<&'static str>,
    pub values: Vec<i64>,
}

/// One bracket's view: its members, the next scoregroup, the score levels.
struct View<'a> {
    ctx: &'a RoundCtx,
    b: &'a Bracket,
    /// Residents of the next scoregroup (empty for the last bracket).
    next: Vec<Id>,
    has_next: bool,
    member: HashSet<Id>,
    resident: HashSet<Id>,
    next_set: HashSet<Id>,
    /// Scores of the bracket's members, highest first.
    levels: Vec<HalfPoints>,
    /// Positive score differences between members, largest first.
    diffs: Vec<HalfPoints>,
    /// Score of the published PAB.
    pab_score: Option<HalfPoints>,
    /// The published round (opponents, PAB receiver): where the matchings start from
    /// ([`warm_start`]); never read by the verdicts.
    published: Option<(&'a std::collections::HashMap<Id, Id>, Option<Id>)>,
    /// The matchings' graphs built so far ([`View::graph`]).
    graphs: Rc<Graphs>,
}

fn float_at(ctx: &RoundCtx, x: Id, back: u32, f: Float) -> bool {
    ctx.round > back && ctx.hist[&x].float_in(ctx.round - back) == f
}

impl<'a> View<'a> {
    fn new(ctx: &'a RoundCtx, brackets: &'a [Bracket], k: usize, pab: Option<Id>) -> Self {
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
    fn starting_from(mut self, publ: &'a Published, graphs: &Rc<Graphs>) -> Self {
        self.published = Some((&publ.partner, publ.pabs.first().map(|x| x.1)));
        self.graphs = graphs.clone();
        self
    }

    /// The graph of `key`, built on first use and kept for the view's other matchings.
    fn graph(&self, key: GraphKey) -> Built {
        if let Some((_, g)) = self.graphs.0.borrow().iter().find(|(k, _)| *k == key) {
            return g.clone();
        }
        let g = build_graph(self, &key).map(Rc::new);
        self.graphs.0.borrow_mut().push((key, g.clone()));
        g
    }

    fn next_levels(&self) -> Vec<HalfPoints> {
        let mut l = self.levels.clone();
        if let Some(&x) = self.next.first() {
            l.push(self.ctx.score(x));
        }
        l
    }

    /// The criteria values of a bracket pairing (`pairs`), with the next bracket's pairs and
    /// the PAB receiver.
    fn values(&self, pairs: &[(Id, Id)], next_pairs: &[(Id, Id)], pab: Option<Id>) -> Values {
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
    fn trivially_optimal(&self, v: &Values, pairs: &[(Id, Id)]) -> bool {
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

fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

/// The matchings' graphs of one bracket of one round ([`Graph`]), built on first use and
/// shared by its quality check ([`check_bracket`]) and its order check ([`check_order`]),
/// whose relaxations are on the same players and edges (only the tie-break fields differ).
#[derive(Default)]
pub struct Graphs(RefCell<Vec<(GraphKey, Built)>>);

/// The complete check of bracket `k`: `Some` violation when a better bracket pairing exists.
/// `graphs`: shared with [`check_order`] of the same bracket (see [`Graphs`]).
pub fn check_bracket(
    ctx: &RoundCtx,
    publ: &Published,
    brackets: &[Bracket],
    k: usize,
    notes: &mut Vec<String>,
    graphs: &Rc<Graphs>,
) -> Option<Violation> {
    let pab = publ.pabs.first().map(|x| x.1);
    let view = View::new(ctx, brackets, k, pab).starting_from(publ, graphs);
    let b = &brackets[k];
    let next_pub: Vec<(Id, Id)> = brackets.get(k + 1).map(|n| n.pairs.clone()).unwrap_or_default();
    let published = view.values(&b.pairs, &next_pub, pab);
    if view.trivially_optimal(&published, &b.pairs) {
        return None;
    }
    // The relaxation on the bracket and the next scoregroup first: when the published pairs
    // reach its optimum, nothing can beat them (no matching on the whole rest needed).
    let mut given = b.pairs.clone();
    // (A next bracket pair of two of this bracket's downfloaters would weigh as a pair of
    // this bracket: left out, which can only make the published side lighter.)
    given.extend(
        next_pub.iter().filter(|(x, y)| !(view.member.contains(x) && view.member.contains(y))),
    );
    let window = solve(&view, &[], Some((&given, pab)));
    if let Ok(w) = &window
        && w.published_optimal
    {
        return None;
    }
    let solved = match optimum(&view, &[], window.ok()) {
        Ok(s) => s,
        Err(msg) => {
            notes.push(format!("bracket {}: {msg}", show_points(b.score)));
            return None;
        }
    };
    let witness = view.values(&solved.pairs, &solved.next_pairs, solved.pab);
    let mut published = published;
    let first = first_difference(&published, &witness)?;
    if published.names[first] == "C8" {
        // The published downfloaters' best next bracket, not the next bracket as published.
        if let Ok(fixed) = optimum(&view, &b.pairs, None) {
            let best = view.values(&b.pairs, &fixed.next_pairs, pab);
            for (i, n) in best.names.iter().enumerate() {
                if *n == "C8" {
                    published.values[i] = published.values[i].min(best.values[i]);
                }
            }
        }
    }
    let first = first_difference(&published, &witness)?;
    if witness.values[first] >= published.values[first] {
        return None;
    }
    let name = published.names[first];
    let mut v = violation(ctx, b, name, &published, &witness, &solved.pairs);
    if name == "C9" {
        super::pab::name_better_receiver(ctx, &mut v, pab, solved.pab);
    }
    Some(v)
}

/// The real optimum (with the pairs of `fixed` kept): the relaxation's optimum when the rest
/// of the field can still be paired around it (it is then feasible, and nothing feasible
/// weighs more), else one matching over every player still to pair.
fn optimum(view: &View, fixed: &[(Id, Id)], window: Option<Solved>) -> Result<Solved, SolveError> {
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
fn completes(view: &View, w: &Solved) -> bool {
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

fn first_difference(a: &Values, b: &Values) -> Option<usize> {
    (0..a.values.len()).find(|&i| a.values[i] != b.values[i])
}

fn rule_of(name: &str) -> Rule {
    match name {
        "C6" => Rule::DutchC6,
        "C7" => Rule::DutchC7,
        "C8" => Rule::DutchC8,
        "C9" => Rule::DutchC9,
        "C10" => Rule::DutchC10,
        "C11" => Rule::DutchC11,
        "C12" => Rule::DutchC12,
        "C13" => Rule::DutchC13,
        "C14" => Rule::DutchC14,
        "C15" => Rule::DutchC15,
        "C16" => Rule::DutchC16,
        "C17" => Rule::DutchC17,
        "C18" => Rule::DutchC18,
        "C19" => Rule::DutchC19,
        "C20" => Rule::DutchC20,
        _ => Rule::DutchC21,
    }
}

fn violation(
    ctx: &RoundCtx,
    b: &Bracket,
    name: &'static str,
    published: &Values,
    witness: &Values,
    pairs: &[(Id, Id)],
) -> Violation {
    let _ = ctx;
    let (sorted, players) = witness_pairs(b, pairs);
    let at = |v: &Values| {
        v.names
            .iter()
            .zip(&v.values)
            .filter(|(n, _)| **n == name)
            .map(|(_, x)| x.to_string())
            .collect::<Vec<_>>()
            .join("/")
    };
    let message = format!(
        "bracket {}: the bracket pairing {} is better on {name} ({} against {} published; as good on every criterion before) than the published {}",
        show_points(b.score),
        show_pairs(&sorted),
        at(witness),
        at(published),
        show_pairs(&b.pairs),
    );
    Violation::new(
        rule_of(name),
        players,
        message,
        Evidence::Dutch(DutchEvidence::Bracket {
            bracket_score: show_points(b.score),
            criterion: name.to_string(),
            criteria: published.names.clone(),
            published_values: published.values.clone(),
            witness_values: witness.values.clone(),
            published: b.pairs.iter().map(|&(x, y)| [x, y]).collect(),
            witness: sorted.iter().map(|&(x, y)| [x, y]).collect(),
        }),
    )
}

/// Pairs to compare with the relaxation's optimum (bracket and next bracket pairs), and the
/// PAB receiver.
type Given<'a> = (&'a [(Id, Id)], Option<Id>);

/// What the matching chose: bracket pairs, next bracket pairs, PAB receiver.
struct Solved {
    pairs: Vec<(Id, Id)>,
    next_pairs: Vec<(Id, Id)>,
    pab: Option<Id>,
    /// Window mode: the given pairs reach the optimum weight.
    published_optimal: bool,
}

/// The optimum over the players still to pair, less the players of `fixed` (pairs kept as
/// they are; then only the fields of C8 and below can vary).
///
/// `window`: only the bracket and the next scoregroup, nobody obliged to be paired (a
/// relaxation of the real problem: its optimum is at least the real one); the pairs given
/// (the published bracket and next bracket pairs, and the PAB) are then compared with that
/// optimum, and `Solved::published_optimal` says whether they reach it.
/// The most pairs one matching of the complete check may list; a bracket needing more is
/// noted and its complete check skipped, rather than running the machine out of memory.
/// Before the graphs were built once per bracket with their criteria fields shared (see
/// [`Graph`]), a pair took some 1.6 KB (3.2 GB at 2,000 players; round 2 of 10,000 passed
/// 24 GB) and the limit was 2.5 million. Now round 2 of 10,000 players, whose bracket and
/// next scoregroup hold about 7,500 players (28 million pairs), is checked completely in a
/// peak of 2.3 GB (`bsw bench --system dutch --sizes 10000 --rounds 2 --check --seed 1`).
const MAX_PAIRS: usize = 40_000_000;

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

fn solve(view: &View, fixed: &[(Id, Id)], window: Option<Given>) -> Result<Solved, SolveError> {
    solve_tweaked(view, fixed, window, None)
}

/// Tie-break fields below every criterion: per bracket pair, pieces (value, shift) added
/// at `shift` bits above the lowest tie-break bit; `bits` is the width they take.
pub(super) struct Tweak<'a> {
    pub bits: u32,
    pub pieces: &'a dyn Fn(Id, Id, &mut Pieces),
}

/// A pair's tie-break pieces (value, shift), appended by [`Tweak::pieces`].
pub(super) type Pieces = Vec<(u64, u32)>;

/// What a matching's graph depends on besides its bracket ([`View`]): the pairs kept, the
/// mode (the relaxation or every player still to pair), whether the bracket's members are
/// kept from pairing each other (with the bracket pairs fixed and no tie-break fields), and
/// the PAB-inside switch ([`without_pab_inside`]).
#[derive(Clone, PartialEq, Eq)]
struct GraphKey {
    fixed: Vec<(Id, Id)>,
    window: bool,
    members_apart: bool,
    pab_inside: bool,
}

/// A graph built, or why not.
type Built = Result<Rc<Graph>, SolveError>;

/// One matching's graph without its tie-break fields, built once per bracket and key and
/// reused by every matching on it (the relaxation of the quality check and each stage of
/// the order check: only the tie-break fields change): the players, the edges, and each
/// edge's criteria fields packed into one number from bit 0 (most significant first). The
/// edges take few distinct field values, so each edge holds the index of its value in a
/// table (`pattern`, `table`; 0 is the edge without any field).
struct Graph {
    players: Vec<Id>,
    index: std::collections::HashMap<Id, usize>,
    /// Players (the PAB vertex `dummy` comes after them).
    n: usize,
    dummy: Option<usize>,
    nv: usize,
    /// Per player: a member of the bracket; in the next bracket (a member or a resident of
    /// the next scoregroup).
    member: Vec<bool>,
    in_next: Vec<bool>,
    edges: Vec<(usize, usize)>,
    pattern: Vec<u32>,
    table: Vec<Wide>,
    /// The width of the criteria fields.
    bits: u32,
    /// The edges the matching's greedy start tries first ([`warm_start`]).
    hint: Vec<usize>,
}

/// Builds the graph of `key` (see [`Graph`]; the field layout in the module doc and
/// [`solve_tweaked`]).
fn build_graph(view: &View, key: &GraphKey) -> Result<Graph, SolveError> {
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
    let pairs = n * n.saturating_sub(1) / 2;
    if pairs > MAX_PAIRS {
        return Err(SolveError::TooLarge { players: n, pairs });
    }
    let dummy =
        if window { view.pab_score.is_some().then_some(n) } else { (n % 2 == 1).then_some(n) };
    let nv = n + dummy.is_some() as usize;

    let max_unplayed = view.member.iter().map(|x| ctx.hist[x].unplayed as u64).max().unwrap_or(0);
    // Field values per pair kind; fields in order (most significant first).
    let nl = view.levels.len();
    let nnl = if view.has_next { view.next_levels().len() } else { 0 };
    let nd = view.diffs.len();
    // Field indices.
    // Above every criterion: in the relaxation, the PAB given inside the window when every
    // player who may take it is there ([`pab_inside`]): every real candidate does so.
    let f_pab = 0;
    let pab_forced = window && key.pab_inside && pab_inside(view, &players, &taken);
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

    // What the fields read of each player, by index (no hashing in the loop over pairs).
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

    let bracket_pair = |i: usize, j: usize, v: &mut [u64]| {
        v[f_c6] = 1;
        for z in [i, j] {
            if !resident[z] {
                v[f_c7 + level[z]] += 1;
            }
        }
        let c = pair_values(ctx, players[i], players[j]);
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
    };
    let next_pair = |i: usize, j: usize, v: &mut [u64]| {
        v[f_c8] = 1;
        for z in [i, j] {
            if member[z] {
                v[f_c8l + level[z]] += 1;
            }
        }
    };

    // The distinct field values (0: none), with whether a pair of two bracket members
    // (`.1`) or another edge (`.2`) takes them: what the narrowing below reads.
    let mut values: Vec<(Vec<u64>, bool, bool)> = vec![(vec![0u64; nf], false, false)];
    let mut seen: std::collections::HashMap<Vec<u64>, u32> = std::collections::HashMap::new();
    seen.insert(vec![0u64; nf], 0);
    let mut intern = |v: &[u64], bracket: bool| -> u32 {
        let p = match seen.get(v) {
            Some(&p) => p,
            None => {
                let p = values.len() as u32;
                seen.insert(v.to_vec(), p);
                values.push((v.to_vec(), false, false));
                p
            }
        };
        let e = &mut values[p as usize];
        if bracket {
            e.1 = true;
        } else {
            e.2 = true;
        }
        p
    };
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut pattern: Vec<u32> = Vec::new();
    let mut fv = vec![0u64; nf];
    let mut stamp = vec![usize::MAX; n];
    for i in 0..n {
        for &j in &met[i] {
            stamp[j] = i;
        }
        for j in i + 1..n {
            if stamp[j] == i || (absolute[i].is_some() && absolute[i] == absolute[j]) {
                continue;
            }
            // With the bracket pairs fixed, its downfloaters do not pair each other here.
            if key.members_apart && member[i] && member[j] {
                continue;
            }
            let bracket = member[i] && member[j];
            let p = if bracket || view.has_next && in_next[i] && in_next[j] && (next[i] || next[j])
            {
                fv.iter_mut().for_each(|x| *x = 0);
                if bracket {
                    bracket_pair(i, j, &mut fv);
                } else {
                    next_pair(i, j, &mut fv);
                }
                intern(&fv, bracket)
            } else {
                0 // no field: nothing for the narrowing to read
            };
            edges.push((i, j));
            pattern.push(p);
        }
        if let Some(d) = dummy
            && takes_pab[i]
        {
            fv.iter_mut().for_each(|x| *x = 0);
            fv[f_pab] = pab_forced as u64;
            // C9 counts only when the bracket's only downfloater takes the PAB: with the
            // published number of downfloaters (C6) above one, it is 0 for every candidate
            // (rewarding it would hide pairings better on C10-C21 or earlier in 4.x).
            if member[i] && view.b.downfloaters.len() == 1 {
                fv[f_c9] = max_unplayed - ctx.hist[&players[i]].unplayed as u64;
            }
            edges.push((i, d));
            pattern.push(intern(&fv, false));
        }
    }
    // Narrowing: a field constant over every bracket pair (and zero elsewhere) or zero
    // everywhere is dropped; widths from the largest total a matching can reach.
    let pairs_max = (view.member.len() / 2 + 1) as u64;
    let next_max = ((view.member.len() + view.next.len()) / 2 + 1) as u64;
    let mut widths = vec![0u32; nf];
    for (f, width) in widths.iter_mut().enumerate() {
        let mut bracket_value: Option<u64> = None;
        let mut varies = false;
        let mut maxv = 0u64;
        for (v, bracket, other) in &values {
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
    let hint = warm_start(view, &players, &index, dummy, &edges);
    Ok(Graph {
        players,
        index,
        n,
        dummy,
        nv,
        member,
        in_next,
        edges,
        pattern,
        table,
        bits: off,
        hint,
    })
}

/// [`solve`] with tie-break fields ([`Tweak`]): then only some bracket pairs are fixed, and
/// the other bracket members pair each other as usual.
fn solve_tweaked(
    view: &View,
    fixed: &[(Id, Id)],
    window: Option<Given>,
    tweak: Option<&Tweak>,
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
    let g = view.graph(key)?;
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
    let full = window.is_none();
    let given = given.as_deref();
    let (mates, published_optimal) = if total + 4 <= 120 {
        let low = |w: &Wide| (w.0[0] as u128 | (w.0[1] as u128) << 64) as i128;
        run::<i128>(&g, low, full, given, tweak)
    } else if total + 4 <= 250 {
        let low = |w: &Wide| WideN([w.0[0], w.0[1], w.0[2], w.0[3]]);
        run::<Wide256>(&g, low, full, given, tweak)
    } else if total + 4 <= 436 {
        let low = |w: &Wide| WideN([w.0[0], w.0[1], w.0[2], w.0[3], w.0[4], w.0[5], w.0[6]]);
        run::<Wide448>(&g, low, full, given, tweak)
    } else if total + 4 <= 500 {
        run::<Wide>(&g, |w| *w, full, given, tweak)
    } else {
        return Err(SolveError::TooWide { bits: total });
    };
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
    if full && mates.iter().take(n).any(|m| m.is_none()) {
        return Err(SolveError::Incomplete);
    }
    pairs.extend(fixed.iter().copied());
    Ok(Solved { pairs, next_pairs, pab, published_optimal })
}

/// Whether every player still to pair (but those of `taken`) who may take the PAB (C2, the
/// published PAB score) is among the relaxation's `players`: then every complete pairing
/// gives the PAB inside the relaxation, and the relaxation may demand it (its optimum is
/// still at least the real one, and is far more often completed by the rest of the field).
fn pab_inside(view: &View, players: &[Id], taken: &HashSet<Id>) -> bool {
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
fn warm_start(
    view: &View,
    players: &[Id],
    index: &std::collections::HashMap<Id, usize>,
    dummy: Option<usize>,
    edges: &[(usize, usize)],
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
    edges.iter().enumerate().filter(|(_, (i, j))| want[*i] == *j).map(|(k, _)| k).collect()
}

/// Packs the criteria fields (above `1 + tweak bits`) and the tie-break fields into doubled
/// weights and solves; with `given` (the relaxation), whether those pairs reach the optimum.
fn run<W: Weight>(
    g: &Graph,
    low: impl Fn(&Wide) -> W,
    max_cardinality: bool,
    given: Option<&[(usize, usize)]>,
    tweak: Option<&Tweak>,
) -> (Vec<Option<usize>>, bool) {
    let nv = g.nv;
    // Weights are doubled (bit 0 is free): every dual stays an integer.
    let shift = 1 + tweak.map_or(0, |t| t.bits);
    let base: Vec<W> = g.table.iter().map(|w| low(&w.shl(shift))).collect();
    let mut buf = Vec::new();
    let packed: Vec<(usize, usize, W)> = g
        .edges
        .iter()
        .zip(&g.pattern)
        .map(|(&(i, j), &p)| {
            let mut w = base[p as usize];
            if let Some(t) = tweak
                && j < g.n
                && g.member[i]
                && g.member[j]
            {
                let mut tie = Wide::zero();
                buf.clear();
                (t.pieces)(g.players[i], g.players[j], &mut buf);
                for &(v, sh) in &buf {
                    if v > 0 {
                        tie = tie.plus(Wide::shifted(v, 1 + sh));
                    }
                }
                w = w.plus(low(&tie));
            }
            (i, j, w)
        })
        .collect();
    let hint = &g.hint[..];
    // Over every player still to pair a complete pairing exists (the published one), so the
    // heaviest perfect matching is the optimum; its warm start pairs the players below the
    // next scoregroup (weight 0) among themselves first.
    let mates = if max_cardinality {
        wmatch::max_weight_perfect_matching_from(nv, &packed, hint)
    } else {
        wmatch::max_weight_matching_sparse_from(nv, &packed, hint)
    };
    let Some(given) = given else {
        return (mates, false);
    };
    // The weights of the pairs compared only (the edges are many: no map of all of them).
    let mut given_partner = vec![usize::MAX; nv];
    for &(i, j) in given {
        given_partner[i] = j;
        given_partner[j] = i;
    }
    let (mut best, mut published) = (W::zero(), W::zero());
    for &(i, j, w) in &packed {
        if mates[i] == Some(j) {
            best = best.plus(w);
        }
        if given_partner[i] == j {
            published = published.plus(w);
        }
    }
    (mates, published >= best)
}

/// A bracket pairing's place in the rules' generation order (smaller = earlier): whether two
/// MDPs are paired together (4.x never generates that: the MDPs of S1 meet residents of S2,
/// so such a pairing comes after every generated one), the paired MDPs' ranks (4.4: the
/// highest MDPs paired first), the ranks of their opponents by MDP in ranking order (the
/// MDP-pairing's transposition), then the remainder's exchange and transposition
/// ([`super::quality::position`]). `None` for a remainder no exchange produces.
///
/// A published bracket never pairs two MDPs (both were members of the bracket above, and
/// [`super::order::brackets`] puts a pair in the first bracket that holds both); a matching's
/// pairing that does implies that the bracket above could pair them too, one pair more with
/// the rest unchanged: a C6 violation that the bracket above reports first.
type OrderKey = (bool, Vec<usize>, Vec<usize>, quality::Position);

fn order_key(view: &View, pairs: &[(Id, Id)]) -> Option<OrderKey> {
    let ctx = view.ctx;
    let mut mdp_pairs: Vec<(Id, Id)> = Vec::new();
    let mut partner = std::collections::HashMap::new();
    let mut rr = 0;
    let mut mdp_mdp = false;
    for &(x, y) in pairs {
        match (view.resident.contains(&x), view.resident.contains(&y)) {
            (true, true) => {
                partner.insert(x, y);
                partner.insert(y, x);
                rr += 1;
            }
            (false, true) => mdp_pairs.push((x, y)),
            (true, false) => mdp_pairs.push((y, x)),
            (false, false) => mdp_mdp = true,
        }
    }
    mdp_pairs.sort_by_key(|(m, _)| ctx.rank[m]);
    let set = mdp_pairs.iter().map(|(m, _)| ctx.rank[m]).collect();
    let opps = mdp_pairs.iter().map(|(_, y)| ctx.rank[y]).collect();
    let with_mdp: HashSet<Id> = mdp_pairs.iter().map(|p| p.1).collect();
    let remainder: Vec<Id> =
        view.b.residents.iter().filter(|x| !with_mdp.contains(x)).copied().collect();
    let pos = quality::position(&remainder, rr, &partner)?;
    Some((mdp_mdp, set, opps, pos))
}

/// Whether no bracket pairing can come earlier than `pairs` whatever its quality, for the
/// MDP part and for the remainder (with the MDP part as published): the paired MDPs are the
/// highest of their scores and each MDP (in ranking order) meets the first resident it may
/// meet (C1, C3) that no MDP before took; the remainder needs no exchange, and each S1 player
/// meets the first S2 player it may meet that no S1 player before took.
fn first_legal(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> (bool, bool) {
    (first_legal_mdps(view, pairs, key), first_legal_remainder(view, pairs, key))
}

fn first_legal_mdps(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> bool {
    let ctx = view.ctx;
    let paired: HashSet<usize> = key.1.iter().copied().collect();
    for (i, &u) in view.b.mdps.iter().enumerate() {
        if !paired.contains(&ctx.rank[&u])
            && view.b.mdps[i + 1..]
                .iter()
                .any(|v| paired.contains(&ctx.rank[v]) && ctx.score(*v) == ctx.score(u))
        {
            return false;
        }
    }
    let partner: std::collections::HashMap<Id, Id> =
        pairs.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
    let mut taken: HashSet<Id> = HashSet::new();
    for m in view.b.mdps.iter().filter(|m| paired.contains(&ctx.rank[m])) {
        let y = partner[m];
        let first = view.b.residents.iter().find(|r| !taken.contains(r) && ctx.compatible(*m, **r));
        if first != Some(&y) {
            return false;
        }
        taken.insert(y);
    }
    true
}

fn first_legal_remainder(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> bool {
    let ctx = view.ctx;
    let partner: std::collections::HashMap<Id, Id> =
        pairs.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
    let mut taken: HashSet<Id> = pairs
        .iter()
        .filter(|(x, y)| !(view.resident.contains(x) && view.resident.contains(y)))
        .flat_map(|&(x, y)| [x, y])
        .filter(|x| view.resident.contains(x))
        .collect();
    if !key.3.2.is_empty() {
        return false;
    }
    let remainder: Vec<Id> =
        view.b.residents.iter().filter(|x| !taken.contains(x)).copied().collect();
    let n1 = pairs.len() - taken.len();
    let s2 = &remainder[n1..];
    // Every S2 player before `lo` is taken: the search starts there (the same first player,
    // without walking the taken prefix again for every S1 player: a first round of 100,000
    // players would otherwise cost n²/8 lookups).
    let mut lo = 0;
    for x in remainder.iter().take(n1) {
        let Some(y) = partner.get(x) else { return false };
        while lo < s2.len() && taken.contains(&s2[lo]) {
            lo += 1;
        }
        let first = s2[lo..].iter().find(|r| !taken.contains(r) && ctx.compatible(*x, **r));
        if first != Some(y) {
            return false;
        }
        taken.insert(*y);
    }
    true
}

fn bits(x: usize) -> u32 {
    bits_for(x as u64)
}

/// The complete generation-order check (4.2-4.4) of bracket `k`, whose published pairing is
/// optimal on C6-C21: `Some` violation when an equally good bracket pairing (same criteria
/// values) comes earlier in the rules' order, with that pairing as the witness.
///
/// Two parts, each solved by matchings that are the optimum of [`check_bracket`] with
/// tie-break fields below every criterion, so that among the optimal pairings the matching
/// picks the earliest, in stages when the fields do not fit one weight
/// (`stages::mdp_order`, `stages::remainder_order`):
/// 1. the MDP choice and the MDP-pairing (one bit per MDP, highest first; then per MDP in
///    ranking order a digit that is larger for an opponent ranked higher);
/// 2. with the published MDP pairs fixed, the remainder (S1 = its first N1 by BSN): fewest
///    exchanges (pairs not inside S2), smallest BSN difference (the smaller BSN of every pair
///    summed), S1 leavers highest (the bits of the S1 players left in place, smallest best),
///    S2 entrants lowest (one bit per smaller BSN of a pair inside S2), then per S1 player
///    after the exchange a digit larger for a lower S2 partner (4.2).
///
/// Each matching first on the bracket and the next scoregroup only (a relaxation: when its
/// earliest optimal pairing is not earlier than the published one, no real one is); its
/// pairing is a witness only when the rest of the field completes it, else the matching
/// covers every player still to pair. A bracket whose published pairing is the first legal
/// one ([`first_legal`]) needs no matching, nor does each part that is the first legal one.
pub fn check_order(
    ctx: &RoundCtx,
    publ: &Published,
    brackets: &[Bracket],
    k: usize,
    notes: &mut Vec<String>,
    graphs: &Rc<Graphs>,
) -> Option<Violation> {
    let pab = publ.pabs.first().map(|x| x.1);
    let view = View::new(ctx, brackets, k, pab).starting_from(publ, graphs);
    let b = &brackets[k];
    let key = order_key(&view, &b.pairs)?;
    let (mdps_first, remainder_first) = first_legal(&view, &b.pairs, &key);
    if mdps_first && remainder_first {
        return None;
    }
    let next_pub: Vec<(Id, Id)> = brackets.get(k + 1).map(|n| n.pairs.clone()).unwrap_or_default();
    let published = view.values(&b.pairs, &next_pub, pab);
    // 1. MDP choice and MDP-pairing (in stages: any number of MDPs).
    if !b.mdps.is_empty()
        && !mdps_first
        && let Some(v) = stages::mdp_order(&view, &published, &key, notes)
    {
        return Some(v);
    }
    // 2. The remainder, with the published MDP pairs fixed.
    let fixed: Vec<(Id, Id)> = b
        .pairs
        .iter()
        .filter(|(x, y)| !(view.resident.contains(x) && view.resident.contains(y)))
        .copied()
        .collect();
    let with_mdp: HashSet<Id> = fixed.iter().flat_map(|&(x, y)| [x, y]).collect();
    let remainder: Vec<Id> =
        b.residents.iter().filter(|x| !with_mdp.contains(x)).copied().collect();
    let n1 = b.pairs.len() - fixed.len();
    if remainder_first || n1 == 0 {
        return None;
    }
    stages::remainder_order(&view, &published, &key, &fixed, &remainder, n1, notes)
}

/// The witness pairs (each lower Id first, sorted) and the players whose opponent differs
/// from the published bracket pairing.
fn witness_pairs(b: &Bracket, pairs: &[(Id, Id)]) -> (Vec<(Id, Id)>, Vec<Id>) {
    let mut sorted: Vec<(Id, Id)> = pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    sorted.sort_unstable();
    let old: HashSet<(Id, Id)> = b.pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    let new: HashSet<(Id, Id)> = sorted.iter().copied().collect();
    let mut players: Vec<Id> = old
        .symmetric_difference(&new)
        .flat_map(|&(x, y)| [x, y])
        .collect::<HashSet<Id>>()
        .into_iter()
        .collect();
    players.sort_unstable();
    (sorted, players)
}

fn show_pairs(ps: &[(Id, Id)]) -> String {
    ps.iter().map(|(x, y)| format!("{x}-{y}")).collect::<Vec<_>>().join(", ")
}

fn order_violation(view: &View, published: &Values, pairs: &[(Id, Id)]) -> Violation {
    let b = view.b;
    let (sorted, players) = witness_pairs(b, pairs);
    let message = format!(
        "bracket {}: the bracket pairing {} is as good on C6-C21 as the published {} and comes earlier in the generation order (4.2-4.4)",
        show_points(b.score),
        show_pairs(&sorted),
        show_pairs(&b.pairs),
    );
    Violation::new(
        Rule::DutchOrder,
        players,
        message,
        Evidence::Dutch(DutchEvidence::Bracket {
            bracket_score: show_points(b.score),
            criterion: "4".to_string(),
            criteria: published.names.clone(),
            published_values: published.values.clone(),
            witness_values: published.values.clone(),
            published: b.pairs.iter().map(|&(x, y)| [x, y]).collect(),
            witness: sorted.iter().map(|&(x, y)| [x, y]).collect(),
        }),
    )
}
