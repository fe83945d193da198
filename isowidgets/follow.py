"""Following a session another process writes: a read-only game that catches up.

The GM's kernel is the only writer of a journal (it holds the file's lock). A
second process that shows the session (the stream view of :mod:`isowidgets.stream`)
must never lock, repair or write it, and must never hold the session's secret. A
:class:`Spectator` therefore

* looks at the file's identity, size and modification time (one ``stat``) and reads
  it again only when one of them changed: a poll costs microseconds, so it can run
  ten times a second without anyone noticing, and it needs no file-watching service
  (which does not see changes made through some container and network mounts);
* reads it with :meth:`Journal.read <isowidgets.journal.Journal.read>` (no lock, no
  change): a torn last line, an action being written at this very moment, is simply
  not read yet, and an action cut short by a crash is skipped as a resume skips it;
* rebuilds the session's state by folding the entries with the system's own game
  class (found by the name in the journal, :func:`isowidgets.systems.game_for`),
  exactly as a resume does, so a stream can never disagree with the table;
* notices a journal replaced by a new session (``open(..., resume=False)`` moves
  the old file aside): the file is another one, or its first line changed.

The game it holds reads a :meth:`Journal.view <isowidgets.journal.Journal.view>`
of the entries (read-only) and its dice are sealed, so nothing can be played on it.

**What a spectator sees** is chosen by its ``shown`` function, and the state is folded
from those entries alone. By default it is :func:`public_only`, the session's public
projection (:func:`isowidgets.visibility.public_entries` with the system's own
``aside`` kinds): a GM-only roll, note or prepared value is not there, nor any state
that follows from one, until the GM discloses it. So a stream shows nothing the table
has not seen unless it is told to (``shown=all_entries``).
"""

from __future__ import annotations

import asyncio
import inspect
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import checks
from .errors import IsowidgetsError, JournalError
from .game import Game
from .journal import Entry, Journal, SeedRevealed, SessionStarted
from .journal.history import ShownHead
from .systems import game_for
from .visibility import public_view

__all__ = ["Catch", "Spectator", "all_entries", "public_only", "repeat"]

SEALED = (
    "this is a read-only view of a session another kernel plays: it rolls no dice. "
    "Tip: roll at the table that writes the journal"
)
"""Why a spectator's game refuses random faces."""


def public_only(entries: Sequence[Entry]) -> list[Entry]:
    """What a viewer is shown: the public view (the public projection, numbered again so
    nothing counts what is hidden; :func:`~isowidgets.visibility.public_view`), with the
    ``aside`` kinds of the system that wrote the journal (named in its first event).

    Raises:
        JournalError: the journal does not start a session, or its system is not installed.
    """
    start = entries[0].event if entries else None
    if not isinstance(start, SessionStarted):
        raise JournalError("the journal does not start with a session_started event")
    return public_view(entries, aside=game_for(start.game).aside)


def all_entries(entries: Sequence[Entry]) -> list[Entry]:
    """Every entry, GM-only ones included (for the GM's own second screen, never a stream)."""
    return list(entries)


@dataclass(frozen=True, slots=True)
class Catch:
    """What a poll found: the session as the spectator now sees it.

    Attributes:
        game: the read-only game (its ``state`` folded from the shown entries).
        new: the shown entries added since the last catch, in order.
        rebuilt: the history shown changed rather than grew (a new session replaced
            the file, an undo, an entry that became visible in the past): a view
            should redraw from ``game`` rather than add ``new``.
        head: the journal's head as viewers are shown it (carried by its latest public
            line, with the public rolls up to it), or ``None`` for a journal whose lines
            carry none (written before lines were chained).
    """

    game: Game[Any]
    new: tuple[Entry, ...]
    rebuilt: bool
    head: ShownHead | None = None

    @property
    def table_seed(self) -> str | None:
        """The table's seed, once given."""
        given = self.game.journal.history.table_seed
        return None if given is None else given.seed

    @property
    def commitment(self) -> str | None:
        """The session's published commitment to its seed, if it made one."""
        start = self.game.journal.entries[0].event
        return start.commitment if isinstance(start, SessionStarted) else None

    @property
    def revealed(self) -> SeedRevealed | None:
        """The seed's disclosure, once the table has revealed it."""
        return next(
            (e.event for e in self.game.journal.effective() if isinstance(e.event, SeedRevealed)),
            None,
        )


class Spectator:
    """Follows the journal at ``path`` read-only; :meth:`poll` says what changed.

    Args:
        path: the journal the GM's kernel writes (it need not exist yet).
        shown: picks the entries the spectator may see from the file's entries
            (default :func:`public_only`). It must return entries of the list it is
            given, in order (numbered again, as :func:`public_only` does, or not).

    Attributes:
        problem: why the last poll could not read the file (it does not exist yet,
            it is not a session journal...), or ``""``; the last good catch stays.
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
        self._seen: list[Entry] = []  # the shown entries of the last catch
        self._first = ""  # the first line of the last file read, to notice a new session
        self.last: Catch | None = None
        self.problem = ""

    def _stat(self) -> tuple[int, int, int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)

    def poll(self) -> Catch | None:
        """Read the journal again if the file changed; the new catch, or ``None``.

        ``None`` means nothing new to show: the file is as it was, only a torn last
        line grew, or it cannot be read now (then :attr:`problem` says why and the
        last catch stays on show). Never raises for what the file holds.
        """
        mark = self._stat()
        if mark is None:
            self.problem = f"no journal at {self.path} yet"
            return None
        if mark == self._mark:
            return None
        try:
            journal = Journal.read(self.path)
            entries = list(journal.entries)
            if not entries:
                raise JournalError(f"{self.path} holds no event yet")
            shown = list(self._shown(entries))
            game = game_for(Journal.system_of(self.path))._from_journal(
                Journal.view(shown, path=None), None
            )
        except IsowidgetsError as exc:
            self.problem = str(exc)
            return None
        game.dice.seal(SEALED)
        game.journal.problems[:] = journal.problems
        self.problem = ""
        first = entries[0].to_line()
        replaced = self._mark is not None and (mark[:2] != self._mark[:2] or first != self._first)
        grew = not replaced and shown[: len(self._seen)] == self._seen
        new = tuple(shown[len(self._seen) :] if grew else shown)
        self._mark, self._first, self._seen = mark, first, shown
        if grew and not new and self.last is not None:
            return None
        # A retcon at the end undoes earlier entries: history changed, not just grew.
        rebuilt = self.last is None or not grew or any(e.kind == "retcon" for e in new)
        self.last = Catch(game, new, rebuilt, journal.history.shown_head)
        return self.last

    def __repr__(self) -> str:
        return f"<Spectator of {Path(self.path).name}: {len(self._seen)} entries shown>"


def repeat(
    step: Callable[[], Awaitable[object] | object],
    seconds: float,
    on_error: Callable[[Exception], None],
) -> asyncio.Task[None]:
    """Run ``step`` every ``seconds`` on the running event loop until the task is cancelled.

    What a page that follows journals runs (the stream view, the teacher's overview): a
    coroutine on the kernel's own loop, not a thread, so widget updates are sent from
    the thread that owns the comms, between the kernel's messages. ``step`` may be a
    plain function or a coroutine function. An exception from one step goes to
    ``on_error`` and the next step runs as planned: a page must outlive any one bad read.
    """

    async def loop() -> None:
        while True:
            try:
                done = step()
                if inspect.isawaitable(done):
                    await done
            except Exception as exc:
                on_error(exc)
            await asyncio.sleep(seconds)

    return asyncio.get_event_loop().create_task(loop())
