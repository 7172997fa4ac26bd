//! `bsw trf export` / `bsw trf import` run as a binary.

use crate::common;
use common::{
    assert_contains, assert_same_tournament_files, bsw, generate, root, s, temp_path,
    with_closed_stdout, write_file,
};

#[test]
fn export_to_stdout_writes_trf_with_the_spec_11_results() {
    let (code, out, _) =
        bsw(&["trf", "export", s(&root().join("corpus/examples/spec-11-worked-example"))]);
    assert_eq!(code, 0);
    assert!(out.starts_with("012 SPEC 11 worked example"), "{out}");
    assert!(out.contains("\n142 3\n") && out.contains("\nXXR 3\nBSV 1\n"), "{out}");
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
    assert!(out.starts_with("imported 8 players, 3 rounds paired of 3"), "{out}");
    assert_same_tournament_files(&dest, &src);
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 2, "no temporary file left behind");
}

#[test]
fn import_refuses_a_directory_that_holds_a_tournament_and_changes_nothing() {
    let (_tmp, dest) = temp_path("t");
    std::fs::create_dir(&dest).unwrap();
    std::fs::write(dest.join("players.csv"), "id,name,rating\n1,X,5\n").unwrap();
    let trf = root().join("model/tests/data/handmade.trf");
    let (code, _, err) = bsw(&["trf", "import", s(&trf), s(&dest)]);
    assert_eq!(code, 2);
    assert_contains(&err, "already holds a tournament (players.csv exists)");
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
    let bad = text.replace("NOR                         3.0", "NOR                         2.5");
    assert_ne!(bad, text);
    let trf = tmp.path().join("bad.trf");
    std::fs::write(&trf, bad).unwrap();
    let dest = tmp.path().join("t");
    let (code, _, err) = bsw(&["trf", "import", s(&trf), s(&dest)]);
    assert_eq!(code, 2);
    assert_contains(
        &err,
        "bad.trf:8: 001 points: player 3 (Charlie, Cy) has 2.5 in the points column but the round results add up to 3.0",
    );
    assert!(!dest.exists());
}

#[test]
fn export_refusal_leaves_the_output_file_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.trf");
    std::fs::write(&out, "old").unwrap();
    let (code, _, err) = bsw(&["trf", "export", s(&tmp.path().join("missing")), "-o", s(&out)]);
    assert_eq!(code, 2);
    assert_contains(&err, "no such file or directory");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
}

