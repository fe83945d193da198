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

How an event holds a roll, and how a roll reads in a log line: :mod:`isowidgets.journal.rolls`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal, Protocol, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from ..checks import shown
from ..commitment import COMMITMENT_PATTERN, SALT_PATTERN
from ..dice import MAX_TABLE_SEED, PoolRoll
from ..errors import JournalError
from ..words import Message, msg, plural, render
from .rolls import (
    RollField,
    _changed_rolls,
    _collect_rolls,
    _reading,
    _roll_fields,
    _roll_message,
    _then,
    reading_message,
)

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
    "reading_message",
]


_REGISTRY: dict[tuple[str, str], type[Event]] = {}

_CORE_KINDS = {
    "session_started": msg("core.kind.session_started", "session started"),
    "seed_revealed": msg("core.kind.seed_revealed", "seed revealed"),
    "table_seed": msg("core.kind.table_seed", "table seed"),
    "settings_changed": msg("core.kind.settings_changed", "settings changed"),
    "retcon": msg("core.kind.retcon", "retcon"),
    "note": msg("core.kind.note", "note"),
    "prepared": msg("core.kind.prepared", "prepared"),
    "disclosed": msg("core.kind.disclosed", "disclosed"),
    "rolled": msg("core.kind.rolled", "rolled"),
}
"""The core's own kinds as the log's kind column says them, in the reader's language."""


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
        it (:func:`isowidgets.words.render() <.catalogues.render>`). Subclasses override
        this; an event that still says itself in English by overriding
        :meth:`~.Event.describe` is wrapped as it is.
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
        languages names its kinds in its catalogue; the core names its own."""
        if self.system == "core" and self.kind in _CORE_KINDS:
            return _CORE_KINDS[self.kind]
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

    def with_rolls(self, change: Callable[[PoolRoll], PoolRoll]) -> Self:
        """This event with every roll it carries replaced by ``change(roll)``, each once,
        in the order :meth:`rolls` lists them (what a view shows in place of the
        journal's record: :func:`~isowidgets.visibility.renumbered` numbers a disclosed
        GM-only roll among the ones shown). The event itself when nothing changes."""
        changed = {}
        for name in _roll_fields(type(self)):
            value = getattr(self, name)
            new = _changed_rolls(value, change)
            if new is not value:
                changed[name] = new
        return self.model_copy(update=changed) if changed else self


class SystemFinder(Protocol):
    """Loads the system a journal line names (installed by :mod:`isowidgets.systems`)."""

    def load(self, system: str) -> None:
        """Make the event kinds of ``system`` known, if such a system is installed
        (nothing when it is not)."""

    def names(self) -> list[str]:
        """Every system that can be opened."""

    def setting_words(self, name: str) -> Any | None:
        """The words an installed system gives its house-rule setting ``name`` (its
        :class:`~isowidgets.setting_spec.SettingWords`: a label, value words), if exactly one
        set of words is given for that name."""

    def title(self, system: str) -> Message | str | None:
        """How a person calls ``system`` (``"Watch the World Die"``), if it is installed:
        a message of its catalogue where the system has one (said in the reader's
        language), else its title."""


_FINDERS: list[SystemFinder] = []


def setting_words(name: str) -> Any | None:
    """The words a system gives its house-rule setting ``name`` (label, value words),
    asked of the installed finder; ``None`` when none does (or systems disagree)."""
    for finder in _FINDERS:
        words = finder.setting_words(name)
        if words is not None:
            return words
    return None


def _said(value: object) -> Message | str | int | float:
    """A house rule's value as the log says it: ``margin``, not ``'margin'``; ``off``.

    A switch and an unset value are words of the catalogue; a whole number and a short
    decimal are passed as numbers (written the reader's way); anything else as it is
    shown."""
    if isinstance(value, bool):
        return msg("core.setting_on", "on") if value else msg("core.setting_off", "off")
    if value is None:
        return msg("core.setting_unset", "unset")
    if isinstance(value, str):
        return shown(value.replace("_", " "), 80).strip("'\"")
    if isinstance(value, int) and 0 <= value < 10_000:
        return value
    if isinstance(value, float) and _plain_decimal(value):
        return value  # written the same in English; with a decimal comma in Danish
    return shown(value, 80)


def _plain_decimal(value: float) -> bool:
    """Whether ``value`` is written the same as a number the reader's way (in English)
    as ``repr`` writes it: a short decimal below 1,000 with at most three decimals."""
    text = repr(value)
    whole, _, fraction = text.partition(".")
    return (
        not value.is_integer()
        and whole.lstrip("-").isdigit()
        and 0 <= value < 1000
        and fraction.isdigit()
        and len(fraction) <= 3
    )


def system_title(system: str) -> Message | str:
    """How a person calls the system named ``system`` in a log line: its title, asked of
    the installed finder (a message where the system names itself in its catalogue, so a
    Danish log says the Danish name), else the name in words (never
    ``watch_the_world_die``)."""
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
            tip = msg(
                "journal.no_such_kind", "system {system} has no such kind", system=shown(system)
            )
        else:
            tip = msg(
                "journal.no_such_system",
                "no installed system is called {system} (the systems here: {there}). Tip: "
                "install the package that provides it",
                system=shown(system),
                there=str(there),
            )
        raise JournalError(
            "journal.unknown_kind",
            "unknown event kind {kind} for system {system}; known kinds: {known}; {tip}",
            kind=shown(kind),
            system=shown(system),
            known=str(known),
            tip=tip,
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
    """The session's dice caps (:meth:`~.Limits.to_record`); journals
    written before they were recorded have none and reopen with the defaults."""
    dice_scheme: Literal["draws", "hmac-sha256"] = "draws"
    """How the session's random faces were made: ``"hmac-sha256"`` (numbered rolls, see
    :mod:`isowidgets.dice.roller`) for sessions started now; ``"draws"`` (one stream of
    draws, :mod:`isowidgets.dice.streams`) for journals written before, which do not
    name one. :mod:`isowidgets.verify` checks each journal by the rules of its scheme."""

    def message(self) -> Message:
        game = system_title(self.game)
        if self.commitment is not None:
            if self.title:
                return msg(
                    "core.session_started_titled",
                    "{game} session “{title}” started (dice committed: {commitment}…)",
                    game=game,
                    title=self.title,
                    commitment=self.commitment[:12],
                )
            return msg(
                "core.session_started",
                "{game} session started (dice committed: {commitment}…)",
                game=game,
                commitment=self.commitment[:12],
            )
        if self.title:
            return msg(
                "core.session_started_seed_titled",
                "{game} session “{title}” started (seed {seed})",
                game=game,
                title=self.title,
                seed=str(self.seed),
            )
        return msg(
            "core.session_started_seed",
            "{game} session started (seed {seed})",
            game=game,
            seed=str(self.seed),
        )


class SeedRevealed(Event):
    """The session's seed and salt, disclosed so that anyone can verify its rolls.

    Journaled once by :meth:`Game.reveal <.Opening.reveal>`; after it the
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

    def message(self) -> Message:
        if self.public_rolls is None:
            return plural(
                "core.seed_revealed_draws",
                "seed revealed: {seed} after {n} random die",
                "seed revealed: {seed} after {n} random dice",
                n=self.draws or 0,
                seed=shown(self.seed, 80),
            )
        return plural(
            "core.seed_revealed",
            "seed revealed: {seed} after {n} public roll",
            "seed revealed: {seed} after {n} public rolls",
            n=self.public_rolls,
            seed=shown(self.seed, 80),
        )


