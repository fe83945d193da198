"""The relationship map of ``01-isolation.ipynb`` without the canvas, and readable when busy.

In a real JupyterLab at 1280×800, on the farmhouse table (``.iw-table-farmhouse``):

* the **link list** under the canvas is the map in words: its rows are the engine's
  links pair by pair, by name; a link is added, relabeled and deleted there with the
  keyboard only (Tab, letters and arrows in the lists, Enter, Space), through the
  engine, and the canvas (read from cytoscape's own instance) agrees after every
  step, undo included. JupyterLab's notebook shortcuts stay out of it: no cell is
  added or selected by the keys pressed;
* a **busy pair** (15 links among 3 people, added from Python in the notebook's
  kernel; then the motel's 25) is drawn as one line per pair that says its counts,
  and no two labels drawn overlap (each label's box turned by its angle); choosing
  the pair in the list, or clicking its line, unfolds it, still without overlaps;
* the **names** a screen reader reads: the list's controls and the descriptor-word
  lists of "Build the map" have one.

Screenshots go to ``tests/browser/screenshots/isolation-map-*.png``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from lab import Notebook
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

TABLE = ".iw-table-farmhouse"
MAP = "iw-map-farmhouse"
MOTEL_MAP = "iw-map-motel"
SMALL_SCREEN = {"width": 1280, "height": 800}
TALL_SCREEN = {"width": 1280, "height": 2400}
FARMHOUSE_KEYS = ["alice", "bob", "eve", "L1", "L2", "L3", "L4", "L5", "L6"]
SUMMARIES = ["pair:alice|bob", "pair:bob|eve", "pair:alice|eve"]

_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const widget = el.closest('[class*="iw-list-"], .iw-link-list');
  const style = getComputedStyle(el);
  return {
    tag: el.tagName.toLowerCase(),
    widget: widget ? Array.from(widget.classList).filter((c) => c.startsWith('iw-')) : [],
    outlineWidth: parseFloat(style.outlineWidth) || 0,
  };
}
"""

_ROWS_JS = """
(selector) => {
  const select = document.querySelector(selector);
  return {
    // ipywidgets writes a Select's spaces as no-break spaces (to keep them): read them back.
    rows: Array.from(select.options).map((o) => o.textContent.replace(/\u00a0/g, ' ').trim()),
    chosen: select.selectedIndex,
  };
}
"""

_LABELS_JS = """
(selector) => {
  // Every drawn label, in model coordinates: its centre, size and angle (edge labels
  // turn with their edge), and the view's size, zoom and pan.
  const cy = document.querySelector(selector)._cyreg.cy;
  const shown = cy.elements().filter((e) => e.visible() && e.data('key') !== undefined);
  const labels = shown.map((e) => {
    const text = e.style('label');
    const padding = parseFloat(e.style('text-background-padding')) || 0;
    if (e.isNode()) {
      const b = e.boundingBox({includeNodes: false, includeEdges: false, includeLabels: true,
                               includeOverlays: false});
      return {key: e.data('key'), node: true, text, x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2,
              w: b.w, h: b.h, angle: 0};
    }
    const r = e._private.rstyle;
    const s = e._private.rscratch;
    const source = e.style('source-label');
    if (source) {  // a busy pair's count, written at its own spot on the line
      return {key: e.data('key'), node: false, text: source, x: r.sourceLabelX,
              y: r.sourceLabelY, w: r.sourceLabelWidth + 2 * padding,
              h: r.sourceLabelHeight + 2 * padding, angle: s.sourceLabelAngle || 0};
    }
    return {key: e.data('key'), node: false, text, x: r.labelX, y: r.labelY,
            w: r.labelWidth + 2 * padding, h: r.labelHeight + 2 * padding,
            angle: r.labelAutoAngle || 0};
  });
  const boxes = shown.nodes().map((n) => {
    const b = n.renderedBoundingBox({includeLabels: true, includeOverlays: false});
    return {key: n.data('key'), x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2};
  });
  return {labels, boxes, width: cy.width(), height: cy.height(), zoom: cy.zoom()};
}
"""

_EDGE_TEXT_JS = """
([selector, key, text]) => {
  const cy = document.querySelector(selector)._cyreg.cy;
  return cy.edges().some((e) => e.visible() && e.data('key') === key && e.data('text') === text);
}
"""

