//! `bsw check-all`: one row per event with the verdict `bsw check` gives it, the worst exit
//! code, the same output whatever `--jobs`, nothing written under the inputs, time-outs,
//! Ctrl-C, and the refusals of an unusable `--out`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::common::{assert_contains, bsw, bsw_in, copy_dir, root, s};

fn corpus(path: &str) -> PathBuf {
    root().join("corpus").join(path)
}

/// A federation's folder: a conforming tournament directory (with a TRF in a subfolder of
/// its own, which is not a separate event), a directory with a violation, another program's
/// TRF whose name ends in upper case, a file that is no TRF, a broken directory, and files
/// that are no events.
fn federation(tmp: &Path) -> PathBuf {
    let fed = tmp.join("fed");
    let ok = fed.join("club/ok");
    copy_dir(&corpus("examples/spec-11-worked-example"), &ok);
    std::fs::create_dir_all(ok.join("old")).unwrap();
    std::fs::write(ok.join("old/draft.trf"), "not read: inside a tournament directory").unwrap();
    copy_dir(&corpus("cases/check-wrong-greedy-choice/tournament"), &fed.join("bad"));
    std::fs::copy(corpus("trf/lichess-style-utf8-bom.trf"), fed.join("club/Other.TRF")).unwrap();
    std::fs::write(fed.join("broken.trf"), "this is not a tournament report file\n").unwrap();
    let broken_dir = fed.join("z-broken-dir");
    copy_dir(&corpus("examples/spec-11-worked-example"), &broken_dir);
    let rounds = std::fs::read_to_string(broken_dir.join("rounds.csv")).unwrap();
    std::fs::write(broken_dir.join("rounds.csv"), rounds.replace("2,3,4,6,1-0", "2,3,4,6,2-0"))
        .unwrap();
    std::fs::write(fed.join("notes.txt"), "not an event").unwrap();
    std::fs::create_dir_all(fed.join("empty")).unwrap();
    fed
}

/// Every file under `dir` with its contents and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut all = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        all.insert(d.clone(), (Vec::new(), d.metadata().unwrap().modified().unwrap()));
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let m = p.metadata().unwrap().modified().unwrap();
                all.insert(p.clone(), (std::fs::read(&p).unwrap(), m));
            }
        }
    }
    all
}

