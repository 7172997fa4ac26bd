//! `bsw simulate` run as a binary: determinism across --jobs, shards that merge into the whole
//! campaign, exit codes, and the failure path (test switch `--test-corrupt-board1`).

use serde_json::Value;

use crate::common::{assert_contains, bsw_in, s};

/// The JSON summary without what depends on the clock.
fn timeless(json: &str) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap();
    v.as_object_mut().unwrap().remove("timing");
    v
}

#[test]
fn same_seed_same_summary_with_one_or_two_jobs() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |jobs: &str| {
        let (code, out, err) = bsw_in(
            tmp.path(),
            &["simulate", "--tournaments", "60", "--seed", "42", "--jobs", jobs, "--json"],
        );
        assert_eq!(code, 0, "{err}");
        out
    };
    let (a, b) = (run("1"), run("2"));
    let va = timeless(&a);
    assert_eq!(va, timeless(&b));
    assert_eq!(va["tournaments"], 60);
    assert!(va["rounds"].as_u64().unwrap() >= 60 * 3);
    assert_eq!(va["violations"], 0);
    assert_eq!(va["engine_errors"], 0);
    // another seed gives another campaign
    let (_, c, _) =
        bsw_in(tmp.path(), &["simulate", "--tournaments", "60", "--seed", "43", "--json"]);
    assert_ne!(va, timeless(&c));
}

#[test]
fn shards_merge_into_the_whole_campaign() {
    let tmp = tempfile::tempdir().unwrap();
    let base = ["simulate", "--tournaments", "50", "--seed", "7", "--json"];
    let (code, whole, _) = bsw_in(tmp.path(), &base);
    assert_eq!(code, 0);
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let (code, out, err) = bsw_in(tmp.path(), &[&base[..], &["--shard", shard]].concat());
        assert_eq!(code, 0, "{err}");
        let f = tmp.path().join(format!("shard{}.json", &shard[..1]));
        std::fs::write(&f, out).unwrap();
        files.push(f);
    }
    let mut args = vec!["simulate", "--json", "--merge"];
    args.extend(files.iter().map(|f| s(f)));
    let (code, merged, err) = bsw_in(tmp.path(), &args);
    assert_eq!(code, 0, "{err}");
    let mut m = timeless(&merged);
    assert_eq!(m["campaign"]["shards"], serde_json::json!(["1/3", "2/3", "3/3"]));
    m["campaign"]["shards"] = serde_json::json!([]);
    assert_eq!(m, timeless(&whole));
    // round counts of the timing histograms add up too
    let mv: Value = serde_json::from_str(&merged).unwrap();
    let wv: Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(mv["timing"]["engine"]["count"], wv["timing"]["engine"]["count"]);
    assert_eq!(
        mv["timing"]["engine"]["buckets"]
            .as_object()
            .unwrap()
            .values()
            .map(|x| x.as_u64().unwrap())
            .sum::<u64>(),
        wv["rounds"].as_u64().unwrap()
    );
}

#[test]
fn merge_refuses_summaries_of_different_campaigns() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, a, _) = bsw_in(
        tmp.path(),
        &["simulate", "--tournaments", "10", "--seed", "1", "--shard", "1/2", "--json"],
    );
    let (_, b, _) = bsw_in(
        tmp.path(),
        &["simulate", "--tournaments", "10", "--seed", "2", "--shard", "2/2", "--json"],
    );
    std::fs::write(tmp.path().join("a.json"), a).unwrap();
    std::fs::write(tmp.path().join("b.json"), b).unwrap();
    let (code, _, err) = bsw_in(tmp.path(), &["simulate", "--merge", "a.json", "b.json"]);
    assert_eq!(code, 2);
    assert_contains(&err, "different campaigns");
}

