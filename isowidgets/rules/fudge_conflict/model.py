"""The Danish Fudge-dice system's state: characters, equipment, the conflict, Let It Hurt.

Every value here is frozen and changes only by folding a journal event into it
(:mod:`fold <.fudge_conflict.fold>`), so a replayed journal rebuilds the very same state. Ids come
from counters (``char-1``, ``item-1``, ``bonus-1``, ``conflict-1``), issued in
the order things were made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...checks import shown
from ...errors import RuleError
from ...words import Listing, msg
from .abilities import DEFEAT, MAIMED, Ability
from .events import (
    ActionDeclared,
    AssistRolled,
    BonusKind,
    BonusSource,
    Category,
    CharacterKind,
    ConflictOpened,
    ConflictRolled,
    Grant,
    HurtEnded,
    OppositionKind,
)
from .settings import FudgeSettings

__all__ = [
    "Bonus",
    "Category",
    "Character",
    "CharacterKind",
    "Conflict",
    "Counters",
    "FudgeState",
    "Hurt",
    "Item",
    "OppositionKind",
    "Wound",
]


@dataclass(frozen=True, slots=True)
class Wound:
    """A filled damage level and the ability it is marked with (DK-R32)."""

    level: int
    ability: Ability


@dataclass(frozen=True, slots=True)
class Bonus:
    """An equipment bonus (DK-R39…R43): toggled on for a roll where its condition holds."""

    id: str
    item: str
    kind: BonusKind
    value: int
    condition: str = ""
    source: BonusSource = "item"


@dataclass(frozen=True, slots=True)
class Item:
    """A piece of equipment and its bonuses (at most three +1, two +2, one +3: DK-R41)."""

    id: str
    owner: str
    name: str
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True, slots=True)
class Character:
    """A player character, a GM character or a central GM character (DK-R22).

    Attributes:
        skills: skill name → value 0…4 (DK-R02).
        categories: skill → ability category, over the designer's
            ``skill_category_map`` (DK-A09).
        abilities: ability scores, where the designer uses them (DK-A24).
        wounds: the filled damage levels, in the order they were taken.
        scratch: penalty dice from scratches waiting for the next roll (DK-R33).
        scratch_round: with ``scratch_penalty_scope = "next_round"``, the round
            they apply to.
        grants: bonus dice carried into a later round of Let It Hurt.
        pool: points in the character's pool (DK-A01).
    """

    id: str
    name: str
    role: CharacterKind
    skills: dict[str, int]
    categories: dict[str, Ability] = field(default_factory=dict)
    abilities: dict[Ability, int] = field(default_factory=dict)
    wounds: tuple[Wound, ...] = ()
    scratch: int = 0
    scratch_round: int | None = None
    grants: tuple[Grant, ...] = ()
    pool: int = 0

    @property
    def is_pc(self) -> bool:
        return self.role == "pc"

    @property
    def central(self) -> bool:
        return self.role == "central"

    @property
    def maimed(self) -> bool:
        return any(w.level == MAIMED for w in self.wounds)

    @property
    def defeated(self) -> bool:
        return any(w.level >= DEFEAT for w in self.wounds)

    def skill(self, name: str) -> int:
        """The value of skill ``name``.

        Raises:
            RuleError: the character has no such skill; the message lists theirs.
        """
        if name not in self.skills:
            raise RuleError(
                "fudge_conflict.no_such_skill",
                "{name} has no skill {got}; their skills: {skills}",
                name=self.name,
                got=shown(name),
                skills=Listing.of(self.skills, "unit")
                if self.skills
                else msg("fudge_conflict.none", "none"),
            )
        return self.skills[name]

    def track(self) -> tuple[tuple[int, Ability], ...]:
        """The wounds as ``(level, ability)`` pairs, lowest level first."""
        return tuple(sorted(((w.level, w.ability) for w in self.wounds), key=lambda p: p[0]))


@dataclass(frozen=True, slots=True)
class Conflict:
    """The conflict being played, or the last one played (for Let It Hurt)."""

    opened: ConflictOpened
    assists: tuple[AssistRolled, ...] = ()
    rolled: ConflictRolled | None = None
    hurt: bool = False

    @property
    def id(self) -> str:
        return self.opened.conflict

    @property
    def kind(self) -> OppositionKind:
        return self.opened.opposition

    @property
    def resolved(self) -> bool:
        return self.rolled is not None

    @property
    def sides(self) -> tuple[str, ...]:
        """The principals: the initiator and, unless passive, the opponent."""
        opened = self.opened
        return (
            (opened.initiator,) if opened.opponent is None else (opened.initiator, opened.opponent)
        )

    def carried(self, target: str) -> int:
        """The dice the last assist for ``target`` passed on (DK-R15, DK-R19)."""
        for assist in reversed(self.assists):
            if assist.target == target:
                return assist.passed_on
        return 0

    def blocked(self) -> str | None:
        """The principal whose gate failed (DK-R16), if any."""
        for assist in self.assists:
            if assist.blocked:
                return assist.target
        return None


@dataclass(frozen=True, slots=True)
class Hurt:
    """Let It Hurt in progress (DK-R21…R36)."""

    conflict: str
    invoker: str
    parties: tuple[str, ...]
    round: int = 1
    intentions: dict[str, str] = field(default_factory=dict)
    declared: dict[str, ActionDeclared] = field(default_factory=dict)
    paid: tuple[str, ...] = ()
    ended: HurtEnded | None = None

    @property
    def active(self) -> bool:
        return self.ended is None


@dataclass(frozen=True, slots=True)
class Counters:
    characters: int = 0
    items: int = 0
    bonuses: int = 0
    conflicts: int = 0


@dataclass(frozen=True, slots=True)
class FudgeState:
    """Everything the table has set up and played so far."""

    settings: FudgeSettings
    characters: tuple[Character, ...] = ()
    items: tuple[Item, ...] = ()
    table_pool: int = 0
    conflict: Conflict | None = None
    hurt: Hurt | None = None
    counters: Counters = Counters()

    @classmethod
    def fresh(cls, settings: FudgeSettings) -> FudgeState:
        """The state a session starts from under ``settings``: nobody yet, the table's
        pool at ``pool_initial``."""
        return cls(settings, table_pool=settings.pool_initial)

    def character(self, who: str) -> Character:
        """The character with id ``who``.

        Raises:
            RuleError: no such character; the message lists the ids there are.
        """
        for character in self.characters:
            if character.id == who:
                return character
        raise RuleError(
            "fudge_conflict.no_such_character",
            "no character {got}; the characters: {characters}",
            got=shown(who),
            characters=Listing.of((f"{c.id} ({c.name})" for c in self.characters[:20]), "unit")
            if self.characters
            else msg("fudge_conflict.none_yet", "none yet"),
        )

    def item(self, item_id: str) -> Item:
        for item in self.items:
            if item.id == item_id:
                return item
        raise RuleError(
            "fudge_conflict.no_such_item",
            "no item {got}; the items: {items}",
            got=shown(item_id),
            items=Listing.of((f"{i.id} ({i.name})" for i in self.items[:20]), "unit")
            if self.items
            else msg("fudge_conflict.none_yet", "none yet"),
        )

    def bonus(self, bonus_id: str) -> Bonus:
        for item in self.items:
            for bonus in item.bonuses:
                if bonus.id == bonus_id:
                    return bonus
        raise RuleError(
            "fudge_conflict.no_such_bonus", "no equipment bonus {got}", got=shown(bonus_id)
        )

    def items_of(self, who: str) -> tuple[Item, ...]:
        return tuple(item for item in self.items if item.owner == who)

    def category(self, who: str, skill: str) -> Ability | None:
        """The ability category of ``skill`` for ``who`` (their own map, then the designer's)."""
        mine = self.character(who).categories
        if skill in mine:
            return mine[skill]
        return self.settings.skill_category_map.get(skill)

    def open_conflict(self) -> Conflict | None:
        """The conflict opened and not yet rolled, if any."""
        conflict = self.conflict
        return conflict if conflict is not None and not conflict.resolved else None

    def active_hurt(self) -> Hurt | None:
        hurt = self.hurt
        return hurt if hurt is not None and hurt.active else None

    def pool_of(self, who: str) -> int:
        """The points ``who`` can pay from (their own pool, or the table's: DK-A01)."""
        if self.settings.pool_scope == "table":
            return self.table_pool
        return self.character(who).pool
