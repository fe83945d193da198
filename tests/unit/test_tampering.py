"""Every way a GM could edit a played session's journal is caught, with its line and its
event, in every system.

Each system plays a session with public and GM-only random rolls (``rolled_sessions``),
reveals its seed, and the journal is edited one way at a time by two forgers: a careless
one, who leaves the heads as they were (the hash chain names the first line that
changed), and a careful one, who writes every head again (the chain has no key) so that
only the rolls' numbers, the seed, the reveal's count or a head a viewer kept can tell.
The kinds: a roll altered, inserted, deleted, swapped, retyped as typed-in faces or cut
off the end; the seed, the salt, the commitment or the count changed. A cut followed by
more play is caught by the head the stream showed after the cut roll.
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import forge
import pytest
from rolled_sessions import SESSIONS

from isowidgets import systems
from isowidgets.__main__ import main
from isowidgets.errors import VerifyError
from isowidgets.journal.chain import short_head
from isowidgets.verify import Report, verify

Record = dict[str, Any]


def _random(record: Record) -> list[dict[str, Any]]:
    """The random roll records a line's event carries (its data, searched through)."""
    found: list[dict[str, Any]] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if value.get("source") == "random" and "faces" in value:
                found.append(value)
            else:
                for item in value.values():
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(record["data"])
    return found


