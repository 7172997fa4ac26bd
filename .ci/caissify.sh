#!/usr/bin/env bash
# CI step: a third-party engine from PyPI, caissify-pairings (FIDE Dutch, pinned below), driven
# by `bsw simulate --engine` through tools/caissify-adapter.py under the generic profile
# (docs/external-engines.md). The campaign must find exactly the known failures of caissify
# listed in tools/caissify-known-failures.txt. Where caissify cannot be installed (no python3,
# no venv module, no network), prints SKIPPED with the reason and succeeds.
set -uo pipefail
cd "$(dirname "$0")/.."
VERSION=0.5.0
BSW=${BSW:-target/release/bsw}
VENV=${CAISSIFY_VENV:-target/caissify-venv}
OUT=target/caissify
echo "== third-party engine: caissify-pairings $VERSION (PyPI) under the generic profile"
skip() { echo "SKIPPED caissify-pairings campaign: $*"; exit 0; }

command -v python3 >/dev/null 2>&1 || skip "python3 not found"
[ -x "$BSW" ] || { echo "caissify: $BSW not built (cargo build --release -p bsw-cli)"; exit 1; }
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" >/dev/null 2>&1 ||
    { rm -rf "$VENV"; skip "python3 -m venv failed (on Debian: apt-get install python3-venv)"; }
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "caissify-pairings==$VERSION" >"$OUT.pip.log" 2>&1 ||
  skip "pip could not install caissify-pairings==$VERSION ($(tail -n 1 "$OUT.pip.log"))"

rm -rf "$OUT" && mkdir -p "$OUT"
"$BSW" simulate --seed 2 --tournaments 40 --players 6..30 --rounds 3..7 --profile generic \
  --jobs 2 --engine-timeout 60 --shrink-max 3 --shrink-budget 40 --failures "$OUT/failures" \
  --engine "$VENV/bin/python tools/caissify-adapter.py {trf} -p {out}" --json \
  >"$OUT/summary.json" 2>"$OUT/stderr.txt"
code=$?
[ "$code" -le 1 ] || { cat "$OUT/stderr.txt"; echo "caissify: bsw simulate failed (exit $code)"; exit 1; }
found=$(python3 -c 'import json,sys; [print(f["index"], f["kind"]) for f in json.load(open(sys.argv[1]))["failures"]]' "$OUT/summary.json")
known=$(grep -v '^#' tools/caissify-known-failures.txt | sed '/^\s*$/d')
python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print("caissify-pairings %s: %d tournaments, %d rounds, %d games, failing %d" % (sys.argv[2], s["tournaments"], s["rounds"], s["games"], s["failing_tournaments"]))' "$OUT/summary.json" "$VERSION"
if [ "$found" == "$known" ]; then
  echo "caissify: found exactly the known failures of caissify (tools/caissify-known-failures.txt):"
  echo "${known:-  (none)}" | sed 's/^/  /'
else
  echo "caissify: the failures differ from tools/caissify-known-failures.txt"
  echo "  found:"; echo "$found" | sed 's/^/    /'
  echo "  known:"; echo "$known" | sed 's/^/    /'
  echo "  (cases in $OUT/failures)"
  exit 1
fi
