"""Bonus and penalty dice: which three of the Danish system's Fudge dice count (DK-R10).

A roll of ``3 + |net|`` Fudge dice keeps three: bonus dice keep the highest, penalty
dice the lowest, as the setting ``penalty_keep_mode`` reads them (see
:func:`keep_net`). :func:`roll_kept` rolls (or takes typed faces for) such a roll and
keeps the dice; :class:`KeptRoll` records it. The dice core's general selections
(:func:`~.keep_highest`, :class:`~.Selection`) are what
this reading builds on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from ... import checks
from ...checks import shown
from ...dice import DF, LIMITS_CEILING, MAX_TYPED, Dice, DieType, Pool, PoolRoll, Selection
from ...dice.format import faces_preview
from ...dice.keep import ordered_indices, selection_of
from ...errors import DiceError
from ...words import plural

__all__ = [
    "PENALTY_KEEP_MODES",
    "KeptRoll",
    "PenaltyKeep",
    "keep_net",
    "net_dice",
    "roll_kept",
]

PenaltyKeep: TypeAlias = Literal["forced_worst_then_best", "three_worst"]
"""How penalty dice pick the kept dice (see :func:`keep_net`)."""

PENALTY_KEEP_MODES: tuple[PenaltyKeep, ...] = ("forced_worst_then_best", "three_worst")
"""Every reading of penalty dice, in the order the settings list them."""


def net_dice(bonus: int, penalty: int) -> int:
    """Bonus dice cancel penalty dice one for one: ``bonus - penalty``.

    A positive result is that many bonus dice, a negative one that many penalty
    dice, so a roll never has both kinds (3 bonus and 2 penalty leave 1 bonus).

    Raises:
        DiceError: either count is not a whole number ≥ 0.
    """
    bonus = checks.whole(bonus, "bonus dice", 0, LIMITS_CEILING, error=DiceError)
    penalty = checks.whole(penalty, "penalty dice", 0, LIMITS_CEILING, error=DiceError)
    return bonus - penalty


def keep_net(
    faces: Sequence[int],
    net: int,
    keep: int = 3,
    *,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
) -> Selection:
    """Which ``keep`` of ``keep + |net|`` faces count, for ``net`` bonus (+) or penalty (−) dice.

    Bonus dice keep the highest. Penalty dice under ``"forced_worst_then_best"``
    force the ``p`` lowest into the kept set and fill the remaining ``keep − p``
    places from the highest of the rest (the player's free choice, taken at its
    best); with ``p ≥ keep`` the ``keep`` lowest are kept. Under
    ``"three_worst"`` any penalty die keeps the ``keep`` lowest. Among equal
    faces the earlier die is taken first, so the selection is reproducible.

    Raises:
        DiceError: ``faces`` is not a list of ``keep + |net|`` whole numbers,
            or a count or the mode is not allowed.
    """
    net = checks.whole(
        net, "net bonus/penalty dice", -LIMITS_CEILING, LIMITS_CEILING, error=DiceError
    )
    keep = checks.whole(keep, "dice kept", 0, LIMITS_CEILING, error=DiceError)
    penalty_keep = checks.choice(penalty_keep, "penalty_keep", PENALTY_KEEP_MODES, error=DiceError)
    listed = checks.ordered(faces, "the faces to keep from", most=MAX_TYPED, error=DiceError)
    values = [checks.whole(face, "a face", error=DiceError) for face in listed]
    if len(values) != keep + abs(net):
        extra = (
            plural("fudge_conflict.bonus_dice", "{n} bonus die", "{n} bonus dice", n=net)
            if net >= 0
            else plural(
                "fudge_conflict.penalty_dice", "{n} penalty die", "{n} penalty dice", n=-net
            )
        )
        raise DiceError(
            "fudge_conflict.keep_faces",
            "{extra} and {keep} kept need {needed} faces, got {count}: {faces}",
            extra=extra,
            keep=keep,
            needed=keep + abs(net),
            count=len(values),
            faces=faces_preview(values),
        )
    return selection_of(kept_by_net(values, net, keep, penalty_keep), len(values))


def kept_by_net(values: Sequence[int], net: int, keep: int, penalty_keep: PenaltyKeep) -> list[int]:
    """The indices :func:`keep_net` keeps, unchecked (``values`` are ``keep + |net|`` whole
    numbers): the exact odds enumerate every roll through this one reading."""
    if net >= 0:
        return ordered_indices(values, keep, highest=True)
    penalty = -net
    if penalty >= keep or penalty_keep == "three_worst":
        return ordered_indices(values, keep, highest=False)
    lowest = sorted(range(len(values)), key=lambda i: (values[i], i))
    rest = sorted(lowest[penalty:], key=lambda i: (-values[i], i))
    return [*lowest[:penalty], *rest[: keep - penalty]]


@dataclass(frozen=True, slots=True)
class KeptRoll:
    """A roll of ``keep + |net|`` dice of which ``keep`` count (see :func:`keep_net`).

    Attributes:
        roll: every die rolled or typed, in roll order.
        net: bonus dice (positive) or penalty dice (negative) after cancellation.
        selection: which dice were kept (indices into ``roll``).
        penalty_keep: the reading of penalty dice that chose them.
    """

    roll: PoolRoll
    net: int
    selection: Selection
    penalty_keep: PenaltyKeep = "forced_worst_then_best"

    def __post_init__(self) -> None:
        if not isinstance(self.roll, PoolRoll):
            raise DiceError(
                "fudge_conflict.kept_roll_type",
                "a kept roll's roll must be a PoolRoll, got {got}",
                got=shown(self.roll),
            )
        if not isinstance(self.selection, Selection):
            raise DiceError(
                "fudge_conflict.kept_selection_type",
                "a kept roll's selection must be a Selection, got {got}",
                got=shown(self.selection),
            )
        keep = len(self.roll.faces) - abs(checks.whole(self.net, "net dice", error=DiceError))
        expected = keep_net(self.roll.faces, self.net, max(keep, 0), penalty_keep=self.penalty_keep)
        if expected != self.selection:
            raise DiceError(
                "fudge_conflict.kept_selection_wrong",
                "selection {got} is not what {net} dice keep from {faces}; they keep dice {kept}",
                got=shown(self.selection),
                net=f"{self.net:+d}",
                faces=faces_preview(self.roll.faces),
                kept=shown(expected.kept),
            )

    @classmethod
    def _chosen(
        cls, roll: PoolRoll, net: int, selection: Selection, penalty_keep: PenaltyKeep
    ) -> KeptRoll:
        """The kept roll :func:`roll_kept` has just made: its ``selection`` is the one
        :func:`keep_net` chose from ``roll``'s faces with checked arguments, so it is not
        chosen a second time to be compared (built from outside, a kept roll is checked
        by ``__post_init__``). Frozen all the same."""
        kept = object.__new__(cls)
        for name, value in (
            ("roll", roll),
            ("net", net),
            ("selection", selection),
            ("penalty_keep", penalty_keep),
        ):
            object.__setattr__(kept, name, value)
        return kept

    @property
    def bonus(self) -> int:
        """Bonus dice rolled (0 when the roll has penalty dice)."""
        return max(self.net, 0)

    @property
    def penalty(self) -> int:
        """Penalty dice rolled (0 when the roll has bonus dice)."""
        return max(-self.net, 0)

    @property
    def kept_faces(self) -> tuple[int, ...]:
        return self.selection.values(self.roll.faces)

    @property
    def dropped_faces(self) -> tuple[int, ...]:
        return tuple(self.roll.faces[i] for i in self.selection.dropped)

    @property
    def total(self) -> int:
        """The sum of the kept dice."""
        return sum(self.kept_faces)

    def describe(self) -> str:
        """``"+ 0 [−] 0 +"``-style text: every die, the dropped ones in brackets."""
        die = self.roll.pool.die
        parts = [
            die.face_text(face) if i in self.selection.kept else f"[{die.face_text(face)}]"
            for i, face in enumerate(self.roll.faces)
        ]
        return " ".join(parts)


def roll_kept(
    dice: Dice,
    net: int,
    faces: Sequence[int] | str | int | None = None,
    *,
    die: DieType = DF,
    keep: int = 3,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
    label: str = "",
) -> KeptRoll:
    """Roll ``keep + |net|`` dice (or take the faces typed for them) and keep ``keep``.

    Typed faces are checked against that pool size: 3 base dice and 2 penalty dice
    need exactly five faces.

    Raises:
        DiceError: a bad argument; :class:`~isowidgets.errors.FacesError` for typed
            faces of the wrong number or value; :class:`~isowidgets.errors.DiceCapError`
            past the dice caps.
    """
    if not isinstance(dice, Dice):
        raise DiceError(
            "fudge_conflict.roll_kept_dice",
            "roll_kept needs the session's Dice, got {type} {got}",
            type=type(dice).__name__,
            got=shown(dice),
        )
    if not isinstance(die, DieType):
        raise DiceError(
            "fudge_conflict.roll_kept_die",
            "roll_kept needs a DieType such as DF, got {type} {got}",
            type=type(die).__name__,
            got=shown(die),
        )
    net = checks.whole(
        net, "net bonus/penalty dice", -LIMITS_CEILING, LIMITS_CEILING, error=DiceError
    )
    keep = checks.whole(keep, "dice kept", 0, LIMITS_CEILING, error=DiceError)
    penalty_keep = checks.choice(penalty_keep, "penalty_keep", PENALTY_KEEP_MODES, error=DiceError)
    pool = Pool(die, keep + abs(net), label=label)
    rolled = dice.roll(pool, faces)
    selection = keep_net(rolled.faces, net, keep, penalty_keep=penalty_keep)
    return KeptRoll._chosen(rolled, net, selection, penalty_keep)
