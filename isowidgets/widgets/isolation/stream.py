"""Isolation on the stream: the latest conflict or pair roll first, then the map, Stress
and everyone's health.

The outcome (:meth:`IsolationStreamBoard.outcome`) is the latest conflict resolved
(who acted and what for, the degree with its glyph, the Stress and health changes and
the links it added or erased, each pool's dice with green ``+`` / red ``×`` and the
dice that count filled ``●``) or the latest pair roll, read from the state and the
journal's events with the stream's own messages.

The board is read-only: the map is the kit's :class:`~isowidgets.widgets.graph.GraphView`
drawing :func:`~.views.map_specs` with no click handler, the Stress counter is the
kit's :class:`~isowidgets.widgets.track.Track`, and the health list uses the same
glyphs as the map's nodes (``♥``, ``✚``, ``✚✚``, ``✝``), never colour alone.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import partial
from typing import ClassVar

import ipywidgets as widgets

from ...dice import PoolRoll
from ...follow import Catch
from ...journal import Entry, Event
from ...rules.isolation import IsolationState
from ...rules.isolation.beats import TONE, degree_words, health_words
from ...rules.isolation.events import (
    ConflictCancelled,
    ConflictClosed,
    ConflictProposed,
    ConflictResolved,
    HealthChanged,
    LinkAdded,
    LinkRemoved,
    PairOutcome,
    PairRolled,
    StressChanged,
)
from ...rules.isolation.model import GM, Colour, Conflict, Link
from ...rules.isolation.rolling import counts
from ...words import Message, msg, plural, render
from ..graph import GraphView
from ..stream_board import (
    DicePool,
    Outcome,
    StreamBoard,
    Tone,
    counted,
    scan_back,
    track_words,
)
from ..track import Track
from .map import HEIGHT, WIDTH, fold_busy_pairs, fold_style, place_counts
from .views import DEGREE_GLYPH, HEALTH_MARK, ellipse_positions, label_side, map_specs, map_style

__all__ = ["IsolationStreamBoard", "isolation_outcome"]


def _link(link: Link, names: Mapping[str, str]) -> Message:
    """A link as a viewer reads it: ``Alice + Bob “Old friends”`` (green) or ``×`` (red)."""
    a, b = names.get(link.a, link.a), names.get(link.b, link.b)
    glyph = "+" if link.colour == "green" else "×"
    if link.colour == "green":
        colour = msg("stream.isolation.green", "green")
    else:
        colour = msg("stream.isolation.red", "red")
    if link.labeled:
        return msg(
            "stream.isolation.link_labeled",
            "{glyph} {colour} link {a} – {b} “{label}”",
            glyph=glyph,
            colour=colour,
            a=a,
            b=b,
            label=link.label,
        )
    return msg(
        "stream.isolation.link",
        "{glyph} {colour} link {a} – {b}",
        glyph=glyph,
        colour=colour,
        a=a,
        b=b,
    )


def _changes(events: Sequence[Event], names: Mapping[str, str]) -> list[Message]:
    """What the events of a resolution changed: Stress, health, links (the same change
    made more than once is said once, with how many times)."""
    return counted(_each_change(events, names))


def _each_change(events: Sequence[Event], names: Mapping[str, str]) -> list[Message]:
    changes: list[Message] = []
    for event in events:
        if isinstance(event, StressChanged) and event.old != event.new:
            changes.append(
                msg("stream.isolation.stress", "Stress {old} → {new}", old=event.old, new=event.new)
            )
        elif isinstance(event, HealthChanged):
            changes.append(
                msg(
                    "stream.isolation.health",
                    "{mark} {name}: {old} → {new}",
                    mark=HEALTH_MARK[event.new],
                    name=names.get(event.character_id, event.character_id),
                    old=health_words(event.old),
                    new=health_words(event.new),
                )
            )
        elif isinstance(event, LinkAdded):
            changes.append(
                msg("stream.isolation.link_added", "New: {link}", link=_link(event.link, names))
            )
        elif isinstance(event, LinkRemoved):
            changes.append(
                msg("stream.isolation.link_erased", "Erased: {link}", link=_link(event.link, names))
            )
    return changes


def _who(who: str, names: Mapping[str, str]) -> str | Message:
    return msg("stream.isolation.gm", "the GM") if who == GM else names.get(who, who)


def _pool(
    who: str,
    colour: Colour,
    roll: PoolRoll,
    names: Mapping[str, str],
    *,
    label: Message | None = None,
) -> DicePool:
    """``who``'s pool of ``colour`` (``label`` says whose it is instead, when given)."""
    counted = partial(counts, colour)
    read = sum(counted(face) for face in roll.faces)
    if colour == "green":
        said = msg("stream.isolation.green_pool", "{who} · + green", who=_who(who, names))
        reading = plural("stream.isolation.evens", "{n} even", "{n} evens", n=read)
    else:
        said = msg("stream.isolation.red_pool", "{who} · × red", who=_who(who, names))
        reading = plural("stream.isolation.odds", "{n} odd", "{n} odds", n=read)
    return DicePool(label or said, roll, colour=colour, counts=counted, reading=reading)


