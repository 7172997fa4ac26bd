//! SPEC §9 (extension): requested absences. A Swiss-field player marked absent for a round
//! gets a `half-bye` (½) or `zero-bye` (0) row and is left out of the field. A player whose
//! group is on its Berger schedule cannot be absent (pairing that round must be refused).
//! A withdrawn player's absences are ignored.
//!
//! Rules named: "9" for an absence not honoured, given without a request, or in a Berger
//! group on schedule; "3" when the row exists but awards the wrong points (e.g. `zero-bye`
//! for a requested half-point absence, or `bye` instead of the absence).

use crate::report::{Evidence, PublishedRow, Rule, Violation};
use bsw_model::{Entry, Id, Player, Row, Tournament};

/// A requested absence (SPEC §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Absence {
    Half,
    Zero,
}

/// The requested absence of player `p` in round `r`, if any (a withdrawn player's are
/// ignored).
pub(crate) fn absence(p: &Player, r: u32) -> Option<Absence> {
    if p.withdrawn_by(r) {
        None
    } else if p.half_byes.contains(&r) {
        Some(Absence::Half)
    } else if p.zero_byes.contains(&r) {
        Some(Absence::Zero)
    } else {
        None
    }
}

/// Checks the rows of players with a requested absence in round r. `in_berger(id)` tells
/// whether the player's group is on its schedule in r.
pub(crate) fn check_requested(
    t: &Tournament,
    r: u32,
    row_of: &dyn Fn(Id) -> Option<Row>,
    in_berger: &dyn Fn(Id) -> bool,
) -> Vec<Violation> {
    let mut v = Vec::new();
    for p in &t.players {
        let Some(kind) = absence(p, r) else {
            continue;
        };
        let want = if kind == Absence::Half { "half-bye" } else { "zero-bye" };
        if in_berger(p.id) {
            v.push(Violation::new(
                Rule::Absences,
                vec![p.id],
                format!(
                    "player {} asked for an absence in round {r} but their group is on its Berger schedule: the round must be refused",
                    p.id
                ),
                Evidence::Requested { requested: want },
            ));
            continue;
        }
        let Some(row) = row_of(p.id) else { continue };
        match row.entry {
            Entry::HalfBye(_) if kind == Absence::Half => {}
            Entry::ZeroBye(_) if kind == Absence::Zero => {}
            Entry::Game { .. } => v.push(Violation::new(
                Rule::Absences,
                row.entry.players().collect(),
                format!(
                    "player {} asked to be absent in round {r} ({want}) but was paired on board {}",
                    p.id, row.board
                ),
                Evidence::RequestedRow { requested: want, row: PublishedRow::from(&row) },
            )),
            _ => v.push(Violation::new(
                Rule::Results,
                vec![p.id],
                format!(
                    "player {} has a requested absence ({want}) but board {} awards `{}`",
                    p.id,
                    row.board,
                    row.entry.result_code()
                ),
                Evidence::RequestedRow { requested: want, row: PublishedRow::from(&row) },
            )),
        }
    }
    v
}
