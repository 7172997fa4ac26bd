//! `rounds.csv`: reading and writing.

use super::lexer::{Csv, parse_u32};
use crate::{Entry, Id, InputError, Outcome, Row, Tournament};
use std::collections::{BTreeSet, HashMap};

/// Header of `rounds.csv` as written.
pub const ROUNDS_HEADER: &str = "round,board,white,black,result";

/// `rounds.csv` text: header, then the rows in model order. LF line endings.
pub fn rounds_csv(t: &Tournament) -> String {
    rows_csv(&t.rows)
}

/// `rows` as `rounds.csv` text (header first), in the given order: what `bsw pair` prints.
pub fn rows_csv(rows: &[Row]) -> String {
    let mut s = String::from(ROUNDS_HEADER);
    s.push('\n');
    for row in rows {
        let (white, black) = match row.entry {
            Entry::Game { white, black, .. } => (white, black.to_string()),
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                (p, String::new())
            }
        };
        s += &format!(
            "{},{},{},{},{}\n",
            row.round,
            row.board,
            white,
            black,
            row.entry.result_code()
        );
    }
    s
}

pub(super) fn parse_rounds(
    file: &str,
    text: &str,
    ids: &HashMap<Id, usize>,
    max_round: Option<u32>,
    dutch: bool,
) -> Result<Vec<Row>, InputError> {
    let csv = Csv::parse(file, text, &["round", "board", "white", "black", "result"], &[])?;
    let mut rows: Vec<(usize, Row)> = Vec::with_capacity(csv.lines.len());
    let mut boards: HashMap<(u32, u32), usize> = HashMap::new();
    let mut busy: HashMap<(u32, Id), usize> = HashMap::new();
    for &(n, line) in &csv.lines {
        let rec = &csv.record(n, line)?;
        let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
        let get = |col: &str| csv.get(rec, col).unwrap_or("");
        let num = |col: &str| -> Result<u32, InputError> {
            let s = get(col);
            parse_u32(s)
                .filter(|&v| v > 0)
                .ok_or_else(|| err(col, format!("`{s}` is not a positive integer")))
        };
        let round = num("round")?;
        if let Some(r) = max_round
            && round > r
        {
            return Err(err(
                "round",
                format!("round {round} is beyond the {r} rounds of the tournament"),
            ));
        }
        let board = num("board")?;
        if let Some(prev) = boards.insert((round, board), n) {
            return Err(err(
                "board",
                format!("board {board} of round {round} is already used on line {prev}"),
            ));
        }
        let player = |col: &str| -> Result<Id, InputError> {
            let s = get(col);
            let id = parse_u32(s)
                .filter(|&v| v > 0)
                .ok_or_else(|| err(col, format!("`{s}` is not a player id")))?;
            if !ids.contains_key(&id) {
                return Err(err(col, format!("no player has id {id}")));
            }
            Ok(id)
        };
        let code = get("result");
        let white = player("white")?;
        let entry = match code {
            "bye" | "half-bye" | "zero-bye" | "full-bye" => {
                if !get("black").is_empty() {
                    return Err(err(
                        "black",
                        format!(
                            "a `{code}` row names one player (in `white`); black must be empty"
                        ),
                    ));
                }
                match code {
                    "bye" => Entry::Bye(white),
                    "half-bye" => Entry::HalfBye(white),
                    "full-bye" if !dutch => {
                        return Err(err(
                            "result",
                            "`full-bye` (a full-point bye the arbiter gave) is for FIDE (Dutch) events (tournament.toml system = \"dutch\"): the Berger-Swiss system has no such bye (SPEC §3: `bye`, `half-bye`, `zero-bye`)".into(),
                        ));
                    }
                    "full-bye" => Entry::FullBye(white),
                    _ => Entry::ZeroBye(white),
                }
            }
            _ => {
                let result = if code.is_empty() {
                    None
                } else {
                    Some(Outcome::from_code(code).ok_or_else(|| {
                        err(
                            "result",
                            format!("unknown result code `{code}` (expected 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, bye, half-bye, zero-bye, full-bye or empty)"),
                        )
                    })?)
                };
                if get("black").is_empty() {
                    return Err(err(
                        "black",
                        "empty; a game needs a black player (byes and absences say so in `result`)"
                            .into(),
                    ));
                }
                let black = player("black")?;
                if black == white {
                    return Err(err(
                        "black",
                        format!("player {white} cannot play against themselves"),
                    ));
                }
                Entry::Game { white, black, result }
            }
        };
        for (p, col) in entry.players().zip(["white", "black"]) {
            if let Some(prev) = busy.insert((round, p), n) {
                return Err(err(
                    col,
                    format!("player {p} already has a row in round {round} (line {prev})"),
                ));
            }
        }
        rows.push((n, Row { round, board, entry }));
    }
    // Rounds numbered 1..k without a gap.
    let rounds: BTreeSet<u32> = rows.iter().map(|(_, r)| r.round).collect();
    for (expected, &r) in (1u32..).zip(rounds.iter()) {
        if r != expected {
            let line = rows.iter().filter(|(_, row)| row.round == r).map(|(n, _)| *n).min();
            return Err(InputError::new(
                file,
                line,
                Some("round"),
                format!(
                    "round {r} but round {expected} has no rows; rounds must be numbered 1, 2, … without a gap"
                ),
            ));
        }
    }
    // No result while an earlier round still lacks one.
    let first_pending = rows
        .iter()
        .filter(|(_, row)| matches!(row.entry, Entry::Game { result: None, .. }))
        .min_by_key(|(n, row)| (row.round, *n));
    if let Some((pn, pending)) = first_pending {
        let later = rows
            .iter()
            .filter(|(_, row)| {
                row.round > pending.round
                    && matches!(row.entry, Entry::Game { result: Some(_), .. })
            })
            .min_by_key(|(n, _)| *n);
        if let Some((n, row)) = later {
            return Err(InputError::new(
                file,
                Some(*n),
                Some("result"),
                format!(
                    "round {} has a result while round {} still lacks one (board {}, line {pn})",
                    row.round, pending.round, pending.board
                ),
            ));
        }
    }
    let mut rows: Vec<Row> = rows.into_iter().map(|(_, r)| r).collect();
    rows.sort_by_key(|r| (r.round, r.board));
    Ok(rows)
}
