"""The recap: one HTML page per session, for every system, that tells every beat in force
with the board after it, needs nothing from the network, speaks the table's language,
is public by default, stays within about 5 MB for a 500-event session, and is written
by ``game.export`` and the toolbar's Export; a refused export writes nothing."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from replay_play import FULL, LONG
from world_play import end_year, political, world

from isowidgets.errors import JournalError
from isowidgets.reel import Reel
from isowidgets.tray import DiceTray
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.recap import recap_html
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.words import render

MB = 1 << 20


class _Page(HTMLParser):
    """What a recap page holds: its beats, its headings, what it would fetch."""

    def __init__(self) -> None:
        super().__init__()
        self.beats: list[str] = []
        self.fetches: list[str] = []
        self.scripts = 0
        self.headings: list[int] = []
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        if tag == "section" and "data-beat" in found:
            self.beats.append(found["data-beat"] or "")
        if tag == "script":
            self.scripts += 1
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        for name in ("src", "href", "srcset", "data", "poster"):
            value = found.get(name) or ""
            if value and not value.startswith("#"):
                self.fetches.append(f"{tag} {name}={value}")


def _page(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


@pytest.mark.parametrize("system", list(FULL))
def test_each_system_s_recap_tells_every_beat_in_force_and_fetches_nothing(
    system: str, tmp_path: Path
) -> None:
    game = FULL[system](tmp_path / f"{system}.jsonl")
    path = game.export(tmp_path / "recap.html", "recap")
    text = path.read_text(encoding="utf-8")
    page = _page(text)
    story = Reel.of(game).story()
    assert page.beats == [str(mark.index) for mark in story]
    for mark in story:
        assert render(mark.beat.heading).replace("'", "&#x27;") in text
    assert text.startswith("<!DOCTYPE html>") and page.lang == "en"
    assert page.scripts == 0 and not page.fetches, page.fetches
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
    levels = page.headings
    assert levels[0] == 1 and all(b - a <= 1 for a, b in pairwise(levels))
    moments = text.count('<article class="iw-recap-moment"')
    assert moments == len({mark.position for mark in story})


def test_the_danish_recap_speaks_danish(tmp_path: Path) -> None:
    game = FULL["fudge_conflict"](tmp_path / "f.jsonl")
    text = game.export(tmp_path / "r.html", "recap", language="da").read_text("utf-8")
    assert _page(text).lang == "da"
    for words in ("Resumé", "Medvirkende", "Historien", "Lad det gøre ondt", "Skrammet"):
        assert words in text, words


def test_the_recap_is_public_unless_the_gm_asks_for_everything(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=4)
    game.roll("2d6", purpose="the open door")
    with game.gm_only():
        game.roll("1d20", purpose="the hidden trap")
    public = game.export(tmp_path / "public.html", "recap").read_text("utf-8")
    assert "the open door" in public and "the hidden trap" not in public
    everything = game.export(tmp_path / "all.html", "recap", public=False).read_text("utf-8")
    assert "the hidden trap" in everything and "for the GM" in everything
    game.disclose(3)
    shown = game.export(tmp_path / "shown.html", "recap").read_text("utf-8")
    assert "the hidden trap" in shown


def _grown_world(path: Path, events: int) -> Any:
    """Watch the World Die's heaviest board: political turns, whose chart grows with the
    session (a point a roll), a year ended when Pressure climbs past 30."""
    game = world(path=path)
    while len(game.journal) < events:
        political(game)
        if game.state.pressure > 30:
            end_year(game, faces=(6, 6))
    return game


GROWN = {**LONG, "watch_the_world_die": _grown_world}
"""A session of each system grown to a number of journal lines (Isolation's map drawn at
every beat, Impact's ladders, the Danish damage tracks, the world's chart)."""


@pytest.mark.parametrize("system", list(GROWN))
def test_a_500_event_session_s_recap_stays_within_about_5_mb(system: str, tmp_path: Path) -> None:
    game = GROWN[system](tmp_path / f"{system}.jsonl", 500)
    assert len(game.journal) >= 500
    text = recap_html(game.journal.entries)
    assert len(text.encode("utf-8")) < 5 * MB, len(text)
    story = Reel.of(game).story()
    assert story and _page(text).beats == [str(mark.index) for mark in story]


def test_every_game_offers_the_recap_and_the_toolbar_writes_it_in_the_table_s_language(
    tmp_path: Path,
) -> None:
    game = FULL["fudge_conflict"](tmp_path / "f.jsonl")
    assert type(game).export_formats()["recap"] == "Recap (HTML page)"
    table = FudgeTable(game, language="da", export_dir=tmp_path / "exports")
    path = table.toolbar.export("recap")
    assert path == tmp_path / "exports" / "f-recap.html"
    assert 'lang="da"' in path.read_text("utf-8")
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    bar = SessionToolbar(tray, export_dir=tmp_path / "exports")
    assert "recap" in [value for _label, value in bar.export_format.options]
    assert bar.export("recap").name == "t-recap.html"
    table.close()
    bar.close()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"language": "xx"}, "language"),
        ({"language": None}, "language"),
        ({"public": "yes"}, "public"),
        ({"fmt": "recap2"}, "fmt"),
        ({"fmt": ["recap"]}, "fmt"),
    ],
)
def test_a_refused_recap_writes_nothing(
    arguments: dict[str, Any], words: str, tmp_path: Path
) -> None:
    game = DiceTray.new(tmp_path / "t.jsonl", seed=1)
    game.roll("1d6")
    given = {"fmt": "recap", **arguments}
    target = tmp_path / "out" / "r.html"
    with pytest.raises(JournalError, match=words):
        game.export(target, **given)
    assert not target.exists()
