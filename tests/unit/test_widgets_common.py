"""Shared widget pieces and the dice tray panel, driven without a browser."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from plot_messages import sent_points

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.common import (
    Messages,
    Timeline,
    chain_order,
    die_chip,
    roll_chips,
)
from isowidgets.widgets.tray import TrayPanel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import notebooks as notebook_tools


def test_chips_carry_shape_glyph_and_text_not_only_colour():
    green = die_chip("4", colour="green", counts=True, index=1)
    red = die_chip("3", colour="red", counts=False, index=2, parent=1)
    assert "iw-die--green" in green and ">+<" in green and "●" in green
    assert "iw-die--red" in red and "×" in red and "○" in red and "↳" in red
    assert 'title="green die #1 showing 4: counts"' in green
    assert "extra die from the explosion of #1" in red
    # A screen reader reads the words, not the glyphs: the aria-label names an img.
    assert 'role="img"' in green and 'aria-label="green die #1 showing 4: counts"' in green


def test_roll_chips_show_chains_and_source():
    roll = Dice().roll(Pool(D6, 2, explode_on={1}, label="Eve red"), faces=[1, 4, 2])
    html = roll_chips(roll, colour="red", counts=lambda f: f % 2 == 1)
    assert "Eve red (✎ typed)" in html
    assert html.count("iw-die--extra") == 1
    assert html.count("●") == 1 and html.count("○") == 2


def faces_shown(html: str) -> list[str]:
    return re.findall(r'data-face="([^"]*)"', html)


def test_an_extra_die_comes_right_after_its_parent():
    # Three base dice, two exploding 1s: the extras are rolled (and typed) last, in
    # roll order #4 (from #1), #5 (from #3) and #6 (from #4), but shown in chains.
    roll = Dice().roll(Pool(D6, 3, explode_on={1}), faces=[1, 4, 1, 1, 3, 2])
    html = roll_chips(roll, colour="red", counts=lambda f: f % 2 == 1)
    assert faces_shown(html) == ["1", "1", "2", "4", "1", "3"]
    assert [[d.index + 1 for d in chain] for chain in chain_order(roll.dice)] == [
        [1, 4, 6],
        [2],
        [3, 5],
    ]
    # Each chain is bracketed; the tooltips keep the roll order and name the parent.
    assert html.count('class="iw-chain"') == 2
    assert "die #1 and the extra dice its explosion added (#4, #6)" in html
    assert 'title="red die #6 of 6 showing 2 (extra die from the explosion of #4)' in html
    assert html.count("↳") == 3  # the glyph, the fill and ●/○ stay
    assert html.count("●") == 4 and html.count("○") == 2


@pytest.mark.rule("ISO-R21", "ISO-E02")
def test_a_chain_of_explosions_reads_in_order():
    # ISO-E02: Bob's 1 explodes into a 1, which explodes into a 2: "1 ↳1 ↳2".
    roll = Dice().roll(Pool(D6, 5, explode_on={1}), faces=[5, 4, 3, 6, 1, 1, 2])
    html = roll_chips(roll, colour="red", counts=lambda f: f % 2 == 1)
    assert faces_shown(html) == ["5", "4", "3", "6", "1", "1", "2"]
    chain = html[html.index('class="iw-chain"') :]
    assert [m for m in re.findall(r"(↳?×)</span>(\d)", chain)] == [
        ("×", "1"),
        ("↳×", "1"),
        ("↳×", "2"),
    ]


def test_a_roll_without_explosions_has_no_brackets_or_counts_in_tooltips():
    roll = Dice().roll(Pool(D6, 2), faces=[2, 5])
    html = roll_chips(roll, colour="green", counts=lambda f: f % 2 == 0)
    assert "iw-chain" not in html and 'title="green die #1 showing 2: counts"' in html


def test_a_callback_shows_our_errors_and_unexpected_ones():
    """The one way to run a callback (``Messages.handler``, ``Messages.run``), also for a
    callback that leaves the last message alone (``clear=False``: a view following the
    game, fitting the map)."""
    messages = Messages()

    def refuse() -> None:
        raise RuleError("Eve cannot cooperate: her roll allows Neutral or Hostile")

    messages.handler(refuse, clear=False)()
    assert "Eve cannot cooperate" in messages.value and "iw-msg--error" in messages.value

    def crash() -> None:
        raise KeyError("oops")

    messages.handler(crash, clear=False)()
    assert "unexpected KeyError" in messages.value
    messages.info("the link was added")
    messages.run(lambda: None, clear=False)
    assert "the link was added" in messages.value  # left alone
    messages.run(lambda: None)
    assert messages.value == ""  # a new request clears it


def test_timeline_appends_in_place():
    timeline = Timeline(title="t", x_title="x", y_title="y")
    timeline.append("a", [(1, 2, "first")], symbol="square")
    figure_id = id(timeline.figure.data[0])
    timeline.append("a", [(2, 3, "second")])
    assert timeline.points("a") == 2
    assert id(timeline.figure.data[0]) == figure_id
    assert timeline.figure.data[0].marker.symbol == "square"


def _commands(figure) -> list[str]:  # type: ignore[no-untyped-def]
    """Record the Plotly commands the figure sends to the browser ("update", "animate"…)."""
    sent: list[str] = []
    names = ["_py2js_update", "_py2js_animate", "_py2js_restyle", "_py2js_relayout"]
    figure.observe(lambda change: change["new"] and sent.append(change["name"][7:]), names=names)
    return sent


def test_timeline_animates_appends_that_change_no_axis_and_updates_the_rest():
    timeline = Timeline(title="t", x_title="x", y_title="y")
    sent = _commands(timeline.figure)
    timeline.append("a", [(1, 2, "first")])  # a new trace: drawn in full
    timeline.append("a", [(2, 3, "second")])  # inside the ranges: only the trace is redrawn
    assert sent == ["update", "animate"]
    assert timeline.figure.layout.xaxis.range == (-0.2, 5.2)  # chosen here, in steps
    timeline.append("a", [(7, 3, "past the range")])  # the x axis grows: a full update
    assert sent[-1] == "update" and timeline.figure.layout.xaxis.range == (-0.4, 10.4)
    timeline.append("b", [(3, 1, "new trace")])
    timeline.append("b", [(4, 1, "")])
    assert sent[-2:] == ["update", "animate"]
    assert timeline.points("a") == 3 and timeline.current("a", "text")[-1] == "past the range"


def test_an_empty_trace_is_animated_only_where_no_legend_would_miss_it():
    """An animation draws an empty trace's first points but leaves the legend as it was."""
    for legend, expected in ((None, "update"), (False, "animate")):
        timeline = Timeline(title="t", x_title="x", y_title="y")
        timeline.figure.layout.showlegend = legend
        timeline.append("a", [(1, 2, "first")])
        timeline.trace("b", mode="markers")  # drawn, but empty
        sent = _commands(timeline.figure)
        timeline.append("b", [(2, 3, "first of b")])
        assert sent == [expected], legend