_ENGINE = """
import json as _json
from isowidgets.widgets.isolation.links import list_options as _rows, ordered_pairs as _pairs
from isowidgets.widgets.isolation.links import pair_count_text as _count, pair_id as _pid
from isowidgets.widgets.isolation.views import edge_text as _text
_state = {game}.state
_names = {{c.id: c.name for c in _state.characters}}
print(_json.dumps({{
    "rows": [text.strip() for text, _value in _rows(_state)],
    "links": {{x.id: [x.a, x.b, x.colour, _text(x, _names)] for x in _state.links}},
    "pairs": {{_pid(p): [len(links), _count(links)] for p, links in _pairs(_state)}},
}}))
"""
"""Prints what the engine says the list and the map must show (``game`` is a variable name)."""

ADD_BUSY_LINKS = """
for a, b, n in (("alice", "bob", 2), ("bob", "eve", 2), ("alice", "eve", 5)):
    for k in range(n):
        farmhouse.add_link(a, b, "green" if k % 2 else "red", f"Night {k + 1} by the fire")
print(len(farmhouse.state.links), "links")
"""
"""Brings the farmhouse to 15 links among its 3 people: 5 per pair, every pair busy."""


# --------------------------------------------------------------------------- helpers


def in_table(nb: Notebook, css: str, scope: str = TABLE) -> Locator:
    return nb.page.locator(f"{scope} .{css}")


def listbox(nb: Notebook) -> Locator:
    return in_table(nb, "iw-link-list select")


def shot(nb: Notebook, name: str, css: str) -> Path:
    """Scroll ``css`` (in the farmhouse table) to the top of the view, then screenshot."""
    in_table(nb, css).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)  # let the canvas repaint after the scroll
    return nb.screenshot(f"isolation-map-{name}")


def focus(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_FOCUS_JS)
    return found


def tab_to(nb: Notebook, css: str) -> None:
    """Press Tab once; the focus must land on the control with class ``css``."""
    nb.page.keyboard.press("Tab")
    now = focus(nb)
    assert css in now["widget"], f"Tab went to {now}, not .{css}"
    assert now["outlineWidth"] >= 3, f"the focus on .{css} is not drawn thick enough: {now}"


def cells(nb: Notebook) -> int:
    return len(nb.cells())


def engine(nb: Notebook, game: str = "farmhouse") -> dict[str, Any]:
    found: dict[str, Any] = json.loads(nb.execute(_ENGINE.format(game=game)))
    return found


def rows(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_ROWS_JS, f"{TABLE} .iw-link-list select")
    return found


def choose_row(nb: Notebook, text: str) -> None:
    """Choose the list row starting with ``text`` by keys: Home, then arrow down to it."""
    index = next(i for i, row in enumerate(rows(nb)["rows"]) if row.startswith(text))
    nb.press(listbox(nb), "Home")
    for _ in range(index):
        nb.page.keyboard.press("ArrowDown")
    nb.page.wait_for_function(
        "([sel, i]) => document.querySelector(sel).selectedIndex === i",
        arg=[f"{TABLE} .iw-link-list select", index],
    )


def assert_list_and_canvas_agree(nb: Notebook) -> dict[str, Any]:
    """The list's rows are the engine's, and the canvas draws every link of the engine
    (none is busy here) between its two characters, with its text."""
    truth = engine(nb)
    expect(listbox(nb).locator("option")).to_have_count(len(truth["rows"]))
    assert rows(nb)["rows"] == truth["rows"]
    nb.wait_for_cytoscape_keys(MAP, list(truth["links"]))
    drawn = nb.cytoscape_keys(MAP)
    assert sorted(drawn["edges"]) == sorted(truth["links"])
    for key, (_a, _b, _colour, text) in truth["links"].items():
        assert nb.page.evaluate(_EDGE_TEXT_JS, [f".{MAP}", key, text]), f"{key} is not “{text}”"
    return truth


def labels(nb: Notebook, css_class: str = MAP) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_LABELS_JS, f".{css_class}")
    return found


def _corners(label: dict[str, Any]) -> list[tuple[float, float]]:
    c, s = math.cos(label["angle"]), math.sin(label["angle"])
    w, h = label["w"] / 2, label["h"] / 2
    return [
        (label["x"] + dx * c - dy * s, label["y"] + dx * s + dy * c)
        for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))
    ]


