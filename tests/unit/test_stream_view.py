"""The stream page without a browser: every system's board, the latest roll, the words,
the commitment, the notebook Voila runs and the command line.

The browser tier (``tests/browser/test_stream.py``) checks the same page served by
Voila; here each piece is read as the widgets hold it, which is what the browser shows.
"""

from __future__ import annotations

import asyncio
import html
import json
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from stream_play import FOLLOWS, PLAYS

from isowidgets import systems
from isowidgets.errors import JournalError
from isowidgets.server import CONNECTION_CLASS
from isowidgets.stream import RollsBoard, StreamBoard, StreamPage, board_for
from isowidgets.stream.launch import main, page_notebook, voila_argv
from isowidgets.stream.page import page_css, page_options
from isowidgets.widgets.isolation.stream import IsolationStreamBoard
from isowidgets.words import render


def test_every_registered_system_declares_a_stream_board() -> None:
    """The contract: a board for each installed system, found by entry point, none named by
    the core (a system a test registers in this process has none, and gets RollsBoard)."""
    installed = [point.name for point in entry_points(group=systems.ENTRY_POINT_GROUP)]
    assert set(PLAYS) <= set(installed)
    for name in installed:
        board = board_for(name)
        assert issubclass(board, StreamBoard)
        assert board.system == name


def test_a_system_without_a_board_is_shown_with_its_rolls() -> None:
    assert board_for("no_such_system") is RollsBoard


def test_a_board_that_cannot_show_a_catch_is_refused_where_it_is_written() -> None:
    with pytest.raises(TypeError, match="Silent must define show"):

        class Silent(StreamBoard):
            system = "silent"


VERDICTS = {
    "tray": ("Total 10", "I alt 10"),
    "isolation": ("Basic Failure", "Almindelig fiasko"),
    "impact": ("Failure", "Fiasko"),
    "fudge_conflict": ("Mr. Burke: wound on Reason, level 4 (Wounded)",
                       "Mr. Burke: skade på Fornuft, niveau 4 (Såret)"),
    "watch_the_world_die": ("Political: Bribery/Scandal/Corruption in Ruritania",
                            "Politik: Bribery/Scandal/Corruption i Ruritania"),
}  # fmt: skip
"""Each system's short session's outcome, in English and in Danish."""


@pytest.mark.parametrize("system", list(PLAYS))
def test_each_page_leads_with_the_outcome_in_its_language(system: str, tmp_path: Path) -> None:
    PLAYS[system](tmp_path / "s.jsonl")
    english, danish = VERDICTS[system]
    assert english in StreamPage(tmp_path / "s.jsonl").outcome.value
    assert danish in StreamPage(tmp_path / "s.jsonl", language="da").outcome.value


@pytest.mark.parametrize("system", list(PLAYS))
def test_each_systems_page_shows_its_board_latest_roll_and_commitment(
    system: str, tmp_path: Path
) -> None:
    path = tmp_path / f"{system}.jsonl"
    game = PLAYS[system](path)
    page = StreamPage(path)
    assert page.board is not None and type(page.board).system == system
    assert "iw-die" in page.outcome.value and "iw-outcome-verdict" in page.outcome.value
    assert game.commitment is not None and game.commitment in page.commitment.value
    assert "verify" not in page.commitment.value
    before = page.outcome.value
    page.hold = 0
    FOLLOWS[system](game)
    assert page.refresh() and page.outcome.value != before
    assert not page.refresh()  # nothing new: nothing redrawn


def test_isolation_board_shows_stress_and_health_by_name_and_glyph(tmp_path: Path) -> None:
    game = PLAYS["isolation"](tmp_path / "i.jsonl")
    page = StreamPage(tmp_path / "i.jsonl")
    board = page.board
    assert isinstance(board, IsolationStreamBoard)
    assert f"Stress: {game.state.stress} (" in board.stress.value
    for character in game.state.characters:
        assert character.name in board.health.value
        assert character.id not in board.health.value.replace(character.name, "")
    assert "♥" in board.health.value
    assert len(board.view.widget.graph.nodes) == len(game.state.characters)


