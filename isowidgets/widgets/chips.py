"""Dice as chips: shape, glyph and words, never colour alone.

A green die is a rounded square marked ``+``; a red die is a circle marked ``×``; a
die that counts (an even green, an odd red, a kept die) is filled and marked ``●``,
one that does not is hollow and marked ``○``; an extra die from an explosion comes
right after the die that exploded into it, starts with ``↳`` and sits in a dashed
bracket with its parent, so a chain ``1 ↳1 ↳2`` reads left to right. Every chip also
has a full-text tooltip and aria-label (with its place in roll order); its role is
``img`` because a screen reader ignores an aria-label on a plain span and would read
the glyphs (``+ 4 ●``) instead of the words.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Literal

from ..dice import PoolRoll, RolledDie
from ..words import Message, msg, render

__all__ = ["DieColour", "chain_order", "die_chip", "roll_chips"]

DieColour = Literal["green", "red", "plain"]

_GLYPH = {"green": "+", "red": "×", "plain": ""}

_DIE: dict[str, Message] = {
    "green": msg("kit.chip.green", "green die"),
    "red": msg("kit.chip.red", "red die"),
    "plain": msg("kit.chip.die", "die"),
}
_TYPED = msg("kit.chip.typed", "✎ typed")
_ROLLED = msg("kit.chip.rolled", "⚄ rolled")
_NO_DICE = msg("kit.chip.no_dice", "no dice")


def die_chip(
    face_text: str,
    *,
    colour: DieColour = "plain",
    counts: bool | None = None,
    parent: int | None = None,
    index: int | None = None,
    of: int | None = None,
    declined: bool = False,
    meaning: str = "",
    language: str = "en",
) -> str:
    """The HTML of one die chip.

    Args:
        face_text: what the die shows.
        colour: the die's colour in the game (green, red, or plain).
        counts: whether the die counts for its owner (filled + ``●``),
            does not (hollow + ``○``), or ``None`` when the idea does not apply.
        parent: for an extra die from an explosion, the 1-based number of the
            die that exploded into it.
        index: the die's 1-based number in its pool's roll order (for the tooltip).
        of: how many dice the pool rolled in all (for the tooltip: ``#6 of 7``), given
            when extra dice are shown out of roll order (after their parents).
        declined: an optional explosion that was not taken.
        meaning: extra words for the tooltip ("even: counts"), in ``language``.
        language: the language of the tooltip's words.
    """
    classes = ["iw-die", f"iw-die--{colour}"]
    if counts:
        classes.append("iw-die--counts")
    if parent is not None:
        classes.append("iw-die--extra")
    if declined:
        classes.append("iw-die--declined")
    said: list[Message] = [_DIE[colour]]
    if index is not None:
        said.append(
            msg("kit.chip.number", "#{index}", index=index)
            if of is None
            else msg("kit.chip.number_of", "#{index} of {of}", index=index, of=of)
        )
    said.append(msg("kit.chip.showing", "showing {face}", face=face_text))
    if parent is not None:
        said.append(
            msg("kit.chip.extra", "(extra die from the explosion of #{parent})", parent=parent)
        )
    if meaning:
        said[-1] = msg("kit.chip.meaning", "{said}: {meaning}", said=said[-1], meaning=meaning)
    elif counts is not None:
        said[-1] = (
            msg("kit.chip.counts", "{said}: counts", said=said[-1])
            if counts
            else msg("kit.chip.not_counted", "{said}: does not count", said=said[-1])
        )
    if declined:
        said.append(msg("kit.chip.declined", "(explosion declined)"))
    label = html.escape(" ".join(render(part, language) for part in said))
    mark = "" if counts is None else ("●" if counts else "○")
    glyph = _GLYPH[colour]
    arrow = "↳" if parent is not None else ""
    return (
        f'<span class="{" ".join(classes)}" role="img" title="{label}" aria-label="{label}" '
        f'data-face="{html.escape(face_text)}">'
        f'<span class="iw-glyph">{arrow}{glyph}</span>{html.escape(face_text)}'
        f'<span class="iw-mark">{mark}</span></span>'
    )


def chain_order(dice: Sequence[RolledDie]) -> list[list[RolledDie]]:
    """The dice grouped into chains: each base die, then the extra dice it exploded into.

    Within a chain every extra die comes right after its parent (depth first), so
    faces typed as ``1 1 4 2`` with two exploding base 1s (extra dice in roll order
    ``4`` then ``2``) read ``1 ↳4 · 1 ↳2``. A die whose parent is not in ``dice``
    starts a chain of its own.
    """
    children: dict[int, list[RolledDie]] = {}
    indexes = {die.index for die in dice}
    roots = []
    for die in dice:
        if die.parent is not None and die.parent in indexes:
            children.setdefault(die.parent, []).append(die)
        else:
            roots.append(die)
    chains = []
    for root in roots:
        chain: list[RolledDie] = []
        stack = [root]
        while stack:
            die = stack.pop()
            chain.append(die)
            stack.extend(reversed(children.get(die.index, [])))
        chains.append(chain)
    return chains


def roll_chips(
    roll: PoolRoll,
    *,
    colour: DieColour = "plain",
    counts: Callable[[int], bool] | None = None,
    label: str | None = None,
    counted: Callable[[RolledDie], bool] | None = None,
    heading: str | None = None,
    language: str = "en",
) -> str:
    """Every die of ``roll`` as chips, each extra die right after its parent, with the source.

    A base die that exploded and its extra dice share a dashed bracket
    (``iw-chain``); each chip's tooltip gives its number in roll order.

    Args:
        counts: whether a face counts (``●``) or not (``○``).
        counted: whether a given die counts, where that depends on more than its face
            (a die kept from a pool); wins over ``counts``.
        heading: HTML to open the row with instead of the label and source (a view
            that writes them its own way).
        language: the language of the words: the source, the tooltips.
    """
    die = roll.pool.die
    total = len(roll.dice) if roll.extras else None

    def chip(rolled: RolledDie) -> str:
        return die_chip(
            die.face_text(rolled.face),
            colour=colour,
            counts=(
                counted(rolled)
                if counted is not None
                else None
                if counts is None
                else counts(rolled.face)
            ),
            parent=None if rolled.parent is None else rolled.parent + 1,
            index=rolled.index + 1,
            of=total,
            declined=rolled.declined,
            language=language,
        )

    chips = []
    for chain in chain_order(roll.dice):
        html_chain = "".join(chip(rolled) for rolled in chain)
        if len(chain) > 1:
            extras = ", ".join(f"#{rolled.index + 1}" for rolled in chain[1:])
            title = html.escape(
                render(
                    msg(
                        "kit.chip.chain",
                        "die #{first} and the extra dice its explosion added ({extras})",
                        first=chain[0].index + 1,
                        extras=extras,
                    ),
                    language,
                )
            )
            html_chain = f'<span class="iw-chain" title="{title}">{html_chain}</span>'
        chips.append(html_chain)
    source = html.escape(render(_TYPED if roll.source == "typed" else _ROLLED, language))
    name = roll.pool.label if label is None else label
    if heading is not None:
        head = heading
    elif name:
        head = f'<span class="iw-dice-label">{html.escape(name)} ({source})</span>'
    else:
        head = f'<span class="iw-dice-label">({source})</span>'

    empty = f"<em>{html.escape(render(_NO_DICE, language))}</em>"
    return f'<div class="iw-dice">{head}{"".join(chips) or empty}</div>'
