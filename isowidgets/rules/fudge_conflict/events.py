"""The Danish Fudge-dice system's journal events.

Each event carries what a person needs to read it in the log (names, skills,
the dice and which of them were kept) and everything the fold needs to replay
it: the fold never rolls and never recomputes a rule. A roll is stored as a
:class:`RollRecord`: the faces (random or typed), the net bonus/penalty dice and
where each came from, the dice kept, and the result.
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from ...journal import Event, RollField
from .abilities import Ability
from .keep import PenaltyKeep

__all__ = [
    "ActionDeclared",
    "AssistRolled",
    "BonusAdded",
    "BonusData",
    "CharacterAdded",
    "ConflictCancelled",
    "ConflictOpened",
    "ConflictRolled",
    "DiceSource",
    "FudgeEvent",
    "Grant",
    "Healed",
    "Hit",
    "HurtEnded",
    "HurtJoined",
    "HurtStarted",
    "IntentionStated",
    "ItemAdded",
    "ItemRemoved",
    "PairOutcome",
    "Payment",
    "PoolChanged",
    "RollRecord",
    "RoundRolled",
    "Settled",
    "SkillSet",
    "SourceKind",
    "WoundMarked",
]

CharacterKind: TypeAlias = Literal["pc", "npc", "central"]
OppositionKind: TypeAlias = Literal["passive", "active", "competing"]
Category: TypeAlias = Literal["crossing", "parallel", "defensive"]
BonusKind: TypeAlias = Literal["damage", "protection"]
BonusSource: TypeAlias = Literal["item", "gm", "technology"]
SourceKind: TypeAlias = Literal[
    "bonus",
    "penalty",
    "assist",
    "circumstance",
    "scratch",
    "lasting",
    "first_round",
    "defence",
    "combining",
    "cap",
]
"""Where a roll's bonus (+) or penalty (−) dice came from (the tables say each in their
words: ``source.<kind>`` in the Danish table's labels)."""


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FudgeEvent(Event):
    """Base of the Danish system's events."""

    system: ClassVar[str] = "fudge_conflict"


class DiceSource(_Data):
    """Some of a roll's bonus (positive) or penalty (negative) dice, and why."""

    kind: SourceKind
    dice: int


class RollRecord(_Data):
    """One character's roll: skill + the three kept Fudge dice (DK-R04).

    Attributes:
        sources: the bonus and penalty dice before they cancelled (DK-R08).
        net: bonus dice (+) or penalty dice (−) actually rolled.
        kept: indices of the three dice kept (DK-R06, DK-R07).
        equipment: the ids of the equipment bonuses toggled on for this roll.
    """

    actor: str
    name: str
    skill: str
    skill_value: int
    sources: tuple[DiceSource, ...] = ()
    net: int
    roll: RollField
    kept: tuple[int, ...]
    penalty_keep: PenaltyKeep
    result: int
    equipment: tuple[str, ...] = ()

    def kept_faces(self) -> tuple[int, ...]:
        return tuple(self.roll.faces[i] for i in self.kept)

    def describe(self) -> str:
        die = self.roll.pool.die
        faces = " ".join(
            die.face_text(face) if i in self.kept else f"[{die.face_text(face)}]"
            for i, face in enumerate(self.roll.faces)
        )
        extra = ""
        if self.net:
            count = abs(self.net)
            kind = "bonus" if self.net > 0 else "penalty"
            extra = f", {count} {kind} {'die' if count == 1 else 'dice'}"
        return f"{self.name} ({self.skill} {self.skill_value}{extra}): {faces} → {self.result}"


# --------------------------------------------------------------------------- characters


class CharacterAdded(FudgeEvent):
    kind: ClassVar[str] = "character_added"
    character: str
    name: str
    role: CharacterKind
    skills: dict[str, int]
    categories: dict[str, Ability] = Field(default_factory=dict)
    abilities: dict[Ability, int] = Field(default_factory=dict)
    pool: int = 0

    def describe(self) -> str:
        role = {
            "pc": "a player character",
            "npc": "a GM character",
            "central": "a central GM character",
        }
        skills = ", ".join(f"{k} {v}" for k, v in self.skills.items()) or "no skills"
        return f"{self.name} joins as {role[self.role]} ({skills})"


class SkillSet(FudgeEvent):
    kind: ClassVar[str] = "skill_set"
    character: str
    name: str
    skill: str
    old: int | None
    new: int

    def describe(self) -> str:
        return f"{self.name}: {self.skill} {self.old if self.old is not None else '–'} → {self.new}"


