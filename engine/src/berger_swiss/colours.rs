//! SPEC §8.2: the colours of a pair, a function of the pair alone, decided before any search.

use super::state::{Colour, PlayerState};

/// What colours depend on, for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Side {
    pub last: Option<Colour>,
    pub streak: u32,
    pub diff: i32,
    pub whites: u32,
    pub tpn: u32,
}

impl Side {
    pub(crate) fn of(st: &PlayerState, tpn: u32) -> Side {
        Side { last: st.last(), streak: st.streak(), diff: st.diff(), whites: st.whites(), tpn }
    }

    /// (streak, colour difference) after playing colour `c`.
    pub(crate) fn after(&self, c: Colour) -> (u32, i32) {
        let streak = if self.last == Some(c) { self.streak + 1 } else { 1 };
        let diff = self.diff + if c == Colour::White { 1 } else { -1 };
        (streak, diff)
    }
}

/// The allocated colours of a pair and what they lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allocation {
    /// `a` gets White.
    pub a_white: bool,
    /// Streaks after the game (a, b).
    pub streaks: (u32, u32),
    /// Colour differences after the game (a, b).
    pub diffs: (i32, i32),
}

fn keys(a: &Side, b: &Side, a_white: bool) -> ([u32; 4], Allocation) {
    let (ca, cb) =
        if a_white { (Colour::White, Colour::Black) } else { (Colour::Black, Colour::White) };
    let (sa, da) = a.after(ca);
    let (sb, db) = b.after(cb);
    let max = sa.max(sb);
    let k1 = if max > 2 { max } else { 0 };
    let k2 = (sa >= 3) as u32 + (sb >= 3) as u32;
    let k3 = da.unsigned_abs() + db.unsigned_abs();
    let k4 = (a.last == Some(ca)) as u32 + (b.last == Some(cb)) as u32;
    ([k1, k2, k3, k4], Allocation { a_white, streaks: (sa, sb), diffs: (da, db) })
}

/// Compares both assignments by the keys of §8.2, smaller first; key 5 breaks a tie.
pub(crate) fn allocate(a: &Side, b: &Side) -> Allocation {
    let (ka, alloc_a) = keys(a, b, true);
    let (kb, alloc_b) = keys(a, b, false);
    match ka.cmp(&kb) {
        std::cmp::Ordering::Less => alloc_a,
        std::cmp::Ordering::Greater => alloc_b,
        std::cmp::Ordering::Equal => {
            // Key 5: White to fewer played whites; if equal, to the higher TPN number.
            let a_white = a.whites < b.whites || (a.whites == b.whites && a.tpn > b.tpn);
            if a_white { alloc_a } else { alloc_b }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    fn side(colours: &[Colour], tpn: u32) -> Side {
        let st = PlayerState { colours: colours.to_vec(), ..Default::default() };
        Side::of(&st, tpn)
    }

    #[test]
    fn round_one_gives_white_to_the_higher_tpn_number() {
        // SPEC §11: all keys tie, E (TPN 5) gets White against A (TPN 1).
        let al = allocate(&side(&[], 1), &side(&[], 5));
        assert!(!al.a_white);
    }

    #[test]
    fn a_third_colour_in_a_row_is_avoided_before_balance() {
        // a: W W (streak 2); b: B. a White → s_a = 3 → key1 = 3. a Black, b White → streaks 1, 1.
        let al = allocate(&side(&[White, White], 1), &side(&[Black], 2));
        assert!(!al.a_white);
        assert_eq!(al.streaks, (1, 1));
        assert_eq!(al.diffs, (1, 0));
    }

    #[test]
    fn equal_keys_and_equal_whites_give_white_to_higher_tpn() {
        // a: W B, b: B W. a White: s_a=1,d_a=1; s_b=1,d_b=-1 → k3=2, k4=0 (a last B→W no repeat;
        // b last W, gets B, no repeat). a Black: a repeats B? a last = B, gets B → repeat 1.
        // So a White wins on key 4.
        let al = allocate(&side(&[White, Black], 7), &side(&[Black, White], 3));
        assert!(al.a_white);
    }
}
