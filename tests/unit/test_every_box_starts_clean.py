"""Every box starts clean, without a browser: two conflicts, rounds, tests and turns in a row.

A box's text belongs to one actor and one step. When what it belongs to changes (a new
conflict, round, turn, test or pool) the panel says so (``belong_to``) and every box and
form of the old one is reset by the kit's one mechanism (:mod:`isowidgets.widgets.fresh`,
``DiceEntry.reset``). Each system plays its thing twice here, leaving what a hurried GM
leaves behind (faces typed and not sent, a refused roll's text, an intention box half
typed, a form changed), and the second one must start with every box empty, no message,
no "last roll" mark and every form at its default.

Enter is driven as the browser sends it (a custom ``submit`` message with the text shown
and its edit count); a key typed but not sent is a state update from the browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.fresh import UNSET, Fresh, first_option
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.impact import ImpactTable
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.tray import TrayPanel
from isowidgets.widgets.watch_the_world_die import WorldTable

_EDITS: dict[int, int] = {}


def type_in(box: SubmitText, text: str) -> None:
    """Keys typed in the browser and sent as the box's state (not submitted)."""
    _EDITS[id(box)] = max(_EDITS.get(id(box), 0), box.typed) + len(text) + 1
    box.set_state({"value": text, "typed": _EDITS[id(box)]})


def enter(box: SubmitText, text: str) -> None:
    """Type ``text`` and press Enter, as the browser sends it (the text rides the Enter)."""
    _EDITS[id(box)] = max(_EDITS.get(id(box), 0), box.typed) + len(text) + 1
    box._on_message(box, {"event": "submit", "value": text, "typed": _EDITS[id(box)]}, [])


def clean(entry: DiceEntry) -> bool:
    """An entry as a new roll finds it: empty box, no message, no "last roll" mark."""
    return (
        entry.faces.value == ""
        and entry.error.value == ""
        and entry.source.value == ""
        and entry.last_source is None
    )


# --------------------------------------------------------------------------- the mechanism


def test_fresh_resets_to_what_each_item_had_or_its_default_only_when_the_owner_changes():
    text = widgets.Text(value="")
    count = widgets.IntText(value=3)
    choice = widgets.Dropdown(options=[("a", "a"), ("b", "b")], value="a")
    later = widgets.Dropdown(options=[("x", "x"), ("y", "y")], value="y")
    entry = DiceEntry(lambda faces: faces)
    calls: list[str] = []
    fresh = Fresh(text, count, entry)
    fresh.add(choice, "b")
    fresh.add(later, first_option(later))
    fresh.also(lambda: calls.append("reset"))
    assert fresh.owner is UNSET
    assert fresh.belong_to("round 1") is False  # the first owner: nothing to reset
    text.value, count.value, choice.value = "stale", 9, "a"
    entry.faces.value = "5 4"
    assert fresh.belong_to("round 1") is False and text.value == "stale"  # the same one
    assert fresh.belong_to("round 2") is True
    assert (text.value, count.value, choice.value, later.value) == ("", 3, "b", "x")
    assert entry.faces.value == "" and calls == ["reset"]


def test_a_default_a_choice_no_longer_offers_is_not_forced_on_it():
    choice = widgets.Dropdown(options=[("a", "a")], value="a")
    fresh = Fresh()
    fresh.add(choice, "gone")
    fresh.reset()
    assert choice.value == "a"


def test_a_dice_entry_belongs_to_one_roll_and_starts_clean_for_the_next():
    entry = DiceEntry(lambda faces: faces)
    entry.belong_to("pool 1")
    enter(entry.faces, "4 3")
    assert entry.last_source == "typed" and "typed" in entry.source.value
    type_in(entry.faces, "6 6")  # typed, never sent
    entry.error.error("a refusal")
    assert entry.belong_to("pool 1") is False and entry.faces.value == "6 6"
    assert entry.belong_to("pool 2") is True and clean(entry)


def test_a_roll_that_moves_play_on_leaves_the_entry_clean_for_the_next():
    entry = DiceEntry(lambda faces: entry.belong_to(("round", 2)) or faces)
    entry.belong_to(("round", 1))
    enter(entry.faces, "+ 0 -")
    assert clean(entry)  # no "last roll" of round 1 shown on round 2


