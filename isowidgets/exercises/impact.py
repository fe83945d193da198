"""The Impact System's exercise: Nadia picks the archive's lock.

The notebook is ``notebooks/exercises/02-impact.ipynb``:

1. **Play** the Difficulty Test with the face given, and say whether it succeeds.
2. **Predict** the chance that the same test succeeds before the die is rolled.
3. **Find a house rule** under which the same face succeeds.

Each self-check sets the test up again on a fresh table with the engine and
compares (:mod:`isowidgets.exercises.core`).
"""

from __future__ import annotations

from typing import Any

from ..rules.impact import ImpactGame
from ..rules.impact.events import TestRolled
from ..rules.impact.settings import ImpactSettings
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
    say,
    setting_ref,
    table,
    under_rule,
    wrong,
)

__all__ = [
    "DIFFICULTY",
    "FACE",
    "HELPS",
    "HINDERS",
    "NADIA",
    "Answers",
    "archive",
    "check_house_rule",
    "check_odds",
    "check_play",
    "detail",
]

NADIA = "Nadia Okafor"
HELPS = "Picked Her First Lock At Six"
HINDERS = "Guards Pass Every Ten Minutes"
DIFFICULTY = "Tricky"
FACE = 7
"""Task 1: a Tricky test (D10), one Detail helping and one hindering, the die showing 7."""


def archive(
    path: str | None = "sessions/exercise-impact.jsonl", settings: ImpactSettings | None = None
) -> ImpactGame:
    """The exercise's table: Nadia and the embassy archive, journaled at ``path`` (a fresh
    session each time; ``None`` keeps it in memory)."""
    game = table(ImpactGame, path, settings, "Exercise: the archive")
    game.add_pc(NADIA, [HELPS])
    game.add_scene("The embassy archive", [(HINDERS, "hinders")])
    return game


def detail(game: ImpactGame, text: str) -> str:
    """The id of the Detail of ``game`` that reads ``text``."""
    return next(d.id for d in game.state.details if d.text == text)


def _nadia(game: ImpactGame) -> str:
    return next(c.id for c in game.state.characters if c.name == NADIA)


def _test(game: ImpactGame) -> TestRolled:
    """Task 1's test, set up and rolled by the engine on ``game``."""
    game.action(
        _nadia(game),
        DIFFICULTY,
        helps=[detail(game, HELPS)],
        hinders=[detail(game, HINDERS)],
    )
    return game.roll(FACE)


def _rolled(game: object) -> TestRolled | None:
    if not isinstance(game, ImpactGame):
        return None
    found = [e.event for e in game.journal.effective() if isinstance(e.event, TestRolled)]
    return found[-1] if found else None


def check_play(game: object, answers: object) -> Passed:
    """Task 1: the test on ``game`` was rolled with the task's face, and
    ``answers.success`` says whether it succeeds."""
    task = "Task 1 (play)"
    rules = ("IMP-R06", "IMP-R07", "IMP-R08")
    played = _rolled(game)
    if played is None:
        raise missing(task, "imp.play.none", rules, "imp.play.none.hint")
    if list(played.roll.faces) != [FACE]:
        raise wrong(task, "imp.play.faces", rules, got=list(played.roll.faces), want=[FACE])
    success = answer(answers, "success")
    if not given(success):
        raise missing_answer(task, "success", rules)
    reference = _test(archive(None))
    net = reference.bonus - reference.penalty
    succeeded = reference.total >= reference.target
    verdict = say("imp.succeeds" if succeeded else "imp.fails")
    values: dict[str, Any] = {
        "face": FACE,
        "net": net,
        "total": reference.total,
        "target": reference.target,
        "verdict": verdict,
    }
    if success is not succeeded:
        raise wrong(task, "imp.play.success", ("IMP-R08",), got=success, **values)
    return passed(task, "imp.play.right", **values)


def check_odds(answers: object) -> Passed:
    """Task 2: ``answers.chance`` is the chance of Task 1's test succeeding before its roll."""
    game = archive(None)
    odds = game.plan_odds(
        "action",
        _nadia(game),
        difficulty=DIFFICULTY,
        helps=[detail(game, HELPS)],
        hinders=[detail(game, HINDERS)],
    )
    plan = odds.plan
    return check_chance(
        "Task 2 (odds)",
        ("IMP-R05", "IMP-R08"),
        answers,
        odds.success,
        "imp.odds.wrong",
        die=plan.die.name.upper(),
        net=plan.bonus - plan.penalty,
        target=plan.target,
    )


def check_house_rule(answers: object) -> Passed:
    """Task 3: with ``answers.setting = answers.value`` the same face succeeds."""
    task = "Task 3 (house rule)"
    rules = ("IMP-R08", "IMP-A10")
    title = ImpactGame.title
    name, value, settings = house_rule(task, rules, answers, ImpactSettings, title)
    rolled = under_rule(task, rules, name, value, lambda: _test(archive(None, settings)))
    if rolled.total < rolled.target:
        raise wrong(task, "imp.rule.still", rules, name=name, value=value)
    ref = setting_ref(settings, name)
    return passed(task, "imp.rule.right", ref=ref, name=name, value=value, face=FACE)
