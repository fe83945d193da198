"""A test before and at its roll: opening, citing Details, helpers, the die, the reading.

IMP-R03…R08, R12 and R13 (which die, which Details count) and the settings
that bend them (IMP-A03, A04, A09, A10, A11).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ...checks import id_list
from ...dice import DieType, PoolRoll
from ...errors import RuleError
from ...journal import Event
from ._common import (
    TEST_KINDS,
    UNSET,
    Action,
    check_citation,
    owner_arg,
    require_effective,
    require_no_test,
    require_pc,
    require_test,
    resolve_test,
    sign_arg,
    text_arg,
)
from .effects import Effect
from .events import (
    Cite,
    CitedDetail,
    DetailCited,
    DetailUncited,
    HelperJoined,
    HelperLeft,
    TestCancelled,
    TestOpened,
    TestRevised,
    TestRolled,
)
from .ladder import (
    DIFFICULTY_DIE,
    TOP,
    Difficulty,
    avoid_harm_die,
    die_label,
    difficulty_named,
    smaller,
    step_label,
)
from .model import (
    Character,
    Citation,
    Detail,
    ImpactState,
    OpenTest,
    Sign,
    TestKind,
)

# --------------------------------------------------------------------------- checking a plan


def _check_helper(state: ImpactState, test: OpenTest, who: object) -> Character:
    """A character who may help in ``test``: a PC other than the roller (IMP-R06, IMP-R16).

    Helping is what the roller's teammates do: their players announce it and
    lend their characters' Details. An NPC is an adversary in this engine (the
    GM plays it and never rolls, IMP-R03), so it cannot help.
    """
    helper = state.character(who)
    if helper.role != "pc":
        teammates = ", ".join(f"{c.id} ({c.name})" for c in state.pcs() if c.id != test.actor)
        raise RuleError(
            f"{helper.name} ({helper.id}) is an NPC adversary; helpers are the roller's "
            "teammates, player characters whose players announce that they help "
            f"(IMP-R06, IMP-R16), got {who!r}. Allowed: a PC other than the roller: "
            f"{teammates or 'none yet'}. Tip: a friendly NPC's aid can be a Scene or "
            "Temporary Detail on the scene."
        )
    if helper.id == test.actor:
        raise RuleError(f"{helper.name} is the one rolling in {test.id}, not a helper")
    if helper.id == test.threat:
        raise RuleError(f"{helper.name} is the adversary in {test.id} and cannot help")
    if helper.id in test.helpers:
        raise RuleError(f"{helper.name} already helps in {test.id}")
    return helper


def _check_intent(state: ImpactState, intent: object) -> Effect:
    """A Foil plan's effect, checked, with a target that exists now (IMP-R13)."""
    if not isinstance(intent, Effect):
        raise RuleError(
            f"intent must be an Effect such as Effect.remove_detail('det-3'), got {intent!r}"
        )
    effect = Effect.make(intent.kind, intent.target, intent.text, intent.hint)
    if effect.kind == "new_detail":
        owner_arg(state, effect.target)
    elif effect.touches_detail:
        state.detail(effect.target)
    else:
        state.holder(effect.target)
    return effect


_KIND_WORDS: dict[TestKind, str] = {
    "action": "action",
    "avoid_harm": "Avoid Harm",
    "foil": "Foil",
}


def _cost_refused(kind: TestKind, cost_detail: object) -> str:
    return (
        f"only Avoid Harm announces a cost (IMP-R12); this {_KIND_WORDS[kind]} test got "
        f"cost_detail={cost_detail!r}. Allowed: None. Tip: a failed {_KIND_WORDS[kind]} test "
        "has no cost; the GM may offer a Complication (IMP-R10)."
    )


def _intent_refused(kind: TestKind, intent: object) -> str:
    return (
        f"only a Foil test has an adversary's intent (IMP-R13); this {_KIND_WORDS[kind]} test "
        f"got intent={intent!r}. Allowed: None."
    )