# --------------------------------------------------------------------------- Isolation

E02 = {
    ("bob", "green"): "4 3 1 6 4",
    ("bob", "red"): "5 4 3 6 1 1 2",
    ("alice", "green"): "4 2 6 2",
    ("alice", "red"): "3",
    ("eve", "green"): "3",
    ("eve", "red"): "3 5 4",
}


def _play_isolation_conflict(table: IsolationTable) -> None:
    """Propose, then click through every step the engine asks for (random dice)."""
    cp = table.conflict
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.propose_button.click()
    assert cp.messages.value == ""
    for _ in range(20):
        if table.game.state.conflict is None:
            return
        actions = {step.action for step in cp.steps}
        if "roll" in actions:
            cp.roll_ready_button.click()
        elif "choose_stance" in actions:
            for widget in cp.stance_widgets.values():
                buttons = [b for b in widget.buttons.values() if not b.disabled]
                if buttons:
                    buttons[0].click()
        elif "set_difficulty" in actions:
            cp.set_difficulty_button.click()
        elif "resolve" in actions:
            cp.resolve_button.click()
        elif "assign_wounds" in actions:
            cp.assign_button.click()
        else:
            break
    assert table.game.state.conflict is None, (cp.steps, cp.messages.value)


def test_isolation_a_second_conflict_starts_with_every_box_and_form_clean(farmhouse):
    table = farmhouse
    cp = table.conflict
    defaults = (cp.ap.value, cp.mode.value, cp.difficulty.value, cp.force_roll.value)
    _play_isolation_conflict(table)
    bob_red = cp.pool_widgets["bob-red"]
    # What a hurried GM leaves: Bob's red faces typed again, a refusal, a changed form.
    type_in(bob_red.faces, "5 4 3 6 1 1 2")
    bob_red.entry.error.error("expected 7 faces")
    cp.difficulty.value = 5
    cp.ap.value = "eve"
    cp.action.value = "run for the truck"
    cp.mode.value = "subset"
    cp.pp_toggles["alice"].value = False
    cp.ap.value = "bob"
    cp.action.value = "hold the door"
    cp.mode.value = "persuade_all"
    cp.propose_button.click()
    assert cp.messages.value == ""
    # The second conflict: Bob's red pool is the same key, and starts clean.
    assert cp.pool_widgets["bob-red"] is bob_red
    for pool in cp.pool_widgets.values():
        assert clean(pool.entry), pool.key
    assert cp.difficulty.value == defaults[2] and cp.cancel_reason.value == ""
    # The proposal form, hidden while the conflict is on, is at its defaults for the next.
    assert (cp.ap.value, cp.mode.value, cp.force_roll.value) == (
        defaults[0],
        defaults[1],
        defaults[3],
    )
    assert cp.action.value == "" and all(t.value for t in cp.pp_toggles.values())
    # Roll all ready pools takes no stale faces: nothing refused for a count of 7.
    cp.roll_ready_button.click()
    assert cp.messages.value == "" and "7 faces" not in cp.messages.last_error


def test_isolation_a_pair_roll_box_starts_clean_for_another_pair(farmhouse):
    table = farmhouse
    between = table.between
    table.game.end_session()
    between.a.value, between.b.value = "alice", "bob"
    type_in(between.green_faces, "2 4")
    type_in(between.red_faces, "3")
    between.b.value = "eve"
    assert clean(between.entry) and between.red_faces.value == ""


def test_the_tray_faces_belong_to_the_pool_described(tmp_path):
    from isowidgets.tray import DiceTray

    panel = TrayPanel(DiceTray.new(seed=2), export_dir=tmp_path)
    enter(panel.faces, "6 2 3 5")
    assert panel.entry.last_source == "typed"
    panel.count.value = 2
    assert clean(panel.entry)
    panel.close()


# --------------------------------------------------------------------------- the Danish table


