"""The relationship map editor: the engine's characters and links on a clickable graph.

The graph model lives in the engine (:class:`~.IsolationGame`);
this panel maps its state to node and edge specs (:func:`.views.map_specs`) and lets
:class:`~isowidgets.widgets.graph.GraphView` bring the cytoscape widget in line.
After every committed action the map re-syncs from the state, so whatever changed
the map (a click here, a conflict's temporary links and cancellations, injury links,
a death's redistribution, an undo, a cell run by hand) shows at once, touching only
the elements that changed.

Editing is by clicks, since ipycytoscape draws no edges itself:

* click a character, then another: a small form asks for the colour and the label
  (a labeled link is permanent, an unlabeled one temporary) and adds it through
  the engine; click the first character again to let go of it;
* click a link: a form shows what it is and offers relabel (labeled links only)
  and delete.

The canvas is not the only way in: under it, behind **Links, pair by pair** (a
disclosure button, so the map's column stays short enough to keep in view beside the
conflict panel), :class:`~.links.LinkList` lists every link pair by pair in words and
edits them with the keyboard, through the same engine calls. Choosing a row there
highlights its link (or its pair) here, and a link clicked here is chosen there.

The forms open under the canvas's buttons, within the view, and take the keyboard
focus (the label box of a new link, the label of the link clicked); a relabel shows the
new label at once, and after a delete the focus goes back to the map's first button.

**Busy pairs.** A pair with more than ``busy_after`` links (4 by default) would
draw a fan of overlapping labels, so it is drawn as one thick line that says how
many links of each colour it holds (``5 links: 3 + · 2 ×``, green or red when all
its links are, grey when mixed). Clicking that line, or choosing the pair or one
of its links in the list, unfolds it: its links are drawn one by one, closer
together, until **Fold** or another pair is chosen. Folding only changes the
classes of elements already drawn (``iw-folded`` hides them), so nothing is
removed from the cytoscape widget (see :mod:`isowidgets.widgets.graph`).
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.isolation import IsolationGame, IsolationState, Origin
from ...rules.isolation.events import LinkAdded
from ..aria import AriaLabel
from ..common import Messages, Panel
from ..graph import FIT_PADDING, EdgeSpec, GraphView
from ..keep_in_view import KeepInView
from ..numbers import plural
from ..submit_button import SubmitButton
from ..submit_text import SubmitText
from ..toggle import PressToggle
from .links import LinkList, link_words, ordered_pairs, pair_count_text, pair_id, pair_of
from .views import (
    HEALTH_MARK,
    ellipse_positions,
    isolation_style,
    label_side,
    legend_html,
    map_specs,
    map_style,
    warnings_html,
)

__all__ = ["BUSY_AFTER", "RelationshipMap", "fold_busy_pairs", "fold_style", "place_counts"]

Pair = tuple[str, str]

# Events after which the map may look different; other actions (a roll, a note)
# leave every node and edge as it was, so the map skips its sync for them.
MAP_KINDS = frozenset(
    {
        "character_added",
        "character_updated",
        "character_removed",
        "health_changed",
        "link_added",
        "link_removed",
        "link_relabeled",
        "conflict_proposed",
        "factors_set",
        "hostile_declared",
        "stance_chosen",
        "downgraded",
        "conflict_resolved",
        "conflict_closed",
        "conflict_cancelled",
        "retcon",
        "settings_changed",
    }
)

WIDTH, HEIGHT = 760, 520
SHOWN_HEIGHT = 410
"""The canvas's height on the page: the ring is laid out in a WIDTH × HEIGHT box and the
drawing fitted into the canvas, which is kept short enough for the map's column (title,
canvas, buttons, a line of status) to stay in view beside the conflict panel at 1280×800."""
"""The map's size in pixels; node positions are laid out inside this box."""

BUSY_AFTER = 4
"""A pair with more links than this is drawn folded, as one summarising line."""

_GREEN, _RED, _MIXED = "#1b7837", "#b2182b", "#555555"


