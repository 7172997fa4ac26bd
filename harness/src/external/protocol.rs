//! The pairing-engine convention of JaVaFo and bbpPairings, as `bsw` speaks and reads it.
//!
//! ```text
//! ENGINE [--dutch|...] INPUT.trf -p OUTPUT      # pair the next round of INPUT.trf
//! ```
//!
//! OUTPUT: the first line is the number of lines that follow (games *and* byes), then one
//! `white black` line per board in board order, a bye written `id 0`. Several byes (Berger
//! byes and the Swiss bye of a Berger-Swiss round) are each an `id 0` line. Requested absences
//! are not written (they were in the input). Exit 0 on success, 1 when no valid pairing
//! exists, other codes for errors.
//!
//! Reading ([`read_output`]) numbers the boards in the order written and appends the
//! requested absences of the round the way SPEC §8.5 orders them (by TPN); it refuses, with
//! one message naming the line, anything that is not a pairing of exactly the players due in
//! the round: garbage, a count that does not match the lines, unknown ids, a player twice, a
//! withdrawn or absent player paired, an active player missing without a bye.
//!
//! Writing the engine's input ([`engine_input`]) is the TRF-2026 export of the model, plus
//! what engines of the convention need to know about the round being paired: every player
//! withdrawn before it gets `0000 - Z` in its column (a blank cell would ask for a pairing),
//! and in the generic profile `XXC white1` (the initial colour for round 1); a Baku
//! acceleration is written as its `XXA` records.

use crate::generator::tpn_order;
use bsw_model::{Entry, Id, Row, Tournament};
use std::collections::HashMap;

/// Why an engine's output is not a pairing of the round (the `bad output` failure kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// 1-based line of the output at fault (`None`: the file as a whole).
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "output line {l}: {}", self.message),
            None => write!(f, "output: {}", self.message),
        }
    }
}

fn perr(line: Option<usize>, message: impl Into<String>) -> ProtocolError {
    ProtocolError { line, message: message.into() }
}

/// The output file for the rows of one round (in board order): games as `white black`, `bye`
/// rows as `id 0`; the arbiter's entries (`half-bye`, `zero-bye`, `full-bye`) are left out.
pub fn write_output(rows: &[Row]) -> String {
    let lines: Vec<String> = rows
        .iter()
        .filter_map(|row| match row.entry {
            Entry::Game { white, black, .. } => Some(format!("{white} {black}")),
            Entry::Bye(p) => Some(format!("{p} 0")),
            Entry::HalfBye(_) | Entry::ZeroBye(_) | Entry::FullBye(_) => None,
        })
        .collect();
    let mut s = format!("{}\n", lines.len());
    for l in lines {
        s.push_str(&l);
        s.push('\n');
    }
    s
}

/// `rows` with every id replaced by its start number (`ids[k - 1]` is the id of start number
/// k, as `bsw_model::trf::start_numbers` gives them); ids not in `ids` are kept.
pub fn renumber_rows(rows: &[Row], ids: &[Id]) -> Vec<Row> {
    let number: HashMap<Id, Id> =
        ids.iter().enumerate().map(|(k, &id)| (id, k as Id + 1)).collect();
    let n = |id: Id| number.get(&id).copied().unwrap_or(id);
    rows.iter().map(|row| Row { entry: row.entry.map_ids(n), ..*row }).collect()
}

/// What a player is in round `r` of `t` (before the round is paired).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Due {
    /// To be paired (a game or a bye).
    Pair,
    /// Withdrawn: no row.
    Withdrawn,
    /// Requested absence: the reader writes the row.
    HalfAbsent,
    ZeroAbsent,
}

fn due(p: &bsw_model::Player, r: u32) -> Due {
    if p.withdrawn_by(r) {
        Due::Withdrawn
    } else if p.half_byes.contains(&r) {
        Due::HalfAbsent
    } else if p.zero_absence(r) {
        Due::ZeroAbsent
    } else {
        Due::Pair
    }
}

/// Whether nobody is to be paired in round `r` of `t` (every player withdrawn or absent).
pub fn nobody_to_pair(t: &Tournament, r: u32) -> bool {
    t.players.iter().all(|p| due(p, r) != Due::Pair)
}

/// Reads an engine's output for round `r` of `t` (the tournament as handed to the engine:
/// rounds before `r`, withdrawals and the absences requested for `r`). Returns the rows of
/// round `r`: boards in the order written, then the requested absences by TPN.
pub fn read_output(text: &str, t: &Tournament, r: u32) -> Result<Vec<Row>, ProtocolError> {
    read_output_numbered(text, t, r, None)
}

