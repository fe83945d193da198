"""A spectator follows a journal another kernel writes: read-only, never a lock or a write.

The GM's kernel holds the journal (the test plays it); the :class:`Spectator` is what
the stream view's kernel runs. It must see complete actions only, pick up undo and a
session started afresh in the same file, leave the file exactly as it is, and refuse
anything it is handed that is not what it takes.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from stream_play import PLAYS

from isowidgets.errors import DiceError, JournalError
from isowidgets.follow import Spectator, Waker, all_entries
from isowidgets.journal import Journal, Rolled
from isowidgets.tray import DiceTray


def _tray(path: Path) -> DiceTray:
    game = DiceTray.new(path, seed=4, title="Followed")
    game.roll("3d6", purpose="first")
    return game


def test_a_missing_journal_is_waited_for_not_an_error(tmp_path: Path) -> None:
    spectator = Spectator(tmp_path / "later.jsonl")
    assert spectator.poll() is None
    assert "no journal" in spectator.problem
    _tray(tmp_path / "later.jsonl")
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt and spectator.problem == ""
    assert [e.kind for e in catch.new] == ["session_started", "rolled"]


def test_new_actions_arrive_in_order_and_an_unchanged_file_is_not_read_again(
    tmp_path: Path,
) -> None:
    game = _tray(tmp_path / "s.jsonl")
    spectator = Spectator(tmp_path / "s.jsonl")
    first = spectator.poll()
    assert first is not None and len(first.game.journal.effective()) == 2
    assert spectator.poll() is None
    game.roll("2d6", purpose="second")
    catch = spectator.poll()
    assert catch is not None and not catch.rebuilt
    assert [e.event.purpose for e in catch.new if isinstance(e.event, Rolled)] == ["second"]
    assert catch.commitment == game.commitment and catch.revealed is None


def test_a_torn_last_line_is_not_read_until_it_is_complete(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    game.roll("1d6", purpose="third")
    game.journal.close()
    whole = path.read_bytes()
    last = whole[whole.rstrip(b"\n").rfind(b"\n") + 1 :]
    path.write_bytes(whole[: -len(last)] + last[:25])  # the GM's write, half done
    spectator = Spectator(path)
    catch = spectator.poll()
    assert catch is not None
    assert all(getattr(e.event, "purpose", "") != "third" for e in catch.game.journal.entries)
    with open(path, "ab") as out:
        out.write(last[25:])
    catch = spectator.poll()
    assert catch is not None and [e.event.purpose for e in catch.new] == ["third"]  # type: ignore[attr-defined]
    assert not (tmp_path / "s.jsonl.torn").exists()  # the reader moved nothing aside


def test_undo_and_a_session_started_afresh_are_redrawn_not_added(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    spectator = Spectator(path)
    spectator.poll()
    game.undo()
    undone = spectator.poll()
    assert undone is not None and undone.rebuilt
    assert [e.kind for e in undone.game.journal.effective()] == ["session_started"]
    fresh = DiceTray.open(path, resume=False, seed=9, title="Second")
    fresh.roll("1d4")
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt
    assert catch.game.journal.entries[0].event.title == "Second"  # type: ignore[attr-defined]
    assert catch.commitment == fresh.commitment


def test_the_spectator_never_writes_locks_or_rolls(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    spectator = Spectator(path)
    catch = spectator.poll()
    assert catch is not None
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    game.roll("1d6")  # the GM's kernel still writes: no lock was taken
    with pytest.raises(DiceError, match="read-only view"):
        catch.game.roll("1d6")
    with pytest.raises(JournalError):
        catch.game.journal.append(Rolled(roll=game.journal.entries[1].event.roll))  # type: ignore[attr-defined]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.jsonl", "s.jsonl.secret"]


def test_shown_picks_the_entries_the_state_is_folded_from(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    game.roll("2d6", purpose="hidden")
    spectator = Spectator(
        path,
        shown=lambda entries: [e for e in entries if getattr(e.event, "purpose", "") != "hidden"],
    )
    catch = spectator.poll()
    assert catch is not None
    assert [getattr(e.event, "purpose", "") for e in catch.game.journal.entries] == ["", "first"]


def test_a_file_that_is_not_a_journal_is_reported_and_the_last_catch_stays(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    game.journal.close()
    spectator = Spectator(path)
    good = spectator.poll()
    path.write_text("not a journal\n", encoding="utf-8")
    assert spectator.poll() is None
    assert "line 1" in spectator.problem and spectator.last is good


@pytest.mark.parametrize("path", [None, 3, b"x.jsonl", "", "a\0b", "x" * 100_000])
def test_a_spectator_refuses_what_is_not_a_path(path: object) -> None:
    with pytest.raises(JournalError, match="path"):
        Spectator(path)  # type: ignore[arg-type]


@pytest.mark.parametrize("shown", [None, 3, "all", [1]])
def test_a_spectator_refuses_a_shown_that_is_not_a_function(shown: object, tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="shown"):
        Spectator(tmp_path / "s.jsonl", shown=shown)  # type: ignore[arg-type]


def test_a_journal_view_holds_its_entries_read_only(tmp_path: Path) -> None:
    game = _tray(tmp_path / "s.jsonl")
    view = Journal.view(game.journal.entries[:1])
    assert [e.kind for e in view.effective()] == ["session_started"] and view.path is None
    with pytest.raises(JournalError):
        view.append(game.journal.entries[1].event)


@pytest.mark.parametrize("entries", [None, 5, "entries", [1, 2], [None]])
def test_a_journal_view_refuses_what_is_not_entries(entries: object) -> None:
    with pytest.raises(JournalError, match="journal entries"):
        Journal.view(entries)  # type: ignore[arg-type]


def _secret_roll(game: DiceTray) -> int:
    with game.gm_only():
        game.roll("4d6", purpose="secret")
    return game.journal.entries[-1].action


def test_a_spectator_sees_only_public_entries_until_the_gm_discloses(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    spectator = Spectator(path)
    spectator.poll()
    secret = _secret_roll(game)
    assert spectator.poll() is None  # the file grew, but by nothing a viewer may see
    game.roll("1d6", purpose="after")
    catch = spectator.poll()
    assert catch is not None
    assert [getattr(e.event, "purpose", "") for e in catch.new] == ["after"]
    game.disclose(secret)
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt  # an entry appeared in the past
    purposes = [getattr(e.event, "purpose", "") for e in catch.game.journal.entries]
    assert purposes[1:4] == ["first", "secret", "after"]


def test_all_entries_shows_gm_only_ones_too(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    _secret_roll(game)
    catch = Spectator(path, shown=all_entries).poll()
    assert catch is not None
    assert "secret" in [getattr(e.event, "purpose", "") for e in catch.game.journal.entries]


def test_state_that_follows_only_from_a_gm_only_action_stays_hidden(tmp_path: Path) -> None:
    path = tmp_path / "i.jsonl"
    game = PLAYS["isolation"](path)
    public_before = Spectator(path).poll()
    assert public_before is not None
    with game.gm_only():
        game.adjust_stress(+2, "a secret scare")
    game.adjust_stress(-1, "a calm moment")  # public, but built on the hidden change
    spectator = Spectator(path)
    hidden = spectator.poll()
    assert hidden is not None and hidden.game.state.stress == public_before.game.state.stress
    game.disclose(game.journal.entries[-1].action - 1)
    shown = spectator.poll()
    assert shown is not None and shown.game.state.stress == game.state.stress


# --------------------------------------------------------------------------- following cost


def _long_tray(path: Path, rolls: int) -> DiceTray:
    game = DiceTray.new(path, seed=4, title="Long")
    for n in range(rolls):
        game.note(f"note {n}")
    return game


def test_a_poll_reads_and_folds_only_what_was_appended(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _long_tray(path, 300)
    spectator = Spectator(path)
    assert spectator.poll() is not None
    session = spectator._session
    assert session is not None and session.checkpoints is not None
    folded, offset = session.checkpoints.folded, session.reader.read.offset
    game.roll("2d6", purpose="one more")
    catch = spectator.poll()
    assert catch is not None and not catch.rebuilt
    assert session.checkpoints.folded - folded == 1  # the new entry only
    assert session.reader.read.offset - offset == len(game.journal.entries[-1].to_line()) + 1
    assert catch.game.state == game.state and catch.effective[-1] is catch.new[-1]


def test_an_undo_refolds_from_a_checkpoint_not_from_the_start(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _long_tray(path, 300)
    spectator = Spectator(path)
    spectator.poll()
    session = spectator._session
    assert session is not None and session.checkpoints is not None
    folded = session.checkpoints.folded
    game.undo()
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt
    assert session.checkpoints.folded - folded < session.checkpoints.every
    assert [e.event for e in catch.effective] == [e.event for e in game.journal.effective()]


def test_an_action_is_shown_once_its_end_arrives(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = PLAYS["isolation"](path)
    game.journal.close()
    whole = path.read_bytes().splitlines(keepends=True)
    last_action = [n for n, line in enumerate(whole) if b'"action":' in line]
    ends = [n for n, line in enumerate(whole) if b'"end":true' in line]
    cut = ends[-2] + 1  # every line up to the end of the next-to-last action
    if cut == len(whole) - 1:
        pytest.skip("the last action is one line")
    path.write_bytes(b"".join(whole[: cut + 1]))  # one line of the last action only
    spectator = Spectator(path)
    first = spectator.poll()
    assert first is not None and last_action
    shown = len(first.game.journal.entries)
    with open(path, "ab") as out:
        out.write(b"".join(whole[cut + 1 :]))
    catch = spectator.poll()
    assert catch is not None and len(catch.game.journal.entries) == len(whole)
    assert shown == cut


def test_a_journal_cut_and_written_again_in_place_is_read_afresh(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _long_tray(path, 3)
    game.journal.close()
    spectator = Spectator(path)
    spectator.poll()
    other = DiceTray.new(tmp_path / "other.jsonl", seed=5, title="Other")
    other.roll("1d4")
    other.journal.close()
    with open(path, "r+b") as handle:  # the same file (same inode), other bytes
        handle.truncate(0)
        handle.write((tmp_path / "other.jsonl").read_bytes())
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt and catch.commitment == other.commitment


def test_the_waker_wakes_on_a_write_and_otherwise_after_its_interval(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    game = _tray(path)
    waker = Waker(path, 5.0)
    if not waker.notified:
        pytest.skip("this system does not report file changes (the follower polls)")

    async def watch() -> tuple[bool, float]:
        loop = asyncio.get_running_loop()
        loop.call_later(0.05, game.roll, "1d6")
        began = loop.time()
        woke = await waker.wait()
        return woke, loop.time() - began

    woke, took = asyncio.run(watch())
    assert woke and took < 4.0  # woken by the write, long before the interval
    waker.seconds = 0.05
    assert asyncio.run(waker.wait()) is False  # nothing written: the interval passed
    waker.close()
    assert not waker.notified


def test_a_waker_where_the_system_cannot_tell_polls(tmp_path: Path) -> None:
    waker = Waker(tmp_path / "no folder" / "s.jsonl", 0.01)
    assert not waker.notified and asyncio.run(waker.wait()) is False


@pytest.mark.parametrize("seconds", [0, -1, None, "1", 1e9])
def test_a_waker_refuses_an_interval_it_cannot_keep(seconds: object, tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="seconds"):
        Waker(tmp_path / "s.jsonl", seconds)  # type: ignore[arg-type]


def _walked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many entries each decision of a public view reads (its ``_walk``)."""
    from isowidgets.visibility import PublicView

    walked: list[int] = []
    walk = PublicView._walk

    def counted(self, entries, hidden, void):  # type: ignore[no-untyped-def]
        walked.append(len(entries))
        return walk(self, entries, hidden, void)

    monkeypatch.setattr(PublicView, "_walk", counted)
    return walked


