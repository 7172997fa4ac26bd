//! Direct encounter (Art. 6) among any number of tied players, recursively
//! (FIDE-REFERENCE §1.6).
//!
//! Mini-table: the games among the tied players only; Swiss tables count games over the
//! board (6.1.1, forfeits excluded), round-robin tables count forfeits as games (15.2). Two
//! players who met more than once each use the average of their scores in those games (6.1.2).
//!
//! - All met each other (6.2): rank by mini-table score; each still-tied sub-group is ranked
//!   again on its own (new mini-table), until nothing changes.
//! - Not all met (6.3): a player is ranked next only if he would be alone on top whatever the
//!   results of the missing games: his mini-table score exceeds every other unranked
//!   player's maximum (score + win points per tied player not met). Repeat for the next place
//!   while it works; then Art. 6 is applied again to the players left unranked.
//! - Otherwise the players stay tied.
//!
//! The value of DE is the place within the group of players it was applied to (1 = first;
//! players left tied share the best of their places). Lower is better.

use crate::table::Table;
use crate::value::Ratio;

/// Orders the tied players `group` (table indices) into successive sub-groups that DE cannot
/// separate further. Every sub-group ranks above the next.
pub(crate) fn rank(t: &Table, group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    let n = group.len();
    // sum[a][b], cnt[a][b]: a's points (half) against b, number of meetings.
    let pos = |i: usize| group.iter().position(|&g| g == i);
    let mut sum = vec![vec![0i64; n]; n];
    let mut cnt = vec![vec![0i64; n]; n];
    for (a, &i) in group.iter().enumerate() {
        for (opp, pts, _) in t.counted_games(i) {
            if let Some(b) = pos(opp) {
                sum[a][b] += pts as i64;
                cnt[a][b] += 1;
            }
        }
    }
    let mut val = vec![Ratio::int(0); n];
    let mut unmet = vec![0i64; n];
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            if cnt[a][b] > 0 {
                val[a] = val[a] + Ratio::new(sum[a][b], cnt[a][b]);
            } else {
                unmet[a] += 1;
            }
        }
    }
    let all_met = unmet.iter().all(|&u| u == 0);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| val[b].cmp(&val[a]).then(a.cmp(&b)));

    if all_met {
        // 6.2: blocks of equal mini-table score.
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        for &a in &order {
            match blocks.last_mut() {
                Some(bl) if val[bl[0]] == val[a] => bl.push(a),
                _ => blocks.push(vec![a]),
            }
        }
        if blocks.len() == 1 {
            return vec![group.to_vec()];
        }
        return blocks
            .into_iter()
            .flat_map(|bl| rank(t, &bl.iter().map(|&a| group[a]).collect::<Vec<_>>()))
            .collect();
    }

    // 6.3: take leaders while one is alone on top whatever the missing results.
    let max = |a: usize| val[a] + Ratio::int(2 * unmet[a]);
    let mut left: Vec<usize> = order;
    let mut ranked: Vec<Vec<usize>> = Vec::new();
    while left.len() > 1 {
        let lead = left[0];
        if left[1..].iter().all(|&o| val[lead] > max(o)) {
            ranked.push(vec![group[lead]]);
            left.remove(0);
        } else {
            break;
        }
    }
    if ranked.is_empty() {
        return vec![group.to_vec()];
    }
    let rest: Vec<usize> = left.iter().map(|&a| group[a]).collect();
    ranked.extend(rank(t, &rest));
    ranked
}
