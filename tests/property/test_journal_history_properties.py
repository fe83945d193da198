"""The journal's History, kept as entries arrive, reads every journal as the whole-journal
functions do: the same void actions (with or without a retcon still to come), the same
undos a redo can take back, the same disclosures in force.

Journals are drawn at random: actions of one or more events, retcons of any earlier
action (undos, redos, retcons of retcons), disclosures, and actions cut short by a crash
(their last event never written), in any order a file could hold them.
"""

from __future__ import annotations

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.journal import Disclosed, Entry, History, Note, Retcon, void_actions
from isowidgets.visibility import disclosed_actions

AT = datetime(2024, 1, 1)


@st.composite
def journals(draw: st.DrawFn) -> list[Entry]:
    """A journal's entries: actions 1…n in order, each of 1–3 events, some cut short."""
    entries: list[Entry] = []
    for action in range(1, draw(st.integers(1, 14)) + 1):
        size = draw(st.integers(1, 3))
        cut_short = draw(st.booleans()) and draw(st.integers(0, 4)) == 0
        for index in range(size):
            kind = draw(st.sampled_from(["note", "retcon", "retcon", "disclosed"]))
            if kind != "note" and action > 1:
                target = draw(st.integers(1, action - 1))
                event = Retcon(action=target) if kind == "retcon" else Disclosed(action=target)
            else:
                event = Note(text=f"n{action}")
            end = index == size - 1 and not cut_short
            entries.append(Entry(len(entries) + 1, action, end, AT, event, gm=action % 3 == 0))
    return entries


def redo_stack_by_reading(entries: list[Entry]) -> list[int]:
    """The undos a redo takes back, read from the whole journal (the shell's old way)."""
    incomplete = {
        a for a in {e.action for e in entries} if not any(e.end for e in entries if e.action == a)
    }
    first: dict[int, object] = {}
    for entry in entries:
        first.setdefault(entry.action, entry.event)
    since: list[int] = []
    for action in sorted(first, reverse=True):
        if action in incomplete:
            continue
        if not isinstance(first[action], Retcon):
            break
        since.append(action)
    void = void_actions(entries)
    stack = []
    for action in reversed(since):
        retcon = first[action]
        assert isinstance(retcon, Retcon)
        if action in void or isinstance(first.get(retcon.action), Retcon):
            continue
        stack.append(action)
    return stack


def history_of(entries: list[Entry], *, one_by_one: bool) -> History:
    history = History()
    if one_by_one:
        for entry in entries:
            history.add([entry])
    else:
        history.add(entries)
    return history


@settings(max_examples=300, deadline=None)
@given(journals(), st.booleans())
def test_history_reads_as_the_whole_journal(entries: list[Entry], one_by_one: bool):
    history = history_of(entries, one_by_one=one_by_one)
    assert history.void() == void_actions(entries)
    assert history.redo_stack() == redo_stack_by_reading(entries)
    assert history.disclosed() == disclosed_actions(entries)
    assert history.gm_actions() == {e.action for e in entries if e.gm}
    assert history.actions() == sorted({e.action for e in entries})
    for action in history.actions():
        start, end = history.span(action)
        assert [e.action for e in entries[start:end]] == [action] * (end - start)
        assert all(e.action != action for e in entries[:start] + entries[end:])


@settings(max_examples=300, deadline=None)
@given(journals(), st.data())
def test_a_retcon_still_to_come_reads_as_the_whole_journal(entries: list[Entry], data):
    history = history_of(entries, one_by_one=False)
    target = data.draw(st.integers(1, entries[-1].action))
    then = Retcon(action=target)
    assert history.void(then=then) == void_actions(entries, then=then)
    assert history.void() == void_actions(entries)  # asking changed nothing
