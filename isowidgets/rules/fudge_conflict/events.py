"""The Danish Fudge-dice system's journal events.

Each event carries what a person needs to read it in the log (names, skills,
the dice and which of them were kept) and everything the fold needs to replay
it: the fold never rolls and never recomputes a rule. A roll is stored as a
:class:`RollRecord`: the faces (random or typed), the net bonus/penalty dice and
where each came from, the dice kept, and the result.
"""

from __future__ import annotations

import operator
from typing import ClassVar, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from ...journal import Event, RollField
from ...words import Listing, Message, Ref, msg, plural, render
from .abilities import Ability, ability_words
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
    "category_words",
    "dice_words",
    "opposition_words",
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


def opposition_words(kind: str) -> Message:
    """A kind of opposition in the table's words (``passive``, ``aktiv``…)."""
    return {
        "passive": msg("fudge_conflict.opposition.passive", "passive"),
        "active": msg("fudge_conflict.opposition.active", "active"),
        "competing": msg("fudge_conflict.opposition.competing", "competing"),
    }[kind]


def category_words(category: str) -> Message:
    """A kind of action in Let It Hurt in the table's words (``crossing``, ``tværgående``…)."""
    return {
        "crossing": msg("fudge_conflict.category.crossing", "crossing"),
        "parallel": msg("fudge_conflict.category.parallel", "parallel"),
        "defensive": msg("fudge_conflict.category.defensive", "defensive"),
    }[category]


def dice_words(net: int) -> Message:
    """``net`` bonus (+) or penalty (−) dice, counted: ``1 bonus die``, ``2 strafterninger``."""
    if net >= 0:
        return plural("fudge_conflict.bonus_dice", "{n} bonus die", "{n} bonus dice", n=net)
    return plural("fudge_conflict.penalty_dice", "{n} penalty die", "{n} penalty dice", n=-net)


def _then(parts: list[Message]) -> Message:
    """Several messages one after another, as ``a; b; c``."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = msg("fudge_conflict.event.then", "{first}; {then}", first=part, then=said)
    return said


def _said(text: str) -> Message:
    """Text the journal holds as it was written (a name, an intention typed at the table,
    or a summary an older kit wrote): shown as it is, in every language."""
    return msg("fudge_conflict.event.as_written", "{text}", text=text)


class FudgeEvent(Event):
    """Base of the Danish system's events."""

    system: ClassVar[str] = "fudge_conflict"

    def kind_message(self) -> Message:
        """The event's kind in the table's words (the log's kind column)."""
        return _KINDS.get(self.kind) or super().kind_message()


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

    def message(self) -> Message:
        """The roll as the log reads it: who, skill, the dice (unkept ones in brackets)
        and the result."""
        die = self.roll.pool.die
        faces = " ".join(
            die.face_text(face) if i in self.kept else f"[{die.face_text(face)}]"
            for i, face in enumerate(self.roll.faces)
        )
        if self.net:
            return msg(
                "fudge_conflict.event.roll_dice",
                "{name} ({skill} {value}, {dice}): {faces} → {result}",
                name=Ref(self.actor, self.name),
                skill=self.skill,
                value=self.skill_value,
                dice=dice_words(self.net),
                faces=faces,
                result=self.result,
            )
        return msg(
            "fudge_conflict.event.roll",
            "{name} ({skill} {value}): {faces} → {result}",
            name=Ref(self.actor, self.name),
            skill=self.skill,
            value=self.skill_value,
            faces=faces,
            result=self.result,
        )


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

    def message(self) -> Message:
        role = {
            "pc": msg("fudge_conflict.event.role.pc", "a player character"),
            "npc": msg("fudge_conflict.event.role.npc", "a GM character"),
            "central": msg("fudge_conflict.event.role.central", "a central GM character"),
        }[self.role]
        skills: Listing | Message = (
            Listing.of((f"{k} {v}" for k, v in self.skills.items()), "unit")
            if self.skills
            else msg("fudge_conflict.event.no_skills", "no skills")
        )
        return msg(
            "fudge_conflict.event.character_added",
            "{name} joins as {role} ({skills})",
            name=Ref(self.character, self.name),
            role=role,
            skills=skills,
        )