class TableSeed(Event):
    """The table's own seed, given after the commitment was shown and before the first
    random roll, and bound into every roll (see :mod:`isowidgets.dice.roller`).

    The GM's seed was fixed (committed to) before the table chose this one, so the GM
    cannot pick a seed that suits it. Journaled once by :meth:`Game.give_table_seed
    <.give_table_seed>`; it cannot be undone.
    """

    kind: ClassVar[str] = "table_seed"
    way_in: ClassVar[str] = "game.give_table_seed(text)"
    seed: str = Field(min_length=1, max_length=MAX_TABLE_SEED)

    def message(self) -> Message:
        return msg("core.table_seed", "the table's seed: {seed}", seed=shown(self.seed, 80))


class SettingsChanged(Event):
    """House rules changed: ``{name: [old, new]}``."""

    kind: ClassVar[str] = "settings_changed"
    way_in: ClassVar[str] = "game.change_settings(...) (or game.load_settings(path))"
    changes: dict[str, tuple[Any, Any]]

    def message(self) -> Message:
        said: Message | None = None
        for name, (old, new) in reversed(self.changes.items()):
            # The setting's name and values in its system's words where it gives them.
            words = setting_words(name)
            label = getattr(words, "label", None)
            change = msg(
                "core.setting_changed",
                "{name}: {old} → {new}",
                name=label if label is not None else name.replace("_", " "),
                old=(words.value(old) if words is not None else None) or _said(old),
                new=(words.value(new) if words is not None else None) or _said(new),
            )
            said = change if said is None else _then(change, said)
        return msg("core.settings_changed", "house rules: {changes}", changes=said or "")


