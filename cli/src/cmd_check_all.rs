//! `bsw check-all PATH... --out DIR [--jobs N] [--profile P] [--lenient] [--timeout SECONDS]`:
//! a federation's month. Certifies every event found under the PATHs in parallel and writes
//! into DIR (and nowhere else):
//!
//! - `summary.csv` and `summary.json`: one row per event, sorted by path: `path` (the
//!   argument as given joined with the path below it, so that `bsw check PATH` works from the
//!   same directory), `verdict` (`conforming`, `violations`, `refused`, `timed out`),
//!   `profile`, `system`, `players`, `rounds` (judged), `violations`, `detail` (the first
//!   violation in words, or why the file was refused), `time_ms` (reading and certifying)
//!   and `certificate` (the page, relative to DIR);
//! - `index.html`: the rows as a sortable, filterable table (inline script, nothing fetched)
//!   linking the certificate of every judged event;
//! - `certificates/NNNN-NAME.html`: the `bsw report` page of every judged event.
//!
//! An event is a TRF file (a name ending in `.trf`, any case), a tournament directory (a
//! folder holding `tournament.toml`; its subfolders are not searched), or found in a folder
//! searched recursively. Each verdict is the one `bsw check` gives on that event alone: the
//! same reading (`--lenient`), the same choice of profile ([`crate::cmd_check::profile_for`]).
//! A file that does not read is a `refused` row; an event without a verdict after `--timeout`
//! seconds is a `timed out` row (its check goes on in the background, unawaited). Ctrl-C
//! starts no new event, lets those under way finish, writes the summary of the finished ones
//! marked interrupted and exits 130.
//!
//! Exit code: the worst of the events: 2 if any was refused or timed out, else 1 if any has
//! violations, else 0 (130 when interrupted; 2 with no file written when DIR is unusable).

mod index;

use crate::cmd_check::ProfileArg;
use bsw_model::InputError;
use bsw_model::trf::ReadOptions;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// `--timeout` when none is given, in seconds.
pub(crate) const DEFAULT_TIMEOUT_S: u64 = 600;

/// Stack of the thread that judges one event (the main thread's size, as `bsw check` has).
const JUDGE_STACK: usize = 8 << 20;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// TRF files (.trf), tournament directories (holding tournament.toml), or folders searched
    /// recursively for both.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Folder to write summary.csv, summary.json, index.html and certificates/ into: new,
    /// empty, or the output of an earlier check-all; outside the inputs.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Events judged at once (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Rule book for every event (default: what `bsw check` chooses for each: dutch for an
    /// event that declares the Dutch system, berger-swiss for a directory or a TRF file with
    /// berger-swiss records, generic for any other TRF file).
    #[arg(long, value_enum)]
    pub profile: Option<ProfileArg>,
    /// TRF: read a file whose points column disagrees with its round results by the round
    /// results, as `bsw check --lenient` does (default: refuse such a file).
    #[arg(long)]
    pub lenient: bool,
    /// Give up waiting for an event after this many seconds: a `timed out` row.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIMEOUT_S as f64,
          value_parser = parse_seconds)]
    pub timeout: f64,
}

/// `--timeout`: a positive number of seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v < 1e9 => Ok(v),
        _ => Err(format!("`{s}` is not a number of seconds above 0 (e.g. --timeout 60)")),
    }
}

/// What became of one event, from best to worst (the exit code is the worst's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Verdict {
    Conforming,
    Violations,
    Refused,
    TimedOut,
}

impl Verdict {
    pub(crate) const ALL: [Verdict; 4] =
        [Verdict::Conforming, Verdict::Violations, Verdict::Refused, Verdict::TimedOut];

