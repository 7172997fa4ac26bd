"""The Python package `bsw` against the repository's corpus and, where the `bsw` command is
built, against the command itself: same verdicts, same pairings, same simulation summary."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import bsw

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
TRF = CORPUS / "trf"


def read(path):
    return path.read_bytes()


def bsw_binary():
    """The `bsw` command to compare with: $BSW, else the newer of those built in target/,
    else one on PATH."""
    if os.environ.get("BSW"):
        return os.environ["BSW"]
    built = [ROOT / "target" / kind / "bsw" for kind in ("release", "debug")]
    built = sorted((p for p in built if os.access(p, os.X_OK)), key=lambda p: p.stat().st_mtime)
    found = str(built[-1]) if built else shutil.which("bsw")
    if not found:
        pytest.skip("no bsw command built (cargo build --release -p bsw-cli) to compare with")
    return found


# -- check_trf ---------------------------------------------------------------------------


def test_a_conforming_file_of_another_program_is_judged_by_the_generic_profile():
    report = bsw.check_trf(read(TRF / "lichess-style-utf8-bom.trf"))
    assert report["verdict"] == "conforming"
    assert report["profile"] == "generic"
    assert [r["round"] for r in report["rounds"]] == [1, 2, 3, 4]
    assert all(r["violations"] == [] for r in report["rounds"])


def test_text_and_bytes_read_alike_and_our_export_gets_the_berger_swiss_profile():
    data = read(TRF / "berger-swiss-export-groups-swaps.trf")
    from_bytes = bsw.check_trf(data)
    assert from_bytes == bsw.check_trf(data.decode("utf-8"))
    assert from_bytes["profile"] == "berger-swiss"
    assert from_bytes["verdict"] == "conforming"
    assert bsw.check_trf(data, profile="generic")["profile"] == "generic"


def test_a_violation_names_its_round_rule_and_players():
    report = bsw.check_trf(read(TRF / "bbpairings-trf26-next-round-bye-not-counted.trf"))
    assert report["verdict"] == "violations"
    violations = [(r["round"], v) for r in report["rounds"] for v in r["violations"]]
    assert violations
    round_, first = violations[0]
    assert round_ >= 1
    assert first["rule"] and first["message"]
    assert all(isinstance(p, int) for p in first["players"])


def test_a_file_that_is_no_trf_raises_value_error_with_the_file_and_field():
    with pytest.raises(ValueError) as e:
        bsw.check_trf(read(TRF / "html-error-page-saved-as.trf"), name="page.trf")
    assert str(e.value).startswith("page.trf")
    with pytest.raises(ValueError, match="no player records"):
        bsw.check_trf("not a tournament report file\n")
    with pytest.raises(ValueError, match="not a profile"):
        bsw.check_trf(read(TRF / "lichess-style-utf8-bom.trf"), profile="swiss")


def test_lenient_reads_by_the_results_and_warns_as_the_command_does():
    data = read(TRF / "inconsistent-totals-blank-bye-results.trf")
    with pytest.raises(ValueError, match="points"):
        bsw.check_trf(data)
    with pytest.warns(UserWarning):
        report = bsw.check_trf(data, lenient=True)
    assert report["verdict"] == "conforming"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_trf_gives_what_bsw_check_json_prints():
    binary = bsw_binary()
    for path in sorted(TRF.glob("*.trf")) + [CORPUS / "samples" / "dutch-501-players-9-rounds.trf"]:
        run = subprocess.run([binary, "check", str(path), "--json"], capture_output=True, text=True)
        if run.returncode == 2:
            with pytest.raises(ValueError):
                bsw.check_trf(read(path), name=str(path))
            continue
        assert bsw.check_trf(read(path), name=str(path)) == json.loads(run.stdout), path


# -- pair_trf ----------------------------------------------------------------------------


def expected_pairs(case):
    """corpus/cases/dutch-*/expected.out: the convention's pairs, `N 0` being the bye."""
    lines = (case / "expected.out").read_text().split()
    if lines == ["error"]:
        return None
    numbers = list(map(int, lines[1:]))
    pairs = [(numbers[k], numbers[k + 1] or None) for k in range(0, len(numbers), 2)]
    assert len(pairs) == int(lines[0])
    return pairs


DUTCH_CASES = sorted(p for p in (CORPUS / "cases").glob("dutch-*") if (p / "expected.out").exists())


@pytest.mark.parametrize("case", DUTCH_CASES, ids=lambda p: p.name)
def test_pair_trf_gives_the_hand_derived_dutch_round(case):
    text = read(case / "tournament.trf")
    expected = expected_pairs(case)
    if expected is None:
        with pytest.raises(bsw.NoValidPairing, match="no pairing satisfies"):
            bsw.pair_trf(text)
    else:
        assert bsw.pair_trf(text) == expected
        assert bsw.pair_trf(text, system="dutch") == expected


