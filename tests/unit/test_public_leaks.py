"""No public view counts or reveals a secret roll, in any system.

The same public play is played twice, once with GM-only random rolls in the middle (rolled
and undone again; on the tray one also stays), with a fixed clock and fixed salts. Every
view that leaves the GM's machine must then be the same, byte for byte: the public log,
every export format written with ``public=True`` (the log's and the system's own), what
the stream's follower shows (its entries and its state) and what the stream page shows.
The only thing that may differ is the journal's head (a hash over every line, secret
ones included, so it is another hash; it tells nothing): the page's head line is set
aside, and checked to have stayed put while the GM rolled in secret.

Before numbered rolls, a public roll's draw position counted every die drawn before it:
``roll("2d6")``, seven dice in secret, ``roll("2d6")`` exported draws ``[0,0]`` then
``[0,9]``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from golden_journals import fixed_salts
from rolled_sessions import DISCLOSED, SESSIONS

from isowidgets.follow import Spectator
from isowidgets.game import Game
from isowidgets.journal import Entry
from isowidgets.stream.page import StreamPage
from isowidgets.tray import DiceTray

AT = datetime(2025, 1, 1, tzinfo=UTC)


def _play(directory: Path, name: str, secret: bool) -> Game[Any]:
    directory.mkdir()
    with fixed_salts():
        return SESSIONS[name](directory / "session.jsonl", secret, lambda: AT)


def _without_heads(entries: Any) -> list[Entry]:
    return [dataclasses.replace(entry, head="") for entry in entries]


def _texts(widget: Any) -> Iterator[str]:
    """Every text a widget tree shows (HTML and labels), in order."""
    if isinstance(widget, widgets.HTML | widgets.Label | widgets.HTMLMath):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from _texts(child)


def _page(path: Path) -> tuple[list[str], str]:
    """What the stream page shows: every text but the head's line, and that line."""
    page = StreamPage(path)
    try:
        texts = list(_texts(page))
        lines = page.commitment.value.split("<br>")
        head = [line for line in lines if "Journal head" in line]
        assert len(head) == 1, lines
        shown = [text.replace(head[0], "HEAD") for text in texts]
        return shown, head[0]
    finally:
        page.close()


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def pair(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Game[Any], Game[Any]]]:
    name = request.param
    root = tmp_path_factory.mktemp(name)
    plain = _play(root / "plain", name, secret=False)
    secret = _play(root / "secret", name, secret=True)
    yield plain, secret
    plain.journal.close()
    secret.journal.close()


def test_the_secret_session_did_roll_in_secret(pair: tuple[Game[Any], Game[Any]]) -> None:
    plain, secret = pair
    gm_rolls = [r for e in secret.journal.entries if e.gm for r in e.event.rolls()]
    assert gm_rolls and all(r.gm and r.number for r in gm_rolls if r.source == "random")
    assert len(secret.journal) > len(plain.journal)


def test_the_public_log_is_the_same(pair: tuple[Game[Any], Game[Any]]) -> None:
    plain, secret = pair
    assert secret.log(public=True).to_dict("records") == plain.log(public=True).to_dict("records")


def test_every_public_export_is_the_same(pair: tuple[Game[Any], Game[Any]], tmp_path: Path) -> None:
    plain, secret = pair
    assert set(plain.export_formats()) >= {"md", "csv", "json"}
    for fmt in plain.export_formats():
        a = plain.export(tmp_path / "a" / f"session.{fmt}", fmt, public=True).read_bytes()
        b = secret.export(tmp_path / "b" / f"session.{fmt}", fmt, public=True).read_bytes()
        assert a == b, fmt


def test_public_rolls_carry_their_public_number_only(pair: tuple[Game[Any], Game[Any]]) -> None:
    _plain, secret = pair
    rolls = [r for e in secret.public_view() for r in e.event.rolls() if r.source == "random"]
    assert [r.number for r in rolls] == list(range(1, len(rolls) + 1))
    assert not any(r.gm or r.draw for r in rolls)
    for entry in secret.public_view():
        for roll in entry.event.rolls():
            record = roll.to_record()
            assert "gm" not in record and "draw" not in record


def test_the_stream_follower_shows_the_same(pair: tuple[Game[Any], Game[Any]]) -> None:
    plain, secret = pair
    a = Spectator(plain.journal.path).poll()  # type: ignore[arg-type]
    b = Spectator(secret.journal.path).poll()  # type: ignore[arg-type]
    assert a is not None and b is not None
    assert _without_heads(b.game.journal.entries) == _without_heads(a.game.journal.entries)
    assert b.game.state == a.game.state
    assert a.head is not None and b.head is not None
    assert b.head.public_rolls == a.head.public_rolls


def test_the_stream_page_shows_the_same(pair: tuple[Game[Any], Game[Any]]) -> None:
    plain, secret = pair
    a, head_a = _page(plain.journal.path)  # type: ignore[arg-type]
    b, head_b = _page(secret.journal.path)  # type: ignore[arg-type]
    assert a == b
    assert head_a != head_b  # another hash (over the secret lines too), of the same form
    assert head_a.rsplit("·", 1)[1] == head_b.rsplit("·", 1)[1]  # the same roll count


