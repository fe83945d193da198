"""The Impact widgets driven without a browser: clicks are ``.click()``, typing sets ``.value``.

The spy table of the rules' examples (IMP-E02, E05, E06) is played through
the board and the test panel, and what each widget would show is read from
its values. The engine's numbers are its own tests' business; here we check
that the widgets call it, show what it says, and follow undo. A test is set
up as a draft (chips cite into it, nothing is journaled) and journaled once,
when it opens (Open test, or Roll / Enter face, which open and roll at once).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from isowidgets.errors import RuleError
from isowidgets.rules.impact import Effect, ImpactGame, ImpactSettings, rules
from isowidgets.rules.impact.events import TestRolled
from isowidgets.widgets.impact import (
    EFFECT_CHOICES,
    ImpactBoard,
    ImpactTable,
    ImpactTimeline,
    TestPanel,
    chip_view,
    ladder_html,
)

EXPERT = "Expert At Getting Into Places and Into Trouble"
PRESSURE = "I'm At My Best When I'm Under Pressure"
ACCESS = "Access To Every Mechanical Design Known To Man"
OFFICE = "Tidy And Quiet Office With Bauhaus Styling"
TYRE = "Blown Out Tire Is Going To Make Speed And Maneuverability Tricky"


def shown(value: str) -> str:
    """An HTML widget's value as the reader sees it: tags dropped, entities decoded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


class Spy:
    """The spy table and its widgets, with ids looked up by name and text."""

    def __init__(self, tmp_path: Path, **settings: object) -> None:
        self.game = ImpactGame.new(seed=1962, settings=ImpactSettings(**settings))
        self.pierce = self.game.add_pc("Algernon Pierce", [EXPERT, PRESSURE])
        self.ellis = self.game.add_pc("Quartermaster Ellis", [ACCESS])
        self.study = self.game.add_scene("Dr Vauquelin's study", [OFFICE])
        self.goons = self.game.add_npc("The Goons", ["Armed To The Teeth"], impact="D8")
        self.table = ImpactTable(self.game, export_dir=tmp_path / "exports")
        self.board: ImpactBoard = self.table.board
        self.panel: TestPanel = self.table.test_panel
        self.timeline: ImpactTimeline = self.table.timeline

    def detail(self, text: str) -> str:
        return next(d.id for d in self.game.state.details if d.text == text)

    def chip(self, text: str):  # type: ignore[no-untyped-def]
        return self.board.chip(self.detail(text)).chip

    def cite(self, text: str, sign: str | None = None) -> None:
        """Click a Detail's chip, as a player would; when the chip asks which way a Detail
        that may go either way counts, click **+1 helps** or **−1 hinders** as ``sign``."""
        chip = self.board.chip(self.detail(text))
        chip.chip.click()
        if chip.asking:
            assert sign is not None, f"{text!r} asks which way it counts"
            (chip.helps_button if sign == "helps" else chip.hinders_button).click()
            assert not chip.asking
        else:
            assert sign is None, f"{text!r} did not ask: its own polarity decided"

    def draft(self, kind: str = "action", roller: str | None = None, **fields: str) -> None:
        """Set a test up in the panel, as a player would: nothing is journaled."""
        events = len(self.game.journal)
        self.panel.messages.clear()  # read past any earlier refusal
        self.panel.kind.value = kind
        self.panel.roller.value = roller or self.pierce
        for name, value in fields.items():
            getattr(self.panel, name).value = value
        assert self.panel.messages.value == "", self.panel.messages.value
        assert len(self.game.journal) == events and self.game.test is None

    def open(self, kind: str = "action", roller: str | None = None, **fields: str) -> None:
        """Set a test up and open it (journaled once, with what it cites)."""
        self.draft(kind, roller, **fields)
        self.panel.open_button.click()
        assert self.panel.messages.value == "", self.panel.messages.value
        assert self.game.test is not None

    def type_face(self, face: str) -> None:
        self.panel.face.value = face
        self.panel.enter_button.click()

    def current_rung(self, who: str) -> str:
        """The current rung of ``who``'s ladder as it reads, e.g. ``▶ D12 now · start``."""
        found = re.search(
            r'iw-track-level--current"[^>]*>(.*?)</li>', self.board.cards[who].ladder.value
        )
        assert found is not None
        return shown(found.group(1))

    def enabled(self) -> set[str]:
        return {
            step
            for step, buttons in self.panel.steps.items()
            if not any(button.disabled for button in buttons)
        }


@pytest.fixture
def spy(tmp_path: Path) -> Iterator[Spy]:
    table = Spy(tmp_path)
    yield table
    # Whatever a test clicked, no panel may have met a bug (guard shows those as "unexpected").
    shown_now = [p.messages.value for p in (table.board, table.panel, table.timeline, table.table)]
    shown_now.append(table.panel.entry.error.value)
    assert not [value for value in shown_now if "unexpected" in value]