    /// The `verdict` column.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Verdict::Conforming => "conforming",
            Verdict::Violations => "violations",
            Verdict::Refused => "refused",
            Verdict::TimedOut => "timed out",
        }
    }

    /// `bsw check`'s exit code for the event (a time-out counts as unusable).
    fn exit_code(self) -> u8 {
        match self {
            Verdict::Conforming => 0,
            Verdict::Violations => 1,
            Verdict::Refused | Verdict::TimedOut => 2,
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Why a file was refused, as `bsw check --json` gives it (`line`, `field`: when they apply).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ErrorJson {
    file: String,
    line: Option<usize>,
    field: Option<String>,
    message: String,
}

impl From<&InputError> for ErrorJson {
    fn from(e: &InputError) -> Self {
        ErrorJson {
            file: e.file.clone(),
            line: e.line,
            field: e.field.clone(),
            message: e.message.clone(),
        }
    }
}

/// One row of the summary.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Row {
    pub path: String,
    pub verdict: Verdict,
    pub profile: Option<&'static str>,
    pub system: Option<String>,
    pub players: Option<usize>,
    pub rounds: Option<usize>,
    pub violations: Option<usize>,
    /// The first violation in words, or why there is no verdict.
    pub detail: String,
    /// Reading and certifying, in milliseconds (the page not included).
    pub time_ms: f64,
    /// The certificate page, relative to DIR.
    pub certificate: Option<String>,
    /// JSON only: why a file was refused, keyed as `bsw check --json` keys it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorJson>,
    /// JSON only: why a judged event has no certificate page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_error: Option<String>,
}

impl Row {
    fn without_verdict(path: &Path, verdict: Verdict, detail: String, time: Duration) -> Row {
        Row {
            path: path.display().to_string(),
            verdict,
            profile: None,
            system: None,
            players: None,
            rounds: None,
            violations: None,
            detail,
            time_ms: ms(time),
            certificate: None,
            error: None,
            certificate_error: None,
        }
    }
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e4).round() / 10.0
}

/// An event found under the arguments: its path, or a folder that could not be searched.
struct Found {
    path: PathBuf,
    unreadable: Option<String>,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let out = &args.out;
    refuse_out(out, &args.paths)?;
    let events = discover(&args.paths, out);
    if events.is_empty() {
        let shown: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!(
            "{}: no TRF file (.trf) or tournament directory (tournament.toml) found",
            shown.join(", ")
        ));
    }
    let certificates = out.join("certificates");
    std::fs::create_dir_all(&certificates)
        .map_err(|e| format!("--out {}: cannot create: {e}", certificates.display()))?;
    let width = events.len().to_string().len().max(4);
    let pages: Vec<String> = events
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{:0width$}-{}.html", i + 1, page_name(&e.path)))
        .collect();
    let how = How {
        read: ReadOptions { lenient: args.lenient, ..Default::default() },
        profile: args.profile,
        timeout: Duration::from_secs_f64(args.timeout),
    };

    let stop = crate::interrupt::flag();
    let progress = crate::progress::Progress::new(events.len() as u64, "check-all", "events");
    let start = Instant::now();
    let rows: Vec<Option<Row>> = bsw_harness::simulate::on_pool(args.jobs, || {
        events
            .par_iter()
            .zip(pages.par_iter())
            .map(|(event, page)| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let row = judge_event(event, &how, out, page);
                progress.tick();
                Some(row)
            })
            .collect()
    })?;
    progress.finish();
    let wall = start.elapsed();
    let rows: Vec<Row> = rows.into_iter().flatten().collect();
    let interrupted = stop.load(Ordering::Relaxed);

    let summary = Summary {
        bsw: env!("CARGO_PKG_VERSION"),
        paths: args.paths.iter().map(|p| p.display().to_string()).collect(),
        profile: args.profile.map(profile_name),
        lenient: args.lenient,
        timeout_s: args.timeout,
        counts: Counts::of(&rows),
        interrupted: interrupted
            .then_some(Interrupted { finished: rows.len(), planned: events.len() }),
        events: rows,
    };
    write_outputs(out, &summary)?;
    remove_stale_pages(&certificates, &summary.events);

    outln!("{}", summary.sentence(wall))?;
    let mut problems = summary.events.iter().filter(|r| r.verdict != Verdict::Conforming);
    for r in problems.by_ref().take(10) {
        outln!("  {}: {}: {}", r.path, r.verdict.name(), r.detail)?;
    }
    let more = problems.count();
    if more > 0 {
        outln!("  … and {more} more (summary.csv)")?;
    }
    outln!("written: {}", out.join("index.html").display())?;
    Ok(if interrupted {
        crate::interrupt::EXIT_INTERRUPTED
    } else {
        summary.events.iter().map(|r| r.verdict.exit_code()).max().unwrap_or(0)
    })
}

