"""Isolation's beats: the moments a person scrubs to (see :class:`~isowidgets.beats.Beats`).

* a **conflict** resolved: who acted and what for, the degree with its glyph, what it
  changed (Stress, links, health, wounds still to give), every pool's dice with the dice
  that count filled, and the count that decided it;
* a **pair roll** settled: at the roll when it is a tie (nothing to choose), else at
  the pair's choice, with the roll it settles;
* **wounds given** after a conflict (the health they took);
* a **death**, with what it did to the map;
* a **session end**.

Everything is read from the states and the events' data, in messages of the
``isolation`` catalogue; the glyphs (:data:`DEGREE_GLYPH`, :data:`HEALTH_MARK`) are the
ones the table's views draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ...contract import Beat, BeatDice, Beats, Moment, Tone
from ...dice import PoolRoll
from ...journal import Event
from ...words import Message, msg, plural
from .events import (
    ConflictResolved,
    DeathGreensShared,
    HealthChanged,
    LinkAdded,
    LinkRemoved,
    PairOutcome,
    PairRolled,
    SessionEnded,
    StressChanged,
    WoundsAssigned,
    WoundsPending,
)
from .model import (
    GM,
    Colour,
    Degree,
    Health,
    IsolationState,
    Link,
    degree_words,
    health_words,
)
from .rolling import counts

__all__ = ["BEATS", "DEGREE_GLYPH", "HEALTH_MARK", "TONE", "degree_words", "health_words"]

HEALTH_MARK: dict[Health, str] = {"Healthy": "♥", "Injured": "✚", "Dying": "✚✚", "Dead": "✝"}
"""A glyph per health level, written next to the level's name (never colour alone)."""

DEGREE_GLYPH: dict[Degree, str] = {
    "Complete Success": "▲▲",
    "Basic Success": "▲",
    "Partial Success": "△",
    "Partial Failure": "▽",
    "Basic Failure": "▼",
    "Complete Failure": "▼▼",
}
"""A glyph per degree of success: up for a success, down for a failure, hollow when partial."""

TONE: dict[Degree, Tone] = {
    "Complete Success": "success",
    "Basic Success": "success",
    "Partial Success": "partial",
    "Partial Failure": "partial",
    "Basic Failure": "failure",
    "Complete Failure": "failure",
}

LINKS_LISTED = 4
"""The most links a beat lists one by one; more are counted."""

Act = Moment[IsolationState]


def _cast(state: IsolationState) -> list[Message]:
    """Every character, with profession and health now."""
    cast = []
    for character in state.characters:
        if character.profession:
            cast.append(
                msg(
                    "isolation.cast.character",
                    "{mark} {name}, {profession}: {health}",
                    mark=HEALTH_MARK[character.health],
                    name=character.name,
                    profession=character.profession,
                    health=health_words(character.health),
                )
            )
        else:
            cast.append(
                msg(
                    "isolation.cast.nobody",
                    "{mark} {name}: {health}",
                    mark=HEALTH_MARK[character.health],
                    name=character.name,
                    health=health_words(character.health),
                )
            )
    return cast


BEATS: Beats[IsolationState] = Beats(
    "Isolation",
    {
        "conflict": msg("isolation.beat.kind.conflict", "Conflicts"),
        "pair_roll": msg("isolation.beat.kind.pair_roll", "Pair rolls"),
        "wounds": msg("isolation.beat.kind.wounds", "Wounds given"),
        "death": msg("isolation.beat.kind.death", "Deaths"),
        "session_end": msg("isolation.beat.kind.session_end", "Session ends"),
    },
    cast=_cast,
    credits=lambda state: [
        msg(
            "isolation.credits",
            "Isolation: the role-playing game of small spaces and personal conflict",
        )
    ],
)


def _names(moment: Act, event: Event) -> dict[str, str]:
    """Character id → name: the event's own, then the state's (before or after)."""
    found = {c.id: c.name for c in moment.before.characters}
    found.update({c.id: c.name for c in moment.after.characters})
    found.update(getattr(event, "names", {}) or {})
    return found


def _signed(number: int) -> str:
    return f"{number:+d}".replace("-", "−")


def _link(link: Link, names: Mapping[str, str]) -> Message:
    """A link as a person reads it: ``+ green link Alice – Bob “Old friends”``."""
    a, b = names.get(link.a, link.a), names.get(link.b, link.b)
    if link.colour == "green":
        colour = msg("isolation.beat.green_link", "+ green link")
    else:
        colour = msg("isolation.beat.red_link", "× red link")
    if link.labeled:
        return msg(
            "isolation.beat.link_labeled",
            "{colour} {a} – {b} “{label}”",
            colour=colour,
            a=a,
            b=b,
            label=link.label,
        )
    return msg("isolation.beat.link", "{colour} {a} – {b}", colour=colour, a=a, b=b)


