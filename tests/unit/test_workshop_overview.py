"""The teacher's overview without a hub: its rows from participants' folders, its table,
its links, and the service the hub starts.

``tests/hub/test_overview.py`` opens the real thing in Chromium while three
participants play; these tests pin each rule on files made here.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from isowidgets.errors import IsowidgetsError
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.stream.page import StreamPage
from isowidgets.workshop import Workshop
from isowidgets.workshop.config import OVERVIEW_PORT, OVERVIEW_SCOPES
from isowidgets.workshop.overview import (
    LANGUAGE_VARIABLE,
    HubSeats,
    LinkError,
    OverviewPage,
    Roster,
    Row,
    Seat,
    page_language,
    table_link,
)
from isowidgets.workshop.service import NAME, PAGES, service_args, table_page, write_pages
from isowidgets.workshop.words import OVERVIEW_WORDS

NOW = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


def _isolation(home: Path, name: str = "farmhouse", *, conflicts: int = 1) -> Path:
    path = home / "notebooks" / "sessions" / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    game = IsolationGame.open(path, resume=False, seed=7, title="The farmhouse")
    add_boarding_party(game, stress=2)
    for _ in range(conflicts):
        game.run_conflict("bob", "board up the windows", difficulty="Hard")
    game.journal.close()
    return path


@pytest.fixture
def room(tmp_path: Path) -> Path:
    participants = tmp_path / "participants"
    _isolation(participants / "ada")
    (participants / "bo" / "notebooks").mkdir(parents=True)  # logged in, no table yet
    return participants


def test_a_row_says_what_a_participant_plays_from_their_latest_journal(room: Path) -> None:
    seats = {
        "ada": Seat("ada", True, (("notebooks/01-isolation.ipynb", NOW),)),
        "bo": Seat("bo", True),
    }
    ada, bo = Roster(room).rows(seats)
    assert (ada.participant, ada.notebook, ada.system) == ("ada", "01-isolation.ipynb", "Isolation")
    assert ada.journal == "notebooks/sessions/farmhouse.jsonl"
    game = IsolationGame.resume(room / "ada" / ada.journal)
    last = game.journal.effective()[-1]
    game.journal.close()
    assert ada.step == last.event.message()  # the system's message, said when drawn
    # The last action is when the journal was last written: its last entry, flushed.
    written = (room / "ada" / ada.journal).stat().st_mtime_ns / 1e9
    assert ada.last_action == datetime.fromtimestamp(written, UTC)
    assert ada.last_action is not None and abs(ada.last_action - last.at) < timedelta(seconds=2)
    assert (bo.system, bo.step, bo.journal, bo.last_action) == (None, None, None, None)


def test_with_a_time_budget_changed_journals_are_read_in_turn_stalest_first(
    room: Path,
) -> None:
    _isolation(room / "bo", "motel")
    roster = Roster(room)
    first = roster.rows({}, budget=0)
    assert [r.system for r in first] == ["Isolation", None]  # only Ada's read this time
    second = roster.rows({}, budget=0)
    assert [r.system for r in second] == ["Isolation", "Isolation"]  # then Bo's
    assert all(r.last_action is not None for r in first)  # the file's time: always fresh


def test_the_latest_journal_wins_and_the_row_follows_it(room: Path) -> None:
    roster = Roster(room)
    assert roster.rows({})[0].system == "Isolation"
    later = room / "ada" / "notebooks" / "sessions" / "spy.jsonl"
    game = ImpactGame.open(later, resume=False, seed=3)
    game.journal.close()
    first = room / "ada" / "notebooks" / "sessions" / "farmhouse.jsonl"
    after = first.stat().st_mtime_ns + 1_000_000_000  # file times can be coarse
    os.utime(later, ns=(after, after))
    row = roster.rows({})[0]
    assert (row.system, row.journal) == ("The Impact System", "notebooks/sessions/spy.jsonl")


def test_a_gm_only_step_stays_off_the_teachers_screen_as_off_a_stream(room: Path) -> None:
    path = _isolation(room / "cy", conflicts=0)
    game = IsolationGame.resume(path)
    before = game.journal.effective()[-1].event.message()
    with game.gm_only():
        game.note("the cult is in the cellar")
    game.journal.close()
    row = Roster(room).row(Seat("cy"), room / "cy")
    assert row.step == before and "cellar" not in OverviewPage("nowhere").render([row], NOW)


def test_the_notebook_is_the_open_one_beside_the_journal_whose_kernel_ran_last() -> None:
    seat = Seat(
        "ada",
        True,
        (
            ("notebooks/02-impact.ipynb", NOW),
            ("notebooks/exercises/isolation.ipynb", NOW - timedelta(minutes=5)),
            ("notebooks/01-isolation.ipynb", NOW - timedelta(minutes=1)),
        ),
    )
    roster_row = Roster.__new__(Roster)  # only the notebook rule is used here
    from isowidgets.workshop.roster import _notebook_for

    assert roster_row is not None
    assert _notebook_for(seat, "notebooks/sessions/farmhouse.jsonl") == "02-impact.ipynb"
    beside = "notebooks/exercises/sessions/mine.jsonl"
    assert _notebook_for(seat, beside) == "exercises/isolation.ipynb"
    assert _notebook_for(Seat("bo"), beside) is None


def test_quiet_rows_are_marked_in_words_and_with_a_glyph_and_stopped_servers_too() -> None:
    page = OverviewPage("nowhere")
    rows = [
        Row("ada", True, "01-isolation.ipynb", "Isolation", "Bob rolled", NOW, "j.jsonl"),
        Row(
            "bo", True, "01-isolation.ipynb", "Isolation", "Bob rolled", NOW - timedelta(minutes=7)
        ),
        Row("cy", False),
    ]
    text = page.render(rows, NOW)
    ada, bo, cy = text.split("<tr")[2:]
    assert "quiet" not in ada and "0 s ago" in ada
    assert "⏸ quiet</span> · 7 min ago" in bo and "iw-overview-quiet" in bo
    assert "■ server stopped" in cy and "no table opened yet" in cy and "nothing played yet" in cy
    assert "table.ipynb?participant=ada&amp;journal=j.jsonl" in ada
    page.close()


def test_every_value_on_the_page_is_escaped() -> None:
    page = OverviewPage("nowhere")
    evil = "<script>alert(1)</script>"
    text = page.render([Row(evil, True, evil, evil, evil, NOW, f"{evil}.jsonl")], NOW)
    assert "<script>" not in text and "&lt;script&gt;" in text
    page.close()


def test_the_page_speaks_danish_and_its_words_are_complete() -> None:
    assert OVERVIEW_WORDS.languages == ("en", "da")  # complete: see test_words
    page = OverviewPage("nowhere", language="da")
    empty = page.render([], NOW)
    assert "Seneste skridt" in empty and "Ingen er logget ind" in empty
    page.close()


def test_the_system_and_latest_step_are_said_in_the_pages_language(room: Path) -> None:
    # A Danish Fudge-dice table: its system and events have Danish words in its catalogue.
    path = room / "bo" / "notebooks" / "sessions" / "brawl.jsonl"
    game = FudgeGame.open(path, resume=False, seed=7)
    game.add_character("Ana", skills={"brawl": 2}, categories={"brawl": "kraft"})
    step = game.journal.effective()[-1].event.message()
    game.journal.close()
    row = Roster(room).row(Seat("bo", True), room / "bo")
    assert row.step == step
    for language, system, said in (
        ("en", "Danish Fudge-dice conflict system", "Ana joins as a player character"),
        ("da", "det danske konfliktsystem med fudgeterninger", "Ana træder ind som"),
    ):
        page = OverviewPage("nowhere", language=language)
        cells = page.render([row], NOW).split("<td>")
        assert cells[3] == f"{system}</td>" and cells[4].startswith(said), (language, cells)
        page.close()


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"language": "fr"}, "language"),
        ({"quiet_after": -1}, "quiet_after"),
        ({"quiet_after": "5"}, "quiet_after"),
    ],
)
def test_the_page_refuses_options_it_cannot_take(kwargs: dict[str, object], named: str) -> None:
    with pytest.raises(IsowidgetsError, match=named):
        OverviewPage("nowhere", **kwargs)  # type: ignore[arg-type]


def test_the_page_refreshes_from_the_folders_when_there_is_no_hub(room: Path) -> None:
    page = OverviewPage(room)
    asyncio.run(page.refresh())
    assert [r.participant for r in page.rows] == ["ada", "bo"]
    assert "farmhouse" in page.table.value and page.status.value.startswith("Updated ")
    page.close()


def test_without_the_hubs_address_the_overview_says_so_and_lists_folders(room: Path) -> None:
    page = OverviewPage(room, seats=HubSeats("", "", ""))
    asyncio.run(page.refresh())
    assert (
        "address is not known here (JUPYTERHUB_API_URL, JUPYTERHUB_API_TOKEN)" in page.status.value
    )
    assert [r.participant for r in page.rows] == ["ada", "bo"]
    page.close()


def test_a_hub_that_does_not_answer_is_named_by_its_address_and_kind_not_its_raw_text(
    room: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    api = f"http://127.0.0.1:{port}/hub/api"
    page = OverviewPage(room, seats=HubSeats(api, "token", f"http://127.0.0.1:{port}"))
    with caplog.at_level("WARNING", logger="isowidgets.workshop.hub_seats"):
        asyncio.run(page.refresh())
    status = html.unescape(page.status.value)
    assert f"the hub did not answer ({api} · " in status, status
    assert "participants listed by folder" in status
    assert "Connection refused" not in status and "Errno" not in status, status  # raw text
    assert [r.participant for r in page.rows] == ["ada", "bo"]
    assert any(api in record.getMessage() and record.exc_info for record in caplog.records)
    page.close()


# ---------------------------------------------------------------- table links


def _table(query: str, participants: Path) -> object:
    """The table page as Voila's kernel builds it: inside a running event loop."""

    async def build() -> object:
        page = table_page(query, participants=participants)
        if isinstance(page, StreamPage):
            page.stop()
        return page

    return asyncio.run(build())


