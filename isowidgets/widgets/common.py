"""Pieces every panel shares: the kit's CSS, dice chips, the message area, the
error guard for callbacks, the session log table and the live timeline.

Design rules kept here once for every system:

* **Colour is never the only signal.** A green die is a rounded square marked
  ``+``; a red die is a circle marked ``×``; a die that counts (an even green,
  an odd red, a kept die) is filled and marked ``●``, one that does not is
  hollow and marked ``○``; an extra die from an explosion comes right after the
  die that exploded into it, starts with ``↳`` and sits in a dashed bracket with
  its parent, so a chain ``1 ↳1 ↳2`` reads left to right. Every chip also has a
  full-text tooltip and aria-label (with its place in roll order).
* **No silent tracebacks.** Every callback runs under :func:`guard`: the kit's
  errors become a message in the panel; anything else is shown too, as a bug.
* **The journal is the source.** Tables and timelines are built from the game's
  journal and then grow in place as actions are committed (no re-creation).
"""

from __future__ import annotations

import contextlib
import functools
import html
import math
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

import ipywidgets as widgets

from ..dice import PoolRoll, RolledDie
from ..errors import IsowidgetsError
from ..game import Game
from ..journal import Entry

__all__ = [
    "CSS",
    "DieColour",
    "JournalTable",
    "Messages",
    "Panel",
    "Timeline",
    "chain_order",
    "die_chip",
    "guard",
    "roll_chips",
    "set_options",
    "style",
]

DieColour = Literal["green", "red", "plain"]

CSS = """
<style>
.iw-panel { font-family: var(--jp-ui-font-family, sans-serif); }
.iw-title { font-weight: 600; font-size: 1.05em; margin: 2px 0 4px; }
.iw-dice { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 2px 0; }
.iw-die { display: inline-flex; align-items: center; justify-content: center; gap: 1px;
  min-width: 2.1em; height: 2.1em; padding: 0 3px; box-sizing: border-box;
  font-weight: 700; font-size: 0.95em; border: 2px solid #555; background: #fff; color: #222;
  position: relative; }
.iw-die .iw-glyph { font-size: 0.7em; font-weight: 400; opacity: 0.9; }
.iw-die .iw-mark { font-size: 0.65em; }
.iw-die--green { border-color: #1b7837; color: #1b7837; border-radius: 5px; }
.iw-die--red { border-color: #b2182b; color: #b2182b; border-radius: 50%; border-style: double;
  border-width: 4px; }
.iw-die--plain { border-color: #444; border-radius: 3px; }
.iw-die--counts.iw-die--green { background: #1b7837; color: #fff; }
.iw-die--counts.iw-die--red { background: #b2182b; color: #fff; }
.iw-die--counts.iw-die--plain { background: #333; color: #fff; }
.iw-die--extra { outline: 2px dotted #777; outline-offset: 1px; }
.iw-chain { display: inline-flex; align-items: center; gap: 3px; padding: 2px 3px;
  border: 1px dashed #888; border-radius: 4px; }
.iw-die--declined { opacity: 0.55; }
.iw-dice-label { font-size: 0.85em; color: #444; margin-right: 4px; }
.iw-msg { padding: 6px 8px; margin: 4px 0; border-left: 5px solid; font-size: 0.95em; }
.iw-msg--error { border-color: #b2182b; background: #fbeaea; }
.iw-msg--warning { border-color: #b35806; background: #fdf1e4; border-left-style: dashed; }
.iw-msg--info { border-color: #2166ac; background: #eaf1fb; border-left-style: dotted; }
.iw-log table { border-collapse: collapse; font-size: 0.85em; width: 100%; }
.iw-log th, .iw-log td { border-bottom: 1px solid #ddd; padding: 2px 6px; text-align: left;
  vertical-align: top; }
.iw-log tr.iw-void td { text-decoration: line-through; color: #888; }
.iw-badge { display: inline-block; padding: 0 6px; border-radius: 8px; border: 1px solid #888;
  font-size: 0.85em; margin-right: 4px; }
</style>
"""


