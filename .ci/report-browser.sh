#!/usr/bin/env bash
# Browser test of `bsw report`: renders two certificates in headless Chromium and checks the
# DOM the browser built (not our HTML text):
#   (a) corpus/examples/berger-groups played to the end (pairs with `bsw pair`, results with
#       `bsw result --from`): Berger groups, a conforming verdict;
#   (b) corpus/cases/check-wrong-greedy-choice/tournament and
#       corpus/cases/check-berger-draw-from-wrong-seed/tournament: rounds with violations;
#   (c) a FIDE (Dutch) event with a C6 violation (corpus/cases/dutch-c6-fewest-downfloaters,
#       imported, its wrong round bad.out appended): the page names the Dutch system, and the
#       bracket's published and better pairings stand side by side with the criteria behind
#       a <details> toggle;
#   (d) `bsw check-all` of the events above and a file that is no TRF: its index.html, loaded
#       as is and with a state in the address (#verdict=…, #sort=…&desc=1, #q=…), shows the
#       rows its script must show, in the order it must sort them, each linking a page that
#       exists.
# The DOM dump must contain the verdict, every player's name, and for every violation of
# `bsw check --json` its round and rule and a link to each of its players. Screenshots at
# desktop and phone widths go to target/report-browser/ for people to look at.
# Installs Chromium from the Debian packages when missing; prints SKIPPED with the reason
# when that is impossible (and exits 0: the other CI steps do not depend on it).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== bsw report in a real browser (headless Chromium): DOM checks and screenshots"
OUT=target/report-browser
mkdir -p "$OUT"

find_chromium() {
  for c in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$c" >/dev/null 2>&1; then echo "$c"; return 0; fi
  done
  return 1
}

CHROMIUM=$(find_chromium || true)
if [ -z "$CHROMIUM" ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "SKIPPED browser test: Chromium is not installed and there is no apt-get to install it"
    exit 0
  fi
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
      echo "SKIPPED browser test: Chromium is not installed and installing it needs root (apt-get install chromium)"
      exit 0
    fi
  fi
  echo "-- installing chromium (Debian package)"
  if ! ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium) >"$OUT/apt.log" 2>&1; then
    echo "SKIPPED browser test: apt-get install chromium failed: $(tail -n 1 "$OUT/apt.log")"
    exit 0
  fi
  CHROMIUM=$(find_chromium || true)
  if [ -z "$CHROMIUM" ]; then
    echo "SKIPPED browser test: the chromium package installed no chromium command"
    exit 0
  fi
fi
FLAGS=(--headless --disable-gpu --hide-scrollbars --no-first-run --disable-dev-shm-usage)
if [ "$(id -u)" = 0 ]; then FLAGS+=(--no-sandbox); fi   # Chromium refuses to run as root otherwise
echo "-- browser: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"

cargo build --locked -q -p bsw-cli
BSW=${CARGO_TARGET_DIR:-target}/debug/bsw

