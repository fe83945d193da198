"""The Watch the World Die table without a browser: a turn, a chain, the shop, the year end.

Clicks are ``.click()``; Enter in a kit text box is the ``submit`` message the
browser sends (:func:`press_enter`). The dice are typed, as at a real table.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.widgets.panel import saved_text
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.watch_the_world_die import WorldTable, chance_html, table_words
from isowidgets.widgets.watch_the_world_die.views import TYPE_GLYPHS, TYPE_SYMBOLS

PLAYERS = "Ana, Ben, Chidi, Dana"


def shown(value: str) -> str:
    """An HTML widget's value as the reader sees it: tags dropped, entities decoded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def press_enter(box: SubmitText, text: str) -> None:
    """What the browser sends when Enter is pressed in the box showing ``text``."""
    box._handle_custom_msg({"event": "submit", "value": text}, [])


class World:
    """A table begun by its form: four players from 2020, Climate Chaos."""

    def __init__(self, tmp_path: Path) -> None:
        self.game = WorldGame.new(seed=14)
        self.table = table = WorldTable(self.game, export_dir=tmp_path / "exports")
        table.year_box.value = 2020
        table.apocalypse.value = "Climate Chaos"
        press_enter(table.players_box, PLAYERS)
        self.turn = table.turn_panel
        self.shop = table.shop

    def worse(self, face: str) -> None:
        press_enter(self.turn.worse.faces, face)

    def due(self, face: str) -> None:
        press_enter(self.turn.dice.faces, face)

    def create(self, entry: str, region: str, details: str = "") -> None:
        self.turn.event_entry.value = entry
        self.turn.region.value = region
        press_enter(self.turn.details, details)

    def chained_turn(self) -> None:
        """Ana's first move, no 6: Climate (1), chained Ecosystem (2), the chain ends on 6."""
        self.worse("1")
        self.create("Extreme Heat/Drought", "the Sahel", "a third summer without rain")
        self.due("2")
        self.create("Epidemic/Plague/Parasite", "the Sahel", "cholera in the camps")
        self.due("6")

    def messages(self) -> str:
        return shown(self.table.messages.value)


@pytest.fixture
def world(tmp_path: Path, no_view_failures: None) -> Iterator[World]:
    w = World(tmp_path)
    yield w
    w.table.close()


def test_the_form_begins_the_world_and_the_turn_panel_names_whose_turn(world):
    game, table = world.game, world.table
    assert game.state.players == ("Ana", "Ben", "Chidi", "Dana")
    assert game.state.apocalypse == "Climate Chaos" and game.year == 2020
    assert table.setup.layout.display == "none"
    players = shown(world.turn.players.value)
    assert players.startswith("Players, clockwise: ▶ Ana") and "Ben Chidi Dana" in players
    assert 'aria-current="step"' in world.turn.players.value
    # Pressure 0: Relieve It is off, and says why in words.
    assert world.turn.relieve.disabled and not world.turn.worse.disabled
    assert "Relieve It is off: Pressure is 0" in shown(world.turn.relieve_reason.value)
    pressure = shown(table.pressure.value)
    assert "Pressure now 0 (0 or more): the next turn must Make It Worse" in pressure
    # Out of a Relieve It turn the shop's list is folded away, and a line says when it comes.
    assert world.shop.list.layout.display == "none"
    assert "A Relieve It turn rolls Response Points" in shown(world.shop.rp.value)


@pytest.mark.rule("WTWD-R06", "WTWD-R07", "WTWD-R08")
def test_a_typed_face_and_enter_open_the_event_form_with_the_rolled_types_list(world):
    world.worse("4")
    turn = world.turn
    assert world.game.pressure == 4 and world.turn.worse.faces.value == ""
    assert turn.event_form.layout.display is None and turn.opening.layout.display == "none"
    assert [value for _label, value in turn.event_entry.options] == list(
        world.game.tables.entries(4)
    )
    assert shown(turn.event_heading.value) == "Create an Infrastructure Event (rolled 4)"
    world.create("Power Grid", "Texas", "the grid fails in a heat wave")
    # The chaining roll is due: it says what it chains on, in words.
    label = shown(turn.dice_label.value)
    assert "Chaining roll after “Power Grid in Texas”: it chains on 3 4 5" in label
    assert turn.event_form.layout.display == "none" and turn.due.layout.display is None


