//! C.04.3 2.3-2.4 quality criteria and 4.x generation order, bracket by bracket.
//!
//! For each bracket of the published round ([`super::order::brackets`]) the checker looks for
//! a better bracket pairing among the published pairing's neighbours that leave everything
//! else unchanged: two pairs of resident players of the bracket exchange opponents
//! ({a-b, c-d} → {a-c, b-d} or {a-d, b-c}). Such a neighbour keeps the bracket's downfloaters,
//! the MDP pairing, the next bracket and the PAB, so C4-C9 and the float criteria C14-C21 are
//! equal (pairs of residents have equal scores: no float), and only the colour criteria can
//! differ:
//! - C10: topscorers, or opponents of topscorers, whose colour difference goes beyond ±2;
//! - C11: the same, getting the same colour a third time in a row;
//! - C12: players who do not get their colour preference;
//! - C13: players who do not get a strong (or absolute) preference;
//!
//! each counted with the colours that 5.2 gives the pair. A neighbour that is better on the
//! first criterion where the two differ is a violation of that criterion, with the neighbour
//! as the witness and both value vectors. A neighbour that is as good on C10-C13 and comes
//! earlier in the rules' generation order is a violation of 4.x: among the residents that do
//! not meet an MDP (the remainder), S1 holds the first N1 (N1 = pairs of the remainder), and
//! a pairing in which every pair joins S1 and S2 needs no exchange (4.3); two such pairings
//! are ordered by the S2 opponents of S1[0], S1[1], … (4.2, transpositions); a pairing that
//! needs an exchange comes after every pairing that needs none.
//!
//! This is sound but not complete: a better pairing that differs in more than two pairs, in
//! its MDP pairing or in its downfloaters is not searched for yet (TODO: a weighted matching
//! per bracket would make it complete).

use super::{DutchEvidence, Published, RoundCtx, points};
use crate::report::{Evidence, Rule, Violation};
use bsw_model::{Colour, Id};
use std::collections::{HashMap, HashSet};

const CRITERIA: [&str; 4] = ["C10", "C11", "C12", "C13"];
const RULES: [Rule; 4] = [
    Rule::DutchC10,
    Rule::DutchC11,
    Rule::DutchC12,
    Rule::DutchC13,
];

/// C10-C13 counts of one pair, with the colours 5.2 gives it.
pub fn pair_values(ctx: &RoundCtx, a: Id, b: Id) -> [i64; 4] {
    let (white, _, _) = ctx.colours(a, b);
    let top = ctx.topscorer.contains(&a) || ctx.topscorer.contains(&b);
    let mut v = [0i64; 4];
    for x in [a, b] {
        let c = if x == white {
            Colour::White
        } else {
            Colour::Black
        };
        let h = &ctx.hist[&x];
        if top {
            let d = h.colour_difference() + if c == Colour::White { 1 } else { -1 };
            if d.abs() > 2 {
                v[0] += 1;
            }
            let n = h.colours.len();
            if n >= 2 && h.colours[n - 1] == c && h.colours[n - 2] == c {
                v[1] += 1;
            }
        }
        if let Some(p) = ctx.prefs[&x]
            && p.colour != c
        {
            v[2] += 1;
            if p.strength >= super::colours::Strength::Strong {
                v[3] += 1;
            }
        }
    }
    v
}

fn add(a: [i64; 4], b: [i64; 4]) -> [i64; 4] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// Position of a remainder pairing in the generation order: `None` when it needs an
/// exchange, else the ranks of the S2 opponents of S1[0], S1[1], ….
fn transposition(
    s1: &[Id],
    s1_set: &HashSet<Id>,
    rank: &HashMap<Id, usize>,
    partner: &HashMap<Id, Id>,
) -> Option<Vec<usize>> {
    let mut seq = Vec::with_capacity(s1.len());
    for x in s1 {
        let y = *partner.get(x)?;
        if s1_set.contains(&y) {
            return None;
        }
        seq.push(rank[&y]);
    }
    Some(seq)
}

/// Checks every bracket of the round.
pub fn check(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>, _notes: &mut Vec<String>) {
    let score: HashMap<Id, i32> = ctx.order.iter().map(|id| (*id, ctx.score(*id))).collect();
    for b in super::order::brackets(&ctx.order, &score, &publ.partner) {
        if let Some(x) = bracket_swaps(ctx, &b) {
            v.push(x);
        }
    }
}

