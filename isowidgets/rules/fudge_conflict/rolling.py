"""One character's roll: skill + 3dF with every bonus and penalty die that applies.

:func:`dice_sources` lists where the roll's bonus and penalty dice come from
(given by the table, passed on by assistance, the conflict's circumstances,
scratches, lasting wounds, dice won in an earlier round); they cancel (DK-R08)
and :func:`roll_for` rolls what is left through the session's dice, random or
typed, keeping three (DK-R04, DK-R06, DK-R07).
"""

from __future__ import annotations

from typing import Any

from ... import checks
from ...contract import Action
from ...dice import Faces
from ...errors import RuleError
from ...words import Listing, msg, plural
from .damage import lasting_penalty
from .events import DiceSource, PoolChanged, RollRecord
from .keep import roll_kept
from .model import FudgeState

__all__ = [
    "DIFFICULTY_RANGE",
    "MAX_GIVEN_DICE",
    "Faces",
    "dice_sources",
    "difficulty_arg",
    "equipment_ids",
    "passed_on",
    "pay_to_act",
    "roll_for",
    "roll_sources",
]

MAX_GIVEN_DICE = 50
"""The most bonus or penalty dice the table may hand one roll in one call (far past any
table's need; the dice core's cap still applies to the total)."""


DIFFICULTY_RANGE = (-10, 20)
"""Difficulties a GM may set: past the −3…+7 a roll reaches, but not absurd."""


def difficulty_arg(value: object, what: str = "the difficulty") -> int:
    """A difficulty the GM sets (a conflict's, a gate's, a parallel action's)."""
    return checks.whole(value, what, *DIFFICULTY_RANGE)


def passed_on(result: int, against: int, *, penalties: bool, basis: str) -> int:
    """The bonus (+) or penalty (−) dice an assisting result passes on (DK-R15, DK-A17).

    The raw result by default (a 3 gives three bonus dice: DK-E04), or its margin
    over ``against``; nothing for a result ≤ 0 unless the check allows penalties.
    """
    value = result if basis == "result" else result - against
    if value > 0:
        return value
    return value if penalties and value < 0 else 0


def given_dice(value: object, what: str) -> int:
    """A count of bonus or penalty dice the table hands a roll."""
    return checks.whole(value, what, 0, MAX_GIVEN_DICE)


def dice_sources(
    state: FudgeState,
    actor: str,
    skill: str,
    *,
    bonus: int = 0,
    penalty: int = 0,
    assist: int = 0,
    circumstance: int = 0,
    round: int | None = None,
) -> tuple[DiceSource, ...]:
    """Where the bonus (+) and penalty (−) dice of ``actor``'s roll of ``skill`` come from.

    Scratches count on the next roll (or, with ``scratch_penalty_scope =
    "next_round"``, on the rolls of the round they were given for); wounded and
    maimed levels count on every roll in their category; bonus dice won in Let It
    Hurt count in the round they were won for (DK-R27, DK-R29, DK-R36).
    """
    character = state.character(actor)
    settings = state.settings
    sources: list[DiceSource] = []

    def add(kind: Any, dice: int) -> None:
        if dice:
            sources.append(DiceSource(kind=kind, dice=dice))

    add("bonus", bonus)
    add("penalty", -penalty)
    add("assist", assist)
    add("circumstance", -circumstance)
    if character.scratch and (
        settings.scratch_penalty_scope == "next_roll" or character.scratch_round == round
    ):
        add("scratch", -character.scratch)
    add("lasting", -lasting_penalty(character, state.category(actor, skill), settings))
    if round is not None:
        for kind in ("first_round", "defence", "combining"):
            add(
                kind, sum(g.dice for g in character.grants if g.round == round and g.source == kind)
            )
    cap = settings.max_bonus_dice
    net = sum(s.dice for s in sources)
    if cap is not None and abs(net) > cap:
        add("cap", -net + (cap if net > 0 else -cap))
    return tuple(sources)


