//! `bsw bench`: the files it writes and its refusals (issue 8).
use crate::common::assert_contains;
use crate::common::bsw_command as bsw;

/// What the CSV header must be: the columns issue 8 names, in its order, then the extras.
const HEADER: &str = "size,round,level,pairing_ms,checking_ms,matching_calls,augmenting_paths,nodes_visited,peak_rss_mb,levels_tried,field_size,check,filter_rejections,fallback_searches,brackets,global_brackets,fallbacks,class_model,compressed,expanded,guessed,restarts,dual_steps";

#[test]
fn bench_writes_one_csv_row_per_size_and_round_and_a_plot_with_the_exponent() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    // Sizes given out of order: they run ascending.
    let o = bsw()
        .args(["bench", "--sizes", "40,20", "--rounds", "3", "--seed", "5", "--check", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "stdout: {stdout}\nstderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );

    let csv = std::fs::read_to_string(out.join("bench.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(HEADER));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // 2 sizes x 3 rounds, sizes ascending, rounds 1..3.
    let keys: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(
        keys,
        vec![("20", "1"), ("20", "2"), ("20", "3"), ("40", "1"), ("40", "2"), ("40", "3")]
    );
    for r in &rows {
        assert_eq!(r.len(), 23, "{r:?}");
        // The Dutch columns are empty in a Berger-Swiss round.
        assert!(r[14..].iter().all(|x| x.is_empty()), "{r:?}");
        // Round 1 and later: every field is Swiss, so a level like `no/2/yes/0` is reported.
        assert_eq!(r[2].split('/').count(), 4, "{r:?}");
        assert!(r[3].parse::<f64>().unwrap() >= 0.0);
        assert!(r[6].parse::<u64>().is_ok() && r[7].parse::<u64>().is_ok());
        // The greedy's counting-filter rejections and fallback searches: counts.
        assert!(r[12].parse::<u64>().is_ok() && r[13].parse::<u64>().is_ok(), "{r:?}");
        // Peak memory (VmHWM, Linux): a positive number of MB.
        if cfg!(target_os = "linux") {
            assert!(r[8].parse::<f64>().unwrap() > 0.0, "{r:?}");
        }
        // The whole field is Swiss: field size = tournament size.
        assert_eq!(r[10], r[0]);
        // --check: the engine's rounds are certified (or the checker is not there yet).
        assert!(r[11] == "conforming" || r[11] == "n/a", "{r:?}");
        if r[11] == "conforming" {
            assert!(r[4].parse::<f64>().unwrap() >= 0.0);
        }
    }
    // Round 1 of a plain Swiss is always paired at the strictest level (everyone on 0 points,
    // no history): SPEC §8.3 starts at (no, 2, yes, 0).
    assert_eq!(rows[0][2], "no/2/yes/0");

    let svg = std::fs::read_to_string(out.join("scaling.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
    assert!(svg.contains("fitted exponent: "), "the exponent label is missing from the plot");
    assert!(svg.contains("players (log scale)"));

    // The terminal table has the same rows and the exponent.
    assert_contains(&stdout, "pairing time ~ players^");
    assert_contains(&stdout, "pairing exponent from 20 to 40 players");
}

#[test]
fn bench_is_deterministic_apart_from_times_and_memory() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let out = dir.path().join(name);
        let o = bsw()
            .args(["bench", "--sizes", "30", "--rounds", "4", "--seed", "9", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0));
        let csv = std::fs::read_to_string(out.join("bench.csv")).unwrap();
        // Keep the columns that do not depend on the clock or the allocator.
        csv.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                [f[0], f[1], f[2], f[5], f[6], f[7], f[9], f[10], f[12], f[13]].join(",")
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run("a"), run("b"));
}

#[test]
fn bench_refuses_a_zero_size_with_exit_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = bsw().args(["bench", "--sizes", "100,0", "--out"]).arg(&out).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--sizes"));
    assert!(!out.exists());
}

#[test]
fn bench_refuses_an_unknown_result_model() {
    let dir = tempfile::tempdir().unwrap();
    let o = bsw()
        .args(["bench", "--sizes", "10", "--results", "dice", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}
