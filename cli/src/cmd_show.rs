//! `bsw show DIR|FILE.trf [--round R] [--csv|--json]`: the board list of one round for
//! people (read-only): board, names, ratings, points before the round, results, byes and
//! absences. The last paired round by default.
//!
//! Output formats:
//! - default: a terminal table, one line per board;
//! - `--csv`: header `round,board,white,white_name,white_rating,white_points,black,
//!   black_name,black_rating,black_points,result`; points are decimals (`1.5`); for a bye or
//!   an absence the black fields are empty and `result` is `bye`, `half-bye` or `zero-bye`;
//! - `--json`: `{"round": r, "boards": [{"board": 1, "white": {"id", "name", "rating",
//!   "points_before"}, "black": {…} or null, "result": "1-0" or ""}]}`.
//!
//! Also here: the terminal layout of the crosstables (`bsw standings --crosstable`).

use bsw_model::{Entry, HalfPoints, Id, Tournament};
use bsw_standings::crosstable;
use serde_json::json;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory or TRF file.
    pub path: PathBuf,
    /// The round to show (default: the last paired round).
    #[arg(long, value_name = "R")]
    pub round: Option<u32>,
    /// Machine-readable CSV.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub read: crate::input::ReadArgs,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let t = crate::input::load(&args.path, &args.read).map_err(|e| e.to_string())?.tournament;
    let shown = args.path.display();
    // A Dutch round entered ahead (byes and absences only) is not paired yet.
    let last = t.paired_rounds();
    let round = match args.round {
        Some(0) => return Err(format!("{shown}: --round: rounds are numbered from 1")),
        Some(r) if r > last => {
            return Err(format!(
                "{shown}: --round: round {r} has not been paired (the last paired round is {last})"
            ));
        }
        Some(r) => r,
        None if last == 0 => {
            return Err(format!(
                "{shown}: no round has been paired yet (pair round 1 with: bsw pair {shown})"
            ));
        }
        None => last,
    };
    let text = if args.json {
        json_text(&t, round)
    } else if args.csv {
        csv_text(&t, round)
    } else {
        table_text(&t, round)
    };
    out!("{text}")?;
    Ok(0)
}

/// Points as a decimal number for CSV and JSON (`1.5`).
fn decimal(h: HalfPoints) -> String {
    if h % 2 == 0 { (h / 2).to_string() } else { format!("{}.5", h / 2) }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One side of a board: (id, name, rating).
fn side(t: &Tournament, id: Id) -> (Id, String, u32) {
    match t.player(id) {
        Some(p) => (id, p.name.clone(), p.rating),
        None => (id, format!("unknown player {id}"), 0),
    }
}

fn csv_text(t: &Tournament, round: u32) -> String {
    let before = bsw_report::points_before(t, round);
    let pts = |id: Id| decimal(before.get(&id).copied().unwrap_or(0));
    let mut out = String::from(
        "round,board,white,white_name,white_rating,white_points,black,black_name,black_rating,black_points,result\n",
    );
    for row in t.round_rows(round) {
        let mut ids = row.entry.players();
        let w = side(t, ids.next().unwrap_or(0));
        let black = match row.entry {
            Entry::Game { black, .. } => {
                let b = side(t, black);
                format!("{},{},{},{}", b.0, csv_field(&b.1), b.2, pts(b.0))
            }
            _ => ",,,".into(),
        };
        let _ = writeln!(
            out,
            "{round},{},{},{},{},{},{black},{}",
            row.board,
            w.0,
            csv_field(&w.1),
            w.2,
            pts(w.0),
            row.entry.result_code()
        );
    }
    out
}

fn json_text(t: &Tournament, round: u32) -> String {
    let before = bsw_report::points_before(t, round);
    let player = |id: Id| {
        let (id, name, rating) = side(t, id);
        let p = before.get(&id).copied().unwrap_or(0);
        json!({"id": id, "name": name, "rating": rating, "points_before": f64::from(p) / 2.0})
    };
    let boards: Vec<serde_json::Value> = t
        .round_rows(round)
        .map(|row| {
            let (white, black) = match row.entry {
                Entry::Game { white, black, .. } => (white, Some(black)),
                Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                    (p, None)
                }
            };
            json!({
                "board": row.board,
                "white": player(white),
                "black": black.map(player),
                "result": row.entry.result_code(),
            })
        })
        .collect();
    let v = json!({"round": round, "boards": boards});
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_else(|_| "{}".into()))
}