fn profile_name(p: ProfileArg) -> &'static str {
    match p {
        ProfileArg::BergerSwiss => "berger-swiss",
        ProfileArg::Generic => "generic",
        ProfileArg::Dutch => "dutch",
    }
}

/// How every event is judged.
struct How {
    read: ReadOptions,
    profile: Option<ProfileArg>,
    timeout: Duration,
}

/// What the thread that judged an event sends back.
struct Judged {
    row: Row,
    /// The certificate page (judged events).
    page: Option<Result<String, String>>,
}

/// Reads and certifies `path` as `bsw check` does, then makes its certificate page.
fn judge(path: &Path, read: &ReadOptions, asked: Option<ProfileArg>) -> Judged {
    let start = Instant::now();
    let loaded = match bsw_model::io::load_with(path, read) {
        Ok(l) => l,
        Err(e) => {
            let mut row =
                Row::without_verdict(path, Verdict::Refused, e.to_string(), start.elapsed());
            row.error = Some(ErrorJson::from(&e));
            return Judged { row, page: None };
        }
    };
    let t = &loaded.tournament;
    let profile = crate::cmd_check::profile_for(path, t, loaded.carries_config, asked, false);
    let report = bsw_checker::check(t, profile);
    let time = start.elapsed();
    let violations: usize = report.rounds.iter().map(|r| r.violations.len()).sum();
    let first = report.rounds.iter().find_map(|r| r.violations.first().map(|v| (r.round, v)));
    let detail = match first {
        None => String::new(),
        Some((round, v)) => {
            let players: Vec<String> = v
                .players
                .iter()
                .map(|&id| match t.player(id) {
                    Some(p) => format!("{id} {}", p.name),
                    None => format!("{id}"),
                })
                .collect();
            let mut s = format!("round {round}, rule {}: {}", v.rule, v.message);
            if !players.is_empty() {
                s += &format!(" (players {})", players.join(", "));
            }
            s
        }
    };
    let system = if t.config.system.dutch().is_some() || path.is_dir() || loaded.carries_config {
        t.config.system.name().to_string()
    } else {
        // Another program's file: the system it names, if any (its rounds are certified by
        // the generic profile).
        loaded.declared_system.clone().unwrap_or_else(|| "not declared".into())
    };
    let row = Row {
        path: path.display().to_string(),
        verdict: if violations == 0 { Verdict::Conforming } else { Verdict::Violations },
        profile: Some(profile.name()),
        system: Some(system),
        players: Some(t.players.len()),
        rounds: Some(report.rounds.len()),
        violations: Some(violations),
        detail,
        time_ms: ms(time),
        certificate: None,
        error: None,
        certificate_error: None,
    };
    let page = crate::cmd_report::certificate(path, t, profile, &report).map(|(html, _)| html);
    Judged { row, page: Some(page) }
}

