//! The hand-derived corpus (../corpus, written from SPEC by another helper): every case's
//! expected next round, appended to its tournament, must conform; so must the examples.
use bsw_checker::{Profile, check};
use bsw_model::{Entry, Outcome, Row, Tournament};
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// Reads an `expected.csv` (header `round,board,white,black,result`).
pub(crate) fn expected_rows(path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').map(str::trim).collect();
            let round = f[0].parse().unwrap();
            let board = f[1].parse().unwrap();
            let white = f[2].parse().unwrap();
            let entry = match f[4] {
                "bye" => Entry::Bye(white),
                "half-bye" => Entry::HalfBye(white),
                "zero-bye" => Entry::ZeroBye(white),
                r => Entry::Game {
                    white,
                    black: f[3].parse().unwrap(),
                    result: Outcome::from_code(r),
                },
            };
            Row { round, board, entry }
        })
        .collect()
}

/// Every corpus case as (name, tournament with its expected round appended).
pub(crate) fn cases() -> Vec<(String, Tournament)> {
    let mut out = Vec::new();
    let dir = std::fs::read_dir(corpus().join("cases")).expect("corpus/cases is readable");
    let mut dirs: Vec<_> = dir.map(|e| e.unwrap().path()).collect();
    dirs.sort();
    for d in dirs {
        if !d.join("expected.csv").exists() {
            continue;
        }
        let mut t = bsw_model::io::read_dir(&d.join("tournament")).unwrap();
        t.rows.extend(expected_rows(&d.join("expected.csv")));
        out.push((d.file_name().unwrap().to_string_lossy().into_owned(), t));
    }
    assert!(!out.is_empty(), "no corpus case with an expected.csv");
    out
}

#[test]
fn every_corpus_case_conforms() {
    let cases = cases();
    let mut failures = Vec::new();
    for (name, t) in &cases {
        let rep = check(t, Profile::BergerSwiss);
        if !rep.is_conforming() {
            failures.push(format!("{name}: {:#?}", rep.violations().collect::<Vec<_>>()));
        }
    }
    println!("{} corpus cases checked", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_examples_conform() {
    let dir = std::fs::read_dir(corpus().join("examples")).expect("corpus/examples is readable");
    let mut count = 0;
    for e in dir {
        count += 1;
        let p = e.unwrap().path();
        let t = bsw_model::io::read_dir(&p).unwrap();
        let rep = check(&t, Profile::BergerSwiss);
        assert!(
            rep.is_conforming(),
            "{}: {:#?}",
            p.display(),
            rep.violations().collect::<Vec<_>>()
        );
    }
    assert!(count > 0, "no example in corpus/examples");
}

/// The corpus's checker cases: `expected-check.toml` gives the verdict and the set of rules
/// (derived by hand by the corpus author) for the tournament directory as it stands.
#[test]
fn corpus_checker_cases_give_the_expected_verdict_and_rules() {
    let dir = std::fs::read_dir(corpus().join("cases")).expect("corpus/cases is readable");
    let mut dirs: Vec<_> =
        dir.map(|e| e.unwrap().path()).filter(|d| d.join("expected-check.toml").exists()).collect();
    dirs.sort();
    let mut failures = Vec::new();
    for d in &dirs {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct ExpectedCheck {
            verdict: String,
            rules: Vec<String>,
        }
        let text = std::fs::read_to_string(d.join("expected-check.toml")).unwrap();
        let expected: ExpectedCheck = toml::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: expected-check.toml: {e}", d.display()));
        let verdict = expected.verdict;
        let mut want = expected.rules;
        want.sort();
        let t = match bsw_model::io::read_dir(&d.join("tournament")) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{}: does not load: {e}", d.display()));
                continue;
            }
        };
        let rep = check(&t, Profile::BergerSwiss);
        let mut got: Vec<String> = rep.violations().map(|(_, v)| v.rule.to_string()).collect();
        got.sort();
        got.dedup();
        if rep.verdict() != verdict || got != want {
            failures.push(format!(
                "{}: expected {verdict} {want:?}, got {} {got:?}: {:#?}",
                d.file_name().unwrap().to_string_lossy(),
                rep.verdict(),
                rep.violations()
                    .map(|(r, v)| format!("r{r} {} {}", v.rule, v.message))
                    .collect::<Vec<_>>()
            ));
        }
    }
    println!("{} checker cases", dirs.len());
    assert!(!dirs.is_empty(), "no corpus case with an expected-check.toml");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
