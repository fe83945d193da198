"""Every chart costs the same per new event at event 20 and at event 20,000.

Plotly sends a trace's whole arrays with every change, so a chart that keeps every
point, or that is emptied and refilled on each poll, sends more the longer the
session. These tests count what each chart sends (the x values of each update or
animation message) and how often it is refilled, per new event, early and late.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from plot_messages import sent_points
from stream_play import FOLLOWS, PLAYS

from isowidgets.rules.watch_the_world_die import pressure_timeline
from isowidgets.stream import StreamPage
from isowidgets.widgets.watch_the_world_die.chart import WINDOW


def counting(obj: Any, name: str) -> list[int]:
    """Count the calls of ``obj.name`` (one item per call)."""
    calls: list[int] = []
    method = getattr(obj, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return method(*args, **kwargs)

    setattr(obj, name, counted)
    return calls


def test_the_pressure_fold_fed_an_action_at_a_time_makes_the_whole_timeline(
    tmp_path: Path,
) -> None:
    from isowidgets.rules.watch_the_world_die import PressureFold

    game = PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    for _ in range(5):
        FOLLOWS["watch_the_world_die"](game)
    entries = game.journal.effective()
    fold = PressureFold()
    pieces = [point for entry in entries for point in fold.feed([entry])]
    assert pieces == pressure_timeline(entries) == game.pressure_timeline()
    assert fold.steps == len(pieces) and fold.pressure == game.state.pressure
    assert fold.events == sum(1 for p in pieces if p.kind in ("event", "chained_event"))
    assert fold.years == len({p.year for p in pieces}) == 1


def _world_page(tmp_path: Path, turns: int) -> tuple[Any, StreamPage]:
    game = PLAYS["watch_the_world_die"](tmp_path / "w.jsonl")
    for _ in range(turns):
        FOLLOWS["watch_the_world_die"](game)
    page = StreamPage(tmp_path / "w.jsonl")
    return game, page


@pytest.mark.parametrize("turns", [5, 3 * WINDOW])
def test_the_world_stream_chart_sends_only_the_new_points_and_is_never_refilled_by_a_poll(
    turns: int, tmp_path: Path
) -> None:
    """The Watch the World Die stream board refilled its whole chart on every poll."""
    game, page = _world_page(tmp_path, turns)
    chart = page.board.chart  # type: ignore[union-attr]
    sizes = sent_points(chart.figure)
    refills = counting(chart, "rebuild")
    for _ in range(10):
        FOLLOWS["watch_the_world_die"](game)
        assert page.refresh()
    assert refills == []  # a poll that only adds draws only what it adds
    # Each poll's message carries at most the window (the traces' arrays), whatever
    # the session's length: at turn 300 what it carried at turn 5.
    assert sizes and max(sizes) <= 2 * 1.5 * WINDOW + 10
    pressure = chart.timeline.current("Pressure", "y")
    assert pressure[-1] == game.state.pressure
    assert chart.drawn == len(game.pressure_timeline())
    xs = chart.timeline.current("Pressure", "x")
    assert xs[-1] == len(game.pressure_timeline()) - 1 and xs[-1] - xs[0] <= 1.5 * WINDOW
    title = chart.figure.layout.title.text
    if turns > WINDOW:  # the window's span said in words
        assert title == f"Pressure over the game, from step {int(xs[0])} on"
        assert chart.figure.layout.xaxis.range[0] > 0  # not squeezed from step 0
    else:
        assert title == "Pressure over the game"
    assert "Pressure now" in chart.label.label and f"{game.state.pressure}." in chart.label.label


def test_an_undo_on_the_stream_refills_the_world_chart_once(tmp_path: Path) -> None:
    game, page = _world_page(tmp_path, 3 * WINDOW)
    chart = page.board.chart  # type: ignore[union-attr]
    refills = counting(chart, "rebuild")
    game.undo()
    assert page.refresh()
    assert len(refills) == 1
    points = game.pressure_timeline()
    assert chart.drawn == len(points)
    assert chart.timeline.current("Pressure", "y")[-1] == points[-1].pressure
    game.create_event("Bribery/Scandal/Corruption", "Lagos")  # the undone Event again
    assert page.refresh() and len(refills) == 1
    assert chart.timeline.current("Pressure", "y")[-1] == game.state.pressure


def _bounded(sizes: list[int], traces: int, window: int) -> bool:
    """Whether every message carried at most ``traces`` arrays of a window and a half."""
    return bool(sizes) and max(sizes) <= traces * (1.5 * window + 2)


def test_the_isolation_plot_draws_its_latest_beats_at_the_same_cost_per_beat(
    tmp_path: Path,
) -> None:
    from isowidgets.widgets.isolation.timeline import WINDOW as ISOLATION_WINDOW
    from isowidgets.widgets.isolation.timeline import StressTimeline

    game = PLAYS["isolation"](tmp_path / "i.jsonl")
    plot = StressTimeline(game, window=10)
    sizes = sent_points(plot.figure)
    for _ in range(50):
        FOLLOWS["isolation"](game)
    assert _bounded(sizes[-20:], 3, 10)  # at beat 50 what a message carried at beat 15
    xs = plot.timeline.current("Degree", "x")
    assert xs[-1] == plot.fold.beat and xs[-1] - xs[0] <= 15
    assert plot.figure.layout.title.text == f"Stress and health over time, from beat {xs[0]} on"
    assert plot.figure.layout.xaxis.range[0] == plot.timeline.oldest - 0.5 > 0
    game.undo()  # refilled with the latest window only
    xs = plot.timeline.current("Degree", "x")
    assert xs[-1] == plot.fold.beat and len(xs) <= 11
    assert "from beat" in plot.figure.layout.title.text
    assert StressTimeline(game).timeline.window == ISOLATION_WINDOW


def test_the_impact_plot_draws_its_latest_actions_at_the_same_cost_per_action(
    tmp_path: Path,
) -> None:
    from isowidgets.widgets.impact.timeline import WINDOW as IMPACT_WINDOW
    from isowidgets.widgets.impact.timeline import ImpactTimeline

    game = PLAYS["impact"](tmp_path / "m.jsonl")
    goons = game.state.characters[-1].id
    plot = ImpactTimeline(game, window=10)
    sizes = sent_points(plot.figure)
    for n in range(50):
        game.set_impact(goons, "D6" if n % 2 else "D10", "the goons regroup")
    assert _bounded(sizes[-20:], 1, 10)
    name = plot.trace_name(goons, "The Goons")
    xs = plot.timeline.current(name, "x")
    assert xs[-1] - xs[0] <= 15 and len(xs) > 5
    assert plot.figure.layout.title.text == f"Impact Dice over the session, from action #{xs[0]} on"
    assert plot.figure.layout.xaxis.range[0] > 0  # the window, not squeezed from action 0
    game.undo()
    assert plot.timeline.current(name, "x")[-1] == xs[-2]
    assert len(plot.timeline.current(name, "x")) <= 11
    assert ImpactTimeline(game).timeline.window == IMPACT_WINDOW


def test_the_danish_damage_plot_draws_its_latest_rounds_in_the_tables_language(
    tmp_path: Path,
) -> None:
    from isowidgets.widgets.fudge_conflict.labels import CATALOGUE
    from isowidgets.widgets.fudge_conflict.timeline import WINDOW as FUDGE_WINDOW
    from isowidgets.widgets.fudge_conflict.timeline import DamageTimeline
    from isowidgets.widgets.i18n import Labels

    game = PLAYS["fudge_conflict"](tmp_path / "f.jsonl")
    burke, boss = (c.id for c in game.state.characters[:2])
    plot = DamageTimeline(game, Labels(CATALOGUE, "da"), window=2)
    game.subscribe(lambda _entries, _state: plot.refresh())
    sizes = sent_points(plot.figure)
    for _ in range(8):  # rounds until Burke, maimed, cannot pay to act
        game.declare(burke, "crossing", boss, "argue", ability="fornuft")
        game.declare(boss, "crossing", burke, "argue", ability="fornuft")
        game.roll_round()  # the seeded dice: a wound every round
    assert _bounded(sizes[-4:], 2, 2)
    xs = sorted(x for trace in plot.figure.data for x in trace.x)
    assert xs[-1] - xs[0] <= 3 and xs[0] > 1
    assert plot.figure.layout.title.text == f"Skade runde for runde, fra runde {xs[0]}"
    assert plot.figure.layout.xaxis.range[0] > 0
    assert DamageTimeline(game, Labels(CATALOGUE, "en")).timeline.window == FUDGE_WINDOW


def test_the_rolls_board_draws_only_the_new_roll_per_poll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recent rolls' list drew its five rolls' dice again on every poll."""
    from isowidgets.widgets import stream_board

    game = PLAYS["tray"](tmp_path / "t.jsonl")
    for _ in range(8):
        FOLLOWS["tray"](game)
    page = StreamPage(tmp_path / "t.jsonl")
    before = page.board.rolls.value  # type: ignore[union-attr]
    drawn: list[int] = []
    pool_html = stream_board.pool_html

    def counted(*args: Any, **kwargs: Any) -> str:
        drawn.append(1)
        return pool_html(*args, **kwargs)

    monkeypatch.setattr(stream_board, "pool_html", counted)
    for n in range(3):
        FOLLOWS["tray"](game)
        assert page.refresh()
        # The outcome's one pool, and the roll that became the list's newest.
        assert len(drawn) == 2 * (n + 1)
    after = page.board.rolls.value  # type: ignore[union-attr]
    assert after != before and after.count("<li>") == before.count("<li>") == 5
    fresh = StreamPage(tmp_path / "t.jsonl").board.rolls.value  # type: ignore[union-attr]
    assert fresh == after  # drawn piece by piece, the same as drawn at once
