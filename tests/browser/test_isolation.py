"""The Isolation table in a real JupyterLab: run ``01-isolation.ipynb`` and play by clicks.

Each test opens the notebook afresh (a fresh kernel), runs it, and works on the
farmhouse table (``.iw-table-farmhouse``), whose map is ``.iw-map-farmhouse``.
Map elements are addressed by their model ids (``alice``, ``L3``), which the
graph adapter keeps in ``data.key``. Every step is screenshotted into
``tests/browser/screenshots/isolation-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest
from lab import LabServer, Notebook
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

TABLE = ".iw-table-farmhouse"
MAP = "iw-map-farmhouse"

E02 = [
    ("bob", "green", "4 3 1 6 4", "→ 3 evens"),
    ("bob", "red", "5 4 3 6 1 1 2", "→ 4 odds"),
    ("alice", "green", "4 2 6 2", "→ 4 evens"),
    ("alice", "red", "3", "→ 1 odd"),
    ("eve", "green", "3", "→ 0 evens"),
    ("eve", "red", "3 5 4", "→ 2 odds"),
]
E03_GM = "5 4 3 4 1 3 4 5 6"

_PLOT_JS = """
(selector) => {
  // What plotly has drawn, read from the SVG rather than from gd.data: per trace, its
  // plot area (the subplot's drag rectangle) and every marker element with its datum,
  // its box on the page and where its datum belongs on the page.
  const gd = document.querySelector(selector);
  if (!gd || !gd._fullLayout) return null;
  const svg = gd.querySelector('.main-svg').getBoundingClientRect();
  const box = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const out = {};
  for (const group of gd.querySelectorAll('.scatterlayer .trace')) {
    const trace = group.__data__ && group.__data__[0] && group.__data__[0].trace;
    if (!trace) continue;
    const xa = gd._fullLayout[trace.xaxis.replace('x', 'xaxis')];
    const ya = gd._fullLayout[trace.yaxis.replace('y', 'yaxis')];
    const drag = gd.querySelector('.draglayer .' + trace.xaxis + trace.yaxis + ' .nsewdrag');
    const points = Array.from(group.querySelectorAll('.point')).map((element) => {
      const d = element.__data__ || {};
      return {x: d.x, y: d.y, text: d.tx === undefined ? null : String(d.tx),
              box: box(element.getBoundingClientRect()),
              at: {x: svg.left + xa._offset + xa.c2p(d.x), y: svg.top + ya._offset + ya.c2p(d.y)}};
    });
    out[trace.name] = {area: box(drag.getBoundingClientRect()), points};
  }
  return out;
}
"""

_PLOT_POINTS_JS = """
([selector, name, n]) => {
  const gd = document.querySelector(selector);
  for (const group of (gd ? gd.querySelectorAll('.scatterlayer .trace') : [])) {
    const trace = group.__data__ && group.__data__[0] && group.__data__[0].trace;
    if (trace && trace.name === name) return group.querySelectorAll('.point').length === n;
  }
  return false;
}
"""

_MAP_JS = """
(selector) => {
  // The map as cytoscape draws it: every visible keyed element with its computed style,
  // each node's rendered box, the container's size, and how many elements it holds in
  // all (hidden ones included).
  const element = document.querySelector(selector);
  const cy = element && element._cyreg && element._cyreg.cy;
  if (!cy) return null;
  const keyed = cy.elements().filter((e) => e.data('key') !== undefined && e.visible());
  const number = (value) => parseFloat(value);
  return {
    width: cy.width(),
    height: cy.height(),
    total: cy.elements().length,
    nodes: keyed.nodes().map((n) => {
      const b = n.renderedBoundingBox();
      return {key: n.data('key'), id: n.id(), label: n.style('label'),
              box: {x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2}};
    }),
    edges: keyed.edges().map((e) => ({
      key: e.data('key'), id: e.id(), text: e.data('text'), classes: e.classes(),
      source: e.source().data('key'), target: e.target().data('key'),
      lineColor: e.style('line-color').replace(/ /g, ''), lineStyle: e.style('line-style'),
      label: e.style('label'), width: number(e.style('width')),
      opacity: number(e.style('opacity')),
    })),
  };
}
"""

_ENGINE_MAP = """
import json as _json
from isowidgets.widgets.isolation.views import edge_text as _edge_text
_state = {game}.state
_names = {{c.id: c.name for c in _state.characters}}
print(_json.dumps({{
    "nodes": [c.id for c in _state.characters],
    "links": [{{"id": x.id, "a": x.a, "b": x.b, "colour": x.colour, "labeled": x.labeled,
               "text": _edge_text(x, _names)}} for x in _state.links],
}}))
"""
"""Prints the engine's map: the truth the drawn map is compared with."""

