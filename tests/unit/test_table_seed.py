"""The table's seed: given after the commitment and before the first random roll, bound
into every roll, shown on the stream, and checked by verify.

The GM commits to the session's seed in the journal's first line; the table then gives
a seed of its own (a player types it, or it comes from the stream's chat). Since the GM's
seed was fixed first, the GM cannot have picked one that suits the table's; a table seed
given after a roll, or given twice, or taken back, would let it be chosen again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import forge
import pytest

from isowidgets.dice import MAX_TABLE_SEED, RollKey
from isowidgets.errors import DiceError, RuleError, TableSeedError
from isowidgets.follow import Spectator
from isowidgets.journal import TableSeed
from isowidgets.stream.page import StreamPage
from isowidgets.tray import DiceTray
from isowidgets.verify import verify

PHRASE = "Pickles the cat, 3 May"


def refused(game: DiceTray, call: Callable[[], object]) -> str:
    """``call``'s message: the kit's error, and the journal, state and dice as before."""
    path = game.journal.path
    assert path is not None
    before = (path.read_bytes(), game.state, game.dice.state(), game.dice.table)
    with pytest.raises(RuleError) as caught:
        call()
    assert (path.read_bytes(), game.state, game.dice.state(), game.dice.table) == before
    return str(caught.value)


def test_it_is_journaled_publicly_and_binds_every_roll(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    with game.gm_only():
        entries = game.give_table_seed(PHRASE)
    assert [e.kind for e in entries] == ["table_seed"] and not entries[0].gm
    assert game.table_seed == PHRASE and game.dice.table == PHRASE
    assert [e.kind for e in game.public_entries()] == ["session_started", "table_seed"]
    rolled = game.roll("5d6")
    plain = DiceTray.new(seed=5).roll("5d6")
    assert rolled.faces != plain.faces
    assert rolled.faces == RollKey(5, PHRASE).faces_of(rolled)


@pytest.mark.parametrize("gm", [False, True])
def test_after_the_first_random_roll_it_is_refused(tmp_path: Path, gm: bool) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.roll("2d6", "3 4")  # typed faces are no random roll: still allowed after them
    with game._gm_if(gm):
        game.roll("1d6")
    game.undo()  # an undone roll was rolled all the same
    message = refused(game, lambda: game.give_table_seed(PHRASE))
    assert "before the first random roll" in message and "1 random roll" in message
    with pytest.raises(TableSeedError) as caught:
        game.give_table_seed(PHRASE)
    assert (caught.value.key, caught.value.values) == ("core.table_seed_rolled", {"rolls": 1})
    assert game.table_seed is None


def test_it_is_given_once_and_never_taken_back(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.give_table_seed(PHRASE)
    assert "given already" in refused(game, lambda: game.give_table_seed("another"))
    assert "given once and kept" in refused(game, game.undo)
    assert game.table_seed == PHRASE


def test_after_the_reveal_it_is_refused(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.reveal()
    assert "revealed" in refused(game, lambda: game.give_table_seed(PHRASE))


@pytest.mark.parametrize(
    "junk", [None, 42, b"bytes", "", " ", "x" * (MAX_TABLE_SEED + 1), "x" * 2_000_000, "\ud800"]
)
def test_what_is_not_a_short_text_is_refused(tmp_path: Path, junk: object) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    refused(game, lambda: game.give_table_seed(junk))  # type: ignore[arg-type]
    assert game.table_seed is None
    with pytest.raises(RuleError):
        game.give_table_seed(PHRASE, "extra")  # type: ignore[call-arg]


def test_it_is_kept_exactly_as_typed(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.give_table_seed("  two  spaces  ")
    assert game.table_seed == "  two  spaces  "


def test_a_resumed_session_rolls_on_with_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    carried = DiceTray.new(tmp_path / "carried.jsonl", seed=5)
    game = DiceTray.new(path, seed=5)
    for tray in (carried, game):
        tray.give_table_seed(PHRASE)
        tray.roll("3d6")
    game.journal.close()
    resumed = DiceTray.resume(path)
    assert resumed.table_seed == PHRASE and resumed.dice.table == PHRASE
    assert resumed.roll("4d6") == carried.roll("4d6")
    resumed.reveal()
    report = verify(path)
    assert report.ok and report.table_seed == PHRASE
    assert f"the table's seed {PHRASE!r} is bound into every roll" in report.text()


def test_verify_says_what_a_session_without_one_leaves_open(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.roll("3d6")
    game.reveal()
    report = verify(tmp_path / "s.jsonl")
    assert report.ok and report.table_seed is None
    assert "no table seed was given: the GM chose the seed alone" in report.text()


def _session(tmp_path: Path) -> Path:
    path = tmp_path / "s.jsonl"
    game = DiceTray.new(path, seed=5)
    game.give_table_seed(PHRASE)
    game.roll("3d6")
    game.roll("2d6")
    game.reveal()
    game.journal.close()
    return path


def test_a_table_seed_changed_removed_or_moved_is_named(tmp_path: Path) -> None:
    path = _session(tmp_path)
    lines = forge.records(path)

    lines[1]["data"]["seed"] = "a seed that suits the GM"
    forge.write(path, lines)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "faces"
    assert report.mismatch.line == 3  # the first roll shows what the real one gave

    lines = forge.records(_session(tmp_path / "b"))
    del lines[1]
    forge.write(path, lines, renumber=True)
    assert verify(path).mismatch.problem == "faces"  # type: ignore[union-attr]

    lines = forge.records(_session(tmp_path / "c"))
    lines.insert(2, lines.pop(1))  # the table seed after the first roll
    forge.write(path, lines, renumber=True)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "late_table_seed"
    assert report.mismatch.line == 3 and report.mismatch.kind == "table_seed"

    lines = forge.records(_session(tmp_path / "d"))
    lines.insert(2, dict(lines[1]))  # given twice
    forge.write(path, lines, renumber=True)
    report = verify(path)
    assert report.mismatch is not None and report.mismatch.problem == "second_table_seed"


def test_the_stream_shows_it_and_the_follower_knows_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = DiceTray.new(path, seed=5)
    page = StreamPage(path)
    try:
        assert "No table seed" in page.commitment.value
        game.give_table_seed(PHRASE)
        page.refresh()
        assert f"Table seed “{PHRASE}” bound into every roll" in page.commitment.value
        catch = Spectator(path).poll()
        assert catch is not None and catch.table_seed == PHRASE
        assert isinstance(catch.game.journal.entries[-1].event, TableSeed)
    finally:
        page.close()
        game.journal.close()


def test_the_dice_refuse_a_table_seed_after_a_roll(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=5)
    game.roll("1d6")
    with pytest.raises(DiceError, match="before the first random roll"):
        game.dice.set_table(PHRASE)
