//! `bsw pair` run as a binary: the round is appended and printed, `--explain` reports the
//! search on standard error, refusals exit 2 and change no file.

use crate::common::{assert_contains, bsw, example_copy, root, write_file};

#[test]
fn pair_appends_the_round_prints_it_and_explains_on_stderr() {
    let (_tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    let (code, out, err) = bsw(&["pair", d, "--explain"]);
    assert_eq!(code, 0, "{err}");
    // 2 groups of 4 play 2 Berger games each; the lower Swiss group of 5 plays 2 games and
    // the lowest rated (id 13, TPN 13) gets the bye: 7 rows.
    let printed: Vec<&str> = out.lines().collect();
    assert_eq!(printed[0], "round,board,white,black,result");
    assert_eq!(printed.len(), 8);
    assert_eq!(printed[7], "1,7,13,,bye");
    let file = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    assert_eq!(file.lines().skip(1).collect::<Vec<_>>(), printed[1..].to_vec());
    assert_contains(&err, "chosen level");
    assert_contains(&err, "bye: player 13");
    // The checker certifies what was appended.
    let (code, out, _) = bsw(&["check", d]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn pair_refuses_an_incomplete_round_and_changes_nothing() {
    let (_tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    assert_eq!(bsw(&["pair", d]).0, 0);
    let before = std::fs::read(dir.join("rounds.csv")).unwrap();
    let (code, _, err) = bsw(&["pair", d]);
    assert_eq!(code, 2);
    assert!(err.contains("still lack a result") && err.contains("round 1 board 1"), "{err}");
    assert_eq!(std::fs::read(dir.join("rounds.csv")).unwrap(), before);
}

#[test]
fn pair_refuses_a_finished_event_and_a_trf_file() {
    let (_tmp, dir) = example_copy("spec-11-worked-example");
    let (code, _, err) = bsw(&["pair", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "finished");
    let sample = root().join("corpus/samples/dutch-501-players-9-rounds.trf");
    let (code, _, err) = bsw(&["pair", sample.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "bsw trf import");
}

/// Round 2 of four Dutch players, all on ½ after 1-2 and 3-4 drawn (1 and 3 White, so they
/// prefer Black, 2 and 4 White). The first candidate, 1-3 and 2-4, leaves two players
/// without their colour; 1-4 and 2-3 none: `--explain` names C12, on a TRF (`-p`) and on
/// the directory imported from it, with the chosen candidate's criteria values.
#[test]
fn dutch_explain_names_the_criterion_that_rejected_a_candidate() {
    let tmp = tempfile::tempdir().unwrap();
    let players = [
        "001    1      Player 1                          2390                             0.5          2 w =",
        "001    2      Player 2                          2380                             0.5          1 b =",
        "001    3      Player 3                          2370                             0.5          4 w =",
        "001    4      Player 4                          2360                             0.5          3 b =",
    ];
    let text = format!("012 colours\n092 FIDE_DUTCH_2025\n{}\nXXR 3\n", players.join("\n"));
    let input = write_file(tmp.path(), "colours.trf", &text);
    let (code, out, err) = bsw(&["pair", input.to_str().unwrap(), "-p", "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("2"), "{out}");
    assert_contains(&err, "1-3 instead of 1-4: C12 colour preferences not met: 2 instead of 0");
    assert_contains(&err, "chosen: C6 pairs 2");
    assert_contains(&err, "C12 colour preferences not met 0");
    let dir = tmp.path().join("t");
    assert_eq!(bsw(&["trf", "import", input.to_str().unwrap(), dir.to_str().unwrap()]).0, 0);
    let (code, _, err) = bsw(&["pair", dir.to_str().unwrap(), "--explain", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&err, "1-3 instead of 1-4: C12");
}