LINE_COLOUR = {"green": "rgb(27,120,55)", "red": "rgb(178,24,43)"}
"""The map's link colours (views._GREEN, views._RED) as cytoscape reports them."""

LAPTOP_WIDE = {"width": 1280, "height": 2200}
"""A laptop's width (the map in the side-by-side column, about 430 pixels of its
760-pixel drawing box), tall so that screenshots show the whole table. The map is
fitted to the column it gets, and refitted when the column shrinks under it, so the
tests that check every node is inside the view run at this width (the GM's laptop)."""


def find(nb: Notebook, css: str, scope: str = TABLE) -> Locator:
    """The element with class ``css`` inside the farmhouse table (exactly one)."""
    return nb.page.locator(f"{scope} .{css}")


def shot(nb: Notebook, name: str, css: str | None = None) -> Path:
    """Scroll ``css`` (in the farmhouse table) to the top of the view, then screenshot."""
    if css is not None:
        find(nb, css).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        nb.page.wait_for_timeout(400)  # let canvases and plots repaint after the scroll
    return nb.screenshot(f"isolation-{name}")


# --------------------------------------------------------------------------- the plot


def drawn_plot(nb: Notebook, scope: str = TABLE) -> dict[str, dict[str, Any]]:
    """The stress plot's traces (Stress, Degree, Health) as drawn: area and marker elements."""
    traces: dict[str, dict[str, Any]] | None = nb.page.evaluate(
        _PLOT_JS, f"{scope} .iw-stress-plot"
    )
    assert traces is not None, "the stress plot is not drawn"
    return traces


def wait_for_plot(nb: Notebook, trace: str, points: int, scope: str = TABLE) -> None:
    """Wait until trace ``trace`` has drawn ``points`` markers (elements, not data).

    The plot is scrolled into view first, as a person would look at it: at a laptop's
    width the table is taller and JupyterLab may leave an output far below the view
    undrawn until it is scrolled to."""
    # A plot's view, plotly.js included, may come well after the table's on a loaded
    # machine: these are bounds on a first drawing, not on how fast it is.
    nb.page.locator(f"{scope} .iw-stress-plot").first.scroll_into_view_if_needed(timeout=60_000)
    nb.page.wait_for_function(
        _PLOT_POINTS_JS, arg=[f"{scope} .iw-stress-plot", trace, points], timeout=60_000
    )


def assert_plotted(
    nb: Notebook, trace: str, expected: list[tuple[float, float]], scope: str = TABLE
) -> list[dict[str, Any]]:
    """Trace ``trace`` shows exactly the markers ``expected``, each inside the plot area
    and drawn where its value belongs (its box centred on the value's pixel).

    Returns the drawn points (with their hover texts).
    """
    wait_for_plot(nb, trace, len(expected), scope)
    drawn = drawn_plot(nb, scope)[trace]
    points, area = drawn["points"], drawn["area"]
    assert [(p["x"], p["y"]) for p in points] == expected, f"{trace} draws {points}"
    for p in points:
        box = p["box"]
        inside = (
            area["left"] - 0.5 <= box["left"] <= box["right"] <= area["right"] + 0.5
            and area["top"] - 0.5 <= box["top"] <= box["bottom"] <= area["bottom"] + 0.5
        )
        assert inside, f"{trace} point {p['x'], p['y']} at {box} is outside the plot {area}"
        centre = ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
        assert abs(centre[0] - p["at"]["x"]) <= 5 and abs(centre[1] - p["at"]["y"]) <= 5, (
            f"{trace} point {p['x'], p['y']} is drawn at {centre}, its value is at {p['at']}"
        )
    return list(points)


# --------------------------------------------------------------------------- the map


def drawn_map(nb: Notebook, css_class: str = MAP) -> dict[str, Any]:
    found: dict[str, Any] | None = nb.page.evaluate(_MAP_JS, f".{css_class}")
    assert found is not None, f".{css_class} is not a drawn cytoscape map"
    return found


