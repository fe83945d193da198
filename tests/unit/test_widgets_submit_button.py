"""The button that submits its text box as shown, without a browser: what a click does."""

from __future__ import annotations

from isowidgets.widgets.submit_button import SubmitButton
from isowidgets.widgets.submit_text import SubmitText


def test_a_click_submits_the_box_and_a_disabled_box_makes_it_a_plain_click():
    box = SubmitText(description="Label")
    submitted: list[str] = []
    clicked: list[SubmitButton] = []
    box.on_submit(submitted.append)
    button = SubmitButton(description="Add link", icon="plus", text=box)
    button.on_click(clicked.append)
    box.value = "Shared a thermos"
    button.click()
    assert submitted == ["Shared a thermos"] and clicked == []
    box.disabled = True
    button.click()
    assert submitted == ["Shared a thermos"] and clicked == [button]
    button.disabled = True
    button.click()
    assert clicked == [button]  # a disabled button does nothing


def test_the_browsers_messages_end_in_the_same_callbacks():
    box = SubmitText()
    submitted: list[str] = []
    box.on_submit(submitted.append)
    button = SubmitButton(text=box)
    clicked: list[SubmitButton] = []
    button.on_click(clicked.append)
    # The browser asks the box itself to submit, with the text on screen.
    box._on_message(box, {"event": "submit", "value": "typed just now"}, [])
    assert submitted == ["typed just now"] and box.value == "typed just now"
    # With the box disabled the browser sends the button a click.
    box.disabled = True
    button._on_message(button, {"event": "click"}, [])
    assert clicked == [button]
    button.on_click(clicked.append, remove=True)
    button._on_message(button, {"event": "click"}, [])
    assert clicked == [button]


def test_without_a_box_it_is_a_button():
    button = SubmitButton(description="Go")
    clicked: list[SubmitButton] = []
    button.on_click(clicked.append)
    button.click()
    assert clicked == [button]
    assert button.get_state()["text"] is None
