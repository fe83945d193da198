"""The chronicle of a Watch the World Die game: per year, from the journal, and its exports."""

from __future__ import annotations

import csv
import io

import pytest
from world_play import end_year, political, world

from isowidgets.errors import JournalError
from isowidgets.rules.watch_the_world_die import (
    WorldGame,
    chronicle,
    chronicle_csv,
    chronicle_markdown,
)
from isowidgets.rules.watch_the_world_die.chronicle import CSV_COLUMNS
from isowidgets.widgets.toolbar import SessionToolbar


def _two_years(path=None) -> WorldGame:
    """2020: a chain of three and a relief; the year ends and is survived; 2021: one Event."""
    game = world(["Ana", "Ben", "Cy"], apocalypse="Climate Chaos", path=path)
    game.make_it_worse(1)
    game.create_event("Extreme Heat/Drought", "Sahel", "the rains fail")
    game.roll_chain(2)
    game.create_event("Natural Disaster", "Sahel")
    game.roll_chain(3)
    game.create_event("Famine/Starvation", "Sahel | Chad", "*millions* <flee>")
    game.roll_chain(6)
    game.relieve_it([3, 4])  # Ben: 13 RP
    game.buy_response(1, "airlifts")
    game.buy_response(10)
    game.finish_relief()  # Pressure 2
    end_year(game, [6, 6])  # Cy survives 2020
    political(game)  # Ana, 2021
    return game


def test_years_hold_their_events_with_chains_responses_and_pressure():
    game = _two_years()
    story = game.chronicle()
    assert [y.year for y in story.years] == [2020, 2021]
    first, second = story.years
    assert first.events == 3 and first.outcome.startswith("survived")
    events = [r for r in first.rows if r.kind == "event"]
    assert [(r.entry, r.depth, r.pressure) for r in events] == [
        ("Extreme Heat/Drought", 0, 1),
        ("Natural Disaster", 1, 3),
        ("Famine/Starvation", 2, 6),
    ]
    assert events[1].chained_from == "event-1"
    kinds = [r.kind for r in first.rows]
    assert kinds == ["event"] * 3 + ["chain_end", "rp", "response", "response", "relief"] + [
        "rp",
        "response",
        "year_end",
    ]
    relief = next(r for r in first.rows if r.kind == "relief")
    assert relief.pressure == 2 and relief.player == "Ben"
    assert [r.entry for r in second.rows] == ["Bribery/Scandal/Corruption"]
    assert second.rows[0].pressure == 5 and second.outcome == ""
    assert story.players == ("Ana", "Ben", "Cy") and story.apocalypse == "Climate Chaos"


@pytest.mark.rule("WTWD-R16", "WTWD-A09")
def test_events_counted_per_year_match_the_state():
    game = _two_years()
    story = game.chronicle()
    assert story.years[-1].events == game.events_this_year
    assert sum(y.events for y in story.years) == len(game.state.events)


def test_an_undone_step_is_not_in_the_chronicle():
    game = _two_years()
    game.undo()
    assert [y.year for y in game.chronicle().years] == [2020]
    assert game.chronicle() == chronicle(game.journal.effective())


def test_the_chronicle_and_the_pressure_are_read_once_per_action_and_follow_undo_and_redo():
    """However many views ask after an action, the game reads the journal for its
    chronicle and Pressure timeline once; an undo, a redo or a new step reads it again."""
    from isowidgets.rules.watch_the_world_die.timeline import pressure_timeline

    game = _two_years()
    reads = []
    original = type(game.journal).effective

    def counted(journal, **kwargs):
        reads.append(1)
        return original(journal, **kwargs)

    def whole():
        entries = original(game.journal)
        return chronicle(entries), pressure_timeline(entries)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(game.journal), "effective", counted)
        steps = (lambda: None, game.undo, game.redo, game.undo, lambda: game.note("later"))
        for change in steps:
            change()
            before = len(reads)
            for _ in range(3):
                assert (game.chronicle(), game.pressure_timeline()) == whole()
            assert len(reads) - before <= 1
        game.pressure_timeline().clear()  # a caller's list is its own
        assert game.pressure_timeline() == whole()[1]


