//! `bsw result`: entering one result or a whole round (`--from`), and every refusal (exit 2,
//! `rounds.csv` unchanged).

use std::path::{Path, PathBuf};

use crate::common::{assert_contains, bsw, bsw_stdin, example_copy, temp_path};
use tempfile::TempDir;

/// The worked example of SPEC §11 with round 3 paired but without results (its published
/// pairing: A–B, H–C, E–D, F–G on boards 1-4).
fn open_round_3() -> (TempDir, PathBuf) {
    let (tmp, dir) = example_copy("spec-11-worked-example");
    let text = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    let text: String = text
        .lines()
        .map(|l| {
            if l.starts_with("3,") {
                let mut f: Vec<&str> = l.split(',').collect();
                f[4] = "";
                f.join(",") + "\n"
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(dir.join("rounds.csv"), text).unwrap();
    (tmp, dir)
}

fn rounds(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("rounds.csv")).unwrap()
}

#[test]
fn one_result_is_written_into_its_row_and_aliases_mean_a_draw() {
    let (_tmp, dir) = open_round_3();
    let d = dir.to_str().unwrap();
    let (code, out, err) = bsw(&["result", d, "3", "1", "1-0"]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "round 3 board 1: A (1) – B (2) 1-0");
    assert_contains(&out, "3 game(s) still without a result (board 2, 3, 4)");
    assert!(rounds(&dir).contains("\n3,1,1,2,1-0\n"));
    for (board, alias) in [("2", "="), ("3", "1/2")] {
        let (code, _, err) = bsw(&["result", d, "3", board, alias]);
        assert_eq!(code, 0, "{err}");
    }
    let text = rounds(&dir);
    assert_contains(&text, "\n3,2,8,3,1/2-1/2\n");
    assert_contains(&text, "\n3,3,5,4,1/2-1/2\n");
    let (code, out, _) = bsw(&["result", d, "3", "4", "-/+"]);
    assert_eq!(code, 0);
    assert_contains(&out, "round 3 is complete");
    assert!(rounds(&dir).contains("\n3,4,6,7,-/+\n"));
}

#[test]
fn an_existing_result_is_replaced_only_with_force() {
    let (_tmp, dir) = open_round_3();
    let d = dir.to_str().unwrap();
    assert_eq!(bsw(&["result", d, "3", "2", "0-1"]).0, 0);
    let before = rounds(&dir);
    let (code, _, err) = bsw(&["result", d, "3", "2", "1-0"]);
    assert_eq!(code, 2);
    // rounds.csv: header (line 1), round 1 (2-5), round 2 (6-9), round 3 (10-13): round 3
    // board 2 is line 11.
    assert!(
        err.contains("rounds.csv:11: result:") && err.contains("already has the result 0-1"),
        "{err}"
    );
    assert_contains(&err, "--force");
    assert_eq!(rounds(&dir), before);
    // The same result again changes nothing and is not an error.
    assert_eq!(bsw(&["result", d, "3", "2", "0-1"]).0, 0);
    assert_eq!(rounds(&dir), before);
    let (code, out, err) = bsw(&["result", d, "3", "2", "1-0", "--force"]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "1-0 (was 0-1)");
    assert!(rounds(&dir).contains("\n3,2,8,3,1-0\n"));
}

#[test]
fn refusals_name_the_file_line_and_field_and_change_nothing() {
    let (_tmp, dir) = open_round_3();
    let d = dir.to_str().unwrap();
    let before = rounds(&dir);
    let cases: [(&[&str], &str); 7] = [
        (&["3", "9", "1-0"], "rounds.csv: board: round 3 has no board 9 (its boards are 1 to 4)"),
        (&["3", "1", "2-0"], "argument RESULT: `2-0` is not a game result code"),
        (&["3", "1", "bye"], "argument RESULT: `bye` is not a game result code"),
        (
            &["4", "1", "1-0"],
            "rounds.csv: round: round 4 has not been paired (the last paired round is 3)",
        ),
        (&["x", "1", "1-0"], "argument ROUND: `x` is not a round number"),
        (&["3", "0", "1-0"], "argument BOARD: `0` is not a board number"),
        // Round 2 was the basis of round 3's pairing: closed, even with --force.
        (
            &["2", "1", "1-0", "--force"],
            "rounds.csv:6: round: round 2 is closed: round 3 has already been paired",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["result", d];
        all.extend_from_slice(args);
        let (code, out, err) = bsw(&all);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(rounds(&dir), before, "{args:?}");
    }
}

#[test]
fn a_bye_row_takes_no_result() {
    let (_tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    assert_eq!(bsw(&["pair", d]).0, 0);
    let before = rounds(&dir);
    // Round 1: 6 games, then the Swiss bye of the lowest rated (id 13, Moberg) on board 7,
    // line 8 of the file.
    let (code, _, err) = bsw(&["result", d, "1", "7", "1-0"]);
    assert_eq!(code, 2);
    assert_contains(&err, "rounds.csv:8: result: round 1 board 7 is a `bye` row for Moberg (13)");
    assert_eq!(rounds(&dir), before);
}

#[test]
fn a_tournament_file_or_missing_directory_is_refused() {
    let (_tmp, missing) = temp_path("nope");
    let (code, _, err) = bsw(&["result", missing.to_str().unwrap(), "1", "1", "1-0"]);
    assert_eq!(code, 2);
    assert_contains(&err, "needs a tournament directory");
}

#[test]
fn a_whole_round_from_a_file_or_standard_input() {
    let (tmp, dir) = open_round_3();
    let d = dir.to_str().unwrap();
    let file = tmp.path().join("r3.txt");
    std::fs::write(&file, "# round 3\n1 1-0\n\n2 1-0\n3 =\n").unwrap();
    let (code, out, err) = bsw(&["result", d, "3", "--from", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "board 4");
    let (code, out, err) = bsw_stdin(&["result", d, "3", "--from", "-"], "4 0-1\n");
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "round 3 is complete");
    let text = rounds(&dir);
    for row in ["3,1,1,2,1-0", "3,2,8,3,1-0", "3,3,5,4,1/2-1/2", "3,4,6,7,0-1"] {
        assert!(text.contains(&format!("\n{row}\n")), "{row} in {text}");
    }
    // The check agrees with SPEC §11's published round 3.
    assert_eq!(bsw(&["check", d]).0, 0);
}

#[test]
fn from_is_all_or_nothing_and_points_at_the_bad_line() {
    let (tmp, dir) = open_round_3();
    let d = dir.to_str().unwrap();
    let before = rounds(&dir);
    let cases = [
        ("1 1-0\n2 1-O\n", "r.txt:2: result: `1-O` is not a game result code"),
        ("1 1-0\n\n1 0-1\n", "r.txt:3: board: board 1 is already given on "),
        ("1 1-0\n7 0-1\n", "r.txt:2: board: round 3 has no board 7"),
        ("1 1-0 extra\n", "r.txt:1: line: expected `BOARD RESULT`"),
        ("one 1-0\n", "r.txt:1: board: `one` is not a board number"),
        ("# nothing\n", "r.txt: no `BOARD RESULT` line found"),
    ];
    for (text, expected) in cases {
        let file = tmp.path().join("r.txt");
        std::fs::write(&file, text).unwrap();
        let (code, _, err) = bsw(&["result", d, "3", "--from", file.to_str().unwrap()]);
        assert_eq!(code, 2, "{text}");
        assert!(err.contains(expected), "{text}: {err}");
        assert_eq!(rounds(&dir), before, "{text}");
    }
    // A result already there, in a file: refused without --force, line named.
    assert_eq!(bsw(&["result", d, "3", "1", "1-0"]).0, 0);
    let before = rounds(&dir);
    let (code, _, err) = bsw_stdin(&["result", d, "3", "--from", "-"], "2 1-0\n1 0-1\n");
    assert_eq!(code, 2);
    assert_contains(&err, "<stdin>:2: result: round 3 board 1");
    assert_eq!(rounds(&dir), before);
}
