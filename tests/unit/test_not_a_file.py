"""A path that is not a regular file is refused at once wherever a journal is read or
followed: a FIFO, a directory, a device.

Opening a FIFO for reading blocks until someone writes to it, so a journal replaced by
one (``os.unlink(p); os.mkfifo(p)``) used to hang the stream's follower, the stream
page and ``verify`` in ``open()`` forever. Every reader now opens without blocking and
checks what it opened (no check-then-open race). Each call below runs in a helper
thread; if it blocks, the test opens the FIFO's other end to let it go and fails.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from isowidgets.commitment import read_sidecar, sidecar_path
from isowidgets.errors import JournalError
from isowidgets.follow import Spectator
from isowidgets.journal import Journal
from isowidgets.stream.page import StreamPage
from isowidgets.systems import open_session
from isowidgets.tray import DiceTray
from isowidgets.verify import verify

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")

HANG = 60.0
"""How long a call may take before it counts as blocked (it takes microseconds)."""


def _release(path: Path) -> None:
    """Let a reader blocked in ``open()`` on the FIFO at ``path`` go (open the other end)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.close(fd)


def promptly(call: Callable[[], Any], fifo: Path | None = None) -> Any:
    """``call()``'s value (or the error it raised), failing if it blocks."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG)
    if worker.is_alive():
        if fifo is not None:
            _release(fifo)
        worker.join(HANG)
        pytest.fail(f"{call} blocked on a path that is not a regular file")
    if "error" in outcome:
        return outcome["error"]
    return outcome["value"]


@pytest.fixture(params=["fifo", "directory", "device"])
def not_a_file(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A journal's path holding something that is not a regular file, and its word."""
    path = tmp_path / "s.jsonl"
    if request.param == "fifo":
        os.mkfifo(path)
        yield path, "FIFO"
        _release(path)
    elif request.param == "directory":
        path.mkdir()
        yield path, "directory"
    else:
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null here")
        path.symlink_to("/dev/null")
        yield path, "device"


def _refused(outcome: object, word: str, path: Path) -> None:
    assert isinstance(outcome, JournalError), outcome
    text = str(outcome)
    assert word in text and str(path.name) in text
    assert "not a regular file" in text


def test_journal_read_refuses_at_once(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    _refused(promptly(lambda: Journal.read(path), path), word, path)


def test_journal_open_refuses_at_once(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    _refused(promptly(lambda: Journal.open(path), path), word, path)


def test_a_session_is_not_resumed_or_started_on_it(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    assert isinstance(promptly(lambda: DiceTray.resume(path), path), JournalError)
    assert isinstance(promptly(lambda: open_session(path), path), JournalError)
    _refused(promptly(lambda: DiceTray.new(path), path), word, path)
    assert not sidecar_path(path).exists()


def test_system_of_refuses_at_once(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    _refused(promptly(lambda: Journal.system_of(path), path), word, path)


def test_verify_refuses_at_once(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    _refused(promptly(lambda: verify(path), path), word, path)


def test_the_command_line_exits_2_at_once(not_a_file: tuple[Path, str]) -> None:
    path, word = not_a_file
    try:
        done = subprocess.run(
            [sys.executable, "-m", "isowidgets", "verify", str(path)],
            capture_output=True,
            text=True,
            timeout=HANG,
        )
    except subprocess.TimeoutExpired:
        _release(path)
        pytest.fail("python -m isowidgets verify blocked")
    assert done.returncode == 2
    assert word in done.stderr and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_spectator_whose_journal_is_replaced_by_a_fifo_says_so(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = DiceTray.new(path, seed=4)
    game.roll("3d6")
    game.journal.close()
    spectator = Spectator(path)
    first = spectator.poll()
    assert first is not None
    os.unlink(path)
    os.mkfifo(path)
    try:
        assert promptly(spectator.poll, path) is None
        assert "FIFO" in spectator.problem and "not a regular file" in spectator.problem
        assert spectator.last is first  # the last good catch stays on show
    finally:
        _release(path)


def test_the_stream_page_keeps_its_last_catch_when_the_journal_becomes_a_fifo(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.jsonl"
    game = DiceTray.new(path, seed=4)
    game.roll("3d6")
    game.journal.close()
    page = StreamPage(path)
    try:
        shown = page.outcome.value
        os.unlink(path)
        os.mkfifo(path)
        assert promptly(page.refresh, path) is False
        assert "FIFO" in page.status.value
        assert page.outcome.value == shown
    finally:
        _release(path)
        page.close()


def test_a_secret_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = DiceTray.new(path, seed=4)
    game.journal.close()
    secret = sidecar_path(path)
    secret.unlink()
    os.mkfifo(secret)
    try:
        outcome = promptly(lambda: read_sidecar(path), secret)
        _refused(outcome, "FIFO", secret)
        assert isinstance(promptly(lambda: DiceTray.resume(path), secret), JournalError)
    finally:
        _release(secret)


def test_a_regular_file_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    DiceTray.new(path, seed=4).journal.close()
    assert stat.S_ISREG(os.stat(path).st_mode)
    assert len(Journal.read(path)) == 1
    assert Journal.system_of(path) == "tray"
