"""The conflict panel's exact chances (widgets/isolation/chances.py), without a browser.

They follow the proposal live (mode, people, modifiers), name the stance policy
and let the GM flip it, say each chance in numbers and words with each degree's
glyph and name, name characters (never ids), show exactly the engine's figures,
and go away once the first die is down.
"""

from __future__ import annotations

import re

import pytest

from isowidgets.rules.isolation.examples import full_house
from isowidgets.rules.isolation.odds import DEGREES
from isowidgets.rules.isolation.whole import whole_conflict_odds
from isowidgets.widgets.isolation.chances import in_words
from isowidgets.widgets.isolation.conflict import ConflictPanel
from isowidgets.widgets.isolation.views import DEGREE_GLYPH
from isowidgets.widgets.numbers import percent


def text(chances) -> str:
    return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", chances.table.value))


@pytest.fixture
def panel():
    return ConflictPanel(full_house(stress=2))


def test_the_chances_follow_the_mode_the_people_and_the_modifiers(panel):
    chances = panel.proposal.chances
    assert chances.layout.display == ""
    everyone = chances.odds.degrees
    panel.mode.value = "alone"
    alone = chances.odds.degrees
    assert alone != everyone
    panel.mode.value = "subset"
    panel.pp_toggles["eve"].value = False
    assert "eve" not in chances.odds.stances
    before = chances.odds.at_least("Partial Success")
    panel.modifier_rows["alice"].flags["profession"].value = True  # Alice is the AP
    assert chances.odds.at_least("Partial Success") > before


@pytest.mark.rule("ISO-R25", "ISO-A12")
def test_the_figures_are_the_engines_with_the_policy_named(panel):
    chances = panel.proposal.chances
    state = panel.game.state
    c = panel.game.preview(panel.ap.value, "x", **panel.proposal.proposal_kwargs()).conflict
    odds = whole_conflict_odds(state, c, difficulty=3)
    shown = text(chances)
    assert "most cooperative stance the dice allow" in shown
    assert "assuming Difficulty Hard" in shown
    for d in DEGREES:  # one row per degree: glyph and name, number, words
        p = odds.degrees[d]
        assert f"{DEGREE_GLYPH[d]} {d} {percent(p)} {in_words(p)}" in shown
    chances.difficulty.value = 5
    assert "assuming Difficulty Extremely Hard" in text(chances)
    assert chances.odds.degrees == whole_conflict_odds(state, c, difficulty=5).degrees


def test_names_not_ids_and_glyphs_not_colour(panel):
    shown = text(panel.proposal.chances)
    for name in ("Bob", "Dan", "Eve", "Fay", "Gus"):
        assert name in shown
    for cid in ("bob", "dan", "eve", "fay", "gus"):
        assert re.search(rf"\b{cid}\b", shown) is None
    assert "▲▲ Complete Success" in shown and "✖ Hostile" in shown


@pytest.mark.rule("ISO-R41")
def test_the_gm_flips_to_declared_stances(panel):
    chances = panel.proposal.chances
    panel.mode.value = "subset"
    panel.pp_toggles["eve"].value = False
    cooperative = chances.odds.at_least("Partial Success")
    assert chances.declared_box.layout.display == "none"
    chances.policy.value = "declared"
    assert chances.declared_box.layout.display == ""
    assert [d.description for d in chances.declared.values()] == ["Bob", "Dan", "Fay", "Gus", "Eve"]
    assert chances.odds.at_least("Partial Success") == pytest.approx(cooperative, abs=1e-15)
    chances.declared["pp:bob"].value = "Hostile"
    assert chances.odds.stances["bob"]["Hostile"] == pytest.approx(1.0)
    assert chances.odds.at_least("Partial Success") < cooperative
    assert "stance declared in advance" in text(chances)


def test_shown_until_the_first_die_then_gone(panel):
    chances = panel.proposal.chances
    panel.action.value = "bar the door"
    panel.propose()
    assert chances.layout.display == "" and chances.odds is not None
    panel.roll_pool(panel.game.conflict.ap, "green")
    assert panel.game.conflict.rolls
    assert chances.layout.display == "none"


def test_a_declaration_survives_a_toggle_off_and_on(panel):
    chances = panel.proposal.chances
    panel.mode.value = "subset"
    chances.policy.value = "declared"
    chances.declared["pp:eve"].value = "Hostile"
    panel.pp_toggles["eve"].value = False
    assert "pp:eve" not in chances.declared and "defaulted:eve" in chances.declared
    panel.pp_toggles["eve"].value = True
    assert chances.declared["pp:eve"].value == "Hostile"
    assert chances.odds.stances["eve"]["Hostile"] == pytest.approx(1.0)
