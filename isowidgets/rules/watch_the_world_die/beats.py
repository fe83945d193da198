"""Watch the World Die's beats (see :class:`~isowidgets.beats.Beats`): each **turn**
(whose it was and what they did, Pressure before and after, the Events and Responses it
brought, every die it rolled) and each **year end** (the 2d6 against the year's Events,
and whether the Great Dying comes).

Everything is read from the states and the events' data, in messages of the
``watch_the_world_die`` catalogue; Event and Response names are the tables' own.
"""

from __future__ import annotations

from ...contract import Beat, BeatDice, Beats, Moment, Tone
from ...journal import Event
from ...words import Message, msg
from .events import (
    ChainRolled,
    EventCreated,
    EventTypeRolled,
    GameEnded,
    ModeRolled,
    NewYear,
    ResponseBought,
    RPRolled,
    TurnEnded,
    TurnStarted,
    YearEndRolled,
)
from .model import WorldState
from .tables import type_words

__all__ = ["BEATS"]

Act = Moment[WorldState]


def _cast(state: WorldState) -> list[Message]:
    """The players, clockwise, and the apocalypse they chose."""
    cast: list[Message] = [
        msg("watch_the_world_die.cast.player", "{name} (player)", name=name)
        for name in state.players
    ]
    if state.apocalypse:
        cast.append(
            msg(
                "watch_the_world_die.cast.apocalypse",
                "The apocalypse: {kind}",
                kind=state.apocalypse,
            )
        )
    return cast


def _credits(state: WorldState) -> list[Message]:
    """The tables' author and publisher, and the copyleft notice every copy must bear."""
    source = state.tables.source
    return [
        msg("watch_the_world_die.credits", "{credit}", credit=source.credit()),
        msg("watch_the_world_die.notice", "{notice}", notice=source.notice),
    ]


BEATS: Beats[WorldState] = Beats(
    "Watch the World Die",
    {
        "turn": msg("watch_the_world_die.beat.kind.turn", "Turns"),
        "year_end": msg("watch_the_world_die.beat.kind.year_end", "Year ends"),
    },
    cast=_cast,
    credits=_credits,
)


def _event_name(event: EventCreated) -> Message:
    where = f" ({event.region})" if event.region else ""
    return msg(
        "watch_the_world_die.beat.event_name",
        "{type}: {entry}{where}",
        type=type_words(event.type, event.type_name),
        entry=event.entry,
        where=where,
    )


def _dice(event: Event) -> BeatDice | None:
    if isinstance(event, EventTypeRolled):
        label = msg("watch_the_world_die.beat.type_roll", "Event Type")
        reading = msg(
            "watch_the_world_die.beat.type_read", "{type}, Pressure +{n}",
            type=type_words(event.read_as, event.type_name),
            n=event.pressure_added,
        )  # fmt: skip
    elif isinstance(event, ModeRolled):
        label = msg("watch_the_world_die.beat.mode_roll", "Event Mode")
        reading = msg("watch_the_world_die.beat.mode_read", "{mode}", mode=event.mode)
    elif isinstance(event, ChainRolled):
        label = msg("watch_the_world_die.beat.chain_roll", "Chain")
        reading = (
            msg("watch_the_world_die.beat.chains", "it chains")
            if event.chained
            else msg("watch_the_world_die.beat.unchained", "the chain ends")
        )
    elif isinstance(event, RPRolled):
        label = msg("watch_the_world_die.beat.rp_roll", "Response Points")
        reading = msg("watch_the_world_die.beat.rp_read", "{n} RP", n=event.rp)
    else:
        return None
    return BeatDice(label, event.roll, reading=reading)


@BEATS.on(TurnEnded)
def _turn(moment: Act, event: TurnEnded) -> tuple[Beat, ...]:
    """The turn, then the year end it brought (in the same action), in that order."""
    year_end = next((e for e in moment.events if isinstance(e, YearEndRolled)), None)
    turn = _turn_beat(moment, event)
    return (turn,) if year_end is None else (turn, _year_end_beat(moment, year_end))


