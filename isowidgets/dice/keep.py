"""Which dice of a roll are kept: the highest, the lowest, or a system's own reading.

A :class:`Selection` names the kept and the dropped dice by their index in roll
order. :func:`keep_highest` and :func:`keep_lowest` check what they are given; a
system with its own reading of kept dice (the Danish system's bonus and penalty
dice) builds on :func:`ordered_indices` and :func:`selection_of`, which do not check
again what their caller has checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import checks
from ..checks import received
from ..errors import DiceError
from ..words import msg
from .faces import MAX_TYPED
from .format import faces_message

__all__ = ["Selection", "keep_highest", "keep_lowest", "ordered_indices", "selection_of"]


@dataclass(frozen=True, slots=True)
class Selection:
    """Which dice of a roll are kept (indices into the roll order)."""

    kept: tuple[int, ...]
    dropped: tuple[int, ...]

    def __post_init__(self) -> None:
        for name in ("kept", "dropped"):
            listed = checks.ordered(getattr(self, name), name, most=MAX_TYPED, error=DiceError)
            indices = tuple(checks.whole(i, f"an index {name}", 0, error=DiceError) for i in listed)
            object.__setattr__(self, name, indices)

    def values(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The kept faces of ``faces`` (the faces this selection was made from)."""
        listed = checks.ordered(faces, "the faces", most=MAX_TYPED, error=DiceError)
        needed = max((*self.kept, *self.dropped), default=-1) + 1
        if len(listed) < needed:
            raise DiceError(
                "dice.keep.too_few_faces",
                "this selection was made from {needed} faces or more; got {count}: {faces}",
                needed=needed,
                count=len(listed),
                faces=faces_message(listed),
            )
        return tuple(listed[i] for i in self.kept)


def _select(faces: Sequence[int], n: int, highest: bool) -> Selection:
    listed = checks.ordered(
        faces,
        "the faces to keep from",
        most=MAX_TYPED,
        error=DiceError,
    )
    values = [
        checks.whole(face, msg("dice.what.face", "a face"), error=DiceError) for face in listed
    ]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise DiceError(
            "dice.keep.count",
            "cannot keep {got} dice; the number kept must be a whole number ≥ 0",
            got=received(n),
        )
    n = int.__int__(n)
    if n > len(values):
        raise DiceError(
            "dice.keep.too_many",
            "cannot keep {got} of {count} dice",
            got=received(n),
            count=len(values),
        )
    return selection_of(ordered_indices(values, n, highest), len(values))


def ordered_indices(values: Sequence[int], n: int, highest: bool) -> list[int]:
    """The indices of the ``n`` highest (or lowest) of ``values``, best first; among equal
    faces the earlier die is taken first. Unchecked: the callers have checked."""
    order = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
    return order[:n]


def selection_of(kept: Sequence[int], count: int) -> Selection:
    """The selection keeping the indices ``kept`` of ``count`` dice (the rest dropped)."""
    chosen = tuple(sorted(kept))
    taken = set(chosen)  # a set: a typed roll may hold thousands of dice
    return Selection(chosen, tuple(i for i in range(count) if i not in taken))


def keep_highest(faces: Sequence[int], n: int) -> Selection:
    """Keep the ``n`` highest faces (ties: the earlier die)."""
    return _select(faces, n, highest=True)


def keep_lowest(faces: Sequence[int], n: int) -> Selection:
    """Keep the ``n`` lowest faces (ties: the earlier die)."""
    return _select(faces, n, highest=False)