fn summary(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("summary.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn events(out: &Path) -> Vec<serde_json::Value> {
    summary(out)["events"].as_array().unwrap().clone()
}

/// The verdict `bsw check` gives (from `cwd`), by its exit code.
fn check_verdict(cwd: &Path, path: &str, flags: &[&str]) -> (&'static str, serde_json::Value) {
    let mut args = vec!["check", path, "--json"];
    args.extend_from_slice(flags);
    let (code, out, err) = bsw_in(cwd, &args);
    let verdict = match code {
        0 => "conforming",
        1 => "violations",
        2 => "refused",
        _ => panic!("bsw check {path}: exit {code}: {err}"),
    };
    (verdict, serde_json::from_str(&out).unwrap_or(serde_json::Value::Null))
}

/// Every row has the verdict, profile and violation count of `bsw check` on its path alone.
fn assert_rows_match_check(cwd: &Path, out: &Path, flags: &[&str]) {
    for row in events(out) {
        let path = row["path"].as_str().unwrap();
        let (verdict, json) = check_verdict(cwd, path, flags);
        assert_eq!(row["verdict"], verdict, "{path}");
        if verdict == "refused" {
            assert_eq!(row["error"]["message"], json["error"]["message"], "{path}");
            assert!(row["certificate"].is_null());
            continue;
        }
        assert_eq!(row["profile"], json["profile"], "{path}");
        let count: usize = json["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["violations"].as_array().unwrap().len())
            .sum();
        assert_eq!(row["violations"], count, "{path}");
        assert_eq!(row["rounds"], json["rounds"].as_array().unwrap().len(), "{path}");
        let page = out.join(row["certificate"].as_str().unwrap());
        let html = std::fs::read_to_string(&page).unwrap();
        let word = if verdict == "conforming" { "Conforming" } else { "Violations" };
        assert_contains(&html, &format!("<strong>{word}"));
    }
}

#[test]
fn a_folder_gives_one_row_per_event_with_the_verdict_of_bsw_check() {
    let tmp = tempfile::tempdir().unwrap();
    federation(tmp.path());
    let before = snapshot(&tmp.path().join("fed"));
    let (code, stdout, err) = bsw_in(tmp.path(), &["check-all", "fed", "--out", "out"]);
    assert_eq!(code, 2, "worst: a refused file\n{stdout}{err}");
    assert_contains(&stdout, "5 events: 2 conforming, 1 with violations, 2 refused, 0 timed out");
    assert_eq!(before, snapshot(&tmp.path().join("fed")), "nothing under the input changes");

    let out = tmp.path().join("out");
    let rows = events(&out);
    let paths: Vec<&str> = rows.iter().map(|r| r["path"].as_str().unwrap()).collect();
    assert_eq!(
        paths,
        ["fed/bad", "fed/broken.trf", "fed/club/Other.TRF", "fed/club/ok", "fed/z-broken-dir"]
    );
    assert_rows_match_check(tmp.path(), &out, &[]);

    let by_path = |p: &str| rows.iter().find(|r| r["path"] == p).unwrap().clone();
    let bad = by_path("fed/bad");
    assert_eq!(bad["players"], 8);
    assert_eq!(bad["system"], "berger-swiss");
    let detail = bad["detail"].as_str().unwrap();
    assert!(detail.starts_with("round 2, rule 8.4: "), "{detail}");
    assert!(detail.ends_with("(players 1 A, 8 H, 3 C)"), "{detail}");
    assert_eq!(by_path("fed/club/Other.TRF")["profile"], "generic");
    let broken = by_path("fed/z-broken-dir");
    assert_contains(broken["detail"].as_str().unwrap(), "rounds.csv:8: result:");
    assert_eq!(broken["error"]["line"], 8);

    // The CSV: the same rows, in the same order, with the columns of the issue.
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(
        csv.lines().next().unwrap(),
        "path,verdict,profile,system,players,rounds,violations,detail,time_ms,certificate"
    );
    let records = csv_records(&csv);
    let csv_paths: Vec<&str> = records[1..].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(csv_paths, paths);
    assert!(records.iter().all(|r| r.len() == 10), "{records:?}");
    assert!(
        csv.contains("\nfed/bad,violations,berger-swiss,berger-swiss,8,2,1,\"round 2, rule 8.4")
    );
    assert!(csv.contains("\nfed/club/ok,conforming,berger-swiss,berger-swiss,8,3,0,,"));

    // The index links every certificate, and every page it links exists.
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    for row in &rows {
        assert_contains(&index, &format!(">{}<", row["path"].as_str().unwrap()));
        if let Some(page) = row["certificate"].as_str() {
            assert_contains(&index, &format!("href=\"{page}\""));
        }
    }
    let pages = std::fs::read_dir(out.join("certificates")).unwrap().count();
    assert_eq!(pages, 3);
    for bad in ["<link", "src=", "http://", "https://", "@import"] {
        assert!(!index.contains(bad), "{bad} in index.html");
    }
}

#[test]
fn the_exit_code_is_the_worst_event() {
    let tmp = tempfile::tempdir().unwrap();
    let fed = federation(tmp.path());
    let run = |paths: &[&Path]| {
        let out = tempfile::tempdir().unwrap();
        let mut args = vec!["check-all", "--out", s(out.path())];
        args.extend(paths.iter().map(|p| s(p)));
        bsw(&args).0
    };
    assert_eq!(run(&[&fed.join("club/ok")]), 0);
    assert_eq!(run(&[&fed.join("club")]), 0);
    assert_eq!(run(&[&fed.join("club"), &fed.join("bad")]), 1);
    assert_eq!(run(&[&fed.join("bad"), &fed.join("broken.trf")]), 2);
    // A path that does not exist is a refused row, as `bsw check` refuses it.
    assert_eq!(run(&[&fed.join("club/ok"), &fed.join("no-such.trf")]), 2);
}

/// The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes, line breaks).
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut cell) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut cell)),
            (false, '\n') => {
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => cell.push(c),
        }
    }
    assert!(cell.is_empty() && record.is_empty(), "the CSV ends with a line break");
    records
}

