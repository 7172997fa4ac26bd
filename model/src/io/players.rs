//! `players.csv`: reading and writing.

use super::lexer::{Csv, csv_field, parse_u32};
use crate::{Id, InputError, Player, Tournament};
use std::collections::HashMap;

/// Optional columns of `players.csv`, in the order [`players_csv`] writes them.
pub(super) const PLAYER_OPTIONAL: [&str; 9] = [
    "enters",
    "withdrawn_from",
    "half_byes",
    "zero_byes",
    "title",
    "sex",
    "federation",
    "fide_id",
    "birth_date",
];

/// `players.csv` text: `id,name,rating`, then those optional columns (fixed order enters,
/// withdrawn_from, half_byes, zero_byes, title, sex, federation, fide_id, birth_date) that at
/// least one player uses. LF line endings, trailing newline.
pub fn players_csv(t: &Tournament) -> String {
    let values = |p: &Player, col: &str| -> String {
        match col {
            "enters" => p.enters.map(|k| k.to_string()).unwrap_or_default(),
            "withdrawn_from" => p.withdrawn_from.map(|w| w.to_string()).unwrap_or_default(),
            "half_byes" => join_rounds(&p.half_byes),
            "zero_byes" => join_rounds(&p.zero_byes),
            "title" => p.title.clone(),
            "sex" => p.sex.clone(),
            "federation" => p.federation.clone(),
            "fide_id" => p.fide_id.clone(),
            "birth_date" => p.birth_date.clone(),
            _ => String::new(),
        }
    };
    let used: Vec<&str> = PLAYER_OPTIONAL
        .into_iter()
        .filter(|col| t.players.iter().any(|p| !values(p, col).is_empty()))
        .collect();
    let mut s = String::from("id,name,rating");
    for col in &used {
        s.push(',');
        s += col;
    }
    s.push('\n');
    for p in &t.players {
        s += &format!("{},{},{}", p.id, csv_field(&p.name), p.rating);
        for col in &used {
            s.push(',');
            s += &csv_field(&values(p, col));
        }
        s.push('\n');
    }
    s
}

fn join_rounds(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}
// ---------------------------------------------------------------------------------------------
// players.csv

/// `dutch`: the tournament declares the FIDE (Dutch) system, the only one with late entries
/// (`enters`); SPEC §1 fixes the Berger-Swiss field in round 1.
pub(super) fn parse_players(
    file: &str,
    text: &str,
    dutch: bool,
) -> Result<(Vec<Player>, HashMap<Id, usize>), InputError> {
    let csv = Csv::parse(file, text, &["id", "name", "rating"], &PLAYER_OPTIONAL)?;
    let mut players = Vec::with_capacity(csv.lines.len());
    let mut seen: HashMap<Id, usize> = HashMap::new();
    for &(n, line) in &csv.lines {
        let rec = &csv.record(n, line)?;
        let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
        let get = |col: &str| csv.get(rec, col).unwrap_or("");
        let id_s = get("id");
        let id = parse_u32(id_s)
            .filter(|&i| i > 0)
            .ok_or_else(|| err("id", format!("`{id_s}` is not a positive integer")))?;
        if let Some(prev) = seen.insert(id, n) {
            return Err(err("id", format!("duplicate id {id} (already on line {prev})")));
        }
        let name = get("name").to_string();
        if name.is_empty() {
            return Err(err("name", "empty".into()));
        }
        let rating_s = get("rating");
        let rating = if rating_s.is_empty() {
            0
        } else {
            parse_u32(rating_s).ok_or_else(|| {
                err("rating", format!("`{rating_s}` is not a non-negative integer"))
            })?
        };
        let w = get("withdrawn_from");
        let withdrawn_from = if w.is_empty() {
            None
        } else {
            let v = parse_u32(w)
                .ok_or_else(|| err("withdrawn_from", format!("`{w}` is not a round number")))?;
            if v < 1 {
                return Err(err("withdrawn_from", format!("{v}: rounds are numbered from 1")));
            }
            Some(v)
        };
        let e = get("enters");
        let enters = if e.is_empty() {
            None
        } else {
            let k = parse_u32(e)
                .filter(|&k| k >= 1)
                .ok_or_else(|| err("enters", format!("`{e}` is not a round number (1, 2, …)")))?;
            if !dutch {
                return Err(err(
                    "enters",
                    "late entries are for FIDE (Dutch) events (`system = \"dutch\"` in tournament.toml); the Berger-Swiss field is fixed before round 1 (SPEC §1)".into(),
                ));
            }
            if let Some(w) = withdrawn_from.filter(|&w| w <= k) {
                return Err(err(
                    "enters",
                    format!(
                        "the player enters in round {k} but withdraws from round {w}; withdrawn_from must come later"
                    ),
                ));
            }
            Some(k)
        };
        let rounds_list = |col: &str| -> Result<Vec<u32>, InputError> {
            let mut v = Vec::new();
            for tok in get(col).split_whitespace() {
                let r = parse_u32(tok)
                    .filter(|&r| r >= 1)
                    .ok_or_else(|| err(col, format!("`{tok}` is not a round number (1, 2, …)")))?;
                if v.contains(&r) {
                    return Err(err(col, format!("round {r} listed twice")));
                }
                v.push(r);
            }
            v.sort_unstable();
            Ok(v)
        };
        let half_byes = rounds_list("half_byes")?;
        let zero_byes = rounds_list("zero_byes")?;
        if let Some(r) = zero_byes.iter().find(|r| half_byes.contains(r)) {
            return Err(err(
                "zero_byes",
                format!(
                    "round {r} is also in half_byes; a requested absence is either half or zero"
                ),
            ));
        }
        players.push(Player {
            id,
            name,
            rating,
            enters,
            withdrawn_from,
            half_byes,
            zero_byes,
            title: get("title").to_string(),
            sex: get("sex").to_string(),
            federation: get("federation").to_string(),
            fide_id: get("fide_id").to_string(),
            birth_date: get("birth_date").to_string(),
        });
    }
    Ok((players, seen))
}
