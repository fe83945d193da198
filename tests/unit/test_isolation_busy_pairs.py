"""Busy pairs on the relationship map, without a browser: a pair with more than
``busy_after`` links is drawn as one summarising line that says its counts, and
unfolds into its links when it (or one of its links) is chosen.

What is drawn is read from the graph adapter (the specs and the elements' classes
it sent); the browser tier checks that cytoscape draws those classes as meant.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.graph import EdgeSpec
from isowidgets.widgets.isolation.map import (
    BUSY_AFTER,
    RelationshipMap,
    fold_busy_pairs,
    fold_style,
    place_counts,
)
from isowidgets.widgets.isolation.views import map_specs, map_style

pytestmark = pytest.mark.usefixtures("no_view_failures")

PAIRS = {("alice", "bob"): "pair:alice|bob", ("bob", "eve"): "pair:bob|eve"}


def busy_farmhouse() -> IsolationGame:
    """15 links among 3 people: the farmhouse's 6, then 9 more, 5 per pair."""
    game = boarding_party(stress=2)
    for a, b, n in (("alice", "bob", 2), ("bob", "eve", 2), ("alice", "eve", 5)):
        for k in range(n):
            game.add_link(a, b, "green" if k % 2 else "red", f"{a}-{b} {k}")
    return game


@pytest.fixture
def game() -> IsolationGame:
    return busy_farmhouse()


@pytest.fixture
def panel(game):
    m = RelationshipMap(game)
    yield m
    m.close()


def classes(m: RelationshipMap, key: str) -> list[str]:
    return m.view._edges[key].element.classes.split()


def shown(m: RelationshipMap) -> set[str]:
    """The edges a browser would draw: sent, not deleted, not folded, not an open summary."""
    return {
        key for key in m.view.visible_edges if not {"iw-folded", "iw-open"} & set(classes(m, key))
    }


# --------------------------------------------------------------------------- the pure fold


def test_a_busy_pair_folds_into_one_summary_with_its_counts():
    game = boarding_party(stress=2)
    game.add_link("alice", "bob", "green", "Chess")
    game.add_link("alice", "bob", "red", "Snores")
    _nodes, edges = map_specs(game.state)
    folded = fold_busy_pairs(game.state, edges, busy_after=4)
    by_id = {e.id: e for e in folded}
    summary = by_id["pair:alice|bob"]
    assert (summary.source, summary.target) == ("alice", "bob")
    assert summary.text == "5 links: 3 + · 2 ×"
    assert summary.classes == ("pair", "pair-mixed")
    assert dict(summary.data)["links"] == 5
    for key in ("L1", "L2", "L3", "L7", "L8"):
        assert "iw-folded" in by_id[key].classes
    # Bob and Eve have 3 links: not busy, drawn one by one.
    assert "pair:bob|eve" not in by_id
    assert not {"iw-folded", "iw-unfolded"} & set(by_id["L4"].classes)
    # The same edges, in the same order, then the summaries.
    assert [e.id for e in folded] == [e.id for e in edges] + ["pair:alice|bob"]


def test_an_unfolded_pair_keeps_its_summary_hidden_and_spaces_its_links():
    game = busy_farmhouse()
    _nodes, edges = map_specs(game.state)
    by_id = {e.id: e for e in fold_busy_pairs(game.state, edges, unfolded=("alice", "bob"))}
    assert "iw-open" in by_id["pair:alice|bob"].classes
    assert "iw-unfolded" in by_id["L1"].classes and "iw-folded" in by_id["L4"].classes
    assert "iw-open" not in by_id["pair:bob|eve"].classes


def test_a_summary_of_one_colour_is_that_colour_and_carries_counted_and_fresh():
    game = boarding_party(stress=2)
    for k in range(5):
        game.add_link("alice", "eve", "green", f"kind {k}")
    game.change_settings(relevant_label_scope="any_labeled")  # a session link may count
    game.propose("alice", "barricade", factors={"eve": {"relevant_links": ["L7"]}})
    _nodes, edges = map_specs(game.state, fresh={"L11"})
    summary = {e.id: e for e in fold_busy_pairs(game.state, edges)}["pair:alice|eve"]
    assert summary.classes[:2] == ("pair", "pair-green")
    assert "pair-counted" in summary.classes and "fresh" in summary.classes


