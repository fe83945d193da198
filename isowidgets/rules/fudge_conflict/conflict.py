"""One conflict settled by one roll (DK-R01…R20): the three kinds of opposition,
assistance (combined skills, helpers, chains), and what the table can do next.

A conflict opens with its intention agreed (:func:`open_conflict`, DK-R09,
DK-R10), takes any number of assisting rolls (:func:`assist`), and is settled
by :func:`roll_conflict`. The last conflict stays in the state once rolled, so a
player can let it hurt (:mod:`hurt <.rules.fudge_conflict.hurt>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ... import checks
from ...contract import Action, Step
from ...errors import RuleError
from ...words import Listing, Message, Ref, msg
from .characters import skill_name, who_arg
from .events import (
    GATE_FAILED,
    AssistRolled,
    ConflictCancelled,
    ConflictOpened,
    ConflictRolled,
    OppositionKind,
    RollRecord,
    opposition_words,
)
from .hurt import hurt_steps, invocations
from .model import Conflict, FudgeState
from .rolling import (
    Faces,
    difficulty_arg,
    equipment_ids,
    given_dice,
    passed_on,
    pay_to_act,
    roll_for,
    roll_sources,
)

__all__ = [
    "KINDS",
    "Verdict",
    "assist",
    "cancel_conflict",
    "check",
    "judge",
    "next_steps",
    "open_conflict",
    "roll_conflict",
]

KINDS: tuple[OppositionKind, ...] = ("passive", "active", "competing")


def _note(value: object, what: str) -> str:
    return checks.text(value, what, allow_empty=True, collapse=True)


def _require_open(state: FudgeState, doing: Message) -> Conflict:
    conflict = state.open_conflict()
    if conflict is None:
        raise RuleError(
            "fudge_conflict.no_open_conflict",
            "no conflict is open to {doing}; open one with open_conflict()",
            doing=doing,
        )
    return conflict


def open_conflict(
    action: Action[FudgeState],
    kind: str,
    initiator: str,
    skill: str,
    *,
    opponent: str | None = None,
    opponent_skill: str | None = None,
    difficulty: int | None = None,
    intention: str = "",
    opponent_intention: str = "",
    success: str = "",
    failure: str = "",
    circumstance: int = 0,
) -> str:
    """Agree a conflict's intention and open it (DK-R09, DK-R10): ``kind`` ``"passive"``
    (with a ``difficulty``), ``"active"`` or ``"competing"`` (with an ``opponent`` and
    ``opponent_skill``); ``circumstance`` penalty dice hit every roll in it (DK-R20).
    Returns its id."""
    state = action.state
    picked = checks.choice(kind, "the kind of opposition", KINDS)
    first = who_arg(state, initiator, "the initiator")
    first_skill = skill_name(skill)
    first.skill(first_skill)
    hurt = state.active_hurt()
    if hurt is not None:
        raise RuleError(
            "fudge_conflict.open_during_hurt",
            "Let it hurt is being played; finish it (or give up) before a new conflict",
        )
    already = state.open_conflict()
    if already is not None:
        raise RuleError(
            "fudge_conflict.open_already",
            "{conflict} is open; roll it or call it off first",
            conflict=already.id,
        )
    penalty = given_dice(circumstance, "circumstance penalty dice (DK-R20)")
    if picked == "passive":
        if opponent is not None or opponent_skill is not None:
            raise RuleError(
                "fudge_conflict.passive_no_opponent",
                "passive opposition has no opponent; give a difficulty instead",
            )
        if difficulty is None:
            raise RuleError(
                "fudge_conflict.passive_needs_difficulty",
                "passive opposition needs a difficulty set before the roll (DK-R10)",
            )
        level = difficulty_arg(difficulty)
        second = None
        second_skill = None
    else:
        if difficulty is not None:
            raise RuleError(
                "fudge_conflict.opposed_no_difficulty",
                "{opposition} opposition is against an opponent, not a difficulty",
                opposition=opposition_words(picked),
            )
        if opponent is None:
            raise RuleError(
                "fudge_conflict.opposed_needs_opponent",
                "{opposition} opposition needs an opponent who rolls too (DK-R11, DK-R12)",
                opposition=opposition_words(picked),
            )
        second = who_arg(state, opponent, "the opponent")
        if second.id == first.id:
            raise RuleError(
                "fudge_conflict.oppose_self", "{name} cannot oppose themselves", name=first.name
            )
        if opponent_skill is None:
            raise RuleError(
                "fudge_conflict.opponent_needs_skill",
                "the opponent needs a skill to roll (opponent_skill)",
            )
        second_skill = skill_name(opponent_skill, "the opponent's skill")
        second.skill(second_skill)
        level = None
    conflict = f"conflict-{state.counters.conflicts + 1}"
    action.add(
        ConflictOpened(
            conflict=conflict,
            opposition=picked,
            initiator=first.id,
            initiator_name=first.name,
            skill=first_skill,
            opponent=second.id if second else None,
            opponent_name=second.name if second else None,
            opponent_skill=second_skill,
            difficulty=level,
            intention=_note(intention, "the intention"),
            opponent_intention=_note(opponent_intention, "the opponent's intention"),
            success=_note(success, "what success gives"),
            failure=_note(failure, "what failure costs"),
            circumstance=penalty,
        )
    )
    return conflict


def assist(
    action: Action[FudgeState],
    helper: str,
    skill: str,
    *,
    target: str | None = None,
    gate: int | None = None,
    penalties: bool | None = None,
    bonus: int = 0,
    penalty: int = 0,
    equipment: Sequence[str] = (),
    faces: Faces | None = None,
) -> AssistRolled:
    """An assisting roll for ``target`` (default: the initiator).

    ``helper == target`` with another skill combines two skills (DK-R15, DK-R16);
    another character helps (DK-R17…R19). Each roll in the chain gets the dice the
    last one passed on. With ``gate`` (a difficulty) the roll must succeed or the
    main action is impossible (DK-R16): the conflict is then settled as lost.
    """
    state = action.state
    conflict = _require_open(state, msg("fudge_conflict.doing.assist", "assist"))
    if conflict.blocked() is not None:
        raise RuleError(
            "fudge_conflict.gate_failed",
            "a gate failed: this conflict's task is impossible (DK-R16)",
        )
    helping = who_arg(state, helper, "the helper")
    helper_skill = skill_name(skill)
    value = helping.skill(helper_skill)
    principal = conflict.opened.initiator if target is None else checks.identifier(target, "target")
    if principal not in conflict.sides:
        raise RuleError(
            "fudge_conflict.not_a_principal",
            "target {got} is not a principal of this conflict ({sides})",
            got=checks.shown(principal),
            sides=Listing.of(conflict.sides, "unit"),
        )
    main_skill = (
        conflict.opened.skill
        if principal == conflict.opened.initiator
        else conflict.opened.opponent_skill
    )
    if helping.id == principal and helper_skill == main_skill:
        raise RuleError(
            "fudge_conflict.principal_rolls_last",
            "{name} rolls {skill} last, as the conflict's roll (DK-R19); "
            "combine another skill, or roll the conflict",
            name=helping.name,
            skill=helper_skill,
        )
    if state.settings.chain_order == "skill_desc_principal_last" and helper_skill == main_skill:
        for earlier in conflict.assists:
            same = earlier.target == principal and earlier.roll.skill == main_skill
            if same and value > earlier.roll.skill_value:
                raise RuleError(
                    "fudge_conflict.chain_order",
                    "helpers with {skill} roll in descending skill value (DK-R18, DK-A18): "
                    "{name} has {value}, more than {earlier}'s {earlier_value} who rolled before",
                    skill=main_skill,
                    name=helping.name,
                    value=value,
                    earlier=earlier.roll.name,
                    earlier_value=earlier.roll.skill_value,
                )
    allow = (
        state.settings.assist_negative_gives_penalty
        if penalties is None
        else checks.flag(penalties, "penalties")
    )
    level = None if gate is None else difficulty_arg(gate, "the gate's difficulty")
    sources = roll_sources(
        state, helping.id, helper_skill, target=principal, bonus=bonus, penalty=penalty
    )
    toggled = equipment_ids(state, helping.id, equipment)
    pay_to_act(action, helping.id)
    record = roll_for(action, helping.id, helper_skill, sources, faces, toggled)
    blocked = level is not None and record.result <= level
    dice = (
        0
        if blocked
        else passed_on(
            record.result,
            level or 0,
            penalties=allow,
            basis=state.settings.assist_bonus_basis,
        )
    )
    event = AssistRolled(
        conflict=conflict.id,
        target=principal,
        variant="bonus" if level is None else "gate",
        gate=level,
        penalties=allow,
        roll=record,
        passed_on=dice,
        blocked=blocked,
    )
    action.add(event)
    if blocked:
        _settle_blocked(action, conflict, principal)
    return event


def _settle_blocked(action: Action[FudgeState], conflict: Conflict, principal: str) -> None:
    other = next((side for side in conflict.sides if side != principal), None)
    initiator = conflict.opened.initiator
    action.add(
        ConflictRolled(
            conflict=conflict.id,
            records=(),
            winner=other,
            loser=principal,
            margin=0,
            success=principal != initiator,
            reason=GATE_FAILED,
        )
    )


class Verdict(NamedTuple):
    """How a conflict came out (see :func:`judge`).

    Attributes:
        winner: the side that won, ``None`` for a draw or a passive failure.
        loser: the side that lost, ``None`` for a draw or a passive success.
        draw: a competing tie the GM left as a draw (DK-R12).
        margin: the difference between the results (or result and difficulty).
        success: whether the initiator got what they wanted.
    """

    winner: str | None
    loser: str | None
    draw: bool
    margin: int
    success: bool


def judge(
    kind: OppositionKind,
    initiator: tuple[str, int],
    opponent: tuple[str, int] | None,
    difficulty: int | None,
    tie_winner: str | None = None,
) -> Verdict:
    """Who won, by how much, and whether the initiator succeeded (T-DK-2).

    Passive: success only when the result is **higher** than the difficulty
    (DK-R05). Active: the higher result wins and a tie goes against the initiator
    (DK-R11). Competing: the higher result wins; a tie is a draw unless the GM
    names a winner (DK-R12).
    """
    first, mine = initiator
    if kind == "passive" or opponent is None:
        assert difficulty is not None
        won = mine > difficulty
        return Verdict(
            first if won else None, None if won else first, False, abs(mine - difficulty), won
        )
    second, theirs = opponent
    if mine != theirs:
        won = mine > theirs
        winner, loser = (first, second) if won else (second, first)
        return Verdict(winner, loser, False, abs(mine - theirs), won)
    if kind == "active":
        return Verdict(second, first, False, 0, False)
    if tie_winner is None:
        return Verdict(None, None, True, 0, False)
    loser = second if tie_winner == first else first
    return Verdict(tie_winner, loser, False, 0, tie_winner == first)


def roll_conflict(
    action: Action[FudgeState],
    faces: Faces | None = None,
    opponent_faces: Faces | None = None,
    *,
    bonus: int = 0,
    penalty: int = 0,
    opponent_bonus: int = 0,
    opponent_penalty: int = 0,
    equipment: Sequence[str] = (),
    opponent_equipment: Sequence[str] = (),
    tie_winner: str | None = None,
) -> ConflictRolled:
    """Roll the open conflict (both sides at once against an opponent) and settle it
    (DK-R05, DK-R10…R12)."""
    state = action.state
    conflict = _require_open(state, msg("fudge_conflict.doing.roll", "roll"))
    opened = conflict.opened
    if opened.opponent is None and (
        opponent_faces is not None
        or opponent_bonus != 0
        or opponent_penalty != 0
        or opponent_equipment != ()
    ):
        raise RuleError(
            "fudge_conflict.passive_no_opponent_roll",
            "passive opposition has no opponent to roll for; leave opponent_* unset",
        )
    named = None
    if tie_winner is not None:
        if opened.opposition != "competing":
            raise RuleError(
                "fudge_conflict.tie_winner_competing",
                "only competing opposition lets the GM name a tie's winner (DK-R12); an active "
                "tie goes against the initiator and a passive tie fails",
            )
        named = checks.identifier(tie_winner, "tie_winner", conflict.sides)
    rolls: list[RollRecord] = []
    sides = [(opened.initiator, opened.skill, bonus, penalty, equipment, faces)]
    if opened.opponent is not None and opened.opponent_skill is not None:
        sides.append(
            (
                opened.opponent,
                opened.opponent_skill,
                opponent_bonus,
                opponent_penalty,
                opponent_equipment,
                opponent_faces,
            )
        )
    for actor, skill, plus, minus, gear, typed in sides:
        sources = roll_sources(state, actor, skill, bonus=plus, penalty=minus)
        toggled = equipment_ids(state, actor, gear)
        pay_to_act(action, actor)
        rolls.append(roll_for(action, actor, skill, sources, typed, toggled))
    verdict = judge(
        opened.opposition,
        (rolls[0].actor, rolls[0].result),
        (rolls[1].actor, rolls[1].result) if len(rolls) > 1 else None,
        opened.difficulty,
        named,
    )
    winner, loser, draw, margin, success = verdict
    event = ConflictRolled(
        conflict=conflict.id,
        records=tuple(rolls),
        winner=winner,
        loser=loser,
        draw=draw,
        margin=margin,
        success=success,
    )
    action.add(event)
    return event


def cancel_conflict(action: Action[FudgeState], reason: str = "") -> None:
    """Call the open conflict off before it is rolled."""
    conflict = _require_open(action.state, msg("fudge_conflict.doing.call_off", "call off"))
    action.add(ConflictCancelled(conflict=conflict.id, reason=_note(reason, "a reason")))


def next_steps(state: FudgeState) -> tuple[Step, ...]:
    """What the table can do now: open a conflict, assist and roll it, let it hurt, or
    play a round of Let It Hurt (see :func:`.hurt.hurt_steps`)."""
    if state.active_hurt() is not None:
        return hurt_steps(state)
    steps: list[Step] = [
        Step(
            "add_character",
            None,
            "text",
            message=msg("fudge_conflict.step.add_character", "Add a character"),
            required=False,
        )
    ]
    conflict = state.open_conflict()
    if conflict is not None:
        opened = conflict.opened
        initiator = Ref(opened.initiator, opened.initiator_name)
        steps.append(
            Step(
                "assist",
                None,
                "dice",
                message=msg(
                    "fudge_conflict.step.assist",
                    "Assist {name}: combine a skill or help (optional)",
                    name=initiator,
                ),
                required=False,
            )
        )
        if opened.opponent is None:
            roll = msg(
                "fudge_conflict.step.roll_difficulty",
                "Roll: {name} against difficulty {difficulty}",
                name=initiator,
                difficulty=opened.difficulty,
            )
        else:
            roll = msg(
                "fudge_conflict.step.roll_opponent",
                "Roll: {name} against {opponent}",
                name=initiator,
                opponent=Ref(opened.opponent, opened.opponent_name or ""),
            )
        steps.append(Step("roll_conflict", None, "dice", message=roll))
        steps.append(
            Step(
                "cancel_conflict",
                None,
                "click",
                message=msg("fudge_conflict.step.cancel_conflict", "Call the conflict off"),
                required=False,
            )
        )
        return tuple(steps)
    if len(state.characters) >= 1:
        steps.append(
            Step(
                "open_conflict",
                None,
                "choice",
                message=msg(
                    "fudge_conflict.step.open_conflict", "Open a conflict: agree its intention"
                ),
                options=KINDS,
            )
        )
    steps.extend(invocations(state))
    return tuple(steps)


def check(
    action: Action[FudgeState],
    kind: str,
    initiator: str,
    skill: str,
    *,
    opponent: str | None = None,
    opponent_skill: str | None = None,
    difficulty: int | None = None,
    faces: Faces | None = None,
    opponent_faces: Faces | None = None,
    bonus: int = 0,
    penalty: int = 0,
    opponent_bonus: int = 0,
    opponent_penalty: int = 0,
    intention: str = "",
    circumstance: int = 0,
    tie_winner: str | None = None,
) -> ConflictRolled:
    """Open a conflict and roll it in one call (no assistance): the quick way to
    settle a check. Journaled as two actions (opened, rolled)."""
    open_conflict(
        action,
        kind,
        initiator,
        skill,
        opponent=opponent,
        opponent_skill=opponent_skill,
        difficulty=difficulty,
        intention=intention,
        circumstance=circumstance,
    )
    action.split()
    return roll_conflict(
        action,
        faces,
        opponent_faces,
        bonus=bonus,
        penalty=penalty,
        opponent_bonus=opponent_bonus,
        opponent_penalty=opponent_penalty,
        tie_winner=tie_winner,
    )