def edge(nb: Notebook, key: str, css_class: str = MAP) -> dict[str, Any] | None:
    """The drawn link with model id ``key``: endpoints, text and computed style."""
    return next((e for e in drawn_map(nb, css_class)["edges"] if e["key"] == key), None)


def engine_map(nb: Notebook, game: str) -> dict[str, Any]:
    """The engine's characters and links, asked of the kernel (game is a variable name)."""
    found: dict[str, Any] = json.loads(nb.execute(_ENGINE_MAP.format(game=game)))
    return found


def assert_link_looks(link: dict[str, Any], colour: str, labeled: bool, text: str) -> None:
    """A drawn link looks its kind: colour, solid/dashed, a label drawn (all visible)."""
    what = f"link {link['key']} ({colour}, {'labeled' if labeled else 'unlabeled'})"
    assert link["lineColor"] == LINE_COLOUR[colour], f"{what} is drawn {link['lineColor']}"
    assert link["lineStyle"] == ("solid" if labeled else "dashed"), f"{what}: {link}"
    assert link["width"] > 0 and link["opacity"] > 0, f"{what} is not drawn: {link}"
    assert link["label"] == text, f"{what} is labeled {link['label']!r}, not {text!r}"


def assert_map_drawn(
    nb: Notebook, game: str, css_class: str = MAP, *, labels: bool = True
) -> dict[str, Any]:
    """The drawn map is the engine's map: every character and link, none extra, each link
    its colour, line style and label, and every node (with its label) inside the view.

    Args:
        game: the notebook's variable holding the game.
        labels: the map draws link labels (else only the ``+``/``×`` glyph).

    Returns the drawn map.
    """
    truth = engine_map(nb, game)
    drawn = drawn_map(nb, css_class)
    assert sorted(n["key"] for n in drawn["nodes"]) == sorted(truth["nodes"])
    keys = [e["key"] for e in drawn["edges"]]
    assert len(keys) == len(set(keys)), f"links drawn twice: {sorted(keys)}"
    assert sorted(keys) == sorted(x["id"] for x in truth["links"])
    shown = {e["key"]: e for e in drawn["edges"]}
    for link in truth["links"]:
        drawn_link = shown[link["id"]]
        assert {drawn_link["source"], drawn_link["target"]} == {link["a"], link["b"]}
        label = link["text"] if labels else link["text"][0]
        assert_link_looks(drawn_link, link["colour"], link["labeled"], label)
    for node in drawn["nodes"]:
        box = node["box"]
        assert node["label"], f"node {node['key']} has no label drawn"
        assert 0 <= box["x1"] <= box["x2"] <= drawn["width"], f"{node} outside the map"
        assert 0 <= box["y1"] <= box["y2"] <= drawn["height"], f"{node} outside the map"
    return drawn


def map_status(nb: Notebook, css_class: str = MAP) -> Locator:
    return nb.page.locator(f".iw-map-panel:has(.{css_class}) .iw-map-status")


def open_farmhouse(notebook: OpenNotebook) -> Notebook:
    nb = notebook("01-isolation.ipynb")
    nb.page.set_viewport_size(LAPTOP_WIDE)
    nb.run_all()
    nb.wait_for_cytoscape_keys(MAP, ["alice", "bob", "eve", "L1", "L2", "L3", "L4", "L5", "L6"])
    return nb


SMALL_SOURCE = """
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.widgets.isolation import IsolationTable

farmhouse = IsolationGame.new(seed=2026, title="The farmhouse, map only")
add_boarding_party(farmhouse, stress=2)
table = IsolationTable(farmhouse, name="farmhouse")
table
"""
"""The farmhouse table alone: quicker to run than the whole notebook, for map-only tests."""


def write_notebook(root: Path, name: str, source: str) -> str:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    cells = [nbformat.v4.new_code_cell(source)]
    nbformat.write(
        nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), root / name
    )
    return name


def open_small_farmhouse(notebook: OpenNotebook, lab_server: LabServer) -> Notebook:
    nb = notebook(write_notebook(lab_server.root, "isolation-farmhouse-map.ipynb", SMALL_SOURCE))
    nb.page.set_viewport_size(LAPTOP_WIDE)
    nb.run_all()
    nb.wait_for_cytoscape_keys(MAP, ["alice", "bob", "eve", "L1", "L2", "L3", "L4", "L5", "L6"])
    return nb


