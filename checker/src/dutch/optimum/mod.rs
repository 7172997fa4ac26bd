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
//! fields) is built once per bracket and shared by every matching on it (`Graph`).
//!
//! In the relaxation (the bracket and the next scoregroup, see [`check_bracket`]) one more
//! field sits above every criterion: the PAB given inside, when every player still to pair
//! who may take it is there (`pab_inside`). Both matchings start warm from the published
//! pairs (`warm_start`; `wmatch` explains why the optimum does not depend on it).
//!
//! The verdict never relies on the weights: the values of both pairings are recomputed from
//! their pairs (`Values`), and a violation is reported only when the matching's pairing is
//! strictly better on the first criterion where the two differ — the matching's pairing is
//! complete and legal (C1-C5), so it is a witness. For C8, the published value is the best
//! next bracket its downfloaters allow (one more matching with the published bracket pairs
//! fixed), not the next bracket as published.
//!
//! A bracket whose published values reach simple lower bounds on every criterion (every
//! member paired but for parity, the odd one a resident, the next bracket likewise, C10-C21
//! zero, C12/C13 no more than the preferences force) is optimal without any matching.
//!
//! The parts: `graph` (a bracket's view, the criteria values of a pairing, the matchings'
//! graphs), `solve` (the matchings and the real optimum), `witness` (the violations
//! reported), `generation` (the generation order of a bracket pairing, 4.2-4.4),
//! `stages` (the order check's tie-break fields in stages), `transpositions` (4.2 by
//! alternating cycles) and `by_class` (a large relaxation's certificate by player classes,
//! which settles both checks without listing its graph); this module runs the quality
//! check ([`check_bracket`]) and the order check ([`check_order`]) of a bracket.

mod by_class;
mod generation;
mod graph;
mod solve;
mod stages;
mod transpositions;
mod witness;

pub use by_class::{by_class_first, by_class_only, proved_by_class};
pub use solve::{matching_counts, without_pab_inside};

use super::order::Bracket;
use super::round::{Published, RoundCtx};
use crate::points::show_points;
use crate::report::Violation;
use bsw_model::Id;
use generation::{first_legal, order_key};
use graph::{Graphs, Values, View};
use solve::{optimum, solve, tight_window};
use std::collections::HashSet;
use std::rc::Rc;
use witness::violation;

/// What both complete checks of bracket `k` start from: its view (whose matchings' graphs,
/// built once, both share: [`Graphs`]) and the published pairing's criteria values.
pub(crate) struct BracketCheck<'a> {
    ctx: &'a RoundCtx,
    view: View<'a>,
    b: &'a Bracket,
    pab: Option<Id>,
    published: Values,
    /// The published bracket pairs, then the next bracket's but those of two of this
    /// bracket's downfloaters (such a pair would weigh as a pair of this bracket: left out,
    /// which can only make the published side lighter).
    given: Vec<(Id, Id)>,
    /// The relaxation's certificate by player classes, once found (`by_class::window`).
    classes: std::cell::OnceCell<Option<by_class::ClassWindow>>,
}

impl<'a> BracketCheck<'a> {
    pub(crate) fn new(
        ctx: &'a RoundCtx,
        publ: &'a Published,
        brackets: &'a [Bracket],
        k: usize,
    ) -> Self {
        let pab = publ.pabs.first().map(|x| x.1);
        let graphs = Rc::new(Graphs::default());
        let view = View::new(ctx, brackets, k, pab).starting_from(publ, &graphs);
        let b = &brackets[k];
        let next_pub: &[(Id, Id)] = brackets.get(k + 1).map_or(&[], |n| &n.pairs);
        let published = view.values(&b.pairs, next_pub, pab);
        let mut given = b.pairs.clone();
        given.extend(
            next_pub.iter().filter(|(x, y)| !(view.member.contains(x) && view.member.contains(y))),
        );
        BracketCheck { ctx, view, b, pab, published, given, classes: Default::default() }
    }
}

