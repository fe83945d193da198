"""The ipycytoscape adapter, without a browser: what it sends, never removes, and reuses."""

from __future__ import annotations

from isowidgets.widgets.graph import (
    MAX_ZOOM,
    MIN_ZOOM,
    EdgeSpec,
    GraphView,
    NodeSpec,
    circle_positions,
)


def _nodes(*names: str) -> list[NodeSpec]:
    return [NodeSpec(n, n.title(), ("character",)) for n in names]


def test_sync_adds_restyles_and_hides_without_removing():
    view = GraphView(style=[])
    edges = [
        EdgeSpec("L1", "alice", "bob", "+ Flirtatious", ("green",)),
        EdgeSpec("L2", "bob", "eve"),
    ]
    stats = view.sync(_nodes("alice", "bob", "eve"), edges)
    assert (stats.added, stats.hidden) == (5, 0)
    graph = view.widget.graph
    assert len(graph.nodes) == 3 and len(graph.edges) == 2
    first_edge = graph.edges[0]

    # Delete the first link (not the last of its list): it is hidden, never removed.
    stats = view.sync(_nodes("alice", "bob", "eve"), edges[1:])
    assert (stats.added, stats.hidden, stats.unchanged) == (0, 1, 4)
    assert len(graph.edges) == 2 and "iw-gone" in first_edge.classes
    assert view.visible_edges == ["L2"]

    # Restyle: a whole new classes string and data dict are assigned.
    recoloured = [EdgeSpec("L2", "bob", "eve", "× Jealous", ("red", "labeled"))]
    stats = view.sync(_nodes("alice", "bob", "eve"), recoloured)
    assert stats.changed == 1
    assert graph.edges[1].classes == "red labeled"
    assert graph.edges[1].data["text"] == "× Jealous"

    # A link that comes back gets a fresh view id (cytoscape refuses an old one).
    old_id = first_edge.data["id"]
    view.sync(_nodes("alice", "bob", "eve"), [*recoloured, edges[0]])
    assert view.view_id("L1") not in (None, old_id)


def test_clicks_report_model_ids_and_drags_keep_positions():
    clicked: list[str] = []
    view = GraphView(style=[], on_node_click=clicked.append, on_edge_click=clicked.append)
    view.sync(_nodes("alice", "bob"), [EdgeSpec("L7", "alice", "bob")])
    view._node_clicked({"data": {"id": view.view_id("bob")}})
    view._edge_clicked({"data": {"id": view.view_id("L7")}})
    view._edge_clicked({"data": {"id": "unknown"}})
    assert clicked == ["bob", "L7"]
    view._node_released({"data": {"id": view.view_id("bob")}, "position": {"x": 5, "y": -7}})
    assert view.positions["bob"] == (5.0, -7.0)


def test_hidden_elements_are_compacted_into_a_fresh_graph():
    view = GraphView(style=[], compact_after=3)
    nodes = _nodes("a", "b")
    for i in range(5):
        view.sync(nodes, [EdgeSpec(f"L{i}", "a", "b")])
    # 4 links were hidden in turn; past 3 the graph was rebuilt with only what is visible.
    assert view.hidden_count <= 3
    assert len(view.widget.graph.edges) <= 4
    assert view.visible_edges == ["L4"]


def test_a_node_that_returns_brings_its_links_back_with_it():
    view = GraphView(style=[])
    link = [EdgeSpec("L1", "a", "b")]
    view.sync(_nodes("a", "b"), link)
    view.sync(_nodes("a"), [])
    assert view.visible_nodes == ["a"]
    view.sync(_nodes("a", "b"), link)
    edge = view._edges["L1"].element
    assert edge.data["target"] == view.view_id("b")


def test_new_nodes_are_placed_on_a_circle_and_keep_their_place():
    positions = circle_positions(["a", "b", "c", "d"], radius=100)
    assert positions["a"] == (0.0, -100.0)
    view = GraphView(style=[])
    view.sync(_nodes("a", "b"), [])
    before = dict(view.positions)
    view.sync(_nodes("a", "b", "c"), [])
    assert view.positions["a"] == before["a"]
    assert view.widget.cytoscape_layout["name"] == "preset"


def test_the_view_fits_until_the_first_click_then_keeps_the_persons_zoom():
    view = GraphView(style=[])
    layout = view.widget.cytoscape_layout
    assert (layout["name"], layout["fit"]) == ("preset", True)  # fitted when first shown
    assert (view.widget.min_zoom, view.widget.max_zoom) == (MIN_ZOOM, MAX_ZOOM)
    view.sync(_nodes("a", "b"), [EdgeSpec("L1", "a", "b")])
    assert view.fitting
    view._edge_clicked({"data": {"id": view.view_id("L1")}})
    assert not view.fitting and view.widget.cytoscape_layout["fit"] is False
    # A new link keeps the view; a new node turns fitting back on until the next click.
    view.sync(_nodes("a", "b"), [EdgeSpec("L1", "a", "b"), EdgeSpec("L2", "a", "b")])
    assert view.widget.cytoscape_layout["fit"] is False
    view.sync(_nodes("a", "b", "c"), [])
    assert view.fitting and view.widget.cytoscape_layout["fit"] is True
    view._node_released({"data": {"id": view.view_id("c")}, "position": {"x": 1, "y": 2}})
    assert not view.fitting


def test_fit_runs_the_layout_once_more_whether_fitting_or_not(monkeypatch):
    view = GraphView(style=[])
    sent: list[object] = []
    monkeypatch.setattr(view.widget, "relayout", lambda: sent.append("relayout"))
    view.fit()  # still fitting: the layout already fits, run it again
    assert sent == ["relayout"] and view.widget.cytoscape_layout["fit"] is True
    view.settle()
    changes: list[bool] = []
    view.widget.observe(lambda c: changes.append(c["new"]["fit"]), names=["cytoscape_layout"])
    view.fit()  # fitted once, then back to keeping the view
    assert changes == [True, False] and not view.fitting


def test_a_view_that_never_fits_by_itself():
    view = GraphView(style=[], fit_until_clicked=False)
    assert view.widget.cytoscape_layout["fit"] is False
    view.sync(_nodes("a"), [])
    assert view.widget.cytoscape_layout["fit"] is False


def test_while_fitting_a_change_that_adds_nothing_runs_the_layout_again(monkeypatch):
    view = GraphView(style=[])
    runs: list[str] = []
    monkeypatch.setattr(view.widget, "relayout", lambda: runs.append("relayout"))
    links = [EdgeSpec("L1", "a", "b"), EdgeSpec("L2", "a", "b")]
    view.sync(_nodes("a", "b"), links)
    assert runs == []  # adding runs the layout by itself
    view.sync(_nodes("a", "b"), links[:1])  # L2 hidden: fit to what is left
    assert runs == ["relayout"]
    view.sync(_nodes("a", "b"), links[:1])  # nothing changed: nothing to do
    assert runs == ["relayout"]
    view.settle()
    view.sync(_nodes("a", "b"), [])  # after the first click the view stays put
    assert runs == ["relayout"]
