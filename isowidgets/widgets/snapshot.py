"""A board's widgets as static HTML that shows with no kernel: a page a recap can keep.

A stream board (:class:`~isowidgets.widgets.stream_board.StreamBoard`) is a tree of
ipywidgets drawn from a catch: HTML (tracks, lists), boxes, a relationship map
(ipycytoscape) and charts (plotly). :func:`snapshot` writes the tree as it stands as
one piece of HTML: HTML widgets as they are, boxes as ``div`` elements with their
classes, a map as inline SVG (:func:`graph_svg`) and a chart as inline SVG
(:func:`figure_svg`). So a recap draws every system's board from the board itself,
with no drawing code per system, and the page needs no script and no network.

The SVG reads what the widgets hold: a map's nodes, edges, positions and the part of
its cytoscape stylesheet a map uses (shapes, fills, borders and their styles, line
colours and dashes, end markers, labels); a chart's traces (lines, markers with their
symbols, colours and dashes), axes, titles, lines drawn on it and its legend. Every
mark keeps its hover text as an SVG ``<title>``, and each drawing is an ``img`` named
by its ``aria-label``, so nothing is told by colour alone that was not told so on the
board.
"""

from __future__ import annotations

import html
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

__all__ = ["SNAPSHOT_CSS", "figure_svg", "graph_svg", "snapshot"]

SNAPSHOT_CSS = """
.iw-snap-hbox { display: flex; flex-direction: row; flex-wrap: wrap; gap: 0.5em;
  align-items: flex-start; }
.iw-snap-vbox { display: flex; flex-direction: column; gap: 0.3em; }
.iw-snap-box { display: flex; flex-direction: row; flex-wrap: wrap; gap: 0.5em; }
.iw-snap-svg { display: block; width: 100%; height: auto; max-width: 46em; }
.iw-snap-svg text { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif;
  stroke-linejoin: round; }
"""
"""The layout a snapshot's boxes and drawings need (a page adds it once)."""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _classes(widget: Any) -> list[str]:
    return [str(name) for name in getattr(widget, "_dom_classes", ())]


def _hidden(widget: Any) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (
        getattr(layout, "display", None) == "none"
        or getattr(layout, "visibility", None) == "hidden"
    )


_HEADING = re.compile(r"<(/?)h[1-6]\b", re.IGNORECASE)


def snapshot(widget: Any, *, label: str = "", headings: int | None = None) -> str:
    """``widget`` and everything in it as static HTML (see the module's docstring).

    Widgets that show nothing without a kernel (an invisible helper, an output area)
    are left out. ``label`` names a map or chart drawing for assistive technology when
    the widget itself does not; ``headings`` sets the level of every heading the
    widgets write (a board's ``h2`` sits under a page's own headings).
    """
    if widget is None or _hidden(widget):
        return ""
    classes = " ".join(_e(name) for name in _classes(widget))
    if _is_cytoscape(widget):
        return graph_svg(widget, label=label)
    if _is_figure(widget):
        return figure_svg(widget, label=label)
    if isinstance(widget, widgets.HTML | widgets.HTMLMath):
        value = str(widget.value)
        if headings is not None:
            value = _HEADING.sub(lambda m: f"<{m.group(1)}h{min(max(headings, 1), 6)}", value)
        return f'<div class="{classes}">{value}</div>'
    if isinstance(widget, widgets.Label):
        return f'<div class="{classes}">{_e(widget.value)}</div>'
    if isinstance(widget, widgets.Box):
        kind = (
            "iw-snap-vbox"
            if isinstance(widget, widgets.VBox)
            else "iw-snap-hbox"
            if isinstance(widget, widgets.HBox)
            else "iw-snap-box"
        )
        inner = "".join(
            snapshot(child, label=label, headings=headings) for child in widget.children
        )
        return f'<div class="{kind} {classes}">{inner}</div>' if inner else ""
    return ""


def _is_cytoscape(widget: Any) -> bool:
    return type(widget).__name__ == "CytoscapeWidget" and hasattr(widget, "graph")