/// [`read_output`] for an input written with other start numbers than the ids
/// (`bsw_model::trf::start_numbers`: start number k is `ids[k - 1]`): the output's numbers
/// are start numbers, the rows returned hold ids.
pub fn read_output_numbered(
    text: &str,
    t: &Tournament,
    r: u32,
    ids: Option<&[Id]>,
) -> Result<Vec<Row>, ProtocolError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let Some(&(count_line, count_text)) = lines.first() else {
        return Err(perr(None, "empty (expected the number of pairs on the first line)"));
    };
    let count: usize = count_text.parse().map_err(|_| {
        perr(
            Some(count_line),
            format!("`{}` is not the number of lines that follow", shorten(count_text)),
        )
    })?;
    if lines.len() - 1 != count {
        return Err(perr(
            Some(count_line),
            format!("announces {count} lines but {} follow", lines.len() - 1),
        ));
    }
    let by_id: HashMap<Id, &bsw_model::Player> = t.players.iter().map(|p| (p.id, p)).collect();
    let mut seen: HashMap<Id, usize> = HashMap::new();
    let mut rows = Vec::with_capacity(count + 4);
    for &(n, l) in &lines[1..] {
        let mut it = l.split_whitespace();
        let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
            return Err(perr(
                Some(n),
                format!("`{}` is not two player numbers `white black`", shorten(l)),
            ));
        };
        let num = |s: &str| {
            s.parse::<Id>()
                .map_err(|_| perr(Some(n), format!("`{}` is not a player number", shorten(s))))
        };
        let (a, b) = (num(a)?, num(b)?);
        // Start numbers → ids (0, the bye, stays; an unknown number is reported as it is).
        let id_of = |x: Id| match ids {
            Some(ids) if x != 0 => ids.get(x as usize - 1).copied().unwrap_or(Id::MAX),
            _ => x,
        };
        if ids.is_some() && [a, b].iter().any(|&x| x != 0 && id_of(x) == Id::MAX) {
            let bad = if id_of(a) == Id::MAX { a } else { b };
            return Err(perr(Some(n), format!("start number {bad} is not in the input")));
        }
        let (a, b) = (id_of(a), id_of(b));
        if a == 0 {
            return Err(perr(Some(n), "the first number is 0 (a bye is written `id 0`)"));
        }
        if a == b {
            return Err(perr(Some(n), format!("player {a} is paired against themselves")));
        }
        for id in [a, b].into_iter().filter(|&id| id != 0) {
            let Some(p) = by_id.get(&id) else {
                return Err(perr(Some(n), format!("player {id} is not in the input")));
            };
            match due(p, r) {
                Due::Pair => {}
                Due::Withdrawn => {
                    return Err(perr(
                        Some(n),
                        format!("player {id} has withdrawn and must not be paired in round {r}"),
                    ));
                }
                Due::HalfAbsent | Due::ZeroAbsent => {
                    return Err(perr(
                        Some(n),
                        format!(
                            "player {id} asked to be absent in round {r} (0000 - H/Z in the input) and must not be paired"
                        ),
                    ));
                }
            }
            if let Some(first) = seen.insert(id, n) {
                return Err(perr(
                    Some(n),
                    format!("player {id} appears twice (also on line {first})"),
                ));
            }
        }
        let entry =
            if b == 0 { Entry::Bye(a) } else { Entry::Game { white: a, black: b, result: None } };
        rows.push(Row { round: r, board: rows.len() as u32 + 1, entry });
    }
    let missing: Vec<Id> = t
        .players
        .iter()
        .filter(|p| due(p, r) == Due::Pair && !seen.contains_key(&p.id))
        .map(|p| p.id)
        .collect();
    if !missing.is_empty() {
        return Err(perr(
            None,
            format!("player(s) {} neither paired nor given a bye in round {r}", list(&missing)),
        ));
    }
    for i in tpn_order(&t.players) {
        let p = &t.players[i];
        let entry = match due(p, r) {
            Due::HalfAbsent => Entry::HalfBye(p.id),
            Due::ZeroAbsent => Entry::ZeroBye(p.id),
            _ => continue,
        };
        rows.push(Row { round: r, board: rows.len() as u32 + 1, entry });
    }
    Ok(rows)
}

fn list(ids: &[Id]) -> String {
    let mut s: Vec<String> = ids.iter().take(10).map(|i| i.to_string()).collect();
    if ids.len() > 10 {
        s.push(format!("and {} more", ids.len() - 10));
    }
    s.join(", ")
}

fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out.escape_debug().to_string()
}

/// The TRF handed to an engine to pair round `r` of `t` (rounds before `r` with results,
/// withdrawals, the absences requested for `r`). See the module docs.
pub fn engine_input(t: &Tournament, r: u32, initial_colour: bool) -> Result<String, String> {
    bsw_model::trf::exportable(t).map_err(|e| e.to_string())?;
    // Baku acceleration goes out as its `XXA` records (the engine's reading of a Baku
    // tournament type may differ from C.04.5.1: bbpPairings puts ⌈n/2⌉ players in GA).
    let text = if t.config.acceleration == bsw_model::Acceleration::Baku {
        let mut x = t.clone();
        x.config.acceleration = bsw_engine::dutch::acceleration::as_explicit(t);
        bsw_model::trf::export(&x)
    } else {
        bsw_model::trf::export(t)
    };
    let withdrawn: std::collections::HashSet<Id> =
        t.players.iter().filter(|p| p.withdrawn_by(r)).map(|p| p.id).collect();
    // Column of round r's cell (0-based): 92 + 10 (r - 1), 1-based.
    let at = 91 + 10 * (r as usize - 1);
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.lines() {
        if line.starts_with("001") && !withdrawn.is_empty() {
            let id = line.get(4..8).and_then(|s| s.trim().parse::<Id>().ok()).unwrap_or(0);
            let len = line.chars().count();
            if withdrawn.contains(&id) && len <= at {
                out.push_str(line);
                out.extend(std::iter::repeat_n(' ', at - len));
                out.push_str("0000 - Z\n");
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    if initial_colour {
        out.push_str("XXC white1\n");
    }
    Ok(out)
}