# --------------------------------------------------------------------------- pure views


def test_ladder_marks_the_current_die_by_shape_and_words_not_colour():
    html = ladder_html(4, name="Pierce")  # the kit's Track: ▶, "now", aria-current
    assert html.count("iw-track-level--current") == 1 and html.count('aria-current="step"') == 1
    assert "▶ D12" in html and ">now · start<" in html
    assert [d for d in ("D4", "D6", "D8", "D10", "D12", "D20") if f">{d}<" in html] == [
        "D4",
        "D6",
        "D8",
        "D10",
        "D20",
    ]  # every other rung is shown plainly
    fallen = ladder_html(-1, role="pc", name="Torek")
    assert "iw-track-level--current" not in fallen and "aria-current" not in fallen
    assert (
        "ineffectual" in fallen and "cannot roll" in fallen and "lend Character Details" in fallen
    )
    assert "defeated" in ladder_html(-1, role="npc")
    banked = ladder_html(6, name="Pierce")
    assert "▶ D20" in banked and "+1 banked" in banked
    assert "no Impact Die" in ladder_html(None)


def test_chip_view_reads_cited_citable_and_not_citable(spy: Spy):
    game = spy.game
    expert = game.state.detail(spy.detail(EXPERT))
    idle = chip_view(expert, owner_name="Pierce", test=None, options=None)
    assert (idle.description, idle.clickable) == (EXPERT, False)
    assert "iw-chip--idle" in idle.classes

    draft = rules.draft_test(game.state, "action", spy.ellis, difficulty="Difficult")
    refused = chip_view(expert, owner_name="Pierce", test=draft, options=None, editable=True)
    assert refused.description.startswith("⊘ ") and not refused.clickable
    access = game.state.detail(spy.detail(ACCESS))
    only_hinders = chip_view(
        access, owner_name="Ellis", test=draft, options=("hinders",), editable=True
    )
    assert only_hinders.sign == "hinders" and "hindering (−1)" in only_hinders.tooltip
    draft = rules.cite(game.state, draft, access.id)
    cited = chip_view(access, owner_name="Ellis", test=draft, options=None, editable=True)
    assert cited.description.startswith("✔ +1 ") and cited.clickable
    assert "iw-chip--helps" in cited.classes
    game.open_draft(draft)  # journaled with its citation, which no click changes now
    opened = chip_view(access, owner_name="Ellis", test=game.test, options=None)
    assert opened.description.startswith("✔ +1 ") and not opened.clickable
    assert "cited in this roll" in opened.tooltip and "iw-chip--idle" in opened.classes


# --------------------------------------------------------------------------- the safe


@pytest.mark.rule("IMP-R06", "IMP-R08", "IMP-R09", "IMP-E02")
def test_cite_two_details_type_a_face_and_see_the_success(spy: Spy):
    spy.draft(difficulty="Difficult")
    events = len(spy.game.journal)
    assert not spy.panel.roll_button.disabled and not spy.panel.open_button.disabled
    assert not spy.panel.add_helper_button.disabled
    assert spy.enabled() == {"roll"}  # Roll opens the test set up and rolls it
    # Only what the rules allow is clickable: Ellis is not helping yet.
    assert spy.chip(ACCESS).disabled and spy.chip(ACCESS).description.startswith("⊘ ")
    assert not spy.chip(EXPERT).disabled and spy.chip(EXPERT).description.startswith("○ ")

    spy.cite(EXPERT, "helps")
    spy.cite(OFFICE, "helps")
    assert spy.chip(EXPERT).description.startswith("✔ +1 ")
    assert spy.chip(OFFICE).description.startswith("✔ +1 ")
    assert "iw-chip--helps" in spy.chip(OFFICE)._dom_classes
    plan = spy.panel.plan.value
    assert "Rolls a D8" in plan and "does not cap it" in plan
    assert "net +2" in plan and "Odds of success: 37.5%" in plan
    assert spy.panel.roll_button.description == "⚄ Roll D8"
    spy.chip(OFFICE).click()  # a second click uncites
    assert spy.chip(OFFICE).description.startswith("○ ")
    assert "Odds of success: 25%" in spy.panel.plan.value
    spy.cite(OFFICE, "helps")

    spy.panel.helper.value = spy.ellis
    spy.panel.add_helper_button.click()
    assert "Quartermaster Ellis" in spy.panel.helpers.value
    assert not spy.chip(ACCESS).disabled
    spy.cite(ACCESS)  # a helper lends it: only +1 counts, no question asked
    assert "Odds of success: 50%" in spy.panel.plan.value
    assert len(spy.game.journal) == events  # setting up journals nothing

    spy.type_face("5")
    result = spy.panel.result.value
    assert "✎ typed" in result and "5 + 3 = 8: Success" in result and "✔ Success" in result
    opened, rolled_entry = spy.game.journal.entries[-2:]
    assert opened.action == rolled_entry.action  # opened and rolled as one action
    assert opened.event.helpers == (spy.ellis,)
    assert [c.detail for c in opened.event.citations] == [
        spy.detail(EXPERT),
        spy.detail(OFFICE),
        spy.detail(ACCESS),
    ]
    assert spy.enabled() == {"choose_effect", "finish"}
    assert spy.panel.effect_row.layout.display is None
    assert spy.panel.roll_row.layout.display == "none"
    assert spy.panel.face.value == ""  # cleared for the next roll
    rolled = [e.event for e in spy.game.journal if isinstance(e.event, TestRolled)]
    assert rolled[-1].roll.source == "typed"

    assert [kind for _, kind in EFFECT_CHOICES][:2] == ["new_detail", "remove_detail"]
    spy.panel.effect_kind.value = "new_detail"
    spy.panel.effect_target.value = spy.pierce
    spy.panel.effect_text.value = "Pocketful Of Doomsday Plans"
    spy.panel.effect_hint.value = "helps"
    spy.panel.choose_button.click()
    assert spy.panel.messages.value == ""
    assert "established 'Pocketful Of Doomsday Plans'" in shown(spy.panel.result.value)
    chip = spy.chip("Pocketful Of Doomsday Plans")
    assert "◷ temp" in chip.description and "iw-chip--temporary" in chip._dom_classes
    assert spy.game.test is None and spy.enabled() == {"roll"}  # the next test, set up
    assert not spy.panel.open_button.disabled
    assert "Odds of success: 12.5%" in spy.panel.plan.value  # the next test starts afresh


