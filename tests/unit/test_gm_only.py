"""GM-only information in the core: the journal's visibility flag, the game's
``gm_only()``, ``prepare`` and ``disclose``, and the public projection
(``isowidgets.visibility.public_entries``) a stream view and a public export show.

Why so many small cases: what a viewer may see is decided by one pure function of the
journal, and a single wrong case (a held entry shown, an undo that tells the table a
secret roll happened) leaks what the GM meant to keep. Each case below is a way a GM
plays, checked at the level of whole actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_game_arguments import refused as refused_with

from isowidgets.errors import IsowidgetsError, JournalError, RuleError
from isowidgets.follow import Spectator
from isowidgets.game import Game
from isowidgets.journal import (
    Disclosed,
    Entry,
    Journal,
    Note,
    Prepared,
    Retcon,
    effective_entries,
)
from isowidgets.rules.impact import ImpactGame
from isowidgets.tray import DiceTray
from isowidgets.verify import verify
from isowidgets.visibility import ASIDE, hidden_actions, public_entries


@pytest.fixture
def tray(tmp_path: Path) -> Iterator[DiceTray]:
    game = DiceTray.new(tmp_path / "tray.jsonl", seed=7)
    yield game
    game.journal.close()


@pytest.fixture
def impact(tmp_path: Path) -> Iterator[ImpactGame]:
    game = ImpactGame.new(tmp_path / "impact.jsonl", seed=7)
    yield game
    game.journal.close()


def seqs(entries: list[Entry]) -> list[int]:
    return [entry.seq for entry in entries]


def actions(entries: list[Entry]) -> list[int]:
    return sorted({entry.action for entry in entries})


def refused(game: Game[Any], call: Callable[[], object], words: str) -> None:
    """``call`` is refused with the kit's error saying ``words``, and state, journal
    bytes and dice are as they were (the shell's own check, shared with its tests)."""
    refused_with(game, call, IsowidgetsError, words)


# --------------------------------------------------------------------------- the journal


def test_a_gm_only_action_round_trips_through_its_lines(tray: DiceTray, tmp_path: Path):
    with tray.gm_only():
        tray.roll("3d6", purpose="the trap's damage")
    tray.note("the door opens")
    secret, public = tray.journal.entries[1], tray.journal.entries[2]
    assert secret.gm and '"gm":true' in secret.to_line()
    assert not public.gm and '"gm"' not in public.to_line()
    again_line = Entry.from_line(secret.to_line())
    assert (again_line.gm, again_line.event, again_line.to_line()) == (
        True,
        secret.event,
        secret.to_line(),
    )
    tray.journal.close()
    again = Journal.read(tmp_path / "tray.jsonl")
    assert [entry.gm for entry in again.entries] == [False, True, False]


def test_a_journal_with_nothing_gm_only_is_byte_for_byte_as_before(tmp_path: Path):
    """Every line of a session that never used GM-only reads back and writes out
    exactly as it was: the flag is written only when it is set."""
    game = DiceTray.new(tmp_path / "plain.jsonl", seed=3)
    game.roll("2d6")
    game.note("a plain note")
    game.undo()
    game.journal.close()
    raw = (tmp_path / "plain.jsonl").read_text(encoding="utf-8").splitlines()
    assert all('"gm"' not in line for line in raw)
    assert [Entry.from_line(line).to_line() for line in raw] == raw


@pytest.mark.parametrize("flag", ["false", "null", '"true"', "1"])
def test_a_gm_flag_other_than_true_is_refused_on_read(tray: DiceTray, flag: str):
    line = tray.journal.entries[0].to_line().replace('"end":true,', f'"end":true,"gm":{flag},')
    with pytest.raises(ValueError, match="gm: only true is written"):
        Entry.from_line(line)


def test_an_action_gm_only_in_some_lines_and_not_others_is_refused(tmp_path: Path):
    game = DiceTray.new(tmp_path / "mixed.jsonl", seed=3)
    game._append(Note(text="one"), Note(text="two"), gm=True)  # the journal, as the game writes it
    game.journal.close()
    path = tmp_path / "mixed.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(',"gm":true', "")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(
        JournalError, match=r"line 3 \(note event #3: note: two\): action #2 is GM-only in some"
    ):
        Journal.read(path)