def _conflict_outcome(
    conflict: Conflict, events: Sequence[Event], names: Mapping[str, str], key: str
) -> Outcome | None:
    resolution = conflict.resolution
    if resolution is None:
        return None
    heading = msg(
        "stream.isolation.conflict",
        "Conflict {n} · {who}: {action}",
        n=conflict.number,
        who=names.get(conflict.ap, conflict.ap),
        action=conflict.action,
    )
    changes = _changes(events, names)
    if resolution.automatic:
        changes.insert(0, msg("stream.isolation.automatic", "Stress 0: no dice rolled"))
    if conflict.wounds_left:
        changes.append(
            plural(
                "stream.isolation.wounds_left",
                "{n} wound still to be given",
                "{n} wounds still to be given",
                n=conflict.wounds_left,
            )
        )
    reading = None
    if not resolution.automatic and resolution.margin is not None:
        reading = msg(
            "stream.isolation.reading",
            "{team} team evens − {odds} opposing odds: margin {margin}",
            team=resolution.team_evens,
            odds=resolution.opposition_odds,
            margin=f"{resolution.margin:+d}".replace("-", "−"),
        )
    return Outcome(
        key=key,
        heading=heading,
        verdict=degree_words(resolution.degree),
        glyph=DEGREE_GLYPH[resolution.degree],
        tone=TONE[resolution.degree],
        changes=tuple(changes),
        dice=tuple(_pool(r.who, r.colour, r.roll, names) for r in conflict.rolls if r.roll.dice),
        reading=reading,
    )


def _pair_outcome(
    rolled: PairRolled, after: Sequence[Event], key: str, names: Mapping[str, str]
) -> Outcome:
    a, b = names.get(rolled.a, rolled.a), names.get(rolled.b, rolled.b)
    heading = msg("stream.isolation.pair", "Pair roll · {a} and {b}", a=a, b=b)
    tone: Tone
    if rolled.evens > rolled.odds:
        verdict = msg("stream.isolation.pair_evens", "More evens")
        glyph, tone = "▲", "success"
    elif rolled.odds > rolled.evens:
        verdict = msg("stream.isolation.pair_odds", "More odds")
        glyph, tone = "▼", "failure"
    else:
        verdict = msg("stream.isolation.pair_tie", "A tie: nothing changes")
        glyph, tone = "＝", "even"
    changes = _changes(after, names)
    settled = next((e for e in after if isinstance(e, PairOutcome)), None)
    if settled is not None and not changes and settled.choice in _CHOICES:
        changes.append(_pair_choice(settled.choice))
    return Outcome(
        key=key,
        heading=heading,
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=(  # the dice of the links between the two: both pools are the pair's
            _pool(
                rolled.a,
                "green",
                rolled.green,
                names,
                label=msg("stream.isolation.pair_green_pool", "{a} and {b} · + green", a=a, b=b),
            ),
            _pool(
                rolled.a,
                "red",
                rolled.red,
                names,
                label=msg("stream.isolation.pair_red_pool", "{a} and {b} · × red", a=a, b=b),
            ),
        ),
        reading=msg(
            "stream.isolation.pair_reading",
            "{evens} evens against {odds} odds",
            evens=rolled.evens,
            odds=rolled.odds,
        ),
    )


_CHOICES = ("erase_red", "add_green", "erase_green", "add_red")


def _pair_choice(choice: str) -> Message:
    if choice == "erase_red":
        return msg("stream.isolation.pair_erase_red", "they erase a red link")
    if choice == "add_green":
        return msg("stream.isolation.pair_add_green", "they add a green link")
    if choice == "erase_green":
        return msg("stream.isolation.pair_erase_green", "they erase a green link")
    return msg("stream.isolation.pair_add_red", "they add a red link")


def _resolves(entry: Entry) -> bool:
    return isinstance(entry.event, ConflictResolved | PairRolled)


