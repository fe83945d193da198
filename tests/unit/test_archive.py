"""Game.open(path, resume=False) sets the old session aside atomically and never
overwrites anything, even when two kernels (or threads) do it at the same moment."""

from __future__ import annotations

import contextlib
import errno
import multiprocessing
import os
import threading
from pathlib import Path

import pytest

from isowidgets.errors import IsowidgetsError, JournalError
from isowidgets.journal.files import archive as _archive
from isowidgets.tray import DiceTray


def contents(folder: Path) -> list[bytes]:
    return sorted(p.read_bytes() for p in folder.iterdir() if p.suffix == ".jsonl")


def test_open_afresh_keeps_the_old_session_under_the_first_free_name(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    DiceTray.new(path, seed=1).journal.close()
    (tmp_path / "s.1.jsonl").write_bytes(b"someone else's file")
    old = path.read_bytes()
    fresh = DiceTray.open(path, resume=False, seed=2)
    fresh.journal.close()
    assert (tmp_path / "s.1.jsonl").read_bytes() == b"someone else's file"
    assert (tmp_path / "s.2.jsonl").read_bytes() == old


def test_a_name_taken_between_looking_and_moving_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The old race: s.1 was free when looked at, and another kernel moved its session
    there before this one moved its own. A check-then-rename overwrote it."""
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"mine")
    real_link = os.link
    raced: list[str] = []

    def link_after_a_rival(source: object, target: object) -> None:
        if not raced:  # the rival takes the very name this call is about to use
            Path(str(target)).write_bytes(b"the rival's session")
            raced.append(str(target))
        real_link(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "link", link_after_a_rival)
    assert _archive(path) == tmp_path / "s.2.jsonl"
    assert (tmp_path / "s.1.jsonl").read_bytes() == b"the rival's session"
    assert (tmp_path / "s.2.jsonl").read_bytes() == b"mine"
    assert not path.exists()


@pytest.mark.parametrize("code", [errno.EPERM, errno.EXDEV, errno.ENOTSUP])
def test_without_hard_links_a_reserved_name_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
):
    """Where the file system has no hard links, the new name is created exclusively
    first (so it cannot be someone else's), then the file is renamed over it."""
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"mine")
    (tmp_path / "s.1.jsonl").write_bytes(b"older")

    def no_links(source: object, target: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", no_links)
    assert _archive(path) == tmp_path / "s.2.jsonl"
    assert (tmp_path / "s.1.jsonl").read_bytes() == b"older"
    assert (tmp_path / "s.2.jsonl").read_bytes() == b"mine"
    assert not path.exists()


def test_a_move_that_fails_renames_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"mine")

    def cannot_unlink(target: object) -> None:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "unlink", cannot_unlink)  # the one os module every part uses
    with pytest.raises(JournalError, match=r"cannot keep the old journal .* aside as s\.1\.jsonl"):
        _archive(path)
    monkeypatch.undo()
    assert path.read_bytes() == b"mine"


def test_threads_setting_the_same_journal_aside_lose_nothing(tmp_path: Path):
    """Each thread repeatedly sets aside whatever is at ``path`` and starts its own file
    there. Whatever the interleaving, every file ever started survives exactly once."""
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"the first session")
    started = [b"the first session"]
    lock = threading.Lock()
    barrier = threading.Barrier(4)

    def kernel(number: int) -> None:
        barrier.wait()
        for round_ in range(40):
            # Refused when another thread holds it or moved it first: nothing is lost.
            with contextlib.suppress(IsowidgetsError):
                _archive(path)
            body = f"session {number}.{round_}".encode()
            try:
                descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                continue
            with os.fdopen(descriptor, "wb") as out:
                out.write(body)
            with lock:
                started.append(body)

    threads = [threading.Thread(target=kernel, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert contents(tmp_path) == sorted(started)


def _start_afresh(path: str, seed: int, barrier: object, results: object) -> None:
    """One kernel: start a new session at ``path``, keeping whatever was there."""
    barrier.wait()  # type: ignore[attr-defined]
    try:
        tray = DiceTray.open(path, resume=False, seed=seed)
        tray.note(f"kernel {seed}")
        tray.journal.close()
        results.put((seed, "ok"))  # type: ignore[attr-defined]
    except IsowidgetsError as exc:
        results.put((seed, type(exc).__name__))  # type: ignore[attr-defined]
    except BaseException as exc:  # pragma: no cover - reported as a failure below
        results.put((seed, f"crash: {exc!r}"))  # type: ignore[attr-defined]


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="needs fork (POSIX)"
)
def test_two_kernels_opening_afresh_at_once_lose_no_session(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    first = DiceTray.new(path, seed=0)
    first.note("kernel 0")
    first.journal.close()
    context = multiprocessing.get_context("fork")
    outcomes: list[tuple[int, str]] = []
    for round_ in range(4):
        barrier = context.Barrier(2)
        results = context.Queue()
        seeds = (2 * round_ + 1, 2 * round_ + 2)
        kernels = [
            context.Process(target=_start_afresh, args=(str(path), seed, barrier, results))
            for seed in seeds
        ]
        for kernel in kernels:
            kernel.start()
        for kernel in kernels:
            kernel.join(60)
            assert kernel.exitcode == 0
        outcomes += [results.get(timeout=10) for _ in seeds]
    assert not [o for o in outcomes if o[1].startswith("crash")], outcomes
    started = [0] + [seed for seed, outcome in outcomes if outcome == "ok"]
    assert len(started) > 4  # at least one kernel of each round started its session
    texts = [p.read_text() for p in tmp_path.iterdir() if p.suffix == ".jsonl"]
    for seed in started:
        holding = [t for t in texts if f'"text":"kernel {seed}"' in t]
        assert len(holding) == 1, (seed, outcomes)
    assert len(texts) == len(started)  # every file is one whole session, none twice