/// Judges one event on a thread of its own and waits for it at most `how.timeout`; writes
/// its certificate as `DIR/certificates/PAGE` when it came in time.
fn judge_event(event: &Found, how: &How, out: &Path, page: &str) -> Row {
    let start = Instant::now();
    let failed =
        |verdict, message| Row::without_verdict(&event.path, verdict, message, start.elapsed());
    if let Some(why) = &event.unreadable {
        return failed(Verdict::Refused, why.clone());
    }
    let (tx, rx) = mpsc::sync_channel(1);
    let path = event.path.clone();
    let (read, asked) = (how.read, how.profile);
    let spawned = std::thread::Builder::new()
        .name("check-all event".into())
        .stack_size(JUDGE_STACK)
        .spawn(move || {
            let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                judge(&path, &read, asked)
            }));
            // The receiver is gone when the event timed out: nobody wants the result.
            let _ = tx.send(judged);
        });
    if let Err(e) = spawned {
        let path = event.path.display();
        return failed(Verdict::Refused, format!("{path}: cannot start a thread to judge it: {e}"));
    }
    let judged = match rx.recv_timeout(how.timeout) {
        Ok(Ok(j)) => j,
        Ok(Err(panic)) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            let path = event.path.display();
            return failed(
                Verdict::Refused,
                format!("{path}: bsw failed on this file ({what}); please report it"),
            );
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let secs = how.timeout.as_secs_f64();
            let path = event.path.display();
            return failed(
                Verdict::TimedOut,
                format!(
                    "no verdict within {secs} s (--timeout); `bsw check {path}` judges it alone"
                ),
            );
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            let path = event.path.display();
            return failed(
                Verdict::Refused,
                format!("{path}: bsw failed on this file; please report it"),
            );
        }
    };
    let mut row = judged.row;
    match judged.page {
        Some(Ok(html)) => {
            let file = out.join("certificates").join(page);
            match bsw_model::io::write_atomic(&file, &html) {
                Ok(()) => row.certificate = Some(format!("certificates/{page}")),
                Err(e) => row.certificate_error = Some(e.to_string()),
            }
        }
        Some(Err(e)) => row.certificate_error = Some(e),
        None => {}
    }
    row
}

/// The events under `paths`, sorted by path, each once. A PATH that is a file or a tournament
/// directory (or does not exist) is an event itself (it reads or is refused as `bsw check`
/// would); any other folder is searched. `out` is never searched.
fn discover(paths: &[PathBuf], out: &Path) -> Vec<Found> {
    let out_real = Some(resolved(out));
    let mut found = Vec::new();
    let mut seen_dirs = BTreeSet::new();
    for p in paths {
        if p.is_dir() && !p.join(bsw_model::io::TOURNAMENT_TOML).is_file() {
            search(p, out_real.as_deref(), &mut seen_dirs, &mut found);
        } else {
            found.push(Found { path: p.clone(), unreadable: None });
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found.dedup_by(|a, b| a.path == b.path);
    found
}

fn is_trf(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("trf"))
}

/// Searches `dir` recursively (following links, each real folder once).
fn search(dir: &Path, out: Option<&Path>, seen: &mut BTreeSet<PathBuf>, found: &mut Vec<Found>) {
    if let Ok(real) = dir.canonicalize()
        && (Some(real.as_path()) == out || !seen.insert(real))
    {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            found.push(Found {
                path: dir.to_path_buf(),
                unreadable: Some(format!("{}: cannot search the folder: {e}", dir.display())),
            });
            return;
        }
    };
    let mut names: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.file_name())).collect();
    names.sort();
    for name in names {
        let path = dir.join(&name);
        if path.is_dir() {
            if path.join(bsw_model::io::TOURNAMENT_TOML).is_file() {
                found.push(Found { path, unreadable: None });
            } else {
                search(&path, out, seen, found);
            }
        } else if is_trf(&path) {
            found.push(Found { path, unreadable: None });
        }
    }
}

/// `path` made absolute with every link resolved, as far as it exists.
fn resolved(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut base = abs.as_path();
    loop {
        if let Ok(real) = base.canonicalize() {
            return rest.iter().rev().fold(real, |acc, part| acc.join(part));
        }
        match (base.parent(), base.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                base = parent;
            }
            _ => return abs,
        }
    }
}

/// Refuses a DIR that overlaps an input or holds other files.
fn refuse_out(out: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    let shown = out.display();
    if out.exists() && !out.is_dir() {
        return Err(format!("--out {shown}: is not a folder; give a folder to write into"));
    }
    let out_real = resolved(out);
    for p in inputs {
        let p_real = resolved(p);
        if out_real.starts_with(&p_real) {
            return Err(format!(
                "--out {shown}: lies inside the input {}: check-all writes nothing under its inputs; choose a folder outside them",
                p.display()
            ));
        }
        if p_real.starts_with(&out_real) {
            return Err(format!(
                "{}: lies inside --out {shown}: check-all writes into that folder; choose one outside the inputs",
                p.display()
            ));
        }
    }
    if let Ok(mut entries) = std::fs::read_dir(out)
        && entries.next().is_some()
        && !out.join("summary.json").is_file()
    {
        return Err(format!(
            "--out {shown}: is not empty and holds no earlier summary.json; give a new or empty folder (or the folder of an earlier check-all, whose files are replaced)"
        ));
    }
    Ok(())
}

