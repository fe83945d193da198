"""Beats: the moments of a session a person scrubs to, as each system names them.

A system's :class:`Beats` is a registry of one handler per event type: each handler
sees a :class:`Moment` (one journal action with the states before and after it) and
returns a :class:`Beat` (what was resolved, the verdict with its glyph and tone, what
changed, the dice as :class:`BeatDice`), in messages rendered in the reader's
language. The game lists them in ``Game.beats``; a replay, a recap and a stream read
them (:mod:`isowidgets.reel`) without naming any system. One of the shapes of the
contract every system plugs into the core with (see :mod:`isowidgets.contract`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from .errors import InconsistentEventError, folding
from .words import Message

if TYPE_CHECKING:
    from .dice import PoolRoll, RolledDie
    from .journal import Entry, Event

__all__ = ["Beat", "BeatDice", "Beats", "DiceColour", "Moment", "Tone"]

S = TypeVar("S")
E = TypeVar("E", bound="Event")


Tone = Literal["success", "partial", "failure", "even"]
"""How a beat went for those who acted: a view gives each its own border style and
glyph as well as its colour (never colour alone)."""

DiceColour = Literal["green", "red", "plain"]
"""A pool's colour in the game (the kit's chips draw green ``+``, red ``×``, or plain)."""


@dataclass(frozen=True)
class BeatDice:
    """One pool of a beat's dice, as a person reads it.

    Attributes:
        label: whose pool it is and what it is (``Bob · green``).
        roll: the pool's roll, as journaled (faces, explosions, typed or rolled).
        colour: the pool's colour in the game.
        counts: which faces count for their owner (drawn filled ``●``) and which do not
            (hollow ``○``); ``None`` where the idea does not apply.
        counted: which dice count where it depends on more than the face (the dice kept
            from a larger pool); wins over ``counts``.
        reading: what the pool read (``3 evens``, ``result 4``).
    """

    label: Message
    roll: PoolRoll
    colour: DiceColour = "plain"
    counts: Callable[[int], bool] | None = None
    counted: Callable[[RolledDie], bool] | None = None
    reading: Message | None = None


@dataclass(frozen=True)
class Beat:
    """One moment of a session a person would scrub to, as the system names it.

    Everything a person reads is a :class:`~.Message` made from the
    state and the events' data (never an event's ``describe()``), so a replay, a recap
    or a stream renders it in its own language.

    Attributes:
        kind: which of the system's kinds of beat it is (a key of :class:`Beats`' ``kinds``:
            ``"conflict"``, ``"death"``…).
        heading: what was resolved (``Conflict 2 · Bob: board up the windows``).
        verdict: how it went (``Partial Success``).
        glyph: the verdict's glyph (``△``): the verdict is never told by colour alone.
        tone: how it went for those who acted (see :data:`Tone`).
        changes: what it changed, one line each (``Stress 2 → 3``).
        dice: the dice that decided it, in the order they were rolled.
        reading: the dice read in one line (``4 evens − 1 odd: margin +3``).
    """

    kind: str
    heading: Message
    verdict: Message
    glyph: str = ""
    tone: Tone = "even"
    changes: tuple[Message, ...] = ()
    dice: tuple[BeatDice, ...] = ()
    reading: Message | None = None


@dataclass(frozen=True, slots=True)
class Moment(Generic[S]):
    """One journal action of a session, as a system's beat handlers see it.

    Attributes:
        before: the state before the action.
        after: the state after it.
        entries: the action's entries, in order.
        run: the effective entries of the session (as the reader sees it) from its
            start up to and including this action: where a handler looks back for
            what led to the beat (the roll a later choice settles).
    """

    before: S
    after: S
    entries: Sequence[Entry]
    run: Sequence[Entry]

    @property
    def events(self) -> tuple[Event, ...]:
        """The action's events, in order."""
        return tuple(entry.event for entry in self.entries)

    def looking_back(self, kind: type[E]) -> E | None:
        """The latest event of type ``kind`` in :attr:`run` (this action's own included)."""
        for entry in reversed(self.run):
            if isinstance(entry.event, kind):
                return entry.event
        return None