class SkillSet(FudgeEvent):
    kind: ClassVar[str] = "skill_set"
    character: str
    name: str
    skill: str
    old: int | None
    new: int

    def message(self) -> Message:
        return msg(
            "fudge_conflict.event.skill_set",
            "{name}: {skill} {old} → {new}",
            name=Ref(self.character, self.name),
            skill=self.skill,
            old=self.old if self.old is not None else "–",
            new=self.new,
        )


class PoolChanged(FudgeEvent):
    """Points added to or paid from a pool (a character's, or the table's: ``character=None``)."""

    kind: ClassVar[str] = "pool_changed"
    character: str | None
    name: str
    old: int
    new: int
    reason: str = ""

    def message(self) -> Message:
        name: Ref | Message = (
            Ref(self.character, self.name)
            if self.character is not None
            else msg("fudge_conflict.event.table_pool", "the table")
        )
        if not self.reason:
            return msg(
                "fudge_conflict.event.pool_changed",
                "{name}'s pool: {old} → {new}",
                name=name,
                old=self.old,
                new=self.new,
            )
        reason: Message = _said(self.reason)
        payer = self.reason.removesuffix(_MAIMED_PAYS)
        if payer != self.reason:  # the engine's own reason (rolling.pay_to_act)
            reason = msg(
                "fudge_conflict.event.maimed_pays",
                "{name} is maimed and pays to act (DK-R33)",
                name=payer,
            )
        return msg(
            "fudge_conflict.event.pool_changed_why",
            "{name}'s pool: {old} → {new} ({reason})",
            name=name,
            old=self.old,
            new=self.new,
            reason=reason,
        )


class WoundMarked(FudgeEvent):
    """Damage marked outside Let It Hurt (only with ``damage_outside_lih``)."""

    kind: ClassVar[str] = "wound_marked"
    character: str
    name: str
    ability: Ability
    requested: int
    level: int
    reason: str = ""

    def message(self) -> Message:
        if self.level != self.requested:
            return msg(
                "fudge_conflict.event.wound_moved_from",
                "{name} takes a level-{level} wound on {ability} (moved up from {requested})",
                name=Ref(self.character, self.name),
                level=self.level,
                ability=ability_words(self.ability),
                requested=self.requested,
            )
        return msg(
            "fudge_conflict.event.wound",
            "{name} takes a level-{level} wound on {ability}",
            name=Ref(self.character, self.name),
            level=self.level,
            ability=ability_words(self.ability),
        )


class Healed(FudgeEvent):
    """Wounds healed (the refresh-scene rules are not in the excerpt: DK-R38)."""

    kind: ClassVar[str] = "healed"
    character: str
    name: str
    levels: tuple[int, ...]
    reason: str = ""

    def message(self) -> Message:
        return msg(
            "fudge_conflict.event.healed",
            "{name} heals the wounds at level {levels}",
            name=Ref(self.character, self.name),
            levels=Listing.of(self.levels, "unit"),
        )


# --------------------------------------------------------------------------- equipment


class BonusData(_Data):
    """One equipment bonus: damage or protection +1…+3, under a condition (DK-R39, DK-R40)."""

    bonus: str
    kind: BonusKind
    value: int
    condition: str = ""
    source: BonusSource = "item"

    def words(self) -> Message:
        """``+2 damage``, ``+1 beskyttelse``."""
        if self.kind == "damage":
            return msg("fudge_conflict.event.bonus_damage", "+{value} damage", value=self.value)
        return msg("fudge_conflict.event.bonus_protection", "+{value} protection", value=self.value)


