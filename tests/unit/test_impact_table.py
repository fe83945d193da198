"""The Impact table on the shared kit, and what a GM tripped over at it (issue 12).

Without a browser: clicks are ``.click()``, Enter in a kit text box is the ``submit``
message the browser sends. The spy caper's cast, with Pierce's blown tyre (a
Complication that usually hinders), is set up as the notebook leaves it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from isowidgets.dice import D6, D8, Dice, Pool
from isowidgets.errors import FacesError
from isowidgets.rules.impact import ImpactGame, rules
from isowidgets.widgets.impact import ImpactTable, citation_sign, table_words
from isowidgets.widgets.log import LogView
from isowidgets.widgets.panel import saved_text
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.widgets.track import Track

EXPERT = "Expert At Getting Into Places and Into Trouble"
PRESSURE = "I'm At My Best When I'm Under Pressure"
ACCESS = "Access To Every Mechanical Design Known To Man"
OFFICE = "Tidy And Quiet Office With Bauhaus Styling"
ARMED = "Armed To The Teeth"
TYRE = "Blown Out Tire Is Going To Make Speed And Maneuverability Tricky"
IDS = re.compile(r"\b(?:char|scene|det|test)-\d+\b")


def shown(value: str) -> str:
    """An HTML widget's value as the reader sees it: tags dropped, entities decoded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def press_enter(box: SubmitText, text: str) -> None:
    """What the browser sends when Enter is pressed in the box showing ``text``."""
    box._handle_custom_msg({"event": "submit", "value": text}, [])


class Caper:
    """The spy table after the chase: Pierce carries the blown tyre (usually hinders)."""

    def __init__(self, tmp_path: Path) -> None:
        self.game = game = ImpactGame.new(seed=1962)
        self.pierce = game.add_pc("Algernon Pierce", [EXPERT, PRESSURE])
        self.ellis = game.add_pc("Quartermaster Ellis", [ACCESS])
        self.study = game.add_scene("Dr Vauquelin's study", [OFFICE])
        self.goons = game.add_npc("The Goons", [ARMED], impact="D8")
        game.action(self.pierce, "Tricky")
        game.roll(3)
        game.offer_complication(TYRE)
        game.accept_complication()  # Pierce D12 → D20, and the tyre on him
        self.table = ImpactTable(game, export_dir=tmp_path / "exports")
        self.board = self.table.board
        self.panel = self.table.test_panel

    def detail(self, text: str) -> str:
        return next(d.id for d in self.game.state.details if d.text == text)

    def chip(self, text: str) -> Any:
        return self.board.chip(self.detail(text))

    def set_up(self, roller: str, difficulty: str) -> None:
        self.panel.kind.value = "action"
        self.panel.roller.value = roller
        self.panel.difficulty.value = difficulty

    def plan(self) -> str:
        return shown(self.panel.plan.value)


@pytest.fixture
def caper(tmp_path: Path) -> Iterator[Caper]:
    table = Caper(tmp_path)
    yield table
    panels = (table.board, table.panel, table.table.timeline, table.table)
    values = [p.messages.value for p in panels] + [table.panel.entry.error.value]
    assert not [value for value in values if "unexpected" in value]


# --------------------------------------------------------------------------- the sign of a citation


@pytest.mark.rule("IMP-R02", "IMP-R07", "IMP-R10")
def test_a_complication_that_usually_hinders_is_cited_as_minus_one(caper: Caper):
    """The GM clicked "Blown Out Tire…" and it counted +1: its own polarity decides now."""
    caper.set_up(caper.pierce, "Tricky")
    assert "Odds of success: 30%" in caper.plan()  # a D10 with nothing cited
    tyre = caper.chip(TYRE)
    assert "usually hinders" in tyre.chip.tooltip and "hindering (−1)" in tyre.chip.tooltip
    tyre.chip.click()
    assert not tyre.asking  # no question: it usually hinders
    assert tyre.chip.description.startswith("✔ −1 ")
    assert "iw-chip--hinders" in tyre.chip._dom_classes
    assert "Odds of success: 20%" in caper.plan()  # down, never up to 40% or 50%
    assert caper.panel.drafting.draft().cited("hinders") == (caper.detail(TYRE),)
    assert not hasattr(caper.board, "cite_as")  # no table-wide sign picker any more