def fold_busy_pairs(
    state: IsolationState,
    edges: Sequence[EdgeSpec],
    *,
    busy_after: int = BUSY_AFTER,
    unfolded: Pair | None = None,
    highlight: Pair | None = None,
) -> list[EdgeSpec]:
    """The map's edges with every busy pair folded into one summarising edge.

    Args:
        state: the state the edges were built from (:func:`.views.map_specs`).
        edges: one edge per link.
        busy_after: a pair with more links than this is busy.
        unfolded: the busy pair drawn link by link (its summary is kept, hidden).
        highlight: a pair chosen as a whole (in the list): its links are marked
            ``chosen`` unless it is busy (it is unfolded then, which shows it well
            enough without tinting every link's colour).

    Returns:
        Every link's edge (a folded pair's carry ``iw-folded``, an unfolded busy
        pair's ``iw-unfolded``), then one summary edge per busy pair, whose id is
        :func:`~.links.pair_id`. A summary is ``pair-counted`` (thicker) or
        ``fresh`` when one of its links is counted or fresh, so a folded pair still
        shows that it gives dice or just changed.
    """
    by_id = {edge.id: edge for edge in edges}
    marks: dict[str, tuple[str, ...]] = {}
    summaries = []
    for pair, links in ordered_pairs(state):
        if len(links) <= busy_after:
            if pair == highlight:  # a busy pair is unfolded instead: enough to find it
                for link in links:
                    marks[link.id] = ("chosen",)
            continue
        folded = pair != unfolded
        for link in links:
            marks[link.id] = (*marks.get(link.id, ()), "iw-folded" if folded else "iw-unfolded")
        specs = [by_id[x.id] for x in links if x.id in by_id]
        colours = {x.colour for x in links}
        colour = f"pair-{colours.pop()}" if len(colours) == 1 else "pair-mixed"
        classes = ["pair", colour]
        if any("counted" in s.classes for s in specs):
            classes.append("pair-counted")
        if any("fresh" in s.classes for s in specs):
            classes.append("fresh")
        if not folded:
            classes.append("iw-open")
        text = pair_count_text(links)
        summaries.append(
            EdgeSpec(
                pair_id(pair),
                pair[0],
                pair[1],
                text,
                tuple(classes),
                (("glyph", text), ("colour", colour), ("links", len(links))),
            )
        )
    out = [
        replace(edge, classes=(*edge.classes, *marks[edge.id])) if edge.id in marks else edge
        for edge in edges
    ]
    return out + summaries


_NODE_RIM = 22.0
"""A node's radius plus half its border: where an edge's line starts (model pixels)."""

_COUNT_SPOTS = (0.5, 0.36, 0.64, 0.26, 0.74)
"""Where along its line a count may be written, as a share of the line: the middle first."""


def _count_box(text: str) -> tuple[float, float]:
    """A count label's width and height in model pixels (12 px bold, with its padding)."""
    return 7.0 * len(text) + 12.0, 22.0


