//! Rating-based tiebreaks (Art. 10): ARO (and its cuts), TPR, PTP, RTNG, with the FIDE
//! tables of B.02 §8.1 (FIDE-REFERENCE §1.7). Only games over the board count, in Swiss and
//! round-robin tables alike (Art. 15.2). All arithmetic is on integers (hundredths of a point
//! for expected scores).
//!
//! Unrated opponents (rating 0) are refused unless a rating for unrated players is
//! configured. RTNG, the player's own rating, uses that rating too, or 0 when none is set.

use crate::code::{Code, Cut};
use crate::error::StandingsError;
use crate::table::Table;
use crate::value::Value;

/// dp(p) for p = 0..=100 % (B.02 §8.1.a; ±800 at the ends).
pub const DP: [i64; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// Upper bounds of |D| for expected scores .50, .51, …, .99 (B.02 §8.1.b); above 735: 1.00.
pub const PD_BOUNDS: [i64; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Expected score in hundredths of the player whose rating is higher by `d` (negative:
/// lower), full scale, no 400 cap.
pub fn pd(d: i64) -> i64 {
    let a = d.abs();
    let high = PD_BOUNDS.iter().position(|&b| a <= b).map(|i| 50 + i as i64).unwrap_or(100);
    if d >= 0 { high } else { 100 - high }
}

/// round_half_up(num / den) for den > 0.
fn round_half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

/// ARO of a list of ratings, `None` when empty.
pub fn aro(ratings: &[i64]) -> Option<i64> {
    (!ratings.is_empty()).then(|| round_half_up(ratings.iter().sum(), ratings.len() as i64))
}

/// TPR = ARO + dp(p), p = score / games looked up to the nearest hundredth (half up).
pub fn tpr(ratings: &[i64], score_half: i64) -> Option<i64> {
    let n = ratings.len() as i64;
    let a = aro(ratings)?;
    // p*100 = 100*score_half / (2n), rounded half up.
    let pct = round_half_up(100 * score_half, 2 * n);
    Some(a + DP[pct.clamp(0, 100) as usize])
}

/// PTP: the smallest integer rating R with Σ PD(R − r_i) >= score; zero score: lowest
/// opponent − 800.
pub fn ptp(ratings: &[i64], score_half: i64) -> Option<i64> {
    let lo = *ratings.iter().min()?;
    let hi = *ratings.iter().max()?;
    if score_half == 0 {
        return Some(lo - 800);
    }
    let need = 50 * score_half; // hundredths of a point
    // Σ PD is non-decreasing in R and reaches 100 n (>= need) at hi + 736: binary search
    // for the smallest R that reaches `need`.
    let reaches = |r: i64| ratings.iter().map(|&ri| pd(r - ri)).sum::<i64>() >= need;
    let (mut a, mut b) = (lo - 800, hi + 736);
    while a < b {
        let m = a + (b - a) / 2;
        if reaches(m) { b = m } else { a = m + 1 }
    }
    Some(a)
}

/// Ratings of `i`'s opponents over the board, with the unrated substitution.
fn opponent_ratings(t: &Table, i: usize, code: Code) -> Result<Vec<i64>, StandingsError> {
    t.otb_games(i)
        .map(|(opp, _, _)| match (t.entrants[opp].rating, t.unrated_rating) {
            (0, Some(u)) => Ok(u as i64),
            (0, None) => Err(StandingsError::UnratedOpponent {
                code: code.to_string(),
                player: t.entrants[i].id,
                opponent: t.entrants[opp].id,
            }),
            (r, _) => Ok(r as i64),
        })
        .collect()
}

fn opt(v: Option<i64>) -> Value {
    v.map(Value::int).unwrap_or(Value::Undefined)
}

pub(crate) fn compute(t: &Table, code: Code) -> Result<Vec<Value>, StandingsError> {
    use crate::code::Kind;
    (0..t.len())
        .map(|i| {
            if code.kind == Kind::Rtng {
                let r = t.entrants[i].rating;
                return Ok(Value::int(
                    if r == 0 { t.unrated_rating.unwrap_or(0) } else { r } as i64
                ));
            }
            let mut ratings = opponent_ratings(t, i, code)?;
            let score: i64 = t.otb_games(i).map(|g| g.1 as i64).sum();
            Ok(match code.kind {
                Kind::Aro => opt(aro(&cut_ratings(&mut ratings, code.cut))),
                Kind::Tpr => opt(tpr(&ratings, score)),
                Kind::Ptp => opt(ptp(&ratings, score)),
                _ => unreachable!("rating_based::compute called for {code}"),
            })
        })
        .collect()
}

/// ARO-C1 etc.: drop the lowest (then highest) ratings. Dropping everything leaves nothing,
/// so the value becomes undefined.
fn cut_ratings(ratings: &mut [i64], cut: Cut) -> Vec<i64> {
    ratings.sort_unstable();
    let low = (cut.low as usize).min(ratings.len());
    let high = (cut.high as usize).min(ratings.len() - low);
    ratings[low..ratings.len() - high].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dp_table_is_symmetric_and_complete() {
        // FIDE-REFERENCE §1.7: dp(100 - x) = -dp(x), ±800 at the ends, 0 at 50 %.
        assert_eq!(DP[0], -800);
        assert_eq!(DP[50], 0);
        assert_eq!(DP[100], 800);
        for x in 0..=100 {
            assert_eq!(DP[100 - x], -DP[x], "x = {x}");
        }
    }

    #[test]
    fn pd_table_matches_reference_ranges() {
        // Ranges of FIDE-REFERENCE §1.7: 0-3 .50, 4-10 .51, 735 .99, >735 1.00.
        assert_eq!(pd(0), 50);
        assert_eq!(pd(3), 50);
        assert_eq!(pd(4), 51);
        assert_eq!(pd(-4), 49);
        assert_eq!(pd(735), 99);
        assert_eq!(pd(736), 100);
        assert_eq!(pd(-736), 0);
    }

    #[test]
    fn aro_rounds_half_up() {
        // (2000 + 2101) / 2 = 2050.5 -> 2051 (TBS check in FIDE-REFERENCE §1.7).
        assert_eq!(aro(&[2000, 2101]), Some(2051));
        assert_eq!(aro(&[]), None);
    }

    #[test]
    fn ptp_matches_tiebreakserver_checks() {
        // FIDE-REFERENCE §1.7: vs 2000 and 2100: 0/2 -> 1200 (lowest - 800); 1/2 -> 2047
        // (R=2047: PD(47)=.57 + PD(-53)=.43 = 1.00; R=2046: .56 + .42 = .98); 2/2 -> 2836
        // (highest + 736, the first difference with PD 1.00).
        assert_eq!(ptp(&[2000, 2100], 0), Some(1200));
        assert_eq!(ptp(&[2000, 2100], 2), Some(2047));
        assert_eq!(ptp(&[2000, 2100], 4), Some(2836));
        assert_eq!(ptp(&[], 0), None);
    }

    #[test]
    fn tpr_is_aro_plus_dp() {
        // 1/2 vs 2000, 2100: ARO 2050, p = 50 % -> dp 0 -> 2050.
        assert_eq!(tpr(&[2000, 2100], 2), Some(2050));
        // 2/2: 2050 + 800 = 2850; 0/2: 2050 - 800 = 1250.
        assert_eq!(tpr(&[2000, 2100], 4), Some(2850));
        assert_eq!(tpr(&[2000, 2100], 0), Some(1250));
        // 2/3 vs 1800, 1900, 2000: ARO 1900, p = 66.67 % -> 67 -> dp 125 -> 2025.
        assert_eq!(tpr(&[1800, 1900, 2000], 4), Some(2025));
        assert_eq!(tpr(&[], 0), None);
    }
}
