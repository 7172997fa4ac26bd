//! C.04.3 2.1 absolute criteria and 1.9 completion.
//! - C1: two players meet over the board at most once (a forfeited game is no meeting);
//! - C3: two non-topscorers with the same absolute colour preference do not meet (a pair
//!   with a topscorer is exempt);
//! - completion (1.9, C4): every player to pair is paired, but one when their number is odd
//!   (the PAB); nobody else gets a bye.
//!
//! C2 (PAB eligibility) is in [`super::pab`].

use super::colours::Strength;
use super::round::{Published, RoundCtx};
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::Id;
use std::collections::HashSet;

impl RoundCtx {
    /// C1 and C3: may `a` and `b` be paired?
    pub fn compatible(&self, a: Id, b: Id) -> bool {
        allowed(self, a, b)
    }
}

/// C1 and C3 for a pair.
pub(crate) fn allowed(ctx: &RoundCtx, a: Id, b: Id) -> bool {
    a != b && !rematch(ctx, a, b) && !same_absolute(ctx, a, b)
}

fn rematch(ctx: &RoundCtx, a: Id, b: Id) -> bool {
    ctx.hist.get(&a).is_some_and(|h| h.met.contains(&b))
}

fn same_absolute(ctx: &RoundCtx, a: Id, b: Id) -> bool {
    if ctx.topscorer.contains(&a) || ctx.topscorer.contains(&b) {
        return false;
    }
    match (ctx.prefs.get(&a).copied().flatten(), ctx.prefs.get(&b).copied().flatten()) {
        (Some(x), Some(y)) => {
            x.strength == Strength::Absolute
                && y.strength == Strength::Absolute
                && x.colour == y.colour
        }
        _ => false,
    }
}

/// C1, C3 for every published game; completion of the round.
pub(crate) fn check(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    for &(board, white, black) in &publ.games {
        let evidence = || {
            Evidence::Dutch(DutchEvidence::Game {
                board,
                white,
                black,
                preferences: ctx.preferences(&[white, black]),
            })
        };
        if rematch(ctx, white, black) {
            v.push(Violation::new(
                Rule::DutchC1,
                vec![white, black],
                format!("board {board}: {white} and {black} already played each other"),
                evidence(),
            ));
        }
        if same_absolute(ctx, white, black) {
            v.push(Violation::new(
                Rule::DutchC3,
                vec![white, black],
                format!(
                    "board {board}: {white} and {black} both have an absolute preference for {} and neither is a topscorer",
                    ctx.prefs[&white].map(|p| p.colour.name()).unwrap_or("?")
                ),
                evidence(),
            ));
        }
    }
    let named: HashSet<Id> =
        publ.partner.keys().copied().chain(publ.pabs.iter().map(|x| x.1)).collect();
    let unpaired: Vec<Id> = ctx.order.iter().filter(|id| !named.contains(id)).copied().collect();
    let expected_pabs = ctx.order.len() % 2;
    if !unpaired.is_empty() || publ.pabs.len() != expected_pabs {
        let pabs: Vec<Id> = publ.pabs.iter().map(|x| x.1).collect();
        let mut players = unpaired.clone();
        players.extend(&pabs);
        v.push(Violation::new(
            Rule::DutchC4,
            players,
            format!(
                "the pairing is not complete: {} players to pair need {} pairing-allocated bye(s), the round has {} and leaves {} player(s) unpaired",
                ctx.order.len(),
                expected_pabs,
                pabs.len(),
                unpaired.len()
            ),
            Evidence::Dutch(DutchEvidence::Completion {
                players_to_pair: ctx.order.len(),
                pabs,
                unpaired,
            }),
        ));
    }
}
