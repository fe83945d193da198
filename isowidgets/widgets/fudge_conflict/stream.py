"""The Danish system on the stream: the latest conflict or round first, then every
character's damage track.

The outcome (:meth:`FudgeStreamBoard.outcome`) is the latest conflict rolled (each
side's result, the Difficulty or the opponent, the margin, who won) or the latest round
of *Let it hurt* (each roll, every wound with its level and the ability it landed on,
who was defeated), or its end; every roll's three kept Fudge dice filled ``●`` and the
dropped ones hollow ``○``, faces ``−``, ``0``, ``+``. It speaks the stream's language:
the Danish stream writes the rule text's own terms (Kraft, Fornuft, Intuition; Skrammet,
Såret, Lemlæstet; lad det gøre ondt).

The board is read-only: one kit slot track per character, drawn by
:func:`~.views.damage_track` exactly as the table's sheets draw it (a filled level has
the ability that took the wound written in it, ``■``, a solid border and hatching; a
free one ``□`` and dashed), from the system's own catalogue.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...journal import Entry
from ...rules.fudge_conflict import FudgeState
from ...rules.fudge_conflict.abilities import level_name
from ...rules.fudge_conflict.events import (
    ConflictOpened,
    ConflictRolled,
    HurtEnded,
    RollRecord,
    RoundRolled,
)
from ...rules.fudge_conflict.model import Character
from ...words import Listing, Message, msg, plural
from ..children import set_children
from ..i18n import Labels
from ..stream_board import DicePool, Outcome, StreamBoard, Tone, heading_html, scan_back
from ..track import Track
from .labels import ABILITY_KEYS, CATALOGUE
from .views import FUDGE_CSS, slot_words

__all__ = ["FudgeStreamBoard", "fudge_outcome"]


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _pool(record: RollRecord) -> DicePool:
    kept = set(record.kept)
    return DicePool(
        msg(
            "stream.fudge.roll",
            "{name} · {skill} {value}",
            name=record.name,
            skill=record.skill,
            value=_signed(record.skill_value),
        ),
        record.roll,
        counted=lambda die: die.index in kept,
        reading=msg("stream.fudge.result", "result {result}", result=_signed(record.result)),
    )


def _results(records: Sequence[RollRecord]) -> Listing:
    """Each side's result: ``Mr. Burke −1, Superior +4``."""
    return Listing.of(
        [
            msg("stream.fudge.side", "{name} {result}", name=r.name, result=_signed(r.result))
            for r in records
        ],
        "unit",
    )


def _conflict(rolled: ConflictRolled, opened: ConflictOpened | None, key: str) -> Outcome:
    first = rolled.records[0]
    if opened is not None and opened.opposition == "passive":
        heading = msg(
            "stream.fudge.passive",
            "{name} · {skill} against Difficulty {difficulty}",
            name=first.name,
            skill=first.skill,
            difficulty=_signed(opened.difficulty or 0),
        )
        reading = msg(
            "stream.fudge.passive_reading",
            "result {result} against {difficulty}: margin {margin}",
            result=_signed(first.result),
            difficulty=_signed(opened.difficulty or 0),
            margin=_signed(rolled.margin),
        )
    else:
        other = rolled.records[1] if len(rolled.records) > 1 else None
        opponent = (opened.opponent_name if opened else None) or (other.name if other else "")
        heading = msg(
            "stream.fudge.active",
            "{name} against {opponent}",
            name=first.name,
            opponent=opponent,
        )
        reading = msg(
            "stream.fudge.active_reading",
            "{results}: margin {margin}",
            results=_results(rolled.records),
            margin=_signed(rolled.margin),
        )
    verdict: Message
    tone: Tone
    names = {r.actor: r.name for r in rolled.records}
    if rolled.draw:
        verdict, glyph, tone = msg("stream.fudge.draw", "Draw"), "＝", "even"
    elif rolled.winner is not None and len(rolled.records) > 1:
        verdict = msg(
            "stream.fudge.wins", "{name} wins", name=names.get(rolled.winner, rolled.winner)
        )
        winner_is_first = rolled.winner == first.actor
        glyph, tone = ("▲", "success") if winner_is_first else ("▼", "failure")
    elif rolled.success:
        verdict, glyph, tone = msg("stream.fudge.success", "Success"), "▲", "success"
    else:
        verdict, glyph, tone = msg("stream.fudge.failure", "Failure"), "▼", "failure"
    changes: list[Message] = []
    if opened is not None and opened.intention:
        changes.append(msg("stream.fudge.intention", "Intention: {text}", text=opened.intention))
    return Outcome(
        key=key,
        heading=heading,
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=tuple(_pool(r) for r in rolled.records),
        reading=reading,
    )


def _level(labels: Labels, level: int) -> str:
    return labels(f"level.{level_name(level)}")


def _round(rolled: RoundRolled, labels: Labels, names: Mapping[str, str], key: str) -> Outcome:
    changes: list[Message] = []
    for hit in rolled.hits:
        changes.append(
            msg(
                "stream.fudge.hit",
                "{target}: wound on {ability}, level {level} ({name})",
                target=names.get(hit.target, hit.target),
                ability=labels(ABILITY_KEYS.get(hit.ability, "ability.kraft")),
                level=hit.recorded,
                name=_level(labels, hit.recorded),
            )
        )
    for who in rolled.defeated:
        changes.append(msg("stream.fudge.defeated", "{name} is defeated", name=names.get(who, who)))
    verdict: Message
    tone: Tone
    if rolled.hits:
        verdict = plural("stream.fudge.hits", "{n} wound", "{n} wounds", n=len(rolled.hits))
        glyph, tone = "✚", "failure"
    else:
        verdict = msg("stream.fudge.no_hits", "No wound this round")
        glyph, tone = "○", "even"
    return Outcome(
        key=key,
        heading=msg("stream.fudge.round", "Let it hurt · round {n}", n=rolled.round),
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=tuple(_pool(r) for r in rolled.records),
        reading=msg("stream.fudge.results", "{results}", results=_results(rolled.records)),
    )


