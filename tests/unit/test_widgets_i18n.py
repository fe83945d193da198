"""The widgets' labels: gettext catalogues in each language, a live panel re-labelled."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import ipywidgets as widgets
import pytest

from isowidgets.dice import DF, parse_faces
from isowidgets.errors import RuleError
from isowidgets.exercises import EXERCISE_WORDS
from isowidgets.tray import DiceTray
from isowidgets.widgets import i18n
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.fudge_conflict.labels import CATALOGUE, LABELS_CATALOGUE
from isowidgets.widgets.i18n import KIT, Catalogue, Labels, LanguageSwitch, catalogue
from isowidgets.widgets.log import LogView
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.words import Percent
from isowidgets.words.extract import extract, problems, write_templates
from isowidgets.workshop.words import OVERVIEW_WORDS

SMALL = Catalogue(
    "small", {key: LABELS_CATALOGUE.entries[key] for key in ("roll.kept", "roll.result")}
)
"""Two of the Danish system's labels: ``kept``/``beholdt``, ``Result {n}``/``Resultat {n}``."""

EVERY = (KIT, LABELS_CATALOGUE, OVERVIEW_WORDS, EXERCISE_WORDS)


def test_each_label_is_a_message_of_its_domain_with_its_english_in_the_code():
    assert KIT.entries["kit.undo"] == ("kit.undo", "Undo")
    assert LABELS_CATALOGUE.entries["roll.result"] == ("fudge_conflict.roll.result", "Result {n}")
    assert OVERVIEW_WORDS.entries["overview.title"] == (
        "workshop.overview.title",
        "Workshop overview",
    )
    assert EXERCISE_WORDS.entries["exercise.answer"][0] == "exercises.exercise.answer"
    found, wrong = extract()
    assert wrong == []
    for labels in EVERY:
        for message_key, english in labels.entries.values():
            assert found[message_key].template == english
            assert found[message_key].places[0][0].endswith(".py")


def test_the_kit_the_danish_system_and_the_workshop_speak_english_and_danish():
    for labels in (KIT, CATALOGUE, OVERVIEW_WORDS):
        assert labels.languages == ("en", "da")
        english, danish = labels.labels["en"], labels.labels["da"]
        assert english.keys() == danish.keys() == labels.keys()
        assert all(text.strip() for text in [*english.values(), *danish.values()])
    assert EXERCISE_WORDS.languages == ("en",)  # the exercise notebooks are in English


def test_a_label_renders_in_english_danish_and_the_pseudo_language():
    assert KIT.text("en", "kit.undo") == "Undo"
    assert KIT.text("da", "kit.undo") == "Fortryd"
    assert KIT.text("qps", "kit.undo") == "⟦Undo⟧"
    assert SMALL.text("da", "roll.result", n=3) == "Resultat 3"
    assert SMALL.text("qps", "roll.result", n=3) == "⟦Result 3⟧"  # the value is not wrapped
    assert OVERVIEW_WORDS.text("da", "overview.seconds", n=5) == "for 5 s siden"
    for labels in EVERY:
        for key in labels.entries:
            text = labels.template("qps", key)
            assert text.startswith("⟦") and text.endswith("⟧"), key


def test_numbers_in_a_label_are_written_the_languages_way():
    assert KIT.text("en", "kit.log.all", count=Percent(0.125)) == "showing all 12.5% events"
    assert KIT.text("da", "kit.log.all", count=Percent(0.125)) == "viser alle 12,5\xa0% hændelser"
    assert KIT.text("da", "kit.log.all", count=1234.5) == "viser alle 1.234,5 hændelser"
    assert KIT.text("en", "kit.rules.whole", low=-10, high=20).endswith("from −10 to 20")


