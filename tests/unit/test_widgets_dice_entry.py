"""The dice entry: Roll, faces where Enter submits, the error beside them, random or typed.

Enter is driven as the browser sends it: a custom ``submit`` message carrying the
text on screen (see ``isowidgets/widgets/submit_text.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from isowidgets.dice import D6, Pool
from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.submit_text import SubmitText


def press_enter(box: SubmitText, text: str) -> None:
    """What the browser sends when Enter is pressed in the box showing ``text``."""
    box._handle_custom_msg({"event": "submit", "value": text}, [])


@pytest.fixture
def tray() -> DiceTray:
    return DiceTray.new(seed=11)


def entry_for(tray: DiceTray) -> DiceEntry:
    pool = Pool(D6, 3, explode_on={6})
    return DiceEntry(lambda faces: tray.roll(pool, faces, purpose="test"))


def test_enter_submits_the_text_on_screen_even_before_its_value_arrived(tray):
    entry = entry_for(tray)
    entry.faces.value = "6 2"  # the last keys typed are still on their way
    press_enter(entry.faces, "6 2 3 5")
    roll = entry.last_result
    assert roll.faces == (6, 2, 3, 5) and roll.source == "typed"
    assert entry.faces.value == ""  # emptied for the next roll
    assert entry.last_source == "typed" and "✎ <b>typed</b>" in entry.source.value


def test_a_refusal_shows_beside_the_box_and_the_next_attempt_clears_it(tray):
    entry = entry_for(tray)
    events = len(tray.journal)
    press_enter(entry.faces, "6 2 3")
    assert "expected 4 faces" in entry.error.value and 'role="alert"' in entry.error.value
    assert entry.faces.value == "6 2 3"  # kept, to be fixed
    assert len(tray.journal) == events and entry.last_source is None
    press_enter(entry.faces, "6 2 x")
    assert "expected 4 faces" not in entry.error.value and "x" in entry.error.value
    press_enter(entry.faces, "6 2 3 5")
    assert entry.error.value == "" and len(tray.journal) == events + 1


def test_enter_on_an_empty_box_says_what_to_type(tray):
    entry = entry_for(tray)
    press_enter(entry.faces, "  ")
    assert "type the faces rolled at the table first" in entry.error.value
    entry.enter_button.click()
    assert "type the faces" in entry.error.value
    assert len(tray.journal) == 1


def test_roll_is_random_and_marked_so(tray):
    entry = entry_for(tray)
    entry.roll_button.click()
    assert entry.last_result.source == "random"
    assert entry.last_source == "random" and "⚄ <b>random</b>" in entry.source.value
    entry.faces.value = "1 2 3"
    entry.enter_button.click()  # the button takes the box's value
    assert entry.last_result.faces == (1, 2, 3) and entry.last_source == "typed"


def test_a_callback_that_returns_no_roll_is_judged_by_its_argument():
    seen: list[str | None] = []
    entry = DiceEntry(lambda faces: seen.append(faces))
    entry.roll()
    assert entry.last_source == "random"
    press_enter(entry.faces, "4")
    assert seen == [None, "4"] and entry.last_source == "typed"


def test_a_bug_in_the_callback_is_shown_not_swallowed():
    def broken(_faces: str | None) -> Any:
        raise ZeroDivisionError("oops")

    entry = DiceEntry(broken)
    assert entry.roll() is None
    assert "unexpected ZeroDivisionError" in entry.error.value


def test_the_kits_error_from_the_callback_is_shown_as_written():
    def refuse(_faces: str | None) -> Any:
        raise RuleError("Bob has no dice left")

    entry = DiceEntry(refuse)
    entry.roll_button.click()
    assert "Bob has no dice left" in entry.error.value and entry.last_result is None


def test_switched_off_it_rolls_nothing(tray):
    entry = entry_for(tray)
    entry.disabled = True
    assert entry.faces.disabled and entry.enter_button.disabled and entry.disabled
    assert entry.roll() is None and "switched off" in entry.error.value
    press_enter(entry.faces, "1 2 3")  # a disabled box submits nothing
    assert len(tray.journal) == 1
    entry.disabled = False
    assert entry.roll() is not None


def test_keys_tell_several_entries_apart():
    plain = DiceEntry(lambda faces: None)
    bob = DiceEntry(lambda faces: None, key="bob", roll_label="Roll Bob's dice")
    assert "iw-roll" in plain.roll_button._dom_classes
    assert "iw-faces" in plain.faces._dom_classes and "iw-enter" in plain.enter_button._dom_classes
    assert "iw-roll-bob" in bob.roll_button._dom_classes
    assert "iw-dice-entry-bob" in bob._dom_classes and "iw-kit" in bob._dom_classes
    assert bob.roll_button.description == "Roll Bob's dice"
    assert plain.faces.description == "Faces"  # a visible label names the box


def test_submit_text_calls_back_with_the_text_and_can_be_left():
    box = SubmitText(description="Note", placeholder="a note")
    got: list[str] = []
    box.on_submit(got.append)
    box.on_submit(got.append)  # registered once
    press_enter(box, "hello")
    box._handle_custom_msg({"event": "other"}, [])
    box.submit()
    assert got == ["hello", "hello"] and box.value == "hello"
    box.on_submit(got.append, remove=True)
    press_enter(box, "again")
    assert got == ["hello", "hello"]
    assert "keydown" in box._esm and "value: input.value" in box._esm


def test_the_faces_hint_is_readable_in_full_on_hover_as_it_changes(tray):
    """A long hint (two sides' names, their order) is wider than the box and its
    placeholder is cut: the box's tooltip carries it whole, and follows it."""
    entry = entry_for(tray)
    assert entry.faces.tooltip == entry.faces.placeholder == "typed at the table, e.g. 5 4 6 2"
    long_hint = "Mr. Burke / Director Hale: hver sides fudgesider med / imellem, f.eks. + 0 -"
    entry.faces.placeholder = long_hint
    assert entry.faces.tooltip == long_hint
