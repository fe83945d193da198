"""The roller: a session's dice, the one place random faces come from.

**Each random roll has its own number.** A session keeps two counters, one for public
rolls and one for GM-only rolls (a roll made in a GM-only action), and each random roll
takes the next number of its counter: public roll 1, 2, 3, …; GM-only roll 1, 2, 3, ….
Die ``i`` of roll ``n`` shows the face

    HMAC-SHA256(key = the session's seed,
                message = "isowidgets-roll-v2" NUL len(table):table NUL counter NUL n NUL i NUL b)

read by rejection sampling (:func:`~.keys.pick`): the 32-byte block is eight 32-bit numbers,
and the first below the largest multiple of the die's sides, modulo the sides, is the
face's index, so every face is equally likely (no modulo bias); in the rare case that
all eight are refused (below one in 10⁵⁰ for any die the kit rolls) block ``b + 1`` is
read. ``table`` is the table's seed (empty when none was given; see
:meth:`Dice.set_table`), ``counter`` is ``public`` or ``gm``, and the seed is its JSON
text (``3`` and ``"3"`` are different seeds). This is the published "provably fair"
scheme: a server seed committed by its hash before play
(:mod:`isowidgets.commitment`), a seed from the other side given after that, a counter
per roll, HMAC-SHA256.

Why it is built this way:

* **A roll is recomputed alone.** Anyone holding the revealed seed computes any roll
  from its number, without replaying the others, so :mod:`isowidgets.verify` checks
  each roll at its place in the journal.
* **Cutting a roll gains nothing.** The number a roll takes depends only on how many
  rolls of its counter came before it. A GM who cuts the last roll off the journal and
  rolls again gets the same number, hence the same faces for the same dice.
* **Secret dice are not counted in public.** A public roll carries its public number
  only: how many dice (or rolls) the GM rolled in secret changes nothing it shows. The
  old scheme (:mod:`.streams`) numbered every *die* of one stream, so a public roll's
  position counted the secret dice before it.
* **The table's seed is bound in.** The GM commits to the seed before the table gives
  its own; the GM cannot pick a seed that suits the table's.

Other consequences, thought through: a roll of zero dice takes a number too (every
random roll is numbered, so a missing number is always a missing roll); a roll that is
undone stays journaled and keeps its number; a roll refused by the rules (or by the
caps) gives its number back (:meth:`Dice.restore`, which :meth:`Game.act
<isowidgets.game.Game.act>` runs); declined optional explosions draw nothing (die ``i``
is the same face whether or not the dice before it exploded); and a resumed session
takes its counters from the journal (:meth:`Dice.resumed`).

The seed is the HMAC's key as it is: a seed a person chose (``seed=3``) is only as
secret as it is hard to guess, since anyone can try seeds against the faces shown. With
no seed given a session's seed is 256 random bits.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any, Final

from .. import checks
from ..checks import received
from ..errors import DiceCapError, DiceError
from ..words import Message, msg, render
from .faces import parse_faces
from .keys import MAX_SEED_TEXT, MAX_TABLE_SEED, RollKey, _checked_seed, _table_text, pick
from .pools import Pool
from .records import PoolRoll, assemble
from .values import DEFAULT_LIMITS, Limits

__all__ = [
    "LEGACY_SCHEME",
    "MAX_SEED_TEXT",
    "MAX_TABLE_SEED",
    "SCHEME",
    "SCHEMES",
    "Dice",
    "RollKey",
    "pick",
]

SCHEME: Final = "hmac-sha256"
"""The dice scheme of sessions started now (journaled in their first event)."""

LEGACY_SCHEME: Final = "draws"
"""The dice scheme of sessions started before rolls were numbered (:mod:`.streams`)."""

SCHEMES: Final = (LEGACY_SCHEME, SCHEME)
"""Every dice scheme a journal may name."""

_MOST_ROLLS = 10_000_000
"""More rolls than any journal can hold (a bound on what :meth:`Dice.resumed` reads)."""


class Dice:
    """A session's dice: its seed, the table's seed, the two roll counters, and the caps.

    Every random roll takes the next number of its counter (public, or GM-only inside
    :meth:`counting`) and its faces come from the session's key (see the module
    docstring), so anyone who knows the seed can recompute every roll of a journal
    (see :mod:`isowidgets.verify`).

    Args:
        seed: the session's seed. ``None`` draws 63 random bits from the OS (a
            session's own seed is made by :mod:`isowidgets.commitment`: 256 bits).
        limits: the caps every pool is checked against.
        table: the table's seed (``""`` when none was given).
        taken: how many numbers each counter has given already: ``(public, GM-only)``.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        limits: Limits = DEFAULT_LIMITS,
        table: str = "",
        taken: tuple[int, int] = (0, 0),
    ):
        if seed is not None:
            seed = _checked_seed(seed)
        if not isinstance(limits, Limits):
            raise DiceError(
                "dice.limits.type",
                "limits must be a dice.Limits, got {type} {got}",
                type=type(limits).__name__,
                got=received(limits),
            )
        self.seed: int | str = secrets.randbits(63) if seed is None else seed
        self.limits = limits
        self._key = RollKey(self.seed, _table_text(table))
        listed = checks.ordered(
            taken, msg("dice.what.the_numbers_taken", "the numbers taken"), most=2, error=DiceError
        )
        if len(listed) != 2:
            raise DiceError(
                "dice.taken", "taken is (public, GM-only) numbers, got {got}", got=received(taken)
            )
        self._taken = [
            checks.whole(n, msg("dice.what.numbers_taken", "numbers taken"), 0, error=DiceError)
            for n in listed
        ]
        self._gm = False
        self._acting = 0  # how many counting() blocks are open
        self._bound = False  # a game's dice: random rolls only inside its actions
        self._sealed: str | Message = ""
        self._issued: list[PoolRoll] = []  # every random roll made, for act's check

    @classmethod
    def resumed(
        cls, seed: int | str, limits: Limits, rolls: Iterable[PoolRoll], *, table: str = ""
    ) -> Dice:
        """The session's dice where its journal left them: each counter goes on after
        the highest number the journal's ``rolls`` took (retconned rolls and actions cut
        short included: those numbers were taken).

        A roll lost from the journal (a torn last line) gives its number back, so the
        next roll is the one it was, with the same faces: a resume gives the GM no
        second roll to choose from.

        Raises:
            DiceError: a seed or caps :class:`Dice` refuses, or ``rolls`` is not a list
                of rolls.
        """
        cls(seed, limits=limits, table=table)  # checked before any work
        rolls = checks.ordered(
            rolls,
            msg("dice.what.journal_rolls", "a journal's rolls"),
            most=_MOST_ROLLS,
            error=DiceError,
        )
        taken = [0, 0]
        for roll in rolls:
            if not isinstance(roll, PoolRoll):
                raise DiceError(
                    "dice.resumed.roll_type",
                    "a journal's rolls must be PoolRoll values, got {got}",
                    got=received(roll, 60),
                )
            if roll.number is not None:
                taken[roll.gm] = max(taken[roll.gm], roll.number)
        return cls(seed, limits=limits, table=table, taken=(taken[0], taken[1]))

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"

    # ------------------------------------------------------------------ counters

    @property
    def taken(self) -> tuple[int, int]:
        """How many numbers each counter has given: ``(public, GM-only)``."""
        return self._taken[0], self._taken[1]

    @property
    def table(self) -> str:
        """The table's seed bound into every roll (``""`` when none was given)."""
        return self._key.table

    def set_table(self, seed: str) -> None:
        """Bind the table's ``seed`` into every roll from now on.

        Only before the first random roll: a table seed given after a roll would let
        whoever knows the session's seed choose the rest.

        Raises:
            DiceError: a random roll was made already, or ``seed`` is not short text.
        """
        text = _table_text(seed)
        if any(self._taken):
            raise DiceError(
                "dice.table_seed.late",
                "the table's seed is given before the first random roll; this session has "
                "rolled already ({public} public, {gm} GM-only rolls)",
                public=self._taken[0],
                gm=self._taken[1],
            )
        self._key = RollKey(self.seed, text)

    def bind(self) -> None:
        """Make these a game's dice: from now on they roll random dice only inside one of
        its actions (:meth:`counting`, which :meth:`Game.act
        <isowidgets.game.Game.act>` opens), so every random roll is journaled. A roll made
        outside would take a number no line holds, and verify would report it as a
        deleted roll. Typed faces are taken anywhere."""
        self._bound = True

    @property
    def counting_gm(self) -> bool:
        """Whether random rolls take GM-only numbers now (inside :meth:`counting`)."""
        return self._gm

    def counting(self, *, gm: bool) -> _Counting:
        """A block whose random rolls take numbers of the GM-only counter (``gm=True``)
        or of the public one. :meth:`Game.act <isowidgets.game.Game.act>` opens one for
        every action, GM-only when the action is."""
        return _Counting(self, checks.flag(gm, "gm", error=DiceError))

    @property
    def sealed(self) -> str:
        """Why random faces are refused, in English (``""`` while they are not; see
        :meth:`seal`)."""
        reason = self._sealed
        return reason if isinstance(reason, str) else render(reason)

    @property
    def sealed_message(self) -> Message | None:
        """Why random faces are refused, as the message a refusal carries (``None``
        while they are not; see :meth:`seal`)."""
        if not self._sealed:
            return None
        return msg("dice.sealed", "{reason}", reason=self._sealed)

    def seal(self, reason: str | Message) -> None:
        """Refuse every random roll from now on, with ``reason`` (typed faces still work):
        a sentence, or a :class:`~.Message` said in the reader's language.

        A session whose seed is revealed is sealed: anyone could foresee its rolls.
        """
        if isinstance(reason, Message):
            self._sealed = reason
        else:
            self._sealed = checks.text(reason, msg("dice.what.reason", "a reason"), error=DiceError)

    def state(self) -> object:
        """An opaque snapshot of the counters (see :meth:`restore`)."""
        return self._taken[0], self._taken[1], len(self._issued)

    def restore(self, state: object) -> None:
        """Give back every number taken since :meth:`state` made ``state`` (used when an
        action is refused: its rolls were never journaled).

        Raises:
            DiceError: ``state`` is not a snapshot :meth:`state` made.
        """
        public, gm, issued = self._snapshot(state)
        self._taken = [public, gm]
        del self._issued[issued:]

    def _snapshot(self, state: object) -> tuple[int, int, int]:
        """``state`` read as a snapshot of :meth:`state`, or a DiceError."""
        snapshot: Any = state
        try:
            if not isinstance(snapshot, tuple) or len(snapshot) != 3:
                raise TypeError
            public, gm, issued = snapshot
            return (
                checks.whole(public, "a public number", 0, error=DiceError),
                checks.whole(gm, "a GM-only number", 0, error=DiceError),
                checks.whole(issued, "rolls issued", 0, len(self._issued), error=DiceError),
            )
        except (TypeError, DiceError):
            raise DiceError(
                "dice.snapshot",
                "a snapshot is what Dice.state() made, got {type} {got}",
                type=type(state).__name__,
                got=received(state, 60),
            ) from None

    def take_up(self, rolls: Iterable[PoolRoll]) -> None:
        """Count the numbers the random ``rolls`` took as taken (their action reached the
        journal though a later part of it did not).

        Raises:
            DiceError: ``rolls`` is not a list of rolls.
        """
        listed = checks.ordered(rolls, "rolls", most=_MOST_ROLLS, error=DiceError)
        for roll in listed:
            if not isinstance(roll, PoolRoll):
                raise DiceError(
                    "dice.take_up.roll_type",
                    "take_up takes PoolRoll values, got {got}",
                    got=received(roll, 60),
                )
        for roll in listed:
            if roll.number is not None:
                self._taken[roll.gm] = max(self._taken[roll.gm], roll.number)

    def issued_since(self, state: object) -> list[PoolRoll]:
        """The random rolls made since :meth:`state` made ``state``, in the order made.

        Raises:
            DiceError: ``state`` is not a snapshot :meth:`state` made.
        """
        return list(self._issued[self._snapshot(state)[2] :])

    # ------------------------------------------------------------------ rolling

    def roll(
        self,
        pool: Pool,
        faces: Sequence[int] | str | int | None = None,
        *,
        take_optional: bool = True,
        most_extras: int | None = None,
    ) -> PoolRoll:
        """Roll ``pool``, or take the faces typed in for it.

        Args:
            pool: what to roll.
            faces: ``None`` for a random roll; otherwise the faces in roll
                order (see :mod:`isowidgets.dice`), as integers or as text.
            take_optional: for a random roll of a pool with optional
                explosions, whether the extra dice are taken.
            most_extras: a house limit on the extra dice of a random roll: the
                chains stop after this many (the dice whose explosion it stopped are
                marked declined, so the pool must allow declining them).

        Raises:
            DiceCapError: the pool or its chains pass ``limits``.
            FacesError: typed faces out of range or of the wrong count.
            DiceError: the dice are sealed (for a random roll).
        """
        if not isinstance(pool, Pool):
            raise DiceError(
                "dice.roll.needs_pool",
                "roll needs a Pool such as Pool.parse('5d6!1'), got {type} {got}",
                type=type(pool).__name__,
                got=received(pool),
            )
        take_optional = checks.flag(take_optional, "take_optional", error=DiceError)
        if most_extras is not None:
            most_extras = checks.whole(most_extras, "most_extras", 0, error=DiceError)
        pool.check(self.limits)
        if faces is not None:
            most = pool.count + self.limits.max_explosions
            typed = parse_faces(faces, pool.die, most=most)
            return assemble(pool, typed, "typed", self.limits)
        sealed = self.sealed_message
        if sealed is not None:  # even a roll of no dice: it would be journaled as random
            raise DiceError(sealed)
        if self._bound and not self._acting:
            raise DiceError(
                "dice.outside_action",
                "a session's dice roll random dice only inside one of its actions (a game "
                "method, or game.act(rule)), so that every roll is journaled and can be "
                "verified. Tip: roll through the game; typed faces are taken anywhere",
            )
        gm = self._gm
        self._taken[gm] += 1
        number = self._taken[gm]
        try:
            rolled = self._faces(pool, gm, number, take_optional, most_extras)
            roll = assemble(pool, rolled, "random", self.limits, number, gm=gm)
        except BaseException:
            self._taken[gm] -= 1  # a refused roll gives its number back
            raise
        self._issued.append(roll)
        return roll

    def _faces(
        self, pool: Pool, gm: bool, number: int, take_optional: bool, most_extras: int | None
    ) -> list[int]:
        """The faces of roll ``number`` for ``pool``: its base dice, then one extra die
        per exploding face in roll order (each die ``i`` the key's face ``i``)."""
        key, die = self._key, pool.die
        rolled = [key._face(die, gm, number, index) for index in range(pool.count)]
        if not pool.explode_on or (pool.explosions == "optional" and not take_optional):
            return rolled
        cursor = 0
        while cursor < len(rolled):
            if rolled[cursor] in pool.explode_on:
                extras = len(rolled) - pool.count
                if most_extras is not None and extras >= most_extras:
                    break  # the house limit stops every chain here
                if extras >= self.limits.max_explosions:
                    raise DiceCapError(
                        "dice.explosions_past_cap",
                        "{pool}: the explosions passed the cap of {most} extra dice",
                        pool=pool.message(),
                        most=self.limits.max_explosions,
                    )
                rolled.append(key._face(die, gm, number, len(rolled)))
            cursor += 1
        return rolled


class _Counting:
    """The block :meth:`Dice.counting` opens."""

    __slots__ = ("_before", "_dice", "_gm")

    def __init__(self, dice: Dice, gm: bool) -> None:
        self._dice, self._gm, self._before = dice, gm, False

    def __enter__(self) -> Dice:
        self._before, self._dice._gm = self._dice._gm, self._gm
        self._dice._acting += 1
        return self._dice

    def __exit__(self, *exc: object) -> None:
        self._dice._gm = self._before
        self._dice._acting -= 1
