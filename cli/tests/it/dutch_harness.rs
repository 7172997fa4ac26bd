//! `--system dutch` in `bsw simulate`, `bsw generate` and `bsw bench`: every simulated round
//! certified by the generic and the Dutch checker profiles, a deliberately broken round
//! caught and shrunk, byte-identical output for one seed whatever the thread count,
//! generated players numbered in the SPEC §1 order.

use serde_json::Value;

use crate::common::{assert_contains, bsw, bsw_in, s};

fn timeless(json: &str) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap();
    v.as_object_mut().unwrap().remove("timing");
    v
}

const CAMPAIGN: [&str; 9] = [
    "simulate",
    "--system",
    "dutch",
    "--tournaments",
    "20",
    "--players",
    "5..40",
    "--seed",
    "2026",
];

#[test]
fn a_dutch_campaign_certifies_every_round_by_both_profiles_whatever_the_jobs() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |jobs: &str| {
        let args = [&CAMPAIGN[..], &["--jobs", jobs, "--json"]].concat();
        let (code, out, err) = bsw_in(tmp.path(), &args);
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    let (one, two) = (run("1"), run("2"));
    let v = timeless(&one);
    assert_eq!(v, timeless(&two));
    let rounds = v["rounds"].as_u64().unwrap();
    assert!(rounds >= 20 * 3 - 10, "{v}");
    assert_eq!(v["certified"]["generic"].as_u64(), Some(rounds));
    assert_eq!(v["certified"]["dutch"].as_u64(), Some(rounds));
    assert_eq!(v["campaign"]["params"]["system"], "dutch");
    assert_eq!(v["failing_tournaments"], 0);

    let (code, text, _) = bsw_in(tmp.path(), &CAMPAIGN);
    assert_eq!(code, 0);
    assert_contains(
        &text,
        &format!(
            "rounds certified conforming: {rounds} by profile dutch, {rounds} by profile generic"
        ),
    );
    assert_contains(&text, "system: FIDE (Dutch) C.04.3");
    assert!(!text.contains("ladder (SPEC 8.3)"), "{text}");
}

#[test]
fn a_broken_dutch_round_is_written_and_shrunk() {
    let tmp = tempfile::tempdir().unwrap();
    let failures = tmp.path().join("failures");
    let args = [
        "simulate",
        "--system",
        "dutch",
        "--tournaments",
        "4",
        "--players",
        "8..16",
        "--seed",
        "9",
        "--test-corrupt-board1",
        "6",
        "--shrink-max",
        "1",
        "--failures",
        s(&failures),
        "--json",
    ];
    let (code, out, err) = bsw_in(tmp.path(), &args);
    assert_eq!(code, 1, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["failing_tournaments"], 4);
    assert_eq!(v["failure_kinds"]["violation of rule C.04.3-5.2"], 4, "{v}");
    let first = v["failures"][0]["index"].as_u64().unwrap();
    let case = failures.join(format!("tournament-{first}"));
    let readme = std::fs::read_to_string(case.join("README.md")).unwrap();
    assert_contains(&readme, "--system dutch");
    assert_contains(&readme, "Shrunk case in `shrunk/`");
    // The shrunk case fails in the Dutch checker and is a Dutch tournament.
    let toml = std::fs::read_to_string(case.join("shrunk/tournament.toml")).unwrap();
    assert_contains(&toml, "system = \"dutch\"");
    let (code, out, _) = bsw(&["check", s(&case.join("shrunk"))]);
    assert_eq!(code, 1, "{out}");
    assert_contains(&out, "C.04.3-5.2");
}

#[test]
fn generate_dutch_writes_a_certified_event_numbered_in_spec_order_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    for d in [&a, &b] {
        let (code, out, err) = bsw(&[
            "generate",
            "--system",
            "dutch",
            "--seed",
            "31",
            "--players",
            "14",
            "--rounds",
            "5",
            s(d),
        ]);
        assert_eq!(code, 0, "{out}{err}");
        assert_contains(&out, "FIDE (Dutch) system");
    }
    for f in ["tournament.toml", "players.csv", "rounds.csv"] {
        assert_eq!(std::fs::read(a.join(f)).unwrap(), std::fs::read(b.join(f)).unwrap(), "{f}");
    }
    let toml = std::fs::read_to_string(a.join("tournament.toml")).unwrap();
    assert_contains(&toml, "system = \"dutch\"");
    assert_contains(&toml, "rounds = 5");
    let players = std::fs::read_to_string(a.join("players.csv")).unwrap();
    let rows: Vec<(u32, u32)> = players
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 14);
    for (k, w) in rows.windows(2).enumerate() {
        assert_eq!(w[0].0, k as u32 + 1);
        assert!(w[0].1 >= w[1].1, "ratings not descending: {players}");
    }
    for profile in ["dutch", "generic"] {
        let (code, out, err) = bsw(&["check", "--profile", profile, s(&a)]);
        assert_eq!(code, 0, "{out}{err}");
        assert_contains(&out, "conforming (5 rounds certified");
    }
    let (code, _, _) = bsw(&["standings", s(&a)]);
    assert_eq!(code, 0);
}

#[test]
fn bench_dutch_writes_the_same_csv_with_the_dutch_profile() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let (code, text, err) = bsw(&[
        "bench",
        "--system",
        "dutch",
        "--sizes",
        "12,24",
        "--rounds",
        "3",
        "--check",
        "--out",
        s(&out),
    ]);
    assert_eq!(code, 0, "{text}{err}");
    let csv = std::fs::read_to_string(out.join("bench.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 6);
    for r in &rows {
        assert_eq!(r[2], "-", "no ladder level in the Dutch system");
        assert_eq!(r[11], "conforming");
        assert_eq!(r[10], r[0], "every player paired in an event without absences");
        assert_eq!(r.len(), 23, "{r:?}");
        let num = |i: usize| r[i].parse::<u64>().unwrap_or_else(|_| panic!("column {i}: {r:?}"));
        if r[1] == "1" {
            // The first-round rule: no bracket matched, no matching.
            assert_eq!((num(5), num(14)), (0, 0), "{r:?}");
        } else {
            // Later rounds: brackets, each matched at least once (solves in matching_calls,
            // scanned vertices in nodes_visited), none of them on the whole field here.
            assert!(num(14) >= 1 && num(5) >= 1, "{r:?}");
            assert_eq!(num(15), 0, "{r:?}");
            for i in 16..23 {
                num(i);
            }
        }
    }
    let svg = std::fs::read_to_string(out.join("scaling.svg")).unwrap();
    assert_contains(&svg, "FIDE Dutch");
    // Any field size is tried now (a round fails only when a bracket needs the whole-field
    // matching beyond dutch::MAX_PLAYERS); a size of 0 is still refused before any work.
    let (code, _, err) =
        bsw(&["bench", "--system", "dutch", "--sizes", "0", "--out", s(&tmp.path().join("x"))]);
    assert_eq!(code, 2);
    assert_contains(&err, "positive numbers");
    assert!(!tmp.path().join("x").exists());
    // An external engine on Dutch events is certified by the Dutch profile only.
    let (code, _, err) = bsw(&[
        "simulate",
        "--system",
        "dutch",
        "--engine",
        "/bin/true {trf} -p {out}",
        "--profile",
        "generic",
        "--tournaments",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "--profile generic does not apply");
}