def connect(
    nb: Notebook,
    a: str,
    b: str,
    label: str,
    css_class: str = MAP,
    *,
    added: bool = True,
    names: tuple[str, str] | None = None,
) -> None:
    """Click two characters on the map and add a green labeled link between them.

    The status names both characters while the form is open and, once the link is
    added, again with the new link. With ``added=False`` the engine is expected to
    refuse: the form then stays open.
    """
    first, second = names or (a.capitalize(), b.capitalize())
    scope = f".iw-map-panel:has(.{css_class})"
    status = map_status(nb, css_class)
    nb.click_cytoscape_key(css_class, a)
    expect(status).to_contain_text(f"{first} picked")
    nb.click_cytoscape_key(css_class, b)
    form = nb.page.locator(f"{scope} .iw-connect")
    expect(form).to_be_visible()
    expect(status).to_contain_text(f"New link between {first} and {second}")
    form.locator(".iw-link-label input").fill(label)
    form.locator(".iw-link-add").click()
    if added:
        expect(form).to_be_hidden()
        expect(status).to_contain_text(f"Added a link between {first} and {second}: + green")
        expect(status).to_contain_text(f"“{label}”")


def delete_link(nb: Notebook, key: str, title: str) -> None:
    """Click link ``key`` on the map, check the editor names it, and delete it."""
    nb.click_cytoscape_key(MAP, key)
    editor = find(nb, "iw-link-editor")
    expect(editor).to_be_visible()
    expect(editor.locator(".iw-link-title")).to_contain_text(title)
    editor.locator(".iw-link-delete").click()
    nb.wait_for_cytoscape_keys(MAP, [], gone=[key])


def propose(nb: Notebook, ap: str, action: str, ticks: list[str]) -> None:
    find(nb, "iw-ap select").select_option(label=ap)
    find(nb, "iw-action input").fill(action)
    for tick in ticks:
        find(nb, f"{tick} input").check()
    find(nb, "iw-propose").click()
    expect(find(nb, "iw-conflict-summary")).to_contain_text("in progress")


def enter_faces(nb: Notebook, who: str, colour: str, faces: str, reading: str) -> None:
    find(nb, f"iw-faces-{who}-{colour} input").fill(faces)
    find(nb, f"iw-enter-{who}-{colour}").click()
    expect(find(nb, f"iw-chips-{who}-{colour}")).to_contain_text(reading)


# --------------------------------------------------------------------------- the map


def test_add_a_link_by_clicking_two_nodes_then_delete_one_that_is_not_last(
    notebook: OpenNotebook,
) -> None:
    nb = open_farmhouse(notebook)
    assert nb.cytoscape_keys(MAP)["nodes"] == ["alice", "bob", "eve"]
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "1-farmhouse-after-run-all", "iw-scene")

    connect(nb, "alice", "eve", "Shared a thermos")
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    new = edge(nb, "L7")
    assert new is not None
    assert {new["source"], new["target"]} == {"alice", "eve"}
    assert_link_looks(new, "green", True, "+ Shared a thermos")  # green, solid, labeled
    assert_link_looks(edge(nb, "L3") or {}, "red", True, "× Impatient / Stubborn")
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "2-link-added-by-clicks", "iw-map-panel")

    # Delete L3 (Impatient / Stubborn), in the middle of the edge list.
    nb.click_cytoscape_key(MAP, "L3")
    editor = find(nb, "iw-link-editor")
    expect(editor).to_be_visible()
    expect(editor.locator(".iw-link-title")).to_contain_text("Impatient / Stubborn")
    shot(nb, "3-link-chosen-for-deleting", "iw-map-panel")
    editor.locator(".iw-link-delete").click()
    nb.wait_for_cytoscape_keys(
        MAP, ["alice", "bob", "eve", "L1", "L2", "L4", "L5", "L6", "L7"], gone=["L3"]
    )
    keys = nb.cytoscape_keys(MAP)
    assert keys == {
        "nodes": ["alice", "bob", "eve"],
        "edges": ["L1", "L2", "L4", "L5", "L6", "L7"],
    }
    assert_map_drawn(nb, "farmhouse")  # the links after the deleted one look as before
    # The rest is still clickable: the link after the deleted one opens the editor.
    nb.click_cytoscape_key(MAP, "L4")
    expect(editor.locator(".iw-link-title")).to_contain_text("Resourceful / Handy")
    shot(nb, "4-after-deleting-a-middle-link", "iw-map-panel")
    nb.assert_no_errors()


