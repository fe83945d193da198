"""A journal's file: taken for writing (one writer, one per process), what it holds read
and checked, and a torn last line set aside.

:class:`FileBacked` is the part of :class:`~.store.Journal` that deals with the file
behind it when it is opened: the file is opened without blocking and checked to be a
regular file, locked against other processes (the same kernel re-opening it takes it
over), what it holds read and checked (by the journal, under its caps), and a line torn by
a crash mid-write moved to ``<name>.torn`` before the next write; and an action's
lines written to it at once, the file cut back to where it was if the write fails.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..errors import JournalError, JournalLockedError
from ..reasons import os_reason
from ..regular_file import open_regular
from ..words import Message, msg
from . import files

__all__ = ["FileBacked"]


class FileBacked:
    """How a journal takes, reads, repairs and writes the file behind it."""

    if TYPE_CHECKING:
        path: Path | None
        problems: list[Message]
        sync: str
        _file: BinaryIO | None
        _torn: bytes | None
        _broken: Message | None

        @property
        def closed(self) -> bool: ...

        def close(self) -> None: ...

        def _read_existing(self, handle: BinaryIO) -> None: ...

    def _attach(self) -> None:
        assert self.path is not None
        path = self.path
        key = path.resolve()
        with files.OPEN_LOCK:
            previous = files.OPEN_IN_PROCESS.get(key)
            other = previous() if previous else None
            if other is not None and other is not self:
                other.close()  # the same kernel re-opened it: take it over
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                # Unbuffered and O_APPEND: each action is one write, straight to the OS.
                # Opened without blocking and checked to be a regular file (a FIFO put
                # in its place would otherwise hang the kernel on its first read).
                fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
                handle: BinaryIO = os.fdopen(fd, "a+b", buffering=0)
            except OSError as exc:
                raise JournalError(
                    "journal.cannot_open",
                    "cannot open journal {path}: {problem}",
                    path=str(path),
                    problem=os_reason(exc),
                ) from None
            if not files.lock(handle):
                handle.close()
                raise JournalLockedError(
                    "journal.locked",
                    "journal {path} is open in another process (another kernel?). Tip: shut "
                    "that kernel down, or open a copy of the file.",
                    path=str(path),
                )
            try:
                self._read_existing(handle)
            except BaseException:
                handle.close()
                raise
            self._file = handle
            files.OPEN_IN_PROCESS[key] = weakref.ref(self)

    def _torn_problem(self, moved: bool) -> Message:
        assert self._torn is not None
        preview = self._torn.decode("utf-8", "replace").strip()[:60]
        where = (
            msg("journal.problem.torn_moved", "moved there")
            if moved
            else msg("journal.problem.torn_moves", "it moves there before the next write")
        )
        return msg(
            "journal.problem.torn",
            "the last line was torn by a crash mid-write and is skipped, kept in {side} "
            "({where}): {preview}",
            side=self._side_path().name,
            where=where,
            preview=repr(preview),
        )

    def _side_path(self) -> Path:
        assert self.path is not None
        return self.path.with_name(self.path.name + ".torn")

    def _set_aside_torn(self) -> None:
        """Move a torn last line to ``<name>.torn`` and cut it off the file."""
        if self._torn is None or self._file is None:
            return
        torn, fd = self._torn, self._file.fileno()
        try:
            with open(self._side_path(), "ab") as out:
                out.write(torn + b"\n")
            os.ftruncate(fd, os.fstat(fd).st_size - len(torn))
        except OSError as exc:
            raise JournalError(
                "journal.cannot_set_aside",
                "cannot set the torn last line of {path} aside in {side}: {problem}; nothing "
                "was written",
                path=str(self.path),
                side=self._side_path().name,
                problem=os_reason(exc),
            ) from None
        pending = self._torn_problem(moved=False)
        self.problems = [
            self._torn_problem(moved=True) if p == pending else p for p in self.problems
        ]
        self._torn = None

    def _write(self, data: bytes) -> None:
        """Append ``data``; on failure cut the file back to where it was, then raise."""
        assert self._file is not None
        fd = self._file.fileno()
        try:
            start = os.fstat(fd).st_size
        except OSError as exc:
            raise JournalError(
                "journal.cannot_write",
                "could not write journal {path}: {problem}",
                path=str(self.path),
                problem=os_reason(exc),
            ) from None
        try:
            files.write_all(fd, data)
            if self.sync == "fsync":
                os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, start)
            except OSError as again:
                self._broken = msg(
                    "journal.unusable",
                    "journal {path} is unusable: a write failed ({problem}) and the part "
                    "already written could not be removed ({again}); nothing more is written. "
                    "Tip: free the disk, then resume the file: what reached it is handled like "
                    "a crash mid-write.",
                    path=str(self.path),
                    problem=os_reason(exc),
                    again=os_reason(again),
                )
                raise JournalError(self._broken) from None
            raise JournalError(
                "journal.write_failed",
                "could not write journal {path}: {problem}; the action was not journaled and "
                "the file is as it was before it",
                path=str(self.path),
                problem=os_reason(exc),
            ) from None
