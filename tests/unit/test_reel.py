"""The reel and the beats: every system names its beats through the one contract, a reel
places them where they could first be seen, an undo takes a beat back and a redo places
it again, GM-only beats wait for their disclosure in the public view, and a reel refuses
what it cannot read with the kit's error."""

from __future__ import annotations

import string
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from replay_play import FULL, KINDS, LONG

from isowidgets.contract import Beat, Beats, Moment
from isowidgets.errors import DiceError, InconsistentEventError, JournalError
from isowidgets.journal import History, Journal, Note
from isowidgets.reel import Reel
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.systems import game_for
from isowidgets.tray import DiceTray
from isowidgets.visibility import public_entries
from isowidgets.words import PSEUDO, Message, msg, render


def _played(system: str, tmp_path: Path) -> Any:
    return FULL[system](tmp_path / f"{system}.jsonl")


def _messages(beat: Beat) -> list[Message]:
    found = [beat.heading, beat.verdict, *beat.changes]
    found += [d.label for d in beat.dice] + [d.reading for d in beat.dice if d.reading]
    return found + ([beat.reading] if beat.reading else [])


def test_every_registered_system_names_beats_through_the_contract():
    # The kit's systems, as installed (not a tiny system another test registers).
    installed = sorted(point.name for point in entry_points(group="isowidgets.systems"))
    assert set(installed) >= {"tray", "isolation", "impact", "fudge_conflict"}
    for name in installed:
        beats = game_for(name).beats
        assert isinstance(beats, Beats), name
        assert beats.kinds, f"{name} names no kind of beat"
        assert all(isinstance(word, Message) for word in beats.kinds.values())


@pytest.mark.parametrize("system", list(FULL))
def test_each_system_s_session_makes_every_kind_of_beat_it_names(system: str, tmp_path: Path):
    game = _played(system, tmp_path)
    reel = Reel.of(game, view="everything")
    kinds = {mark.beat.kind for mark in reel.beats}
    assert kinds == KINDS[system] and kinds <= set(type(game).beats.kinds)
    for mark in reel.beats:  # where its action came into what could be seen (a redo too)
        assert reel.entries[mark.position - 1].end
        assert mark.action in {entry.action for entry in reel.run_at(mark.position)}
        assert mark.action not in {entry.action for entry in reel.run_at(mark.position - 1)}


@pytest.mark.parametrize("system", list(FULL))
def test_every_word_of_a_beat_comes_from_a_catalogue(system: str, tmp_path: Path):
    """Rendered in the pseudo-language, each message is wrapped: no engine prose, no
    placeholder left unfilled, in English and in Danish alike."""
    reel = Reel.of(_played(system, tmp_path), view="everything")
    game_class = reel.game_class
    lines = [*game_class.beats.cast(reel.state), *game_class.beats.credits(reel.state)]
    for mark in reel.beats:
        lines += _messages(mark.beat)
    for message in lines:
        assert render(message, PSEUDO).startswith("⟦"), message
        for language in ("en", "da"):
            text = render(message, language)
            assert not [n for _, n, _, _ in string.Formatter().parse(text) if n], text


def test_the_danish_system_s_beats_speak_danish(tmp_path: Path):
    reel = Reel.of(_played("fudge_conflict", tmp_path))
    said = [render(m, "da") for mark in reel.beats for m in _messages(mark.beat)]
    assert "Lad det gøre ondt · runde 1" in said
    assert any("vinder med" in line for line in said)
    assert any("Skrammet" in line and "Kraft" in line for line in said)
    assert "Bo giver op" in said


def test_an_undo_takes_a_beat_back_and_a_redo_places_it_again(tmp_path: Path):
    game = IsolationGame.new(tmp_path / "i.jsonl", seed=3)
    from isowidgets.rules.isolation.examples import add_boarding_party

    add_boarding_party(game, stress=2)
    game.run_conflict("bob", "board up", difficulty="Easy")
    reel = Reel(IsolationGame)
    reel.extend(game.journal.entries)
    game.subscribe(lambda entries, _state: reel.extend(entries))
    first = reel.beats[-1]
    assert first.beat.kind == "conflict" and reel.taken_back(first) is None
    game.undo()
    assert reel.taken_back(first) == len(reel) and first not in reel.story()
    game.redo()
    again = reel.beats[-1]
    assert again.index == first.index + 1 and again.action == first.action
    assert again.position == len(reel) and reel.taken_back(again) is None
    assert reel.story() == [again]
    assert reel.state == game.state


