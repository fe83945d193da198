"""The contract every system plugs into the core with: actions, folds and steps.

A system is a :class:`~isowidgets.game.Game` subclass plus pure functions.
Seven shapes recur in every system, and each has one form here:

* :class:`Action`, the working copy one action builds: the state so far, the
  events added (each folded as it is added, so a later rule sees what an
  earlier one did) and the session's dice. A rule is a plain function
  ``rule(action, *args) -> value`` that reads ``action.state``, rolls through
  ``action.dice`` and calls ``action.add(event)``; :meth:`Game.act
  <isowidgets.game.Game.act>` runs it.
* :func:`rule_method`, a game's public method that is one of its rules
  (``add_character = rule_method(characters.add_character)``): the method has the
  rule's signature and docstring, and runs it through ``Game.act``.
* :class:`Fold`, a registry of one handler per event type: ``fold.py`` in
  every system fills one, and the game's ``apply`` hands events to it. A handler
  copies the state with its changes by :func:`replace`.
* :class:`Step`, one thing the table can do next, with who does it and what
  it waits for, labelled with names; a system's ``next_steps(state)`` returns
  them and every panel enables its buttons from them.
* :class:`Export`, a file a system makes from its journal besides the log itself
  (a chronicle, a record sheet): the game lists them in ``Game.exports`` and the
  session toolbar offers them next to the log's own formats.
* :class:`OddsQuestion`, one question a system's exact odds answer under any house
  rules (the chance of each degree going alone, of each stance): the game lists
  them in ``Game.odds_questions`` and ``Game.ask_odds`` answers them, so a designer's
  notebook compares settings for every system without naming one.
* :class:`~.beats.Beats`, a registry of one handler per event type that names the
  session's **beats**, the moments a person scrubs to (a conflict resolved, a turn
  ended): each handler sees a :class:`~.beats.Moment` (one journal action with the
  states before and after it) and returns a :class:`~.beats.Beat` (what was resolved,
  the verdict with its glyph and tone, what changed, the dice), in messages rendered in
  the reader's language. The game lists them in ``Game.beats``; a replay, a recap and a
  stream read them (:mod:`isowidgets.reel`) without naming any system. Its form is in
  :mod:`isowidgets.beats`, re-exported here.
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Concatenate, Generic, Literal, ParamSpec, TypeVar, overload

from .beats import Beat, BeatDice, Beats, Moment, Tone
from .binding import refusing
from .checks import shown
from .errors import InconsistentEventError, RuleError, inconsistent
from .words import Message, render

if TYPE_CHECKING:
    from .dice import Dice
    from .journal import Entry, Event

__all__ = [
    "Acted",
    "Action",
    "Beat",
    "BeatDice",
    "Beats",
    "Export",
    "Fold",
    "Moment",
    "OddsQuestion",
    "SessionExport",
    "Step",
    "Tone",
    "WaitsFor",
    "replace",
    "rule_method",
]

S = TypeVar("S")
R = TypeVar("R")
E = TypeVar("E", bound="Event")
P = ParamSpec("P")
T = TypeVar("T")


class Action(Generic[S]):
    """The working copy of one action: state so far, events added, the session's dice.

    Rules that cause several changes (a death erasing links and then sharing
    greens; a failure earning a step and then adding a Detail) compute each
    step on the state the previous one left, so ids and counts stay right.
    The game adopts :attr:`state` as it stands when the rule returns: the
    events are folded once, here, and never again on commit.
    """

    __slots__ = ("_cuts", "_fold", "dice", "events", "state")

    def __init__(self, state: S, fold: Callable[[S, Event], S], dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        self._fold = fold
        self._cuts: list[int] = []

    def add(self, *events: Event) -> None:
        """Fold ``events`` into :attr:`state` and keep them for the journal."""
        for event in events:
            self.state = self._fold(self.state, event)
            self.events.append(event)

    def split(self) -> None:
        """End one journal action here: the events added so far and those added
        after are journaled as separate actions (each undone on its own), yet all
        of them are checked before any is written.

        A rule that plays several steps at once (Isolation's ``run_conflict``) calls
        this after each step, so the journal reads as if each had been clicked.
        """
        start = self._cuts[-1] if self._cuts else 0
        if len(self.events) > start:
            self._cuts.append(len(self.events))

    def groups(self) -> list[list[Event]]:
        """The events as the journal actions they form (see :meth:`split`)."""
        bounds = [0, *self._cuts]
        if bounds[-1] < len(self.events):
            bounds.append(len(self.events))
        return [self.events[a:b] for a, b in pairwise(bounds) if b > a]


@dataclass(frozen=True, slots=True)
class Acted(Generic[R]):
    """What :meth:`Game.act <isowidgets.game.Game.act>` returns: the journal entries
    the action wrote and the value its rule returned (a new id, a roll, …)."""

    entries: list[Entry]
    value: R


@overload
def rule_method(
    rule: Callable[Concatenate[Any, P], None], *, ways_in: tuple[type[Event], ...] = ()
) -> Callable[Concatenate[Any, P], list[Entry]]: ...
@overload
def rule_method(
    rule: Callable[Concatenate[Any, P], R], *, ways_in: tuple[type[Event], ...] = ()
) -> Callable[Concatenate[Any, P], R]: ...
def rule_method(
    rule: Callable[..., Any], *, ways_in: tuple[type[Event], ...] = ()
) -> Callable[..., Any]:
    """A game's public method that is ``rule``: one signature, one docstring, one type.

    ``add_character = rule_method(characters.add_character)`` in a game class gives
    ``game.add_character(name, ...)``: the rule's parameters after its action, its
    docstring and its types, so the method and the rule cannot drift apart. A call
    runs the rule through :meth:`Game.act <isowidgets.game.Game.act>` (one journal
    action, all or nothing) and returns the rule's value or, for a rule that returns
    nothing, the journal entries the action wrote. A call the rule cannot take is
    refused with the kit's error before anything runs
    (:func:`~isowidgets.binding.refusing`). The game's attribute bears the rule's
    name (the game class checks it).

    ``ways_in`` names the core events the rule adds (the tray's ``roll`` adds a
    :class:`~.Rolled`): the method is their one public way in, and
    :meth:`Game.act <isowidgets.game.Game.act>` refuses them from any other rule.
    """
    signature = inspect.signature(rule)
    parameters = list(signature.parameters.values())
    if not parameters:
        raise TypeError(f"{rule.__name__} is no rule: a rule takes the action first")
    entries = signature.return_annotation in (None, "None")

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._way_in(*ways_in):
            acted = self.act(rule, *args, **kwargs)
        return acted.entries if entries else acted.value

    method.__name__ = rule.__name__
    method.__qualname__ = rule.__qualname__
    method.__module__ = rule.__module__
    method.__doc__ = rule.__doc__
    method.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[
            inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *parameters[1:],
        ],
        return_annotation="list[Entry]" if entries else signature.return_annotation,
    )
    method.__isowidgets_rule__ = rule  # type: ignore[attr-defined]
    return refusing(method)


class Fold(Generic[S]):
    """One system's fold: a handler per event type, registered with :meth:`Fold.on`.

    ``fold.py`` in each system creates one, decorates a pure handler per event
    type, and the game's ``apply`` calls it. A lookup that fails inside a
    handler (a :class:`~isowidgets.errors.RuleError` from ``state.character(id)``)
    means the event names what is not there, so it is reported as an
    :class:`~isowidgets.errors.InconsistentEventError` naming the event.
    """

    def __init__(self, title: str) -> None:
        self.title = title
        self._handlers: dict[type[Any], Callable[[S, Any], S]] = {}

    def on(self, *kinds: type[E]) -> Callable[[Callable[[S, E], S]], Callable[[S, E], S]]:
        """Register the decorated function as the handler of each event type in ``kinds``."""

        def register(handler: Callable[[S, E], S]) -> Callable[[S, E], S]:
            for kind in kinds:
                if kind in self._handlers:
                    raise TypeError(f"{self.title} folds {kind.__name__} twice")
                self._handlers[kind] = handler
            return handler

        return register

    @property
    def kinds(self) -> frozenset[type[Any]]:
        """The event types this fold handles."""
        return frozenset(self._handlers)

    def __call__(self, state: S, event: Event) -> S:
        """The state after ``event``.

        Raises:
            InconsistentEventError: the system has no such event, or it does
                not fit the state (a bug in the rules or an edited journal,
                never a refused request).
        """
        handler = self._handlers.get(type(event))
        if handler is None and not hasattr(type(event), "kind"):
            raise InconsistentEventError(
                "core.folds_events",
                "{title} folds journal events, got {type}",
                title=self.title,
                type=type(event).__name__,
            )
        if handler is None:
            raise InconsistentEventError(
                "core.no_such_event",
                "{title} has no event {kind}",
                title=self.title,
                kind=shown(event.kind),
            )
        try:  # as folding() does, without a context manager for each event of a resume
            return handler(state, event)
        except RuleError as exc:  # an InconsistentEventError is none: it passes through
            raise inconsistent(event.kind, exc) from None


def replace(obj: T, /, **changes: Any) -> T:
    """``obj``, a dataclass instance, with ``changes``: ``dataclasses.replace``, as
    a fold copies its state on every event, twice as fast.

    The same instance, made the same way (the class's ``__init__``, and its
    ``__post_init__`` if it has one, run with every field): only the fields are read
    at once (``operator.attrgetter``, found once per class) and passed in order,
    where ``dataclasses.replace`` looks each field's definition up on every call (a
    resume copies states some 20,000 times). A class whose ``__init__`` does not take
    exactly its fields in order (``init=False``, keyword-only, an ``InitVar``), and a
    name that is no field, go to ``dataclasses.replace``, which copies the first
    and refuses the second.
    """
    cls = type(obj)
    plan = _PLANS.get(cls, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    read, index = plan
    values = list(read(obj))
    for name, value in changes.items():
        position = index.get(name)
        if position is None:
            return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        values[position] = value
    return cls(*values)


_Plan = tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]

_UNPLANNED: Any = object()

_PLANS: dict[type[Any], _Plan | None] = {}
"""How :func:`replace` copies each class: its fields read at once, and each field's
position (``None``: the class is left to ``dataclasses.replace``)."""


def _plan(cls: type[Any]) -> _Plan | None:
    names = [f.name for f in dataclasses.fields(cls)]  # a TypeError for no dataclass
    taken = list(inspect.signature(cls).parameters.values())
    if (
        len(names) < 2
        or [p.name for p in taken] != names
        or any(p.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD for p in taken)
    ):
        return None  # init=False, keyword-only, an InitVar, an __init__ of its own
    return operator.attrgetter(*names), {name: i for i, name in enumerate(names)}


WaitsFor = Literal["click", "dice", "choice", "number", "text", "names"]
"""What a step waits for: a plain click, dice (rolled or typed), a choice among
:attr:`Step.options`, a number, some text, or one or more people."""


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the table can do now.

    Attributes:
        action: the game method that does it (``"roll"``, ``"choose_stance"``…).
        actor: who acts: the id of a character, ``"GM"``, or in a game with no GM
            and no characters the name of the player whose turn it is; ``None``
            for the whole table (a choice made together).
        waits_for: what the step needs from that person (see :data:`WaitsFor`).
        label: a sentence to show, written with names, never ids (in English: a
            system that speaks more languages gives :attr:`message`, and the label is
            its English).
        options: the values allowed, when it waits for a choice.
        required: play cannot go on until it is done (else it is optional).
        message: the step as a :class:`~isowidgets.words.message.Message` (names as
            :class:`~isowidgets.words.message.Ref`), for a view that says it in its reader's
            language (:meth:`said`); ``None`` for a system that speaks only English.
    """

    action: str
    actor: str | None
    waits_for: WaitsFor
    label: str = ""
    options: tuple[str, ...] = ()
    required: bool = True
    message: Message | None = None

    def __post_init__(self) -> None:
        if self.message is not None and not self.label:
            object.__setattr__(self, "label", render(self.message))

    def said(self, language: str = "en", *, names: Mapping[str, str] | None = None) -> str:
        """The step as a person reads it in ``language`` (its :attr:`label` where the
        system gave no :attr:`message`)."""
        if self.message is None:
            return self.label
        return render(self.message, language, names=names)