def _changes(events: Sequence[Event], names: Mapping[str, str]) -> list[Message]:
    """What ``events`` changed: Stress, health (each character once, from the first level
    to the last), links (a few by name, the rest counted), wounds still to give."""
    changes: list[Message] = []
    later: list[Message] = []  # said after the health and link lines
    health: dict[str, list[Health]] = {}
    added: list[Link] = []
    erased: list[Link] = []
    for event in events:
        if isinstance(event, StressChanged) and event.old != event.new:
            changes.append(
                msg("isolation.beat.stress", "Stress {old} → {new}", old=event.old, new=event.new)
            )
        elif isinstance(event, HealthChanged):
            health.setdefault(event.character_id, [event.old, event.new])[1] = event.new
        elif isinstance(event, LinkAdded):
            added.append(event.link)
        elif isinstance(event, LinkRemoved):
            erased.append(event.link)
        elif isinstance(event, WoundsPending) and event.wounds:
            changes.append(
                plural(
                    "isolation.beat.wounds_left",
                    "{n} wound to give",
                    "{n} wounds to give",
                    n=event.wounds,
                )
            )
        elif isinstance(event, DeathGreensShared) and event.greens:
            later.append(
                plural(
                    "isolation.beat.greens_shared",
                    "{n} green link shared among the living",
                    "{n} green links shared among the living",
                    n=event.greens,
                )
            )
    for who, (old, new) in health.items():
        if old != new:
            changes.append(
                msg(
                    "isolation.beat.health",
                    "{mark} {name}: {old} → {new}",
                    mark=HEALTH_MARK[new],
                    name=names.get(who, who),
                    old=health_words(old),
                    new=health_words(new),
                )
            )
    for link in added[:LINKS_LISTED]:
        changes.append(msg("isolation.beat.link_new", "New: {link}", link=_link(link, names)))
    if len(added) > LINKS_LISTED:
        changes.append(
            plural(
                "isolation.beat.links_new_more",
                "and {n} more new link",
                "and {n} more new links",
                n=len(added) - LINKS_LISTED,
            )
        )
    for link in erased[:LINKS_LISTED]:
        changes.append(msg("isolation.beat.link_erased", "Erased: {link}", link=_link(link, names)))
    if len(erased) > LINKS_LISTED:
        changes.append(
            plural(
                "isolation.beat.links_erased_more",
                "and {n} more link erased",
                "and {n} more links erased",
                n=len(erased) - LINKS_LISTED,
            )
        )
    return changes + later


def _who(who: str, names: Mapping[str, str]) -> str | Message:
    return msg("isolation.beat.gm", "the GM") if who == GM else names.get(who, who)


def _pool(
    who: str,
    colour: Colour,
    roll: PoolRoll,
    names: Mapping[str, str],
    *,
    label: Message | None = None,
) -> BeatDice:
    """``who``'s pool of ``colour`` (``label`` says whose it is instead, when given)."""
    counted = partial(counts, colour)
    read = sum(counted(face) for face in roll.faces)
    if colour == "green":
        said = msg("isolation.beat.green_pool", "{who} · + green", who=_who(who, names))
        reading = plural("isolation.beat.evens", "{n} even", "{n} evens", n=read)
    else:
        said = msg("isolation.beat.red_pool", "{who} · × red", who=_who(who, names))
        reading = plural("isolation.beat.odds", "{n} odd", "{n} odds", n=read)
    return BeatDice(label or said, roll, colour=colour, counts=counted, reading=reading)


def _pair_pools(rolled: PairRolled, names: Mapping[str, str]) -> tuple[BeatDice, BeatDice]:
    """A pair roll's two pools: the dice of the links between the two, so each pool is the
    pair's (``Alice and Bob · + green``), not one of them's."""
    a, b = _who(rolled.a, names), _who(rolled.b, names)
    green = msg("isolation.beat.pair_green_pool", "{a} and {b} · + green", a=a, b=b)
    red = msg("isolation.beat.pair_red_pool", "{a} and {b} · × red", a=a, b=b)
    return (
        _pool(rolled.a, "green", rolled.green, names, label=green),
        _pool(rolled.a, "red", rolled.red, names, label=red),
    )


@BEATS.on(ConflictResolved)
def _conflict(moment: Act, event: ConflictResolved) -> Beat | None:
    conflict = moment.before.conflict
    if conflict is None:
        return None
    names = _names(moment, event)
    resolution = event.resolution
    changes = _changes(moment.events, names)
    if resolution.automatic:
        changes.insert(0, msg("isolation.beat.automatic", "Stress 0: no dice rolled"))
    reading = None
    if not resolution.automatic and resolution.margin is not None:
        reading = msg(
            "isolation.beat.reading",
            "{team} team evens − {odds} opposing odds: margin {margin}",
            team=resolution.team_evens,
            odds=resolution.opposition_odds,
            margin=_signed(resolution.margin),
        )
    return Beat(
        kind="conflict",
        heading=msg(
            "isolation.beat.conflict",
            "Conflict {n} · {who}: {action}",
            n=event.number,
            who=names.get(conflict.ap, conflict.ap),
            action=conflict.action,
        ),
        verdict=degree_words(resolution.degree),
        glyph=DEGREE_GLYPH[resolution.degree],
        tone=TONE[resolution.degree],
        changes=tuple(changes),
        dice=tuple(_pool(r.who, r.colour, r.roll, names) for r in conflict.rolls),
        reading=reading,
    )


