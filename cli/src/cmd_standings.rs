//! `bsw standings DIR|FILE.trf [--tiebreaks CODES] [--round N] [--csv|--json]
//! [--unrated-rating N]`: standings with FIDE 2026 tiebreaks (SPEC §10), then one table per
//! original Berger group. All rule work is in `bsw-standings`; this module loads, prints.
//!
//! Output formats:
//! - default: a table for people (rank, name, points, WNT = wins over the board, each
//!   tiebreak), then the group tables;
//! - `--json`: `{"standings": [{"rank": 1, "id": 2, "name": "...", "points": 4.0,
//!   "tiebreaks": {"BH": 13.0, ...}}, ...], "groups": [{"group": 1, "standings": [...]}]}`;
//!   points and tiebreaks are decimal numbers, ARO/TPR/PTP/TPN/RTNG integers, an undefined
//!   value (e.g. ARO without games over the board) is `null`;
//! - `--csv`: header `rank,id,name,points,wnt,CODES…`, one line per player; each group table
//!   follows after an empty line, with a leading `group` column.

use bsw_standings::{Code, GroupStandings, Options, Report, Standings, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Tournament directory or TRF file.
    pub path: PathBuf,
    /// Comma-separated tiebreak codes for the whole field (default: `tiebreaks` of
    /// tournament.toml, else BH-C1,BH,SB,DE,WIN).
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
    /// Rating used for unrated players by ARO, TPR and PTP (they are refused otherwise).
    #[arg(long = "unrated-rating", value_name = "N")]
    pub unrated_rating: Option<u32>,
}

pub fn run(args: Args) -> crate::CmdResult {
    let shown = args.path.display().to_string();
    let t = bsw_model::io::load(&args.path).map_err(|e| e.to_string())?;
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
    let text = if args.json {
        json(&report)
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

/// A JSON number for a tiebreak value.
fn json_value(code: Code, v: Value) -> String {
    match v.as_f64() {
        None => "null".into(),
        Some(x) if code.is_integer() => format!("{}", x.round() as i64),
        Some(x) => serde_json::to_string(&x).unwrap_or_else(|_| "null".into()),
    }
}

fn json_rows(st: &Standings) -> String {
    let rows: Vec<String> = st
        .rows
        .iter()
        .map(|r| {
            let tbs: Vec<String> = st
                .codes
                .iter()
                .zip(&r.tiebreaks)
                .map(|(c, v)| {
                    format!(
                        "{}: {}",
                        serde_json::to_string(&c.to_string()).unwrap(),
                        json_value(*c, *v)
                    )
                })
                .collect();
            format!(
                "{{\"rank\": {}, \"id\": {}, \"name\": {}, \"points\": {}, \"tiebreaks\": {{{}}}}}",
                r.rank,
                r.id,
                serde_json::to_string(&r.name).unwrap(),
                serde_json::to_string(&points(r.points)).unwrap(),
                tbs.join(", ")
            )
        })
        .collect();
    if rows.is_empty() {
        "[]".into()
    } else {
        format!("[\n    {}\n  ]", rows.join(",\n    "))
    }
}

fn json(report: &Report) -> String {
    let groups: Vec<String> = report
        .groups
        .iter()
        .map(|g: &GroupStandings| {
            format!(
                "{{\"group\": {}, \"standings\": {}}}",
                g.group,
                json_rows(&g.standings).replace("\n", "\n  ")
            )
        })
        .collect();
    let groups = if groups.is_empty() {
        "[]".into()
    } else {
        format!("[\n    {}\n  ]", groups.join(",\n    "))
    };
    format!(
        "{{\n  \"standings\": {},\n  \"groups\": {}\n}}\n",
        json_rows(&report.overall),
        groups
    )
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
        f.extend(
            st.codes
                .iter()
                .zip(&r.tiebreaks)
                .map(|(c, v)| plain(*c, *v)),
        );
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
        .map(|k| {
            cells
                .iter()
                .map(|row| row[k].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in &cells {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(k, s)| {
                if cols[k].1 {
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

fn human(report: &Report) -> String {
    let st = &report.overall;
    let codes: Vec<String> = st.codes.iter().map(|c| c.to_string()).collect();
    let mut out = format!(
        "Standings after round {} (tiebreaks: {})\n",
        st.round,
        if codes.is_empty() {
            "none".into()
        } else {
            codes.join(", ")
        }
    );
    out.push_str(&human_table(st));
    for g in &report.groups {
        let codes: Vec<String> = g.standings.codes.iter().map(|c| c.to_string()).collect();
        let _ = write!(
            out,
            "\nGroup {} (games inside the group up to round {}; tiebreaks: {})\n",
            g.group,
            g.standings.round,
            if codes.is_empty() {
                "none".into()
            } else {
                codes.join(", ")
            }
        );
        out.push_str(&human_table(&g.standings));
    }
    out
}