@pytest.mark.rule("IMP-R02", "IMP-R06")
def test_a_detail_that_can_go_either_way_asks_beside_its_chip(caper: Caper):
    caper.set_up(caper.pierce, "Tricky")
    office = caper.chip(OFFICE)
    assert "click it, then pick +1 helps or −1 hinders" in office.chip.tooltip
    assert office.helps_button.layout.display == "none"  # hidden until asked
    office.chip.click()
    assert office.asking and caper.panel.drafting.draft().cited() == ()
    assert office.helps_button.description == "+1 helps"
    assert office.hinders_button.description == "−1 hinders"
    assert caper.board.focused is office.helps_button  # the keyboard goes to the choice
    office.chip.click()  # a second click takes the question back
    assert not office.asking and caper.panel.drafting.draft().cited() == ()
    office.chip.click()
    office.hinders_button.click()
    assert not office.asking and office.chip.description.startswith("✔ −1 ")
    assert caper.board.focused is office.chip  # back on the chip, which now reads ✔ −1
    assert "Odds of success: 20%" in caper.plan()
    office.chip.click()  # uncite
    assert office.chip.description.startswith("○ ")
    # Only one chip asks at a time; a chip whose Detail can no longer be cited stops asking.
    office.chip.click()
    expert = caper.chip(EXPERT)
    expert.chip.click()
    assert expert.asking and not office.asking
    caper.panel.kind.value = "avoid_harm"
    caper.panel.threat.value = caper.goons
    armed = caper.chip(ARMED)
    armed.chip.click()  # the adversary's Detail: only −1 counts against the roll
    assert not armed.asking and armed.chip.description.startswith("✔ −1 ")


@pytest.mark.rule("IMP-R02")
def test_citation_sign_follows_the_rules_then_the_detail(caper: Caper):
    state = caper.game.state
    tyre, office = state.detail(caper.detail(TYRE)), state.detail(caper.detail(OFFICE))
    assert citation_sign(tyre, ("helps", "hinders")) == "hinders"
    assert citation_sign(office, ("helps", "hinders")) is None  # asks
    assert citation_sign(office, ("hinders",)) == "hinders"  # the rules allow one sign
    assert citation_sign(tyre, ("helps",)) == "helps"
    assert citation_sign(tyre, ()) is None and citation_sign(tyre, None) is None


# --------------------------------------------------------------------------- the face box


def test_enter_in_the_face_box_rolls_and_a_refusal_is_explained_beside_it(caper: Caper):
    caper.set_up(caper.ellis, "Difficult")
    entry = caper.panel.entry
    assert caper.panel.face is entry.faces and isinstance(entry.faces, SubmitText)
    assert {"iw-impact-face", "iw-faces-impact"} <= set(entry.faces._dom_classes)
    events = len(caper.game.journal)
    press_enter(entry.faces, "2 3")
    message = shown(entry.error.value)
    assert "Quartermaster Ellis's roll: 1×d8: expected 1 face (one per die), got 2" in message
    assert "explo" not in message and "faces" not in message.split("got")[0]
    assert not IDS.search(message)  # "Quartermaster Ellis, test-1" was the pool's label
    assert len(caper.game.journal) == events and caper.game.test is None
    press_enter(entry.faces, "9")
    assert "expected 1 face" not in entry.error.value and "a d8 shows 1–8" in entry.error.value
    press_enter(entry.faces, "8")
    assert entry.error.value == "" and caper.game.state.last_test is not None
    assert "✔ Success" in shown(caper.panel.result.value)
    assert caper.game.state.last_test.roll.roll.source == "typed"
    # The test is over: the entry is clean for the next one, no "last roll" mark of it.
    assert entry.last_source is None and entry.source.value == ""
    assert entry.faces.value == ""


def test_faces_error_names_explosions_only_for_a_pool_that_can_explode():
    one = Pool(D8, 1, label="Ellis's roll")
    with pytest.raises(FacesError) as refused:
        Dice(seed=1).roll(one, [2, 3])
    assert "expected 1 face (one per die)" in str(refused.value)
    assert "explo" not in str(refused.value) and "1 faces" not in str(refused.value)
    exploding = Pool(D6, 2, explode_on={6})
    with pytest.raises(FacesError, match=r"expected 3 faces \(2 base \+ 1 from explosions\)") as x:
        Dice(seed=1).roll(exploding, [6, 2, 3, 4])
    assert "one extra die per exploding face" in str(x.value)


# --------------------------------------------------------------------------- words a person reads


