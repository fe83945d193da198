"""The track view: a ladder of named levels or a bounded counter, never colour alone."""

from __future__ import annotations

import re

import pytest

from isowidgets.errors import RuleError
from isowidgets.widgets.track import Level, Track, counter_html, ladder_html

DAMAGE = [
    Level("Unhurt"),
    Level("Bruised", "−1 to Agility"),
    Level("Hurt", "−1 to Strength"),
    Level("Injured", "−2 to every roll"),
    Level("Wounded", "cannot run"),
    Level("Maimed", "cannot fight"),
    Level("Dying", "roll each round"),
]


def test_a_ladder_marks_the_current_level_with_a_glyph_words_and_aria():
    drawn = ladder_html("Damage", DAMAGE, 2)
    assert drawn.count("<li") == 7
    current = re.findall(r'<li class="[^"]*iw-track-level--current[^"]*"[^>]*>.*?</li>', drawn)
    assert len(current) == 1
    assert 'aria-current="step"' in current[0] and "▶ Hurt" in current[0]
    assert "now · −1 to Strength" in current[0]
    assert drawn.count("▶") == 1 and drawn.count("aria-current") == 1
    assert 'aria-label="Damage: Hurt (3 of 7)"' in drawn
    assert 'title="Bruised: −1 to Agility"' in drawn  # every level says what it does


def test_a_ladder_can_be_left_and_say_why():
    drawn = ladder_html("Impact", ["D4", "D6", "D8"], None, state="below D4: defeated")
    assert "▶" not in drawn and "aria-current" not in drawn
    assert "off the ladder</b> — below D4: defeated" in drawn
    with pytest.raises(RuleError, match="at least one level"):
        ladder_html("Impact", [], 0)


def test_a_counter_shows_boxes_and_says_its_value_and_range_once():
    drawn = counter_html("Stress", 3, low=0, high=6, marks={6: "breaks"})
    assert "■■■□□□" in drawn and "now <b>3</b> (0 to 6)</span>" in drawn
    assert 'aria-label="Stress: 3 (0 to 6)"' in drawn
    assert drawn.count("6") == 2  # the range is said once (and in the aria-label)
    assert "now <b>6</b> (0 to 6): breaks" in counter_html("Stress", 6, high=6, marks={6: "breaks"})
    past = counter_html("Pressure", 8, high=6)
    assert "■■■■■■" in past and "now <b>8</b> (0 to 6, past the top)" in past
    assert "(0 to 6, below the lowest)" in counter_html("Pressure", -1, high=6)
    open_ended = counter_html("Pressure", 12)
    assert "iw-track-boxes" not in open_ended and "now <b>12</b> (0 or more)" in open_ended
    assert "iw-track-boxes" not in counter_html("Turns", 3, high=1000)  # too long to read
    assert "now <b>3</b> (1 to 5)" in counter_html("Pressure", 3, low=1, high=5)
    assert "■■□□" in counter_html("Pressure", 3, low=1, high=5)


def test_a_counter_on_rungs_marks_the_value_and_says_the_range_once():
    """Stress read "now 2 (3 of 7)": the rung's place on a ladder of numbers. A counter
    drawn as numbered rungs says the value and the range, once."""
    drawn = counter_html("Stress", 2, low=0, high=6, marks={0: "no rolls"}, rungs=True)
    assert "of 7" not in drawn and "3 of" not in drawn
    assert '<span class="iw-track-state">now <b>2</b> (0 to 6)</span>' in drawn
    assert 'aria-label="Stress: 2 (0 to 6)"' in drawn
    assert drawn.count("<li") == 7 and drawn.count("▶") == 1
    current = re.findall(r'<li class="[^"]*--current[^"]*"[^>]*>.*?</li>', drawn)
    assert len(current) == 1 and "<span>▶ 2</span>" in current[0]
    assert 'aria-current="step"' in current[0] and ">now</span>" in current[0]
    assert 'title="0: no rolls"' in drawn  # a mark is written under its rung
    at_zero = counter_html("Stress", 0, high=6, marks={0: "no rolls"}, rungs=True)
    assert "now · no rolls" in at_zero and "(0 to 6)</span>" in at_zero  # not twice
    grown = counter_html("Stress", 12, low=0, rungs=True)
    assert "now <b>12</b> (0 or more)" in grown
    assert grown.count("<li") == 15 and 'data-level="14"' in grown  # two past the value
    assert counter_html("Stress", 1, rungs=True).count("<li") == 7  # at least six past 0