@pytest.mark.rule("WTWD-R08", "WTWD-E01")
def test_the_chain_is_shown_as_a_chain_as_it_happens(world):
    world.worse("1")
    world.create("Extreme Heat/Drought", "the Sahel")
    world.due("2")
    chain = shown(world.turn.chain.value)
    assert "rolled 1: Climate: Extreme Heat/Drought , the Sahel (Pressure +1 → 1)" in chain
    assert "next: Ana: create" in chain  # the chained Event, due now
    world.create("Epidemic/Plague/Parasite", "the Sahel")
    world.due("3")
    world.create("Famine/Starvation", "the Horn of Africa")
    world.due("6")
    chain = shown(world.turn.chain.value)
    assert chain.count("↳") == 2
    assert (
        "↳ rolled 3: Resources: Famine/Starvation , the Horn of Africa (Pressure +3 → 6)" in chain
    )
    assert "the chain ends (chaining roll 6) (Pressure 6)" in chain
    assert world.game.pressure == 6 and world.game.events_this_year == 3  # WTWD-E01
    # The chained Event sits one step further in than the one it came from.
    assert 'style="margin-left: 2.4em"' in world.turn.chain.value
    # The next player's turn: Ben, with both moves open.
    assert shown(world.turn.players.value).count("▶ Ben") == 1
    assert not world.turn.relieve.disabled and world.turn.relieve_reason.value == ""


def test_a_refused_face_is_explained_beside_the_box_and_changes_nothing(world):
    events = len(world.game.journal)
    world.worse("7")
    said = shown(world.turn.worse.error.value)
    assert "⚠ Error" in said and "7" in said
    assert len(world.game.journal) == events and world.turn.worse.faces.value == "7"
    world.worse("x")
    assert "7" not in shown(world.turn.worse.error.value)  # the last explanation went
    world.worse("3")
    assert world.turn.worse.error.value == "" and world.game.pressure == 3


def test_a_spreading_asks_for_the_earlier_event_by_name(world):
    world.chained_turn()
    world.worse("6")  # Ben: a Special Event
    turn = world.turn
    assert turn.target.layout.display is None
    labels = [label for label, _value in turn.target.options]
    assert "Epidemic/Plague/Parasite in the Sahel" in labels
    world.create("Spreading", "South Asia", "the plague moves east")
    assert "acts on an earlier Event" in world.messages()
    turn.event_entry.value = "Spreading"
    turn.target.value = world.game.state.events[1].id
    turn.region.value = "South Asia"
    press_enter(turn.details, "the plague moves east")
    assert world.game.state.events[-1].target == world.game.state.events[1].id
    chain = shown(turn.chain.value)
    assert "(on “Epidemic/Plague/Parasite in the Sahel”)" in chain and "event-" not in chain


def test_the_engines_event_ids_become_names_in_messages(world):
    world.worse("1")
    world.create("Extreme Heat/Drought", "the Sahel")
    text = table_words(world.game.state, "chaining roll after event-1; event-99 unknown")
    assert text == "chaining roll after “Extreme Heat/Drought in the Sahel”; event-99 unknown"
    # An id opening a sentence that names the same thing goes.
    created = world.game.journal.entries[-1].event.describe()
    assert created.startswith("event-1 (2020): ")
    said = table_words(world.game.state, created)
    assert said.startswith("Extreme Heat/Drought [Climate] in the Sahel")
    assert table_words(world.game.state, "response-2: Reform (3 RP)") == "Reform (3 RP)"


@pytest.mark.rule("WTWD-R12", "WTWD-R13", "WTWD-R14", "WTWD-E02")
def test_the_shop_shows_rp_left_and_what_can_still_be_afforded_in_words(world):
    world.chained_turn()  # Pressure 3
    press_enter(world.turn.relieve.faces, "4 6")  # Ben: RP = 10 + 3 = 13
    shop = world.shop
    assert shop.list.layout.display is None
    assert "Ben relieves: 13 RP · spent 0 · 13 left" in shown(shop.rp.value)
    dear = shop.buttons[17]
    assert dear.disabled and "needs 17 RP, 13 left" in dear.description
    assert dear.description.startswith("⊘ ")
    assert not shop.buttons[13].disabled and shop.finish_button.disabled  # spend 1 first
    shop.buttons[10].click()
    assert shop.buttons[10].description.startswith("✔ 10 RP") and shop.chosen == 10
    assert "iw-wtwd-chosen" in shop.buttons[10]._dom_classes
    press_enter(shop.details, "everyone hoards tinned food")
    assert "spent 10 · 3 left" in shown(shop.rp.value)
    assert shop.buttons[4].disabled and "needs 4 RP, 3 left" in shop.buttons[4].description
    assert shop.finish_button.description == "Done: 3 RP left become Pressure"
    step = shown(world.turn.step.value)
    assert (
        step
        == "Next: Done: 3 RP left become Pressure — or: Ben: buy a Societal Response (3 RP left)"
    )
    shop.finish_button.click()
    assert world.game.pressure == 3 and world.game.turn is None
    assert "3" in shown(world.table.pressure.value)
    assert all(button.disabled for button in shop.buttons.values())


