//! The checker shares nothing with the engine: no normal dependency on a crate that pairs
//! (the engine only as a dev-dependency, for tests), and no run of six identical lines
//! between any file of `engine/src` and any file of `checker/src` (the SPEC's SplitMix64
//! draw, `draw.rs`, spelled out by the rule book, excepted).
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace crates that produce pairings: the checker may not use them (normal or
/// build dependency).
const PAIRING_CRATES: [&str; 3] = ["bsw-engine", "bsw-harness", "bsw-cli"];

#[test]
fn checker_has_no_normal_dependency_on_a_crate_that_pairs() {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pkg = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "bsw-checker")
        .expect("bsw-checker package");
    let deps = pkg["dependencies"].as_array().unwrap();
    let bad: Vec<_> = deps
        .iter()
        .filter(|d| {
            PAIRING_CRATES.iter().any(|c| d["name"] == *c)
                && (d["kind"].is_null() || d["kind"] == "build")
        })
        .collect();
    assert!(bad.is_empty(), "bsw-checker depends on a crate that pairs: {bad:?}");
    // The dev-dependency is there (the mutation tests use it), so the test looks at the right thing.
    assert!(deps.iter().any(|d| d["name"] == "bsw-engine" && d["kind"] == "dev"));
}

/// Lines that share a run: white space folded; blank lines, lines of brackets and
/// punctuation alone, and comment lines left out.
fn kept_lines(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let folded = line.split_whitespace().collect::<Vec<_>>().join(" ");
            let punctuation = folded.chars().all(|c| "{}()[];, ".contains(c));
            let comment = ["//", "/*", "*"].iter().any(|p| folded.starts_with(p));
            (!punctuation && !comment).then_some((folded, i + 1))
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs")
            && p.file_name().is_some_and(|f| f != "draw.rs")
        {
            out.push(p);
        }
    }
}

const RUN: usize = 6;

/// Each window of `RUN` kept lines of the files under `dir`: its text, file and first line.
fn windows(dir: &Path) -> Vec<(String, PathBuf, usize, usize)> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let lines = kept_lines(&text);
        for w in lines.windows(RUN) {
            let joined = w.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>().join("\n");
            out.push((joined, f.clone(), w[0].1, w[RUN - 1].1));
        }
    }
    out
}

/// Runs of six lines found in both trees, as "a:l1-l2 ~ b:l3-l4" (one per pair of files).
fn shared_runs(engine: &Path, checker: &Path) -> Vec<String> {
    let mut seen: HashMap<String, (PathBuf, usize, usize)> = HashMap::new();
    for (text, f, a, b) in windows(engine) {
        seen.entry(text).or_insert((f, a, b));
    }
    let mut found = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for (text, f, a, b) in windows(checker) {
        if let Some((ef, ea, eb)) = seen.get(&text)
            && reported.insert((f.clone(), ef.clone()))
        {
            found.push(format!("{}:{a}-{b} ~ {}:{ea}-{eb}", f.display(), ef.display()));
        }
    }
    found
}

#[test]
fn the_checker_shares_no_run_of_six_lines_with_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let found = shared_runs(&root.join("engine/src"), &root.join("checker/src"));
    assert!(
        found.is_empty(),
        "runs of {RUN} identical lines shared by the checker and the engine (first per pair of files):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_shared_run_is_found_whatever_the_spacing_and_comments() {
    let dir = std::env::temp_dir().join(format!("bsw-independence-{}", std::process::id()));
    let (e, c) = (dir.join("engine"), dir.join("checker"));
    std::fs::create_dir_all(&e).unwrap();
    std::fs::create_dir_all(&c).unwrap();
    let body = [
        "let a = 1;",
        "let b = a + 1;",
        "let c = b * 2;",
        "if c > a {",
        "x(a);",
        "}",
        "y(b);",
        "z(c);",
    ];
    std::fs::write(e.join("m.rs"), body.join("\n")).unwrap();
    // The same lines, other spacing, a comment and a blank line in between: one shared run.
    let mut spaced: Vec<String> =
        body.iter().map(|l| format!("    {}", l.replace(' ', "  "))).collect();
    spaced.insert(3, "// a remark".into());
    spaced.insert(5, String::new());
    std::fs::write(c.join("n.rs"), format!("fn f() {{\n{}\n}}", spaced.join("\n"))).unwrap();
    // Five of the lines only, and a draw.rs copy: no shared run.
    std::fs::write(c.join("short.rs"), body[..4].join("\n")).unwrap();
    std::fs::write(c.join("draw.rs"), body.join("\n")).unwrap();
    let found = shared_runs(&e, &c);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("n.rs:2-10 ~ "), "{found:?}");
    assert!(found[0].ends_with("m.rs:1-7"), "{found:?}");
}
