"""What the Danish table shows, as pure functions of the engine's values and the labels.

Nothing here decides a rule: the kept dice, the results, the odds, the damage
levels and the dice of the next round all come from the engine
(:mod:`isowidgets.rules.fudge_conflict`); these functions only write them in the
language the table speaks, so the unit tests read exactly what the browser shows.

Never colour alone: a kept die is filled and marked ``●`` and "kept", a die not
kept is hollow, marked ``○`` and "not kept"; a filled damage level has the ability
written in it (``■ Kraft``); success and failure start with ``✔`` and ``✘``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ... import checks
from ...contract import Step
from ...errors import RuleError
from ...rules.fudge_conflict import FudgeGame, FudgeState
from ...rules.fudge_conflict.events import DiceSource, RollRecord
from ...words import Message, Percent, msg, plural
from ..chips import die_chip
from ..i18n import Labels
from ..track import Level, SlotWords, Track
from .labels import ABILITY_KEYS

__all__ = [
    "FUDGE_CSS",
    "LEVEL_KINDS",
    "ability_label",
    "damage_levels",
    "damage_track",
    "dice_words",
    "net_of",
    "offered_steps",
    "record_html",
    "refresh_damage_track",
    "slot_words",
    "sources_text",
    "split_faces",
]

LEVEL_KINDS: tuple[str, ...] = (
    "scratched",
    "scratched",
    "scratched",
    "wounded",
    "wounded",
    "maimed",
    "defeat",
)
"""The names of the seven damage levels, lowest first, as the rules' table T-DK-1
gives them (labels only: what each level does is the engine's)."""

FUDGE_CSS = """
<style>
.iw-fudge-main { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 10px; }
.iw-fudge-main > .iw-fudge-sheets { flex: 1 1 340px; min-width: 0; }
.iw-fudge-main > .iw-fudge-play { flex: 1 1 420px; min-width: 0; }
.iw-fudge-sheets-list { max-height: 62vh; overflow-y: auto; }
.iw-fudge-board { background: #fff; border: 2px solid #555; border-radius: 6px;
  padding: 2px 8px; margin: 2px 0 6px; position: relative; z-index: 3; }
.iw-fudge-board.iw-floating { box-shadow: 0 3px 8px rgba(0, 0, 0, 0.35); }
.iw-fudge-board .iw-track-slot { min-width: 3em; padding: 1px 3px; }
.iw-fudge-board .iw-track-note { display: none; }
/* The board floats down its column past the column's end: let it show there. */
.iw-fudge-main > .iw-fudge-sheets { overflow: visible; }
.iw-fudge-sheets-list > .iw-fudge-sheet { flex: 0 0 auto; }
.iw-fudge-roll > .iw-dice-label:first-child { flex-basis: 100%; }
.iw-fudge-sheet .iw-track-note { display: none; }
.iw-fudge-equipment .iw-press { width: auto; max-width: 100%; white-space: normal; height: auto; }
.iw-fudge-sheet .iw-track-slot { min-width: 3.6em; }
.iw-fudge-sheet { border: 1px solid #bbb; border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.iw-fudge-sheet-name { font-weight: 700; }
.iw-fudge-skills { font-size: 0.9em; }
.iw-fudge-before { border-left: 4px double #555; padding: 2px 8px; margin: 4px 0; }
.iw-fudge-chance { font-weight: 600; }
.iw-fudge-result { margin: 4px 0; }
.iw-fudge-ok { font-weight: 700; }
.iw-fudge-declared { font-size: 0.9em; }
.iw-fudge-declared li { margin: 1px 0; }
</style>
"""


def ability_label(labels: Labels, ability: str) -> str:
    """The name of an ability (``"kraft"``) in the language spoken: Might / Kraft."""
    key = ABILITY_KEYS.get(str(ability).casefold())
    return labels(key) if key else str(ability)


def damage_levels(labels: Labels) -> list[Level]:
    """The seven damage levels, lowest first: ``1 Scratched`` … ``7 Defeat`` with what each does."""
    return [
        Level(
            labels("level.name", n=index + 1, name=labels(f"level.{kind}")),
            labels(f"effect.{kind}"),
        )
        for index, kind in enumerate(LEVEL_KINDS)
    ]


def slot_words(labels: Labels) -> SlotWords:
    """The words a damage track writes besides its levels, in the language spoken."""
    return SlotWords(
        free=labels("track.free"),
        filled=labels.template("track.filled"),
        level=labels.template("track.level"),
    )


def _filled(labels: Labels, levels: Mapping[int, str]) -> dict[int, str]:
    """Damage level (1–7) → ability, as the track's slots (0–6) → the ability's name."""
    return {level - 1: ability_label(labels, ability) for level, ability in levels.items()}


def damage_track(
    labels: Labels, levels: Mapping[int, str], *, css_class: str, defeated: bool = False
) -> Track:
    """A character's damage track: seven slots, each filled level with its ability written in.

    Args:
        labels: the table's labels (the track is redrawn by :func:`refresh_damage_track`).
        levels: damage level (1–7) → the ability that took the wound (``"kraft"``).
        css_class: the track's class (one per character).
        defeated: whether to say so after the count.
    """
    return Track.slots(
        labels("track.damage"),
        damage_levels(labels),
        _filled(labels, levels),
        words=slot_words(labels),
        css_class=css_class,
    )


def refresh_damage_track(
    track: Track, labels: Labels, levels: Mapping[int, str], *, defeated: bool = False
) -> None:
    """Redraw ``track`` for ``levels`` in the language spoken now (sends nothing if unchanged)."""
    track.relabel(labels("track.damage"), damage_levels(labels), slot_words(labels))
    track.fill(_filled(labels, levels), state=labels("track.defeated") if defeated else "")


def dice_words(labels: Labels, net: int) -> str:
    """Bonus (+) or penalty (−) dice in words: ``2 bonus dice``, ``1 penalty dice``, or none."""
    if net == 1 or net == -1:
        return labels("lih.bonus_1" if net > 0 else "lih.penalty_1")
    if net > 0:
        return labels("lih.bonus_n", n=net)
    if net < 0:
        return labels("lih.penalty_n", n=-net)
    return labels("lih.no_dice")


def chance(p: float | Fraction) -> Percent | Message:
    """A probability as the tables print it, written the reader's way (``13.1%``,
    ``13,1 %``): at most one decimal, a trailing zero dropped, and never rounded to 0% or
    100% unless it is (``<0.1%``, ``>99.9%``), as :func:`~isowidgets.widgets.numbers.percent`."""
    value = 100 * float(p)
    text = f"{value:.1f}"
    if text == "0.0" and value > 0:
        return msg("fudge_conflict.table.below", "<{p}", p=Percent(0.001))
    if text == "100.0" and value < 100:
        return msg("fudge_conflict.table.above", ">{p}", p=Percent(0.999))
    return Percent(float(p), 0 if text.endswith(".0") else 1)


def net_of(sources: Sequence[DiceSource]) -> int:
    """The bonus (+) or penalty (−) dice a roll carries: the engine's sources are already
    signed and capped, and the engine rolls their sum (:func:`~.fudge_conflict.rolling.roll_for`),
    so the preview shows the very number the roll will use."""
    return sum(source.dice for source in sources)


def sources_text(labels: Labels, sources: Sequence[DiceSource]) -> str:
    """``1 penalty dice (scratches), 2 bonus dice (won a defence last round)`` or no dice."""
    if not sources:
        return labels("lih.no_dice")
    return ", ".join(
        labels(
            "source.line",
            dice=dice_words(labels, source.dice),
            why=labels(f"source.{source.kind}"),
        )
        for source in sources
    )


def split_faces(text: str, names: Sequence[str], *, what: str) -> list[str]:
    """The faces typed for several rollers at once, one group each separated by ``/``
    (``+ 0 - / 0 0 +``), in the order ``names`` gives.

    Raises:
        RuleError: not one group per roller (the message names them in order).
    """
    groups = [group.strip() for group in str(text).split("/")]
    if len(groups) != len(names) or not all(groups):
        raise RuleError(
            plural(
                "fudge_conflict.faces_groups",
                "{what}: type the faces of {n} roller separated by /, in this order: {order}; "
                "got {got}",
                "{what}: type the faces of {n} rollers separated by /, in this order: {order}; "
                "got {got}",
                n=len(names),
                what=what,
                order=" / ".join(names),
                got=checks.shown(text),
            )
        )
    return groups


def record_html(labels: Labels, record: RollRecord) -> str:
    """One journaled roll: every die marked kept or not, the dice added, skill and result."""
    die = record.roll.pool.die
    chosen = set(record.kept)
    chips = "".join(
        die_chip(
            die.face_text(face),
            counts=index in chosen,
            index=index + 1,
            meaning=labels("roll.kept") if index in chosen else labels("roll.dropped"),
            language=labels.language,
        )
        for index, face in enumerate(record.roll.faces)
    )
    source = "✎" if record.roll.source == "typed" else "⚄"
    head = (
        f"{record.name} · {record.skill} {record.skill_value} "
        f"({source}, {dice_words(labels, record.net)})"
    )
    result = labels("roll.result", n=record.result)
    return (
        f'<div class="iw-dice iw-fudge-roll"><span class="iw-dice-label">{html.escape(head)}'
        f"</span>{chips}<b>= {html.escape(result)}</b></div>"
    )


def offered_steps(game: FudgeGame, state: FudgeState) -> tuple[Step, ...]:
    """What the table can do in ``state``: for the game's own state, its next steps as
    the game works them out once per state (:meth:`~isowidgets.game.Game.next_steps`),
    so the panels redrawn after an action share one answer."""
    return game.next_steps() if state is game.state else game.steps(state)