def test_the_head_viewers_see_stays_put_while_the_gm_rolls_in_secret(tmp_path: Path) -> None:
    game = DiceTray.new(tmp_path / "s.jsonl", seed=1)
    game.roll("3d6")
    before = game.shown_head()
    with game.gm_only():
        game.roll("7d6")
        game.note("the NPC is a spy")
        game.roll("1d20")
    game.undo()
    assert game.shown_head() == before
    assert before is not None and before.public_rolls == 1
    game.roll("2d6")
    after = game.shown_head()
    assert after is not None and after.head == game.journal.head and after.public_rolls == 2


def test_the_issues_case_exports_public_numbers_only(tmp_path: Path) -> None:
    """``roll 2d6``, seven dice in secret, ``roll 2d6``: the public export says public
    rolls 1 and 2, and nothing that counts the seven."""
    game = DiceTray.new(tmp_path / "s.jsonl", seed=1)
    game.roll("2d6")
    with game.gm_only():
        game.roll("7d6")
    game.roll("2d6")
    target = game.export(tmp_path / "p.json", "json", public=True)
    records = json.loads(target.read_text(encoding="utf-8"))
    rolls = [r["data"]["roll"] for r in records if r["kind"] == "rolled"]
    assert [roll.get("n") for roll in rolls] == [1, 2]
    assert all("draw" not in roll and "gm" not in roll for roll in rolls)
    assert [r["seq"] for r in records] == [1, 2, 3] and [r["action"] for r in records] == [1, 2, 3]
    game.journal.close()


# --------------------------------------------------------------------------- disclosed rolls

_SECRET_NUMBER = re.compile(r'n"+:\s*(\d+),\s*"+gm"+:\s*true')
"""A GM-only roll's number as every text view writes its record (JSON, Markdown's compact
JSON, CSV's doubled quotes)."""


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_disclosed_secret_roll_counts_no_secret_roll_before_it(name: str, tmp_path: Path) -> None:
    """Secret rolls (hidden, undone) and then one more in a GM-only action, disclosed: in
    the journal it is GM-only roll #2 or #3; every public view shows it as the first of
    the secret rolls shown, so nothing tells how many the GM rolled before it."""
    game = _play(tmp_path / "game", name, secret=True)
    DISCLOSED[name](game)
    numbers = [r.number for e in game.journal.entries for r in e.event.rolls() if r.gm]
    assert len(numbers) >= 2 and numbers[-1] == len(numbers)  # the journal counts them all
    view = [r for e in game.public_view() for r in e.event.rolls() if r.gm]
    assert [r.number for r in view] == [1]
    assert view[0].faces == [r for e in game.journal.entries for r in e.event.rolls()][-1].faces
    assert _SECRET_NUMBER.findall(" ".join(game.log(public=True)["data"])) == ["1"]
    for fmt in game.export_formats():
        text = game.export(tmp_path / f"session.{fmt}", fmt, public=True).read_text("utf-8")
        assert set(_SECRET_NUMBER.findall(text)) <= {"1"}, fmt
    catch = Spectator(game.journal.path).poll()  # type: ignore[arg-type]
    assert catch is not None
    followed = [r for e in catch.game.journal.entries for r in e.event.rolls() if r.gm]
    assert [r.number for r in followed] == [1]
    game.journal.close()


def test_an_old_journals_public_view_shows_no_draw_position() -> None:
    """A session of the old dice scheme (``tests/journals/tray.jsonl``): a public d20 was
    drawn at position 6, after the 3d6!6's four dice and two dice the GM rolled in
    secret; the view shows the roll, not the position."""
    from isowidgets.journal import Journal
    from isowidgets.visibility import public_view

    entries = Journal.read(Path(__file__).resolve().parents[1] / "journals" / "tray.jsonl").entries
    assert any(r.draw == (0, 6) for e in entries for r in e.event.rolls())
    shown = [r for e in public_view(entries) for r in e.event.rolls()]
    assert len(shown) == 3 and not any(r.draw for r in shown)
    assert [r.faces for r in shown] == [(5, 3, 6, 3), (1, -1, 0, 0), (17,)]


def test_an_event_with_its_rolls_changed_changes_nothing_else(tmp_path: Path) -> None:
    """``Event.with_rolls`` (what a view numbers disclosed rolls with) reaches a roll
    however deep an event holds it (Fudge: a list of records, each a model with a roll),
    each once, in order; an event none of whose rolls changes is itself."""
    game = _play(tmp_path / "fudge", "fudge_conflict", secret=False)
    event = next(e.event for e in game.journal.entries if len(e.event.rolls()) == 2)
    seen: list[Any] = []

    def renumber(roll: Any) -> Any:
        seen.append(roll)
        return dataclasses.replace(roll, number=100 + len(seen))

    changed = event.with_rolls(renumber)
    assert seen == event.rolls()
    assert [r.number for r in changed.rolls()] == [101, 102]
    assert [r.faces for r in changed.rolls()] == [r.faces for r in event.rolls()]
    assert changed.model_dump(exclude={"records"}) == event.model_dump(exclude={"records"})
    assert event.with_rolls(lambda roll: roll) is event
    note = next(e.event for e in game.journal.entries if not e.event.rolls())
    assert note.with_rolls(renumber) is note and len(seen) == 2
    game.journal.close()