@dataclass(frozen=True, slots=True)
class Export:
    """A system's own export of a session, offered beside the log's formats.

    The log (``Journal.export``: Markdown, CSV, JSON) lists every event; a system
    may also write what the table reads afterwards, such as Watch the World Die's
    chronicle. ``render`` is pure: the session's effective journal entries (no
    retcons, nothing undone) in, the file's text out.

    Attributes:
        label: the name a person picks it by (``"Chronicle (Markdown)"``).
        suffix: the file's suffix, without the dot (``"md"``).
        render: the session's effective entries → the file's text.
    """

    label: str
    suffix: str
    render: Callable[[Sequence[Entry]], str]


@dataclass(frozen=True, slots=True)
class SessionExport:
    """A file the kit makes from any system's session (the recap), beside the log and a
    system's own :class:`Export`.

    Declared in the ``isowidgets.exports`` entry-point group (so the core names none);
    every game's ``export_formats()`` lists it and ``Game.export`` writes it. ``render``
    is pure: every entry of the journal (as read: retcons, GM-only lines and all), the
    view (``"public"``: what viewers could see; ``"everything"``) and the reader's
    language in, the file's text out.

    Attributes:
        label: the name a person picks it by.
        suffix: the file's suffix, without the dot (``"html"``).
        render: ``(entries, view, language)`` → the file's text.
        public: whether it is written public unless asked otherwise.
    """

    label: Message
    suffix: str
    render: Callable[[Sequence[Entry], str, str], str]
    public: bool = True


