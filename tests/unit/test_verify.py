"""Verifiable sessions: the commitment, the secret's sidecar, reveal, and verify.

A session publishes only the salted SHA-256 of its seed; ``reveal`` journals the
seed; :func:`isowidgets.verify.verify` replays every random roll from it and names
the first roll that is not what the seed fixed.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import forge
import pytest
from test_contract import Added, CounterGame, roll_and_add

from isowidgets.__main__ import main
from isowidgets.commitment import Secret, commit, sidecar_path
from isowidgets.dice import Dice, Pool
from isowidgets.errors import DiceError, JournalError, RuleError, VerifyError
from isowidgets.journal import Entry, Journal, SessionStarted
from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.tray import DiceTray
from isowidgets.verify import verify

SEED = "a seed nobody should read in the journal"


def played(path: Path, *, reveal: bool = True) -> DiceTray:
    """A tray session: random rolls (one explodes), typed dice, a resume in between."""
    tray = DiceTray.new(path, seed=SEED)
    tray.roll("3d6!6", purpose="first")
    tray.roll("2d6", "3 4", purpose="typed")
    tray.roll("4dF")
    tray.journal.close()
    tray = DiceTray.resume(path)
    tray.roll("2d10")
    tray.roll("d20")
    if reveal:
        tray.reveal()
    return tray


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, records: list[dict[str, object]], *, rechain: bool = True) -> None:
    """Write ``records`` as a journal, renumbering seq and action (one event per action),
    with the heads made again (a careful forger) unless ``rechain=False``."""
    for number, record in enumerate(records, start=1):
        record["seq"] = record["action"] = number
        record["end"] = True
    forge.write(path, records, rechain=rechain)  # type: ignore[arg-type]


def random_rolls(records: list[dict[str, object]]) -> list[int]:
    return [
        i
        for i, r in enumerate(records)
        if r["kind"] == "rolled" and r["data"]["roll"]["source"] == "random"  # type: ignore[index]
    ]


# --------------------------------------------------------------------------- the commitment


def test_the_journal_holds_the_commitment_and_not_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path, reveal=False)
    start = tray.journal.entries[0].event
    assert isinstance(start, SessionStarted)
    assert start.seed is None
    assert start.commitment == tray.commitment
    assert SEED not in path.read_text(encoding="utf-8")
    secret = Secret(SEED, json.loads(sidecar_path(path).read_text())["salt"])
    assert secret.matches(start.commitment)


def test_the_sidecar_is_for_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    DiceTray.new(path, seed=3)
    mode = stat.S_IMODE(os.stat(sidecar_path(path)).st_mode)
    assert mode == 0o600


def test_a_small_seed_is_salted_so_its_hash_gives_nothing_away() -> None:
    first, second = DiceTray.new(seed=3), DiceTray.new(seed=3)
    assert first.commitment != second.commitment
    assert first.commitment not in {commit(n, "0" * 64) for n in range(100)}
    first.roll("5d6")
    second.roll("5d6")
    assert first.journal.entries[-1].event == second.journal.entries[-1].event


def test_no_seed_means_a_256_bit_secret(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    DiceTray.new(path)
    seed = json.loads(sidecar_path(path).read_text())["seed"]
    assert isinstance(seed, str) and len(seed) == 64 and int(seed, 16) >= 0


def test_a_new_session_over_an_old_one_keeps_its_secret_with_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    old = DiceTray.new(path, seed=1)
    commitment = old.commitment
    old.journal.close()
    DiceTray.open(path, resume=False, seed=2)
    archived = DiceTray.resume(tmp_path / "s.1.jsonl")
    assert archived.commitment == commitment
    assert not archived.journal.problems
    assert Secret(1, json.loads(sidecar_path(tmp_path / "s.1.jsonl").read_text())["salt"]).matches(
        commitment
    )


# --------------------------------------------------------------------------- resume


def test_resume_continues_verifiably_and_replays_without_the_sidecar(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path, reveal=False)
    state = tray.state
    tray.journal.close()
    sidecar_path(path).unlink()
    again = DiceTray.resume(path)
    assert again.state == state
    assert any(p.key == "journal.problem.no_secret" for p in again.journal.problems)
    with pytest.raises(RuleError, match="no secret to reveal"):
        again.reveal()


def test_a_sidecar_of_another_session_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    DiceTray.new(tmp_path / "other.jsonl", seed=1).journal.close()
    DiceTray.new(path, seed=1).journal.close()
    sidecar_path(path).write_bytes(sidecar_path(tmp_path / "other.jsonl").read_bytes())
    before = path.read_bytes()
    with pytest.raises(JournalError, match="does not match the commitment"):
        DiceTray.resume(path)
    assert path.read_bytes() == before


def test_an_old_journal_with_a_plain_seed_opens_and_says_it_has_no_commitment(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.jsonl"
    start = SessionStarted(game="tray", seed=3, settings={}, kit_version="0.0.9")
    record = json.loads(Entry(1, 1, True, DiceTray.new().journal.entries[0].at, start).to_line())
    del record["data"]["commitment"]
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    tray = DiceTray.resume(path)
    assert tray.commitment is None
    rolled = tray.roll("2d6")
    assert rolled.faces == Dice("3/1").roll(Pool.parse("2d6")).faces  # as it always did
    with pytest.raises(RuleError, match="no secret to reveal"):
        tray.reveal()


# --------------------------------------------------------------------------- reveal


def test_reveal_ends_random_rolls_but_not_typed_ones(tmp_path: Path) -> None:
    tray = played(tmp_path / "s.jsonl")
    before = len(tray.journal)
    for pool in ("d6", "0d6"):  # even a roll of no dice would be a random roll
        with pytest.raises(DiceError, match="seed is revealed"):
            tray.roll(pool)
    assert len(tray.journal) == before
    tray.roll("d6", "4")
    with pytest.raises(RuleError, match="revealed already"):
        tray.reveal()


def test_a_reveal_cannot_be_undone(tmp_path: Path) -> None:
    tray = played(tmp_path / "s.jsonl")
    with pytest.raises(RuleError, match="cannot be hidden again"):
        tray.undo()
    assert tray.revealed is not None


def test_a_revealed_session_stays_sealed_when_resumed(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path).journal.close()
    with pytest.raises(DiceError, match="seed is revealed"):
        DiceTray.resume(path).roll("d6")


# --------------------------------------------------------------------------- verify


def test_an_untouched_journal_verifies(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path)
    tray.roll("d6", "2")  # typed after the reveal: outside the proof, and allowed
    report = verify(path)
    assert report.ok, report.text()
    assert report.random_rolls == 4
    assert report.random_dice >= 3 + 4 + 2 + 1  # 3d6 (and any 6s), 4dF, 2d10, d20
    assert report.typed_rolls == 2
    assert "VERIFIED: 4 random roll(s)" in report.text()
    assert "2 typed roll(s) of physical dice: outside the proof" in report.text()


def test_undone_rolls_are_verified_too(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path)
    tray.roll("3d6")
    tray.undo()
    tray.roll("3d6")
    tray.reveal()
    report = verify(path)
    assert report.ok and report.random_rolls == 2


def test_one_altered_face_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    target = random_rolls(records)[2]  # the 2d10
    roll = records[target]["data"]["roll"]  # type: ignore[index]
    found = list(roll["faces"])
    roll["faces"][0] = found[0] % 10 + 1
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None
    assert report.mismatch.seq == report.mismatch.line == target + 1
    assert report.mismatch.kind == "rolled" and report.mismatch.problem == "faces"
    assert report.mismatch.expected == tuple(found)
    assert report.mismatch.found == (found[0] % 10 + 1, *found[1:])
    assert "altered" in report.mismatch.why and "public roll #3" in report.mismatch.why
    assert f"MISMATCH at line {target + 1}, event #{target + 1} (rolled" in report.text()


def test_a_line_changed_without_its_heads_made_again_is_named_by_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    target = random_rolls(records)[2]
    roll = records[target]["data"]["roll"]  # type: ignore[index]
    roll["faces"][0] = roll["faces"][0] % 10 + 1
    write(path, records, rechain=False)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "tampered"
    assert report.mismatch.line == target + 1 and report.mismatch.kind == "rolled"
    assert "is not the hash of the journal up to it" in report.mismatch.why
    assert report.commitment == lines(path)[0]["data"]["commitment"]  # type: ignore[index]


def test_one_inserted_roll_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    first = random_rolls(records)[0]
    records.insert(len(records) - 1, json.loads(json.dumps(records[first])))
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None
    assert report.mismatch.seq == len(records) - 1  # the copy, not the original
    assert report.mismatch.problem == "repeated" and "inserted" in report.mismatch.why
    assert f"(line {first + 1})" not in report.mismatch.why  # the last roll before it is named


def test_one_deleted_roll_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    rolls = random_rolls(records)
    records.pop(rolls[1])  # the 4dF, public roll #2
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None
    assert report.mismatch.seq == rolls[2]  # the 2d10, one line earlier now
    assert report.mismatch.problem == "missing" and "deleted" in report.mismatch.why
    assert "public roll #2 is missing before this one (#3)" in report.mismatch.why
    assert report.random_rolls == 1


def test_a_roll_retyped_as_typed_faces_is_named(tmp_path: Path) -> None:
    """A bad roll turned into 'typed' to take it out of the proof leaves its number out."""
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    rolls = random_rolls(records)
    roll = records[rolls[1]]["data"]["roll"]  # type: ignore[index]
    roll["source"] = "typed"
    del roll["n"]
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.seq == rolls[2] + 1
    assert "retyped as typed-in faces" in report.mismatch.why


def test_two_swapped_rolls_show_the_faces_due_at_the_first_place(tmp_path: Path) -> None:
    """The issue's case: "attack" then "dodge", their rolls swapped (numbers kept with
    them). The report names the first place, and the faces public roll #1 gives there."""
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=5)
    attack = tray.roll("3d6", purpose="attack")
    tray.roll("3d6", purpose="dodge")
    tray.reveal()
    tray.journal.close()
    records = lines(path)
    first, second = random_rolls(records)
    data = records[first]["data"], records[second]["data"]
    data[0]["roll"], data[1]["roll"] = data[1]["roll"], data[0]["roll"]  # type: ignore[index]
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "moved"
    assert report.mismatch.line == first + 1
    assert report.mismatch.expected == attack.faces != report.mismatch.found
    assert f"expected: {' '.join(map(str, attack.faces))}" in report.text()


