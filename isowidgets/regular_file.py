"""Opening a file the kit reads or writes only if it is a regular file, without ever blocking.

Opening a FIFO (a named pipe) for reading blocks until someone writes to it, and a
device or a directory is not a journal either. A journal replaced by a FIFO used to
hang the stream's follower, the stream page and ``verify`` in ``open()`` forever.
:func:`open_regular` opens with ``O_NONBLOCK`` (which makes opening a FIFO return at
once and changes nothing for a regular file), then checks *what it opened* with
``fstat``: there is no check-then-open race, since the descriptor checked is the one
returned. Only then is the descriptor made blocking again, for ordinary reads and
writes.

The refusal is data (:class:`NotARegularFileError`: a message key and its values, the
path and what was found there).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from .errors import JournalError
from .words import Message, msg

__all__ = ["ROLES", "NotARegularFileError", "open_regular", "what_is_at"]

_KINDS = (
    (stat.S_ISDIR, msg("journal.kind_directory", "directory")),
    (stat.S_ISFIFO, msg("journal.kind_fifo", "FIFO (named pipe)")),
    (stat.S_ISCHR, msg("journal.kind_character_device", "character device")),
    (stat.S_ISBLK, msg("journal.kind_block_device", "block device")),
    (stat.S_ISSOCK, msg("journal.kind_socket", "socket")),
)

ROLES = {
    "journal": msg("journal.role_journal", "journal"),
    "secret": msg("journal.role_secret", "session secret"),
}
"""What a file is to the kit, for the message."""

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def what_is_at(mode: int) -> Message:
    """What a file of ``mode`` (``st_mode``) is, in words: a regular file, a FIFO (named
    pipe), a directory…"""
    if stat.S_ISREG(mode):
        return msg("journal.kind_regular", "regular file")
    return next(
        (word for test, word in _KINDS if test(mode)), msg("journal.kind_special", "special file")
    )


class NotARegularFileError(JournalError):
    """A path the kit reads or writes as a file holds something else (its values: the
    ``path``, what was ``found`` there and the ``role`` the kit wanted it for)."""

    def __init__(self, path: Path, found: Message, role: str = "journal") -> None:
        super().__init__(
            "journal.not_a_regular_file",
            "{path} is a {found}, not a regular file, so it is not read as a {role} "
            "(nothing waits on it). Tip: point the kit at the journal file itself.",
            path=str(path),
            found=found,
            role=ROLES[role],
        )


def open_regular(path: Path, flags: int = os.O_RDONLY, *, role: str = "journal") -> int:
    """Open ``path`` with ``flags`` without blocking; the descriptor if it is a regular file.

    Args:
        path: what to open.
        flags: ``os.open`` flags (``O_RDONLY``, or ``O_RDWR | O_APPEND | O_CREAT``...).
        role: what the file is to the kit, for the message (a key of :data:`ROLES`).

    Raises:
        NotARegularFileError: ``path`` is a directory, a FIFO, a device or a socket
            (the descriptor is closed again; nothing was read or written).
        OSError: the file cannot be opened (missing, no permission...): the caller
            says which file it was.
    """
    try:
        fd = os.open(path, flags | _NONBLOCK | _NOCTTY | _CLOEXEC, 0o666)
    except IsADirectoryError:
        raise NotARegularFileError(path, _KINDS[0][1], role) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFileError(path, what_is_at(mode), role)
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(fd)
        raise
    return fd