class ItemAdded(FudgeEvent):
    kind: ClassVar[str] = "item_added"
    item: str
    owner: str
    owner_name: str
    name: str
    bonuses: tuple[BonusData, ...] = ()

    def message(self) -> Message:
        bonuses: Listing | Message = (
            Listing.of((b.words() for b in self.bonuses), "unit")
            if self.bonuses
            else msg("fudge_conflict.event.no_bonus", "no bonus")
        )
        return msg(
            "fudge_conflict.event.item_added",
            "{owner} gets {item} ({bonuses})",
            owner=Ref(self.owner, self.owner_name),
            item=self.name,
            bonuses=bonuses,
        )


class BonusAdded(FudgeEvent):
    kind: ClassVar[str] = "bonus_added"
    item: str
    name: str
    bonus: BonusData

    def message(self) -> Message:
        source = {
            "item": msg("fudge_conflict.event.source.item", "item"),
            "gm": msg("fudge_conflict.event.source.gm", "gm"),
            "technology": msg("fudge_conflict.event.source.technology", "technology"),
        }[self.bonus.source]
        if self.bonus.condition:
            return msg(
                "fudge_conflict.event.bonus_added_when",
                "{item} gains {bonus} {condition} ({source})",
                item=self.name,
                bonus=self.bonus.words(),
                condition=self.bonus.condition,
                source=source,
            )
        return msg(
            "fudge_conflict.event.bonus_added",
            "{item} gains {bonus} ({source})",
            item=self.name,
            bonus=self.bonus.words(),
            source=source,
        )


