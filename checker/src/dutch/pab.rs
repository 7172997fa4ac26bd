//! The pairing-allocated bye: C2 eligibility (C.04.1 rule 4) and C5 (the PAB goes to the
//! lowest score that still lets every other player be paired under C1-C3).
//!
//! C5 is proved with one general maximum matching (petgraph, [`crate::oracle`]): the players
//! to pair plus one extra vertex joined to every eligible player scored below the published
//! receiver. A perfect matching exists iff one of them can take the PAB with the rest paired;
//! its partner of the extra vertex is the better receiver and the rest the completion.
//!
//! C9 (fewest unplayed games for the PAB receiver) is a quality criterion of one bracket: it
//! counts in the bracket whose only downfloater is the PAB receiver (the PAB's own
//! scoregroup when it sends down nobody else, or a lower bracket into which the receiver
//! floated as an MDP, the last bracket at the latest), and ranks that bracket's members of
//! the PAB score. [`super::optimum`] checks it with the other criteria; a violation names
//! the better receiver ([`name_better_receiver`]). A bracket that sends down the receiver
//! and other players as well does not compare unplayed games: bbpPairings v6.0.0 then
//! gives the PAB to a player with more unplayed rounds than an eligible one of the same
//! score who could have taken it (generated events `-s 238` with 9 players, round 5, and
//! `-s 17` with 101 players, round 9; see docs/dutch-checker.md, Readings).

use super::round::{Published, RoundCtx};
use crate::oracle;
use crate::points::show_points;
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::Id;

/// C2: a PAB to a player who already had one or scored a win without playing.
pub(crate) fn check_eligibility(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    for &(board, p) in &publ.pabs {
        if ctx.hist.get(&p).is_some_and(|h| !h.pab_eligible) {
            v.push(Violation::new(
                Rule::DutchC2,
                vec![p],
                format!(
                    "board {board}: {p} gets the pairing-allocated bye but already had one, or already scored a win without playing"
                ),
                Evidence::Dutch(DutchEvidence::PabEligibility { board, player: p }),
            ));
        }
    }
}

/// C5: no eligible player with a lower score could take the PAB with the rest paired.
pub(crate) fn check_lowest(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    let Some(&(_, b)) = publ.pabs.first() else {
        return;
    };
    let sb = ctx.score(b);
    let n = ctx.order.len();
    let extra = n;
    // The extra vertex's edges first: without any, nobody lower can take the PAB (and the
    // n² pairs of the field need not be listed).
    let lower: Vec<(usize, usize)> = (0..n)
        .filter(|&i| ctx.score(ctx.order[i]) < sb && ctx.hist[&ctx.order[i]].pab_eligible)
        .map(|i| (i, extra))
        .collect();
    if lower.is_empty() {
        return;
    }
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ctx.compatible(ctx.order[i], ctx.order[j]) {
                edges.push((i, j));
            }
        }
    }
    edges.extend(lower);
    let Some(pairs) = oracle::perfect_matching(n + 1, &edges) else {
        return;
    };
    let mut better = None;
    let mut completion = Vec::new();
    for (x, y) in pairs {
        if y == extra {
            better = Some(ctx.order[x]);
        } else {
            completion.push([ctx.order[x], ctx.order[y]]);
        }
    }
    let Some(better) = better else { return };
    v.push(Violation::new(
        Rule::DutchC5,
        vec![b, better],
        format!(
            "{b} gets the pairing-allocated bye with {} points, but {better} ({} points) can take it with every other player paired",
            show_points(sb),
            show_points(ctx.score(better))
        ),
        Evidence::Dutch(DutchEvidence::BetterPab {
            published: b,
            published_score: show_points(sb),
            better,
            better_score: show_points(ctx.score(better)),
            completion,
        }),
    ));
}

/// A C9 violation of a bracket: names the better PAB receiver (the witness pairing's) beside
/// the published one, with both numbers of unplayed rounds.
pub(crate) fn name_better_receiver(
    ctx: &RoundCtx,
    v: &mut Violation,
    published: Option<Id>,
    better: Option<Id>,
) {
    let (Some(p), Some(b)) = (published, better) else {
        return;
    };
    let unplayed = |x: Id| ctx.hist[&x].unplayed;
    v.message += &format!(
        ": the pairing-allocated bye to {b} ({} unplayed rounds) instead of {p} ({})",
        unplayed(b),
        unplayed(p)
    );
    for x in [p, b] {
        if !v.players.contains(&x) {
            v.players.push(x);
        }
    }
}
