//! FIDE C.04.5.1 (Baku Acceleration Method) and explicit accelerated points (`XXA`), derived
//! here from the handbook text, not from the engine: the virtual points each player carries
//! into a round, which count for pairing (score brackets, floats, the PAB, score
//! differences) and never for standings.
//!
//! Readings: the players "listed before the first round" are those of the list who enter in
//! round 1 (a late entrant, `enters` after round 1, is not); the list is sorted by pairing
//! number; GA is the first half of those rounded up to the nearest even number (the
//! handbook's note: 161 players, 82 in GA); a late entrant placed in the list before the
//! last GA player is in GA too ("the last GA-player shall be the same"), so GA may be odd;
//! the accelerated rounds are the first half of the planned rounds rounded up; a GA player
//! has 1 virtual point before the first half (rounded up) of those, ½ before the others.

use bsw_model::{Acceleration, HalfPoints, Id, Tournament};
use std::collections::HashMap;

/// Virtual points per player and round, as the tournament declares them.
pub(crate) struct VirtualPoints {
    /// Per player: the virtual points of rounds 1, 2, … (half-points).
    by_player: HashMap<Id, Vec<HalfPoints>>,
    /// How the checks name the acceleration (`None`: no acceleration).
    description: Option<String>,
}

impl VirtualPoints {
    pub(crate) fn of(t: &Tournament) -> VirtualPoints {
        match &t.config.acceleration {
            Acceleration::None => VirtualPoints { by_player: HashMap::new(), description: None },
            Acceleration::Explicit(m) => VirtualPoints {
                by_player: m.iter().map(|(id, v)| (*id, v.clone())).collect(),
                description: Some(format!(
                    "accelerated points given by XXA records ({} players)",
                    m.len()
                )),
            },
            Acceleration::Baku => {
                let list = bsw_model::layout::dutch_pairing_ids(t);
                let late: std::collections::HashSet<Id> = t
                    .players
                    .iter()
                    .filter(|p| p.enters.is_some_and(|k| k > 1))
                    .map(|p| p.id)
                    .collect();
                let from_round_one: Vec<usize> =
                    (0..list.len()).filter(|&i| !late.contains(&list[i])).collect();
                let n = from_round_one.len();
                // The first half rounded up, then up to the next even number: the pairing
                // number of the last GA player among the round-1 list, which every late
                // entrant listed before him joins.
                let half = n - n / 2;
                let ga_of_round_one = (half + half % 2).min(n);
                let last_ga = match ga_of_round_one {
                    0 => 0,
                    k => from_round_one[k - 1] + 1,
                };
                let planned = t.config.rounds.unwrap_or(0).max(t.last_round());
                let accelerated = planned - planned / 2;
                let with_one_point = accelerated - accelerated / 2;
                let table: Vec<HalfPoints> = (1..=accelerated)
                    .map(|round| if round <= with_one_point { 2 } else { 1 })
                    .collect();
                let by_player = list[..last_ga].iter().map(|id| (*id, table.clone())).collect();
                let half_rounds = if accelerated > with_one_point {
                    format!(", ½ in rounds {}-{accelerated}", with_one_point + 1)
                } else {
                    String::new()
                };
                VirtualPoints {
                    by_player,
                    description: Some(format!(
                        "Baku acceleration (C.04.5.1): GA = pairing numbers 1-{last_ga} ({n} players \
                         listed before round 1); \
                         1 virtual point in rounds 1-{with_one_point}{half_rounds}"
                    )),
                }
            }
        }
    }

    /// The round's note: which acceleration gives whom virtual points before round `r`
    /// (`None` when nobody has any).
    pub(crate) fn note(&self, r: u32) -> Option<String> {
        let d = self.description.as_ref()?;
        let mut given: Vec<(Id, HalfPoints)> =
            self.by_player.keys().map(|&id| (id, self.before(id, r))).filter(|x| x.1 > 0).collect();
        if given.is_empty() {
            return None;
        }
        given.sort_unstable();
        let mut values: Vec<HalfPoints> = given.iter().map(|x| x.1).collect();
        values.sort_unstable();
        values.dedup();
        let words: Vec<String> = values.iter().map(|&v| bsw_model::half_points(v)).collect();
        Some(format!(
            "pairing scores include virtual points: {d}; this round {} players have {}",
            given.len(),
            words.join(" or ")
        ))
    }

    /// Player `id`'s virtual points before round `r`.
    pub(crate) fn before(&self, id: Id, r: u32) -> HalfPoints {
        let Some(k) = (r as usize).checked_sub(1) else { return 0 };
        self.by_player.get(&id).and_then(|v| v.get(k)).copied().unwrap_or(0)
    }
}