def isolation_outcome(state: IsolationState, entries: Sequence[Entry]) -> Outcome | None:
    """The latest conflict resolved or pair roll in ``entries`` (effective, in order),
    with what followed from it up to its close; ``None`` when there is none yet."""
    at = scan_back(entries, _resolves)
    if at is None:
        return None
    names = {c.id: c.name for c in state.characters}
    first = entries[at].event
    for entry in entries[: at + 1][-200:]:  # who has left the map keeps a name
        names = {**getattr(entry.event, "names", {}), **names}
    after: list[Event] = []
    for entry in entries[at:]:
        if isinstance(entry.event, ConflictProposed | PairRolled) and after:
            break
        after.append(entry.event)
        if isinstance(entry.event, ConflictClosed | ConflictCancelled | PairOutcome):
            break
    key = f"{first.kind}-{entries[at].seq}"
    if isinstance(first, PairRolled):
        return _pair_outcome(first, after, key, names)
    assert isinstance(first, ConflictResolved)
    conflict = state.conflict if state.conflict and state.conflict.number == first.number else None
    if conflict is None and state.last_conflict and state.last_conflict.number == first.number:
        conflict = state.last_conflict
    if conflict is None:
        return None
    return _conflict_outcome(conflict, after, names, key)


STREAM_MAP_STYLE = [
    {"selector": "node", "style": {"font-size": 22, "min-zoomed-font-size": 0}},
    {
        "selector": "edge",
        # Parallel links fanned wide enough that their labels, as large as these, do not
        # run over each other (at the table's 50 px the Alice–Bob labels overlapped).
        "style": {
            "font-size": 20,
            "text-wrap": "wrap",
            "min-zoomed-font-size": 0,
            "control-point-step-size": 80,
        },
    },
    {"selector": "edge.unlabeled", "style": {"font-size": 22}},
]
"""The map's text on stream: large enough to read at 720p once the map is fitted to its
box, and link labels wrapped, never cut (the table's map shortens them with an ellipsis)."""

NOBODY = msg("stream.nothing", "Nobody at the table yet.")


class IsolationStreamBoard(StreamBoard):
    """The relationship map beside Stress and the characters' health."""

    system: ClassVar[str] = "isolation"

    def __init__(self, language: str) -> None:
        self.view = GraphView(
            style=[*map_style(labels=True, label_width=260), *fold_style(), *STREAM_MAP_STYLE],
            css_class="iw-stream-map",
        )
        self.view.widget.layout = widgets.Layout(height="100%", width="100%")
        self.stress = Track.counter(
            render(msg("stream.stress", "Stress"), language),
            0,
            rungs=True,
            css_class="iw-stream-stress",
            track_words=track_words(language),
        )
        self.health = widgets.HTML()
        self.health.add_class("iw-stream-health")
        self.sides: dict[str, str] = {}
        top = widgets.HBox([self.stress, self.health])
        top.add_class("iw-stream-strip")
        map_box = widgets.Box([self.view.widget])
        map_box.add_class("iw-stream-mapbox")
        super().__init__(language, [top, map_box])

    def settle(self) -> None:
        """Fit the map to its box now that the browser has drawn it (a graph fitted
        before its view had its final size sits small in a corner)."""
        self.view.fit()

    def outcome(self, catch: Catch) -> Outcome | None:
        return isolation_outcome(catch.game.state, catch.effective)

    def show(self, catch: Catch) -> None:
        state: IsolationState = catch.game.state
        ids = [c.id for c in state.characters]
        if catch.rebuilt or any(cid not in self.view.positions for cid in ids):
            ring = ellipse_positions(ids, width=WIDTH, height=HEIGHT)
            centre = (WIDTH / 2, HEIGHT / 2)
            self.sides = {cid: label_side(xy, centre) for cid, xy in ring.items()}
            self.view.place(ring)
        nodes, edges = map_specs(state, sides=self.sides, say=self.say)
        edges = place_counts(fold_busy_pairs(state, edges), self.view.positions)
        self.view.sync(nodes, edges)
        self.stress.bound(state.settings.stress_min, state.settings.stress_max)
        self.stress.set(state.stress)
        rows = "".join(
            f"<li><span class='iw-stream-mark' aria-hidden='true'>{HEALTH_MARK[c.health]}</span> "
            f"<b>{html.escape(c.name)}</b> {html.escape(self.say(health_words(c.health)))}</li>"
            for c in state.characters
        )
        value = (
            f"<ul class='iw-stream-list iw-stream-people'>{rows}</ul>"
            if rows
            else f"<p>{html.escape(self.say(NOBODY))}</p>"
        )
        if self.health.value != value:
            self.health.value = value