def test_impact_board_has_a_ladder_per_character_and_scene(tmp_path: Path) -> None:
    game = PLAYS["impact"](tmp_path / "m.jsonl")
    board = StreamPage(tmp_path / "m.jsonl").board
    holders = [*game.state.characters, *game.state.scenes]
    assert len(board.list.children) == len(holders)  # type: ignore[union-attr]
    goons = next(t for t in board.list.children if "The Goons" in t.value)  # type: ignore[union-attr]
    assert "▶" in goons.value and "D8" in goons.value


def test_danish_board_speaks_danish_on_a_danish_stream(tmp_path: Path) -> None:
    PLAYS["fudge_conflict"](tmp_path / "f.jsonl")
    page = StreamPage(tmp_path / "f.jsonl", language="da")
    assert (
        "Lad det gøre ondt · runde 1" in page.outcome.value and "resultat +5" in page.outcome.value
    )
    assert "Skade" in page.board.children[1].value  # type: ignore[union-attr]
    rows = page.board.list.children  # type: ignore[union-attr]
    names = [row.children[0].value for row in rows]
    assert len(rows) == 6 and "Mr. Burke" in names[0]  # the wounded fighter first
    assert "■ </span>Fornuft" in rows[0].children[1].value  # the wound, in Danish
    assert "konfliktsystem" in page.head.value and "Danish Fudge" not in page.head.value
    assert "Danish Fudge-dice conflict system" in StreamPage(tmp_path / "f.jsonl").head.value


def test_world_board_shows_pressure_year_and_latest_events(tmp_path: Path) -> None:
    game = PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    board = StreamPage(tmp_path / "w.jsonl").board
    assert f"Pressure {game.state.pressure}" in board.now.value  # type: ignore[union-attr]
    assert "⬟ Bribery/Scandal/Corruption Ruritania (+5)" in board.events.value  # type: ignore[union-attr]
    assert board.chart.points("Pressure") > 0  # type: ignore[union-attr]


def test_the_revealed_seed_is_announced_with_how_to_verify(tmp_path: Path) -> None:
    game = PLAYS["tray"](tmp_path / "t.jsonl")
    page = StreamPage(tmp_path / "t.jsonl")
    game.reveal()
    page.refresh()
    assert "python -m isowidgets verify" in page.commitment.value


def test_the_page_waits_for_a_journal_that_is_not_there_yet(tmp_path: Path) -> None:
    page = StreamPage(tmp_path / "later.jsonl")
    assert "Waiting" in page.head.value and page.board is None
    PLAYS["tray"](tmp_path / "later.jsonl")
    assert page.refresh() and page.board is not None


def test_transparent_css_clears_the_background_and_sizes_follow_the_frame() -> None:
    overlay = page_css("1280x720", transparent=True)
    assert "background: transparent !important" in overlay
    assert "background: rgba(255, 255, 255, 0.94) !important" in overlay  # cards keep a fill
    assert "background: transparent !important" not in page_css("1920x1080", transparent=False)
    assert "width: 1920px; height: 1080px" in page_css("1920x1080", transparent=False)
    assert "width: 1280px; height: 720px" in page_css("1280x720", transparent=False)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"size": "800x600"},
        {"size": None},
        {"transparent": "yes"},
        {"transparent": 1},
        {"language": "fr"},
        {"language": "x" * 100_000},
        {"layout": "sidebar"},
        {"layout": None},
        {"hold": -1},
        {"hold": "long"},
    ],
)
def test_the_page_refuses_options_it_cannot_take(kwargs: dict[str, object], tmp_path: Path) -> None:
    with pytest.raises(JournalError) as refused:
        StreamPage(tmp_path / "s.jsonl", **kwargs)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 400


@pytest.mark.parametrize("interval", [0, -1, 1e9, float("nan"), "fast", None, True])
def test_following_refuses_an_interval_it_cannot_keep(interval: object, tmp_path: Path) -> None:
    page = StreamPage(tmp_path / "s.jsonl")
    with pytest.raises(JournalError, match="interval"):
        page.start(interval)  # type: ignore[arg-type]


