//! `bsw standings DIR|FILE.trf [--tiebreaks CODES] [--round N] [--csv|--json]
//! [--unrated-rating N]`: standings with FIDE 2026 tiebreaks (SPEC §10), then one table per
//! original Berger group. All rule work is in `bsw-standings`; this module loads, prints.
//!
//! Output formats:
//! - default: a table for people (rank, name, points, WNT = wins over the board, each
//!   tiebreak), then the group tables;
//! - `--json`: `{"standings": [{"rank": 1, "id": 2, "name": "...", "points": 4.0, "wnt": 3,
//!   "tiebreaks": {"BH": 13.0, ...}}, ...], "groups": [{"group": 1, "standings": [...]}]}`;
//!   points and tiebreaks are decimal numbers, `wnt` (wins over the board, SPEC §5) and
//!   ARO/TPR/PTP/TPN/RTNG integers, an undefined value (e.g. ARO without games over the board)
//!   is `null`. Readers must not rely on the order of keys in an object (the tiebreaks object
//!   does list the codes in the order of the tiebreak list); the JSON is written by
//!   `serde_json` from the structs below, golden-tested in `cli/tests/it/standings.rs`;
//! - `--csv`: header `rank,id,name,points,wnt,CODES…`, one line per player; each group table
//!   follows after an empty line, with a leading `group` column.

use bsw_standings::{Code, GroupStandings, Options, Report, Standings, Value};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use unicode_width::UnicodeWidthStr;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory or TRF file.
    pub path: PathBuf,
    /// Comma-separated tiebreak codes for the whole field (default: `tiebreaks` of
    /// tournament.toml, else BH-C1,BH,SB,DE,WIN). Codes: BH (Buchholz), SB
    /// (Sonneborn-Berger), DE (direct encounter), WIN (rounds won), WON (games won over the
    /// board), BPG (games with Black), BWG (wins with Black), ARO (average rating of
    /// opponents), TPR (performance rating), PTP (perfect performance), KS (Koya), PS
    /// (progressive score), TPN (pairing number), RTNG (own rating). Modifiers: -C1/-C2 cut the
    /// lowest 1/2 values, -M1/-M2 the lowest and highest (BH, SB, ARO); PS-C1/C2 drop the
    /// first rounds.
    #[arg(long, value_name = "CODES")]
    pub tiebreaks: Option<String>,
    /// Standings after round N (default: the last complete round).
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    /// Machine-readable CSV.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
    /// Print the crosstables (Swiss crosstable, then one round-robin table per Berger group).
    #[arg(long, conflicts_with_all = ["csv", "json"])]
    pub crosstable: bool,
    /// Rating used for unrated players by ARO, TPR and PTP (they are refused otherwise).
    #[arg(long = "unrated-rating", value_name = "N")]
    pub unrated_rating: Option<u32>,
    #[command(flatten)]
    pub read: crate::input::ReadArgs,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let shown = args.path.display().to_string();
    let loaded = crate::input::load(&args.path, &args.read).map_err(|e| e.to_string())?;
    if args.path.is_file() && loaded.carries_config {
        eprintln!(
            "note: {shown} carries the berger-swiss configuration (BSV records): group tables from its groups and swaps"
        );
    }
    let t = loaded.tournament;
    let config_file = if args.path.is_dir() {
        args.path.join("tournament.toml").display().to_string()
    } else {
        shown.clone()
    };
    let mut opts =
        Options::for_tournament(&t).map_err(|e| format!("{config_file}: tiebreaks: {e}"))?;
    if let Some(list) = &args.tiebreaks {
        opts.tiebreaks = Code::parse_list(list).map_err(|e| format!("--tiebreaks: {e}"))?;
    }
    opts.round = args.round;
    opts.unrated_rating = args.unrated_rating;
    let report = bsw_standings::report(&t, &opts).map_err(|e| match e {
        bsw_standings::StandingsError::RoundOutOfRange { .. }
        | bsw_standings::StandingsError::IncompleteRound { .. }
            if args.round.is_some() =>
        {
            format!("{shown}: --round: {e}")
        }
        _ => format!("{shown}: {e}"),
    })?;
    let text = if args.crosstable {
        crate::cmd_show::crosstable_text(&t, &report)
    } else if args.json {
        json(&report)?
    } else if args.csv {
        csv(&report)
    } else {
        human(&report)
    };
    out!("{text}")?;
    Ok(0)
}

fn points(p: bsw_model::HalfPoints) -> f64 {
    p as f64 / 2.0
}

/// A tiebreak value in JSON: integer codes (ARO, TPR, PTP, TPN, RTNG) as integers, the
/// others as decimals, an undefined value as `null`.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonValue {
    Int(i64),
    Dec(f64),
}

fn json_value(code: Code, v: Value) -> Option<JsonValue> {
    let x = v.as_f64()?;
    Some(if code.is_integer() { JsonValue::Int(x.round() as i64) } else { JsonValue::Dec(x) })
}

/// The tiebreaks of one row: a JSON object whose keys keep the order of the tiebreak list.
struct Tiebreaks(Vec<(String, Option<JsonValue>)>);

