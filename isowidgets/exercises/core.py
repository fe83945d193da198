"""What every exercise shares: the participant's answers, and how a self-check answers.

An exercise notebook (``notebooks/exercises/``) sets each task up, leaves the
participant a solution cell, then runs a **self-check**:

* it **passes** with a :class:`Passed` (its text, ``✓ …``, is the cell's output);
* it **fails** by raising :class:`NotYet`, an ``AssertionError`` (so nbgrader's
  autograder counts the cell as failed) that IPython shows as its message alone,
  no traceback: ``✗ …`` for a wrong answer, ``… missing`` for one not given yet.
  Either way the message says what is expected and cites the digest's rule IDs.

The right answers are never written down: each self-check plays the task again
with the system's engine and compares. Words come from :data:`EXERCISE_WORDS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar

from .. import checks
from ..errors import IsowidgetsError
from ..game import Game
from ..settings import RuleSettings
from ..widgets.i18n import Labels, catalogue
from ..words import Number, Percent

__all__ = [
    "EXERCISE_WORDS",
    "Answers",
    "NotYet",
    "Passed",
    "answer",
    "check_chance",
    "given",
    "house_rule",
    "missing",
    "missing_answer",
    "near",
    "passed",
    "say",
    "setting_ref",
    "table",
    "under_rule",
    "wrong",
]

EXERCISE_WORDS = catalogue(
    "exercises",
    {
        "exercise.passed": "✓ {task}: right. {detail}",
        "exercise.wrong": "✗ {task}: not yet. {detail} (rules: {rules})",
        "exercise.missing": "… {task}: missing: {what}. {hint} (rules: {rules})",
        "exercise.answer": "answers.{name} is not set",
        "exercise.odds.right": "{percent} (exact: {exact}).",
        "exercise.rule.unknown": "{name_shown} is not a house rule of {system}; "
        "print(game.settings.to_toml()) lists them, with the ambiguity each settles",
        "exercise.rule.refused": "the engine refuses {name} = {value_shown}: {why}",
        # Isolation
        "iso.play.none": "no conflict has been played on game yet",
        "iso.play.none.hint": "Play it with game.run_conflict(...) and the faces given",
        "iso.play.faces": "the conflict on game was not played with the task's faces: {who} "
        "rolled {got}, the task says {want}",
        "iso.play.degree": "answers.degree is {got_shown}; with these dice the conflict gives "
        "{want} (margin {margin}: pooled evens minus the GM's odds, read from the table)",
        "iso.play.right": "{degree}, margin {margin}.",
        "iso.odds.wrong": "answers.chance is {got}; the GM's {dice} red dice show {odds} or "
        "more odds with chance {chance} (every red 1 adds a die that may be odd again)",
        "iso.rule.refused": "with {name} = {value_shown} the engine still refuses to let Bob "
        "cooperate: {why}",
        "iso.rule.degree": "answers.degree_with_rule is {got_shown}; with the rule and Bob "
        "cooperating the conflict gives {want}",
        "iso.rule.right": "with {name} = {value_shown} ({ref}) Bob may cooperate: {want}.",
        # The Impact System
        "imp.play.none": "no Difficulty Test has been rolled on game yet",
        "imp.play.none.hint": "Set it up with game.action(...) and roll the face given",
        "imp.play.faces": "the test on game was rolled with {got}, the task says {want}",
        "imp.play.success": "answers.success is {got_shown}; {face} {net} is a total of {total} "
        "against the target {target}, so it {verdict}",
        "imp.play.right": "{face} {net} = {total}: {verdict}.",
        "imp.succeeds": "succeeds",
        "imp.fails": "fails",
        "imp.odds.wrong": "answers.chance is {got}; a {die} with {net} reaches {target} "
        "with chance {chance}",
        "imp.rule.still": "with {name} = {value_shown} the same roll still fails",
        "imp.rule.right": "with {name} = {value_shown} ({ref}) the same {face} succeeds.",
        # The Danish Fudge-dice conflict system
        "dk.play.none": "no conflict has been rolled on game yet",
        "dk.play.none.hint": "Open it with game.open_conflict(...) and roll the faces given",
        "dk.play.faces": "the conflict on game was rolled with {got}, the task says {want}",
        "dk.play.result": "answers.result is {got_shown}; three Fudge dice showing {faces} and "
        "skill {skill} give {want}",
        "dk.play.right": "skill {skill} and {faces} give {want}: {verdict}.",
        "dk.success": "a success",
        "dk.failure": "a failure",
        "dk.tie": "a failure (a tie against passive opposition fails)",
        "dk.odds.wrong": "answers.chance is {got}; skill {skill} against difficulty "
        "{difficulty} succeeds with chance {chance}",
        "dk.rule.still": "with {name} = {value_shown} the tied round still {still}",
        "dk.rule.right": "with {name} = {value_shown} ({ref}) the tied round hurts nobody.",
        # Watch the World Die
        "wtwd.play.none": "no turn has been played on game yet",
        "wtwd.play.none.hint": "Play it with game.make_it_worse(...), game.create_event(...) "
        "and game.roll_chain(...) and the faces given",
        "wtwd.play.faces": "the turn on game rolled {got}, the task says {want}",
        "wtwd.play.pressure": "answers.pressure is {got_shown}; after this turn Pressure is {want}",
        "wtwd.play.right": "Pressure {want} after {events} Events.",
        "wtwd.odds.wrong": "answers.chance is {got}; with {events} Events this year the "
        "Great Dying comes with chance {chance}",
        "wtwd.rule.still": "with {name} = {value_shown} the failed chaining roll still {still}",
        "wtwd.rule.right": "with {name} = {value_shown} ({ref}) the failed chaining roll adds to "
        "Pressure: {want}.",
    },
)
"""Every word a self-check says (the exercise notebooks are in English): each the message
``exercises.<key>`` of the ``exercises`` catalogue. What a participant gave is filled in
shortened (``{got}``, and ``{got_shown}`` as Python writes it), a chance as ``{chance}``
(three decimals), ``{percent}`` and ``{exact}`` (six decimals), a modifier ``{net}`` with
its sign."""

_LABELS = Labels(EXERCISE_WORDS, "en")

S = TypeVar("S", bound=RuleSettings)
G = TypeVar("G", bound=Game[Any])
T = TypeVar("T")


class Answers(SimpleNamespace):
    """The participant's answers: ``answers.degree = "Partial Success"``.

    A self-check reads each answer by name; one never set is *missing*, not wrong.
    """


_UNSET = object()


def answer(answers: object, name: str) -> Any:
    """The answer called ``name``, or a sentinel for one never given (see :func:`given`)."""
    return getattr(answers, name, _UNSET) if isinstance(answers, Answers) else _UNSET


def given(value: object) -> bool:
    """Whether :func:`answer` found an answer."""
    return value is not _UNSET


@dataclass(frozen=True, slots=True)
class Passed:
    """A self-check that passed; its text is what the cell shows."""

    task: str
    text: str

    def __repr__(self) -> str:
        return self.text


class NotYet(AssertionError):
    """A self-check that failed: a wrong or missing answer, said in words.

    An ``AssertionError``, so nbgrader's autograder counts the cell as failed;
    IPython shows only the message (``_render_traceback_``), not a traceback.
    """

    def __init__(self, task: str, text: str, *, missing: bool) -> None:
        super().__init__(text)
        self.task = task
        self.text = text
        self.missing = missing

    def _render_traceback_(self) -> list[str]:
        return [self.text]


TOLERANCE = 0.005
"""How far a predicted chance may be from the exact one: half a percentage point."""


class _Shown:
    """A value a participant gave, as a message shows it: shortened, whatever its size."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return checks.shown(self.value, SHOWN)

    def __str__(self) -> str:
        text = str(self.value) if isinstance(self.value, str | BaseException) else repr(self)
        return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


