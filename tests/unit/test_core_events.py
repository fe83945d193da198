"""Every event kind the core writes has exactly one public way in.

A session's start, the seed's reveal, a disclosure, an undo, a note, a prepared value,
a change of house rules, a tray roll: each is journaled by its own method, which checks
what it must (the seed matches, the action is GM-only, the roll was rolled). ``commit``
and ``act`` used to take them too, so ``g.commit(SeedRevealed(...))`` sealed nothing and
broke ``verify`` for good, and ``g.commit(Disclosed(action=4))`` showed a GM-only roll
made later to the table at once. Now they refuse every core kind with the kit's error
(naming the kind and its way in) and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from isowidgets.contract import Action
from isowidgets.errors import CoreEventError, JournalError, RuleError
from isowidgets.follow import Spectator
from isowidgets.journal import (
    Disclosed,
    Event,
    Journal,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    SessionStarted,
    SettingsChanged,
)
from isowidgets.journal.events import core_event_types
from isowidgets.rules.isolation import IsolationGame
from isowidgets.tray import DiceTray
from isowidgets.verify import verify


def _snapshot(game: Any) -> tuple[Any, ...]:
    return (len(game.journal), game.state, game.dice.state())


def _forged(game: DiceTray) -> dict[str, Event]:
    roll = game.journal.entries[-1].event
    assert isinstance(roll, Rolled)
    start = game.journal.entries[0].event
    assert isinstance(start, SessionStarted)
    return {
        "session_started": start,
        "seed_revealed": SeedRevealed(seed=1, salt="0" * 64, public_rolls=1),
        "disclosed": Disclosed(action=4),
        "retcon": Retcon(action=2),
        "note": Note(text="forged"),
        "prepared": Prepared(name="npc", value=3),
        "settings_changed": SettingsChanged(changes={"read_parity": (True, False)}),
        "rolled": roll,
    }


def test_every_core_kind_is_listed_with_its_one_way_in() -> None:
    kinds = {cls.kind: cls.way_in for cls in core_event_types()}
    assert set(kinds) >= {
        "session_started",
        "seed_revealed",
        "table_seed",
        "disclosed",
        "retcon",
        "note",
        "prepared",
        "settings_changed",
        "rolled",
    }
    assert all(way for way in kinds.values())


CORE_KINDS = [
    "session_started",
    "seed_revealed",
    "disclosed",
    "retcon",
    "note",
    "prepared",
    "settings_changed",
    "rolled",
]
"""Every event kind the core writes, each with exactly one way in."""


@pytest.mark.parametrize("kind", CORE_KINDS)
@pytest.mark.parametrize("way", ["commit", "act"])
def test_commit_and_act_refuse_a_core_event(tmp_path: Path, kind: str, way: str) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=5)
    game.roll("3d6")
    event = _forged(game)[kind]
    before = _snapshot(game)
    lines = (tmp_path / "t.jsonl").read_bytes()

    def add(action: Action[Any]) -> None:
        action.add(event)

    call: Callable[[], object] = (
        (lambda: game.commit(event)) if way == "commit" else (lambda: game.act(add))
    )
    with pytest.raises(CoreEventError) as refused:
        call()
    assert isinstance(refused.value, RuleError)
    assert refused.value.kind == kind
    assert refused.value.way_in in str(refused.value)
    assert kind in str(refused.value)
    assert _snapshot(game) == before
    assert (tmp_path / "t.jsonl").read_bytes() == lines


def test_a_forged_reveal_is_refused_and_the_real_one_still_works(tmp_path: Path) -> None:
    """The issue's case: a reveal through commit sealed nothing and broke verify."""
    game = DiceTray.new(tmp_path / "t.jsonl", seed=5)
    game.roll("3d6")
    with pytest.raises(CoreEventError):
        game.commit(SeedRevealed(seed=1, salt="0" * 64, public_rolls=0))
    assert game.revealed is None
    game.roll("2d6")
    game.reveal()
    with pytest.raises(RuleError, match=r"sealed|revealed"):
        game.roll("2d6")
    assert verify(tmp_path / "t.jsonl").ok


def test_a_forged_disclosure_cannot_show_a_later_gm_only_roll(tmp_path: Path) -> None:
    """The issue's case: ``commit(Disclosed(action=4))`` then a GM-only roll as action 4."""
    game = DiceTray.new(tmp_path / "t.jsonl", seed=5)
    game.roll("3d6")
    game.roll("2d6")
    with pytest.raises(CoreEventError):
        game.commit(Disclosed(action=4))
    with game.gm_only():
        game.roll("3d6", purpose="SECRET")
    public = game.public_entries()
    assert all("SECRET" not in entry.event.describe() for entry in public)


def test_a_core_event_among_a_systems_own_is_refused_too(tmp_path: Path) -> None:
    game = IsolationGame.new(tmp_path / "i.jsonl", seed=5)
    game.note("before")
    before = _snapshot(game)
    with pytest.raises(CoreEventError, match="note"):
        game.commit(Note(text="slipped in"))
    assert _snapshot(game) == before


def test_each_way_in_still_journals_its_kind(tmp_path: Path) -> None:
    game = IsolationGame.new(tmp_path / "i.jsonl", seed=5)
    game.note("a note")
    game.prepare("npc", 3)
    game.change_settings(gm_red_ones_explode=not game.settings.gm_red_ones_explode)
    game.undo()
    game.redo()
    with game.gm_only():
        hidden = game.note("hidden")
    game.disclose(hidden[0].action)
    game.reveal()
    kinds = [entry.kind for entry in game.journal.entries]
    assert kinds[0] == "session_started"
    for kind in ("note", "prepared", "settings_changed", "retcon", "disclosed", "seed_revealed"):
        assert kind in kinds
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=5)
    tray.roll("2d6")
    assert tray.journal.entries[-1].kind == "rolled"


@pytest.mark.parametrize("kind", CORE_KINDS)
def test_the_games_journal_is_written_by_the_game_only(tmp_path: Path, kind: str) -> None:
    """``game.journal.append(...)`` was a second way in (a forged disclosure written there
    showed a later GM-only roll on the stream at once). A game's journal is written by its
    game only (``Journal.writer``): ``append`` on it refuses and changes nothing."""
    path = tmp_path / "t.jsonl"
    game = DiceTray.new(path, seed=5)
    game.roll("3d6")
    before = path.read_bytes(), _snapshot(game)
    with pytest.raises(JournalError, match="written by its game") as refused:
        game.journal.append(_forged(game)[kind])
    assert refused.value.key == "journal.owned"
    assert (path.read_bytes(), _snapshot(game)) == before
    with pytest.raises(JournalError, match="written by a game already"):
        game.journal.writer()
    game.journal.close()


def test_a_disclosure_forged_through_the_journal_shows_nothing(tmp_path: Path) -> None:
    """The issue's case, through ``game.journal`` instead of ``commit``."""
    path = tmp_path / "t.jsonl"
    game = DiceTray.new(path, seed=5)
    game.roll("3d6")
    with pytest.raises(JournalError):
        game.journal.append(Disclosed(action=4))
    with game.gm_only():
        game.roll("3d6", purpose="SECRET")
    assert not any("SECRET" in repr(e.event) for e in game.public_entries())
    catch = Spectator(path).poll()
    assert catch is not None
    assert not any("SECRET" in repr(e.event) for e in catch.game.journal.entries)
    game.journal.close()


def test_a_journal_of_no_game_is_appended_to() -> None:
    journal = Journal.memory()
    assert [e.kind for e in journal.append(Note(text="a journal of no game"))] == ["note"]
