"""The three abilities a damage level is marked with, and the damage levels (T-DK-1).

Ids are the rule text's own words in lower case (``kraft``, ``fornuft``,
``intuition``); a table labels them in its language (Might, Reason, Intuition).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from ...words import Message, msg

__all__ = [
    "ABILITIES",
    "DEFEAT",
    "LEVELS",
    "MAIMED",
    "Ability",
    "LevelName",
    "ability_words",
    "level_name",
]

Ability: TypeAlias = Literal["kraft", "fornuft", "intuition"]
ABILITIES: tuple[Ability, ...] = ("kraft", "fornuft", "intuition")


def ability_words(ability: Ability) -> Message:
    """An ability's name in the table's language: the glossary's English UI label (Might,
    Reason, Intuition) or the rule text's own word (Kraft, Fornuft, Intuition)."""
    return {
        "kraft": msg("fudge_conflict.ability.kraft", "Might"),
        "fornuft": msg("fudge_conflict.ability.fornuft", "Reason"),
        "intuition": msg("fudge_conflict.ability.intuition", "Intuition"),
    }[ability]


LevelName: TypeAlias = Literal["scratched", "wounded", "maimed", "defeat"]

LEVELS = 7
"""Damage levels 1…7 (T-DK-1)."""
MAIMED = 6
DEFEAT = 7


def level_name(level: int) -> LevelName:
    """What a damage level means (T-DK-1): 1–3 scratched, 4–5 wounded, 6 maimed, 7 defeat."""
    if level <= 3:
        return "scratched"
    if level <= 5:
        return "wounded"
    return "maimed" if level == MAIMED else "defeat"
