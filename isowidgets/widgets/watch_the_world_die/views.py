"""What the Watch the World Die widgets show, as pure functions of the engine's values.

Every function takes what the engine already decided (the state, a chronicle, the
exact chance of the Great Dying, the Responses still affordable) and returns HTML
or words. None of them applies a rule, so a unit test reads exactly what the
browser shows, without a widget.

Nothing is told by colour alone: each Event type has a shape, in the chronicle
(``●`` Climate, ``■`` Ecosystem, ``◆`` Resources, ``▲`` Infrastructure, ``⬟``
Politics, ``★`` Special) as on the chart (the same plotly marker symbols, named
in its legend); a chained Event starts with ``↳`` and sits one step further in;
whose turn it is reads ``▶`` and "now" (and carries ``aria-current``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets

from ...rules.watch_the_world_die import Chronicle, ChronicleRow, WorldState
from ...rules.watch_the_world_die.model import WorldEvent
from ..numbers import percent

__all__ = [
    "KIND_GLYPHS",
    "TYPE_GLYPHS",
    "TYPE_SYMBOLS",
    "WTWD_CSS",
    "chain_html",
    "chance_html",
    "chronicle_html",
    "event_name",
    "players_html",
    "table_words",
    "wtwd_style",
]

TYPE_SYMBOLS = {
    1: "circle",
    2: "square",
    3: "diamond",
    4: "triangle-up",
    5: "pentagon",
    6: "star",
}
"""The chart's marker symbol for each Event type (the legend names them)."""

TYPE_GLYPHS = {1: "●", 2: "■", 3: "◆", 4: "▲", 5: "⬟", 6: "★"}
"""The same shapes as text, for the chronicle and the turn's chain."""

KIND_GLYPHS = {
    "chain_end": "⊘",
    "rp": "⚅",
    "response": "✚",
    "relief": "▼",
    "year_end": "◷",
}
"""A glyph for each chronicle step that is not an Event."""

WTWD_CSS = """
<style>
.iw-wtwd-main { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 10px; }
.iw-wtwd-main > .iw-wtwd-turn-column { flex: 1 1 430px; min-width: 0; }
.iw-wtwd-main > .iw-wtwd-side-column { flex: 1 1 380px; min-width: 0; }
.iw-wtwd-players ol { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0;
  padding: 0; }
.iw-wtwd-players li { padding: 1px 7px; border: 1px dashed #999; border-radius: 10px; }
.iw-wtwd-players li[aria-current] { border: 3px solid #111; background: #fff3c4;
  font-weight: 700; }
.iw-wtwd-step { font-size: 0.95em; margin: 3px 0; }
.iw-wtwd-step b { font-weight: 700; }
.iw-wtwd-chain ol, .iw-wtwd-chronicle ul { list-style: none; margin: 2px 0; padding: 0; }
.iw-wtwd-chain li, .iw-wtwd-chronicle li { margin: 1px 0; line-height: 1.35; }
.iw-wtwd-glyph { display: inline-block; width: 1.3em; text-align: center; }
.iw-wtwd-pressure { font-size: 0.85em; color: #333; white-space: nowrap; }
.iw-wtwd-due { border-left: 3px dotted #555; padding-left: 6px; font-style: italic; }
.iw-wtwd-shop-list { display: flex; flex-flow: row wrap; gap: 3px; max-height: 46vh;
  overflow-y: auto; align-content: flex-start; }
.jupyter-widgets.jupyter-button.iw-wtwd-response { width: auto; height: auto; min-height: 28px;
  white-space: normal; text-align: left; line-height: 1.2; padding: 2px 6px;
  border: 1px solid #777; border-radius: 5px; background: #fff; color: #111; }
.jupyter-widgets.jupyter-button.iw-wtwd-response.iw-wtwd-chosen { border: 3px solid #111;
  font-weight: 700; background: #fff3c4; }
.jupyter-widgets.jupyter-button.iw-wtwd-response:disabled { border-style: dashed; color: #555;
  opacity: 1; text-decoration: none; }
.iw-wtwd-rp { font-size: 1em; margin: 2px 0 4px; }
.iw-wtwd-chance { font-size: 1em; padding: 4px 8px; border: 2px solid #333; border-radius: 5px;
  margin: 3px 0; background: #fafafa; }
.iw-wtwd-verdict { font-weight: 700; padding: 3px 8px; border: 3px double #111; margin: 3px 0; }
.iw-wtwd-chronicle details { margin: 2px 0 6px; }
.iw-wtwd-chronicle summary { cursor: pointer; font-weight: 600; }
.iw-wtwd-turn-head { font-weight: 600; margin-top: 3px; }
.iw-wtwd-table .iw-submit-text > .widget-label { width: auto; min-width: 3em;
  padding-right: 6px; }
.iw-wtwd-section { border: 1px solid #ccc; border-radius: 6px; padding: 4px 8px; margin: 3px 0; }
.iw-wtwd-status { background: #fff; align-items: center; gap: 8px; padding: 2px 4px;
  position: relative; z-index: 3; border-bottom: 1px solid #ccc; }
.iw-wtwd-status.iw-floating { box-shadow: 0 3px 8px rgba(0, 0, 0, 0.3); }
.iw-wtwd-status .iw-track-state { white-space: nowrap; }
.iw-wtwd-play { overflow: visible; }
</style>
"""


