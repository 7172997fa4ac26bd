//! `bsw report`: the self-contained HTML certificate, and its refusals (exit 2, no file).

use std::path::{Path, PathBuf};

use crate::common::{assert_contains, bsw, example_copy, generate, root};
use tempfile::TempDir;

fn corpus(path: &str) -> String {
    root().join("corpus").join(path).display().to_string()
}

fn write_report(input: &str, out: &Path) -> String {
    let (code, stdout, err) = bsw(&["report", input, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains(out.to_str().unwrap()), "{stdout}");
    std::fs::read_to_string(out).unwrap()
}

/// The page `bsw report INPUT` writes (into a temporary directory).
fn report_of(input: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    write_report(input, &tmp.path().join("r.html"))
}

/// Nothing on the page is fetched from elsewhere and nothing runs.
fn assert_self_contained(page: &str) {
    for bad in ["<script", "<link", "@import", "url(", "<img", "<iframe", "src="] {
        assert!(!page.contains(bad), "{bad} in the page");
    }
    let without_svg_ns = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_svg_ns.contains("http://") && !without_svg_ns.contains("https://"));
}

#[test]
fn the_worked_example_gives_a_conforming_certificate_with_everything_on_it() {
    let page = report_of(&corpus("examples/spec-11-worked-example"));
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.trim_end().ends_with("</html>"));
    assert_self_contained(&page);
    assert_contains(&page, "<strong>Conforming: all 3 rounds certified");
    assert!(page.contains("profile berger-swiss"));
    for name in ["A", "B", "C", "D", "E", "F", "G", "H"] {
        assert!(page.contains(&format!(">{name}</a>")), "{name}");
    }
    for id in ["event", "players", "rounds", "certificate", "crosstable", "standings", "progress"] {
        assert!(page.contains(&format!("<section id=\"{id}\">")), "{id}");
    }
    // Real headers, a phone viewport, a print stylesheet with a page per section.
    assert!(page.contains("<th scope=\"col\">") && page.contains("<th scope=\"row\">"));
    assert!(page.contains("name=\"viewport\""));
    assert!(page.contains("@media print") && page.contains("section { break-before: page; }"));
    // Round 3 board 2 (SPEC §11): H (1½ before) beat C (1 before).
    assert!(page.contains("<th scope=\"row\" class=\"num\">2</th><td><a href=\"#p8\">H</a></td><td class=\"num\">1½</td><td class=\"result\">1-0</td><td><a href=\"#p3\">C</a></td><td class=\"num\">1</td>"));
    // Standings and the legend of the default tiebreaks.
    assert!(page.contains("<dt>BH-C1</dt><dd>Buchholz"), "legend");
    // H is second (2½, alone): B drew with H in round 2 as White, C and D lost to H as Black.
    assert!(page.contains("<td class=\"cell\" title=\"H\">2w½</td>"), "crosstable");
    assert_eq!(page.matches("<td class=\"cell\" title=\"H\">2b0</td>").count(), 2);
    assert!(page.contains("<svg class=\"chart\""));
    assert!(page.contains("FIDE tiebreak regulations C.07 applied from 1 March 2026"));
}

#[test]
fn violations_are_written_out_with_rule_players_and_evidence() {
    let page = report_of(&corpus("cases/check-wrong-greedy-choice/tournament"));
    assert_self_contained(&page);
    assert_contains(&page, "<strong>Violations: 1 violation in round 2");
    assert!(page.contains("Violation 1: round 2, rule 8.4 — the choice of opponents"));
    let article = page
        .split("<article class=\"violation\" id=\"v1\">")
        .nth(1)
        .unwrap()
        .split("</article>")
        .next()
        .unwrap();
    for (id, name) in [(1, "A"), (8, "H"), (3, "C")] {
        assert!(article.contains(&format!("<a href=\"#p{id}\">{name}</a>")), "{id}");
    }
    // The better candidate and the completion of the rest (corpus README: A should have
    // met C; the others B–H, D–F, G–E).
    assert_contains(article, "better candidate");
    assert!(article.contains(
        "<a href=\"#p3\">C</a> <span class=\"id\">(id 3)</span> – <a href=\"#p1\">A</a>"
    ));
    assert!(article.contains(
        "<a href=\"#p2\">B</a> <span class=\"id\">(id 2)</span> – <a href=\"#p8\">H</a>"
    ));
    assert!(page.contains("✗ 1 violation(s)"));
    // The players' rows the links point to exist.
    for id in [1, 3, 8] {
        assert!(page.contains(&format!("<tr id=\"p{id}\">")));
    }
}

