"""The Danish system's beats (see :class:`~isowidgets.beats.Beats`): each **conflict**
rolled (who against whom or what, who won and by how much, every roll with the three
dice kept filled), each **round** of *Let it hurt* (the rolls, the wounds, who is
defeated, the dice won for the next round) and the **end** of *Let it hurt* (who gave up
or fell, and the damage settling).

Everything is read from the states and the events' data, in messages of the
``fudge_conflict`` catalogue, which speaks Danish too (in the words of the rules'
glossary: *Lad det gøre ondt*, *runde*, *sår*, *skrammet*, *uafgjort*…).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...contract import Beat, BeatDice, Beats, Moment, Tone
from ...dice import RolledDie
from ...journal import Event
from ...words import Message, msg, plural
from .abilities import ability_words, level_name
from .events import (
    ConflictRolled,
    HurtEnded,
    PoolChanged,
    RollRecord,
    RoundRolled,
    WoundMarked,
)
from .model import FudgeState

__all__ = ["BEATS", "ability_words", "level_words"]

Act = Moment[FudgeState]


def _cast(state: FudgeState) -> list[Message]:
    """Every character, with the role the table gave them and their skills."""
    cast: list[Message] = []
    for character in state.characters:
        skills = ", ".join(f"{skill} {value}" for skill, value in character.skills.items())
        if character.role == "pc":
            role = msg("fudge_conflict.cast.pc", "player character")
        elif character.role == "central":
            role = msg("fudge_conflict.cast.central", "central GM character")
        else:
            role = msg("fudge_conflict.cast.npc", "GM character")
        cast.append(
            msg(
                "fudge_conflict.cast.character",
                "{name} ({role}): {skills}",
                name=character.name,
                role=role,
                skills=skills,
            )
        )
    return cast


BEATS: Beats[FudgeState] = Beats(
    "Danish Fudge-dice conflict system",
    {
        "conflict": msg("fudge_conflict.beat.kind.conflict", "Conflicts"),
        "round": msg("fudge_conflict.beat.kind.round", "Let it hurt rounds"),
        "hurt_end": msg("fudge_conflict.beat.kind.hurt_end", "Let it hurt ends"),
    },
    cast=_cast,
    credits=lambda state: [
        msg("fudge_conflict.credits", "The Danish Fudge-dice conflict system (in Danish)")
    ],
)


def level_words(level: int) -> Message:
    """A damage level with its name: ``level 4 (Wounded)``."""
    name = {
        "scratched": msg("fudge_conflict.level.scratched", "Scratched"),
        "wounded": msg("fudge_conflict.level.wounded", "Wounded"),
        "maimed": msg("fudge_conflict.level.maimed", "Maimed"),
        "defeat": msg("fudge_conflict.level.defeat", "Defeat"),
    }[level_name(level)]
    return msg("fudge_conflict.beat.level", "level {n} ({name})", n=level, name=name)


def _kept(record: RollRecord) -> BeatDice:
    kept = set(record.kept)

    def counted(die: RolledDie) -> bool:
        return die.index in kept

    return BeatDice(
        msg(
            "fudge_conflict.beat.pool",
            "{name} · {skill} {value}",
            name=record.name,
            skill=record.skill,
            value=record.skill_value,
        ),
        record.roll,
        counted=counted,
        reading=msg("fudge_conflict.beat.result", "result {n}", n=record.result),
    )


def _changes(events: Sequence[Event]) -> list[Message]:
    changes: list[Message] = []
    for event in events:
        if isinstance(event, WoundMarked):
            changes.append(
                msg(
                    "fudge_conflict.beat.wound",
                    "{name}: a wound at {level} on {ability}",
                    name=event.name,
                    level=level_words(event.level),
                    ability=ability_words(event.ability),
                )
            )
        elif isinstance(event, PoolChanged) and event.old != event.new:
            changes.append(
                msg(
                    "fudge_conflict.beat.pool_points",
                    "{name}: pool {old} → {new}",
                    name=event.name,
                    old=event.old,
                    new=event.new,
                )
            )
    return changes


@BEATS.on(ConflictRolled)
def _conflict(moment: Act, event: ConflictRolled) -> Beat | None:
    conflict = moment.after.conflict
    if conflict is None or conflict.id != event.conflict:
        conflict = moment.before.conflict
    if conflict is None:
        return None
    opened = conflict.opened
    if opened.opponent is None:
        heading = msg(
            "fudge_conflict.beat.passive",
            "{name} ({skill}) against difficulty {difficulty}",
            name=opened.initiator_name,
            skill=opened.skill,
            difficulty=opened.difficulty if opened.difficulty is not None else "?",
        )
    else:
        heading = msg(
            "fudge_conflict.beat.active",
            "{name} ({skill}) against {opponent} ({opponent_skill})",
            name=opened.initiator_name,
            skill=opened.skill,
            opponent=opened.opponent_name or opened.opponent,
            opponent_skill=opened.opponent_skill or opened.skill,
        )
    tone: Tone
    if event.draw:
        verdict, glyph, tone = msg("fudge_conflict.beat.draw", "Draw"), "＝", "even"
    elif opened.opponent is None:
        if event.success:
            verdict = msg("fudge_conflict.beat.success", "Success by {n}", n=event.margin)
            glyph, tone = "✔", "success"
        elif event.margin == 0:  # a tie against a difficulty fails (DK-R05)
            verdict = msg("fudge_conflict.beat.failure_tie", "Failure on a tie")
            glyph, tone = "✘", "failure"
        else:
            verdict = msg("fudge_conflict.beat.failure", "Failure by {n}", n=event.margin)
            glyph, tone = "✘", "failure"
    else:
        winner = next((r.name for r in event.records if r.actor == event.winner), event.winner)
        if event.margin == 0:  # an active tie goes against the initiator (DK-R11)
            verdict = msg(
                "fudge_conflict.beat.wins_tie", "{name} wins on a tie", name=winner or "?"
            )
        else:
            verdict = msg(
                "fudge_conflict.beat.wins",
                "{name} wins by {n}",
                name=winner or "?",
                n=event.margin,
            )
        glyph, tone = ("✔", "success") if event.success else ("✘", "failure")
    results = [r.result for r in event.records]
    reading = None
    if len(results) == 2:
        reading = msg(
            "fudge_conflict.beat.against",
            "{a} against {b}",
            a=results[0],
            b=results[1],
        )
    elif len(results) == 1 and opened.difficulty is not None:
        reading = msg(
            "fudge_conflict.beat.against",
            "{a} against {b}",
            a=results[0],
            b=opened.difficulty,
        )
    return Beat(
        kind="conflict",
        heading=heading,
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(_changes(moment.events)),
        dice=tuple(_kept(record) for record in event.records),
        reading=reading,
    )


@BEATS.on(RoundRolled)
def _round(moment: Act, event: RoundRolled) -> Beat:
    names = {c.id: c.name for c in moment.after.characters}
    changes: list[Message] = []
    for hit in event.hits:
        changes.append(
            msg(
                "fudge_conflict.beat.hit",
                "{name}: a wound at {level} on {ability}",
                name=names.get(hit.target, hit.target),
                level=level_words(hit.recorded),
                ability=ability_words(hit.ability),
            )
        )
    for grant in event.grants:
        changes.append(
            plural(
                "fudge_conflict.beat.grant",
                "{name} gains {n} bonus die for the next round",
                "{name} gains {n} bonus dice for the next round",
                n=grant.dice,
                name=names.get(grant.actor, grant.actor),
            )
        )
    tone: Tone
    if event.defeated:
        verdict = msg(
            "fudge_conflict.beat.defeated",
            "Defeat: {names}",
            names=", ".join(names.get(who, who) for who in event.defeated),
        )
        glyph, tone = "✘", "failure"
    elif event.hits:
        verdict = plural(
            "fudge_conflict.beat.wounds",
            "{n} wound dealt",
            "{n} wounds dealt",
            n=len(event.hits),
        )
        glyph, tone = "✚", "partial"
    else:
        verdict = msg("fudge_conflict.beat.no_damage", "No damage this round")
        glyph, tone = "＝", "even"
    return Beat(
        kind="round",
        heading=msg("fudge_conflict.beat.round", "Let it hurt · round {n}", n=event.round),
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=tuple(_kept(record) for record in event.records),
    )


@BEATS.on(HurtEnded)
def _hurt_ended(moment: Act, event: HurtEnded) -> Beat:
    names = {c.id: c.name for c in moment.after.characters}
    loser = event.loser_name or names.get(event.loser or "", event.loser or "?")
    if event.reason == "yield":
        verdict = msg("fudge_conflict.beat.gives_up", "{name} gives up", name=loser)
    else:
        verdict = msg("fudge_conflict.beat.is_defeated", "{name} is defeated", name=loser)
    changes: list[Message] = []
    if event.winner is not None:
        changes.append(
            msg(
                "fudge_conflict.beat.winner",
                "{name} gets their way",
                name=names.get(event.winner, event.winner),
            )
        )
    for settled in event.settled:
        if settled.before != settled.after:
            changes.append(
                msg(
                    "fudge_conflict.beat.settled",
                    "{name}'s damage settles",
                    name=names.get(settled.character, settled.character),
                )
            )
    return Beat(
        kind="hurt_end",
        heading=msg("fudge_conflict.beat.hurt_end", "Let it hurt is over"),
        verdict=verdict,
        glyph="⚑",
        tone="even",
        changes=tuple(changes),
    )
