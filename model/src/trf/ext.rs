//! The berger-swiss extension records (`BS?` codes): what a tournament directory holds that
//! the standard TRF records cannot. Documented with syntax and examples in
//! `docs/trf-extensions.md`; the codes collide neither with JaVaFo's `XX?` nor with
//! bbpPairings' `BB?` codes, and programs that do not know them ignore them.
//!
//! | code | syntax | meaning |
//! |---|---|---|
//! | `BSV` | `BSV 1` | version; the file carries a berger-swiss configuration |
//! | `BSN` | `BSN text` | full tournament name (escaped) |
//! | `BSR` | `BSR n` | `rounds` of `tournament.toml` (absent: not set) |
//! | `BSS` | `BSS n` | `seed` of the draw |
//! | `BSG` | `BSG k1 k2 …` | Berger group sizes |
//! | `BSX` | `BSX a b` | one swap, in order |
//! | `BST` | `BST code` | one tiebreak code, in order (an empty list: `BST` alone) |
//! | `BSP` | `BSP id key value` | a player field the `001` record cannot hold exactly |
//! | `BSB` | `BSB r id=board …` | board numbers of round r, keyed by White / the bye's player |
//! | `BSY` | `BSY k` | the last k kept header records (`092`, `XXC`, `BBU`) were written from the system settings |
//! | `BSI` | `BSI id1 id2 …` | the player id of each start number (a Dutch event renumbered by pairing number) |
//! | `BSF` | `BSF r id1 id2 …` | the `0000 - F` cells of round r that are the arbiter's full-point byes, not Berger byes (an event that does not declare the Dutch system) |
//!
//! Text values are escaped: `\\` for a backslash, `\n`, `\r`, `\t`, and `\s` for a space at
//! the start or end of the value.

use super::cells::digits;
use crate::{Id, InputError, Player};
use std::collections::HashMap;

/// The version written and read.
pub(super) const VERSION: u32 = 1;

/// Extension records read from a file, each with its line.
#[derive(Default)]
pub(super) struct Ext {
    pub version_line: Option<usize>,
    pub name: Option<String>,
    pub rounds: Option<(u32, usize)>,
    pub seed: u64,
    pub groups: Vec<(u32, usize)>,
    pub swaps: Vec<(Id, Id, usize)>,
    pub tiebreaks: Option<Vec<String>>,
    /// (id, key, value, line) in file order.
    pub fields: Vec<(Id, String, String, usize)>,
    /// round → (line, [(id, board)]).
    pub boards: HashMap<u32, (usize, Vec<(Id, u32)>)>,
    /// `BSY k`: the last k kept header records were written from the system settings of
    /// `tournament.toml` (not kept header records); (k, line).
    pub system_lines: Option<(usize, usize)>,
    /// `BSI id…`: the player id of each start number, in start-number order; (ids, line).
    pub ids: Option<(Vec<Id>, usize)>,
    /// `BSF r id…`: (round, player) of each `F` cell that is the arbiter's full-point bye.
    pub full_byes: std::collections::HashSet<(u32, Id)>,
    /// Lines of all extension records, for the "without BSV" error.
    pub first_line: Option<usize>,
}

pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let n = s.chars().count();
    for (i, c) in s.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' ' if i == 0 || i + 1 == n => out.push_str("\\s"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('s') => out.push(' '),
            Some(o) => return Err(format!("unknown escape `\\{o}`")),
            None => return Err("a lone `\\` at the end".into()),
        }
    }
    Ok(out)
}