SHOWN = 80
"""At most this many characters of a participant's answer are repeated in a message."""

_GIVEN = ("got", "name", "value", "why")
"""The placeholders that hold what a participant gave (or the engine's refusal of it)."""


def near(value: object, want: float, tolerance: float) -> bool:
    """Whether ``value`` is a finite number within ``tolerance`` of ``want`` (a bool, text,
    NaN or a number too large for a float is not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        number = float(value)
    except OverflowError:
        return False
    return math.isfinite(number) and abs(number - want) <= tolerance


def say(key: str, **values: Any) -> str:
    """One phrase of :data:`EXERCISE_WORDS`, what a participant gave shortened."""
    return _LABELS(key, **_spoken(values))


def _spoken(values: dict[str, Any]) -> dict[str, Any]:
    """The values of a phrase as it fills them: what a participant gave shortened (and as
    Python writes it, ``<name>_shown``), numbers as Python writes them (an answer is
    repeated as it was given), a modifier signed, a chance in three forms."""
    spoken: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, int | float):
            spoken[name] = f"{value:+d}" if name == "net" and type(value) is int else str(value)
            spoken[f"{name}_shown"] = repr(value)
        elif name in _GIVEN:
            shown = _Shown(value)
            spoken[name], spoken[f"{name}_shown"] = str(shown), repr(shown)
        else:
            spoken[name] = value
    want = values.get("want")
    if isinstance(want, float):
        spoken["chance"] = Number(want, 3, grouped=False)
        spoken["exact"] = Number(want, 6, grouped=False)
        spoken["percent"] = Percent(want, 1)
    return spoken


def _rules(rules: Iterable[str]) -> str:
    return ", ".join(rules)


def passed(task: str, key: str, **values: Any) -> Passed:
    """A passing check's answer, the detail said by ``key``."""
    detail = say(key, **values)
    return Passed(task, _LABELS("exercise.passed", task=task, detail=detail))