def test_a_pair_chosen_as_a_whole_is_highlighted_unless_it_is_busy():
    game = busy_farmhouse()
    game.remove_link("L9")  # Bob and Eve: 4 links, not busy
    _nodes, edges = map_specs(game.state)
    by_id = {e.id: e for e in fold_busy_pairs(game.state, edges, highlight=("bob", "eve"))}
    assert all("chosen" in by_id[k].classes for k in ("L4", "L5", "L6", "L10"))
    by_id = {e.id: e for e in fold_busy_pairs(game.state, edges, highlight=("alice", "eve"))}
    assert not any("chosen" in by_id[k].classes for k in ("L11", "L12"))


def test_the_fold_style_uses_one_class_per_selector_and_keeps_counts_with_labels_off():
    rules = fold_style()
    for rule in rules:
        assert rule["selector"].count(".") == 1, rule["selector"]
    style = {r["selector"]: r["style"] for r in rules}
    assert style["edge.iw-folded"]["display"] == "none"
    assert style["edge.iw-open"]["display"] == "none"
    # The count is written at the spot place_counts chose, whatever "link labels" says.
    assert style["edge.pair"]["source-label"] == "data(text)"
    assert style["edge.pair"]["source-text-offset"] == "data(offset)"
    assert style["edge.pair"]["label"] == ""
    assert style["edge.pair"]["curve-style"] == "straight"  # outside its pair's fan
    assert style["edge.pair"]["text-wrap"] == "none"  # the counts are never cut
    # The map's own rules come first, so "label: data(glyph)" (labels off) is overridden.
    m = RelationshipMap(busy_farmhouse())
    try:
        m.labels_box.value = False
        selectors = [r["selector"] for r in m.view.widget.cytoscape_style]
        assert selectors.index("edge") < selectors.index("edge.pair")
        assert [r["selector"] for r in map_style()] == selectors[: len(map_style())]
    finally:
        m.close()


# --------------------------------------------------------------------------- on the map


def test_fifteen_links_among_three_draw_three_lines(panel, game):
    assert len(game.state.links) == 15 and BUSY_AFTER == 4
    assert shown(panel) == {"pair:alice|bob", "pair:bob|eve", "pair:alice|eve"}
    texts = {k: panel.view._edges[k].element.data["text"] for k in shown(panel)}
    assert texts == {
        "pair:alice|bob": "5 links: 3 + · 2 ×",
        "pair:bob|eve": "5 links: 2 + · 3 ×",
        "pair:alice|eve": "5 links: 2 + · 3 ×",
    }
    assert "3 busy pairs (more than 4 links), 3 drawn folded as one line" in panel.title.value
    assert panel.fold_button.disabled


def test_a_click_on_a_summary_unfolds_that_pair_and_fold_folds_it(panel):
    panel.view._edge_clicked({"data": {"id": panel.view.view_id("pair:alice|bob")}})
    assert panel.unfolded == ("alice", "bob")
    assert shown(panel) == {"L1", "L2", "L3", "L7", "L8", "pair:bob|eve", "pair:alice|eve"}
    assert all("iw-unfolded" in classes(panel, k) for k in ("L1", "L7"))
    assert panel.link_list.choice.value == "pair:alice|bob"  # the list follows
    assert "are unfolded" in panel.status.value and not panel.fold_button.disabled
    assert "2 drawn folded" in panel.title.value
    # Another pair's summary: that one unfolds, the first folds again.
    panel.view._edge_clicked({"data": {"id": panel.view.view_id("pair:bob|eve")}})
    assert {"L4", "L9", "pair:alice|bob"} <= shown(panel) and "L1" not in shown(panel)
    panel.fold_button.click()
    assert shown(panel) == {"pair:alice|bob", "pair:bob|eve", "pair:alice|eve"}
    assert panel.link_list.choice.value is None  # the list lets go of the pair too
    # Unfolding changed classes only: nothing was hidden (soft-deleted) or re-added.
    assert panel.view.hidden_count == 0