def test_markdown_reads_as_a_history_and_carries_the_notice():
    text = chronicle_markdown(_two_years().chronicle())
    lines = text.splitlines()
    assert lines[0] == "# Watch the World Die: a chronicle"
    assert "Players, clockwise: Ana, Ben, Cy · from 2020 · Apocalypse Type: Climate Chaos" in text
    assert "## 2020" in lines and "## 2021" in lines
    assert "- **Turn 1 · Ana · Make It Worse**" in lines
    assert any(line.startswith("    - ↳ chained **Ecosystem, Natural Disaster") for line in lines)
    assert "Sahel \\| Chad: \\*millions\\* \\<flee\\>" in text  # typed text cannot break markup
    assert "Tod Foley" in text and "all that are published must bear this notice" in text


def test_csv_has_one_row_per_step_and_the_credit_last():
    story = _two_years().chronicle()
    rows = list(csv.reader(io.StringIO(chronicle_csv(story))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 1 + len(story.rows) + 1
    first = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    assert first["entry"] == "Extreme Heat/Drought" and first["pressure_after"] == "1"
    assert "Tod Foley" in rows[-1][0]


def test_the_game_exports_the_chronicle_beside_the_log(tmp_path):
    game = _two_years(path=tmp_path / "night.jsonl")
    assert list(game.export_formats()) == [
        "md",
        "csv",
        "json",
        "chronicle-md",
        "chronicle-csv",
        "recap",
    ]  # the log's, the system's own, then the kit's for any session
    written = game.export(tmp_path / "story.md", "chronicle-md")
    assert written.read_text(encoding="utf-8") == chronicle_markdown(game.chronicle())
    assert game.export(tmp_path / "log.md").read_text().startswith("# Session log")
    with pytest.raises(JournalError, match="fmt must be one of"):
        game.export(tmp_path / "x.pdf", "pdf")


def test_the_session_toolbar_offers_the_chronicle(tmp_path):
    game = _two_years(path=tmp_path / "night.jsonl")
    bar = SessionToolbar(game, export_dir=tmp_path / "out")
    labels = [label for label, _value in bar.export_format.options]
    assert labels == [
        "Markdown",
        "CSV",
        "JSON",
        "Chronicle (Markdown)",
        "Chronicle (CSV)",
        "Recap (HTML page)",
    ]
    path = bar.export("chronicle-csv")
    assert path == tmp_path / "out" / "night-chronicle-csv.csv"
    assert "exported the Chronicle (CSV) to" in bar.messages.value
    assert bar.export("md") == tmp_path / "out" / "night.md"
    bar.close()


def test_a_game_not_begun_has_an_empty_chronicle():
    story = WorldGame.new(seed=1).chronicle()
    assert story.years == () and story.players == ()
    assert "has not begun" in chronicle_markdown(story)


def test_the_pressure_timeline_marks_events_chains_and_years():
    points = _two_years().pressure_timeline()
    kinds = [p.kind for p in points]
    assert kinds[:5] == ["start", "event", "chained_event", "chained_event", "chain_end"]
    assert "year_end" in kinds and "new_year" in kinds and kinds[-1] == "event"
    assert [p.pressure for p in points[:4]] == [0, 1, 3, 6]
    assert points[-1].year == 2021 and points[-1].event_type == 5
    assert [p.step for p in points] == list(range(len(points)))


@pytest.mark.rule("WTWD-A18", "WTWD-A17")
def test_the_end_of_the_story_says_how_it_ended():
    stopped = world()
    political(stopped)
    stopped.stop("out of time")
    story = stopped.chronicle()
    assert story.ending == "stopped" and story.years[-1].outcome == "stopped"
    assert "**The game is stopped in 2020: out of time.**" in chronicle_markdown(story)

    dying = world()
    for _ in range(4):
        political(dying)
    end_year(dying, [1, 1])  # Ben relieves after four Events (Ana, Ben, Cy, Ana): 2 < 4
    story = dying.chronicle()
    assert story.ending == "great_dying" and story.years[-1].outcome == "2 < 4: the Great Dying"
    text = chronicle_markdown(story)
    assert "Events this year: 4. 2 \\< 4: the Great Dying." in text
    assert "**The Great Dying begins in 2020; Ben narrates how humanity ends.**" in text
