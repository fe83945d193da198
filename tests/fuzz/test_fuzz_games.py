"""Every public method of every registered game: it acts, or refuses and changes nothing.

Hypothesis drives each game through sequences of drawn calls (see ``fuzz_games.py``):
valid arguments read from the state mixed with hostile ones, keywords a method
does not take. Each call must return or raise the kit's error, and a refusal must
leave the state, the journal's bytes and the dice exactly as they were
(``fuzz_harness.perform``). Each game takes at least ``TARGET`` calls per run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_games import machine
from fuzz_harness import COUNTS, TARGET, run

from isowidgets import systems


@pytest.mark.parametrize("system", systems.names())
def test_every_call_acts_or_is_refused_without_a_trace(system: str, scratch: Path) -> None:
    calls = run(machine(system, scratch), system, TARGET)
    assert calls >= TARGET, f"{system} took {calls:,} calls; the tier promises {TARGET:,}"
    assert COUNTS[system]["acted"], f"no call on {system} ever acted"