def test_a_full_rebuild_draws_the_whole_map_and_still_takes_clicks(
    notebook: OpenNotebook, lab_server: LabServer
) -> None:
    """The adapter's rebuild (graph.clear() and every element re-added under new ids),
    forced early with a small ``compact_after``, then a link added by clicks."""
    nb = open_small_farmhouse(notebook, lab_server)
    nb.execute("table.map.view.compact_after = 2")
    before = {n["key"]: n["id"] for n in drawn_map(nb)["nodes"]}
    delete_link(nb, "L3", "Impatient / Stubborn")
    delete_link(nb, "L5", "Jealous / Charming")
    assert drawn_map(nb)["total"] == 3 + 6  # the two deleted links are hidden, not removed
    assert nb.execute("print(table.map.view.last.rebuilt)").strip() == "False"
    delete_link(nb, "L1", "Flirtatious / Charming")  # a third hidden element: rebuild
    assert nb.execute("print(table.map.view.last.rebuilt)").strip() == "True"
    nb.page.wait_for_function(
        "(sel) => document.querySelector(sel)._cyreg.cy.elements().length === 6", arg=f".{MAP}"
    )
    drawn = assert_map_drawn(nb, "farmhouse")
    assert sorted(e["key"] for e in drawn["edges"]) == ["L2", "L4", "L6"]
    after = {n["key"]: n["id"] for n in drawn["nodes"]}
    assert set(after) == set(before) and not set(after.values()) & set(before.values())
    shot(nb, "16-map-after-a-rebuild", "iw-map-panel")

    connect(nb, "alice", "eve", "Shared a thermos")
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    new = edge(nb, "L7")
    assert new is not None and {new["source"], new["target"]} == {"alice", "eve"}
    assert_map_drawn(nb, "farmhouse")
    nb.click_cytoscape_key(MAP, "L4")  # a rebuilt link still opens the editor
    expect(find(nb, "iw-link-editor .iw-link-title")).to_contain_text("Resourceful / Handy")
    shot(nb, "17-link-added-after-a-rebuild", "iw-map-panel")
    nb.assert_no_errors()


def test_removing_a_character_then_undo_draws_the_rest_of_the_map(
    notebook: OpenNotebook, lab_server: LabServer
) -> None:
    nb = open_small_farmhouse(notebook, lab_server)
    nb.click_cytoscape_key(MAP, "alice")  # picked on the map, and shown in the sheet
    expect(map_status(nb)).to_contain_text("Alice picked")
    expect(find(nb, "iw-sheet-character select")).to_have_value("Alice")
    find(nb, "iw-sheet-remove").click()
    expect(find(nb, "iw-sheets .iw-messages")).to_contain_text("removed Alice and their links")
    nb.wait_for_cytoscape_keys(
        MAP, ["bob", "eve", "L4", "L5", "L6"], gone=["alice", "L1", "L2", "L3"]
    )
    drawn = assert_map_drawn(nb, "farmhouse")
    assert sorted(e["key"] for e in drawn["edges"]) == ["L4", "L5", "L6"]
    expect(map_status(nb)).not_to_contain_text("Alice picked")  # let go of with her
    shot(nb, "18-character-removed", "iw-map-panel")

    find(nb, "iw-undo").click()
    nb.wait_for_cytoscape_keys(MAP, ["alice", "L1", "L2", "L3", "L4", "L5", "L6"])
    drawn = assert_map_drawn(nb, "farmhouse")
    assert sorted(e["key"] for e in drawn["edges"]) == ["L1", "L2", "L3", "L4", "L5", "L6"]
    connect(nb, "alice", "eve", "Shared a thermos")  # the returned node takes clicks
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "19-character-back-after-undo", "iw-map-panel")
    nb.assert_no_errors()


# --------------------------------------------------------------------------- a conflict


