"""Rolling one Isolation pool, and reading one die of it.

Every roll of the game goes through :func:`roll_colour` (a conflict's pools,
the session-end pair rolls), so the explosion house rules (ISO-A02, ISO-A04,
ISO-A05) apply the same everywhere; :func:`counts` is the one counting rule
every reading applies.
"""

from __future__ import annotations

from ... import checks
from ...dice import D6, Dice, Faces, Pool, PoolRoll
from ...errors import FacesError
from .model import COLOURS, Colour, IsolationState
from .plan import explosion_rule

__all__ = ["counts", "roll_colour"]


def counts(colour: Colour, face: int) -> bool:
    """Whether one die counts for its owner: an even on a green die, an odd on a red one.

    The one counting rule of every reading in the game (ISO-R23..R25, ISO-R28,
    ISO-R30, ISO-R43, ISO-R45): green dice count their evens (2, 4, 6), red
    dice their odds (1, 3, 5). A die that exploded keeps its face and counts
    like any other (ISO-R21): a green 6 counts, and so does a red 1. It agrees
    with :attr:`PoolRoll.evens <.PoolRoll.evens>` and
    :attr:`~.PoolRoll.odds`, which the readings sum, so
    ``sum(counts(colour, f) for f in roll.faces)`` is a pool's evens (green) or
    odds (red). For widgets that mark each die: ``functools.partial(counts,
    colour)`` is the predicate for one pool.

    Raises:
        RuleError: ``colour`` is not ``"green"`` or ``"red"``, or ``face`` is not a
            whole number 1..6 (a d6's faces).
    """
    checks.choice(colour, "a die's colour", COLOURS)
    checks.whole(face, "a d6's face", 1, 6)
    return face % 2 == (0 if colour == "green" else 1)


def roll_colour(
    dice: Dice,
    state: IsolationState,
    colour: Colour,
    count: int,
    label: str,
    faces: Faces | None,
    *,
    take_explosions: bool = True,
    gm: bool = False,
) -> PoolRoll:
    """Roll (or take typed faces for) one open-ended Isolation pool (ISO-R21, ISO-R22).

    Green dice explode on 6 (optional under ISO-A04), red dice on 1 (the GM's
    per ISO-A02). ``take_explosions`` only declines explosions the rules leave
    optional (green 6s under ``green_explosion_optional``); red 1s always
    explode, and so do green 6s by default. ``max_explosions_per_pool``
    (ISO-A05) stops a chain at the house limit; the pool is then recorded with
    optional explosions so the journal can show which explosions the limit
    declined.

    The dice core's caps (:class:`~.Limits`) are checked before
    any die is rolled, so an oversized pool costs nothing.
    """
    settings = state.settings
    explode, mode = explosion_rule(settings, colour, gm=gm)
    optional = colour == "green" and settings.green_explosion_optional
    cap = settings.max_explosions_per_pool
    pool = Pool(D6, count, explode, mode, label)
    pool.check(dice.limits)
    if cap is None:
        return dice.roll(pool, faces, take_optional=take_explosions)
    if faces is None:
        return _roll_to_house_limit(dice, pool, cap, take=take_explosions or not optional)
    roll = dice.roll(pool, faces)
    extras = len(roll.extras)
    if extras > cap:
        raise FacesError(
            "isolation.explosions_over_cap",
            "{pool}: {extras} extra dice from explosions, but the house limit "
            "max_explosions_per_pool is {cap}. Tip: stop the chain after {cap} extra dice.",
            pool=pool.describe(),
            extras=extras,
            cap=cap,
        )
    declined = any(die.declined for die in roll.dice)
    if declined and extras < cap and not optional:
        raise FacesError(
            "isolation.explosion_missing",
            "{pool}: an exploding face has no extra die, and the house limit ({cap}) is not "
            "reached yet. Tip: list one extra die per exploding face.",
            pool=pool.describe(),
            cap=cap,
        )
    return roll


def _roll_to_house_limit(dice: Dice, pool: Pool, cap: int, *, take: bool) -> PoolRoll:
    """A random roll whose chains stop after ``cap`` extra dice (ISO-A05).

    ``take`` is false only when the rules let the roller decline every
    explosion (optional green 6s). Past the dice core's own explosion cap the
    chain is refused with :class:`~isowidgets.errors.DiceCapError`, exactly as
    without a house limit.
    """
    return dice.roll(pool, take_optional=take, most_extras=cap)
