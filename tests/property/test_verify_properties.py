"""Verify over generated sessions: whatever is played verifies, and any one change is named.

A session is a drawn sequence of tray steps: random rolls (exploding or not, public or
GM-only), typed rolls, undo, redo and resumes (each resume takes the counters up from
the journal). It is revealed and must verify; then one random face altered, one roll
copied, deleted, swapped with another or retyped as typed-in faces must each be found,
at the line where it shows, by a careful forger's journal (every head made again).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import forge
from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.dice import die_named
from isowidgets.errors import IsowidgetsError
from isowidgets.tray import DiceTray
from isowidgets.verify import verify

NOTATIONS = ("3d6", "2d6!6", "4dF", "d20", "5d6!1", "2d10")
steps = st.lists(
    st.one_of(
        st.tuples(st.just("roll"), st.sampled_from(NOTATIONS)),
        st.tuples(st.just("secret"), st.sampled_from(NOTATIONS)),
        st.tuples(st.just("typed"), st.sampled_from(("2d6", "3 4"))),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
        st.tuples(st.just("resume"), st.none()),
    ),
    max_size=14,
)


def play(path: Path, plan: list[tuple[str, str | None]]) -> None:
    tray = DiceTray.new(path)
    for step, argument in plan:
        try:
            if step == "roll":
                tray.roll(argument)
            elif step == "secret":
                with tray.gm_only():
                    tray.roll(argument)
            elif step == "typed":
                tray.roll("2d6", "3 4")
            elif step == "undo":
                tray.undo()
            elif step == "redo":
                tray.redo()
            else:
                tray.journal.close()
                tray = DiceTray.resume(path)
        except IsowidgetsError:
            pass  # nothing to undo or redo: refused, nothing changed
    tray.reveal()
    tray.journal.close()


def records(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rewrite(path: Path, lines: list[dict]) -> None:  # type: ignore[type-arg]
    """Write ``lines`` back as a careful forger would: numbered again, every head made
    again (only sessions without retcons are rewritten)."""
    forge.write(path, lines, renumber=True)


def random_rolls(lines: list[dict]) -> list[int]:  # type: ignore[type-arg]
    return [
        i
        for i, r in enumerate(lines)
        if r["kind"] == "rolled" and r["data"]["roll"]["source"] == "random"
    ]


@settings(max_examples=40, deadline=None)
@given(steps)
def test_whatever_is_played_verifies(plan: list[tuple[str, str | None]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.jsonl"
        play(path, plan)
        report = verify(path)
        assert report.ok, report.text()
        lines = records(path)
        assert report.random_rolls == len(random_rolls(lines))
        assert report.typed_rolls == sum(
            r["kind"] == "rolled" and r["data"]["roll"]["source"] == "typed" for r in lines
        )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(NOTATIONS), min_size=2, max_size=8),
    st.sampled_from(("altered", "inserted", "deleted", "swapped", "retyped")),
    st.data(),
)
def test_any_one_change_is_named(notations: list[str], change: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.jsonl"
        play(path, [("roll", n) for n in notations])
        lines = records(path)
        rolls = random_rolls(lines)
        target = data.draw(st.sampled_from(rolls), label="roll")
        if change == "altered":
            roll = lines[target]["data"]["roll"]
            faces = die_named(roll["pool"]["die"]).faces
            calm = [f for f in faces if f not in roll["pool"]["explode_on"]]
            spots = [i for i, f in enumerate(roll["faces"]) if f in calm]
            if not spots or len(calm) < 2:
                return  # every face explodes: changing one would not be a roll at all
            spot = spots[0]
            roll["faces"][spot] = next(f for f in calm if f != roll["faces"][spot])
            named = target + 1
        elif change == "inserted":
            lines.insert(len(lines) - 1, json.loads(json.dumps(lines[target])))
            named = len(lines) - 1
        elif change == "swapped":
            other = next((r for r in rolls if r != target), None)
            if other is None or lines[other]["data"] == lines[target]["data"]:
                return  # one roll, or two alike: nothing to swap
            lines[target]["data"], lines[other]["data"] = (
                lines[other]["data"],
                lines[target]["data"],
            )
            named = min(target, other) + 1
        else:
            if change == "deleted":
                del lines[target]
            else:
                lines[target]["data"]["roll"]["source"] = "typed"
                del lines[target]["data"]["roll"]["n"]
            shift = 1 if change == "deleted" else 0
            later = [r for r in rolls if r > target]
            named = later[0] + 1 - shift if later else len(lines)  # the next roll, or the reveal
        rewrite(path, lines)
        report = verify(path)
        assert report.mismatch is not None, change
        assert report.mismatch.seq == named, (change, report.text())


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_one_byte_changed_anywhere_never_verifies(data: st.DataObject) -> None:
    """The chain covers every byte: a byte changed anywhere (a face, a time, a space, a
    head, a newline) makes the journal unreadable or not verify; it never verifies."""
    from isowidgets.errors import JournalError

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.jsonl"
        play(path, [("roll", "3d6"), ("secret", "2d6"), ("typed", None), ("roll", "d20")])
        raw = bytearray(path.read_bytes())
        where = data.draw(st.floats(0, 1, exclude_max=True), label="where, 0..1")
        at = int(where * len(raw))  # the session's length varies with its fresh seed
        raw[at] = (raw[at] + data.draw(st.integers(1, 255), label="added to the byte")) % 256
        path.write_bytes(bytes(raw))
        try:
            report = verify(path)
        except JournalError:
            return  # unreadable, or refused naming why: caught
        assert not report.ok, report.text()