def test_a_numbered_roll_in_a_line_without_a_head_is_named(tmp_path: Path) -> None:
    """A session of numbered rolls written out as if before lines were chained (every
    head taken off, format 1, no dice scheme named): the kit never wrote a numbered roll
    in such a line, so it is not read as an old journal."""
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    for record in records:
        del record["h"]
        record["v"] = 1
    del records[0]["data"]["dice_scheme"]  # type: ignore[attr-defined]
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "unchained_number"
    assert report.mismatch.line == random_rolls(records)[0] + 1
    assert report.mismatch.found == ()  # the line is wrong, not its faces
    assert main(["verify", str(path)]) == 1


def test_a_roll_cut_off_the_end_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    records.pop(random_rolls(records)[-1])
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.kind == "seed_revealed"
    assert report.mismatch.problem == "count" and report.mismatch.line == len(records)
    assert (
        "says 4 public roll(s)" in report.mismatch.why and "cut off the end" in report.mismatch.why
    )


@pytest.mark.parametrize("field", ["seed", "salt", "commitment"])
def test_a_seed_that_does_not_match_its_commitment_is_refused_naming_both_lines(
    tmp_path: Path, field: str
) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    if field == "commitment":
        records[0]["data"]["commitment"] = "0" * 64  # type: ignore[index]
    else:
        records[-1]["data"][field] = "another seed" if field == "seed" else "f" * 64  # type: ignore[index]
    write(path, records)
    with pytest.raises(VerifyError, match="does not match the commitment") as refused:
        verify(path)
    assert refused.value.key == "verify.secret"
    assert f"at line {len(records)} (seed_revealed)" in str(refused.value)
    assert "at line 1 (session_started)" in str(refused.value)