def _ended(ended: HurtEnded, names: Mapping[str, str], key: str) -> Outcome:
    winner = names.get(ended.winner or "", ended.winner or "")
    loser = ended.loser_name or names.get(ended.loser or "", ended.loser or "")
    if ended.reason == "yield":
        change = msg("stream.fudge.yields", "{name} yields", name=loser)
    else:
        change = msg("stream.fudge.defeated", "{name} is defeated", name=loser)
    verdict = (
        msg("stream.fudge.wins", "{name} wins", name=winner)
        if winner
        else msg("stream.fudge.over", "It is over")
    )
    return Outcome(
        key=key,
        heading=msg("stream.fudge.hurt_over", "Let it hurt is over"),
        verdict=verdict,
        glyph="⚑",
        tone="even",
        changes=(change,),
    )


def _resolves(entry: Entry) -> bool:
    return isinstance(entry.event, ConflictRolled | RoundRolled | HurtEnded)


def fudge_outcome(state: FudgeState, entries: Sequence[Entry], labels: Labels) -> Outcome | None:
    """The latest conflict rolled, round of *Let it hurt* or its end in ``entries``
    (effective, in order); ``None`` before any."""
    at = scan_back(entries, _resolves)
    if at is None:
        return None
    event = entries[at].event
    names = {c.id: c.name for c in state.characters}
    key = f"{event.kind}-{entries[at].seq}"
    if isinstance(event, RoundRolled):
        return _round(event, labels, names, key)
    if isinstance(event, HurtEnded):
        return _ended(event, names, key)
    assert isinstance(event, ConflictRolled)
    opened = None
    for entry in reversed(entries[max(0, at - 200) : at]):
        if isinstance(entry.event, ConflictOpened) and entry.event.conflict == event.conflict:
            opened = entry.event
            break
    return _conflict(event, opened, key)


class FudgeStreamBoard(StreamBoard):
    """A damage track per character in one row each, those in the fight first, under a
    legend of the levels (the table's sheets draw the same slots, with each level's
    name and effect written in; the stream has room for the number only)."""

    system: ClassVar[str] = "fudge_conflict"

    def __init__(self, language: str) -> None:
        self.language = language
        self.words = Labels(CATALOGUE, language)
        self.tracks: dict[str, tuple[widgets.HBox, widgets.HTML, Track]] = {}
        self.list = widgets.VBox()
        self.list.add_class("iw-stream-tracks")
        title = widgets.HTML(heading_html(msg("stream.damage", "Damage"), language))
        legend = widgets.HTML(self._legend())
        legend.add_class("iw-stream-legend")
        super().__init__(language, [widgets.HTML(FUDGE_CSS), title, legend, self.list])

    def _legend(self) -> str:
        """The levels in words, and how a filled slot differs from a free one."""
        words = self.words
        levels = " · ".join(
            f"{span} {html.escape(words(f'level.{kind}'))}"
            for span, kind in (("1–3", "scratched"), ("4–5", "wounded"), ("6", "maimed"),
                               ("7", "defeat"))
        )  # fmt: skip
        free = html.escape(words("track.free"))
        return f"<p>{levels} · □ {free} · ■ {html.escape(self.say(WOUND))}</p>"

    def outcome(self, catch: Catch) -> Outcome | None:
        return fudge_outcome(catch.game.state, catch.effective, self.words)

    def show(self, catch: Catch) -> None:
        state: FudgeState = catch.game.state
        for character in state.characters:
            shown = self.tracks.get(character.id)
            if shown is None:
                name = widgets.HTML()
                name.add_class("iw-stream-name")
                track = Track.slots(
                    self.words("track.damage"),
                    [str(level) for level in range(1, 8)],
                    {},
                    words=replace(slot_words(self.words), free=""),
                    css_class=f"iw-stream-damage-{character.id}",
                )  # fmt: skip
                row = widgets.HBox([name, track])
                row.add_class("iw-stream-fighter")
                shown = self.tracks[character.id] = (row, name, track)
            _row, name, track = shown
            value = f"<b>{html.escape(character.name)}</b>"
            if character.defeated:
                value += f" ✝ {html.escape(self.words('track.defeated'))}"
            if name.value != value:
                name.value = value
            track.fill(
                {
                    level - 1: self.words(ABILITY_KEYS.get(ability, "ability.kraft"))
                    for level, ability in character.track()
                }
            )
        alive = {c.id for c in state.characters}
        retired = [
            w for c in [c for c in self.tracks if c not in alive] for w in self.tracks.pop(c)
        ]
        set_children(
            self.list, (self.tracks[c.id][0] for c in in_play_first(state)), retired=retired
        )


WOUND = msg("stream.fudge.wound_slot", "a wound, with the ability it hit")


def in_play_first(state: FudgeState) -> list[Character]:
    """The characters, those in the fight now first (Let it hurt's parties, or the
    conflict's), then the wounded, then the rest, each group in the table's order: a
    viewer sees who is fighting and who is hurt before anyone else."""
    hurt = state.active_hurt()
    fighting: set[str] = set(hurt.parties) if hurt is not None else set()
    if not fighting and state.conflict is not None:
        fighting = set(state.conflict.sides)

    def rank(character: Character) -> int:
        if character.id in fighting:
            return 0
        return 1 if character.wounds else 2

    return sorted(state.characters, key=rank)
