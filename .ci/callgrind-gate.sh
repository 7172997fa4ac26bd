#!/usr/bin/env bash
# Instruction-count regression gate (issue 18). Runs the callgrind benchmarks of
# benches/benches/callgrind.rs through gungraun and compares each benchmark's instruction
# count (callgrind's Ir) with the committed baseline benches/callgrind/baseline.tsv. Fails when
# a count grows by more than GATE_LIMIT_PERCENT (default 10) and prints every figure.
#
#   .ci/callgrind-gate.sh              the gate (what .ci/run calls)
#   .ci/callgrind-gate.sh --self-test  also runs the `*_twice` variants (the same work done
#                                      twice) against the single runs' baseline, and fails
#                                      unless every one of them trips the gate
#   .ci/callgrind-gate.sh --record     re-records the baseline (see BENCHMARKS.md: only when a
#                                      change alters speed on purpose, with the reason in the
#                                      commit message)
#
# Installs what it needs when missing: valgrind (Debian package) and gungraun-runner at
# exactly the version of the gungraun crate in Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=gate
case "${1:-}" in
  "") ;;
  --self-test) mode=self-test ;;
  --record) mode=record ;;
  *) echo "usage: $0 [--self-test | --record]" >&2; exit 2 ;;
esac
echo "== instruction-count regression gate (callgrind, $mode)"
limit="${GATE_LIMIT_PERCENT:-10}"
baseline=benches/callgrind/baseline.tsv

if ! command -v valgrind >/dev/null 2>&1; then
  echo "-- installing valgrind (apt-get)"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq && $sudo apt-get install -y -qq valgrind >/dev/null
fi
version=$(awk '/^name = "gungraun"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "callgrind gate: no gungraun package in Cargo.lock" >&2
  exit 2
fi
if [ "$(gungraun-runner --version 2>/dev/null | awk '{print $NF}')" != "$version" ]; then
  echo "-- installing gungraun-runner $version (the version of the gungraun crate)"
  cargo install --locked -q --version "$version" gungraun-runner
fi

# Group `gate` holds the benchmarks of the baseline, group `twice` the test of the gate.
filter="callgrind::gate::*"
[ "$mode" = self-test ] && filter=""
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "-- cargo bench -p bsw-benches --bench callgrind (valgrind callgrind; a few minutes)"
cargo bench --locked -q -p bsw-benches --bench callgrind -- --output-format=json \
  ${filter:+"$filter"} >"$out"

python3 - "$mode" "$baseline" "$limit" "$out" <<'PY'
import json, sys

mode, baseline_path, limit, out_path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]

def instructions(summary):
    """Callgrind's total Ir of one benchmark summary (gungraun's JSON output)."""
    for profile in summary.get("profiles", []):
        if profile.get("tool") != "Callgrind":
            continue
        return int(profile["data"]["total"]["metrics"]["Ir"]["values"]["new"])
    raise SystemExit(f"callgrind gate: no callgrind figures for {summary.get('id')}")

measured = {}
with open(out_path) as f:
    for line in f:
        line = line.strip()
        if not line.startswith("{"):
            continue
        s = json.loads(line)
        measured[s["id"]] = instructions(s)
if not measured:
    raise SystemExit("callgrind gate: the benchmarks printed no figures")

if mode == "record":
    import datetime, subprocess
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    with open(baseline_path, "w") as f:
        f.write("# Instruction counts (callgrind Ir) of benches/benches/callgrind.rs, group gate.\n")
        f.write(f"# Recorded by .ci/callgrind-gate.sh --record on top of commit {commit}, "
                f"{datetime.date.today().isoformat()}.\n")
        f.write("# Re-record only when a change alters speed on purpose (reason in the commit).\n")
        f.write("benchmark\tinstructions\n")
        for name in sorted(measured):
            f.write(f"{name}\t{measured[name]}\n")
    for name in sorted(measured):
        print(f"recorded {name}: {measured[name]:,} instructions")
    sys.exit(0)

base = {}
with open(baseline_path) as f:
    for line in f:
        if line.startswith("#") or line.startswith("benchmark\t") or not line.strip():
            continue
        name, count = line.split("\t")
        base[name] = int(count)

print(f"{'benchmark':<22} {'baseline':>16} {'measured':>16} {'change':>9}  verdict (limit +{limit:g}%)")
failed, tripped, missing = [], [], []
for name in sorted(measured):
    twice = name.endswith("_twice")
    ref = base.get(name[: -len("_twice")] if twice else name)
    if ref is None:
        missing.append(name)
        print(f"{name:<22} {'-':>16} {measured[name]:>16,} {'':>9}  no baseline")
        continue
    change = 100.0 * (measured[name] - ref) / ref
    over = change > limit
    verdict = "REGRESSION" if over else "ok"
    if twice:
        verdict = "trips (as it must)" if over else "DOES NOT TRIP"
        (tripped if over else failed).append(name)
    elif over:
        failed.append(name)
    print(f"{name:<22} {ref:>16,} {measured[name]:>16,} {change:>+8.1f}%  {verdict}")
for name in sorted(set(base) - set(measured)):
    print(f"{name:<22} {base[name]:>16,} {'-':>16} {'':>9}  NOT MEASURED")
    failed.append(name)
if missing and mode == "gate":
    failed += missing
if failed:
    print(f"callgrind gate FAILED: {', '.join(failed)}. A count grew by more than {limit:g}% "
          f"over {baseline_path}: find the cause (cargo bench -p bsw-benches --bench callgrind "
          f"prints per-benchmark figures), or, if the change is meant, re-record the baseline "
          f"with .ci/callgrind-gate.sh --record and give the reason in the commit.")
    sys.exit(1)
print("callgrind gate passed" + (f"; the gate trips on {len(tripped)} doubled benchmarks" if tripped else ""))
PY
