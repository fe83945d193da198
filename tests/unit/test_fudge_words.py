"""The Danish system and the house rules speak through messages (issue 25): every refusal
carries a key and its values, every event says itself from its data, and a Danish table
reads all of it in Danish (numbers and plurals the Danish way)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fudge_duel import duel, play
from fudge_station import hurting
from replay_play import FULL

import isowidgets
from isowidgets import errors
from isowidgets.errors import DiceError, IsowidgetsError, RuleError, SettingsError
from isowidgets.journal.events import Event
from isowidgets.rules.fudge_conflict import FudgeGame, FudgeSettings, events
from isowidgets.rules.fudge_conflict.keep import keep_net
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.fudge_conflict.views import chance
from isowidgets.widgets.log import LogView
from isowidgets.widgets.settings_editor import SettingsEditor, label_words, value_words
from isowidgets.words import Listing, Message, render

PACKAGE = Path(isowidgets.__file__).resolve().parent
FILES = sorted(
    [
        *(PACKAGE / "rules" / "fudge_conflict").rglob("*.py"),
        *(PACKAGE / "widgets" / "fudge_conflict").rglob("*.py"),
        PACKAGE / "settings.py",
        PACKAGE / "widgets" / "settings_editor.py",
    ]
)
KIT_ERRORS = {name for name in errors.__all__ if name.endswith("Error")}


def _unkeyed(path: Path) -> list[str]:
    """Every ``raise <KitError>(...)`` in ``path`` whose first argument is not a key
    literal followed by a template literal, nor a message built by a call."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        if name not in KIT_ERRORS and name != "ValueError":
            continue
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            second = call.args[1] if len(call.args) > 1 else None
            ok = isowidgets.words.is_key(first.value) and (
                isinstance(second, ast.Constant) and isinstance(second.value, str)
            )
        else:  # a message: plural(...), msg(...), _explain(...), _too_long(...)
            ok = isinstance(first, ast.Call) and name != "ValueError"
        if not ok:
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_every_refusal_in_the_danish_system_and_the_settings_carries_a_key():
    assert len(FILES) > 30
    assert [place for path in FILES for place in _unkeyed(path)] == []


def test_the_key_check_finds_a_sentence_with_no_key(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        'def f(x):\n    raise RuleError(f"no {x}")\n\n'
        'def g():\n    raise DiceError("a sentence")\n\n'
        'def h():\n    raise RuleError("fudge_conflict.fine", "a template")\n\n'
        'def i():\n    raise ValueError("plain")\n'
    )
    assert _unkeyed(bad) == ["bad.py:2", "bad.py:5", "bad.py:11"]


def test_every_event_of_the_system_says_itself_by_message_not_describe():
    kinds = [
        cls
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, events.FudgeEvent) and cls.kind
    ]
    assert len(kinds) == 18
    for cls in kinds:
        assert "message" in cls.__dict__, cls.__name__
        assert "describe" not in cls.__dict__, cls.__name__
    assert "describe" not in events.RollRecord.__dict__


def _keys(message: Message) -> list[str]:
    keys = [message.key]
    for _, value in message.values:
        items = value.items if isinstance(value, Listing) else (value,)
        for item in items:
            if isinstance(item, Message):
                keys += _keys(item)
    return keys


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"damage_bump": "single_step"},
        {"lih_tie_rule": "no_effect"},
        {"yield_outcome": "gm_decides", "maimed_act_cost": 0},
    ],
)
def test_played_rounds_are_said_from_their_data_never_from_the_text_they_carry(settings):
    for seed in range(6):
        game, ana, bo = duel(seed, **settings)
        play(game, ana, bo, (5 if seed % 2 else 7, 6))
        for entry in game.journal.effective():
            if isinstance(entry.event, events.FudgeEvent):
                message = entry.event.message()
                assert "fudge_conflict.event.as_written" not in _keys(message), render(message)
                assert "core.unkeyed" not in _keys(message)
                danish = render(message, "da")
                for english in ("takes a", "wound on", "round ", "gives up", "achieves"):
                    assert english not in danish, danish


def test_a_defence_reads_the_same_in_english_and_in_danish():
    game, ids = hurting()
    burke, boss = ids["burke"], ids["boss"]
    game.declare(burke, "crossing", boss, "argue", ability="fornuft")
    game.declare(boss, "defensive", burke, "argue")
    game.roll_round({burke: "- - -", boss: "+ 0 0 0 0 0"})
    rolled = game.journal.effective()[-1].event
    assert isinstance(rolled, events.RoundRolled)
    assert rolled.describe() == "round 1: Superior holds and gets 5 bonus dice next round"
    assert render(rolled.message(), "da") == (
        "runde 1: Superior holder stand og får 5 bonusterninger i næste runde"
    )