class PoolChanged(FudgeEvent):
    """Points added to or paid from a pool (a character's, or the table's: ``character=None``)."""

    kind: ClassVar[str] = "pool_changed"
    character: str | None
    name: str
    old: int
    new: int
    reason: str = ""

    def describe(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.name}'s pool: {self.old} → {self.new}{why}"


class WoundMarked(FudgeEvent):
    """Damage marked outside Let It Hurt (only with ``damage_outside_lih``)."""

    kind: ClassVar[str] = "wound_marked"
    character: str
    name: str
    ability: Ability
    requested: int
    level: int
    reason: str = ""

    def describe(self) -> str:
        moved = f" (moved up from {self.requested})" if self.level != self.requested else ""
        return f"{self.name} takes a level-{self.level} wound on {self.ability.capitalize()}{moved}"


class Healed(FudgeEvent):
    """Wounds healed (the refresh-scene rules are not in the excerpt: DK-R38)."""

    kind: ClassVar[str] = "healed"
    character: str
    name: str
    levels: tuple[int, ...]
    reason: str = ""

    def describe(self) -> str:
        listed = ", ".join(str(level) for level in self.levels)
        return f"{self.name} heals the wounds at level {listed}"


# --------------------------------------------------------------------------- equipment


class BonusData(_Data):
    """One equipment bonus: damage or protection +1…+3, under a condition (DK-R39, DK-R40)."""

    bonus: str
    kind: BonusKind
    value: int
    condition: str = ""
    source: BonusSource = "item"


class ItemAdded(FudgeEvent):
    kind: ClassVar[str] = "item_added"
    item: str
    owner: str
    owner_name: str
    name: str
    bonuses: tuple[BonusData, ...] = ()

    def describe(self) -> str:
        listed = ", ".join(f"+{b.value} {b.kind}" for b in self.bonuses) or "no bonus"
        return f"{self.owner_name} gets {self.name} ({listed})"


class BonusAdded(FudgeEvent):
    kind: ClassVar[str] = "bonus_added"
    item: str
    name: str
    bonus: BonusData

    def describe(self) -> str:
        why = f" {self.bonus.condition}" if self.bonus.condition else ""
        return f"{self.name} gains +{self.bonus.value} {self.bonus.kind}{why} ({self.bonus.source})"


class ItemRemoved(FudgeEvent):
    kind: ClassVar[str] = "item_removed"
    item: str
    name: str

    def describe(self) -> str:
        return f"{self.name} is gone"


# --------------------------------------------------------------------------- conflicts


class ConflictOpened(FudgeEvent):
    """Intention agreed: who, which skills, the difficulty, what success and failure mean."""

    kind: ClassVar[str] = "conflict_opened"
    conflict: str
    opposition: OppositionKind
    initiator: str
    initiator_name: str
    skill: str
    opponent: str | None = None
    opponent_name: str | None = None
    opponent_skill: str | None = None
    difficulty: int | None = None
    intention: str = ""
    opponent_intention: str = ""
    success: str = ""
    failure: str = ""
    circumstance: int = 0

    def describe(self) -> str:
        against = (
            f"difficulty {self.difficulty}"
            if self.opposition == "passive"
            else f"{self.opponent_name} ({self.opponent_skill})"
        )
        return (
            f"{self.initiator_name} ({self.skill}) against {against}: {self.opposition} opposition"
        )


class AssistRolled(FudgeEvent):
    """A helping roll: a combined skill or a helper (DK-R15…R19)."""

    kind: ClassVar[str] = "assist_rolled"
    conflict: str
    target: str
    variant: Literal["bonus", "gate"]
    gate: int | None = None
    penalties: bool = False
    roll: RollRecord
    passed_on: int
    blocked: bool = False

    def describe(self) -> str:
        if self.blocked:
            return f"{self.roll.describe()}: the gate failed, the task is impossible"
        count = abs(self.passed_on)
        kind = "bonus" if self.passed_on > 0 else "penalty"
        passed = (
            f"{count} {kind} {'die' if count == 1 else 'dice'} passed on"
            if count
            else "no dice passed on"
        )
        return f"{self.roll.describe()}: {passed}"


class ConflictRolled(FudgeEvent):
    """The conflict's roll and its outcome (DK-R05, DK-R10…R12)."""

    kind: ClassVar[str] = "conflict_rolled"
    conflict: str
    records: tuple[RollRecord, ...]
    winner: str | None
    loser: str | None
    draw: bool = False
    margin: int
    success: bool
    reason: str = ""

    def describe(self) -> str:
        rolled = "; ".join(r.describe() for r in self.records)
        verdict = "success" if self.success else "failure"
        if self.draw:
            verdict = "a draw"
        elif self.margin:
            verdict = f"{verdict} by {self.margin}"
        else:
            verdict = f"{verdict} on a tie"
        why = f" ({self.reason})" if self.reason else ""
        return f"{rolled}: {verdict}{why}"