/// Issue 13: a Berger-Swiss event exported to TRF is certified from the file alone, with the
/// berger-swiss profile (the file carries seed, groups, swaps and boards), and reads back as
/// the same directory.
#[test]
fn an_exported_berger_swiss_event_is_certified_from_the_trf_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("event");
    generate(
        "11",
        &[
            "--players",
            "15",
            "--rounds",
            "5",
            "--group-rate",
            "1",
            "--lower-swiss-rate",
            "1",
            "--swap-rate",
            "1",
        ],
        &dir,
    );
    let trf = tmp.path().join("event.trf");
    let (code, _, err) = bsw(&["trf", "export", s(&dir), "-o", s(&trf)]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = bsw(&["check", s(&trf)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "profile berger-swiss");
    assert_contains(&err, "carries the berger-swiss configuration");
    let back = tmp.path().join("back");
    let (code, out, err) = bsw(&["trf", "import", s(&trf), s(&back)]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "berger-swiss records");
    assert_same_tournament_files(&back, &dir);
    let (code, out, _) = bsw(&["validate", s(&trf)]);
    assert_eq!(code, 0);
    assert_contains(&out, "profile: berger-swiss");
    // Standings from the file alone have the group tables, and say where they come from.
    let (code, out, err) = bsw(&["standings", s(&trf)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nGroup 1 "), "{out}");
    assert!(err.contains("carries the berger-swiss configuration"), "{err}");
    let (_, from_dir, _) = bsw(&["standings", s(&dir)]);
    assert_eq!(out, from_dir);
}

fn p001(id: u32, points: &str, cells: &str) -> String {
    format!(
        "001 {id:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}{cells}\n",
        format!("P{id}"),
        2000 - id,
        "",
        "",
        "",
        id
    )
}

/// A file whose points column counts byes the round cells do not (`0000 -` with a blank
/// result): refused listing every mismatch, read with `--lenient` with a warning each.
#[test]
fn lenient_reads_inconsistent_totals_by_the_round_results() {
    let tmp = tempfile::tempdir().unwrap();
    let text = format!(
        "012 Totals\nXXR 2\n{}{}{}",
        p001(1, "2.0", "     2 w 1  0000 -  "),
        p001(2, "1.0", "     1 b 0     3 w 1"),
        p001(3, "1.0", "  0000 -       2 b 0"),
    );
    let trf = write_file(tmp.path(), "totals.trf", &text);
    let (code, _, err) = bsw(&["check", s(&trf)]);
    assert_eq!(code, 2);
    assert_contains(&err, "2 points columns disagree");
    assert_contains(&err, "totals.trf:3: player 1");
    assert_contains(&err, "totals.trf:5: player 3");
    assert_contains(&err, "--lenient");
    let (code, out, err) = bsw(&["check", s(&trf), "--lenient"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err.matches("warning: ").count(), 2, "{err}");
    assert_contains(&out, "verdict: conforming");
}

#[test]
fn a_ruler_line_is_ignored_and_listed_under_verbose() {
    let tmp = tempfile::tempdir().unwrap();
    let text = format!(
        "012 Real name\n0123456789012345678901234567890123456789\n{}{}",
        p001(1, "1.0", "     2 w 1"),
        p001(2, "0.0", "     1 b 0"),
    );
    let trf = write_file(tmp.path(), "ruler.trf", &text);
    let (code, out, err) = bsw(&["validate", s(&trf), "--verbose"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("name: Real name\n"), "{out}");
    assert_contains(&err, "ruler.trf:2: ignored (not a TRF record): 0123456789");
}

#[test]
fn team_competitions_and_html_pages_are_refused_with_one_message() {
    let tmp = tempfile::tempdir().unwrap();
    let team = tmp.path().join("team.trf");
    let games = format!("{}{}", p001(1, "1.0", "     2 w 1"), p001(2, "0.0", "     1 b 0"));
    // Two teams whose players met team against team, and no 092/192: a team competition.
    std::fs::write(
        &team,
        format!(
            "012 League\n{games}013 Team A                              1\n013 Team B                              2\n"
        ),
    )
    .unwrap();
    let (code, _, err) = bsw(&["check", s(&team)]);
    assert_eq!(code, 2);
    assert_contains(&err, "team.trf:4: 013:");
    assert_contains(&err, "team competition");
    // One team record whose players met each other: a grouping in an individual event.
    std::fs::write(
        &team,
        format!("012 League\n{games}013 Team A                              1    2\n"),
    )
    .unwrap();
    let (code, out, err) = bsw(&["check", s(&team)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&err, "team.trf:4: 013: team records in an individual event");
    let html = tmp.path().join("page.trf");
    std::fs::write(&html, "<!DOCTYPE html>\n<html><body>404</body></html>\n").unwrap();
    let (code, _, err) = bsw(&["standings", s(&html)]);
    assert_eq!(code, 2);
    assert_contains(&err, "an HTML page, not a TRF file");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn export_into_a_closed_pipe_ends_quietly() {
    let src = root().join("corpus/examples/spec-11-worked-example");
    // The reader goes away before anything is written.
    let (status, err) = with_closed_stdout(&["trf", "export", s(&src)]);
    assert_eq!(status, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    file: Vec<ExpectedFile>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedFile {
    name: String,
    read: String,
    check: Option<String>,
    profile: Option<String>,
    players: Option<usize>,
    paired: Option<u32>,
    header: Option<usize>,
    system: Option<String>,
    withdrawn: Option<usize>,
    ignored: Option<usize>,
    warning: Option<String>,
    message: Option<String>,
    /// `Acceleration::name` of the event read (default "none").
    acceleration: Option<String>,
    /// (round, player) of each `full-bye` row read (the arbiter's `F`; default none).
    full_byes: Option<Vec<(u32, u32)>>,
    /// (round, player) of each `bye` row read (default: not checked).
    byes: Option<Vec<(u32, u32)>>,
}

/// Every file of `corpus/trf` (README there: sources, licences) reads as `expected.toml`
/// says: individual events without a false alarm, the others with one clear refusal; and
/// every readable file survives import → export → import unchanged.
#[test]
fn corpus_trf_files_read_as_expected() {
    let dir = root().join("corpus/trf");
    let expected: Expected =
        toml::from_str(&std::fs::read_to_string(dir.join("expected.toml")).unwrap()).unwrap();
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".trf"))
        .collect();
    on_disk.sort();
    // Entries with a `/` name files kept elsewhere in corpus/ (e.g. corpus/samples).
    let mut listed: Vec<String> =
        expected.file.iter().map(|f| f.name.clone()).filter(|n| !n.contains('/')).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "every corpus/trf file has an expectation");
    assert!(expected.file.len() >= 12);
    for f in &expected.file {
        let path = dir.join(&f.name);
        let p = s(&path);
        let (code, out, err) = bsw(&["check", p]);
        match f.read.as_str() {
            "refused" | "lenient" => {
                assert_eq!(code, 2, "{}: {out}{err}", f.name);
                let m = f.message.as_deref().unwrap();
                assert!(err.contains(m), "{}: `{m}` not in {err}", f.name);
                assert!(err.contains(&format!("{p}:")), "{}: names the file", f.name);
                assert!(!err.contains("panicked"));
            }
            _ => {}
        }
        if f.read == "refused" {
            continue;
        }
        let lenient: &[&str] = if f.read == "lenient" { &["--lenient"] } else { &[] };
        let mut args = vec!["check", p];
        args.extend_from_slice(lenient);
        let (code, out, err) = bsw(&args);
        let verdict = f.check.as_deref().unwrap();
        assert!(
            out.contains(&format!("verdict: {verdict}"))
                && out.contains(&format!("profile {}", f.profile.as_deref().unwrap())),
            "{}: {out}{err}",
            f.name
        );
        let expected_code = if verdict == "conforming" { 0 } else { 1 };
        assert_eq!(code, expected_code, "{}: verdict {verdict} expected: {out}", f.name);
        if let Some(w) = &f.warning {
            let named = err
                .lines()
                .any(|l| l.starts_with(&format!("warning: {p}:")) && l.contains(w.as_str()));
            assert!(named, "{}: {err}", f.name);
        }
        let loaded = bsw_model::io::load_with(
            &path,
            &bsw_model::trf::ReadOptions { lenient: f.read == "lenient", ..Default::default() },
        )
        .unwrap();
        let t = &loaded.tournament;
        assert_eq!(Some(t.players.len()), f.players, "{}", f.name);
        assert_eq!(Some(t.last_round()), f.paired, "{}", f.name);
        assert_eq!(Some(t.config.trf_header.len()), f.header, "{}", f.name);
        assert_eq!(loaded.declared_system, f.system, "{}", f.name);
        assert_eq!(loaded.ignored_lines.len(), f.ignored.unwrap_or(0), "{}", f.name);
        let withdrawn = t.players.iter().filter(|p| p.withdrawn_from.is_some()).count();
        assert_eq!(withdrawn, f.withdrawn.unwrap_or(0), "{}", f.name);
        let acceleration = f.acceleration.as_deref().unwrap_or("none");
        assert_eq!(t.config.acceleration.name(), acceleration, "{}", f.name);
        let rows_of = |full: bool| -> Vec<(u32, u32)> {
            t.rows
                .iter()
                .filter_map(|row| match row.entry {
                    bsw_model::Entry::FullBye(p) if full => Some((row.round, p)),
                    bsw_model::Entry::Bye(p) if !full => Some((row.round, p)),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(rows_of(true), f.full_byes.clone().unwrap_or_default(), "{}", f.name);
        if let Some(byes) = &f.byes {
            assert_eq!(&rows_of(false), byes, "{}", f.name);
        }
        if f.warning.is_none() && f.read == "ok" {
            assert!(!err.contains("warning:"), "{}: {err}", f.name);
        }
        let text = bsw_model::trf::export(t);
        let back = bsw_model::trf::import(&text, "back.trf").unwrap();
        assert_eq!(&back, t, "{}: import(export) differs", f.name);
    }
}

#[test]
fn ids_beyond_four_digits_are_refused_naming_the_file_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("big");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("tournament.toml"), "rounds = 1\n").unwrap();
    std::fs::write(dir.join("players.csv"), "id,name,rating\n10000,A,2000\n2,B,1900\n").unwrap();
    let out = tmp.path().join("big.trf");
    let (code, _, err) = bsw(&["trf", "export", s(&dir), "-o", s(&out)]);
    assert_eq!(code, 2);
    assert!(err.contains("players.csv: id: player id 10000 does not fit"), "{err}");
    assert!(!out.exists());
}

/// An accelerated Dutch TRF imported to a directory and exported again: the `XXA` records
/// come back as they were, through `[accelerated_points]` in tournament.toml.
#[test]
fn xxa_records_survive_import_to_a_directory_and_export() {
    let src = root().join("corpus/trf/accelerated-xxa.trf");
    let (_tmp, dir) = temp_path("acc");
    let (code, out, err) = bsw(&["trf", "import", s(&src), s(&dir)]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "acceleration: XXA records of 8 players");
    let toml = std::fs::read_to_string(dir.join("tournament.toml")).unwrap();
    assert_contains(&toml, "acceleration = \"xxa\"\n");
    assert_contains(&toml, "[accelerated_points]\n1 = [1, 1, 0.5, 0.5]\n");
    let (code, out, err) = bsw(&["trf", "export", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    let xxa = |text: &str| -> Vec<String> {
        text.lines().filter(|l| l.starts_with("XXA")).map(str::to_string).collect()
    };
    let original = std::fs::read_to_string(&src).unwrap();
    assert_eq!(xxa(&out), xxa(&original));
    assert_eq!(xxa(&out).len(), 8);
}
