//! Whether round r can be paired at all under the absolute criteria (C.04.3 C1-C3 and the
//! completion of 1.9): every player to pair is paired, but one PAB receiver eligible by C2
//! when their number is odd. What an engine's "no valid pairing" must agree with.
//!
//! One general maximum matching (petgraph, [`crate::oracle`]) of the players to pair, joined
//! when C1 and C3 allow, plus for an odd number one extra vertex joined to every player C2
//! lets take the PAB. A perfect matching is a legal pairing (returned as the witness); none
//! proves that no pairing satisfies C1-C3.

use super::round::context;
use crate::oracle;
use bsw_model::{Entry, Row, Tournament};

pub use crate::report::LegalPairing;

/// A legal pairing of round `r` (not yet published: its rows are not in `t`), with the
/// absences announced for it (`half_byes`, `zero_byes`) and withdrawals honoured:
/// `Some((pairs, pab))`, or `None` when C1-C3 leave none. Entries made ahead of round `r`
/// (`Tournament::pre_entered_round`) keep their players out, as requests of the round.
pub fn legal_pairing(t: &Tournament, r: u32) -> Option<LegalPairing> {
    let t = &*oracle::as_paired(t, r);
    let absences: Vec<Row> = t
        .players
        .iter()
        .filter(|p| !p.withdrawn_by(r))
        .filter_map(|p| {
            let entry = if p.half_byes.contains(&r) {
                Entry::HalfBye(p.id)
            } else if p.zero_absence(r) {
                Entry::ZeroBye(p.id)
            } else {
                return None;
            };
            Some(Row { round: r, board: 0, entry })
        })
        .collect();
    let (ctx, _) = context(t, r, &absences);
    oracle::pairing_with_bye(
        &ctx.order,
        |a, b| ctx.compatible(a, b),
        |id| ctx.hist.get(&id).is_none_or(|h| h.pab_eligible),
    )
}
