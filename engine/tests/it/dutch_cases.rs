//! Hand-derived Dutch cases of `corpus/dutch/cases/` (derivations in its README): the engine's
//! round, written as JaVaFo/bbpPairings output, must equal `NAME.out` line for line (board
//! order included), or fail with "no valid pairing" when the file says `error`. The cases of
//! `known-failures.txt` must still fail (the test says when one starts to pass).

use bsw_engine::dutch::{DutchError, pair_next_round};
use bsw_model::{Entry, trf};
use std::path::Path;

fn javafo(rows: &[bsw_model::Row]) -> String {
    let games: Vec<String> = rows
        .iter()
        .filter_map(|r| match r.entry {
            Entry::Game { white, black, .. } => Some(format!("{white} {black}")),
            _ => None,
        })
        .collect();
    let byes: Vec<String> = rows
        .iter()
        .filter_map(|r| match r.entry {
            Entry::Bye(p) => Some(format!("{p} 0")),
            _ => None,
        })
        .collect();
    // The count includes the bye line, as bbpPairings writes it.
    let mut out = format!("{}\n", games.len() + byes.len());
    for g in games.into_iter().chain(byes) {
        out += &g;
        out.push('\n');
    }
    out
}

#[test]
fn hand_derived_dutch_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch/cases");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "trf").then_some(p)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 25, "cases missing in {}", dir.display());
    let known = std::fs::read_to_string(dir.join("known-failures.txt")).unwrap_or_default();
    let known: Vec<&str> = known
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut problems = Vec::new();
    for path in names {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let t = trf::import(&text, &name).unwrap();
        let cfg = t.config.system.dutch().cloned().expect("092 declares the Dutch system");
        let failure = match pair_next_round(&t, &cfg) {
            Ok(round) => {
                let got = javafo(&round.rows);
                (got != want).then(|| format!("expected\n{want}got\n{got}"))
            }
            Err(e) if want.trim() == "error" && matches!(e, DutchError::NoValidPairing { .. }) => {
                None
            }
            Err(e) => Some(format!("expected\n{want}got the error {e}")),
        };
        match (failure, known.contains(&name.as_str())) {
            (Some(f), false) => problems.push(format!("{name}: {f}")),
            (None, true) => {
                problems.push(format!("{name} now passes: remove it from known-failures.txt"))
            }
            (Some(f), true) => eprintln!("known failure {name}: {f}"),
            (None, false) => {}
        }
    }
    for k in &known {
        if !dir.join(format!("{k}.trf")).exists() {
            problems.push(format!("known-failures.txt lists {k}, which has no .trf"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