def _check_difficulty(kind: TestKind, difficulty: object) -> Difficulty | None:
    if kind == "avoid_harm":
        if difficulty is not None:
            raise RuleError(
                f"an Avoid Harm test takes no Difficulty, got {difficulty!r}. Allowed: None; "
                "its die is the threat's Impact Die (IMP-R12, avoid_harm_die_mapping). Tip: "
                "to change the die, set_impact() the threat or pick another threat."
            )
        return None
    if difficulty is None:
        raise RuleError(
            f"this {_KIND_WORDS[kind]} test needs a Difficulty, got None. Allowed: Simple, "
            "Routine, Tricky, Difficult, Unlikely, Impossible (T-IMP-1)"
        )
    return difficulty_named(difficulty)


def _roller(state: ImpactState, kind: TestKind, actor: object) -> Character:
    if kind == "foil" and actor is None and state.settings.foil_roller == "highest_impact":
        candidates = [c for c in state.pcs() if not c.ineffectual]
        if not candidates:
            raise RuleError("no effective PC is left to foil the plan (IMP-R16)")
        best = max(min(c.step, TOP) for c in candidates)
        return next(c for c in candidates if min(c.step, TOP) == best)
    if kind == "foil" and actor is None:
        raise RuleError(
            "name the PC who rolls to foil the plan (foil_roller = 'player_choice', IMP-A11). "
            "Tip: with foil_roller = 'highest_impact' the engine picks the strongest PC."
        )
    character = require_pc(state, actor, "roller")
    require_effective(character, "roll")
    if kind == "foil" and state.settings.foil_roller == "highest_impact":
        best = max(min(c.step, TOP) for c in state.pcs() if not c.ineffectual)
        if min(character.step, TOP) < best:
            strongest = ", ".join(
                c.name for c in state.pcs() if not c.ineffectual and min(c.step, TOP) == best
            )
            raise RuleError(
                f"with foil_roller = 'highest_impact' (IMP-A11) a PC with the highest Impact "
                f"Die rolls to foil a plan ({strongest}, at {step_label(best)}); "
                f"{character.name} is at {character.impact}"
            )
    return character


def _defeated(adversary: Character, test: str | None = None) -> str:
    """Why a Foil against a defeated adversary is refused (IMP-A13, IMP-R13)."""
    where = f"; {test} cannot be rolled" if test else ""
    tip = (
        f"Tip: cancel_test() calls {test} off."
        if test
        else f"Tip: set_impact({adversary.id!r}, 'D4') if the GM brings them back."
    )
    return (
        f"{adversary.name} ({adversary.id}) is defeated (Impact {adversary.impact}, below D4) "
        f"and makes no plans (npc_below_d4, IMP-A13), so there is no plan to foil{where}. "
        f"Allowed: an adversary at D4 or above. {tip}"
    )


def _threat(state: ImpactState, kind: TestKind, actor: Character, threat: object) -> str | None:
    if kind == "action":
        if threat is not None:
            raise RuleError(
                f"an action test has no threat, got {threat!r}. Allowed: None. Tip: use "
                "avoid_harm() against a threat or foil() against an adversary's plan."
            )
        return None
    if threat is None:
        what = "a threat (IMP-R12)" if kind == "avoid_harm" else "an adversary (IMP-R13)"
        raise RuleError(f"a {kind.replace('_', ' ')} test needs {what}")
    holder = state.holder(threat)
    if holder.id == actor.id:
        raise RuleError(f"{actor.name} cannot be their own threat or adversary")
    if kind == "foil":
        if not isinstance(holder, Character):
            raise RuleError(
                f"{holder.name} is a scene; Foiling Plans opposes an adversary's attempt "
                "(IMP-R13). Tip: a scene's danger is an Avoid Harm threat."
            )
        if holder.ineffectual:
            raise RuleError(_defeated(holder))
        return holder.id
    if holder.step is None:
        raise RuleError(
            f"{holder.name} has no Impact Die, so it sets no Avoid Harm die (IMP-R12, "
            f"IMP-A14). Tip: set_impact({holder.id!r}, 'D6') first."
        )
    if holder.ineffectual:
        raise RuleError(f"{holder.name} is ineffectual (below D4): its threat has ended (IMP-A13)")
    return holder.id