def overlap(a: dict[str, Any], b: dict[str, Any], slack: float = 1.0) -> bool:
    """Whether two labels' turned boxes overlap by more than ``slack`` pixels (separating
    axis test on the four sides' normals)."""
    pa, pb = _corners(a), _corners(b)
    for poly in (pa, pb):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            ra = [x * nx + y * ny for x, y in pa]
            rb = [x * nx + y * ny for x, y in pb]
            if max(ra) - slack <= min(rb) or max(rb) - slack <= min(ra):
                return False
    return True


def assert_readable(drawn: dict[str, Any], expected_edges: Sequence[str]) -> None:
    """Exactly ``expected_edges`` are drawn (with every node), each with a label; no two
    labels overlap; every node with its label is inside the view."""
    edges = sorted(x["key"] for x in drawn["labels"] if not x["node"])
    assert edges == sorted(expected_edges), f"drawn: {edges}"
    for label in drawn["labels"]:
        assert label["text"], f"{label['key']} has no label drawn"
        where = [label[k] for k in ("x", "y", "w", "h", "angle")]
        assert all(isinstance(v, int | float) for v in where), f"no label geometry: {label}"
    crowded = [
        (a["key"], b["key"])
        for i, a in enumerate(drawn["labels"])
        for b in drawn["labels"][i + 1 :]
        if overlap(a, b)
    ]
    assert not crowded, f"these labels overlap: {crowded}"
    for box in drawn["boxes"]:
        assert 0 <= box["x1"] <= box["x2"] <= drawn["width"], f"{box} is outside the map"
        assert 0 <= box["y1"] <= box["y2"] <= drawn["height"], f"{box} is outside the map"