@pytest.mark.rule("IMP-R15")
def test_a_hit_moves_the_ladder_and_the_timeline_and_undo_rebuilds_it(spy: Spy):
    assert spy.current_rung(spy.pierce) == "▶ D12 now · start"
    before = spy.timeline.points(spy.pierce)
    figure_trace = spy.timeline.figure.data[0]

    spy.board.cards[spy.pierce].hit.click()
    assert spy.board.messages.value == ""
    assert spy.current_rung(spy.pierce) == "▶ D10 now"
    assert "Impact D10" in spy.board.cards[spy.pierce].head.value
    assert spy.timeline.points(spy.pierce) == before + 1
    assert spy.timeline.figure.data[0] is figure_trace  # grown in place, not re-created
    assert figure_trace.y[-1] == 3  # D10 is ladder step 3
    assert figure_trace.line.shape == "hv"
    symbols = {trace.marker.symbol for trace in spy.timeline.figure.data}
    assert len(symbols) == len(spy.timeline.figure.data)  # one marker shape per character

    spy.table.undo_button.click()
    assert spy.current_rung(spy.pierce) == "▶ D12 now · start"
    assert spy.timeline.points(spy.pierce) == before
    assert tuple(figure_trace.y) == (4,)
    spy.table.redo_button.click()
    assert spy.timeline.points(spy.pierce) == before + 1


def test_engine_errors_are_shown_in_the_panel_and_change_nothing(spy: Spy):
    spy.draft(difficulty="Difficult")
    events = len(spy.game.journal)
    spy.type_face("9")  # a D8 has no 9: explained beside the face box
    error = spy.panel.entry.error
    assert "iw-msg--error" in error.value and "9" in error.value
    assert "a d8 shows 1–8" in error.value and "test-" not in error.value
    spy.type_face("")
    assert "type the face rolled at the table first" in error.value
    assert len(spy.game.journal) == events and spy.game.test is None  # nothing opened
    assert spy.panel.face.value == ""

    # A disabled chip clicked anyway (``.click()`` ignores ``disabled``): the rules refuse.
    spy.chip(ACCESS).click()
    refusal = spy.board.messages.value
    assert "not helping" in refusal and "name Quartermaster Ellis among the helpers" in refusal
    assert "char-" not in refusal and "det-" not in refusal  # names, not ids
    assert len(spy.game.journal) == events
    # The next good click clears the message.
    spy.cite(EXPERT, "helps")
    assert spy.board.messages.value == ""

    spy.panel.open_button.click()
    assert spy.game.test is not None and spy.game.test.cited() == (spy.detail(EXPERT),)
    assert spy.enabled() == {"roll", "cancel_test"}
    assert spy.chip(OFFICE).disabled  # journaled with what it cites: no click changes it
    spy.chip(OFFICE).click()
    assert "was journaled with the Details it cites" in spy.board.messages.value
    spy.panel.cancel_button.click()
    spy.panel.finish_button.click()  # nothing open: refused, in words
    assert "no test is open" in spy.panel.messages.value


