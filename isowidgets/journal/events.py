"""Journal events: the payload base, the registry of kinds, and the core's own events.

Every line of a journal carries one :class:`Event`: a frozen pydantic model of plain
data whose ``(system, kind)`` names its schema. Subclassing :class:`Event` with a
``kind`` registers it, so a line naming that kind is read back as that class
(:func:`event_type`). A system's events are registered when its module loads; a
journal line naming a system not loaded yet asks the *system finder* for it, which
the system registry (:mod:`isowidgets.systems`) installs: the journal itself knows
no system, and a name read from a file never becomes a module name.

The core's own events (a session's start, the table's seed, house rules changed, a
retcon, a note, a prepared value, a disclosure, the seed's reveal, a tray roll) are
defined here too. Each has exactly one public way in, named by its :attr:`Event.way_in`
(``game.reveal()`` journals a reveal, ``game.note(text)`` a note…), which checks what
that event needs; ``Game.commit`` and ``Game.act`` refuse every core kind
(:class:`~isowidgets.errors.CoreEventError`), so a reveal that seals nothing or a
disclosure of an action not played yet can never be journaled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import UnionType
from typing import Annotated, Any, ClassVar, Literal, Protocol, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    WithJsonSchema,
    model_serializer,
)

from ..checks import shown
from ..commitment import COMMITMENT_PATTERN, SALT_PATTERN
from ..dice import LOAD_LIMITS, MAX_TABLE_SEED, PoolRoll
from ..errors import DiceError, JournalError
from ..words import Message, msg, render

__all__ = [
    "Disclosed",
    "Event",
    "Note",
    "Prepared",
    "Resolver",
    "Retcon",
    "RollField",
    "Rolled",
    "SeedRevealed",
    "SessionStarted",
    "SettingsChanged",
    "SystemFinder",
    "TableSeed",
    "core_event_types",
    "event_type",
    "find_systems_with",
]


def _validate_roll(value: Any) -> PoolRoll:
    if isinstance(value, PoolRoll):
        return value
    if not isinstance(value, Mapping):
        raise ValueError(
            f"a roll must be an object with pool, faces and source, got {shown(value)}"
        )
    try:
        return PoolRoll.from_record(value, LOAD_LIMITS)
    except (DiceError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"invalid roll record: {exc}") from None


RollField = Annotated[
    PoolRoll,
    PlainValidator(_validate_roll),
    PlainSerializer(lambda roll: roll.to_record(), return_type=dict),
    WithJsonSchema({"type": "object"}),
]
"""A :class:`~isowidgets.dice.PoolRoll` inside an event; stored as its record and
re-checked (faces in range, explosion chains consistent) when a journal loads."""

_REGISTRY: dict[tuple[str, str], type[Event]] = {}


class Event(BaseModel):
    """Base of every journal event payload.

    Subclasses set the class variables ``system`` and ``kind``; together they
    name the payload schema that a journal line is validated against. Payloads
    are frozen and hold only data.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: ClassVar[str] = "core"
    kind: ClassVar[str] = ""
    way_in: ClassVar[str] = ""
    """A core event's one public way in (``"game.reveal()"``): ``Game.commit`` and
    ``Game.act`` refuse the core's kinds, naming it. A system's events leave it empty."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if "kind" in cls.__dict__ and cls.kind:
            key = (cls.system, cls.kind)
            if key in _REGISTRY and _REGISTRY[key].__qualname__ != cls.__qualname__:
                raise TypeError(f"event kind {key} is registered twice")
            _REGISTRY[key] = cls

    def message(self) -> Message:
        """What happened, as a message a view renders in its reader's language.

        Each event says it from its own data (``msg("<system>.died", "{who} died",
        who=Ref(self.character))``), so the journal holds no prose a view needs: the log,
        every export, the stream and the recap render it in the language of whoever shows
        it (:func:`isowidgets.words.render`). Subclasses override this; an event that
        still says itself in English by overriding :meth:`describe` is wrapped as it is.
        (Named ``message``, not ``summary``: Impact's older events carry a ``summary``
        field.)
        """
        if type(self).describe is not Event.describe:
            text = self.describe().replace("{", "{{").replace("}", "}}")
            return Message("core.unkeyed", text)
        return msg("core.event_kind", "{kind}", kind=self.kind.replace("_", " "))

    def kind_message(self) -> Message:
        """The event's kind as a person reads it (the log's kind column): ``action
        declared``, not ``action_declared``. A system whose events are read in more
        languages names its kinds in its catalogue."""
        return msg("core.event_kind", "{kind}", kind=self.kind.replace("_", " "))

    def describe(self) -> str:
        """The summary in English, for plain callers (notebook code, ``print``)."""
        return render(self.message())

    def rolls(self) -> list[PoolRoll]:
        """Every roll this event carries (for the log's faces column)."""
        found: list[PoolRoll] = []
        for name in _roll_fields(type(self)):
            _collect_rolls(getattr(self, name), found)
        return found


_ROLL_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}

