"""A stream view server for the browser tests and the benchmark: ``python -m isowidgets.stream``
run as the user runs it, in its own process group, stopped (with its kernels) on exit."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType

__all__ = ["STREAM_READY_JS", "StreamServer", "free_port"]

REPO = Path(__file__).resolve().parents[2]

ANSWER_SECONDS = 180
"""How long the server may take to answer its first request."""

STOP_SECONDS = 3
"""How long the server may take to stop when asked before it (and its kernels) is killed."""

STREAM_READY_JS = """() => !!document.querySelector('.iw-stream.iw-stream--live .iw-outcome')"""
"""True once the stream page shows a session (its board, or in a lower third its outcome)."""


def free_port() -> int:
    """A TCP port nothing listens on now, chosen by the system (so tests run side by side,
    in one worktree or several, never meet another's server on a fixed port)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class StreamServer:
    """``python -m isowidgets.stream PATH --port PORT [options]`` until the ``with`` ends.

    Args:
        path: the journal to follow.
        port: the port (``0``: one nothing listens on, see :func:`free_port`).
        options: more command-line options (``--size 1280x720``, ``--transparent``).
        log: where the server's output goes.
    """

    def __init__(self, path: Path, port: int, *options: str, log: Path) -> None:
        port = port or free_port()
        self.path, self.port, self.options, self.log = path, port, options, log
        self.url = f"http://127.0.0.1:{port}/"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> StreamServer:
        out = open(self.log, "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "isowidgets.stream", str(self.path), "--port", str(self.port),
             *self.options],
            cwd=REPO, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        out.close()
        # The first request runs the page in a kernel (Voila answers once the cell ran):
        # on a loaded 2-core machine its imports alone took 40 s. It waits that long in one
        # request: each request that was given up on would leave a kernel running a page.
        deadline = time.monotonic() + ANSWER_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            if self.process.poll() is not None:
                raise RuntimeError(f"the stream server stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url, timeout=max(left, 2)) as answer:
                    page = answer.read() if answer.status == 200 else None
            except OSError:
                page = None
            if page is None:
                time.sleep(0.3)
                continue
            if self.process.poll() is None:
                try:
                    self._leave(page)
                except BaseException:
                    self.__exit__(None, None, None)
                    raise
                return self  # ours answered (one that could not bind has stopped)
        self.__exit__(None, None, None)
        raise RuntimeError(
            f"the stream server did not answer within {ANSWER_SECONDS} s: {self.log}"
        )

    def terminate(self) -> None:
        """Ask the server and its kernels to stop, without waiting (``with``'s end waits):
        several servers stopping at once take the time of one."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)

    def _leave(self, page: bytes) -> None:
        """Shut down the kernel that ran ``page`` for the first request, as a browser that
        leaves a page asks Voila to (on ``beforeunload``). Left running, that kernel
        follows the journal beside the page under test: a second stream page no streamer
        has, woken by every roll, its work on the CPU while the page's is measured."""
        found = re.search(rb'"kernelId":\s*"([0-9a-f-]+)"', page)
        if found is None:
            return
        token = secrets.token_hex(16)  # tornado's double-submitted XSRF cookie, as the page's
        request = urllib.request.Request(
            f"{self.url}voila/api/shutdown/{found.group(1).decode()}",
            data=b"",
            method="POST",
            headers={"X-XSRFToken": token, "Cookie": f"_xsrf={token}"},
        )
        with urllib.request.urlopen(request, timeout=30):
            pass

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.terminate()  # the server and its kernels
            try:
                # A server that opened many pages asks each page's kernel (already gone:
                # it had the signal too) to shut down, and waits for each in turn: it took
                # 15 s. Nothing of a throwaway server needs keeping, so it is not awaited.
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self.process = None
