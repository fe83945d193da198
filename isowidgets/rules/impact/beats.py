"""The Impact System's beats (see :class:`~isowidgets.beats.Beats`): each **finished
test** (who tested what, how it came out, its die and the numbers that decided it, and
what it changed over the whole test: Details made, altered or struck, Impact Dice moved)
and each **rest break** (the dice it reset).

Everything is read from the states and the events' data, in messages of the
``impact`` catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...contract import Beat, BeatDice, Beats, Moment, Tone
from ...journal import Event
from ...words import Message, msg, plural
from .events import (
    DetailAdded,
    DetailAltered,
    DetailRemoved,
    ImpactChanged,
    RestTaken,
    TestOpened,
    TestResolved,
    TestRolled,
    difficulty_said,
    test_said,
)
from .ladder import step_label
from .model import ImpactState

__all__ = ["BEATS"]

Act = Moment[ImpactState]

_OUTCOME: dict[str, tuple[str, Tone]] = {
    "great_success": ("▲▲", "success"),
    "success": ("▲", "success"),
    "failure": ("▼", "failure"),
}


def _die(step: int | None) -> Message | str:
    """An Impact Die as a person reads it (``D8``; words for no die or an ineffectual one)."""
    if step is None:
        return msg("impact.beat.no_die", "no Impact Die")
    if step < 0:
        return msg("impact.beat.ineffectual", "ineffectual")
    return step_label(step)


def _cast(state: ImpactState) -> list[Message]:
    """The player characters, the NPCs and the scenes, each with their Impact Die now."""
    cast: list[Message] = []
    for character in state.characters:
        if character.role == "pc":
            cast.append(
                msg(
                    "impact.cast.pc",
                    "{name} (player character), Impact Die {die}",
                    name=character.name,
                    die=_die(character.step),
                )
            )
        else:
            cast.append(
                msg(
                    "impact.cast.npc",
                    "{name} (NPC), Impact Die {die}",
                    name=character.name,
                    die=_die(character.step),
                )
            )
    for scene in state.scenes:
        cast.append(msg("impact.cast.scene", "{name} (scene)", name=scene.name))
    return cast


BEATS: Beats[ImpactState] = Beats(
    "The Impact System",
    {
        "test": msg("impact.beat.kind.test", "Tests"),
        "rest": msg("impact.beat.kind.rest", "Rest breaks"),
    },
    cast=_cast,
    credits=lambda state: [
        msg("impact.credits", "The Impact System: a light, narrative system for role-playing")
    ],
)


def _changes(events: Sequence[Event]) -> list[Message]:
    """What ``events`` changed: Impact Dice, and Details made, altered or struck."""
    changes: list[Message] = []
    for event in events:
        if isinstance(event, ImpactChanged) and event.old != event.new:
            changes.append(
                msg(
                    "impact.beat.impact",
                    "{name}: Impact Die {old} → {new}",
                    name=event.name,
                    old=_die(event.old),
                    new=_die(event.new),
                )
            )
        elif isinstance(event, DetailAdded):
            changes.append(
                msg(
                    "impact.beat.detail_added",
                    "New Detail on {owner}: “{text}”",
                    owner=event.owner_name,
                    text=event.text,
                )
            )
        elif isinstance(event, DetailAltered):
            changes.append(
                msg(
                    "impact.beat.detail_altered",
                    "Detail “{old}” is now “{text}”",
                    old=event.old_text,
                    text=event.text,
                )
            )
        elif isinstance(event, DetailRemoved):
            changes.append(
                msg(
                    "impact.beat.detail_removed",
                    "Detail struck from {owner}: “{text}”",
                    owner=event.owner_name,
                    text=event.text,
                )
            )
    return changes


def _heading(opened: TestOpened | None, rolled: TestRolled, actor: str) -> Message:
    name = test_said(rolled.test)
    if opened is not None and opened.test_kind == "avoid_harm":
        return msg(
            "impact.beat.avoid_harm",
            "{test} · {who} avoids harm from {threat}",
            test=name,
            who=actor,
            threat=opened.threat_name or "?",
        )
    if opened is not None and opened.test_kind == "foil":
        return msg(
            "impact.beat.foil",
            "{test} · {who} foils {threat}'s plan",
            test=name,
            who=actor,
            threat=opened.threat_name or "?",
        )
    return msg(
        "impact.beat.action",
        "{test} · {who}: a {difficulty} action",
        test=name,
        who=actor,
        difficulty=difficulty_said(opened.difficulty if opened is not None else None),
    )


def _verdict(event: TestResolved) -> Message:
    if event.outcome == "great_success":
        words = msg("impact.beat.great_success", "Great Success")
    elif event.outcome == "success":
        words = msg("impact.beat.success", "Success")
    else:
        words = msg("impact.beat.failure", "Failure")
    if event.complication:
        return msg("impact.beat.with_complication", "{outcome}, with a Complication", outcome=words)
    if event.spent:
        return msg("impact.beat.spent", "{outcome}, spent", outcome=words)
    return words


@BEATS.on(TestResolved)
def _test(moment: Act, event: TestResolved) -> Beat | None:
    test = moment.before.test
    if test is None or test.roll is None:
        return None
    rolled = test.roll
    # Everything the test did, from its opening to this resolution.
    during: list[Event] = []
    opened: TestOpened | None = None
    for entry in reversed(moment.run):
        found = entry.event
        if isinstance(found, TestOpened) and found.test == event.test:
            opened = found
            break
        during.append(found)
    during.reverse()
    glyph, tone = _OUTCOME[event.outcome]
    actor = moment.before.name_of(event.actor)
    reading = msg(
        "impact.beat.reading",
        "{face} on the {die}, {bonus} for, {penalty} against: {total} against {target}",
        face=rolled.face,
        die=rolled.die,
        bonus=rolled.bonus,
        penalty=rolled.penalty,
        total=rolled.total,
        target=rolled.target,
    )
    pool = BeatDice(
        msg("impact.beat.pool", "{who} · {die}", who=actor, die=rolled.die),
        rolled.roll,
        reading=msg("impact.beat.total", "total {total}", total=rolled.total),
    )
    return Beat(
        kind="test",
        heading=_heading(opened, rolled, actor),
        verdict=_verdict(event),
        glyph=glyph,
        tone=tone,
        changes=tuple(_changes(during)),
        dice=(pool,),
        reading=reading,
    )


@BEATS.on(RestTaken)
def _rest(moment: Act, event: RestTaken) -> Beat:
    changes = _changes(moment.events)
    return Beat(
        kind="rest",
        heading=msg("impact.beat.rest", "Rest break {n}", n=event.rest),
        verdict=plural(
            "impact.beat.rested",
            "{n} character rests",
            "{n} characters rest",
            n=len(event.characters),
        ),
        glyph="☾",
        tone="success" if changes else "even",
        changes=tuple(changes),
    )
