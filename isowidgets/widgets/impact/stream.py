"""The Impact System on the stream: the latest test first, then every Impact Die ladder.

The outcome (:meth:`ImpactStreamBoard.outcome`) is the latest test rolled: who rolled
what against which Difficulty, Success or Failure (a Great Success, an Impact step
spent to turn a Failure), the Impact Dice it moved (before → after), a Complication
taken, and the die with its reading (``5 + 1 − 0 = 6 against 6``), read from the
journal's events with the stream's own messages.

The board is read-only: one kit :class:`~isowidgets.widgets.track.Track` ladder
(D4…D20, the die now marked ``▶`` and "now") per holder, placed by
:func:`~.views.ladder_place` as the table's own cards place it; a holder off the
ladder says so in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...journal import Entry, Event
from ...rules.impact import ImpactState
from ...rules.impact.events import (
    ComplicationAccepted,
    DetailAdded,
    FailureSpent,
    GreatSuccessDeclared,
    ImpactChanged,
    TestOpened,
    TestResolved,
    TestRolled,
    difficulty_said,
)
from ...rules.impact.ladder import INEFFECTUAL, TOP, die_label, die_of
from ...rules.impact.model import Character, Scene
from ...words import Message, msg, render
from ..children import set_children
from ..stream_board import (
    DicePool,
    Outcome,
    StreamBoard,
    Tone,
    heading_html,
    scan_back,
    track_words,
)
from ..track import Track
from .views import ladder_levels, ladder_place

__all__ = ["ImpactStreamBoard", "impact_outcome"]


def _die(step: int | None) -> Message:
    """An Impact Die step in words: ``D10``, ``D20 +1 banked``, ``ineffectual``, ``none``."""
    if step is None:
        return msg("stream.impact.no_die", "no Impact Die")
    if step <= INEFFECTUAL:
        return msg("stream.impact.ineffectual", "ineffectual")
    die = die_of(step)
    assert die is not None
    if step > TOP:
        return msg("stream.impact.banked", "{die} +{n} banked", die=die_label(die), n=step - TOP)
    return msg("stream.impact.die", "{die}", die=die_label(die))


def _kind(opened: TestOpened | None, names: Mapping[str, str]) -> Message:
    if opened is None:
        return msg("stream.impact.test_plain", "a test")
    if opened.test_kind == "avoid_harm":
        return msg(
            "stream.impact.avoid_harm",
            "Avoid Harm from {threat}",
            threat=opened.threat_name or names.get(opened.threat or "", ""),
        )
    if opened.test_kind == "foil":
        return msg(
            "stream.impact.foil",
            "foil {threat}'s plan ({difficulty})",
            threat=opened.threat_name or "",
            difficulty=_difficulty(opened.difficulty),
        )
    return msg(
        "stream.impact.action", "a {difficulty} action", difficulty=_difficulty(opened.difficulty)
    )


def _difficulty(difficulty: str | None) -> Message | str:
    if difficulty is None:
        return msg("stream.impact.unset", "no Difficulty")
    return difficulty_said(difficulty)


def _changes(events: Sequence[Event]) -> list[Message]:
    changes: list[Message] = []
    for event in events:
        if isinstance(event, ImpactChanged) and event.old != event.new:
            changes.append(
                msg(
                    "stream.impact.changed",
                    "{name}: Impact Die {old} → {new}",
                    name=event.name,
                    old=_die(event.old),
                    new=_die(event.new),
                )
            )
        elif isinstance(event, ComplicationAccepted):
            changes.append(
                msg("stream.impact.complication", "Complication taken: {text}", text=event.text)
            )
        elif isinstance(event, FailureSpent):
            changes.append(
                msg("stream.impact.spent", "An Impact step spent: the Failure becomes a Success")
            )
        elif isinstance(event, DetailAdded) and event.test is not None:
            changes.append(
                msg(
                    "stream.impact.detail",
                    "New Detail for {owner}: {text}",
                    owner=event.owner_name,
                    text=event.text,
                )
            )
    return changes


def impact_outcome(state: ImpactState, entries: Sequence[Entry]) -> Outcome | None:
    """The latest test rolled in ``entries`` (effective, in order), with what it changed
    up to its end; ``None`` before any test was rolled."""
    at = scan_back(entries, lambda entry: isinstance(entry.event, TestRolled))
    if at is None:
        return None
    rolled = entries[at].event
    assert isinstance(rolled, TestRolled)
    names = {c.id: c.name for c in state.characters} | {s.id: s.name for s in state.scenes}
    opened = None
    for entry in reversed(entries[max(0, at - 200) : at]):
        if isinstance(entry.event, TestOpened) and entry.event.test == rolled.test:
            opened = entry.event
            break
    after: list[Event] = []
    resolved: TestResolved | None = None
    great = rolled.great
    for entry in entries[at:]:
        event = entry.event
        if isinstance(event, TestOpened) and event.test != rolled.test:
            break
        after.append(event)
        great = great or (isinstance(event, GreatSuccessDeclared) and event.test == rolled.test)
        if isinstance(event, TestResolved) and event.test == rolled.test:
            resolved = event
            break
    outcome = resolved.outcome if resolved is not None else None
    if outcome is None:
        outcome = ("great_success" if great else "success") if rolled.success else "failure"
    verdict: Message
    tone: Tone
    if outcome == "great_success":
        verdict, glyph, tone = msg("stream.impact.great", "Great Success"), "★", "success"
    elif outcome == "success":
        verdict, glyph, tone = msg("stream.impact.success", "Success"), "✔", "success"
    else:
        verdict, glyph, tone = msg("stream.impact.failure", "Failure"), "✖", "failure"
    actor = opened.actor_name if opened is not None else ""
    heading = msg(
        "stream.impact.test",
        "Test {n} · {actor}: {kind}",
        n=rolled.test.rpartition("-")[2],
        actor=actor,
        kind=_kind(opened, names),
    )
    changes = _changes(after)
    if resolved is None:
        changes.append(msg("stream.impact.open", "The test goes on…"))
    die = DicePool(
        msg("stream.impact.roll", "{actor} · {die}", actor=actor, die=rolled.die.upper()),
        rolled.roll,
    )
    reading = msg(
        "stream.impact.reading",
        "{face} + {bonus} − {penalty} = {total} against {target}",
        face=rolled.face,
        bonus=rolled.bonus,
        penalty=rolled.penalty,
        total=rolled.total,
        target=rolled.target,
    )
    return Outcome(
        key=f"test-{entries[at].seq}",
        heading=heading,
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=(die,),
        reading=reading,
    )


def off_ladder_words(step: int | None, kind: str) -> Message | None:
    """What a holder's ladder cannot show, in the stream's words (as the table's
    :func:`~.views.ladder_place` says it): no Impact Die, ineffectual (what that means
    for a PC, an NPC or a scene), or steps banked above D20; ``None`` on a rung."""
    if step is None:
        return msg("stream.impact.no_die_yet", "no Impact Die (the GM may set one)")
    if step <= INEFFECTUAL:
        if kind == "pc":
            return msg(
                "stream.impact.below_pc",
                "✖ ineffectual (below D4: cannot roll; can still lend Character Details)",
            )
        if kind == "npc":
            return msg("stream.impact.below_npc", "✖ ineffectual (below D4: defeated)")
        return msg("stream.impact.below_scene", "✖ ineffectual (below D4: its threat has ended)")
    if step > TOP:
        return msg(
            "stream.impact.banked_above",
            "+{n} banked above D20 (a house rule keeps them)",
            n=step - TOP,
        )
    return None


class ImpactStreamBoard(StreamBoard):
    """A ladder per character and scene, in the order the table added them."""

    system: ClassVar[str] = "impact"

    def __init__(self, language: str) -> None:
        self.ladders: dict[str, Track] = {}
        self.list = widgets.VBox()
        self.list.add_class("iw-stream-ladders")
        title = widgets.HTML(heading_html(msg("stream.ladders", "Impact Dice"), language))
        super().__init__(language, [title, self.list])

    def outcome(self, catch: Catch) -> Outcome | None:
        return impact_outcome(catch.game.state, catch.effective)

    def show(self, catch: Catch) -> None:
        state: ImpactState = catch.game.state
        holders: list[Character | Scene] = [*state.characters, *state.scenes]
        for holder in holders:
            kind: str
            if isinstance(holder, Character):
                kind = holder.role
                role = msg("stream.pc", "PC") if kind == "pc" else msg("stream.npc", "NPC")
            else:
                kind, role = "scene", msg("stream.scene", "Scene")
            title = f"{holder.name} ({render(role, self.language)})"
            track = self.ladders.get(holder.id)
            if track is None:
                track = self.ladders[holder.id] = Track.ladder(
                    title,
                    ladder_levels(),
                    None,
                    css_class=f"iw-stream-ladder-{holder.id}",
                    track_words=track_words(self.language),
                )
            current, _table_words = ladder_place(holder.step, role=kind)
            track.relabel(title)
            off = off_ladder_words(holder.step, kind)
            track.set(current, state="" if off is None else self.say(off))
        retired = [
            self.ladders.pop(h)
            for h in [h for h in self.ladders if h not in {x.id for x in holders}]
        ]
        set_children(self.list, (self.ladders[h.id] for h in holders), retired=retired)
