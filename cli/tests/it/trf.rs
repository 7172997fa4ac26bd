//! `bsw trf export` / `bsw trf import` run as a binary.

use std::path::{Path, PathBuf};

use crate::common;
use common::bsw;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn export_to_stdout_writes_trf_with_the_spec_11_results() {
    let (code, out, _) = bsw(&[
        "trf",
        "export",
        s(&root().join("corpus/examples/spec-11-worked-example")),
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("012 SPEC 11 worked example"), "{out}");
    assert!(out.contains("\n142 3\n") && out.ends_with("XXR 3\n"));
    // Player A (id 1): 3.0 points, rank 1; R1 black against E (5) won, R2 black against C
    // (3) won, R3 white against B (2) won (SPEC §11 pairings, Danish seed results).
    let a = out.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(&a[80..89], " 3.0    1");
    assert_eq!(&a[91..], "   5 b 1     3 b 1     2 w 1");
}

#[test]
fn export_to_a_file_then_import_gives_the_same_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let trf = tmp.path().join("out.trf");
    let src = root().join("corpus/examples/spec-11-worked-example");
    let (code, out, _) = bsw(&["trf", "export", s(&src), "-o", s(&trf)]);
    assert_eq!((code, out.as_str()), (0, ""));
    let dest = tmp.path().join("imported");
    let (code, out, err) = bsw(&["trf", "import", s(&trf), s(&dest)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("imported 8 players, 3 rounds paired of 3"),
        "{out}"
    );
    for f in ["players.csv", "rounds.csv"] {
        assert_eq!(
            std::fs::read_to_string(dest.join(f)).unwrap(),
            std::fs::read_to_string(src.join(f)).unwrap(),
            "{f}"
        );
    }
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        2,
        "no temporary file left behind"
    );
}

#[test]
fn import_refuses_a_directory_that_holds_a_tournament_and_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dest = tmp.path().join("t");
    std::fs::create_dir(&dest).unwrap();
    std::fs::write(dest.join("players.csv"), "id,name,rating\n1,X,5\n").unwrap();
    let trf = root().join("model/tests/data/handmade.trf");
    let (code, _, err) = bsw(&["trf", "import", s(&trf), s(&dest)]);
    assert_eq!(code, 2);
    assert!(
        err.contains("already holds a tournament (players.csv exists)"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(&dest).unwrap().count(), 1);
    assert_eq!(
        std::fs::read_to_string(dest.join("players.csv")).unwrap(),
        "id,name,rating\n1,X,5\n"
    );
}

#[test]
fn import_of_a_bad_trf_exits_2_naming_the_line_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root().join("model/tests/data/handmade.trf")).unwrap();
    // Player 3's points column says 2.5 instead of 3.0 (line 8 of the file).
    let bad = text.replace(
        "NOR                         3.0",
        "NOR                         2.5",
    );
    assert_ne!(bad, text);
    let trf = tmp.path().join("bad.trf");
    std::fs::write(&trf, bad).unwrap();
    let dest = tmp.path().join("t");
    let (code, _, err) = bsw(&["trf", "import", s(&trf), s(&dest)]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.trf:8: 001 points: player 3 (Charlie, Cy) has 2.5 in the points column but the round results add up to 3.0"),
        "{err}"
    );
    assert!(!dest.exists());
}

#[test]
fn export_refusal_leaves_the_output_file_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.trf");
    std::fs::write(&out, "old").unwrap();
    let (code, _, err) = bsw(&[
        "trf",
        "export",
        s(&tmp.path().join("missing")),
        "-o",
        s(&out),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file or directory"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
}
