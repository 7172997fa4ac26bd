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
use std::collections::HashMap;

/// Orders the tied players `group` (table indices) into successive sub-groups that DE cannot
/// separate further. Every sub-group ranks above the next.
pub(crate) fn rank(t: &Table, group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    let n = group.len();
    let pos: HashMap<usize, usize> = group.iter().enumerate().map(|(a, &i)| (i, a)).collect();
    // Mini-table, sparse: per member, (points in half-points, meetings) per tied opponent met.
    let mut val = vec![Ratio::int(0); n];
    let mut unmet = vec![0i64; n];
    for (a, &i) in group.iter().enumerate() {
        let mut met: HashMap<usize, (i64, i64)> = HashMap::new();
        for (opp, pts, _) in t.counted_games(i) {
            if let Some(&b) = pos.get(&opp) {
                let e = met.entry(b).or_insert((0, 0));
                e.0 += pts as i64;
                e.1 += 1;
            }
        }
        // 6.1.2: the average of the scores when two players met more than once.
        val[a] = met.values().fold(Ratio::int(0), |acc, &(sum, cnt)| acc + Ratio::new(sum, cnt));
        unmet[a] = (n - 1 - met.len()) as i64;
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

    // 6.3: take leaders while one is alone on top whatever the missing results: his score
    // must exceed the maximum (score + a win per tied player not met) of every other
    // unplaced player. Leaders leave from the front of `order`, so the others are always a
    // suffix of it.
    let max = |a: usize| val[a] + Ratio::int(2 * unmet[a]);
    let mut suffix_max: Vec<Option<Ratio>> = vec![None; n + 1];
    for k in (0..n).rev() {
        let m = max(order[k]);
        suffix_max[k] = Some(suffix_max[k + 1].map_or(m, |x| x.max(m)));
    }
    let mut first = 0;
    while first + 1 < n && suffix_max[first + 1].is_some_and(|m| val[order[first]] > m) {
        first += 1;
    }
    if first == 0 {
        return vec![group.to_vec()];
    }
    let mut ranked: Vec<Vec<usize>> = order[..first].iter().map(|&a| vec![group[a]]).collect();
    let rest: Vec<usize> = order[first..].iter().map(|&a| group[a]).collect();
    ranked.extend(rank(t, &rest));
    ranked
}
