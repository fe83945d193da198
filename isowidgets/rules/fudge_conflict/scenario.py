"""The rule text's running example as rules played on an action: Mr. Burke's station.

The text names the people and the tasks (the photocell, the guard, the fusion
reactor backed by programming, the Chinese-language robots, the race to the
escape pod, the scavengers holding the hard drive, the argument with his
superior) but no skill values; the ones below are invented to fit the examples
(a helping programming roll of 3, a strongest scavenger ahead of the others).

:func:`station_cast` is a rule like any other: a game runs it
(:mod:`examples <.fudge_conflict.examples>`, one
journal action per character and item, as if each were clicked), and the exact odds
play it on an action of their own to get the station's state
(:func:`station_state`) without a game or a journal.
"""

from __future__ import annotations

from ...contract import Action
from ...dice import Dice
from . import characters, equipment
from .fold import fold
from .model import FudgeState
from .settings import FudgeSettings

__all__ = ["STATION_SKILLS", "station_cast", "station_state"]

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


def station_cast(action: Action[FudgeState]) -> dict[str, str]:
    """Add the station's cast, each character and item a journal action of its own, and
    return their ids.

    Keys: ``burke`` (PC; argue is a Fornuft skill, strength and shoot Kraft), ``guard``
    (a GM character), ``superior`` (a central GM character: only Let It Hurt can harm
    him for good, DK-R22), ``scavenger1``…``scavenger3`` (strength 3, 2, 2: the chain
    rolls strongest first), and ``revolver`` (Burke's item, +1 damage in combat).
    """
    cast = (
        (
            "burke",
            "Mr. Burke",
            "pc",
            STATION_SKILLS,
            {"argue": "fornuft", "strength": "kraft", "shoot": "kraft"},
        ),
        (
            "guard",
            "The guard",
            "npc",
            {"notice": 2, "athletics": 2, "shoot": 1},
            {"athletics": "kraft", "shoot": "kraft"},
        ),
        ("superior", "His superior", "central", {"argue": 3}, {"argue": "fornuft"}),
        *(
            (f"scavenger{number}", f"Scavenger {number}", "npc", {"strength": strength}, {})
            for number, strength in enumerate((3, 2, 2), start=1)
        ),
    )
    ids = {}
    for key, name, role, skills, categories in cast:
        ids[key] = characters.add_character(
            action, name, role=role, skills=skills, categories=categories
        )
        action.split()
    ids["revolver"] = equipment.add_item(
        action, ids["burke"], "Revolver", [("damage", 1, "in combat")]
    )
    action.split()
    return ids


def station_state(settings: FudgeSettings) -> tuple[FudgeState, dict[str, str]]:
    """The station's cast under ``settings`` as a state, with the ids: no game, no
    journal, no dice drawn."""
    action = Action(FudgeState.fresh(settings), fold, Dice(0))
    ids = station_cast(action)
    return action.state, ids
