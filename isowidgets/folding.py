"""How a game's state is made: the system's fold, and the journal folded into it.

:class:`Folding` is the part of :class:`~isowidgets.game.Game` a system fills in
(:meth:`~Folding.initial_state`, the state a new session starts from, and
:meth:`~Folding.apply`, the pure fold of one of its events) and the shell's fold of
every journaled event around it: the core's own events, then the system's
(:meth:`~Folding.fold_event`), one journal entry as a resume replays it, naming its
line when it does not (:meth:`~Folding.fold_entry`), and the checkpoints a follower
or a replay folds with (:meth:`~Folding.checkpoints`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from .checkpoints import EVERY, Checkpoints
from .checks import shown
from .errors import InconsistentEventError, IsowidgetsError, JournalError, RuleError
from .journal import (
    Disclosed,
    Entry,
    Event,
    Journal,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    SessionStarted,
    SettingsChanged,
    TableSeed,
)
from .settings import RuleSettings

__all__ = ["Folding", "GameState"]


class GameState(Protocol):
    """What the shell needs from a system's state: its current settings."""

    @property
    def settings(self) -> RuleSettings: ...


S = TypeVar("S", bound=GameState)


class Folding(Generic[S]):
    """The system's fold of its events, and the journal folded into a state with it."""

    if TYPE_CHECKING:
        system: ClassVar[str]
        title: ClassVar[str]
        _journal: Journal

        @classmethod
        def _start_settings(cls, journal: Journal, entry: Entry) -> RuleSettings: ...

    @classmethod
    def initial_state(cls, settings: Any) -> S:
        """The state of a fresh session under ``settings``."""
        raise TypeError(f"{cls.__name__} must define initial_state()")

    @classmethod
    def apply(cls, state: S, event: Event) -> S:
        """Fold one of this system's events into ``state`` (pure).

        Raises:
            InconsistentEventError: the event does not fit ``state`` (a bug in the
                rules that made it, or an edited journal; never a refused request).
        """
        raise InconsistentEventError(
            "core.no_such_event",
            "{title} has no event {kind}",
            title=cls.title,
            kind=shown(event.kind),
        )

    @classmethod
    def with_settings(cls, state: S, settings: Any) -> S:
        """``state`` with other settings (frozen dataclass states work as they are)."""
        return dataclasses.replace(state, settings=settings)  # type: ignore[type-var]

    @classmethod
    def fold_event(cls, state: S, event: Event) -> S:
        """Fold one journaled event into ``state`` (pure): the core's own events (settings
        changed; notes, rolls and the like change nothing), then the system's
        :meth:`apply`.

        Raises:
            RuleError: a retcon (replay leaves them out), or another system's event.
            InconsistentEventError: the event does not fit ``state``.
        """
        if event.system == cls.system != "core":  # the system's own event (most of them)
            return cls.apply(state, event)
        if isinstance(event, SettingsChanged):
            changes = {name: new for name, (_old, new) in event.changes.items()}
            return cls.with_settings(state, state.settings.updated(**changes))
        if isinstance(event, Retcon):  # replay never folds one: effective() leaves them out
            raise RuleError(
                "core.retcon_way_in",
                "a retcon is journaled only by undo() and redo(), which rebuild the state "
                "without the action it takes back; commit() and rules cannot add one",
            )
        if isinstance(
            event, Note | Rolled | SessionStarted | SeedRevealed | Prepared | Disclosed | TableSeed
        ):
            return state
        if event.system != cls.system:
            raise RuleError(
                "core.other_system",
                "a {system} event cannot change a {game} game",
                system=shown(event.system),
                game=shown(cls.system),
            )
        return cls.apply(state, event)

    def _fold(self, state: S, event: Event) -> S:
        return self.fold_event(state, event)

    @classmethod
    def fold_entry(cls, state: S, entry: Entry, journal: Journal | None = None) -> S:
        """Fold one journal entry into ``state``, as a resume replays it.

        Raises:
            JournalError: the entry does not replay, naming its line (in ``journal``).
        """
        try:
            return cls.fold_event(state, entry.event)
        except IsowidgetsError as exc:
            where = journal.path if journal is not None and journal.path else "journal"
            line = journal.line_number(entry.seq) if journal is not None else entry.seq
            raise JournalError(
                "journal.does_not_replay",
                "{where}, line {line}: event #{seq} ({kind}) does not replay: {problem}",
                where=str(where),
                line=line,
                seq=entry.seq,
                kind=entry.kind,
                problem=exc.message,
            ) from None

    @classmethod
    def checkpoints(
        cls, start: Entry, *, journal: Journal | None = None, every: int = EVERY
    ) -> Checkpoints[S]:
        """Checkpoints that fold this system's entries after ``start``, the entry that
        opens the session (see :mod:`isowidgets.checkpoints`): a follower folds only
        what is new, a replay jumps to any position from the nearest kept state.

        Fold the effective entries after ``start`` (``journal.effective()[1:]``); a
        fold that fails raises :class:`~isowidgets.errors.JournalError` naming the line
        (in ``journal``, when given).

        Raises:
            JournalError: ``start`` is not a ``session_started`` entry of this system,
                or its settings do not load.
        """
        if not isinstance(start, Entry) or not isinstance(start.event, SessionStarted):
            raise JournalError(
                "journal.checkpoints_start",
                "checkpoints start from a session_started entry, got {got}",
                got=shown(start, 80),
            )
        if start.event.game != cls.system:
            raise JournalError(
                "journal.other_game",
                "a {game} session cannot be folded by {folder}",
                game=shown(start.event.game, 60),
                folder=cls.__name__,
            )
        settings = cls._start_settings(journal or Journal.view([start]), start)

        def fold(state: S, entry: Entry) -> S:
            return cls.fold_entry(state, entry, journal)

        return Checkpoints(cls.initial_state(settings), fold, every=every)

    def _replay(self, entries: Sequence[Entry], state: S) -> S:
        for entry in entries:
            state = self.fold_entry(state, entry, self._journal)
        return state
