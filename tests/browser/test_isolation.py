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
    ("alice", "red", "3", "→ 1 odds"),
    ("eve", "green", "3", "→ 0 evens"),
    ("eve", "red", "3 5 4", "→ 2 odds"),
]
E03_GM = "5 4 3 4 1 3 4 5 6"

_PLOT_JS = """
(selector) => {
  const gd = document.querySelector(selector);
  if (!gd || !gd.data) return null;
  return gd.data.map((t) => ({name: t.name, x: Array.from(t.x || []),
                              y: Array.from(t.y || []), text: Array.from(t.text || [])}));
}
"""

_EDGE_JS = """
([selector, key]) => {
  const cy = document.querySelector(selector)._cyreg.cy;
  const edge = cy.edges().filter((e) => e.data('key') === key && e.visible())[0];
  return edge ? {text: edge.data('text'), classes: edge.classes(),
                 source: edge.source().data('key'), target: edge.target().data('key')} : null;
}
"""


def find(nb: Notebook, css: str, scope: str = TABLE) -> Locator:
    """The element with class ``css`` inside the farmhouse table (exactly one)."""
    return nb.page.locator(f"{scope} .{css}")


def shot(nb: Notebook, name: str, css: str | None = None) -> Path:
    """Scroll ``css`` (in the farmhouse table) to the top of the view, then screenshot."""
    if css is not None:
        find(nb, css).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        nb.page.wait_for_timeout(400)  # let canvases and plots repaint after the scroll
    return nb.screenshot(f"isolation-{name}")


def plot(nb: Notebook, scope: str = TABLE) -> dict[str, list[tuple[Any, Any, str]]]:
    """The drawn traces (Stress, Degree, Health) as ``(x, y, hover text)`` points."""
    traces = nb.page.evaluate(_PLOT_JS, f"{scope} .iw-stress-plot")
    assert traces is not None, "the stress plot is not drawn"
    return {t["name"]: list(zip(t["x"], t["y"], t["text"], strict=True)) for t in traces}


def xy(points: list[tuple[Any, Any, str]]) -> list[tuple[Any, Any]]:
    return [(x, y) for x, y, _text in points]


def wait_for_plot(nb: Notebook, trace: str, points: int, scope: str = TABLE) -> None:
    nb.page.wait_for_function(
        "([sel, name, n]) => { const gd = document.querySelector(sel);"
        " const t = gd && gd.data && gd.data.find((d) => d.name === name);"
        " return !!t && (t.x || []).length === n; }",
        arg=[f"{scope} .iw-stress-plot", trace, points],
        timeout=15_000,
    )


def edge(nb: Notebook, key: str, css_class: str = MAP) -> dict[str, Any] | None:
    found: dict[str, Any] | None = nb.page.evaluate(_EDGE_JS, [f".{css_class}", key])
    return found


def open_farmhouse(notebook: OpenNotebook) -> Notebook:
    nb = notebook("01-isolation.ipynb")
    nb.run_all()
    nb.wait_for_cytoscape_keys(MAP, ["alice", "bob", "eve", "L1", "L2", "L3", "L4", "L5", "L6"])
    return nb


def connect(
    nb: Notebook, a: str, b: str, label: str, css_class: str = MAP, *, added: bool = True
) -> None:
    """Click two characters on the map and add a green labeled link between them.

    With ``added=False`` the engine is expected to refuse: the form then stays open.
    """
    scope = f".iw-map-panel:has(.{css_class})"
    nb.click_cytoscape_key(css_class, a)
    expect(nb.page.locator(f"{scope} .iw-map-status")).to_contain_text("picked")
    nb.click_cytoscape_key(css_class, b)
    form = nb.page.locator(f"{scope} .iw-connect")
    expect(form).to_be_visible()
    form.locator(".iw-link-label input").fill(label)
    form.locator(".iw-link-add").click()
    if added:
        expect(form).to_be_hidden()


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
    shot(nb, "1-farmhouse-after-run-all", "iw-scene")

    connect(nb, "alice", "eve", "Shared a thermos")
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    new = edge(nb, "L7")
    assert new is not None
    assert new["text"] == "+ Shared a thermos"
    assert {"green", "labeled"} <= set(new["classes"])
    assert {new["source"], new["target"]} == {"alice", "eve"}
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
    # The rest is still clickable: the link after the deleted one opens the editor.
    nb.click_cytoscape_key(MAP, "L4")
    expect(editor.locator(".iw-link-title")).to_contain_text("Resourceful / Handy")
    shot(nb, "4-after-deleting-a-middle-link", "iw-map-panel")
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

    find(nb, "iw-stance-alice-Cooperative").click()
    expect(alice).to_contain_text("✔ Cooperative")
    find(nb, "iw-difficulty select").select_option(label="Hard (3)")
    find(nb, "iw-set-difficulty").click()
    expect(find(nb, "iw-pool-GM-red")).to_contain_text("8 dice")
    enter_faces(nb, "GM", "red", E03_GM, "→ 5 odds")
    find(nb, "iw-resolve").click()
    result = find(nb, "iw-result")
    expect(result).to_contain_text("△ Partial Success (margin +0)")
    expect(result).to_contain_text("team evens = ⌊7 − 2⌋₀ = 5")
    wait_for_plot(nb, "Degree", 1)
    points = plot(nb)
    assert xy(points["Stress"]) == [(0, 2), (1, 2)]  # the new point: Stress stays 2
    assert xy(points["Degree"]) == [(1, 2)]
    assert points["Degree"][0][2].startswith("Partial Success: conflict 1")
    shot(nb, "7-partial-success", "iw-result")

    # A second conflict: Alice persuades both; a Basic Success adds temporary greens.
    propose(nb, "Alice", "barricade the back door", [])
    for who, colour, faces, reading in [
        ("alice", "green", "2 4", "→ 2 evens"),
        ("alice", "red", "3 4 6", "→ 1 odds"),
        ("bob", "green", "2 4", "→ 2 evens"),
        ("bob", "red", "4", "→ 0 odds"),
    ]:
        enter_faces(nb, who, colour, faces, reading)
    find(nb, "iw-stance-bob-Cooperative").click()
    find(nb, "iw-stance-eve-Neutral").click()  # no red links with Alice: all three open
    find(nb, "iw-difficulty select").select_option(label="Easy (1)")
    find(nb, "iw-set-difficulty").click()
    enter_faces(nb, "GM", "red", "2 2 4 4 6 3", "→ 1 odds")
    find(nb, "iw-resolve").click()
    expect(result).to_contain_text("▲ Basic Success")
    nb.wait_for_cytoscape_keys(MAP, ["L7", "L8"])
    for key, other in (("L7", "bob"), ("L8", "eve")):
        link = edge(nb, key)
        assert link is not None and link["text"] == "+"
        assert {"green", "unlabeled"} <= set(link["classes"])
        assert {link["source"], link["target"]} == {"alice", other}
    wait_for_plot(nb, "Stress", 3)
    points = plot(nb)
    assert xy(points["Stress"])[-1] == (2, 1)  # Basic Success: Stress 2 → 1
    assert xy(points["Degree"]) == [(1, 2), (2, 1)]
    assert points["Degree"][1][2].startswith("Basic Success: conflict 2")
    shot(nb, "8-temporary-links-on-the-map", "iw-map-panel")
    shot(nb, "9-stress-plot", "iw-timeline")
    nb.assert_no_errors()


