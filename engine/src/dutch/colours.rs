//! Colour allocation (C.04.3 5.2), for a pair (p, q) where p is ranked higher:
//! 1. give both their preference when they differ (or one has none);
//! 2. else the stronger preference wins (absolute over strong over mild; between two
//!    absolute preferences, the wider colour difference);
//! 3. else alternate both from the most recent round in which they had different colours
//!    (comparing played games, latest first);
//! 4. else the higher-ranked player gets their preference;
//! 5. else (no preference at all) the higher-ranked player gets the initial colour when
//!    their pairing number is odd, the other colour when even.

use super::order::Player;
use bsw_model::Colour;

/// Colour of the higher-ranked player `p` against `q`.
pub(crate) fn colour_of_higher(p: &Player, q: &Player, initial: Colour) -> Colour {
    if let Some(c) = neutral(p, q) {
        return c;
    }
    match p.pref {
        None => {
            if p.rank % 2 == 1 {
                initial.other()
            } else {
                initial
            }
        }
        Some(c) => c,
    }
}

/// Rules 1-3: the colour of `p`, when they decide.
fn neutral(p: &Player, q: &Player) -> Option<Colour> {
    if p.pref.is_none() || q.pref.is_none() || p.pref != q.pref {
        return p.pref.or(q.pref.map(Colour::other));
    }
    if p.absolute && (p.imbalance() > q.imbalance() || !q.absolute) {
        return p.pref;
    }
    if q.absolute && (q.imbalance() > p.imbalance() || !p.absolute) {
        return q.pref.map(Colour::other);
    }
    if p.strong && !q.strong {
        return p.pref;
    }
    if q.strong && !p.strong {
        return q.pref.map(Colour::other);
    }
    let mut a = p.colours.iter().rev();
    let mut b = q.colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return Some(*y),
            _ => return None,
        }
    }
}