impl Ext {
    /// Reads one `BS?` line (`chars` is the whole line).
    pub(super) fn read(&mut self, file: &str, n: usize, line: &str) -> Result<(), InputError> {
        let code: String = line.chars().take(3).collect();
        let rest: String = line.chars().skip(4).collect();
        let width = line.chars().count().max(5);
        let err = |msg: String| {
            InputError::new(file, Some(n), Some(&code), format!("{msg} (columns 5-{width})"))
        };
        self.first_line.get_or_insert(n);
        let num = |s: &str, what: &str| -> Result<u64, InputError> {
            s.parse::<u64>()
                .ok()
                .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| err(format!("`{s}` is not {what}")))
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        match code.as_str() {
            "BSV" => {
                let v = num(words.first().copied().unwrap_or(""), "a version number")?;
                if v != VERSION as u64 {
                    return Err(err(format!(
                        "version {v} of the berger-swiss records is not known (this program reads version {VERSION})"
                    )));
                }
                self.version_line = Some(n);
            }
            "BSN" => self.name = Some(unescape(rest.trim_end_matches(' ')).map_err(err)?),
            "BSR" => {
                let r = num(words.first().copied().unwrap_or(""), "a number of rounds")?;
                if r < 1 || r > u32::MAX as u64 {
                    return Err(err(format!("{r} is not a valid number of rounds")));
                }
                self.rounds = Some((r as u32, n));
            }
            "BSS" => {
                let s = num(words.first().copied().unwrap_or(""), "a seed")?;
                if s > i64::MAX as u64 {
                    return Err(err(format!("{s}: the seed is an integer from 0 to 2^63-1")));
                }
                self.seed = s;
            }
            "BSG" => {
                for w in &words {
                    let k = num(w, "a group size")?;
                    if !(3..=u32::MAX as u64).contains(&k) {
                        return Err(err(format!(
                            "a group of {k} players; a Berger group needs at least 3"
                        )));
                    }
                    self.groups.push((k as u32, n));
                }
            }
            "BSX" => {
                if words.len() != 2 {
                    return Err(err("a swap is two player ids: `BSX a b`".into()));
                }
                let a = num(words[0], "a player id")?;
                let b = num(words[1], "a player id")?;
                if a == 0 || b == 0 || a > u32::MAX as u64 || b > u32::MAX as u64 {
                    return Err(err("a swap names two player ids".into()));
                }
                self.swaps.push((a as Id, b as Id, n));
            }
            "BST" => {
                let list = self.tiebreaks.get_or_insert_with(Vec::new);
                let code = unescape(rest.trim_end_matches(' ')).map_err(err)?;
                if !code.is_empty() {
                    list.push(code);
                }
            }
            "BSP" => {
                let body = rest.trim_start();
                let (id, after) = body.split_once(' ').unwrap_or((body, ""));
                let (key, value) = after.split_once(' ').unwrap_or((after, ""));
                let id = digits(id)
                    .filter(|&i| i > 0)
                    .ok_or_else(|| err(format!("`{id}` is not a player id")))?;
                let key = key.to_string();
                let value = unescape(value.trim_end_matches(' ')).map_err(err)?;
                if !PLAYER_KEYS.contains(&key.as_str()) {
                    return Err(err(format!(
                        "unknown player field `{key}` (known: {})",
                        PLAYER_KEYS.join(", ")
                    )));
                }
                self.fields.push((id, key, value, n));
            }
            "BSB" => {
                let r = num(words.first().copied().unwrap_or(""), "a round number")?;
                if r < 1 || r > u32::MAX as u64 {
                    return Err(err(format!("{r} is not a round number")));
                }
                let mut list = Vec::new();
                for w in &words[1..] {
                    let (id, board) =
                        w.split_once('=').ok_or_else(|| err(format!("`{w}` is not `id=board`")))?;
                    let id = digits(id)
                        .filter(|&i| i > 0)
                        .ok_or_else(|| err(format!("`{id}` is not a player id")))?;
                    let board = digits(board)
                        .filter(|&b| b > 0)
                        .ok_or_else(|| err(format!("`{board}` is not a board number")))?;
                    list.push((id, board));
                }
                if self.boards.insert(r as u32, (n, list)).is_some() {
                    return Err(err(format!("a second BSB record for round {r}")));
                }
            }
            "BSY" => {
                let k = num(words.first().copied().unwrap_or(""), "a number of records")?;
                self.system_lines = Some((k as usize, n));
            }
            "BSF" => {
                let r = num(words.first().copied().unwrap_or(""), "a round number")?;
                if r < 1 || r > u32::MAX as u64 {
                    return Err(err(format!("{r} is not a round number")));
                }
                for w in &words[1..] {
                    let id = num(w, "a player id")?;
                    if id == 0 || id > u32::MAX as u64 {
                        return Err(err(format!("`{w}` is not a player id")));
                    }
                    self.full_byes.insert((r as u32, id as Id));
                }
            }
            "BSI" => {
                let mut ids = Vec::with_capacity(words.len());
                for w in &words {
                    let id = num(w, "a player id")?;
                    if id == 0 || id > u32::MAX as u64 {
                        return Err(err(format!("`{w}` is not a player id")));
                    }
                    ids.push(id as Id);
                }
                if self.ids.replace((ids, n)).is_some() {
                    return Err(err("a second BSI record".into()));
                }
            }
            _ => {
                return Err(err(format!(
                    "unknown berger-swiss record `{code}` (known: BSV BSN BSR BSS BSG BSX BST BSP BSB BSY BSI BSF)"
                )));
            }
        }
        Ok(())
    }

