"""Equipment: items whose bonuses raise the damage dealt or lower the damage taken.

A bonus is ``(kind, value, condition)`` with value +1, +2 or +3 (DK-R39, DK-R40);
one item holds at most three +1, two +2 and one +3 (DK-R41). Whether a bonus
applies is the table's call on each roll: the roll names the items or bonuses
toggled on. Damage bonuses count only for a success and the level is clamped
to 1…6 (DK-R31); protection lowers a hit down to ``protection_floor`` (DK-A14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ... import checks
from ...contract import Action
from ...errors import RuleError
from .damage import clamp_level
from .events import BonusAdded, BonusData, BonusKind, BonusSource, ItemAdded, ItemRemoved
from .model import Bonus, FudgeState
from .settings import FudgeSettings

__all__ = [
    "BONUS_KINDS",
    "BONUS_SOURCES",
    "TIER_LIMITS",
    "add_bonus",
    "add_item",
    "bonus_total",
    "protected_level",
    "remove_item",
    "success_level",
]

BONUS_KINDS: tuple[BonusKind, ...] = ("damage", "protection")
BONUS_SOURCES: tuple[BonusSource, ...] = ("item", "gm", "technology")
TIER_LIMITS = {1: 3, 2: 2, 3: 1}
"""At most this many bonuses of each value on one item (DK-R41)."""


def _tiers_ok(values: Iterable[int], name: str) -> None:
    counted = Counter(values)
    for value, most in TIER_LIMITS.items():
        if counted[value] > most:
            raise RuleError(
                "fudge_conflict.item_tiers",
                "{name} would carry {count} bonuses of +{value}; one item holds at most "
                "three +1, two +2 and one +3 (DK-R41)",
                name=name,
                count=counted[value],
                value=value,
            )


def bonus_arg(value: object, what: str = "an equipment bonus") -> tuple[BonusKind, int, str]:
    """``(kind, value)`` or ``(kind, value, condition)`` → checked parts."""
    parts = checks.ordered(value, what, most=3)
    if len(parts) not in (2, 3):
        raise RuleError(
            "fudge_conflict.bonus_parts",
            "{what} must be (kind, value) or (kind, value, condition), got {got}",
            what=what,
            got=checks.shown(value),
        )
    kind = checks.choice(parts[0], f"{what}'s kind", BONUS_KINDS)
    size = checks.whole(parts[1], f"{what}'s value (DK-R40)", 1, 3)
    condition = (
        checks.text(parts[2], f"{what}'s condition", allow_empty=True, collapse=True)
        if len(parts) == 3
        else ""
    )
    return kind, size, condition


def add_item(action: Action[FudgeState], owner: str, name: str, bonuses: Sequence[Any] = ()) -> str:
    """An item of ``owner`` with bonuses ``(kind, value[, condition])``: kind ``"damage"``
    or ``"protection"``, value 1–3, at most three +1, two +2, one +3 (DK-R39…R41).
    Returns its id."""
    state = action.state
    character = state.character(checks.identifier(owner, "an item's owner"))
    name = checks.text(name, "an item's name", collapse=True)
    listed = [bonus_arg(b) for b in checks.ordered(bonuses, "an item's bonuses", most=6)]
    _tiers_ok((value for _, value, _ in listed), name)
    item_id = f"item-{state.counters.items + 1}"
    first = state.counters.bonuses
    data = tuple(
        BonusData(bonus=f"bonus-{first + n}", kind=kind, value=value, condition=cond)
        for n, (kind, value, cond) in enumerate(listed, start=1)
    )
    action.add(
        ItemAdded(
            item=item_id, owner=character.id, owner_name=character.name, name=name, bonuses=data
        )
    )
    return item_id


def add_bonus(
    action: Action[FudgeState], item: str, bonus: Sequence[Any], source: str = "gm"
) -> str:
    """A bonus the GM grants on the spot (``"gm"``) or technology gives (``"technology"``)
    to an item (DK-R42, DK-R43). Returns its id."""
    state = action.state
    found = state.item(checks.identifier(item, "an item"))
    kind, value, condition = bonus_arg(bonus)
    picked = checks.choice(source, "a bonus's source (DK-R43)", BONUS_SOURCES)
    _tiers_ok([*(b.value for b in found.bonuses), value], found.name)
    bonus_id = f"bonus-{state.counters.bonuses + 1}"
    data = BonusData(bonus=bonus_id, kind=kind, value=value, condition=condition, source=picked)
    action.add(BonusAdded(item=found.id, name=found.name, bonus=data))
    return bonus_id


def remove_item(action: Action[FudgeState], item: str) -> None:
    """Take an item (and its bonuses) off its owner."""
    found = action.state.item(checks.identifier(item, "an item"))
    action.add(ItemRemoved(item=found.id, name=found.name))


def bonus_total(bonuses: Iterable[Bonus], kind: BonusKind, settings: FudgeSettings) -> int:
    """The toggled bonuses of ``kind`` together: their sum, or the highest (DK-A15)."""
    values = [b.value for b in bonuses if b.kind == kind]
    if not values:
        return 0
    return sum(values) if settings.equipment_stacking == "sum" else max(values)


def toggled(state: FudgeState, ids: Iterable[str]) -> tuple[Bonus, ...]:
    return tuple(state.bonus(i) for i in ids)


def success_level(degree: int, equipment: int, settings: FudgeSettings) -> int:
    """The level a success of ``degree`` deals with ``equipment`` added, clamped (DK-R31).

    Equipment adds only to a success (``degree`` ≥ 1); the caller decides that.
    """
    return clamp_level(degree + equipment, settings)


def protected_level(level: int, protection: int, settings: FudgeSettings) -> int:
    """``level`` lowered by ``protection``, never below ``protection_floor`` (DK-A14)
    and never raised by it."""
    if protection <= 0:
        return level
    return max(min(level, settings.protection_floor), level - protection)