/// The resident pair exchanges of one bracket; the first violation found.
fn bracket_swaps(ctx: &RoundCtx, b: &super::order::Bracket) -> Option<Violation> {
    let residents: HashSet<Id> = b.residents.iter().copied().collect();
    let rr: Vec<(Id, Id)> = b
        .pairs
        .iter()
        .filter(|(x, y)| residents.contains(x) && residents.contains(y))
        .copied()
        .collect();
    if rr.len() < 2 {
        return None;
    }
    let mut remainder: Vec<Id> = rr.iter().flat_map(|(x, y)| [*x, *y]).collect();
    remainder.extend(b.downfloaters.iter().filter(|x| residents.contains(x)));
    remainder.sort_by_key(|id| ctx.rank[id]);
    let s1: Vec<Id> = remainder[..rr.len()].to_vec();
    let s1_set: HashSet<Id> = s1.iter().copied().collect();
    let mut partner: HashMap<Id, Id> = HashMap::new();
    for &(x, y) in &rr {
        partner.insert(x, y);
        partner.insert(y, x);
    }
    let published_seq = transposition(&s1, &s1_set, &ctx.rank, &partner);
    let values: Vec<[i64; 4]> = rr.iter().map(|&(x, y)| pair_values(ctx, x, y)).collect();
    let total = values.iter().fold([0; 4], |s, x| add(s, *x));
    for i in 0..rr.len() {
        for j in i + 1..rr.len() {
            let (a, bb) = rr[i];
            let (c, d) = rr[j];
            for (p, q) in [((a, c), (bb, d)), ((a, d), (bb, c))] {
                if !ctx.compatible(p.0, p.1) || !ctx.compatible(q.0, q.1) {
                    continue;
                }
                let before = add(values[i], values[j]);
                let after = add(pair_values(ctx, p.0, p.1), pair_values(ctx, q.0, q.1));
                let witness_total = [
                    total[0] - before[0] + after[0],
                    total[1] - before[1] + after[1],
                    total[2] - before[2] + after[2],
                    total[3] - before[3] + after[3],
                ];
                let first_diff = (0..4).find(|&k| after[k] != before[k]);
                let verdict = match first_diff {
                    Some(k) if after[k] < before[k] => Some((RULES[k], CRITERIA[k].to_string())),
                    Some(_) => None,
                    None => {
                        let mut alt = partner.clone();
                        for (x, y) in [p, q] {
                            alt.insert(x, y);
                            alt.insert(y, x);
                        }
                        let alt_seq = transposition(&s1, &s1_set, &ctx.rank, &alt);
                        let earlier = match (&published_seq, &alt_seq) {
                            (None, Some(_)) => true,
                            (Some(ps), Some(a)) => a < ps,
                            _ => false,
                        };
                        earlier.then(|| (Rule::DutchOrder, "4".to_string()))
                    }
                };
                if let Some((rule, criterion)) = verdict {
                    let published: Vec<[Id; 2]> = b.pairs.iter().map(|&(x, y)| [x, y]).collect();
                    let witness: Vec<[Id; 2]> = b
                        .pairs
                        .iter()
                        .map(|&(x, y)| {
                            if (x, y) == rr[i] {
                                [p.0, p.1]
                            } else if (x, y) == rr[j] {
                                [q.0, q.1]
                            } else {
                                [x, y]
                            }
                        })
                        .collect();
                    let what = if rule == Rule::DutchOrder {
                        "is as good on C6-C21 and comes earlier in the generation order (4.2-4.3)"
                            .to_string()
                    } else {
                        format!("is better on {criterion}")
                    };
                    return Some(Violation::new(
                        rule,
                        vec![a, bb, c, d],
                        format!(
                            "bracket {}: pairing {}-{} and {}-{} instead of {a}-{bb} and {c}-{d} {what}",
                            points(b.score),
                            p.0,
                            p.1,
                            q.0,
                            q.1
                        ),
                        Evidence::Dutch(DutchEvidence::Bracket {
                            bracket_score: points(b.score),
                            criterion,
                            criteria: CRITERIA.to_vec(),
                            published_values: total.to_vec(),
                            witness_values: witness_total.to_vec(),
                            published,
                            witness,
                        }),
                    ));
                }
            }
        }
    }
    None
}
