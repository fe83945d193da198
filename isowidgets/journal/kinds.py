"""Journal events' kinds: the payload base, the registry of kinds and the system finder.

Every line of a journal carries one :class:`Event`: a frozen pydantic model of plain
data whose ``(system, kind)`` names its schema. Subclassing :class:`Event` with a
``kind`` registers it, so a line naming that kind is read back as that class
(:func:`event_type`). A system's events are registered when its module loads; a
journal line naming a system not loaded yet asks the *system finder* for it
(:class:`SystemFinder`, :func:`find_systems_with`), which the system registry
(:mod:`isowidgets.systems`) installs: the journal itself knows no system, and a name
read from a file never becomes a module name. The finder also says how a person calls
a system (:func:`system_title`) and the words of a house-rule setting
(:func:`setting_words`).

The core's own events are in :mod:`isowidgets.journal.events`, which gives every name
defined here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, Self

from pydantic import BaseModel, ConfigDict

from ..checks import shown
from ..dice import PoolRoll
from ..errors import JournalError
from ..words import Message, msg, render
from .rolls import _changed_rolls, _collect_rolls, _roll_fields

__all__ = [
    "Event",
    "Resolver",
    "SystemFinder",
    "core_event_types",
    "event_type",
    "find_systems_with",
    "setting_words",
    "system_title",
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
        journal's record: :func:`~isowidgets.projection.renumbered` numbers a disclosed
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
