"""An accepted action does its work once: its events serialised once (and read back once,
to check them), the next steps worked out once however many panels ask, and no scan
of the whole journal, however long the session.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from isowidgets import projection
from isowidgets.journal import history, payloads
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.tray import DiceTray


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts of the journal's serialisation, its reading, and every whole-journal scan."""
    counted: Counter[str] = Counter()

    def count(owner: Any, name: str) -> None:
        real = getattr(owner, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)

    count(payloads, "data_text")  # an event's data turned into JSON
    count(payloads, "event_of")  # an event read back from its data
    for scan in ("void_actions", "effective_entries", "incomplete_actions"):
        count(history, scan)
    for scan in ("public_entries", "disclosed_actions", "hidden_actions"):
        count(projection, scan)
    yield counted


def test_each_event_is_serialised_once_and_read_back_once(calls: Counter[str]):
    game = boarding_party(seed=3)
    for play in (
        lambda: game.propose("bob", "board up the windows"),
        lambda: game.roll("bob", "green", "4 3 1"),
        lambda: game.note("the windows hold"),
    ):
        before = len(game.journal)
        calls.clear()
        play()
        written = len(game.journal) - before
        assert written >= 1
        assert calls["data_text"] == written  # made once, then written as it is
        assert calls["event_of"] == written  # read back once, to check it replays


def test_no_action_scans_the_whole_journal(calls: Counter[str]):
    """Playing on in a long session touches no whole-journal function: what is void,
    what a redo takes back, what is disclosed are kept as the journal goes."""
    game = DiceTray.new(seed=1)
    for n in range(200):
        game.roll("1d6", purpose=f"warm-up {n}")
    game.undo()
    game.redo()
    calls.clear()
    game.roll("3d6!6")
    game.note("a note")
    with game.gm_only():
        prepared = game.prepare("npc", 3)
    game.disclose(prepared[0].action)
    game.undo()
    game.redo()
    per_event = ("data_text", "event_of")  # counted once per event, not scans
    scans = {name: n for name, n in calls.items() if name not in per_event}
    assert scans == {}, f"whole-journal scans during play: {scans}"


def test_the_next_steps_are_worked_out_once_per_state(monkeypatch: pytest.MonkeyPatch):
    game = boarding_party(seed=3)
    worked: list[object] = []
    real: Callable[..., Any] = IsolationGame.steps.__func__  # type: ignore[attr-defined]

    def counting(cls: type, state: object) -> Any:
        worked.append(state)
        return real(cls, state)

    monkeypatch.setattr(IsolationGame, "steps", classmethod(counting))
    first = game.next_steps()
    assert game.next_steps() is first and len(worked) == 1  # panels asking again: no work
    game.propose("bob", "board up the windows")
    asked = [game.next_steps() for _ in range(5)]  # five panels redraw after the action
    assert len(worked) == 2 and all(steps is asked[0] for steps in asked)
    assert asked[0] != first  # a new state has its own steps
    game.undo()
    assert game.next_steps() == first and len(worked) == 3


def test_the_journals_entries_are_a_view_made_without_a_copy():
    """``journal.entries`` reads like the tuple of the entries so far (it does not grow
    with later actions) without copying the journal on every redraw."""
    game = DiceTray.new(seed=1)
    for n in range(50):
        game.roll("1d6", purpose=f"roll {n}")
    entries = game.journal.entries
    game.note("later")
    assert len(entries) == 51 and len(game.journal.entries) == 52
    assert entries == tuple(entries) and entries != tuple(game.journal.entries)
    assert entries[-1].seq == 51 and entries[-2:] == (entries[49], entries[50])
    assert entries[::-1][0] is entries[-1] and next(reversed(entries)) is entries[-1]
    assert [e.seq for e in entries][:3] == [1, 2, 3]
    with pytest.raises(IndexError):
        entries[51]
    assert entries._entries is game.journal.entries._entries  # one list, never copied
