"""The log view says how much it shows and pages back to the session's first event."""

from __future__ import annotations

import html
from typing import Any

import pytest

from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.log import LogView, log_status


def sent_focus(button: Any) -> list[Any]:
    """Record the messages a button sends to its view (``focus()`` is one)."""
    sent: list[Any] = []
    button.send = lambda content, buffers=None: sent.append(content)
    return sent


def session(rolls: int) -> DiceTray:
    tray = DiceTray.new(seed=9)
    for n in range(rolls):
        tray.roll("d6", purpose=f"roll {n + 1}")
    return tray


def seqs(log: LogView) -> list[int]:
    return [row["seq"] for row in log.tail()]


def test_the_status_says_how_much_is_shown():
    assert log_status(0, 0, 0, latest=True) == "no events yet"
    assert log_status(0, 1, 1, latest=True) == "showing the only event"
    assert log_status(0, 5, 5, latest=True) == "showing all 5 events"
    assert log_status(28, 40, 40, latest=True) == "showing the last 12 of 40 events"
    assert log_status(12, 24, 40, latest=False) == "showing events 13–24 of 40, newest first"


def test_it_follows_the_game_while_it_shows_the_newest_events():
    tray = session(3)
    log = LogView(tray, rows=5)
    assert "showing all 4 events" in log.status.value and seqs(log) == [4, 3, 2, 1]
    assert log.older_button.disabled and log.newer_button.disabled
    for _ in range(4):
        tray.roll("d6")
    assert "showing the last 5 of 8 events" in log.status.value
    assert seqs(log) == [8, 7, 6, 5, 4] and not log.older_button.disabled


def test_it_pages_back_to_the_first_event_and_forward_again():
    tray = session(29)  # 30 events
    log = LogView(tray, rows=12)
    assert "showing the last 12 of 30 events" in log.status.value
    log.older_button.click()
    assert "showing events 7–18 of 30, newest first" in log.status.value
    assert seqs(log) == list(range(18, 6, -1))
    log.older_button.click()
    assert "showing events 1–12 of 30" in log.status.value and seqs(log)[-1] == 1
    assert "session started" in log.table.value
    assert log.older_button.disabled and log.first_button.disabled
    log.newer_button.click()
    assert "showing events 13–24 of 30" in log.status.value
    log.newer_button.click()
    assert log.following and "showing the last 12 of 30 events" in log.status.value
    log.first_button.click()
    assert seqs(log)[-1] == 1
    log.latest_button.click()
    assert log.following and seqs(log)[0] == 30


def test_paged_back_it_stays_on_its_events_while_the_game_goes_on():
    tray = session(29)
    log = LogView(tray, rows=12)
    log.first()
    tray.roll("d6")
    assert "showing events 1–12 of 31" in log.status.value and seqs(log)[-1] == 1
    log.latest()
    assert seqs(log)[0] == 31


def test_when_a_paging_button_switches_off_the_focus_moves_to_the_other_way():
    tray = session(29)
    log = LogView(tray, rows=12)
    to_newer, to_older = sent_focus(log.newer_button), sent_focus(log.older_button)
    log.older_button.click()
    assert to_newer == []  # Older still works: the focus stays on it
    log.older_button.click()  # now on the first page: Older is off
    assert to_newer == [{"do": "focus"}]
    log.latest_button.click()
    assert to_older == [{"do": "focus"}]


def test_undone_events_are_struck_through_and_say_so():
    tray = session(2)
    log = LogView(tray)
    tray.undo()
    assert 'class="iw-void"' in log.table.value and "(retconned)" in log.table.value
    # The undo says what it took back, by what it did, not by the action's number.
    assert "undo: roll 2: 1×d6 rolled" in html.unescape(log.table.value)
    assert "action #" not in log.table.value


def test_kinds_filter_what_is_counted_and_shown():
    tray = session(3)
    tray.note("Eve hides the key")
    for _ in range(3):
        tray.roll("d6")
    log = LogView(tray, rows=2, kinds=["note", "session_started"])
    assert "showing all 2 events" in log.status.value
    tray.note("a second note")
    assert "showing the last 2 of 3 events" in log.status.value
    assert [row["kind"] for row in log.tail()] == ["note", "note"]
    log.older()
    assert [row["kind"] for row in log.tail()] == ["note", "session_started"]


def test_a_page_holds_at_least_one_row():
    with pytest.raises(RuleError, match="a log page's rows"):
        LogView(DiceTray.new(seed=1), rows=0)


def test_words_say_each_summary_as_the_table_does():
    tray = session(2)
    log = LogView(tray, rows=5, words=lambda text: text.replace("roll 2", "the second roll"))
    assert "the second roll" in log.table.value and "roll 2" not in log.table.value
    assert "roll 1" in log.table.value
    assert any(row["summary"].startswith("roll 2") for row in log.tail())  # data unchanged
