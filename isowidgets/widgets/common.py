"""Pieces every panel shares: the kit's CSS, dice chips, the message area, the
error guard for callbacks, the session log table and the live timeline.

Design rules kept here once for every system:

* **Colour is never the only signal.** A green die is a rounded square marked
  ``+``; a red die is a circle marked ``×``; a die that counts (an even green,
  an odd red, a kept die) is filled and marked ``●``, one that does not is
  hollow and marked ``○``; an extra die from an explosion starts with ``↳`` and
  names its parent. Every chip also has a full-text tooltip and aria-label.
* **No silent tracebacks.** Every callback runs under :func:`guard`: the kit's
  errors become a message in the panel; anything else is shown too, as a bug.
* **The journal is the source.** Tables and timelines are built from the game's
  journal and then grow in place as actions are committed (no re-creation).
"""

from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

import ipywidgets as widgets

from ..dice import PoolRoll
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
    "die_chip",
    "guard",
    "roll_chips",
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
        index: the die's 1-based number in its pool (for the tooltip).
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
        words.append(f"#{index}")
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


def roll_chips(
    roll: PoolRoll,
    *,
    colour: DieColour = "plain",
    counts: Callable[[int], bool] | None = None,
    label: str | None = None,
) -> str:
    """Every die of ``roll`` as chips, in roll order, with chains and the source shown."""
    die = roll.pool.die
    chips = [
        die_chip(
            die.face_text(rolled.face),
            colour=colour,
            counts=None if counts is None else counts(rolled.face),
            parent=None if rolled.parent is None else rolled.parent + 1,
            index=rolled.index + 1,
            declined=rolled.declined,
        )
        for rolled in roll.dice
    ]
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


class Timeline:
    """A plotly FigureWidget whose traces grow in place.

    Points are appended to existing traces inside one ``batch_update`` (no
    re-creation of the figure), so the browser receives only the new data.
    Marker symbols, not only colours, tell traces and point kinds apart.
    """

    def __init__(
        self,
        *,
        title: str,
        x_title: str,
        y_title: str,
        height: int = 320,
        css_class: str = "iw-plot",
    ) -> None:
        import plotly.graph_objects as go

        self.figure = go.FigureWidget(
            layout={
                "title": {"text": title},
                "height": height,
                "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
                "xaxis": {"title": {"text": x_title}},
                "yaxis": {"title": {"text": y_title}},
                "legend": {"orientation": "h", "y": -0.25},
                "template": "plotly_white",
            }
        )
        self.figure.add_class(css_class)
        self._traces: dict[str, int] = {}

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

    def append(self, name: str, points: Sequence[tuple[Any, Any, str]], **style: Any) -> None:
        """Add ``(x, y, hover text)`` points to trace ``name``."""
        if not points:
            return
        index = self.trace(name, **style)
        trace = self.figure.data[index]
        xs, ys, texts = zip(*points, strict=True)
        with self.figure.batch_update():
            trace.x = tuple(trace.x or ()) + tuple(xs)
            trace.y = tuple(trace.y or ()) + tuple(ys)
            trace.text = tuple(trace.text or ()) + tuple(texts)

    def reset(self) -> None:
        """Empty every trace (used after an undo, when history itself changed)."""
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y, trace.text = (), (), ()

    def points(self, name: str) -> int:
        """How many points trace ``name`` has (0 if it does not exist)."""
        if name not in self._traces:
            return 0
        return len(self.figure.data[self._traces[name]].x or ())


def entries_since(entries: Sequence[Entry], kinds: set[str]) -> list[Entry]:
    """The entries of the given kinds (helper for listeners)."""
    return [e for e in entries if e.kind in kinds]