@pytest.mark.rule("IMP-E06", "IMP-A02")
def test_the_chase_complication_accepted_then_the_warning_at_d20(spy: Spy):
    """IMP-E06: a failed shove, the blown tyre accepted: a Temporary Detail and a step up."""
    spy.draft(difficulty="Tricky")
    spy.cite(PRESSURE, "helps")
    spy.type_face("3")
    assert "✖ Failure" in spy.panel.result.value
    assert spy.panel.failure_rows.layout.display is None
    assert spy.panel.cost_row.layout.display == "none"  # only Avoid Harm has a cost
    assert spy.enabled() == {"offer_complication", "spend", "finish"}
    assert spy.panel.finish_button.description == "Finish: the Failure stands"

    spy.panel.complication.value = TYRE
    spy.panel.offer_button.click()
    assert {"accept_complication", "decline_complication"} <= spy.enabled()
    assert TYRE in spy.panel.result.value and "accept it" in spy.panel.result.value
    spy.panel.accept_button.click()
    assert spy.current_rung(spy.pierce) == "▶ D20 now"
    tyre = spy.chip(TYRE)
    assert "◷ temp" in tyre.description

    # At D20 the next earned step would be lost: the panel says so before accepting.
    spy.draft(difficulty="Tricky")
    spy.type_face("1")
    spy.panel.complication.value = "Sirens In The Distance"
    spy.panel.offer_button.click()
    assert "iw-msg--warning" in spy.panel.messages.value
    assert "will be lost" in spy.panel.messages.value
    spy.panel.decline_button.click()
    assert "iw-msg--warning" not in spy.panel.messages.value


@pytest.mark.rule("IMP-R17")
def test_spend_a_step_turns_a_failure_into_a_success(spy: Spy):
    spy.draft(difficulty="Impossible")
    spy.type_face("2")
    spy.panel.spend_button.click()
    assert "(spent a step)" in spy.panel.result.value
    assert spy.current_rung(spy.pierce) == "▶ D10 now"
    assert spy.enabled() == {"choose_effect", "finish"}


@pytest.mark.rule("IMP-R12", "IMP-A01")
def test_avoid_harm_cost_and_great_success(spy: Spy):
    """IMP-R12: the threat's Impact Die is the die; the announced cost; a Great Success."""
    spy.draft("avoid_harm", threat=spy.goons, cost="Winged By A Bullet")
    plan = spy.panel.plan.value
    assert "The Goons's Impact Die gives a D8 task" in plan
    assert spy.panel.difficulty.layout.display == "none"
    spy.cite("Armed To The Teeth")  # the adversary's Detail: only −1 counts here
    assert spy.chip("Armed To The Teeth").description.startswith("✔ −1 ")
    assert "iw-chip--hinders" in spy.chip("Armed To The Teeth")._dom_classes
    spy.type_face("2")
    assert spy.panel.cost_row.layout.display is None
    assert spy.panel.finish_button.description == "Finish: take the cost"
    spy.panel.cost_text.value = "Winged In The Shoulder"
    spy.panel.take_cost_button.click()
    assert "Winged In The Shoulder" in spy.chip("Winged In The Shoulder").description
    assert spy.current_rung(spy.pierce) == "▶ D12 now · start"  # the cost was a Detail

    spy.draft("avoid_harm", threat=spy.goons, cost="")
    spy.type_face("8")
    assert spy.enabled() == {"declare_great_success", "finish"}
    spy.panel.great_button.click()
    assert "★ Great Success" in spy.panel.result.value
    spy.panel.effect_kind.value = "step_down"
    assert spy.panel.effect_target.value == spy.goons  # the foe is offered first
    spy.panel.choose_button.click()
    assert spy.panel.messages.value == ""
    assert spy.current_rung(spy.goons) == "▶ D6 now"


@pytest.mark.rule("IMP-R04", "IMP-R05")
def test_difficulty_changed_while_set_up_and_the_cap_explained(spy: Spy):
    spy.game.set_impact(spy.pierce, "D6")
    spy.draft(difficulty="Tricky")
    events = len(spy.game.journal)
    assert "capped to <b>D6</b> by Algernon Pierce's Impact Die D6" in spy.panel.plan.value
    spy.cite(EXPERT, "helps")
    spy.panel.difficulty.value = "Impossible"
    assert len(spy.game.journal) == events  # set up, not journaled
    assert "Rolls a D4" in spy.panel.plan.value and "does not cap it" in spy.panel.plan.value
    assert spy.chip(EXPERT).description.startswith("✔ +1 ")  # the citation carries over
    spy.panel.open_button.click()
    assert spy.game.test.difficulty == "Impossible"
    assert [e.kind for e in spy.game.journal.entries[events:]] == ["test_opened"]
    assert spy.panel.kind.disabled and spy.panel.roller.disabled and spy.panel.difficulty.disabled