def test_the_log_the_results_and_the_messages_name_no_ids(caper: Caper):
    caper.set_up(caper.ellis, "Difficult")
    caper.panel.roll_button.click()
    caper.panel.finish_button.click()
    rows = caper.table.log_view.tail()
    assert rows and not [r for r in rows if IDS.search(r["summary"] + r["faces"])]
    assert any(r["summary"].startswith("Test 2: ") for r in rows)
    assert "Quartermaster Ellis's roll: " in " ".join(r["faces"] for r in rows)
    chips = [chip for card in caper.board.cards.values() for chip in card.chips.values()]
    assert not [c.chip.tooltip for c in chips if IDS.search(c.chip.tooltip)]
    # A refusal reads in names; a tip that is code is left out, a tip in words stays.
    caper.board.owner.value = caper.goons
    caper.board.text.value = "Out Of Ammunition"
    caper.board.complication_button.click()
    refusal = shown(caper.board.messages.value)
    assert "got The Goons, which is an NPC adversary" in refusal
    assert "Algernon Pierce, Quartermaster Ellis" in refusal
    assert not IDS.search(refusal) and "()" not in refusal


def test_table_words_keeps_the_sense_and_drops_ids_and_code():
    assert (
        table_words(
            "'Access' (det-3) is a Character Detail of Bo, who is not helping in test-2. "
            "Tip: name Bo among the helpers (helpers=['char-2']) first, if they help."
        )
        == "'Access' is a Character Detail of Bo, who is not helping in test 2. "
        "Tip: name Bo among the helpers first, if they help."
    )
    assert table_words("no test is open. Tip: open one with action(), avoid_harm().") == (
        "no test is open."
    )
    assert table_words("Hero cannot gain steps. Tip: a rest reset restores them (rest()).") == (
        "Hero cannot gain steps. Tip: a rest reset restores them."
    )
    assert table_words("The Cultist (char-3) is defeated (IMP-A13)") == (
        "The Cultist is defeated (IMP-A13)"
    )


def test_no_doubled_outcome_word_after_a_failure(caper: Caper):
    """ "✖ Failure Failure": the badge says Failure; the summary goes on from there."""
    caper.set_up(caper.ellis, "Difficult")
    caper.panel.face.value = "1"
    caper.panel.enter_button.click()
    caper.panel.finish_button.click()
    result = shown(caper.panel.result.value)
    assert "✖ Failure" in result and "Failure Failure" not in result
    assert result.count("Failure") == 2  # the badge, and the engine's explanation behind it
    assert "✖ Failure rolled 1." in result
    caper.set_up(caper.ellis, "Difficult")
    caper.panel.face.value = "1"
    caper.panel.enter_button.click()
    press_enter(caper.panel.complication, "Coffee Spilled On The Plans")
    caper.panel.accept_button.click()
    result = shown(caper.panel.result.value)
    assert "✖ Failure rolled 1, with the Complication 'Coffee Spilled On The Plans'." in result
    assert "Failure with" not in result.split("How the roll reads")[0]
    caper.set_up(caper.pierce, "Simple")
    caper.panel.face.value = "9"
    caper.panel.enter_button.click()
    caper.panel.finish_button.click()
    assert "✔ Success rolled 9: no effect chosen." in shown(caper.panel.result.value)


def test_before_any_test_is_open_nothing_says_it_is_open(caper: Caper):
    caper.set_up(caper.ellis, "Difficult")
    assert caper.game.test is None
    texts = shown(caper.panel.preview.value + caper.panel.plan.value + caper.panel.result.value)
    assert "Set up, not yet opened" in texts
    assert not re.search(r"\bopen(ed)? now\b|\bis open\b", texts, re.IGNORECASE)


def test_a_notebook_not_yet_run_shows_words_where_the_table_will_be(caper: Caper):
    bundle = caper.table._repr_mimebundle_()
    assert bundle is not None and bundle["text/plain"] == saved_text("ImpactTable")
    assert "Run the notebook's cells to show the ImpactTable here" in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert repr(caper.table).startswith("ImpactTable(<ImpactGame")  # for code, unchanged


# --------------------------------------------------------------------------- the shared kit