def roll_sources(
    state: FudgeState,
    who: str,
    skill: str,
    *,
    target: str | None = None,
    bonus: object = 0,
    penalty: object = 0,
) -> tuple[DiceSource, ...]:
    """Where the bonus and penalty dice of ``who``'s roll of ``skill`` come from now.

    The one place a roll's dice are gathered, for the roll and for its preview alike:
    the dice the table gives (``bonus``, ``penalty``); in an open conflict, what its
    chain passed on to ``target`` (whom the roll is for: ``who`` themself, or the
    principal a helper rolls for) and its circumstances; in Let It Hurt, the
    circumstances of the conflict let hurt and the dice won for this round; and the
    character's own scratches and lasting wounds (see :func:`dice_sources`).
    """
    opened = state.open_conflict()
    hurt = state.active_hurt()
    assist = circumstance = 0
    round_now = None
    if opened is not None:
        circumstance = opened.opened.circumstance
        assist = opened.carried(who if target is None else target)
    elif hurt is not None:
        round_now = hurt.round
        if state.conflict is not None:
            circumstance = state.conflict.opened.circumstance
    return dice_sources(
        state,
        who,
        skill,
        bonus=given_dice(bonus, "bonus dice"),
        penalty=given_dice(penalty, "penalty dice"),
        assist=assist,
        circumstance=circumstance,
        round=round_now,
    )


def equipment_ids(state: FudgeState, owner: str, chosen: object) -> tuple[str, ...]:
    """The bonus ids toggled on for ``owner``'s roll: bonus ids, or item ids for all of
    an item's bonuses (DK-R40). Each must belong to ``owner``."""
    ids = checks.id_list(chosen, "equipment (item or bonus ids)", most=100)
    name = state.character(owner).name
    picked: list[str] = []
    for given in ids:
        mine = state.items_of(owner)
        item = next((i for i in mine if i.id == given), None)
        if item is not None:
            found = [b.id for b in item.bonuses]
        else:
            found = [b.id for i in mine for b in i.bonuses if b.id == given]
            if not found:
                raise RuleError(
                    "fudge_conflict.not_their_equipment",
                    "equipment {got} is not one of {name}'s items or their bonuses; "
                    "{name}'s items: {items}",
                    got=checks.shown(given),
                    name=name,
                    items=Listing.of((f"{i.id} ({i.name})" for i in mine), "unit")
                    if mine
                    else msg("fudge_conflict.none", "none"),
                )
        picked.extend(b for b in found if b not in picked)
    return tuple(picked)


def roll_for(
    action: Action[FudgeState],
    actor: str,
    skill: str,
    sources: tuple[DiceSource, ...],
    faces: Faces | None,
    equipment: tuple[str, ...] = (),
) -> RollRecord:
    """Roll (or read the typed faces of) ``actor``'s ``skill`` with ``sources``' dice."""
    state = action.state
    character = state.character(actor)
    value = character.skill(skill)
    net = sum(s.dice for s in sources)
    kept = roll_kept(
        action.dice,
        net,
        faces,
        penalty_keep=state.settings.penalty_keep_mode,
        label=f"{character.name}: {skill}",
    )
    return RollRecord(
        actor=actor,
        name=character.name,
        skill=skill,
        skill_value=value,
        sources=sources,
        net=net,
        roll=kept.roll,
        kept=kept.selection.kept,
        penalty_keep=kept.penalty_keep,
        result=kept.total + value,
        equipment=equipment,
    )


def pay_to_act(action: Action[FudgeState], actor: str) -> None:
    """A maimed character pays from the pool to act (DK-R33, DK-A01) before a roll outside
    Let It Hurt, when the cost is per action (``maimed_cost_per = "action"``; per round, a
    cost is paid only for the rounds of Let It Hurt)."""
    state = action.state
    settings = state.settings
    character = state.character(actor)
    cost = settings.maimed_act_cost
    if not character.maimed or not cost or settings.maimed_cost_per != "action":
        return
    have = state.pool_of(actor)
    if have < cost:
        raise RuleError(
            plural(
                "fudge_conflict.maimed_must_pay",
                "{name} is maimed and must pay {n} point from the pool to act (DK-R33); "
                "the pool holds {have}",
                "{name} is maimed and must pay {n} points from the pool to act (DK-R33); "
                "the pool holds {have}",
                n=cost,
                name=character.name,
                have=have,
            )
        )
    table = settings.pool_scope == "table"
    action.add(
        PoolChanged(
            character=None if table else actor,
            name="the table" if table else character.name,
            old=have,
            new=have - cost,
            reason=f"{character.name} is maimed and pays to act (DK-R33)",
        )
    )