def wrong(task: str, key: str, rules: Iterable[str], **values: Any) -> NotYet:
    """A wrong answer: what the engine says instead, and the rules that say why."""
    detail = say(key, **values)
    text = _LABELS("exercise.wrong", task=task, detail=detail, rules=_rules(rules))
    return NotYet(task, text, missing=False)


def missing(
    task: str, what_key: str, rules: Iterable[str], hint_key: str = "", **values: Any
) -> NotYet:
    """An answer not given yet: what is missing, how to give it, the rules to read."""
    what = say(what_key, **values)
    hint = say(hint_key, **values) + "." if hint_key else ""
    text = _LABELS("exercise.missing", task=task, what=what, hint=hint, rules=_rules(rules))
    return NotYet(task, " ".join(text.split()), missing=True)


def setting_ref(settings: RuleSettings, name: str) -> str:
    """The digest ID a house rule settles (its declaration's ``ref``), or ``""``."""
    return next((row["ref"] for row in settings.describe() if row["setting"] == name), "")


def check_chance(
    task: str, rules: Sequence[str], answers: object, want: float, key: str, **values: Any
) -> Passed:
    """An odds task: ``answers.chance`` within :data:`TOLERANCE` of ``want`` (the engine's
    exact chance); ``key`` says what a wrong one is told, with ``values``."""
    chance = answer(answers, "chance")
    if not given(chance):
        raise missing_answer(task, "chance", rules)
    if not near(chance, want, TOLERANCE):
        raise wrong(task, key, rules, got=chance, want=want, **values)
    return passed(task, "exercise.odds.right", want=want)


def house_rule(
    task: str, rules: Sequence[str], answers: object, kind: type[S], system: str
) -> tuple[str, object, S]:
    """A house-rule task's answer: ``answers.setting`` and ``answers.value``, and the
    settings of ``kind`` (the house rules of ``system``, named so in messages) with that
    one changed (the engine checks the value).

    Raises:
        NotYet: either is missing, the name is no setting of ``kind``, or the engine
            refuses the value.
    """
    name, value = answer(answers, "setting"), answer(answers, "value")
    if not given(name):
        raise missing_answer(task, "setting", rules)
    if not given(value):
        raise missing_answer(task, "value", rules)
    if not isinstance(name, str) or name not in kind.model_fields:
        raise wrong(task, "exercise.rule.unknown", rules, name=name, system=system)
    try:
        return name, value, kind(**{name: value})
    except IsowidgetsError as exc:
        raise wrong(task, "exercise.rule.refused", rules, name=name, value=value, why=exc) from None


def under_rule(
    task: str,
    rules: Sequence[str],
    name: str,
    value: object,
    play: Callable[[], T],
    key: str = "exercise.rule.refused",
) -> T:
    """``play()`` (the task played again under a house rule), an engine's refusal said as
    a wrong answer (``key``) rather than raised as the engine's error."""
    try:
        return play()
    except IsowidgetsError as exc:
        raise wrong(task, key, rules, name=name, value=value, why=exc) from None


def table(kind: type[G], path: str | None, settings: RuleSettings | None, title: str) -> G:
    """A fresh table of ``kind``: journaled at ``path`` (a file already there is renamed
    aside, never deleted), or in memory when ``path`` is ``None``."""
    if path is None:
        return kind.new(settings=settings, title=title)
    return kind.open(path, resume=False, settings=settings, title=title)


def missing_answer(task: str, name: str, rules: Iterable[str]) -> NotYet:
    """``answers.<name>`` was never set."""
    return missing(task, "exercise.answer", rules, name=name)
