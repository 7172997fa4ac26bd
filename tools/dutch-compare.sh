#!/bin/sh
# Pairs one round with bbpPairings and with `bsw pair --dutch` and fails when they differ, for
#   bsw simulate --system dutch --engine 'sh tools/dutch-compare.sh'
# (the JaVaFo/bbpPairings convention: called as `dutch-compare.sh INPUT.trf -p OUTPUT`).
# BBP names bbpPairings' executable (default bbpPairings.exe), BSW the bsw binary (default
# bsw). Writes bbpPairings' answer to OUTPUT; exits 3 (an engine error for the campaign) when
# the two outputs differ by a byte, board order included, or only one finds no pairing.
in="$1"
out="$3"
"${BBP:-bbpPairings.exe}" --dutch "$in" -p "$out"
rb=$?
"${BSW:-bsw}" pair --dutch "$in" -p "$out.bsw" >/dev/null 2>&1
rs=$?
if [ "$rb" -ne 0 ] || [ "$rs" -ne 0 ]; then
    rm -f "$out.bsw"
    if [ "$rb" -ne 0 ] && [ "$rs" -ne 0 ]; then
        exit "$rb"
    fi
    echo "exit codes differ: bbpPairings $rb, bsw $rs" >&2
    exit 3
fi
if ! cmp -s "$out" "$out.bsw"; then
    echo "bbpPairings (<) and bsw (>) pair differently:" >&2
    diff "$out" "$out.bsw" >&2
    rm -f "$out.bsw"
    exit 3
fi
rm -f "$out.bsw"
