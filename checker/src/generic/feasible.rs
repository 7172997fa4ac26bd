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
    if t.pre_entered_round() == Some(r)
        && let Some((view, _)) = t.with_pre_entries_as_requests()
    {
        return legal_pairing(&view, r);
    }
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
    let n = ids.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if allowed(ids[i], ids[j]) {
                edges.push((i, j));
            }
        }
    }
    let size = if n % 2 == 1 {
        for (i, &id) in ids.iter().enumerate() {
            let rec = state.record(id);
            if rec.byes == 0 && rec.unplayed_wins == 0 {
                edges.push((i, n));
            }
        }
        n + 1
    } else {
        n
    };
    let matching = oracle::perfect_matching(size, &edges)?;
    let mut pairs = Vec::new();
    let mut bye = None;
    for (a, b) in matching {
        if b == n {
            bye = Some(ids[a]);
        } else {
            pairs.push([ids[a], ids[b]]);
        }
    }
    Some((pairs, bye))
}
