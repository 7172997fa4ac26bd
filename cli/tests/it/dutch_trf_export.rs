//! `bsw trf export` of a FIDE (Dutch) System directory whose ids are not in the SPEC §1
//! order: the TRF's start numbers are the pairing numbers (another program pairing the file
//! pairs the same event), `BSI` gives the ids back on import, `BBU` carries `pab_points`.

use crate::common::{assert_same_tournament_files, bsw, s};
use std::collections::BTreeSet;
use std::path::Path;

/// Six players in `players.csv` order 30, 4, 17, 8, 2, 11; by rating (SPEC §1) the pairing
/// numbers are 1 = id 8 (2400), 2 = id 4 (2200), 3 = id 11 (2100), 4 = id 17 (2000),
/// 5 = id 30 (1800), 6 = id 2 (1600). Round 1 is C.04.3's S1-S2 pairing 1-4, 2-5, 3-6 with
/// White to the top player (`initial_colour = "white"`): 8-17, 30-4 (2 is even: Black), 11-2.
fn write_event(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("tournament.toml"),
        "name = \"Renumbered\"\nrounds = 4\nseed = 1\nsystem = \"dutch\"\ninitial_colour = \"white\"\npab_points = 0.5\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("players.csv"),
        "id,name,rating\n30,Echo,1800\n4,Bravo,2200\n17,Delta,2000\n8,Alpha,2400\n2,Foxtrot,1600\n11,Charlie,2100\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("rounds.csv"),
        "round,board,white,black,result\n1,1,8,17,1-0\n1,2,30,4,0-1\n1,3,11,2,1/2-1/2\n",
    )
    .unwrap();
}

/// Pairs of a `bsw pair DIR --dry-run` CSV answer (round,board,white,black,result).
fn dir_pairs(csv: &str) -> BTreeSet<(String, String)> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[2].to_string(), f[3].to_string())
        })
        .collect()
}

#[test]
fn a_dutch_export_numbers_players_by_pairing_number_and_pairs_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("event");
    write_event(&dir);
    let trf = tmp.path().join("event.trf");
    let (code, _, err) = bsw(&["trf", "export", s(&dir), "-o", s(&trf)]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&trf).unwrap();
    // Start number 1 is Alpha (id 8), 6 is Foxtrot (id 2); Alpha beat start number 4
    // (Delta, id 17) with White.
    let alpha = text.lines().find(|l| l.contains("Alpha")).unwrap();
    assert!(alpha.starts_with("001    1 "), "{alpha}");
    assert!(alpha.ends_with("   4 w 1"), "{alpha}");
    let foxtrot = text.lines().find(|l| l.contains("Foxtrot")).unwrap();
    assert!(foxtrot.starts_with("001    6 ") && foxtrot.ends_with("   3 b ="), "{foxtrot}");
    assert!(text.contains("\nBSI 8 4 11 17 30 2\n"), "{text}");
    assert!(text.contains("\nBBU  0.5\n") && text.contains("\nXXC white1\n"), "{text}");

    // Round trip: the same three files.
    let back = tmp.path().join("back");
    let (code, out, err) = bsw(&["trf", "import", s(&trf), s(&back)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("written from tournament.toml by the export"), "{out}");
    assert_same_tournament_files(&back, &dir);

    // The directory and the exported TRF (read through BSI) give the same round 2.
    let (code, csv, err) = bsw(&["pair", s(&dir), "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = bsw(&["pair", "--dutch", s(&trf), "-p"]);
    assert_eq!(code, 0, "{err}");
    let ids = ["8", "4", "11", "17", "30", "2"];
    let id = |n: &str| ids[n.parse::<usize>().unwrap() - 1].to_string();
    let from_trf: BTreeSet<(String, String)> = out
        .lines()
        .skip(1)
        .map(|l| {
            let (w, b) = l.split_once(' ').unwrap();
            (id(w), if b == "0" { String::new() } else { id(b) })
        })
        .collect();
    let from_dir = dir_pairs(&csv);
    assert_eq!(from_dir.len(), 3, "{csv}");
    assert_eq!(from_trf, from_dir, "TRF answer {out} against directory {csv}");
    // And the imported directory pairs the same round too.
    let (code, csv_back, _) = bsw(&["pair", s(&back), "--dry-run"]);
    assert_eq!(code, 0);
    assert_eq!(csv_back, csv);
}