def test_persuasion_conflict_by_clicks_with_the_texts_dice(notebook: OpenNotebook) -> None:
    """ISO-E02/E03 by clicks: stances, a Partial Success, the plot and, in a second
    conflict, a Basic Success whose temporary links appear on the map."""
    nb = open_farmhouse(notebook)
    propose(
        nb,
        "Bob",
        "board up the windows",
        ["iw-mod-bob-profession", "iw-mod-alice-L1", "iw-mod-eve-L5"],
    )
    expect(find(nb, "iw-pool-bob-green")).to_contain_text("4 dice")
    expect(find(nb, "iw-pool-bob-red")).to_contain_text("5 dice")
    shot(nb, "5-conflict-proposed", "iw-conflict")

    for who, colour, faces, reading in E02:
        enter_faces(nb, who, colour, faces, reading)
    # Bob's exploded 1 and its chain read in order, right after the die that exploded.
    bob_red = find(nb, "iw-chips-bob-red .iw-dice")
    assert bob_red.locator(".iw-die").evaluate_all("chips => chips.map((c) => c.textContent)") == [
        "×5●",
        "×4○",
        "×3●",
        "×6○",
        "×1●",
        "↳×1●",
        "↳×2○",
    ]
    expect(bob_red.locator(".iw-chain")).to_have_count(1)
    expect(find(nb, "iw-first-reading")).to_contain_text("= 1")
    alice, eve = find(nb, "iw-stance-row-alice"), find(nb, "iw-stance-row-eve")
    expect(eve).to_contain_text("✔ Hostile")
    expect(eve).to_contain_text("net -3")
    expect(alice).to_contain_text("net +2, may be Cooperative / Neutral / Hostile")
    # Only the stances the roll allows are clickable: all three for Alice; Eve's is
    # forced (and already chosen), so she has no buttons left.
    for stance in ("Cooperative", "Neutral", "Hostile"):
        expect(find(nb, f"iw-stance-alice-{stance}")).to_be_enabled()
    expect(find(nb, "iw-stance-eve-Cooperative")).to_be_hidden()
    expect(find(nb, "iw-set-difficulty")).to_be_disabled()
    find(nb, "iw-pools").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(300)
    nb.screenshot("isolation-6-dice-and-stances")
    close_up = nb.screenshot("isolation-6b-dice-close-up")
    find(nb, "iw-pools").screenshot(path=str(close_up))  # full resolution

    find(nb, "iw-stance-alice-Cooperative").click()
    expect(alice).to_contain_text("✔ Cooperative")
    find(nb, "iw-difficulty select").select_option(label="Hard (3)")
    find(nb, "iw-set-difficulty").click()
    expect(find(nb, "iw-pool-GM-red")).to_contain_text("8 dice")
    enter_faces(nb, "GM", "red", E03_GM, "→ 5 odds")
    find(nb, "iw-resolve").click()
    result = find(nb, "iw-result")
    expect(result).to_contain_text("△ Partial Success (margin +0)")
    expect(result).to_contain_text("team evens 5 against 5 opposing odds")
    # The arithmetic is folded behind the result until asked for.
    breakdown = find(nb, "iw-breakdown")
    expect(breakdown).to_be_hidden()
    find(nb, "iw-breakdown-toggle button").click()
    expect(breakdown).to_contain_text("team evens = ⌊7 − 2⌋₀ = 5")
    # The new point is drawn (a marker element inside the plot, where its value is).
    assert_plotted(nb, "Stress", [(0, 2), (1, 2)])  # Stress stays 2
    degree = assert_plotted(nb, "Degree", [(1, 2)])
    assert str(degree[0]["text"]).startswith("Partial Success: conflict 1")
    shot(nb, "7-partial-success", "iw-result")

    # A second conflict: Alice persuades both; a Basic Success adds temporary greens.
    propose(nb, "Alice", "barricade the back door", [])
    for who, colour, faces, reading in [
        ("alice", "green", "2 4", "→ 2 evens"),
        ("alice", "red", "3 4 6", "→ 1 odd"),
        ("bob", "green", "2 4", "→ 2 evens"),
        ("bob", "red", "4", "→ 0 odds"),
    ]:
        enter_faces(nb, who, colour, faces, reading)
    find(nb, "iw-stance-bob-Cooperative").click()
    find(nb, "iw-stance-eve-Neutral").click()  # no red links with Alice: all three open
    find(nb, "iw-difficulty select").select_option(label="Easy (1)")
    find(nb, "iw-set-difficulty").click()
    enter_faces(nb, "GM", "red", "2 2 4 4 6 3", "→ 1 odd")
    find(nb, "iw-resolve").click()
    expect(result).to_contain_text("▲ Basic Success")
    nb.wait_for_cytoscape_keys(MAP, ["L7", "L8"])
    for key, other in (("L7", "bob"), ("L8", "eve")):
        link = edge(nb, key)
        assert link is not None and {link["source"], link["target"]} == {"alice", other}
        assert_link_looks(link, "green", False, "+")  # temporary: dashed, glyph only
    assert_map_drawn(nb, "farmhouse")
    stress = assert_plotted(nb, "Stress", [(0, 2), (1, 2), (2, 1)])  # Basic: Stress 2 → 1
    degree = assert_plotted(nb, "Degree", [(1, 2), (2, 1)])
    assert str(degree[1]["text"]).startswith("Basic Success: conflict 2")
    assert stress[2]["box"]["top"] > stress[1]["box"]["top"]  # lower Stress, lower point
    shot(nb, "8-temporary-links-on-the-map", "iw-map-panel")
    shot(nb, "9-stress-plot", "iw-timeline")
    nb.assert_no_errors()