def test_buying_with_nothing_picked_is_explained(world):
    world.chained_turn()
    press_enter(world.turn.relieve.faces, "4 6")
    events = len(world.game.journal)
    press_enter(world.shop.details, "something")
    assert "pick a Response first" in world.messages() and len(world.game.journal) == events


@pytest.mark.rule("WTWD-R15", "WTWD-R16", "WTWD-E03")
def test_the_year_end_shows_its_exact_chance_before_the_roll(world):
    world.chained_turn()  # E = 2, Pressure 3
    press_enter(world.turn.relieve.faces, "4 6")  # 13 RP
    world.shop.buttons[13].click()
    press_enter(world.shop.details, "a barter currency")  # 0 RP left: the year ends
    check = world.table.year_end
    assert not check.entry.disabled and check.entry.layout.display is None
    assert world.game.great_dying_chance() == Fraction(0)
    assert "2 Events this year" in shown(check.chance.value)
    assert "Chance: 0% (it cannot happen)" in shown(check.chance.value)
    press_enter(check.entry.faces, "1 2")
    assert "survived (3 against 2 Events)" in shown(check.verdict.value)
    assert world.game.year == 2021 and world.game.pressure == 0
    assert check.entry.layout.display == "none"  # the dice wait for the next year end
    # Chidi starts the new year, which opens with a forced Make It Worse.
    assert "▶ Chidi" in shown(world.turn.players.value) and world.turn.relieve.disabled


@pytest.mark.rule("WTWD-R15")
def test_the_chance_reads_as_a_fraction_and_a_percentage(world):
    said = shown(chance_html(5, Fraction(6, 36)))
    assert "5 Events this year" in said and "Chance: 1/6 = 16.7%" in said
    assert "(it is certain)" in shown(chance_html(13, Fraction(1)))


def test_the_chart_grows_in_place_and_an_undo_takes_its_points_back(world):
    chart = world.table.chart
    world.chained_turn()
    points = world.game.pressure_timeline()
    assert chart.drawn == len(points) and chart.points("Pressure") == len(points)
    assert chart.points("1 Climate") == 1 and chart.points("2 Ecosystem") == 1
    symbols = {trace.name: trace.marker.symbol for trace in chart.figure.data}
    assert symbols["1 Climate"] == TYPE_SYMBOLS[1] and symbols["6 Special/Escalation"] == "star"
    assert len(set(TYPE_SYMBOLS.values())) == 6 and len(set(TYPE_GLYPHS.values())) == 6
    assert "3 Events" not in chart.label.label and "2 Events, Pressure now 3" in chart.label.label
    world.table.toolbar.undo()  # the chain's end
    assert chart.drawn == len(world.game.pressure_timeline()) == len(points) - 1


def test_the_chart_marks_each_new_year(world):
    world.chained_turn()
    press_enter(world.turn.relieve.faces, "4 6")
    world.shop.buttons[13].click()
    press_enter(world.shop.details, "")
    assert world.table.chart.figure.layout.shapes == ()
    press_enter(world.table.year_end.entry.faces, "6 6")
    chart = world.table.chart
    assert len(chart.figure.layout.shapes) == 1
    assert chart.figure.layout.annotations[0].text == "2021 →"
    assert chart.points("Year-end roll") == 1


def test_the_chart_drawn_again_reads_the_journal_once(world, monkeypatch):
    """A replay draws the chart again at every jump: the timeline is read from the
    journal once for its points, its years and its words, not once for each."""
    world.chained_turn()
    chart = world.table.chart
    read: list[int] = []
    journal = world.game.journal
    effective = type(journal).effective
    monkeypatch.setattr(
        type(journal), "effective", lambda self, *a, **k: read.append(1) or effective(self, *a, **k)
    )
    chart.rebuild()
    assert len(read) == 1
    monkeypatch.undo()
    assert chart.drawn == len(WorldGame.pressure_timeline(world.game))
    assert "2 Events, Pressure now 3" in chart.label.label


@pytest.mark.rule("WTWD-R16")
def test_the_chronicle_shows_each_year_with_chains_responses_and_pressure(world):
    world.chained_turn()
    press_enter(world.turn.relieve.faces, "4 6")
    world.shop.buttons[10].click()
    press_enter(world.shop.details, "everyone hoards")
    world.shop.finish_button.click()
    story = shown(world.table.chronicle.view.value)
    assert (
        "Players, clockwise: Ana, Ben, Chidi, Dana · from 2020 · Apocalypse Type: Climate" in story
    )
    assert "2020: 2 Events" in story
    assert "Turn 1 · Ana · Make It Worse" in story and "Turn 2 · Ben · Relieve It" in story
    assert "↳ rolled 2: Ecosystem: Epidemic/Plague/Parasite" in story
    assert "Prepping/Caching/Hoarding (10 RP): everyone hoards; 3 RP left (Pressure 3)" in story
    assert "3 RP left: Pressure 3 → 3 (Pressure 3)" in story
    assert "event-" not in story


