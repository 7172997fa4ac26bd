//! Profile dutch: FIDE C.04.3, the FIDE (Dutch) System as applied from 1 February 2026,
//! written from the rules (never from the engine's Dutch code). One module per part:
//! - [`acceleration`]: C.04.5.1 Baku acceleration and explicit accelerated points (the
//!   virtual points in the pairing scores);
//! - [`state`]: what earlier rounds say (score, colours, floats, meetings, byes);
//! - [`round`]: the round as the checks read it (players to pair in ranking order, pairing
//!   numbers, preferences, topscorers, the initial colour; the published pairs and PABs);
//! - [`order`]: ranking order, scoregroups and the brackets of the published round,
//!   topscorers;
//! - [`absolute`]: C1-C3 and completion (every player paired but at most the PAB);
//! - [`pab`]: the PAB — C2 eligibility, C5 lowest score (with the better receiver);
//! - [`quality`]: C6-C21 per bracket, and the rules' generation order (4.x): the criteria
//!   values, the generation order, the neighbour search;
//! - [`optimum`]: the complete check of C6-C21 per bracket (the optimum by
//!   [`wmatch`], a maximum-weight general matching);
//! - [`colours`]: 1.7 preferences and 5.2 allocation (with the deciding rule);
//! - [`board_order`]: board order;
//! - [`feasible`]: whether an unpublished round can be paired at all (C1-C3), to confirm an
//!   engine's "no valid pairing".
//!
//! A round is judged in that order ([`check_round`]); when C1-C4 fail, the later checks are
//! skipped (they assume a legal, complete pairing).

pub(crate) mod absolute;
pub(crate) mod acceleration;
pub(crate) mod board_order;
pub(crate) mod colours;
pub mod feasible;
pub mod idmap;
pub mod optimum;
pub mod order;
pub(crate) mod pab;
pub mod quality;
pub mod round;
pub mod state;
pub mod wmatch;

use crate::report::{Colours, DutchEvidence, Evidence, RoundReport, Rule, Violation};
use crate::structure;
use bsw_model::{Id, Row, Tournament};
use round::{Published, RoundCtx, context};
use std::collections::HashMap;

/// Certifies round `r` under C.04.3.
pub(crate) fn check_round(t: &Tournament, r: u32) -> RoundReport {
    check_round_with(t, r, true)
}

/// [`check_round`]; `complete = false` leaves out the complete quality check (the neighbour
/// search of [`quality`] only), to measure what the complete check adds.
pub fn check_round_with(t: &Tournament, r: u32, complete: bool) -> RoundReport {
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let mut out = RoundReport { round: r, ..RoundReport::default() };
    let (viol, _) = structure::check(t, r, &rows, false);
    if !viol.is_empty() {
        for mut x in viol {
            x.rule = Rule::Structure;
            out.violations.push(x);
        }
        return out;
    }
    let (ctx, publ) = context(t, r, &rows);
    if let Some(note) = acceleration::VirtualPoints::of(t).note(r) {
        out.notes.push(note);
    }
    let v = &mut out.violations;
    absolute::check(&ctx, &publ, v);
    pab::check_eligibility(&ctx, &publ, v);
    if !v.is_empty() {
        out.notes.push("C1-C4 failed: the optimality checks (C5-C21, 4.x) were skipped".into());
        return out;
    }
    colour_check(&ctx, &publ, v);
    // A colour allocation that breaks the basic rules (a colour difference beyond ±2, a third
    // colour in a row) is named by that rule too, as the generic profile names it (C.04.1 f,
    // g), beside the 5.2 rule it departs from.
    v.extend(
        crate::generic::check_round(t, r).violations.into_iter().filter(|x| {
            matches!(x.rule, Rule::GenericColourDifference | Rule::GenericColourStreak)
        }),
    );
    pab::check_lowest(&ctx, &publ, v);
    check_brackets(&ctx, &publ, v, &mut out.notes, complete);
    if t.config.trf_header.is_empty() {
        board_order::check(&ctx, &publ, v);
    }
    out
}

/// C6-C21 and 4.x, bracket by bracket ([`order::brackets`]): the complete check first
/// ([`optimum::check_bracket`]: the first criterion on which some bracket pairing is better),
/// then the neighbour search ([`quality::better_neighbour`]) for an equally good pairing that
/// comes earlier in the generation order, then the complete order check
/// ([`optimum::check_order`]). `complete = false`: the neighbour search only (what the profile
/// did before the complete check; kept to measure what the complete check adds).
fn check_brackets(
    ctx: &RoundCtx,
    publ: &Published,
    v: &mut Vec<Violation>,
    notes: &mut Vec<String>,
    complete: bool,
) {
    let score: HashMap<Id, i32> = ctx.order.iter().map(|id| (*id, ctx.score(*id))).collect();
    let pab = publ.pabs.first().map(|x| x.1);
    let brackets = order::brackets(&ctx.order, &score, &publ.partner);
    for (k, b) in brackets.iter().enumerate() {
        // The complete check first: it names the first criterion on which some bracket
        // pairing is better; the neighbour search then looks for an equally good pairing
        // that comes earlier in the generation order (4.x).
        let both = complete.then(|| optimum::BracketCheck::new(ctx, publ, &brackets, k));
        if let Some(x) = both.as_ref().and_then(|c| optimum::check_bracket(c, notes)) {
            v.push(x);
        } else if let Some(x) = (!optimum::by_class_only())
            .then(|| quality::better_neighbour(ctx, publ, b, pab))
            .flatten()
        {
            v.push(x);
        } else if let Some(x) = both.as_ref().and_then(|c| optimum::check_order(c, notes)) {
            v.push(x);
        }
    }
}

/// 5.2 for every published game.
fn colour_check(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    for &(board, white, black) in &publ.games {
        let (w, b, d) = ctx.colours(white, black);
        if (w, b) != (white, black) {
            v.push(Violation::new(
                Rule::DutchColours,
                vec![white, black],
                format!(
                    "board {board}: {w} should have White against {b} (rule {}: preferences {} / {})",
                    d.article(),
                    colours::describe(ctx.prefs[&w]),
                    colours::describe(ctx.prefs[&b]),
                ),
                Evidence::Dutch(DutchEvidence::PairColours {
                    board,
                    expected: Colours { white: w, black: b },
                    published: Colours { white, black },
                    decided_by: d.article(),
                    preferences: ctx.preferences(&[white, black]),
                }),
            ));
        }
    }
}

/// Certifies every round under C.04.3 (not a round entered ahead and not paired yet,
/// `Tournament::pre_entered_round`).
pub(crate) fn check_all(t: &Tournament) -> Vec<RoundReport> {
    (1..=t.paired_rounds()).map(|r| check_round(t, r)).collect()
}
