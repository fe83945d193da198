"""The damage track: where a wound lands, the penalty dice it gives, and falling down.

Pure functions of a character's wounds and the settings, shared by the rules
(which decide) and the odds and views (which show what a roll will carry).
"""

from __future__ import annotations

from collections.abc import Sequence

from .abilities import DEFEAT, MAIMED, Ability
from .model import Character, Wound
from .settings import FudgeSettings

__all__ = [
    "clamp_level",
    "fall_down",
    "lasting_penalty",
    "place_wound",
    "scratch_levels",
]


def clamp_level(level: int, settings: FudgeSettings) -> int:
    """A success (damage) level clamped to ``success_level_min…max`` (DK-R31, DK-A28)."""
    return max(settings.success_level_min, min(level, settings.success_level_max))


def _filled(wounds: Sequence[Wound], level: int, ability: Ability, settings: FudgeSettings) -> bool:
    if settings.damage_track == "per_ability":
        return any(w.level == level and w.ability == ability for w in wounds)
    return any(w.level == level for w in wounds)


def place_wound(
    wounds: Sequence[Wound], level: int, ability: Ability, settings: FudgeSettings
) -> int:
    """The level a new wound at ``level`` on ``ability`` is recorded at (DK-R32, DK-A02, DK-A03).

    A filled level moves the wound up: to the first free level (``cascade``), or
    one level and no further (``single_step``, where it may then share that level).
    Nothing goes past level 7, defeat.
    """
    if not _filled(wounds, level, ability, settings):
        return level
    if settings.damage_bump == "single_step":
        return min(level + 1, DEFEAT)
    while level < DEFEAT and _filled(wounds, level, ability, settings):
        level += 1
    return level


def scratch_levels(levels: Sequence[int]) -> int:
    """Penalty dice from scratches among ``levels``: one per level 1–3, accumulating (DK-R34)."""
    return sum(1 for level in levels if 1 <= level <= 3)


def lasting_penalty(character: Character, category: Ability | None, settings: FudgeSettings) -> int:
    """Penalty dice a roll in ``category`` gets from wounded and maimed levels (DK-R33, DK-R34).

    Only wounds at levels 4–6 marked with the roll's category count (DK-A09); they
    do not stack unless ``lasting_penalties_stack`` (DK-A11). A roll belongs to one
    category, so wounds of other abilities never add (DK-A12).
    """
    if category is None:
        return 0
    count = sum(1 for w in character.wounds if 4 <= w.level <= MAIMED and w.ability == category)
    return count if settings.lasting_penalties_stack else min(count, 1)


def fall_down(wounds: Sequence[Wound], settings: FudgeSettings) -> tuple[Wound, ...]:
    """The damage after the conflict: filled levels moved down to 1…n, each keeping its
    ability (DK-R37: 2, 3, 6 → 1, 2, 3). With one track per ability each track falls
    down on its own."""
    if settings.damage_track == "per_ability":
        settled: list[Wound] = []
        for ability in dict.fromkeys(w.ability for w in wounds):
            own = sorted((w for w in wounds if w.ability == ability), key=lambda w: w.level)
            settled.extend(Wound(n, w.ability) for n, w in enumerate(own, start=1))
        return tuple(sorted(settled, key=lambda w: w.level))
    ordered = sorted(wounds, key=lambda w: w.level)
    return tuple(Wound(n, w.ability) for n, w in enumerate(ordered, start=1))
