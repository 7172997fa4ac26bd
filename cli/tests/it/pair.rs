//! `bsw pair` run as a binary: the round is appended and printed, `--explain` reports the
//! search on standard error, refusals exit 2 and change no file.

use crate::common::{assert_contains, bsw, example_copy, root};

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