def test_an_undo_and_a_redo_read_and_fold_only_what_they_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the end of a long session an undo costs the follower what a roll costs: the
    public view decides only the undo's action, the effective entries before it are kept
    (not listed again, not compared again) and nothing before the last checkpoint is
    folded again."""
    path = tmp_path / "s.jsonl"
    game = _long_tray(path, 300)
    game.roll("2d6", purpose="to undo")
    spectator = Spectator(path)
    assert spectator.poll() is not None
    session = spectator._session
    assert session is not None and session.checkpoints is not None
    walked = _walked(monkeypatch)
    compared: list[int] = []
    shared = type(session.checkpoints).shared

    def counted(self, entries, start=0):  # type: ignore[no-untyped-def]
        compared.append(len(entries) - start)  # entries looked at, at most
        return shared(self, entries, start=start)

    monkeypatch.setattr(type(session.checkpoints), "shared", counted)
    assert session.game is not None  # its view of the journal lists nothing whole again
    monkeypatch.setattr(
        session.game.journal, "effective", lambda *_a, **_k: pytest.fail("listed again")
    )
    kept = session.effective
    for step in (game.undo, game.redo, game.undo):
        folded, offset = session.checkpoints.folded, session.reader.read.offset
        step()
        catch = spectator.poll()
        assert catch is not None and catch.rebuilt
        assert session.reader.read.offset - offset == len(game.journal.entries[-1].to_line()) + 1
        assert walked[-1] <= 2  # the undo's own action (its entries), nothing before it
        assert compared[-1] <= 1  # the spine checked from the change, not from the start
        assert session.checkpoints.folded - folded < session.checkpoints.every
        assert catch.effective is kept  # kept in place, not made again
        assert [e.event for e in catch.effective] == [e.event for e in game.journal.effective()]
        assert catch.game.state == game.state


def test_a_disclosure_decides_again_from_the_action_it_shows_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM-only roll in the middle of a session, shown to the table later: the public
    view decides again from that roll on (the past before it is kept), and the stream's
    state and entries are those of the journal's public view from scratch; then an undo
    of the disclosure hides it again."""
    from isowidgets.visibility import public_view

    path = tmp_path / "s.jsonl"
    game = _long_tray(path, 150)
    secret = _secret_roll(game)
    for n in range(20):
        game.note(f"after {n}")
    spectator = Spectator(path)
    first = spectator.poll()
    assert first is not None and "secret" not in [
        getattr(e.event, "purpose", "") for e in first.game.journal.entries
    ]
    walked = _walked(monkeypatch)
    game.disclose(secret)
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt
    assert walked == [len(game.journal.entries) - game.journal.history.span(secret)[0]]
    public = public_view(list(game.journal.entries), aside=type(game).aside)
    assert [e.event for e in catch.game.journal.entries] == [e.event for e in public]
    assert "secret" in [getattr(e.event, "purpose", "") for e in catch.effective]
    game.undo()  # the disclosure taken back: the roll is the GM's alone again
    catch = spectator.poll()
    assert catch is not None and catch.rebuilt
    assert "secret" not in [getattr(e.event, "purpose", "") for e in catch.effective]
    public = public_view(list(game.journal.entries), aside=type(game).aside)
    assert [e.event for e in catch.game.journal.entries] == [e.event for e in public]
