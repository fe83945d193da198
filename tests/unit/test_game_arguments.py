"""The game shell checks its arguments: new, resume, open, note, undo and commit refuse
a bad one with the kit's error, in every game, and leave state, journal bytes and dice
exactly as they were."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from isowidgets import checks
from isowidgets.errors import DiceError, IsowidgetsError, JournalError, RuleError
from isowidgets.game import Game
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.tray import DiceTray

GAMES: dict[str, type[Game[Any]]] = {
    "tray": DiceTray,
    "isolation": IsolationGame,
    "impact": ImpactGame,
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Game[Any]]:
    opened = GAMES[request.param].new(tmp_path / "session.jsonl", seed=4)
    yield opened
    opened.journal.close()


def snapshot(game: Game[Any]) -> tuple[object, bytes, object, int]:
    assert game.journal.path is not None
    return game.state, game.journal.path.read_bytes(), game.dice.state(), len(game.journal)


def refused(
    game: Game[Any], call: Callable[[], object], error: type[IsowidgetsError], words: str
) -> None:
    before = snapshot(game)
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    assert len(str(caught.value)) < checks.SHOWN + 400
    assert snapshot(game) == before


# --------------------------------------------------------------------------- commit


@pytest.mark.parametrize("junk", [None, "note", 3, {"kind": "note"}, [None]])
def test_commit_of_what_is_not_an_event_is_the_kits_error(game: Game[Any], junk: object):
    """commit(None) goes through Game.act and is refused as a JournalError in every game."""
    refused(game, lambda: game.commit(junk), JournalError, "commit takes journal events")  # type: ignore[arg-type]


def test_act_refuses_what_is_not_a_rule(game: Game[Any]):
    refused(game, lambda: game.act(None), RuleError, "act needs a rule (a function), got NoneType")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- note and undo


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (None, "a note must be text, got NoneType None"),
        ("   ", "a note must not be empty"),
        ("x" * (checks.MAX_NOTE + 1), "at most 10000 are allowed"),
        ("x" * 50_000_000, "50,000,000 characters long"),
        ("a\ud800", "lone surrogate"),
    ],
    ids=["none", "blank", "long", "megabytes", "surrogate"],
)
def test_note_checks_its_text(game: Game[Any], text: object, words: str):
    refused(game, lambda: game.note(text), RuleError, words)  # type: ignore[arg-type]


def test_undo_checks_its_reason(game: Game[Any]):
    game.note("something to undo")
    refused(game, lambda: game.undo(None), RuleError, "an undo's reason must be text")  # type: ignore[arg-type]
    refused(game, lambda: game.undo("x" * 301), RuleError, "at most 300 are allowed")
    game.undo("ok")


# --------------------------------------------------------------------------- opening


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"seed": 2.5}, DiceError, "a seed must be a whole number or text, got float 2.5"),
        ({"seed": 10**400}, DiceError, "64 bits"),
        ({"seed": "s" * 5000}, DiceError, "a seed is 5,000 characters long"),
        ({"sync": "sometimes"}, JournalError, "sync must be one of 'flush', 'fsync'"),
        ({"clock": 3}, JournalError, "clock (a function returning a datetime) must be a function"),
        ({"limits": 3}, DiceError, "limits must be a dice.Limits, got int 3"),
        ({"title": None}, RuleError, "a session's title must be text"),
        ({"title": "t" * 5_000_000}, RuleError, "5,000,000 characters long"),
        ({"settings": 3}, RuleError, "needs"),
    ],
)
def test_new_checks_every_argument_before_touching_the_file(
    tmp_path: Path, name: str, arguments: dict[str, Any], error: type[Exception], words: str
):
    path = tmp_path / "s.jsonl"
    with pytest.raises(error) as caught:
        GAMES[name].new(path, **arguments)
    assert words in str(caught.value)
    assert len(str(caught.value)) < checks.SHOWN + 400
    assert not path.exists()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    ("path", "words"),
    [
        (3, "a journal's path must be a file path (text or a pathlib.Path), got int 3"),
        ("", "a journal's path must name a file"),
        ("a\0b.jsonl", "NUL character"),
        ("a\ud800.jsonl", "lone surrogate"),
        ("p" * 100_000, "a path has at most 4096"),
    ],
    ids=["int", "empty", "nul", "surrogate", "long"],
)
def test_new_resume_and_open_check_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, path: object, words: str
):
    monkeypatch.chdir(tmp_path)
    cls = GAMES[name]
    for call in (
        lambda: cls.new(path),  # type: ignore[arg-type]
        lambda: cls.resume(path),  # type: ignore[arg-type]
        lambda: cls.open(path),  # type: ignore[arg-type]
        lambda: cls.open(path, resume=False),  # type: ignore[arg-type]
    ):
        with pytest.raises(JournalError) as caught:
            call()
        assert words in str(caught.value)
        assert len(str(caught.value)) < checks.SHOWN + 400
    assert list(tmp_path.iterdir()) == []


def test_resume_of_none_is_refused():
    with pytest.raises(JournalError, match="a journal's path must be a file path"):
        DiceTray.resume(None)  # type: ignore[arg-type]


def test_open_checks_resume_and_its_keywords_before_renaming(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    DiceTray.new(path, seed=1).journal.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="resume must be True or False, got str 'no'"):
        DiceTray.open(path, resume="no")  # type: ignore[arg-type]
    with pytest.raises(JournalError, match=r"DiceTray\.open takes no argument 'colour'; allowed"):
        DiceTray.open(path, resume=False, colour="red")
    with pytest.raises(DiceError, match="a seed must be a whole number"):
        DiceTray.open(path, resume=False, seed=[1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.jsonl", "s.jsonl.secret"]
    assert path.read_bytes() == before
