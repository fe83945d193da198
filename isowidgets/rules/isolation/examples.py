"""The rule text's running example, ready to play: Alice, Bob and Eve board up a house.

The farmhouse itself (its people, map and Stress Level) is :mod:`scenario <.isolation.scenario>`'s;
here it is played into a game. Tests and the tour notebook start from here.
"""

from __future__ import annotations

from .game import IsolationGame
from .scenario import boarding_cast, newcomers_cast
from .settings import IsolationSettings

__all__ = ["add_boarding_party", "boarding_party", "full_house"]


def boarding_party(
    *, stress: int | None = 2, settings: IsolationSettings | None = None, seed: int = 0
) -> IsolationGame:
    """A new in-memory game with the example's three characters and map.

    Args:
        stress: the starting Stress Level (1–3); ``None`` keeps ``stress_start``.
        settings: house rules (defaults otherwise).
        seed: the dice seed.

    Link ids: L1 “Flirtatious / Charming” (green), L2 “Compassionate / Brave”
    (green), L3 “Impatient / Stubborn” (red) between alice and bob; L4
    “Resourceful / Handy” (green), L5 “Jealous / Charming” (red), L6 “Arrogant /
    Arrogant” (red) between eve and bob.
    """
    game = IsolationGame.new(seed=seed, settings=settings, title="Boarding up the house")
    return add_boarding_party(game, stress=stress)


def add_boarding_party(game: IsolationGame, *, stress: int | None = 2) -> IsolationGame:
    """Put the example's characters and map into ``game`` (a fresh one, e.g. file-backed).

    A notebook that keeps its session in a journal file opens the game itself
    (``IsolationGame.open(path, resume=...)``) and furnishes it here, so the
    same farmhouse is also resumable after a kernel restart. The link ids are
    those of :func:`boarding_party` when ``game`` has no links yet. Each character,
    link and the Stress Level is a journal action of its own (see
    :func:`.scenario.boarding_cast`).
    """
    game.act(boarding_cast, stress)
    return game


def full_house(
    *, stress: int | None = 2, settings: IsolationSettings | None = None, seed: int = 0
) -> IsolationGame:
    """The farmhouse with three more survivors: six characters, for a full-table conflict.

    Dan, Fay and Gus join :func:`boarding_party`'s Alice, Bob and Eve, each with
    green and red links to Bob of their own (Gus with none red, so the
    zero-red-links exception of ISO-R14 has someone to apply to), so Bob
    persuading everyone rolls realistic pools: six or more dice of each colour for
    him, two to four for each Passive Player. The odds benchmark and tests use it.
    """
    game = boarding_party(stress=stress, settings=settings, seed=seed)
    game.act(newcomers_cast)
    return game
