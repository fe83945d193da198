"""The dice scheme of sessions before numbered rolls (``"draws"``): kept to verify them.

Until rolls were numbered (see :mod:`.roller`), every random face was one *draw* of a
stream of Python's Mersenne Twister seeded by the session's seed, and a roll recorded
the draw of its first die (:attr:`PoolRoll.draw <.PoolRoll.draw>`). The
kit rolls no dice this way any more; :mod:`isowidgets.verify` replays the random rolls
of such journals by these rules, which are the rules they were written under.

Why it was replaced: a public roll's draw position counted every die drawn before it,
GM-only dice included (seven secret dice showed as a jump of seven), and one stream for
all rolls tied a roll to its place in the stream, not to its place in the journal.
"""

from __future__ import annotations

import random
from typing import Any

from .. import checks
from ..checks import received
from ..errors import DiceError
from ..words import msg
from .values import DieType

__all__ = ["Stream", "stream_seed"]


class Stream:
    """The faces one stream of a seed gives, draw after draw.

    The stream whose first draw is ``start`` is ``random.Random(stream_seed(seed,
    start))``; each draw is one ``randrange(sides)`` of it, the face at that index.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int | str, start: int) -> None:
        self._rng = random.Random(stream_seed(seed, start))

    def face(self, die: DieType) -> int:
        """The next draw, as a face of ``die``."""
        return die.faces[self._rng.randrange(die.sides)]

    def faces(self, die: DieType, count: int) -> tuple[int, ...]:
        """The next ``count`` draws, as faces of ``die``."""
        return tuple(self.face(die) for _ in range(count))

    def state(self) -> object:
        """An opaque snapshot (see :meth:`restore`)."""
        return self._rng.getstate()

    def restore(self, state: Any) -> None:
        """Go back to a snapshot :meth:`state` made."""
        self._rng.setstate(state)


def stream_seed(seed: int | str, start: int) -> int | str:
    """The seed of the stream whose first draw is ``start``.

    Draw 0 used the session's seed itself; a stream taken up at draw ``n`` by a resume
    past lost draws used ``f"{seed}/{n}"``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise DiceError(
            "dice.seed.type", "a seed must be a whole number or text, got {got}", got=received(seed)
        )
    start = checks.whole(start, msg("dice.what.first_draw", "the first draw"), 0, error=DiceError)
    if start == 0:
        return seed
    if isinstance(seed, int):  # a seed a session takes is bounded, so it reads as text
        seed = checks.whole(seed, msg("dice.what.seed", "a seed"), error=DiceError)
    return f"{seed}/{start}"
