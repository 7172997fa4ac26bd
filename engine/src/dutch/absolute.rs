//! Absolute criteria (C.04.3 2.1).
//! - C1: two players meet at most once (forfeited games are not meetings).
//! - C2: the pairing-allocated bye goes only to a player who has not had one and has not
//!   scored a win's points without playing in some round (see `order::Player::bye_eligible`).
//! - C3: two players with the same absolute colour preference do not meet — unless one of
//!   them is a topscorer (more than half the maximum possible score) in the final round.

use super::order::{Field, Player};
use bsw_model::HalfPoints;

/// Whether a player with `score` counts as a topscorer when pairing the last round
/// (`rounds_before` = rounds already played).
pub(crate) fn topscorer(score: HalfPoints, rounds_before: u32) -> bool {
    // More than 50 % of the maximum: score > rounds_before wins / 2, in half-points.
    score > rounds_before as HalfPoints
}

/// C1 and C3 for the pair (a, b) (indices in the field).
pub(crate) fn compatible(
    field: &Field,
    a: usize,
    b: usize,
    last_round: bool,
    rounds_before: u32,
) -> bool {
    if field.met(a, b) {
        return false;
    }
    let (p, q): (&Player, &Player) = (&field.players[a], &field.players[b]);
    !p.absolute
        || !q.absolute
        || p.pref != q.pref
        || (last_round && (topscorer(p.score, rounds_before) || topscorer(q.score, rounds_before)))
}
