"""Watch the World Die's exercise: 2030 begins.

The notebook is ``notebooks/exercises/04-watch-the-world-die.ipynb``:

1. **Play** Ana's first turn with the faces given, and say the Pressure after it.
2. **Predict** the chance of the Great Dying at a year's end with seven Events.
3. **Find the house rule** under which a failed chaining roll still adds to Pressure,
   and say the Pressure then.

Each self-check plays the task again on a fresh table with the engine and compares
(:mod:`isowidgets.exercises.core`).
"""

from __future__ import annotations

from ..rules.watch_the_world_die import WorldGame
from ..rules.watch_the_world_die.events import ChainRolled, EventTypeRolled
from ..rules.watch_the_world_die.odds import great_dying_chance
from ..rules.watch_the_world_die.settings import WorldSettings
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
    "EVENTS",
    "PLAYERS",
    "TURN",
    "Answers",
    "check_house_rule",
    "check_odds",
    "check_play",
    "world",
]

PLAYERS = ["Ana", "Ben", "Chidi", "Dana"]
TURN: list[tuple[int, str, str, str]] = [
    (1, "Extreme Heat/Drought", "the Sahel", "a third summer without rain"),
    (2, "Epidemic/Plague/Parasite", "the Sahel", "cholera in the camps"),
]
LAST_CHAIN = 6
"""Task 1: Ana's Event Type roll (1, Climate) and Event, a chaining roll of 2 and its
Event, then a chaining roll of 6, which is outside the chain set and ends the chain."""

EVENTS = 7
"""Task 2: the Events of the year when its last relief spends every point."""


def world(
    path: str | None = "sessions/exercise-world.jsonl", settings: WorldSettings | None = None
) -> WorldGame:
    """The exercise's table: four players begin 2030, journaled at ``path`` (a fresh
    session each time; ``None`` keeps it in memory)."""
    game = table(WorldGame, path, settings, "Exercise: 2030")
    game.begin(PLAYERS, year=2030)
    return game


def _play(game: WorldGame) -> None:
    """Task 1's turn, played by the engine on ``game``."""
    (first, *chained) = TURN
    game.make_it_worse(first[0])
    game.create_event(*first[1:])
    for face, *event in chained:
        game.roll_chain(face)
        game.create_event(*event)
    game.roll_chain(LAST_CHAIN)


def _faces(game: WorldGame) -> list[int]:
    rolled = (EventTypeRolled, ChainRolled)
    return [e.event.face for e in game.journal.effective() if isinstance(e.event, rolled)]


def check_play(game: object, answers: object) -> Passed:
    """Task 1: the turn on ``game`` was played with the task's faces, and
    ``answers.pressure`` is the Pressure after it."""
    task = "Task 1 (play)"
    rules = ("WTWD-R06", "WTWD-R08")
    if not isinstance(game, WorldGame) or not _faces(game):
        raise missing(task, "wtwd.play.none", rules, "wtwd.play.none.hint")
    reference = world(None)
    _play(reference)
    want_faces, got_faces = _faces(reference), _faces(game)
    if got_faces != want_faces:
        raise wrong(task, "wtwd.play.faces", rules, got=got_faces, want=want_faces)
    pressure = answer(answers, "pressure")
    if not given(pressure):
        raise missing_answer(task, "pressure", rules)
    if pressure != reference.pressure:
        raise wrong(task, "wtwd.play.pressure", rules, got=pressure, want=reference.pressure)
    events = reference.events_this_year
    return passed(task, "wtwd.play.right", want=reference.pressure, events=events)


def check_odds(answers: object) -> Passed:
    """Task 2: ``answers.chance`` is the chance of the Great Dying with :data:`EVENTS`."""
    want = float(great_dying_chance(EVENTS, WorldSettings().great_dying_comparison))
    rules = ("WTWD-R15", "WTWD-R16")
    return check_chance("Task 2 (odds)", rules, answers, want, "wtwd.odds.wrong", events=EVENTS)


def check_house_rule(answers: object) -> Passed:
    """Task 3: with ``answers.setting = answers.value`` the failed chaining roll of Task 1
    adds to Pressure, and ``answers.pressure_with_rule`` is the Pressure then."""
    task = "Task 3 (house rule)"
    rules = ("WTWD-R08", "WTWD-A04")
    title = WorldGame.title
    name, value, settings = house_rule(task, rules, answers, WorldSettings, title)
    default = world(None)
    _play(default)

    def play() -> WorldGame:
        ruled = world(None, settings)
        _play(ruled)
        return ruled

    ruled = under_rule(task, rules, name, value, play)
    if ruled.pressure != default.pressure + LAST_CHAIN:
        still = f"leaves Pressure at {ruled.pressure}"
        raise wrong(task, "wtwd.rule.still", rules, name=name, value=value, still=still)
    pressure = answer(answers, "pressure_with_rule")
    if not given(pressure):
        raise missing_answer(task, "pressure_with_rule", rules)
    if pressure != ruled.pressure:
        raise wrong(task, "wtwd.play.pressure", rules, got=pressure, want=ruled.pressure)
    ref = setting_ref(settings, name)
    return passed(task, "wtwd.rule.right", ref=ref, name=name, value=value, want=ruled.pressure)
