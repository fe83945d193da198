"""How a page that follows journals runs its polls, on the kernel's own event loop.

:class:`Waker` is how a page following a journal waits between polls: woken by the
operating system the moment the file changes where it can tell (inotify on Linux,
through ``asyncinotify``), and otherwise (other systems, or a change the OS does not
report: some network and container mounts) after a short interval, as a poll.
:func:`follow` runs a step each time a waker wakes (the stream view), :func:`repeat`
runs one every so many seconds (the teacher's overview). What a poll reads is
:class:`~isowidgets.follow.Spectator`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from . import checks
from .errors import JournalError

__all__ = ["Waker", "follow", "repeat"]


class Waker:
    """Waits until the journal at ``path`` may have changed, for a page that follows it.

    Where the operating system tells (inotify on Linux, through ``asyncinotify``: a
    file descriptor the event loop reads, no thread and no polling) :meth:`wait`
    returns the moment the file is written, created, moved or removed; it also returns
    after ``seconds`` in any case, so a change the system does not report (a network
    or container mount written from elsewhere) is still found, as by a poll. Where the
    system cannot tell, it waits ``seconds``.

    Args:
        path: the journal (its folder is watched, so the file may come later or be
            replaced).
        seconds: the longest wait.

    Attributes:
        notified: whether the operating system wakes it (else it polls).
    """

    def __init__(self, path: Path, seconds: float) -> None:
        self.path = Path(path)
        self.seconds = checks.real(seconds, "seconds", 0.001, 60.0, error=JournalError)
        self._inotify: Any = None
        self.notified = False
        self._open()

    def _open(self) -> None:
        try:
            from asyncinotify import Inotify, Mask  # Linux only (see pyproject.toml)
        except (ImportError, OSError):
            return
        try:
            inotify = Inotify()
        except OSError:  # no inotify here (a kernel without it, a sandbox)
            return
        mask = (
            Mask.MODIFY | Mask.CREATE | Mask.MOVED_TO | Mask.MOVED_FROM | Mask.DELETE
            | Mask.CLOSE_WRITE | Mask.ATTRIB
        )  # fmt: skip
        try:
            inotify.add_watch(self.path.parent, mask)
        except OSError:  # the folder is not there (yet): poll
            inotify.close()
            return
        self._inotify, self.notified = inotify, True

    async def wait(self) -> bool:
        """Wait for a change of the journal (``True``) or for ``seconds`` (``False``)."""
        inotify = self._inotify
        if inotify is None:
            await asyncio.sleep(self.seconds)
            return False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        while (left := deadline - loop.time()) > 0:
            try:
                event = await asyncio.wait_for(inotify.get(), left)
            except TimeoutError:
                return False
            if event.name is None or str(event.name) == self.path.name:
                return True
        return False

    def close(self) -> None:
        """Stop watching."""
        if self._inotify is not None:
            with contextlib.suppress(OSError):
                self._inotify.close()
            self._inotify, self.notified = None, False


def follow(
    step: Callable[[], object],
    waker: Waker,
    on_error: Callable[[Exception], None],
) -> asyncio.Task[None]:
    """Run ``step`` now and again each time ``waker`` wakes, on the running event loop,
    until the task is cancelled (then the waker is closed).

    What a page following a journal runs: a coroutine on the kernel's own loop (not a
    thread), so widget updates are sent from the thread that owns the comms. An
    exception from one step goes to ``on_error`` and the next runs as planned.
    """

    async def loop() -> None:
        try:
            while True:
                try:
                    step()
                except Exception as exc:
                    on_error(exc)
                await waker.wait()
        finally:
            waker.close()

    return asyncio.get_event_loop().create_task(loop())


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