def test_a_wound_is_on_the_glossarys_ability_in_either_language():
    game, ids = hurting()
    burke, boss = ids["burke"], ids["boss"]
    game.declare(burke, "crossing", boss, "argue", ability="fornuft")
    game.declare(boss, "crossing", burke, "argue", ability="fornuft")
    game.roll_round({burke: "0 0 0", boss: "+ + + 0 0 0"})
    entries = game.journal.effective()
    rolled = entries[-1].event
    assert rolled.describe() == "round 1: Mr. Burke takes a level-4 wound on Reason"
    assert render(rolled.message(), "da") == "runde 1: Mr. Burke får et niveau 4-sår på Fornuft"
    declared = entries[-3].event
    assert isinstance(declared, events.ActionDeclared)
    assert declared.describe() == (
        "round 1: Mr. Burke — crossing action against Superior (argue) on Reason"
    )
    assert render(declared.message(), "da") == (
        "runde 1: Mr. Burke — tværgående handling mod Superior (argue) på Fornuft"
    )


def test_a_refusal_reads_in_danish_with_its_values():
    game, ids = hurting()
    with pytest.raises(RuleError, match="everyone declares an action before the roll") as got:
        game.roll_round()
    assert got.value.key == "fudge_conflict.declare_first"
    assert got.value.render("da") == (
        "alle erklærer en handling før slaget; mangler stadig at erklære: Mr. Burke og Superior"
    )
    assert str(got.value) == (
        "everyone declares an action before the roll; still to declare: Mr. Burke, Superior"
    )
    with pytest.raises(RuleError) as got:
        game.declare(ids["burke"], "crossing", ids["boss"], "argue")
    assert got.value.render("da").startswith("Mr. Burkes handling skal navngive den evne, ")


def test_counted_words_are_singular_for_one_in_both_languages():
    with pytest.raises(DiceError) as got:
        keep_net([1, 0], 1, 3)
    assert str(got.value).startswith("1 bonus die and 3 kept need 4 faces, got 2")
    assert got.value.render("da").startswith("1 bonusterning og 3 beholdte kræver 4 sider, fik 2")
    with pytest.raises(DiceError) as got:
        keep_net([1, 0], -2, 3)
    assert got.value.render("da").startswith("2 strafterninger og 3 beholdte")
    started = events.HurtStarted(
        conflict="conflict-1",
        invoker="c1",
        invoker_name="Ana",
        parties=("c1", "c2"),
        grants=(events.Grant(actor="c2", dice=1, round=1, source="first_round", name="Bo"),),
    )
    assert started.describe() == "Ana lets it hurt; 1 bonus die in round 1 for Bo"
    assert render(started.message(), "da") == (
        "Ana lader det gøre ondt; 1 bonusterning i runde 1 til Bo"
    )


def test_a_chance_is_a_percentage_written_the_readers_way():
    said = Message("fudge_conflict.table.chance", "Chance of success: {p}", "", (("p", 0),))
    for p, en, da in (
        (0.131, "13.1%", "13,1\xa0%"),
        (0.63, "63%", "63\xa0%"),
        (0.0001, "<0.1%", "<0,1\xa0%"),
        (0.9999, ">99.9%", ">99,9\xa0%"),
    ):
        message = Message(said.key, said.template, "", (("p", chance(p)),))
        assert render(message) == f"Chance of success: {en}"
        assert render(message, "da") == f"Chance for succes: {da}"


def test_the_danish_tables_odds_are_written_the_danish_way(tmp_path):
    game = FudgeGame.open(tmp_path / "s.jsonl", seed=3)
    game.add_character("Mr. Burke", skills={"sneak": 2})
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    try:
        panel = table.conflict_panel
        panel.kind.value = "passive"
        panel.actor.value = game.state.characters[0].id
        panel.skill.value = "sneak"
        panel.difficulty.value = 3  # 4 of 27 rolls: 14.8%
        panel.open_button.click()
        english = re.search(r"Chance of success: (\d+)\.(\d)%", panel.before.value)
        assert english is not None
        table.set_language("da")
        whole, tenth = english.groups()
        assert f"Chance for succes: {whole},{tenth}\xa0%" in panel.before.value
        assert "Puljen: 0 point" in table.sheets.sheet(game.state.characters[0].id).status.value
    finally:
        table.close()
        game.journal.close()


