"""berger-swiss from Python: the library functions the `bsw` command calls."""

from typing import Any, Optional, Union

__version__: str

class NoValidPairing(ValueError):
    """No pairing of the next round satisfies the absolute criteria (`bsw FILE.trf -p` exits 1)."""

def check_trf(
    text: Union[str, bytes],
    profile: Optional[str] = None,
    lenient: bool = False,
    *,
    name: str = "input.trf",
) -> dict[str, Any]:
    """The object `bsw check FILE.trf --json` prints; ValueError on an unusable file."""

def pair_trf(
    text: Union[str, bytes],
    system: Optional[str] = None,
    *,
    lenient: bool = False,
    name: str = "input.trf",
) -> list[tuple[int, Optional[int]]]:
    """The next round as `bsw FILE.trf -p` pairs it: (white, black) pairs, the bye as (id, None)."""

def simulate(
    tournaments: int,
    seed: int,
    system: str = "berger-swiss",
    *,
    jobs: int = 0,
    acceleration: Optional[str] = None,
    late_entry_rate: float = 0.0,
) -> dict[str, Any]:
    """The summary `bsw simulate --seed SEED --tournaments N --system SYSTEM --json` prints;
    `acceleration="baku"` is `--acceleration baku`, `late_entry_rate` `--late-entry-rate`."""
