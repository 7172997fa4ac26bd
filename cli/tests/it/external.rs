//! External engines through the `bsw` binary: `bsw pair FILE.trf -p` (the JaVaFo/bbpPairings
//! convention, also at the top level), `bsw` itself driven as an external engine (the same
//! summary as the built-in engine), and the deliberately faulty engines of
//! `harness/tests/fixtures/engines/`, each of which a campaign must catch, classify, shrink
//! and answer with exit 1.

use crate::common::{BSW, bsw, bsw_env, campaign, comparable, outcome, temp_path, write_file};
use serde_json::Value;
use std::path::Path;

fn fixture(name: &str) -> String {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../harness/tests/fixtures/engines").join(name);
    assert!(p.is_file(), "missing fixture {}", p.display());
    p.display().to_string()
}

/// A 6-player event after round 1 (games 1-4, 2-5, 3-6 decided), with player 6 asking for a
/// half-point absence in round 2 (`0000 - H`, counted in the points column); `BSV 1` says
/// that it is a Berger-Swiss event (plain Swiss: no groups).
const AFTER_ROUND_1: &str = "\
012 Six players
XXR 3
001    1      Alpha                             2400                             1.0    1     4 w 1
001    2      Bravo                             2300                             0.0    2     5 b 0
001    3      Charlie                           2200                             1.0    1     6 w 1
001    4      Delta                             2100                             0.0    4     1 b 0
001    5      Echo                              2000                             1.0    1     2 w 1
001    6      Foxtrot                           1900                             0.5    6     3 b 0  0000 - H
BSV 1
BSR 3
";

