//! The pairing-allocated bye (C.04.1 rule 3-4; C.04.3 C2, C5, C9).
//!
//! Before any bracket is paired, one matching of the whole field decides the score of the
//! bye assignee: every pair is worth more when its players are not eligible for the bye
//! (so the unpaired player is eligible, C2), and then the more the higher the score groups
//! of its players (so the unpaired player has the lowest possible score, C5). If no such
//! matching leaves at most one eligible player unpaired, the round cannot be paired.
//! C9 (fewest unplayed games for the bye assignee) then ranks the candidates of that score
//! by played games (`quality::Layout::played_rank`).
//!
//! That matching only runs on the whole-field path (`candidates::Path::Global`, the
//! reference the tests compare with): the default path finds the bye score by cardinality
//! matching (`rest`), and carries C5 and C9 in each restricted bracket that holds every
//! bye candidate by the edges of a bye dummy ([`bye_dummy_weight`]; `candidates`, "The bye
//! and C9").

use super::absolute::compatible;
use super::order::Field;
use super::quality::{Layout, bits_for};
use super::weight::{Fields, Weight};
use bsw_model::HalfPoints;

/// Weight of the pair (h, l) in the bye-choice matching.
pub(crate) fn bye_choice_weight<const NW: usize>(
    field: &Field,
    h: usize,
    l: usize,
    last_round: bool,
    rounds_before: u32,
    score_rank: &dyn Fn(HalfPoints) -> u64,
    groups: usize,
) -> Weight<NW> {
    if !compatible(field, h, l, last_round, rounds_before) {
        return Weight::ZERO;
    }
    let n = field.players.len();
    let (ph, pl) = (&field.players[h], &field.players[l]);
    let top = field.players[0].score;
    let mut f = Fields::default();
    f.push_u64(0, 1 + !ph.bye_eligible as u64 + !pl.bye_eligible as u64);
    f.push_u64(bits_for(n * groups + 1) + 1, score_rank(ph.score) + score_rank(pl.score));
    f.push_u64(bits_for(n + 1), (pl.score >= top) as u64);
    f.value
}

/// C9's ranking of played-game counts among the players of the bye score: counts sorted
/// descending, each count ranked by its last position in that list (so the most played
/// games rank lowest and pairing such a player earns least).
pub(crate) fn played_ranks(counts: &mut [usize]) -> std::collections::HashMap<usize, u64> {
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let mut m = std::collections::HashMap::new();
    for (k, &c) in counts.iter().enumerate() {
        m.insert(c, k as u64);
    }
    m
}

/// The weight of the bye dummy's edge to player `v` in a restricted bracket that holds every
/// bye candidate (`candidates`, module docs "The bye and C9"), `None` when `v` cannot be the
/// bye: for an eligible player of the bye score, the completion field's lowest bit (above
/// every criterion) plus, when C9 applies, one more than the highest played-games rank less
/// the player's own, in the C9 field (the fewer unplayed games, the heavier).
pub(crate) fn bye_dummy_weight<const NW: usize>(
    field: &Field,
    lay: &Layout<NW>,
    v: usize,
    c9: bool,
) -> Option<Weight<NW>> {
    let p = &field.players[v];
    if !p.bye_eligible || p.score != lay.bye_score {
        return None;
    }
    let mut x = Weight::bit(lay.completion_shift());
    if c9 {
        let top = lay.played_rank.values().copied().max().unwrap_or(0) + 1;
        let rank = lay.played_rank.get(&p.played).copied().unwrap_or(0);
        x = x.add(&lay.c9_value(top - rank));
    }
    Some(x)
}