# --------------------------------------------------------------------------- opening


def draft_test(
    state: ImpactState,
    kind: object,
    actor: object,
    *,
    difficulty: object = None,
    threat: object = None,
    cost_detail: object = None,
    intent: object = None,
    helps: object = (),
    hinders: object = (),
    helpers: object = (),
) -> OpenTest:
    """A planned test, checked as if opened (for odds and for :func:`open_action` & co.).

    Raises:
        RuleError: the plan breaks a rule (see the message for which).
    """
    if kind not in TEST_KINDS:
        raise RuleError(f"a test is one of {', '.join(TEST_KINDS)}, got {kind!r}")
    checked_kind: TestKind = kind
    roller = _roller(state, checked_kind, actor)
    threat_id = _threat(state, checked_kind, roller, threat)
    checked_difficulty = _check_difficulty(checked_kind, difficulty)
    cost: str | None = None
    if cost_detail is not None:
        if checked_kind != "avoid_harm":
            raise RuleError(_cost_refused(checked_kind, cost_detail))
        cost = text_arg(cost_detail, "the announced cost Detail")
    plan: Effect | None = None
    if intent is not None:
        if checked_kind != "foil":
            raise RuleError(_intent_refused(checked_kind, intent))
        plan = _check_intent(state, intent)
    test = OpenTest(
        id=f"test-{state.counters.tests + 1}",
        kind=checked_kind,
        actor=roller.id,
        difficulty=checked_difficulty,
        threat=threat_id,
        cost_detail=cost,
        intent=plan,
    )
    for helper in id_list(helpers, "helpers"):
        _check_helper(state, test, helper)
        test = dataclasses.replace(test, helpers=(*test.helpers, helper))
    wanted: tuple[tuple[Sign, object], ...] = (("helps", helps), ("hinders", hinders))
    for sign, ids in wanted:
        for detail_id in id_list(ids, sign):
            detail = check_citation(state, test, detail_id, sign)
            citation = Citation(detail.id, sign)
            test = dataclasses.replace(test, citations=(*test.citations, citation))
    return test


def _open_test(state: ImpactState, test: OpenTest) -> list[Event]:
    require_no_test(state, "opening another")
    actor = state.character(test.actor)
    return [
        TestOpened(
            test=test.id,
            test_kind=test.kind,
            actor=test.actor,
            actor_name=actor.name,
            difficulty=test.difficulty,
            threat=test.threat,
            threat_name=state.name_of(test.threat) if test.threat else None,
            cost_detail=test.cost_detail,
            intent=test.intent,
            helpers=test.helpers,
            citations=tuple(Cite(detail=c.detail, sign=c.sign) for c in test.citations),
        )
    ]


def open_action(
    state: ImpactState,
    actor: object,
    difficulty: object,
    *,
    helps: object = (),
    hinders: object = (),
    helpers: object = (),
) -> list[Event]:
    """Open a Difficulty Test for a meaningful action (IMP-R03, IMP-R04)."""
    require_no_test(state, "opening another")
    test = draft_test(
        state,
        "action",
        actor,
        difficulty=difficulty,
        helps=helps,
        hinders=hinders,
        helpers=helpers,
    )
    return _open_test(state, test)


def open_avoid_harm(
    state: ImpactState,
    actor: object,
    threat: object,
    *,
    cost_detail: object = None,
    helps: object = (),
    hinders: object = (),
    helpers: object = (),
) -> list[Event]:
    """Open an Avoid Harm test against a threat's Impact Die (IMP-R12).

    ``cost_detail`` is the GM's announced cost: a named Temporary Detail, or
    ``None`` for Impact steps (``avoid_harm_damage_steps``, IMP-A15).
    """
    require_no_test(state, "opening another")
    test = draft_test(
        state,
        "avoid_harm",
        actor,
        threat=threat,
        cost_detail=cost_detail,
        helps=helps,
        hinders=hinders,
        helpers=helpers,
    )
    return _open_test(state, test)


