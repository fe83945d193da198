"""The session's key: the faces its seed gives every die of every numbered roll.

A :class:`RollKey` holds HMAC-SHA256 keyed by the session's seed, with the table's
seed bound in; die ``i`` of roll ``n`` of a counter (public or GM-only) shows the face
:func:`pick` reads from its block (see :mod:`.roller` for the scheme and why it is
built this way). :mod:`isowidgets.verify` recomputes every roll of a journal with it;
a session's :class:`~.roller.Dice` rolls with it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import struct

from .. import checks
from ..checks import received
from ..errors import DiceError
from ..words import msg
from .faces import MAX_TYPED
from .records import ROLL_NUMBER, PoolRoll
from .rolled import DIE_INDEX
from .values import MAX_SIDES, SIDES, DieType

__all__ = ["MAX_SEED_TEXT", "MAX_TABLE_SEED", "RollKey", "pick", "seed_bytes"]

MAX_SEED_TEXT = 1000
"""The longest seed given as text (a phrase, not a file)."""

MAX_TABLE_SEED = 200
"""The longest table seed (a phrase a player types, or a line from the stream's chat)."""

_DOMAIN = b"isowidgets-roll-v2"
_WORDS = struct.Struct(">I")
_RANGE = 1 << 32
_COUNTERS: dict[bool, bytes] = {False: b"public", True: b"gm"}


def pick(block: bytes, sides: int) -> int | None:
    """The index of a face of a die of ``sides`` faces from a 32-byte HMAC block.

    The block is read as eight big-endian 32-bit numbers; the first below the largest
    multiple of ``sides`` that fits in 32 bits, modulo ``sides``, is the index (each
    index equally likely). ``None`` when all eight are at or above it (the next block
    is then read): the chance is below ``(sides / 2**32) ** 8``.

    Raises:
        DiceError: ``block`` is not 32 bytes, or ``sides`` not a whole number from 1 to
            :data:`~.MAX_SIDES`.
    """
    if type(block) is not bytes or len(block) != 32:
        raise DiceError(
            "dice.key.block",
            "a block is 32 bytes of HMAC-SHA256, got {got}",
            got=received(block, 60),
        )
    if type(sides) is not int or not 1 <= sides <= MAX_SIDES:
        checks.whole(sides, SIDES, 1, MAX_SIDES, error=DiceError)
    return _pick(block, sides)


def _pick(block: bytes, sides: int) -> int | None:
    limit = _RANGE - _RANGE % sides
    for (value,) in _WORDS.iter_unpack(block):
        if value < limit:
            return int(value) % sides
    return None


def seed_bytes(seed: int | str) -> bytes:
    """The key a seed gives: its JSON text as UTF-8 (``3`` and ``"3"`` differ)."""
    return json.dumps(seed, ensure_ascii=False).encode("utf-8", "surrogatepass")


class RollKey:
    """The faces a session's seed gives every die of every numbered roll.

    Args:
        seed: the session's seed (the secret committed to before play): a whole number
            or text.
        table: the table's seed (``""`` when none was given).

    Raises:
        DiceError: a seed or a table seed :class:`~.roller.Dice` would refuse.
    """

    __slots__ = ("_mac", "table")

    def __init__(self, seed: int | str, table: str = "") -> None:
        seed = _checked_seed(seed)
        table = _table_text(table)
        table_bytes = table.encode("utf-8")
        mac = hmac.new(seed_bytes(seed), digestmod=hashlib.sha256)
        mac.update(b"%s\0%d:%s\0" % (_DOMAIN, len(table_bytes), table_bytes))
        self._mac = mac
        self.table = table

    def __repr__(self) -> str:
        return f"RollKey(table={self.table!r})"  # never the seed: it is the secret

    def block(self, gm: bool, number: int, index: int, block: int = 0) -> bytes:
        """HMAC-SHA256 over the table's seed, the counter (GM-only or public), roll
        ``number``, die ``index`` and ``block`` (32 bytes).

        Raises:
            DiceError: an argument that is not a flag or a whole number in range.
        """
        gm = checks.flag(gm, "gm", error=DiceError)
        number = checks.whole(number, ROLL_NUMBER, 1, error=DiceError)
        index = checks.whole(index, DIE_INDEX, 0, error=DiceError)
        block = checks.whole(block, msg("dice.what.block", "a block"), 0, error=DiceError)
        return self._block(gm, number, index, block)

    def _block(self, gm: bool, number: int, index: int, block: int) -> bytes:
        mac = self._mac.copy()
        mac.update(b"%s\0%d\0%d\0%d" % (_COUNTERS[gm], number, index, block))
        return mac.digest()

    def face(self, die: DieType, gm: bool, number: int, index: int) -> int:
        """The face die ``index`` of roll ``number`` shows (a die of the kind ``die``).

        Raises:
            DiceError: ``die`` is not a die, or another argument is out of range.
        """
        die, gm, number = self._checked(die, gm, number)
        return self._face(die, gm, number, checks.whole(index, DIE_INDEX, 0, error=DiceError))

    def _face(self, die: DieType, gm: bool, number: int, index: int) -> int:
        block = 0
        while (found := _pick(self._block(gm, number, index, block), die.sides)) is None:
            block += 1
        return die.faces[found]

    def faces(self, die: DieType, gm: bool, number: int, count: int) -> tuple[int, ...]:
        """The faces of the first ``count`` dice of roll ``number``.

        Raises:
            DiceError: ``die`` is not a die, or another argument is out of range.
        """
        die, gm, number = self._checked(die, gm, number)
        count = checks.whole(
            count, msg("dice.what.count_of_dice", "a count of dice"), 0, MAX_TYPED, error=DiceError
        )
        return tuple(self._face(die, gm, number, index) for index in range(count))

    def faces_of(self, roll: PoolRoll) -> tuple[int, ...]:
        """The faces the key gives the dice of the numbered random ``roll``, as many as
        it holds (what :mod:`isowidgets.verify` compares it with).

        Raises:
            DiceError: ``roll`` is not a numbered random roll.
        """
        if not isinstance(roll, PoolRoll) or roll.number is None:
            raise DiceError(
                "dice.key.not_numbered",
                "only a numbered random roll has faces to recompute: {got}",
                got=received(roll, 80),
            )
        die, number = roll.pool.die, roll.number
        return tuple(self._face(die, roll.gm, number, index) for index in range(len(roll.dice)))

    @staticmethod
    def _checked(die: DieType, gm: bool, number: int) -> tuple[DieType, bool, int]:
        if not isinstance(die, DieType):
            raise DiceError(
                "dice.key.die_type",
                "a die such as D6 is needed, got {type} {got}",
                type=type(die).__name__,
                got=received(die),
            )
        return (
            die,
            checks.flag(gm, "gm", error=DiceError),
            checks.whole(number, ROLL_NUMBER, 1, error=DiceError),
        )


_SEED = msg("dice.what.seed", "a seed")


def _checked_seed(seed: object) -> int | str:
    """A seed as every roll takes it: a whole number of at most 64 bits, or text of at
    most :data:`MAX_SEED_TEXT` characters, kept exactly as given."""
    if isinstance(seed, str):
        return checks.text(
            seed, _SEED, allow_empty=True, strip=False, max_length=MAX_SEED_TEXT, error=DiceError
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DiceError(
            "dice.seed.type_named",
            "a seed must be a whole number or text, got {type} {got}",
            type=type(seed).__name__,
            got=received(seed),
        )
    return checks.whole(seed, _SEED, error=DiceError)


def _table_text(seed: object) -> str:
    """The table's seed as it is bound into rolls: text of at most :data:`MAX_TABLE_SEED`
    characters, kept exactly as given (``""`` is no table seed)."""
    return checks.text(
        seed,
        msg("dice.what.table_seed", "the table's seed"),
        allow_empty=True,
        strip=False,
        max_length=MAX_TABLE_SEED,
        tip=msg(
            "dice.table_seed.tip", "a short phrase a player types, or a line from the stream's chat"
        ),
        error=DiceError,
    )