@pytest.fixture
def fudge(tmp_path: Path) -> Iterator[FudgeTable]:
    game = FudgeGame.open(tmp_path / "station.jsonl", seed=7)
    game.add_character(
        "Mr. Burke", skills={"argue": 2, "sneak": 2}, categories={"argue": "fornuft"}
    )
    game.add_character(
        "Mr. Hale", role="central", skills={"argue": 3}, categories={"argue": "fornuft"}
    )
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    yield table
    table.close()
    game.journal.close()


def _form(panel) -> tuple:
    return (
        panel.kind.value,
        panel.actor.value,
        panel.skill.value,
        panel.difficulty.value,
        panel.intention.value,
        panel.failure.value,
        panel.circumstance.value,
    )


def _open_argument(table: FudgeTable, intention: str, circumstance: int = 0) -> None:
    panel = table.conflict_panel
    burke, hale = (c.id for c in table.game.state.characters)
    panel.kind.value = "active"
    panel.actor.value = burke
    panel.skill.value = "argue"
    panel.opponent.value = hale
    panel.opponent_skill.value = "argue"
    panel.intention.value = intention
    panel.failure.value = "Burke looks a fool"
    panel.circumstance.value = circumstance
    panel.open_button.click()
    assert table.messages.value == "", table.messages.value


def test_danish_a_new_conflict_finds_the_form_and_the_dice_box_clean(fudge):
    panel = fudge.conflict_panel
    defaults = _form(panel)
    _open_argument(fudge, "make Hale listen", circumstance=1)
    # Accepted: the form is clean again (and hidden while the conflict is on).
    assert _form(panel) == defaults and panel.form.layout.display == "none"
    assert "make Hale listen" in panel.opened.value
    enter(panel.entry.faces, "+ 0")  # refused: two sides need a "/"
    assert panel.entry.error.value and panel.entry.faces.value == "+ 0"
    enter(panel.entry.faces, "+ 0 0 - / 0 0 0 -")  # a circumstance die on each side
    assert fudge.game.state.open_conflict() is None, panel.entry.error.value
    assert panel.form.layout.display != "none"
    _open_argument(fudge, "make Hale apologise")
    assert clean(panel.entry) and _form(panel) == defaults


def test_danish_the_next_round_starts_with_empty_boxes_and_the_usual_declaration(fudge):
    game = fudge.game
    burke, hale = (c.id for c in game.state.characters)
    _open_argument(fudge, "make Hale listen")
    enter(fudge.conflict_panel.entry.faces, "0 0 0 / + + +")
    fudge.conflict_panel.hurt_buttons[burke].click()
    rounds = fudge.round_panel
    rows = rounds.rows
    defaults = {who: _declaration(row) for who, row in rows.items()}
    enter(rows[burke].intention, "make Hale listen")
    assert rows[burke].intention.value == ""  # accepted: empty, the guard's goes in as his
    enter(rows[hale].intention, "humiliate Burke")
    assert game.state.active_hurt().intentions == {
        burke: "make Hale listen",
        hale: "humiliate Burke",
    }
    rows[burke].category.value = "parallel"
    rows[burke].combining.value = True
    rows[burke].declare_button.click()
    rows[hale].declare_button.click()
    type_in(rows[hale].intention, "half typed for round 1")  # never sent
    enter(rounds.entry.faces, "+ 0 0 / + + 0 0 0 0 0")  # Hale won four bonus dice
    assert game.state.active_hurt().round == 2, (rounds.entry.error.value, fudge.messages.value)
    # Round 2: every box empty, every declaration back at its default, the dice clean.
    assert clean(rounds.entry)
    for who, row in rows.items():
        assert row.intention.value == "", who
        assert _declaration(row) == defaults[who], who
    # And round 2 plays on.
    rows[burke].declare_button.click()
    rows[hale].declare_button.click()
    rounds.entry.roll_button.click()
    assert rounds.entry.error.value == ""
    assert game.state.active_hurt() is None or game.state.active_hurt().round == 3


def _declaration(row) -> tuple:
    return (
        row.category.value,
        row.target.value,
        row.skill.value,
        row.ability.value,
        row.combining.value,
    )


