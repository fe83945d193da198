"""What the pseudo-language and Danish walks of Mr. Burke's table found (issue 25, item 4),
each fixed and pinned here: the system's name, a house rule's name and values in the log,
the Markdown log in the reader's words, the views' ``lang``, number boxes' hover text."""

from __future__ import annotations

import csv
from pathlib import Path

import ipywidgets as widgets

from isowidgets.journal.events import SettingsChanged
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.stream.page import LANGUAGES, StreamPage
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.i18n import KIT, Labels
from isowidgets.widgets.recap import recap_html
from isowidgets.widgets.replay import Replay
from isowidgets.widgets.spoken import Spoken
from isowidgets.words import render


def _game(tmp_path: Path) -> FudgeGame:
    game = FudgeGame.new(tmp_path / "station.jsonl", seed=5, title="The station")
    burke = game.add_character("Mr. Burke", skills={"argue": 2})
    game.check("passive", burke, "argue", difficulty=1, faces="+ 0 0")
    game.change_settings(lasting_penalties_stack=True, damage_bump="single_step")
    return game


def test_a_house_rule_changed_is_named_and_valued_in_its_system_s_words():
    changed = SettingsChanged(
        changes={
            "lasting_penalties_stack": (False, True),
            "damage_bump": ("cascade", "single_step"),
        }
    )
    english = render(changed.message(), "en")
    assert english == (  # the English the log always wrote
        "house rules: lasting penalties stack: off → on; damage bump: cascade → single step"
    )
    danish = render(changed.message(), "da")
    assert danish == (
        "husregler: varige straffe lægges sammen: fra → til; "
        "sår på udfyldt niveau: kaskade → ét trin"
    )
    assert "⟦lasting penalties stack⟧" in render(changed.message(), "qps")  # a message, wrapped
    unknown = SettingsChanged(changes={"no_such_rule": (1, 2)})
    assert render(unknown.message(), "da") == "husregler: no such rule: 1 → 2"


def test_the_session_s_start_names_the_danish_system_in_danish(tmp_path: Path):
    game = _game(tmp_path)
    started = game.journal.entries[0].event
    assert render(started.message(), "en").startswith("Danish Fudge-dice conflict system session")
    assert render(started.message(), "da").startswith(
        "det danske konfliktsystem med fudgeterninger"
    )
    page = recap_html(game.journal.entries, language="da")
    assert "det danske konfliktsystem med fudgeterninger" in page
    assert "Danish Fudge-dice" not in page
    assert '<html lang="qps">' in recap_html(game.journal.entries, language="qps")


def test_the_markdown_log_is_written_in_the_reader_s_words_and_csv_keeps_its_names(
    tmp_path: Path,
):
    game = _game(tmp_path)
    danish = game.export(tmp_path / "log.md", language="da").read_text(encoding="utf-8")
    head = next(line for line in danish.splitlines() if line.startswith("| "))
    assert [cell.strip() for cell in head.strip("|").split("|")] == [
        "nr.", "handling", "tidspunkt", "system", "slags", "resumé", "sider", "kilde",
        "fortrudt", "data",
    ]  # fmt: skip
    assert "| indtastet " in danish and "| nej " in danish
    assert "| kernen " in danish and "| det danske konfliktsystem med fudgeterninger " in danish
    assert "| session startet " in danish and "| husregler ændret " in danish  # core kinds
    for english in ("| typed", "| False", "| core ", "conflict_rolled", "fudge_conflict |",
                    "session started", "settings changed"):  # fmt: skip
        assert english not in danish, english
    english = game.export(tmp_path / "log-en.md").read_text(encoding="utf-8")
    assert "| seq " in english and "| typed " in english and "| no " in english
    rows = list(csv.DictReader(game.export(tmp_path / "log.csv", language="da").open()))
    assert rows[-2]["kind"] == "conflict_rolled" and rows[-2]["source"] == "typed"


def test_every_view_says_its_language_on_its_root(tmp_path: Path):
    game = _game(tmp_path)
    table = FudgeTable(game, language="da", export_dir=tmp_path / "exports")
    assert isinstance(table.spoken, Spoken) and table.spoken in table.children
    assert (table.spoken.language, table.spoken.selector) == ("da", ".iw-fudge-table")
    table.set_language("en")
    assert table.spoken.language == "en"
    replay = Replay(game, language="da")
    spoken = [child for child in replay.children if isinstance(child, Spoken)]
    assert [(s.language, s.selector) for s in spoken] == [("da", ".iw-replay")]
    page = StreamPage(game.journal.path, language="qps")
    spoken = [child for child in page.children if isinstance(child, Spoken)]
    assert [(s.language, s.selector) for s in spoken] == [("qps", ".iw-stream")]
    assert {"en", "da", "qps"} <= set(LANGUAGES)
    table.close()
    replay.close()


def test_a_labelled_number_box_hovers_with_its_label_not_null():
    labels = Labels(KIT, "en")
    box = labels.control(widgets.BoundedIntText(), "kit.log.col.seq", "iw-x")
    assert box.tooltip == "seq"
    labels.set_language("da")
    assert box.tooltip == "nr."
    button = labels.control(widgets.Button(), "kit.log.col.seq", "iw-y")
    assert button.tooltip is None  # a button's hover is its own tip, bound where it is made