def wtwd_style() -> widgets.HTML:
    """A hidden widget carrying these widgets' CSS (next to the kit's own)."""
    return widgets.HTML(
        WTWD_CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden")
    )


# --------------------------------------------------------------------------- names


def event_name(event: WorldEvent) -> str:
    """An Event as the table calls it: its entry and where (``Power Grid in Lagos``)."""
    where = " (global)" if event.global_scope else (f" in {event.region}" if event.region else "")
    return f"{event.entry}{where}"


_EVENT_ID = re.compile(r"\bevent-\d+\b")
_LEADING_ID = re.compile(r"^(?:event-\d+ \(-?\d+\)|response-\d+): ")
"""An id that opens an engine sentence (``event-3 (2020): Power Grid …``,
``response-2: Reform … (3 RP)``): the rest of the sentence names the thing already."""


def table_words(state: WorldState, text: str) -> str:
    """An engine message with each Event id replaced by the Event's name.

    The engine names Events by id (``chaining roll after event-3``) for notebook
    code; at the table people call them by what happened (``Power Grid in Lagos``).
    An id that opens the sentence, before the words that name the same thing, is left
    out. An id the state does not know stays as it is.
    """
    return table_words_from({event.id: event_name(event) for event in state.events}, text)


# --------------------------------------------------------------------------- the turn


def players_html(players: Sequence[str], current: str | None, *, turn: int | None) -> str:
    """The players in clockwise order; whose turn it is marked ``▶`` … ``now``."""
    if not players:
        return '<div class="iw-wtwd-players"><em>No players yet.</em></div>'
    items = []
    for name in players:
        now = name == current
        label = html.escape(name)
        if now:
            said = f"turn {turn}, now" if turn is not None else "plays next"
            items.append(f'<li aria-current="step">▶ {label} <small>({said})</small></li>')
        else:
            items.append(f"<li>{label}</li>")
    return (
        '<div class="iw-wtwd-players" role="group" aria-label="Players, clockwise">'
        f'<span class="iw-track-title">Players, clockwise:</span><ol>{"".join(items)}</ol></div>'
    )


def _pressure(row: ChronicleRow) -> str:
    added = f"+{row.pressure_added} → " if row.pressure_added > 0 else ""
    return f'<span class="iw-wtwd-pressure">(Pressure {added}{row.pressure})</span>'


def _row_html(row: ChronicleRow, names: dict[str, str]) -> str:
    """One chronicle step as a list item: a glyph, the step in words, Pressure after it."""
    indent = f' style="margin-left: {1.2 * row.depth:.1f}em"' if row.depth else ""
    if row.kind == "event":
        glyph = TYPE_GLYPHS.get(row.type or 0, "•")
        arrow = "↳ " if row.chained_from else ""
        roll = f"rolled {html.escape(row.dice)}: " if row.dice else ""
        on = f" (on “{html.escape(names.get(row.target, row.target))}”)" if row.target else ""
        where = "the whole world" if row.global_scope else html.escape(row.region or "no region")
        cause = "The Cause: " if row.text.startswith("The Cause: ") else ""
        details = f" — {html.escape(row.details)}" if row.details else ""
        text = (
            f"{arrow}{roll}<b>{cause}{html.escape(row.type_name)}: {html.escape(row.entry)}</b>"
            f"{on}, {where}{details}"
        )
        title = f"{row.type_name} Event"
    else:
        glyph = KIND_GLYPHS.get(row.kind, "•")
        text = html.escape(table_words_from(names, row.text))
        title = row.kind.replace("_", " ")
    return (
        f'<li{indent} data-kind="{row.kind}"><span class="iw-wtwd-glyph" role="img" '
        f'aria-label="{html.escape(title)}">{glyph}</span>{text} {_pressure(row)}</li>'
    )