/// Lays out rows of cells; `right[k]` aligns column k to the right.
pub(crate) fn layout(rows: &[Vec<String>], right: &[bool]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|k| rows.iter().filter_map(|r| r.get(k)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(k, s)| {
                if right.get(k).copied().unwrap_or(false) {
                    format!("{s:>w$}", w = widths[k])
                } else {
                    format!("{s:<w$}", w = widths[k])
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

/// The board list of `round` as a terminal table (also `bsw pair --table`).
pub(crate) fn table_text(t: &Tournament, round: u32) -> String {
    let before = bsw_report::points_before(t, round);
    let pts = |id: Id| bsw_report::html::half(before.get(&id).copied().unwrap_or(0));
    let rating = rating_text;
    let mut rows = vec![
        ["Bd", "White", "Rtg", "Pts", "Result", "Black", "Rtg", "Pts"].map(String::from).to_vec(),
    ];
    for row in t.round_rows(round) {
        let mut ids = row.entry.players();
        let w = side(t, ids.next().unwrap_or(0));
        let mut line =
            vec![row.board.to_string(), format!("{} ({})", w.1, w.0), rating(w.2), pts(w.0)];
        match row.entry {
            Entry::Game { black, .. } => {
                let b = side(t, black);
                let code = row.entry.result_code();
                line.extend([
                    if code.is_empty() { "-" } else { code }.to_string(),
                    format!("{} ({})", b.1, b.0),
                    rating(b.2),
                    pts(b.0),
                ]);
            }
            Entry::Bye(_) => line.push("bye (1 point)".into()),
            Entry::FullBye(_) => line.push("full-point bye, given by the arbiter (1 point)".into()),
            Entry::HalfBye(_) => line.push("absent (½ point)".into()),
            Entry::ZeroBye(_) => line.push("absent (0 points)".into()),
        }
        rows.push(line);
    }
    let name = t.config.name.as_deref().map(|n| format!(" — {n}")).unwrap_or_default();
    let total = bsw_standings::total_rounds(t);
    let games = t.round_rows(round).filter(|r| matches!(r.entry, Entry::Game { .. })).count();
    let missing = t.missing_results(round).iter().filter(|m| m.0 == round).count();
    let mut out = format!("Round {round} of {total}{name}\n");
    out += &layout(&rows, &[true, false, true, true, false, false, true, true]);
    let not_paired: Vec<String> = bsw_report::not_paired(t, round)
        .into_iter()
        .map(|(p, withdrawn)| {
            if withdrawn {
                format!("{} ({}, withdrawn)", p.name, p.id)
            } else {
                format!("{} ({})", p.name, p.id)
            }
        })
        .collect();
    if !not_paired.is_empty() {
        let _ = writeln!(out, "Not paired: {}", not_paired.join(", "));
    }
    if missing > 0 {
        let _ = writeln!(out, "{missing} of {games} game(s) still without a result.");
    }
    out
}

/// A rating in a terminal table: `-` for unrated (0).
fn rating_text(r: u32) -> String {
    if r == 0 { "-".into() } else { r.to_string() }
}

/// An empty cell as `.`, so that every column of the terminal table shows something.
fn dot_if_empty(s: String) -> String {
    if s.is_empty() { ".".into() } else { s }
}

/// `bsw standings --crosstable`: the Swiss crosstable, then one round-robin table per group.
pub(crate) fn crosstable_text(t: &Tournament, report: &bsw_standings::Report) -> String {
    let x = crosstable::swiss(t, &report.overall);
    let mut out = format!(
        "Crosstable after round {} (per round: opponent's rank, colour w/b, result 1 ½ 0, + / - without play; -1 bye, -½ / -0 requested absence, . not paired)\n",
        x.round
    );
    let mut header: Vec<String> = ["Rk", "Name", "Rtg"].map(String::from).to_vec();
    header.extend((1..=x.round).map(|r| format!("{r}.Rd")));
    header.push("Pts".into());
    let mut rows = vec![header];
    for line in &x.lines {
        let mut r = vec![line.rank.to_string(), line.name.clone(), rating_text(line.rating)];
        r.extend(line.cells.iter().map(|c| dot_if_empty(c.text())));
        r.push(bsw_report::html::half(line.points));
        rows.push(r);
    }
    let mut right = vec![true, false, true];
    right.extend(std::iter::repeat_n(true, x.round as usize + 1));
    out += &layout(&rows, &right);
    for g in &report.groups {
        let table = crosstable::round_robin(t, g);
        let _ = write!(
            out,
            "\nGroup {} (games inside the group up to round {})\n",
            table.group, g.standings.round
        );
        let mut header: Vec<String> = ["Rk", "Name", "Rtg"].map(String::from).to_vec();
        header.extend(table.members.iter().map(|m| m.0.to_string()));
        header.push("Pts".into());
        let mut rows = vec![header];
        for (i, (rank, _, name, rating, points)) in table.members.iter().enumerate() {
            let mut r = vec![rank.to_string(), name.clone(), rating_text(*rating)];
            r.extend((0..table.members.len()).map(|j| {
                if i == j { "x".to_string() } else { dot_if_empty(table.results[i][j].clone()) }
            }));
            r.push(bsw_report::html::half(*points));
            rows.push(r);
        }
        let mut right = vec![true, false, true];
        right.extend(std::iter::repeat_n(true, table.members.len() + 1));
        out += &layout(&rows, &right);
    }
    out
}
