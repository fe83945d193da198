"""A small adapter that keeps an ipycytoscape widget equal to a pure graph description.

The model of a graph (characters and links, say) lives in an engine. A view
builds a list of :class:`NodeSpec` and :class:`EdgeSpec` from it after every
change and calls :meth:`GraphView.sync`; the adapter works out what to add,
restyle or hide, and touches only that. Clicks come back as the spec ids.

It works around what ipycytoscape 1.3.3 does badly (see
``shared/notes/jupyter-stack-facts.md``):

* **Removal.** Removing any element but the last of its list makes every later
  element vanish from the browser. So nothing is removed: a deleted element is
  hidden with the ``iw-gone`` class (``display: none``), and an element that
  comes back gets a fresh view id (cytoscape refuses a second element with an
  old id). When hidden elements pile up, :meth:`GraphView.compact` rebuilds the
  whole graph under new ids in one go.
* **Layout.** Every change to the element lists re-runs the layout; the
  default one moves every node. The adapter uses the ``preset`` layout with
  positions kept in Python (new nodes go on a circle; a node dragged in the
  browser reports its new position on mouse-up and keeps it).
* **Fit.** The view is fitted to the graph when it is first displayed and after
  every change until the first click on the canvas (``fit`` on in the layout,
  and the layout run again when a change added nothing), so whatever the width
  of the box it is shown in, every node is in view, and nothing hidden since
  leaves the view zoomed out. After that click the person has seen the map, and may have zoomed it:
  links added later keep the view as it is. A node added later (a new
  character, an undone removal) turns fitting back on until the next click, so
  it never lands outside the view. Zoom is bounded (:data:`MIN_ZOOM`,
  :data:`MAX_ZOOM`) so a fit on one or two nodes does not blow them up.
* **Handlers.** Handlers registered after the widget is displayed never fire,
  so the adapter registers every handler it will ever need when it is built.
* **Updates.** Only a whole new ``classes`` string or ``data`` dict reaches the
  browser, never an in-place edit, so changes are always assigned whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipycytoscape

__all__ = ["EdgeSpec", "GraphView", "NodeSpec", "circle_positions"]

GONE = "iw-gone"

MIN_ZOOM, MAX_ZOOM = 0.25, 3.0
"""The zoom a fit (or a person's mouse wheel) stays within."""

FIT_PADDING = 12
"""Pixels kept free around the graph when the view is fitted."""


@dataclass(frozen=True, slots=True)
class NodeSpec:
    """What one node should look like. ``id`` is the model's id."""

    id: str
    label: str
    classes: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class EdgeSpec:
    """What one edge should look like; ``source`` and ``target`` are node spec ids."""

    id: str
    source: str
    target: str
    text: str = ""
    classes: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()


@dataclass
class _Shown:
    view_id: str
    element: Any
    spec: NodeSpec | EdgeSpec
    hidden: bool = False


@dataclass
class SyncStats:
    """What the last :meth:`GraphView.sync` did (for tests and benchmarks)."""

    added: int = 0
    changed: int = 0
    hidden: int = 0
    unchanged: int = 0
    rebuilt: bool = False
    details: list[str] = field(default_factory=list)


def circle_positions(
    ids: Sequence[str], *, radius: float = 170.0
) -> dict[str, tuple[float, float]]:
    """Evenly spaced positions on a circle, first id at the top."""
    count = max(1, len(ids))
    positions = {}
    for i, node_id in enumerate(ids):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        positions[node_id] = (
            round(radius * math.cos(angle), 1),
            round(radius * math.sin(angle), 1),
        )
    return positions


class GraphView:
    """Keeps one ``ipycytoscape.CytoscapeWidget`` in step with node and edge specs.

    Args:
        style: the cytoscape stylesheet (a rule hiding ``.iw-gone`` is added).
        on_node_click: called with a node spec id when a node is clicked.
        on_edge_click: called with an edge spec id when an edge is clicked.
        compact_after: rebuild once this many hidden elements have piled up.
        css_class: a class put on the widget (browser tests find it by this).
        fit_until_clicked: fit the view to the graph at every layout run until the
            first click on the canvas (see the module's notes); off, the view is
            only fitted by :meth:`fit`.

    Attributes:
        fitting: whether the next layout run fits the view to the graph.
    """

    def __init__(
        self,
        *,
        style: Sequence[dict[str, Any]],
        on_node_click: Callable[[str], None] | None = None,
        on_edge_click: Callable[[str], None] | None = None,
        compact_after: int = 150,
        css_class: str = "iw-map",
        fit_until_clicked: bool = True,
    ) -> None:
        self.widget = ipycytoscape.CytoscapeWidget()
        self.widget.add_class(css_class)
        self.widget.set_style([*style, {"selector": f".{GONE}", "style": {"display": "none"}}])
        self.fit_until_clicked = fit_until_clicked
        self.fitting = fit_until_clicked
        self.widget.set_layout(name="preset", fit=self.fitting, padding=FIT_PADDING, animate=False)
        self.widget.min_zoom = MIN_ZOOM
        self.widget.max_zoom = MAX_ZOOM
        self.widget.user_zooming_enabled = True
        self.widget.wheel_sensitivity = 0.3
        self.on_node_click = on_node_click
        self.on_edge_click = on_edge_click
        self.compact_after = compact_after
        self.positions: dict[str, tuple[float, float]] = {}
        self._nodes: dict[str, _Shown] = {}
        self._edges: dict[str, _Shown] = {}
        self._by_view: dict[str, str] = {}
        self._generation = 0
        self.last = SyncStats()
        # Every handler now: ones added after display never fire.
        self.widget.on("node", "click", self._node_clicked)
        self.widget.on("edge", "click", self._edge_clicked)
        self.widget.on("node", "mouseup", self._node_released)

    # ------------------------------------------------------------------ clicks

    def _spec_id(self, payload: dict[str, Any]) -> str | None:
        data = payload.get("data", {}) if isinstance(payload, dict) else {}
        view_id = data.get("id")
        return self._by_view.get(view_id) if isinstance(view_id, str) else None

    def settle(self) -> None:
        """Stop fitting the view at each layout run: the person has seen the map
        (and may have zoomed it), so later changes keep the view where it is."""
        if self.fitting:
            self.fitting = False
            self.widget.set_layout(fit=False)

    def _node_clicked(self, payload: dict[str, Any]) -> None:
        self.settle()
        spec_id = self._spec_id(payload)
        if spec_id is not None and self.on_node_click is not None:
            self.on_node_click(spec_id)

    def _edge_clicked(self, payload: dict[str, Any]) -> None:
        self.settle()
        spec_id = self._spec_id(payload)
        if spec_id is not None and self.on_edge_click is not None:
            self.on_edge_click(spec_id)

    def _node_released(self, payload: dict[str, Any]) -> None:
        self.settle()
        spec_id = self._spec_id(payload)
        position = payload.get("position") if isinstance(payload, dict) else None
        if spec_id is not None and isinstance(position, dict):
            x, y = position.get("x"), position.get("y")
            if isinstance(x, int | float) and isinstance(y, int | float):
                self.positions[spec_id] = (float(x), float(y))

    # ------------------------------------------------------------------ reading

    def view_id(self, spec_id: str) -> str | None:
        """The cytoscape id currently showing ``spec_id`` (None if hidden or absent)."""
        shown = self._nodes.get(spec_id) or self._edges.get(spec_id)
        return None if shown is None or shown.hidden else shown.view_id

    @property
    def visible_nodes(self) -> list[str]:
        return [k for k, s in self._nodes.items() if not s.hidden]

    @property
    def visible_edges(self) -> list[str]:
        return [k for k, s in self._edges.items() if not s.hidden]

    @property
    def hidden_count(self) -> int:
        return sum(s.hidden for s in (*self._nodes.values(), *self._edges.values()))

    # ------------------------------------------------------------------ syncing

    def _fresh_id(self, kind: str, spec_id: str) -> str:
        self._generation += 1
        view_id = f"{kind}{self._generation}:{spec_id}"
        self._by_view[view_id] = spec_id
        return view_id

    def _position(self, spec_id: str) -> dict[str, float]:
        x, y = self.positions[spec_id]
        return {"x": x, "y": y}

    @staticmethod
    def _classes(spec: NodeSpec | EdgeSpec, hidden: bool = False) -> str:
        return " ".join((*spec.classes, GONE) if hidden else spec.classes)

    def _node_data(self, view_id: str, spec: NodeSpec) -> dict[str, Any]:
        return {"id": view_id, "key": spec.id, "label": spec.label, **dict(spec.data)}

    def _edge_data(self, view_id: str, spec: EdgeSpec) -> dict[str, Any]:
        return {
            "id": view_id,
            "key": spec.id,
            "source": self._nodes[spec.source].view_id,
            "target": self._nodes[spec.target].view_id,
            "text": spec.text,
            **dict(spec.data),
        }

    def sync(self, nodes: Sequence[NodeSpec], edges: Sequence[EdgeSpec]) -> SyncStats:
        """Make the widget show exactly ``nodes`` and ``edges``.

        New elements are appended, changed ones get new classes or data,
        vanished ones are hidden. Returns what was done.
        """
        stats = SyncStats()
        wanted_nodes = {n.id: n for n in nodes}
        wanted_edges = {e.id: e for e in edges}
        missing = [n.id for n in nodes if n.id not in self.positions]
        if missing:
            ring = circle_positions([n.id for n in nodes])
            for node_id in missing:
                self.positions[node_id] = ring[node_id]

        # Edges go first when hiding, last when adding (they need their nodes).
        for spec_id, shown in self._edges.items():
            if spec_id not in wanted_edges and not shown.hidden:
                self._hide(shown, stats)
        for spec_id, shown in self._nodes.items():
            if spec_id not in wanted_nodes and not shown.hidden:
                self._hide(shown, stats)

        new_nodes = []
        for spec in nodes:
            current = self._nodes.get(spec.id)
            if current is None or current.hidden:
                view_id = self._fresh_id("n", spec.id)
                element = ipycytoscape.Node(
                    data=self._node_data(view_id, spec),
                    classes=self._classes(spec),
                    position=self._position(spec.id),
                )
                self._nodes[spec.id] = _Shown(view_id, element, spec)
                # Edges hanging off a node that came back must be re-created too.
                for edge in self._edges.values():
                    if (
                        isinstance(edge.spec, EdgeSpec)
                        and spec.id
                        in (
                            edge.spec.source,
                            edge.spec.target,
                        )
                        and not edge.hidden
                    ):
                        self._hide(edge, stats)
                new_nodes.append(element)
                stats.added += 1
            elif current.spec != spec:
                self._restyle(current, spec, stats)
            else:
                stats.unchanged += 1
        if new_nodes:
            if self.fit_until_clicked and not self.fitting:
                # A new node must land in view: fit until the next click.
                self.fitting = True
                self.widget.set_layout(fit=True)
            self.widget.graph.add_nodes(new_nodes)

        new_edges = []
        for edge_spec in edges:
            existing = self._edges.get(edge_spec.id)
            if existing is None or existing.hidden:
                view_id = self._fresh_id("e", edge_spec.id)
                element = ipycytoscape.Edge(
                    data=self._edge_data(view_id, edge_spec), classes=self._classes(edge_spec)
                )
                self._edges[edge_spec.id] = _Shown(view_id, element, edge_spec)
                new_edges.append(element)
                stats.added += 1
            elif existing.spec != edge_spec:
                self._restyle(existing, edge_spec, stats)
            else:
                stats.unchanged += 1
        if new_edges:
            self.widget.graph.add_edges(new_edges, multiple_edges=True)
        if self.fitting and not (new_nodes or new_edges) and (stats.hidden or stats.changed):
            # Adding runs the (fitting) layout; hiding or restyling does not, and would
            # leave the view fitted to elements no longer drawn.
            self.widget.relayout()

        self.last = stats
        if self.hidden_count > self.compact_after:
            self.compact()
            self.last.rebuilt = True
        return self.last

    def _hide(self, shown: _Shown, stats: SyncStats) -> None:
        shown.hidden = True
        shown.element.classes = self._classes(shown.spec, hidden=True)
        stats.hidden += 1

    def _restyle(self, shown: _Shown, spec: NodeSpec | EdgeSpec, stats: SyncStats) -> None:
        if (
            isinstance(spec, EdgeSpec)
            and isinstance(shown.spec, EdgeSpec)
            and ((spec.source, spec.target) != (shown.spec.source, shown.spec.target))
        ):
            self._hide(shown, stats)  # an edge that moved is a new edge
            return
        classes = self._classes(spec)
        if shown.element.classes != classes:
            shown.element.classes = classes
        data = (
            self._node_data(shown.view_id, spec)
            if isinstance(spec, NodeSpec)
            else self._edge_data(shown.view_id, spec)
        )
        if dict(shown.element.data) != data:
            shown.element.data = data  # a whole new dict: in-place edits never sync
        shown.spec = spec
        stats.changed += 1

    def compact(self) -> None:
        """Rebuild the whole graph under fresh ids, dropping every hidden element."""
        nodes = [s.spec for s in self._nodes.values() if not s.hidden]
        edges = [s.spec for s in self._edges.values() if not s.hidden]
        self.widget.graph.clear()
        self._nodes.clear()
        self._edges.clear()
        self._by_view.clear()
        self.sync(
            [n for n in nodes if isinstance(n, NodeSpec)],
            [e for e in edges if isinstance(e, EdgeSpec)],
        )

    def place(self, positions: Mapping[str, tuple[float, float]]) -> int:
        """Move nodes to new positions in place (no re-add, so no re-layout of the rest).

        Positions of nodes not shown yet are kept for when they appear.
        Returns how many shown nodes were moved.
        """
        moved = 0
        for spec_id, (x, y) in positions.items():
            self.positions[spec_id] = (float(x), float(y))
            shown = self._nodes.get(spec_id)
            if shown is not None and not shown.hidden:
                shown.element.position = {"x": float(x), "y": float(y)}  # a whole new dict
                moved += 1
        return moved

    def restyle(self, style: Sequence[dict[str, Any]]) -> None:
        """Replace the stylesheet (the rule that hides deleted elements is kept)."""
        self.widget.set_style([*style, {"selector": f".{GONE}", "style": {"display": "none"}}])

    def fit(self) -> None:
        """Fit the whole graph into the view once (the map's Fit button).

        The preset layout runs with ``fit`` on and then, unless the view is still
        fitting until a first click, off again: the view is fitted now, and later
        changes to the element lists keep the user's zoom.
        """
        if self.fitting:
            self.widget.relayout()  # the layout already fits: run it once more
        else:
            self.widget.set_layout(fit=True)
            self.widget.set_layout(fit=False)

    def select(self, spec_id: str, css_class: str, on: bool) -> None:
        """Add or remove a transient class (e.g. the first node of a click-to-connect)."""
        shown = self._nodes.get(spec_id) or self._edges.get(spec_id)
        if shown is None or shown.hidden:
            return
        classes = [c for c in shown.element.classes.split() if c != css_class]
        if on:
            classes.append(css_class)
        shown.element.classes = " ".join(classes)
