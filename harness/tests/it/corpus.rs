//! The regression corpus (`corpus/cases/`), run against the engine **and** the checker, for
//! both systems: the engine through `bsw_engine::pair`, the checker through the profile
//! `bsw check` would choose.
//!
//! A Berger-Swiss case is a directory `corpus/cases/<what-it-guards>/` with a tournament
//! directory `tournament/` (SPEC §12) and exactly one expectation, derived by hand from
//! SPEC.md (each case's README.md says how, step by step):
//! - `expected.csv`: the next round, header `round,board,white,black,result`. The engine must
//!   produce exactly these rows, and the checker must certify the tournament with these rows
//!   appended as conforming.
//! - `expected-check.toml`: `verdict = "conforming" | "violations"` and
//!   `rules = ["8.2", …]`. The checker (profile berger-swiss) on the tournament as it stands must
//!   give this verdict and exactly this set of rule ids.
//! - `expected-error.txt`: a substring. Loading the tournament or pairing its next round must
//!   fail with an error whose text (Display or Debug) contains it.
//!
//!
//! A FIDE (Dutch) case (`dutch-…`) holds `tournament.trf` and `expected.out`, the round in the
//! JaVaFo/bbpPairings convention (or `error`: no valid pairing), derived by hand from C.04.3:
//! the engine must give exactly that round and the checker must certify it; an optional
//! `bad.out` with `expected-bad.toml` (`rule = "…"`) is a wrong round the checker must reject
//! naming that rule first (see [`run_dutch_case`]).
//!
//! All failing cases are reported together, each with a diff, so one broken rule shows every
//! case it breaks.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use bsw_checker::{Profile, Report, Rule, Source, check, check_round, default_profile};
use bsw_engine::pair;
use bsw_harness::external::protocol::write_output;
use bsw_model::{Entry, Id, Row, Tournament, io};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases")
}

fn case_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(cases_dir())
        .expect("corpus/cases exists")
        .map(|e| e.expect("readable corpus entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// One `rounds.csv` line for a row.
fn row_line(row: &Row) -> String {
    let (white, black) = match row.entry {
        Entry::Game { white, black, .. } => (white, black.to_string()),
        Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
            (p, String::new())
        }
    };
    format!("{},{},{},{},{}", row.round, row.board, white, black, row.entry.result_code())
}

/// Non-empty, trimmed lines (so a trailing newline or CRLF does not matter).
fn lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()
}

/// A line diff: `-` expected only, `+` actual only, position by position.
fn diff(expected: &[String], actual: &[String]) -> String {
    let mut out = String::new();
    let n = expected.len().max(actual.len());
    for i in 0..n {
        match (expected.get(i), actual.get(i)) {
            (Some(e), Some(a)) if e == a => {
                let _ = writeln!(out, "      {e}");
            }
            (e, a) => {
                if let Some(e) = e {
                    let _ = writeln!(out, "    - {e}");
                }
                if let Some(a) = a {
                    let _ = writeln!(out, "    + {a}");
                }
            }
        }
    }
    out
}

fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn violations_text(report: &Report) -> String {
    let mut out = String::new();
    for r in &report.rounds {
        for v in &r.violations {
            let _ = writeln!(
                out,
                "    round {} rule {} players {:?}: {}",
                r.round, v.rule, v.players, v.message
            );
        }
    }
    out
}

fn rules_of(report: &Report) -> BTreeSet<String> {
    report.rounds.iter().flat_map(|r| r.violations.iter().map(|v| v.rule.to_string())).collect()
}

fn load_case(dir: &Path) -> Result<Tournament, String> {
    io::read_dir(&dir.join("tournament")).map_err(|e| format!("cannot load the tournament: {e}"))
}