def test_append_refuses_a_gm_flag_that_is_not_a_bool(tray: DiceTray):
    before = tray.journal.path.read_bytes()  # type: ignore[union-attr]
    with pytest.raises(JournalError, match="gm must be True or False"):
        tray._append(Note(text="x"), gm="yes")  # the journal, as the game writes it
    assert tray.journal.path.read_bytes() == before  # type: ignore[union-attr]


# --------------------------------------------------------------------------- the game API


def test_gm_only_marks_every_action_inside_and_nests(tray: DiceTray):
    assert not tray.gm_only_now
    with tray.gm_only():
        tray.roll("1d6")
        with tray.gm_only():
            tray.note("nested")
        assert tray.gm_only_now
        tray.note("still inside")
    assert not tray.gm_only_now
    tray.note("outside")
    assert [e.gm for e in tray.journal.entries] == [False, True, True, True, False]


def test_gm_only_closes_even_when_the_block_raises(tray: DiceTray):
    with pytest.raises(RuleError), tray.gm_only():
        tray.note("")
    assert not tray.gm_only_now


def test_note_and_prepare_take_their_visibility(tray: DiceTray):
    tray.note("for the GM", gm_only=True)
    tray.prepare("Marta's Deceive", 4)
    tray.prepare("the weather", "fog rolls in", gm_only=False)
    kinds = [(e.kind, e.gm) for e in tray.journal.entries[1:]]
    assert kinds == [("note", True), ("prepared", True), ("prepared", False)]
    assert tray.journal.entries[2].event == Prepared(name="Marta's Deceive", value=4)
    assert tray.journal.entries[2].event.describe() == "prepared: Marta's Deceive = 4"


def test_a_prepared_value_changes_no_state_in_a_full_system(impact: ImpactGame):
    before = impact.state
    impact.prepare("the bridge's difficulty", 8)
    assert impact.state == before


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        (None, 3, "a prepared value's name must be text"),
        ("", 3, "a prepared value's name must not be empty"),
        ("x" * 5_000_000, 3, "characters long; at most 300"),
        ("skill", None, "a prepared value must be a whole number or short text"),
        ("skill", True, "a prepared value must be a whole number or short text"),
        ("skill", 2.5, "a prepared value must be a whole number or short text"),
        ("skill", 10**400, "a prepared value must be a whole number of at most 64 bits"),
        ("skill", "y" * 5_000_000, "characters long; at most 300"),
        ("skill", "\ud800", "lone surrogate"),
        ("skill", [1], "a prepared value must be a whole number or short text"),
    ],
)
def test_prepare_refuses_hostile_arguments_and_changes_nothing(
    tray: DiceTray, name: object, value: object, words: str
):
    refused(tray, lambda: tray.prepare(name, value), words)  # type: ignore[arg-type]


@pytest.mark.parametrize("flag", [None, "yes", 1, [True]])
def test_a_gm_only_flag_must_be_true_or_false(tray: DiceTray, flag: object):
    refused(tray, lambda: tray.note("x", gm_only=flag), "gm_only must be True or False")  # type: ignore[arg-type]
    refused(tray, lambda: tray.prepare("x", 1, gm_only=flag), "gm_only must be True or False")  # type: ignore[arg-type]


def test_unknown_keywords_are_refused_by_the_new_methods(tray: DiceTray):
    refused(tray, lambda: tray.prepare("x", 1, secret=True), "prepare()")  # type: ignore[call-arg]
    refused(tray, lambda: tray.disclose(1, now=True), "disclose()")  # type: ignore[call-arg]
    refused(tray, lambda: tray.gm_only(True), "gm_only()")  # type: ignore[call-arg]


