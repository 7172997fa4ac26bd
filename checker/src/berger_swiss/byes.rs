//! SPEC §8.1: bye eligibility — with an odd field, only the players with the fewest byes
//! received among the field's players may get the bye.
//!
//! [`check`] reports (rule 8.1) a bye in an even field, an odd field without exactly one bye,
//! and a bye to an ineligible player.

use super::field::SwissField;
use crate::report::{Evidence, Rule, Violation};

/// Eligible bye receivers, bottom first (reverse Swiss order). Empty for an even field.
pub(crate) fn eligible_bottom_first(f: &SwissField) -> Vec<usize> {
    if f.len().is_multiple_of(2) {
        return Vec::new();
    }
    let fewest = f.byes.iter().copied().min().unwrap_or(0);
    (0..f.len()).rev().filter(|&i| f.byes[i] == fewest).collect()
}

/// The Swiss bye of a round, checked.
pub(crate) struct ByeCheck {
    /// The bye receiver (field index): the one `bye` row of an odd field.
    pub(crate) bye: Option<usize>,
    /// [`eligible_bottom_first`].
    pub(crate) eligible: Vec<usize>,
    /// False when the byes break §8.1 (the ladder and the greedy are then not certified).
    pub(crate) sound: bool,
    pub(crate) violations: Vec<Violation>,
}

/// Checks the Swiss byes of a field (`bye_rows`: field players with a `bye` row).
pub(crate) fn check(sf: &SwissField, bye_rows: &[usize]) -> ByeCheck {
    let n = sf.len();
    let ids = |v: &[usize]| v.iter().map(|&i| sf.ids[i]).collect::<Vec<_>>();
    let mut out = ByeCheck {
        bye: None,
        eligible: eligible_bottom_first(sf),
        sound: true,
        violations: Vec::new(),
    };
    if n.is_multiple_of(2) && !bye_rows.is_empty() {
        out.sound = false;
        out.violations.push(Violation::new(
            Rule::Byes,
            ids(bye_rows),
            format!("the Swiss field has an even number of players ({n}) but a bye was given"),
            Evidence::FieldSize { field_size: n },
        ));
    }
    if n % 2 == 1 && bye_rows.len() != 1 {
        out.sound = false;
        out.violations.push(Violation::new(
            Rule::Byes,
            ids(bye_rows),
            format!(
                "the Swiss field has an odd number of players ({n}) and needs exactly one bye, found {}",
                bye_rows.len()
            ),
            Evidence::ByeCount {
                field_size: n,
                byes: ids(bye_rows),
            },
        ));
    }
    if n % 2 == 1 && bye_rows.len() == 1 {
        out.bye = Some(bye_rows[0]);
    }
    if let Some(b) = out.bye
        && !out.eligible.contains(&b)
    {
        out.sound = false;
        let fewest = sf.byes.iter().min().copied().unwrap_or(0);
        out.violations.push(Violation::new(
            Rule::Byes,
            vec![sf.ids[b]],
            format!(
                "{} got the bye with {} byes already received; only players with the fewest ({fewest}) are eligible",
                sf.ids[b], sf.byes[b]
            ),
            Evidence::ByeEligibility {
                byes_received: sf.byes[b],
                fewest,
                eligible_bottom_first: ids(&out.eligible),
            },
        ));
    }
    out
}