class Retcon(Event):
    """Takes back an earlier action (undo). Retconning a retcon restores it (redo)."""

    kind: ClassVar[str] = "retcon"
    way_in: ClassVar[str] = "game.undo() and game.redo()"
    action: int = Field(ge=1)
    reason: str = ""

    def message(self) -> Message:
        if self.reason == "undo":
            return msg("core.retcon_undo", "undo of an earlier action")
        if self.reason == "redo":
            return msg("core.retcon_redo", "redo of an earlier action")
        if self.reason:
            return msg(
                "core.retcon_reason", "an earlier action taken back: {reason}", reason=self.reason
            )
        return msg("core.retcon", "an earlier action taken back")


class Note(Event):
    """A free-text note from the table."""

    kind: ClassVar[str] = "note"
    way_in: ClassVar[str] = "game.note(text)"
    text: str

    def message(self) -> Message:
        return msg("core.note", "note: {text}", text=self.text)


class Prepared(Event):
    """A value the GM settles before the table meets it: an NPC's hidden skill, a secret
    difficulty, the event planned for the third round.

    Journaled by :meth:`Game.prepare <.GmOnly.prepare>` (GM-only unless
    asked otherwise), so the log shows what was fixed in advance and when, and a later
    :class:`Disclosed` proves the GM did not change it. It changes no state.
    """

    kind: ClassVar[str] = "prepared"
    way_in: ClassVar[str] = "game.prepare(name, value)"
    name: str
    value: int | str

    def message(self) -> Message:
        return msg(
            "core.prepared", "prepared: {name} = {value}", name=self.name, value=str(self.value)
        )


class Disclosed(Event):
    """Shows an earlier GM-only action to the table from now on.

    Journaled by :meth:`Game.disclose <.GmOnly.disclose>`. Not to be
    confused with :class:`SeedRevealed`, which discloses the dice seed. An undo takes
    the disclosure back (the action is GM-only again).
    """

    kind: ClassVar[str] = "disclosed"
    way_in: ClassVar[str] = "game.disclose(action)"
    action: int = Field(ge=1)

    def message(self) -> Message:
        return msg("core.disclosed", "shown to the table: an earlier GM-only action")


class Rolled(Event):
    """A plain roll on the dice tray, with what it was for and how it reads."""

    kind: ClassVar[str] = "rolled"
    way_in: ClassVar[str] = "DiceTray.roll(pool)"
    roll: RollField
    purpose: str = ""
    reading: str = ""

    def message(self) -> Message:
        said = _roll_message(self.roll)
        if self.reading:  # the tray's reading, in the reader's language when it is the kit's
            said = msg(
                "core.rolled_reading",
                "{roll} → {reading}",
                roll=said,
                reading=_reading(self.roll, self.reading),
            )
        if self.purpose:  # what the table typed it was for
            said = msg("core.rolled_purpose", "{purpose}: {roll}", purpose=self.purpose, roll=said)
        return said