@pytest.mark.rule("IMP-R01", "IMP-A17")
def test_add_disable_and_remove_details_from_the_board(spy: Spy):
    board = spy.board
    board.owner.value = spy.study
    board.text.value = "Guard Dog Asleep Under The Desk"
    board.temporary.value = True
    board.add_button.click()
    assert board.messages.value == "" and board.text.value == ""
    chip = board.chip(spy.detail("Guard Dog Asleep Under The Desk"))
    assert "◷ temp" in chip.chip.description
    chip.toggle.click()
    assert chip.chip.description.endswith("(off)") and chip.toggle.description == "▶ Enable"
    assert "iw-chip--inactive" in chip.chip._dom_classes
    spy.draft(difficulty="Difficult")
    assert chip.chip.disabled and chip.chip.description.startswith("⊘ ")
    chip.toggle.click()
    assert not chip.chip.disabled
    spy.cite("Guard Dog Asleep Under The Desk", "helps")
    assert "net +1" in spy.panel.plan.value
    chip.remove.click()  # a Detail cited in the draft drops out of it when removed
    assert chip.detail_id not in {d.id for d in spy.game.state.details}
    assert "No Details cited" in spy.panel.plan.value and spy.panel.messages.value == ""
    with pytest.raises(KeyError):
        board.chip(chip.detail_id)

    board.owner.value = spy.study
    board.text.value = "Bauhaus Chairs"
    board.temporary.value = False
    board.add_button.click()  # a scene gets a Scene Detail by default
    assert spy.game.state.detail(spy.detail("Bauhaus Chairs")).kind == "scene"
    board.owner.value = spy.pierce
    board.text.value = "Bruised Ego"
    board.add_button.click()  # a character gets a Character Detail by default
    assert spy.game.state.detail(spy.detail("Bruised Ego")).kind == "character"
    board.text.value = "   "
    board.add_button.click()  # refused by the engine, explained on the board
    assert "non-empty string" in board.messages.value and "iw-msg--error" in board.messages.value


def test_table_buttons_between_tests_follow_the_steps(spy: Spy):
    """Rest, next session and new adventure are steps between tests: offered then only."""
    buttons = (spy.table.rest_button, spy.table.session_button, spy.table.adventure_button)
    assert not any(button.disabled for button in buttons)
    spy.open(difficulty="Tricky")
    assert all(button.disabled for button in buttons)
    spy.panel.cancel_button.click()
    assert not any(button.disabled for button in buttons)


def test_table_repr_is_short_and_close_stops_following(spy: Spy):
    assert repr(spy.table).startswith("ImpactTable(<ImpactGame")
    assert "\n" not in repr(spy.table)
    spy.table.close()
    points = spy.timeline.points(spy.pierce)
    spy.game.damage(spy.pierce)
    assert spy.timeline.points(spy.pierce) == points


def test_a_resumed_journal_shows_the_test_where_it_stopped(tmp_path: Path):
    path = tmp_path / "spy.jsonl"
    game = ImpactGame.new(path, seed=3)
    pierce = game.add_pc("Algernon Pierce", [EXPERT])
    game.action(pierce, "Difficult", helps=[game.state.details[0].id])
    game.roll(7)
    game.journal.close()

    resumed = ImpactGame.resume(path)
    panel = TestPanel(resumed)
    assert "7 + 1 = 8: Success" in panel.result.value
    assert not panel.choose_button.disabled and panel.roll_button.disabled
    timeline = ImpactTimeline(resumed)
    assert timeline.points(pierce) == 1


@pytest.mark.rule("IMP-R16")
def test_an_ineffectual_character_cannot_roll_but_still_lends_details(spy: Spy):
    """IMP-R16 (Torek): below D4 no rolls, but Character Details can still help others."""
    for _ in range(5):
        spy.board.cards[spy.ellis].hit.click()
    ladder = shown(spy.board.cards[spy.ellis].ladder.value)
    assert "ineffectual" in ladder and "cannot roll" in ladder
    assert "iw-track-level--current" not in spy.board.cards[spy.ellis].ladder.value
    spy.board.cards[spy.ellis].hit.click()  # nothing below ineffectual: refused, in words
    assert "already ineffectual" in spy.board.messages.value

    spy.panel.roller.value = spy.ellis
    assert "Cannot open this test now" in spy.panel.preview.value
    assert "ineffectual" in spy.panel.preview.value
    spy.panel.open_button.click()
    assert "ineffectual" in spy.panel.messages.value and spy.game.test is None

    spy.draft(difficulty="Difficult")
    spy.panel.helper.value = spy.ellis
    spy.panel.add_helper_button.click()
    spy.cite(ACCESS)  # a helper lends it: only +1 counts, no question asked
    assert spy.chip(ACCESS).description.startswith("✔ +1 ")


