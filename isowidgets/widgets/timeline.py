"""The live timeline: a plotly FigureWidget whose traces grow in place.

What the browser does with each appended point decides how long a click takes, so
the :class:`Timeline` chooses its axes' ranges itself (in steps), sends an append
that changes no axis as a zero-length animation, and every change as one comm
message (see the class's docstring).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..journal import Entry
from .figure import figure_class

__all__ = ["Timeline", "entries_since"]

_QUICK_ANIMATION = {"transition": {"duration": 0}, "frame": {"duration": 0, "redraw": False}}
"""A zero-length ``Plotly.animate`` with no redraw afterwards: only the traces it names
are recomputed and drawn again; axes, titles, legend and the hover layer stay."""

_QUICK_PROPS = frozenset(
    {
        "x",
        "y",
        "text",
        "hovertext",
        "customdata",
        "marker.symbol",
        "marker.color",
        "marker.size",
        "marker.line.color",
        "marker.line.width",
    }
)
"""Trace properties a quick (animated) update may change: per-point data only."""

_CARTESIAN_TEMPLATE_KEYS = (
    "autotypenumbers",
    "colorway",
    "font",
    "hoverlabel",
    "hovermode",
    "paper_bgcolor",
    "plot_bgcolor",
    "title",
    "xaxis",
    "yaxis",
)


@functools.cache
def _lean_template() -> Any:
    """``plotly_white`` as it applies to cartesian scatter plots, and nothing more.

    The full template also carries defaults for 24 trace types, polar and ternary
    plots, 3-D scenes, maps and colour scales; the browser merges all of it on every
    update of every timeline. The plots look the same.
    """
    import plotly.graph_objects as go
    import plotly.io as pio

    white = pio.templates["plotly_white"].layout.to_plotly_json()
    return go.layout.Template(
        layout={key: white[key] for key in _CARTESIAN_TEMPLATE_KEYS if key in white}
    )


@functools.cache
def _live_figure_class() -> type:
    """A ``FigureWidget`` that sends each update or animation in one comm message.

    Stock FigureWidget sends three messages before the browser can draw: its two edit
    counters, one message each, then the command (and a fourth resets it to ``None``).
    Every message is a separate task in the browser, and a frame can be rendered
    between two of them. This subclass sends the counters with the command, in one
    message, and the reset after it. The messages' contents are plotly's own (see
    ``plotly/basewidget.py``; a unit test compares them with the stock widget's). It is
    the kit's figure (:func:`~.figure.figure_class`): plotly's front end reaches a page once.
    """

    class LiveFigureWidget(figure_class()):  # type: ignore[misc]
        # Traits of FigureWidget (annotations only: the traits themselves stay).
        _py2js_update: Any
        _py2js_animate: Any

        def _next_edit_ids(self) -> dict[str, int]:
            self._last_trace_edit_id += 1
            self._trace_edit_in_process = True
            self._last_layout_edit_id += 1
            self._layout_edit_in_process = True
            return {
                "trace_edit_id": self._last_trace_edit_id,
                "layout_edit_id": self._last_layout_edit_id,
            }

        def _send_update_msg(
            self,
            restyle_data: Any,
            relayout_data: Any,
            trace_indexes: Any = None,
            source_view_id: Any = None,
        ) -> None:
            with self.hold_sync():
                self._py2js_update = {
                    "style_data": restyle_data,
                    "layout_data": relayout_data,
                    "style_traces": self._normalize_trace_indexes(trace_indexes),
                    **self._next_edit_ids(),
                    "source_view_id": source_view_id,
                }
            self._py2js_update = None

        def _send_animate_msg(
            self, styles_data: Any, relayout_data: Any, trace_indexes: Any, animation_opts: Any
        ) -> None:
            with self.hold_sync():
                self._py2js_animate = {
                    "style_data": styles_data,
                    "layout_data": relayout_data,
                    "style_traces": self._normalize_trace_indexes(trace_indexes),
                    "animation_opts": animation_opts,
                    **self._next_edit_ids(),
                    "source_view_id": None,
                }
            self._py2js_animate = None

    return LiveFigureWidget


MODEBAR: dict[str, Any] = {
    "orientation": "v",
    "remove": [
        "zoom2d",
        "pan2d",
        "select2d",
        "lasso2d",
        "zoomIn2d",
        "zoomOut2d",
        "resetScale2d",
        "sendChartToCloud",  # plotly.js 4: "Share chart…", shown by default
        "sendDataToCloud",  # its name in plotly.js 2 and 3
    ],
}
"""The plots' tool bar (plotly's modebar, set through the layout): **Download plot as a
PNG** and **Autoscale** only. Plotly's full bar is eleven buttons and a link, every one
a Tab stop between the table's controls; a drag still zooms, Autoscale undoes it. Set
upright, at the plot's right edge, so it never covers a title. (Plotly's logo link is
hidden by the kit's stylesheet: the layout cannot remove it.)"""


