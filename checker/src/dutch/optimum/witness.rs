//! The violations the complete check reports (a better bracket pairing on a criterion, an
//! equally good one earlier in the generation order): the witness pairs, the players whose
//! opponent changes, both value vectors.

use super::graph::{Values, View};
use crate::dutch::order::Bracket;
use crate::dutch::round::RoundCtx;
use crate::points::show_points;
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::Id;
use std::collections::HashSet;

pub(super) fn rule_of(name: &str) -> Rule {
    match name {
        "C6" => Rule::DutchC6,
        "C7" => Rule::DutchC7,
        "C8" => Rule::DutchC8,
        "C9" => Rule::DutchC9,
        "C10" => Rule::DutchC10,
        "C11" => Rule::DutchC11,
        "C12" => Rule::DutchC12,
        "C13" => Rule::DutchC13,
        "C14" => Rule::DutchC14,
        "C15" => Rule::DutchC15,
        "C16" => Rule::DutchC16,
        "C17" => Rule::DutchC17,
        "C18" => Rule::DutchC18,
        "C19" => Rule::DutchC19,
        "C20" => Rule::DutchC20,
        _ => Rule::DutchC21,
    }
}

pub(super) fn violation(
    ctx: &RoundCtx,
    b: &Bracket,
    name: &'static str,
    published: &Values,
    witness: &Values,
    pairs: &[(Id, Id)],
) -> Violation {
    let _ = ctx;
    let (sorted, players) = witness_pairs(b, pairs);
    let at = |v: &Values| {
        v.names
            .iter()
            .zip(&v.values)
            .filter(|(n, _)| **n == name)
            .map(|(_, x)| x.to_string())
            .collect::<Vec<_>>()
            .join("/")
    };
    let message = format!(
        "bracket {}: the bracket pairing {} is better on {name} ({} against {} published; as good on every criterion before) than the published {}",
        show_points(b.score),
        show_pairs(&sorted),
        at(witness),
        at(published),
        show_pairs(&b.pairs),
    );
    Violation::new(
        rule_of(name),
        players,
        message,
        Evidence::Dutch(DutchEvidence::Bracket {
            bracket_score: show_points(b.score),
            criterion: name.to_string(),
            criteria: published.names.clone(),
            published_values: published.values.clone(),
            witness_values: witness.values.clone(),
            published: b.pairs.iter().map(|&(x, y)| [x, y]).collect(),
            witness: sorted.iter().map(|&(x, y)| [x, y]).collect(),
        }),
    )
}

/// The witness pairs (each lower Id first, sorted) and the players whose opponent differs
/// from the published bracket pairing.
pub(super) fn witness_pairs(b: &Bracket, pairs: &[(Id, Id)]) -> (Vec<(Id, Id)>, Vec<Id>) {
    let mut sorted: Vec<(Id, Id)> = pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    sorted.sort_unstable();
    let old: HashSet<(Id, Id)> = b.pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    let new: HashSet<(Id, Id)> = sorted.iter().copied().collect();
    let mut players: Vec<Id> = old
        .symmetric_difference(&new)
        .flat_map(|&(x, y)| [x, y])
        .collect::<HashSet<Id>>()
        .into_iter()
        .collect();
    players.sort_unstable();
    (sorted, players)
}

pub(super) fn show_pairs(ps: &[(Id, Id)]) -> String {
    ps.iter().map(|(x, y)| format!("{x}-{y}")).collect::<Vec<_>>().join(", ")
}

pub(super) fn order_violation(view: &View, published: &Values, pairs: &[(Id, Id)]) -> Violation {
    let b = view.b;
    let (sorted, players) = witness_pairs(b, pairs);
    let message = format!(
        "bracket {}: the bracket pairing {} is as good on C6-C21 as the published {} and comes earlier in the generation order (4.2-4.4)",
        show_points(b.score),
        show_pairs(&sorted),
        show_pairs(&b.pairs),
    );
    Violation::new(
        Rule::DutchOrder,
        players,
        message,
        Evidence::Dutch(DutchEvidence::Bracket {
            bracket_score: show_points(b.score),
            criterion: "4".to_string(),
            criteria: published.names.clone(),
            published_values: published.values.clone(),
            witness_values: published.values.clone(),
            published: b.pairs.iter().map(|&(x, y)| [x, y]).collect(),
            witness: sorted.iter().map(|&(x, y)| [x, y]).collect(),
        }),
    )
}