def test_a_counter_moves_its_bounds_and_refuses_crossed_ones():
    stress = Track.counter("Stress", 5, high=6, rungs=True)
    stress.bound(0, 4)
    assert (stress.low, stress.high) == (0, 4)
    assert "now <b>5</b> (0 to 4, past the top)" in stress.value
    stress.set(4)
    assert "now <b>4</b> (0 to 4)" in stress.value and stress.value.count("<li") == 5
    stress.bound(0, None)
    assert "(0 or more)" in stress.value
    before = stress.value
    with pytest.raises(RuleError, match="highest value"):
        stress.bound(3, 2)
    with pytest.raises(RuleError, match="ladder"):
        Track.ladder("Impact", ["D4", "D6"]).bound(0, 1)
    assert (stress.low, stress.high, stress.value) == (0, None, before)


def test_a_track_moves_and_sends_nothing_when_it_did_not():
    stress = Track.counter("Stress", 0, high=6, css_class="iw-stress-eve")
    assert "iw-stress-eve" in stress._dom_classes and "iw-kit" in stress._dom_classes
    sent: list[str] = []
    stress.observe(lambda change: sent.append(change["new"]), names="value")
    stress.set(3)
    stress.set(3)
    assert len(sent) == 1 and "■■■□□□" in stress.value and stress.current == 3
    with pytest.raises(RuleError, match="Stress is a counter"):
        stress.set(None)
    with pytest.raises(RuleError, match="whole number"):
        stress.set("3")  # type: ignore[arg-type]
    assert stress.current == 3  # a refused move changes nothing


def test_a_ladder_track_takes_strings_or_levels():
    impact = Track.ladder("Impact", ["D4", "D6", "D8", "D10", "D12", "D20"], 1)
    assert impact.is_ladder and "▶ D6" in impact.value
    impact.set(5, state="+2 banked")
    assert "▶ D20" in impact.value and "+2 banked" in impact.value
    impact.set(None, state="below D4")
    assert impact.current is None and "off the ladder" in impact.value
    damage = Track.ladder("Damage", DAMAGE)
    assert damage.current == 0 and "▶ Unhurt" in damage.value


def test_a_slot_track_writes_the_word_in_each_filled_slot_never_colour_alone():
    from isowidgets.widgets.track import SlotWords, slots_html

    levels = [Level(str(n), "scratched" if n < 4 else "worse") for n in range(1, 8)]
    drawn = slots_html("Damage", levels, {1: "Kraft", 2: "Fornuft"})
    filled = re.findall(r'<li class="iw-track-slot iw-track-slot--filled"[^>]*>.*?</li>', drawn)
    assert len(filled) == 2
    assert "■ </span>Kraft" in filled[0] and "■ </span>Fornuft" in filled[1]
    assert drawn.count("□ </span>free") == 5
    assert 'aria-label="Damage: 2 of 7 filled"' in drawn
    assert 'title="level 2: Kraft — scratched"' in drawn
    danish = SlotWords(free="fri", filled="{filled} af {total} udfyldt", level="niveau {label}")
    assert "□ </span>fri" in slots_html("Skade", levels, {}, words=danish)
    with pytest.raises(RuleError, match="cannot fill \\[7\\]"):
        slots_html("Damage", levels, {7: "Kraft"})


def test_a_slot_track_fills_relabels_and_refuses_set():
    track = Track.slots("Damage", ["1", "2", "3"], {0: "Kraft"})
    assert track.is_slots and not track.is_ladder
    track.fill({0: "Kraft", 2: "Intuition"}, state="defeated")
    assert "2 of 3 filled</b> — defeated" in track.value and track.filled == {
        0: "Kraft",
        2: "Intuition",
    }
    track.relabel("Skade")
    assert "Skade" in track.value and "Intuition" in track.value
    with pytest.raises(RuleError, match="slot track: fill it"):
        track.set(1)
    with pytest.raises(RuleError, match="has 3 levels; relabelling gave 2"):
        track.relabel(levels=["a", "b"])
    with pytest.raises(RuleError, match="not a slot track"):
        Track.counter("Stress", 0, high=6).fill({0: "x"})