def table_words_from(names: dict[str, str], text: str) -> str:
    """:func:`table_words` with a ready map of Event ids to names."""
    text = _LEADING_ID.sub("", text)
    return _EVENT_ID.sub(
        lambda m: f"“{names[m.group(0)]}”" if m.group(0) in names else m.group(0), text
    )


def _names(story: Chronicle) -> dict[str, str]:
    names = {}
    for row in story.rows:
        if row.kind == "event" and row.event:
            where = " (global)" if row.global_scope else (f" in {row.region}" if row.region else "")
            names[row.event] = f"{row.entry}{where}"
    return names


def chain_html(story: Chronicle, turn: int | None, *, due: str = "") -> str:
    """This turn's steps as they happen: each Event, each chained one under it (``↳``), the
    roll that ended the chain; ``due`` says what comes next (a dotted line)."""
    names = _names(story)
    rows = [row for row in story.rows if turn is not None and row.turn == turn]
    items = "".join(_row_html(row, names) for row in rows)
    if due:
        items += f'<li class="iw-wtwd-due">next: {html.escape(due)}</li>'
    if not items:
        items = "<li><em>Nothing rolled this turn yet.</em></li>"
    player = next((row.player for row in rows), "")
    head = f"Turn {turn}" if turn is not None else "This turn"
    head += f" ({player})" if player else ""
    return (
        f'<div class="iw-wtwd-chain" role="group" aria-label="{head}: the chain of Events">'
        f'<div class="iw-wtwd-turn-head">{head}, step by step</div><ol>{items}</ol></div>'
    )


def chance_html(events: int, chance: Fraction, *, lower: str = "lower than") -> str:
    """The year-end check before its roll: E and the exact chance of the Great Dying."""
    sure = {Fraction(0): " (it cannot happen)", Fraction(1): " (it is certain)"}.get(chance, "")
    fraction = f"{chance.numerator}/{chance.denominator}" if 0 < chance < 1 else ""
    exact = f"{fraction} = " if fraction else ""
    return (
        '<div class="iw-wtwd-chance" role="status">'
        f"<b>{events}</b> Event{'s' if events != 1 else ''} this year: the Great Dying comes "
        f"on a 2d6 roll {lower} {events}. Chance: <b>{exact}{percent(chance)}</b>{sure}</div>"
    )


# --------------------------------------------------------------------------- the chronicle


def chronicle_html(story: Chronicle, *, open_year: int | None = None) -> str:
    """The chronicle, a ``<details>`` per year (the year ``open_year`` open): each turn,
    its Events with their chains, its Responses, and Pressure after every step."""
    if not story.players:
        return '<div class="iw-wtwd-chronicle"><em>The world has not begun yet.</em></div>'
    names = _names(story)
    kind = f" · Apocalypse Type: {html.escape(story.apocalypse)}" if story.apocalypse else ""
    parts = [
        '<div class="iw-wtwd-chronicle">',
        f"<div>Players, clockwise: {html.escape(', '.join(story.players))} · from "
        f"{story.start_year}{kind}</div>",
    ]
    for year in story.years:
        outcome = f" — {html.escape(year.outcome)}" if year.outcome else ""
        opened = " open" if year.year == open_year or open_year is None else ""
        parts.append(
            f'<details{opened} data-year="{year.year}"><summary>{year.year}: {year.events} '
            f"Event{'s' if year.events != 1 else ''}{outcome}</summary><ul>"
        )
        turn = None
        for row in year.rows:
            if row.turn != turn:
                turn = row.turn
                move = "Make It Worse" if row.move == "worse" else "Relieve It"
                parts.append(
                    f'<li class="iw-wtwd-turn-head">Turn {row.turn} · {html.escape(row.player)}'
                    f" · {move}</li>"
                )
            parts.append(_row_html(row, names))
        parts.append("</ul></details>")
    if story.ending_text:
        ending = html.escape(table_words_from(names, story.ending_text))
        parts.append(f'<div class="iw-wtwd-verdict">{ending}</div>')
    parts.append("</div>")
    return "".join(parts)
