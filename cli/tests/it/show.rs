//! `bsw show` (the board list of a round for people, CSV, JSON), `bsw pair --table`, and
//! `bsw standings --crosstable`.

use crate::common::{assert_contains, bsw, example_copy, root};

fn worked_example() -> String {
    root().join("corpus/examples/spec-11-worked-example").display().to_string()
}

// SPEC §11 by hand: round 1 E–A 0-1, F–B 0-1, G–C 0-1, H–D 1-0; round 2 C–A 0-1,
// B–H ½-½, D–F 1-0, G–E ½-½. Points before round 3: A 2, B 1½, C 1, D 1, E ½, F 0,
// G ½, H 1½. Round 3: A–B 1-0, H–C 1-0, E–D ½-½, F–G 0-1.

#[test]
fn show_prints_the_last_round_with_names_ratings_and_points_before() {
    let (code, out, err) = bsw(&["show", &worked_example()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Round 3 of 3"), "{out}");
    let words = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert_eq!(words(lines[1])[..3], ["Bd", "White", "Rtg"]);
    assert_eq!(words(lines[2]), ["1", "A", "(1)", "2400", "2", "1-0", "B", "(2)", "2300", "1½"]);
    assert_eq!(words(lines[3]), ["2", "H", "(8)", "1700", "1½", "1-0", "C", "(3)", "2200", "1"]);
    assert_eq!(words(lines[4]), ["3", "E", "(5)", "2000", "½", "1/2-1/2", "D", "(4)", "2100", "1"]);
    assert_eq!(words(lines[5]), ["4", "F", "(6)", "1900", "0", "0-1", "G", "(7)", "1800", "½"]);
    assert_eq!(lines.len(), 6, "{out}");
}

#[test]
fn show_csv_and_json_carry_the_same_list() {
    let (code, out, _) = bsw(&["show", &worked_example(), "--round", "2", "--csv"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "round,board,white,white_name,white_rating,white_points,black,black_name,black_rating,black_points,result"
    );
    assert_eq!(lines[1], "2,1,3,C,2200,1,1,A,2400,1,0-1");
    assert_eq!(lines[2], "2,2,2,B,2300,1,8,H,1700,1,1/2-1/2");
    assert_eq!(lines[4], "2,4,7,G,1800,0,5,E,2000,0,1/2-1/2");
    assert_eq!(lines.len(), 5);
    let (code, out, _) = bsw(&["show", &worked_example(), "--round", "3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["round"], 3);
    let b = &v["boards"][1];
    assert_eq!(b["board"], 2);
    assert_eq!(b["white"]["name"], "H");
    assert_eq!(b["white"]["points_before"], 1.5);
    assert_eq!(b["black"]["id"], 3);
    assert_eq!(b["black"]["rating"], 2200);
    assert_eq!(b["result"], "1-0");
}

#[test]
fn show_lists_byes_and_refuses_rounds_that_do_not_exist() {
    let (tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    let (code, _, err) = bsw(&["show", d]);
    assert_eq!(code, 2);
    assert_contains(&err, "no round has been paired yet");
    assert_eq!(bsw(&["pair", d]).0, 0);
    let (code, out, _) = bsw(&["show", d]);
    assert_eq!(code, 0);
    assert!(out.contains("Moberg (13)") && out.contains("bye (1 point)"), "{out}");
    assert_contains(&out, "6 of 6 game(s) still without a result");
    let (code, out, _) = bsw(&["show", d, "--csv"]);
    assert_eq!(code, 0);
    assert_contains(&out, "\n1,7,13,Moberg,1950,0,,,,,bye\n");
    for (r, expected) in [
        ("2", "--round: round 2 has not been paired (the last paired round is 1)"),
        ("0", "--round: rounds are numbered from 1"),
    ] {
        let (code, _, err) = bsw(&["show", d, "--round", r]);
        assert_eq!(code, 2);
        assert!(err.contains(expected), "{err}");
    }
    let (code, _, err) = bsw(&["show", tmp.path().join("nope").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "no such file or directory");
}

#[test]
fn pair_table_prints_names_and_still_appends_the_csv_rows() {
    let (_tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    let (code, out, err) = bsw(&["pair", d, "--table"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Round 1 of 3"), "{out}");
    assert!(!out.contains("round,board,white,black,result"), "{out}");
    assert_contains(&out, "Moberg (13)");
    let file = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    assert_eq!(file.lines().count(), 8, "{file}");
    assert!(file.ends_with("1,7,13,,bye\n"), "{file}");
    // The same list as bsw show.
    assert_eq!(bsw(&["show", d]).1, out);
}

#[test]
fn standings_crosstable_gives_opponent_rank_colour_and_result() {
    // --tiebreaks TPN makes the ranks plain: A 3; H 2½; B, D, G 1½; C, E 1; F 0, ties by
    // TPN: A 1, H 2, B 3, D 4, G 5, C 6, E 7, F 8.
    let (code, out, err) =
        bsw(&["standings", &worked_example(), "--tiebreaks", "TPN", "--crosstable"]);
    assert_eq!(code, 0, "{err}");
    let row = |name: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .find(|w| w.get(1).map(String::as_str) == Some(name))
            .unwrap_or_else(|| panic!("no line for {name}: {out}"))
    };
    assert_eq!(row("A"), ["1", "A", "2400", "7b1", "6b1", "3w1", "3"]);
    assert_eq!(row("H"), ["2", "H", "1700", "4w1", "3b½", "6w1", "2½"]);
    assert_eq!(row("F"), ["8", "F", "1900", "3w0", "4b0", "5w0", "0"]);
    assert_eq!(row("E"), ["7", "E", "2000", "1w0", "5b½", "4w½", "1"]);
}

#[test]
fn standings_crosstable_has_a_round_robin_table_per_group() {
    let (tmp, dir) = example_copy("berger-groups");
    let d = dir.to_str().unwrap();
    let (_, out, _) = bsw(&["pair", d]);
    // Every game of round 1 won by White; board 1 is a game of group 1.
    let board1: Vec<&str> = out.lines().nth(1).unwrap().split(',').collect();
    let (white, black) = (board1[2], board1[3]);
    let games = out.lines().filter(|l| l.ends_with(',')).count();
    let input: String = (1..=games).map(|b| format!("{b} 1-0\n")).collect();
    let file = tmp.path().join("r1.txt");
    std::fs::write(&file, input).unwrap();
    assert_eq!(bsw(&["result", d, "1", "--from", file.to_str().unwrap()]).0, 0);
    let (code, out, err) = bsw(&["standings", d, "--crosstable"]);
    assert_eq!(code, 0, "{err}");
    let names = ["Aalto", "Berg", "Carlsen", "Dahl"];
    let name = |id: &str| names[id.parse::<usize>().unwrap() - 1];
    let group1: Vec<Vec<String>> = out
        .split("Group 1")
        .nth(1)
        .unwrap()
        .lines()
        .skip(2)
        .take(4)
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let line = |n: &str| group1.iter().find(|w| w[1] == n).unwrap().clone();
    let (w, b) = (line(name(white)), line(name(black)));
    let rank = |l: &Vec<String>| l[0].parse::<usize>().unwrap();
    // Columns: Rk, Name, Rtg, then one per rank (`.`: not met yet), then Pts.
    assert_eq!(w[2 + rank(&b)], "1", "{out}");
    assert_eq!(b[2 + rank(&w)], "0", "{out}");
    assert_eq!(w[2 + rank(&w)], "x", "{out}");
    assert_eq!(w[7], "1");
    assert_contains(&out, "Group 2");
    // --crosstable is text for people: not with --csv / --json.
    assert_eq!(bsw(&["standings", d, "--crosstable", "--json"]).0, 2);
}

#[test]
fn show_and_crosstable_refuse_bad_files_with_file_line_and_field() {
    let (_tmp, dir) = example_copy("spec-11-worked-example");
    let rounds = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    std::fs::write(dir.join("rounds.csv"), rounds.replace("2,3,4,6,1-0", "2,3,4,99,1-0")).unwrap();
    let d = dir.to_str().unwrap();
    for args in [vec!["show", d], vec!["standings", d, "--crosstable"]] {
        let (code, out, err) = bsw(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert_contains(&err, "rounds.csv:8: black:");
    }
}
