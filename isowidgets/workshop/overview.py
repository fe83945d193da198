"""The teacher's overview: one row per participant, read from their journals.

With eight tables of four in a room, the teacher cannot tell which group is stuck
without walking over. The overview is a page the hub serves to its admins only (a
JupyterHub service, :mod:`isowidgets.workshop.service`) with one row per
participant:

* the **notebook** they have open, from their server's sessions (the notebook in
  the folder of their latest journal whose kernel was busy last);
* the **system** and the **latest step in words**, read from their most recently
  written journal by a :class:`~isowidgets.follow.Spectator`, exactly as the stream
  view follows one: read-only, no lock, no secret, public entries only (a GM-only
  roll stays off the teacher's screen as it stays off a stream). Both are kept as
  the system's messages and said in the page's language when it is drawn, as the
  stream view says them;
* **how long since their last action** (when their journal was last written), marked *quiet*
  in words and with a glyph past :data:`~.roster.QUIET_SECONDS`, never by colour alone;
* a **link to their table, read-only**: the stream view of that journal.

It refreshes itself: the page's kernel looks again every :data:`REFRESH_SECONDS`
(each journal is one ``stat`` unless it changed; changed ones are read within
:data:`READ_BUDGET`).

Layers, a module each: :class:`~.roster.Roster` is the plain core (participants' folders
and the hub's word on their servers in, :class:`~.roster.Row` out,
:mod:`isowidgets.workshop.roster`); :class:`~.hub_seats.HubSeats` asks the hub
(:mod:`isowidgets.workshop.hub_seats`); :class:`OverviewPage`, here, is the widget.
Their names are given here too, as they always were.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import IsowidgetsError
from ..polling import repeat
from ..widgets.css import style
from ..widgets.i18n import Labels
from ..words import Message, render
from .hub_seats import HubSeats
from .roster import (
    JOURNAL_GLOB,
    MAX_JOURNALS,
    QUIET_SECONDS,
    LinkError,
    Roster,
    Row,
    Seat,
    table_link,
)
from .words import OVERVIEW_WORDS

__all__ = [
    "JOURNAL_GLOB",
    "LANGUAGE_VARIABLE",
    "MAX_JOURNALS",
    "QUIET_SECONDS",
    "READ_BUDGET",
    "REFRESH_SECONDS",
    "HubSeats",
    "LinkError",
    "OverviewPage",
    "Roster",
    "Row",
    "Seat",
    "page_language",
    "table_link",
]

LOG = logging.getLogger(__name__)
"""Where a failed refresh's details go (the terminal that runs the workshop)."""

REFRESH_SECONDS = 3.0
"""How often the overview looks again."""

READ_BUDGET = 0.5
"""At most about this many seconds of each refresh go to reading changed journals
(the stalest first; the others wait for the next refresh), so the overview's kernel
never takes more than a sixth of a core however many participants play."""

LANGUAGE_VARIABLE = "ISOWIDGETS_WORKSHOP_LANGUAGE"
"""The environment variable the hub gives the service the host's ``--language`` in."""


def page_language() -> str:
    """The language the service's pages speak: the host's ``--language`` (English when
    unset; the command line refused any other value before the hub started)."""
    spoken = os.environ.get(LANGUAGE_VARIABLE, "")
    return spoken if spoken in OVERVIEW_WORDS.languages else OVERVIEW_WORDS.languages[0]


def _cut(text: str, most: int) -> str:
    """``text`` on one line, at most ``most`` characters (an ellipsis marks the cut)."""
    line = " ".join(text.split())
    return line if len(line) <= most else line[: most - 1] + "…"


