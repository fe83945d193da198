"""Checkpoints of the folded state along a journal: a cache that never changes an answer.

Every system's session, played with undos and redos, is folded through checkpoints and
compared at every cut of its journal with a resume of the journal cut there (the
source of truth). The spine follows, changes course and is looked into; clearing the
checkpoints changes no answer; only what is new is folded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from stream_play import FOLLOWS, PLAYS

from isowidgets.checkpoints import Checkpoints
from isowidgets.errors import JournalError
from isowidgets.game import Game
from isowidgets.journal import Entry, Journal, Note, effective_entries
from isowidgets.systems import game_for
from isowidgets.tray import DiceTray


def _played(system: str, path: Path) -> Game[Any]:
    """``system``'s short session, then more actions with an undo, a redo and an undo
    that stays in between (so cuts fall before, inside and after retcons)."""
    game = PLAYS[system](path)
    FOLLOWS[system](game)
    game.undo()
    game.redo()
    game.note("a note taken back")
    game.undo()
    game.note("a note that stays")
    return game


def _resumed_at(cls: type[Game[Any]], entries: list[Entry]) -> Any:
    """The state a resume of the journal cut after ``entries`` reaches."""
    return cls._from_journal(Journal.view(entries), None).state


@pytest.mark.parametrize("system", list(PLAYS))
def test_every_cut_of_every_system_folds_as_a_resume_of_that_cut(
    system: str, tmp_path: Path
) -> None:
    game = _played(system, tmp_path / "s.jsonl")
    entries = list(game.journal.entries)
    cls = type(game)
    checkpoints = cls.checkpoints(entries[0], journal=game.journal, every=3)
    assert checkpoints.follow(game.journal.effective()[1:]) == game.state
    for cut in range(1, len(entries) + 1):
        run = effective_entries(entries[:cut])[1:]
        assert checkpoints.state_of(run) == _resumed_at(cls, entries[:cut]), cut
    assert checkpoints.state == game.state  # looking moved nothing


@pytest.mark.parametrize("system", list(PLAYS))
def test_a_follower_that_extends_folds_only_the_new_entries(system: str, tmp_path: Path) -> None:
    game = PLAYS[system](tmp_path / "s.jsonl")
    cls = type(game)
    checkpoints = cls.checkpoints(game.journal.entries[0], every=2)
    checkpoints.extend(game.journal.effective()[1:])
    for step in (FOLLOWS[system], lambda g: g.note("n"), lambda g: g.note("m")):
        before, folded = len(game.journal), checkpoints.folded
        step(game)
        new = game.journal.entries[before:]
        assert checkpoints.extend(new) == game.state
        assert checkpoints.folded - folded == len(new)


def test_an_undo_refolds_from_the_last_checkpoint_not_from_the_start(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    for n in range(40):
        game.note(f"note {n}")
    checkpoints = DiceTray.checkpoints(game.journal.entries[0], every=8)
    checkpoints.follow(game.journal.effective()[1:])
    game.undo()
    folded = checkpoints.folded
    checkpoints.follow(game.journal.effective()[1:])
    assert len(checkpoints) == 39 and checkpoints.folded - folded == 39 - 32
    assert checkpoints.positions == (0, 8, 16, 24, 32)


def test_clearing_the_checkpoints_changes_no_answer(tmp_path: Path) -> None:
    game = _played("isolation", tmp_path / "s.jsonl")
    entries = list(game.journal.entries)
    checkpoints = game.checkpoints(entries[0], every=2)
    checkpoints.follow(game.journal.effective()[1:])
    cuts = [effective_entries(entries[:cut])[1:] for cut in range(1, len(entries) + 1)]
    kept = [checkpoints.state_of(run) for run in cuts]
    checkpoints.clear()
    assert checkpoints.positions == (0,)
    assert [checkpoints.state_of(run) for run in cuts] == kept
    assert checkpoints.state == game.state


def test_equal_events_in_copied_entries_are_shared_not_refolded(tmp_path: Path) -> None:
    """A view numbered again holds copies: equal events fold alike, so they are shared."""
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    for n in range(10):
        game.note(f"note {n}")
    run = game.journal.effective()[1:]
    checkpoints = DiceTray.checkpoints(game.journal.entries[0], every=4)
    checkpoints.follow(run)
    copies = [Entry(e.seq + 100, e.action + 100, e.end, e.at, e.event.model_copy()) for e in run]
    folded = checkpoints.folded
    checkpoints.follow(copies)
    assert checkpoints.folded == folded and checkpoints.shared(copies) == len(run)


def test_state_at_a_position_of_the_spine(tmp_path: Path) -> None:
    seen: list[str] = []

    def fold(state: tuple[str, ...], entry: Entry) -> tuple[str, ...]:
        seen.append(entry.event.text)  # type: ignore[attr-defined]
        return (*state, entry.event.text)  # type: ignore[attr-defined]

    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    for n in range(9):
        game.note(f"{n}")
    checkpoints: Checkpoints[tuple[str, ...]] = Checkpoints((), fold, every=4)
    checkpoints.extend(game.journal.effective()[1:])
    seen.clear()
    assert checkpoints.state_at(6) == tuple("012345")
    assert seen == ["4", "5"]  # from the checkpoint at 4
    with pytest.raises(JournalError, match="position"):
        checkpoints.state_at(10)


def test_a_fold_that_fails_keeps_what_was_folded_before_it(tmp_path: Path) -> None:
    def fold(state: int, entry: Entry) -> int:
        if entry.event.text == "bad":  # type: ignore[attr-defined]
            raise JournalError("a bad entry")
        return state + 1

    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    for text in ("a", "b", "bad", "c"):
        game.note(text)
    checkpoints = Checkpoints(0, fold)
    with pytest.raises(JournalError, match="bad entry"):
        checkpoints.extend(game.journal.effective()[1:])
    assert checkpoints.state == 2 and len(checkpoints) == 2


@pytest.mark.parametrize("every", [0, -1, None, 1.5, "8", 10**9])
def test_checkpoints_refuse_a_spacing_they_cannot_keep(every: object) -> None:
    with pytest.raises(JournalError, match="every"):
        Checkpoints(0, lambda state, entry: state, every=every)  # type: ignore[arg-type]


@pytest.mark.parametrize("fold", [None, 3, "fold"])
def test_checkpoints_refuse_a_fold_that_is_no_function(fold: object) -> None:
    with pytest.raises(JournalError, match="fold"):
        Checkpoints(0, fold)  # type: ignore[arg-type]


def test_a_game_builds_checkpoints_only_from_its_own_session_start(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    note = game.note("not a start")[0]
    with pytest.raises(JournalError, match="session_started"):
        DiceTray.checkpoints(note)
    with pytest.raises(JournalError, match="session_started"):
        DiceTray.checkpoints(None)  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="cannot be folded"):
        game_for("isolation").checkpoints(game.journal.entries[0])


def test_a_fold_that_does_not_replay_names_its_line(tmp_path: Path) -> None:
    game = PLAYS["isolation"](tmp_path / "i.jsonl")
    world = PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    checkpoints = type(game).checkpoints(game.journal.entries[0], journal=game.journal)
    stranger = world.journal.entries[-1]
    with pytest.raises(JournalError, match="does not replay"):
        checkpoints.extend([stranger])
    assert checkpoints.state == checkpoints.start
    assert isinstance(Note(text="x"), Note)