def test_the_table_is_built_from_the_shared_kit(caper: Caper):
    table = caper.table
    assert isinstance(table.toolbar, SessionToolbar) and isinstance(table.log_view, LogView)
    assert table.undo_button is table.toolbar.undo_button
    assert "iw-impact-undo" in table.undo_button._dom_classes
    assert not hasattr(table, "journal_table")
    ladder = caper.board.cards[caper.pierce].ladder
    assert isinstance(ladder, Track) and ladder.current == 5  # D20 after the Complication
    assert "▶ D20" in ladder.value and 'aria-current="step"' in ladder.value
    assert "Impact Die: D20 (6 of 6)" in ladder.value
    study = caper.board.cards[caper.study]
    assert study.ladder.layout.display == "none" and "no Impact Die" in study.head.value
    # Board and test panel side by side in one row; the cards scroll on their own.
    main = next(c for c in table.children if "iw-impact-main" in getattr(c, "_dom_classes", ()))
    columns = [set(c._dom_classes) for c in main.children]
    assert columns == [{"iw-impact-board-column"}, {"iw-impact-test-column"}]
    assert "iw-impact-cards" in caper.board.card_box._dom_classes


def test_stale_messages_clear_on_the_next_action_and_on_undo(caper: Caper):
    board, panel = caper.board, caper.panel
    board.owner.value = caper.goons
    board.complication_button.click()  # an NPC: refused
    assert board.messages.kind == "error"
    caper.game.damage(caper.pierce)  # the next action, from a notebook cell
    assert board.messages.value == ""
    caper.set_up(caper.ellis, "Difficult")
    press_enter(panel.face, "0")
    assert panel.entry.error.kind == "error"
    caper.table.undo_button.click()  # the blow taken back
    assert panel.entry.error.value == "" and "undone:" in caper.table.messages.value
    caper.table.rest_button.click()  # the next action clears "undone"
    assert caper.table.messages.value == ""
    press_enter(caper.table.toolbar.note, "Ellis studies the plans")
    assert caper.game.journal.entries[-1].event.describe().endswith("Ellis studies the plans")


def test_every_control_has_a_name_a_screen_reader_can_read(caper: Caper):
    caper.set_up(caper.pierce, "Tricky")
    board = caper.board
    assert board.hint.description == "Usually" and board.text.description == "Detail"
    effect = caper.panel.effect
    assert effect.hint.description == "Usually" and effect.text.description == "Wording"
    assert caper.panel.cost_text.description == "Cost"
    chip = caper.chip(EXPERT)
    words = [chip.kind_tool.description, chip.toggle.description, chip.remove.description]
    assert words == ["◷ Temporary", "‖ Disable", "✕ Remove"]
    assert all(EXPERT in tool.tooltip for tool in (chip.kind_tool, chip.toggle, chip.remove))


# --------------------------------------------------------------------------- the keyboard focus


def test_the_focus_moves_to_the_next_step_and_stays_on_a_chip(caper: Caper):
    panel, board = caper.panel, caper.board
    caper.set_up(caper.pierce, "Tricky")
    press_enter(panel.face, "9")  # 9 on a D10: a Success; the roll row is gone
    assert panel.focused is panel.effect_kind
    panel.finish_button.click()
    assert panel.focused is panel.roll_button  # the next test's Roll
    caper.set_up(caper.pierce, "Impossible")
    panel.face.value = "1"
    panel.enter_button.click()  # a Failure: the GM may offer a Complication
    assert panel.focused is panel.complication
    press_enter(panel.complication, "Sirens In The Distance")  # Enter offers it
    assert caper.game.test is not None and caper.game.test.offer is not None
    # Pierce is at D20 and the step would be lost: accept is still offered under "cap".
    assert panel.focused is panel.accept_button
    panel.decline_button.click()
    assert caper.game.test is None and panel.focused is panel.roll_button
    # Removing a Detail: the focus goes to the next chip of its card.
    expert, pressure = caper.chip(EXPERT), caper.chip(PRESSURE)
    expert.remove.click()
    assert board.focused is pressure.chip
    pressure.remove.click()
    after = [c for c in board.cards[caper.pierce].chips.values()]
    assert board.focused is (after[0].chip if after else board.owner)


def test_enter_in_the_detail_box_adds_the_detail(caper: Caper):
    board = caper.board
    board.owner.value = caper.study
    board.hint.value = "hinders"
    press_enter(board.text, "Guard Dog Asleep Under The Desk")
    added = caper.game.state.detail(caper.detail("Guard Dog Asleep Under The Desk"))
    assert (added.owner, added.hint) == (caper.study, "hinders")
    assert board.text.value == "" and board.messages.value == ""
    assert rules.citation_options(caper.game.state) == {}  # no test: nothing to cite