def test_nothing_revealed_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path, reveal=False)
    with pytest.raises(VerifyError, match="reveals no seed"):
        verify(path)


def test_a_journal_without_commitment_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    start = SessionStarted(game="tray", seed=3, settings={}, kit_version="0.0.9")
    path.write_text(
        Entry(1, 1, True, DiceTray.new().journal.entries[0].at, start).to_line() + "\n",
        encoding="utf-8",
    )
    with pytest.raises(VerifyError, match="carries no commitment"):
        verify(path)


# --------------------------------------------------------------------------- hostile input


def hostile(tmp_path: Path) -> dict[str, Path]:
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(os.urandom(4096) + b"\x00\xff")
    huge = tmp_path / "huge.jsonl"
    huge.write_bytes(b"{" + b"x" * (2 << 20) + b"\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    return {
        "missing": tmp_path / "nothing.jsonl",
        "directory": tmp_path,
        "binary junk": junk,
        "huge line": huge,
        "empty": empty,
    }


@pytest.mark.parametrize("case", ["missing", "directory", "binary junk", "huge line", "empty"])
def test_hostile_paths_get_the_kits_error(tmp_path: Path, case: str) -> None:
    with pytest.raises(JournalError):
        verify(hostile(tmp_path)[case])


@pytest.mark.parametrize("argument", [None, 42, "", "a\x00b", "x" * 5000])
def test_hostile_arguments_get_the_kits_error(argument: object) -> None:
    with pytest.raises(JournalError):
        verify(argument)  # type: ignore[arg-type]


