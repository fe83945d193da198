"""Following a session another process writes: a read-only game that catches up.

The GM's kernel is the only writer of a journal (it holds the file's lock). A
second process that shows the session (the stream view of :mod:`isowidgets.stream`)
must never lock, repair or write it, and must never hold the session's secret. A
:class:`Spectator` therefore

* looks at the file's identity, size and modification time (one ``stat``) and reads
  it again only when one of them changed;
* reads **only what was appended** since it last read
  (:class:`~isowidgets.journal.reading.JournalReader`, with every check a full read
  makes): a torn last line, an action being written at this very moment, is simply
  not read yet, and an action whose end has not arrived waits for it (or for the next
  action, which shows it was cut short by a crash, as a resume skips it);
* keeps the public view up to date as actions arrive
  (:class:`~isowidgets.projection.PublicView`) and **folds only the new entries**
  with the system's own game class (found by the name in the journal,
  :func:`isowidgets.systems.game_for`), exactly as a resume does, so a stream can
  never disagree with the table. An undo, a disclosure that shows an earlier action
  or an entry of the past that changed refolds from the last checkpoint before the
  change (:mod:`isowidgets.checkpoints`), never from the start;
* notices a journal replaced by a new session (``open(..., resume=False)`` moves the
  old file aside) or cut and rewritten: the file is another one, it is shorter, or its
  first line or the last line read changed; then it reads it afresh.

So a poll costs the same at event 20 and at event 20,000. The game it holds reads a
:meth:`Journal.view <.Journal.view>` of the entries (read-only) and
its dice are sealed, so nothing can be played on it.

How a page that follows a journal waits between polls (:class:`~.polling.Waker`) and
runs them (:func:`~.polling.follow`, :func:`~.polling.repeat`) is
:mod:`isowidgets.polling`'s; their names are given here too, as they always were.

**What a spectator sees** is chosen by its ``shown`` function, and the state is folded
from those entries alone. By default it is :func:`public_only`, the session's public
projection (:func:`isowidgets.projection.public_entries` with the system's own
``aside`` kinds): a GM-only roll, note or prepared value is not there, nor any state
that follows from one, until the GM discloses it. So a stream shows nothing the table
has not seen unless it is told to (``shown=all_entries``).
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from . import checks
from .checkpoints import Checkpoints
from .dice import Dice
from .errors import IsowidgetsError, JournalError
from .game import Game
from .journal import Entry, Journal, Retcon, SeedRevealed, SessionStarted, event_type
from .journal.codec import MAX_LINE_BYTES
from .journal.history import History, ShownHead, effective_entries
from .journal.reading import JournalReader
from .journal.store import MAX_EVENTS, MAX_JOURNAL_BYTES
from .polling import Waker, follow, repeat
from .regular_file import open_regular
from .systems import game_for
from .visibility import Numbering, PublicView, public_view
from .words import Message, msg, render

__all__ = [
    "Catch",
    "Spectator",
    "Waker",
    "all_entries",
    "follow",
    "public_only",
    "repeat",
]

SEALED = (
    "this is a read-only view of a session another kernel plays: it rolls no dice. "
    "Tip: roll at the table that writes the journal"
)
"""Why a spectator's game refuses random faces."""


def public_only(entries: Sequence[Entry]) -> list[Entry]:
    """What a viewer is shown: the public view (the public projection, numbered again so
    nothing counts what is hidden; :func:`~isowidgets.projection.public_view`), with the
    ``aside`` kinds of the system that wrote the journal (named in its first event).

    Raises:
        JournalError: the journal does not start a session, or its system is not installed.
    """
    start = entries[0].event if entries else None
    if not isinstance(start, SessionStarted):
        raise JournalError(
            "journal.no_session_start_here",
            "the journal does not start with a session_started event",
        )
    return public_view(entries, aside=game_for(start.game).aside)


def all_entries(entries: Sequence[Entry]) -> list[Entry]:
    """Every entry, GM-only ones included (for the GM's own second screen, never a stream)."""
    return list(entries)


@dataclass(frozen=True, slots=True)
class Catch:
    """What a poll found: the session as the spectator now sees it.

    ``game`` and ``effective`` are the spectator's own, kept up to date by its next
    polls: read them before polling again.

    Attributes:
        game: the read-only game (its ``state`` folded from the shown entries).
        new: the shown entries added since the last catch, in order.
        rebuilt: the history shown changed rather than grew (a new session replaced
            the file, an undo, an entry that became visible in the past): a view
            should redraw from ``game`` rather than add ``new``.
        effective: the shown entries that make the state (no retcon, nothing taken
            back), from the session's start, in order: where a view finds what
            happened last without reading the whole session.
        head: the journal's head as viewers are shown it (carried by its latest public
            line, with the public rolls up to it), or ``None`` for a journal whose lines
            carry none (written before lines were chained).
    """

    game: Game[Any]
    new: tuple[Entry, ...]
    rebuilt: bool
    effective: Sequence[Entry] = ()
    head: ShownHead | None = None

    @property
    def table_seed(self) -> str | None:
        """The table's seed, once given."""
        given = self.game.journal.history.table_seed
        return None if given is None else given.seed

    @property
    def commitment(self) -> str | None:
        """The session's published commitment to its seed, if it made one."""
        start = self.game.journal.history.opening
        return start.commitment if isinstance(start, SessionStarted) else None

    @property
    def revealed(self) -> SeedRevealed | None:
        """The seed's disclosure, once the table has revealed it."""
        return self.game.journal.history.revealed


