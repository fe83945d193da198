"""The journal's store: an append-only event file (or an in-memory journal), one writer.

A :class:`Journal` reads a file line by line through the codec, checking sequence
numbers, the order of actions, each retcon and the hash chain as it goes, and appends
whole actions with one unbuffered write each, every line carrying the hash of the
journal up to it (see :mod:`chain <.journal.chain>`, and the package docstring for the
guarantees). The file behind it is taken, repaired and written by
:class:`~.files_backing.FileBacked`; what it holds (its entries, its head, what its
actions have become, read from the :class:`~.history.History` that follows every entry
as it arrives) is :class:`~.contents.Contents`'; its log as a frame or a file is
:class:`~.export.LogViews`': parts of the journal. This module opens, reads, appends and
closes, under the caps (:data:`MAX_EVENTS`, :data:`MAX_JOURNAL_BYTES`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO, Literal

from .. import checks
from ..checks import shown
from ..errors import JournalError
from ..reasons import os_reason
from ..regular_file import open_regular
from ..words import Message, Number, msg
from . import files
from .chain import GENESIS
from .codec import Entry, LineError, Payload, encode_event
from .contents import Contents
from .events import Event, Resolver, event_type
from .export import LogViews
from .files_backing import FileBacked
from .history import History, retcon_problem
from .reading import read_journal, system_of

__all__ = ["MAX_EVENTS", "MAX_JOURNAL_BYTES", "Journal"]

MAX_EVENTS = 100_000
"""The most events (lines) one journal holds, written or read. A long session is a
few thousand; past the cap a write is refused with a tip to start a new session."""

MAX_JOURNAL_BYTES = 64 << 20
"""The largest journal file written or read: 64 MiB (100,000 typical events are
about 40 MiB). With :data:`~.payloads.MAX_LINE_BYTES` and :data:`MAX_EVENTS` it bounds
the memory a journal can take when it is opened."""


def _now() -> datetime:
    return datetime.now(UTC)


class Journal(FileBacked, Contents, LogViews):
    """An append-only event file (or an in-memory journal for tests and demos).

    Use :meth:`open` for a file and :meth:`memory` for a journal that lives
    only as long as the kernel.
    """

    def __init__(
        self,
        path: Path | None,
        *,
        sync: Literal["flush", "fsync"] = "flush",
        clock: Callable[[], datetime] = _now,
        resolve: Resolver = event_type,
    ) -> None:
        checks.choice(sync, "sync", ("flush", "fsync"), error=JournalError)
        checks.function(clock, "clock (a function returning a datetime)", error=JournalError)
        if path is not None:
            path = checks.path(path, "a journal's path", error=JournalError)
        self.path = path
        self.sync = sync
        self._clock = clock
        self._resolve = resolve
        self._entries: list[Entry] = []
        self._history = History()
        self._file: BinaryIO | None = None
        self._read_only = False
        self._view = False  # made by view(): may grow()
        self._owned = False  # written through writer() only (a game's journal)
        self._broken: Message | None = None  # why writing is refused for good
        self._torn: bytes | None = None  # a torn last line, set aside before the next write
        self._needs_newline = False  # the last line is complete but lacks its newline
        self._lines = 0  # lines in the file (for line numbers of new entries)
        self._chain = GENESIS  # the hash of the journal up to its last entry
        self._line_of: dict[int, int] = {}  # seq -> line number in the file
        self.problems: list[Message] = []
        """What was wrong with the file when it was opened (torn line, lost action)."""

    # ------------------------------------------------------------------ opening

    @classmethod
    def memory(cls, *, clock: Callable[[], datetime] = _now) -> Journal:
        """A journal kept only in memory (nothing survives the kernel)."""
        return cls(None, clock=clock)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        sync: Literal["flush", "fsync"] = "flush",
        clock: Callable[[], datetime] = _now,
    ) -> Journal:
        """Open (or create) the journal at ``path`` for appending.

        Existing lines are read and validated first; a torn last line is then
        moved to ``<name>.torn`` (see the module docstring).

        Raises:
            JournalError: the file is not a valid journal (naming the line); the
                file is left exactly as it was.
            JournalLockedError: another process is writing it.
        """
        target = checks.path(path, "a journal's path", error=JournalError)
        return cls._open(target, sync=sync, clock=clock, repair=True)

    @classmethod
    def _open(
        cls,
        path: Path,
        *,
        sync: Literal["flush", "fsync"],
        clock: Callable[[], datetime],
        repair: bool,
    ) -> Journal:
        """:meth:`open`; with ``repair=False`` a torn last line stays in the file
        until the first write (so a caller that still refuses the session after
        reading it leaves the file untouched)."""
        journal = cls(path, sync=sync, clock=clock)
        journal._attach()
        if repair:
            try:
                journal._set_aside_torn()
            except BaseException:
                journal.close()
                raise
        return journal

    @classmethod
    def read(cls, path: str | os.PathLike[str], *, resolve: Resolver = event_type) -> Journal:
        """Read and validate a journal without opening it for writing.

        No lock is taken and the file is never changed (a torn last line is
        reported in :attr:`problems` and left where it is), so a journal another
        kernel is writing can be read. :meth:`append` refuses. ``resolve`` finds the
        payload class of each line's kind (by default any system the registry finds).

        Raises:
            JournalError: the file cannot be read or is not a valid journal.
        """
        target = checks.path(path, "a journal's path", error=JournalError)
        journal = cls(target, resolve=resolve)
        journal._read_only = True
        try:
            with os.fdopen(open_regular(target), "rb") as handle:
                journal._read_existing(handle)
        except OSError as exc:
            raise JournalError(
                "journal.cannot_read",
                "cannot read journal {path}: {problem}",
                path=str(target),
                problem=os_reason(exc),
            ) from None
        return journal

    @classmethod
    def view(
        cls, entries: Iterable[Entry], *, path: str | os.PathLike[str] | None = None
    ) -> Journal:
        """A read-only journal holding ``entries`` as they are (a cut of another journal).

        For readers that show part of a session (a stream that leaves out what the
        table has not seen yet): :meth:`~.Contents.effective`, :meth:`~.LogViews.to_frame` and
        a game replaying it see exactly these entries. Nothing is read or written; ``path``
        only names where they came from, in messages. :meth:`append` refuses.

        Raises:
            JournalError: an item is not an :class:`.Entry`, or ``path`` is not a path.
        """
        kept = list(entries) if isinstance(entries, Iterable) else None
        # Each type once (a replay makes a view of 10,000 entries at every jump).
        if kept is None or not all(issubclass(kind, Entry) for kind in set(map(type, kept))):
            raise JournalError(
                "journal.view_entries",
                "a journal view holds journal entries, got {got}",
                got=shown(entries),
            )
        journal = cls(
            None if path is None else checks.path(path, "a journal's path", error=JournalError)
        )
        journal._read_only = True
        journal._view = True
        journal._entries = kept  # its history takes them when first asked (history)
        return journal

    def grow(self, entries: Iterable[Entry]) -> None:
        """Add ``entries``, the next ones of what this view shows (a follower's view of a
        journal that grew), to a journal made by :meth:`view`.

        Raises:
            JournalError: this journal is not a view, or an item is not an entry.
        """
        if not self._view:
            raise JournalError(
                "journal.not_a_view", "only a journal view (Journal.view) grows by entries"
            )
        kept = list(entries)
        if not all(isinstance(entry, Entry) for entry in kept):
            raise JournalError(
                "journal.view_entries",
                "a journal view holds journal entries, got {got}",
                got=shown(kept),
            )
        self._entries.extend(kept)

    system_of = staticmethod(system_of)

    def _read_existing(self, handle: BinaryIO) -> None:
        """Read and validate every line (see :func:`~.reading.read_journal`); change
        nothing in the file, not even a torn last line."""
        assert self.path is not None
        with files.collector_paused():
            read = read_journal(
                handle,
                self.path,
                self._resolve,
                most_events=MAX_EVENTS,
                most_bytes=MAX_JOURNAL_BYTES,
            )
            self._history.add(read.entries)
        self._entries = read.entries
        self._line_of = read.line_of
        self._lines = read.lines
        self._torn = read.torn
        self._needs_newline = read.needs_newline
        self._chain = read.head
        if self._torn is not None:
            self.problems.append(self._torn_problem(moved=False))
        for action in sorted(self._history.incomplete()):
            start, end = self._history.span(action)
            self.problems.append(
                msg(
                    "journal.problem.cut_short",
                    "action #{action} was cut short by a crash ({count} of its events were "
                    "written); it is skipped",
                    action=action,
                    count=end - start,
                )
            )

    # ------------------------------------------------------------------ writing

    @property
    def closed(self) -> bool:
        return self.path is not None and self._file is None

    def close(self) -> None:
        """Release the file (and its lock). Reading the entries still works."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def writer(self) -> Callable[..., list[Entry]]:
        """Hand the right to write this journal to its one owner, and close :meth:`append`
        to everyone else: what a game does with the journal it opens, so that the game's
        checks (each core event's one way in, every roll as rolled) cannot be passed by
        writing to ``game.journal`` directly. The writer takes what :meth:`append` takes.

        Raises:
            JournalError: the journal has an owner already.
        """
        if self._owned:
            raise JournalError(
                "journal.owned_twice",
                "this journal is written by a game already; a journal has one writer",
            )
        self._owned = True
        return self._append

    def append(self, *events: Event | Payload, gm: bool = False) -> list[Entry]:
        """Write ``events`` as one action and return their entries (a journal of a game
        is written by the game: see :meth:`writer`).

        Each event is serialised once, by the codec (an event the game has checked
        already comes as its :class:`~.payloads.Payload`). With ``gm=True`` every entry
        of the action is marked GM-only (see :mod:`isowidgets.visibility`).

        Either every line of the action is handed to the OS (and, with
        ``sync="fsync"``, to the disk), or :class:`~isowidgets.errors.JournalError`
        is raised and both the file and the in-memory journal are as they were:
        whatever part of the action reached the file is cut off again. If that
        cut fails too, the journal is marked unusable and refuses every later
        write; reopening the file then treats what reached it like a crash
        mid-write (a torn line set aside, or an action cut short and skipped).
        """
        if self._owned:
            raise JournalError(
                "journal.owned",
                "this journal is written by its game: a system's events through "
                "game.commit(...) or game.act(rule, ...), the core's each by its own method "
                "(game.note(text), game.reveal(), game.disclose(action), …); nothing was "
                "written",
            )
        return self._append(*events, gm=gm)

    def _append(self, *events: Event | Payload, gm: bool = False) -> list[Entry]:
        """:meth:`append` for the journal's owner (see :meth:`writer`)."""
        gm = checks.flag(gm, "gm", error=JournalError)
        if not events:
            raise JournalError("journal.empty_action", "an action must hold at least one event")
        for event in events:
            if isinstance(event, Payload):
                continue
            if not isinstance(event, Event) or not event.kind:
                raise JournalError(
                    "journal.not_an_event",
                    "only registered Event payloads can be journaled, got {type} {got}",
                    type=type(event).__name__,
                    got=shown(event),
                )
        if len(self._entries) + len(events) > MAX_EVENTS:
            raise JournalError(
                "journal.too_many_events",
                "journal {path} holds {held} events; one session holds at most {most}, so "
                "these {count} were not written. Tip: start a new session (Game.open(path, "
                "resume=False) keeps this one).",
                path=str(self.path) if self.path else "(in memory)",
                held=Number(len(self._entries)),
                most=Number(MAX_EVENTS),
                count=len(events),
            )
        if self._read_only:
            raise JournalError(
                "journal.read_only",
                "journal {path} was opened read-only (Journal.read); nothing was written. Tip: "
                "Journal.open (or the game's resume) opens it for writing.",
                path=str(self.path),
            )
        if self._broken is not None:
            raise JournalError(self._broken)
        if self.closed:
            raise JournalError(
                "journal.closed",
                "journal {path} was closed (or re-opened elsewhere in this kernel); Tip: use "
                "the game object that opened it last.",
                path=str(self.path),
            )
        try:
            at = self._clock()
        except Exception as exc:  # a clock handed in by the caller
            raise JournalError(
                "journal.clock_failed",
                "the journal's clock failed: {error}",
                error=type(exc).__name__,
            ) from None
        if not isinstance(at, datetime):
            raise JournalError(
                "journal.clock_not_a_time",
                "the journal's clock must return a datetime, got {type} {got}; nothing was written",
                type=type(at).__name__,
                got=checks.shown(at),
            )
        action = (self._entries[-1].action + 1) if self._entries else 1
        payloads = [e if isinstance(e, Payload) else _payload(e) for e in events]
        for payload in payloads:
            problem = retcon_problem(payload.event, action, self._history)
            if problem is not None:
                raise JournalError(
                    "journal.retcon_refused", "{problem}; nothing was written", problem=problem
                )
        seq = len(self._entries)
        new: list[Entry] = []
        lines = []
        head = self._chain
        for i, payload in enumerate(payloads):
            entry = Entry(seq + i + 1, action, i == len(payloads) - 1, at, payload.event, gm)
            try:
                entry, line, head = entry.encode(payload, head)
            except LineError as exc:
                raise JournalError(exc.message) from None
            new.append(entry)
            lines.append(line + b"\n")
        if self._file is not None:
            data = b"".join(lines)
            try:
                held = os.fstat(self._file.fileno()).st_size
            except OSError as exc:
                raise JournalError(
                    "journal.cannot_write",
                    "could not write journal {path}: {problem}",
                    path=str(self.path),
                    problem=os_reason(exc),
                ) from None
            if held + len(data) > MAX_JOURNAL_BYTES:
                raise JournalError(
                    "journal.too_many_bytes",
                    "journal {path} holds {held} bytes; with these {count} events it would pass "
                    "{most} bytes ({mib} MiB), the most one journal holds, so nothing was "
                    "written. Tip: start a new session (Game.open(path, resume=False) keeps "
                    "this one).",
                    path=str(self.path),
                    held=Number(held),
                    count=len(events),
                    most=Number(MAX_JOURNAL_BYTES),
                    mib=MAX_JOURNAL_BYTES >> 20,
                )
            self._set_aside_torn()
            if self._needs_newline:
                data = b"\n" + data
            self._write(data)
            self._needs_newline = False
        for entry in new:
            self._lines += 1
            self._line_of[entry.seq] = self._lines
        self._chain = head
        self._entries.extend(new)
        self._history.add(new)
        return new


def _payload(event: Event) -> Payload:
    """``event`` serialised for the journal (a JournalError for text it cannot store)."""
    try:
        return encode_event(event)
    except LineError as exc:
        raise JournalError(exc.message) from None
