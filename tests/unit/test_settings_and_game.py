"""House-rule settings (validated, TOML, journaled) and the shared game shell."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

import pytest

from isowidgets.contract import Action
from isowidgets.dice import Dice, Limits, Pool
from isowidgets.errors import (
    DiceCapError,
    DiceError,
    JournalError,
    RuleError,
    SaveFileError,
    SettingsError,
)
from isowidgets.game import Game
from isowidgets.journal import Event
from isowidgets.settings import RuleSettings, setting
from isowidgets.tray import DiceTray, TraySettings


class ToySettings(RuleSettings):
    system: ClassVar[str] = "toy"

    threshold: int = setting(2, "Net needed to cooperate.", ref="TOY-A01")
    explode: bool = setting(True, "Whether red ones explode.", ref="TOY-A02")
    remainder: Literal["gm_choice", "random", "drop"] = setting(
        "gm_choice", "Where leftover links go.", ref="TOY-A03"
    )
    ceiling: int | None = setting(None, "Highest stress; unset means none.")


class Bumped(Event):
    system: ClassVar[str] = "toy"
    kind: ClassVar[str] = "bumped"
    by: int

    def describe(self) -> str:
        return f"counter +{self.by}"


@dataclass(frozen=True)
class ToyState:
    settings: ToySettings
    counter: int = 0


class ToyGame(Game[ToyState]):
    system: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    settings_type: ClassVar[type[RuleSettings]] = ToySettings

    @classmethod
    def initial_state(cls, settings: ToySettings) -> ToyState:  # type: ignore[override]
        return ToyState(settings)

    @classmethod
    def apply(cls, state: ToyState, event: Event) -> ToyState:
        assert isinstance(event, Bumped)
        ceiling = state.settings.ceiling
        if ceiling is not None and state.counter + event.by > ceiling:
            raise RuleError(f"counter cannot pass {ceiling}, got {state.counter + event.by}")
        return ToyState(state.settings, state.counter + event.by)

    def bump(self, by: int) -> None:
        self.commit(Bumped(by=by))


def roll_then_bump(action: Action[ToyState], by: int) -> None:
    """A rule that rolls, then adds an event the fold refuses (past the ceiling)."""
    action.dice.roll(Pool.parse("3d6"))
    action.add(Bumped(by=by))


# --------------------------------------------------------------------------- settings


def test_settings_validate_names_and_values():
    s = ToySettings()
    assert s.updated(threshold=3).threshold == 3
    with pytest.raises(SettingsError, match=r"no setting 'treshold'.*did you mean 'threshold'"):
        s.updated(treshold=3)
    with pytest.raises(SettingsError, match=r"'remainder' cannot be 'everyone'.*'gm_choice'"):
        s.updated(remainder="everyone")
    with pytest.raises(SettingsError, match="'threshold' cannot be '3'"):
        s.updated(threshold="3")  # strict: no silent coercion
    with pytest.raises(ValueError):
        s.updated(explode="yes")


def test_constructing_settings_raises_the_kits_error_with_the_explained_message():
    """A bad value given to the constructor is a SettingsError (a ValueError), not pydantic's
    ValidationError, and reads like the one change_settings() gives."""
    with pytest.raises(SettingsError) as caught:
        ToySettings(remainder="everyone")
    with pytest.raises(SettingsError) as updated:
        ToySettings().updated(remainder="everyone")
    assert str(caught.value) == str(updated.value)
    assert isinstance(caught.value, ValueError)
    assert "'gm_choice'" in str(caught.value)  # quoted values keep their spelling
    with pytest.raises(SettingsError, match="'threshold' cannot be '3'"):
        ToySettings(threshold="3")
    with pytest.raises(SettingsError, match=r"no setting 'treshold'.*did you mean 'threshold'"):
        ToySettings(treshold=3)
    assert ToySettings(threshold=3).threshold == 3


def test_settings_round_trip_through_toml(tmp_path: Path):
    s = ToySettings().updated(threshold=3, remainder="random", ceiling=9)
    path = s.save(tmp_path / "house.toml")
    text = path.read_text()
    assert "# TOY-A01: Net needed to cooperate." in text
    assert 'system = "toy"' in text
    assert ToySettings.load(path) == s
    unset = ToySettings().save(tmp_path / "default.toml")
    assert "# ceiling = (unset)" in unset.read_text()
    assert ToySettings.load(unset) == ToySettings()


def test_settings_files_are_data_and_are_checked(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text('system = "toy"\nthreshold = "__import__(\'os\')"\n')
    with pytest.raises(SaveFileError, match="threshold"):
        ToySettings.load(bad)
    bad.write_text('system = "isolation"\n')
    with pytest.raises(SaveFileError, match="settings for 'isolation', not 'toy'"):
        ToySettings.load(bad)
    bad.write_text("threshold = [")
    with pytest.raises(SaveFileError, match="not valid TOML"):
        ToySettings.load(bad)
    bad.write_text("colour = 1\n")
    with pytest.raises(SaveFileError, match=r"unknown settings \['colour'\]"):
        ToySettings.load(bad)


def test_optional_settings_must_default_to_none():
    with pytest.raises(TypeError, match="must default to None"):

        class Wrong(RuleSettings):
            limit: int | None = setting(3, "x")


def test_settings_table_names_each_ambiguity():
    rows = {row["setting"]: row for row in ToySettings().updated(threshold=4).rows()}
    assert rows["threshold"]["ref"] == "TOY-A01"
    assert rows["threshold"]["house_rule"] is True
    assert rows["remainder"]["allowed"] == "'gm_choice' | 'random' | 'drop'"


# --------------------------------------------------------------------------- game shell


def test_settings_changes_are_journaled_and_replayed(tmp_path: Path):
    game = ToyGame.new(tmp_path / "toy.jsonl", seed=1)
    game.change_settings(threshold=5)
    assert game.settings.threshold == 5
    assert game.journal.entries[-1].event.describe() == "house rules: threshold: 2 → 5"
    assert game.change_settings(threshold=5) == []  # no change, nothing journaled
    game.journal.close()
    assert ToyGame.resume(tmp_path / "toy.jsonl").settings.threshold == 5


def test_load_settings_from_toml_journals_the_changes(tmp_path: Path):
    game = ToyGame.new(seed=1)
    ToySettings().updated(explode=False).save(tmp_path / "h.toml")
    game.load_settings(tmp_path / "h.toml")
    assert game.settings.explode is False
    assert game.log()["kind"].tolist()[-1] == "settings_changed"


def test_a_rejected_action_changes_nothing(tmp_path: Path):
    game = ToyGame.new(tmp_path / "toy.jsonl", seed=1, settings=ToySettings(ceiling=3))
    game.bump(2)
    before_state, before_lines = game.state, (tmp_path / "toy.jsonl").read_text()
    before_dice = game.dice.state()
    with pytest.raises(RuleError, match="cannot pass 3"):
        game.act(roll_then_bump, 2)  # rolls, then the event does not fit
    assert game.state == before_state
    assert (tmp_path / "toy.jsonl").read_text() == before_lines
    assert game.dice.state() == before_dice
    with pytest.raises(SettingsError):
        game.change_settings(ceiling="high")
    assert game.state == before_state


def test_undo_redo_replay_the_journal():
    game = ToyGame.new(seed=1)
    game.bump(1)
    game.bump(10)
    game.undo()
    assert game.state.counter == 1
    game.undo()
    assert game.state.counter == 0
    with pytest.raises(RuleError, match="nothing to undo"):
        game.undo()
    game.redo()
    assert game.state.counter == 1
    with pytest.raises(RuleError, match="nothing to redo"):
        ToyGame.new(seed=1).redo()
    kinds = game.log()["kind"].tolist()
    assert kinds.count("retcon") == 3  # nothing was deleted


def test_new_refuses_an_existing_session_and_open_archives_it(tmp_path: Path):
    path = tmp_path / "toy.jsonl"
    game = ToyGame.new(path, seed=1)
    game.bump(4)
    with pytest.raises(JournalError, match="already holds a session"):
        ToyGame.new(path)
    resumed = ToyGame.open(path)
    assert resumed.state.counter == 4
    fresh = ToyGame.open(path, resume=False, seed=2)
    assert fresh.state.counter == 0
    assert (tmp_path / "toy.1.jsonl").exists()


def test_resume_checks_the_system(tmp_path: Path):
    DiceTray.new(tmp_path / "tray.jsonl").journal.close()
    with pytest.raises(JournalError, match="holds a 'tray' session, not 'toy'"):
        ToyGame.resume(tmp_path / "tray.jsonl")


def test_resumed_dice_are_reproducible(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=11)
    tray.roll("3d6")
    tray.journal.close()
    a = DiceTray.resume(tmp_path / "t.jsonl")
    first = a.roll("5d6").faces
    a.journal.close()
    (tmp_path / "t.jsonl").write_bytes(b"".join(_lines(tmp_path / "t.jsonl")[:2]))
    b = DiceTray.resume(tmp_path / "t.jsonl")
    assert b.roll("5d6").faces == first


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_a_games_dice_roll_random_dice_only_inside_its_actions(tmp_path: Path):
    """A roll outside an action would take a number no line holds (verify would report a
    deleted roll): refused, and nothing taken; typed faces are fine anywhere."""
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=11)
    with pytest.raises(DiceError, match="only inside one of its actions"):
        tray.dice.roll(Pool.parse("5d6"))
    assert tray.dice.taken == (0, 0)
    assert tray.dice.roll(Pool.parse("2d6"), "3 4").source == "typed"
    assert Dice(11).roll(Pool.parse("5d6")).number == 1  # dice of no game roll anywhere


def test_listeners_see_each_action_and_cannot_break_it():
    game = ToyGame.new(seed=1)
    seen = []
    stop = game.subscribe(lambda entries, state: seen.append((len(entries), state.counter)))
    game.bump(2)
    breaker = game.subscribe(lambda entries, state: 1 / 0)
    with pytest.warns(RuntimeWarning, match="ZeroDivisionError"):
        game.bump(1)
    assert game.state.counter == 3
    stop()
    breaker()
    game.undo()
    assert seen == [(1, 2), (1, 3)]


def test_tray_settings_change_the_reading():
    tray = DiceTray.new(seed=3, settings=TraySettings(read_parity=False))
    tray.roll("2d6", faces=[2, 3])
    assert tray.journal.entries[-1].event.reading == "total 5"
    tray.change_settings(read_parity=True)
    tray.roll("2d6", faces=[2, 3])
    assert tray.journal.entries[-1].event.reading == "total 5; 1 even, 1 odd"


def test_raised_dice_caps_journal_and_survive_a_resume(tmp_path: Path):
    """A session with raised caps can roll past the defaults, and reopens with its caps."""
    path = tmp_path / "big.jsonl"
    tray = DiceTray.new(path, seed=5, limits=Limits(max_dice=1000))
    tray.roll("600d6", purpose="a siege")
    tray.journal.close()
    again = DiceTray.resume(path)
    assert again.dice.limits == Limits(max_dice=1000)
    assert [e.event.kind for e in again.journal] == ["session_started", "rolled"]
    again.roll("700d6")  # still allowed after the resume
    again.journal.close()
    # An explicit argument wins over what the journal recorded.
    strict = DiceTray.resume(path, limits=Limits())
    with pytest.raises(DiceCapError, match="at most 500"):
        strict.roll("600d6")
    strict.journal.close()


def test_an_undo_that_cannot_rebuild_writes_nothing(tmp_path: Path, monkeypatch):
    """The state is rebuilt before the retcon is written, so a failure leaves no trace."""
    path = tmp_path / "toy.jsonl"
    game = ToyGame.new(path, seed=1)
    game.bump(1)
    game.bump(2)
    before_state, before_lines = game.state, path.read_text()

    def broken(*args, **kwargs):
        raise JournalError("replay failed")

    monkeypatch.setattr(game, "_replay", broken)
    with pytest.raises(JournalError, match="replay failed"):
        game.undo()
    assert path.read_text() == before_lines
    assert game.state == before_state
    monkeypatch.undo()
    game.undo()
    assert game.state.counter == 1
    game.redo()  # the virtual retcon also handles a redo (a retcon of a retcon)
    assert game.state.counter == 3
