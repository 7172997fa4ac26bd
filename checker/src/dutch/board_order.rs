//! Board order of a Dutch round (bbpPairings v6.0.0's order, where the text leaves room): games by
//! the higher player's points, then the lower player's points (both descending), then the
//! higher player's pairing number (virtual points of an accelerated round left out); the pairing-allocated bye last. Checked only for tournaments that
//! number their own boards (a TRF file records no board numbers).

use super::round::{Published, RoundCtx};
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::Id;

/// Sort key of a game: smaller first. Points, not pairing scores: virtual points
/// (C.04.5.1) count for pairing only. The higher player has more points, or on equal points
/// the smaller pairing number.
fn key(ctx: &RoundCtx, a: Id, b: Id) -> (i32, i32, usize) {
    let (sa, sb) = (ctx.points(a), ctx.points(b));
    let higher = if (-sa, ctx.number[&a]) <= (-sb, ctx.number[&b]) { a } else { b };
    (-sa.max(sb), -sa.min(sb), ctx.number[&higher])
}

/// Consecutive games out of order, and a PAB before a game.
pub(crate) fn check(ctx: &RoundCtx, publ: &Published, v: &mut Vec<Violation>) {
    let mut games = publ.games.clone();
    games.sort_by_key(|g| g.0);
    for w in games.windows(2) {
        let (b1, w1, k1) = w[0];
        let (b2, w2, k2) = w[1];
        if key(ctx, w1, k1) > key(ctx, w2, k2) {
            v.push(Violation::new(
                Rule::DutchBoards,
                vec![w1, k1, w2, k2],
                format!("board {b2} ({w2}-{k2}) should come before board {b1} ({w1}-{k1})"),
                Evidence::Dutch(DutchEvidence::Boards {
                    boards: [b1, b2],
                    pairs: [[w1, k1], [w2, k2]],
                }),
            ));
        }
    }
    if let (Some(&(pb, p)), Some(last)) = (publ.pabs.first(), games.last())
        && pb < last.0
    {
        v.push(Violation::new(
            Rule::DutchBoards,
            vec![p],
            format!("board {pb}: the pairing-allocated bye must come after every game"),
            Evidence::Dutch(DutchEvidence::Boards {
                boards: [pb, last.0],
                pairs: [[p, p], [last.1, last.2]],
            }),
        ));
    }
}