def _pair_beat(moment: Act, rolled: PairRolled, changes: list[Message]) -> Beat:
    names = _names(moment, rolled)
    a, b = names.get(rolled.a, rolled.a), names.get(rolled.b, rolled.b)
    tone: Tone
    if rolled.evens > rolled.odds:
        verdict, glyph, tone = msg("isolation.beat.pair_evens", "More evens"), "▲", "success"
    elif rolled.odds > rolled.evens:
        verdict, glyph, tone = msg("isolation.beat.pair_odds", "More odds"), "▼", "failure"
    else:
        verdict = msg("isolation.beat.pair_tie", "A tie: nothing changes")
        glyph, tone = "＝", "even"
    return Beat(
        kind="pair_roll",
        heading=msg("isolation.beat.pair", "Pair roll · {a} and {b}", a=a, b=b),
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=_pair_pools(rolled, names),
        reading=msg(
            "isolation.beat.pair_reading",
            "{evens} evens against {odds} odds",
            evens=rolled.evens,
            odds=rolled.odds,
        ),
    )


_CHOICES = {
    "erase_red": msg("isolation.beat.choice.erase_red", "They erase a labeled red link"),
    "add_green": msg("isolation.beat.choice.add_green", "They add a labeled green link"),
    "erase_green": msg("isolation.beat.choice.erase_green", "They erase a labeled green link"),
    "add_red": msg("isolation.beat.choice.add_red", "They add a labeled red link"),
    "nothing": msg("isolation.beat.choice.nothing", "They leave the map as it is"),
}


@BEATS.on(PairRolled)
def _pair_rolled(moment: Act, event: PairRolled) -> Beat | None:
    if event.evens != event.odds:
        return None  # the beat is the pair's choice, when they make it
    return _pair_beat(moment, event, [])


@BEATS.on(PairOutcome)
def _pair_outcome(moment: Act, event: PairOutcome) -> Beat | None:
    rolled = moment.looking_back(PairRolled)
    if rolled is None or {rolled.a, rolled.b} != {event.a, event.b}:
        return None
    names = _names(moment, event)
    changes = _changes(moment.events, names)
    if event.choice == "void":
        changes.insert(
            0, msg("isolation.beat.choice.void", "The roll no longer counts: {why}", why=event.why)
        )
    else:
        changes.insert(0, _CHOICES[event.choice])
    return _pair_beat(moment, rolled, changes)


@BEATS.on(WoundsAssigned)
def _wounds(moment: Act, event: WoundsAssigned) -> Beat | None:
    if any(isinstance(e, ConflictResolved) for e in moment.events):
        return None  # given with the resolution: the conflict's beat says so
    conflict = moment.before.conflict
    names = _names(moment, event)
    given = sum(event.assignment.values())
    return Beat(
        kind="wounds",
        heading=msg(
            "isolation.beat.wounds",
            "Conflict {n} · wounds given",
            n=conflict.number if conflict is not None else "?",
        ),
        verdict=plural("isolation.beat.wounds_given", "{n} wound", "{n} wounds", n=given),
        glyph="✚",
        tone="failure" if given else "even",
        changes=tuple(_changes(moment.events, names)),
    )


@BEATS.on(HealthChanged)
def _death(moment: Act, event: HealthChanged) -> Beat | None:
    if event.new != "Dead":
        return None
    names = _names(moment, event)
    return Beat(
        kind="death",
        heading=msg(
            "isolation.beat.death",
            "{name} dies",
            name=names.get(event.character_id, event.character_id),
        ),
        verdict=msg("isolation.beat.dead", "Dead: {reason}", reason=event.reason),
        glyph=HEALTH_MARK["Dead"],
        tone="failure",
        changes=tuple(_changes(moment.events, names)),
    )


@BEATS.on(SessionEnded)
def _session_end(moment: Act, event: SessionEnded) -> Beat:
    state = moment.after
    living = sum(1 for c in state.characters if c.health != "Dead")
    return Beat(
        kind="session_end",
        heading=msg("isolation.beat.session_end", "Session {n} ends", n=event.session),
        verdict=msg(
            "isolation.beat.session_end_verdict",
            "Stress {stress} · {living} still alive",
            stress=state.stress,
            living=living,
        ),
        glyph="‖",
        tone="even",
        changes=(msg("isolation.beat.pair_rolls_now", "Pair rolls may be made now"),),
    )
