"""The text box whose Enter carries its text, without a browser: late keys never undo a clear.

The browser holds a box's last keys back until the kernel has answered the first ones
(ipywidgets' message throttle), so after an Enter that the kernel took and emptied the
box for, those keys still arrive. These tests send what the browser sends, in the order
the kernel receives it.
"""

from __future__ import annotations

from isowidgets.widgets.submit_text import SubmitText


def typed(box: SubmitText, text: str, count: int) -> None:
    """A state update from the browser: the box shows ``text`` after ``count`` edits."""
    box.set_state({"value": text, "typed": count})


def enter(box: SubmitText, text: str, count: int) -> None:
    """Enter pressed in the browser on ``text`` after ``count`` edits."""
    box._on_message(box, {"event": "submit", "value": text, "typed": count}, [])


def test_keys_held_back_until_after_an_accepted_enter_do_not_refill_the_box():
    box = SubmitText()
    box.on_submit(lambda _text: setattr(box, "value", ""))  # taken: the box empties
    typed(box, "+", 1)  # the first key goes at once; the rest wait for the kernel
    enter(box, "+ 0 0 / + +", 11)  # the Enter carries the whole text
    assert box.value == ""
    typed(box, "+ 0 0 / + +", 11)  # the held-back keys, late
    assert box.value == ""
    # Typing the next faces (more edits than the kernel has seen) is taken as usual.
    typed(box, "0", 12)
    assert box.value == "0"


def test_a_refused_enter_keeps_the_text_and_late_keys_of_it_are_harmless():
    box = SubmitText()
    refused: list[str] = []
    box.on_submit(refused.append)  # refused: the box keeps the text to be fixed
    typed(box, "6", 1)
    enter(box, "6 2 3", 5)
    typed(box, "6 2 3", 5)
    assert box.value == "6 2 3" and refused == ["6 2 3"]
    typed(box, "6 2 3 5", 7)
    assert box.value == "6 2 3 5"


def test_a_text_the_kernel_sets_wins_over_keys_typed_before_it():
    box = SubmitText(value="")
    typed(box, "old", 3)
    box.value = ""  # the round changed: the kernel resets the box
    typed(box, "old", 3)  # a late copy of those keys
    assert box.value == ""
    box.value = "Marta's Deceive"  # the kernel may also fill it
    typed(box, "something older", 2)
    assert box.value == "Marta's Deceive"
    typed(box, "Marta's Deceiv", 4)  # a key typed after: taken
    assert box.value == "Marta's Deceiv"


def test_a_second_enter_on_text_already_taken_submits_the_empty_box():
    box = SubmitText()
    got: list[str] = []

    def take(text: str) -> None:
        got.append(text)
        box.value = ""

    box.on_submit(take)
    enter(box, "3 4", 3)
    enter(box, "3 4", 3)  # pressed twice before the box emptied on screen
    assert got == ["3 4", ""]


def test_a_disabled_box_ignores_the_browsers_enter():
    box = SubmitText(disabled=True)
    got: list[str] = []
    box.on_submit(got.append)
    enter(box, "5", 1)
    assert got == [] and box.value == ""


def test_messages_without_a_count_still_submit_what_they_carry():
    box = SubmitText()
    got: list[str] = []
    box.on_submit(got.append)
    box._on_message(box, {"event": "submit", "value": "hello"}, [])
    box._on_message(box, {"event": "submit", "value": 7, "typed": True}, [])  # junk: ignored
    assert got == ["hello", "hello"] and box.typed == 0