def test_the_command_line_reports_and_exits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    assert main(["verify", str(path)]) == 0
    assert "VERIFIED" in capsys.readouterr().out
    records = lines(path)
    records[random_rolls(records)[0]]["data"]["roll"]["faces"][0] = 7  # type: ignore[index]
    write(path, records)
    assert main(["verify", str(path)]) == 2  # a d6 has no 7: not a journal any more
    assert "cannot verify" in capsys.readouterr().err
    for case in hostile(tmp_path).values():
        assert main(["verify", str(case)]) == 2
        assert "Traceback" not in capsys.readouterr().err


def test_a_mismatch_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    roll = records[random_rolls(records)[2]]["data"]["roll"]  # type: ignore[index]
    roll["faces"][1] = roll["faces"][1] % 10 + 1
    write(path, records)
    assert main(["verify", str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_the_module_runs_as_a_command(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "isowidgets", "verify", str(tmp_path / "none.jsonl")],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert done.returncode == 2
    assert "cannot verify" in done.stderr and "Traceback" not in done.stderr
    usage = subprocess.run(
        [sys.executable, "-m", "isowidgets", "nonsense"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_the_verifier_reads_without_locking_or_changing(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path)
    before = path.read_bytes()
    assert verify(path).ok  # the GM's kernel still holds the journal open
    assert path.read_bytes() == before
    assert Journal.read(path).entries[-1].kind == "seed_revealed"
    assert tray.journal.path == path


def test_a_random_roll_not_rolled_by_the_action_is_refused(tmp_path: Path) -> None:
    """A copy of an earlier roll, or a roll from other dice, would be a forged roll."""
    path = tmp_path / "s.jsonl"
    game = CounterGame.new(path, seed=5)
    earlier = game.act(roll_and_add, None).entries[-1].event
    assert isinstance(earlier, Added) and earlier.roll is not None
    before = path.read_bytes(), game.dice.state()
    other = Dice(5).roll(Pool.parse("2d6"))
    for forged in (earlier, Added(amount=other.total, roll=other)):
        with pytest.raises(RuleError, match="not the roll this action's dice made next"):
            game.commit(forged)
        assert (path.read_bytes(), game.dice.state()) == before
    typed = Dice().roll(Pool.parse("2d6"), faces=[1, 2])
    game.commit(Added(amount=3, roll=typed))
    game.reveal()
    assert verify(path).ok


def test_a_random_roll_after_the_reveal_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    moved = records.pop(random_rolls(records)[-1])
    records.append(moved)
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.seq == len(records)
    assert "after the seed was revealed" in report.mismatch.why


def test_a_random_roll_without_its_number_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    played(path)
    records = lines(path)
    target = random_rolls(records)[1]
    del records[target]["data"]["roll"]["n"]  # type: ignore[index]
    write(path, records)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.seq == target + 1
    assert "a random roll with no number" in report.mismatch.why


def test_a_random_pick_is_a_journaled_roll_and_verifies(tmp_path: Path) -> None:
    """Isolation places a dead character's leftover greens at random (ISO-A24): each
    pick is a one-die roll kept in the event, so verify covers it too."""
    path = tmp_path / "iso.jsonl"
    game = IsolationGame.new(path, settings=IsolationSettings(death_green_remainder="random"))
    add_boarding_party(game, stress=2)
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.add_link("eve", "dan", "green", "Road trip")
    game.kill("eve", "lost in the woods")  # 2 greens, 3 pairs: 2 left over, placed at random
    shared = [e.event for e in game.journal.entries if e.kind == "death_greens_shared"]
    assert len(shared) == 1 and len(shared[0].rolls()) == 2
    assert all(roll.source == "random" and roll.number for roll in shared[0].rolls())
    game.reveal()
    report = verify(path)
    assert report.ok and report.random_rolls == 2


def test_resuming_rolls_what_carrying_on_would_have(tmp_path: Path) -> None:
    """A resume takes each counter up after the journal's highest number, so it offers
    the GM no second roll."""

    def opening(tray: DiceTray) -> None:
        tray.roll("5d6!1")
        tray.roll("2d6", "3 4")
        tray.roll("4dF")
        tray.undo()

    carried = DiceTray.new(tmp_path / "carried.jsonl", seed=8)
    opening(carried)
    resumed = DiceTray.new(tmp_path / "resumed.jsonl", seed=8)
    opening(resumed)
    resumed.journal.close()
    resumed = DiceTray.resume(tmp_path / "resumed.jsonl")
    for notation in ("3d6!6", "d20", "4dF"):
        assert resumed.roll(notation).faces == carried.roll(notation).faces
    assert resumed.dice.taken == carried.dice.taken == (5, 0)
    resumed.reveal()
    assert verify(tmp_path / "resumed.jsonl").ok


def test_a_roll_lost_with_a_torn_last_line_is_rolled_again_with_its_faces(
    tmp_path: Path,
) -> None:
    """A crash mid-write lost the last roll: the resume gives its number again, so the
    same dice show the same faces, and the journal verifies."""
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=8)
    tray.roll("3d6")
    lost = tray.roll("d20")
    tray.journal.close()
    data = path.read_bytes()
    path.write_bytes(data[: data.rstrip(b"\n").rfind(b"\n") + 1] + data.rsplit(b"\n", 2)[1][:40])
    again = DiceTray.resume(path)
    assert any(p.key == "journal.problem.torn" for p in again.journal.problems)
    assert again.dice.taken == (1, 0)
    assert again.roll("d20") == lost
    again.reveal()
    assert verify(path).ok


def test_a_roll_deleted_from_the_middle_is_named_after_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=8)
    tray.roll("3d6")
    tray.roll("2d6")
    tray.roll("d20")
    tray.journal.close()
    records = lines(path)
    del records[2]  # the 2d6, public roll #2
    write(path, records)
    again = DiceTray.resume(path)
    assert again.dice.taken == (3, 0)
    again.roll("d6")
    again.reveal()
    report = verify(path)
    assert report.mismatch is not None and "#2 is missing" in report.mismatch.why
    assert report.mismatch.line == 3 and report.mismatch.kind == "rolled"


def test_rolls_of_no_dice_resume_and_verify(tmp_path: Path) -> None:
    """A roll of no dice takes a number like any random roll."""
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=4)
    tray.roll("2d6")
    tray.roll("0d6")
    tray.roll("0d6")
    tray.journal.close()
    tray = DiceTray.resume(path)
    assert tray.dice.taken == (3, 0)
    tray.roll("d20")
    tray.roll("0d6")
    tray.reveal()
    report = verify(path)
    assert report.ok, report.text()
    assert report.random_rolls == 5


# --------------------------------------------------------------------------- heads


def test_the_issues_cut_roll_then_more_play_is_caught_by_a_head(tmp_path: Path) -> None:
    """Roll 3d6 then 1d20; close; cut the last line; resume; roll 1d6 and 1d20; reveal.
    The file alone cannot tell (a careful forger leaves no gap: the cut roll's number is
    taken again, and the same dice would show the same faces), but the head the stream
    showed after the 1d20 is carried by no line any more."""
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=5)
    tray.roll("3d6")
    cut = tray.roll("1d20")
    seen = tray.shown_head()
    assert seen is not None and seen.public_rolls == 2
    tray.journal.close()
    data = path.read_bytes()
    path.write_bytes(data[: data.rstrip(b"\n").rfind(b"\n") + 1])
    again = DiceTray.resume(path)
    assert again.dice.taken == (1, 0)
    redo = Dice.resumed(again.dice.seed, again.dice.limits, [])
    redo.roll(Pool.parse("3d6"))
    assert redo.roll(Pool.parse("1d20")) == cut  # the same number gives the same faces
    again.roll("1d6")
    again.roll("1d20")
    again.reveal()
    assert main(["verify", str(path)]) == 0  # said in docs/at-the-table/verify.md: a head is needed
    head = f"{seen.public_rolls}:{seen.head[:16]}"
    report = verify(path, heads=[head])
    assert report.mismatch is not None and report.mismatch.problem == "head_missing_near"
    assert report.mismatch.line == 3 and report.mismatch.kind == "rolled"  # public roll #2
    assert main(["verify", str(path), "--head", head]) == 1


def test_a_roll_deleted_off_the_end_with_the_count_lowered_is_caught_by_the_last_head(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path)
    final = tray.shown_head()
    assert final is not None and final.head == tray.journal.head  # the reveal's own head
    records = lines(path)
    records.pop(random_rolls(records)[-1])
    records[-1]["data"]["public_rolls"] -= 1  # type: ignore[index]
    write(path, records)
    assert verify(path).ok
    report = verify(path, heads=[final.head])
    assert report.mismatch is not None and report.mismatch.problem == "head_missing"


def test_heads_are_read_as_people_copy_them(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    tray = played(path)
    head = tray.journal.head
    for text in (head, head[:16], head[:16].upper(), " ".join([head[:8], head[8:16]]), f"4:{head}"):
        report = verify(path, heads=[text])
        assert report.ok and report.heads[0].line == len(tray.journal)
    for bad in ("", "xyz", head[:15], f"a:{head}", "1:2:3", f"{'9' * 12}:{head}"):
        with pytest.raises(VerifyError, match="is not a head") as refused:
            verify(path, heads=[bad])
        assert refused.value.key == "verify.bad_head"
    assert main(["verify", str(path), "--head", "nothex"]) == 2