@pytest.mark.rule("IMP-R13")
def test_foil_the_adversary_plan(spy: Spy):
    """IMP-R13: the players roll against the adversary's plan; its Details count against."""
    spy.draft("foil", threat=spy.goons, difficulty="Tricky")
    assert spy.panel.threat.description == "Adversary"
    assert spy.panel.cost.layout.display == "none"
    assert spy.chip("Armed To The Teeth").description.startswith("○ ")
    spy.cite("Armed To The Teeth")  # only "hinders" is allowed: no question asked
    assert spy.chip("Armed To The Teeth").description.startswith("✔ −1 ")
    spy.type_face("9")
    assert "plan is foiled" in shown(spy.panel.result.value)
    assert spy.game.test is None


# --------------------------------------------------------------------------- plot, dice and rewards


@pytest.mark.rule("IMP-A02")
def test_switching_to_bank_mid_game_keeps_the_banked_point_on_the_plot():
    """IMP-A02: the banked rung appears when bank is switched on, and goes on undo."""
    game = ImpactGame.new(seed=4)
    timeline = ImpactTimeline(game)
    hero = game.add_pc("Hero", impact="D20")
    yaxis = timeline.figure.layout.yaxis
    assert tuple(yaxis.range) == (-1.5, 5.5) and "D20 +1 banked" not in yaxis.ticktext
    game.change_settings(impact_overflow_at_d20="bank")
    game.heroic_act(hero)
    assert timeline.figure.data[0].y[-1] == 6  # banked
    assert yaxis.range[0] < 6 < yaxis.range[1]
    assert yaxis.ticktext[list(yaxis.tickvals).index(6)] == "D20 +1 banked"
    # Back to "cap": the banked point is still drawn, so its rung stays.
    game.change_settings(impact_overflow_at_d20="cap")
    assert yaxis.range[0] < 6 < yaxis.range[1]
    game.undo()  # "cap" taken back
    game.undo()  # the banked step taken back; "bank" is still in force, so is the rung
    assert tuple(timeline.figure.data[0].y) == (5,) and 6 in yaxis.tickvals
    game.undo()  # "bank" taken back: the rung goes
    assert tuple(yaxis.range) == (-1.5, 5.5) and 6 not in yaxis.tickvals
    assert "unexpected" not in timeline.messages.value


@pytest.mark.rule("IMP-A14")
def test_a_scene_die_picked_on_its_card_lets_the_table_avoid_harm_from_it(spy: Spy):
    """IMP-A14: a scene has no Impact Die until the GM sets one; the card sets it."""
    card = spy.board.cards[spy.study]
    assert card.die_picker is not None and card.die_picker.value == "none"
    assert "iw-impact-scene-die" in card.die_picker._dom_classes
    assert "iw-impact-set-die" in card.set_die._dom_classes
    assert spy.board.cards[spy.pierce].die_picker is None  # characters: ▼/▲ buttons instead
    spy.panel.kind.value = "avoid_harm"
    spy.panel.roller.value = spy.pierce
    spy.panel.threat.value = spy.study
    spy.panel.open_button.click()
    assert "has no Impact Die" in spy.panel.messages.value and spy.game.test is None

    card.die_picker.value = "D6"
    card.set_die.click()
    assert spy.board.messages.value == ""
    assert spy.game.state.scene(spy.study).impact == "D6"
    assert "Impact D6" in card.head.value and spy.current_rung(spy.study) == "▶ D6 now"
    assert spy.game.journal.entries[-1].kind == "impact_changed"
    card.set_die.click()  # the same die again: nothing journaled, and the board says so
    assert "already has D6" in spy.board.messages.value
    spy.open("avoid_harm", threat=spy.study)
    assert "Impact Die gives a D6 task" in spy.panel.plan.value
    spy.panel.cancel_button.click()

    spy.board.hit(spy.pierce)  # an unrelated action leaves a die being picked alone
    card.die_picker.value = "D10"
    spy.board.cards[spy.pierce].hit.click()
    assert card.die_picker.value == "D10"
    card.die_picker.value = "none"
    card.set_die.click()
    assert spy.game.state.scene(spy.study).step is None
    spy.table.undo_button.click()  # the picker follows the die back
    assert card.die_picker.value == "D6"


@pytest.mark.rule("IMP-R18")
def test_heroic_acts_are_offered_on_pc_cards_only(spy: Spy):
    """IMP-R18c rewards a PC: an NPC's card has ▼ Hit but no ▲ Heroic act."""
    pc_buttons = spy.board.cards[spy.pierce].children[-1].children
    npc_buttons = spy.board.cards[spy.goons].children[-1].children
    assert [b.description for b in pc_buttons] == ["▼ Hit (−1 step)", "▲ Heroic act (+1 step)"]
    assert [b.description for b in npc_buttons] == ["▼ Hit (−1 step)"]
    with pytest.raises(RuleError, match=r"player character \(IMP-R18\).*NPC adversary"):
        spy.board.heroic(spy.goons)  # called from code anyway: the engine refuses


