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
  in words and with a glyph past :data:`QUIET_SECONDS`, never by colour alone;
* a **link to their table, read-only**: the stream view of that journal.

It refreshes itself: the page's kernel looks again every :data:`REFRESH_SECONDS`
(each journal is one ``stat`` unless it changed; changed ones are read within
:data:`READ_BUDGET`).

Layers: :class:`Roster` is the plain core (participants' folders and the hub's
word on their servers in, :class:`Row` out); :class:`HubSeats` asks the hub;
:class:`OverviewPage` is the widget.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote, urlencode

import ipywidgets as widgets

from .. import checks
from ..errors import IsowidgetsError
from ..follow import Spectator, repeat
from ..journal.events import system_title
from ..widgets.css import style
from ..widgets.i18n import Labels
from ..words import Message, render
from .words import OVERVIEW_WORDS

__all__ = [
    "LANGUAGE_VARIABLE",
    "QUIET_SECONDS",
    "REFRESH_SECONDS",
    "HubSeats",
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

QUIET_SECONDS = 300
"""A participant with no action for this long is marked quiet: maybe stuck."""

JOURNAL_GLOB = "notebooks/**/sessions/*.jsonl"
"""Where a participant's journals are, under their home (a table writes ``sessions/``
beside its notebook; notebooks are pulled into ``notebooks/``)."""

LANGUAGE_VARIABLE = "ISOWIDGETS_WORKSHOP_LANGUAGE"
"""The environment variable the hub gives the service the host's ``--language`` in."""


def page_language() -> str:
    """The language the service's pages speak: the host's ``--language`` (English when
    unset; the command line refused any other value before the hub started)."""
    spoken = os.environ.get(LANGUAGE_VARIABLE, "")
    return spoken if spoken in OVERVIEW_WORDS.languages else OVERVIEW_WORDS.languages[0]


MAX_JOURNALS = 200
"""At most this many journals of one participant are looked at per refresh (the
newest wins), so a home flooded with files cannot slow the page for everyone."""


@dataclass(frozen=True, slots=True)
class Seat:
    """What the hub says of one participant.

    Attributes:
        name: their name.
        running: whether their server is up.
        notebooks: the notebooks open in their server (paths under their home), each
            with its kernel's last activity.
    """

    name: str
    running: bool = False
    notebooks: tuple[tuple[str, datetime | None], ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    """One participant's line of the overview (see the module docstring).

    ``system`` and ``step`` are what the system says (a
    :class:`~isowidgets.words.message.Message`, or plain text where a system names
    itself in English only): the page renders them in its language.
    """

    participant: str
    running: bool
    notebook: str | None = None
    system: Message | str | None = None
    step: Message | str | None = None
    last_action: datetime | None = None
    journal: str | None = None
    problem: Message | str = ""

    def since(self, now: datetime) -> float | None:
        """Seconds since their last action (``None`` before the first)."""
        if self.last_action is None:
            return None
        return max(0.0, (now - self.last_action).total_seconds())

    def quiet(self, now: datetime, after: float = QUIET_SECONDS) -> bool:
        """Whether they have done nothing for ``after`` seconds (or nothing at all yet)."""
        since = self.since(now)
        return since is None or since >= after


def _name_ok(name: str) -> bool:
    return bool(name) and name not in (".", "..") and "/" not in name and "\0" not in name


class Roster:
    """Follows every participant's latest journal under ``participants`` read-only.

    One :class:`~isowidgets.follow.Spectator` per journal, kept between refreshes, so
    an unchanged journal costs one ``stat``. A changed one is read whole again (as the
    stream view reads one), which takes a while for a long session (the load test
    measures it), so :meth:`rows` can be given a time budget: journals are read
    stalest first until it is spent, and the others keep what they showed a moment
    ago (their time since the last action is always fresh: it is the file's time).
    A journal just started, not read yet, keeps what the participant's previous one
    said until it is read.
    """

    def __init__(self, participants: str | os.PathLike[str]) -> None:
        self.participants = checks.path(participants, "the participants folder").resolve()
        self._spectators: dict[Path, Spectator] = {}
        self._read_at: dict[Path, float] = {}
        self._last_read: dict[str, Row] = {}

    def homes(self) -> dict[str, Path]:
        """Every participant's home folder, by name."""
        if not self.participants.is_dir():
            return {}
        return {p.name: p for p in sorted(self.participants.iterdir()) if p.is_dir()}

    def latest_journal(self, home: Path) -> tuple[Path, datetime] | None:
        """The journal in ``home`` written last and when (``None`` when there is none)."""
        newest: tuple[int, Path] | None = None
        for count, path in enumerate(home.glob(JOURNAL_GLOB)):
            if count >= MAX_JOURNALS:
                break
            try:
                mark = path.stat().st_mtime_ns
            except OSError:
                continue
            if newest is None or mark > newest[0]:
                newest = (mark, path)
        if newest is None:
            return None
        return newest[1], datetime.fromtimestamp(newest[0] / 1e9, UTC)

    def _spectator(self, journal: Path) -> Spectator:
        spectator = self._spectators.get(journal)
        if spectator is None:
            spectator = self._spectators[journal] = Spectator(journal)
        return spectator

    def _read(self, journals: Sequence[Path], budget: float | None) -> None:
        """Poll ``journals`` stalest first, until ``budget`` seconds are spent (at least
        one is read each time, so every journal is read in turn)."""
        began = time.monotonic()
        for journal in sorted(journals, key=lambda j: self._read_at.get(j, 0.0)):
            self._spectator(journal).poll()
            self._read_at[journal] = time.monotonic()
            if budget is not None and time.monotonic() - began >= budget:
                break

    def row(self, seat: Seat, home: Path | None) -> Row:
        """The row of one participant: their seat and their latest journal, read now."""
        found = None if home is None else self.latest_journal(home)
        if found is not None:
            self._spectator(found[0]).poll()
        return self._row(seat, home, found)

    def _row(self, seat: Seat, home: Path | None, found: tuple[Path, datetime] | None) -> Row:
        """The row of one participant from their latest journal as it was last read."""
        if found is None or home is None:
            return Row(seat.name, seat.running, _notebook_for(seat, None))
        journal, written = found
        spectator = self._spectator(journal)
        relative = journal.relative_to(home).as_posix()
        notebook = _notebook_for(seat, relative)
        catch = spectator.last
        if catch is None:  # not read yet (the budget ran out), just started, or unreadable
            before = self._last_read.get(seat.name)
            if before is not None:  # what they did last, until this journal is read
                return replace(
                    before,
                    running=seat.running,
                    notebook=notebook,
                    last_action=written,
                    journal=relative,
                )
            return Row(
                seat.name,
                seat.running,
                notebook,
                last_action=written,
                journal=relative,
                problem=spectator.problem_message or "",
            )
        entries = catch.game.journal.effective()
        row = self._last_read[seat.name] = Row(
            participant=seat.name,
            running=seat.running,
            notebook=notebook,
            system=system_title(catch.game.system),
            step=entries[-1].event.message() if entries else None,
            last_action=written,
            journal=relative,
            problem=spectator.problem_message or "",
        )
        return row

    def rows(self, seats: Mapping[str, Seat], *, budget: float | None = None) -> list[Row]:
        """One row per participant the hub knows or who has a folder, by name.

        Args:
            seats: what the hub says of each participant.
            budget: at most about this many seconds reading changed journals (the
                stalest first); ``None`` reads every changed one.
        """
        homes = self.homes()
        names = sorted(set(homes) | set(seats))
        # Found once: a journal started after this is the next refresh's to read.
        latest = {name: self.latest_journal(home) for name, home in homes.items()}
        self._read([found[0] for found in latest.values() if found is not None], budget)
        return [
            self._row(seats.get(name) or Seat(name), homes.get(name), latest.get(name))
            for name in names
        ]

    def journal_path(self, participant: object, journal: object) -> Path:
        """The journal file a table link names, checked to be a journal of that participant.

        Raises:
            IsowidgetsError: not a participant, or not one of their journals (a path
                leading elsewhere is refused, whatever the link says).
        """
        name = checks.text(participant, "the participant", max_length=200, error=LinkError)
        spelled = checks.text(journal, "the journal", max_length=1000, error=LinkError)
        home = self.homes().get(name) if _name_ok(name) else None
        if home is None:
            raise LinkError(f"there is no participant {checks.shown(name)} in this workshop")
        path = (home / spelled).resolve()
        if (
            not path.is_relative_to(home.resolve())
            or path.suffix != ".jsonl"
            or path.parent.name != "sessions"
            or not path.is_file()
        ):
            raise LinkError(
                f"{checks.shown(spelled)} is not a journal of {name}; allowed: a file "
                "sessions/*.jsonl under their notebooks"
            )
        return path


class LinkError(IsowidgetsError, ValueError):
    """A table link that does not name one participant's journal."""


def _notebook_for(seat: Seat, journal: str | None) -> str | None:
    """The notebook a participant plays: the open one in their journal's folder whose
    kernel was busy last (any open one when none is there)."""
    if not seat.notebooks:
        return None
    candidates = list(seat.notebooks)
    if journal is not None:
        folder = PurePosixPath(journal).parent.parent
        beside = [(p, t) for p, t in candidates if PurePosixPath(p).parent == folder]
        candidates = beside or candidates
    oldest = datetime.min.replace(tzinfo=UTC)
    path, _ = max(candidates, key=lambda item: item[1] or oldest)
    # Every notebook is under notebooks/: the folder is said once, in the column's name.
    return path.removeprefix("notebooks/")


def table_link(row: Row) -> str | None:
    """The relative link of a row's read-only table (the service's table page)."""
    if row.journal is None:
        return None
    query = urlencode({"participant": row.participant, "journal": row.journal}, quote_via=quote)
    return f"table.ipynb?{query}"


def _time(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


class HubSeats:
    """Asks the hub which participants there are and what their servers have open.

    Uses the service's own token (``JUPYTERHUB_API_TOKEN``): ``list:users`` and
    ``read:users`` for the names, ``read:servers`` for their servers, and
    ``access:servers`` to read each running server's sessions (the open notebooks).

    Args:
        api_url: the hub's API (``JUPYTERHUB_API_URL``).
        proxy_url: where participants' servers are reached (the proxy's address).
        token: the service's token.
    """

    def __init__(self, api_url: str, proxy_url: str, token: str) -> None:
        self.api_url = api_url.rstrip("/")
        self.proxy_url = proxy_url.rstrip("/")
        self.token = token
        self.problem: tuple[str, str] | None = None
        """Why the hub could not be asked last time: a key of the overview's words and
        the detail (``None`` when it answered)."""

    @classmethod
    def from_environment(cls) -> HubSeats:
        """The hub's addresses and token as the hub gives them to its service."""
        return cls(
            os.environ.get("JUPYTERHUB_API_URL", ""),
            os.environ.get("ISOWIDGETS_WORKSHOP_PROXY", ""),
            os.environ.get("JUPYTERHUB_API_TOKEN", ""),
        )

    async def _get(self, url: str) -> Any:
        from tornado.httpclient import AsyncHTTPClient

        answer = await AsyncHTTPClient().fetch(
            url, headers={"Authorization": f"token {self.token}"}, request_timeout=10
        )
        return json.loads(answer.body)

    async def _notebooks(self, server_url: str) -> tuple[tuple[str, datetime | None], ...]:
        try:
            sessions = await self._get(f"{self.proxy_url}{server_url}api/sessions")
        except Exception:  # a server starting or stopping has no sessions to give
            return ()
        found = []
        for session in sessions if isinstance(sessions, list) else []:
            path = session.get("path") if isinstance(session, dict) else None
            kernel = session.get("kernel") or {} if isinstance(session, dict) else {}
            if isinstance(path, str) and path.endswith(".ipynb"):
                found.append((path, _time(kernel.get("last_activity"))))
        return tuple(found)

    async def seats(self) -> dict[str, Seat]:
        """Every participant (admins left out), with their server's open notebooks.

        When the hub cannot be asked, :attr:`problem` says why and no seat is given
        (the overview then lists participants by their folders).
        """
        if not (self.api_url and self.token):
            self.problem = ("overview.no_hub", "JUPYTERHUB_API_URL, JUPYTERHUB_API_TOKEN")
            return {}
        try:
            users = await self._get(f"{self.api_url}/users?limit=1000")
        except Exception as exc:
            self.problem = ("overview.hub_silent", f"{type(exc).__name__}: {exc}")
            return {}
        self.problem = None
        seats: dict[str, Seat] = {}
        waiting = {}
        for user in users if isinstance(users, list) else []:
            if not isinstance(user, dict) or user.get("admin") or user.get("kind") == "service":
                continue
            name = str(user.get("name", ""))
            server = (user.get("servers") or {}).get("") or {}
            running = bool(server.get("ready"))
            seats[name] = Seat(name, running)
            if running and self.proxy_url and isinstance(server.get("url"), str):
                waiting[name] = self._notebooks(server["url"])
        found = await asyncio.gather(*waiting.values())
        for name, notebooks in zip(waiting, found, strict=True):
            seats[name] = Seat(name, True, notebooks)
        return seats


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
