"""The dice core and the games' constructors: every call acts or refuses without a trace.

The same contract as ``test_fuzz_games.py`` (see ``fuzz_harness.perform``) for every
public function and class of :mod:`isowidgets.dice` and for ``new``, ``open`` and
``resume`` of every registered game class, given hostile arguments and files
(see ``fuzz_core.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_core import dice_machine, opening_machine
from fuzz_harness import COUNTS, run

from isowidgets import systems

DICE_CALLS = 10_000
OPENING_CALLS = 1_000


def test_every_dice_call_acts_or_is_refused_without_a_trace(scratch: Path) -> None:
    calls = run(dice_machine(scratch), "dice", DICE_CALLS)
    assert calls >= DICE_CALLS, f"the dice core took {calls:,} calls of {DICE_CALLS:,}"


@pytest.mark.parametrize("system", systems.names())
def test_opening_a_session_acts_or_is_refused_without_a_trace(system: str, scratch: Path) -> None:
    label = f"{system} opening"
    calls = run(opening_machine(system, scratch), label, OPENING_CALLS, steps=20)
    assert calls >= OPENING_CALLS, f"{label} took {calls:,} calls of {OPENING_CALLS:,}"
    assert COUNTS[label]["acted"], f"no call of {label} ever opened a session"
