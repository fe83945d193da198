"""The journal's files: reading lines in bounded chunks, writing all of a buffer, the
lock that keeps one writer, and setting an old journal aside without overwriting.

:func:`collector_paused` keeps Python's cyclic garbage collector out of reading a whole
journal and folding it (a resume makes hundreds of thousands of objects at once).

:func:`archive` moves a journal to the first free ``<stem>.<n><suffix>`` atomically;
:func:`held_for_rename` holds a journal's lock while it moves, so two kernels doing
it at once never overwrite each other's file.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Protocol

from ..errors import JournalError, JournalLockedError
from ..reasons import os_reason
from ..regular_file import open_regular

try:  # POSIX only; elsewhere the lock is skipped.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "CHUNK",
    "OPEN_IN_PROCESS",
    "OPEN_LOCK",
    "archive",
    "collector_paused",
    "held_for_rename",
    "is_json",
    "lines_of",
    "lock",
    "write_all",
]


class _Open(Protocol):
    """A journal open in this process (what the registry of open files holds)."""

    @property
    def closed(self) -> bool: ...

    def close(self) -> None: ...


OPEN_IN_PROCESS: dict[Path, weakref.ref[_Open]] = {}
"""The journal this process has open on each file (by its resolved path)."""

OPEN_LOCK = threading.Lock()
"""Held while :data:`OPEN_IN_PROCESS` is read or changed."""


def lock(handle: BinaryIO) -> bool:
    """Take ``handle``'s file lock without waiting: ``False`` when another holds it.
    (Where there are no file locks, it is always taken.)"""
    if fcntl is not None:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
    return True


def lines_of(handle: BinaryIO, limit: int) -> Iterator[tuple[bytes, bool]]:
    """Each line of ``handle`` (without its newline) and whether a newline ended it.

    Read in chunks of :data:`CHUNK` bytes, so memory holds at most about one line
    of ``limit`` bytes and one chunk: a line longer than ``limit`` is given as its
    first ``limit + 1`` bytes (so the caller sees it is too long) and reading stops.
    """
    buffer = bytearray()
    while chunk := handle.read(CHUNK):
        buffer += chunk
        start = 0
        while (end := buffer.find(b"\n", start)) >= 0:
            if end - start > limit:
                yield bytes(buffer[start : start + limit + 1]), False
                return
            yield bytes(buffer[start:end]), True
            start = end + 1
        del buffer[:start]
        if len(buffer) > limit:
            yield bytes(buffer[: limit + 1]), False
            return
    if buffer:
        yield bytes(buffer), False


CHUNK = 1 << 16
"""How many bytes :func:`lines_of` reads at a time (64 KiB)."""


def is_json(raw: bytes) -> bool:
    """Whether ``raw`` parses as JSON at all (a torn write never does)."""
    try:
        json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return True


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block without Python's cyclic garbage collector (as it was after).

    Reading a journal makes every entry, its event and its rolls, and folding it every
    state: hundreds of thousands of objects for a long session, and none of them
    garbage. Left on, the collector runs again and again while they are made, each full
    run walking every object the kernel holds (a quarter of a resume's time in a kernel
    that holds a few sessions). Paused, it runs when it next would after the block;
    entries, events and states hold no reference cycle, so nothing waits longer to be
    freed.
    """
    if not gc.isenabled():  # paused already (a block inside another, or by the caller)
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def write_all(fd: int, data: bytes) -> None:
    """Hand all of ``data`` to the OS (``os.write`` may take only part of it)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


@contextlib.contextmanager
def held_for_rename(path: Path) -> Iterator[None]:
    """Hold ``path`` while it is moved away: the journal this kernel has open on
    it is closed (a take-over, as re-opening does), and the file is locked for
    the whole move, so a second kernel (or thread) moving or opening it at the
    same time is refused rather than racing this one.

    The lock is taken on the file found at ``path`` and then checked to still
    be the file at ``path``: one that was moved or replaced in between (by a
    kernel that got there first) is refused, not moved again.

    Raises:
        JournalLockedError: another process (or another move) holds the file.
        JournalError: the file cannot be read, or was moved meanwhile.
    """
    with OPEN_LOCK:
        previous = OPEN_IN_PROCESS.get(path.resolve())
        mine = previous() if previous else None
        if mine is not None and not mine.closed:
            mine.close()
    try:
        probe = os.fdopen(open_regular(path), "rb")
    except OSError as exc:
        raise JournalError(
            "journal.cannot_read",
            "cannot read journal {path}: {problem}",
            path=str(path),
            problem=os_reason(exc),
        ) from None
    with probe:
        if not lock(probe):
            raise JournalLockedError(
                "journal.locked_for_rename",
                "journal {path} is open in another process (another kernel?), or being moved "
                "aside by one, so it is not renamed. Tip: shut that kernel down first.",
                path=str(path),
            )
        try:
            held, there = os.fstat(probe.fileno()), os.stat(path)
        except OSError:
            there = None
        if there is None or (held.st_dev, held.st_ino) != (there.st_dev, there.st_ino):
            raise JournalError(
                "journal.moved_meanwhile",
                "journal {path} was moved or replaced by another process while it was being "
                "set aside; nothing was renamed. Tip: look at the files next to it.",
                path=str(path),
            )
        yield


_MAX_ARCHIVES = 10_000
"""The most ``<name>.<n>`` files :func:`archive` tries before it gives up."""

_NO_HARD_LINKS = {
    errno.EPERM,
    errno.EACCES,
    errno.ENOTSUP,
    errno.EOPNOTSUPP,
    errno.EXDEV,
    errno.EMLINK,
    errno.ENOSYS,
}


def archive(path: Path) -> Path:
    """Move ``path`` to the first free ``<stem>.<n><suffix>``; never overwrite anything.

    The move is atomic and exclusive: a hard link to the new name is made first,
    which fails if that name exists (even one a second kernel took a moment ago),
    and only then is the old name removed. Where the file system has no hard
    links, the new name is reserved by creating it exclusively and the file is
    then renamed over the reservation, which only this call can have made. The
    file is locked while it moves (see :func:`held_for_rename`), so two
    kernels setting the same journal aside cannot both move it.

    Raises:
        JournalLockedError: another process has the journal open (or is moving it).
        JournalError: it cannot be moved; nothing was renamed.
    """
    with held_for_rename(path):
        for n in range(1, _MAX_ARCHIVES + 1):
            candidate = path.with_name(f"{path.stem}.{n}{path.suffix}")
            try:
                if _move_exclusively(path, candidate):
                    return candidate
            except OSError as exc:
                raise JournalError(
                    "journal.cannot_archive",
                    "cannot keep the old journal {path} aside as {name}: {problem}; nothing "
                    "was renamed",
                    path=str(path),
                    name=candidate.name,
                    problem=os_reason(exc),
                ) from None
    raise JournalError(
        "journal.archives_full",
        "cannot keep the old journal {path} aside: {first} to {last} all exist. Tip: move old "
        "sessions elsewhere.",
        path=str(path),
        first=f"{path.stem}.1{path.suffix}",
        last=f"{path.stem}.{_MAX_ARCHIVES}{path.suffix}",
    )


def _move_exclusively(path: Path, candidate: Path) -> bool:
    """Move ``path`` to ``candidate`` if nothing is there; ``False`` if something is."""
    try:
        os.link(path, candidate)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        try:  # no hard links here: reserve the name, then rename over the reservation
            os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            return False
        try:
            os.replace(path, candidate)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(candidate)
            raise
        return True
    try:
        os.unlink(path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(candidate)  # keep the one name it had
        raise
    return True