/// `expected.csv`: engine rows equal, and the checker certifies them.
fn run_expected_round(dir: &Path) -> Result<(), String> {
    let expected_text = read(&dir.join("expected.csv"))?;
    let expected = lines(&expected_text);
    let t = load_case(dir)?;
    let mut problems = String::new();

    let paired = catch_unwind(AssertUnwindSafe(|| pair(&t)));
    match paired {
        Err(p) => {
            let _ = writeln!(problems, "  engine panicked: {}", panic_text(p));
        }
        Ok(Err(e)) => {
            let _ = writeln!(problems, "  engine refused: {e}");
        }
        Ok(Ok(round)) => {
            let mut actual = vec!["round,board,white,black,result".to_string()];
            actual.extend(round.rows.iter().map(row_line));
            if actual != expected {
                let _ = write!(
                    problems,
                    "  engine rows differ (- expected, + engine):\n{}",
                    diff(&expected, &actual)
                );
            }
        }
    }

    // The tournament with the expected round appended must be certified conforming.
    let tdir = dir.join("tournament");
    let toml = read(&tdir.join("tournament.toml"))?;
    let players = read(&tdir.join("players.csv"))?;
    let rounds = fs::read_to_string(tdir.join("rounds.csv"))
        .unwrap_or_else(|_| "round,board,white,black,result\n".into());
    let mut all = lines(&rounds);
    if all.is_empty() {
        all.push("round,board,white,black,result".into());
    }
    all.extend(expected.iter().skip(1).cloned());
    let joined = all.join("\n") + "\n";
    match io::parse_dir_texts(&toml, &players, Some(&joined)) {
        Err(e) => {
            let _ = writeln!(problems, "  tournament + expected.csv does not load: {e}");
        }
        Ok(with_expected) => {
            match catch_unwind(AssertUnwindSafe(|| check(&with_expected, Profile::BergerSwiss))) {
                Err(p) => {
                    let _ = writeln!(problems, "  checker panicked: {}", panic_text(p));
                }
                Ok(report) if !report.is_conforming() => {
                    let _ = write!(
                        problems,
                        "  checker rejects the expected round:\n{}",
                        violations_text(&report)
                    );
                }
                Ok(_) => {}
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

/// `expected-check.toml`: `verdict` and `rules`, nothing else.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedCheck {
    verdict: String,
    rules: Vec<String>,
}

/// Reads `expected-check.toml` (TOML via the `toml` crate and serde).
fn parse_expected_check(text: &str) -> Result<(String, BTreeSet<String>), String> {
    let e: ExpectedCheck = toml::from_str(text).map_err(|e| format!("expected-check.toml: {e}"))?;
    if e.verdict != "conforming" && e.verdict != "violations" {
        return Err(format!("expected-check.toml: verdict {:?}", e.verdict));
    }
    Ok((e.verdict, e.rules.into_iter().collect()))
}

/// `expected-check.toml`: verdict and set of rules.
fn run_expected_check(dir: &Path) -> Result<(), String> {
    let (verdict, rules) = parse_expected_check(&read(&dir.join("expected-check.toml"))?)?;
    let t = load_case(dir)?;
    let report = catch_unwind(AssertUnwindSafe(|| check(&t, Profile::BergerSwiss)))
        .map_err(|p| format!("  checker panicked: {}", panic_text(p)))?;
    let got_verdict = if report.is_conforming() { "conforming" } else { "violations" };
    let got_rules = rules_of(&report);
    if got_verdict == verdict && got_rules == rules {
        return Ok(());
    }
    Err(format!(
        "  checker verdict/rules differ:\n    - {verdict} {:?}\n    + {got_verdict} {:?}\n{}",
        rules,
        got_rules,
        violations_text(&report)
    ))
}

/// `expected-error.txt`: loading or pairing fails with an error containing the substring.
fn run_expected_error(dir: &Path) -> Result<(), String> {
    let needle = read(&dir.join("expected-error.txt"))?.trim().to_string();
    let text = match io::read_dir(&dir.join("tournament")) {
        Err(e) => format!("{e} / {e:?}"),
        Ok(t) => match catch_unwind(AssertUnwindSafe(|| pair(&t))) {
            Err(p) => return Err(format!("  engine panicked: {}", panic_text(p))),
            Ok(Ok(round)) => {
                let rows: Vec<String> = round.rows.iter().map(row_line).collect();
                return Err(format!(
                    "  expected an error containing {needle:?}, the engine paired:\n    + {}",
                    rows.join("\n    + ")
                ));
            }
            Ok(Err(e)) => format!("{e} / {e:?}"),
        },
    };
    if text.contains(&needle) {
        Ok(())
    } else {
        Err(format!("  error text lacks {needle:?}:\n    + {text}"))
    }
}

/// A round in the JaVaFo/bbpPairings convention: the count line, then `white black` per board
/// and `id 0` for the pairing-allocated bye.
fn read_convention(text: &str) -> Result<Vec<Entry>, String> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let ids: Vec<Id> = l
                .split_whitespace()
                .map(|x| x.parse().map_err(|_| format!("bad id in {l:?}")))
                .collect::<Result<_, _>>()?;
            match ids[..] {
                [p, 0] => Ok(Entry::Bye(p)),
                [white, black] => Ok(Entry::Game { white, black, result: None }),
                _ => Err(format!("bad line {l:?}")),
            }
        })
        .collect()
}

/// `t` with round `last + 1` made of `entries` (boards in order), then the absences the file
/// announced for that round (half-point and zero-point byes).
fn with_round(t: &Tournament, entries: &[Entry]) -> (Tournament, u32) {
    let r = t.last_round() + 1;
    let mut m = t.clone();
    let absences = t.players.iter().filter_map(|p| p.requested_absence(r));
    let all: Vec<Entry> = entries.iter().copied().chain(absences).collect();
    m.rows.extend(Row::on_boards(r, all));
    (m, r)
}

/// Significance of a Dutch rule: C1-C21 by number, then 4 (order), 5.2 (with the basic
/// colour rules C.04.1 f and g that a colour allocation may break beside it), boards.
fn rank(rule: Rule) -> u32 {
    match rule.id() {
        "C.04.3-4" => 22,
        "C.04.3-5.2" | "C.04.1-6" | "C.04.1-7" => 23,
        "C.04.3-boards" => 24,
        id => id.strip_prefix("C.04.3-C").and_then(|n| n.parse().ok()).unwrap_or(0),
    }
}