def test_a_label_refuses_an_unknown_key_language_or_a_missing_value():
    with pytest.raises(RuleError, match="no 'nope'") as excinfo:
        SMALL.text("en", "nope")
    assert excinfo.value.key == "kit.labels.no_key"
    with pytest.raises(RuleError, match="speak en, da, not 'fr'"):
        SMALL.text("fr", "roll.kept")
    with pytest.raises(RuleError, match="needs a value for 'n'"):
        SMALL.text("en", "roll.result")
    with pytest.raises(RuleError, match="speak en, not 'da'"):
        EXERCISE_WORDS.text("da", "exercise.answer", name="x")


def test_merging_refuses_a_key_both_define():
    assert (SMALL | KIT).text("da", "kit.undo") == "Fortryd"
    with pytest.raises(RuleError, match=r"both define \['roll.kept', 'roll.result'\]"):
        SMALL | SMALL


def test_switching_relabels_bound_controls_and_redraws_views_in_place():
    labels = Labels(SMALL)
    button = labels.bind(widgets.Button(), "roll.kept")
    heading = widgets.HTML()
    labels.on_switch(lambda: setattr(heading, "value", labels("roll.result", n=2)))
    box = labels.bind(widgets.Text(), "roll.result", "placeholder", n=4)
    assert button.description == "kept" and box.placeholder == "Result 4"
    labels.set_language("da")
    assert labels.language == "da"
    assert (button.description, heading.value, box.placeholder) == (
        "beholdt",
        "Resultat 2",
        "Resultat 4",
    )
    labels.set_language("qps")
    assert (button.description, heading.value, box.placeholder) == (
        "⟦kept⟧",
        "⟦Result 2⟧",
        "⟦Result 4⟧",
    )
    assert labels.template("roll.result") == "⟦Result {n}⟧"
    with pytest.raises(RuleError, match="a language must be one of 'en', 'da'"):
        labels.set_language("de")
    assert labels.language == "qps" and button.description == "⟦kept⟧"  # nothing changed


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
    labels.set_language("qps")  # a test's language: offered only while it is spoken
    assert switch.value == "qps" and switch.description == "Language · Sprog · ⟦Language⟧"
    switch.value = "da"
    assert labels.language == "da"
    assert list(switch.options) == [("English", "en"), ("Dansk", "da")]
    # From code, out of the pseudo-language again: the switch drops it and follows.
    labels.set_language("qps")
    labels.set_language("da")
    assert labels.language == "da" and switch.value == "da"
    assert list(switch.options) == [("English", "en"), ("Dansk", "da")]
    assert switch.description == "Language · Sprog"


def test_a_panel_made_in_the_pseudo_language_offers_it_in_its_switch():
    labels = Labels(CATALOGUE, "qps")
    switch = LanguageSwitch(labels)
    assert switch.value == "qps" and ("⟦Pseudo⟧", "qps") in list(switch.options)
    assert labels("ability.kraft") == "⟦Might⟧"


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
    labels.set_language("qps")
    assert toolbar.undo_button.description == "⟦Undo⟧"
    assert log.first_button.description == "⟦⇤ First⟧"
    labels.set_language("en")
    assert toolbar.export_button.description == "Export log"
    with pytest.raises(RuleError, match="bind_kit takes a SessionToolbar"):
        labels.bind_kit(widgets.Button())


def test_a_refusal_under_a_bound_dice_entry_is_said_in_the_language_spoken():
    labels = Labels(SMALL | KIT, "da")
    entry = labels.bind_kit(DiceEntry(lambda faces: parse_faces(faces, DF)))
    entry.submit("x y z")
    assert "⚠ Fejl:" in entry.error.value and "Error" not in entry.error.value
    labels.set_language("qps")  # said again in the language switched to, its mark too
    assert "⟦⚠ Error⟧:" in entry.error.value and "⟦could not read" in entry.error.value
    entry.disabled = True
    entry.submit(None)
    assert "⟦these dice cannot be rolled now: the entry is switched off⟧" in entry.error.value
    labels.set_language("da")
    assert "terningerne kan ikke slås nu" in entry.error.value