@dataclass(frozen=True, slots=True)
class OddsQuestion:
    """One question a system's exact odds answer, for a size and under given settings.

    A designer comparing house rules asks the same few questions of every system
    ("what are the odds of each outcome, as the pool grows, under this reading or
    that one?"). Each system names its own in ``Game.odds_questions`` and answers
    them with the functions of its ``odds.py``; ``Game.ask_odds`` checks the arguments
    and asks. The answer reads the settings it needs from the settings object it is
    handed, so one question compares any two settings.

    Attributes:
        label: the question in the table's words (``"Going alone against a difficulty"``),
            or as a :class:`~isowidgets.words.message.Message` for a system that speaks more
            languages (:meth:`said` renders either).
        size: what the number varied means (``"difficulty"``, ``"net bonus dice"``), as
            text or a message.
        sizes: the grid a sweep goes over by default.
        low: the smallest size the answer takes.
        high: the largest size the answer takes (keeps any call quick).
        answer: ``(settings, size)`` → outcome → probability, the outcomes named in
            words and in a fixed order, summing to 1 (an outcome no formula can
            predict, such as a GM's call, is left out rather than guessed).
        settings: the names of the settings the answer reads (what is worth comparing).
    """

    label: str | Message
    size: str | Message
    sizes: tuple[int, ...]
    low: int
    high: int
    answer: Callable[[Any, int], Mapping[str, float]]
    settings: tuple[str, ...] = ()

    def said(self, language: str = "en") -> tuple[str, str]:
        """The question and what its size means, as a person reads them in ``language``."""
        return _said(self.label, language), _said(self.size, language)


def _said(text: str | Message, language: str) -> str:
    return render(text, language) if isinstance(text, Message) else text