#[test]
fn the_berger_draw_is_shown_as_the_seed_gives_it() {
    // Drawn by hand from seed 0 (corpus README): 1 = C, 2 = B, 3 = A, 4 = D.
    let page = report_of(&corpus("cases/berger-draw-group-of-4-seed-0-round-1/tournament"));
    let draw = page.split("<h3 id=\"draw\">").nth(1).unwrap();
    let named = ["#p3\">C", "#p2\">B", "#p1\">A", "#p4\">D"];
    assert!(named.iter().all(|x| draw.contains(x)), "{draw}");
    let pos = |x: &str| draw.find(x).unwrap();
    assert!(
        pos("#p3\">C") < pos("#p2\">B")
            && pos("#p2\">B") < pos("#p1\">A")
            && pos("#p1\">A") < pos("#p4\">D")
    );
    // The round is paired but has no result: no standings yet, the games are pending.
    assert!(page.contains("pending"));
    assert!(page.contains("No round is complete yet."));
}

#[test]
fn the_berger_draw_of_the_two_group_example() {
    // SPEC §4 redone in Python with the reference snippet of the corpus README
    // (seed 20260301): group 1 = Dahl, Aalto, Berg, Carlsen; group 2 = Ek, Falk, Holm, Gran.
    let page = report_of(&corpus("examples/berger-groups"));
    let draw = page.split("<h3 id=\"draw\">").nth(1).unwrap();
    let seq = |names: [&str; 4]| {
        let pos: Vec<usize> =
            names.iter().map(|n| draw.find(&format!(">{n}</a>")).unwrap()).collect();
        pos.windows(2).all(|w| w[0] < w[1])
    };
    assert!(seq(["Dahl", "Aalto", "Berg", "Carlsen"]));
    assert!(seq(["Ek", "Falk", "Holm", "Gran"]));
    assert!(page.contains("No round has been paired yet."));
}