    /// Applies the `BSP` fields to the players. `dutch`: the file declares the FIDE (Dutch)
    /// system, the only one with late entries (`enters`).
    pub(super) fn apply_players(
        &self,
        file: &str,
        players: &mut [Player],
        index: &HashMap<Id, usize>,
        dutch: bool,
    ) -> Result<(), InputError> {
        for (id, key, value, n) in &self.fields {
            let err = |msg: String| {
                InputError::new(file, Some(*n), Some("BSP"), format!("{msg} (columns 5 onwards)"))
            };
            let &k = index.get(id).ok_or_else(|| err(format!("player {id} has no 001 record")))?;
            let p = &mut players[k];
            let rounds = |v: &str| -> Result<Vec<u32>, InputError> {
                v.split_whitespace()
                    .map(|w| {
                        digits(w)
                            .filter(|&r| r >= 1)
                            .ok_or_else(|| err(format!("`{w}` is not a round number")))
                    })
                    .collect()
            };
            match key.as_str() {
                "name" => p.name = value.clone(),
                "sex" => p.sex = value.clone(),
                "title" => p.title = value.clone(),
                "federation" => p.federation = value.clone(),
                "fide_id" => p.fide_id = value.clone(),
                "birth_date" => p.birth_date = value.clone(),
                "enters" if !dutch => {
                    return Err(err(
                        "enters: late entries are for FIDE (Dutch) events; the Berger-Swiss field is fixed before round 1 (SPEC §1)".into(),
                    ));
                }
                "enters" => {
                    p.enters = Some(
                        digits(value)
                            .filter(|&r| r >= 1)
                            .ok_or_else(|| err(format!("`{value}` is not a round number")))?,
                    )
                }
                "withdrawn_from" => {
                    p.withdrawn_from = Some(
                        digits(value)
                            .filter(|&r| r >= 1)
                            .ok_or_else(|| err(format!("`{value}` is not a round number")))?,
                    )
                }
                "half_byes" => p.half_byes = rounds(value)?,
                _ => p.zero_byes = rounds(value)?,
            }
        }
        Ok(())
    }
}

/// Player fields a `BSP` record may carry.
pub(super) const PLAYER_KEYS: [&str; 10] = [
    "name",
    "sex",
    "title",
    "federation",
    "fide_id",
    "birth_date",
    "enters",
    "withdrawn_from",
    "half_byes",
    "zero_byes",
];

/// The `BSP` lines of one player: every field `back` (the player as its `001` record reads
/// back) does not hold exactly, plus late entry, withdrawal and requested absences.
pub(super) fn player_lines(p: &Player, back: &Player, out: &mut String) {
    let mut put = |key: &str, value: &str| {
        out.push_str(&format!("BSP {:>4} {key} {}\n", p.id, escape(value)));
    };
    for (key, mine, theirs) in [
        ("name", &p.name, &back.name),
        ("sex", &p.sex, &back.sex),
        ("title", &p.title, &back.title),
        ("federation", &p.federation, &back.federation),
        ("fide_id", &p.fide_id, &back.fide_id),
        ("birth_date", &p.birth_date, &back.birth_date),
    ] {
        if mine != theirs {
            put(key, mine);
        }
    }
    if let Some(k) = p.enters {
        put("enters", &k.to_string());
    }
    if let Some(w) = p.withdrawn_from {
        put("withdrawn_from", &w.to_string());
    }
    let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    if !p.half_byes.is_empty() {
        put("half_byes", &join(&p.half_byes));
    }
    if !p.zero_byes.is_empty() {
        put("zero_byes", &join(&p.zero_byes));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_round_trip() {
        for s in ["plain", " lead", "trail ", "a\\b\nc\rd\te", "", " "] {
            assert_eq!(unescape(&escape(s)).unwrap(), s, "{s:?}");
        }
        assert_eq!(escape(" a b "), "\\sa b\\s");
        assert!(unescape("bad\\q").is_err());
    }
}
