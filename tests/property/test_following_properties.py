"""Following a journal piece by piece reads what reading it whole reads (hypothesis).

* :class:`~isowidgets.visibility.PublicView` fed a journal's actions in any chunks shows
  exactly :func:`~isowidgets.visibility.public_entries` of the whole, and says truly how
  many of the entries it showed before are still shown first;
* :class:`~isowidgets.journal.reading.JournalReader` reading a file that grows by any
  pieces (a line cut anywhere, as a write in progress is) reads the entries a reader of
  the whole file reads, each line once.

Journals are drawn at random as in the History properties: actions of one or more
events, retcons of earlier actions, disclosures, GM-only actions, actions cut short.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_journal_history_properties import journals

from isowidgets.journal import Entry, event_type
from isowidgets.journal.reading import JournalReader, read_journal
from isowidgets.visibility import ASIDE, PublicView, public_entries

ASIDES = (ASIDE, frozenset())


def _actions(entries: list[Entry]) -> list[list[Entry]]:
    groups: list[list[Entry]] = []
    for entry in entries:
        if groups and groups[-1][0].action == entry.action:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


@settings(max_examples=300)
@given(entries=journals(), cuts=st.lists(st.integers(0, 20), max_size=8), asides=st.booleans())
def test_a_public_view_fed_in_pieces_shows_what_the_whole_shows(
    entries: list[Entry], cuts: list[int], asides: bool
) -> None:
    aside = ASIDES[asides]
    groups = _actions(entries)
    marks = sorted({min(cut, len(groups)) for cut in cuts} | {len(groups)})
    view = PublicView(aside=aside)
    start = 0
    for mark in marks:
        before = list(view.shown)
        new = [entry for group in groups[start:mark] for entry in group]
        same = view.add(new)
        taken = [entry for group in groups[:mark] for entry in group]
        assert view.shown == public_entries(taken, aside=aside)
        assert view.shown[:same] == before[:same]
        assert same == len(before) or view.shown[same : same + 1] != before[same : same + 1]
        start = mark


def _file(entries: list[Entry]) -> bytes:
    return b"".join(entry.to_line().encode("utf-8") + b"\n" for entry in entries)


@settings(max_examples=200)
@given(entries=journals(), cuts=st.lists(st.integers(0, 10_000), max_size=8))
def test_a_reader_of_a_growing_file_reads_what_a_reader_of_the_whole_reads(
    entries: list[Entry], cuts: list[int]
) -> None:
    data = _file(entries)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "growing.jsonl"
        path.write_bytes(b"")
        reader = JournalReader(path, event_type, most_events=10_000, most_bytes=1 << 24)
        read: list[Entry] = []
        for cut in [*sorted(cut % (len(data) + 1) for cut in cuts), len(data)]:
            path.write_bytes(data[:cut])  # the same bytes, and more of them
            with open(path, "rb") as handle:
                read += reader.more(handle)
        with open(path, "rb") as handle:
            whole = read_journal(handle, path, event_type, most_events=10_000,
                                 most_bytes=1 << 24)  # fmt: skip
    assert read == whole.entries == reader.read.entries
    assert reader.read.offset == len(data) and reader.read.torn is None
