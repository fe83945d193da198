"""Stress and health over a session, read from journal entries: the rows of a timeline plot.

A *beat* is one journaled action that moved the Stress Level, resolved a conflict or
changed someone's health. Each beat gives points:

* a **Stress** point at the level the beat left behind (with the reasons);
* for a resolved conflict, a point named after its **degree** at that same level;
* one health point per character whose health moved: **Injured**, **Dying**, **Dead**
  or **Recovered** (any step up), at that character's name.

:class:`StressFold` is pure and incremental: a view feeds it the events of each new
action and appends the points it returns; after an undo it folds the journal again
from the start with :func:`timeline_points`. Nothing here knows how points are drawn
(symbols and colours belong to the widget).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from ...journal import Entry, Event
from .events import ConflictResolved, HealthChanged, StressChanged
from .model import HEALTH_LADDER

__all__ = ["HEALTH_KINDS", "Point", "StressFold", "timeline_points"]

HEALTH_KINDS = ("Injured", "Dying", "Dead", "Recovered")
"""The kinds of health point, in the order of the ladder (a step up is "Recovered")."""


@dataclass(frozen=True, slots=True)
class Point:
    """One point of the timeline.

    Attributes:
        trace: what the point is: ``"Stress"``, a degree (``"Partial Success"``) or a
            health kind (:data:`HEALTH_KINDS`).
        x: the beat (0 is the start of play).
        y: the Stress Level (a number) for Stress and degree points; the character's
            name for a health point.
        text: what happened, in words (a hover text).
    """

    trace: str
    x: int
    y: int | str
    text: str


class StressFold:
    """Turns a session's actions into timeline points, one beat at a time.

    Args:
        start: the Stress Level the session starts with.
        names: character id → name, for events journaled before events carried the
            names of the characters they mention.

    Stress set as the scenario's *starting* level (before any beat) moves the start
    point rather than making a beat of its own.

    Attributes:
        stress: the Stress Level after the last beat fed.
        beat: how many beats have been fed.
    """

    def __init__(self, start: int, names: Mapping[str, str] | None = None) -> None:
        self.names = dict(names or {})
        self.stress = start
        self.beat = 0
        self.start_shown = False

    def _name(self, event: HealthChanged) -> str:
        cid = event.character_id
        return event.names.get(cid) or self.names.get(cid, cid)

    def start_point(self) -> list[Point]:
        """The point at beat 0, once (empty if it was already given)."""
        if self.start_shown:
            return []
        self.start_shown = True
        return [Point("Stress", 0, self.stress, f"start of play: Stress {self.stress}")]

    def feed(self, events: Sequence[Event]) -> list[Point]:
        """The points one action adds (empty for an action that is not a beat)."""
        beats = [
            e for e in events if isinstance(e, StressChanged | ConflictResolved | HealthChanged)
        ]
        if not beats:
            return []
        if self.beat == 0 and all(
            isinstance(e, StressChanged) and e.source == "start" for e in beats
        ):
            for event in beats:
                assert isinstance(event, StressChanged)
                self.stress = event.new
            return []
        points = self.start_point()
        self.beat += 1
        x = self.beat
        reasons: list[str] = []
        degree: ConflictResolved | None = None
        # One mark per character and action: a death by ruling walks the whole ladder
        # (Healthy → Injured → Dying → Dead) but is one death, not two injuries too.
        health: dict[str, tuple[str, str, str, str]] = {}
        for event in beats:
            if isinstance(event, StressChanged):
                reasons.append(f"{event.reason}: Stress {event.old} → {event.new}")
                self.stress = event.new
            elif isinstance(event, ConflictResolved):
                degree = event
            else:
                first = health.get(event.character_id, (event.old, "", "", ""))[0]
                health[event.character_id] = (first, event.new, event.reason, self._name(event))
        marks: list[Point] = []
        for old, new, reason, name in health.values():
            if old == new:
                continue
            up = HEALTH_LADDER.index(new) < HEALTH_LADDER.index(old)
            kind = "Recovered" if up else new
            marks.append(Point(kind, x, name, f"{name}: {old} → {new} ({reason})"))
        if degree is not None:
            r = degree.resolution
            margin = "" if r.margin is None else f", margin {r.margin:+d}"
            text = f"conflict {degree.number}: {r.degree}{margin}"
            points.append(Point(r.degree, x, self.stress, text))
            reasons.insert(0, text)
        points.append(
            Point("Stress", x, self.stress, "; ".join(reasons) or f"Stress {self.stress}")
        )
        return points + marks

    def feed_entries(self, entries: Iterable[Entry]) -> list[Point]:
        """The points of a run of journal entries, action by action, and the start point
        if it was not given yet (so a whole journal gives every point once)."""
        points: list[Point] = []
        for _action, group in groupby(entries, key=lambda e: e.action):
            points += self.feed([e.event for e in group])
        return points + self.start_point()


def timeline_points(
    start: int, entries: Iterable[Entry], names: Mapping[str, str] | None = None
) -> list[Point]:
    """Every point of a run of journal entries (usually ``journal.effective()``), the start
    point included, as :class:`StressFold` gives them action by action."""
    return StressFold(start, names).feed_entries(entries)
