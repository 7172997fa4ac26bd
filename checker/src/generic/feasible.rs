//! Whether an unpublished round can be paired at all under the basic rules (C.04.1 b, d, f,
//! g): what an engine's "no valid pairing" under the generic profile must agree with.

use crate::oracle;
use crate::report::LegalPairing;
use crate::results::{Colour, state_before};
use bsw_model::{Id, Tournament};

/// Whether round `r` (not published yet) can be paired at all under the basic rules, as an
/// engine's "no valid pairing" must be confirmed: every player to pair (not withdrawn, no
/// absence announced for `r`) is paired but, for an odd number, one pairing-allocated bye
/// receiver; no rematch (C.04.1 b); the bye only to a player without a bye or a win's points
/// scored without playing (d); the colours of each pair allocable so that neither player's
/// colour difference goes beyond ±2 (f) nor takes a third colour in a row (g), with no
/// final-round exception. One general maximum matching (petgraph, [`crate::oracle`]) of the
/// allowed pairs, plus an extra vertex joined to the bye-eligible players for an odd number:
/// `Some((pairs, bye))` is a pairing the rules allow, `None` proves there is none. Entries
/// made ahead of round `r` (`Tournament::pre_entered_round`) keep their players out.
pub fn legal_pairing(t: &Tournament, r: u32) -> Option<LegalPairing> {
    let t = &*oracle::as_paired(t, r);
    let state = state_before(t, r);
    let ids: Vec<Id> =
        t.players.iter().filter(|p| !p.withdrawn_by(r) && !p.absent(r)).map(|p| p.id).collect();
    let colour_ok = |id: Id, c: Colour| {
        let rec = state.record(id);
        let (streak, d_after) = rec.colours.after(c);
        streak < 3 && (d_after.abs() <= 2 || d_after.abs() <= rec.colours.diff().abs())
    };
    let allowed = |a: Id, b: Id| {
        state.meetings(a, b) == 0
            && ((colour_ok(a, Colour::White) && colour_ok(b, Colour::Black))
                || (colour_ok(a, Colour::Black) && colour_ok(b, Colour::White)))
    };
    let bye_ok = |id: Id| {
        let rec = state.record(id);
        rec.byes == 0 && rec.unplayed_wins == 0
    };
    oracle::pairing_with_bye(&ids, allowed, bye_ok)
}