def _boxes_overlap(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]) -> bool:
    """Whether two convex quadrilaterals (corner lists) overlap: a separating-axis test."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            ra = [x * nx + y * ny for x, y in a]
            rb = [x * nx + y * ny for x, y in b]
            if max(ra) <= min(rb) or max(rb) <= min(ra):
                return False
    return True


def place_counts(
    edges: Sequence[EdgeSpec], positions: Mapping[str, tuple[float, float]], *, gap: float = 4.0
) -> list[EdgeSpec]:
    """Give every shown summary a spot along its line where its count overlaps no other count.

    Summaries are straight lines, so two that cross near their middles would write
    their counts on top of each other (the motel's Dana–Mia and Hank–Victor do).
    Each count goes to the middle of its line if that is free, else to the first
    free spot of ``_COUNT_SPOTS`` that keeps it off both nodes; a line with no
    free spot keeps the middle. The spot is sent as ``data.offset``: how far from
    the source node's rim the count is written (cytoscape's ``source-text-offset``).

    Args:
        edges: the map's edges (summaries are those with the ``pair`` class).
        positions: every node's position, in the cytoscape model's pixels.
        gap: pixels kept between two counts.
    """
    placed: list[list[tuple[float, float]]] = []
    out = []
    for edge in edges:
        if "pair" not in edge.classes or "iw-open" in edge.classes:
            out.append(edge)
            continue
        (sx, sy), (tx, ty) = positions[edge.source], positions[edge.target]
        length = math.hypot(tx - sx, ty - sy)
        inner = max(length - 2 * _NODE_RIM, 0.0)
        ux, uy = ((tx - sx) / length, (ty - sy) / length) if length else (1.0, 0.0)
        width, height = _count_box(edge.text)
        w, h = width / 2 + gap / 2, height / 2 + gap / 2
        spot = inner / 2
        for share in _COUNT_SPOTS:
            offset = inner * share
            if offset - width / 2 < gap or offset + width / 2 > inner - gap:
                continue  # the count would cover a node
            cx, cy = sx + ux * (_NODE_RIM + offset), sy + uy * (_NODE_RIM + offset)
            corners = [
                (cx + dx * ux - dy * uy, cy + dx * uy + dy * ux)
                for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))
            ]
            if not any(_boxes_overlap(corners, other) for other in placed):
                spot = offset
                placed.append(corners)
                break
        data = (*(kv for kv in edge.data if kv[0] != "offset"), ("offset", round(spot, 1)))
        out.append(replace(edge, data=data))
    return out


def fold_style() -> list[dict[str, Any]]:
    """The stylesheet rules for folded pairs, added after :func:`.views.map_style`'s.

    A summary is a straight line (outside the fan of its pair's curved links),
    thick, with its counts always drawn, even with link labels off, at the spot
    :func:`place_counts` chose. Every
    selector names one class: cytoscape.js 3.21 matched no element with a
    selector of two classes such as ``edge.pair.iw-open`` in the browser.
    """
    return [
        {"selector": "edge.iw-folded", "style": {"display": "none"}},
        {
            "selector": "edge.iw-unfolded",
            "style": {"control-point-step-size": 30, "text-max-width": "150px"},
        },
        {
            "selector": "edge.pair",
            "style": {
                "curve-style": "straight",
                "width": 8,
                "line-style": "solid",
                "line-color": _MIXED,
                "color": "#222222",
                # The count is written at its own spot on the line (see place_counts).
                "label": "",
                "source-label": "data(text)",
                "source-text-offset": "data(offset)",
                "source-text-rotation": "autorotate",
                "text-wrap": "none",
                "font-size": 12,
                "font-weight": "bold",
                "text-rotation": "autorotate",
                "text-background-color": "#ffffff",
                "text-background-opacity": 1,
                "text-background-padding": "3px",
                "text-background-shape": "roundrectangle",
                "text-border-width": 1,
                "text-border-color": "#555555",
                "text-border-opacity": 1,
                "text-events": "yes",
                "source-arrow-shape": "none",
                "target-arrow-shape": "none",
                "min-zoomed-font-size": 0,
            },
        },
        {"selector": "edge.pair-green", "style": {"line-color": _GREEN, "color": _GREEN}},
        {"selector": "edge.pair-red", "style": {"line-color": _RED, "color": _RED}},
        {"selector": "edge.pair-counted", "style": {"width": 12}},
        {"selector": "edge.iw-open", "style": {"display": "none"}},
    ]


class RelationshipMap(Panel):
    """The relationship map of one game, edited by clicks, re-synced after every action.

    Args:
        game: the game whose map is shown.
        css_class: the class of the cytoscape widget (browser tests find it by this).
        labels: show link labels (``None``: only while the map has at most 80 links).
        on_select: called with a character id when a character is clicked.
        compact_after: rebuild the graph once this many deleted elements are kept
            hidden (see :class:`~isowidgets.widgets.graph.GraphView`); also settable
            later as ``map.view.compact_after``.
        busy_after: a pair with more links than this is drawn folded into one line.

    Attributes:
        link_list: the :class:`~.links.LinkList` under the canvas (the map in words,
            and its keyboard editor).
        unfolded: the busy pair drawn link by link (None: every busy pair is folded).
        canvas_name: gives the canvas ``role="img"`` and a name that says what it
            shows and that the list under it names every link.
        keep_in_view: refits the drawing when its box shrinks under part of it (the
            window narrowed, the side-by-side layout began), so it is never cut off.
    """

    game: IsolationGame

    def __init__(
        self,
        game: IsolationGame,
        *,
        css_class: str = "iw-map",
        labels: bool | None = None,
        on_select: Callable[[str], None] | None = None,
        compact_after: int = 150,
        busy_after: int = BUSY_AFTER,
    ) -> None:
        self.messages = Messages()
        self.busy_after = busy_after
        self.unfolded: Pair | None = None
        self.highlight: Pair | None = None
        """A pair chosen as a whole in the list: its links are highlighted."""
        self.listed = False
        """Whether the chosen link was chosen in the list (no canvas form is open)."""
        self.on_select = on_select
        self.first: str | None = None
        """The character picked as a new link's first end."""
        self.pair: tuple[str, str] | None = None
        """The two characters a new link will join, while the form is open."""
        self.chosen_link: str | None = None
        """The link picked for relabeling or deleting."""
        self.note = ""
        """What the latest edit on the map did (HTML), shown in the status until the next click."""
        show_labels = labels if labels is not None else len(game.state.links) <= 80
        self.label_width = 170 if len(game.state.links) <= 12 else 110
        self.view = GraphView(
            style=[*map_style(labels=show_labels, label_width=self.label_width), *fold_style()],
            on_node_click=self.messages.handler(self._node_clicked, clear=False),
            on_edge_click=self.messages.handler(self._edge_clicked, clear=False),
            css_class=css_class,
            compact_after=compact_after,
        )
        self.view.widget.layout = widgets.Layout(
            width=f"{WIDTH}px",
            max_width="100%",
            height=f"{SHOWN_HEIGHT}px",
            border="1px solid #ccc",
        )
        self.sides: dict[str, str] = {}
        self.fresh: set[str] = set()
        """Links the latest map-changing action added (highlighted)."""

        # toolbar
        self.fit_button = widgets.Button(description="Fit", icon="arrows-alt", tooltip="fit")
        self.fit_button.add_class("iw-map-fit")
        self.arrange_button = widgets.Button(
            description="Arrange", icon="circle-o", tooltip="put every character back on the ring"
        )
        self.arrange_button.add_class("iw-map-arrange")
        self.labels_box = widgets.Checkbox(
            value=show_labels, description="link labels", indent=False
        )
        self.labels_box.add_class("iw-map-labels")
        self.fold_button = widgets.Button(
            description="Fold",
            icon="compress",
            tooltip="draw the unfolded busy pair as one line again",
            disabled=True,
        )
        self.fold_button.add_class("iw-map-fold")
        self.status = widgets.HTML()
        self.status.add_class("iw-map-status")
        self.title = widgets.HTML()
        self.title.add_class("iw-map-title")

        # the new-link form
        # A list showing the chosen colour in words and glyph, not buttons told apart by shade.
        self.colour = widgets.Dropdown(
            options=[
                ("+ green (a reason to like)", "green"),
                ("× red (a reason to dislike)", "red"),
            ],
            value="green",
            description="Colour",
            layout=widgets.Layout(width="auto"),
        )
        self.colour.add_class("iw-link-colour")
        self.labeled = widgets.Checkbox(value=True, description="labeled (permanent)", indent=False)
        self.labeled.add_class("iw-link-labeled")
        self.label = SubmitText(placeholder="label, e.g. Bonded over chess", description="Label")
        self.label.add_class("iw-link-label")
        self.add_button = SubmitButton(
            description="Add link", button_style="primary", icon="plus", text=self.label
        )
        self.add_button.add_class("iw-link-add")
        self.cancel_button = widgets.Button(description="Cancel", icon="times")
        self.cancel_button.add_class("iw-link-cancel")
        self.connect_title = widgets.HTML()
        self.connect_form = widgets.VBox(
            [
                self.connect_title,
                self.colour,
                widgets.HBox([self.labeled, self.label]),
                widgets.HBox([self.add_button, self.cancel_button]),
            ],
            layout=widgets.Layout(display="none", border="1px solid #2166ac", padding="4px"),
        )
        self.connect_form.add_class("iw-connect")

        # the link editor
        self.link_title = widgets.HTML()
        self.link_title.add_class("iw-link-title")
        self.relabel_text = SubmitText(description="Label")
        self.relabel_text.add_class("iw-relabel-text")
        self.relabel_button = SubmitButton(
            description="Relabel", icon="pencil", text=self.relabel_text
        )
        self.relabel_button.add_class("iw-relabel")
        self.delete_button = widgets.Button(
            description="Delete link", button_style="danger", icon="trash"
        )
        self.delete_button.add_class("iw-link-delete")
        self.close_button = widgets.Button(description="Close", icon="times")
        self.close_button.add_class("iw-link-close")
        self.link_form = widgets.VBox(
            [
                self.link_title,
                widgets.HBox([self.relabel_text, self.relabel_button]),
                widgets.HBox([self.delete_button, self.close_button]),
            ],
            layout=widgets.Layout(display="none", border="1px solid #2166ac", padding="4px"),
        )
        self.link_form.add_class("iw-link-editor")

        self.warnings = widgets.HTML()
        self.warnings.add_class("iw-map-warnings")
        self.legend = widgets.HTML(legend_html() + _fold_legend(busy_after))

        on = functools.partial(self.messages.handler, clear=False)
        self.fit_button.on_click(on(lambda _b: self.view.fit()))
        self.arrange_button.on_click(on(lambda _b: self.arrange()))
        self.labels_box.observe(on(self._labels_changed), names=["value"])
        self.add_button.on_click(on(lambda _b: self.add_link()))
        self.label.on_submit(on(lambda _text: self.add_link()))
        self.relabel_text.on_submit(on(lambda _text: self.relabel()))
        self.cancel_button.on_click(on(lambda _b: self.release()))
        self.relabel_button.on_click(on(lambda _b: self.relabel()))
        self.delete_button.on_click(on(lambda _b: self.delete_link()))
        self.close_button.on_click(on(lambda _b: self._close_clicked()))
        self.fold_button.on_click(on(lambda _b: self.fold()))
        self.link_list = LinkList(game, on_select=on(self._listed))
        self.list_toggle = PressToggle(
            "Links, pair by pair",
            mode="expand",
            on_label="Hide the links, pair by pair",
            tooltip="every link in words, to read and edit with the keyboard",
        )
        self.list_toggle.add_class("iw-link-list-toggle")
        self.list_section = widgets.VBox([self.link_list, self.legend])
        self.list_section.add_class("iw-link-list-section")
        self.list_section.layout.display = "none"
        self.list_toggle.on_change(self._show_list)
        self.canvas_name = AriaLabel(selector=f".{css_class}", role="img")
        """Names the canvas for screen readers, and points them to the list."""
        self.keep_in_view = KeepInView(selector=f".{css_class}", padding=FIT_PADDING)

        for button in (self.fit_button, self.arrange_button, self.fold_button):
            button.layout.width = "auto"  # never cut to "Arran…" in a narrow column
        self.labels_box.layout.width = "auto"
        toolbar = widgets.HBox(
            [self.fit_button, self.arrange_button, self.fold_button, self.labels_box],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(
            game,
            [
                isolation_style(),
                self.title,
                self.view.widget,
                toolbar,
                self.connect_form,
                self.link_form,
                self.messages,
                self.status,
                self.warnings,
                self.list_toggle,
                self.list_section,
                self.canvas_name,
                self.keep_in_view,
            ],
        )
        self.add_class("iw-map-panel")
        self.arrange(move=False)
        self.sync()
        self.follow(self.messages.handler(self._on_actions, clear=False))

    # ------------------------------------------------------------------ syncing

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.state.characters}

    def arrange(self, *, move: bool = True) -> None:
        """Put every character on the ring, in the order they were added."""
        ids = [c.id for c in self.state.characters]
        positions = ellipse_positions(ids, width=WIDTH, height=HEIGHT)
        centre = (WIDTH / 2, HEIGHT / 2)
        self.sides = {cid: label_side(xy, centre) for cid, xy in positions.items()}
        if move:
            self.view.place(positions)
            self.sync()
        else:
            self.view.positions.update(positions)

    def _place_new(self) -> None:
        """Give characters who have no place yet a spot on the ring (others stay put)."""
        ids = [c.id for c in self.state.characters]
        missing = [cid for cid in ids if cid not in self.view.positions]
        if not missing:
            return
        ring = ellipse_positions(ids, width=WIDTH, height=HEIGHT)
        centre = (WIDTH / 2, HEIGHT / 2)
        for cid in missing:
            self.view.positions[cid] = ring[cid]
            self.sides[cid] = label_side(ring[cid], centre)

    def sync(self) -> None:
        """Bring the graph in line with the engine's state (only what changed is sent)."""
        state = self.state
        picked = [x for x in (self.pair or (self.first,)) if x is not None]
        if any(not _alive(state, x) for x in picked):
            # Removed (the sheet says so) or dead while a link was being drawn.
            self.first, self.pair = None, None
            self.connect_form.layout.display = "none"
            dead = [
                state.character(x).name
                for x in picked
                if state.has_character(x) and not state.character(x).alive
            ]
            if dead:
                self.messages.warning(
                    f"{HEALTH_MARK['Dead']} {' and '.join(dead)} died while picked: the dead "
                    "take no new links, so the new link was let go."
                )
        if self.chosen_link is not None and not any(x.id == self.chosen_link for x in state.links):
            self.release()
            return
        self._place_new()
        nodes, edges = map_specs(
            state,
            selected=self.first,
            chosen_link=self.chosen_link,
            sides=self.sides,
            fresh=self.fresh,
        )
        edges = fold_busy_pairs(
            state,
            edges,
            busy_after=self.busy_after,
            unfolded=self._unfolded_pair(),
            highlight=self.highlight,
        )
        edges = place_counts(edges, self.view.positions)
        self.view.sync(nodes, edges)
        self.fold_button.disabled = self._unfolded_pair() is None
        self.warnings.value = warnings_html(self.game.warnings())
        self._show_status()

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        if any(entry.kind in MAP_KINDS for entry in entries):
            self.fresh = {e.event.link.id for e in entries if isinstance(e.event, LinkAdded)}
            self.sync()

    def _labels_changed(self, change: dict[str, Any]) -> None:
        style = map_style(labels=bool(change["new"]), label_width=self.label_width)
        self.view.restyle([*style, *fold_style()])

    # ------------------------------------------------------------------ busy pairs

    def busy_pairs(self) -> list[Pair]:
        """The pairs with more than ``busy_after`` links (drawn folded unless unfolded)."""
        return [pair for pair, links in ordered_pairs(self.state) if len(links) > self.busy_after]

    def _unfolded_pair(self) -> Pair | None:
        """The busy pair drawn link by link: the one unfolded, else the chosen link's."""
        pair = self.unfolded
        if pair is None and self.chosen_link is not None:
            pair = next((x.pair for x in self.state.links if x.id == self.chosen_link), None)
        if pair is None or len(self.state.links_between(*pair)) <= self.busy_after:
            return None
        return pair

    def unfold(self, pair: Pair) -> None:
        """Draw a busy pair's links one by one (what a click on its summary line does)."""
        self.messages.clear()
        self.note = ""
        self.first, self.pair = None, None
        self.connect_form.layout.display = "none"
        self._close_link_form()
        self.unfolded = pair
        self.highlight = None
        self.link_list.select(pair_id(pair))
        self.sync()

    def fold(self) -> None:
        """Draw every busy pair as its one summarising line again."""
        self.unfolded = self.highlight = None
        if self.chosen_link is not None:
            self._close_link_form()
        self.link_list.select(None)  # the list lets go of the pair (or its link) too
        self.sync()

    def _listed(self, value: str | None) -> None:
        """A row chosen in the link list: highlight its link (or its pair) on the canvas."""
        self.messages.clear()
        self.note = ""
        self.first, self.pair = None, None
        self.connect_form.layout.display = "none"
        self.link_form.layout.display = "none"
        pair = pair_of(value)
        if value is None or pair is not None:
            self.chosen_link, self.listed = None, False
            self.unfolded = self.highlight = pair
        else:
            self.chosen_link, self.listed = value, True
            self.unfolded = self.highlight = None
        self.sync()

    # ------------------------------------------------------------------ clicks

    def _node_clicked(self, character_id: str) -> None:
        self.messages.clear()
        self.note = ""
        if self.on_select is not None:
            self.on_select(character_id)
        if self.chosen_link is not None or self.highlight is not None:
            self._close_link_form()
            self.highlight = None
            self.link_list.select(None)
        if not _alive(self.state, character_id):
            self._refuse_dead(character_id)
        elif self.first is None or self.pair is not None:
            self.pair = None
            self.connect_form.layout.display = "none"
            self.first = character_id
        elif self.first == character_id:
            self.first = None
        else:
            self.pair = (self.first, character_id)
            self._open_connect_form()
        self.sync()

    def _refuse_dead(self, character_id: str) -> None:
        """A click on a dead character: say why it starts (or ends) no link.

        Whatever was picked stays picked, so the table can click a living character
        next; the engine would refuse the link anyway (a dead character is no
        longer among the characters a link can join).
        """
        names = self._names()
        name = names[character_id]
        if self.pair is not None:
            a, b = (names[x] for x in self.pair)
            then = f"The new link between {a} and {b} is still open."
        elif self.first is not None:
            then = f"{names[self.first]} is still picked: click a living character to link them."
        else:
            then = "Click a living character to start a link."
        self.messages.warning(
            f"{HEALTH_MARK['Dead']} {name} is Dead: the dead take no new links. {then}"
        )

    def _edge_clicked(self, link_id: str) -> None:
        pair = pair_of(link_id)
        if pair is not None:  # a busy pair's summary line
            self.unfold(pair)
            return
        self.messages.clear()
        self.note = ""
        self.first, self.pair = None, None
        self.connect_form.layout.display = "none"
        self.chosen_link, self.listed, self.highlight = link_id, False, None
        self.link_list.select(link_id)
        link = self.state.link(link_id)
        self._show_link_title(link_id)
        self.relabel_text.value = link.label
        self.relabel_text.disabled = not link.labeled
        self.relabel_button.disabled = not link.labeled
        self.link_form.layout.display = ""
        self.sync()
        (self.relabel_text if link.labeled else self.delete_button).focus()

    def _show_link_title(self, link_id: str) -> None:
        """The link clicked, in words: who, the colour and the label, where it came from."""
        link = self.state.link(link_id)
        names = self._names()
        a, b = (html.escape(names.get(x, x)) for x in link.pair)
        self.link_title.value = (
            f"<b>Link between {a} and {b}</b>: {html.escape(link_words(link, names))}"
        )

    def close(self) -> None:
        """Stop following the game, the link list included."""
        self.link_list.close()
        super().close()

    def _show_list(self, shown: bool) -> None:
        self.list_section.layout.display = None if shown else "none"

    def show_list(self, shown: bool = True) -> None:
        """Open (or close) **Links, pair by pair**, as its button does."""
        self.list_toggle.value = bool(shown)

    def pick(self, character_id: str) -> None:
        """Click a character from Python (what a click on its node does)."""
        self._node_clicked(character_id)

    def pick_link(self, link_id: str) -> None:
        """Click a link from Python (what a click on its edge does)."""
        self._edge_clicked(link_id)

    def _open_connect_form(self) -> None:
        assert self.pair is not None
        names = self._names()
        a, b = (html.escape(names.get(x, x)) for x in self.pair)
        existing = len(self.state.links_between(*self.pair))
        already = "no link yet" if not existing else plural(existing, "link") + " already"
        self.connect_title.value = f"<b>New link between {a} and {b}</b> <small>({already})</small>"
        self.connect_form.layout.display = ""
        (self.label if self.labeled.value else self.colour).focus()

    def _close_link_form(self) -> None:
        self.chosen_link, self.listed = None, False
        self.link_form.layout.display = "none"

    def release(self) -> None:
        """Let go of any picked character or link and close the forms."""
        self.first, self.pair = None, None
        self.connect_form.layout.display = "none"
        self._close_link_form()
        self.highlight = None
        self.sync()

    def _close_clicked(self) -> None:
        """The link form's Close: let go of the link here and in the list."""
        self.link_list.select(None)
        self.release()

    # ------------------------------------------------------------------ engine calls

    def add_link(self) -> list[str]:
        """Add the link the form describes between the two picked characters."""
        if self.pair is None:
            self.messages.error("pick two characters on the map first: click one, then another")
            return []
        a, b = self.pair
        label = self.label.value.strip() if self.labeled.value else ""
        if self.labeled.value and not label:
            self.messages.error(
                "type the label (what the link is about), or untick “labeled” for a temporary link"
            )
            return []
        # Ask for what the form says: a labeled link is permanent (origin "session").
        origin: Origin | None = "session" if self.labeled.value else None
        self.messages.clear()  # a new request: a refusal shows alone
        added = self.game.add_link(a, b, self.colour.value, label, origin=origin, why="map editor")
        self.label.value = ""
        self.first, self.pair = None, None
        self.connect_form.layout.display = "none"
        names = self._names()
        between = f"<b>{html.escape(names[a])}</b> and <b>{html.escape(names[b])}</b>"
        if added:
            link = self.state.link(added[-1])
            self.note = f"Added a link between {between}: {html.escape(link_words(link, names))}."
        else:
            self.note = f"No link added between {between}."
            self.messages.info("the new link cancelled an unlabeled link of the other colour")
        self.sync()
        return added

    def relabel(self) -> None:
        """Give the chosen link the label typed (Enter in its box, or **Relabel**); the
        editor shows the new label at once, ready for another change."""
        if self.chosen_link is None:
            return
        link_id = self.chosen_link
        self.messages.clear()
        self.game.relabel_link(link_id, self.relabel_text.value)
        self.relabel_text.value = self.state.link(link_id).label
        self._show_link_title(link_id)  # the editor says the new label at once

    def delete_link(self) -> None:
        """Delete the chosen link; the keyboard goes back to the map's first button."""
        if self.chosen_link is None:
            return
        link_id = self.chosen_link
        names = self._names()
        link = self.state.link(link_id)
        what = f"the link between {names.get(link.a, link.a)} and {names.get(link.b, link.b)}"
        words = link_words(link, names)
        self.messages.clear()
        self.game.remove_link(link_id, "deleted on the map")
        self.messages.info(f"Deleted {what}: {words}")
        self.fit_button.focus()

    # ------------------------------------------------------------------ status

    def _show_status(self) -> None:
        state = self.state
        names = self._names()
        if self.pair is not None:
            a, b = (html.escape(state.character(x).name) for x in self.pair)
            text = (
                f"New link between <b>{a}</b> and <b>{b}</b>: choose the colour and label, "
                "then <b>Add link</b>."
            )
        elif self.first is not None:
            character = state.character(self.first)
            text = (
                f"<b>{html.escape(character.name)}</b> picked "
                f"({HEALTH_MARK[character.health]} {character.health}, "
                f"{html.escape(character.profession)}): click another character to link them, "
                "or the same one again to let go."
            )
        elif self.chosen_link is not None and self.listed:
            link = state.link(self.chosen_link)
            words = html.escape(link_words(link, names))
            a, b = (html.escape(names.get(x, x)) for x in link.pair)
            text = (
                f"The link chosen in the list is highlighted: {words} between <b>{a}</b> and "
                f"<b>{b}</b>. Relabel or delete it under the list."
            )
        elif self.chosen_link is not None:
            text = "Relabel or delete the chosen link, or click elsewhere on the map."
        elif self._unfolded_pair() is not None:
            a, b = (html.escape(names.get(x, x)) for x in self._unfolded_pair() or ())
            text = (
                f"The links between <b>{a}</b> and <b>{b}</b> are unfolded: click one (or choose "
                "it in the list) to relabel or delete it, or <b>Fold</b> to draw them as one "
                "line again."
            )
        elif self.highlight is not None:
            a, b = (html.escape(names.get(x, x)) for x in self.highlight)
            text = (
                f"The links between <b>{a}</b> and <b>{b}</b> are highlighted; choose one in "
                "the list to relabel or delete it."
            )
        else:
            text = (
                "Click a character, then another, to add a link; click a link to relabel or "
                "delete it."
            )
            if self.note:
                text = f"{self.note}<br>{text}"
        living = sum(1 for c in state.characters if c.alive)
        counts = (
            f"{len(state.characters)} characters ({living} living), {len(state.links)} links "
            f"over {sum(1 for _ in state.pairs())} pairs"
        )
        busy = self.busy_pairs()
        if busy:
            folded = len(busy) - (self._unfolded_pair() is not None)
            counts += (
                f"; {len(busy)} busy pair{'s' if len(busy) > 1 else ''} (more than "
                f"{self.busy_after} links), {folded} drawn folded as one line"
            )
        self.status.value = f'<div class="iw-status"><small>{text}</small></div>'
        self.title.value = (
            f'<div class="iw-title">Relationship map <small class="iw-map-counts">· {counts}'
            "</small></div>"
        )
        self.canvas_name.label = (
            f"Relationship map, a drawing: {counts}. Every link is listed in words under "
            "it, behind the button Links, pair by pair."
        )


def _fold_legend(busy_after: int) -> str:
    """The legend's line for folded pairs (said once, under the map's own legend)."""
    return (
        '<div class="iw-legend"><b>Thick line with a count</b>, e.g. “5 links: 3 + · 2 ×”: '
        f"a busy pair (more than {busy_after} links) folded into one line, green or red "
        "when all its links are, grey when mixed; click it, or choose the pair in "
        "<i>Links, pair by pair</i>, to see each link. That list names every link in "
        "words and edits them with the keyboard.</div>"
    )


def _alive(state: IsolationState, character_id: str) -> bool:
    return state.has_character(character_id) and state.character(character_id).alive