def test_a_table_link_opens_that_journal_in_the_stream_view(room: Path) -> None:
    row = Roster(room).rows({})[0]
    link = table_link(row)
    assert link == "table.ipynb?participant=ada&journal=notebooks%2Fsessions%2Ffarmhouse.jsonl"
    page = _table(link.partition("?")[2], room)
    assert isinstance(page, StreamPage)
    assert page.spectator.path == room / "ada" / "notebooks" / "sessions" / "farmhouse.jsonl"
    assert "The farmhouse" in page.head.value
    page.close()
    assert table_link(Row("bo", True)) is None


@pytest.mark.parametrize(
    "query",
    [
        "participant=ada&journal=../../../etc/passwd",
        "participant=ada&journal=notebooks/01-isolation.ipynb",
        "participant=ada&journal=notebooks/sessions/none.jsonl",
        "participant=..&journal=participants/ada/notebooks/sessions/farmhouse.jsonl",
        "participant=zed&journal=notebooks/sessions/farmhouse.jsonl",
        "participant=ada",
        "",
        "&".join(f"f{i}=1" for i in range(50)),
        "participant=" + "a" * 100_000,
    ],
)
def test_a_table_link_naming_anything_else_shows_nothing_of_it(room: Path, query: str) -> None:
    page = _table(query, room)
    assert not isinstance(page, StreamPage)
    assert "This table cannot be shown" in page.value and len(page.value) < 800  # type: ignore[attr-defined]
    with pytest.raises(LinkError):
        fields = dict(part.partition("=")[::2] for part in query.split("&")[:2])
        Roster(room).journal_path(fields.get("participant", ""), fields.get("journal", ""))