def _ago(labels: Labels, seconds: float | None) -> str:
    if seconds is None:
        return labels("overview.never")
    if seconds < 60:
        return labels("overview.seconds", n=int(seconds))
    if seconds < 3600:
        return labels("overview.minutes", n=int(seconds // 60))
    return labels("overview.hours", n=int(seconds // 3600), m=int(seconds % 3600 // 60))


CSS = """<style>
.iw-overview { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #111;
  max-width: 80em; }
.iw-overview h1 { font-size: 1.4em; margin: 0.3em 0; }
.iw-overview table { border-collapse: collapse; width: 100%; }
.iw-overview caption { text-align: left; padding: 0.3em 0; color: #333; }
.iw-overview th, .iw-overview td { border-bottom: 1px solid #999; padding: 0.35em 0.6em;
  text-align: left; vertical-align: top; }
.iw-overview th { background: #eee; }
.iw-overview tr.iw-overview-quiet td { background: #fff4d6; }
.iw-overview .iw-overview-flag { font-weight: 700; }
/* Underlined: a link is told from the words beside it by more than its colour. */
.iw-overview a { color: #0645ad; text-decoration: underline; }
.iw-overview a:focus { outline: 3px solid #1a5fb4; outline-offset: 2px; }
.iw-overview .iw-overview-status { font-size: 0.85em; color: #333; }
</style>"""


class OverviewPage(widgets.VBox):  # type: ignore[misc]
    """The overview a teacher opens: a table redrawn every :data:`REFRESH_SECONDS`.

    Args:
        participants: the workshop's ``participants/`` folder.
        seats: asks the hub who is there (``None``: participants by folder only).
        language: ``"en"`` or ``"da"``.
        quiet_after: seconds without an action before a row is marked quiet.
    """

    def __init__(
        self,
        participants: str | os.PathLike[str],
        *,
        seats: HubSeats | None = None,
        language: str = "en",
        quiet_after: float = QUIET_SECONDS,
    ) -> None:
        language = checks.choice(language, "language", OVERVIEW_WORDS.languages)
        self.quiet_after = checks.real(quiet_after, "quiet_after", 10, 24 * 3600)
        self.roster = Roster(participants)
        self.hub = seats
        self.labels = Labels(OVERVIEW_WORDS, language)
        self.title = widgets.HTML(f"<h1>{html.escape(self.labels('overview.title'))}</h1>")
        self.table = widgets.HTML()
        self.table.add_class("iw-overview-rows")
        self.status = widgets.HTML()
        self.status.add_class("iw-overview-status")
        super().__init__([style(), widgets.HTML(CSS), self.title, self.table, self.status])
        self.add_class("iw-overview")
        self._task: asyncio.Task[None] | None = None
        self.interval = REFRESH_SECONDS
        """How many seconds apart the page refreshes (see :meth:`start`)."""
        self.rows: list[Row] = []

    @classmethod
    def from_environment(cls, **kwargs: Any) -> OverviewPage:
        """The page as the service runs it (the workshop directory, the hub and the
        host's language from the service's environment)."""
        folder = Path(os.environ.get("ISOWIDGETS_WORKSHOP_DIR", "workshop")) / "participants"
        kwargs.setdefault("language", page_language())
        return cls(folder, seats=HubSeats.from_environment(), **kwargs)

    def said(self, words: Message | str) -> str:
        """What a system says (a message, or plain text) in the page's language."""
        if isinstance(words, Message):
            return render(words, self.labels.language)
        return words

    def render(self, rows: Sequence[Row], now: datetime) -> str:
        """The table of ``rows`` as HTML (every value escaped)."""
        say = self.labels
        head = "".join(
            f"<th scope='col'>{html.escape(say(key))}</th>"
            for key in (
                "overview.participant",
                "overview.notebook",
                "overview.system",
                "overview.step",
                "overview.since",
                "overview.table",
            )
        )
        body = []
        for row in rows:
            quiet = row.quiet(now, self.quiet_after)
            since = html.escape(_ago(say, row.since(now)))
            if quiet and row.running:
                flag = html.escape(say("overview.quiet"))
                since = f"<span class='iw-overview-flag'>⏸ {flag}</span> · {since}"
            name = html.escape(row.participant)
            if not row.running:
                stopped = html.escape(say("overview.stopped"))
                name += f" <span class='iw-overview-flag'>■ {stopped}</span>"
            link = table_link(row)
            open_table = (
                f"<a href='{html.escape(link)}' target='_blank' rel='noopener'>"
                f"{html.escape(say('overview.open', name=row.participant))}</a>"
                if link
                else "—"
            )
            waiting = "overview.reading" if row.journal else "overview.no_table"
            step = self.said(row.step) if row.step is not None else say(waiting)
            if row.problem and row.step is None:
                step = say("overview.unreadable", why=self.said(row.problem))
            cells = [
                name,
                html.escape(row.notebook or "—"),
                html.escape("—" if row.system is None else self.said(row.system)),
                html.escape(_cut(step, 160)),
                since,
                open_table,
            ]
            kind = " class='iw-overview-quiet'" if quiet and row.running else ""
            body.append(
                f"<tr{kind} data-participant='{html.escape(row.participant)}'>"
                + "".join(f"<td>{cell}</td>" for cell in cells)
                + "</tr>"
            )
        if not body:
            body.append(f"<tr><td colspan='6'>{html.escape(say('overview.nobody'))}</td></tr>")
        caption = html.escape(say("overview.caption", n=len(rows)))
        return (
            f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )

    async def refresh(self) -> None:
        """Ask the hub, read the journals, redraw."""
        seats = await self.hub.seats() if self.hub is not None else {}
        now = datetime.now(UTC)
        self.rows = self.roster.rows(seats, budget=READ_BUDGET)
        table = self.render(self.rows, now)
        if self.table.value != table:
            self.table.value = table
        problem = self.hub.problem if self.hub is not None else None
        status = self.labels("overview.updated", time=now.astimezone().strftime("%H:%M:%S"))
        if problem is not None:
            key, detail = problem
            status += " · " + self.labels(key, why=_cut(detail, 200))
        self.status.value = html.escape(status)

    def start(self, interval: float = REFRESH_SECONDS) -> asyncio.Task[None]:
        """Refresh from the kernel's event loop every ``interval`` seconds until :meth:`stop`."""
        seconds = checks.real(interval, "interval", 0.2, 600.0)
        self.stop()
        self.interval = seconds
        self._task = repeat(self.refresh, seconds, self._failed)
        return self._task

    def _failed(self, exc: Exception) -> None:
        """A refresh that failed says so under the table, in the page's language, with
        what to do (the table keeps the last refresh that worked, and the next one runs
        as planned); the details go to the workshop's terminal (:data:`LOG`)."""
        LOG.error("the teacher's overview could not refresh", exc_info=exc)
        self.status.value = html.escape(self.failure(exc))

    def failure(self, exc: Exception) -> str:
        """What the page says of a refresh that failed with ``exc``: why, in the page's
        language (a kit error says its own message; a file that could not be read, its
        path; anything else only its kind, never its raw text), and what to do."""
        say = self.labels
        if isinstance(exc, IsowidgetsError):
            why = exc.render(say.language)
        elif isinstance(exc, OSError):
            where = exc.filename if exc.filename is not None else self.roster.participants
            why = say("overview.unreadable_file", path=_cut(str(where), 120))
        else:
            why = say("overview.unexpected", kind=type(exc).__name__)
        return say("overview.refresh_failed", why=_cut(why, 300), seconds=self.interval)

    def stop(self) -> None:
        """Stop refreshing (the table keeps what it shows)."""
        task = getattr(self, "_task", None)
        if task is not None:
            task.cancel()
        self._task = None

    def close(self) -> None:
        self.stop()
        super().close()