def test_timeline_leaves_a_range_it_did_not_choose_and_a_zoom_alone():
    timeline = Timeline(title="t", x_title="x", y_title="y")
    timeline.figure.layout.yaxis.range = (0, 100)
    timeline.append("a", [(1, 2, "")])
    assert timeline.figure.layout.yaxis.range == (0, 100)
    timeline.figure.layout.xaxis.range = (0.5, 1.5)  # the user zoomed
    timeline.append("a", [(2, 3, "")])
    assert timeline.figure.layout.xaxis.range == (0.5, 1.5)


def test_a_refill_with_the_same_points_in_one_batch_keeps_them():
    """plotly drops an assignment equal to the pre-batch value even after a held edit."""
    timeline = Timeline(title="t", x_title="x", y_title="y")
    timeline.append("a", [(1, 2, "one"), (2, 3, "two")])
    with timeline.batch():
        timeline.reset()
        timeline.append("a", [(1, 2, "one"), (2, 3, "two")])
    assert tuple(timeline.figure.data[0].x) == (1, 2)
    assert tuple(timeline.figure.data[0].text) == ("one", "two")


def test_a_refill_in_one_batch_ends_with_ranges_around_every_point():
    """An undo refills the plot in one batch: the range is set to the first point's and
    then back to the range from before the batch, which plotly would drop as unchanged."""
    timeline = Timeline(title="t", x_title="x", y_title="y")
    points = [(1, 23, ""), (2, 22, ""), (3, 3, ""), (4, 19, ""), (9, 20, "")]
    timeline.append("a", points)
    before = (timeline.figure.layout.xaxis.range, timeline.figure.layout.yaxis.range)
    with timeline.batch():
        timeline.reset()
        for point in points[:4]:  # one fewer: the last roll was undone
            timeline.append("a", [point])
    assert timeline.figure.layout.yaxis.range == before[1] == (-1.0, 26.0)
    assert timeline.figure.layout.xaxis.range == (-0.2, 5.2)  # shrunk to what is left
    assert tuple(timeline.figure.data[0].y) == (23, 22, 3, 19)