def test_danish_the_chain_form_and_box_start_clean_for_each_conflict(fudge):
    chain = fudge.chain_panel
    defaults = (chain.helper.value, chain.gated.value, chain.gate.value, chain.penalties.value)
    _open_argument(fudge, "first")
    chain.gated.value = True
    chain.gate.value = 2
    chain.penalties.value = True
    type_in(chain.entry.faces, "+ +")
    enter(fudge.conflict_panel.entry.faces, "0 0 0 / 0 0 0")
    _open_argument(fudge, "second")
    assert clean(chain.entry)
    assert (chain.helper.value, chain.gated.value, chain.gate.value, chain.penalties.value) == (
        defaults
    )


# --------------------------------------------------------------------------- Impact


@pytest.fixture
def impact(tmp_path: Path) -> Iterator[ImpactTable]:
    game = ImpactGame.new(seed=5)
    game.add_pc("Pierce", ["Expert At Getting Into Places"], impact="D6")
    game.add_npc("Goons", ["Armed"], impact="D8")
    table = ImpactTable(game, export_dir=tmp_path / "exports")
    yield table
    table.close()


def _setup(panel) -> tuple:
    return (
        panel.kind.value,
        panel.roller.value,
        panel.difficulty.value,
        panel.cost.value,
        panel.intent.kind.value,
    )


def test_impact_the_next_test_finds_the_set_up_and_after_roll_boxes_clean(impact):
    panel = impact.test_panel
    defaults = _setup(panel)
    panel.difficulty.value = "Tricky"
    enter(panel.face, "7")  # refused: Pierce's Impact Die caps the D10 to a D6
    assert panel.entry.error.value and panel.face.value == "7"
    enter(panel.face, "2")  # a Failure
    assert impact.game.test is not None and impact.game.test.phase == "failure"
    type_in(panel.complication, "Blown Out Tire")
    panel.finish_button.click()
    assert impact.game.test is None, panel.messages.value
    # The next test: set up afresh, no face, no mark, no Complication typed.
    assert _setup(panel) == defaults and clean(panel.entry)
    assert panel.complication.value == "" and panel.cost_text.value == ""
    enter(panel.face, "6")
    assert impact.game.test is not None and impact.game.test.id == "test-2"
    type_in(panel.complication, "Out Of Petrol")  # typed, never offered
    panel.effect_text.value = "Pocketful Of Plans"  # typed, never chosen
    panel.finish_button.click()
    assert impact.game.test is None, panel.messages.value
    assert panel.effect_text.value == panel.complication.value == ""
    assert clean(panel.entry) and _setup(panel) == defaults


# --------------------------------------------------------------------------- Watch the World Die


@pytest.fixture
def world(tmp_path: Path) -> Iterator[WorldTable]:
    table = WorldTable(WorldGame.new(seed=14), export_dir=tmp_path / "exports")
    table.year_box.value = 2020
    enter(table.players_box, "Ana, Ben, Chidi, Dana")
    yield table
    table.close()


def test_world_the_next_turn_finds_the_dice_and_the_event_form_clean(world):
    turn, game = world.turn_panel, world.game
    enter(turn.worse.faces, "1")  # Climate
    assert turn.event_form.layout.display != "none"
    assert clean(turn.worse)  # the turn it opened has begun: no mark of it shown
    type_in(turn.region, "the Sahel")
    turn.event_entry.value = turn.event_entry.options[-1][1]
    enter(turn.details, "a third summer without rain")
    assert turn.region.value == "" and turn.details.value == ""
    enter(turn.dice.faces, "6")  # the chain ends
    assert game.turn is None or game.turn.number == 1
    if game.turn is not None:  # a chain still due: end it
        enter(turn.dice.faces, "6")
    assert game.state.turns == 1 and game.turn is None
    # Turn 2: the opening dice show no mark of turn 1, the Event form is at its defaults.
    assert clean(turn.worse) and clean(turn.relieve) and clean(turn.dice)
    enter(turn.worse.faces, "2")
    assert turn.region.value == "" and turn.details.value == ""
    assert turn.event_entry.value == turn.event_entry.options[0][1]