def _nice_step(span: float, least: float) -> float:
    """The smallest 1, 2 or 5 × 10ⁿ that is at least ``least`` and an eighth of ``span``."""
    want = max(least, span / 8)
    magnitude = 10 ** math.floor(math.log10(want))
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= want:
            return float(factor * magnitude)
    return float(10 * magnitude)  # pragma: no cover - the loop always returns


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class Timeline:
    """A plotly FigureWidget whose traces grow in place, drawn at the cost of the new points.

    Points are appended to existing traces (no re-creation of the figure). What
    the browser does with an append decides how long a click takes, so:

    * **Axes do not autorange.** The ranges of the axes the timeline manages (those
      without a range of their own when the first point comes) are chosen here and
      grow in steps, so most appends leave every axis as it is.
    * **An append that only adds data is animated, not replotted.** :meth:`batch`
      sends it as a zero-length ``Plotly.animate`` without a redraw, which
      recomputes and draws only the traces that grew (about a third of the browser's
      time of a full ``Plotly.update``). Anything else (an axis that grows, a new or
      emptied trace, a style or layout change) goes as one ``Plotly.update``.
    * **One message per change**, counters included (see ``_live_figure_class``),
      and a template reduced to what a cartesian plot uses (``_lean_template``).

    * **A window keeps the cost of an append the same all session long.** With
      ``window``, the plot draws the latest ``window`` of the x axis (roll numbers,
      turns): once the points drawn span half a window more, the older ones leave the
      plot, every trace at once, in one update. Plotly sends and draws a trace's whole
      arrays on every change, so without a window an append costs more the longer the
      session (a dice tray's 10,000th roll took about 120 ms in the kernel alone).
      :attr:`oldest` says from which x on the plot shows the points.

    Marker symbols, not only colours, tell traces and point kinds apart.

    Args:
        title, x_title, y_title: the figure's and the axes' titles.
        height: the figure's height in pixels.
        css_class: the class given to the figure's element.
        step: the least step by which a managed axis grows (it grows by larger
            steps as the data spans more).
        window: the span of x the plot keeps drawing (``None``: every point). Points
            whose x is not a number are always kept.
    """

    def __init__(
        self,
        *,
        title: str,
        x_title: str,
        y_title: str,
        height: int = 320,
        css_class: str = "iw-plot",
        step: float = 5.0,
        window: float | None = None,
    ) -> None:
        if window is not None and not (_is_number(window) and window > 0):
            raise ValueError(f"window must be a positive number or None, got {window!r}")
        self.figure = _live_figure_class()(
            layout={
                "title": {"text": title},
                "height": height,
                "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
                "xaxis": {"title": {"text": x_title}},
                "yaxis": {"title": {"text": y_title}},
                "legend": {"orientation": "h", "y": -0.25},
                "template": _lean_template(),
                "modebar": MODEBAR,
            }
        )
        self.figure.add_class(css_class)
        self.step = step
        self._traces: dict[str, int] = {}
        # Per axis ("xaxis", "yaxis"): whether this timeline chooses its range, the
        # data's extent so far, and the range it last set.
        self._managed: dict[str, bool] = {}
        self._extent: dict[str, tuple[float, float]] = {}
        self._ranges: dict[str, tuple[float, float]] = {}
        self.window = window
        self.oldest: float | None = None
        """With a window: the least x (a number) of the points drawn, ``None`` before any."""
        self.slid = False
        """Whether older points have left the window (then the x axis no longer starts
        at 0, whatever its ``rangemode``)."""

    # ------------------------------------------------------------------ building

    def trace(
        self,
        name: str,
        *,
        mode: str = "lines+markers",
        symbol: str = "circle",
        dash: str = "solid",
        color: str | None = None,
    ) -> int:
        """The index of trace ``name``, created empty the first time."""
        if name not in self._traces:
            marker: dict[str, Any] = {"symbol": symbol, "size": 9}
            line: dict[str, Any] = {"dash": dash}
            if color:
                marker["color"] = color
                line["color"] = color
            self.figure.add_scatter(
                x=[],
                y=[],
                name=name,
                mode=mode,
                marker=marker,
                line=line,
                text=[],
                hovertemplate="%{text}<extra>%{fullData.name}</extra>",
            )
            self._traces[name] = len(self.figure.data) - 1
        return self._traces[name]

    def _index(self, trace: str | int) -> int:
        return trace if isinstance(trace, int) else self._traces[trace]

    def current(self, trace: str | int, prop: str) -> tuple[Any, ...]:
        """Array ``prop`` (``"x"``, ``"marker.symbol"``…) of a trace (name or index),
        including an edit still held by a :meth:`batch`."""
        index = self._index(trace)
        pending = self.figure._batch_trace_edits.get(index, {})
        value = pending[prop] if prop in pending else self.figure.data[index][prop]
        return tuple(value) if value is not None and not isinstance(value, str) else ()

    def assign(self, trace: str | int, prop: str, value: Any) -> None:
        """Set ``prop`` of a trace (name or index), also over an edit a :meth:`batch` holds.

        Use this rather than ``trace.x = ...`` inside a batch: plotly drops an
        assignment equal to the value the trace had *before* the batch, so emptying a
        trace and refilling it with the same points would leave it empty.
        """
        index = self._index(trace)
        pending = self.figure._batch_trace_edits.get(index)
        if pending is not None and prop in pending:
            del pending[prop]  # the new value replaces the held one
            if not pending:
                del self.figure._batch_trace_edits[index]
        self.figure.data[index][prop] = value

    def append(self, name: str, points: Sequence[tuple[Any, Any, str]], **style: Any) -> None:
        """Add ``(x, y, hover text)`` points to trace ``name``."""
        if not points:
            return
        index = self.trace(name, **style)
        with self.batch():
            if self.window is not None:
                points = self._slide(points)
                if not points:
                    return
            xs, ys, texts = zip(*points, strict=True)
            for prop, added in (("x", xs), ("y", ys), ("text", texts)):
                self.assign(index, prop, self.current(index, prop) + tuple(added))
            self._grow("xaxis", xs)
            self._grow("yaxis", ys)

    def reset(self, *, slid: bool = False) -> None:
        """Empty every trace (used after an undo, when history itself changed).

        Args:
            slid: the refill that follows leaves older points out (it draws only the
                latest window's): the title says so (:meth:`titled`), and the x axis
                starts where the points do.
        """
        with self.batch():
            for index in range(len(self.figure.data)):
                for prop in ("x", "y", "text"):
                    self.assign(index, prop, ())
        self._extent.clear()
        self.oldest = None
        self.slid = slid

    # ------------------------------------------------------------------ the window

    def titled(self, title: str, since: Callable[[int], str]) -> None:
        """Title the plot ``title`` or, once older points have left its window,
        ``since(n)`` with ``n`` the first x still drawn (``"Rolls this session, from roll
        201 on"``), so the window's span is said in words. Sent only when it changes."""
        oldest = self.oldest
        text = title if not self.slid or oldest is None else since(int(oldest))
        layout = self.figure.layout
        if layout.title.text != text:
            layout.title.text = text

    def _slide(self, points: Sequence[tuple[Any, Any, str]]) -> Sequence[tuple[Any, Any, str]]:
        """:meth:`slide` for ``points``; the new points it keeps."""
        start = self.slide([x for x, _y, _text in points])
        if start is None:
            return points
        return [p for p in points if not _is_number(p[0]) or p[0] >= start]

    def slide(self, xs: Sequence[Any]) -> float | None:
        """Move the window to take new points at ``xs`` (in the batch under way): when the
        points drawn would span more than half a window past it, cut every trace to the
        latest ``window`` of x. The least x that stays (new points below it are to be left
        out), or ``None`` when nothing was cut. For a plot that writes its traces itself
        (:meth:`append` calls it)."""
        if self.window is None:
            return None
        numbers = [float(x) for x in xs if _is_number(x)]
        if not numbers:
            return None
        low, newest = min(numbers), max(numbers)
        oldest = low if self.oldest is None else min(self.oldest, low)
        if newest - oldest <= self.window * 1.5:
            self.oldest = oldest
            return None
        start = newest - self.window
        self._cut(start)
        return start

    def _per_point(self, index: int, prop: str, length: int) -> list[Any] | None:
        """Trace ``index``'s array ``prop`` if it holds one value per point, else ``None``."""
        pending = self.figure._batch_trace_edits.get(index, {})
        value = pending[prop] if prop in pending else self.figure.data[index][prop]
        if isinstance(value, tuple | list) and len(value) == length:
            return list(value)
        return None

    def _cut(self, start: float) -> None:
        """Leave out every point whose x is a number below ``start``, from every trace,
        and choose the managed axes' ranges again for the points that stay."""
        kept_x: list[Any] = []
        kept_y: list[Any] = []
        for index in range(len(self.figure.data)):
            xs = self.current(index, "x")
            kept = [i for i, x in enumerate(xs) if not _is_number(x) or x >= start]
            if len(kept) == len(xs):
                kept_x += xs
                kept_y += self.current(index, "y")
                continue
            for prop in sorted(_QUICK_PROPS):
                values = self._per_point(index, prop, len(xs))
                if values is not None:
                    self.assign(index, prop, tuple(values[i] for i in kept))
            kept_x += self.current(index, "x")
            kept_y += self.current(index, "y")
        numbers = [float(x) for x in kept_x if _is_number(x)]
        self.oldest = min(numbers) if numbers else start
        self.slid = True
        self._extent.clear()
        if kept_x:
            self._grow("xaxis", kept_x)
        if kept_y:
            self._grow("yaxis", kept_y)

    def keep_state(self) -> None:
        """Copy the figure as it is now into the widget's synced state.

        A timeline grows by messages, which only a view that exists receives; a new
        view is drawn from the widget's state, which plotly fills only when a figure is
        displayed by itself (not inside a box). Voila runs a page's cells before any
        browser is connected, so the stream page calls this after each change: a view
        created later starts from the figure as it is. Nothing is sent to views that
        exist (they have had every message).
        """
        figure = self.figure
        figure._widget_layout = copy.deepcopy(figure._layout_obj._props)
        figure._widget_data = copy.deepcopy(figure._data)

    def points(self, name: str) -> int:
        """How many points trace ``name`` has (0 if it does not exist)."""
        if name not in self._traces:
            return 0
        return len(self.current(self._traces[name], "x"))

    # ------------------------------------------------------------------ axes

    def _grow(self, axis_name: str, values: Sequence[Any]) -> None:
        """Keep a managed axis's range around every value, growing it in steps."""
        axis = self.figure.layout[axis_name]
        numbers = [float(v) for v in values if _is_number(v)]
        if axis_name not in self._managed:
            self._managed[axis_name] = (
                self._layout(axis_name, "range") is None
                and axis.type in (None, "-", "linear")
                and len(numbers) == len(values)
            )
        if not self._managed[axis_name] or not numbers:
            return
        low, high = min(numbers), max(numbers)
        if axis.rangemode == "tozero" and not (axis_name == "xaxis" and self.slid):
            low, high = min(low, 0.0), max(high, 0.0)
        if axis_name in self._extent:
            low = min(low, self._extent[axis_name][0])
            high = max(high, self._extent[axis_name][1])
        self._extent[axis_name] = (low, high)
        step = _nice_step(high - low, self.step)
        start, end = step * math.floor(low / step), step * (math.floor(high / step) + 1)
        pad = (end - start) * 0.04
        wanted = (start - pad, end + pad)
        # Read through a batch: a refill (after an undo) sets the range many times in one
        # batch, and the figure would still report the range from before the batch.
        shown_range = self._layout(axis_name, "range")
        shown = tuple(shown_range) if shown_range is not None else None
        autorange = self._layout(axis_name, "autorange")
        if shown == wanted:
            return
        # A range the user chose (a zoom) is left alone until they reset the axes.
        if shown is not None and shown != self._ranges.get(axis_name) and not autorange:
            return
        if autorange:
            self._set_layout(axis_name, "autorange", False)
        self._set_layout(axis_name, "range", wanted)
        self._ranges[axis_name] = wanted

    def _layout(self, axis_name: str, prop: str) -> Any:
        """Layout property ``prop`` of ``axis_name`` as it will be drawn: the value a
        :meth:`batch` holds, else the figure's."""
        pending = self.figure._batch_layout_edits
        key = f"{axis_name}.{prop}"
        if key in pending:
            return pending[key]
        return self.figure.layout[axis_name][prop]

    def _set_layout(self, axis_name: str, prop: str, value: Any) -> None:
        """Set ``prop`` of ``axis_name``, also over a value a :meth:`batch` holds.

        Like :meth:`assign` for traces: plotly drops an assignment equal to the value
        from *before* the batch, so a refill that sets a range to something else and
        then back would otherwise leave the something else.
        """
        pending = self.figure._batch_layout_edits
        pending.pop(f"{axis_name}.{prop}", None)
        self.figure.layout[axis_name][prop] = value

    def _axis_is_fixed(self, axis_id: str, values: Sequence[Any]) -> bool:
        """Whether drawing ``values`` on ``axis_id`` can leave the axis as it is drawn."""
        axis = self.figure.layout[f"{axis_id[0]}axis{axis_id[1:]}"]
        if axis.range is None or axis.autorange not in (None, False):
            return False
        if axis.type == "category" or any(isinstance(v, str) for v in values):
            # New categories would need new tick labels: only known ones are quick.
            known = set(axis.categoryarray or ())
            return axis.categoryorder == "array" and all(v in known for v in values)
        return axis.type in (None, "-", "linear") and all(_is_number(v) for v in values)

    def _quick(self, before: Sequence[int]) -> bool:
        """Whether the held edits only add data that the drawn axes already show."""
        figure = self.figure
        if figure._batch_layout_edits or not figure._batch_trace_edits:
            return False
        # An empty trace is drawn by an animation too, but the legend, which an
        # animation leaves alone, would go on leaving it out.
        empty_is_quick = figure.layout.showlegend is False
        for index, edits in figure._batch_trace_edits.items():
            if index >= len(before) or not set(edits) <= _QUICK_PROPS:
                return False  # a new trace, or a change of style
            if before[index] == 0 and not empty_is_quick:
                return False  # a trace the legend does not list yet
            trace = figure.data[index]
            if trace.type != "scatter" or len(self.current(index, "x")) < before[index]:
                return False
            for letter in ("x", "y"):
                axis_id = trace[f"{letter}axis"] or letter
                if not self._axis_is_fixed(axis_id, self.current(index, letter)):
                    return False
        return True

    @contextlib.contextmanager
    def batch(self) -> Iterator[Any]:
        """Hold every change to the ``figure`` and send them as one message on exit.

        Use it instead of ``figure.batch_update()``. Changes that only add points to
        traces already drawn, on axes with fixed ranges (and, for a category axis, a
        ``categoryarray`` that holds every value), are sent as a zero-length animation
        without a redraw; anything else as one ``Plotly.update``. Nested batches send
        nothing: the outermost one sends everything.
        """
        figure = self.figure
        if figure._in_batch_mode:
            yield figure
            return
        before = [len(trace.x or ()) for trace in figure.data]
        figure._in_batch_mode = True
        try:
            yield figure
        finally:
            figure._in_batch_mode = False
            if self._quick(before):
                figure._perform_batch_animate(_QUICK_ANIMATION)
            else:
                with figure.batch_update():
                    pass  # sends the held edits, as leaving batch_update always does


def entries_since(entries: Sequence[Entry], kinds: set[str]) -> list[Entry]:
    """The entries of the given kinds (helper for listeners)."""
    return [e for e in entries if e.kind in kinds]
