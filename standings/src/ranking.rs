//! Ranking (Art. 4 / SPEC §10): points, then the tiebreak list in order, each applied only
//! to the players still tied, then TPN.

use crate::code::{Code, Kind};
use crate::error::StandingsError;
use crate::table::Table;
use crate::value::Value;
use crate::{
    Row, Standings, buchholz, direct_encounter, koya, progressive, rating_based, sonneborn_berger,
    wins,
};
use std::cmp::Ordering;

/// Values of a tiebreak that does not depend on who is tied (everything but DE).
pub(crate) fn values(t: &Table, code: Code) -> Result<Vec<Value>, StandingsError> {
    Ok(match code.kind {
        Kind::Bh => buchholz::buchholz(t, code.cut),
        Kind::Sb => sonneborn_berger::sonneborn_berger(t, code.cut),
        Kind::Win | Kind::Won | Kind::Bpg | Kind::Bwg => wins::count(t, code.kind),
        Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Rtng => rating_based::compute(t, code)?,
        Kind::Ks => koya::koya(t),
        Kind::Ps => progressive::progressive(t, code.cut),
        Kind::Tpn => t.entrants.iter().map(|e| Value::int(e.tpn as i64)).collect(),
        Kind::De => vec![Value::int(1); t.len()],
    })
}

/// `Less` when `a` ranks higher.
fn better(code: Code, a: Value, b: Value) -> Ordering {
    match (a, b) {
        (Value::Undefined, Value::Undefined) => Ordering::Equal,
        (Value::Undefined, _) => Ordering::Greater,
        (_, Value::Undefined) => Ordering::Less,
        (Value::Exact(x), Value::Exact(y)) => {
            if code.ascending() {
                x.cmp(&y)
            } else {
                y.cmp(&x)
            }
        }
    }
}

pub(crate) fn standings(t: &Table, codes: &[Code]) -> Result<Standings, StandingsError> {
    let mut cols: Vec<Vec<Value>> =
        codes.iter().map(|&c| values(t, c)).collect::<Result<_, _>>()?;
    // Blocks of players still tied, best first.
    let mut order: Vec<usize> = (0..t.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(t.points[i]));
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match blocks.last_mut() {
            Some(b) if t.points[b[0]] == t.points[i] => b.push(i),
            _ => blocks.push(vec![i]),
        }
    }
    for (k, &code) in codes.iter().enumerate() {
        let mut next = Vec::new();
        for block in blocks {
            if code.kind == Kind::De {
                let mut place = 1;
                for sub in direct_encounter::rank(t, &block) {
                    for &i in &sub {
                        cols[k][i] = Value::int(place);
                    }
                    place += sub.len() as i64;
                    next.push(sub);
                }
                continue;
            }
            let mut b = block;
            b.sort_by(|&x, &y| better(code, cols[k][x], cols[k][y]));
            let mut cur: Vec<usize> = Vec::new();
            for i in b {
                if let Some(&f) = cur.first()
                    && better(code, cols[k][f], cols[k][i]) != Ordering::Equal
                {
                    next.push(std::mem::take(&mut cur));
                }
                cur.push(i);
            }
            next.push(cur);
        }
        blocks = next;
    }
    let rows = blocks
        .into_iter()
        .flat_map(|mut b| {
            b.sort_by_key(|&i| t.entrants[i].tpn);
            b
        })
        .enumerate()
        .map(|(pos, i)| {
            let e = &t.entrants[i];
            Row {
                rank: pos as u32 + 1,
                id: e.id,
                name: e.name.clone(),
                tpn: e.tpn,
                rating: e.rating,
                points: t.points[i],
                wnt: t.wnt(i),
                tiebreaks: cols.iter().map(|c| c[i]).collect(),
            }
        })
        .collect();
    Ok(Standings { round: t.rounds, codes: codes.to_vec(), rows })
}