impl Serialize for Tiebreaks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Serialize)]
struct JsonRow<'a> {
    rank: u32,
    id: bsw_model::Id,
    name: &'a str,
    points: f64,
    /// Wins over the board (SPEC §5).
    wnt: u32,
    tiebreaks: Tiebreaks,
}

#[derive(Serialize)]
struct JsonGroup<'a> {
    group: u32,
    standings: Vec<JsonRow<'a>>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    standings: Vec<JsonRow<'a>>,
    groups: Vec<JsonGroup<'a>>,
}

fn json_rows(st: &Standings) -> Vec<JsonRow<'_>> {
    st.rows
        .iter()
        .map(|r| JsonRow {
            rank: r.rank,
            id: r.id,
            name: &r.name,
            points: points(r.points),
            wnt: r.wnt,
            tiebreaks: Tiebreaks(
                st.codes
                    .iter()
                    .zip(&r.tiebreaks)
                    .map(|(c, v)| (c.to_string(), json_value(*c, *v)))
                    .collect(),
            ),
        })
        .collect()
}

fn json(report: &Report) -> Result<String, String> {
    let doc = JsonReport {
        standings: json_rows(&report.overall),
        groups: report
            .groups
            .iter()
            .map(|g: &GroupStandings| JsonGroup {
                group: g.group,
                standings: json_rows(&g.standings),
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    text.push('\n');
    Ok(text)
}

/// A value for people and CSV: integers plain, others as short decimals, undefined empty.
fn plain(code: Code, v: Value) -> String {
    match v.as_f64() {
        None => String::new(),
        Some(x) if code.is_integer() => format!("{}", x.round() as i64),
        Some(x) => format!("{x}"),
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv_table(st: &Standings, group: Option<u32>) -> String {
    let mut out = String::new();
    let mut header: Vec<String> = Vec::new();
    if group.is_some() {
        header.push("group".into());
    }
    header.extend(["rank", "id", "name", "points", "wnt"].map(String::from));
    header.extend(st.codes.iter().map(|c| c.to_string()));
    let _ = writeln!(out, "{}", header.join(","));
    for r in &st.rows {
        let mut f: Vec<String> = Vec::new();
        if let Some(g) = group {
            f.push(g.to_string());
        }
        f.extend([
            r.rank.to_string(),
            r.id.to_string(),
            csv_field(&r.name),
            points(r.points).to_string(),
            r.wnt.to_string(),
        ]);
        f.extend(st.codes.iter().zip(&r.tiebreaks).map(|(c, v)| plain(*c, *v)));
        let _ = writeln!(out, "{}", f.join(","));
    }
    out
}

fn csv(report: &Report) -> String {
    let mut out = csv_table(&report.overall, None);
    for g in &report.groups {
        out.push('\n');
        out.push_str(&csv_table(&g.standings, Some(g.group)));
    }
    out
}

fn human_table(st: &Standings) -> String {
    let mut cols: Vec<(String, bool)> = vec![
        ("Rank".into(), true),
        ("Name".into(), false),
        ("Pts".into(), true),
        ("WNT".into(), true),
    ];
    cols.extend(st.codes.iter().map(|c| (c.to_string(), true)));
    let mut cells: Vec<Vec<String>> = st
        .rows
        .iter()
        .map(|r| {
            let mut v = vec![
                r.rank.to_string(),
                r.name.clone(),
                points(r.points).to_string(),
                r.wnt.to_string(),
            ];
            v.extend(st.codes.iter().zip(&r.tiebreaks).map(|(c, x)| {
                let s = plain(*c, *x);
                if s.is_empty() { "-".into() } else { s }
            }));
            v
        })
        .collect();
    cells.insert(0, cols.iter().map(|c| c.0.clone()).collect());
    let widths: Vec<usize> = (0..cols.len())
        .map(|k| cells.iter().map(|row| row[k].width()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &cells {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(k, s)| {
                // Pad by display width (a CJK character takes two columns), not by chars.
                let pad = " ".repeat(widths[k] - s.width());
                if cols[k].1 { format!("{pad}{s}") } else { format!("{s}{pad}") }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

fn human(report: &Report) -> String {
    let st = &report.overall;
    let codes: Vec<String> = st.codes.iter().map(|c| c.to_string()).collect();
    let mut out = format!(
        "Standings after round {} (tiebreaks: {}; WNT = wins over the board, forfeit wins and byes not counted)\n",
        st.round,
        if codes.is_empty() { "none".into() } else { codes.join(", ") }
    );
    out.push_str(&human_table(st));
    for g in &report.groups {
        let codes: Vec<String> = g.standings.codes.iter().map(|c| c.to_string()).collect();
        let _ = write!(
            out,
            "\nGroup {} (games inside the group up to round {}; tiebreaks: {})\n",
            g.group,
            g.standings.round,
            if codes.is_empty() { "none".into() } else { codes.join(", ") }
        );
        out.push_str(&human_table(&g.standings));
    }
    out
}