#[test]
fn pair_trf_writes_the_convention_format_and_honours_pre_entered_absences() {
    let tmp = tempfile::tempdir().unwrap();
    let input = write_file(tmp.path(), "in.trf", AFTER_ROUND_1);
    let out = tmp.path().join("out.txt");
    let (code, stdout, err) = bsw(&["pair", input.to_str().unwrap(), "-p", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stdout, "");
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Five players to pair (6 is absent): two games and a bye.
    assert_eq!(lines[0], "3", "{text}");
    assert_eq!(lines.len(), 4);
    let mut ids: Vec<u32> =
        lines[1..].iter().flat_map(|l| l.split(' ').map(|x| x.parse::<u32>().unwrap())).collect();
    ids.sort();
    assert_eq!(ids, [0, 1, 2, 3, 4, 5], "{text}");
    assert!(lines[3].ends_with(" 0"), "the bye comes last: {text}");

    // The same pairs as `bsw pair DIR` on the imported tournament.
    let dir = tmp.path().join("t");
    assert_eq!(bsw(&["trf", "import", input.to_str().unwrap(), dir.to_str().unwrap()]).0, 0);
    let (code, csv, err) = bsw(&["pair", dir.to_str().unwrap(), "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    let from_dir: Vec<String> = csv
        .lines()
        .skip(1)
        .filter(|l| !l.ends_with("half-bye"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{} {}", f[2], if f[3].is_empty() { "0" } else { f[3] })
        })
        .collect();
    assert_eq!(lines[1..], from_dir.iter().map(String::as_str).collect::<Vec<_>>()[..]);

    // Standard output without OUTPUT; the top-level call of tournament managers.
    let (code, stdout, _) = bsw(&["pair", input.to_str().unwrap(), "-p"]);
    assert_eq!((code, stdout.as_str()), (0, text.as_str()));
    let (code, stdout, _) = bsw(&[input.to_str().unwrap(), "-p"]);
    assert_eq!((code, stdout.as_str()), (0, text.as_str()));
    let top = tmp.path().join("top.txt");
    let (code, _, _) = bsw(&[input.to_str().unwrap(), "-p", top.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&top).unwrap(), text);
}

#[test]
fn pair_trf_errors_exit_2_with_a_clear_message() {
    let tmp = tempfile::tempdir().unwrap();
    let input = write_file(tmp.path(), "in.trf", AFTER_ROUND_1);
    // `--dutch` pairs the same file by the FIDE (Dutch) system: the convention's format.
    let (code, stdout, err) = bsw(&["--dutch", input.to_str().unwrap(), "-p"]);
    assert_eq!(code, 0, "{err}");
    let n: usize = stdout.lines().next().unwrap().parse().unwrap();
    assert_eq!(stdout.lines().count(), n + 1, "{stdout}");
    let bad = write_file(tmp.path(), "bad.trf", "<html>Not found</html>\n");
    let (code, _, err) = bsw(&["pair", bad.to_str().unwrap(), "-p"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.trf"), "{err}");
    let out = tmp.path().join("never.txt");
    let (code, _, _) = bsw(&["pair", "/no/such.trf", "-p", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(!out.exists());
    // A file without our configuration (no `BSV` record) is paired as JaVaFo and
    // bbpPairings pair it: by the FIDE (Dutch) system.
    let plain = write_file(
        tmp.path(),
        "plain.trf",
        &AFTER_ROUND_1.replace("BSV 1\nBSR 3\n", "092 Swiss Dutch\n"),
    );
    let (code, dutch_out, err) = bsw(&["pair", plain.to_str().unwrap(), "-p"]);
    assert_eq!(code, 0, "{err}");
    assert!(dutch_out.lines().count() > 1, "{dutch_out}");
    // The points column may leave out the pre-entered half-point bye of round 2.
    let uncounted = write_file(
        tmp.path(),
        "uncounted.trf",
        &AFTER_ROUND_1.replace("  0.5    6     3 b 0  0000 - H", "  0.0    6     3 b 0  0000 - H"),
    );
    let (code, _, err) = bsw(&["pair", uncounted.to_str().unwrap(), "-p"]);
    assert_eq!(code, 0, "{err}");
    // `bsw pair DIR` keeps its contract: a TRF file without -p is refused.
    let (code, _, err) = bsw(&["pair", input.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("-p"), "{err}");
}

const SMALL: &[&str] =
    &["--tournaments", "12", "--players", "5..16", "--rounds", "3..6", "--seed", "3"];

#[test]
fn bsw_through_the_convention_gives_the_built_in_summary_whatever_the_jobs() {
    let (_tmp, f) = temp_path("failures");
    let engine = format!("{BSW} pair {{trf}} -p {{out}}");
    // Berger groups, swaps, withdrawals, absences: the configuration travels in the TRF.
    let common: Vec<&str> = SMALL.to_vec();
    let (code, builtin, _) = campaign(&common);
    assert_eq!(code, 0);
    for jobs in ["1", "2"] {
        let mut args = common.clone();
        args.extend(["--engine", &engine, "--jobs", jobs, "--failures"]);
        args.push(f.to_str().unwrap());
        let (code, ext, err) = campaign(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(ext["campaign"]["engine"]["profile"], "BergerSwiss");
        assert!(ext["rounds"].as_u64().unwrap() > 30);
        assert!(ext["ladder"]["swiss_rounds"].as_u64().unwrap() > 30);
        assert_eq!(comparable(ext), comparable(builtin.clone()));
    }
}

/// Runs a short campaign with a faulty engine; checks exit 1, the failure kind, and the files
/// of the first failure and of its shrunk version.
fn catches(fixture_name: &str, profile: &str, kind: &str, tournaments: &str) {
    let (_tmp, f) = temp_path("failures");
    let engine = format!("sh {} {{trf}} {{out}}", fixture(fixture_name));
    let mut args: Vec<&str> = SMALL.to_vec();
    args[1] = tournaments;
    args.extend([
        "--engine",
        &engine,
        "--profile",
        profile,
        "--engine-timeout",
        "0.3",
        "--shrink-max",
        "1",
        "--shrink-budget",
        "8",
        "--engine-recheck",
        "1",
        "--failures",
    ]);
    args.push(f.to_str().unwrap());
    let (code, v, err) = campaign(&args);
    assert_eq!(code, 1, "{fixture_name}: {err}");
    let kinds = v["failure_kinds"].as_object().unwrap();
    assert!(
        kinds.keys().any(|k| k.contains(kind)),
        "{fixture_name} under {profile}: want `{kind}`, got {kinds:?}"
    );
    if kind == "nondeterministic output" {
        // A replay of a nondeterministic engine need not fail again: no files to insist on.
        return;
    }
    let first = v["failures"][0]["index"].as_u64().unwrap();
    let case = f.join(format!("tournament-{first}"));
    for file in ["README.md", "input.trf", "command.txt", "stderr.txt", "players.csv"] {
        assert!(case.join(file).is_file(), "{fixture_name}: no {file} in {}", case.display());
    }
    let shrunk = case.join("shrunk");
    let readme = std::fs::read_to_string(shrunk.join("README.md")).unwrap();
    assert!(readme.contains("Re-run the failing call"), "{readme}");
    assert!(shrunk.join("input.trf").is_file());
    let top = std::fs::read_to_string(case.join("README.md")).unwrap();
    assert!(top.contains("bsw generate --seed") && top.contains("--engine"), "{top}");
}

/// Runs `line`, a command as a failure README writes it (`bsw …` with DIR for a new
/// directory), through `sh` with `bsw` on the PATH, in `cwd`; returns (code, stdout, stderr).
fn run_pasted(line: &str, cwd: &Path) -> (i32, String, String) {
    let bin = cwd.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("bsw");
    if !link.exists() {
        std::os::unix::fs::symlink(BSW, &link).unwrap();
    }
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(line.replace(" DIR", " case-dir"))
        .current_dir(cwd)
        .env("PATH", path)
        .env("BSW", BSW)
        .output()
        .unwrap();
    outcome(out)
}

/// Every command a failure README writes does, when pasted, what the campaign did: the
/// tournament command fails the same way and the campaign command fails with the same kind,
/// within the campaign's own time limit (a limit written in the wrong unit made a re-run of
/// a hanging engine wait hours).
#[test]
fn the_commands_of_a_failure_readme_reproduce_the_campaign() {
    for (fixture_name, kind) in
        [("hang.sh", "time-out"), ("swap-colours.sh", "violation of rule 8.2")]
    {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("failures");
        let engine = format!("sh {} {{trf}} {{out}}", fixture(fixture_name));
        let mut args: Vec<&str> = SMALL.to_vec();
        args[1] = "3";
        args.extend(["--engine", &engine, "--engine-timeout", "0.3", "--shrink-max", "0"]);
        args.extend(["--failures", f.to_str().unwrap()]);
        let (code, v, err) = campaign(&args);
        assert_eq!(code, 1, "{fixture_name}: {err}");
        let first = v["failures"][0]["index"].as_u64().unwrap();
        let readme =
            std::fs::read_to_string(f.join(format!("tournament-{first}/README.md"))).unwrap();
        let commands: Vec<&str> =
            readme.lines().map(str::trim).filter(|l| l.starts_with("bsw ")).collect();
        let generate = commands.iter().find(|l| l.starts_with("bsw generate")).expect("generate");
        let simulate = commands.iter().find(|l| l.starts_with("bsw simulate")).expect("simulate");
        assert!(generate.contains("--engine-timeout 300ms"), "{generate}");
        let started = std::time::Instant::now();
        let (code, out, err) = run_pasted(generate, tmp.path());
        assert_eq!(code, 1, "{fixture_name}: `{generate}` exits {code}: {err}");
        let said = format!("{out}{err}");
        assert!(said.contains(kind), "{fixture_name}: `{generate}` says:\n{said}");
        let (code, out, err) = run_pasted(&format!("{simulate} --json"), tmp.path());
        assert_eq!(code, 1, "{fixture_name}: `{simulate}` exits {code}: {err}");
        let again: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(again["failure_kinds"], v["failure_kinds"], "{fixture_name}: `{simulate}`");
        assert!(
            started.elapsed().as_secs() < 60,
            "{fixture_name}: the pasted commands took too long"
        );
    }
}

#[test]
fn a_colour_swap_is_caught_under_the_berger_swiss_profile() {
    catches("swap-colours.sh", "berger-swiss", "violation of rule 8.2", "4");
}

#[test]
fn a_rematch_is_caught_under_both_profiles() {
    catches("rematch.sh", "generic", "violation of rule C.04.1-2", "4");
    catches("rematch.sh", "berger-swiss", "violation of rule", "4");
}

#[test]
fn a_second_bye_is_caught_under_both_profiles() {
    catches("second-bye.sh", "generic", "violation of rule C.04.1-4", "6");
    catches("second-bye.sh", "berger-swiss", "violation of rule 8.1", "6");
}

#[test]
fn a_hanging_engine_times_out() {
    catches("hang.sh", "generic", "time-out", "2");
}

#[test]
fn garbage_output_is_bad_output() {
    catches("garbage.sh", "generic", "bad output", "2");
}

#[test]
fn an_exit_code_is_reported_with_stderr() {
    catches("exit3.sh", "berger-swiss", "exit code 3", "2");
}

#[test]
fn engine_nondeterminism_is_detected() {
    catches("random-board-order.sh", "generic", "nondeterministic output", "4");
}

#[test]
fn generate_with_an_external_engine_keeps_the_failing_call() {
    let (_tmp, dir) = temp_path("g");
    let engine = format!("sh {} {{trf}} {{out}}", fixture("exit3.sh"));
    let (code, out, err) =
        bsw_env(&["generate", "--seed", "4", "--engine", &engine, dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("exit code 3"), "{out}");
    let stderr = std::fs::read_to_string(dir.join("stderr.txt")).unwrap();
    assert!(stderr.contains("internal error"), "{stderr}");
    assert!(dir.join("input.trf").is_file());
}

#[test]
fn engine_flags_are_checked_before_anything_runs() {
    let (code, _, err) = bsw(&["simulate", "--engine", "no-such-engine-xyz {trf}"]);
    assert_eq!(code, 2);
    assert!(err.contains("not found"), "{err}");
    let (code, _, err) = bsw(&["simulate", "--engine", "sh -p {out}"]);
    assert_eq!(code, 2);
    assert!(err.contains("{trf}"), "{err}");
    let (code, _, err) = bsw(&["simulate", "--engine", "sh {trf}", "--profile", "swiss"]);
    assert_eq!(code, 2);
    assert!(err.contains("generic, berger-swiss or dutch"), "{err}");
    let (code, _, err) = bsw(&["simulate", "--engine", "sh {trf}", "--engine-timeout", "soon"]);
    assert_eq!(code, 2);
    assert!(err.contains("--engine-timeout"), "{err}");
}

#[test]
fn shards_of_an_external_campaign_merge_and_refuse_another_engine() {
    let tmp = tempfile::tempdir().unwrap();
    let engine = format!("{BSW} pair {{trf}} -p {{out}}");
    let mut common: Vec<&str> = SMALL.to_vec();
    common[1] = "6";
    common.extend(["--engine", &engine]);
    let (_, whole, _) = campaign(&common);
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let mut args = common.clone();
        args.extend(["--shard", shard]);
        let (code, v, err) = campaign(&args);
        assert_eq!(code, 0, "{err}");
        let f = tmp.path().join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f);
    }
    let (code, merged, err) = bsw_env(&[
        "simulate",
        "--json",
        "--merge",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut merged = comparable(serde_json::from_str(&merged).unwrap());
    let mut whole = comparable(whole);
    for v in [&mut merged, &mut whole] {
        v["campaign"].as_object_mut().unwrap().remove("shards");
    }
    assert_eq!(merged, whole);

    // A shard of the same campaign with the built-in engine is another campaign.
    let mut args: Vec<&str> = SMALL.to_vec();
    args[1] = "6";
    args.extend(["--shard", "2/2"]);
    let (_, builtin, _) = campaign(&args);
    let other = tmp.path().join("builtin.json");
    std::fs::write(&other, builtin.to_string()).unwrap();
    let (code, _, err) =
        bsw(&["simulate", "--merge", files[0].to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("different campaigns"), "{err}");
}

#[test]
fn a_crash_by_signal_is_its_own_kind() {
    let (_tmp, f) = temp_path("failures");
    let (code, v, err) = campaign(&[
        "--tournaments",
        "2",
        "--engine",
        "sh -c 'kill -SEGV $$' {trf}",
        "--shrink-budget",
        "4",
        "--failures",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(v["failure_kinds"]["engine error crash (signal 11)"], 2, "{v}");
    assert!(f.join("tournament-0/shrunk/input.trf").is_file());
}

/// A TRF that declares no system, whose player 6 was absent (`0000 - Z`) in the last round
/// played: `-p` pairs every player whose next-round column is empty, as JaVaFo and
/// bbpPairings do (reading it to certify or rank takes player 6 as withdrawn instead).
#[test]
fn the_convention_pairs_a_player_absent_in_the_last_round() {
    let text = "\
012 Absent in round 2
XXR 3
001    1      Alpha                             2400                             2.0    1     4 w 1     2 b 1
001    2      Bravo                             2300                             1.0    5     5 b 1     1 w 0
001    3      Charlie                           2200                             1.0    3     6 w 1     4 b 0
001    4      Delta                             2100                             1.0    4     1 b 0     3 w 1
001    5      Echo                              2000                             1.0    6     2 w 0  0000 - U
001    6      Foxtrot                           1900                             0.0    2     3 b 0  0000 - Z
";
    let tmp = tempfile::tempdir().unwrap();
    let input = write_file(tmp.path(), "in.trf", text);
    let (code, out, err) = bsw(&[input.to_str().unwrap(), "-p"]);
    assert_eq!(code, 0, "{err}");
    let mut paired =
        out.lines().skip(1).flat_map(|l| l.split_whitespace().map(|x| x.parse::<u32>().unwrap()));
    assert!(paired.any(|p| p == 6), "player 6 is not paired:\n{out}");
    assert_eq!(out.lines().next(), Some("3"), "{out}");
}
