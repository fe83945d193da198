"""The rule text's running example, ready to play: Mr. Burke on the space station.

The station's cast (and the skill values invented for it) is
:mod:`scenario <.fudge_conflict.scenario>`'s; here
it is played into a game. Tests and the notebook start from here.
"""

from __future__ import annotations

from .game import FudgeGame
from .scenario import STATION_SKILLS, station_cast
from .settings import FudgeSettings

__all__ = ["STATION_SKILLS", "add_station_cast", "station"]


def station(
    *, settings: FudgeSettings | None = None, seed: int = 0
) -> tuple[FudgeGame, dict[str, str]]:
    """A new in-memory game with the station's cast (see :func:`add_station_cast`)."""
    game = FudgeGame.new(seed=seed, settings=settings, title="Mr. Burke on the station")
    return game, add_station_cast(game)


def add_station_cast(game: FudgeGame) -> dict[str, str]:
    """Put the cast into ``game`` (a fresh one, e.g. file-backed) and return their ids
    (see :func:`.scenario.station_cast` for the keys)."""
    return game.act(station_cast).value