def open_isolation(notebook: OpenNotebook) -> Notebook:
    """The notebook at 1280×800, run, with the farmhouse's **Links, pair by pair** opened
    by its button (Enter): the list waits behind it, under the canvas."""
    from playwright.sync_api import expect

    nb = notebook("01-isolation.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    nb.wait_for_cytoscape_keys(MAP, FARMHOUSE_KEYS)
    toggle = in_table(nb, "iw-link-list-toggle button")
    nb.press(toggle, "Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=10_000)
    expect(in_table(nb, "iw-link-list select")).to_be_visible(timeout=10_000)
    return nb


# --------------------------------------------------------------------------- the list


def test_the_link_list_edits_the_map_by_keys_and_agrees_with_the_canvas(
    notebook: OpenNotebook,
) -> None:
    nb = open_isolation(notebook)
    page = nb.page
    notebook_cells = cells(nb)
    assert_list_and_canvas_agree(nb)
    assert_readable(labels(nb), ["L1", "L2", "L3", "L4", "L5", "L6"])
    # Every control of the list has a name a screen reader reads.
    for css, name in (
        ("iw-link-list select", "Links"),
        ("iw-list-new-label input", "New label"),
        ("iw-list-a select", "New link between"),
        ("iw-list-b select", "and"),
        ("iw-list-colour select", "Colour"),
        ("iw-list-labeled input", "labeled (permanent)"),
        ("iw-list-label input", "Label"),
    ):
        expect(in_table(nb, css)).to_have_accessible_name(name)
    # The canvas itself is announced as a drawing that sends the reader to the list.
    canvas = nb.page.locator(f".{MAP}")
    expect(canvas).to_have_role("img")
    expect(canvas).to_have_accessible_name(
        "Relationship map, a drawing: 3 characters (3 living), 6 links over 2 pairs. "
        "Every link is listed in words under it, behind the button Links, pair by pair."
    )
    shot(nb, "1-list-after-run-all", "iw-link-list-panel")

    # Add: from the list, Tab to the form; names and colour chosen by letters and arrows.
    listbox(nb).focus()
    tab_to(nb, "iw-list-a")  # nothing chosen yet: the editor's controls are off, skipped
    page.keyboard.press("Home")  # Alice
    tab_to(nb, "iw-list-b")
    page.keyboard.press("e")  # Eve, by her first letter
    tab_to(nb, "iw-list-colour")
    page.keyboard.press("ArrowDown")  # × red
    expect(in_table(nb, "iw-list-b select")).to_have_value("Eve")
    expect(in_table(nb, "iw-list-colour select")).to_have_value("× red (a reason to dislike)")
    tab_to(nb, "iw-list-labeled")
    tab_to(nb, "iw-list-label")
    page.keyboard.type("Shared a thermos")
    tab_to(nb, "iw-list-add")
    page.keyboard.press("Enter")
    message = in_table(nb, "iw-link-list-panel .iw-messages")
    expect(message).to_contain_text(
        "Added between Alice and Eve: × red, labeled “Shared a thermos” (permanent; added in play)"
    )
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    truth = assert_list_and_canvas_agree(nb)
    assert truth["links"]["L7"] == ["alice", "eve", "red", "× Shared a thermos"]
    expect(canvas).to_have_accessible_name(re.compile("7 links over 3 pairs"))
    assert (
        "Alice – Eve, 1 of 1: × red, labeled “Shared a thermos” (permanent; added in play)"
        in (rows(nb)["rows"])
    )
    assert "iw-list-add" in focus(nb)["widget"]  # the focus stays on Add
    expect(in_table(nb, "iw-list-label input")).to_have_value("")  # ready for the next
    assert cells(nb) == notebook_cells  # no key reached JupyterLab's notebook shortcuts
    shot(nb, "2-link-added-by-keys", "iw-link-list-panel")

    # Relabel: arrows to the new link's row, Tab to its label, type, Enter.
    choose_row(nb, "Alice – Eve, 1 of 1")
    chosen = in_table(nb, "iw-link-chosen")
    expect(chosen).to_contain_text("Chosen: Alice – Eve, × red, labeled “Shared a thermos”")
    nb.page.wait_for_function(  # the canvas highlights the link chosen in the list
        "(sel) => document.querySelector(sel)._cyreg.cy.edges('.chosen')"
        ".some((e) => e.data('key') === 'L7')",
        arg=f".{MAP}",
    )
    tab_to(nb, "iw-list-new-label")
    expect(in_table(nb, "iw-list-new-label input")).to_have_value("Shared a thermos")
    page.keyboard.press("Control+A")
    page.keyboard.type("Shared the last thermos")
    page.keyboard.press("Enter")
    expect(message).to_contain_text("Relabeled: Alice – Eve, × red, labeled “Shared the last")
    nb.page.wait_for_function(_EDGE_TEXT_JS, arg=[f".{MAP}", "L7", "× Shared the last thermos"])
    assert_list_and_canvas_agree(nb)
    shot(nb, "3-relabeled-by-keys", "iw-map-panel")

    # Delete a link in the middle of the list (L3), by Space on Delete.
    choose_row(nb, "Alice – Bob, 3 of 3")
    expect(chosen).to_contain_text("Impatient / Stubborn")
    tab_to(nb, "iw-list-new-label")
    tab_to(nb, "iw-list-relabel")
    tab_to(nb, "iw-list-delete")
    page.keyboard.press("Space")
    expect(message).to_contain_text(
        "Deleted: Alice – Bob, × red, labeled “Impatient / Stubborn” (permanent; descriptor pass)"
    )
    nb.wait_for_cytoscape_keys(MAP, ["L1", "L2", "L4", "L5", "L6", "L7"], gone=["L3"])
    truth = assert_list_and_canvas_agree(nb)
    assert "L3" not in truth["links"]
    # Delete is now off: the keyboard is back in the list, on the pair's row.
    page.wait_for_function("() => !!document.activeElement.closest('.iw-link-list')")
    assert rows(nb)["rows"][rows(nb)["chosen"]].startswith("Alice – Bob: 2 links")
    shot(nb, "4-deleted-by-keys", "iw-link-list-panel")

    # Undo (the session bar): the link is back in the list and on the canvas.
    in_table(nb, "iw-undo").click()
    nb.wait_for_cytoscape_keys(MAP, ["L1", "L2", "L3", "L4", "L5", "L6", "L7"])
    expect(listbox(nb).locator("option")).to_have_count(len(engine(nb)["rows"]))
    truth = assert_list_and_canvas_agree(nb)
    assert truth["links"]["L3"] == ["alice", "bob", "red", "× Impatient / Stubborn"]
    assert_readable(labels(nb), ["L1", "L2", "L3", "L4", "L5", "L6", "L7"])
    assert cells(nb) == notebook_cells
    shot(nb, "5-undo-brings-it-back", "iw-map-panel")

    # Build the map: each descriptor-word list is named after whose words it offers.
    page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Characters").click()
    expect(in_table(nb, "iw-desc-a-word select")).to_have_accessible_name("Alice's descriptor")
    expect(in_table(nb, "iw-desc-b-word select")).to_have_accessible_name("Bob's descriptor")
    in_table(nb, "iw-desc-b select").select_option(label="Eve")
    expect(in_table(nb, "iw-desc-b-word select")).to_have_accessible_name("Eve's descriptor")
    shot(nb, "6-descriptor-words-named", "iw-sheets")
    nb.assert_no_errors()


# --------------------------------------------------------------------------- busy pairs


def test_a_busy_pair_is_one_counted_line_until_it_is_chosen(notebook: OpenNotebook) -> None:
    nb = open_isolation(notebook)
    assert nb.execute(ADD_BUSY_LINKS).strip() == "15 links"
    nb.wait_for_cytoscape_keys(MAP, SUMMARIES, gone=["L1", "L4", "L7", "L15"])
    truth = engine(nb)
    drawn = labels(nb)
    assert_readable(drawn, SUMMARIES)
    counted = {x["key"]: x["text"] for x in drawn["labels"] if not x["node"]}
    assert counted == {key: truth["pairs"][key][1] for key in SUMMARIES}
    assert counted["pair:alice|bob"] == "5 links: 3 + · 2 ×"
    visible_labels = len(drawn["labels"])
    assert visible_labels == 3 + 3  # three names, three counts: nothing else drawn
    expect(in_table(nb, "iw-map-title")).to_contain_text(
        "15 links over 3 pairs; 3 busy pairs (more than 4 links), 3 drawn folded as one line"
    )
    shot(nb, "7-fifteen-links-among-three", "iw-map-panel")

    # Choose Alice and Bob's row in the list by keys: their five links are drawn.
    choose_row(nb, "Alice – Bob: 5 links")
    alice_bob = ["L1", "L2", "L3", "L7", "L8"]
    nb.wait_for_cytoscape_keys(MAP, alice_bob, gone=["pair:alice|bob"])
    drawn = labels(nb)
    assert_readable(drawn, [*alice_bob, "pair:bob|eve", "pair:alice|eve"])
    texts = {x["key"]: x["text"] for x in drawn["labels"]}
    assert all(texts[key] == truth["links"][key][3] for key in alice_bob)
    expect(in_table(nb, "iw-map-status")).to_contain_text("are unfolded")
    shot(nb, "8-a-busy-pair-unfolded-from-the-list", "iw-map-panel")

    # A click on Bob and Eve's line unfolds them instead; the list follows.
    nb.click_cytoscape_key(MAP, "pair:bob|eve")
    bob_eve = ["L4", "L5", "L6", "L9", "L10"]
    nb.wait_for_cytoscape_keys(MAP, bob_eve, gone=["pair:bob|eve", "L1"])
    assert_readable(labels(nb), [*bob_eve, "pair:alice|bob", "pair:alice|eve"])
    expect(listbox(nb)).to_have_value("Bob – Eve: 5 links, 2 + green and 3 × red")
    in_table(nb, "iw-map-fold").click()
    nb.wait_for_cytoscape_keys(MAP, SUMMARIES, gone=bob_eve)
    expect(listbox(nb)).to_have_value("")  # the list lets go of the pair too

    # An undo that leaves Alice and Eve four links draws them one by one again.
    in_table(nb, "iw-undo").click()
    nb.wait_for_cytoscape_keys(
        MAP, ["L11", "L12", "L13", "L14", "pair:alice|bob"], gone=["pair:alice|eve", "L15"]
    )
    assert_readable(labels(nb), ["L11", "L12", "L13", "L14", "pair:alice|bob", "pair:bob|eve"])
    shot(nb, "9-after-undo-four-links-drawn", "iw-map-panel")

    # The motel: 25 links among five, its three busy pairs folded, nothing overlapping.
    motel = engine(nb, "motel")
    busy = sorted(key for key, (n, _text) in motel["pairs"].items() if n > 4)
    assert busy == ["pair:dana|mia", "pair:hank|mia", "pair:hank|victor"]
    nb.wait_for_cytoscape_keys(MOTEL_MAP, busy)
    folded = {key for key, (a, b, _c, _t) in motel["links"].items() if f"pair:{a}|{b}" in busy}
    drawn = labels(nb, MOTEL_MAP)
    assert_readable(drawn, sorted((set(motel["links"]) - folded) | set(busy)))
    assert len(drawn["labels"]) < len(motel["links"])  # 25 links, far fewer labels
    scope = ".iw-table-motel .iw-map-panel"
    nb.page.locator(scope).evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("isolation-map-10-the-motel-folded")

    # A tall screen: the farmhouse map, its list and the conflict panel at once.
    nb.page.set_viewport_size(TALL_SCREEN)
    shot(nb, "11-tall-screen", "iw-map-panel")
    nb.assert_no_errors()