/// A file name made of `path`'s last components: letters, digits, `.`, `-` and `_`.
fn page_name(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    let tail = parts[parts.len().saturating_sub(2)..].join("-");
    let mut name: String = tail
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    if name.len() > 80 {
        name = name[name.len() - 80..].to_string();
    }
    if name.is_empty() { "event".into() } else { name }
}

/// Counts of the verdicts.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Counts {
    pub events: usize,
    pub conforming: usize,
    pub violations: usize,
    pub refused: usize,
    pub timed_out: usize,
}

impl Counts {
    fn of(rows: &[Row]) -> Counts {
        let n = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
        Counts {
            events: rows.len(),
            conforming: n(Verdict::Conforming),
            violations: n(Verdict::Violations),
            refused: n(Verdict::Refused),
            timed_out: n(Verdict::TimedOut),
        }
    }

    /// "3 conforming, 1 with violations, 1 refused, 0 timed out".
    pub(crate) fn sentence(&self) -> String {
        format!(
            "{} conforming, {} with violations, {} refused, {} timed out",
            self.conforming, self.violations, self.refused, self.timed_out
        )
    }
}

/// A run stopped by Ctrl-C: the summary holds the events that finished.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Interrupted {
    pub finished: usize,
    pub planned: usize,
}

/// `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Summary {
    pub bsw: &'static str,
    pub paths: Vec<String>,
    /// `--profile`, when given.
    pub profile: Option<&'static str>,
    pub lenient: bool,
    pub timeout_s: f64,
    pub counts: Counts,
    pub interrupted: Option<Interrupted>,
    pub events: Vec<Row>,
}

impl Summary {
    fn sentence(&self, wall: Duration) -> String {
        let head = match &self.interrupted {
            Some(i) => format!(
                "check-all: INTERRUPTED after {} of {} events (Ctrl-C): ",
                i.finished, i.planned
            ),
            None => format!(
                "check-all: {}: ",
                crate::output::count(self.counts.events as u64, "event", "events")
            ),
        };
        format!("{head}{} in {:.1} s", self.counts.sentence(), wall.as_secs_f64())
    }
}

/// `summary.csv`, `summary.json` and `index.html`, each written atomically.
fn write_outputs(out: &Path, summary: &Summary) -> Result<(), String> {
    let write = |name: &str, text: &str| {
        bsw_model::io::write_atomic(&out.join(name), text).map_err(|e| e.to_string())
    };
    write("summary.csv", &csv(&summary.events))?;
    let json = serde_json::to_string_pretty(summary).map_err(|e| e.to_string())?;
    write("summary.json", &(json + "\n"))?;
    write("index.html", &index::render(summary))
}

/// The columns of `summary.csv`.
pub(crate) const CSV_COLUMNS: [&str; 10] = [
    "path",
    "verdict",
    "profile",
    "system",
    "players",
    "rounds",
    "violations",
    "detail",
    "time_ms",
    "certificate",
];

fn csv(rows: &[Row]) -> String {
    let mut s = CSV_COLUMNS.join(",") + "\n";
    let num = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    for r in rows {
        let cells = [
            r.path.clone(),
            r.verdict.name().to_string(),
            r.profile.unwrap_or_default().to_string(),
            r.system.clone().unwrap_or_default(),
            num(r.players),
            num(r.rounds),
            num(r.violations),
            r.detail.clone(),
            format!("{:.1}", r.time_ms),
            r.certificate.clone().unwrap_or_default(),
        ];
        let cells: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
        s += &cells.join(",");
        s.push('\n');
    }
    s
}

/// A CSV cell, quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Removes the pages of an earlier run in `DIR/certificates` that this run did not write.
fn remove_stale_pages(dir: &Path, rows: &[Row]) {
    let kept: BTreeSet<&str> = rows
        .iter()
        .filter_map(|r| r.certificate.as_deref()?.strip_prefix("certificates/"))
        .collect();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".html") && !kept.contains(name.as_str()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