# ---------------------------------------------------------------- the service


def test_the_hub_starts_the_overview_as_a_service_admins_alone_may_open(tmp_path: Path) -> None:
    workshop = Workshop.checked(tmp_path / "room", "table-for-thirty", port=9301, last_port=9340)
    c = workshop.config()
    (service,) = c.JupyterHub.services
    assert service["name"] == NAME == "overview"
    assert service["url"] == f"http://127.0.0.1:{9301 + OVERVIEW_PORT}"
    assert service["command"][1:] == [
        "-m",
        "isowidgets.workshop.service",
        str(workshop.hub_dir / "overview"),
    ]
    assert service["environment"]["ISOWIDGETS_WORKSHOP_DIR"] == str(workshop.directory)
    assert service["environment"]["ISOWIDGETS_WORKSHOP_PROXY"] == "http://127.0.0.1:9301"
    assert service["environment"][LANGUAGE_VARIABLE] == "en"
    (role,) = c.JupyterHub.load_roles
    assert role["services"] == [NAME] and role["scopes"] == OVERVIEW_SCOPES
    # Nothing grants participants access to it: the hub's default user role is "self".
    assert not [r for r in c.JupyterHub.load_roles if "users" in r or "groups" in r]
    assert c.WorkshopSpawner.first_port > 9301 + OVERVIEW_PORT