@pytest.mark.rule("IMP-R14", "IMP-R18", "IMP-R20")
def test_self_created_complication_opening_scene_and_new_adventure_from_the_table(spy: Spy):
    """IMP-R18b, IMP-R20 and IMP-R14 reachable by clicks."""
    board = spy.board
    board.owner.value = spy.pierce
    assert [v for _, v in board.tied.options] == [spy.detail(EXPERT), spy.detail(PRESSURE)]
    assert "iw-impact-tied-detail" in board.tied._dom_classes
    assert "iw-impact-opening-scene" in board.opening_button._dom_classes
    board.tied.value = spy.detail(PRESSURE)
    board.text.value = "Sent Alone Into The Embassy"
    board.opening_button.click()
    assert board.messages.value == "" and board.text.value == ""
    assert spy.current_rung(spy.pierce) == "▶ D20 now"
    assert spy.game.state.character(spy.pierce).opening_scene
    board.opening_button.click()
    assert "already had an opening scene" in board.messages.value

    board.owner.value = spy.ellis
    board.text.value = "Grumbled At The Minister"
    board.hint.value = "hinders"
    board.complication_button.click()
    assert board.messages.value == ""
    assert "iw-impact-self-complication" in board.complication_button._dom_classes
    grumbled = spy.game.state.detail(spy.detail("Grumbled At The Minister"))
    assert (grumbled.kind, grumbled.owner, grumbled.hint) == ("temporary", spy.ellis, "hinders")
    assert grumbled.related == spy.detail(ACCESS)
    assert spy.current_rung(spy.ellis) == "▶ D20 now"

    board.owner.value = spy.goons
    board.text.value = "Out Of Ammunition"
    board.complication_button.click()  # an NPC: refused, in words, nothing journaled
    assert "player character" in board.messages.value and "NPC adversary" in board.messages.value

    spy.draft(difficulty="Simple")
    spy.type_face("9")
    spy.panel.finish_button.click()
    board.owner.value = spy.ellis
    board.tied.value = spy.detail(ACCESS)
    board.opening_button.click()  # the adventure is under way
    assert "before the first test of an adventure is rolled" in board.messages.value
    assert "iw-impact-new-adventure" in spy.table.adventure_button._dom_classes
    spy.table.adventure_button.click()
    assert spy.table.messages.value == "" and spy.game.state.adventure == 2
    assert spy.current_rung(spy.pierce) == "▶ D12 now · start"
    board.opening_button.click()
    assert board.messages.value == "" and spy.current_rung(spy.ellis) == "▶ D20 now"

    board.owner.value = spy.study  # a scene has Details, but no player to approve a step
    board.text.value = "Lights Out"
    board.complication_button.click()
    assert "which is a scene" in board.messages.value


# --------------------------------------------------------------------------- kinds, plans, helpers


@pytest.mark.rule("IMP-R01")
def test_r01_the_kind_tool_marks_a_detail_temporary_and_lasting_again(spy: Spy):
    """IMP-R01: ◷ on a chip marks a Detail temporary (a journaled event), and back; the
    state reads in the chip's words and the tool's glyph, not by colour."""
    chip = spy.board.chip(spy.detail(EXPERT))
    assert chip.kind_tool.description == "◷ Temporary" and "mark" in chip.kind_tool.tooltip
    assert "temporary" in chip.kind_tool.tooltip
    assert "Character Detail" in chip.kind_tool.tooltip
    chip.kind_tool.click()
    assert spy.board.messages.value == ""
    assert spy.game.state.detail(chip.detail_id).kind == "temporary"
    assert spy.game.journal.entries[-1].kind == "detail_kind_changed"
    assert "◷ temp" in chip.chip.description and "iw-chip--temporary" in chip.chip._dom_classes
    assert chip.kind_tool.description == "◷✓ Temporary"
    assert "iw-chip-tool--on" in chip.kind_tool._dom_classes
    assert "lasting Character Detail again" in chip.kind_tool.tooltip
    chip.kind_tool.click()
    assert spy.game.state.detail(chip.detail_id).kind == "character"
    assert "◷ temp" not in chip.chip.description
    assert "iw-chip-tool--on" not in chip.kind_tool._dom_classes

    office = spy.board.chip(spy.detail(OFFICE))  # a scene's Detail: Scene ↔ Temporary
    assert "Scene Detail" in office.kind_tool.tooltip
    office.kind_tool.click()
    assert spy.game.state.detail(office.detail_id).kind == "temporary"
    spy.table.undo_button.click()
    assert spy.game.state.detail(office.detail_id).kind == "scene"
    assert office.kind_tool.description == "◷ Temporary"


