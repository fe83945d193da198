"""The toolbar's proof line: the table's seed (given from a box while it can be) and the
journal's head with the public roll count, live, as the stream shows them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from isowidgets.journal.chain import short_head
from isowidgets.tray import DiceTray
from isowidgets.widgets.i18n import KIT, Labels
from isowidgets.widgets.toolbar import SessionToolbar


@pytest.fixture
def tray(tmp_path: Path) -> DiceTray:
    return DiceTray.new(tmp_path / "night.jsonl", seed=5)


def _shown(widget: object) -> bool:
    return widget.layout.display != "none"


def _head(proof) -> tuple[str, str]:
    """The head's text and its tooltip: a span whose title a browser shows on hover."""
    found = re.fullmatch(
        r'<span class="iw-head-text" title="([^"]*)">([^<]*)</span>', proof.head.value
    )
    assert found is not None, proof.head.value
    return html.unescape(found[2]), html.unescape(found[1])


def test_a_fresh_session_offers_the_table_seed_and_shows_its_head(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    proof = bar.proof
    assert _shown(proof.table_seed) and _shown(proof.give_button)
    assert not _shown(proof.table_seed_shown)
    head = tray.shown_head()
    assert head is not None and head.public_rolls == 0
    text, tip = _head(proof)
    assert text == f"head {short_head(head.head)} · public rolls: 0"
    assert f"--head 0:{head.head[:16]}" in tip


def test_the_box_gives_the_table_seed_and_then_says_which_it_was(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    proof = bar.proof
    proof.table_seed._handle_custom_msg({"event": "submit", "value": "Pickles the cat"}, [])
    assert tray.table_seed == "Pickles the cat" and proof.table_seed.value == ""
    assert "table seed given: “Pickles the cat” is bound into every roll" in bar.messages.value
    assert not _shown(proof.table_seed) and not _shown(proof.give_button)
    assert proof.table_seed_shown.value == "table seed “Pickles the cat”"
    assert tray.journal.entries[-1].kind == "table_seed"


def test_a_blank_seed_is_refused_and_the_box_keeps_its_text(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    events = len(tray.journal)
    bar.proof.table_seed.value = "   "
    bar.proof.give_button.click()
    assert "⚠ Error" in bar.messages.value and len(tray.journal) == events
    assert bar.proof.table_seed.value == "   " and _shown(bar.proof.table_seed)


def test_after_the_first_roll_the_box_goes_and_the_line_says_no_table_seed(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    tray.roll("2d6", "3 4")  # typed faces: a table seed may still come
    assert _shown(bar.proof.table_seed)
    tray.roll("2d6")
    assert not _shown(bar.proof.table_seed) and not _shown(bar.proof.give_button)
    assert bar.proof.table_seed_shown.value == "no table seed (the GM's seed alone)"


def test_the_head_moves_with_public_actions_only(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    tray.roll("3d6")
    before = bar.proof.head.value
    assert _head(bar.proof)[0].endswith("public rolls: 1")
    with tray.gm_only():
        tray.roll("7d6")
        tray.note("the NPC lies")
    assert bar.proof.head.value == before
    tray.roll("1d20")
    text, tip = _head(bar.proof)
    assert bar.proof.head.value != before and text.endswith("public rolls: 2")
    assert short_head(tray.journal.head) in text and tray.journal.head in tip


def test_the_proof_line_speaks_danish(tray, tmp_path):
    labels = Labels(KIT)
    bar = labels.bind_kit(SessionToolbar(tray, export_dir=tmp_path))
    labels.set_language("da")
    assert bar.proof.give_button.description == "Giv bordets frø"
    assert bar.proof.table_seed.description == "Bordets frø"
    text, _tip = _head(bar.proof)
    assert text.startswith("hash ") and text.endswith("offentlige slag: 0")
    tray.roll("d6")
    assert bar.proof.table_seed_shown.value == "intet frø fra bordet (kun spillederens)"
    labels.set_language("en")
    assert bar.proof.table_seed_shown.value == "no table seed (the GM's seed alone)"


def test_a_journal_from_before_heads_says_so(tmp_path):
    import shutil

    golden = Path(__file__).resolve().parents[1] / "journals"
    for suffix in ("", ".secret"):
        shutil.copy(golden / f"impact.jsonl{suffix}", tmp_path / f"impact.jsonl{suffix}")
    from isowidgets.systems import open_session

    game = open_session(tmp_path / "impact.jsonl")
    bar = SessionToolbar(game, export_dir=tmp_path)
    assert _head(bar.proof)[0] == "head: none (written before lines were chained)"
    assert bar.proof.table_seed_shown.value == "no table seed (the GM's seed alone)"
    game.note("resumed")  # a chained line now: the head is shown from here on
    assert _head(bar.proof)[0].startswith("head ")
    bar.close()
    game.journal.close()
