"""The language switch: catalogues complete in each language, a live panel re-labelled."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.i18n import KIT, Catalogue, Labels, LanguageSwitch
from isowidgets.widgets.log import LogView
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.toolbar import SessionToolbar

SMALL = Catalogue(
    "small",
    {
        "en": {"roll": "Roll", "round": "Round {n}"},
        "da": {"roll": "Slå", "round": "Runde {n}"},
    },
)


def test_the_kit_catalogue_is_complete_in_both_languages():
    assert KIT.problems() == []
    assert set(KIT.languages) == {"en", "da"}
    assert KIT.labels["en"].keys() == KIT.labels["da"].keys()


def test_problems_names_a_missing_key_an_empty_label_and_a_dropped_placeholder():
    broken = Catalogue(
        "broken",
        {
            "en": {"a": "A", "b": "B {n}", "c": "C"},
            "da": {"a": " ", "b": "B"},
        },
    )
    problems = broken.problems()
    assert "da: no label for 'c'" in problems
    assert "da: the label of 'a' is empty" in problems
    assert any("'b' fills different placeholders" in p for p in problems)
    assert Catalogue("odd", {"xx": {"a": "A"}}).problems() == ["'xx' is not one of ['da', 'en']"]


def test_a_label_fills_numbers_and_names_unchanged_and_refuses_what_it_lacks():
    assert SMALL.text("da", "round", n=3) == "Runde 3"
    with pytest.raises(RuleError, match="no 'nope' in en"):
        SMALL.text("en", "nope")
    with pytest.raises(RuleError, match="speak en, da, not 'fr'"):
        SMALL.text("fr", "roll")
    with pytest.raises(RuleError, match="needs a value for 'n'"):
        SMALL.text("en", "round")


def test_merging_refuses_a_key_both_define():
    assert (SMALL | KIT).text("da", "kit.undo") == "Fortryd"
    with pytest.raises(RuleError, match="both define \\['roll'\\]"):
        SMALL | Catalogue("other", {"en": {"roll": "x"}, "da": {"roll": "y"}})


def test_switching_relabels_bound_controls_and_redraws_views_in_place():
    labels = Labels(SMALL)
    button = labels.bind(widgets.Button(), "roll")
    heading = widgets.HTML()
    labels.on_switch(lambda: setattr(heading, "value", labels("round", n=2)))
    box = labels.bind(widgets.Text(), "round", "placeholder", n=4)
    assert button.description == "Roll" and box.placeholder == "Round 4"
    labels.set_language("da")
    assert labels.language == "da"
    assert (button.description, heading.value, box.placeholder) == ("Slå", "Runde 2", "Runde 4")
    with pytest.raises(RuleError, match="a language must be one of 'en', 'da'"):
        labels.set_language("de")
    assert labels.language == "da" and button.description == "Slå"  # nothing changed


def test_the_switch_is_named_in_both_languages_and_follows_code(tmp_path):
    labels = Labels(SMALL)
    switch = LanguageSwitch(labels)
    assert switch.description == "Language · Sprog"
    assert list(switch.options) == [("English", "en"), ("Dansk", "da")]
    assert "iw-language" in switch._dom_classes
    switch.value = "da"
    assert labels.language == "da"
    labels.set_language("en")
    assert switch.value == "en"


def test_bind_kit_relabels_the_shared_toolbar_entry_and_log(tmp_path):
    game = DiceTray.open(tmp_path / "t.jsonl", seed=1)
    labels = Labels(SMALL | KIT)
    toolbar = labels.bind_kit(SessionToolbar(game, export_dir=tmp_path))
    entry = labels.bind_kit(DiceEntry(lambda faces: None))
    log = labels.bind_kit(LogView(game))
    labels.set_language("da")
    assert toolbar.undo_button.description == "Fortryd"
    assert toolbar.note.placeholder == "en note til loggen"
    assert entry.roll_button.description == "Slå"
    assert entry.enter_button.description == "Indtast sider"
    assert log.first_button.description == "⇤ Første"
    labels.set_language("en")
    assert toolbar.export_button.description == "Export log"
    with pytest.raises(RuleError, match="bind_kit takes a SessionToolbar"):
        labels.bind_kit(widgets.Button())


def test_a_labelled_control_keeps_its_whole_label_in_the_language_spoken():
    labels = Labels(SMALL)
    box = labels.control(widgets.Dropdown(options=["a"]), "roll", "iw-roll")
    button = labels.control(widgets.Button(), "roll", "iw-roll-button")
    composite = labels.control(SubmitText(), "roll", "iw-roll-box")  # no style of its own
    assert box.description == button.description == "Roll"
    assert box.style.description_width == "initial"
    assert "iw-roll" in box._dom_classes and "iw-roll-box" in composite._dom_classes
    labels.set_language("da")
    assert box.description == button.description == "Slå"
