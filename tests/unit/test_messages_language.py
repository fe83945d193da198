"""A refusal in a panel's message line is said in the panel's language, and again in the
new one when the table switches (issue 25: "⚠ Fejl", not "⚠ Error: could not read …")."""

from __future__ import annotations

from isowidgets.dice import DF, parse_faces
from isowidgets.widgets.i18n import KIT, Labels
from isowidgets.widgets.messages import Messages


def test_a_refusal_is_drawn_in_the_panels_language_and_redrawn_after_a_switch() -> None:
    line = Messages()
    labels = Labels(KIT, "da")
    labels.bind_kit(line)
    assert line.run(lambda: parse_faces("x", DF)) is None
    assert "⚠ Fejl" in line.value
    assert "kunne ikke læse" in line.value and "could not read" not in line.value
    assert line.last_error.startswith("kunne ikke læse 'x'")
    labels.set_language("en")
    assert "⚠ Error" in line.value and "could not read &#x27;x&#x27;" in line.value
    labels.set_language("da")
    assert "kunne ikke læse" in line.value


def test_an_unexpected_error_is_shown_as_python_wrote_it() -> None:
    line = Messages()
    Labels(KIT, "da").bind_kit(line)
    line.run(lambda: {}["missing"])
    assert "unexpected KeyError" in line.value and "⚠ Fejl" in line.value