class ItemRemoved(FudgeEvent):
    kind: ClassVar[str] = "item_removed"
    item: str
    name: str

    def message(self) -> Message:
        return msg("fudge_conflict.event.item_removed", "{item} is gone", item=self.name)


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

    def message(self) -> Message:
        if self.opposition == "passive":
            return msg(
                "fudge_conflict.event.conflict_passive",
                "{name} ({skill}) against difficulty {difficulty}: {opposition} opposition",
                name=Ref(self.initiator, self.initiator_name),
                skill=self.skill,
                difficulty=self.difficulty if self.difficulty is not None else "None",
                opposition=opposition_words(self.opposition),
            )
        return msg(
            "fudge_conflict.event.conflict_opposed",
            "{name} ({skill}) against {opponent} ({opponent_skill}): {opposition} opposition",
            name=Ref(self.initiator, self.initiator_name),
            skill=self.skill,
            opponent=Ref(self.opponent or "", str(self.opponent_name)),
            opponent_skill=str(self.opponent_skill),
            opposition=opposition_words(self.opposition),
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

    def message(self) -> Message:
        if self.blocked:
            return msg(
                "fudge_conflict.event.gate_failed",
                "{roll}: the gate failed, the task is impossible",
                roll=self.roll.message(),
            )
        if not self.passed_on:
            return msg(
                "fudge_conflict.event.passed_nothing",
                "{roll}: no dice passed on",
                roll=self.roll.message(),
            )
        return msg(
            "fudge_conflict.event.passed_on",
            "{roll}: {dice} passed on",
            roll=self.roll.message(),
            dice=dice_words(self.passed_on),
        )


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

    def message(self) -> Message:
        if self.draw:
            verdict = msg("fudge_conflict.event.draw", "a draw")
        elif self.margin:
            verdict = (
                msg("fudge_conflict.event.success_by", "success by {n}", n=self.margin)
                if self.success
                else msg("fudge_conflict.event.failure_by", "failure by {n}", n=self.margin)
            )
        else:
            verdict = (
                msg("fudge_conflict.event.success_tie", "success on a tie")
                if self.success
                else msg("fudge_conflict.event.failure_tie", "failure on a tie")
            )
        rolled: Message = _then([r.message() for r in self.records]) if self.records else _said("")
        if not self.reason:
            return msg(
                "fudge_conflict.event.conflict_rolled",
                "{rolled}: {verdict}",
                rolled=rolled,
                verdict=verdict,
            )
        return msg(
            "fudge_conflict.event.conflict_rolled_why",
            "{rolled}: {verdict} ({reason})",
            rolled=rolled,
            verdict=verdict,
            reason=self.reason_message(),
        )

    def reason_message(self) -> Message:
        """Why it came out so, where the rules say (``""`` when they do not)."""
        if self.reason == GATE_FAILED:
            return msg(
                "fudge_conflict.event.gate_reason",
                "a gate failed, so the task was impossible (DK-R16)",
            )
        return _said(self.reason)


class ConflictCancelled(FudgeEvent):
    kind: ClassVar[str] = "conflict_cancelled"
    conflict: str
    reason: str = ""

    def message(self) -> Message:
        if self.reason:
            return msg(
                "fudge_conflict.event.called_off_why",
                "{conflict} called off: {reason}",
                conflict=self.conflict,
                reason=self.reason,
            )
        return msg(
            "fudge_conflict.event.called_off", "{conflict} called off", conflict=self.conflict
        )


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

    def message(self) -> Message:
        parts = [
            msg(
                "fudge_conflict.event.lets_it_hurt",
                "{name} lets it hurt",
                name=Ref(self.invoker, self.invoker_name),
            )
        ]
        parts += [
            plural(
                "fudge_conflict.event.first_round_dice",
                "{n} bonus die in round 1 for {name}",
                "{n} bonus dice in round 1 for {name}",
                n=g.dice,
                name=Ref(g.actor, g.name or g.actor),
            )
            for g in self.grants
        ]
        return _then(parts)


class HurtJoined(FudgeEvent):
    kind: ClassVar[str] = "hurt_joined"
    character: str
    name: str

    def message(self) -> Message:
        return msg(
            "fudge_conflict.event.joins_fight",
            "{name} joins the fight",
            name=Ref(self.character, self.name),
        )


class IntentionStated(FudgeEvent):
    kind: ClassVar[str] = "intention_stated"
    actor: str
    name: str
    round: int
    text: str

    def message(self) -> Message:
        return msg(
            "fudge_conflict.event.intention",
            "round {round}: {name} wants to {text}",
            round=self.round,
            name=Ref(self.actor, self.name),
            text=self.text,
        )


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

    def message(self) -> Message:
        name = Ref(self.actor, self.name)
        if self.combining:
            return msg(
                "fudge_conflict.event.combines",
                "round {round}: {name} combines skills ({skill})",
                round=self.round,
                name=name,
                skill=self.skill,
            )
        if self.ability:
            return msg(
                "fudge_conflict.event.action_on",
                "round {round}: {name} — {category} action against {target} ({skill}) on {ability}",
                round=self.round,
                name=name,
                category=category_words(self.category),
                target=Ref(self.target, self.target_name),
                skill=self.skill,
                ability=ability_words(self.ability),
            )
        return msg(
            "fudge_conflict.event.action",
            "round {round}: {name} — {category} action against {target} ({skill})",
            round=self.round,
            name=name,
            category=category_words(self.category),
            target=Ref(self.target, self.target_name),
            skill=self.skill,
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

    def message(self) -> Message:
        parts = [_pair_message(self, pair) for pair in self.pairs if pair.text]
        return msg(
            "fudge_conflict.event.round",
            "round {round}: {what}",
            round=self.round,
            what=_then(parts) if parts else msg("fudge_conflict.event.no_damage", "no damage"),
        )


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
    ending: Literal["", "achieves", "achieves_intention", "gm_decides"] = Field(
        "", exclude_if=operator.not_
    )
    wants: str = Field("", exclude_if=operator.not_)
    winner_name: str = Field("", exclude_if=operator.not_)

    def message(self) -> Message:
        who: Ref | Message = (
            Ref(self.loser, self.loser_name)
            if self.loser
            else (
                _said(self.loser_name)
                if self.loser_name
                else msg("fudge_conflict.event.someone", "someone")
            )
        )
        if self.reason == "yield":
            over = msg(
                "fudge_conflict.event.gives_up", "Let it hurt is over: {name} gives up", name=who
            )
        else:
            over = msg(
                "fudge_conflict.event.defeated", "Let it hurt is over: {name} is defeated", name=who
            )
        if self.ending:
            return _then([over, _ending_said(self)])
        if not self.text:
            return over
        return _then([over, _ending(self)])


# --------------------------------------------------------------------------- summaries

_KINDS: dict[str, Message] = {
    "character_added": msg("fudge_conflict.kind.character_added", "character added"),
    "skill_set": msg("fudge_conflict.kind.skill_set", "skill set"),
    "pool_changed": msg("fudge_conflict.kind.pool_changed", "pool changed"),
    "wound_marked": msg("fudge_conflict.kind.wound_marked", "wound marked"),
    "healed": msg("fudge_conflict.kind.healed", "healed"),
    "item_added": msg("fudge_conflict.kind.item_added", "item added"),
    "bonus_added": msg("fudge_conflict.kind.bonus_added", "bonus added"),
    "item_removed": msg("fudge_conflict.kind.item_removed", "item removed"),
    "conflict_opened": msg("fudge_conflict.kind.conflict_opened", "conflict opened"),
    "assist_rolled": msg("fudge_conflict.kind.assist_rolled", "assist rolled"),
    "conflict_rolled": msg("fudge_conflict.kind.conflict_rolled", "conflict rolled"),
    "conflict_cancelled": msg("fudge_conflict.kind.conflict_cancelled", "conflict cancelled"),
    "hurt_started": msg("fudge_conflict.kind.hurt_started", "let it hurt started"),
    "hurt_joined": msg("fudge_conflict.kind.hurt_joined", "joined the fight"),
    "intention_stated": msg("fudge_conflict.kind.intention_stated", "intention stated"),
    "action_declared": msg("fudge_conflict.kind.action_declared", "action declared"),
    "round_rolled": msg("fudge_conflict.kind.round_rolled", "round rolled"),
    "hurt_ended": msg("fudge_conflict.kind.hurt_ended", "let it hurt ended"),
}
"""Every event kind in the table's words, by kind."""

GATE_FAILED = "a gate failed, so the task was impossible (DK-R16)"
"""The reason a conflict whose gate failed records (:class:`ConflictRolled`)."""

_MAIMED_PAYS = " is maimed and pays to act (DK-R33)"


def _name(event: RoundRolled, who: str) -> Ref:
    """``who`` as the round's rolls name them."""
    record = next((r for r in event.records if r.actor == who), None)
    return Ref(who, record.name if record is not None else who)


def _hit_message(event: RoundRolled, hit: Hit, legacy: bool) -> Message:
    # ``legacy``: the ability as the summaries of earlier kits wrote it (its id,
    # capitalised), only to recognise a pair's stored text.
    ability: str | Message = hit.ability.capitalize() if legacy else ability_words(hit.ability)
    if hit.recorded != hit.level:
        return msg(
            "fudge_conflict.event.hit_moved",
            "{name} takes a level-{level} wound on {ability} (moved up to {recorded})",
            name=_name(event, hit.target),
            level=hit.level,
            ability=ability,
            recorded=hit.recorded,
        )
    return msg(
        "fudge_conflict.event.hit",
        "{name} takes a level-{level} wound on {ability}",
        name=_name(event, hit.target),
        level=hit.level,
        ability=ability,
    )


def _pair_built(event: RoundRolled, pair: PairOutcome, legacy: bool) -> Message | None:
    """What one pair of actions did, from the round's data; ``None`` where the data
    cannot say it (a hit that came to no wound under a house rule is not recorded)."""
    both = ((pair.first, pair.second), (pair.second, pair.first))
    hits = sorted(
        (h for h in event.hits if (h.source, h.target) in both),
        key=lambda h: h.source != pair.first,
    )
    said = [_hit_message(event, hit, legacy) for hit in hits]
    one = said[0] if len(said) == 1 else None
    first, second = _name(event, pair.first), _name(event, pair.second)
    nothing = msg("fudge_conflict.event.tie_nothing", "a tie: nothing happens")
    if pair.how == "no_contest":
        return msg("fudge_conflict.event.both_defend", "both defend")
    if pair.how == "parallel":
        return _then(said) if said else msg("fudge_conflict.event.neither", "neither succeeds")
    if pair.how == "crossing":
        return one
    if pair.how == "tie":
        if pair.winner is None:
            return nothing
        loser = pair.second if pair.winner == pair.first else pair.first
        if one is None:
            return None
        return msg(
            "fudge_conflict.event.tie_loses",
            "a tie: {name} started it and loses; {hit}",
            name=_name(event, loser),
            hit=one,
        )
    if pair.how == "defensive":
        if pair.winner is None:
            return nothing
        if pair.winner == pair.first:
            return one
        dice = sum(g.dice for g in event.grants if g.actor == pair.second and g.source == "defence")
        return plural(
            "fudge_conflict.event.holds",
            "{name} holds and gets {n} bonus die next round",
            "{name} holds and gets {n} bonus dice next round",
            n=dice,
            name=second,
        )
    if pair.how == "one_way":
        if pair.winner is not None:
            return one
        return msg(
            "fudge_conflict.event.action_fails",
            "{name}'s action against {target} fails",
            name=first,
            target=second,
        )
    if pair.winner is not None:  # a free attack
        return one
    return msg("fudge_conflict.event.free_attack_misses", "{name}'s free attack misses", name=first)


def _pair_message(event: RoundRolled, pair: PairOutcome) -> Message:
    """One pair's part of a round's summary: said from the data when that says exactly
    what the journal's text says, else the text as written."""
    built = _pair_built(event, pair, legacy=True)
    if built is not None and render(built) == pair.text:
        return _pair_built(event, pair, legacy=False) or built
    return _said(pair.text)


def _ending_said(event: HurtEnded) -> Message:
    """What the winner gets when Let It Hurt ends, from the event's data: its ``ending``,
    the winner's intention (``wants``, as the table typed it) and name."""
    name = Ref(event.winner or "", event.winner_name)
    if event.ending == "gm_decides":
        return msg("fudge_conflict.event.gm_decides", "the GM decides what {name} gets", name=name)
    if event.ending == "achieves":
        return msg(
            "fudge_conflict.event.achieves",
            "{name} achieves: {wants}",
            name=name,
            wants=event.wants,
        )
    if event.wants:
        return msg(
            "fudge_conflict.event.achieves_intention_of",
            "{name} achieves their intention: {wants}",
            name=name,
            wants=event.wants,
        )
    return msg(
        "fudge_conflict.event.achieves_intention", "{name} achieves their intention", name=name
    )


def _ending(event: HurtEnded) -> Message:
    """What the winner gets when Let It Hurt ends, from the English ``text`` that
    journals written before the ending was data hold."""
    text, winner = event.text, event.winner or ""
    candidates: list[Message] = []
    if " achieves their intention: " in text:
        name, wants = text.split(" achieves their intention: ", 1)
        candidates.append(
            msg(
                "fudge_conflict.event.achieves_intention_of",
                "{name} achieves their intention: {wants}",
                name=Ref(winner, name),
                wants=wants,
            )
        )
    if text.endswith(" achieves their intention"):
        candidates.append(
            msg(
                "fudge_conflict.event.achieves_intention",
                "{name} achieves their intention",
                name=Ref(winner, text.removesuffix(" achieves their intention")),
            )
        )
    if " achieves: " in text:
        name, wants = text.split(" achieves: ", 1)
        candidates.append(
            msg(
                "fudge_conflict.event.achieves",
                "{name} achieves: {wants}",
                name=Ref(winner, name),
                wants=wants,
            )
        )
    if text.startswith("the GM decides what ") and text.endswith(" gets"):
        candidates.append(
            msg(
                "fudge_conflict.event.gm_decides",
                "the GM decides what {name} gets",
                name=Ref(winner, text.removeprefix("the GM decides what ").removesuffix(" gets")),
            )
        )
    for candidate in candidates:
        if render(candidate) == text:
            return candidate
    return _said(text)