_ATOMIC = (str, int, float, bool, type(None))


def _roll_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` that may hold a roll: every field but those whose type is
    plain text, a number, a flag, a literal or ``None`` (or a union of those), which
    validation keeps from ever holding one. Found once per class: a resume asks every
    event for its rolls (twice), and most events carry none."""
    names = _ROLL_FIELDS.get(model)
    if names is None:
        names = tuple(
            name for name, info in model.model_fields.items() if _may_hold_roll(info.annotation)
        )
        _ROLL_FIELDS[model] = names
    return names


def _may_hold_roll(annotation: Any) -> bool:
    if annotation in _ATOMIC:
        return False
    origin = get_origin(annotation)
    if origin is Literal:
        return False
    arms = get_args(annotation)
    if origin is Union or origin is UnionType:
        return any(_may_hold_roll(arm) for arm in arms)
    if origin in (dict, Mapping) and len(arms) == 2:  # only values are looked through
        return _may_hold_roll(arms[1])
    if origin in (list, tuple, Sequence) and arms:
        return any(_may_hold_roll(arm) for arm in arms if arm is not Ellipsis)
    return True  # a roll, a model, Any, anything else: looked through when read


def _collect_rolls(value: Any, found: list[PoolRoll]) -> None:
    if isinstance(value, _ATOMIC):
        return
    if isinstance(value, PoolRoll):
        found.append(value)
    elif isinstance(value, BaseModel):
        for name in _roll_fields(type(value)):
            _collect_rolls(getattr(value, name), found)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect_rolls(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _collect_rolls(item, found)


class SystemFinder(Protocol):
    """Loads the system a journal line names (installed by :mod:`isowidgets.systems`)."""

    def load(self, system: str) -> None:
        """Make the event kinds of ``system`` known, if such a system is installed
        (nothing when it is not)."""

    def names(self) -> list[str]:
        """Every system that can be opened."""

    def title(self, system: str) -> str | None:
        """How a person calls ``system`` (``"Watch the World Die"``), if it is installed."""


_FINDERS: list[SystemFinder] = []


def _said(value: object) -> str:
    """A house rule's value as the log says it: ``margin``, not ``'margin'``; ``off``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "unset"
    if isinstance(value, str):
        return shown(value.replace("_", " "), 80).strip("'\"")
    return shown(value, 80)


def system_title(system: str) -> str:
    """How a person calls the system named ``system`` in a log line: its title, asked of
    the installed finder, else the name in words (never ``watch_the_world_die``)."""
    for finder in _FINDERS:
        title = finder.title(system)
        if title:
            return title
    return system.replace("_", " ")


def find_systems_with(finder: SystemFinder) -> None:
    """Ask ``finder`` for a system a journal line names whose kinds are not known yet.

    The system registry installs its finder when it is imported (and the kit's
    package imports it), so the journal loads the system that wrote a file without
    importing the registry.
    """
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def core_event_types() -> list[type[Event]]:
    """Every event kind of the core, each with its one public way in (:attr:`Event.way_in`)."""
    return [cls for (system, _kind), cls in _REGISTRY.items() if system == "core"]


Resolver = Callable[[str, str], type[Event]]
"""How the codec finds the payload class of a line's ``system`` and ``kind``:
:func:`event_type`, or a narrower one a caller passes."""


def event_type(system: str, kind: str) -> type[Event]:
    """The payload class registered for ``(system, kind)``.

    If the kind is not registered yet, the system named ``system`` is loaded first
    by the system finder (see :func:`find_systems_with`: a registered system, or an
    installed entry point of that name), so its kinds are known.

    Raises:
        JournalError: the kind is still unknown; the message names the kinds
            the system has, or the systems there are.
    """
    key = (system, kind)
    if key not in _REGISTRY and system != "core":
        for finder in _FINDERS:
            finder.load(system)
    try:
        return _REGISTRY[key]
    except KeyError:
        there = sorted({name for finder in _FINDERS for name in finder.names()})
        known = sorted(k for s, k in _REGISTRY if s == system)
        if known or system in there:
            tip = f"system {shown(system)} has no such kind"
        else:
            tip = (
                f"no installed system is called {shown(system)} (the systems here: "
                f"{there}). Tip: install the package that provides it"
            )
        raise JournalError(
            f"unknown event kind {shown(kind)} for system {shown(system)}; known kinds: "
            f"{known}; {tip}"
        ) from None


class SessionStarted(Event):
    """The first event of every journal: which system, which settings, and the
    commitment to the session's seed (see :mod:`isowidgets.commitment`)."""

    kind: ClassVar[str] = "session_started"
    way_in: ClassVar[str] = "Game.new() (or Game.open())"
    game: str
    seed: int | str | None = None
    """The seed in plain text: only in journals written before sessions committed to
    their seed (they cannot be verified)."""
    commitment: str | None = Field(default=None, pattern=COMMITMENT_PATTERN)
    """SHA-256 of the salted seed; the seed itself stays out of the journal."""
    settings: dict[str, Any]
    kit_version: str
    title: str = ""
    limits: dict[str, int] | None = None
    """The session's dice caps (:meth:`~isowidgets.dice.Limits.to_record`); journals
    written before they were recorded have none and reopen with the defaults."""
    dice_scheme: Literal["draws", "hmac-sha256"] = "draws"
    """How the session's random faces were made: ``"hmac-sha256"`` (numbered rolls, see
    :mod:`isowidgets.dice.roller`) for sessions started now; ``"draws"`` (one stream of
    draws, :mod:`isowidgets.dice.streams`) for journals written before, which do not
    name one. :mod:`isowidgets.verify` checks each journal by the rules of its scheme."""

    def describe(self) -> str:
        title = f" “{self.title}”" if self.title else ""
        game = system_title(self.game)
        if self.commitment is not None:
            return f"{game} session{title} started (dice committed: {self.commitment[:12]}…)"
        return f"{game} session{title} started (seed {self.seed})"


class SeedRevealed(Event):
    """The session's seed and salt, disclosed so that anyone can verify its rolls.

    Journaled once by :meth:`Game.reveal <isowidgets.game.Game.reveal>`; after it the
    session rolls no more random dice (typed-in faces still work).
    """

    kind: ClassVar[str] = "seed_revealed"
    way_in: ClassVar[str] = "game.reveal()"
    seed: int | str
    salt: str = Field(pattern=SALT_PATTERN)
    draws: int | None = Field(default=None, ge=0)
    """Sessions of the ``"draws"`` scheme: how many random dice were drawn from its
    stream before the reveal (``None`` when no die was)."""
    public_rolls: int | None = Field(default=None, ge=0)
    """How many public random rolls were numbered before the reveal (so a public roll
    cut off the end is found too). GM-only rolls are not counted here, where every
    viewer reads it; the journal's chain covers them. ``None`` in journals written
    before rolls were numbered."""

    @model_serializer(mode="wrap")
    def _without_unset_counts(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Each scheme's journal holds its own count only (no ``"draws": null``)."""
        data: dict[str, Any] = handler(self)
        for name in ("draws", "public_rolls"):
            if data.get(name, 0) is None:
                del data[name]
        return data

    def describe(self) -> str:
        if self.public_rolls is None:
            return f"seed revealed: {shown(self.seed, 80)} after {self.draws or 0} random dice"
        return f"seed revealed: {shown(self.seed, 80)} after {self.public_rolls} public rolls"


class TableSeed(Event):
    """The table's own seed, given after the commitment was shown and before the first
    random roll, and bound into every roll (see :mod:`isowidgets.dice.roller`).

    The GM's seed was fixed (committed to) before the table chose this one, so the GM
    cannot pick a seed that suits it. Journaled once by :meth:`Game.give_table_seed
    <isowidgets.game.Game.give_table_seed>`; it cannot be undone.
    """

    kind: ClassVar[str] = "table_seed"
    way_in: ClassVar[str] = "game.give_table_seed(text)"
    seed: str = Field(min_length=1, max_length=MAX_TABLE_SEED)

    def describe(self) -> str:
        return f"the table's seed: {shown(self.seed, 80)}"


class SettingsChanged(Event):
    """House rules changed: ``{name: [old, new]}``."""

    kind: ClassVar[str] = "settings_changed"
    way_in: ClassVar[str] = "game.change_settings(...) (or game.load_settings(path))"
    changes: dict[str, tuple[Any, Any]]

    def describe(self) -> str:
        parts = [
            f"{name.replace('_', ' ')}: {_said(old)} → {_said(new)}"
            for name, (old, new) in self.changes.items()
        ]
        return "house rules: " + "; ".join(parts)


class Retcon(Event):
    """Takes back an earlier action (undo). Retconning a retcon restores it (redo)."""

    kind: ClassVar[str] = "retcon"
    way_in: ClassVar[str] = "game.undo() and game.redo()"
    action: int = Field(ge=1)
    reason: str = ""

    def describe(self) -> str:
        if self.reason in ("undo", "redo"):
            return f"{self.reason} of an earlier action"
        why = f": {self.reason}" if self.reason else ""
        return f"an earlier action taken back{why}"


class Note(Event):
    """A free-text note from the table."""

    kind: ClassVar[str] = "note"
    way_in: ClassVar[str] = "game.note(text)"
    text: str

    def describe(self) -> str:
        return f"note: {self.text}"


class Prepared(Event):
    """A value the GM settles before the table meets it: an NPC's hidden skill, a secret
    difficulty, the event planned for the third round.

    Journaled by :meth:`Game.prepare <isowidgets.game.Game.prepare>` (GM-only unless
    asked otherwise), so the log shows what was fixed in advance and when, and a later
    :class:`Disclosed` proves the GM did not change it. It changes no state.
    """

    kind: ClassVar[str] = "prepared"
    way_in: ClassVar[str] = "game.prepare(name, value)"
    name: str
    value: int | str

    def describe(self) -> str:
        return f"prepared: {self.name} = {self.value}"


class Disclosed(Event):
    """Shows an earlier GM-only action to the table from now on.

    Journaled by :meth:`Game.disclose <isowidgets.game.Game.disclose>`. Not to be
    confused with :class:`SeedRevealed`, which discloses the dice seed. An undo takes
    the disclosure back (the action is GM-only again).
    """

    kind: ClassVar[str] = "disclosed"
    way_in: ClassVar[str] = "game.disclose(action)"
    action: int = Field(ge=1)

    def describe(self) -> str:
        return "shown to the table: an earlier GM-only action"


class Rolled(Event):
    """A plain roll on the dice tray, with what it was for and how it reads."""

    kind: ClassVar[str] = "rolled"
    way_in: ClassVar[str] = "DiceTray.roll(pool)"
    roll: RollField
    purpose: str = ""
    reading: str = ""

    def describe(self) -> str:
        parts = [self.roll.describe()]
        if self.reading:
            parts.append(f"→ {self.reading}")
        if self.purpose:
            parts.insert(0, f"{self.purpose}:")
        return " ".join(parts)