/// The rows without their times (the only thing that changes from run to run).
fn timeless(out: &Path) -> (serde_json::Value, Vec<Vec<String>>) {
    let mut json = summary(out);
    for e in json["events"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("time_ms");
    }
    let mut csv = csv_records(&std::fs::read_to_string(out.join("summary.csv")).unwrap());
    for record in &mut csv {
        assert_eq!(record.len(), 10, "{record:?}");
        record.remove(8);
    }
    (json, csv)
}

#[test]
fn the_output_is_the_same_whatever_the_number_of_jobs() {
    let tmp = tempfile::tempdir().unwrap();
    let fed = federation(tmp.path());
    for seed in 1..=6 {
        crate::common::generate(
            &seed.to_string(),
            &["--players", "6..20"],
            &fed.join(format!("g{seed}")),
        );
    }
    let trf = corpus("trf");
    let mut outputs = Vec::new();
    for jobs in ["1", "2", "3"] {
        let out = tmp.path().join(format!("out{jobs}"));
        let (code, stdout, err) =
            bsw(&["check-all", s(&fed), s(&trf), "--out", s(&out), "--jobs", jobs]);
        assert_eq!(code, 2, "{stdout}{err}");
        let pages: Vec<(String, String)> = {
            let mut v: Vec<_> = std::fs::read_dir(out.join("certificates"))
                .unwrap()
                .map(|e| {
                    let p = e.unwrap().path();
                    (
                        p.file_name().unwrap().to_string_lossy().into(),
                        std::fs::read_to_string(&p).unwrap(),
                    )
                })
                .collect();
            v.sort();
            v
        };
        outputs.push((timeless(&out), pages));
    }
    assert_eq!(events(&tmp.path().join("out1")).len(), 5 + 6 + trf_files(&trf));
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

/// The files of `dir` whose name ends in `.trf`.
fn trf_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".trf"))
        .count()
}

#[test]
fn lenient_and_profile_are_passed_on_as_bsw_check_takes_them() {
    let trf = corpus("trf");
    for flags in [&[][..], &["--lenient"][..], &["--profile", "generic"][..]] {
        let out = tempfile::tempdir().unwrap();
        let mut args = vec!["check-all", s(&trf), "--out", s(out.path())];
        args.extend_from_slice(flags);
        let (code, stdout, err) = bsw(&args);
        assert_eq!(code, 2, "{stdout}{err}");
        assert_eq!(events(out.path()).len(), trf_files(&trf), "every .trf, nothing else");
        assert_rows_match_check(&root(), out.path(), flags);
    }
    // The file whose points column disagrees with its results: refused, read with --lenient.
    let row = |flags: &[&str]| {
        let out = tempfile::tempdir().unwrap();
        let file = corpus("trf/inconsistent-totals-blank-bye-results.trf");
        let mut args = vec!["check-all", s(&file), "--out", s(out.path())];
        args.extend_from_slice(flags);
        let code = bsw(&args).0;
        (code, events(out.path())[0]["verdict"].clone())
    };
    assert_eq!(row(&[]), (2, "refused".into()));
    assert_eq!(row(&["--lenient"]), (0, "conforming".into()));
}

#[test]
fn an_event_past_the_timeout_is_a_timed_out_row() {
    let tmp = tempfile::tempdir().unwrap();
    let big = corpus("samples/dutch-501-players-9-rounds.trf");
    let out = tmp.path().join("out");
    let (code, stdout, err) = bsw(&["check-all", s(&big), "--out", s(&out), "--timeout", "0.001"]);
    assert_eq!(code, 2, "{stdout}{err}");
    let rows = events(&out);
    assert_eq!(rows[0]["verdict"], "timed out");
    assert_contains(rows[0]["detail"].as_str().unwrap(), "no verdict within 0.001 s");
    assert!(rows[0]["certificate"].is_null());
    assert_contains(&std::fs::read_to_string(out.join("summary.csv")).unwrap(), ",timed out,");
}

