"""The Danish table without a browser: language, sheets, conflict, chain, let it hurt, plot."""

from __future__ import annotations

import re

import pytest

from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.fudge_conflict.views import split_faces


@pytest.fixture
def game(tmp_path):
    game = FudgeGame.open(tmp_path / "station.jsonl", seed=7)
    game.add_character(
        "Mr. Burke",
        skills={"sneak": 2, "argue": 2, "programming": 3},
        categories={"argue": "fornuft", "sneak": "kraft"},
    )
    game.add_character(
        "The superior",
        role="central",
        skills={"argue": 3, "notice": 2},
        categories={"argue": "fornuft"},
    )
    yield game
    game.journal.close()


@pytest.fixture
def table(game, tmp_path):
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    yield table
    table.close()


def burke(game):
    return game.state.characters[0].id


def superior(game):
    return game.state.characters[1].id


def open_argument(table, game):
    panel = table.conflict_panel
    panel.kind.value = "active"
    panel.actor.value = burke(game)
    panel.skill.value = "argue"
    panel.opponent.value = superior(game)
    panel.opponent_skill.value = "argue"
    panel.open_button.click()
    assert table.messages.value == ""


def test_the_language_switch_relabels_the_live_table_in_place(table, game):
    sheet = table.sheets.sheet(burke(game))
    track, undo, roll = sheet.track, table.toolbar.undo_button, table.conflict_panel.entry
    assert table.labels.language == "en" and table.language.value == "en"
    assert table.tabs.titles == ("Conflict", "Assistance chain", "Let it hurt")
    assert "Damage" in track.value and "free" in track.value
    table.language.value = "da"  # what choosing "Dansk" in the dropdown does
    assert table.tabs.titles == ("Konflikt", "Assistancekæde", "Lad det gøre ondt")
    assert sheet.track is track and table.toolbar.undo_button is undo  # the same widgets
    assert "Skade" in track.value and "fri" in track.value and "Skrammet" in track.value
    assert undo.description == "Fortryd" and roll.roll_button.description == "Slå"
    assert table.conflict_panel.kind.description == "Modstand"
    assert ("Passiv modstand", "passive") in table.conflict_panel.kind.options
    assert "Færdigheder" in sheet.skills.value and "Mr. Burke" in sheet.header.value
    assert '<td lang="da">Lad dette gøre ondt' not in table.glossary.value
    assert "Ordliste" in table.glossary.value
    table.set_language("en")
    assert table.language.value == "en" and undo.description == "Undo"


def test_a_passive_check_shows_the_engines_chance_before_the_roll_and_rolls_on_enter(table, game):
    panel = table.conflict_panel
    panel.kind.value = "passive"
    panel.actor.value = burke(game)
    panel.skill.value = "sneak"
    panel.difficulty.value = 1
    assert panel.opponent.layout.display == "none"  # no opponent in a passive check
    panel.open_button.click()
    chance = game.success_chance(2, 1, 0)
    assert f"Chance of success: {100 * chance:.1f}%" in panel.before.value
    panel.entry.faces.value = "+ 0 -"
    panel.entry.faces.submit()  # Enter in the faces box
    assert panel.entry.error.value == ""
    assert "✔ Success" in panel.result.value and "Result 2" in panel.result.value  # 2 > 1


def test_an_active_tie_goes_against_the_initiator(table, game):
    open_argument(table, game)
    panel = table.conflict_panel
    assert "Mr. Burke wins" in panel.before.value and "The superior wins" in panel.before.value
    panel.entry.faces.submit("+ 0 0 / 0 0 0")  # 3 against 3
    assert "✔ The superior wins" in panel.result.value
    assert list(panel.hurt_buttons) == [burke(game)]  # a player may let it hurt, not the GM
    assert panel.hurt_buttons[burke(game)].description == "Let it hurt: Mr. Burke"


def test_wrong_faces_are_explained_beside_the_box_and_nothing_changes(table, game):
    open_argument(table, game)
    entry = table.conflict_panel.entry
    before = len(game.journal)
    entry.faces.submit("+ 0")
    assert "Mr. Burke / The superior" in entry.error.value  # one group per side, in order
    entry.faces.submit("+ 0 / 0 0 0")
    assert "expected" in entry.error.value or "faces" in entry.error.value
    entry.faces.submit("x y z / 0 0 0")
    assert entry.error.value and len(game.journal) == before
    entry.faces.submit("+ + + / 0 0 0")
    assert entry.error.value == "" and len(game.journal) == before + 1


def test_a_round_of_let_it_hurt_fills_the_track_with_the_ability_and_shows_next_rounds_dice(
    table, game
):
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / + + +")  # 2 against 6: lost by 4
    table.conflict_panel.hurt_buttons[burke(game)].click()
    assert table.tabs.selected_index == 2  # the table turns to the round
    rounds = table.round_panel
    assert "Round 1" in rounds.status.value
    b, s = burke(game), superior(game)
    rounds.rows[b].intention.submit("keep my dignity")
    rounds.rows[s].intention.submit("humiliate Burke in front of his colleagues")
    for who in (b, s):
        row = rounds.rows[who]
        row.skill.value = "argue"
        row.ability.value = "fornuft"
        row.declare_button.click()
    assert table.messages.value == ""
    assert "The superior: 4 bonus dice (won the conflict that started it)" in rounds.before.value
    assert "rolls higher" in rounds.before.value
    # Burke: 2 + 0 = 2; the superior keeps the best three of seven (+ + 0): 3 + 2 = 5.
    rounds.entry.faces.submit("0 0 0 / + + 0 0 0 - -")
    assert rounds.entry.error.value == ""
    assert "Mr. Burke takes a level-3 wound on Reason → level 3" in rounds.outcome.value
    track = table.sheets.sheet(b).track.value
    filled = re.findall(r'<li class="iw-track-slot iw-track-slot--filled"[^>]*>.*?</li>', track)
    assert len(filled) == 1 and 'data-level="2"' in filled[0] and "■ </span>Reason" in filled[0]
    assert "Round 2, before anyone rolls" in rounds.next_round.value
    assert "Mr. Burke: 1 penalty dice (scratches)" in rounds.next_round.value
    assert table.plot.points(b) == 1
    table.set_language("da")
    assert "■ </span>Fornuft" in table.sheets.sheet(b).track.value
    assert "Mr. Burke: 1 strafterninger (skrammer)" in rounds.next_round.value
    assert table.plot.figure.layout.title.text == "Skade runde for runde"
    # Undo takes the round back everywhere at once.
    table.toolbar.undo_button.click()
    assert "■" not in table.sheets.sheet(b).track.value.replace('aria-hidden="true">□', "")
    assert table.plot.points(b) == 0


def test_split_faces_wants_one_group_per_roller_in_order():
    assert split_faces("+ 0 - / 0 0 +", ["A", "B"], what="x") == ["+ 0 -", "0 0 +"]
    with pytest.raises(Exception, match="in this order: A / B"):
        split_faces("+ 0 -", ["A", "B"], what="x")
