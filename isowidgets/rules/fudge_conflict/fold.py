"""Folding one journal event into the Danish system's state: the only way it changes.

Handlers are pure. They trust the rules to have decided what happens (the level
a wound is recorded at, who paid, which dice were kept) and check only that an
event fits the state it lands on: the ids it names exist, an id it issues is the
next one, a step comes at its time.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...contract import Fold, replace
from ...errors import InconsistentEventError
from ...words import msg
from .abilities import DEFEAT
from .events import (
    ActionDeclared,
    AssistRolled,
    BonusAdded,
    CharacterAdded,
    ConflictCancelled,
    ConflictOpened,
    ConflictRolled,
    Healed,
    HurtEnded,
    HurtJoined,
    HurtStarted,
    IntentionStated,
    ItemAdded,
    ItemRemoved,
    PoolChanged,
    RollRecord,
    RoundRolled,
    SkillSet,
    WoundMarked,
)
from .model import Bonus, Character, Conflict, FudgeState, Hurt, Item, Wound

__all__ = ["fold"]

fold = Fold[FudgeState]("The Danish Fudge-dice system")
"""The state after one event: ``fold(state, event)`` (see :class:`~isowidgets.contract.Fold`)."""


# --------------------------------------------------------------------------- helpers


def _expect_id(issued: str, prefix: str, count: int) -> None:
    expected = f"{prefix}-{count + 1}"
    if issued != expected:
        raise InconsistentEventError(
            "fudge_conflict.fold.next_id",
            "expected the next id to be {expected}, the event issues {issued}",
            expected=repr(expected),
            issued=repr(issued),
        )


def _with_character(state: FudgeState, new: Character) -> FudgeState:
    state.character(new.id)  # raises for an unknown id
    characters = tuple(new if c.id == new.id else c for c in state.characters)
    return replace(state, characters=characters)


def _counted(state: FudgeState, **changes: int) -> FudgeState:
    return replace(state, counters=replace(state.counters, **changes))


def _consume(state: FudgeState, rolls: Iterable[RollRecord], round: int | None) -> FudgeState:
    """Scratch penalties used by a roll are gone (DK-A13); so are the bonus dice it used."""
    for record in rolls:
        before = character = state.character(record.actor)
        kinds = {s.kind for s in record.sources}
        if "scratch" in kinds and state.settings.scratch_penalty_scope == "next_roll":
            character = replace(character, scratch=0, scratch_round=None)
        if round is not None and kinds & {"first_round", "defence", "combining"}:
            grants = tuple(g for g in character.grants if g.round != round)
            character = replace(character, grants=grants)
        if character is not before:  # most rolls use up nothing: the state stays as it is
            state = _with_character(state, character)
    return state


def _open(state: FudgeState, conflict_id: str) -> Conflict:
    conflict = state.open_conflict()
    if conflict is None or conflict.id != conflict_id:
        raise InconsistentEventError(
            "fudge_conflict.fold.wrong_conflict",
            "event for {conflict}, but the conflict open is {current}",
            conflict=repr(conflict_id),
            current=conflict.id if conflict else msg("fudge_conflict.none", "none"),
        )
    return conflict


def _hurt(state: FudgeState) -> Hurt:
    hurt = state.active_hurt()
    if hurt is None:
        raise InconsistentEventError(
            "fudge_conflict.fold.no_hurt", "a Let it hurt event, but none is in progress"
        )
    return hurt


# --------------------------------------------------------------------------- characters


@fold.on(CharacterAdded)
def _character_added(state: FudgeState, event: CharacterAdded) -> FudgeState:
    _expect_id(event.character, "char", state.counters.characters)
    character = Character(
        id=event.character,
        name=event.name,
        role=event.role,
        skills=dict(event.skills),
        categories=dict(event.categories),
        abilities=dict(event.abilities),
        pool=event.pool,
    )
    state = replace(state, characters=(*state.characters, character))
    return _counted(state, characters=state.counters.characters + 1)


@fold.on(SkillSet)
def _skill_set(state: FudgeState, event: SkillSet) -> FudgeState:
    character = state.character(event.character)
    return _with_character(
        state, replace(character, skills={**character.skills, event.skill: event.new})
    )


@fold.on(PoolChanged)
def _pool_changed(state: FudgeState, event: PoolChanged) -> FudgeState:
    if event.character is None:
        if state.table_pool != event.old:
            raise InconsistentEventError(
                "fudge_conflict.fold.table_pool",
                "the table's pool is {pool}, not {old}",
                pool=state.table_pool,
                old=event.old,
            )
        return replace(state, table_pool=event.new)
    character = state.character(event.character)
    if character.pool != event.old:
        raise InconsistentEventError(
            "fudge_conflict.fold.pool",
            "{name}'s pool is {pool}, not {old}",
            name=character.name,
            pool=character.pool,
            old=event.old,
        )
    return _with_character(state, replace(character, pool=event.new))


@fold.on(WoundMarked)
def _wound_marked(state: FudgeState, event: WoundMarked) -> FudgeState:
    character = state.character(event.character)
    wounds = (*character.wounds, Wound(event.level, event.ability))
    return _with_character(state, replace(character, wounds=wounds))


@fold.on(Healed)
def _healed(state: FudgeState, event: Healed) -> FudgeState:
    character = state.character(event.character)
    wounds = list(character.wounds)
    for level in event.levels:
        match = next((w for w in wounds if w.level == level), None)
        if match is None:
            raise InconsistentEventError(
                "fudge_conflict.fold.no_wound",
                "{name} has no wound at level {level}",
                name=character.name,
                level=level,
            )
        wounds.remove(match)
    return _with_character(state, replace(character, wounds=tuple(wounds)))


# --------------------------------------------------------------------------- equipment


@fold.on(ItemAdded)
def _item_added(state: FudgeState, event: ItemAdded) -> FudgeState:
    _expect_id(event.item, "item", state.counters.items)
    state.character(event.owner)
    bonuses = []
    count = state.counters.bonuses
    for data in event.bonuses:
        _expect_id(data.bonus, "bonus", count)
        count += 1
        bonuses.append(
            Bonus(data.bonus, event.item, data.kind, data.value, data.condition, data.source)
        )
    item = Item(event.item, event.owner, event.name, tuple(bonuses))
    state = replace(state, items=(*state.items, item))
    return _counted(state, items=state.counters.items + 1, bonuses=count)


@fold.on(BonusAdded)
def _bonus_added(state: FudgeState, event: BonusAdded) -> FudgeState:
    item = state.item(event.item)
    data = event.bonus
    _expect_id(data.bonus, "bonus", state.counters.bonuses)
    bonus = Bonus(data.bonus, item.id, data.kind, data.value, data.condition, data.source)
    new = replace(item, bonuses=(*item.bonuses, bonus))
    items = tuple(new if i.id == item.id else i for i in state.items)
    state = replace(state, items=items)
    return _counted(state, bonuses=state.counters.bonuses + 1)


@fold.on(ItemRemoved)
def _item_removed(state: FudgeState, event: ItemRemoved) -> FudgeState:
    state.item(event.item)
    return replace(state, items=tuple(i for i in state.items if i.id != event.item))


# --------------------------------------------------------------------------- conflicts


@fold.on(ConflictOpened)
def _conflict_opened(state: FudgeState, event: ConflictOpened) -> FudgeState:
    if state.open_conflict() is not None or state.active_hurt() is not None:
        raise InconsistentEventError(
            "fudge_conflict.fold.conflict_open", "a conflict opened while another is being played"
        )
    _expect_id(event.conflict, "conflict", state.counters.conflicts)
    state.character(event.initiator)
    if event.opponent is not None:
        state.character(event.opponent)
    state = replace(state, conflict=Conflict(event), hurt=None)
    return _counted(state, conflicts=state.counters.conflicts + 1)


@fold.on(AssistRolled)
def _assist_rolled(state: FudgeState, event: AssistRolled) -> FudgeState:
    conflict = _open(state, event.conflict)
    state = _consume(state, [event.roll], None)
    conflict = replace(conflict, assists=(*conflict.assists, event))
    return replace(state, conflict=conflict)


@fold.on(ConflictRolled)
def _conflict_rolled(state: FudgeState, event: ConflictRolled) -> FudgeState:
    conflict = _open(state, event.conflict)
    state = _consume(state, event.records, None)
    return replace(state, conflict=replace(conflict, rolled=event))


@fold.on(ConflictCancelled)
def _conflict_cancelled(state: FudgeState, event: ConflictCancelled) -> FudgeState:
    _open(state, event.conflict)
    return replace(state, conflict=None)


# --------------------------------------------------------------------------- let it hurt


@fold.on(HurtStarted)
def _hurt_started(state: FudgeState, event: HurtStarted) -> FudgeState:
    conflict = state.conflict
    if conflict is None or conflict.id != event.conflict or not conflict.resolved or conflict.hurt:
        raise InconsistentEventError(
            "fudge_conflict.fold.hurt_from",
            "Let it hurt from {conflict}, which is not there",
            conflict=repr(event.conflict),
        )
    for grant in event.grants:
        character = state.character(grant.actor)
        state = _with_character(state, replace(character, grants=(*character.grants, grant)))
    for party in event.parties:
        state.character(party)
    hurt = Hurt(conflict=event.conflict, invoker=event.invoker, parties=event.parties)
    return replace(state, conflict=replace(conflict, hurt=True), hurt=hurt)


@fold.on(HurtJoined)
def _hurt_joined(state: FudgeState, event: HurtJoined) -> FudgeState:
    hurt = _hurt(state)
    state.character(event.character)
    return replace(state, hurt=replace(hurt, parties=(*hurt.parties, event.character)))


@fold.on(IntentionStated)
def _intention_stated(state: FudgeState, event: IntentionStated) -> FudgeState:
    hurt = _hurt(state)
    if event.actor not in hurt.parties or event.round != hurt.round:
        raise InconsistentEventError(
            "fudge_conflict.fold.intention",
            "intention of {actor} for round {round}",
            actor=repr(event.actor),
            round=event.round,
        )
    intentions = {**hurt.intentions, event.actor: event.text}
    return replace(state, hurt=replace(hurt, intentions=intentions))


@fold.on(ActionDeclared)
def _action_declared(state: FudgeState, event: ActionDeclared) -> FudgeState:
    hurt = _hurt(state)
    if event.actor not in hurt.parties or event.round != hurt.round:
        raise InconsistentEventError(
            "fudge_conflict.fold.action",
            "action of {actor} for round {round}",
            actor=repr(event.actor),
            round=event.round,
        )
    declared = {**hurt.declared, event.actor: event}
    return replace(state, hurt=replace(hurt, declared=declared))


@fold.on(RoundRolled)
def _round_rolled(state: FudgeState, event: RoundRolled) -> FudgeState:
    hurt = _hurt(state)
    if event.round != hurt.round:
        raise InconsistentEventError(
            "fudge_conflict.fold.round",
            "round {round} rolled in round {current}",
            round=event.round,
            current=hurt.round,
        )
    state = _consume(state, event.records, event.round)
    for payment in event.payments:
        if payment.pool is None:
            state = replace(state, table_pool=state.table_pool - payment.points)
        else:
            payer = state.character(payment.pool)
            state = _with_character(state, replace(payer, pool=payer.pool - payment.points))
    for hit in event.hits:
        target = state.character(hit.target)
        if not 1 <= hit.recorded <= DEFEAT:
            raise InconsistentEventError(
                "fudge_conflict.fold.off_track",
                "damage level {level} is off the track",
                level=hit.recorded,
            )
        wounds = (*target.wounds, Wound(hit.recorded, hit.ability))
        state = _with_character(state, replace(target, wounds=wounds))
    for party in hurt.parties:
        character = state.character(party)
        grants = tuple(g for g in character.grants if g.round > event.round)
        scratch, scratch_round = character.scratch, character.scratch_round
        by_round = state.settings.scratch_penalty_scope == "next_round"
        if by_round and scratch_round is not None and scratch_round <= event.round:
            scratch, scratch_round = 0, None  # unused scratch penalties lapse (DK-A13)
        if party in event.scratches:
            scratch, scratch_round = event.scratches[party], event.round + 1
        state = _with_character(
            state,
            replace(character, grants=grants, scratch=scratch, scratch_round=scratch_round),
        )
    for grant in event.grants:
        character = state.character(grant.actor)
        state = _with_character(state, replace(character, grants=(*character.grants, grant)))
    nxt = replace(hurt, round=hurt.round + 1, declared={}, paid=())
    return replace(state, hurt=nxt)


@fold.on(HurtEnded)
def _hurt_ended(state: FudgeState, event: HurtEnded) -> FudgeState:
    hurt = _hurt(state)
    for settled in event.settled:
        character = state.character(settled.character)
        if character.track() != tuple(sorted(settled.before, key=lambda p: p[0])):
            raise InconsistentEventError(
                "fudge_conflict.fold.settled",
                "{name}'s damage is not what settled",
                name=character.name,
            )
        wounds = tuple(Wound(level, ability) for level, ability in settled.after)
        state = _with_character(state, replace(character, wounds=wounds))
    by_round = state.settings.scratch_penalty_scope == "next_round"
    for party in hurt.parties:
        character = replace(state.character(party), grants=())
        if by_round:  # there is no following round for them to count in
            character = replace(character, scratch=0, scratch_round=None)
        state = _with_character(state, character)
    return replace(state, hurt=replace(hurt, ended=event))
