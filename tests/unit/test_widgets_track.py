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


def test_a_counter_shows_boxes_and_its_number_in_words():
    drawn = counter_html("Stress", 3, low=0, high=6, marks={6: "breaks"})
    assert "■■■□□□" in drawn and "<b>3 of 6</b>" in drawn
    assert 'aria-label="Stress: 3 of 6"' in drawn
    assert "6 of 6: breaks" in counter_html("Stress", 6, high=6, marks={6: "breaks"})
    past = counter_html("Pressure", 8, high=6)
    assert "■■■■■■" in past and "8 of 6 (past the top, 6)" in past
    assert "(below the lowest, 0)" in counter_html("Pressure", -1, high=6)
    open_ended = counter_html("Pressure", 12)
    assert "iw-track-boxes" not in open_ended and "<b>12</b>" in open_ended
    assert "iw-track-boxes" not in counter_html("Turns", 3, high=1000)  # too long to read


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