def test_disclose_journals_a_public_disclosure_even_inside_gm_only(tray: DiceTray):
    with tray.gm_only():
        tray.roll("2d6")
        entries = tray.disclose(2)
    assert entries[0].event == Disclosed(action=2)
    assert not entries[0].gm
    assert entries[0].event.describe() == "shown to the table: an earlier GM-only action"


@pytest.mark.parametrize(
    ("target", "words"),
    [
        (None, "the action to show to the table must be a whole number"),
        ("2", "the action to show to the table must be a whole number"),
        (True, "the action to show to the table must be a whole number"),
        (0, "must be in 1.."),
        (10**30, "must be in 1.."),
        (1, "is not GM-only: the table sees it already"),
        (3, "is not GM-only"),
    ],
)
def test_disclose_refuses_what_it_cannot_show_and_changes_nothing(
    tray: DiceTray, target: object, words: str
):
    with tray.gm_only():
        tray.roll("2d6")  # action 2
    tray.note("public")  # action 3
    refused(tray, lambda: tray.disclose(target), words)  # type: ignore[arg-type]


def test_disclose_refuses_an_undone_action_an_undo_and_one_shown_already(tray: DiceTray):
    with tray.gm_only():
        tray.roll("2d6")  # action 2
    tray.undo()  # action 3: a GM-only undo
    refused(tray, lambda: tray.disclose(2), "was undone")
    refused(tray, lambda: tray.disclose(3), "is an undo or redo")
    tray.redo()  # action 4
    tray.disclose(2)
    refused(tray, lambda: tray.disclose(2), "is shown to the table already")


def test_verify_replays_gm_only_rolls_and_says_nothing_is_left_out(tmp_path: Path):
    game = DiceTray.new(tmp_path / "v.jsonl", seed=11)
    game.roll("3d6")
    with game.gm_only():
        game.roll("4d6", purpose="the ambush")
        game.roll("1d6", "5")
    game.reveal()
    game.journal.close()
    report = verify(tmp_path / "v.jsonl")
    assert report.ok, report.text()
    assert report.random_rolls == 2
    assert report.gm_only_rolls == 1
    assert "(1 public, 1 GM-only; 7 dice)" in report.text()
    assert "nothing GM-only is left out" in report.text()


# --------------------------------------------------------------------------- undo and retcon


def test_the_undo_of_a_secret_roll_is_itself_secret(tray: DiceTray):
    with tray.gm_only():
        tray.roll("2d6")
    undo = tray.undo()  # made outside gm_only(): still GM-only
    assert undo[0].gm
    redo = tray.redo()
    assert redo[0].gm
    assert seqs(tray.public_entries()) == [1]


def test_the_undo_of_a_disclosed_or_public_action_is_public(tray: DiceTray):
    with tray.gm_only():
        tray.roll("2d6")  # action 2
    tray.disclose(2)  # action 3
    undo = tray.undo()  # takes the disclosure back: public
    assert not undo[0].gm
    assert 2 in hidden_actions(tray.journal.entries)  # GM-only again
    tray.disclose(2)  # action 5
    tray.note("public")  # action 6
    with tray.gm_only():
        assert not tray.undo()[0].gm  # the undo of a public note is public


# --------------------------------------------------------------------------- the projection


def test_undisclosed_gm_only_actions_are_dropped_and_shown_once_disclosed(tray: DiceTray):
    tray.roll("1d6")  # action 2
    with tray.gm_only():
        tray.roll("2d6")  # action 3
    tray.note("after")  # action 4
    assert actions(tray.public_entries()) == [1, 2, 4]
    tray.disclose(3)
    assert actions(tray.public_entries()) == [1, 2, 3, 4, 5]
    shown = next(e for e in tray.public_entries() if e.action == 3)
    assert shown.gm  # still marked, so a view can say "GM-only, shown to the table"