class ConflictCancelled(FudgeEvent):
    kind: ClassVar[str] = "conflict_cancelled"
    conflict: str
    reason: str = ""

    def describe(self) -> str:
        return f"{self.conflict} called off" + (f": {self.reason}" if self.reason else "")


# --------------------------------------------------------------------------- let it hurt


class Grant(_Data):
    """Bonus (+) dice for one character's rolls in one later round, or penalty (−) dice
    from a combining roll that went wrong where penalties are allowed (DK-A17)."""

    actor: str
    dice: int
    round: int
    source: Literal["first_round", "defence", "combining"]
    name: str = ""


class HurtStarted(FudgeEvent):
    """A player lets it hurt (DK-R21): the conflict is played round by round."""

    kind: ClassVar[str] = "hurt_started"
    conflict: str
    invoker: str
    invoker_name: str
    parties: tuple[str, ...]
    grants: tuple[Grant, ...] = ()

    def describe(self) -> str:
        first = "".join(
            f"; {g.dice} bonus {'die' if g.dice == 1 else 'dice'} in round 1 for "
            f"{g.name or g.actor}"
            for g in self.grants
        )
        return f"{self.invoker_name} lets it hurt{first}"


class HurtJoined(FudgeEvent):
    kind: ClassVar[str] = "hurt_joined"
    character: str
    name: str

    def describe(self) -> str:
        return f"{self.name} joins the fight"


class IntentionStated(FudgeEvent):
    kind: ClassVar[str] = "intention_stated"
    actor: str
    name: str
    round: int
    text: str

    def describe(self) -> str:
        return f"round {self.round}: {self.name} wants to {self.text}"


class ActionDeclared(FudgeEvent):
    """One action for this round (DK-R24); a later declaration replaces it."""

    kind: ClassVar[str] = "action_declared"
    actor: str
    name: str
    round: int
    category: Category
    target: str
    target_name: str
    skill: str
    ability: Ability | None = None
    difficulty: int | None = None
    combining: bool = False
    equipment: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.combining:
            return f"round {self.round}: {self.name} combines skills ({self.skill})"
        at = f" on {self.ability}" if self.ability else ""
        return (
            f"round {self.round}: {self.name} — {self.category} action against "
            f"{self.target_name} ({self.skill}){at}"
        )


class PairOutcome(_Data):
    """How one pair of actions came out."""

    first: str
    second: str
    how: Literal["crossing", "parallel", "defensive", "free_attack", "one_way", "no_contest", "tie"]
    winner: str | None = None
    text: str = ""


class Hit(_Data):
    """Damage one character takes (DK-R25…R27, DK-R30…R32)."""

    target: str
    source: str
    ability: Ability
    degree: int
    equipment: int = 0
    protection: int = 0
    level: int
    recorded: int


class Payment(_Data):
    """Points a maimed character pays from a pool to act (DK-R33, DK-A01)."""

    actor: str
    pool: str | None
    points: int


class RoundRolled(FudgeEvent):
    """A round of Let It Hurt: everyone's roll, the pairs, the damage, next round's dice."""

    kind: ClassVar[str] = "round_rolled"
    round: int
    records: tuple[RollRecord, ...]
    pairs: tuple[PairOutcome, ...] = ()
    hits: tuple[Hit, ...] = ()
    grants: tuple[Grant, ...] = ()
    payments: tuple[Payment, ...] = ()
    scratches: dict[str, int] = Field(default_factory=dict)
    defeated: tuple[str, ...] = ()

    def describe(self) -> str:
        parts = [p.text for p in self.pairs if p.text]
        return f"round {self.round}: " + ("; ".join(parts) or "no damage")


class Settled(_Data):
    """One character's damage before and after it falls down (DK-R37)."""

    character: str
    before: tuple[tuple[int, Ability], ...]
    after: tuple[tuple[int, Ability], ...]


class HurtEnded(FudgeEvent):
    """Let It Hurt is over (DK-R35): someone gave up or was defeated; damage falls down."""

    kind: ClassVar[str] = "hurt_ended"
    reason: Literal["yield", "defeat"]
    loser: str | None
    winner: str | None
    settled: tuple[Settled, ...] = ()
    text: str = ""
    loser_name: str = ""

    def describe(self) -> str:
        how = {"yield": "gives up", "defeat": "is defeated"}[self.reason]
        who = self.loser_name or self.loser or "someone"
        return f"Let It Hurt is over: {who} {how}" + (f"; {self.text}" if self.text else "")