def _public_rolled(lines: list[Record]) -> list[int]:
    """Indices of the public lines that carry a random roll with dice."""
    return [
        i
        for i, r in enumerate(lines)
        if not r.get("gm") and any(roll["faces"] for roll in _random(r))
    ]


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def session(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A revealed session of one system, with the head the stream showed before the
    reveal (kept next to it as ``head.txt``)."""
    path = tmp_path_factory.mktemp(request.param) / "session.jsonl"
    game = SESSIONS[request.param](path, True)
    shown = game.shown_head()
    assert shown is not None
    (path.parent / "head.txt").write_text(f"{shown.public_rolls}:{shown.head[:16]}")
    game.reveal()
    game.journal.close()
    assert verify(path).ok
    return path


def _copy(session: Path, tmp_path: Path) -> Path:
    target = tmp_path / "session.jsonl"
    for suffix in ("", ".secret"):
        shutil.copy(
            session.with_name(session.name + suffix), target.with_name(target.name + suffix)
        )
    return target


def _edited(
    session: Path, tmp_path: Path, edit: Callable[[list[Record]], None], rechain: bool
) -> Path:
    target = _copy(session, tmp_path)
    lines = forge.records(target)
    edit(lines)
    forge.write(target, lines, rechain=rechain, renumber=True)
    return target


def _named(report: Report, line: int, kind: str) -> None:
    assert report.mismatch is not None, report.text()
    assert (report.mismatch.line, report.mismatch.kind) == (line, kind), report.text()
    assert f"line {line}" in report.text() and kind in report.text()


# --------------------------------------------------------------------------- the edits


def _change_a_face(roll: dict[str, Any]) -> None:
    """One face of ``roll`` changed to another its die has, the chains kept whole (a face
    that explodes neither appears nor goes, or the line would not even read)."""
    die, explode = roll["pool"]["die"], set(roll["pool"]["explode_on"])
    options = [-1, 0, 1] if die == "dF" else list(range(1, int(die[1:]) + 1))
    faces = roll["faces"]
    index = next(i for i, face in enumerate(faces) if face not in explode)
    faces[index] = next(f for f in options if f != faces[index] and f not in explode)


def alter(lines: list[Record]) -> int:
    at = _public_rolled(lines)[1]
    _change_a_face(next(r for r in _random(lines[at]) if r["faces"]))
    return at


def insert(lines: list[Record]) -> int:
    at = _public_rolled(lines)[1]
    lines.insert(at + 1, copy.deepcopy(lines[at]))
    return at + 1


def delete(lines: list[Record]) -> int:
    rolled = _public_rolled(lines)
    del lines[rolled[1]]
    return rolled[2] - 1  # the next public roll, one line earlier now


def swap(lines: list[Record]) -> int:
    rolled = _public_rolled(lines)
    kind = lines[rolled[0]]["kind"]
    first, second = [i for i in rolled if lines[i]["kind"] == kind][:2]
    lines[first]["data"], lines[second]["data"] = lines[second]["data"], lines[first]["data"]
    return first


def retype(lines: list[Record]) -> int:
    rolled = _public_rolled(lines)
    for roll in _random(lines[rolled[1]]):
        roll["source"] = "typed"
        del roll["n"]
    return rolled[2]


def truncate(lines: list[Record]) -> int:
    del lines[_public_rolled(lines)[-1]]
    return len(lines) - 1  # the reveal


def alter_gm_only(lines: list[Record]) -> int:
    at = next(i for i, r in enumerate(lines) if r.get("gm") and _random(r))
    _change_a_face(next(r for r in _random(lines[at]) if r["faces"]))
    return at


def change_count(lines: list[Record]) -> int:
    lines[-1]["data"]["public_rolls"] += 1
    return len(lines) - 1


EDITS: dict[str, tuple[Callable[[list[Record]], int], str]] = {
    "altered": (alter, "faces"),
    "inserted": (insert, "repeated"),
    "deleted": (delete, "missing"),
    "swapped": (swap, "moved"),
    "retyped": (retype, "missing"),
    "truncated": (truncate, "count"),
    "gm-only altered": (alter_gm_only, "faces"),
    "count": (change_count, "count"),
}


@pytest.mark.parametrize("how", sorted(EDITS))
def test_a_careless_forger_is_named_by_the_chain(session: Path, tmp_path: Path, how: str) -> None:
    edit, _problem = EDITS[how]
    where: list[int] = []
    path = _edited(session, tmp_path, lambda lines: where.append(edit(lines)), rechain=False)
    report = verify(path)
    lines = forge.records(path)
    assert report.mismatch is not None and report.mismatch.problem == "tampered", report.text()
    assert report.mismatch.line <= where[0] + 1
    _named(report, report.mismatch.line, lines[report.mismatch.line - 1]["kind"])


@pytest.mark.parametrize("how", sorted(EDITS))
def test_a_careful_forger_is_named_by_the_rolls(session: Path, tmp_path: Path, how: str) -> None:
    edit, problem = EDITS[how]
    where: list[int] = []
    path = _edited(session, tmp_path, lambda lines: where.append(edit(lines)), rechain=True)
    report = verify(path)
    lines = forge.records(path)
    _named(report, where[0] + 1, lines[where[0]]["kind"])
    assert report.mismatch is not None, report.text()
    assert report.mismatch.problem.startswith(problem), report.text()  # missing_several too
    assert main(["verify", str(path)]) == 1


@pytest.mark.parametrize("field", ["seed", "salt", "commitment"])
@pytest.mark.parametrize("rechain", [True, False])
def test_a_changed_seed_salt_or_commitment_is_named(
    session: Path, tmp_path: Path, field: str, rechain: bool
) -> None:
    def edit(lines: list[Record]) -> None:
        if field == "commitment":
            lines[0]["data"]["commitment"] = "1" * 64
        elif field == "seed":
            lines[-1]["data"]["seed"] = "a seed that suits the GM"
        else:
            lines[-1]["data"]["salt"] = "2" * 64

    path = _edited(session, tmp_path, edit, rechain=rechain)
    changed_line = 1 if field == "commitment" else len(forge.records(path))
    if rechain:
        with pytest.raises(VerifyError) as refused:
            verify(path)
        text = str(refused.value)
        assert refused.value.key == "verify.secret"
        assert f"line {len(forge.records(path))} (seed_revealed)" in text
        assert "line 1 (session_started)" in text
        assert main(["verify", str(path)]) == 2
    else:
        report = verify(path)
        kind = "session_started" if field == "commitment" else "seed_revealed"
        _named(report, changed_line, kind)
        assert main(["verify", str(path)]) == 1


def test_a_cut_roll_and_more_play_is_caught_by_the_head_the_stream_showed(
    session: Path, tmp_path: Path
) -> None:
    """The issue's case: the last roll is cut, the session resumed and played on, and
    revealed: the numbers run on without a gap (the cut roll's number was taken again,
    with the same faces for the same dice), so only a head kept from before tells."""
    path = _copy(session, tmp_path)
    lines = forge.records(path)
    head = (session.parent / "head.txt").read_text()
    cut = _public_rolled(lines)[-1]
    kept = lines[:cut]  # the last roll (and the reveal after it) cut off the end
    forge.write(path, kept, rechain=True, renumber=True)
    game = systems.open_session(path)
    last_before = max(
        r.number or 0 for e in game.journal.entries for r in e.event.rolls() if not r.gm
    )
    game.note("the table takes a break")
    game.reveal()
    game.journal.close()
    assert last_before == int(head.split(":")[0]) - 1
    assert verify(path).ok  # nothing inside the file tells: see docs/at-the-table/verify.md
    report = verify(path, heads=[head])
    assert report.mismatch is not None and report.mismatch.problem.startswith("head_missing")
    assert short_head(head.split(":")[1]) in report.text()
    assert main(["verify", str(path), "--head", head]) == 1


def test_the_head_the_stream_showed_matches_the_untouched_journal(session: Path) -> None:
    head = (session.parent / "head.txt").read_text()
    report = verify(session, heads=[head])
    assert report.ok and len(report.heads) == 1
    match = report.heads[0]
    assert match.public_rolls == int(head.split(":")[0]) and not match.gm
    assert f"head {short_head(head.split(':')[1])}" in report.text()
    assert main(["verify", str(session), "--head", head]) == 0
    wrong_count = f"{match.public_rolls + 1}:{head.split(':')[1]}"
    assert verify(session, heads=[wrong_count]).mismatch.problem == "head_rolls"  # type: ignore[union-attr]