def test_a_gm_only_beat_waits_for_its_disclosure_in_the_public_view(tmp_path: Path):
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    game.roll("2d6")
    with game.gm_only():
        game.roll("1d20", purpose="the trap")  # action 3
    game.roll("1d6")
    game.disclose(3)
    public, everything = Reel.of(game), Reel.of(game, view="everything")
    assert [m.position for m in everything.beats] == [2, 3, 4]
    assert [m.position for m in public.beats] == [2, 4, 5]  # the trap when it was shown
    assert [m.action for m in public.story()] == [2, 3, 4]  # the story in the game's order
    assert public.state_at(3) == everything.state_at(3)


@pytest.mark.parametrize("system", list(FULL))
def test_each_line_s_game_is_read_only_and_as_the_stream_saw_it(system: str, tmp_path: Path):
    game = _played(system, tmp_path)
    reel = Reel.of(game.journal.path)
    entries = list(game.journal.entries)
    cls = type(game)
    for position in (1, len(reel) // 2, len(reel)):
        seen = reel.game_at(position)
        shown = public_entries(entries[:position], aside=cls.aside)
        assert seen.state == cls._from_journal(Journal.view(shown), None).state
        with pytest.raises(DiceError):
            seen.dice.roll("1d6")
        with pytest.raises(JournalError):
            seen.journal.append(Note(text="scribbled"))


@pytest.mark.parametrize("system", list(LONG))
def test_a_jump_folds_from_its_checkpoint_and_builds_no_history(
    system: str, monkeypatch: pytest.MonkeyPatch
):
    """What a board needs at a line (the state and the run) costs what lies between the
    line and the checkpoint before it: no whole history is built per jump, counted (a
    jump that rebuilt it would take every entry of the run)."""
    game = LONG[system](None, 400)
    cls, every = type(game), 16
    reel = Reel.of(game, every=every)
    entries = list(game.journal.entries)
    folded: list[object] = []
    taken: list[int] = []
    fold, add = cls.fold_event, History.add

    def counted_fold(state: Any, event: Any) -> Any:
        folded.append(event)
        return fold(state, event)

    def counted_add(history: History, new: Any) -> None:
        new = list(new)
        taken.append(len(new))
        add(history, new)

    monkeypatch.setattr(cls, "fold_event", counted_fold)
    monkeypatch.setattr(History, "add", counted_add)
    for position in range(1, len(reel) + 1, 7):
        folded.clear(), taken.clear()
        catch = reel.catch_at(position)
        assert len(folded) < every and sum(taken) == 0, position
        assert catch.effective[-1] is reel.run_at(position)[-1]
        shown = public_entries(entries[:position], aside=cls.aside)
        monkeypatch.setattr(cls, "fold_event", fold)
        assert catch.game.state == cls._from_journal(Journal.view(shown), None).state
        monkeypatch.setattr(cls, "fold_event", counted_fold)
    # Asked for, the game's history is the run's, as a view made of it reads it.
    monkeypatch.setattr(History, "add", add)
    seen = reel.game_at(len(reel)).journal
    assert seen.history.taken == len(seen) == len(reel.run_at(len(reel)))
    assert seen.history.void() == set() and seen.actions() == Journal.view(seen).actions()


@pytest.mark.parametrize("system", list(FULL))
def test_the_beats_at_next_and_previous_are_the_marks_read_in_order(system: str, tmp_path: Path):
    reel = Reel.of(_played(system, tmp_path))
    positions = list(dict.fromkeys(mark.position for mark in reel.beats))
    assert reel.beat_positions() == positions
    for position in range(1, len(reel) + 1):
        assert reel.beats_at(position) == [m for m in reel.beats if m.position == position]
        assert reel.next_beat(position) == next((p for p in positions if p > position), None)
        before = [p for p in positions if p < position]
        assert reel.previous_beat(position) == (before[-1] if before else None)
        assert reel.beats_up_to(position) == len([p for p in positions if p <= position])


def test_a_journal_read_from_a_file_keeps_its_problems(tmp_path: Path):
    path = tmp_path / "t.jsonl"
    game = DiceTray.new(path, seed=1)
    game.roll("1d6")
    game.journal.close()
    with open(path, "ab") as handle:
        handle.write(b'{"seq": 3, "torn')
    reel = Reel.of(path)
    assert len(reel) == 2 and reel.problems and reel.problems[0].key == "journal.problem.torn"


@pytest.mark.parametrize(
    "source",
    [None, 3, "", "no/such/journal.jsonl", b"\xff", "x" * 5000, object()],
)
def test_a_reel_of_what_is_no_journal_is_refused(source: object, tmp_path: Path):
    with pytest.raises(JournalError):
        Reel.of(source)  # type: ignore[arg-type]


def test_a_reel_refuses_what_it_cannot_take(tmp_path: Path):
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    game.roll("1d6")
    for bad in (None, game, "tray", 3):  # a game, not its class
        with pytest.raises(JournalError, match="game class"):
            Reel(bad)  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="view"):
        Reel(DiceTray, view="gm")  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="every"):
        Reel(DiceTray, every=0)
    reel = Reel(DiceTray)
    with pytest.raises(JournalError, match="no line"):
        reel.state_at(1)
    with pytest.raises(JournalError, match="entries"):
        reel.extend([None])  # type: ignore[list-item]
    with pytest.raises(JournalError, match="session_started"):
        reel.extend([game.journal.entries[1]])
    reel.extend(game.journal.entries)
    for position in (0, -1, 3, 10**30, "1", None, 1.0, True):
        with pytest.raises(JournalError, match="position"):
            reel.state_at(position)  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="cannot be folded"):
        Reel(ImpactGame).extend(game.journal.entries)