def test_the_notebook_holds_one_cell_with_the_path_as_a_literal(tmp_path: Path) -> None:
    odd = tmp_path / 'it\'s "odd"\nname.jsonl'
    notebook = page_notebook(odd, size="1280x720", transparent=True, language="da")
    (cell,) = notebook["cells"]  # type: ignore[misc]
    namespace: dict[str, object] = {}
    source = cell["source"].replace("page.start()\npage", "")
    source = source.replace("from isowidgets.stream.page import StreamPage", "")
    exec(source.replace("StreamPage.from_address(", "dict("), {"dict": lambda *a, **k: (a, k)},
         namespace)  # fmt: skip
    assert namespace["page"] == (
        (str(odd.resolve()), ""),
        {"size": "1280x720", "transparent": True, "language": "da", "layout": "board",
         "hold": 2.0},
    )  # fmt: skip
    json.dumps(notebook)  # it is written as JSON


@pytest.mark.parametrize(
    "kwargs",
    [{"path": None}, {"path": ""}, {"size": "4k"}, {"transparent": None}, {"language": "de"}],
)
def test_the_notebook_refuses_what_the_page_would(kwargs: dict[str, object]) -> None:
    arguments: dict[str, object] = {"path": "s.jsonl", **kwargs}
    with pytest.raises(JournalError):
        page_notebook(**arguments)  # type: ignore[arg-type]


def test_voila_serves_on_localhost_with_the_kits_websocket_class() -> None:
    argv = voila_argv("stream.ipynb", port=8945)
    assert argv[0] == "stream.ipynb"
    assert "--Voila.ip=127.0.0.1" in argv and "--port=8945" in argv
    assert f"--Voila.kernel_websocket_connection_class={CONNECTION_CLASS}" in argv
    assert "--strip_sources=True" in argv


def test_a_kernel_waits_preheated_with_the_page_imported_before_the_address_comes() -> None:
    # Voila starts the next page's kernel ahead of its request; the cell runs up to the
    # wait for the address then, so the imports are done before a browser source asks.
    assert "--VoilaConfiguration.preheat_kernel=True" in voila_argv("stream.ipynb")
    source = page_notebook("s.jsonl")["cells"][0]["source"]  # type: ignore[index]
    assert source.index("import StreamPage") < source.index("get_query_string()")
    assert source.index("figure_class()") < source.index("get_query_string()")
    assert source.index("get_query_string()") < source.index("page.start()")


@pytest.mark.parametrize("port", [0, 80, 70_000, True, "8866"])
def test_voila_argv_refuses_a_port_outside_the_user_range(port: object) -> None:
    with pytest.raises(JournalError, match="port"):
        voila_argv("stream.ipynb", port=port)  # type: ignore[arg-type]


def test_the_command_line_refuses_a_bad_port_before_starting_anything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["s.jsonl", "--port", "80"]) == 2
    assert "cannot stream" in capsys.readouterr().err