def test_a_category_axis_is_quick_only_for_categories_it_lists():
    timeline = Timeline(title="t", x_title="x", y_title="y")
    timeline.figure.layout.yaxis = {"type": "category", "range": (-0.5, 0.5)}
    sent = _commands(timeline.figure)
    timeline.append("a", [(1, "Eve", "")])
    timeline.append("a", [(2, "Eve", "")])
    assert sent == ["update", "update"]  # no category array: new tick labels may be needed
    with timeline.batch():
        timeline.figure.layout.yaxis.categoryorder = "array"
        timeline.figure.layout.yaxis.categoryarray = ["Eve", "Bob"]
    timeline.append("a", [(3, "Bob", "")])
    timeline.append("a", [(4, "Ann", "")])
    assert sent[-2:] == ["animate", "update"]


def test_timeline_messages_are_the_stock_widgets_in_fewer_pieces():
    """The kit's FigureWidget sends plotly's own commands, its edit counters with them."""
    import plotly.graph_objects as go

    def run(figure) -> tuple[list[dict[str, object]], list[list[str]]]:  # type: ignore[no-untyped-def]
        commands: list[dict[str, object]] = []
        for name in ("_py2js_update", "_py2js_animate"):
            figure.observe(lambda c: c["new"] and commands.append(c["new"]), names=[name])
        figure.add_scatter(x=[0], y=[0])
        figure.layout.xaxis.range = (0, 5)
        sent: list[list[str]] = []  # the state keys of each comm message
        figure._send = lambda msg, buffers=None: sent.append(sorted(msg["state"]))
        with figure.batch_update():
            figure.data[0].x = (0, 1)
            figure.layout.yaxis.range = (0, 3)
        with figure.batch_animate(duration=0):
            figure.data[0].y = (0, 2)
        return commands, sent

    kit = Timeline(title="t", x_title="x", y_title="y").figure
    stock = go.FigureWidget(layout=kit.layout.to_plotly_json())
    (ours, our_messages), (theirs, their_messages) = run(kit), run(stock)

    def content(command: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in command.items() if not k.endswith("_edit_id")}

    assert [content(c) for c in ours] == [content(c) for c in theirs]
    assert [set(c) for c in ours] == [set(c) for c in theirs]
    assert ours[-1]["trace_edit_id"] == kit._last_trace_edit_id
    assert ours[-1]["layout_edit_id"] == kit._last_layout_edit_id
    assert len(their_messages) == 8  # per command: two counters, the command, its reset
    assert our_messages == [
        ["_last_layout_edit_id", "_last_trace_edit_id", "_py2js_update"],
        ["_py2js_update"],
        ["_last_layout_edit_id", "_last_trace_edit_id", "_py2js_animate"],
        ["_py2js_animate"],
    ]


def test_tray_panel_rolls_types_refuses_and_undoes(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=4)
    panel = TrayPanel(tray, export_dir=tmp_path / "exports")
    panel.roll_button.click()
    assert "⚄ rolled" in panel.result.value
    assert panel.timeline.points("random rolls") == 1
    panel.faces.value = "6 2 3 5"
    panel.enter_button.click()
    assert "✎ typed" in panel.result.value and "↳" in panel.result.value
    assert panel.timeline.points("typed rolls") == 1
    events = len(tray.journal)
    panel.faces.value = "6 2 3"
    panel.enter_button.click()
    assert "expected 4 faces" in panel.entry.error.value  # beside the faces box
    assert len(tray.journal) == events
    panel.undo_button.click()
    assert panel.timeline.points("typed rolls") == 0
    assert "iw-void" in panel.log_view.table.value
    panel.toolbar.export_format.value = "md"
    panel.toolbar.export_button.click()
    assert (tmp_path / "exports" / "t.md").exists()
    assert repr(panel).startswith("TrayPanel(<DiceTray")
    panel.close()


@pytest.mark.parametrize("path", sorted(notebook_tools.NOTEBOOKS.glob("*.ipynb")), ids=str)
def test_committed_notebooks_are_small_executed_and_stateless(path: Path):
    assert notebook_tools.problems(path) == []


def test_set_options_keeps_the_value_while_it_is_offered():
    import ipywidgets as widgets

    from isowidgets.widgets.common import set_options

    box = widgets.Dropdown(options=[("Alice", "alice"), ("Bob", "bob")], value="bob")
    set_options(box, [("Bob", "bob"), ("Eve", "eve")])
    assert box.value == "bob"
    set_options(box, [("Eve", "eve")])
    assert box.value == "eve"
    set_options(box, [])
    assert box.value is None and box.options == ()