/// The complete check of a bracket: `Some` violation when a better bracket pairing exists.
pub(crate) fn check_bracket(c: &BracketCheck, notes: &mut Vec<String>) -> Option<Violation> {
    let BracketCheck { ctx, view, b, pab, given, .. } = c;
    let (ctx, b, pab) = (*ctx, *b, *pab);
    if view.trivially_optimal(&c.published, &b.pairs) {
        return None;
    }
    // A large relaxation: certified by player classes when it can be, before it is listed.
    if by_class::window(c).is_some() {
        return None;
    }
    // The relaxation on the bracket and the next scoregroup first: when the published pairs
    // reach its optimum, nothing can beat them (no matching on the whole rest needed). Its
    // certificate's tight edges are kept when the order check will read them.
    view.graphs.want_window(order_reads_window(c));
    let window = solve(view, &[], Some((given, pab)));
    view.graphs.want_window(false);
    if let Ok(w) = &window
        && w.published_optimal
    {
        return None;
    }
    let solved = match optimum(view, &[], window.ok()) {
        Ok(s) => s,
        Err(msg) => {
            notes.push(format!("bracket {}: {msg}", show_points(b.score)));
            return None;
        }
    };
    let witness = view.values(&solved.pairs, &solved.next_pairs, solved.pab);
    let mut published = c.published.clone();
    let first = first_difference(&published, &witness)?;
    if published.names[first] == "C8" {
        // The published downfloaters' best next bracket, not the next bracket as published.
        if let Ok(fixed) = optimum(view, &b.pairs, None) {
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

fn first_difference(a: &Values, b: &Values) -> Option<usize> {
    (0..a.values.len()).find(|&i| a.values[i] != b.values[i])
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
/// one (`first_legal`) needs no matching, nor does each part that is the first legal one.
pub(crate) fn check_order(c: &BracketCheck, notes: &mut Vec<String>) -> Option<Violation> {
    let BracketCheck { view, b, pab, published, given, .. } = c;
    let (b, pab) = (*b, *pab);
    let key = order_key(view, &b.pairs)?;
    let (mdps_first, remainder_first) = first_legal(view, &b.pairs, &key);
    if mdps_first && remainder_first {
        return None;
    }
    // A large relaxation: proved by player classes when it can be, before it is listed.
    if by_class::window(c).is_some() {
        let (fixed, remainder, n1) = remainder_of(c);
        let firsts = (mdps_first, remainder_first);
        if by_class::proves_first(c, &key, firsts, (&fixed, &remainder, n1)) {
            return None;
        }
    }
    // With the published bracket and next bracket pairs and the PAB reaching the
    // relaxation's optimum, the stages see only its tight edges.
    // 1. MDP choice and MDP-pairing (in stages: any number of MDPs).
    if !b.mdps.is_empty() && !mdps_first {
        let tight = tight_window(view, &[], (given, pab));
        if let Some(v) =
            stages::mdp_order(view, published, &key, notes, tight.as_ref().map(|t| t.as_slice()))
        {
            return Some(v);
        }
    }
    // 2. The remainder, with the published MDP pairs fixed.
    let (fixed, remainder, n1) = remainder_of(c);
    if remainder_first || n1 == 0 {
        return None;
    }
    let window = |fixed: &[(Id, Id)]| tight_window(view, fixed, (given, pab));
    stages::remainder_order(view, published, &key, &fixed, &remainder, n1, notes, &window)
}

/// The published MDP pairs of a bracket, its remainder (the residents not paired with an
/// MDP) and the remainder's published number of pairs.
fn remainder_of(c: &BracketCheck) -> (Vec<(Id, Id)>, Vec<Id>, usize) {
    let (view, b) = (&c.view, c.b);
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
    (fixed, remainder, n1)
}

/// Whether [`check_order`] would read the tight window of the relaxation without fixed
/// pairs (the MDP part, or the remainder: without MDP pairs, or without exchange), were
/// the published pairing optimal: then the quality check's relaxation keeps its own.
fn order_reads_window(c: &BracketCheck) -> bool {
    let Some(key) = order_key(&c.view, &c.b.pairs) else {
        return false;
    };
    let (mdps_first, remainder_first) = first_legal(&c.view, &c.b.pairs, &key);
    if !c.b.mdps.is_empty() && !mdps_first {
        return true;
    }
    // The remainder reads it too when published without exchange (alternating cycles).
    let (_, _, out, inn, _) = &key.3;
    let (fixed, _, n1) = remainder_of(c);
    !remainder_first && n1 > 0 && (fixed.is_empty() || (out.is_empty() && inn.is_empty()))
}
