//! `bsw check` run as a binary: verdicts, exit codes, JSON shape, profiles.

use std::path::{Path, PathBuf};

use crate::common;
use common::{assert_contains, bsw, copy_dir, root};

fn worked_example() -> PathBuf {
    root().join("corpus/examples/spec-11-worked-example")
}

/// The worked example with round 3 board 1 published B–A instead of A–B (A had Black twice:
/// §8.2 gives it White).
fn swapped_colours(dir: &Path) {
    copy_dir(&worked_example(), dir);
    let p = dir.join("rounds.csv");
    let text = std::fs::read_to_string(&p).unwrap().replace("3,1,1,2,1-0", "3,1,2,1,0-1");
    std::fs::write(p, text).unwrap();
}

#[test]
fn conforming_directory_exits_0_with_verdict_last() {
    let (code, out, err) = bsw(&["check", worked_example().to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.lines().last().unwrap(),
        "verdict: conforming (3 rounds certified, profile berger-swiss)"
    );
}

#[test]
fn violation_exits_1_and_names_round_rule_players() {
    let tmp = tempfile::tempdir().unwrap();
    swapped_colours(tmp.path());
    let (code, out, _) = bsw(&["check", tmp.path().to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert_contains(&out, "round 3 rule 8.2:");
    assert_contains(&out, "players: 1 A, 2 B");
    // The evidence in words, not JSON.
    assert_contains(&out, "  evidence:\n    expected: 1 A (White) – 2 B (Black)\n");
    assert_contains(&out, "    published: 2 B (White) – 1 A (Black)\n");
    assert!(!out.contains('{'), "{out}");
    assert!(out.lines().last().unwrap().starts_with("verdict: violations (1 in 3 rounds"), "{out}");
}

#[test]
fn json_report_is_exactly_the_contract() {
    let tmp = tempfile::tempdir().unwrap();
    swapped_colours(tmp.path());
    let (code, out, _) = bsw(&["check", "--json", tmp.path().to_str().unwrap()]);
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["verdict"], "violations");
    assert_eq!(j["rounds"].as_array().unwrap().len(), 3);
    let v = &j["rounds"][2]["violations"][0];
    assert_eq!(v["rule"], "8.2");
    assert_eq!(v["players"], serde_json::json!([1, 2]));
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["evidence", "message", "players", "rule"]);
    assert_eq!(j["rounds"][0]["violations"], serde_json::json!([]));
    assert_eq!(j["rounds"][1]["violations"], serde_json::json!([]));

    let (code, out, _) = bsw(&["check", "--json", worked_example().to_str().unwrap()]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["verdict"], "conforming");
}

#[test]
fn trf_defaults_to_generic_profile() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/samples/dutch-501-players-9-rounds.trf");
    assert!(sample.is_file(), "{}: sample missing", sample.display());
    let (code, out, err) = bsw(&["check", sample.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "round 9 note: largest score difference");
    assert!(out.lines().last().unwrap().ends_with("profile generic)"), "{out}");
}

#[test]
fn a_trf_that_declares_the_dutch_system_defaults_to_the_dutch_profile() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch/small-104.trf");
    let (code, out, err) = bsw(&["check", sample.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.lines().last().unwrap().ends_with("profile dutch)"), "{out}");
    assert!(err.contains("profile dutch"), "{err}");
}

#[test]
fn generic_profile_on_a_directory() {
    let (code, out, _) =
        bsw(&["check", "--profile", "generic", worked_example().to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("profile generic"));
}

#[test]
fn unusable_input_exits_2() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, err) = bsw(&["check", tmp.path().join("nope").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "nope");
    copy_dir(&worked_example(), tmp.path());
    std::fs::write(tmp.path().join("rounds.csv"), "round,board,white,black,result\n1,1,5,99,1-0\n")
        .unwrap();
    let (code, _, err) = bsw(&["check", tmp.path().to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "rounds.csv:2");
}

/// `bsw check --json` prints the checker's golden reports (`checker/tests/golden/`, compared
/// there for many more tournaments): same keys and values, key order free.
#[test]
fn json_output_matches_the_checker_golden_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for (dir, golden, profile) in [
        (
            "corpus/cases/check-avoidable-rematch/tournament",
            "corpus-check-avoidable-rematch",
            "berger-swiss",
        ),
        (
            "corpus/cases/check-wrong-greedy-choice/tournament",
            "corpus-check-wrong-greedy-choice",
            "berger-swiss",
        ),
        (
            "corpus/cases/check-berger-colours-reversed/tournament",
            "corpus-check-berger-colours-reversed",
            "berger-swiss",
        ),
        ("corpus/examples/berger-groups", "example-berger-groups", "berger-swiss"),
        (
            "corpus/examples/spec-11-worked-example",
            "generic-example-spec-11-worked-example",
            "generic",
        ),
    ] {
        let path = root.join(dir);
        let (_, out, err) = bsw(&["check", path.to_str().unwrap(), "--json", "--profile", profile]);
        let mut got: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{dir}: {e}: {out}{err}"));
        // The CLI adds the profile that judged the file to the checker's report.
        let judged = got.as_object_mut().and_then(|o| o.remove("profile"));
        assert_eq!(judged, Some(serde_json::Value::from(profile)), "{dir}");
        let text =
            std::fs::read_to_string(root.join(format!("checker/tests/golden/{golden}.json")))
                .unwrap();
        let want: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(got, want, "{dir}");
    }
}
