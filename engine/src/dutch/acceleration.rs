//! FIDE C.04.5.1, the Baku Acceleration Method, and explicit accelerated points (`XXA`
//! records): the virtual points added to a player's score **for pairing only** (score
//! brackets, floats, the pairing-allocated bye, every score difference); standings never
//! see them.
//!
//! Baku, for the players listed before round 1 (n of them):
//! - GA is the first 2·⌈n/4⌉ players by pairing number (the first half rounded up to the
//!   nearest even number), GB the rest;
//! - the accelerated rounds are the first ⌈R/2⌉ of the R planned rounds;
//! - before each of the first ⌈⌈R/2⌉/2⌉ rounds every GA player has 1 virtual point, before
//!   the other accelerated rounds ½, afterwards none; GB players never have any.
//!
//! Late entries (C.04.5.1 "Late entries"): n counts only the players who enter in round 1
//! (`enters` unset or 1); the last GA player is the 2·⌈n/4⌉-th of them by pairing number
//! and stays the same, so a late entrant is in GA when its pairing number (C.04.2 places it
//! in the list) comes before that player's; GA may then be odd.
//!
//! Explicit points (`bsw_model::Acceleration::Explicit`) are used as given, per player and
//! round.

use bsw_model::{Acceleration, HalfPoints, Id, Tournament};
use std::collections::HashSet;

/// GA's size for `n` players: 2·⌈n/4⌉, never more than `n`.
pub fn ga_size(n: usize) -> usize {
    (2 * n.div_ceil(4)).min(n)
}

/// The Baku virtual points (half-points) of a GA player before round `r` of `rounds`
/// planned rounds: 2 in the first ⌈⌈R/2⌉/2⌉ rounds, 1 in the rest of the first ⌈R/2⌉, then 0.
pub fn baku_points(r: u32, rounds: u32) -> HalfPoints {
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if r == 0 || r > accelerated {
        0
    } else if r <= full {
        2
    } else {
        1
    }
}

/// The accelerated points of each player, round by round, as the tournament declares them.
pub struct Virtual {
    /// GA players (Baku) by id; empty otherwise.
    ga: HashSet<Id>,
    baku_rounds: Option<u32>,
    explicit: Acceleration,
}

impl Virtual {
    /// The acceleration of `t` (none for a tournament without one).
    pub fn of(t: &Tournament) -> Virtual {
        match &t.config.acceleration {
            Acceleration::Baku => {
                let ids = bsw_model::layout::dutch_pairing_ids(t);
                let late: HashSet<Id> =
                    t.players.iter().filter(|p| p.before_entry(1)).map(|p| p.id).collect();
                let n = ids.iter().filter(|id| !late.contains(id)).count();
                // Everyone up to the last GA player of the round-1 list, late entrants
                // placed before him included.
                let mut first_round_players = 0;
                let ga = ids
                    .iter()
                    .take_while(|id| {
                        let more = first_round_players < ga_size(n);
                        first_round_players += usize::from(!late.contains(id));
                        more
                    })
                    .copied()
                    .collect();
                let rounds = t.config.rounds.unwrap_or(t.last_round() + 1);
                Virtual { ga, baku_rounds: Some(rounds), explicit: Acceleration::None }
            }
            other => Virtual { ga: HashSet::new(), baku_rounds: None, explicit: other.clone() },
        }
    }

    /// The virtual points of player `id` before round `r`.
    pub fn points(&self, id: Id, r: u32) -> HalfPoints {
        match self.baku_rounds {
            Some(rounds) if self.ga.contains(&id) => baku_points(r, rounds),
            Some(_) => 0,
            None => self.explicit.explicit(id, r),
        }
    }
}

/// The acceleration of `t` as explicit points per player and round (what `XXA` records
/// carry): Baku's virtual points written out for every GA player and accelerated round, so
/// that a program reading `XXA` pairs on the same scores. Other accelerations unchanged.
pub fn as_explicit(t: &Tournament) -> Acceleration {
    if t.config.acceleration != Acceleration::Baku {
        return t.config.acceleration.clone();
    }
    let v = Virtual::of(t);
    let rounds = v.baku_rounds.unwrap_or(0);
    let accelerated = rounds.div_ceil(2);
    let ids = bsw_model::layout::dutch_pairing_ids(t);
    Acceleration::Explicit(
        ids.iter()
            .filter(|id| v.ga.contains(id))
            .map(|&id| (id, (1..=accelerated).map(|r| v.points(id, r)).collect()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ga_is_the_first_half_rounded_up_to_an_even_number() {
        // n mod 4 = 0, 1, 2, 3: the handbook's example 161 players -> 82.
        assert_eq!([ga_size(16), ga_size(17), ga_size(18), ga_size(19)], [8, 10, 10, 10]);
        assert_eq!(ga_size(161), 82);
        assert_eq!([ga_size(0), ga_size(1), ga_size(2), ga_size(3)], [0, 1, 2, 2]);
    }

    #[test]
    fn virtual_points_per_round() {
        // Nine rounds: five accelerated, 1 point in rounds 1-3, ½ in rounds 4-5 (the
        // handbook's example).
        let nine: Vec<HalfPoints> = (1..=10).map(|r| baku_points(r, 9)).collect();
        assert_eq!(nine, [2, 2, 2, 1, 1, 0, 0, 0, 0, 0]);
        // Seven rounds: four accelerated, 1 point in rounds 1-2, ½ in rounds 3-4.
        let seven: Vec<HalfPoints> = (1..=7).map(|r| baku_points(r, 7)).collect();
        assert_eq!(seven, [2, 2, 1, 1, 0, 0, 0]);
        // Four rounds: two accelerated, 1 point in round 1, ½ in round 2.
        assert_eq!([baku_points(1, 4), baku_points(2, 4), baku_points(3, 4)], [2, 1, 0]);
        // One round: accelerated, with 1 point.
        assert_eq!([baku_points(1, 1), baku_points(2, 1)], [2, 0]);
    }

    #[test]
    fn a_late_entrant_before_the_last_ga_player_joins_ga() {
        use bsw_model::{Config, DutchConfig, System};
        // 10 players by rating (ids = pairing numbers); 2 and 8 enter in round 3: 8 listed
        // before round 1, GA = 4 of them (1, 3, 4, 5); player 2 comes before the last GA
        // player (5) and joins GA, player 8 does not.
        let mut players = bsw_model::test_support::players(10, 2500, 1);
        for p in &mut players {
            p.enters = [2, 8].contains(&p.id).then_some(3);
        }
        let config = Config {
            rounds: Some(9),
            system: System::Dutch(DutchConfig::default()),
            acceleration: Acceleration::Baku,
            ..Config::default()
        };
        let v = Virtual::of(&Tournament { config, players, rows: Vec::new() });
        let ga: Vec<Id> = (1..=10).filter(|&id| v.points(id, 3) > 0).collect();
        assert_eq!(ga, [1, 2, 3, 4, 5]);
    }
}
