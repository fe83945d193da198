"""Isolation's exercise: Alice climbs onto the farmhouse roof.

The notebook is ``notebooks/exercises/01-isolation.ipynb``:

1. **Play** the conflict with the faces given, and say its degree.
2. **Predict** the chance that the GM's seven red dice show four odds or more.
3. **Find the house rule** that lets Bob cooperate on a net of +1, and say what the
   conflict then gives.

Each self-check plays the task again on a fresh copy of the farmhouse with the
engine and compares (:mod:`isowidgets.exercises.core`).
"""

from __future__ import annotations

from typing import Any

from ..rules.isolation import IsolationGame
from ..rules.isolation.examples import add_boarding_party
from ..rules.isolation.model import Conflict
from ..rules.isolation.odds import pool
from ..rules.isolation.settings import IsolationSettings
from .core import (
    Answers,
    Passed,
    answer,
    check_chance,
    given,
    house_rule,
    missing,
    missing_answer,
    passed,
    setting_ref,
    table,
    under_rule,
    wrong,
)

__all__ = [
    "ACTION",
    "AP",
    "DIFFICULTY",
    "FACES",
    "Answers",
    "check_house_rule",
    "check_odds",
    "check_play",
    "farmhouse",
]

AP = "alice"
ACTION = "climb onto the roof to look for the dead"
DIFFICULTY = 2
FACES: dict[str, Any] = {
    "alice": {"green": "4 2", "red": "3 5 2"},
    "bob": {"green": "2 3", "red": "4"},
    "GM": "3 5 2 4 6 6 3",
}
"""The faces of task 1, as a table types them (Eve has no link with Alice: no dice)."""

GM_DICE = 7
"""Task 2: the GM's pool of task 1 (Difficulty 2 + 3 living + Stress 2)."""
GM_ODDS = 4
"""Task 2: the odds asked of that pool."""


def farmhouse(
    path: str | None = "sessions/exercise-isolation.jsonl",
    settings: IsolationSettings | None = None,
) -> IsolationGame:
    """The exercise's table: the farmhouse (Alice, Bob and Eve) at Stress 2, journaled at
    ``path`` (a fresh session each time; ``None`` keeps it in memory)."""
    game = table(IsolationGame, path, settings, "Exercise: the roof")
    return add_boarding_party(game, stress=2)


def _faces(conflict: Conflict) -> dict[tuple[str, str], tuple[int, ...]]:
    return {(r.who, r.colour): tuple(r.roll.faces) for r in conflict.rolls if r.roll.faces}


def _reference(settings: IsolationSettings | None = None, **kwargs: Any) -> Conflict:
    """Task 1 played by the engine on a fresh farmhouse (with house rules, if given)."""
    game = farmhouse(None, settings)
    game.run_conflict(AP, ACTION, faces=FACES, difficulty=DIFFICULTY, **kwargs)
    played = game.state.last_conflict
    assert played is not None and played.resolution is not None
    return played


def check_play(game: object, answers: object) -> Passed:
    """Task 1: the conflict on ``game`` was played with the task's faces, and
    ``answers.degree`` is the degree it gives."""
    task = "Task 1 (play)"
    rules = ("ISO-R17", "ISO-R29", "ISO-R31")
    reference = _reference()
    played = game.state.last_conflict if isinstance(game, IsolationGame) else None
    if played is None or played.ap != AP or played.resolution is None:
        raise missing(task, "iso.play.none", rules, "iso.play.none.hint")
    want, got = _faces(reference), _faces(played)
    for key, faces in want.items():
        if got.get(key) != faces:
            who = " ".join(key)
            raise wrong(task, "iso.play.faces", rules, who=who, got=got.get(key), want=faces)
    degree = answer(answers, "degree")
    if not given(degree):
        raise missing_answer(task, "degree", rules)
    resolution = reference.resolution
    assert resolution is not None
    if degree != resolution.degree:
        why = ("ISO-R29", "ISO-R30", "ISO-R31")
        margin = resolution.margin
        raise wrong(task, "iso.play.degree", why, got=degree, want=resolution.degree, margin=margin)
    return passed(task, "iso.play.right", degree=resolution.degree, margin=resolution.margin)


def check_odds(answers: object) -> Passed:
    """Task 2: ``answers.chance`` is the chance of :data:`GM_ODDS` or more odds on the GM's
    :data:`GM_DICE` red dice."""
    want = pool("red", GM_DICE).at_least(GM_ODDS)
    return check_chance(
        "Task 2 (odds)",
        ("ISO-R21", "ISO-R28"),
        answers,
        want,
        "iso.odds.wrong",
        dice=GM_DICE,
        odds=GM_ODDS,
    )


def check_house_rule(answers: object) -> Passed:
    """Task 3: with ``answers.setting = answers.value`` Bob may cooperate on a net of +1,
    and ``answers.degree_with_rule`` is what the conflict then gives."""
    task = "Task 3 (house rule)"
    rules = ("ISO-R25", "ISO-A01")
    name, value, settings = house_rule(task, rules, answers, IsolationSettings, "Isolation")
    played = under_rule(
        task,
        rules,
        name,
        value,
        lambda: _reference(settings, stances={"bob": "Cooperative"}),
        "iso.rule.refused",
    )
    degree = answer(answers, "degree_with_rule")
    if not given(degree):
        raise missing_answer(task, "degree_with_rule", rules)
    resolution = played.resolution
    assert resolution is not None
    if degree != resolution.degree:
        why = ("ISO-R29", "ISO-R31")
        raise wrong(task, "iso.rule.degree", why, got=degree, want=resolution.degree)
    ref = setting_ref(settings, name)
    return passed(task, "iso.rule.right", ref=ref, name=name, value=value, want=resolution.degree)
