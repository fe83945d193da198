"""The overview's plain core: participants' folders and the hub's word on their servers
in, one :class:`~isowidgets.workshop.roster.Row` per participant out.

A :class:`Roster` follows every participant's latest journal read-only (a
:class:`~isowidgets.follow.Spectator` each, exactly as the stream view follows one:
no lock, no secret, public entries only) and says, per participant, the notebook they
have open, the system and its latest step, and when they last acted (*quiet* past
:data:`QUIET_SECONDS`); :func:`table_link` is the link to their table, read-only.
What the hub says of each participant is a :class:`Seat` (asked by
:class:`~isowidgets.workshop.hub_seats.HubSeats`); the page that shows the rows is
:class:`~isowidgets.workshop.overview.OverviewPage`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from urllib.parse import quote, urlencode

from .. import checks
from ..errors import IsowidgetsError
from ..follow import Spectator
from ..journal.events import system_title
from ..words import Message

__all__ = [
    "JOURNAL_GLOB",
    "MAX_JOURNALS",
    "QUIET_SECONDS",
    "LinkError",
    "Roster",
    "Row",
    "Seat",
    "table_link",
]

QUIET_SECONDS = 300
"""A participant with no action for this long is marked quiet: maybe stuck."""

JOURNAL_GLOB = "notebooks/**/sessions/*.jsonl"
"""Where a participant's journals are, under their home (a table writes ``sessions/``
beside its notebook; notebooks are pulled into ``notebooks/``)."""


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
    """One participant's line of the overview (see :mod:`isowidgets.workshop.overview`).

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