def test_a_hidden_change_of_state_holds_back_what_follows_until_disclosed(
    impact: ImpactGame,
):
    ada = impact.add_pc("Ada")  # action 2
    with impact.gm_only():
        impact.damage(ada)  # action 3: a hidden change of Ada's die
    impact.note("the table talks")  # action 4: aside, never held
    impact.heroic_act(ada)  # action 5: built on the hidden damage: held
    impact.prepare("the bridge", 8, gm_only=False)  # action 6: aside, shown
    assert actions(impact.public_entries()) == [1, 2, 4, 6]
    impact.disclose(3)  # action 7
    assert actions(impact.public_entries()) == [1, 2, 3, 4, 5, 6, 7]


def test_a_hidden_aside_action_holds_nothing_back(impact: ImpactGame):
    ada = impact.add_pc("Ada")
    impact.prepare("Ada's secret", "she is the traitor")  # GM-only, aside
    with impact.gm_only():
        impact.note("remember the key")
    impact.damage(ada)
    assert actions(impact.public_entries()) == [1, 2, 5]


def test_an_undone_hidden_change_releases_what_follows(impact: ImpactGame):
    ada = impact.add_pc("Ada")  # 2
    with impact.gm_only():
        impact.damage(ada)  # 3
    impact.undo()  # 4: GM-only
    impact.damage(ada)  # 5: public, nothing hidden is in force
    assert actions(impact.public_entries()) == [1, 2, 5]


def test_a_disclosure_of_an_action_still_held_is_held_too(impact: ImpactGame):
    ada = impact.add_pc("Ada")  # 2
    with impact.gm_only():
        impact.damage(ada)  # 3: holds what follows
        impact.heroic_act(ada)  # 4
    impact.disclose(4)  # 5: 4 is still held by 3, so its disclosure shows nothing yet
    assert actions(impact.public_entries()) == [1, 2]
    impact.disclose(3)
    assert actions(impact.public_entries()) == [1, 2, 3, 4, 5, 6]


def test_a_systems_aside_kinds_are_its_games(impact: ImpactGame):
    """With no aside kinds at all, even a GM-only note holds the public notes after it."""
    impact.note("secret", gm_only=True)
    impact.note("public")
    assert actions(public_entries(impact.journal.entries, aside=ImpactGame.aside)) == [1, 3]
    assert actions(public_entries(impact.journal.entries, aside=())) == [1]
    assert Note in ASIDE and Retcon not in ASIDE


def _public_state(game: Game[Any]) -> Any:
    """The state the public entries fold to, with the system's own fold (as a fresh game
    replays them)."""
    effective = effective_entries(game.public_entries())
    start = game._start_settings(game.journal, effective[0])
    state = type(game).initial_state(start)
    for entry in effective[1:]:
        state = game._fold(state, entry.event)
    return state


def _shown_state(game: Game[Any]) -> Any:
    """The state a stream's follower shows (its own process would read the same file)."""
    catch = Spectator(game.journal.path).poll()  # type: ignore[arg-type]
    assert catch is not None
    return catch.game.state


def test_public_entries_always_fold_in_every_system(tmp_path: Path):
    """In every registered system, played (with rolls where it has a rolled session), then
    with a hidden change that holds a public one back, then disclosed: the public entries
    fold to the state the stream's follower shows, which is the live state whenever
    nothing is hidden and the state before the hidden change while it is."""
    from rolled_sessions import SESSIONS

    from isowidgets.systems import game_for, names

    assert set(SESSIONS) <= set(names())
    for name in names():  # the kit's systems, and any a test registered
        cls = game_for(name)
        path = tmp_path / f"{name}.jsonl"
        game = SESSIONS[name](path, False) if name in SESSIONS else cls.new(path, seed=5)
        game.note("a public note")
        with game.gm_only():
            game.note("a hidden note")  # aside: holds nothing back
        assert _public_state(game) == _shown_state(game) == game.state, name

        flags = [
            field
            for field, info in type(game.settings).model_fields.items()
            if info.annotation is bool
        ]
        if not flags:
            assert name not in SESSIONS, f"{name} has no yes/no setting to change"
            game.journal.close()
            continue  # a test's own small system: its notes were checked
        hidden, public = flags[0], flags[-1]
        before = game.state
        with game.gm_only():
            game.change_settings(**{hidden: not getattr(game.settings, hidden)})
        changed = game.journal.entries[-1].action
        game.change_settings(**{public: not getattr(game.settings, public)})  # held back
        assert game.state != before or hidden == public, name  # the tray has one yes/no
        assert _public_state(game) == _shown_state(game) == before, name

        game.disclose(changed)
        assert _public_state(game) == _shown_state(game) == game.state, name
        game.undo()  # the disclosure taken back: hidden again, and what it held too
        assert _public_state(game) == _shown_state(game) == before, name
        game.journal.close()


