//! Koya system (Art. 9.2): points scored against the participants who finished with at least
//! 50 % of the maximum possible score.
//!
//! Maximum possible score = win points × G. Round-robin tables: G = the most games any member
//! has in the table (k−1 in a complete group of k, odd or even: the bye round is not a game,
//! FIDE-REFERENCE §1.8). Swiss tables: G = the rounds counted. Points counted: every game
//! result against such a participant, forfeits included (the points were scored against
//! them; KS is neither Type B nor rating-based, and Art. 16 covers only BH/SB). This is
//! also what TieBreakServer does (checked on its many-unplayed-rounds fixture).

use crate::Format;
use crate::table::Table;
use crate::value::{Ratio, Value};

pub(crate) fn koya(t: &Table) -> Vec<Value> {
    let g = match t.format {
        Format::Swiss => t.rounds as i64,
        Format::RoundRobin => {
            (0..t.len()).map(|i| t.counted_games(i).count() as i64).max().unwrap_or(0)
        }
    };
    // score >= 50 % of 2G half-points  <=>  score >= G.
    let qualifies: Vec<bool> = t.points.iter().map(|&p| p as i64 >= g).collect();
    (0..t.len())
        .map(|i| {
            let s: i64 = t
                .all_games(i)
                .filter(|&(opp, _, _)| qualifies[opp])
                .map(|(_, pts, _)| pts as i64)
                .sum();
            Value::Exact(Ratio::halves(s))
        })
        .collect()
}