def open_foil(
    state: ImpactState,
    roller: object,
    adversary: object,
    difficulty: object,
    *,
    intent: object = None,
    helps: object = (),
    hinders: object = (),
    helpers: object = (),
) -> list[Event]:
    """Open a test to foil an adversary's plan (IMP-R13, IMP-A11).

    ``intent`` is what the plan does if the players fail (an :class:`Effect`);
    without one, a failure simply lets the GM narrate the plan's success.
    """
    require_no_test(state, "opening another")
    test = draft_test(
        state,
        "foil",
        roller,
        difficulty=difficulty,
        threat=adversary,
        intent=intent,
        helps=helps,
        hinders=hinders,
        helpers=helpers,
    )
    return _open_test(state, test)


# --------------------------------------------------------------------------- setup steps


def cite(state: ImpactState, detail: object, sign: object = "helps") -> list[Event]:
    """Cite one Detail for +1 (``"helps"``) or −1 (``"hinders"``) in the open test."""
    test = require_test(state, "setup")
    checked = check_citation(state, test, detail, sign_arg(sign))
    return [DetailCited(test=test.id, detail=checked.id, text=checked.text, sign=sign_arg(sign))]


def uncite(state: ImpactState, detail: object) -> list[Event]:
    """Take back the latest citation of ``detail`` in the open test."""
    test = require_test(state, "setup")
    found = state.detail(detail)
    if found.id not in test.cited():
        raise RuleError(f"{found.text!r} is not cited in {test.id}")
    return [DetailUncited(test=test.id, detail=found.id, text=found.text)]


def add_helper(state: ImpactState, who: object) -> list[Event]:
    """A character helps: they do not roll, but lend their Character Details (IMP-R06).

    An ineffectual character may help (IMP-R16, Torek).
    """
    test = require_test(state, "setup")
    helper = _check_helper(state, test, who)
    return [HelperJoined(test=test.id, helper=helper.id, name=helper.name)]


def remove_helper(state: ImpactState, who: object) -> list[Event]:
    """A helper stops helping; their cited Details (Character and Temporary) are uncited
    with them."""
    test = require_test(state, "setup")
    helper = state.character(who)
    if helper.id not in test.helpers:
        raise RuleError(f"{helper.name} is not helping in {test.id}")
    action = Action(state)
    for citation in test.citations:
        detail = state.detail(citation.detail)
        if detail.owner == helper.id:
            action.add(DetailUncited(test=test.id, detail=detail.id, text=detail.text))
    action.add(HelperLeft(test=test.id, helper=helper.id, name=helper.name))
    return action.events


def revise(
    state: ImpactState,
    *,
    difficulty: object = UNSET,
    cost_detail: object = UNSET,
    intent: object = UNSET,
) -> list[Event]:
    """The GM changes the open test's Difficulty, announced cost or adversary's intent."""
    test = require_test(state, "setup")
    new_difficulty = test.difficulty
    if difficulty is not UNSET:
        new_difficulty = _check_difficulty(test.kind, difficulty)
    new_cost = test.cost_detail
    if cost_detail is not UNSET:
        if test.kind != "avoid_harm":
            raise RuleError(_cost_refused(test.kind, cost_detail))
        new_cost = None if cost_detail is None else text_arg(cost_detail, "the announced cost")
    new_intent = test.intent
    if intent is not UNSET:
        if test.kind != "foil":
            raise RuleError(_intent_refused(test.kind, intent))
        new_intent = None if intent is None else _check_intent(state, intent)
    if (new_difficulty, new_cost, new_intent) == (test.difficulty, test.cost_detail, test.intent):
        raise RuleError(f"{test.id} already reads that way; nothing to revise")
    return [
        TestRevised(
            test=test.id, difficulty=new_difficulty, cost_detail=new_cost, intent=new_intent
        )
    ]


def cancel_test(state: ImpactState) -> list[Event]:
    """Call off a test before its roll (after the roll, the result stands: use undo)."""
    test = state.test
    if test is not None and test.phase != "setup":
        raise RuleError(
            f"{test.id} has been rolled, and a roll stands (IMP-R11). Tip: finish() closes "
            "it; undo() takes the roll back."
        )
    test = require_test(state, "setup")
    return [TestCancelled(test=test.id)]


