"""What one action costs the stream page's kernel and the viewer's browser, counted.

GM click → stream page is measured in ``benchmarks/latency_stream.py`` (never here: a
test asserts no wall-clock time). What that path depends on is counted instead: the
journal's one write wakes the page once; a refresh sends the outcome **first** (what a
viewer waits for is not queued behind the board) and then only the widgets whose value
changed, each in one message; a refresh that finds nothing new sends nothing; and what
one action sends stays the same size at event 20 and at event 1,000.

Messages are caught where a kernel would send them: every widget's comm comes from
``comm.create_comm``, the hook the ``comm`` package lets a kernel (or a test) replace.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import comm
import pytest
from stream_play import FOLLOWS, PLAYS

from isowidgets.follow import Waker
from isowidgets.stream import StreamPage
from isowidgets.tray import DiceTray


@dataclass(frozen=True)
class Sent:
    """One message a widget sent its views."""

    comm_id: str
    kind: str  # comm_open, comm_msg, comm_close
    method: str | None  # "update" for a changed value
    keys: tuple[str, ...]  # the traits an update carries
    size: int  # bytes of the message's data as JSON


class Wire(list[Sent]):
    """Every message sent by a widget made while the fixture is active, in order."""

    def of(self, widget: Any) -> list[Sent]:
        return [sent for sent in self if sent.comm_id == widget.comm.comm_id]


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    caught = Wire()

    class Recorded(comm.base_comm.BaseComm):
        def publish_msg(
            self,
            msg_type: str,
            data: Any = None,
            metadata: Any = None,
            buffers: Any = None,
            **keys: Any,
        ) -> None:
            data = data or {}
            state = data.get("state") or {}
            caught.append(
                Sent(
                    self.comm_id,
                    msg_type,
                    data.get("method"),
                    tuple(sorted(state)),
                    len(json.dumps(data, default=str)),
                )
            )

    monkeypatch.setattr(comm, "create_comm", lambda *a, **k: Recorded(*a, **k))
    yield caught


def tray_session(path: Path, rolls: int) -> DiceTray:
    game = DiceTray.new(path, seed=15, title="Counted")
    for n in range(rolls):
        game.roll("8d6", purpose=f"roll {n}")
    return game


def one_roll(game: DiceTray, page: StreamPage, wire: Wire) -> list[Sent]:
    """What the page sends for one more roll (the messages since the roll)."""
    wire.clear()
    game.roll("8d6", purpose="one more")
    assert page.refresh()
    return list(wire)


def test_one_roll_sends_the_outcome_first_then_only_what_changed(
    wire: Wire, tmp_path: Path
) -> None:
    """Three messages, one per widget that changed, the outcome's first: the board's
    recent rolls and the footer's live head follow it. The title, the status line and
    the page's layout are not sent again; nothing is opened or closed."""
    game = tray_session(tmp_path / "t.jsonl", 20)
    page = StreamPage(tmp_path / "t.jsonl", hold=0)
    assert page.board is not None
    for _ in range(2):  # the second roll is where stale state would show
        sent = one_roll(game, page, wire)
        assert [s.comm_id for s in sent] == [
            page.outcome.comm.comm_id,
            page.board.rolls.comm.comm_id,
            page.commitment.comm.comm_id,
        ]
        assert all(s.kind == "comm_msg" and s.method == "update" for s in sent)
        assert all(s.keys == ("value",) for s in sent)
    wire.clear()
    assert not page.refresh()
    assert list(wire) == []  # nothing new: nothing sent
    game.journal.close()
    page.close()


def test_what_one_roll_sends_does_not_grow_with_the_session(wire: Wire, tmp_path: Path) -> None:
    """At event 1,000 a roll sends what it sends at event 20 (the same dice, the same
    widgets; only the numbers in the footer are longer)."""
    sizes = []
    for rolls in (20, 1000):
        path = tmp_path / f"t{rolls}.jsonl"
        game = tray_session(path, rolls)
        page = StreamPage(path, hold=0)
        sent = one_roll(game, page, wire)
        sizes.append((len(sent), sum(s.size for s in sent)))
        game.journal.close()
        page.close()
    (short_count, short_bytes), (long_count, long_bytes) = sizes
    assert long_count == short_count == 3
    assert long_bytes <= short_bytes * 1.1, sizes


MOST_MESSAGES = {
    "tray": 3,  # outcome, recent rolls, footer
    "isolation": 3,  # outcome, the board, footer
    "impact": 2,  # outcome, footer (the ladders did not move)
    "fudge_conflict": 3,  # outcome, the board, footer
    # outcome, the Pressure chart's update (and its end), its label, the chart's state
    # kept for a browser that connects later (layout, data), year and Pressure, the
    # latest Events, footer
    "watch_the_world_die": 9,
}
"""The most messages one action of each system's short session sends the stream page."""


@pytest.mark.parametrize("system", list(PLAYS))
def test_each_systems_action_sends_its_outcome_first_and_a_bounded_few(
    system: str, wire: Wire, tmp_path: Path
) -> None:
    path = tmp_path / f"{system}.jsonl"
    game = PLAYS[system](path)
    page = StreamPage(path, hold=0)
    wire.clear()
    FOLLOWS[system](game)
    assert page.refresh()
    sent = list(wire)
    assert sent and sent[0].comm_id == page.outcome.comm.comm_id
    assert len(sent) <= MOST_MESSAGES[system], [(s.keys, s.size) for s in sent]
    assert len(wire.of(page.outcome)) == 1  # the outcome drawn once
    page.close()


def test_one_write_of_the_journal_wakes_the_page_once(tmp_path: Path) -> None:
    """A roll is one write: the page is woken once for it, not once per line or per
    file the GM's kernel touches beside it."""
    path = tmp_path / "t.jsonl"
    game = tray_session(path, 3)
    waker = Waker(path, 0.3)
    if not waker.notified:
        waker.close()
        pytest.skip("the operating system does not tell of a file's change here")

    async def wakes() -> int:
        count = 0
        while await waker.wait():  # False once a wait passes without a change
            count += 1
        return count

    async def play() -> list[int]:
        await wakes()  # what the session's own writes left pending
        counted = []
        for _ in range(2):
            game.roll("8d6", purpose="one more")
            counted.append(await wakes())
        return counted

    try:
        assert asyncio.run(play()) == [1, 1]
    finally:
        waker.close()
        game.journal.close()
