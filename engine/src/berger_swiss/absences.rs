//! SPEC §9 (extension): requested absences. A player of a Swiss field marked absent for a
//! round is left out of that round's field with a `half-bye` or `zero-bye` row; a player
//! whose group is on its Berger schedule cannot be absent.

use bsw_model::{Entry, Player};

/// The absence row player `p` requested for round `r`, if any.
pub(crate) fn requested(p: &Player, r: u32) -> Option<Entry> {
    p.requested_absence(r)
}
