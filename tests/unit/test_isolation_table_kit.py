"""The Isolation table on the shared table kit, driven in Python without a browser.

Every pool box is the kit's dice entry (Enter submits, the refusal beside the box);
the table has one session toolbar (undo, redo, a note, export); Stress is a track;
every message line follows the game; the session log is the kit's paged log. The
conflict panel is composed of parts, names characters, says "must" where the roll
forces a stance, shows who is persuaded by a glyph and ``aria-pressed``, folds the
breakdown behind its result, and moves the keyboard focus to the next step.

Enter is driven as the browser sends it: a custom ``submit`` message carrying the
text on screen (see ``isowidgets/widgets/submit_text.py``).
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets
import pytest

from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.isolation.parts import Part
from isowidgets.widgets.log import LogView
from isowidgets.widgets.messages import Messages
from isowidgets.widgets.panel import saved_text
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.toggle import PressToggle
from isowidgets.widgets.toolbar import SessionToolbar

pytestmark = pytest.mark.usefixtures("no_view_failures")

E02 = {
    ("bob", "green"): "4 3 1 6 4",
    ("bob", "red"): "5 4 3 6 1 1 2",
    ("alice", "green"): "4 2 6 2",
    ("alice", "red"): "3",
    ("eve", "green"): "3",
    ("eve", "red"): "3 5 4",
}
E03_GM = "5 4 3 4 1 3 4 5 6"


@pytest.fixture
def table(farmhouse):
    return farmhouse


def press_enter(box: SubmitText, text: str) -> None:
    """What the browser sends when Enter is pressed in the box showing ``text``."""
    box._handle_custom_msg({"event": "submit", "value": text}, [])


def walk(widget: Any) -> list[Any]:
    """``widget`` and every widget inside it (children of boxes and tabs)."""
    found = [widget]
    for child in getattr(widget, "children", ()) or ():
        found += walk(child)
    return found


def propose_e02(table: IsolationTable) -> None:
    cp = table.conflict
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.modifier_rows["bob"].flags["profession"].value = True
    cp.modifier_rows["alice"].links["L1"].value = True
    cp.modifier_rows["eve"].links["L5"].value = True
    cp.propose_button.click()
    assert cp.messages.value == ""


@pytest.fixture
def focused(monkeypatch) -> list[Any]:
    """The widgets asked to take the keyboard focus, in order."""
    asked: list[Any] = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: asked.append(self))
    return asked


# --------------------------------------------------------------------------- dice entries


@pytest.mark.rule("ISO-E02", "ISO-E03")
def test_enter_submits_typed_faces_in_every_pool_box(table):
    cp, game = table.conflict, table.game
    propose_e02(table)
    for (who, colour), faces in E02.items():
        pool = cp.pool_widgets[f"{who}-{colour}"]
        assert isinstance(pool.entry, DiceEntry)
        press_enter(pool.faces, faces)
        assert game.state.conflict.roll_of(who, colour).faces_text().replace("→", " ") == faces
        assert pool.entry.last_source == "typed" and pool.faces.value == ""
    cp.stance_widgets["alice"].buttons["Cooperative"].click()
    cp.difficulty.value = 3
    cp.set_difficulty_button.click()
    press_enter(cp.pool_widgets["GM-red"].faces, E03_GM)
    cp.resolve_button.click()
    assert game.state.last_conflict.resolution.degree == "Partial Success"


def test_a_refused_roll_is_shown_beside_its_box_and_goes_at_the_next_attempt_or_undo(table):
    cp, game = table.conflict, table.game
    propose_e02(table)
    pool = cp.pool_widgets["bob-green"]
    events = len(game.journal)
    press_enter(pool.faces, "4 3 x")
    assert "x" in pool.entry.error.last_error and 'role="alert"' in pool.entry.error.value
    assert len(game.journal) == events and pool.faces.value == "4 3 x"
    press_enter(pool.faces, "4 3")
    assert "needs at least 4 faces" in pool.entry.error.value  # the new refusal alone
    cp.pool_widgets["alice-red"].roll_button.click()
    # Another pool's roll is the next action: the stale refusal goes.
    assert pool.entry.error.value == ""
    press_enter(pool.faces, "4 3")
    table.scene.undo_button.click()  # and so does an undo
    assert pool.entry.error.value == "" and game.state.conflict.roll_of("alice", "red") is None


def test_roll_marks_the_pool_random_and_enter_typed(table):
    cp = table.conflict
    propose_e02(table)
    random = cp.pool_widgets["bob-green"]
    random.roll_button.click()
    assert random.entry.last_source == "random"
    typed = cp.pool_widgets["bob-red"]
    press_enter(typed.faces, "5 4 3 6 1 1 2")
    assert typed.entry.last_source == "typed"
    assert "→ 4 odds" in typed.chips.value


@pytest.mark.rule("ISO-R45")
def test_enter_in_either_pair_box_rolls_the_pair_with_both(table):
    game, between = table.game, table.between
    game.end_session()
    between.a.value, between.b.value = "alice", "bob"
    between.green_faces.value = "2 4"
    press_enter(between.red_faces, "3")
    assert "2 evens against 1 odd" in between.rolled.value
    assert between.green_faces.value == between.red_faces.value == ""
    assert between.entry.last_source == "typed"
    between.outcome.value = "nothing"
    between.apply_button.click()
    between.a.value, between.b.value = "bob", "eve"
    press_enter(between.green_faces, "")  # both boxes empty: say what to type
    assert "type the faces the pair rolled" in between.entry.error.value
    between.red_faces.value = "2 4"
    press_enter(between.green_faces, "")  # Bob and Eve have a green link: one face missing
    assert "needs at least 1 face (one per base die)" in between.entry.error.last_error or (
        "expected" in between.entry.error.last_error
    )
    assert game.state.pair_roll is None


# --------------------------------------------------------------------------- the toolbar


def test_one_session_toolbar_with_undo_and_redo(table, tmp_path):
    toolbars = [w for w in walk(table) if isinstance(w, SessionToolbar)]
    assert toolbars == [table.toolbar] and table.scene.toolbar is table.toolbar
    assert table.scene.undo_button is table.toolbar.undo_button
    undo = [w for w in walk(table) if isinstance(w, widgets.Button) and w.description == "Undo"]
    assert undo == [table.toolbar.undo_button]  # no second copy
    game = table.game
    table.scene.up.click()
    table.toolbar.undo_button.click()
    assert game.stress == 2 and "undone: Stress 2 → 3" in table.scene.messages.value
    table.toolbar.redo_button.click()
    assert game.stress == 3 and "redone: Stress 2 → 3" in table.scene.messages.value
    table.toolbar.note.value = "the GM pauses for coffee"
    press_enter(table.toolbar.note, "the GM pauses for coffee")
    assert game.journal.entries[-1].event.describe() == "note: the GM pauses for coffee"
    assert table.scene.messages.value == ""  # the note was the next action
    table.toolbar.export_dir = tmp_path
    table.toolbar.export("csv")
    assert (tmp_path / "isolation.csv").exists()


def test_the_session_log_is_the_kits_paged_log_naming_characters(table):
    logs = [w for w in walk(table) if isinstance(w, LogView)]
    assert logs == [table.log_view]
    count = len(table.game.journal)
    assert f"showing all {count} events" in table.log_view.status.value
    table.game.add_link("alice", "eve", "green", "Shared a thermos")
    assert "between Alice and Eve" in table.log_view.table.value
    table.log_view.first()
    assert "started" in table.log_view.table.value  # the session's first event


# --------------------------------------------------------------------------- Stress


def test_stress_is_a_track_with_the_level_marked(table):
    scene, game = table.scene, table.game
    track = scene.stress_track
    assert 'aria-current="step"' in track.value and "<span>▶ 2</span>" in track.value
    assert "now <b>2</b> (0 or more)</span>" in track.value and " of " not in track.value
    scene.up.click()
    assert "<span>▶ 3</span>" in track.value and "now <b>3</b> (0 or more)" in track.value
    game.change_settings(stress_max=4)
    labels = re.findall(r"<span>(?:▶ )?(\d+)</span>", track.value)
    assert labels == ["0", "1", "2", "3", "4"] and "now <b>3</b> (0 to 4)" in track.value
    game.adjust_stress(3, "the roof gives way")
    assert "<span>▶ 4</span>" in track.value  # held at the ceiling


def test_the_stress_track_grows_past_its_rungs_with_no_ceiling():
    game = IsolationGame.new(seed=1, settings=IsolationSettings(stress_start=3))
    game.add_character("Ann", profession="Medic", bias="b", goal="g")
    t = IsolationTable(game)
    for _ in range(3):
        game.adjust_stress(3, "worse")
    drawn = t.scene.stress_track.value
    assert game.stress == 12 and "<span>▶ 12</span>" in drawn and "(0 or more)" in drawn
    assert re.findall(r"<span>(?:▶ )?(\d+)</span>", drawn)[-1] == "14"
    t.close()


# --------------------------------------------------------------------------- messages


def test_every_message_line_follows_the_game(table):
    lines = [w for w in walk(table) if isinstance(w, Messages)]
    assert len(lines) >= 6
    unfollowed = [w for w in lines if w._game is None]
    assert unfollowed == [], "every message line clears itself at the next action or undo"


def test_an_undo_clears_the_last_message_and_two_conflicts_later_nothing_stale(table):
    cp, scene, game = table.conflict, table.scene, table.game
    cp.cancel_button.click()  # nothing to cancel: refused
    propose_e02(table)
    cp.cancel_button.click()  # no reason: refused
    assert "reason" in cp.messages.value
    scene.undo_button.click()  # the proposal is taken back
    assert cp.messages.value == "" and "undone: conflict 1: Bob proposes" in scene.messages.value
    for _ in range(2):
        game.run_conflict("alice", "hold the door", difficulty=1)
    assert scene.messages.value == "" and cp.messages.value == ""


# --------------------------------------------------------------------------- the panel


def test_the_conflict_panel_is_composed_of_small_parts(table):
    cp = table.conflict
    kinds = {type(part).__name__ for part in cp.parts}
    assert kinds == {
        "ProposalPanel",
        "PoolsPanel",
        "StancesPanel",
        "ResolutionPanel",
        "ResultPanel",
        "WoundsPanel",
    }
    assert all(isinstance(part, Part) and part.messages is cp.messages for part in cp.parts)


@pytest.mark.rule("ISO-R25", "ISO-E02")
def test_a_forced_stance_says_must_and_a_choice_says_may(table):
    cp = table.conflict
    propose_e02(table)
    for (who, colour), faces in E02.items():
        press_enter(cp.pool_widgets[f"{who}-{colour}"].faces, faces)
    eve, alice = cp.stance_widgets["eve"].text.value, cp.stance_widgets["alice"].text.value
    assert "<b>Eve</b> is <b>✔ Hostile</b> — net -3, must be Hostile" in eve
    assert "must be Hostile (ISO-R25)" in eve  # the engine's reason says the same
    assert "may be" not in eve
    assert "<b>Alice</b> — net +2, may be Cooperative / Neutral / Hostile" in alice


def test_whom_to_persuade_is_shown_by_a_glyph_and_aria_pressed(table):
    cp = table.conflict
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.mode.value = "subset"
    alice = cp.pp_toggles["alice"]
    assert isinstance(alice, PressToggle) and alice.mode == "press"
    assert alice.text == "✔ Alice" and alice.off_text == "○ Alice"
    alice.click()
    assert alice.value is False and alice.text == "○ Alice"
    assert "+1 green link with Eve" in cp.preview.value and "with Alice" not in cp.preview.value
    cp.propose_button.click()
    assert table.game.conflict.pps == ("eve",) and table.game.conflict.defaulted == ("alice",)
    assert table.scene.threat.text == "○ ⚠ threat present"


def test_the_result_comes_first_and_the_breakdown_on_demand(table):
    cp, game = table.conflict, table.game
    game.run_conflict(
        "bob",
        "board up the windows",
        faces={
            "bob": {"green": "4 3 1 6 4", "red": "5 4 3 6 1 1 2"},
            "alice": {"green": "4 2 6 2", "red": "3"},
            "eve": {"green": "3", "red": "3 5 4"},
            "GM": E03_GM,
        },
        stances={"alice": "Cooperative"},
        difficulty="Hard",
        factors={
            "bob": {"profession": True},
            "alice": {"relevant_links": ["L1"]},
            "eve": {"relevant_links": ["L5"]},
        },
    )
    children = list(cp.children)
    assert children.index(cp.result_part) < children.index(cp.proposal)
    assert "Conflict 1:</b>" in cp.result.value and 'role="status"' in cp.result.value
    assert cp.breakdown.layout.display == "none" and cp.breakdown_toggle.mode == "expand"
    assert cp.breakdown_toggle.text == "▸ Show the breakdown"
    assert "GM pool:" in cp.breakdown.value and "GM pool:" not in cp.result.value
    # The closed conflict's pools and stances are in the breakdown, not on the page.
    assert cp.pool_part.layout.display == "none" and cp.stance_part.layout.display == "none"
    cp.breakdown_toggle.click()
    assert cp.breakdown.layout.display == ""
    game.run_conflict("alice", "hold the door", difficulty=1)
    assert "Conflict 2:</b>" in cp.result.value
    assert cp.breakdown.layout.display == "none"  # a new result starts folded


def test_focus_moves_to_the_next_steps_control(table, focused):
    cp = table.conflict
    propose_e02(table)
    assert focused[-1] is cp.pool_widgets["bob-green"].faces
    for (who, colour), faces in E02.items():
        press_enter(cp.pool_widgets[f"{who}-{colour}"].faces, faces)
        if (who, colour) != ("eve", "red"):
            nxt = next(s for s in cp.steps if s.action == "roll")
            key = f"{nxt.actor}-{nxt.options[0]}"
            assert focused[-1] is cp.pool_widgets[key].faces
    alice = cp.stance_widgets["alice"]
    assert focused[-1] is alice.buttons["Cooperative"]  # the stance still to choose
    alice.buttons["Cooperative"].click()
    assert focused[-1] is cp.difficulty
    cp.set_difficulty_button.click()
    assert focused[-1] is cp.pool_widgets["GM-red"].faces
    press_enter(cp.pool_widgets["GM-red"].faces, E03_GM)
    assert focused[-1] is cp.resolve_button
    cp.resolve_button.click()
    assert focused[-1] is cp.breakdown_toggle
    count = len(focused)
    table.game.adjust_stress(1, "from a notebook cell")  # not a click: the focus stays
    assert len(focused) == count


def test_cancelling_moves_the_focus_back_to_the_proposal(table, focused):
    cp = table.conflict
    propose_e02(table)
    cp.cancel_reason.value = "Bob thinks better of it"
    cp.cancel_button.click()
    assert table.game.conflict is None and focused[-1] is cp.ap


def test_every_button_has_words_for_assistive_technology(table):
    propose_e02(table)
    buttons = [w for w in walk(table) if isinstance(w, widgets.Button)]
    assert buttons
    unnamed = [b for b in buttons if not b.description.strip()]
    assert unnamed == []  # no icon-only button: the icons are decoration (missing offline)
    toggles = [w for w in walk(table) if isinstance(w, PressToggle)]
    assert toggles and all(t.text.strip() and t.hint for t in toggles)


def test_the_table_shows_a_friendly_line_where_the_widget_will_be(table):
    plain = table._repr_mimebundle_()["text/plain"]
    assert plain == saved_text("IsolationTable")
    assert "Run the notebook's cells to show the IsolationTable here" in plain
    assert repr(table) == "IsolationTable(<IsolationGame 11 events, journal=memory>)"


def test_a_game_without_characters_still_makes_a_table():
    t = IsolationTable(IsolationGame.new(seed=1))
    assert "Add characters first" in t.conflict.preview.value
    assert t.conflict.summary.value.startswith("<em>No conflict yet")
    t.close()


def test_the_boarding_party_fixture_is_untouched_by_the_table():
    game = boarding_party(stress=2, seed=3)
    before = len(game.journal)
    t = IsolationTable(game)
    assert len(game.journal) == before
    t.close()


def test_a_press_toggle_leaves_the_ipywidgets_tooltip_alone():
    """ipywidgets' view draws ``tooltip`` on the root, reading a ``description`` the
    toggle does not have: set, the view could not be made (seen in JupyterLab)."""
    toggle = PressToggle("Alice", tooltip="persuade Alice")
    assert toggle.hint == "persuade Alice" and not toggle.tooltip
    state = toggle.get_state()
    assert state["hint"] == "persuade Alice" and not state.get("tooltip")


def test_the_maps_message_goes_at_the_undo_not_two_conflicts_later(table):
    """The GM's report: "ℹ: link L4 deleted" stayed after the undo and through two more
    conflicts. The table has the map's message line follow the game too."""
    m, game = table.map, table.game
    m.pick_link("L4")
    m.delete_button.click()
    assert "Deleted the link between Bob and Eve" in m.messages.value
    table.toolbar.undo_button.click()
    assert m.messages.value == "" and "L4" in {x.id for x in game.state.links}


