"""The message area: kinds told apart without colour, one way to run callbacks, no stale text."""

from __future__ import annotations

from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.messages import Messages


def test_each_kind_has_a_word_a_border_and_a_role():
    messages = Messages()
    messages.error("Eve cannot cooperate")
    assert "⚠ Error:" in messages.value and 'role="alert"' in messages.value
    assert messages.kind == "error" and messages.last_error == "Eve cannot cooperate"
    messages.warning(["one", "two"])
    assert "△ Note:" in messages.value and "<li>two</li>" in messages.value
    assert 'role="status"' in messages.value
    messages.info("a <b>tag</b> is shown as text")
    assert "ℹ:" in messages.value and "&lt;b&gt;tag&lt;/b&gt;" in messages.value
    messages.clear()
    assert messages.value == "" and messages.kind == ""
    assert messages.last_error == "Eve cannot cooperate"  # kept for whoever asks later


def test_run_clears_first_and_shows_the_kits_errors_and_bugs():
    messages = Messages()
    messages.info("an old note")
    assert messages.run(lambda: 7) == 7
    assert messages.value == ""

    def refuse() -> None:
        raise RuleError("not now")

    assert messages.run(refuse) is None
    assert "not now" in messages.value and 'role="alert"' in messages.value

    def crash(_button: object) -> None:
        raise KeyError("oops")

    messages.handler(crash)(None)
    assert "unexpected KeyError" in messages.value and "Traceback" in messages.value


def test_a_callback_that_is_no_request_leaves_the_last_message_and_shows_its_error():
    """``clear=False`` (a view following the game, fitting the map): what ``guard`` did."""
    messages = Messages()
    messages.info("an old note")

    def refuse() -> None:
        raise RuleError("refused")

    assert messages.handler(refuse, clear=False)() is None
    assert "refused" in messages.last_error
    assert messages.run(lambda: 7, clear=False) == 7


def test_a_followed_game_clears_stale_messages_at_the_next_action_and_at_undo():
    tray = DiceTray.new(seed=3)
    messages = Messages(tray)
    messages.info("link L4 deleted")
    tray.roll("2d6")  # an action from anywhere: a notebook cell, another panel
    assert messages.value == ""
    messages.error("the last refusal")
    tray.undo()
    assert messages.value == "" and messages.last_error == "the last refusal"
    messages.info("nothing happens without an action")
    assert "nothing happens" in messages.value


def test_a_message_about_the_action_being_handled_stays():
    tray = DiceTray.new(seed=3)
    messages = Messages(tray)
    # A listener subscribed before the message area reports on the same action.
    tray.subscribe(lambda entries, _state: messages.info(f"rolled {len(entries)} event"))
    messages.follow(tray)  # following again replaces the old subscription
    tray.roll("d6")
    assert "rolled 1 event" in messages.value


def test_unfollowed_or_closed_messages_stay_through_actions():
    tray = DiceTray.new(seed=3)
    messages = Messages(tray)
    messages.unfollow()
    messages.info("kept")
    tray.roll("d6")
    assert "kept" in messages.value
    messages.follow(tray)
    messages.info("kept until closed")
    messages.close()
    tray.roll("d6")
    assert "kept until closed" in messages.value
