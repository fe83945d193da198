"""Reading a journal file: every line through the codec, checked as it comes.

:func:`read_journal` reads a file in chunks, one line at a time, never whole, and
checks what no single line can show: sequence numbers without a gap, actions in
order, an action GM-only in all of its lines or none, each retcon taking back an
earlier action, and the hash chain (each line's head is the hash of the journal up to
it; see :mod:`chain <.journal.chain>`). A line that fails one of these is not what was written
there:
:class:`~isowidgets.errors.JournalTamperedError` names its line and its event, with the
problem as a message of its own (``journal.tampered_*``). It changes nothing: a torn
last line (a crash mid-write) is handed back for the store to set aside before its next
write.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from .. import checks
from ..checks import shown
from ..errors import JournalError, JournalTamperedError, cause
from ..regular_file import open_regular
from ..words import Clip, Message, Number, msg
from . import files
from .chain import GENESIS, link, split_head
from .codec import MAX_LINE_BYTES, Entry
from .events import Resolver, SessionStarted
from .history import retcon_problem

__all__ = ["JournalReader", "Read", "read_journal", "system_of"]


@dataclass(slots=True)
class Read:
    """What a journal file holds: its entries, where each is, and how it ends.

    Attributes:
        entries: every valid line, in order.
        line_of: each entry's line number in the file, by its ``seq``.
        lines: how many lines the file holds (a blank one counts).
        torn: a torn last line (a crash mid-write: never a complete line), or ``None``.
        needs_newline: the last line is complete but lacks its newline.
        offset: the bytes read so far: up to the end of the last complete line.
        last: the last complete line read and where it starts in the file, so a
            reader that comes back can check it is still there.
        head: the hash of the journal up to its last entry (the chain's head; lines
            written before lines were chained are hashed all the same).
    """

    entries: list[Entry] = field(default_factory=list)
    line_of: dict[int, int] = field(default_factory=dict)
    lines: int = 0
    torn: bytes | None = None
    needs_newline: bool = False
    offset: int = 0
    last: tuple[int, bytes] = (0, b"")
    head: bytes = GENESIS


def _tampered(path: Path, number: int, entry: Entry, why: Message) -> JournalTamperedError:
    """The error for line ``number`` holding ``entry``, which is not what was written:
    ``why`` says how."""
    return JournalTamperedError(
        "journal.tampered",
        "{path}, line {line} ({kind} event #{seq}: {summary}): {why}",
        path=str(path),
        line=number,
        seq=entry.seq,
        kind=entry.kind,
        summary=Clip(entry.event.message(), 80),
        why=why,
    )


def read_journal(
    handle: BinaryIO, path: Path, resolve: Resolver, *, most_events: int, most_bytes: int
) -> Read:
    """Read and validate every line of the journal open as ``handle`` (at ``path``).

    A line longer than :data:`~.payloads.MAX_LINE_BYTES` is refused naming its line number
    as soon as its first :data:`~.payloads.MAX_LINE_BYTES` bytes are read, and a file past
    ``most_bytes`` or ``most_events`` is refused too, so memory stays bounded whatever
    the file holds.

    Raises:
        JournalError: a line that is not a valid journal line, or a file past the caps
            (naming the line); nothing is changed.
    """
    reader = JournalReader(path, resolve, most_events=most_events, most_bytes=most_bytes)
    reader.more(handle)
    return reader.read


class JournalReader:
    """Reads a journal file's lines as they are appended, each line read and checked once.

    :meth:`more` reads from where the last call stopped (the end of the last complete
    line) to the end of the file, with every check :func:`read_journal` makes (a line
    checks against those before it: its sequence number, its action, its retcon), so
    a follower of a growing journal reads only what was appended, whatever the
    journal's length. A torn last line (a write in progress) is left for the next call.

    The reader does not watch the file: its caller notices a file replaced or cut
    (:attr:`Read.last` is the last line read and where it is, to compare).
    """

    def __init__(self, path: Path, resolve: Resolver, *, most_events: int, most_bytes: int) -> None:
        self.path, self.resolve = path, resolve
        self.most_events, self.most_bytes = most_events, most_bytes
        self.read = Read()
        self._seen: set[int] = set()  # actions so far
        self._chained = False  # a line with a head was read

    def more(self, handle: BinaryIO) -> list[Entry]:
        """The entries of the lines appended since the last call, read from ``handle``
        (the journal's file, open for reading).

        Raises:
            JournalError: a line that is not a valid journal line, a file past the caps,
                or a file that does not continue what was read (it is shorter, or its
                last line read was changed); what was read before stays as it was.
        """
        read, path = self.read, self.path
        size = os.fstat(handle.fileno()).st_size
        if size > self.most_bytes:
            raise JournalError(
                "journal.file_too_big",
                "{path} is {size} bytes; a journal holds at most {most} bytes ({mib} MiB), "
                "so it is not read. Tip: a session that long is best split; open a copy of "
                "its start.",
                path=str(path),
                size=Number(size),
                most=Number(self.most_bytes),
                mib=self.most_bytes >> 20,
            )
        if size < read.offset:
            raise JournalError(
                "journal.rewritten",
                "{path} is shorter than what was read of it: it was rewritten",
                path=str(path),
            )
        handle.seek(read.offset)
        if read.needs_newline:  # the last line read had no newline: it must come next
            following = handle.read(1)
            if not following:
                return []
            if following != b"\n":
                raise JournalError(
                    "journal.line_changed",
                    "{path}, line {line}: the line was changed after it was read",
                    path=str(path),
                    line=read.lines,
                )
            read.offset += 1
            read.needs_newline = False
        read.torn = None
        entries = read.entries
        number = read.lines
        offset = read.offset
        new: list[Entry] = []
        added: set[int] = set()  # actions of the new lines (kept only if all of them read)
        lines_of: dict[int, int] = {}
        seen = _Both(self._seen, added)
        last = read.last
        head = read.head
        chained = self._chained  # a line with a head was read: every later line has one too
        needs_newline = False
        for raw, ended in files.lines_of(handle, MAX_LINE_BYTES):
            number += 1
            if len(raw) > MAX_LINE_BYTES:
                raise JournalError(
                    "journal.line_too_long",
                    "{path}, line {line}: longer than {most} bytes (1 MiB), the most one "
                    "journal line (one event) may hold, so it is not read. The journal cannot "
                    "be replayed past this line. Tip: keep the file as it is and open a copy "
                    "without that line.",
                    path=str(path),
                    line=number,
                    most=Number(MAX_LINE_BYTES),
                )
            if not ended:  # the last line, without its newline
                if not raw.strip():
                    number -= 1
                    break
                if not files.is_json(raw):
                    read.torn = raw  # a crash mid-write: never a complete line
                    number -= 1
                    break
                needs_newline = True  # complete, only its newline is missing
            if not raw.strip():
                offset += len(raw) + ended
                continue
            if len(entries) + len(new) >= self.most_events:
                raise JournalError(
                    "journal.too_many_lines",
                    "{path}, line {line}: the journal holds more than {most} events, the most "
                    "one session may hold, so it is not read. Tip: open a copy of its start.",
                    path=str(path),
                    line=number,
                    most=Number(self.most_events),
                )
            entry = _entry_at(path, number, raw, self.resolve)
            before = new[-1] if new else (entries[-1] if entries else None)
            expected = len(entries) + len(new) + 1
            if entry.seq != expected:
                why = msg(
                    "journal.tampered_sequence",
                    "sequence number {got}, expected {expected}; lines were removed or reordered",
                    got=entry.seq,
                    expected=expected,
                )
                raise _tampered(path, number, entry, why)
            if before is not None and entry.action < before.action:
                why = msg(
                    "journal.tampered_action_order",
                    "action #{action} comes after action #{previous}; lines were reordered",
                    action=entry.action,
                    previous=before.action,
                )
                raise _tampered(path, number, entry, why)
            if before is not None and entry.action == before.action and entry.gm != before.gm:
                why = msg(
                    "journal.tampered_gm_split",
                    "action #{action} is GM-only in some of its lines and not in others; a "
                    "whole action is GM-only or none of it",
                    action=entry.action,
                )
                raise _tampered(path, number, entry, why)
            problem = retcon_problem(entry.event, entry.action, seen)
            if problem is not None:
                raise _tampered(path, number, entry, problem)
            head = _chain(path, number, entry, raw, head, chained)
            chained = chained or bool(entry.head)
            added.add(entry.action)
            new.append(entry)
            lines_of[entry.seq] = number
            last = (offset, raw)
            offset += len(raw) + ended
        entries.extend(new)
        self._seen |= added
        read.line_of.update(lines_of)
        read.lines, read.offset, read.last = number, offset, last
        read.head = head
        self._chained = chained
        read.needs_newline = needs_newline
        return new


class _Both:
    """Two sets read as one (the actions read before, and those of the new lines)."""

    def __init__(self, one: set[int], other: set[int]) -> None:
        self.one, self.other = one, other

    def __contains__(self, item: object) -> bool:
        return item in self.one or item in self.other


def _chain(path: Path, number: int, entry: Entry, raw: bytes, head: bytes, chained: bool) -> bytes:
    """The head after line ``number`` (``raw``, read as ``entry``), checked against the
    head the line carries (a line written before lines were chained carries none)."""
    body, carried = split_head(raw)
    if entry.head and carried != entry.head:
        why = msg(
            "journal.tampered_head_placement",
            "its head is not the last thing on the line; the line was rewritten",
        )
        raise _tampered(path, number, entry, why)
    if not entry.head and chained:
        why = msg(
            "journal.tampered_unchained",
            "a line without a head (as written before lines were chained) after chained "
            "lines: it was written by hand or copied in",
        )
        raise _tampered(path, number, entry, why)
    after = link(head, body)
    if entry.head and after.hex() != entry.head:
        why = msg(
            "journal.tampered_chain",
            "the head it carries ({carried}…) is not the hash of the journal up to it "
            "({computed}…): this line was changed, or a line was inserted, removed or "
            "moved just before it",
            carried=entry.head[:16],
            computed=after.hex()[:16],
        )
        raise _tampered(path, number, entry, why)
    return after


def _entry_at(path: Path, number: int, raw: bytes, resolve: Resolver) -> Entry:
    """Line ``number`` of the file, validated (or a JournalError naming it)."""
    try:
        return Entry.from_bytes(raw, resolve)
    except UnicodeDecodeError as exc:
        raise JournalError(
            "journal.not_utf8",
            "{path}, line {line}: not UTF-8 text (byte {byte} at column {column}). The "
            "journal cannot be replayed past this line. Tip: keep the file as it is and open "
            "a copy without that line.",
            path=str(path),
            line=number,
            byte=f"{raw[exc.start]:#04x}",
            column=exc.start + 1,
        ) from None
    except (ValueError, JournalError) as exc:
        raise JournalError(
            "journal.bad_line",
            "{path}, line {line}: {problem}. The journal cannot be replayed past this line. "
            "Tip: keep the file as it is and open a copy without that line.",
            path=str(path),
            line=number,
            problem=cause(exc),
        ) from None


def system_of(path: str | os.PathLike[str]) -> str:
    """The name of the system whose session the journal at ``path`` holds.

    Only the first line is read (its ``session_started`` event), so this
    loads no system.

    Raises:
        JournalError: no readable journal there, or it does not start a session.
    """
    target = checks.path(path, "a journal's path", error=JournalError)
    try:
        with os.fdopen(open_regular(target), "rb") as handle:
            first = handle.readline(MAX_LINE_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise JournalError(
            "journal.cannot_read",
            "cannot read journal {path}: {problem}",
            path=shown(str(path)),
            problem=cause(exc),
        ) from None
    try:
        if len(first) > MAX_LINE_BYTES:
            raise JournalError(
                "journal.not_a_journal",
                "{path} is not a session journal: {problem}",
                path=shown(str(path)),
                problem=msg(
                    "journal.first_line_too_long",
                    "its first line is longer than {most} bytes",
                    most=MAX_LINE_BYTES,
                ),
            )
        event = Entry.from_line(first.decode("utf-8")).event
    except (UnicodeDecodeError, ValueError) as exc:
        raise JournalError(
            "journal.not_a_journal",
            "{path} is not a session journal: {problem}",
            path=shown(str(path)),
            problem=cause(exc),
        ) from None
    if not isinstance(event, SessionStarted):
        raise JournalError(
            "journal.no_session_start",
            "{path} does not start with a session_started event (its first event is {kind})",
            path=shown(str(path)),
            kind=event.kind,
        )
    return event.game