def test_a_panels_callback_clears_the_last_message_and_shows_refusals():
    """A panel runs its callbacks the one way: through its messages (``handler``)."""
    from isowidgets.errors import RuleError
    from isowidgets.tray import DiceTray
    from isowidgets.widgets.common import Messages, Panel

    panel = Panel(DiceTray.new(seed=1), [])
    panel.messages = Messages()
    panel.messages.info("an old note")

    def refuse(_button: object) -> None:
        raise RuleError("not now")

    panel.messages.handler(refuse)(None)
    assert "not now" in panel.messages.value and "old note" not in panel.messages.value
    assert panel.messages.handler(lambda _b: 7)(None) == 7
    assert panel.messages.value == ""


def test_focus_is_drawn_thick_and_only_on_the_kits_own_controls():
    from isowidgets.widgets.common import CSS

    body = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S).replace("<style>", "")
    rules = [rule.split("{") for rule in body.split("}") if "{" in rule]
    focus = [(head, style) for head, style in rules if ":focus-visible" in head]
    selectors = [s.strip() for head, _style in focus for s in re.split(r",\s*\n", head)]
    assert selectors == [
        ".iw-panel :is(button, input, select, textarea, [tabindex]):focus-visible",
        ".iw-kit :is(button, input, select, textarea, [tabindex]):focus-visible",
    ]
    assert "outline: 3px solid #111 !important" in focus[0][1] and "#ffd400" in focus[0][1]


def test_common_still_offers_every_name_it_did():
    import isowidgets.widgets.common as common

    for name in (
        "CSS",
        "DieColour",
        "JournalTable",
        "Messages",
        "Panel",
        "Timeline",
        "chain_order",
        "die_chip",
        "entries_since",
        "roll_chips",
        "set_options",
        "style",
    ):
        assert hasattr(common, name), name


def _widgets_in(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _widgets_in(child)


def test_every_panel_of_every_system_keeps_jupyterlabs_keys_out(farmhouse):
    """Arrow keys on a closed dropdown were taken by JupyterLab (the next cell) in every
    panel but the map's, the only one with a KeepKeys. The shared Panel carries it now."""
    from isowidgets.rules.impact import ImpactGame
    from isowidgets.widgets.impact import ImpactTable
    from isowidgets.widgets.keyboard import KeepKeys
    from isowidgets.widgets.panel import Panel

    impact = ImpactGame.new(seed=1)
    impact.add_pc("Algernon Pierce", [])
    tables = [farmhouse, ImpactTable(impact), TrayPanel(DiceTray.new(seed=1))]
    panels = [w for table in tables for w in _widgets_in(table) if isinstance(w, Panel)]
    kinds = {type(p).__name__ for p in panels}
    assert {"RelationshipMap", "CharacterSheets", "ConflictPanel", "ScenePanel"} <= kinds
    assert {"ImpactBoard", "TestPanel", "TrayPanel"} <= kinds
    for panel in panels:
        keepers = [w for w in panel.children if isinstance(w, KeepKeys)]
        assert keepers == [panel.keep_keys] and panel.keep_keys.selector == ".iw-panel"
    for table in tables[1:]:
        table.close()


def test_a_timeline_with_a_window_draws_its_latest_span_and_sends_as_much_at_any_length():
    timeline = Timeline(title="t", x_title="x", y_title="y", window=10)
    sizes = sent_points(timeline.figure)
    for n in range(1, 201):
        timeline.append("a", [(n, n % 7, f"point {n}")])
        if n == 3:
            timeline.append("b", [(n, 1, "another trace")])
    xs = timeline.current("a", "x")
    assert xs[-1] == 200 and 200 - xs[0] <= 15 and list(xs) == list(range(xs[0], 201))
    assert timeline.oldest == xs[0] and timeline.current("b", "x") == ()  # b left the window
    assert len(timeline.current("a", "text")) == len(xs) == len(timeline.current("a", "y"))
    layout = timeline.figure.layout
    assert layout.xaxis.range[0] <= xs[0] and xs[-1] <= layout.xaxis.range[1]
    assert layout.xaxis.range[1] - layout.xaxis.range[0] < 40  # not squeezed from point 1
    assert 0 < max(sizes[-40:]) <= 16  # at point 200 a message carries what it did at 20


def test_a_window_keeps_points_whose_x_is_no_number_and_refuses_a_bad_span():
    timeline = Timeline(title="t", x_title="x", y_title="y", window=5)
    timeline.append("a", [("early", 1, "a category")])
    timeline.append("n", [(n, n, "") for n in range(1, 40)])
    assert timeline.current("a", "x") == ("early",)
    assert timeline.current("n", "x")[0] >= 39 - 5
    timeline.reset()
    assert timeline.oldest is None and timeline.points("n") == 0
    for bad in (0, -3, "10", True):
        with pytest.raises(ValueError, match="window"):
            Timeline(title="t", x_title="x", y_title="y", window=bad)  # type: ignore[arg-type]
