"""The Danish system's exercise: Mira on the station.

The notebook is ``notebooks/exercises/03-fudge-conflict.ipynb``:

1. **Play** a passive conflict with the faces given, and say its result and whether
   it succeeds.
2. **Predict** the chance that skill 2 beats difficulty 3.
3. **Find the house rule** under which a tied round of Let It Hurt hurts nobody.

Each self-check plays the task again on a fresh table with the engine and compares
(:mod:`isowidgets.exercises.core`).
"""

from __future__ import annotations

from ..rules.fudge_conflict import FudgeGame
from ..rules.fudge_conflict.events import ConflictRolled
from ..rules.fudge_conflict.settings import FudgeSettings
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
    "FACES",
    "MIRA",
    "Answers",
    "check_house_rule",
    "check_odds",
    "check_play",
    "station",
]

MIRA = "Mira Lund"
GUARD = "The night guard"
SKILL = "climbing"
SKILL_VALUE = 2
DIFFICULTY = 2
FACES = "+ 0 -"
"""Task 1: Mira climbs the shaft (skill 2) against difficulty 2; the dice show + 0 −."""

ODDS_SKILL, ODDS_DIFFICULTY = 2, 3
"""Task 2's question: skill 2 against difficulty 3."""

TIE = {"mira": "+ 0 -", "guard": "0 0 0"}
"""Task 3: round 1 of Let It Hurt, both arguing (skill 2), both totalling 2."""


def station(
    path: str | None = "sessions/exercise-fudge.jsonl", settings: FudgeSettings | None = None
) -> FudgeGame:
    """The exercise's table: Mira and the night guard, journaled at ``path`` (a fresh
    session each time; ``None`` keeps it in memory)."""
    game = table(FudgeGame, path, settings, "Exercise: the station")
    game.add_character(
        MIRA,
        skills={SKILL: SKILL_VALUE, "arguing": 2},
        categories={SKILL: "kraft", "arguing": "fornuft"},
    )
    game.add_character(GUARD, role="npc", skills={"arguing": 2})
    return game


def _who(game: FudgeGame, name: str) -> str:
    return next(c.id for c in game.state.characters if c.name == name)


def _climb(game: FudgeGame) -> ConflictRolled:
    game.open_conflict(
        "passive", _who(game, MIRA), SKILL, difficulty=DIFFICULTY, intention="climb the shaft"
    )
    return game.roll_conflict(FACES)


def _faces(text: str) -> list[int]:
    return [{"+": 1, "0": 0, "-": -1}[part] for part in text.split()]


def check_play(game: object, answers: object) -> Passed:
    """Task 1: the conflict on ``game`` was rolled with the task's faces;
    ``answers.result`` and ``answers.success`` are what it gives."""
    task = "Task 1 (play)"
    rules = ("DK-R03", "DK-R04", "DK-R05")
    rolled = (
        [e.event for e in game.journal.effective() if isinstance(e.event, ConflictRolled)]
        if isinstance(game, FudgeGame)
        else []
    )
    if not rolled:
        raise missing(task, "dk.play.none", rules, "dk.play.none.hint")
    got = list(rolled[-1].records[0].roll.faces)
    if got != _faces(FACES):
        raise wrong(task, "dk.play.faces", rules, got=got, want=_faces(FACES))
    reference = _climb(station(None))
    result = reference.records[0].result
    tie = result == DIFFICULTY
    verdict = say("dk.success" if reference.success else "dk.tie" if tie else "dk.failure")
    values = {"faces": FACES, "skill": SKILL_VALUE, "want": result, "verdict": verdict}
    given_result = answer(answers, "result")
    if not given(given_result):
        raise missing_answer(task, "result", rules)
    if given_result != result:
        raise wrong(task, "dk.play.result", ("DK-R04",), got=given_result, **values)
    success = answer(answers, "success")
    if not given(success):
        raise missing_answer(task, "success", ("DK-R05",))
    if success is not reference.success:
        raise wrong(task, "dk.play.result", ("DK-R05",), got=success, **values)
    return passed(task, "dk.play.right", **values)


def check_odds(answers: object) -> Passed:
    """Task 2: ``answers.chance`` is the chance that skill 2 beats difficulty 3."""
    want = station(None).success_chance(ODDS_SKILL, ODDS_DIFFICULTY)
    return check_chance(
        "Task 2 (odds)",
        ("DK-R03", "DK-R05"),
        answers,
        want,
        "dk.odds.wrong",
        skill=ODDS_SKILL,
        difficulty=ODDS_DIFFICULTY,
    )


def _tied_round(settings: FudgeSettings) -> list[tuple[int, str]]:
    """Task 3's tied round under ``settings``: Mira's damage track after it."""
    game = station(None, settings)
    mira, guard = _who(game, MIRA), _who(game, GUARD)
    game.open_conflict(
        "active", mira, "arguing", opponent=guard, opponent_skill="arguing", intention="get in"
    )
    game.roll_conflict("0 0 0", "+ 0 -")
    game.let_it_hurt(mira)
    game.state_intention(mira, "get the guard to open the door")
    game.state_intention(guard, "make her leave")
    game.declare(mira, "crossing", guard, "arguing", ability="fornuft")
    game.declare(guard, "crossing", mira, "arguing", ability="fornuft")
    game.roll_round({mira: TIE["mira"], guard: TIE["guard"]})
    return list(game.character(mira).track())


def check_house_rule(answers: object) -> Passed:
    """Task 3: with ``answers.setting = answers.value`` a tied crossing round hurts nobody."""
    task = "Task 3 (house rule)"
    rules = ("DK-R25", "DK-A05")
    title = FudgeGame.title
    name, value, settings = house_rule(task, rules, answers, FudgeSettings, title)
    track = under_rule(task, rules, name, value, lambda: _tied_round(settings))
    if track:
        still = f"wounds Mira ({track})"
        raise wrong(task, "dk.rule.still", rules, name=name, value=value, still=still)
    ref = setting_ref(settings, name)
    return passed(task, "dk.rule.right", ref=ref, name=name, value=value)
