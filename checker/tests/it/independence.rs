//! The checker must never depend on the engine (only as a dev-dependency, for tests).
use std::process::Command;

#[test]
fn checker_has_no_normal_dependency_on_the_engine() {
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
        .filter(|d| d["name"] == "bsw-engine" && (d["kind"].is_null() || d["kind"] == "build"))
        .collect();
    assert!(bad.is_empty(), "bsw-checker depends on bsw-engine: {bad:?}");
    // The dev-dependency is there (the mutation tests use it), so the test looks at the right thing.
    assert!(deps.iter().any(|d| d["name"] == "bsw-engine" && d["kind"] == "dev"));
}