Made = Any
"""What a beat handler returns: a :class:`Beat`, a sequence of them, or ``None``."""

BeatHandler = Callable[[Moment[Any], Any], "Beat | Sequence[Beat] | None"]


class Beats(Generic[S]):
    """One system's beats: a handler per event type, registered with :meth:`Beats.on`.

    ``beats.py`` in each system creates one with the kinds of beat it names (each with
    its name in words, for a person choosing what to scrub through), decorates a pure
    handler per event type, and the game class lists it as ``beats``. A handler takes
    the :class:`Moment` of the action that holds the event and the event, and returns
    a :class:`Beat`, several (in the order a person reads them: a turn, then the year
    end it brought), or ``None`` when this time the event is no beat (a conflict
    cancelled, a wound that was not a death).

    A recap also names who was in the story and whose rules it was played by: ``cast``
    and ``credits`` read them from a state (the session's last), one line each.

    Args:
        title: the system's title, for messages.
        kinds: each kind of beat the handlers return → its name in words.
        cast: a state → the people of the story (characters, players), one line each.
        credits: a state → what the recap credits besides the kit (the rules' authors
            and licence, where the system knows them).
    """

    def __init__(
        self,
        title: str,
        kinds: Mapping[str, Message] | None = None,
        *,
        cast: Callable[[S], Sequence[Message]] | None = None,
        credits: Callable[[S], Sequence[Message]] | None = None,
    ) -> None:
        self.title = title
        self.kinds: dict[str, Message] = dict(kinds or {})
        self._handlers: dict[type[Any], BeatHandler] = {}
        self._cast = cast
        self._credits = credits

    def cast(self, state: S) -> tuple[Message, ...]:
        """The people of the story in ``state``, one line each (none if the system names none)."""
        return tuple(self._cast(state)) if self._cast is not None else ()

    def credits(self, state: S) -> tuple[Message, ...]:
        """What a recap credits besides the kit, one line each."""
        return tuple(self._credits(state)) if self._credits is not None else ()

    def on(
        self, *kinds: type[E]
    ) -> Callable[[Callable[[Moment[S], E], Made]], Callable[[Moment[S], E], Made]]:
        """Register the decorated function as the beat handler of each event type in ``kinds``."""

        def register(
            handler: Callable[[Moment[S], E], Made],
        ) -> Callable[[Moment[S], E], Made]:
            for kind in kinds:
                if kind in self._handlers:
                    raise TypeError(f"{self.title} names the beat of {kind.__name__} twice")
                self._handlers[kind] = handler
            return handler

        return register

    @property
    def handled(self) -> frozenset[type[Any]]:
        """The event types that may make a beat."""
        return frozenset(self._handlers)

    def __bool__(self) -> bool:
        return bool(self._handlers)

    def __call__(self, moment: Moment[S]) -> tuple[Beat, ...]:
        """The beats of one action, in the order of its events.

        Raises:
            InconsistentEventError: a handler returned something that is no
                :class:`Beat` of one of :attr:`kinds` (a bug in the system's beats).
        """
        found: list[Beat] = []
        for entry in moment.entries:
            handler = self._handlers.get(type(entry.event))
            if handler is None:
                continue
            with folding(entry.event.kind):
                made = handler(moment, entry.event)
            beats = () if made is None else (made,) if isinstance(made, Beat) else made
            for beat in beats:
                if not isinstance(beat, Beat) or beat.kind not in self.kinds:
                    raise InconsistentEventError(
                        "core.not_a_beat",
                        "{title}'s beat of {kind} is {got}, not a Beat of one of its kinds {kinds}",
                        title=self.title,
                        kind=entry.event.kind,
                        got=repr(beat)[:80],
                        kinds=", ".join(sorted(self.kinds)),
                    )
                found.append(beat)
        return tuple(found)