#[test]
fn text_summary_names_every_section() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) =
        bsw_in(tmp.path(), &["simulate", "--tournaments", "30", "--group-rate", "1"]);
    assert_eq!(code, 0, "{out}");
    // stderr is not a terminal here: plain progress lines, the last one at 30/30
    assert!(err.lines().any(|l| l.starts_with("simulate: 30/30 tournaments")), "{err}");
    for needle in [
        "tournaments 30",
        "violations 0",
        "exercised: plain Swiss",
        "engine errors 0",
        "ladder",
        "Swiss byes",
        "engine  time per round",
        "checker time per round",
        "slowest round",
        "PASS",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
    // no failures, no failures directory
    assert!(!tmp.path().join("failures").exists());
}

#[test]
fn bad_options_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in [vec!["--shard", "4/3"], vec!["--shard", "0/3"], vec!["--withdraw-rate", "-0.1"]] {
        let (code, _, err) =
            bsw_in(tmp.path(), &[&["simulate", "--tournaments", "5"][..], &bad[..]].concat());
        assert_eq!(code, 2, "{bad:?}: {err}");
    }
}

#[test]
fn corrupted_engine_output_fails_and_is_written_and_shrunk() {
    // Test switch: board 1 colours are swapped in every round with >= 14 players paired. The
    // checker must flag it (SPEC §8.2 or the Berger table of §4 decide every game's colours),
    // the run must exit 1, and each failure must land in ./failures/<seed>/ with a README
    // naming the command, plus a shrunk case that is smaller and still fails `bsw check`.
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) = bsw_in(
        tmp.path(),
        &[
            "simulate",
            "--tournaments",
            "8",
            "--seed",
            "5",
            "--players",
            "30..50",
            "--test-corrupt-board1",
            "14",
            "--shrink-max",
            "2",
            "--json",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["violations"].as_u64().unwrap() >= 1);
    assert_eq!(v["failing_tournaments"], 8, "every tournament has a round with >= 14 players");
    let fdir = tmp.path().join("failures/5");
    let first = v["failures"][0]["index"].as_u64().unwrap();
    let case = fdir.join(format!("tournament-{first}"));
    let readme = std::fs::read_to_string(case.join("README.md")).unwrap();
    let tseed = v["failures"][0]["tournament_seed"].as_u64().unwrap();
    assert_contains(&readme, &format!("bsw generate --seed {tseed} "));
    // the original fails `bsw check`
    let (code, _, _) = bsw_in(tmp.path(), &["check", s(&case)]);
    assert_eq!(code, 1);
    // the shrunk case: fewer players (14 suffice and some tournament has more), one round
    let orig = bsw_model::io::read_dir(&case).unwrap();
    let shrunk = bsw_model::io::read_dir(&case.join("shrunk")).unwrap();
    assert!(shrunk.players.len() <= orig.players.len());
    assert!(
        shrunk.players.len() >= 14 && shrunk.players.len() < 30,
        "{} players",
        shrunk.players.len()
    );
    // it fails in round 1 and keeps no more rounds than that, or than the shortest Berger
    // schedule (3) when the broken board is a group game (SPEC §4 then flags it, not §8.2)
    assert_eq!(shrunk.last_round(), 1);
    assert!(shrunk.config.rounds.unwrap_or(3) <= 3, "{:?}", shrunk.config);
    assert!(shrunk.config.groups.iter().all(|&k| k <= 4), "{:?}", shrunk.config);
    let report = bsw_checker::check(&shrunk, bsw_checker::Profile::BergerSwiss);
    assert!(!report.is_conforming());
    let (code, _, _) = bsw_in(tmp.path(), &["check", s(&case.join("shrunk"))]);
    assert_eq!(code, 1);
    // generate --seed reproduces the original directory
    let again = tmp.path().join("again");
    let cmd: Vec<String> = readme
        .lines()
        .find(|l| l.trim_start().starts_with("bsw generate"))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    let mut args: Vec<&str> = cmd.iter().map(String::as_str).collect();
    *args.last_mut().unwrap() = s(&again);
    let (code, _, _) = bsw_in(tmp.path(), &args);
    assert_eq!(code, 1);
    for f in ["tournament.toml", "players.csv", "rounds.csv"] {
        assert_eq!(
            std::fs::read_to_string(case.join(f)).unwrap(),
            std::fs::read_to_string(again.join(f)).unwrap(),
            "{f}"
        );
    }
}