def test_public_entries_of_a_full_impact_session_fold_to_the_shown_state(
    impact: ImpactGame,
):
    ada = impact.add_pc("Ada")
    impact.damage(ada)
    with impact.gm_only():
        impact.damage(ada)
    impact.damage(ada)
    public = impact.public_entries()
    state = ImpactGame.initial_state(impact.settings)
    for entry in effective_entries(public)[1:]:
        state = impact._fold(state, entry.event)
    hidden_free = ImpactGame.initial_state(impact.settings)
    for entry in effective_entries(list(impact.journal.entries))[1:3]:
        hidden_free = impact._fold(hidden_free, entry.event)
    assert state == hidden_free  # the board as the table last saw it
    assert state != impact.state


# --------------------------------------------------------------------------- log and exports


def test_the_public_log_leaves_out_what_the_table_has_not_seen(tray: DiceTray):
    tray.roll("1d6")
    with tray.gm_only():
        tray.roll("2d6", purpose="hidden")
    frame = tray.log(public=True)
    assert list(frame["action"]) == [1, 2]
    assert "hidden" not in frame.to_string()
    assert len(tray.log()) == 3
    refused(tray, lambda: tray.log(public="yes"), "public must be True or False")  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["md", "csv", "json"])
def test_a_public_export_of_the_log_holds_no_gm_only_item(tray: DiceTray, tmp_path: Path, fmt: str):
    tray.roll("1d6", purpose="the open roll")
    with tray.gm_only():
        tray.roll("2d6", purpose="the secret roll")
    tray.prepare("Marta's Deceive", 4)
    whole = tray.export(tmp_path / f"whole.{fmt}").read_text(encoding="utf-8")
    public = tray.export(tmp_path / f"public.{fmt}", public=True).read_text(encoding="utf-8")
    assert "the secret roll" in whole and "Marta" in whole
    assert "the open roll" in public
    assert "the secret roll" not in public and "Marta" not in public
    if fmt == "md":
        assert "cannot be verified" in public.splitlines()[2]
        assert "cannot be verified" not in whole
    if fmt == "json":
        assert [record["action"] for record in json.loads(public)] == [1, 2]


def test_a_public_export_refuses_a_flag_that_is_not_a_bool(tray: DiceTray, tmp_path: Path):
    with pytest.raises(JournalError, match="public must be True or False"):
        tray.export(tmp_path / "x.md", public="yes")  # type: ignore[arg-type]
    assert not (tmp_path / "x.md").exists()


def test_a_systems_own_export_renders_only_the_public_entries(tmp_path: Path):
    from isowidgets.rules.watch_the_world_die import WorldGame

    game = WorldGame.new(tmp_path / "w.jsonl", seed=2)
    game.note("the sky is green")
    with game.gm_only():
        game.note("the cult waits in the east")
    (name,) = [n for n in WorldGame.exports if n.endswith("md")][:1]
    seen: list[list[Entry]] = []
    export = WorldGame.exports[name]
    original = export.render
    try:
        object.__setattr__(export, "render", lambda entries: seen.append(entries) or "x")
        game.export(tmp_path / "c.md", name, public=True)
        game.export(tmp_path / "d.md", name)
    finally:
        object.__setattr__(export, "render", original)
    assert [e.action for e in seen[0]] == [1, 2]
    assert [e.action for e in seen[1]] == [1, 2, 3]
    game.journal.close()
