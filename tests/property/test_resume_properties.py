"""A resume reaches exactly the state a plain full fold of its journal reaches.

:meth:`Game.resume <isowidgets.game.Game.resume>` reads a journal the fast way (each line
in one pass, roll records as the kit writes them put together from parts checked once,
the garbage collector paused) and folds it with :func:`isowidgets.contract.replace`. The
reference here takes none of those ways: every line read the long way
(:meth:`Entry.from_line <isowidgets.journal.Entry.from_line>`, every roll record checked
field by field), the effective entries found by :func:`effective_entries` from the
entries alone, and each folded with :func:`dataclasses.replace`. Journals are long
sessions of every system (undos, redos, notes) cut at any line, an action cut short
included.
"""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replay_play import LONG

from isowidgets.dice import records as dice_records
from isowidgets.journal import Entry, Journal, effective_entries
from isowidgets.journal.events import SessionStarted
from isowidgets.systems import game_for

SYSTEMS = ("isolation", "impact", "fudge_conflict", "watch_the_world_die")
FOLDS = {
    "isolation": "isowidgets.rules.isolation.fold",
    "impact": "isowidgets.rules.impact.fold",
    "fudge_conflict": "isowidgets.rules.fudge_conflict.fold",
    "watch_the_world_die": "isowidgets.rules.watch_the_world_die.fold",
}
EVENTS = 700


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[bytes]]:
    """Each system's long session, as its journal's lines (grown once)."""
    folder = tmp_path_factory.mktemp("long")
    lines = {}
    for system in SYSTEMS:
        game = LONG[system](folder / f"{system}.jsonl", EVENTS)
        game.journal.close()
        lines[system] = (folder / f"{system}.jsonl").read_bytes().splitlines(keepends=True)
    return lines


def _plainly(system: str, lines: list[bytes]) -> Any:
    """The state ``lines`` fold to, read and folded the plain way."""
    game = game_for(system)
    entries = [Entry.from_line(line.decode("utf-8").rstrip("\n")) for line in lines]
    effective = effective_entries(entries)
    start = effective[0]
    assert isinstance(start.event, SessionStarted)
    state = game.initial_state(game._start_settings(Journal.view([start]), start))
    for entry in effective[1:]:
        state = game.fold_event(state, entry.event)
    return entries, state


def _plain(monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    monkeypatch.setattr(dice_records, "_written_roll", lambda record, limits: None)
    monkeypatch.setattr(importlib.import_module(FOLDS[system]), "replace", dataclasses.replace)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(system=st.sampled_from(SYSTEMS), data=st.data())
def test_a_resume_reaches_the_state_a_plain_full_fold_reaches(
    sessions: dict[str, list[bytes]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    system: str,
    data: st.DataObject,
) -> None:
    lines = sessions[system]
    cut = data.draw(st.integers(2, len(lines)), label="lines kept")
    path = tmp_path / f"{system}-{cut}.jsonl"
    path.write_bytes(b"".join(lines[:cut]))
    (path.parent / f"{path.name}.secret").unlink(missing_ok=True)
    resumed = game_for(system).resume(path)
    try:
        got_entries, got = list(resumed.journal.entries), resumed.state
    finally:
        resumed.journal.close()
    with monkeypatch.context() as patch:
        _plain(patch, system)
        entries, expected = _plainly(system, lines[:cut])
    assert got_entries == entries
    assert [e.head for e in got_entries] == [e.head for e in entries]
    assert got == expected
