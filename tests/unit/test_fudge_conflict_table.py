"""The Danish table without a browser: language, sheets, conflict, chain, let it hurt, plot."""

from __future__ import annotations

import html
import re

import pytest

from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.fudge_conflict.hurt import LastRound, last_round_events
from isowidgets.widgets.fudge_conflict.views import split_faces
from isowidgets.widgets.numbers import percent


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
    glossary = '<td lang="da">At lade dette gøre ondt</td><td lang="en">Let it hurt</td>'
    assert glossary in table.glossary.value  # the rules' glossary, both columns
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
    assert f"Chance of success: {percent(chance)}" in panel.before.value
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
    assert "Mr. Burke: 1 penalty die (scratches)" in rounds.next_round.value
    assert table.plot.points(b) == 1
    table.set_language("da")
    assert "■ </span>Fornuft" in table.sheets.sheet(b).track.value
    assert "Mr. Burke: 1 strafterning (skrammer)" in rounds.next_round.value
    assert table.plot.figure.layout.title.text == "Skade runde for runde"
    # Undo takes the round back everywhere at once.
    table.toolbar.undo_button.click()
    assert "■" not in table.sheets.sheet(b).track.value.replace('aria-hidden="true">□', "")
    assert table.plot.points(b) == 0


def test_split_faces_wants_one_group_per_roller_in_order():
    assert split_faces("+ 0 - / 0 0 +", ["A", "B"], what="x") == ["+ 0 -", "0 0 +"]
    with pytest.raises(Exception, match="in this order: A / B"):
        split_faces("+ 0 -", ["A", "B"], what="x")


def test_the_chain_builder_passes_each_result_on_and_shows_the_chance_first(table, game):
    scavenger = game.add_character("Scavenger Ota", role="npc", skills={"holding on": 3})
    game.set_skill(burke(game), "holding on", 1)
    game.open_conflict("passive", burke(game), "holding on", difficulty=2)
    chain = table.chain_panel
    chain.helper.value = scavenger
    chain.skill.value = "holding on"
    chain.target.value = burke(game)
    chance = game.success_chance(3, 0, 0)
    assert f"Chance of passing bonus dice on: {percent(chance)}" in chain.before.value
    chain.entry.faces.submit("+ 0 0")
    assert chain.entry.error.value == ""
    assert "Scavenger Ota passes 4 bonus dice on (for Mr. Burke)" in chain.chain.value
    assert "The next roll in the chain for Mr. Burke gets 4 bonus dice" in chain.chain.value
    # Burke's own conflict roll now carries them, before he rolls.
    assert "Mr. Burke: 4 bonus dice (passed on by assistance)" in table.conflict_panel.before.value
    chain.gated.value = True
    chain.gate.value = 2
    assert "Chance of success:" in chain.before.value


def test_equipment_toggled_on_a_sheet_goes_with_the_declared_action(table, game):
    b, s = burke(game), superior(game)
    ai = game.add_item(b, "Wearable AI", [("protection", 1, "in a verbal fight")])
    bonus = game.state.item(ai).bonuses[0].id
    toggle = table.sheets.sheet(b).toggles[bonus]
    assert toggle.text == "○ Wearable AI: +1 protection (in a verbal fight)"
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / 0 0 0")
    table.conflict_panel.hurt_buttons[b].click()
    rounds = table.round_panel
    rounds.rows[b].intention.submit("be heard")
    rounds.rows[s].intention.submit("win")
    toggle.click()  # pressed: ✔ and aria-pressed in the page
    assert toggle.text.startswith("✔") and table.sheets.selected_equipment(b) == (bonus,)
    rounds.rows[b].category.value = "defensive"
    rounds.rows[b].declare_button.click()
    assert game.state.active_hurt().declared[b].equipment == (bonus,)
    assert not toggle.value  # used by that declaration
    table.set_language("da")
    assert toggle.text == "○ Wearable AI: +1 beskyttelse (in a verbal fight)"  # names unchanged


def test_giving_up_ends_it_and_the_damage_falls_down(table, game):
    b, s = burke(game), superior(game)
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / 0 0 0")
    table.conflict_panel.hurt_buttons[b].click()
    rounds = table.round_panel
    for who in (b, s):
        rounds.rows[who].intention.submit("win")
    for who in (b, s):
        rounds.rows[who].skill.value = "argue"
        rounds.rows[who].ability.value = "fornuft"
        rounds.rows[who].declare_button.click()
    rounds.entry.faces.submit("0 0 0 / + + 0 0")  # 2 against 5: a level-3 wound
    assert "Next roll: 1 penalty die from scratches" in table.sheets.sheet(b).status.value
    rounds.rows[b].give_up_button.click()
    assert "Let it hurt is over: Mr. Burke gave up" in rounds.outcome.value
    assert "Mr. Burke's damage falls down to: 1 Reason" in html.unescape(rounds.outcome.value)
    assert "Nobody is letting it hurt." in rounds.status.value
    track = table.sheets.sheet(b).track.value
    assert re.search(r'data-level="0" data-mark="Reason"', track)
    assert table.plot.points(b) == 1  # the wound, at the round it was taken


