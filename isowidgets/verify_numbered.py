"""Verifying a session's numbered rolls (dice scheme ``"hmac-sha256"``, see
:mod:`isowidgets.dice.roller`): each random roll, in journal order, carries the next
number of its counter (public rolls and GM-only rolls count apart, each in a line of its
own kind) and the faces the seed, the table's seed and that number give.
:func:`check_numbered` checks one roll at its place, carrying what was seen so far in a
:class:`Walk`; :func:`~isowidgets.verify.verify_entries` walks the journal with it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from .dice import PoolRoll
from .dice.roller import RollKey
from .journal import Entry
from .words import Message, msg

__all__ = ["Walk", "check_numbered"]


@dataclass
class Walk:
    """What :func:`~isowidgets.verify.verify_entries` has seen of the numbered rolls so far,
    in journal order."""

    line_of: Callable[[int], int]
    key: RollKey
    later: dict[tuple[bool, int], int] = field(default_factory=dict)  # (gm, n) -> first line
    numbered: list[int] = field(default_factory=lambda: [0, 0])  # last number per counter
    last_line: list[int] = field(default_factory=lambda: [0, 0])
    checked: list[tuple[Entry, PoolRoll]] = field(default_factory=list)
    first_roll: tuple[Entry, PoolRoll] | None = None


def _counter(roll: PoolRoll) -> Message:
    if roll.gm:
        return msg("verify.counter_gm", "GM-only")
    return msg("verify.counter_public", "public")


def check_numbered(
    walk: Walk, entry: Entry, roll: PoolRoll
) -> tuple[Message, tuple[int, ...]] | None:
    """Check the numbered random ``roll`` at its place: what is wrong (and the faces the
    seed gives there), or ``None``."""
    if roll.number is None:
        why = msg(
            "verify.unnumbered", "a random roll with no number (not rolled by this session's dice)"
        )
        return why, ()
    counter = _counter(roll)
    if roll.gm != entry.gm:
        why = msg(
            "verify.counter",
            "a {counter} roll in a {line_is} line: the roll or its line's GM-only mark was changed",
            counter=counter,
            line_is=msg("verify.counter_gm", "GM-only")
            if entry.gm
            else msg("verify.counter_public", "public"),
        )
        return why, ()
    expected = walk.numbered[roll.gm] + 1
    if roll.number < expected:
        why = msg(
            "verify.repeated",
            "{counter} roll #{number} comes after {counter} roll #{last} (line {last_line}): "
            "a roll was copied or inserted, or rolls were swapped",
            counter=counter,
            number=roll.number,
            last=expected - 1,
            last_line=walk.last_line[roll.gm],
        )
        return why, ()
    if roll.number > expected:
        later = walk.later.get((roll.gm, expected), 0)
        if later > walk.line_of(entry.seq):
            why = msg(
                "verify.moved",
                "{counter} roll #{number} comes before {counter} roll #{expected_number} "
                "(line {later_line}): rolls were swapped or moved",
                counter=counter,
                number=roll.number,
                expected_number=expected,
                later_line=later,
            )
            return why, _due(walk, roll, expected)
        if expected == roll.number - 1:
            why = msg(
                "verify.missing",
                "{counter} roll #{missing} is missing before this one (#{number}): a roll was "
                "deleted, or retyped as typed-in faces",
                counter=counter,
                missing=expected,
                number=roll.number,
            )
        else:
            why = msg(
                "verify.missing_several",
                "{counter} rolls #{first}–#{last} are missing before this one (#{number}): "
                "rolls were deleted, or retyped as typed-in faces",
                counter=counter,
                first=expected,
                last=roll.number - 1,
                number=roll.number,
            )
        return why, _due(walk, roll, expected)
    faces = walk.key.faces_of(roll)
    if faces != roll.faces:
        why = msg(
            "verify.faces",
            "the faces are not the ones {counter} roll #{number} gives: a face was altered",
            counter=counter,
            number=roll.number,
        )
        return why, faces
    walk.numbered[roll.gm] = roll.number
    walk.last_line[roll.gm] = walk.line_of(entry.seq)
    walk.checked.append((entry, roll))
    return None


def _due(walk: Walk, roll: PoolRoll, number: int) -> tuple[int, ...]:
    """The faces the seed gives ``roll``'s dice as roll ``number`` of its counter: what
    was due at the place of a roll found out of its turn (moved, or after a gap)."""
    return walk.key.faces_of(dataclasses.replace(roll, number=number))