# --------------------------------------------------------------------------- errors


def test_engine_errors_are_shown_in_the_panel(notebook: OpenNotebook) -> None:
    nb = open_farmhouse(notebook)
    propose(nb, "Bob", "board up the windows", [])
    find(nb, "iw-faces-bob-green input").fill("4 3")
    find(nb, "iw-enter-bob-green").click()
    error = find(nb, "iw-pool-bob-green .iw-entry-error .iw-msg--error")  # beside the box
    expect(error).to_contain_text("needs at least 3 faces (one per base die), got 2")
    expect(find(nb, "iw-chips-bob-green")).not_to_contain_text("→")  # nothing was recorded
    shot(nb, "10-faces-refused", "iw-conflict")

    # The map refuses edits while the conflict's dice depend on it.
    connect(nb, "alice", "eve", "Shared a thermos", added=False)
    map_error = find(nb, "iw-map-panel .iw-msg--error")
    expect(map_error).to_contain_text("cannot change the map while conflict 1 is in progress")
    assert nb.cytoscape_keys(MAP)["edges"] == ["L1", "L2", "L3", "L4", "L5", "L6"]
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "11-map-edit-refused", "iw-map-panel")

    # On the motel's map Pearl is dead: a click on her says why nothing is picked.
    motel = ".iw-table-motel"
    nb.click_cytoscape_key("iw-map-motel", "pearl")
    note = nb.page.locator(f"{motel} .iw-map-panel .iw-msg--warning").first
    expect(note).to_contain_text("Pearl is Dead: the dead take no new links")
    expect(nb.page.locator(f"{motel} .iw-map-status")).not_to_contain_text("picked")
    nb.page.locator(f"{motel} .iw-map-panel").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("isolation-11b-dead-character-clicked")
    nb.assert_no_errors()  # shown in the panels, never as a traceback


# --------------------------------------------------------------------------- sessions


def test_a_pair_roll_between_sessions_changes_the_map_and_undo_takes_it_back(
    notebook: OpenNotebook,
) -> None:
    nb = open_farmhouse(notebook)
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Between sessions").click()
    find(nb, "iw-end-session").click()
    expect(find(nb, "iw-between-status")).to_contain_text("Between session 1 and 2")
    find(nb, "iw-pair-a select").select_option(label="Alice")
    find(nb, "iw-pair-b select").select_option(label="Bob")
    expect(find(nb, "iw-pair-links")).to_contain_text("Flirtatious / Charming")
    find(nb, "iw-pair-green input").fill("2 4")
    find(nb, "iw-pair-red input").fill("3")
    find(nb, "iw-pair-enter").click()
    expect(find(nb, "iw-pair-rolled")).to_contain_text("2 evens against 1 odd")
    outcome = find(nb, "iw-pair-outcome")
    expect(outcome).to_contain_text("erase a labeled red link")
    outcome.get_by_label("add a labeled green link").check()
    find(nb, "iw-pair-label input").fill("Bonded over the radio")
    find(nb, "iw-pair-apply").click()
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    new = edge(nb, "L7")
    assert new is not None and (new["source"], new["target"]) == ("alice", "bob")
    assert_link_looks(new, "green", True, "+ Bonded over the radio")
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "14-between-sessions", "iw-tabs")
    find(nb, "iw-undo").click()  # the outcome is taken back: the link goes, the rest stays
    nb.wait_for_cytoscape_keys(MAP, ["L1", "L2", "L3", "L4", "L5", "L6"], gone=["L7"])
    assert_map_drawn(nb, "farmhouse")
    shot(nb, "15-undo-between-sessions", "iw-map-panel")
    nb.assert_no_errors()


