"""The rule text's running example, ready to play: Mr. Burke on the space station.

The text names the people and the tasks (the photocell, the guard, the fusion
reactor backed by programming, the Chinese-language robots, the race to the
escape pod, the scavengers holding the hard drive, the argument with his
superior) but no skill values; the ones below are invented to fit the examples
(a helping programming roll of 3, a strongest scavenger ahead of the others).
Tests and the notebook start from here.
"""

from __future__ import annotations

from .game import FudgeGame
from .settings import FudgeSettings

__all__ = ["STATION_SKILLS", "add_station_cast", "station"]

STATION_SKILLS = {
    "sneak": 2,
    "programming": 3,
    "reactor": 2,
    "chinese": 1,
    "argue": 2,
    "athletics": 1,
    "strength": 2,
    "shoot": 2,
}
"""Mr. Burke's skills (0–4, DK-R02)."""


def station(
    *, settings: FudgeSettings | None = None, seed: int = 0
) -> tuple[FudgeGame, dict[str, str]]:
    """A new in-memory game with the station's cast (see :func:`add_station_cast`)."""
    game = FudgeGame.new(seed=seed, settings=settings, title="Mr. Burke on the station")
    return game, add_station_cast(game)


def add_station_cast(game: FudgeGame) -> dict[str, str]:
    """Put the cast into ``game`` (a fresh one, e.g. file-backed) and return their ids.

    Keys: ``burke`` (PC; argue is a Fornuft skill, strength and shoot Kraft), ``guard``
    (a GM character), ``superior`` (a central GM character: only Let It Hurt can harm
    him for good, DK-R22), ``scavenger1``…``scavenger3`` (strength 3, 2, 2: the chain
    rolls strongest first), and ``revolver`` (Burke's item, +1 damage in combat).
    """
    ids = {
        "burke": game.add_character(
            "Mr. Burke",
            skills=STATION_SKILLS,
            categories={"argue": "fornuft", "strength": "kraft", "shoot": "kraft"},
        ),
        "guard": game.add_character(
            "The guard",
            role="npc",
            skills={"notice": 2, "athletics": 2, "shoot": 1},
            categories={"athletics": "kraft", "shoot": "kraft"},
        ),
        "superior": game.add_character(
            "His superior", role="central", skills={"argue": 3}, categories={"argue": "fornuft"}
        ),
    }
    for number, strength in enumerate((3, 2, 2), start=1):
        ids[f"scavenger{number}"] = game.add_character(
            f"Scavenger {number}", role="npc", skills={"strength": strength}
        )
    ids["revolver"] = game.add_item(ids["burke"], "Revolver", [("damage", 1, "in combat")])
    return ids
