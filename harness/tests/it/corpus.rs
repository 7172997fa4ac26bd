//! The regression corpus (`corpus/cases/`), run against the engine **and** the checker.
//!
//! Each case is a directory `corpus/cases/<what-it-guards>/` with a tournament directory
//! `tournament/` (SPEC §12) and exactly one expectation, derived by hand from SPEC.md (each
//! case's README.md says how, step by step):
//! - `expected.csv`: the next round, header `round,board,white,black,result`. The engine must
//!   produce exactly these rows, and the checker must certify the tournament with these rows
//!   appended as conforming.
//! - `expected-check.toml`: `verdict = "conforming" | "violations"` and
//!   `rules = ["8.2", …]`. The checker (profile berger-swiss) on the tournament as it stands must
//!   give this verdict and exactly this set of rule ids.
//! - `expected-error.txt`: a substring. Loading the tournament or pairing its next round must
//!   fail with an error whose text (Display or Debug) contains it.
//!
//! All failing cases are reported together, each with a diff, so one broken rule shows every
//! case it breaks.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use bsw_checker::{Profile, Report, check};
use bsw_engine::pair_next_round;
use bsw_model::{Entry, Row, Tournament, io};

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
        Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) => (p, String::new()),
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

    let paired = catch_unwind(AssertUnwindSafe(|| pair_next_round(&t)));
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
        Ok(t) => match catch_unwind(AssertUnwindSafe(|| pair_next_round(&t))) {
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

fn run_case(dir: &Path) -> Result<(), String> {
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
    assert!(dirs.len() >= 40, "the corpus holds {} cases, at least 40 expected", dirs.len());
    let only = std::env::var("CORPUS_CASE").ok();
    let mut failures = Vec::new();
    let mut ran = 0;
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
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
