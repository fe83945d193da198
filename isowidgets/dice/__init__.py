"""The dice core: die types, pools, open-ended explosions, caps, and typed-in faces.

One interface serves random rolls and physical dice typed in at the table::

    dice = Dice(seed=7)
    pool = Pool(D6, 5, explode_on={1}, label="Bob red")
    dice.roll(pool)                          # random, from the session's generator
    dice.roll(pool, faces=[5, 4, 3, 6, 1, 1, 2])   # typed in: validated, same result type

Conventions, stated once:

* **Roll order.** A pool's faces are listed in the order the dice hit the table:
  first the ``count`` base dice, then every extra die from an explosion, in the
  order of the dice that exploded (the first exploding die's extra die comes
  first). So Bob's red pool of five d6 showing 5 4 3 6 1, whose 1 explodes into
  another 1, which explodes into a 2, is typed as ``5 4 3 6 1 1 2``. The parent
  of every extra die is recorded, so chains can be shown and checked.
* **An exploded die keeps its face** and still counts; the extra die is added.
* **Immutability.** Die types, pools and rolls are frozen values.
* **Randomness is passed in.** Each session owns a seeded :class:`.Dice`; nothing
  here touches a global random generator. Each random roll takes its own number and
  its faces come from HMAC-SHA256 keyed by the session's seed (see :mod:`.roller`).

Caps (see :class:`.Limits`): at most 500 base dice in one pool and at most 200
extra dice from explosions in one pool (a pool's count itself past 64 bits is
refused when the pool is made). A request past them raises
:class:`~isowidgets.errors.DiceCapError` before any die is rolled, or as soon as
the chain passes the cap, so no input can hang the kernel. A house rule that
makes every face explode (a chain that can never end) is refused at once. Typed-in
faces are capped the same way: at most ``count + max_explosions`` faces are read
for one pool, so a pasted list of a million faces fails at once, and error
messages show only the first few faces of a long list. Dice notation is at most
:data:`.MAX_NOTATION` characters, checked before it is read.

Every public function and method checks its arguments (through
:mod:`isowidgets.checks`) and refuses a bad one with
:class:`~isowidgets.errors.DiceError` or a subclass, never ``TypeError``,
``AttributeError`` or ``KeyError``.

The package, one concept a module: :mod:`.values` (die types and the caps),
:mod:`.format` (how faces are written), :mod:`.faces` (the typed-faces lexer),
:mod:`.notation` (dice notation), :mod:`.pools` (what a pool asks for),
:mod:`.rolled` (the dice of a roll and the chains its faces make), :mod:`.records` (a
roll, and its record), :mod:`.keep` (which dice are kept), :mod:`.streams` (the scheme
of sessions before numbered rolls, kept to verify them), :mod:`.keys` (the faces a
session's seed gives each numbered roll) and :mod:`.roller` (the seeded dice).
Import from the package: ``from isowidgets.dice import Dice, Pool``.
"""

from __future__ import annotations

from .faces import MAX_TYPED, Faces, parse_faces
from .keep import Selection, keep_highest, keep_lowest
from .notation import MAX_NOTATION
from .pools import Pool
from .records import PoolRoll, RollSource
from .rolled import RolledDie
from .roller import MAX_SEED_TEXT, MAX_TABLE_SEED, SCHEME, Dice, RollKey
from .streams import stream_seed
from .values import (
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    DEFAULT_LIMITS,
    DF,
    LIMITS_CEILING,
    LOAD_LIMITS,
    MAX_SIDES,
    DieType,
    Limits,
    d,
    die_named,
)

__all__ = [
    "D4",
    "D6",
    "D8",
    "D10",
    "D12",
    "D20",
    "DEFAULT_LIMITS",
    "DF",
    "LIMITS_CEILING",
    "LOAD_LIMITS",
    "MAX_NOTATION",
    "MAX_SEED_TEXT",
    "MAX_SIDES",
    "MAX_TABLE_SEED",
    "MAX_TYPED",
    "SCHEME",
    "Dice",
    "DieType",
    "Faces",
    "Limits",
    "Pool",
    "PoolRoll",
    "RollKey",
    "RollSource",
    "RolledDie",
    "Selection",
    "d",
    "die_named",
    "keep_highest",
    "keep_lowest",
    "parse_faces",
    "stream_seed",
]