def test_house_rules_are_named_in_danish_and_other_systems_keep_their_names(tmp_path):
    spec = {s.name: s for s in FudgeSettings.specs()}["penalty_keep_mode"]
    english = spec.words.label
    assert english is not None and render(english) == "penalty keep mode"
    assert render(english, "da") == "hvilke terninger strafterninger beholder"
    assert spec.words.description is not None
    assert render(spec.words.description, "da").startswith("Strafterninger tvinger")
    assert all(s.words.label is not None for s in FudgeSettings.specs())
    assert all(
        s.words.value(choice) is not None for s in FudgeSettings.specs() for choice in s.choices
    )

    class Danish:
        language = "da"

        def __call__(self, key, **values):
            return isowidgets.widgets.i18n.KIT.text("da", key, **values)

    assert value_words(spec, "three_worst", Danish()) == "tre dårligste"
    assert value_words(spec, "three_worst") == "three worst"
    assert label_words(spec, Danish()) == "hvilke terninger strafterninger beholder"
    game = FudgeGame.open(tmp_path / "s.jsonl", seed=3)
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    try:
        table.set_language("da")
        editor = SettingsEditor(game, say=table.labels)
        assert editor.title.value.startswith(
            "<b>Husregler for det danske konfliktsystem med fudgeterninger: 32 indstillinger"
        )
        row = editor.rows["penalty_keep_mode"]
        assert "Strafterninger tvinger de dårligste" in row.head.value
        assert row.control.description == "hvilke terninger strafterninger beholder"
        assert ("tre dårligste", "three_worst") in row.control.options
        assert "nu: tvungne dårligste, så bedste" in row.state.value
        editor.filter.value = "strafterninger"
        assert "penalty_keep_mode" in editor.shown_names()
        editor.close()
    finally:
        table.close()
        game.journal.close()


def test_the_logs_kind_column_says_words_in_the_tables_language(tmp_path):
    game, ids = hurting()
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "+ + + 0 0 0"})
    log = LogView(game)
    log.refresh()
    assert "<td>round rolled</td>" in log.table.value
    assert "round_rolled" not in log.table.value

    class Danish:
        language = "da"

        def __call__(self, key, **values):
            return isowidgets.widgets.i18n.KIT.text("da", key, **values)

    log.say = Danish()
    log.refresh()
    assert "<td>runde slået</td>" in log.table.value
    assert "runde 1: " in log.table.value and "-sår på Fornuft" in log.table.value
    log.close()


def test_settings_refusals_carry_keys_and_read_in_danish(tmp_path):
    with pytest.raises(SettingsError) as got:
        FudgeSettings(success_level_min=5, success_level_max=2)
    assert "success_level_min (5) must not be above success_level_max (2)" in str(got.value)
    assert got.value.render("da") == (
        "success_level_min (5) må ikke være over success_level_max (2)"
    )
    with pytest.raises(SettingsError) as got:
        FudgeSettings(protection_floor=9)
    assert got.value.key == "settings.cannot_be"
    assert "input should be less than or equal to 6" in str(got.value)
    assert "værdien må højst være 6" in got.value.render("da")
    with pytest.raises(SettingsError) as got:
        FudgeSettings.check_name("pool_scop")
    assert got.value.key == "settings.no_such_setting_tip"
    assert got.value.render("da").endswith("Tip: mente du 'pool_scope'?")
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (2 << 20))
    with pytest.raises(IsowidgetsError) as got:
        FudgeSettings.load(big)
    assert "2,097,152 bytes" in str(got.value)
    assert "2.097.152 byte" in got.value.render("da")


def test_an_event_with_no_message_of_its_own_still_reads_its_kind():
    assert Event.kind_message is not events.FudgeEvent.kind_message
    for kind in events._KINDS:
        assert "_" not in render(events._KINDS[kind])


def test_the_danish_replays_log_reads_the_summaries_in_danish(tmp_path):
    from isowidgets.widgets.replay import Replay

    game = FULL["fudge_conflict"](tmp_path / "f.jsonl")
    replay = Replay(game.journal.path, language="da")
    said = replay.log_view.value
    assert "runde " in said and "-sår på " in said
    assert "takes a level" not in said and "round " not in said
    replay.close()