/// `expected-bad.toml`: the rule the checker must name first for `bad.out`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedBad {
    rule: String,
}

/// A FIDE (Dutch) case: the engine's round equals `expected.out` (or "no valid pairing" for
/// `error`), the checker certifies it, and rejects `bad.out` (if any) by the rule of
/// `expected-bad.toml` with no more significant rule before it.
fn run_dutch_case(dir: &Path) -> Result<(), String> {
    let t = io::load(&dir.join("tournament.trf"))
        .map_err(|e| format!("  cannot load tournament.trf: {e}"))?;
    let profile = default_profile(&t, Source::Trf { carries_config: false }).0;
    if profile != Profile::Dutch {
        return Err("  tournament.trf does not declare the Dutch system (092)".into());
    }
    let want = read(&dir.join("expected.out"))?;
    let mut problems = String::new();
    match catch_unwind(AssertUnwindSafe(|| pair(&t))) {
        Err(p) => {
            let _ = writeln!(problems, "  engine panicked: {}", panic_text(p));
        }
        Ok(Err(e)) if want.trim() == "error" && e.no_valid_pairing().is_some() => {}
        Ok(Err(e)) => {
            let _ = writeln!(problems, "  engine refused: {e}");
        }
        Ok(Ok(round)) => {
            let got = write_output(&round.rows);
            if lines(&got) != lines(&want) {
                let _ = write!(
                    problems,
                    "  engine round differs (- expected, + engine):\n{}",
                    diff(&lines(&want), &lines(&got))
                );
            }
        }
    }
    if want.trim() != "error" {
        let (m, r) = with_round(&t, &read_convention(&want)?);
        match catch_unwind(AssertUnwindSafe(|| check_round(&m, r, profile))) {
            Err(p) => {
                let _ = writeln!(problems, "  checker panicked: {}", panic_text(p));
            }
            Ok(rep) if !rep.violations.is_empty() => {
                let _ = writeln!(problems, "  checker rejects the expected round:");
                for v in &rep.violations {
                    let _ = writeln!(
                        problems,
                        "    rule {} players {:?}: {}",
                        v.rule, v.players, v.message
                    );
                }
            }
            Ok(_) => {}
        }
    }
    let bad = dir.join("bad.out");
    let expected_bad = dir.join("expected-bad.toml");
    match (bad.is_file(), expected_bad.is_file()) {
        (false, false) => {}
        (true, true) => {
            let text = read(&expected_bad)?;
            let want: ExpectedBad =
                toml::from_str(&text).map_err(|e| format!("  expected-bad.toml: {e}"))?;
            let (m, r) = with_round(&t, &read_convention(&read(&bad)?)?);
            let report = catch_unwind(AssertUnwindSafe(|| check_round(&m, r, profile)))
                .map_err(|p| format!("  checker panicked on bad.out: {}", panic_text(p)))?;
            let reported: Vec<Rule> = report.violations.iter().map(|v| v.rule).collect();
            let want_rank = reported.iter().find(|r| r.id() == want.rule).map(|&r| rank(r));
            let first = want_rank.is_some_and(|w| reported.iter().all(|&r| rank(r) >= w));
            if !first {
                let ids: Vec<&str> = reported.iter().map(|r| r.id()).collect();
                let _ = writeln!(
                    problems,
                    "  bad.out: expected {} first, the checker reports {ids:?}",
                    want.rule
                );
            }
        }
        _ => {
            let _ = writeln!(problems, "  bad.out and expected-bad.toml go together");
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

fn run_case(dir: &Path) -> Result<(), String> {
    if dir.join("tournament.trf").is_file() {
        return run_dutch_case(dir);
    }
    let kinds = [
        dir.join("expected.csv").is_file(),
        dir.join("expected-check.toml").is_file(),
        dir.join("expected-error.txt").is_file(),
    ];
    match kinds {
        [true, false, false] => run_expected_round(dir),
        [false, true, false] => run_expected_check(dir),
        [false, false, true] => run_expected_error(dir),
        _ => Err(
            "  a case needs exactly one of expected.csv, expected-check.toml, expected-error.txt"
                .into(),
        ),
    }
}

#[test]
fn every_corpus_case_matches_engine_and_checker() {
    let dirs = case_dirs();
    assert!(dirs.len() >= 110, "the corpus holds {} cases, at least 110 expected", dirs.len());
    let dutch = dirs.iter().filter(|d| d.join("tournament.trf").is_file()).count();
    assert!(dutch >= 50, "the corpus holds {dutch} Dutch cases, at least 50 expected");
    let mut failures = Vec::new();
    let mut ran = 0;
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            dir.join("README.md").is_file(),
            "case {name} has no README.md saying how it was derived"
        );
        ran += 1;
        if let Err(why) = run_case(dir) {
            failures.push(format!("{name}:\n{why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} corpus cases fail:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}