class _Session:
    """What a spectator holds of one session file: its reader, its public view, its
    view journal and game, and the checkpoints of the fold."""

    def __init__(self, path: Path, identity: tuple[int, int]) -> None:
        self.identity = identity
        self.reader = JournalReader(path, event_type, most_events=MAX_EVENTS,
                                    most_bytes=MAX_JOURNAL_BYTES)  # fmt: skip
        self.first = b""  # the file's first line
        self.held = 0  # entries read whose action may still grow (its end not read yet)
        self.view: _View | None = None
        self.shown: list[Entry] = []
        self.effective: list[Entry] = []
        self.game: Game[Any] | None = None
        self.checkpoints: Checkpoints[Any] | None = None
        self.history = History()  # of every entry read: the head viewers are shown
        self.numbers: _Numbering | None = None


class Spectator:
    """Follows the journal at ``path`` read-only; :meth:`Spectator.poll` says what changed.

    Args:
        path: the journal the GM's kernel writes (it need not exist yet).
        shown: picks the entries the spectator may see from the file's entries
            (default :func:`public_only`). It must return entries of the list it is
            given, in order (numbered again, as :func:`public_only` does, or not).
            :func:`public_only` and :func:`all_entries` are followed piece by piece;
            any other function is called with every entry on each change (slower on a
            long session).

    Attributes:
        problem: why the last poll could not read the file (it does not exist yet,
            it is not a session journal...), or ``""``; the last good catch stays.
        problem_message: the same as a message, for a view to say in its language
            (``None`` when there is no problem).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        shown: Callable[[Sequence[Entry]], Sequence[Entry]] = public_only,
    ) -> None:
        self.path = checks.path(path, "a journal's path", error=JournalError)
        checks.function(shown, "shown (a function choosing entries)", error=JournalError)
        self._shown = shown
        self._mark: tuple[int, int, int, int] | None = None
        self._session: _Session | None = None
        self.last: Catch | None = None
        self.problem = ""
        self.problem_message: Message | None = None

    def _stat(self) -> tuple[int, int, int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)

    def _problem(self, message: Message) -> None:
        self.problem, self.problem_message = render(message), message

    def poll(self) -> Catch | None:
        """Read what was appended to the journal if the file changed; the new catch, or
        ``None``.

        ``None`` means nothing new to show: the file is as it was, only a torn last
        line or an unfinished action grew, or it cannot be read now (then
        :attr:`problem` says why and the last catch stays on show). Never raises for
        what the file holds.
        """
        mark = self._stat()
        if mark is None:
            self._problem(msg("journal.not_yet", "no journal at {path} yet", path=str(self.path)))
            return None
        if mark == self._mark:
            return None
        try:
            catch = self._catch_up(mark)
        except (IsowidgetsError, OSError) as exc:
            self._problem(
                exc.message
                if isinstance(exc, IsowidgetsError)
                else msg("journal.unreadable", "{path} cannot be read now", path=str(self.path))
            )
            return None
        self._mark = mark
        self.problem, self.problem_message = "", None
        if catch is not None:
            self.last = catch
        return catch

    # ------------------------------------------------------------------ reading

    def _catch_up(self, mark: tuple[int, int, int, int]) -> Catch | None:
        session = self._session
        fresh = session is None or session.identity != mark[:2]
        with os.fdopen(open_regular(Path(self.path)), "rb") as handle:
            if not fresh:
                assert session is not None
                fresh = not self._continues(handle, session)
            if fresh:
                session = _Session(self.path, mark[:2])
            assert session is not None
            read = session.reader.more(handle)
            session.history.add(read)
            if fresh:
                handle.seek(0)
                session.first = handle.readline(MAX_LINE_BYTES + 1)
        entries = session.reader.read.entries
        if not entries:
            raise JournalError(
                "journal.no_event_yet", "{path} holds no event yet", path=str(self.path)
            )
        replaced = fresh and self._session is not None
        self._session = session
        # An action is taken once it ended, or once a later action shows it never will.
        complete = len(entries)
        if not entries[-1].end:
            action = entries[-1].action
            while complete and entries[complete - 1].action == action:
                complete -= 1
        taken = entries[session.held : complete]
        session.held = complete
        if not read and not taken and not fresh:
            return None
        return self._fold(session, taken, fresh, replaced)

    @staticmethod
    def _continues(handle: Any, session: _Session) -> bool:
        """Whether the open file goes on from what ``session`` read of it: the same first
        line, the last line read still in its place, nothing cut."""
        read = session.reader.read
        start, last = read.last
        try:
            if os.fstat(handle.fileno()).st_size < read.offset:
                return False
            handle.seek(0)
            if handle.read(len(session.first)) != session.first:
                return False
            handle.seek(start)
            return bool(handle.read(len(last)) == last)
        except OSError:
            return False

    def _fold(
        self, session: _Session, taken: list[Entry], fresh: bool, replaced: bool
    ) -> Catch | None:
        start = session.reader.read.entries[0].event
        if not isinstance(start, SessionStarted):
            raise JournalError(
                "journal.no_session_start_here",
                "the journal does not start with a session_started event",
            )
        cls = game_for(start.game)
        before, known = session.shown, len(session.shown)
        if self._shown is public_only or self._shown is all_entries:
            if session.view is None:
                public = self._shown is public_only
                session.view = PublicView(aside=cls.aside) if public else _Everything()
                session.numbers = _Numbering() if public else None
            same = session.view.add(taken)
            shown = session.view.shown
            if session.numbers is not None:  # numbered again: no gap counts what is hidden
                shown, same = session.numbers.update(shown, same)
        else:  # any other choice of entries: asked again of the whole journal
            shown = list(self._shown(session.reader.read.entries[: session.held]))
            same = 0
            while same < min(known, len(shown)) and before[same] is shown[same]:
                same += 1
        grew = same == known and not fresh
        new = tuple(shown[same:])
        session.shown = shown
        if grew and not new:
            return None
        if not shown or not isinstance(shown[0].event, SessionStarted):
            raise JournalError(
                "journal.no_start",
                "{path} does not start with a session_started event",
                path=str(self.path),
            )
        # The state: fold only what is new when the shown entries only grew by entries
        # that take nothing back; otherwise from the last checkpoint before the change.
        undoes = any(isinstance(entry.event, Retcon) for entry in new)
        if session.checkpoints is None or session.game is None or fresh:
            session.checkpoints = cls.checkpoints(shown[0])
            journal = Journal.view(shown, path=self.path)
            dice = Dice(0)
            dice.seal(SEALED)
            session.game = cls(journal, dice, session.checkpoints.start)
            session.effective = effective_entries(shown)
            session.checkpoints.extend(session.effective[1:])
        elif grew and not undoes:
            incomplete = session.game.journal.history.incomplete()
            session.game.journal.grow(new)
            cut = incomplete | session.game.journal.history.incomplete()
            added = [entry for entry in new if entry.action not in cut]
            session.effective.extend(added)
            session.checkpoints.extend(added)
        elif grew:  # an undo or a redo: the state from the earliest action it changed
            journal = session.game.journal
            void_before = journal.history.void()
            journal.grow(new)
            void = journal.history.void()
            changed = [a for a in void ^ void_before if a in journal.history]
            since = min([*changed, new[0].action])
            kept = bisect_left(session.effective, since, key=lambda entry: entry.action)
            first = journal.history.span(since)[0]
            session.effective[kept:] = [
                entry
                for entry in journal.entries[first:]
                if entry.action not in void and not isinstance(entry.event, Retcon)
            ]
            # The entries before ``kept`` are the spine's already: not compared again.
            session.checkpoints.follow(session.effective[1:], known=max(kept - 1, 0))
        else:  # the past changed (a disclosure, a view numbered again): from its start
            session.game._journal = Journal.view(shown, path=self.path)
            session.effective = session.game.journal.effective()
            session.checkpoints.follow(session.effective[1:])
        session.game._state = session.checkpoints.state
        rebuilt = self.last is None or replaced or not grew or undoes
        head = session.history.shown_head
        return Catch(session.game, new, rebuilt, session.effective, head)

    def __repr__(self) -> str:
        seen = len(self._session.shown) if self._session is not None else 0
        return f"<Spectator of {Path(self.path).name}: {seen} entries shown>"


class _View(Protocol):
    """What a spectator follows its shown entries with (a :class:`PublicView`)."""

    shown: list[Entry]

    def add(self, new: Sequence[Entry]) -> int: ...


class _Numbering:
    """:func:`~isowidgets.projection.renumbered` of a public view, kept as it grows: the
    entries appended are numbered on from the last; a change in the past (an undo, a
    disclosure) numbers the whole view again."""

    def __init__(self) -> None:
        self.out: list[Entry] = []
        self._numbering = Numbering()

    def update(self, shown: Sequence[Entry], same: int) -> tuple[list[Entry], int]:
        """The view ``shown`` numbered again, and how many of its first entries are the
        ones numbered before (``same``: those :meth:`PublicView.add` kept)."""
        if same != len(self.out):
            self.out, self._numbering = [], Numbering()
            same = 0
        self.out.extend(self._numbering.next(entry) for entry in shown[same:])
        return self.out, same


class _Everything:
    """:func:`all_entries` followed piece by piece: every entry is shown."""

    def __init__(self) -> None:
        self.shown: list[Entry] = []

    def add(self, new: Sequence[Entry]) -> int:
        same = len(self.shown)
        self.shown.extend(new)
        return same