#[test]
fn an_out_folder_that_overlaps_the_inputs_or_holds_other_files_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let fed = federation(tmp.path());
    let before = snapshot(&fed);
    let (code, _, err) = bsw(&["check-all", s(&fed), "--out", s(&fed.join("report"))]);
    assert_eq!(code, 2);
    assert_contains(&err, "writes nothing under its inputs");
    let (code, _, err) = bsw(&["check-all", s(&fed.join("bad")), "--out", s(&fed)]);
    assert_eq!(code, 2);
    assert_contains(&err, "lies inside --out");
    assert_eq!(before, snapshot(&fed));

    let busy = tmp.path().join("busy");
    std::fs::create_dir_all(&busy).unwrap();
    std::fs::write(busy.join("mine.txt"), "keep").unwrap();
    let (code, _, err) = bsw(&["check-all", s(&fed), "--out", s(&busy)]);
    assert_eq!(code, 2);
    assert_contains(&err, "is not empty");
    assert_eq!(std::fs::read_dir(&busy).unwrap().count(), 1);

    let nothing = tmp.path().join("nothing");
    std::fs::create_dir_all(&nothing).unwrap();
    let (code, _, err) = bsw(&["check-all", s(&nothing), "--out", s(&tmp.path().join("o"))]);
    assert_eq!(code, 2);
    assert_contains(&err, "no TRF file (.trf) or tournament directory");
    assert!(!tmp.path().join("o").exists());
}

#[test]
fn a_second_run_into_the_same_folder_replaces_the_first() {
    let tmp = tempfile::tempdir().unwrap();
    let fed = federation(tmp.path());
    let out = tmp.path().join("out");
    assert_eq!(bsw(&["check-all", s(&fed), "--out", s(&out)]).0, 2);
    assert_eq!(std::fs::read_dir(out.join("certificates")).unwrap().count(), 3);
    assert_eq!(bsw(&["check-all", s(&fed.join("club/ok")), "--out", s(&out)]).0, 0);
    assert_eq!(events(&out).len(), 1);
    let pages: Vec<String> = std::fs::read_dir(out.join("certificates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into())
        .collect();
    assert_eq!(pages, ["0001-club-ok.html"]);
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 4, "no temporary file left");
}

#[test]
fn ctrl_c_writes_the_summary_of_the_finished_events_and_exits_130() {
    let tmp = tempfile::tempdir().unwrap();
    let many = tmp.path().join("many");
    std::fs::create_dir_all(&many).unwrap();
    let big = corpus("samples/dutch-501-players-9-rounds.trf");
    for i in 0..400 {
        let copy = many.join(format!("e{i:03}.trf"));
        if std::fs::hard_link(&big, &copy).is_err() {
            std::fs::copy(&big, &copy).unwrap();
        }
    }
    let out = tmp.path().join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_bsw"))
        .args(["check-all", s(&many), "--out", s(&out), "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let done = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(130), "{stdout}{}", String::from_utf8_lossy(&done.stderr));
    assert_contains(&stdout, "INTERRUPTED after ");
    let json = summary(&out);
    let finished = json["interrupted"]["finished"].as_u64().unwrap() as usize;
    assert_eq!(json["interrupted"]["planned"], 400);
    assert!(finished > 0 && finished < 400, "{finished}");
    let rows = events(&out);
    assert_eq!(rows.len(), finished);
    for (i, row) in rows.iter().enumerate() {
        // The first events in path order (one job takes them in order), each with its page.
        assert_eq!(row["path"].as_str().unwrap(), s(&many.join(format!("e{i:03}.trf"))));
        assert_eq!(row["verdict"], "conforming");
        assert!(out.join(row["certificate"].as_str().unwrap()).is_file());
    }
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(csv.lines().count(), finished + 1);
    assert_contains(&std::fs::read_to_string(out.join("index.html")).unwrap(), "Interrupted");
}