def _turn_beat(moment: Act, event: TurnEnded) -> Beat:
    during: list[Event] = []
    started: TurnStarted | None = None
    for entry in reversed(moment.run):
        found = entry.event
        if isinstance(found, TurnStarted) and found.turn == event.turn:
            started = found
            break
        during.append(found)
    during.reverse()
    before = started.pressure if started is not None else moment.before.pressure
    move = started.move if started is not None else "worse"
    changes: list[Message] = []
    for found in during:
        if isinstance(found, EventCreated):
            name = _event_name(found)
            if found.chained_from:
                changes.append(
                    msg(
                        "watch_the_world_die.beat.chained_event",
                        "↳ Chained Event: {name}",
                        name=name,
                    )
                )
            else:
                changes.append(
                    msg("watch_the_world_die.beat.new_event", "New Event: {name}", name=name)
                )
        elif isinstance(found, ResponseBought):
            changes.append(
                msg(
                    "watch_the_world_die.beat.response",
                    "Response: {entry} ({cost} RP)",
                    entry=found.entry,
                    cost=found.cost,
                )
            )
    tone: Tone
    if event.pressure > before:
        glyph, tone = "▲", "failure"
    elif event.pressure < before:
        glyph, tone = "▼", "success"
    else:
        glyph, tone = "＝", "even"
    if move == "worse":
        what = msg("watch_the_world_die.beat.worse", "Make It Worse")
    else:
        what = msg("watch_the_world_die.beat.relieve", "Relieve It")
    return Beat(
        kind="turn",
        heading=msg(
            "watch_the_world_die.beat.turn",
            "Turn {n} · {player}: {move}",
            n=event.turn,
            player=event.player,
            move=what,
        ),
        verdict=msg(
            "watch_the_world_die.beat.pressure",
            "Pressure {old} → {new}",
            old=before,
            new=event.pressure,
        ),
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=tuple(pool for pool in map(_dice, during) if pool is not None),
    )


@BEATS.on(YearEndRolled)
def _year_end(moment: Act, event: YearEndRolled) -> Beat | None:
    """A year end with no turn ending in the same action (the turn's beat tells it else)."""
    if any(isinstance(e, TurnEnded) for e in moment.events):
        return None
    return _year_end_beat(moment, event)


def _year_end_beat(moment: Act, event: YearEndRolled) -> Beat:
    changes: list[Message] = []
    for found in moment.events:
        if isinstance(found, NewYear):
            changes.append(
                msg(
                    "watch_the_world_die.beat.new_year",
                    "{year} begins at Pressure {n}",
                    year=found.year,
                    n=found.pressure,
                )
            )
        elif isinstance(found, GameEnded) and found.ending != "great_dying":
            changes.append(msg("watch_the_world_die.beat.game_over", "The game ends"))
    if event.dying:
        verdict = msg("watch_the_world_die.beat.dying", "The Great Dying begins")
        glyph, tone = "▼▼", "failure"
    else:
        verdict = msg("watch_the_world_die.beat.lives_on", "The world lives on")
        glyph, tone = "▲", "success"
    return Beat(
        kind="year_end",
        heading=msg("watch_the_world_die.beat.year_end", "The end of {year}", year=event.year),
        verdict=verdict,
        glyph=glyph,
        tone=tone,  # type: ignore[arg-type]
        changes=tuple(changes),
        dice=(
            BeatDice(
                msg("watch_the_world_die.beat.year_roll", "2d6 against the year's Events"),
                event.roll,
                reading=msg("watch_the_world_die.beat.total", "total {n}", n=event.total),
            ),
        ),
        reading=msg(
            "watch_the_world_die.beat.year_reading",
            "{total} against the year's {events} Events",
            total=event.total,
            events=event.events,
        ),
    )