# --------------------------------------------------------------------------- the roll


@dataclass(frozen=True, slots=True)
class RollPlan:
    """What a test would roll right now, and with which modifiers.

    Attributes:
        task_die: from the Difficulty (T-IMP-1) or the threat's Impact Die.
        impact_die: the roller's Impact Die.
        die: the die actually rolled (IMP-R05, IMP-A03).
        raw_bonus, raw_penalty: +1/−1 per cited Detail; ``bonus`` and
            ``penalty`` after ``max_bonus``/``max_penalty`` (IMP-A10).
    """

    test: OpenTest
    task_die: DieType
    impact_die: DieType
    die: DieType
    helps: tuple[Detail, ...]
    hinders: tuple[Detail, ...]
    raw_bonus: int
    raw_penalty: int
    bonus: int
    penalty: int
    target: int

    @property
    def net(self) -> int:
        return self.bonus - self.penalty

    @property
    def capped(self) -> bool:
        return self.die != self.task_die


def roll_plan(state: ImpactState, test: OpenTest | None = None) -> RollPlan:
    """The die and modifiers of the open test (or of a drafted one), checked afresh.

    Checks are repeated here because the table may have moved on since the
    setup: a Detail disabled, the roller knocked below D4, an Avoid Harm threat
    ended or a Foil's adversary defeated (IMP-A13).
    """
    if test is None:
        test = require_test(state, "setup")
    settings = state.settings
    actor = state.character(test.actor)
    require_effective(actor, "roll")
    impact_die = actor.die
    assert impact_die is not None
    if test.kind == "avoid_harm":
        assert test.threat is not None
        holder = state.holder(test.threat)
        if holder.step is None or holder.ineffectual:
            raise RuleError(f"{holder.name} no longer sets an Avoid Harm die ({holder.impact})")
        task = avoid_harm_die(holder.step, settings.avoid_harm_die_mapping)
        caps = settings.impact_die_caps_roll and settings.cap_applies_to_avoid_harm
    else:
        if test.kind == "foil":
            assert test.threat is not None
            adversary = state.character(test.threat)
            if adversary.ineffectual:
                raise RuleError(_defeated(adversary, test.id))
        assert test.difficulty is not None
        task = DIFFICULTY_DIE[test.difficulty]
        caps = settings.impact_die_caps_roll
    die = smaller(task, impact_die) if caps else task
    recheck = dataclasses.replace(test, citations=())
    helps: list[Detail] = []
    hinders: list[Detail] = []
    for citation in test.citations:
        detail = check_citation(state, recheck, citation.detail, citation.sign)
        recheck = dataclasses.replace(recheck, citations=(*recheck.citations, citation))
        (helps if citation.sign == "helps" else hinders).append(detail)
    bonus, penalty = len(helps), len(hinders)
    if settings.max_bonus is not None:
        bonus = min(bonus, settings.max_bonus)
    if settings.max_penalty is not None:
        penalty = min(penalty, settings.max_penalty)
    return RollPlan(
        test=test,
        task_die=task,
        impact_die=impact_die,
        die=die,
        helps=tuple(helps),
        hinders=tuple(hinders),
        raw_bonus=len(helps),
        raw_penalty=len(hinders),
        bonus=bonus,
        penalty=penalty,
        target=settings.success_target,
    )


def _quoted(details: Sequence[Detail], test: OpenTest, state: ImpactState) -> str:
    parts = []
    for detail in details:
        text = repr(detail.text)
        if detail.owner in test.helpers:
            text += f" ({state.name_of(detail.owner)}, helping)"
        parts.append(text)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _is_great(plan: RollPlan, face: int, total: int, state: ImpactState) -> bool:
    if plan.test.kind != "avoid_harm" or total < plan.target:
        return False
    rule = state.settings.great_success_rule
    if rule == "natural_max":
        return face == plan.die.highest
    if rule == "margin":
        return total >= plan.target + state.settings.great_success_margin
    return False