# (a) The Berger-groups example, played to the end with bsw pair and bsw result.
A="$OUT/berger-groups"
rm -rf "$A"
mkdir -p "$A"
cp corpus/examples/berger-groups/*.csv corpus/examples/berger-groups/tournament.toml "$A/"
results=("1 1-0" "2 1/2" "3 0-1" "4 =" "5 1-0" "6 -/+")
for round in 1 2 3; do
  "$BSW" pair "$A" >/dev/null
  boards=$("$BSW" show "$A" --csv | awk -F, 'NR > 1 && $7 != "" { print $2 }')
  k=0
  for b in $boards; do
    set -- ${results[$(( (k + round) % ${#results[@]} ))]}
    echo "$b $2"
    k=$((k + 1))
  done | "$BSW" result "$A" "$round" --from - >/dev/null
done

# (b) Published rounds with violations: a greedy step (§8.4) in a Swiss, and a Berger group
#     drawn from the wrong seed (§4).
B=corpus/cases/check-wrong-greedy-choice/tournament
C=corpus/cases/check-berger-draw-from-wrong-seed/tournament

# (c) A Dutch event whose last round breaks C6.
D="$OUT/dutch-c6"
rm -rf "$D"
"$BSW" trf import corpus/cases/dutch-c6-fewest-downfloaters/tournament.trf "$D" >/dev/null
next=$(( $(tail -n 1 "$D/rounds.csv" | cut -d, -f1) + 1 ))
awk -v r="$next" 'NR > 1 && NF == 2 { b++; if ($2 == 0) print r "," b "," $1 ",,bye"; else print r "," b "," $1 "," $2 "," }' \
  corpus/cases/dutch-c6-fewest-downfloaters/bad.out >>"$D/rounds.csv"

status=0
check_page() { # NAME DIR EXPECTED-VERDICT-WORD
  local name=$1 dir=$2 verdict=$3 html="$OUT/$1.html" dom="$OUT/$1.dom.html"
  "$BSW" report "$dir" -o "$html" >/dev/null
  local url="file://$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
  timeout 120 "$CHROMIUM" "${FLAGS[@]}" --dump-dom "$url" >"$dom" 2>"$OUT/$name.chromium.log" || true
  if ! grep -q '</html>' "$dom"; then
    echo "FAIL $name: Chromium gave no DOM (see $OUT/$name.chromium.log)"; status=1; return
  fi
  local missing=0
  if ! grep -q "<strong>$verdict: " "$dom"; then echo "FAIL $name: verdict '$verdict' not in the DOM"; missing=1; fi
  # Every player's name (players.csv: the name column; test names need no HTML escaping).
  while IFS= read -r player; do
    grep -qF ">$player<" "$dom" || { echo "FAIL $name: player '$player' not in the DOM"; missing=1; }
  done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "name") c = i; next } NF { gsub(/"/, "", $c); print $c }' "$dir/players.csv")
  # Every violation: "ROUND RULE ID…" from bsw check --json (pretty-printed, keys sorted).
  local k=0
  while read -r round rule ids; do
    k=$((k + 1))
    grep -qF "Violation $k: round $round, rule $rule" "$dom" || { echo "FAIL $name: violation $k (round $round, rule $rule) not in the DOM"; missing=1; }
    local article
    article=$(awk -v id="v$k" '$0 ~ "<article class=\"violation\" id=\"" id "\"" { on = 1 } on { print } on && /<\/article>/ { exit }' "$dom")
    for id in $ids; do
      grep -qF "href=\"#p$id\"" <<<"$article" || { echo "FAIL $name: violation $k does not link player $id"; missing=1; }
    done
  done < <("$BSW" check "$dir" --json | awk '
    /^      "round": / { gsub(/[^0-9]/, ""); round = $0 }
    /^          "players": \[\]/ { ids = ""; next }
    /^          "players": \[/ { inlist = 1; ids = ""; next }
    inlist && /^          \]/ { inlist = 0; next }
    inlist { gsub(/[^0-9]/, ""); ids = ids " " $0 }
    /^          "rule": / { sub(/^          "rule": "/, ""); sub(/",?$/, ""); print round, $0, ids }')
  if [ "$verdict" = Violations ] && [ "$k" = 0 ]; then echo "FAIL $name: expected violations, bsw check reported none"; missing=1; fi
  for shot in "desktop 1280,2000" "phone 390,2400"; do
    set -- $shot
    timeout 120 "$CHROMIUM" "${FLAGS[@]}" --window-size="$2" --screenshot="$OUT/$name-$1.png" "$url" >>"$OUT/$name.chromium.log" 2>&1 || true
    [ -s "$OUT/$name-$1.png" ] || { echo "FAIL $name: no $1 screenshot"; missing=1; }
  done
  if [ "$missing" = 0 ]; then
    echo "ok   $name: verdict, $(grep -c . <(awk -F, 'NR > 1 && NF' "$dir/players.csv")) players, $k violation(s) found in the DOM; screenshots $OUT/$name-{desktop,phone}.png"
  else
    status=1
  fi
}

check_page conforming-berger-groups "$A" Conforming
check_page violations-greedy "$B" Violations
check_page violations-berger-draw "$C" Violations
check_page violations-dutch "$D" Violations
# The Dutch page in words: its system, the pairings side by side, the vectors behind a toggle.
dom="$OUT/violations-dutch.dom.html"
for want in 'FIDE (Dutch) System, C.04.3 (2026)' '<strong>C6</strong>' '<th scope="col">Published pairing</th><th scope="col">Better pairing</th>' '<details><summary>Every criterion compared</summary>'; do
  grep -qF "$want" "$dom" || { echo "FAIL violations-dutch: '$want' not in the DOM"; status=1; }
done
if grep -qF 'Berger-Swiss rule book' "$dom"; then echo "FAIL violations-dutch: the page names the Berger-Swiss rule book"; status=1; fi
# (d) bsw check-all: the index of a batch, sorted and filtered by its script.
E="$OUT/check-all"
rm -rf "$E" "$OUT/not-a-trf"
mkdir -p "$OUT/not-a-trf"
echo "not a tournament report file" >"$OUT/not-a-trf/broken.trf"
code=0
"$BSW" check-all "$A" "$B" "$C" "$D" "$OUT/not-a-trf" --out "$E" >"$OUT/check-all.log" 2>&1 || code=$?
if [ "$code" != 2 ]; then echo "FAIL check-all: exit $code, expected 2 (a refused file): $(tail -n 3 "$OUT/check-all.log")"; status=1; fi
if grep -qE '<link|src=|https?://|@import' "$E/index.html"; then echo "FAIL check-all: index.html fetches something"; status=1; fi
index_url="file://$(cd "$E" && pwd)/index.html"
# The paths of the rows a DOM shows (not hidden), in table order.
visible() { grep -o '<tr class="[^"]*" data-verdict="[^"]*"[^>]*><th scope="row" data-sort="[^"]*"' "$1" | grep -v ' hidden' | sed 's/.*data-sort="//; s/"$//' || true; }
# summary.csv's rows (path, verdict and players come before any quoted cell).
rows() { awk -F, 'NR > 1 && $1 != "" { print }' "$E/summary.csv"; }
check_index() { # NAME FRAGMENT EXPECTED-PATHS (one a line) EXPECTED-"N of M"
  local name=$1 dom="$OUT/check-all-$1.dom.html"
  timeout 120 "$CHROMIUM" "${FLAGS[@]}" --dump-dom "$index_url$2" >"$dom" 2>>"$OUT/check-all.chromium.log" || true
  if ! grep -q '</html>' "$dom"; then echo "FAIL check-all $name: Chromium gave no DOM (see $OUT/check-all.chromium.log)"; status=1; return; fi
  local got
  got=$(visible "$dom")
  if [ "$got" != "$3" ]; then
    echo "FAIL check-all $name: index.html$2 shows"; echo "$got" | sed 's/^/    /'; echo "  expected"; echo "$3" | sed 's/^/    /'; status=1; return
  fi
  grep -qF ">$4 events shown<" "$dom" || { echo "FAIL check-all $name: '$4 events shown' not in the DOM"; status=1; return; }
  echo "ok   check-all $name: index.html$2 shows $4 events, in the expected order"
}
all=$(rows | cut -d, -f1)
total=$(echo "$all" | wc -l)
[ "$total" = 5 ] || { echo "FAIL check-all: $total rows in summary.csv, expected 5"; status=1; }
check_index all "" "$all" "$total of $total"
violations=$(rows | awk -F, '$2 == "violations" { print $1 }')
check_index violations "#verdict=violations" "$violations" "$(echo "$violations" | wc -l) of $total"
by_players=$(rows | awk -F, '{ print $5 "," $1 }' | sort -t, -k1,1nr -s | cut -d, -f2)
check_index by-players "#sort=players&desc=1" "$by_players" "$total of $total"
check_index search "#q=rule%208.4" "$B" "1 of $total"
# Every link of the index leads to a certificate with the row's verdict.
while IFS=, read -r path verdict rest; do
  page=$(grep -o "href=\"certificates/[^\"]*\">$path<" "$OUT/check-all-all.dom.html" | sed 's/^href="//; s/">.*//' || true)
  if [ "$verdict" = refused ]; then
    [ -z "$page" ] || { echo "FAIL check-all: refused $path links a page"; status=1; }
    continue
  fi
  word=Conforming; [ "$verdict" = violations ] && word=Violations
  if [ -z "$page" ] || ! grep -q "<strong>$word: " "$E/$page"; then echo "FAIL check-all: $path does not link a '$word' certificate"; status=1; fi
done < <(rows)
for shot in "desktop 1280,900" "phone 390,1400"; do
  set -- $shot
  timeout 120 "$CHROMIUM" "${FLAGS[@]}" --window-size="$2" --screenshot="$OUT/check-all-$1.png" "$index_url" >>"$OUT/check-all.chromium.log" 2>&1 || true
  [ -s "$OUT/check-all-$1.png" ] || { echo "FAIL check-all: no $1 screenshot"; status=1; }
done
echo "ok   check-all: every certificate linked; screenshots $OUT/check-all-{desktop,phone}.png"
exit $status