def test_a_handler_that_makes_no_beat_of_its_kinds_is_named(monkeypatch: pytest.MonkeyPatch):
    broken: Beats[Any] = Beats("Broken tray", {"roll": msg("tray.beat.kind.roll", "Rolls")})

    @broken.on(__import__("isowidgets.journal", fromlist=["Rolled"]).Rolled)
    def _beat(moment: Moment[Any], event: Any) -> Any:
        return "not a beat"

    monkeypatch.setattr(DiceTray, "beats", broken)
    game = DiceTray.new(seed=1)
    game.roll("1d6")
    with pytest.raises(JournalError, match="does not make its beats") as caught:
        Reel.of(game)
    assert "not a Beat" in str(caught.value)
    with pytest.raises(InconsistentEventError):
        broken(Moment(game.state, game.state, list(game.journal.entries[1:]), []))


def test_beats_registry_refuses_a_second_handler_for_one_event():
    beats: Beats[Any] = Beats("Twice", {"x": msg("tray.beat.kind.roll", "Rolls")})
    beats.on(Note)(lambda moment, event: None)
    with pytest.raises(TypeError, match="twice"):
        beats.on(Note)(lambda moment, event: None)


def test_a_tie_reads_as_a_tie_not_as_a_win_by_nothing(tmp_path: Path):
    """An active tie goes against the initiator (DK-R11), a tie against a difficulty fails
    (DK-R05): the beat says so rather than "wins by 0" or "Failure by 0"."""
    from fudge_duel import duel

    game, ana, _bo = duel(faces=("0 0 0", "0 0 0"))  # 2 against 2
    game.check("passive", ana, "brawl", difficulty=2, faces="0 0 0")  # 2 against 2
    verdicts = [mark.beat.verdict for mark in Reel.of(game).beats]
    assert [render(v) for v in verdicts] == ["Bo wins on a tie", "Failure on a tie"]
    assert [render(v, "da") for v in verdicts] == ["Bo vinder ved uafgjort", "Fiasko ved uafgjort"]
    assert [mark.beat.glyph for mark in Reel.of(game).beats] == ["✘", "✘"]