# --------------------------------------------------------------------------- choices


def test_no_choice_of_the_table_is_shown_by_shade_alone(table):
    """The colour and relation choices of "Build the map" (and the map's new-link
    colour) were ToggleButtons: the chosen one only a darker grey. Each is now a named
    list whose every option says in words what it means and carries its colour's glyph."""
    assert not [w for w in walk(table) if isinstance(w, widgets.ToggleButtons)]
    sheets, m = table.sheets, table.map
    for choice in (sheets.desc_colour, sheets.goal_relation, m.colour):
        assert isinstance(choice, widgets.Dropdown) and choice.description
        for label, value in choice.options:
            colour = {"green": "green", "red": "red", "same": "green", "opposed": "red"}[value]
            glyph = "+" if colour == "green" else "×"
            assert f"{glyph} " in label and colour in label  # a glyph and the word
            assert len(label.split()) >= 3  # and words for what it means
    assert [label for label, _ in sheets.goal_relation.options] == [
        "truly the same: + 3 green",
        "opposed: × 3 red",
    ]
    sheets.goal_a.value, sheets.goal_b.value = "alice", "eve"
    sheets.goal_relation.value = "opposed"
    sheets.goal_add.click()
    assert [x.colour for x in table.game.links_between("alice", "eve")][-3:] == ["red"] * 3
