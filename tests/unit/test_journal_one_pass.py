"""A journal line as the kit writes it is read in one pass, and reads as it always did.

:meth:`Entry.from_bytes` validates a line the kit wrote with one pydantic model of the
whole line and takes it only if writing the entry again gives every byte back; any
other line is read the long way (:meth:`Entry.from_line`). Both ways must give the very
same entry, or the very same error: a line a forger wrote by hand (a key twice, NaN, a
space, keys in another order) reads, or is refused, exactly as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from replay_play import FULL

from isowidgets.journal import Entry
from isowidgets.journal.codec import _as_written
from isowidgets.journal.events import event_type

GOLDEN = Path(__file__).resolve().parents[1] / "journals"


def _outcome(read: Callable[[], Entry]) -> tuple[str, object]:
    """What reading gave: the entry (and its head), or the error's type and message."""
    try:
        entry = read()
    except Exception as exc:
        return type(exc).__name__, str(exc)
    return "entry", (entry, entry.head)


def _both(raw: bytes) -> tuple[tuple[str, object], tuple[str, object]]:
    return (
        _outcome(lambda: Entry.from_bytes(raw)),
        _outcome(lambda: Entry.from_line(raw.decode("utf-8"))),
    )


@pytest.mark.parametrize("system", sorted(FULL))
def test_every_line_the_kit_writes_is_read_in_one_pass_as_the_long_way_reads_it(
    tmp_path: Path, system: str
):
    path = tmp_path / f"{system}.jsonl"
    FULL[system](path).journal.close()
    lines = path.read_bytes().splitlines()
    assert len(lines) >= 5
    for raw in lines:
        fast = _as_written(raw, event_type)
        assert fast is not None, raw[:120]  # the one pass is taken, not the long way
        assert fast == Entry.from_line(raw.decode("utf-8"))
        assert fast.head == Entry.from_line(raw.decode("utf-8")).head


@pytest.mark.parametrize(
    "path", sorted(GOLDEN.rglob("*.jsonl")), ids=lambda p: str(p.relative_to(GOLDEN))
)
def test_old_journals_read_the_same_either_way(path: Path):
    for raw in path.read_bytes().splitlines():
        if raw.strip():
            fast, slow = _both(raw)
            assert fast == slow


def _a_written_line(tmp_path: Path) -> bytes:
    path = tmp_path / "iso.jsonl"
    FULL["isolation"](path).journal.close()
    return next(line for line in path.read_bytes().splitlines() if b'"dice_rolled"' in line)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (rb'"seq":', rb'"seq":1,"seq":'),  # a key twice in the envelope
        (rb'"who":', rb'"who":"x","who":'),  # a key twice in the data
        (rb'"count":\d+', rb'"count":NaN'),
        (rb'"count":\d+', rb'"count":Infinity'),
        (rb'"count":(\d+)', rb'"count":\1.0'),
        (rb'"count":\d+', rb'"count":1e400'),
        (rb'"end":true', rb'"end":1'),
        (rb'"end":true', rb'"end":true,"gm":false'),
        (rb'"end":true', rb'"end":true,"gm":true'),
        (rb'"seq":', rb'"seq": '),  # a space: valid, read the long way
        (rb'\{"v":2,', rb'{ "v":2,'),
        (rb'"v":2,', rb'"v":1,'),
        (rb'"at":"', rb'"at":"2024-01-01T00:00:00+00:00","x":"'),
        (rb'"kind":"dice_rolled"', rb'"kind":"dice_rolled","kind":"note"'),
        (rb'"system":"isolation"', rb'"system":"core"'),
        (rb'"faces":\[', rb'"faces":[7,'),
        (rb'"who":"', rb'"who":"\\ud800'),
        (rb'"who":"', rb'"who":"\\u0062'),
        (rb'"source":"random"', rb'"source":"typed"'),
        (rb'"seq":', rb'"seq":0'),  # a leading zero: not JSON
        (rb'"action":', rb'"action":-'),
        (rb'"at":"([^"]*)\.\d{3}', rb'"at":"\1'),  # a time without its milliseconds
        (rb'"at":"([^"]*)\.(\d{3})', rb'"at":"\1.\g<2>000'),  # microseconds
        (rb'"at":"\d{4}', b'"at":"2024\x01'),  # a control character in a text
        (rb'"at":"\d{4}', rb'"at":"\\u0032024'),  # an escape in a text
        (rb'"at":"[^"]*"', rb'"at":"2024-13-01T00:00:00.000+00:00"'),  # no such month
        (rb',"h":"', rb',"h":"0'),  # a head of 65 digits
        (rb',"h":"[0-9a-f]{64}"\}$', rb"}"),  # a format 2 line without its head
        (rb"\}$", rb"} "),  # a space after the line
        (rb"\}$", rb',"x":1}'),  # a key after the head
    ],
)
def test_a_line_written_by_hand_reads_as_the_long_way_reads_it(
    tmp_path: Path, old: bytes, new: bytes
):
    line = _a_written_line(tmp_path)
    edited = re.sub(old, new, line, count=1)
    assert edited != line
    fast, slow = _both(edited)
    assert fast == slow
    assert _as_written(edited, event_type) is None or fast[0] == "entry"


def test_keys_in_another_order_read_the_same_but_the_long_way(tmp_path: Path):
    line = _a_written_line(tmp_path)
    head, _, tail = line.partition(b',"action":')
    action, _, rest = tail.partition(b",")
    swapped = head.replace(b'"seq":', b'"action":' + action + b',"seq":', 1) + b"," + rest
    assert swapped != line
    assert _as_written(swapped, event_type) is None
    fast, slow = _both(swapped)
    assert fast == slow
    assert fast[0] == "entry"


@pytest.mark.parametrize(
    "new",
    [rb'"settings":{"x":NaN,', rb'"settings":{"x":-Infinity,', rb'"settings":{"x":1,"x":2,'],
)
def test_what_pydantic_takes_but_the_journal_refuses_is_refused(tmp_path: Path, new: bytes):
    """Pydantic reads NaN, Infinity and a key twice; the journal never wrote them, and
    refuses them in a field that holds any value as anywhere else."""
    path = tmp_path / "iso.jsonl"
    FULL["isolation"](path).journal.close()
    first = path.read_bytes().splitlines()[0]
    edited = first.replace(b'"settings":{', new, 1)
    assert edited != first
    fast, slow = _both(edited)
    assert fast == slow
    assert fast[0] == "LineProblem"  # a ValueError that carries its message
