//! The arbiter's full-point bye (`full-bye`, TRF `0000 - F`): refused where the Berger-Swiss
//! system would have to hold it (a tournament directory), with the file, line
//! and field, exit 2 and nothing written.

use crate::common::{assert_contains, bsw, root, s, temp_path, write_file};

const FILE: &str = "corpus/trf/swiss-manager-arbiter-full-point-bye.trf";

#[test]
fn a_berger_swiss_directory_refuses_a_full_bye_row() {
    let (_tmp, dir) = temp_path("t");
    std::fs::create_dir_all(&dir).unwrap();
    write_file(&dir, "tournament.toml", "rounds = 3\n");
    write_file(&dir, "players.csv", "id,name,rating\n1,A,2000\n2,B,1900\n3,C,1800\n");
    let rounds = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,3,,full-bye\n";
    let path = write_file(&dir, "rounds.csv", rounds);
    for cmd in ["check", "pair", "standings"] {
        let (code, out, err) = bsw(&[cmd, s(&dir)]);
        assert_eq!(code, 2, "{cmd}: {out}{err}");
        assert_contains(&err, &format!("{}:3: result: `full-bye`", path.display()));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), rounds, "{cmd} wrote nothing");
    }
}

#[test]
fn importing_a_non_dutch_file_with_an_f_is_refused_naming_its_line() {
    let (_tmp, dir) = temp_path("t");
    let file = root().join(FILE);
    let (code, out, err) = bsw(&["trf", "import", s(&file), s(&dir)]);
    assert_eq!(code, 2, "{out}{err}");
    // Line 19 is player 7's `001` record (12 header records, then players 1-7).
    assert_contains(&err, &format!("{}:19: 001 round 2: player 7 has `0000 - F`", file.display()));
    assert!(!dir.exists(), "nothing written");
    // Read as it is by the generic profile and the standings: 7 scored F and U, 1 point each.
    let (code, out, err) = bsw(&["check", s(&file)]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = bsw(&["standings", s(&file)]);
    assert_eq!(code, 0, "{err}");
    let nyberg = out.lines().find(|l| l.contains("Nyberg")).unwrap();
    assert!(nyberg.split_whitespace().any(|w| w == "2.5"), "{out}");
}

#[test]
fn the_pairing_convention_pairs_the_file_by_the_dutch_system_without_a_pab_for_the_f() {
    // A file without our records is paired by the FIDE (Dutch) system: player 7 had the PAB
    // (round 1) and the arbiter's full-point bye (round 2): not eligible (C2); every other
    // player is, so the round-4 bye (7 players) goes to someone else.
    let (_tmp, dir) = temp_path("t");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join(FILE)).unwrap().replace("XXR 3", "XXR 4");
    let file = write_file(&dir, "f.trf", &text);
    let out = dir.join("out.txt");
    let (code, stdout, err) = bsw(&["pair", s(&file), "-p", s(&out)]);
    assert_eq!(code, 0, "{stdout}{err}");
    let answer = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines[0], "4", "{answer}");
    let bye: Vec<&str> = lines.iter().filter(|l| l.ends_with(" 0")).copied().collect();
    assert_eq!(bye.len(), 1, "{answer}");
    assert_ne!(bye[0], "7 0", "{answer}");
}
