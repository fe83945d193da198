"""Any line, edited anyhow, reads the same in one pass as the long way reads it.

:meth:`Entry.from_bytes` reads a line the kit wrote in one pass and any other line the
long way (:meth:`Entry.from_line`): a byte changed, added or taken away anywhere in a
line of any system, or a piece of JSON pydantic takes and the journal refuses (NaN, a
key twice, a space), gives the very same entry or the very same error both ways.
"""

from __future__ import annotations

import functools
import json
import tempfile
from datetime import datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from replay_play import FULL

from isowidgets.journal import Entry
from isowidgets.journal.payloads import line_opening


@functools.cache
def _lines() -> tuple[bytes, ...]:
    """Every line of a session of each system (played once)."""
    lines: list[bytes] = []
    with tempfile.TemporaryDirectory() as folder:
        for system, play in sorted(FULL.items()):
            path = Path(folder) / f"{system}.jsonl"
            play(path).journal.close()
            lines.extend(path.read_bytes().splitlines())
    return tuple(lines)


def _outcome(raw: bytes, fast: bool) -> tuple[str, object]:
    try:
        entry = Entry.from_bytes(raw) if fast else Entry.from_line(raw.decode("utf-8"))
    except Exception as exc:
        return type(exc).__name__, str(exc)
    return "entry", (entry, entry.head)


PIECES = [
    b"NaN",
    b"Infinity",
    b"-0",
    b"1e400",
    b" ",
    b"\\u0000",
    b'"seq":1,',
    b'"gm":true,',
    b'"x":1,',
    b"true",
    b"null",
    b"[]",
    b"{}",
    b",",
    b'"',
    b"\\",
    b"\xff",
    b"0.5",
]


@st.composite
def edited_lines(draw: st.DrawFn) -> bytes:
    line = draw(st.sampled_from(_lines()))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(line)))
        how = draw(st.sampled_from(["byte", "insert", "delete", "piece"]))
        if how == "byte" and at < len(line):
            line = line[:at] + bytes([draw(st.integers(0, 255))]) + line[at + 1 :]
        elif how == "delete":
            line = line[:at] + line[at + draw(st.integers(1, 8)) :]
        else:
            piece = (
                draw(st.sampled_from(PIECES))
                if how == "piece"
                else bytes([draw(st.integers(0, 255))])
            )
            line = line[:at] + piece + line[at:]
    return line


@given(edited_lines())
def test_an_edited_line_reads_the_same_in_one_pass_as_the_long_way(line: bytes):
    assert _outcome(line, fast=True) == _outcome(line, fast=False)


@given(st.sampled_from(_lines()))
def test_a_written_line_reads_the_same_in_one_pass_as_the_long_way(line: bytes):
    assert _outcome(line, fast=True) == _outcome(line, fast=False)
    assert _outcome(line, fast=True)[0] == "entry"


@given(
    st.integers(1, 2**63),
    st.integers(1, 2**63),
    st.booleans(),
    st.booleans(),
    st.datetimes(timezones=st.timezones()),
    st.sampled_from(_lines()),
    st.sampled_from([1, 2]),
)
def test_a_line_opens_as_json_dumps_writes_it(
    seq: int, action: int, end: bool, gm: bool, at: datetime, line: bytes, version: int
):
    """The opening :func:`line_opening` writes by hand is compact JSON, key for key."""
    event = Entry.from_bytes(line).event
    record = {
        "v": version,
        "seq": seq,
        "action": action,
        "end": end,
        **({"gm": True} if gm else {}),
        "at": at.isoformat(timespec="milliseconds"),
        "system": event.system,
        "kind": event.kind,
    }
    dumped = json.dumps(record, ensure_ascii=False, separators=(",", ":"))[:-1] + ',"data":'
    assert line_opening(seq, action, end, gm, at, event, version) == dumped