def test_the_toolbar_exports_the_chronicle_as_markdown_and_csv(world, tmp_path):
    world.chained_turn()
    toolbar = world.table.toolbar
    offered = dict(toolbar.export_format.options)
    assert offered["Chronicle (Markdown)"] == "chronicle-md"
    assert offered["Chronicle (CSV)"] == "chronicle-csv"
    toolbar.export_format.value = "chronicle-md"
    toolbar.export_button.click()
    path = toolbar.last_export
    assert path is not None and path.suffix == ".md"
    assert path.read_text().startswith("# Watch the World Die: a chronicle")
    assert "exported the Chronicle (Markdown) to" in world.messages()
    csv_path = toolbar.export("chronicle-csv")
    assert csv_path.read_text().splitlines()[0].startswith("year,turn,player,move")


def test_stop_ends_the_game_and_switches_every_roll_off(world):
    world.chained_turn()
    world.table.stop_button.click()
    assert world.game.state.over == "stopped"
    assert world.turn.worse.disabled and world.turn.relieve.disabled
    assert world.table.stop_button.disabled
    assert "the game is over" in shown(world.table.calendar.value)


def test_a_saved_notebook_shows_the_line_to_run_the_cells(world):
    bundle = world.table._repr_mimebundle_()
    assert bundle is not None and bundle["text/plain"] == saved_text("WorldTable")


def test_the_log_names_events_not_ids(world):
    world.chained_turn()
    log = shown(world.table.log_view.table.value)
    assert "Epidemic/Plague/Parasite in the Sahel" in log and "event-" not in log


def test_a_resumed_session_shows_the_turn_where_it_stopped(tmp_path, no_view_failures):
    path = tmp_path / "world.jsonl"
    game = WorldGame.new(path, seed=3)
    game.begin(["Ana", "Ben"], year=2020)
    game.make_it_worse(2)  # the Event is due when the kernel dies
    back = WorldGame.resume(path)
    table = WorldTable(back, export_dir=tmp_path / "exports")
    try:
        assert table.turn_panel.event_form.layout.display is None
        assert "Create an Ecosystem Event (rolled 2)" in shown(table.turn_panel.event_heading.value)
        assert "Pressure now 2 (0 or more)" in shown(table.pressure.value)
        assert table.chart.drawn == len(back.pressure_timeline())
    finally:
        table.close()


def test_the_focus_moves_on_to_the_shop_and_then_to_the_year_end(world):
    sent: list[object] = []
    world.shop.buttons[1].send = lambda content, buffers=None: sent.append(("shop", content))
    faces = world.table.year_end.entry.faces
    faces.send = lambda content, buffers=None: sent.append(("year end", content))
    world.chained_turn()
    press_enter(world.turn.relieve.faces, "4 6")  # the shop opens: its first Response
    assert sent == [("shop", {"do": "focus"})]
    world.shop.buttons[13].click()
    press_enter(world.shop.details, "")  # every RP spent: the year-end check is due
    assert sent[-1] == ("year end", {"do": "focus"})


@pytest.mark.rule("WTWD-R11", "WTWD-E04")
def test_a_first_move_six_asks_for_the_causes_reroll_and_a_global_event(world):
    world.worse("6")
    turn = world.turn
    assert turn.due.layout.display is None and turn.dice.roll_button.description == (
        "Roll for The Cause"
    )
    assert "a 6 reads as 5" in shown(turn.dice_label.value)
    world.due("6")  # read as 5: a global Political Event
    heading = shown(turn.event_heading.value)
    assert heading.startswith("The Cause: Create a Political Event — global in scope")
    assert turn.region.layout.display == "none"  # global: no region to name
    press_enter(turn.details, "the world's governments fall together")
    event = world.game.state.events[-1]
    assert event.global_scope and event.cause and world.game.pressure == 11


@pytest.mark.rule("WTWD-A14")
def test_the_event_mode_is_inspiration_and_adds_no_pressure(world):
    world.worse("2")
    mode = world.turn.mode
    assert not mode.disabled and mode.layout.display is None
    press_enter(mode.faces, "2")
    assert "Event Mode for inspiration: Domination (no Pressure)" in shown(
        world.turn.mode_note.value
    )
    assert world.game.pressure == 2 and mode.layout.display == "none"  # rolled once