@pytest.mark.rule("IMP-R06", "IMP-R07")
def test_r07_chips_of_another_characters_temporary_detail_follow_the_engine(spy: Spy):
    """IMP-R06, IMP-R07: while Ellis rolls, Pierce's Temporary Detail cannot be cited
    until Pierce helps; the board asks the engine (citable()) which chips to offer."""
    plans = spy.game.add_detail(spy.pierce, "Pocketful Of Doomsday Plans", kind="temporary")
    spy.draft(roller=spy.ellis, difficulty="Difficult")
    chip = spy.board.chip(plans).chip
    assert chip.disabled and chip.description.startswith("⊘ ")
    chip.click()  # clicked anyway: the engine refuses, in words
    assert "neither rolling nor helping" in spy.board.messages.value
    spy.panel.helper.value = spy.pierce
    spy.panel.add_helper_button.click()
    assert not chip.disabled and chip.description.startswith("○ ")
    spy.cite("Pocketful Of Doomsday Plans", "helps")
    assert chip.description.startswith("✔ +1 ")
    assert "(Algernon Pierce)" in spy.panel.plan.value


@pytest.mark.rule("IMP-R13")
def test_r13_a_foil_opened_from_the_panel_carries_the_plan_it_fails_into(spy: Spy):
    """IMP-R13: the panel names what the adversary's plan does if the roll fails."""
    panel = spy.panel
    panel.kind.value = "foil"
    assert panel.intent_row.layout.display is None  # shown for a Foil only
    assert panel.intent.kind.value == "none" and panel.intent.target.layout.display == "none"
    panel.intent.kind.value = "step_down"
    panel.intent.target.value = spy.pierce
    spy.draft("foil", threat=spy.goons, difficulty="Tricky")
    plan = shown(panel.plan.value)
    assert "If the roll fails, The Goons's plan steps Algernon Pierce's Impact Die down" in plan

    # The GM changes the plan before the test opens: the draft follows the inputs.
    panel.intent.kind.value = "new_detail"
    panel.intent.target.value = spy.goons
    panel.intent.text.value = "I Know A Shortcut"
    assert panel.messages.value == "" and spy.game.test is None
    assert "establishes the Temporary Detail “I Know A Shortcut”" in shown(panel.plan.value)
    panel.open_button.click()
    assert spy.game.test is not None
    assert spy.game.test.intent == Effect.new_detail("I Know A Shortcut", spy.goons)
    assert panel.intent_row.layout.display == "none"  # opened: the plan is journaled

    spy.type_face("2")
    panel.finish_button.click()
    assert "I Know A Shortcut" in {d.text for d in spy.game.state.details_of(spy.goons)}
    assert "plan succeeds: established 'I Know A Shortcut'" in shown(panel.result.value)


@pytest.mark.rule("IMP-R13")
def test_r13_a_foil_with_no_plan_named_and_a_bad_plan_refused(spy: Spy):
    panel = spy.panel
    panel.kind.value = "foil"
    panel.intent.kind.value = "new_detail"  # with no wording: the engine refuses
    panel.roller.value = spy.pierce
    panel.threat.value = spy.goons
    panel.open_button.click()
    assert "needs the text" in panel.messages.value and spy.game.test is None
    panel.intent.kind.value = "none"
    spy.open("foil", threat=spy.goons, difficulty="Tricky")
    assert spy.game.test is not None and spy.game.test.intent is None
    assert "succeeds, as the GM narrates" in shown(panel.plan.value)


@pytest.mark.rule("IMP-A11")
def test_a11_highest_impact_lets_the_engine_pick_the_foil_roller(tmp_path: Path):
    """IMP-A11: under foil_roller = "highest_impact" the panel opens a Foil with no roller
    named, and the engine picks the PC with the highest Impact Die."""
    spy = Spy(tmp_path, foil_roller="highest_impact")
    spy.game.heroic_act(spy.ellis)  # Ellis D20, Pierce D12
    panel = spy.panel
    panel.kind.value = "foil"
    assert panel.roller.value == "auto"
    assert "highest Impact Die" in dict((v, k) for k, v in panel.roller.options)["auto"]
    panel.threat.value = spy.goons
    panel.difficulty.value = "Tricky"
    assert "Cannot open" not in panel.preview.value and "a D10, 30%" in panel.preview.value
    panel.open_button.click()
    assert panel.messages.value == ""
    assert spy.game.test is not None and spy.game.test.actor == spy.ellis
    assert panel.roller.value == spy.ellis
    panel.cancel_button.click()
    panel.kind.value = "action"
    assert "auto" not in [value for _, value in panel.roller.options]

    plain = Spy(tmp_path / "plain")
    plain.panel.kind.value = "foil"
    assert "auto" not in [value for _, value in plain.panel.roller.options]


@pytest.mark.rule("IMP-R06")
def test_r06_npc_adversaries_are_not_offered_as_helpers(spy: Spy):
    """IMP-R06: helpers are PCs; the engine refuses an NPC, and the panel never offers one."""
    spy.draft(difficulty="Difficult")
    assert spy.goons not in [value for _, value in spy.panel.helper.options]
    with pytest.raises(RuleError, match="is an NPC adversary"):
        rules.add_helper(spy.game.state, spy.panel.drafting.draft(), spy.goons)