def explain(state: ImpactState, plan: RollPlan, face: int) -> str:
    """The roll in one line: ``D10 task (Tricky), capped to D8 by Impact Die; +2 from …;
    6 + 2 = 8: Success``."""
    test = plan.test
    settings = state.settings
    if test.kind == "avoid_harm":
        assert test.threat is not None
        threat = state.holder(test.threat)
        head = f"Avoid Harm from {threat.name}: {die_label(plan.task_die)} task (threat's Impact"
        head += f" {threat.impact}"
        if settings.avoid_harm_die_mapping == "inverted":
            head += ", inverted"
        head += ")"
    else:
        head = f"{die_label(plan.task_die)} task ({test.difficulty})"
        if test.kind == "foil":
            assert test.threat is not None
            head = f"Foiling {state.name_of(test.threat)}'s plan: " + head
    if plan.capped:
        head += f", capped to {die_label(plan.die)} by Impact Die"
    elif plan.impact_die.sides < plan.task_die.sides:
        head += f", not capped by the {die_label(plan.impact_die)} Impact Die (IMP-A03 setting)"
    parts = [head]
    if plan.helps:
        bonus = f"+{plan.raw_bonus} from {_quoted(plan.helps, test, state)}"
        if plan.bonus != plan.raw_bonus:
            bonus += f" (capped at +{plan.bonus} by max_bonus)"
        parts.append(bonus)
    if plan.hinders:
        penalty = f"−{plan.raw_penalty} from {_quoted(plan.hinders, test, state)}"
        if plan.penalty != plan.raw_penalty:
            penalty += f" (capped at −{plan.penalty} by max_penalty)"
        parts.append(penalty)
    total = face + plan.bonus - plan.penalty
    if plan.bonus or plan.penalty:
        sums = str(face)
        if plan.bonus:
            sums += f" + {plan.bonus}"
        if plan.penalty:
            sums += f" − {plan.penalty}"
        sums += f" = {total}"
    else:
        sums = f"rolled {face}"
    if total >= plan.target:
        word = "Great Success" if _is_great(plan, face, total, state) else "Success"
    else:
        word = "Failure"
    target = "" if plan.target == 8 else f" (target {plan.target})"
    return "; ".join(parts) + f"; {sums}: {word}{target}"


def roll_test(state: ImpactState, roll: PoolRoll) -> list[Event]:
    """Read the roll of the open test (IMP-R05, IMP-R08) and journal it.

    ``roll`` must be one die of the type :func:`roll_plan` names; it comes from
    :meth:`~isowidgets.dice.Dice.roll`, random or typed in.
    """
    plan = roll_plan(state)
    test = plan.test
    if not isinstance(roll, PoolRoll) or len(roll.dice) != 1 or roll.pool.die != plan.die:
        shown = roll.describe() if isinstance(roll, PoolRoll) else repr(roll)
        raise RuleError(
            f"{test.id} rolls one {die_label(plan.die)}, got {shown}. Tip: roll the die "
            "roll_plan() names."
        )
    face = roll.faces[0]
    total = face + plan.bonus - plan.penalty
    great = _is_great(plan, face, total, state)
    actor = state.character(test.actor)

    def cited(detail: Detail) -> CitedDetail:
        return CitedDetail(
            detail=detail.id,
            text=detail.text,
            owner=detail.owner,
            owner_name=state.name_of(detail.owner),
            helper=detail.owner in test.helpers,
        )

    action = Action(state)
    action.add(
        TestRolled(
            test=test.id,
            test_kind=test.kind,
            roll=roll,
            task_die=plan.task_die.name,
            impact_die=actor.die.name if actor.die else None,
            die=plan.die.name,
            helps=tuple(cited(d) for d in plan.helps),
            hinders=tuple(cited(d) for d in plan.hinders),
            bonus=plan.bonus,
            penalty=plan.penalty,
            total=total,
            target=plan.target,
            great=great,
            explanation=explain(state, plan, face),
        )
    )
    if total >= plan.target and not great:
        if test.kind == "foil":
            resolve_test(action, f"{state.name_of(test.threat or '')}'s plan is foiled")
        elif test.kind == "avoid_harm" and state.settings.great_success_rule != "gm_flag":
            resolve_test(action, "harm avoided")
    return action.events