def test_the_plot_counts_rounds_over_the_session_damage_or_not(table, game):
    b, s = burke(game), superior(game)
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / 0 0 0")
    table.conflict_panel.hurt_buttons[b].click()
    game.state_intention(b, "win")
    game.state_intention(s, "win")
    # Round 1: Burke defends and wins by 1 (no damage, a bonus die); round 2: he is hit.
    game.declare(b, "defensive", s, "argue", ability="fornuft")
    game.declare(s, "crossing", b, "argue", ability="fornuft")
    table.round_panel.entry.faces.submit("+ + 0 / 0 0 0 -")  # 4 against 3 (+ 0 0 kept)
    assert game.journal.entries[-1].event.hits == ()
    assert table.plot.points(b) == 0
    game.declare(b, "crossing", s, "argue", ability="fornuft")
    game.declare(s, "crossing", b, "argue", ability="fornuft")
    table.round_panel.entry.faces.submit("0 0 0 - / + + +")  # 2 (his bonus die) against 6
    assert table.round_panel.entry.error.value == ""
    trace = next(t for t in table.plot.figure.data if t.name == "Mr. Burke")
    assert tuple(trace.x) == (2,) and tuple(trace.y) == (4,)  # the second round played
    assert "round 2: level 4 (Wounded) on Reason" in trace.text[0]


def test_a_resumed_session_brings_the_table_back_mid_round(table, game, tmp_path):
    b, s = burke(game), superior(game)
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / 0 0 0")
    table.conflict_panel.hurt_buttons[b].click()
    for who in (b, s):
        game.state_intention(who, "win")
    for who, other in ((b, s), (s, b)):
        game.declare(who, "crossing", other, "argue", ability="fornuft")
    table.round_panel.entry.faces.submit("0 0 0 / + + 0 0")
    before = (
        table.sheets.sheet(b).track.value,
        table.round_panel.status.value,
        table.round_panel.next_round.value,
        table.plot.points(b),
    )
    path = game.journal.path
    game.journal.close()  # the kernel dies here
    again = FudgeGame.open(path, resume=True, seed=7)
    resumed = FudgeTable(again, export_dir=tmp_path / "exports")
    try:
        after = (
            resumed.sheets.sheet(b).track.value,
            resumed.round_panel.status.value,
            resumed.round_panel.next_round.value,
            resumed.plot.points(b),
        )
        assert after == before and "Round 2" in after[1]
    finally:
        resumed.close()
        again.journal.close()


def test_a_refused_click_shows_the_engines_message_and_changes_nothing(table, game):
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / 0 0 0")
    table.conflict_panel.hurt_buttons[burke(game)].click()
    before = len(game.journal)
    row = table.round_panel.rows[burke(game)]
    row.declare_button.click()  # no intention stated yet
    assert "intention" in table.messages.value and "⚠ Error" in table.messages.value
    assert len(game.journal) == before
    entry = table.round_panel.entry
    assert entry.disabled  # nobody has declared: the round cannot be rolled yet


def test_a_face_a_fudge_die_does_not_have_is_refused_beside_the_box(table, game):
    open_argument(table, game)
    entry = table.conflict_panel.entry
    entry.faces.submit("2 0 0 / 0 0 0")
    assert entry.error.value and "2" in entry.error.value
    assert game.state.open_conflict() is not None  # still open, nothing rolled


KIT_ENGLISH = (
    # the log's status line, column heads and retcon mark
    "showing", "no events yet", "newest first", "seq", "action", "kind", "summary", "faces",
    "source", "retconned",
    # the dice entry's mark of the last roll, and the log's source column
    "last roll", "random", "typed", "rolled by the kit",
    # the toolbar's messages and every bound kit control
    "undone", "redone", "nothing", "Undo", "Redo", "Add note", "Export", "Roll", "Enter faces",
    "First", "Older", "Newer", "Latest",
    # the dice commitment's tooltip and its Reveal button (the line itself is checked apart:
    # the journal's own "started (dice committed: …)" summary stays English)
    "commitment", "Reveal", "seed",
)  # fmt: skip


