//! C.04.3 1.7 colour preferences and 5.2 colour allocation.
//!
//! Preference of a player with at least one game played over the board (1.7), in this order:
//! colour difference beyond ±1 → the colour played less (absolute); the same colour in the
//! two latest played games → the other one (absolute); colour difference ±1 → the colour
//! played less (strong); otherwise the other colour than in the latest played game (mild).
//! No game played: no preference.
//!
//! Allocation of a pair (5.2), the first rule that decides:
//! 1. both preferences can be granted (different colours, or one player has none);
//! 2. the stronger preference is granted; both absolute (topscorers): the wider colour
//!    difference is granted;
//! 3. colours alternate with the most recent game in which the two had different colours,
//!    comparing the sequences of played games from the latest backwards (reading);
//! 4. the preference of the higher-ranked player is granted;
//! 5. the higher-ranked player gets the initial colour when its rank (1-based, by pairing
//!    number among the players paired in the round: reading) is odd, the other colour when
//!    it is even.

use super::state::History;
use bsw_model::Colour;

/// Strength of a colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    Mild = 1,
    Strong = 2,
    Absolute = 3,
}

/// A colour preference (1.7), `None` when no game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub(crate) colour: Colour,
    pub(crate) strength: Strength,
}

/// The preference of a player from its played colours.
pub(crate) fn preference(h: &History) -> Option<Preference> {
    let last = *h.colours.last()?;
    let d = h.colour_difference();
    let n = h.colours.len();
    let pref = |colour, strength| Some(Preference { colour, strength });
    if d > 1 {
        return pref(Colour::Black, Strength::Absolute);
    }
    if d < -1 {
        return pref(Colour::White, Strength::Absolute);
    }
    if n >= 2 && h.colours[n - 2] == last {
        return pref(last.other(), Strength::Absolute);
    }
    match d {
        1 => pref(Colour::Black, Strength::Strong),
        -1 => pref(Colour::White, Strength::Strong),
        _ => pref(last.other(), Strength::Mild),
    }
}

/// A player as the allocation sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'a> {
    pub(crate) history: &'a History,
    pub(crate) preference: Option<Preference>,
    /// Position in the ranking order (1.2), 0 = highest.
    pub(crate) rank: usize,
    /// 1-based rank by pairing number among the players paired in the round (5.2.5).
    pub(crate) number: usize,
}

/// Which 5.2 rule decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    BothPreferences,
    StrongerPreference,
    Alternation,
    HigherRanked,
    InitialColour,
}

impl Decider {
    pub(crate) fn article(self) -> &'static str {
        match self {
            Decider::BothPreferences => "5.2.1",
            Decider::StrongerPreference => "5.2.2",
            Decider::Alternation => "5.2.3",
            Decider::HigherRanked => "5.2.4",
            Decider::InitialColour => "5.2.5",
        }
    }
}

/// The colour of `a` in a game against `b`, and the rule that decides it.
pub(crate) fn allocate(a: &Side, b: &Side, initial: Colour) -> (Colour, Decider) {
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) if pa.colour != pb.colour => {
            return (pa.colour, Decider::BothPreferences);
        }
        (Some(pa), None) => return (pa.colour, Decider::BothPreferences),
        (None, Some(pb)) => return (pb.colour.other(), Decider::BothPreferences),
        (Some(pa), Some(pb)) => {
            if pa.strength != pb.strength {
                let c = if pa.strength > pb.strength { pa.colour } else { pb.colour.other() };
                return (c, Decider::StrongerPreference);
            }
            if pa.strength == Strength::Absolute {
                let (da, db) =
                    (a.history.colour_difference().abs(), b.history.colour_difference().abs());
                if da != db {
                    let c = if da > db { pa.colour } else { pb.colour.other() };
                    return (c, Decider::StrongerPreference);
                }
            }
        }
        (None, None) => {}
    }
    let (ca, cb) = (&a.history.colours, &b.history.colours);
    for (x, y) in ca.iter().rev().zip(cb.iter().rev()) {
        if x != y {
            return (x.other(), Decider::Alternation);
        }
    }
    let (high, a_is_high) = if a.rank < b.rank { (a, true) } else { (b, false) };
    let colour_of_high = if let Some(p) = high.preference {
        (p.colour, Decider::HigherRanked)
    } else if high.number % 2 == 1 {
        (initial, Decider::InitialColour)
    } else {
        (initial.other(), Decider::InitialColour)
    };
    if a_is_high { colour_of_high } else { (colour_of_high.0.other(), colour_of_high.1) }
}

/// Short text of a preference: `"absolute white"`, `"none"`.
pub(crate) fn describe(p: Option<Preference>) -> String {
    match p {
        None => "none".into(),
        Some(p) => format!(
            "{} {}",
            match p.strength {
                Strength::Mild => "mild",
                Strength::Strong => "strong",
                Strength::Absolute => "absolute",
            },
            p.colour.name()
        ),
    }
}
