"""The house-rules editor: every setting of every system with its ID, default and allowed
values; changes journaled and undone through the game; TOML save and load; a bad file
refused in the panel with nothing changed; hostile arguments refused with the kit's error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from isowidgets.errors import IsowidgetsError, RuleError, SaveFileError, SettingsError
from isowidgets.journal import SettingsChanged
from isowidgets.settings import MAX_SETTING_INT, SettingSpec
from isowidgets.systems import game_for
from isowidgets.widgets.fudge_conflict.table import FudgeTable
from isowidgets.widgets.impact.table import ImpactTable
from isowidgets.widgets.isolation.table import IsolationTable
from isowidgets.widgets.settings_editor import SettingsEditor, value_words
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.widgets.tray import TrayPanel
from isowidgets.widgets.watch_the_world_die.table import WorldTable

SYSTEMS = ["isolation", "impact", "fudge_conflict", "watch_the_world_die", "tray"]


def _game(system: str, tmp_path: Path) -> Any:
    return game_for(system).new(tmp_path / f"{system}.jsonl", seed=11)


def _other_value(spec: SettingSpec) -> Any:
    """A value other than the default that the setting takes on its own."""
    if spec.kind == "flag":
        return not spec.default
    if spec.kind == "choice":
        others = [c for c in spec.choices if c != spec.default]
        return others[0] if others else None
    if spec.kind == "whole":
        if spec.optional:
            return spec.low if spec.low > -MAX_SETTING_INT else 3
        return spec.default + 1 if spec.default < spec.high else spec.default - 1
    return None


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_setting_is_shown_with_its_id_description_default_and_allowed_values(
    system, tmp_path
):
    game = _game(system, tmp_path)
    editor = SettingsEditor(game)
    settings_type = game.settings_type
    assert list(editor.rows) == settings_type.names()
    for spec in settings_type.specs():
        row = editor.rows[spec.name]
        if spec.ref:
            assert f"<b>{spec.ref}</b>" in row.head.value
        assert spec.description.split()[0] in row.head.value
        assert "allowed: " in row.state.value and "(default)" in row.state.value
        assert f"now: {value_words(spec, spec.default)}".replace('"', "") in row.state.value
        if spec.kind == "choice":
            offered = [value for _, value in row.control.options]
            assert set(spec.choices) <= set(offered)
        if spec.kind == "whole" and not spec.optional:
            assert (row.control.min, row.control.max) == (spec.low, spec.high)
            low = str(spec.low).replace("-", "−")  # the kit's minus sign (isowidgets.words)
            assert f"from {low} to {spec.high}" in row.state.value
    count = "1 setting" if len(editor.rows) == 1 else f"{len(editor.rows)} settings"
    assert f"{count}, 0 changed from default" in editor.title.value


def test_the_danish_system_has_its_thirty_two_settings_and_each_kind_of_control():
    specs = {spec.name: spec for spec in game_for("fudge_conflict").settings_type.specs()}
    assert len(specs) == 32
    assert specs["penalty_keep_mode"].kind == "choice"
    assert specs["penalty_keep_mode"].choices == ("forced_worst_then_best", "three_worst")
    assert specs["lasting_penalties_stack"].kind == "flag"
    assert (specs["protection_floor"].low, specs["protection_floor"].high) == (0, 6)
    assert specs["max_bonus_dice"].optional and specs["max_bonus_dice"].kind == "whole"
    assert specs["skill_category_map"].kind == "table"


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_change_from_each_control_is_journaled_shown_in_words_and_undone(system, tmp_path):
    game = _game(system, tmp_path)
    editor = SettingsEditor(game)
    spec = next(s for s in game.settings_type.specs() if _other_value(s) is not None)
    value = _other_value(spec)
    row = editor.rows[spec.name]
    if spec.kind == "flag":
        row.control.click()
    elif spec.kind == "whole" and spec.optional:
        row.control.submit(str(value))
    else:
        row.control.value = value
    last = game.journal.entries[-1].event
    assert isinstance(last, SettingsChanged) and last.changes == {spec.name: (spec.default, value)}
    assert getattr(game.settings, spec.name) == value
    changed = f"changed from default: {value_words(spec, spec.default)}"
    assert changed in row.state.value.replace("&quot;", '"')
    assert "1 changed from default" in editor.title.value
    game.undo()
    assert getattr(game.settings, spec.name) == spec.default
    assert "(default)" in row.state.value and "0 changed" in editor.title.value


def test_a_refused_value_shows_the_kits_message_and_puts_the_control_back(tmp_path):
    game = _game("fudge_conflict", tmp_path)
    editor = SettingsEditor(game)
    events = len(game.journal)
    editor.rows["success_level_max"].control.value = 1
    editor.rows["success_level_min"].control.value = 6  # above the maximum just set
    assert "must not be above success_level_max" in editor.messages.value
    assert editor.rows["success_level_min"].control.value == 1
    assert len(game.journal) == events + 1  # only the first change
    editor.rows["skill_category_map"].control.submit('{athletics = "nope"}')
    assert "cannot be 'nope'" in editor.messages.last_error
    assert editor.rows["skill_category_map"].control.value == "{}"
    assert len(game.journal) == events + 1


def test_a_table_setting_and_an_unset_number_are_typed_as_in_a_settings_file(tmp_path):
    game = _game("fudge_conflict", tmp_path)
    editor = SettingsEditor(game)
    editor.rows["skill_category_map"].control.submit('{athletics = "kraft"}')
    assert game.settings.skill_category_map == {"athletics": "kraft"}
    editor.rows["max_bonus_dice"].control.submit("4")
    assert game.settings.max_bonus_dice == 4
    editor.rows["max_bonus_dice"].control.submit("  ")
    assert game.settings.max_bonus_dice is None
    assert editor.rows["max_bonus_dice"].control.value == ""
    editor.rows["max_bonus_dice"].control.submit("4\nw = 2")
    assert "more than one value" in editor.messages.last_error


def test_filter_by_id_or_word_and_only_changed(tmp_path):
    game = _game("fudge_conflict", tmp_path)
    editor = SettingsEditor(game)
    editor.filter.value = "dk-a04"
    assert editor.shown_names() == ["penalty_keep_mode"]
    assert editor.rows["penalty_keep_mode"].box.layout.display is None
    assert editor.rows["pool_scope"].box.layout.display == "none"
    assert "showing 1 of 32" in editor.empty.value
    editor.filter.value = "no such words"
    assert editor.shown_names() == [] and "no setting matches" in editor.empty.value
    editor.filter.value = ""
    editor.only_changed.click()
    assert editor.shown_names() == []
    game.change_settings(damage_track="per_ability")
    assert editor.shown_names() == ["damage_track"]


def test_save_and_load_round_trip_through_the_file_box(tmp_path):
    game = _game("impact", tmp_path)
    editor = SettingsEditor(game)
    game.change_settings(success_target=9, great_success_rule="margin")
    editor.path.value = str(tmp_path / "rules" / "heist.toml")
    editor.save_button.click()
    assert "saved the house rules to" in editor.messages.value
    editor.defaults_button.click()
    assert game.settings.non_defaults() == {}
    editor.load_button.click()
    assert game.settings.non_defaults() == {"success_target": 9, "great_success_rule": "margin"}
    assert "2 settings changed" in editor.messages.value
    assert editor.rows["success_target"].control.value == 9
    editor.load_button.click()
    assert "nothing changed" in editor.messages.value


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('success_target = "nine"', "cannot be 'nine'"),
        ("success_target = [", "is not valid TOML"),
        ('system = "isolation"\n', "holds settings for 'isolation'"),
        ("sucess_target = 9\n", "unknown settings"),
    ],
)
def test_a_bad_file_is_refused_in_the_panel_and_nothing_changes(tmp_path, text, words):
    game = _game("impact", tmp_path)
    editor = SettingsEditor(game)
    game.change_settings(success_target=7)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    before = (len(game.journal), game.settings, game.dice.taken)
    editor.path.value = str(bad)
    editor.load_button.click()
    assert words in editor.messages.last_error.replace("&#x27;", "'")
    assert 'role="alert"' in editor.messages.value
    assert (len(game.journal), game.settings, game.dice.taken) == before
    assert editor.rows["success_target"].control.value == 7
    editor.path.value = str(tmp_path / "missing.toml")
    with pytest.raises(SaveFileError, match="cannot read settings file"):
        editor.load()
    assert (len(game.journal), game.settings) == before[:2]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"game": None}, "needs a game, got NoneType"),
        ({"game": "isolation"}, "needs a game, got str"),
        ({"path": None}, "must be text"),
        ({"path": "x" * 100_000}, "characters long"),
        ({"messages": 3}, "messages must be a Messages line"),
        ({"key": 5}, "key must be an id"),
        ({"say": "en"}, "say"),
        ({"colour": "red"}, "takes no argument 'colour'"),
    ],
)
def test_hostile_constructor_arguments_are_refused_with_the_kits_error(tmp_path, kwargs, words):
    game = kwargs.pop("game") if "game" in kwargs else _game("tray", tmp_path)
    with pytest.raises(RuleError, match=words):
        SettingsEditor(game, **kwargs)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda e: e.change("no_such_setting", 1), "has no setting 'no_such_setting'"),
        (lambda e: e.change(None, 1), "has no setting None"),
        (lambda e: e.change("read_parity", "yes"), "cannot be 'yes'"),
        (lambda e: e.change("read_parity", None), "cannot be None"),
        (lambda e: e.change_text("read_parity", "x" * 10**6), "characters long"),
        (lambda e: e.change_text("read_parity", 5), "must be text"),
        (lambda e: e.change_text("read_parity", ""), "needs a value"),
        (lambda e: e.save(3), "path"),
        (lambda e: e.save("\0bad"), "path"),
        (lambda e: e.load(12), "path"),
    ],
)
def test_hostile_calls_are_refused_and_change_nothing(tmp_path, call, words):
    game = _game("tray", tmp_path)
    editor = SettingsEditor(game)
    before = (len(game.journal), game.settings)
    with pytest.raises(SettingsError, match=words):
        call(editor)
    assert (len(game.journal), game.settings) == before


def test_a_huge_number_is_refused_before_it_is_journaled(tmp_path):
    game = _game("impact", tmp_path)
    editor = SettingsEditor(game)
    with pytest.raises(IsowidgetsError, match="no setting goes past"):
        editor.change_text("max_bonus", "9" * 200)
    assert game.settings.max_bonus is None


@pytest.mark.parametrize(
    ("system", "table_type"),
    [
        ("isolation", IsolationTable),
        ("impact", ImpactTable),
        ("fudge_conflict", FudgeTable),
        ("watch_the_world_die", WorldTable),
        ("tray", TrayPanel),
    ],
)
def test_every_table_opens_the_editor_from_its_toolbar(tmp_path, system, table_type):
    table = table_type(_game(system, tmp_path), export_dir=tmp_path / "exports")
    bar: SessionToolbar = table.toolbar
    assert bar.settings_editor is None  # built the first time it is opened
    assert bar.rules_button.text == "▸ House rules"
    bar.rules_button.click()
    editor = bar.settings_editor
    assert editor is not None and editor in bar.children
    assert editor.messages in editor.children  # its own line, under its file row
    assert editor.children.index(editor.messages) == 3
    assert bar.rules_button.text == "▾ Hide house rules"
    bar.house_rules(False)
    assert editor.layout.display == "none"
    with pytest.raises(RuleError, match="open must be True or False"):
        bar.house_rules("yes")
    table.close()


def test_the_danish_table_speaks_danish_in_the_editor_and_switches_in_place(tmp_path):
    table = FudgeTable(_game("fudge_conflict", tmp_path), language="da")
    bar = table.toolbar
    assert bar.rules_button.text == "▸ Husregler"
    bar.rules_button.click()
    editor = bar.settings_editor
    assert "Husregler for" in editor.title.value and "32 indstillinger" in editor.title.value
    assert editor.save_button.description == "Gem i fil"
    row = editor.rows["lasting_penalties_stack"]
    assert "nu: fra (standard)" in row.state.value and "tilladt: til eller fra" in row.state.value
    row.control.click()
    assert "✎ ændret fra standard: fra" in row.state.value
    table.set_language("en")
    assert "✎ changed from default: off" in row.state.value
    assert bar.rules_button.text == "▾ Hide house rules"
    table.close()