def _kit_words(table):
    """Every word the kit's widgets draw themselves, except what the engine's journal
    describes (the log's summary cells stay in the journal's English) and the message
    line (said once, in the language spoken when the action happened)."""
    log, entry, bar = table.log_view, table.conflict_panel.entry, table.toolbar
    heads = re.findall(r"<th[^>]*>(.*?)</th>", log.table.value)
    cells = re.findall(r"<tr[^>]*>(.*?)</tr>", log.table.value)
    sources = [re.findall(r"<td>(.*?)</td>", row)[-1] for row in cells[1:]]
    marks = re.findall(r"<td>[^<]*?( \([^)]*\))</td>", log.table.value)
    controls = [
        text
        for widget in (
            bar.undo_button, bar.redo_button, bar.note_button, bar.export_button,
            entry.roll_button, entry.enter_button, log.first_button, log.older_button,
            log.newer_button, log.latest_button, bar.reveal_button,
        )
        for text in (widget.description, widget.tooltip)
    ]  # fmt: skip
    controls += [bar.commitment.tooltip or ""]
    status = re.sub("<[^>]+>", "", log.status.value)
    return [status, *heads, *sources, *marks, entry.source.value, *controls]


def test_a_danish_table_shows_no_english_kit_word_after_the_switch(table, game):
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("+ 0 0 / 0 0 0")  # typed
    table.toolbar.undo_button.click()  # a retcon, and the "undone" message
    assert (
        "undone:" in table.messages.value
        and "last roll:" in table.conflict_panel.entry.source.value
    )
    english = " | ".join(_kit_words(table))
    assert all(
        word in english
        for word in ("showing", "seq", "typed", "(retconned)", "Undo", "dice committed")
    )
    table.set_language("da")
    words = _kit_words(table)
    found = [(w, said) for said in words for w in KIT_ENGLISH if re.search(rf"\b{w}\b", said)]
    assert found == []
    said = " | ".join(words)
    assert "viser" in said and "nr." in said and "resumé" in said and "(fortrudt)" in said
    assert "sidste slag:" in said and "indtastet" in said
    assert table.toolbar.commitment.value.startswith("terningerne er forpligtet: ")
    table.toolbar.redo_button.click()  # said in the language spoken now
    assert "gentaget:" in table.messages.value and "redone" not in table.messages.value
    table.set_language("en")
    assert "showing" in table.log_view.status.value and "seq" in table.log_view.table.value


@pytest.mark.rule("DK-A26")
def test_another_character_joins_the_fight_from_the_round_panel(table, game):
    rookie = game.add_character("The rookie", skills={"argue": 1})
    rounds = table.round_panel
    assert rounds.join_row.layout.display == "none"  # no fight to join yet
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / + + +")
    table.conflict_panel.hurt_buttons[burke(game)].click()
    assert rounds.join_row.layout.display != "none" and not rounds.join_button.disabled
    assert rounds.joiner.options == (("The rookie", rookie),)  # only who is not fighting
    assert rounds.join_button.description == "Join the fight"  # its accessible name
    assert rounds.joiner.description == "Joining"
    table.set_language("da")
    assert rounds.join_button.description == "Gå med i kampen"
    assert rounds.joiner.description == "Går med" and "før nogen" in rounds.join_button.tooltip
    rounds.join_button.click()
    assert table.messages.value == ""
    assert game.state.active_hurt().parties[-1] == rookie and rookie in rounds.rows
    assert rounds.joiner.options == () and rounds.join_button.disabled  # nobody left to join
    table.toolbar.undo_button.click()  # the join taken back: the rookie may join again
    assert rookie not in rounds.rows and not rounds.join_button.disabled
    b = burke(game)
    rounds.rows[b].intention.submit("win")
    rounds.rows[superior(game)].intention.submit("win")
    rounds.rows[b].skill.value, rounds.rows[b].ability.value = "argue", "fornuft"
    rounds.rows[b].declare_button.click()
    assert rounds.join_button.disabled  # too late: someone has declared this round


@pytest.fixture
def focused(monkeypatch):
    """The widgets asked to take the keyboard, in order (ipywidgets' ``focus`` sends the
    browser a message; here it is noted instead)."""
    import ipywidgets

    asked: list[object] = []
    monkeypatch.setattr(ipywidgets.DOMWidget, "focus", lambda widget: asked.append(widget))
    return asked


def test_the_keyboard_follows_each_step_when_a_button_it_was_on_goes(table, game, focused):
    """Open the conflict (the button is then disabled) → the dice box; the roll (the box
    is then disabled) → the first Let it hurt; Let it hurt (the button is then gone) →
    the first party's intention in the round."""
    panel = table.conflict_panel
    open_argument(table, game)
    assert focused == [panel.entry.faces]
    panel.entry.faces.submit("0 0 0 / + + +")
    assert focused[-1] is panel.hurt_buttons[burke(game)]
    panel.hurt_buttons[burke(game)].click()
    first = table.round_panel.parties.children[0]
    assert focused[-1] is first.intention
    assert first.who == burke(game)  # who let it hurt states an intention first
    assert len(focused) == 3