# --------------------------------------------------------------------------- errors


def test_engine_errors_are_shown_in_the_panel(notebook: OpenNotebook) -> None:
    nb = open_farmhouse(notebook)
    propose(nb, "Bob", "board up the windows", [])
    find(nb, "iw-faces-bob-green input").fill("4 3")
    find(nb, "iw-enter-bob-green").click()
    error = find(nb, "iw-conflict > .iw-messages .iw-msg--error")
    expect(error).to_contain_text("needs at least 3 faces (one per base die), got 2")
    expect(find(nb, "iw-chips-bob-green")).not_to_contain_text("→")  # nothing was recorded
    shot(nb, "10-faces-refused", "iw-conflict")

    # The map refuses edits while the conflict's dice depend on it.
    connect(nb, "alice", "eve", "Shared a thermos", added=False)
    map_error = find(nb, "iw-map-panel .iw-msg--error")
    expect(map_error).to_contain_text("cannot change the map while conflict 1 is in progress")
    assert nb.cytoscape_keys(MAP)["edges"] == ["L1", "L2", "L3", "L4", "L5", "L6"]
    shot(nb, "11-map-edit-refused", "iw-map-panel")
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
    expect(find(nb, "iw-pair-rolled")).to_contain_text("2 evens against 1 odds")
    outcome = find(nb, "iw-pair-outcome")
    expect(outcome).to_contain_text("erase a labeled red link")
    outcome.get_by_label("add a labeled green link").check()
    find(nb, "iw-pair-label input").fill("Bonded over the radio")
    find(nb, "iw-pair-apply").click()
    nb.wait_for_cytoscape_keys(MAP, ["L7"])
    assert edge(nb, "L7") == {
        "text": "+ Bonded over the radio",
        "classes": edge(nb, "L7")["classes"],  # type: ignore[index]
        "source": "alice",
        "target": "bob",
    }
    shot(nb, "14-between-sessions", "iw-tabs")
    find(nb, "iw-undo").click()  # the outcome is taken back: the link goes, the rest stays
    nb.wait_for_cytoscape_keys(MAP, ["L1", "L2", "L3", "L4", "L5", "L6"], gone=["L7"])
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
    path = lab_server.root / "isolation-big-map.ipynb"
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    cells = [nbformat.v4.new_code_cell(BIG_MAP_SOURCE)]
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), path)
    nb = notebook(path.name)
    nb.run_all(widget_timeout=60)
    printed = next(text for text in nb.output_texts() if "characters," in text)
    characters, pairs, links = (int(w) for w in printed.replace(",", "").split()[::2][:3])
    assert (characters, pairs) == (20, 190) and 250 <= links <= 450
    keys = [f"L{i}" for i in range(1, links + 1)]
    nb.wait_for_cytoscape_keys("iw-map-big", keys, timeout=60)
    drawn = nb.cytoscape_keys("iw-map-big")
    assert len(drawn["nodes"]) == 20 and len(drawn["edges"]) == links
    scope = ".iw-table-big"
    nb.page.locator(f"{scope} .iw-map-panel").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(500)
    nb.screenshot("isolation-12-twenty-characters")

    connect(nb, "ada", "kira", "Shared the last ration", css_class="iw-map-big")
    new_key = f"L{links + 1}"
    nb.wait_for_cytoscape_keys("iw-map-big", [new_key])
    new = edge(nb, new_key, "iw-map-big")
    assert new is not None and new["text"] == "+ Shared the last ration"
    status = nb.page.locator(f"{scope} .iw-map-status").inner_text()
    assert f"{links + 1} links over 190 pairs" in status
    nb.screenshot("isolation-13-twenty-characters-link-added")
    close_up = nb.screenshot("isolation-13b-twenty-characters-map-close-up")
    nb.page.locator(".iw-map-big").screenshot(path=str(close_up))  # full resolution
    nb.assert_no_errors()
    assert json.dumps(drawn)  # the keys are plain data
