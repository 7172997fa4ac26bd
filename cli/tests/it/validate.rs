//! `bsw validate` run as a binary: summaries, exit codes, messages, nothing changed on refusal.

use std::path::{Path, PathBuf};

use crate::common;
use common::{assert_contains, bsw, copy_dir, root};

fn example(name: &str) -> PathBuf {
    root().join("corpus/examples").join(name)
}

fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().into_string().unwrap(), std::fs::read(e.path()).unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn validate_prints_the_summary_of_the_berger_groups_example() {
    let (code, out, _) = bsw(&["validate", example("berger-groups").to_str().unwrap()]);
    assert_eq!(code, 0);
    // 13 players, groups [4, 4] (3-round schedules), 13 - 8 = 5 in the lower Swiss group.
    assert_eq!(
        out,
        "name: Two Berger groups of 4 and a lower Swiss group of 5\n\
         players: 13 (withdrawn: 0)\n\
         rounds: 0 played of 3 (paired: 0)\n\
         groups: 2 (sizes 4, 4; initial phase P = 3)\n\
         swiss field: 5 players not in a Berger group\n\
         pending games: 0\n"
    );
}

#[test]
fn validate_counts_played_rounds_and_pending_games() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&example("spec-11-worked-example"), dir.path());
    // Blank the two last results of round 3: round 3 is paired but not complete.
    let rounds = std::fs::read_to_string(dir.path().join("rounds.csv")).unwrap();
    let rounds = rounds.replace("3,3,5,4,1/2-1/2", "3,3,5,4,").replace("3,4,6,7,0-1", "3,4,6,7,");
    std::fs::write(dir.path().join("rounds.csv"), rounds).unwrap();
    let (code, out, _) = bsw(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_contains(&out, "rounds: 2 played of 3 (paired: 3)\n");
    assert_contains(&out, "pending games: 2\n");
    assert_contains(
        &out,
        "groups: none (plain Swiss)\nswiss field: 8 players not in a Berger group\n",
    );
}

#[test]
fn validate_reads_trf_files() {
    let trf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../model/tests/data/handmade.trf");
    let (code, out, _) = bsw(&["validate", trf.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_contains(&out, "players: 6 (withdrawn: 1)\nrounds: 4 played of 4 (paired: 4)\n");
}

#[test]
fn validate_refusal_exits_2_with_file_line_field_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&example("spec-11-worked-example"), dir.path());
    let players = std::fs::read_to_string(dir.path().join("players.csv")).unwrap();
    std::fs::write(dir.path().join("players.csv"), players.replace("4,D,2100", "4,D,21OO"))
        .unwrap();
    let before = snapshot(dir.path());
    let (code, out, err) = bsw(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    let file = dir.path().join("players.csv");
    assert_eq!(
        err,
        format!("error: {}:5: rating: `21OO` is not a non-negative integer\n", file.display())
    );
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn validate_of_a_missing_path_exits_2() {
    let (code, _, err) = bsw(&["validate", "/nonexistent/bsw-dir"]);
    assert_eq!(code, 2);
    assert_contains(&err, "no such file or directory");
}

#[test]
fn validate_of_a_directory_without_players_csv_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tournament.toml"), "rounds = 3\n").unwrap();
    let (code, _, err) = bsw(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.ends_with("players.csv: missing file\n"), "{err}");
    assert_eq!(snapshot(dir.path()).len(), 1);
}