def test_a_refused_step_leaves_the_keyboard_where_it_is(table, game, focused):
    panel = table.conflict_panel
    open_argument(table, game)
    assert focused == [panel.entry.faces]
    panel.open_button.click()  # one conflict is open already: refused
    assert table.messages.last_error
    panel.entry.faces.submit("0 0")  # too few faces: refused beside the box
    assert panel.entry.error.value
    assert all(widget is panel.entry.faces for widget in focused)  # kept for a retry


def test_with_nothing_to_let_hurt_the_keyboard_goes_back_to_the_form(table, game, focused):
    """A GM character's check offers no Let it hurt: the next step is the next conflict."""
    panel = table.conflict_panel
    panel.kind.value = "passive"
    panel.actor.value = superior(game)
    panel.skill.value = "argue"
    panel.open_button.click()
    panel.entry.faces.submit("+ + +")
    assert not panel.hurt_buttons
    assert focused[-1] is panel.kind


def test_the_first_round_offers_the_conflicts_skill_and_the_ability_it_weighs_on(table, game):
    """Burke argued (Reason) against the superior: round one offers each side the skill
    it argued with and, as what it damages, the other's Reason; a choice made then is
    kept into the next round."""
    open_argument(table, game)
    table.conflict_panel.entry.faces.submit("0 0 0 / + + +")
    table.conflict_panel.hurt_buttons[burke(game)].click()
    rows = table.round_panel.rows
    for who in (burke(game), superior(game)):
        assert rows[who].skill.value == "argue"
        assert rows[who].ability.value == "fornuft"
    rows[burke(game)].ability.value = "kraft"
    table.round_panel.refresh(game.state)
    assert rows[burke(game)].ability.value == "kraft"


def test_a_refusal_is_marked_in_the_language_spoken(table, game):
    open_argument(table, game)
    table.set_language("da")
    table.conflict_panel.open_button.click()  # one conflict is open already: refused
    assert "⚠ Fejl:" in table.messages.value and "Error" not in table.messages.value
    table.set_language("en")  # the message shown is marked again
    assert "⚠ Error:" in table.messages.value


def test_the_chain_shows_a_helpers_dice_as_the_engine_gathers_them(table, game):
    """The chain's preview of a helper's roll is the engine's (what the chain passed on to
    the principal, as assistance), not a count the widget adds up itself."""
    helper = game.add_character("A colleague", skills={"argue": 1})
    second = game.add_character("Another colleague", skills={"argue": 1})
    open_argument(table, game)
    game.assist(helper, "argue", target=burke(game), faces="+ + 0")  # passes 3 bonus dice
    chain = table.chain_panel
    chain.helper.value, chain.skill.value, chain.target.value = second, "argue", burke(game)
    assert "3 bonus dice (passed on by assistance)" in html.unescape(chain.before.value)
    sources = game.roll_preview(second, "argue", target=burke(game))
    assert [(s.kind, s.dice) for s in sources] == [("assist", 3)]


def test_the_round_panel_keeps_the_last_round_as_a_whole_read_finds_it(table, game):
    """The last round the panel shows, kept as actions arrive, is what reading the whole
    effective journal finds after every action: rounds, an undo, a redo, the end of Let
    It Hurt, a new conflict and a second Let It Hurt."""
    b, s = burke(game), superior(game)
    kept = table.round_panel._last_round

    def same() -> None:
        whole = last_round_events(game.journal.effective())
        assert kept.of(game.journal) == whole
        assert LastRound().of(game.journal) == whole

    def dice(who: str, face: str) -> str:
        net = sum(source.dice for source in game.roll_preview(who, "argue"))
        return " ".join([face] * (3 + abs(net)))

    def play_round(burke_face: str, category: str) -> None:
        game.declare(b, category, s, "argue", ability="fornuft")
        game.declare(s, "crossing", b, "argue", ability="fornuft")
        table.round_panel.entry.faces.submit(f"{dice(b, burke_face)} / {dice(s, '0')}")
        assert table.round_panel.entry.error.value == ""
        same()

    for _ in range(2):
        open_argument(table, game)
        same()
        table.conflict_panel.entry.faces.submit(f"{dice(b, '0')} / {dice(s, '0')}")
        assert table.conflict_panel.entry.error.value == ""
        table.conflict_panel.hurt_buttons[b].click()  # a tie goes against the initiator
        same()
        for who in (b, s):
            game.state_intention(who, "win")
        play_round("+", "defensive")
        play_round("0", "crossing")
        table.toolbar.undo_button.click()
        same()
        table.toolbar.redo_button.click()
        same()
        game.give_up(b)
        same()
    assert kept.of(game.journal)[1] is not None  # the second Let It Hurt's end is shown
