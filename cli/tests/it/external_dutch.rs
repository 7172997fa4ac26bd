//! External FIDE (Dutch) System engines: `bsw simulate --system dutch --engine CMD`. `bsw`
//! itself through the convention (a command without `{trf}`/`{out}`, as bbpPairings is
//! called) must give exactly the built-in campaign; a deliberately broken Dutch engine
//! (`harness/tests/fixtures/engines/dutch-exchange.sh`) must be reported with the Dutch rule it
//! breaks, written to the failures directory and shrunk; an engine that says "no pairing"
//! (exit 1) when the checker has one is a failure.

use crate::common::{BSW, campaign, comparable, temp_path};
use std::path::Path;

/// Small Dutch events, some of which end early (no pairing satisfies C1-C3).
const SMALL: &[&str] =
    &["--system", "dutch", "--tournaments", "12", "--players", "3..12", "--rounds", "2..8"];

#[test]
fn bsw_as_an_external_dutch_engine_gives_the_built_in_campaign() {
    let (_tmp, f) = temp_path("failures");
    let mut args: Vec<&str> = SMALL.to_vec();
    args.extend(["--seed", "1"]);
    let (code, builtin, err) = campaign(&args);
    assert_eq!(code, 0, "{err}");
    // Called as bbpPairings is: `ENGINE --dutch IN.trf -p OUT` is appended by the convention.
    let engine = format!("{BSW} pair --dutch");
    args.extend(["--engine", &engine, "--jobs", "2", "--failures", f.to_str().unwrap()]);
    let (code, ext, err) = campaign(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(ext["campaign"]["engine"]["profile"], "Dutch");
    let rounds = ext["rounds"].as_u64().unwrap();
    assert!(rounds > 40, "{ext}");
    assert_eq!(ext["certified"]["dutch"].as_u64(), Some(rounds));
    assert_eq!(ext["certified"]["generic"].as_u64(), Some(rounds));
    // Early endings confirmed by the checker are counted, not failures.
    assert!(ext["no_valid_pairing"].as_u64().unwrap() > 0, "{ext}");
    assert_eq!(comparable(ext), comparable(builtin));
    assert!(!f.exists());
}

#[test]
fn a_broken_dutch_engine_is_reported_with_the_dutch_rule_and_shrunk() {
    let (_tmp, f) = temp_path("failures");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../harness/tests/fixtures/engines/dutch-exchange.sh");
    let engine = format!("sh {}", fixture.display());
    let (code, v, err) = campaign(&[
        "--system",
        "dutch",
        "--tournaments",
        "3",
        "--players",
        "6..12",
        "--rounds",
        "3..5",
        "--seed",
        "3",
        "--engine",
        &engine,
        "--shrink-max",
        "1",
        "--shrink-budget",
        "20",
        "--failures",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    let kinds: Vec<&String> = v["failure_kinds"].as_object().unwrap().keys().collect();
    // The last two games exchange opponents: the pairing is no longer the one C.04.3's
    // generation order (4.2-4.3) gives.
    assert!(kinds.iter().all(|k| k.contains("C.04.3-4")), "{kinds:?}");
    assert_eq!(v["failing_tournaments"].as_u64(), Some(3), "{v}");
    let first = v["failures"][0]["index"].as_u64().unwrap();
    let case = f.join(format!("tournament-{first}"));
    for file in ["README.md", "input.trf", "output.txt", "command.txt", "rounds.csv"] {
        assert!(case.join(file).is_file(), "no {file} in {}", case.display());
    }
    let readme = std::fs::read_to_string(case.join("README.md")).unwrap();
    assert!(readme.contains("C.04.3-4") && readme.contains("--system dutch"), "{readme}");
    assert!(readme.contains("bsw check . --profile dutch"), "{readme}");
    // The engine's input declares the Dutch system and the initial colour.
    let input = std::fs::read_to_string(case.join("input.trf")).unwrap();
    assert!(input.contains("092 FIDE_DUTCH_2025") && input.contains("XXC "), "{input}");
    let shrunk = std::fs::read_to_string(case.join("shrunk/README.md")).unwrap();
    assert!(shrunk.contains("C.04.3-4"), "{shrunk}");
    // The failing round in the directory is the broken one: the checker says so again.
    let out = std::process::Command::new(BSW)
        .args(["check", case.to_str().unwrap(), "--profile", "dutch"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn a_dutch_engine_that_wrongly_finds_no_pairing_fails() {
    let (_tmp, f) = temp_path("failures");
    let (code, v, err) = campaign(&[
        "--system",
        "dutch",
        "--tournaments",
        "2",
        "--players",
        "6..10",
        "--engine",
        "sh -c 'exit 1'",
        "--shrink-max",
        "0",
        "--failures",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(v["failure_kinds"]["engine error no pairing (exit 1)"].as_u64(), Some(2), "{v}");
    let readme = std::fs::read_to_string(f.join("tournament-0/README.md")).unwrap();
    assert!(readme.contains("but the checker has one"), "{readme}");
}