# --------------------------------------------------------------------------- a big map

BIG_MAP_SOURCE = """
import random
from isowidgets.rules.isolation import IsolationGame
from isowidgets.widgets.isolation import IsolationTable

rng = random.Random(20)
NAMES = ["Ada", "Bram", "Cleo", "Dev", "Esme", "Finn", "Gia", "Hugo", "Ines", "Jonah",
         "Kira", "Leo", "Maya", "Nils", "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tess"]
game = IsolationGame.new(seed=20, title="Twenty in the bunker")
for name in NAMES:
    game.add_character(name, profession="Survivor", bias="b", goal="g",
                       positive=["Brave", "Kind", "Quick"], negative=["Rude", "Vain", "Slow"])
ids = [c.id for c in game.state.characters]
pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
for a, b in pairs:  # every pair linked: 190 pairs, one to three links each
    for k in range(rng.choice([1, 1, 2, 3])):
        game.add_link(a, b, rng.choice(["red", "green"]), f"{a[:2]}-{b[:2]} {k}")
big = IsolationTable(game, name="big")
print(len(game.state.characters), "characters,", len(pairs), "pairs,",
      len(game.state.links), "links")
big
"""


def test_twenty_character_map_renders_and_takes_a_link_by_clicks(
    notebook: OpenNotebook, lab_server: LabServer
) -> None:
    nb = notebook(write_notebook(lab_server.root, "isolation-big-map.ipynb", BIG_MAP_SOURCE))
    nb.page.set_viewport_size(LAPTOP_WIDE)
    nb.run_all(widget_timeout=60)
    printed = next(text for text in nb.output_texts() if "characters," in text)
    characters, pairs, links = (int(w) for w in printed.replace(",", "").split()[::2][:3])
    assert (characters, pairs) == (20, 190) and 250 <= links <= 450
    keys = [f"L{i}" for i in range(1, links + 1)]
    nb.wait_for_cytoscape_keys("iw-map-big", keys, timeout=60)
    # Every character and link drawn, each link its colour and line style; labels are
    # off on a map this dense (only the +/× glyph), and every node with its label fits
    # in the view (fit=False: positions are kept in Python).
    drawn = assert_map_drawn(nb, "game", "iw-map-big", labels=False)
    assert len(drawn["nodes"]) == 20 and len(drawn["edges"]) == links
    scope = ".iw-table-big"
    nb.page.locator(f"{scope} .iw-map-panel").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(500)
    nb.screenshot("isolation-12-twenty-characters")

    connect(nb, "ada", "kira", "Shared the last ration", css_class="iw-map-big")
    new_key = f"L{links + 1}"
    nb.wait_for_cytoscape_keys("iw-map-big", [new_key])
    new = edge(nb, new_key, "iw-map-big")
    assert new is not None and (new["source"], new["target"]) == ("ada", "kira")
    assert new["text"] == "+ Shared the last ration"
    assert_link_looks(new, "green", True, "+")
    status = map_status(nb, "iw-map-big")
    expect(status).to_contain_text(
        "Added a link between Ada and Kira: + green, labeled “Shared the last ration”"
    )
    expect(status).not_to_contain_text(new_key)  # names, never the link's id
    title = nb.page.locator(".iw-map-panel:has(.iw-map-big) .iw-map-title")
    expect(title).to_contain_text(f"{links + 1} links over 190 pairs")
    assert_map_drawn(nb, "game", "iw-map-big", labels=False)
    nb.screenshot("isolation-13-twenty-characters-link-added")
    close_up = nb.screenshot("isolation-13b-twenty-characters-map-close-up")
    nb.page.locator(".iw-map-big").screenshot(path=str(close_up))  # full resolution
    nb.assert_no_errors()