def test_the_toolbar_offers_its_export_formats_in_the_language_spoken(tmp_path):
    game = DiceTray.open(tmp_path / "t.jsonl", seed=1)
    labels = Labels(SMALL | KIT, "da")
    toolbar = labels.bind_kit(SessionToolbar(game, export_dir=tmp_path))
    offered = dict((value, label) for label, value in toolbar.export_format.options)
    assert offered["md"] == "Markdown" and offered["recap"] == "Resumé (HTML-side)"
    toolbar.export_format.value = "recap"
    labels.set_language("qps")
    offered = dict((value, label) for label, value in toolbar.export_format.options)
    assert offered["recap"] == "⟦Recap (HTML page)⟧"
    assert toolbar.export_format.value == "recap"  # the choice stays through a switch
    labels.set_language("da")
    toolbar.export()
    assert "Resumé (HTML-side)" in toolbar.messages.value
    assert "Recap" not in toolbar.messages.value


def test_a_labelled_control_keeps_its_whole_label_in_the_language_spoken():
    labels = Labels(SMALL)
    box = labels.control(widgets.Dropdown(options=["a"]), "roll.kept", "iw-roll")
    button = labels.control(widgets.Button(), "roll.kept", "iw-roll-button")
    composite = labels.control(SubmitText(), "roll.kept", "iw-roll-box")  # no style of its own
    assert box.description == button.description == "kept"
    assert box.style.description_width == "initial"
    assert "iw-roll" in box._dom_classes and "iw-roll-box" in composite._dom_classes
    labels.set_language("da")
    assert box.description == button.description == "beholdt"


def test_the_extractor_reads_a_label_dict_and_the_check_finds_what_a_language_lacks(
    tmp_path: Path,
):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(
        textwrap.dedent(
            """\
            KIT = catalogue("kit", {"kit.a": "A", "b": "B {n}", "c": "C", "d": "D"})
            LATE = catalogue("kit", {"e": computed()})
            """
        ),
        encoding="utf-8",
    )
    found, wrong = extract(package)
    assert {key: m.template for key, m in found.items()} == {
        "kit.a": "A",
        "kit.b": "B {n}",
        "kit.c": "C",
        "kit.d": "D",
    }
    assert any("a.py:2: a label of catalogue" in problem for problem in wrong)
    (package / "a.py").write_text(
        'KIT = catalogue("kit", {"kit.a": "A", "b": "B {n}", "c": "C", "d": "D"})\n',
        encoding="utf-8",
    )
    locale = tmp_path / "locale"
    folder = locale / "da" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    write_templates(package, locale)
    (folder / "kit.po").write_text(
        textwrap.dedent(
            """\
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=utf-8\\n"
            "Language: da\\n"

            msgctxt "kit.a"
            msgid "A"
            msgstr " "

            msgctxt "kit.b"
            msgid "B {n}"
            msgstr "B"

            msgctxt "kit.d"
            msgid "D"
            msgstr "D på dansk"
            """
        ),
        encoding="utf-8",
    )
    found_problems = problems(package, locale)
    assert "da/kit.po: no translation of 'kit.c'" in found_problems
    assert "da/kit.po: the translation of 'kit.a' is empty" in found_problems
    assert "da/kit.po: 'kit.b' fills [], the English ['n']" in found_problems
    assert not any("'kit.d'" in problem for problem in found_problems)


def test_the_translation_module_imports_no_widget():
    tree = ast.parse(Path(i18n.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported == {
        "__future__",
        "functools",
        "collections.abc",
        "dataclasses",
        "typing",
        "ipywidgets",
        None,  # from .. import checks
        "errors",
        "words",
        "words.catalogues",
        "words.extract",
    }
    assert catalogue("kit", {"undo": "Undo"}).entries == {"undo": ("kit.undo", "Undo")}