def test_choosing_a_link_in_the_list_unfolds_its_pair(panel):
    panel.link_list.choice.value = "L12"  # Alice – Eve
    assert panel.chosen_link == "L12"
    assert "L12" in shown(panel) and "pair:alice|eve" not in shown(panel)
    assert "chosen" in classes(panel, "L12")
    panel.link_list.choice.value = None
    assert "L12" not in shown(panel)
    panel.link_list.choice.value = "pair:alice|eve"  # the pair's own row
    assert "L12" in shown(panel) and "are unfolded" in panel.status.value


def test_a_pair_that_stops_being_busy_is_drawn_link_by_link(panel, game):
    game.remove_link("L15")
    assert {"L11", "L12", "L13", "L14"} <= shown(panel)
    assert "pair:alice|eve" not in panel.view.visible_edges
    game.undo()
    assert "pair:alice|eve" in shown(panel) and "L11" not in shown(panel)


def test_the_threshold_is_an_argument(game):
    m = RelationshipMap(game, busy_after=5)
    try:
        assert not any(k.startswith("pair:") for k in shown(m))
        assert len(shown(m)) == 15
    finally:
        m.close()


def test_the_legend_explains_folded_pairs(panel):
    assert "more than 4 links" in panel.legend.value
    assert "5 links: 3 + · 2 ×" in panel.legend.value


# --------------------------------------------------------------------------- where counts go


def summary(key: str, a: str, b: str, *classes: str) -> EdgeSpec:
    return EdgeSpec(key, a, b, "5 links: 3 + · 2 ×", ("pair", "pair-mixed", *classes))


def test_a_count_goes_to_the_middle_of_its_line_when_that_is_free():
    positions = {"a": (0.0, 0.0), "b": (400.0, 0.0)}
    (edge,) = place_counts([summary("pair:a|b", "a", "b")], positions)
    assert dict(edge.data)["offset"] == 178.0  # half of 400 minus both nodes' rims


def test_counts_of_lines_crossing_in_their_middles_move_apart():
    """The motel's case: two long lines cross where both counts would be written."""
    positions = {"a": (0.0, 0.0), "b": (400.0, 400.0), "c": (400.0, 0.0), "d": (0.0, 400.0)}
    first, second = place_counts(
        [summary("pair:a|b", "a", "b"), summary("pair:c|d", "c", "d")], positions
    )
    inner = 400 * 2**0.5 - 44
    assert dict(first.data)["offset"] == round(inner / 2, 1)
    # At right angles the count 14 % of the line from the middle still touches the first
    # one: the first free spot is a quarter of the way along.
    assert dict(second.data)["offset"] == round(inner * 0.26, 1)


def test_links_and_open_summaries_get_no_spot_and_short_lines_keep_the_middle():
    positions = {"a": (0.0, 0.0), "b": (120.0, 0.0), "c": (0.0, 400.0)}
    link = EdgeSpec("L1", "a", "c", "+ Chess", ("green",))
    opened = summary("pair:a|c", "a", "c", "iw-open")
    short = summary("pair:a|b", "a", "b")
    out = place_counts([link, opened, short], positions)
    assert out[0] == link and out[1] == opened
    assert dict(out[2].data)["offset"] == 38.0  # no spot keeps the count off the nodes


def test_the_map_places_the_counts_of_the_motel_apart():
    game = busy_farmhouse()
    m = RelationshipMap(game)
    try:
        offsets = {
            key: m.view._edges[key].element.data["offset"]
            for key in ("pair:alice|bob", "pair:bob|eve", "pair:alice|eve")
        }
        assert all(isinstance(v, float) and v > 0 for v in offsets.values())
    finally:
        m.close()