def test_the_bye_is_a_pair_with_none():
    pairs = bsw.pair_trf(read(CORPUS / "cases" / "dutch-c2-pab-eligibility" / "tournament.trf"))
    byes = [p for p in pairs if p[1] is None]
    assert len(byes) == 1 and pairs[-1] == byes[0]


def test_no_valid_pairing_is_a_value_error():
    assert issubclass(bsw.NoValidPairing, ValueError)


def test_our_export_is_paired_by_its_own_system_unless_forced():
    data = read(TRF / "berger-swiss-export-groups-swaps.trf")
    # The event is finished: the Berger-Swiss system has no round left to pair.
    with pytest.raises(ValueError):
        bsw.pair_trf(data)
    with pytest.raises(ValueError, match="not a system"):
        bsw.pair_trf(data, system="swiss")


def test_pair_trf_gives_what_the_engine_convention_writes():
    binary = bsw_binary()
    for case in DUTCH_CASES[:8]:
        run = subprocess.run([binary, str(case / "tournament.trf"), "-p"], capture_output=True, text=True)
        if run.returncode == 1:
            continue
        numbers = list(map(int, run.stdout.split()[1:]))
        pairs = [(numbers[k], numbers[k + 1] or None) for k in range(0, len(numbers), 2)]
        assert bsw.pair_trf(read(case / "tournament.trf")) == pairs, case


def test_a_broken_file_names_the_line_and_field():
    good = read(CORPUS / "cases" / "dutch-absence-h" / "tournament.trf").decode()
    bad = good.replace("2000", "20x0", 1)
    with pytest.raises(ValueError, match=r"^bad\.trf:3: "):
        bsw.pair_trf(bad, name="bad.trf")


# -- simulate ----------------------------------------------------------------------------


def test_a_small_campaign_passes_and_is_deterministic():
    summary = bsw.simulate(5, 7, jobs=2)
    assert summary["tournaments"] == 5
    assert summary["failing_tournaments"] == 0
    assert summary["rounds"] > 0 and summary["games"] > 0
    again = bsw.simulate(5, 7, jobs=1)
    summary.pop("timing")
    again.pop("timing")
    assert summary == again


def test_a_dutch_campaign_and_refusals():
    summary = bsw.simulate(3, 1, system="dutch")
    assert summary["tournaments"] == 3
    assert summary["failing_tournaments"] == 0
    assert summary["campaign"]["params"]["system"] == "dutch"
    with pytest.raises(ValueError, match="at least 1"):
        bsw.simulate(0, 1)
    with pytest.raises(ValueError, match="not a system"):
        bsw.simulate(1, 1, system="swiss")
    with pytest.raises(ValueError, match="2\\^63-1"):
        bsw.simulate(1, 2**63)


def test_simulate_gives_what_bsw_simulate_json_prints():
    binary = bsw_binary()
    for system in ("berger-swiss", "dutch"):
        run = subprocess.run(
            [binary, "simulate", "--seed", "3", "--tournaments", "6", "--system", system, "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
        cli = json.loads(run.stdout)
        ours = bsw.simulate(6, 3, system=system)
        cli.pop("timing")
        ours.pop("timing")
        assert ours == cli


def test_simulate_takes_the_baku_acceleration():
    summary = bsw.simulate(4, 11, system="dutch", acceleration="baku")
    assert summary["failing_tournaments"] == 0
    assert summary["campaign"]["params"]["acceleration"] == "baku"
    plain = bsw.simulate(4, 11, system="dutch")
    assert "acceleration" not in plain["campaign"]["params"]
    with pytest.raises(ValueError, match="not an acceleration"):
        bsw.simulate(1, 1, system="dutch", acceleration="bakú")
    with pytest.raises(ValueError, match="add --system dutch"):
        bsw.simulate(1, 1, acceleration="baku")


def test_simulate_takes_the_late_entry_rate():
    summary = bsw.simulate(10, 777, system="dutch", late_entry_rate=0.2)
    assert summary["failing_tournaments"] == 0
    assert summary["campaign"]["params"]["late_entry_rate"] == 0.2
    features = summary["features"]
    assert features["late_entrants"] >= features["late_entries"] > 0
    assert bsw.simulate(3, 777, system="dutch")["features"]["late_entrants"] == 0
    with pytest.raises(ValueError, match="late entries are for FIDE"):
        bsw.simulate(1, 1, late_entry_rate=0.1)
    with pytest.raises(ValueError, match="not a probability"):
        bsw.simulate(1, 1, system="dutch", late_entry_rate=1.5)


def test_acceleration_and_late_entries_give_what_bsw_simulate_json_prints():
    binary = bsw_binary()
    run = subprocess.run(
        [binary, "simulate", "--seed", "5", "--tournaments", "6", "--system", "dutch",
         "--acceleration", "baku", "--late-entry-rate", "0.15", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    cli = json.loads(run.stdout)
    ours = bsw.simulate(6, 5, system="dutch", acceleration="baku", late_entry_rate=0.15)
    cli.pop("timing")
    ours.pop("timing")
    assert ours == cli