/// `bsw report` chooses the profile as `bsw check` does: a TRF with our Berger-Swiss records
/// (a `bsw trf export`) by berger-swiss, any other program's TRF by generic.
#[test]
fn a_trf_file_is_certified_with_the_profile_check_chooses() {
    let tmp = tempfile::tempdir().unwrap();
    let page = write_report(&corpus("trf/lichess-style-utf8-bom.trf"), &tmp.path().join("g.html"));
    assert_contains(&page, "profile generic");

    let tmp = tempfile::tempdir().unwrap();
    let trf = tmp.path().join("t.trf");
    let (code, _, err) = bsw(&[
        "trf",
        "export",
        &corpus("examples/spec-11-worked-example"),
        "-o",
        trf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let page = write_report(trf.to_str().unwrap(), &tmp.path().join("r.html"));
    assert_contains(&page, "profile berger-swiss");
}

fn broken_copy() -> (TempDir, PathBuf) {
    let (tmp, dir) = example_copy("spec-11-worked-example");
    let rounds = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    std::fs::write(dir.join("rounds.csv"), rounds.replace("2,3,4,6,1-0", "2,3,4,6,2-0")).unwrap();
    (tmp, dir)
}

#[test]
fn bad_input_writes_no_page_and_keeps_an_old_one() {
    let (tmp, dir) = broken_copy();
    let out = tmp.path().join("r.html");
    let (code, _, err) = bsw(&["report", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "rounds.csv:8: result:");
    assert!(!out.exists());
    std::fs::write(&out, "old page").unwrap();
    assert_eq!(bsw(&["report", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]).0, 2);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old page");
    // Only the page was ever asked for: no temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn an_output_that_is_a_directory_or_in_a_missing_one_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let ex = corpus("examples/spec-11-worked-example");
    let (code, _, err) = bsw(&["report", &ex, "-o", tmp.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "is a directory");
    let inside = tmp.path().join("no/such/dir/r.html");
    let (code, _, err) = bsw(&["report", &ex, "-o", inside.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_contains(&err, "r.html");
    assert!(!inside.exists());
}

#[test]
fn names_are_escaped_so_a_page_never_runs_what_a_file_says() {
    let (tmp, dir) = example_copy("spec-11-worked-example");
    let players = std::fs::read_to_string(dir.join("players.csv")).unwrap();
    std::fs::write(
        dir.join("players.csv"),
        players.replace("1,A,2400", "1,\"A<script>alert(1)</script> & \"\"Co\"\"\",2400"),
    )
    .unwrap();
    let page = write_report(dir.to_str().unwrap(), &tmp.path().join("r.html"));
    assert_self_contained(&page);
    assert!(page.contains("A&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"));
}

#[test]
fn random_tournaments_of_every_shape_give_a_page_naming_every_player() {
    // bsw generate draws groups, swaps, later phases, withdrawals and absences from the seed.
    let tmp = tempfile::tempdir().unwrap();
    for seed in 1..=12 {
        let dir = tmp.path().join(format!("g{seed}"));
        let d = dir.to_str().unwrap().to_string();
        generate(&seed.to_string(), &[], &dir);
        let page = write_report(&d, &tmp.path().join(format!("g{seed}.html")));
        assert!(page.contains("<strong>Conforming: "), "seed {seed}");
        let players = std::fs::read_to_string(dir.join("players.csv")).unwrap();
        let header: Vec<&str> = players.lines().next().unwrap().split(',').collect();
        let k = header.iter().position(|c| *c == "name").unwrap();
        for line in players.lines().skip(1) {
            let name = line.split(',').nth(k).unwrap();
            assert!(page.contains(&format!(">{name}</a>")), "seed {seed}: {name}");
        }
    }
}

/// The certificate of a Dutch event names the FIDE (Dutch) System, its initial colour, the
/// acceleration and the profile that judged it; it shows the file's name, never the local
/// path it was read from.
#[test]
fn a_dutch_certificate_names_its_system_and_hides_the_local_path() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("home-of-the-arbiter");
    std::fs::create_dir_all(&src).unwrap();
    let trf = src.join("event.trf");
    std::fs::copy(corpus("dutch/small-101.trf"), &trf).unwrap();
    let page = write_report(trf.to_str().unwrap(), &tmp.path().join("d.html"));
    for s in [
        "FIDE (Dutch) System, C.04.3 (2026)",
        "Initial colour",
        "Acceleration",
        "profile dutch",
        "<code>event.trf</code>",
    ] {
        assert_contains(&page, s);
    }
    for s in ["Berger-Swiss rule book", "Seed of the draw", "home-of-the-arbiter", "§1–9"] {
        assert!(!page.contains(s), "{s:?} on the page of a Dutch event");
    }
}

/// Colours reversed on board 1 of rounds 2 and 3: round 3's violations are judged on the
/// history as published, and both the page and `bsw check` say that they may follow from
/// round 2's.
#[test]
fn later_violations_say_they_rest_on_the_history_as_published() {
    let (tmp, dir) = example_copy("spec-11-worked-example");
    let rounds = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    let swapped: Vec<String> = rounds
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            if (f[0] == "2" || f[0] == "3") && f[1] == "1" {
                let flip = f[4].split('-').rev().collect::<Vec<_>>().join("-");
                format!("{},{},{},{},{}", f[0], f[1], f[3], f[2], flip)
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(dir.join("rounds.csv"), swapped.join("\n") + "\n").unwrap();
    let d = dir.to_str().unwrap();
    let page = write_report(d, &tmp.path().join("r.html"));
    assert_contains(&page, "including round 2 with its violation");
    let (code, out, _) = bsw(&["check", d]);
    assert_eq!(code, 1, "{out}");
    let round3 = out.split("\nround 3 rule").nth(1).expect("a violation in round 3");
    assert!(round3.contains("including round 2 with its violation"), "{out}");
    let round2 = out.split("\nround 3 rule").next().unwrap();
    assert!(!round2.contains("including round"), "round 2's own violations are the first: {out}");
}
