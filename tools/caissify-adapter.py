#!/usr/bin/env python3
"""caissify-pairings (PyPI, FIDE Dutch) as an engine of the JaVaFo/bbpPairings convention.

    caissify-adapter.py INPUT.trf -p OUTPUT      # pair the next round of INPUT.trf

Used by `bsw simulate --engine 'python3 tools/caissify-adapter.py {trf} -p {out}' --profile
generic` (see docs/external-engines.md and .ci/caissify.sh, which pins the version).

The round to pair is the one after the last round in which anyone has an opponent or a `U`
(pairing-allocated bye) cell. A player is paired in it when their cell for it is blank;
`0000 - H`, `0000 - Z`, `0000 - F` or `-` there mean absent (requested absence or withdrawal).
caissify's own TRF helpers skip players without a cell in the round being paired, so this
adapter reads the `001` records itself and rebuilds, from rounds before it, each player's
score, colour history (played games only), float history, pairing-allocated byes and forfeit
wins, as caissify's engine expects them.

Output: the number of lines that follow, then `white black` per board, a bye as `id 0`.
Exit 0 paired, 1 when caissify finds no pairing, 2 any other error (message on stderr).
"""

import sys


def cells_of(line):
    """Round cells (opponent, colour, result) of a 001 record, from column 92 on."""
    cells = []
    start = 91
    while start < len(line):
        c = line[start:start + 8].ljust(8)
        opp = c[0:4].strip()
        cells.append((int(opp) if opp.isdigit() else 0, c[5].strip().lower(), c[7].strip().upper()))
        start += 10
    return cells


def parse(path):
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    players, rounds, white1 = {}, None, True
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        code = line[:3]
        if code == "001" and len(line) >= 8:
            pid = int(line[4:8])
            rating = line[48:52].strip()
            players[pid] = {
                "id": pid,
                "name": line[14:47].strip(),
                "rating": int(rating) if rating.isdigit() else 0,
                "cells": cells_of(line),
            }
        elif code in ("XXR", "142") and line[3:4] == " ":
            rounds = int(line[4:].split()[0])
        elif code == "XXC" and line[3:4] == " ":
            white1 = "black1" not in line[4:].lower()
    return players, rounds, white1


PLAYED = ("1", "0", "=", "W", "D", "L")


def points(opp, res):
    if res in ("1", "+", "W") or (opp == 0 and res in ("F", "U")):
        return 1.0
    if res in ("=", "D", "H"):
        return 0.5
    return 0.0


def main(argv):
    if len(argv) != 4 or argv[2] != "-p":
        print("usage: caissify-adapter.py INPUT.trf -p OUTPUT", file=sys.stderr)
        return 2
    players, total, white1 = parse(argv[1])
    if not players:
        print(f"{argv[1]}: no player records", file=sys.stderr)
        return 2
    last = 0
    for p in players.values():
        for r, (opp, _, res) in enumerate(p["cells"], start=1):
            if opp or res == "U" or (res and res not in "FHZ-"):
                last = max(last, r)
    rnd = last + 1
    total = max(total or rnd, rnd)

    def cell(p, r):
        return p["cells"][r - 1] if r <= len(p["cells"]) else (0, "", "")

    # Scores after each round, for float directions.
    score_after = {pid: [0.0] for pid in players}
    for pid, p in players.items():
        for r in range(1, rnd):
            opp, _, res = cell(p, r)
            score_after[pid].append(score_after[pid][-1] + points(opp, res))

    engine_players, previous = [], set()
    for pid, p in sorted(players.items()):
        opp, _, res = cell(p, rnd)
        if opp or res:  # pre-entered: absent, withdrawn, or already paired
            continue
        color_hist, floats, byes, forfeit_wins = [], [], 0, 0
        for r in range(1, rnd):
            opp, col, res = cell(p, r)
            if opp == 0:
                if res in ("U", "F", "+"):
                    byes += 1
                floats.append("down" if points(0, res) > 0 else "none")
                continue
            if res in PLAYED:
                color_hist.append("white" if col == "w" else "black")
                previous.add((min(pid, opp), max(pid, opp)))
                mine, theirs = score_after[pid][r - 1], score_after[opp][r - 1]
                floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            else:
                forfeit_wins += res == "+"
                floats.append("down" if res == "+" else "none")
        engine_players.append({
            "id": pid,
            "name": p["name"],
            "score": score_after[pid][-1],
            "rating": p["rating"],
            "starting_number": pid,
            "title": "",
            "color_hist": color_hist,
            "float_history": floats,
            "bye_count": byes,
            "forfeit_win_count": forfeit_wins,
        })

    import warnings
    from caissify_pairings import generate_pairings

    warnings.simplefilter("ignore")
    try:
        pairs = generate_pairings(
            "dutch", engine_players, previous, rnd, total,
            initial_color="white" if white1 else "black",
        )
    except Exception as e:  # caissify signals "no pairing" with an exception
        print(f"caissify-pairings: round {rnd}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    pairs = sorted(pairs, key=lambda x: (x.get("black_id") is None, x.get("table", 0)))
    lines = [f"{x['white_id']} {x.get('black_id') or 0}" for x in pairs]
    with open(argv[3], "w") as f:
        f.write(f"{len(lines)}\n" + "".join(l + "\n" for l in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
