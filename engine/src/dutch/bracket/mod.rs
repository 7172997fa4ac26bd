//! One bracket's decisions (C.04.3 Articles 3-4) on a maximum-weight matching: the MDP
//! choice (4.4), their opponents, S1/S2 and exchanges (4.3), transpositions (4.2), each
//! step a small extra weight in the spare low bits followed by a new matching
//! (`candidates` walks the round and says which brackets are restricted, which global).
//!
//! The decisions are written once, in the bracket driver (`driver`: steps 1-4), over a
//! weight source (`driver::Source`) that turns each decision into weight changes reported
//! to its matcher:
//! - [`matrix`]: the weights of the bracket's pairs in a k × k matrix, the matcher on a
//!   dense matrix of its own; the whole-field (global) brackets, and the reference the
//!   class model is held to in the tests (`candidates::Path::ClassModelAbove`);
//! - [`model`] (the class model): the weight of a pair computed when the matcher reads it,
//!   from the two players' classes and the small per-player state each decision adds; every
//!   restricted bracket by default (O(k) memory, faster at every size measured).
//!
//! Each source reports a decision's weight changes to the matcher in the same order, so
//! that both take the same decisions (the comparison tests hold the class model to the
//! matrix). The types both share live here: the bracket ([`Bracket`]), why it stopped
//! ([`Stop`]), and the explain lines each step writes.

mod driver;
pub(crate) mod matrix;
pub(crate) mod model;

use super::failure::Failure;
use super::next_group::NextGroup;
use super::order::Field;

/// One bracket: `pbi` = MDPs (first `sgb`), residents (up to `ngb`), the next score group.
#[derive(Clone, Copy)]
pub(crate) struct Bracket<'a> {
    pub pbi: &'a [usize],
    pub sgb: usize,
    pub ngb: usize,
    /// The field index of the first resident, and of the first player of the next group.
    pub resident_start: usize,
    pub next_start: usize,
    pub c9: bool,
    /// Restricted: every bye candidate is in `pbi`, so a bye dummy joins the matching
    /// (`candidates`, "The bye and C9").
    pub bye_dummy: bool,
    /// The class model only: the next score group as one vertex (`next_group`; when the
    /// group holds every bye candidate, the bye dummy is inside it): the matcher holds the
    /// bracket's players only.
    pub next: Option<&'a NextGroup>,
}

/// Why a bracket stopped.
pub(crate) enum Stop {
    /// A restricted optimum does not extend to a complete pairing: pair on the whole field
    /// (or, with the next group as one vertex, with the group whole first).
    Unextendable,
    /// With the next group as one vertex: more than one player of the bracket floats, which
    /// the one vertex does not weigh (`next_group`); pair with the group whole.
    Expand,
    Fail(Failure),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Stop {
        Stop::Fail(f)
    }
}

/// Field indices as people read them: the players' ids.
pub(super) fn ids(field: &Field, vs: &[usize]) -> String {
    let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
    format!("[{}]", v.join(" "))
}

/// The bracket's first explain line: its score, residents and MDPs.
pub(super) fn header(field: &Field, br: &Bracket) -> String {
    let Bracket { pbi, sgb, ngb, .. } = *br;
    if ngb > sgb {
        format!(
            "bracket {}: residents {} MDPs {}",
            crate::half_points(field.players[pbi[sgb]].score),
            ids(field, &pbi[sgb..ngb]),
            ids(field, &pbi[..sgb])
        )
    } else {
        format!("last players {}", ids(field, &pbi[..ngb]))
    }
}

/// The explain lines after step 2: the MDPs paired and their opponents (none without
/// MDPs), then the remainder's S1 (its first `rem_pairs` players) and S2.
pub(super) fn remainder_lines(
    field: &Field,
    br: &Bracket,
    done: &[Option<usize>],
    remainder: &[usize],
    rem_pairs: usize,
) -> Vec<String> {
    let Bracket { pbi, sgb, .. } = *br;
    let mut lines = Vec::new();
    if sgb > 0 {
        let mdp_pairs: Vec<String> = pbi[..sgb]
            .iter()
            .filter_map(|&v| done[v].map(|u| (v, u)))
            .map(|(v, u)| format!("{}-{}", field.players[v].id, field.players[u].id))
            .collect();
        lines.push(format!(
            "  MDPs paired (4.4, highest first; each with the highest resident possible): {}",
            if mdp_pairs.is_empty() { "none".to_string() } else { mdp_pairs.join(" ") }
        ));
    }
    let split = rem_pairs.min(remainder.len());
    lines.push(format!(
        "  remainder: S1 {} S2 {}",
        ids(field, &remainder[..split]),
        ids(field, &remainder[split..])
    ));
    lines
}

/// The explain line of step 3's exchanges (4.3), if any: the S1 players that left (of the
/// first `rem_pairs` of the remainder) and the S2 players that entered (`s1_now`).
pub(super) fn exchange_line(
    field: &Field,
    remainder: &[usize],
    rem_pairs: usize,
    s1_now: &[usize],
) -> Option<String> {
    let s1_before = &remainder[..rem_pairs.min(remainder.len())];
    // (Both in field order: a binary search each, not a pass over the other: at 85,000
    // players a bracket's S1 against S1 was 0.6 s.)
    let out: Vec<usize> =
        s1_before.iter().copied().filter(|v| s1_now.binary_search(v).is_err()).collect();
    let into: Vec<usize> =
        s1_now.iter().copied().filter(|v| s1_before.binary_search(v).is_err()).collect();
    (!out.is_empty()).then(|| {
        format!(
            "  exchange (4.3): {} from S1 to S2, {} from S2 to S1",
            ids(field, &out),
            ids(field, &into)
        )
    })
}