def _is_figure(widget: Any) -> bool:
    return hasattr(widget, "data") and hasattr(widget, "layout") and hasattr(widget, "to_dict")


# --------------------------------------------------------------------------- maps

_SELECTOR = re.compile(r"^(node|edge|\*)?((?:\.[\w-]+)*)$")


def _style_for(
    kind: str, classes: set[str], data: Mapping[str, Any], sheet: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The cytoscape style of one element: the rules whose simple selectors
    (``node``, ``edge.red``, ``.dead``) match it, in order, ``data(x)`` read from its data."""
    style: dict[str, Any] = {}
    for rule in sheet:
        for selector in str(rule.get("selector", "")).split(","):
            found = _SELECTOR.match(selector.strip())
            if found is None:
                continue
            element, names = found.group(1), found.group(2)
            if element not in (None, "*", kind):
                continue
            wanted = {name for name in names.split(".") if name}
            if wanted <= classes:
                style.update(rule.get("style", {}))
                break
    for key, value in list(style.items()):
        if isinstance(value, str) and value.startswith("data(") and value.endswith(")"):
            style[key] = data.get(value[5:-1], "")
    return style


def _number(value: Any, default: float) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.removesuffix("px"))
        except ValueError:
            return default
    return default


def _dash(style: str, width: float) -> str:
    if style == "dashed":
        return f' stroke-dasharray="{3 * width:.1f} {2 * width:.1f}"'
    if style == "dotted":
        return f' stroke-dasharray="{width:.1f} {1.5 * width:.1f}"'
    return ""


def _shape(shape: str, x: float, y: float, w: float, h: float, attrs: str) -> str:
    if shape in ("rectangle", "roundrectangle", "round-rectangle", "square"):
        return (
            f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
            f'height="{h:.1f}"{attrs}/>'
        )
    sides = {"triangle": 3, "diamond": 4, "pentagon": 5, "hexagon": 6, "octagon": 8}.get(shape)
    if sides:
        start = -math.pi / 2 if sides != 4 else 0.0
        start = math.pi / 6 if sides == 6 else start
        points = " ".join(
            f"{x + w / 2 * math.cos(start + 2 * math.pi * i / sides):.1f},"
            f"{y + h / 2 * math.sin(start + 2 * math.pi * i / sides):.1f}"
            for i in range(sides)
        )
        return f'<polygon points="{points}"{attrs}/>'
    return f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{w / 2:.1f}" ry="{h / 2:.1f}"{attrs}/>'


def _text(
    x: float, y: float, text: str, *, size: float, colour: str, anchor: str = "middle",
    weight: str = "normal", halo: bool = True, rotate: float | None = None,
) -> str:  # fmt: skip
    """Text at ``(x, y)``, its lines stacked; the font is the stylesheet's
    (:data:`SNAPSHOT_CSS`), so each text carries only what differs."""
    if not text:
        return ""
    turn = f' transform="rotate({rotate:.0f} {x:.1f} {y:.1f})"' if rotate is not None else ""
    lines = str(text).split("\n")
    body = (
        _e(lines[0])
        if len(lines) == 1
        else "".join(
            f'<tspan x="{x:.1f}" dy="{0 if i == 0 else size * 1.15:.1f}">{_e(line)}</tspan>'
            for i, line in enumerate(lines)
        )
    )
    extra = ' paint-order="stroke" stroke="#fff" stroke-width="3"' if halo else ""
    extra += "" if anchor == "start" else f' text-anchor="{anchor}"'
    extra += "" if weight == "normal" else f' font-weight="{_e(weight)}"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" fill="{_e(colour)}"{extra}{turn}>'
        f"{body}</text>"
    )


class _Bounds:
    """The box everything drawn so far takes, to size a drawing's view to it."""

    def __init__(self) -> None:
        self.low_x = self.low_y = math.inf
        self.high_x = self.high_y = -math.inf

    def add(self, x: float, y: float) -> None:
        self.low_x, self.high_x = min(self.low_x, x), max(self.high_x, x)
        self.low_y, self.high_y = min(self.low_y, y), max(self.high_y, y)

    def box(self, pad: float) -> tuple[float, float, float, float]:
        return (
            self.low_x - pad,
            self.low_y - pad,
            self.high_x - self.low_x + 2 * pad,
            self.high_y - self.low_y + 2 * pad,
        )


def _label(
    bounds: _Bounds, x: float, y: float, text: str, size: float, colour: str, anchor: str,
    weight: str = "normal", *, background: bool = True,
) -> str:  # fmt: skip
    """Text centred on ``y`` (lines stacked around it), on a white box when ``background``
    (as cytoscape's text background), its extent added to ``bounds``."""
    lines = str(text).split("\n")
    wide = max(len(line) for line in lines) * size * 0.6
    tall = len(lines) * size * 1.15
    left = {"middle": x - wide / 2, "end": x - wide, "start": x}[anchor]
    top = y - tall / 2
    bounds.add(left, top)
    bounds.add(left + wide, top + tall)
    box = (
        f'<rect x="{left - 2:.1f}" y="{top - 1:.1f}" width="{wide + 4:.1f}" '
        f'height="{tall + 2:.1f}" rx="3" fill="#ffffff" fill-opacity="0.85"/>'
        if background
        else ""
    )
    first = top + size * 0.9
    return box + _text(
        x, first, text, size=size, colour=colour, anchor=anchor, weight=weight, halo=not background
    )


def _marker(shape: str, x: float, y: float, angle: float, colour: str, width: float) -> str:
    """An edge's end marker (cytoscape's ``circle`` or ``tee``) at ``(x, y)``."""
    if shape == "circle":
        r = max(3.0, width * 1.3)
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{_e(colour)}"/>'
    if shape == "tee":
        half = max(5.0, width * 2.2)
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        return (
            f'<line x1="{x + nx:.1f}" y1="{y + ny:.1f}" x2="{x - nx:.1f}" y2="{y - ny:.1f}" '
            f'stroke="{_e(colour)}" stroke-width="{max(2.0, width):.1f}"/>'
        )
    return ""


def graph_svg(widget: Any, *, label: str = "") -> str:
    """An ipycytoscape graph as inline SVG: the nodes at their positions and the edges
    between them, drawn with the stylesheet's shapes, colours, dashes and labels;
    parallel edges fan out as a bezier curve-style does."""
    sheet = list(getattr(widget, "cytoscape_style", []) or [])
    nodes: dict[str, tuple[float, float, dict[str, Any], Any]] = {}
    for node in widget.graph.nodes:
        data = dict(node.data or {})
        classes = set(str(node.classes or "").split())
        style = _style_for("node", classes, data, sheet)
        if style.get("display") == "none":
            continue
        position = node.position or {}
        x, y = _number(position.get("x"), 0.0), _number(position.get("y"), 0.0)
        nodes[str(data.get("id"))] = (x, y, style, node)
    if not nodes:
        return ""
    edges = []
    for edge in widget.graph.edges:
        data = dict(edge.data or {})
        classes = set(str(edge.classes or "").split())
        style = _style_for("edge", classes, data, sheet)
        source, target = str(data.get("source")), str(data.get("target"))
        if style.get("display") == "none" or source not in nodes or target not in nodes:
            continue
        edges.append((source, target, style, data))
    # Parallel edges between one pair fan out, as cytoscape's bezier curve-style does.
    groups: dict[tuple[str, str], list[int]] = {}
    for index, (source, target, style, _data) in enumerate(edges):
        if style.get("curve-style", "bezier") != "straight":
            groups.setdefault(tuple(sorted((source, target))), []).append(index)  # type: ignore[arg-type]
    bend: dict[int, float] = {}
    for indexes in groups.values():
        count = len(indexes)
        for place, index in enumerate(indexes):
            step = _number(edges[index][2].get("control-point-step-size"), 40.0)
            bend[index] = (place - (count - 1) / 2) * step
    bounds = _Bounds()
    for x, y, style, _node in nodes.values():
        w, h = _number(style.get("width"), 30.0), _number(style.get("height"), 30.0)
        bounds.add(x - w / 2 - 8, y - h / 2 - 8)
        bounds.add(x + w / 2 + 8, y + h / 2 + 8)
    parts: list[str] = []
    labels: list[str] = []
    for index, (source, target, style, data) in enumerate(edges):
        sx, sy, _ss, _sn = nodes[source]
        tx, ty, _ts, _tn = nodes[target]
        colour = str(style.get("line-color", "#666"))
        line_width = _number(style.get("width"), 2.0)
        dash = _dash(str(style.get("line-style", "solid")), line_width)
        offset = bend.get(index, 0.0)
        length = math.hypot(tx - sx, ty - sy) or 1.0
        nx, ny = -(ty - sy) / length, (tx - sx) / length
        if (source, target) != tuple(sorted((source, target))):
            nx, ny = -nx, -ny  # the same side for both directions of a pair
        cx, cy = (sx + tx) / 2 + nx * offset * 2, (sy + ty) / 2 + ny * offset * 2
        mid_x, mid_y = (sx + 2 * cx + tx) / 4, (sy + 2 * cy + ty) / 4
        title = f"<title>{_e(data.get('text', ''))}</title>" if data.get("text") else ""
        parts.append(
            f'<path d="M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {tx:.1f},{ty:.1f}" fill="none" '
            f'stroke="{_e(colour)}" stroke-width="{line_width:.1f}"{dash}>{title}</path>'
        )
        rim = 22.0
        for end, (ex, ey), (fx, fy) in (
            ("source", (sx, sy), (cx, cy)),
            ("target", (tx, ty), (cx, cy)),
        ):
            shape = str(style.get(f"{end}-arrow-shape", "none"))
            if shape == "none":
                continue
            angle = math.atan2(fy - ey, fx - ex)
            px, py = ex + math.cos(angle) * rim, ey + math.sin(angle) * rim
            arrow = str(style.get(f"{end}-arrow-color", colour))
            parts.append(_marker(shape, px, py, angle, arrow, line_width))
        size = _number(style.get("font-size"), 10.0)
        text_colour = str(style.get("color", "#222"))
        text = str(style.get("label", "") or "")
        if text:
            labels.append(_label(bounds, mid_x, mid_y, text, size, text_colour, "middle"))
        source_text = str(style.get("source-label", "") or "")
        if source_text:
            along = _number(style.get("source-text-offset"), length / 2)
            ux, uy = (tx - sx) / length, (ty - sy) / length
            lx, ly = sx + ux * along, sy + uy * along
            weight = str(style.get("font-weight", "normal"))
            labels.append(_label(bounds, lx, ly, source_text, size, text_colour, "middle", weight))
    for node_id, (x, y, style, _node) in nodes.items():
        w, h = _number(style.get("width"), 30.0), _number(style.get("height"), 30.0)
        border = _number(style.get("border-width"), 1.0)
        border_style = str(style.get("border-style", "solid"))
        fill = str(style.get("background-color", "#eee"))
        stroke = str(style.get("border-color", "#333"))
        opacity = _number(style.get("opacity"), 1.0)
        attrs = (
            f' fill="{_e(fill)}" stroke="{_e(stroke)}" stroke-width="{border:.1f}"'
            f"{_dash(border_style, border)}" + (f' opacity="{opacity:.2f}"' if opacity < 1 else "")
        )
        shape = str(style.get("shape", "ellipse"))
        parts.append(_shape(shape, x, y, w, h, attrs))
        if border_style == "double":
            inner = f' fill="none" stroke="{_e(stroke)}" stroke-width="{border / 3:.1f}"'
            parts.append(_shape(shape, x, y, w - border * 1.6, h - border * 1.6, inner))
        text = str(style.get("label", "") or "")
        size = _number(style.get("font-size"), 12.0)
        colour = str(style.get("color", "#111"))
        valign = str(style.get("text-valign", "bottom"))
        halign = str(style.get("text-halign", "center"))
        rows = text.count("\n") + 1
        lx, ly, anchor = x, y + h / 2 + 4 + size * 1.15 * rows / 2, "middle"
        if valign == "top":
            ly = y - h / 2 - 4 - size * 1.15 * rows / 2
        elif valign == "center" and halign == "left":
            lx, ly, anchor = x - w / 2 - 6, y, "end"
        elif valign == "center" and halign == "right":
            lx, ly, anchor = x + w / 2 + 6, y, "start"
        labels.append(_label(bounds, lx, ly, text, size, colour, anchor, background=False))
        del node_id
    left, top, width, height = bounds.box(12.0)
    name = _e(label or "the map")
    return (
        f'<svg class="iw-snap-svg iw-snap-map" role="img" aria-label="{name}" '
        f'viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(parts)}{"".join(labels)}</svg>'
    )


# --------------------------------------------------------------------------- charts

_DRAWINGS = itertools.count(1)
"""Numbers the drawings of one process, so the marks each defines have ids no other
drawing on the same page uses."""

_COLOURS = (
    "#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692", "#b6e880",
)  # fmt: skip
"""Plotly's default colour sequence, for a trace that names no colour."""


def _nice(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values spanning ``low``…``high``."""
    span = high - low or 1.0
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(f * magnitude for f in (1, 2, 5, 10) if f * magnitude >= raw)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _symbol(symbol: str, x: float, y: float, size: float, colour: str) -> str:
    """A plotly marker symbol as SVG (the shapes the kit's charts use; others as circles)."""
    r = size / 2
    name = symbol.removesuffix("-open")
    hollow = symbol.endswith("-open")
    fill = "#ffffff" if hollow else colour
    attrs = f' fill="{_e(fill)}" stroke="{_e(colour)}" stroke-width="1.5"'
    if name == "square":
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:.1f}" height="{size:.1f}"{attrs}/>'
        )
    if name == "diamond":
        return (
            f'<polygon points="{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} '
            f'{x - r:.1f},{y:.1f}"{attrs}/>'
        )
    if name in ("triangle-up", "triangle-down"):
        flip = -1 if name == "triangle-up" else 1
        return (
            f'<polygon points="{x:.1f},{y + flip * r:.1f} {x + r:.1f},{y - flip * r:.1f} '
            f'{x - r:.1f},{y - flip * r:.1f}"{attrs}/>'
        )
    if name in ("x", "cross"):
        a = r * 0.8
        lines = (
            ((x - a, y - a, x + a, y + a), (x - a, y + a, x + a, y - a))
            if name == "x"
            else ((x - a, y, x + a, y), (x, y - a, x, y + a))
        )
        return "".join(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{_e(colour)}" stroke-width="2.5"/>'
            for x1, y1, x2, y2 in lines
        )
    if name in ("star", "pentagon", "hexagon"):
        points = []
        corners = {"star": 10, "pentagon": 5, "hexagon": 6}[name]
        for i in range(corners):
            radius = r if name != "star" or i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + 2 * math.pi * i / corners
            points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
        return f'<polygon points="{" ".join(points)}"{attrs}/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"{attrs}/>'


def _values(seq: Any) -> list[Any]:
    return list(seq) if seq is not None else []


def _at(spec: Any, *keys: str) -> Any:
    """What ``spec`` (a figure's properties as plain data, ``Figure.to_dict``) holds at
    ``keys``, ``None`` where nothing is set (as plotly's attributes read)."""
    for key in keys:
        if not isinstance(spec, dict):
            return None
        spec = spec.get(key)
    return spec


def _axis(layout: Any, name: str, values: Iterable[float]) -> tuple[float, float]:
    axis = layout.get(name) or {}
    chosen = axis.get("range")
    if chosen is not None and len(chosen) == 2:
        return float(chosen[0]), float(chosen[1])
    numbers = [float(v) for v in values]
    if not numbers:
        return 0.0, 1.0
    low, high = min(numbers), max(numbers)
    if axis.get("rangemode") == "tozero":
        low, high = min(low, 0.0), max(high, 0.0)
    if low == high:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.05
    return low - pad, high + pad


def figure_svg(figure: Any, *, label: str = "", width: int = 720) -> str:
    """A plotly figure of scatter traces as inline SVG: axes with their titles and ticks,
    each trace's line and markers (symbol, colour, dash), vertical or horizontal lines
    the layout draws, the title and a legend naming every trace with its symbol.

    The figure is read once as plain data (``to_dict``): each of plotly's attributes
    costs a walk of its properties, and a recap draws a chart at every beat."""
    spec = figure.to_dict()
    layout = spec.get("layout") or {}
    height = int(layout.get("height") or 360)
    margin = layout.get("margin") or {}
    ml, mr = int(margin.get("l") or 60), int(margin.get("r") or 20)
    mt, mb = int(margin.get("t") or 50), max(int(margin.get("b") or 50), 60)
    traces = [trace for trace in spec.get("data") or () if trace.get("type") == "scatter"]
    shown = [t for t in traces if len(_values(t.get("x")))]
    names = [str(t["name"]) for t in traces if t.get("name")]
    longest = max((len(name) for name in names), default=1)
    columns = max(1, min(4, int((width - 80) // (longest * 6.6 + 34))))
    legend_rows = (len(names) + columns - 1) // columns
    legend_height = 22 * legend_rows
    total_height = height + legend_height
    xs = [v for t in shown for v in _values(t.get("x")) if isinstance(v, int | float)]
    ys = [v for t in shown for v in _values(t.get("y")) if isinstance(v, int | float)]
    x0, x1 = _axis(layout, "xaxis", xs)
    y0, y1 = _axis(layout, "yaxis", ys)
    plot_w, plot_h = width - ml - mr, height - mt - mb

    def px(value: float) -> float:
        return ml + (value - x0) / ((x1 - x0) or 1) * plot_w

    def py(value: float) -> float:
        return mt + plot_h - (value - y0) / ((y1 - y0) or 1) * plot_h

    parts = [f'<rect x="0" y="0" width="{width}" height="{total_height}" fill="#ffffff"/>']
    for tick in _nice(y0, y1):
        y = py(tick)
        parts.append(f'<path d="M{ml} {y:.1f}H{ml + plot_w}" stroke="#e5e5e5"/>')
        parts.append(
            _text(ml - 6, y + 4, f"{tick:g}", size=11, colour="#333", anchor="end", halo=False)
        )
    for tick in _nice(x0, x1, 8):
        x = px(tick)
        parts.append(_text(x, mt + plot_h + 16, f"{tick:g}", size=11, colour="#333", halo=False))
    parts.append(
        f'<rect x="{ml}" y="{mt}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>'
    )
    for shape in layout.get("shapes") or ():
        if shape.get("type") != "line":
            continue
        on_x, on_y = shape.get("xref") in (None, "x"), shape.get("yref") in (None, "y")
        sx0 = px(float(shape["x0"])) if on_x else ml + float(shape["x0"]) * plot_w
        sx1 = px(float(shape["x1"])) if on_x else ml + float(shape["x1"]) * plot_w
        sy0 = py(float(shape["y0"])) if on_y else mt + plot_h - float(shape["y0"]) * plot_h
        sy1 = py(float(shape["y1"])) if on_y else mt + plot_h - float(shape["y1"]) * plot_h
        colour = _at(shape, "line", "color") or "#888"
        dashed = _at(shape, "line", "dash") in ("dot", "dash", "dashdot")
        dash = ' stroke-dasharray="2 3"' if dashed else ""
        parts.append(
            f'<line x1="{sx0:.1f}" y1="{sy0:.1f}" x2="{sx1:.1f}" y2="{sy1:.1f}" '
            f'stroke="{_e(colour)}" stroke-width="1.2"{dash}/>'
        )
    for note in layout.get("annotations") or ():
        nx, ny = note.get("x"), note.get("y")
        if nx is None or note.get("text") is None:
            continue
        ax = px(float(nx)) if note.get("xref") in (None, "x") else ml + float(nx) * plot_w
        ay = py(float(ny)) if note.get("yref") in (None, "y") else mt + plot_h - float(ny) * plot_h
        text = re.sub(r"<[^>]+>", "", str(note["text"]))
        parts.append(_text(ax, ay, text, size=11, colour="#333"))
    legend: list[tuple[str, str, str, str]] = []
    drawing = next(_DRAWINGS)
    marks: dict[tuple[str, str, float], str] = {}  # (symbol, colour, size) → the id defined
    defs: list[str] = []
    for index, trace in enumerate(traces):
        marker = trace.get("marker") or {}
        colour = marker.get("color") or _at(trace, "line", "color")
        colour = colour if isinstance(colour, str) else _COLOURS[index % len(_COLOURS)]
        mode = trace.get("mode") or "lines+markers"
        symbol = marker.get("symbol") if isinstance(marker.get("symbol"), str) else "circle"
        if trace.get("name"):
            legend.append((str(trace["name"]), str(colour), str(symbol), mode))
        points = [
            (float(x), float(y))
            for x, y in zip(_values(trace.get("x")), _values(trace.get("y")), strict=False)
            if isinstance(x, int | float) and isinstance(y, int | float)
        ]
        if not points:
            continue
        texts = _values(trace.get("text")) or [""] * len(points)
        if "lines" in mode and len(points) > 1:
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
            dashed = _at(trace, "line", "dash") in ("dash", "dot")
            dash = ' stroke-dasharray="6 4"' if dashed else ""
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{_e(colour)}" '
                f'stroke-width="2"{dash}/>'
            )
        if "markers" in mode:
            size = marker.get("size")
            size = float(size) if isinstance(size, int | float) else 8.0
            key = (str(symbol), str(colour), size)
            if key not in marks:  # each mark drawn once, then used at every point
                marks[key] = f"iw-mark-{drawing}-{len(marks)}"
                defs.append(f'<g id="{marks[key]}">{_symbol(key[0], 0, 0, size, key[1])}</g>')
            for (x, y), text in zip(points, texts, strict=False):
                mark = f'<use href="#{marks[key]}" x="{px(x):.1f}" y="{py(y):.1f}"/>'
                hover = re.sub(r"<br\s*/?>", "\n", str(text)) if text else ""
                parts.append(f"<g><title>{_e(hover)}</title>{mark}</g>" if hover else mark)
    title = _at(layout, "title", "text") or ""
    if title:
        parts.append(_text(width / 2, 24, title, size=15, colour="#111", weight="bold", halo=False))
    x_title = _at(layout, "xaxis", "title", "text") or ""
    y_title = _at(layout, "yaxis", "title", "text") or ""
    if x_title:
        parts.append(
            _text(ml + plot_w / 2, mt + plot_h + 36, x_title, size=12, colour="#222", halo=False)
        )
    if y_title:
        parts.append(
            _text(16, mt + plot_h / 2, y_title, size=12, colour="#222", halo=False, rotate=-90)
        )
    for index, (name, colour, symbol, mode) in enumerate(legend):
        row, column = divmod(index, columns)
        lx, ly = 40 + column * ((width - 60) / columns), height + 8 + row * 22
        if "markers" in mode:
            parts.append(_symbol(symbol, lx + 8, ly, 10, colour))
        else:
            parts.append(
                f'<line x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 16:.1f}" y2="{ly:.1f}" '
                f'stroke="{_e(colour)}" stroke-width="2"/>'
            )
        parts.append(
            _text(lx + 20, ly + 4, name, size=11, colour="#222", anchor="start", halo=False)
        )
    name = _e(label or title or "a chart")
    return (
        f'<svg class="iw-snap-svg iw-snap-chart" role="img" aria-label="{name}" '
        f'viewBox="0 0 {width} {total_height}" xmlns="http://www.w3.org/2000/svg">'
        f"<defs>{''.join(defs)}</defs>{''.join(parts)}</svg>"
    )