def test_the_command_line_refuses_an_unknown_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["s.jsonl", "--size", "640x480"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_browser_signal_lets_the_board_settle_and_ignores_other_messages(
    tmp_path: Path,
) -> None:
    PLAYS["tray"](tmp_path / "t.jsonl")
    page = StreamPage(tmp_path / "t.jsonl")
    settled: list[bool] = []
    page.board.settle = lambda: settled.append(True)  # type: ignore[method-assign,union-attr]
    page.signal._message(page.signal, {"shown": "yes"}, [])
    page.signal._message(page.signal, ["shown"], [])
    assert settled == []
    page.signal._message(page.signal, {"shown": True}, [])
    assert settled == [True]


def test_a_board_that_cannot_settle_says_so_on_the_page(tmp_path: Path) -> None:
    PLAYS["tray"](tmp_path / "t.jsonl")
    page = StreamPage(tmp_path / "t.jsonl")

    def broken() -> None:
        raise RuntimeError("no view")

    page.board.settle = broken  # type: ignore[method-assign,union-attr]
    page.signal._message(page.signal, {"shown": True}, [])
    assert "RuntimeError" in page.status.value and "no view" not in page.status.value
    assert page.status.value.startswith("⚠ The page could not be brought up to date")


@pytest.mark.parametrize("language", ["en", "da"])
def test_what_keeps_the_page_from_its_journal_is_said_in_its_language(
    tmp_path: Path, language: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A page started before the GM's journal exists, and a refresh that fails, say so
    in the page's language (a kit error in its own words, anything else by its kind,
    never its raw text); the details go to the stream's terminal."""
    from isowidgets.errors import JournalError
    from isowidgets.stream.page import failed

    path = tmp_path / "later.jsonl"
    page = StreamPage(path, language=language)
    waiting = {"en": f"no journal at {path} yet", "da": f"ingen journal ved {path} endnu"}
    assert page.status.value == html.escape(waiting[language])
    PLAYS["tray"](path)
    page.refresh()
    assert page.status.value == ""  # the session came: nothing to say
    refused = JournalError("journal.no_start", "{path} does not start with a session_started "
                           "event", path="x.jsonl")  # fmt: skip
    with caplog.at_level("ERROR", logger="isowidgets.stream.page"):
        page._failed(RuntimeError("Traceback <secret>"))
        unexpected = page.status.value
        page._failed(refused)
    assert "secret" not in unexpected and "RuntimeError" in unexpected
    assert unexpected == html.escape(render(failed(RuntimeError()), language))
    assert html.escape(refused.render(language)) in page.status.value
    assert len(caplog.records) == 2 and "secret" in (caplog.records[0].exc_text or "")
    if language == "da":
        assert "terminalen" in unexpected and "unexpected" not in unexpected
    page.close()


def test_the_world_chart_keeps_its_points_in_its_state_for_a_late_browser(tmp_path: Path) -> None:
    """Voila runs the page before a browser connects: the chart's state holds its points."""
    game = PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    page = StreamPage(tmp_path / "w.jsonl")
    figure = page.board.chart.figure  # type: ignore[union-attr]
    pressure = next(trace for trace in figure._widget_data if trace.get("name") == "Pressure")
    assert list(pressure["y"])[-1] == game.state.pressure
    FOLLOWS["watch_the_world_die"](game)
    page.refresh()
    pressure = next(trace for trace in figure._widget_data if trace.get("name") == "Pressure")
    assert list(pressure["y"])[-1] == game.state.pressure


def test_the_address_chooses_the_layout_language_size_and_transparency() -> None:
    defaults = {"size": "1920x1080", "transparent": False, "language": "en", "layout": "board"}
    options, refused = page_options("layout=lower-third&language=da&transparent=1", defaults)
    assert options == {**defaults, "layout": "lower-third", "language": "da", "transparent": True}
    assert refused is None
    assert page_options("", defaults) == (defaults, None)


MANY_NAMES = "&".join(f"n{i}=" for i in range(100))
"""An address of 100 unknown names, within the page's cap on its length (489 characters)."""


@pytest.mark.parametrize(
    "query",
    ["layout=sidebar", "language=fr", "size=4k", "transparent=maybe", "colour=red",
     "layout=" + "x" * 600, "a=%00&b", "layout=" + "x" * 480, "%ff" * 150 + "=1",
     "size=" + "%00" * 160, MANY_NAMES, MANY_NAMES[:300] + "&previously=-1&layout=x&size=y"],
)  # fmt: skip
def test_the_address_cannot_choose_what_the_page_cannot_take(query: str, tmp_path: Path) -> None:
    defaults = {"size": "1920x1080", "transparent": False, "language": "en", "layout": "board"}
    options, refused = page_options(query, defaults)
    assert options == defaults and refused is not None
    if query == MANY_NAMES:  # the unknown names are named once, the rest counted
        assert "'n2', and 97 more (the page reads" in render(refused)
    for language in ("en", "da"):
        assert 0 < len(render(refused, language)) < 400, language
    page = StreamPage.from_address(tmp_path / "s.jsonl", query, **defaults)
    assert page.layout_name == "board" and html.escape(render(refused)) in page.status.value


@pytest.mark.parametrize(
    ("query", "defaults"),
    [("layout=sidebar&language=fr&size=4k&colour=red", {"language": "da"}),
     ("language=da&layout=sidebar&previously=-1&colour=red", {}),
     ("layout=" + "x" * 600, {"language": "da"})],
)  # fmt: skip
def test_a_danish_page_refuses_its_address_in_danish(
    query: str, defaults: dict[str, str], tmp_path: Path
) -> None:
    """The refusal is said in the page's language, whether the command line or the
    address chose it, when the page is made and at every look at the journal after."""
    PLAYS["fudge_conflict"](tmp_path / "f.jsonl")
    page = StreamPage.from_address(tmp_path / "f.jsonl", query, **defaults)
    assert page.language == "da" and page.refused is not None
    danish = html.escape(render(page.refused, "da"))
    assert page.status.value == danish
    page.refresh()
    assert page.status.value == danish
    for english in ("not used", "the page reads", "is a whole number", " or ", "longer than"):
        assert english not in page.status.value
    assert "adresse" in page.status.value
    if "sidebar" in query:
        assert "layout=&#x27;sidebar&#x27; (layout er board eller lower-third)" in danish


def test_a_lower_third_shows_the_outcome_alone(tmp_path: Path) -> None:
    PLAYS["isolation"](tmp_path / "i.jsonl")
    page = StreamPage(tmp_path / "i.jsonl", layout="lower-third")
    assert "Basic Failure" in page.outcome.value
    assert page.board_box not in page.children and "iw-stream--lower-third" in page._dom_classes


def test_a_new_resolution_waits_until_the_one_on_screen_has_stayed(tmp_path: Path) -> None:
    game = PLAYS["tray"](tmp_path / "t.jsonl")
    page = StreamPage(tmp_path / "t.jsonl", hold=0.3)
    first = page.outcome.value

    async def play() -> None:
        game.roll("1d6", purpose="too soon")
        assert page.refresh()
        assert page.outcome.value == first and page._pending is not None  # held, not dropped
        await asyncio.sleep(0.6)
        assert "too soon" in page.outcome.value and page._pending is None

    asyncio.run(play())


def test_a_danish_stream_says_its_own_words_on_every_system_s_board(tmp_path: Path) -> None:
    """The stream's chrome in the page's language: a counter's words, the map's health
    words, the Pressure chart's titles, the dice tray's name (English rule texts and the
    table's own names stay as written)."""
    PLAYS["isolation"](tmp_path / "i.jsonl")
    board = StreamPage(tmp_path / "i.jsonl", language="da").board
    assert isinstance(board, IsolationStreamBoard)
    assert "nu <b>" in board.stress.value and "eller mere" in board.stress.value
    assert "now" not in board.stress.value and "or more" not in board.stress.value
    labels = [node.data["label"] for node in board.view.widget.graph.nodes]
    assert labels and all("Rask" in label and "Healthy" not in label for label in labels)
    english = StreamPage(tmp_path / "i.jsonl").board
    assert "now <b>" in english.stress.value  # type: ignore[union-attr]
    PLAYS["impact"](tmp_path / "m.jsonl")
    ladders = StreamPage(tmp_path / "m.jsonl", language="da").board.list.children  # type: ignore[union-attr]
    assert ladders and all("nu <b>" in ladder.value for ladder in ladders)
    assert "nu <b>D8 (3 af 6)</b>" in next(t.value for t in ladders if "The Goons" in t.value)
    study = next(t.value for t in ladders if "study" in t.value)
    assert "uden for stigen" in study and "ingen Impact-terning (spillederen" in study
    PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    chart = StreamPage(tmp_path / "w.jsonl", language="da").board.chart  # type: ignore[union-attr]
    layout = chart.figure.layout
    assert layout.title.text == "Pres gennem spillet" and layout.yaxis.title.text == "Pres"
    assert "lindring" in layout.xaxis.title.text
    PLAYS["tray"](tmp_path / "t.jsonl")
    assert "· Terningebakke" in StreamPage(tmp_path / "t.jsonl", language="da").head.value
    assert "· Dice tray" in StreamPage(tmp_path / "t.jsonl").head.value
