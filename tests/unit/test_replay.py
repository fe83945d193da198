"""The Replay widget without a browser: it moves line by line and beat by beat, shows at
every beat the very board a stream showed then (the board of a resume of the journal cut
there), follows the game being played, speaks the table's language, and refuses what it
cannot take with the kit's error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from replay_play import FULL

from isowidgets.errors import JournalError
from isowidgets.follow import Catch
from isowidgets.journal import Journal
from isowidgets.tray import DiceTray
from isowidgets.visibility import public_entries
from isowidgets.widgets.replay import Replay
from isowidgets.widgets.snapshot import snapshot
from isowidgets.widgets.stream_board import board_for


def _drawn(board: Any) -> str:
    """A board drawn as static HTML, its marks' ids (numbered per drawing) left out."""
    return re.sub(r"iw-mark-\d+-", "iw-mark-", snapshot(board))


def _stream_board_at(path: Path, position: int, language: str = "en") -> str:
    """The system's stream board as a stream following the journal cut after ``position``
    lines showed it (a resume of the cut's public entries), drawn as static HTML."""
    entries = list(Journal.read(path).entries)[:position]
    system = entries[0].event.game  # type: ignore[attr-defined]
    from isowidgets.systems import game_for

    game_class = game_for(system)
    shown = public_entries(entries, aside=game_class.aside)
    game = game_class._from_journal(Journal.view(shown), None)
    board = board_for(system)(language)
    board.show(Catch(game, (), True, game.journal.effective()))
    try:
        return _drawn(board)
    finally:
        board.close()


@pytest.mark.parametrize("system", list(FULL))
def test_at_every_beat_the_board_is_the_one_a_resume_of_the_cut_shows(
    system: str, tmp_path: Path
) -> None:
    game = FULL[system](tmp_path / "s.jsonl")
    replay = Replay(game.journal.path, position=1)
    try:
        seen = []
        while True:
            before = replay.position
            replay.next_beat()
            if replay.position == before:
                break
            seen.append(replay.position)
            assert _drawn(replay.board) == _stream_board_at(game.journal.path, replay.position)
        assert seen[-1] == len(replay.reel)
        assert seen[:-1] == replay.reel.beat_positions()[: len(seen) - 1]
    finally:
        replay.close()


def test_moving_by_lines_and_beats_and_what_the_status_says(tmp_path: Path) -> None:
    game = FULL["isolation"](tmp_path / "i.jsonl")
    replay = Replay(game)
    beats = replay.reel.beat_positions()
    assert replay.position == len(game.journal)
    assert replay.scrubber.beats == beats and replay.scrubber.high == len(game.journal)
    assert replay.go(0) == 1 and replay.first_button.disabled
    assert replay.next_beat() == beats[0]
    assert "beat 1 of" in replay.status.value and "Conflict 1" in replay.scrubber.text
    assert replay.go(beats[0] + 1) == beats[0] + 1
    assert "1 line earlier" in replay.beat.value  # the beat before, said to be so
    assert replay.previous_beat() == beats[0]
    assert replay.previous_beat() == 1
    assert replay.go(10**9) == len(game.journal) and replay.next_button.disabled
    replay.close()


def test_an_undone_beat_says_it_was_taken_back(tmp_path: Path) -> None:
    game = FULL["isolation"](tmp_path / "i.jsonl")
    replay = Replay(game, view="everything")
    first = replay.reel.beats[0]
    replay.go(first.position)
    assert replay.reel.taken_back(first) is not None
    assert "An undo took this back" in replay.beat.value
    replay.close()


def test_the_replay_of_the_game_being_played_follows_it(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=2)
    game.roll("1d6")
    replay = Replay(game)
    game.roll("2d6")
    assert replay.position == 3 and replay.scrubber.high == 3  # left at the end: follows
    replay.go(2)
    game.roll("3d6")
    assert replay.position == 2 and replay.scrubber.high == 4  # scrubbed back: stays
    assert replay.scrubber.beats == [2, 3, 4]
    replay.close()
    game.roll("4d6")  # closed: no longer listening
    assert replay.scrubber.high == 4


def test_public_by_default_and_everything_for_the_gm(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=2)
    with game.gm_only():
        game.roll("1d20", purpose="the trap")
    replay = Replay(game)
    assert replay.scrubber.beats == [] and "the trap" not in replay.log_view.value
    replay.view_toggle.value = True  # the GM's switch
    assert replay.view == "everything" and replay.scrubber.beats == [2]
    assert "the trap" in replay.beat.value and "🔒 GM only" in replay.log_view.value
    replay.set_view("public")
    assert not replay.view_toggle.value and replay.scrubber.beats == []
    replay.close()


def test_in_danish_every_word_of_the_replay_is_danish(tmp_path: Path) -> None:
    game = FULL["fudge_conflict"](tmp_path / "f.jsonl")
    replay = Replay(game.journal.path, language="da", position=1)
    replay.next_beat()
    said = " ".join(
        [replay.status.value, replay.beat.value, replay.heading.value, replay.scrubber.text]
    )
    for word in ("Linje", "øjeblik", "Genafspilning", "vinder med", "resultat"):
        assert word in said, word
    assert replay.next_button.description == "Næste øjeblik ▶"
    replay.close()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"source": None}, "path"),
        ({"source": 3}, "path"),
        ({"source": "no/such.jsonl"}, "no/such"),
        ({"view": "gm"}, "view"),
        ({"language": "xx"}, "language"),
        ({"position": 0}, "position"),
        ({"position": 10**30}, "position"),
        ({"position": "2"}, "position"),
        ({"key": "no spaces!"}, "key"),
    ],
)
def test_what_a_replay_cannot_take_is_refused(
    arguments: dict[str, Any], words: str, tmp_path: Path
) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=2)
    game.roll("1d6")
    given = {"source": game, **arguments}
    with pytest.raises(JournalError, match=words):
        Replay(given.pop("source"), **given)


def test_moving_refuses_what_is_no_position(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=2)
    replay = Replay(game)
    for bad in (None, "3", 1.5, [1]):
        with pytest.raises(JournalError, match="position"):
            replay.go(bad)  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="view"):
        replay.set_view("all")  # type: ignore[arg-type]
    replay.close()


def test_the_browser_s_signal_lets_the_replay_s_board_settle_the_stream_s_one_way(
    tmp_path: Path,
) -> None:
    """The Replay hears that a browser drew it as the stream page does (the kit's one
    :class:`~isowidgets.widgets.shown.ShownSignal`, drawn after its board); its slider
    carries no signal of its own."""
    from isowidgets.stream.page import StreamPage
    from isowidgets.widgets.shown import ShownSignal

    game = FULL["isolation"](tmp_path / "s.jsonl")
    replay = Replay(game)
    page = StreamPage(game.journal.path)
    assert isinstance(replay.signal, ShownSignal) and isinstance(page.signal, ShownSignal)
    kids = list(replay.children)
    assert kids.index(replay.signal) > max(kids.index(box) for box in kids[:-2])
    assert not hasattr(replay.scrubber, "on_shown") and "shown" not in replay.scrubber._esm
    settled: list[bool] = []
    replay.board.settle = lambda: settled.append(True)  # type: ignore[method-assign]
    replay.signal._message(replay.signal, {"shown": "yes"}, [])
    assert settled == []
    replay.signal._message(replay.signal, {"shown": True}, [])
    assert settled == [True]
    page.close()
    replay.close()
