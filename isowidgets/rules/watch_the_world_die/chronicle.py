"""The chronicle: the apocalypse as a story, per year, folded from the journal (pure).

:func:`chronicle` reads a session's effective journal entries (nothing undone)
and gives, per year, every step that shaped the world: the Events with their
chains (each chained Event one level deeper than the Event it came from), the
Responses bought, the relief that replaced Pressure, the year-end check, and the
Pressure after each step. :func:`chronicle_markdown` writes it as a history to
share after a session; :func:`chronicle_csv` as one row per step for a
spreadsheet. Both carry the tables' credit and copyleft notice, since the
entries they quote come from them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from ...journal import Entry, Kept
from .events import (
    MOVE_TEXT,
    ChainRolled,
    EventCreated,
    GameEnded,
    NewYear,
    ReliefFinished,
    ResponseBought,
    RPRolled,
    TablesLoaded,
    TurnStarted,
    WorldBegun,
    YearEndRolled,
)
from .model import Ending, Move
from .tables import Source, shipped_tables
from .timeline import PressureFold, PressurePoint

__all__ = [
    "CSV_COLUMNS",
    "Chronicle",
    "ChronicleRow",
    "ChronicleYear",
    "KeptChronicle",
    "RowKind",
    "chronicle",
    "chronicle_csv",
    "chronicle_markdown",
]

RowKind: TypeAlias = Literal["event", "chain_end", "rp", "response", "relief", "year_end"]
"""What a chronicle row records."""


@dataclass(frozen=True, slots=True)
class ChronicleRow:
    """One step of the story.

    Attributes:
        depth: for an Event, how far down its chain it is (0 for the turn's first).
        text: the step in one plain sentence.
        dice: the faces rolled for it (``"2"``, ``"3 4"``), if any.
        pressure: Pressure after the step.
    """

    year: int
    turn: int
    player: str
    move: Move
    kind: RowKind
    text: str
    pressure: int
    depth: int = 0
    dice: str = ""
    pressure_added: int = 0
    event: str = ""
    type: int | None = None
    type_name: str = ""
    entry: str = ""
    region: str = ""
    global_scope: bool = False
    details: str = ""
    chained_from: str = ""
    target: str = ""
    cost: int | None = None
    rp_left: int | None = None


@dataclass(frozen=True, slots=True)
class ChronicleYear:
    """One year: its steps, its Events counted (E), and how it ended (if it did)."""

    year: int
    rows: tuple[ChronicleRow, ...]
    events: int
    outcome: str = ""


@dataclass(frozen=True, slots=True)
class Chronicle:
    """The whole story: who played, the Apocalypse Type, the years, and the end."""

    players: tuple[str, ...]
    apocalypse: str | None
    start_year: int | None
    years: tuple[ChronicleYear, ...]
    ending: Ending | None
    ending_text: str
    source: Source = field(default_factory=lambda: shipped_tables().source)

    @property
    def rows(self) -> tuple[ChronicleRow, ...]:
        """Every step, in order."""
        return tuple(row for year in self.years for row in year.rows)


class _Builder:
    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.apocalypse: str | None = None
        self.start: int | None = None
        self.source = shipped_tables().source
        self.years: tuple[ChronicleYear, ...] = ()  # the years closed, in order
        self.rows: list[ChronicleRow] = []
        self.year = 0
        self.events = 0
        self.pressure = 0
        self.turn = 0
        self.player = ""
        self.move: Move = "worse"
        self.depth: dict[str, int] = {}
        self.ending: Ending | None = None
        self.ending_text = ""

    def row(self, kind: RowKind, text: str, **values: object) -> None:
        self.rows.append(
            ChronicleRow(
                self.year,
                self.turn,
                self.player,
                self.move,
                kind,
                text,
                self.pressure,
                **values,  # type: ignore[arg-type]
            )
        )

    def close_year(self, outcome: str) -> None:
        self.years += (ChronicleYear(self.year, tuple(self.rows), self.events, outcome),)
        self.rows = []
        self.events = 0

    def read(self, entry: Entry) -> None:
        event = entry.event
        if isinstance(event, TablesLoaded):
            self.source = event.tables.source
        elif isinstance(event, WorldBegun):
            self.players, self.apocalypse = event.players, event.apocalypse
            self.start = self.year = event.year
        elif isinstance(event, TurnStarted):
            self.turn, self.player, self.move = event.turn, event.player, event.move
            if event.year != self.year and self.rows:
                self.close_year("")
            self.year = event.year
        elif isinstance(event, EventCreated):
            self.pressure = event.pressure_after
            self.events += 1 if event.counted else 0
            depth = self.depth.get(event.chained_from, -1) + 1 if event.chained_from else 0
            self.depth[event.event] = depth
            self.row(
                "event",
                _event_text(event),
                depth=depth,
                dice=str(event.roll) if event.roll else "",
                pressure_added=event.pressure_added,
                event=event.event,
                type=event.type,
                type_name=event.type_name,
                entry=event.entry,
                region=event.region,
                global_scope=event.global_scope,
                details=event.details,
                chained_from=event.chained_from or "",
                target=event.target or "",
            )
        elif isinstance(event, ChainRolled) and not event.chained:
            self.pressure = event.pressure_after
            added = f", Pressure +{event.pressure_added}" if event.pressure_added else ""
            self.row(
                "chain_end",
                f"the chain ends (chaining roll {event.face}{added})",
                depth=self.depth.get(event.event, 0) + 1,
                dice=str(event.face),
                pressure_added=event.pressure_added,
                chained_from=event.event,
            )
        elif isinstance(event, RPRolled):
            faces = " ".join(str(f) for f in event.roll.faces)
            self.row(
                "rp",
                f"Response Points: 2d6 ({faces}) + Pressure {event.pressure} = {event.rp} RP",
                dice=faces,
                rp_left=event.rp,
            )
        elif isinstance(event, ResponseBought):
            details = f": {event.details}" if event.details else ""
            self.row(
                "response",
                f"{event.entry} ({event.cost} RP){details}; {event.rp_left} RP left",
                event=event.response,
                entry=event.entry,
                details=event.details,
                cost=event.cost,
                rp_left=event.rp_left,
            )
        elif isinstance(event, ReliefFinished):
            self.pressure = event.pressure_after
            self.row(
                "relief",
                f"{event.rp_left} RP left: Pressure {event.pressure_before} → "
                f"{event.pressure_after}",
                pressure_added=event.pressure_after - event.pressure_before,
                rp_left=event.rp_left,
            )
        elif isinstance(event, YearEndRolled):
            faces = " ".join(str(f) for f in event.roll.faces)
            sign = "<" if event.comparison == "lt" else "≤"
            verdict = "the Great Dying begins" if event.dying else "the world lives on"
            text = (
                f"year end: 2d6 ({faces}) = {event.total} against {event.events} Events; {verdict}"
            )
            self.row("year_end", text, dice=faces)
            outcome = (
                f"{event.total} {sign} {event.events}: the Great Dying"
                if event.dying
                else f"survived ({event.total} against {event.events} Events)"
            )
            self.close_year(outcome)
        elif isinstance(event, NewYear):
            self.year, self.pressure = event.year, event.pressure
        elif isinstance(event, GameEnded):
            self.ending = event.ending
            self.ending_text = event.describe()

    def result(self) -> Chronicle:
        """The chronicle of the entries read so far (reading may go on after it)."""
        years = self.years
        if self.rows or (self.start is not None and not years):
            outcome = "stopped" if self.ending == "stopped" else ""
            years += (ChronicleYear(self.year, tuple(self.rows), self.events, outcome),)
        return Chronicle(
            self.players,
            self.apocalypse,
            self.start,
            years,
            self.ending,
            self.ending_text,
            self.source,
        )


def _event_text(event: EventCreated) -> str:
    cause = "The Cause: " if event.cause else ""
    on = f" (on {event.target})" if event.target else ""
    where = "the whole world" if event.global_scope else event.region
    details = f": {event.details}" if event.details else ""
    mode = f" [mode: {event.mode}]" if event.mode else ""
    return f"{cause}{event.type_name}, {event.entry}{on}, {where}{details}{mode}"


def chronicle(entries: Iterable[Entry]) -> Chronicle:
    """The chronicle of a session from its effective journal entries (pure).

    Pass ``game.journal.effective()`` (undone actions left out); entries of other
    kinds (notes, settings) are skipped.
    """
    builder = _Builder()
    for entry in entries:
        builder.read(entry)
    return builder.result()


class KeptChronicle(Kept):
    """A session's :func:`chronicle` and :func:`~.timeline.pressure_timeline`, read from
    its effective entries as they arrive (a :class:`~isowidgets.journal.kept.Kept`): an
    action costs what it adds, and the journal is read again only after an undo or a
    redo.

    Attributes:
        points: the Pressure timeline's points so far.
    """

    def __init__(self) -> None:
        super().__init__()
        self.reset()

    def reset(self) -> None:
        self._builder = _Builder()
        self._fold = PressureFold()
        self.points: list[PressurePoint] = []
        self._told: Chronicle | None = None

    def read(self, entry: Entry) -> None:
        self._builder.read(entry)
        self.points += self._fold.feed((entry,))
        self._told = None

    def chronicle(self) -> Chronicle:
        """The chronicle of the entries read (made once for each new read)."""
        if self._told is None:
            self._told = self._builder.result()
        return self._told


# --------------------------------------------------------------------------- Markdown


def _md(text: str) -> str:
    """``text`` inline in Markdown: one line, its markup characters escaped."""
    for raw in ("\\", "`", "*", "_", "[", "]", "<", ">", "#", "|"):
        text = text.replace(raw, f"\\{raw}")
    return " ".join(text.split())


def chronicle_markdown(story: Chronicle) -> str:
    """The chronicle as a Markdown history, with the tables' credit and notice at the end."""
    lines = ["# Watch the World Die: a chronicle", ""]
    if story.players:
        kind = f" · Apocalypse Type: {_md(story.apocalypse)}" if story.apocalypse else ""
        lines.append(
            f"Players, clockwise: {_md(', '.join(story.players))} · from {story.start_year}{kind}"
        )
        lines.append("")
    else:
        lines += ["The world has not begun yet.", ""]
    for year in story.years:
        lines += [f"## {year.year}", ""]
        turn = None
        for row in year.rows:
            if row.turn != turn:
                turn = row.turn
                lines.append(f"- **Turn {row.turn} · {_md(row.player)} · {MOVE_TEXT[row.move]}**")
            indent = "  " * (row.depth + 1)
            if row.kind == "event":
                arrow = "↳ chained " if row.chained_from else ""
                roll = f"roll {row.dice}, " if row.dice else ""
                lines.append(
                    f"{indent}- {arrow}**{_md(row.text)}** ({roll}Pressure "
                    f"+{row.pressure_added} → {row.pressure})"
                )
            elif row.kind == "year_end":
                lines.append(f"{indent}- *{_md(row.text)}*")
            else:
                lines.append(f"{indent}- {_md(row.text)} · Pressure {row.pressure}")
        lines.append("")
        lines.append(
            f"Events this year: {year.events}."
            + (f" {_md(year.outcome[:1].upper() + year.outcome[1:])}." if year.outcome else "")
        )
        lines.append("")
    if story.ending_text:
        ending = story.ending_text[:1].upper() + story.ending_text[1:]
        lines += ["---", "", f"**{_md(ending)}.**", ""]
    source = story.source
    lines += [
        "---",
        "",
        f"*Tables from {_md(source.credit())}.*",
        "",
        f"> {_md(source.notice)}",
        "",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------- CSV

CSV_COLUMNS = (
    "year",
    "turn",
    "player",
    "move",
    "step",
    "depth",
    "event",
    "type",
    "type_name",
    "entry",
    "region",
    "global",
    "details",
    "chained_from",
    "target",
    "dice",
    "pressure_added",
    "cost",
    "rp_left",
    "pressure_after",
    "text",
)
"""The chronicle's CSV columns, one row per step."""


def chronicle_csv(story: Chronicle) -> str:
    """The chronicle as CSV, one row per step; the last line credits the tables."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in story.rows:
        writer.writerow(
            [
                row.year,
                row.turn,
                row.player,
                MOVE_TEXT[row.move],
                row.kind,
                row.depth,
                row.event,
                "" if row.type is None else row.type,
                row.type_name,
                row.entry,
                row.region,
                "yes" if row.global_scope else "",
                row.details,
                row.chained_from,
                row.target,
                row.dice,
                row.pressure_added,
                "" if row.cost is None else row.cost,
                "" if row.rp_left is None else row.rp_left,
                row.pressure,
                row.text,
            ]
        )
    writer.writerow([f"# Tables from {story.source.credit()}. {story.source.notice}"])
    return out.getvalue()