def test_the_hosts_language_reaches_the_overview_and_its_table_pages(
    room: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workshop = Workshop.checked(tmp_path / "room", "table-for-thirty", language="da")
    (service,) = workshop.config().JupyterHub.services
    for name, value in service["environment"].items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("ISOWIDGETS_WORKSHOP_DIR", str(room.parent))
    page = OverviewPage.from_environment()
    assert page.labels.language == "da" and "Seneste skridt" in page.render([], NOW)
    page.close()
    table = _table("participant=ada&journal=notebooks/sessions/farmhouse.jsonl", room)
    assert isinstance(table, StreamPage) and table.language == "da"
    table.close()
    refused = _table("participant=zed&journal=x.jsonl", room)
    assert "Bordet kan ikke vises" in refused.value  # type: ignore[attr-defined]
    monkeypatch.setenv(LANGUAGE_VARIABLE, "")  # unset: English
    assert page_language() == "en"


def test_the_service_serves_its_two_pages_with_voila_and_no_terminal(tmp_path: Path) -> None:
    write_pages(tmp_path)
    for name, source in PAGES.items():
        (cell,) = json.loads((tmp_path / name).read_text())["cells"]
        assert cell["source"] == source
    args = service_args(tmp_path)
    assert f"--ServerApp.root_dir={tmp_path}" in args
    assert "--ServerApp.default_url=/voila/render/overview.ipynb" in args
    assert "--ServerApp.terminals_enabled=False" in args
    assert "--VoilaConfiguration.strip_sources=True" in args


def test_a_journal_just_started_keeps_what_the_previous_one_said_until_read(room: Path) -> None:
    roster = Roster(room)
    (before,) = [r for r in roster.rows({}) if r.participant == "ada"]
    assert before.journal is not None
    started = room / "ada" / "notebooks" / "sessions" / "next-scene.jsonl"
    started.write_text("")  # created, its first line not written yet
    later = (room / "ada" / before.journal).stat().st_mtime_ns + 1_000_000_000
    os.utime(started, ns=(later, later))  # file times can be coarser than this test
    (now,) = [r for r in roster.rows({}) if r.participant == "ada"]
    assert (now.system, now.step) == (before.system, before.step)
    assert now.journal == "notebooks/sessions/next-scene.jsonl" and not now.problem


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_refresh_that_fails_says_why_and_what_to_do_in_the_page_s_language(
    room: Path, language: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Never the raw exception text: a kit error says its own message, a file that
    could not be read its path, anything else its kind; then what to do. The table
    keeps the last refresh that worked, the next refresh runs as planned, and the
    details go to the workshop's terminal."""
    from isowidgets.errors import JournalError

    page = OverviewPage(room, language=language)
    asyncio.run(page.refresh())
    table = page.table.value
    good = page.roster.rows
    refused = JournalError(
        "journal.no_start", "{path} does not start with a session_started event", path="x.jsonl"
    )
    failures: list[Exception] = [
        RuntimeError("Traceback <b>secret internals</b>"),
        PermissionError(13, "Permission denied", str(room / "ada" / "notebooks")),
        refused,
    ]
    said: list[str] = []

    async def play() -> None:
        def rows(*args: object, **kwargs: object) -> list[Row]:
            if failures:
                raise failures.pop(0)
            return good(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(page.roster, "rows", rows)
        page.start(0.2)
        while len(said) < 4:
            await asyncio.sleep(0.05)
            if not said or page.status.value != said[-1]:
                said.append(page.status.value)
        page.stop()

    with caplog.at_level("ERROR", logger="isowidgets.workshop.overview"):
        asyncio.run(asyncio.wait_for(play(), 60))
    first, second, third, last = said
    labels = page.labels
    what_to_do = {"en": "the details are in the terminal", "da": "står detaljerne i terminalen"}
    for text in (first, second, third):
        assert what_to_do[language] in text and "make workshop" in text
        assert "Traceback" not in text and "secret" not in text and "Permission denied" not in text
    assert first == html.escape(
        labels("overview.refresh_failed", why=labels("overview.unexpected", kind="RuntimeError"),
               seconds=0.2)
    )  # fmt: skip
    assert str(room / "ada" / "notebooks") in second
    assert labels("overview.unreadable_file", path="").split("(")[0] in second
    assert html.escape(refused.render(language)) in third  # the kit's own words
    assert (refused.render("da") != refused.render("en")) or language == "en"
    assert page.table.value == table  # the last refresh that worked stays
    assert last.startswith(html.escape(labels("overview.updated", time="")).split(" ")[0])
    assert [r.levelname for r in caplog.records] == ["ERROR"] * 3
    assert "secret internals" in (caplog.records[0].exc_text or "")
    page.close()