def style() -> widgets.HTML:
    """A (hidden) widget carrying the kit's CSS; put one in every panel."""
    return widgets.HTML(CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden"))


# --------------------------------------------------------------------------- dice chips

_GLYPH = {"green": "+", "red": "×", "plain": ""}


def die_chip(
    face_text: str,
    *,
    colour: DieColour = "plain",
    counts: bool | None = None,
    parent: int | None = None,
    index: int | None = None,
    of: int | None = None,
    declined: bool = False,
    meaning: str = "",
) -> str:
    """The HTML of one die chip.

    Args:
        face_text: what the die shows.
        colour: the die's colour in the game (green, red, or plain).
        counts: whether the die counts for its owner (filled + ``●``),
            does not (hollow + ``○``), or ``None`` when the idea does not apply.
        parent: for an extra die from an explosion, the 1-based number of the
            die that exploded into it.
        index: the die's 1-based number in its pool's roll order (for the tooltip).
        of: how many dice the pool rolled in all (for the tooltip: ``#6 of 7``), given
            when extra dice are shown out of roll order (after their parents).
        declined: an optional explosion that was not taken.
        meaning: extra words for the tooltip ("even: counts").
    """
    classes = ["iw-die", f"iw-die--{colour}"]
    if counts:
        classes.append("iw-die--counts")
    if parent is not None:
        classes.append("iw-die--extra")
    if declined:
        classes.append("iw-die--declined")
    words = [f"{colour} die" if colour != "plain" else "die"]
    if index is not None:
        words.append(f"#{index}" if of is None else f"#{index} of {of}")
    words.append(f"showing {face_text}")
    if parent is not None:
        words.append(f"(extra die from the explosion of #{parent})")
    if meaning:
        words[-1] += f": {meaning}"
    elif counts is not None:
        words[-1] += ": counts" if counts else ": does not count"
    if declined:
        words.append("(explosion declined)")
    label = html.escape(" ".join(words))
    mark = "" if counts is None else ("●" if counts else "○")
    glyph = _GLYPH[colour]
    arrow = "↳" if parent is not None else ""
    return (
        f'<span class="{" ".join(classes)}" title="{label}" aria-label="{label}" '
        f'data-face="{html.escape(face_text)}">'
        f'<span class="iw-glyph">{arrow}{glyph}</span>{html.escape(face_text)}'
        f'<span class="iw-mark">{mark}</span></span>'
    )


def chain_order(dice: Sequence[RolledDie]) -> list[list[RolledDie]]:
    """The dice grouped into chains: each base die, then the extra dice it exploded into.

    Within a chain every extra die comes right after its parent (depth first), so
    faces typed as ``1 1 4 2`` with two exploding base 1s (extra dice in roll order
    ``4`` then ``2``) read ``1 ↳4 · 1 ↳2``. A die whose parent is not in ``dice``
    starts a chain of its own.
    """
    children: dict[int, list[RolledDie]] = {}
    indexes = {die.index for die in dice}
    roots = []
    for die in dice:
        if die.parent is not None and die.parent in indexes:
            children.setdefault(die.parent, []).append(die)
        else:
            roots.append(die)
    chains = []
    for root in roots:
        chain: list[RolledDie] = []
        stack = [root]
        while stack:
            die = stack.pop()
            chain.append(die)
            stack.extend(reversed(children.get(die.index, [])))
        chains.append(chain)
    return chains


def roll_chips(
    roll: PoolRoll,
    *,
    colour: DieColour = "plain",
    counts: Callable[[int], bool] | None = None,
    label: str | None = None,
) -> str:
    """Every die of ``roll`` as chips, each extra die right after its parent, with the source.

    A base die that exploded and its extra dice share a dashed bracket
    (``iw-chain``); each chip's tooltip gives its number in roll order.
    """
    die = roll.pool.die
    total = len(roll.dice) if roll.extras else None

    def chip(rolled: RolledDie) -> str:
        return die_chip(
            die.face_text(rolled.face),
            colour=colour,
            counts=None if counts is None else counts(rolled.face),
            parent=None if rolled.parent is None else rolled.parent + 1,
            index=rolled.index + 1,
            of=total,
            declined=rolled.declined,
        )

    chips = []
    for chain in chain_order(roll.dice):
        html_chain = "".join(chip(rolled) for rolled in chain)
        if len(chain) > 1:
            extras = ", ".join(f"#{rolled.index + 1}" for rolled in chain[1:])
            title = html.escape(
                f"die #{chain[0].index + 1} and the extra dice its explosion added ({extras})"
            )
            html_chain = f'<span class="iw-chain" title="{title}">{html_chain}</span>'
        chips.append(html_chain)
    source = "✎ typed" if roll.source == "typed" else "⚄ rolled"
    name = roll.pool.label if label is None else label
    head = (
        f'<span class="iw-dice-label">{html.escape(name)} ({source})</span>'
        if name
        else (f'<span class="iw-dice-label">({source})</span>')
    )
    return f'<div class="iw-dice">{head}{"".join(chips) or "<em>no dice</em>"}</div>'


# --------------------------------------------------------------------------- messages


class Messages(widgets.HTML):  # type: ignore[misc]
    """Where a panel tells the table what went wrong, what to watch, what happened."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("iw-messages")
        self.last_error: str = ""

    def _show(self, kind: str, lines: Iterable[str]) -> None:
        icon = {"error": "⚠ Error", "warning": "△ Note", "info": "ℹ"}[kind]
        items = [html.escape(line) for line in lines if line]
        if not items:
            self.value = ""
            return
        body = items[0] if len(items) == 1 else "<ul>" + "".join(f"<li>{i}</li>" for i in items)
        self.value = f'<div class="iw-msg iw-msg--{kind}"><b>{icon}:</b> {body}</div>'

    def error(self, text: str) -> None:
        self.last_error = text
        self._show("error", [text])

    def warning(self, lines: Sequence[str] | str) -> None:
        self._show("warning", [lines] if isinstance(lines, str) else lines)

    def info(self, text: str) -> None:
        self._show("info", [text])

    def clear(self) -> None:
        self.value = ""


F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def guard(messages: Messages) -> Callable[[F], F]:
    """Run a widget callback so that no exception vanishes.

    The kit's own errors (a rule the click broke) are shown as the message the
    engine wrote. Anything else is a bug: it is shown with the last frames of
    its traceback so it can be reported, instead of disappearing into the
    kernel log.
    """

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                result = function(*args, **kwargs)
            except IsowidgetsError as exc:
                messages.error(str(exc))
                return None
            except Exception as exc:
                tail = "".join(traceback.format_exception(exc, limit=-3)).strip()
                messages.error(f"unexpected {type(exc).__name__}: {exc}\n{tail}")
                return None
            return result

        return wrapper  # type: ignore[return-value]

    return decorate


def set_options(dropdown: Any, options: Sequence[tuple[str, Any]]) -> None:
    """Replace a dropdown's ``(label, value)`` options, keeping its value while it is
    still offered (else the first option, or none). Sends nothing when unchanged."""
    options = list(options)
    if list(dropdown.options) == options:
        return
    keep = dropdown.value
    dropdown.options = options
    values = [value for _, value in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)


# --------------------------------------------------------------------------- panels


class Panel(widgets.VBox):  # type: ignore[misc]
    """Base of every system panel: a VBox over one game, with a short repr.

    The short repr matters in notebooks: the default one would print every
    child widget (and a FigureWidget's random ids) into the saved output.
    Subclasses call :meth:`follow` to listen to the game; :meth:`close`
    stops listening.
    """

    def __init__(self, game: Game[Any], children: Sequence[Any], **kwargs: Any) -> None:
        self.game = game
        self._unsubscribers: list[Callable[[], None]] = []
        super().__init__([style(), *children], **kwargs)
        self.add_class("iw-panel")

    def follow(self, listener: Callable[[Sequence[Entry], Any], None]) -> None:
        self._unsubscribers.append(self.game.subscribe(listener))

    messages: Messages
    """Where the panel's errors and advice are shown (set by every panel that acts)."""

    def act(self, call: Callable[[], T]) -> T:
        """Run one engine call from a guarded callback: clear the last message first,
        so a refusal shows alone and a success leaves only what it said itself."""
        self.messages.clear()
        return call()

    def handler(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` as a widget callback: guarded, and clearing the last message."""

        @guard(self.messages)
        def run(*args: Any) -> Any:
            return self.act(lambda: function(*args))

        return run

    def close(self) -> None:
        for stop in getattr(self, "_unsubscribers", ()):
            stop()
        self._unsubscribers = []
        super().close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"


# --------------------------------------------------------------------------- session log


class JournalTable(widgets.VBox):  # type: ignore[misc]
    """The session log as a table that follows the game, with CSV/JSON/Markdown export.

    Args:
        game: the game whose journal is shown.
        rows: how many of the latest events to show.
        export_dir: where the export buttons write files.
        kinds: show only these event kinds (all when ``None``).
    """

    COLUMNS = ("seq", "action", "kind", "summary", "faces", "source")

    def __init__(
        self,
        game: Game[Any],
        *,
        rows: int = 12,
        export_dir: str | Path = "exports",
        kinds: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.rows = rows
        self.kinds = set(kinds) if kinds else None
        self.export_dir = Path(export_dir)
        self._row_cache: dict[int, dict[str, Any]] = {}
        self.table = widgets.HTML()
        self.table.add_class("iw-log")
        self.messages = Messages()
        buttons = []
        for fmt in ("csv", "json", "md"):
            button = widgets.Button(description=f"Export {fmt.upper()}", icon="download")
            button.add_class(f"iw-export-{fmt}")
            button.on_click(self._exporter(fmt))
            buttons.append(button)
        super().__init__([style(), self.table, widgets.HBox(buttons), self.messages])
        self.add_class("iw-journal")
        self.refresh()
        self._unsubscribe = game.subscribe(lambda entries, state: self.refresh())

    def _exporter(self, fmt: str) -> Callable[[Any], None]:
        @guard(self.messages)
        def export(_button: Any) -> None:
            self.export_dir.mkdir(parents=True, exist_ok=True)
            stem = self.game.journal.path.stem if self.game.journal.path else self.game.system
            path = self.game.journal.export(self.export_dir / f"{stem}.{fmt}")
            self.messages.info(f"exported {len(self.game.journal)} events to {path}")

        return export

    def frame(self) -> Any:
        frame = self.game.log()
        if self.kinds is not None:
            frame = frame[frame["kind"].isin(self.kinds)]
        return frame

    def tail(self) -> list[dict[str, Any]]:
        """The latest ``rows`` events shown, newest first, as :meth:`frame` rows.

        Built from those entries alone rather than from the whole journal's
        DataFrame, so refreshing after a click costs the same in a long session
        as in a short one (the same columns as :meth:`Journal.to_frame`).
        """
        journal = self.game.journal
        void = journal.void_actions()
        cache = self._row_cache
        shown: list[dict[str, Any]] = []
        for entry in reversed(journal.entries):
            if self.kinds is not None and entry.kind not in self.kinds:
                continue
            row = cache.get(entry.seq)
            if row is None:  # a line never changes once written: describe it once
                rolls = entry.event.rolls()
                row = {
                    "seq": entry.seq,
                    "action": entry.action,
                    "kind": entry.kind,
                    "summary": entry.event.describe(),
                    "faces": " | ".join(
                        (f"{r.pool.label}: " if r.pool.label else "") + r.faces_text()
                        for r in rolls
                    ),
                    "source": ",".join(sorted({r.source for r in rolls})),
                }
            shown.append({**row, "retconned": entry.action in void})
            if len(shown) >= self.rows:
                break
        self._row_cache = {row["seq"]: row for row in shown}
        return shown

    def refresh(self) -> None:
        head = "".join(f"<th>{c}</th>" for c in self.COLUMNS)
        body = []
        for row in self.tail():
            css = ' class="iw-void"' if row["retconned"] else ""
            note = " (retconned)" if row["retconned"] else ""
            cells = "".join(
                f"<td>{html.escape(str(row[c]))}{note if c == 'summary' else ''}</td>"
                for c in self.COLUMNS
            )
            body.append(f"<tr{css}>{cells}</tr>")
        self.table.value = (
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )

    def close(self) -> None:
        if hasattr(self, "_unsubscribe"):
            self._unsubscribe()
        super().close()


# --------------------------------------------------------------------------- timelines


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
    ``plotly/basewidget.py``; a unit test compares them with the stock widget's).
    """
    import plotly.graph_objects as go

    class LiveFigureWidget(go.FigureWidget):  # type: ignore[misc]
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
    * **One message per change**, counters included (see :func:`_live_figure_class`),
      and a template reduced to what a cartesian plot uses (:func:`_lean_template`).

    Marker symbols, not only colours, tell traces and point kinds apart.

    Args:
        title, x_title, y_title: the figure's and the axes' titles.
        height: the figure's height in pixels.
        css_class: the class given to the figure's element.
        step: the least step by which a managed axis grows (it grows by larger
            steps as the data spans more).
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
    ) -> None:
        self.figure = _live_figure_class()(
            layout={
                "title": {"text": title},
                "height": height,
                "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
                "xaxis": {"title": {"text": x_title}},
                "yaxis": {"title": {"text": y_title}},
                "legend": {"orientation": "h", "y": -0.25},
                "template": _lean_template(),
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
        xs, ys, texts = zip(*points, strict=True)
        with self.batch():
            for prop, added in (("x", xs), ("y", ys), ("text", texts)):
                self.assign(index, prop, self.current(index, prop) + tuple(added))
            self._grow("xaxis", xs)
            self._grow("yaxis", ys)

    def reset(self) -> None:
        """Empty every trace (used after an undo, when history itself changed)."""
        with self.batch():
            for index in range(len(self.figure.data)):
                for prop in ("x", "y", "text"):
                    self.assign(index, prop, ())
        self._extent.clear()

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
                axis.range is None
                and axis.type in (None, "-", "linear")
                and len(numbers) == len(values)
            )
        if not self._managed[axis_name] or not numbers:
            return
        low, high = min(numbers), max(numbers)
        if axis.rangemode == "tozero":
            low, high = min(low, 0.0), max(high, 0.0)
        if axis_name in self._extent:
            low = min(low, self._extent[axis_name][0])
            high = max(high, self._extent[axis_name][1])
        self._extent[axis_name] = (low, high)
        step = _nice_step(high - low, self.step)
        start, end = step * math.floor(low / step), step * (math.floor(high / step) + 1)
        pad = (end - start) * 0.04
        wanted = (start - pad, end + pad)
        shown = tuple(axis.range) if axis.range is not None else None
        if shown == wanted:
            return
        # A range the user chose (a zoom) is left alone until they reset the axes.
        if shown is not None and shown != self._ranges.get(axis_name) and not axis.autorange:
            return
        if axis.autorange:
            axis.autorange = False
        axis.range = wanted
        self._ranges[axis_name] = wanted

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
        """Hold every change to :attr:`figure` and send them as one message on exit.

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
