""" "Previously on…": the stream page plays the story's last beats (or from a beat on),
each over the board as it stood then, and then follows the session live; the command
line and the page's address ask for it, and refuse what they cannot take."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest
from replay_play import FULL

from isowidgets.errors import JournalError
from isowidgets.reel import Reel
from isowidgets.stream.launch import page_notebook, parse
from isowidgets.stream.page import StreamPage, page_options
from isowidgets.stream.previously import MAX_FROM, MOST, Previously
from isowidgets.words import render


def _played(tmp_path: Path) -> Any:
    game = FULL["watch_the_world_die"](tmp_path / "w.jsonl")
    return game


def test_the_beats_played_are_the_story_s_last_or_from_a_beat_on(tmp_path: Path) -> None:
    game = _played(tmp_path)
    story = Reel.of(game.journal.path).story()
    assert len(story) >= 3
    _reel, last_two = Previously(game.journal.path, 2).beats()
    assert last_two == story[-2:]
    _reel, from_two = Previously(game.journal.path, 1, 2).beats()
    assert from_two == story[1:]  # from a beat on wins over "the last N"
    assert not Previously(game.journal.path).wanted
    assert Previously(tmp_path / "nothing-yet.jsonl", 3).wanted


@pytest.mark.parametrize(
    ("last", "start"), [(-1, None), (MOST + 1, None), ("3", None), (None, None), (0, 0), (0, "2")]
)
def test_what_previously_cannot_take_is_refused(last: Any, start: Any, tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="previously"):
        Previously(tmp_path / "w.jsonl", last, start)


def test_the_page_plays_the_story_so_far_then_follows_live(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _played(tmp_path)
    story = Reel.of(game.journal.path).story()
    page = StreamPage(game.journal.path, previously=2, hold=0.0)
    live = page.outcome.value
    seen: list[tuple[str, str, bool]] = []

    async def no_wait(_seconds: float) -> None:
        seen.append(
            (page.outcome.value, page.status.value, "iw-stream--previously" in page._dom_classes)
        )

    monkeypatch.setattr(asyncio, "sleep", no_wait)  # each beat's hold
    asyncio.run(page.previously.play(page, page.hold))
    assert len(seen) == 2
    for (outcome, status, marked), mark, number in zip(seen, story[-2:], (1, 2), strict=True):
        assert render(mark.beat.heading) in outcome
        assert f"Previously on Watch the World Die… ({number} of 2)" in status
        assert marked
    assert "iw-stream--previously" not in page._dom_classes
    page._live_again()
    assert page.outcome.value == live
    page.close()


def test_a_session_not_readable_yet_plays_nothing(tmp_path: Path) -> None:
    page = StreamPage(tmp_path / "nothing-yet.jsonl", previously=3)
    asyncio.run(page.previously.play(page, 0.0))
    assert "iw-stream--previously" not in page._dom_classes
    page.close()


def test_the_address_and_the_command_line_ask_for_it() -> None:
    options, refused = page_options("previously=3", {"previously": 0})
    assert options["previously"] == 3 and not refused
    options, refused = page_options("previously_from=2", {})
    assert options["previously_from"] == 2 and not refused
    options, refused = page_options(f"previously={MOST + 1}&previously_from=x", {"previously": 0})
    assert options["previously"] == 0 and "previously_from" not in options
    assert refused is not None
    assert f"previously is a whole number from 0 to {MOST}" in render(refused)
    assert f"previously_from is a whole number from 1 to {MAX_FROM}" in render(refused)
    for hostile in ("-1", "+2", " 2", "2.0", "٣", "9" * 100_000, "0"):
        options, refused = page_options(f"previously_from={hostile}", {})
        assert refused is not None and "previously_from" not in options, hostile
        assert len(render(refused)) < 200, hostile
    assert parse(["s.jsonl", "--previously", "4"]).previously == 4
    assert parse(["s.jsonl", "--previously-from", "2"]).previously_from == 2
    with pytest.raises(SystemExit):
        parse(["s.jsonl", "--previously", "2", "--previously-from", "1"])
    source = page_notebook("s.jsonl", previously=4)["cells"][0]["source"]  # type: ignore[index]
    assert "hold=2.0, previously=4)" in source
    source = page_notebook("s.jsonl", previously_from=3)["cells"][0]["source"]  # type: ignore[index]
    assert "hold=2.0, previously_from=3)" in source
    with pytest.raises(JournalError, match="previously"):
        page_notebook("s.jsonl", previously=-2)


def test_the_danish_page_says_it_in_danish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played(tmp_path)
    page = StreamPage(game.journal.path, previously_from=1, hold=0.0, language="da")
    said: list[str] = []

    async def no_wait(_seconds: float) -> None:
        said.append(page.status.value)

    monkeypatch.setattr(asyncio, "sleep", no_wait)  # each beat's hold
    asyncio.run(page.previously.play(page, page.hold))
    count = len(Reel.of(game.journal.path).story())
    assert said[0].startswith("Tidligere i ") and said[0].endswith(f"(1 af {count})")
    assert len(said) == count
    page.close()


def test_a_page_stopped_before_its_story_closes_its_waker(tmp_path: Path) -> None:
    """A page stopped while it waits for a browser closes what it watches the file with."""
    game = _played(tmp_path)

    async def run() -> Any:
        page = StreamPage(game.journal.path, previously=2)
        task = page.start(0.05)
        assert page.waker.notified  # inotify watches the file (Linux, asyncinotify)
        await asyncio.sleep(0.05)
        assert not task.done()  # waiting for a browser to draw the page
        page.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        page.close()
        return page.waker

    waker = asyncio.run(run())
    assert not waker.notified  # closed
