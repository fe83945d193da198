"""The Impact System's tests, from draft to close, as plain rule functions.

A rule is ``rule(action, *args) -> value``: it reads ``action.state``, rolls
through ``action.dice`` and adds events with ``action.add`` (each folded as it
is added, so a later event sees what an earlier one did and ids always match
replay). :meth:`~isowidgets.game.Game.act` runs it as one journaled action; a
rule that refuses raises :class:`~isowidgets.errors.RuleError` with the value
received, what is allowed and a tip, and nothing is journaled. The rules
outside a test (the cast, Details, Impact Dice between rolls) are in
:mod:`.cast`.

IMP-R03…R13, R17 and R18a, with the settings that bend them (IMP-A01…A05,
A08…A12). A test runs in steps, one call each, so a widget can drive it click by
click and a unit test with exact faces::

    draft_test → cite / uncite / add_helper / remove_helper   (pure drafts: nothing
        is journaled; plan_odds gives their exact odds)
    open_test (open_draft) → roll         (roll_draft opens and rolls at once)
    then, by result:
      Success          choose_effect | finish
      Avoid Harm       (gm_flag) declare_great_success | finish
      Failure          offer_complication → accept_complication | decline_complication
                       spend | take_cost (Avoid Harm) | finish

:func:`next_steps` says which of them fit the state, as
:class:`~isowidgets.contract.Step` values (a widget enables exactly those).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ... import checks
from ...checks import shown
from ...contract import Action, Step, WaitsFor
from ...dice import DieType, Faces, Pool
from ...errors import RuleError
from ...words import Message, msg
from ._common import (
    MAX_DETAILS,
    ROLLER,
    SIGNS,
    TEST_KINDS,
    check_citation,
    current_test,
    earn_problem,
    earn_warning,
    hint_arg,
    lower_step,
    new_detail_event,
    owner_arg,
    raise_step,
    require_effective,
    require_no_test,
    require_pc,
    require_test,
    resolve_test,
    sign_arg,
    text_arg,
)
from .cast import altered_detail, removed_detail, toggled_detail
from .effects import EFFECT_KINDS, Effect, Hint
from .events import (
    Cite,
    CitedDetail,
    ComplicationAccepted,
    ComplicationDeclined,
    ComplicationOffered,
    EffectChosen,
    EffectDone,
    Ending,
    FailureSpent,
    GreatSuccessDeclared,
    TestCancelled,
    TestOpened,
    TestRolled,
)
from .fold import fold
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
from .model import Character, Citation, Detail, ImpactState, OpenTest, Origin, Sign, TestKind

__all__ = [
    "GM",
    "Faces",
    "RollPlan",
    "accept_complication",
    "action",
    "add_helper",
    "avoid_harm",
    "cancel_test",
    "carry_over",
    "choose_effect",
    "citation_options",
    "cite",
    "declare_great_success",
    "decline_complication",
    "draft_test",
    "earn_warning",
    "explain",
    "finish",
    "foil",
    "next_steps",
    "offer_complication",
    "open_draft",
    "open_test",
    "remove_helper",
    "roll",
    "roll_draft",
    "roll_plan",
    "spend",
    "spend_problem",
    "take_cost",
    "uncite",
]


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
            "impact.npc_cannot_help",
            "{helper} ({helper_id}) is an NPC adversary; helpers are the roller's teammates, "
            "player characters whose players announce that they help (IMP-R06, IMP-R16), got "
            "{who}. Allowed: a PC other than the roller: {teammates}. Tip: a friendly NPC's aid"
            " can be a Scene or Temporary Detail on the scene.",
            helper=helper.name,
            helper_id=helper.id,
            who=shown(who),
            teammates=teammates or "none yet",
        )
    if helper.id == test.actor:
        raise RuleError(
            "impact.roller_as_helper",
            "{helper} is the one rolling in {test}, not a helper",
            helper=helper.name,
            test=test.id,
        )
    if helper.id == test.threat:
        raise RuleError(
            "impact.adversary_cannot_help",
            "{helper} is the adversary in {test} and cannot help",
            helper=helper.name,
            test=test.id,
        )
    if helper.id in test.helpers:
        raise RuleError(
            "impact.helper_twice",
            "{helper} already helps in {test}",
            helper=helper.name,
            test=test.id,
        )
    return helper


def _check_intent(state: ImpactState, intent: object) -> Effect:
    """A Foil plan's effect, checked, with a target that exists now (IMP-R13)."""
    if not isinstance(intent, Effect):
        raise RuleError(
            "impact.intent_not_an_effect",
            "intent must be an Effect such as Effect.remove_detail('det-3'), got {intent}",
            intent=shown(intent),
        )
    effect = Effect.make(intent.kind, intent.target, intent.text, intent.hint)
    if effect.kind == "new_detail":
        owner_arg(state, effect.target)
    elif effect.touches_detail:
        state.detail(effect.target)
    else:
        state.holder(effect.target)
    return effect


_KIND_WORDS: dict[TestKind, Message] = {
    "action": msg("impact.test_kind.action", "action"),
    "avoid_harm": msg("impact.test_kind.avoid_harm", "Avoid Harm"),
    "foil": msg("impact.test_kind.foil", "Foil"),
}


def _check_difficulty(kind: TestKind, difficulty: object) -> Difficulty | None:
    if kind == "avoid_harm":
        if difficulty is not None:
            raise RuleError(
                "impact.avoid_harm_takes_no_difficulty",
                "an Avoid Harm test takes no Difficulty, got {difficulty}. Allowed: None; its die "
                "is the threat's Impact Die (IMP-R12, avoid_harm_die_mapping). Tip: to change the "
                "die, set_impact() the threat or pick another threat.",
                difficulty=shown(difficulty),
            )
        return None
    if difficulty is None:
        raise RuleError(
            "impact.test_needs_difficulty",
            "this {kind} test needs a Difficulty, got None. Allowed: Simple, Routine, "
            "Tricky, Difficult, Unlikely, Impossible (T-IMP-1)",
            kind=_KIND_WORDS[kind],
        )
    return difficulty_named(difficulty)


def _roller(state: ImpactState, kind: TestKind, actor: object) -> Character:
    if kind == "foil" and actor is None and state.settings.foil_roller == "highest_impact":
        candidates = [c for c in state.pcs() if not c.ineffectual]
        if not candidates:
            raise RuleError(
                "impact.no_pc_to_foil",
                "no effective PC is left to foil the plan (IMP-R16)",
            )
        best = max(min(c.step, TOP) for c in candidates)
        return next(c for c in candidates if min(c.step, TOP) == best)
    if kind == "foil" and actor is None:
        raise RuleError(
            "impact.foil_roller_missing",
            "name the PC who rolls to foil the plan (foil_roller = 'player_choice', IMP-A11). "
            "Tip: with foil_roller = 'highest_impact' the engine picks the strongest PC.",
        )
    character = require_pc(state, actor, ROLLER)
    require_effective(character, msg("impact.doing.roll", "roll"))
    if kind == "foil" and state.settings.foil_roller == "highest_impact":
        best = max(min(c.step, TOP) for c in state.pcs() if not c.ineffectual)
        if min(character.step, TOP) < best:
            strongest = ", ".join(
                c.name for c in state.pcs() if not c.ineffectual and min(c.step, TOP) == best
            )
            raise RuleError(
                "impact.foil_roller_not_highest",
                "with foil_roller = 'highest_impact' (IMP-A11) a PC with the highest Impact Die "
                "rolls to foil a plan ({strongest}, at {best}); {character} is at {impact}",
                strongest=strongest,
                best=step_label(best),
                character=character.name,
                impact=character.impact,
            )
    return character


def _defeated(adversary: Character, test: str | None = None) -> Message:
    """Why a Foil against a defeated adversary is refused (IMP-A13, IMP-R13)."""
    if test:
        return msg(
            "impact.foil_defeated_open",
            "{adversary} ({adversary_id}) is defeated (Impact {impact}, below D4) and makes no "
            "plans (npc_below_d4, IMP-A13), so there is no plan to foil; {test} cannot be "
            "rolled. Allowed: an adversary at D4 or above. Tip: cancel_test() calls {test} off.",
            adversary=adversary.name,
            adversary_id=adversary.id,
            impact=adversary.impact,
            test=test,
        )
    return msg(
        "impact.foil_defeated",
        "{adversary} ({adversary_id}) is defeated (Impact {impact}, below D4) and makes no "
        "plans (npc_below_d4, IMP-A13), so there is no plan to foil. Allowed: an adversary at "
        "D4 or above. Tip: set_impact({adversary_ref}, 'D4') if the GM brings them back.",
        adversary=adversary.name,
        adversary_id=adversary.id,
        impact=adversary.impact,
        adversary_ref=shown(adversary.id),
    )


def _threat(state: ImpactState, kind: TestKind, actor: Character, threat: object) -> str | None:
    if kind == "action":
        if threat is not None:
            raise RuleError(
                "impact.action_has_no_threat",
                "an action test has no threat, got {threat}. Allowed: None. Tip: use avoid_harm() "
                "against a threat or foil() against an adversary's plan.",
                threat=shown(threat),
            )
        return None
    if threat is None:
        if kind == "avoid_harm":
            raise RuleError(
                "impact.avoid_harm_needs_threat", "an Avoid Harm test needs a threat (IMP-R12)"
            )
        raise RuleError("impact.foil_needs_adversary", "a foil test needs an adversary (IMP-R13)")
    holder = state.holder(threat)
    if holder.id == actor.id:
        raise RuleError(
            "impact.own_threat",
            "{actor} cannot be their own threat or adversary",
            actor=actor.name,
        )
    if kind == "foil":
        if not isinstance(holder, Character):
            raise RuleError(
                "impact.foil_a_scene",
                "{holder} is a scene; Foiling Plans opposes an adversary's attempt (IMP-R13). Tip: "
                "a scene's danger is an Avoid Harm threat.",
                holder=holder.name,
            )
        if holder.ineffectual:
            raise RuleError(_defeated(holder))
        return holder.id
    if holder.step is None:
        raise RuleError(
            "impact.threat_without_die",
            "{holder} has no Impact Die, so it sets no Avoid Harm die (IMP-R12, IMP-A14). Tip: "
            "set_impact({holder_id}, 'D6') first.",
            holder=holder.name,
            holder_id=shown(holder.id),
        )
    if holder.ineffectual:
        raise RuleError(
            "impact.threat_ended",
            "{holder} is ineffectual (below D4): its threat has ended (IMP-A13)",
            holder=holder.name,
        )
    return holder.id


# --------------------------------------------------------------------------- drafting


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
    """A test set up but not opened (a draft), checked as if opened: for its odds, for the
    widgets' set-up and for :func:`open_test`.

    Raises:
        RuleError: the plan breaks a rule (see the message for which).
    """
    checked_kind: TestKind = checks.choice(kind, "a test", TEST_KINDS)
    roller = _roller(state, checked_kind, actor)
    threat_id = _threat(state, checked_kind, roller, threat)
    checked_difficulty = _check_difficulty(checked_kind, difficulty)
    cost: str | None = None
    if cost_detail is not None:
        if checked_kind != "avoid_harm":
            kind_word = _KIND_WORDS[checked_kind]
            raise RuleError(
                "impact.cost_only_for_avoid_harm",
                "only Avoid Harm announces a cost (IMP-R12); this {kind_word} test got "
                "cost_detail={cost_detail}. Allowed: None. Tip: a failed {kind_word} test has no "
                "cost; the GM may offer a Complication (IMP-R10).",
                kind_word=kind_word,
                cost_detail=shown(cost_detail),
            )
        cost = text_arg(cost_detail, "the announced cost Detail")
    plan: Effect | None = None
    if intent is not None:
        if checked_kind != "foil":
            raise RuleError(
                "impact.intent_only_for_foil",
                "only a Foil test has an adversary's intent (IMP-R13); this {kind} test got "
                "intent={intent}. Allowed: None.",
                kind=_KIND_WORDS[checked_kind],
                intent=shown(intent),
            )
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
    for helper in checks.id_list(helpers, "helpers", most=MAX_DETAILS):
        test = add_helper(state, test, helper)
    wanted: tuple[tuple[Sign, object], ...] = (("helps", helps), ("hinders", hinders))
    for sign, ids in wanted:
        for detail_id in checks.id_list(ids, sign, most=MAX_DETAILS):
            test = cite(state, test, detail_id, sign)
    return test


def _draft(draft: object) -> OpenTest:
    if isinstance(draft, OpenTest) and draft.phase == "setup" and draft.roll is None:
        return draft
    raise RuleError(
        "impact.not_a_draft",
        "a draft is a test set up but not opened, as draft_test() returns it; got {draft}",
        draft=shown(draft),
    )


def cite(state: ImpactState, draft: object, detail: object, sign: object = "helps") -> OpenTest:
    """The draft with one more Detail cited: +1 (``"helps"``) or −1 (``"hinders"``)."""
    test = _draft(draft)
    checked = check_citation(state, test, detail, sign_arg(sign))
    citation = Citation(checked.id, sign_arg(sign))
    return dataclasses.replace(test, citations=(*test.citations, citation))


def uncite(draft: object, detail: object) -> OpenTest:
    """The draft with the latest citation of ``detail`` taken back."""
    test = _draft(draft)
    positions = [i for i, c in enumerate(test.citations) if c.detail == detail]
    if not positions:
        raise RuleError(
            "impact.detail_not_cited",
            "Detail {detail} is not cited in this test",
            detail=shown(detail),
        )
    citations = tuple(c for i, c in enumerate(test.citations) if i != positions[-1])
    return dataclasses.replace(test, citations=citations)


def add_helper(state: ImpactState, draft: object, who: object) -> OpenTest:
    """The draft with ``who`` helping: they do not roll, but lend their Character Details
    (IMP-R06). An ineffectual character may help (IMP-R16, Torek)."""
    test = _draft(draft)
    helper = _check_helper(state, test, who)
    return dataclasses.replace(test, helpers=(*test.helpers, helper.id))


def remove_helper(state: ImpactState, draft: object, who: object) -> OpenTest:
    """The draft without ``who`` helping; their cited Details (Character and Temporary)
    go with them."""
    test = _draft(draft)
    helper = state.character(who)
    if helper.id not in test.helpers:
        raise RuleError(
            "impact.not_helping",
            "{helper} is not helping in this test",
            helper=helper.name,
        )
    theirs = {d.id for d in state.details_of(helper.id)}
    return dataclasses.replace(
        test,
        helpers=tuple(h for h in test.helpers if h != helper.id),
        citations=tuple(c for c in test.citations if c.detail not in theirs),
    )


def carry_over(state: ImpactState, draft: OpenTest, previous: OpenTest | None) -> OpenTest:
    """``draft`` joined by the helpers and citations of ``previous`` that still fit it.

    A draft follows the table: when its roller, kind or Difficulty changes, or
    a Detail is removed or disabled, what no longer counts is left out.
    """
    if previous is None:
        return draft
    for who in previous.helpers:
        with contextlib.suppress(RuleError):
            draft = add_helper(state, draft, who)
    for citation in previous.citations:
        with contextlib.suppress(RuleError):
            draft = cite(state, draft, citation.detail, citation.sign)
    return draft


def citation_options(
    state: ImpactState, test: OpenTest | None = None
) -> dict[str, tuple[Sign, ...]]:
    """For a draft (or the test open and not yet rolled): each Detail that may be cited
    now, and with which signs. The Details board greys out every other chip."""
    test = state.test if test is None else test
    if test is None or test.phase != "setup":
        return {}
    options: dict[str, tuple[Sign, ...]] = {}
    for detail in state.details:
        signs = []
        for sign in SIGNS:
            with contextlib.suppress(RuleError):
                check_citation(state, test, detail.id, sign)
                signs.append(sign)
        if signs:
            options[detail.id] = tuple(signs)
    return options


# --------------------------------------------------------------------------- opening, calling off


def open_test(action: Action[ImpactState], /, kind: object, actor: object, **plan: object) -> str:
    """Journal a test, with everything it is opened with; returns its id.

    ``plan`` holds the keywords of :func:`draft_test`. The test is journaled
    once: what is cited and who helps is part of the one ``TestOpened`` event.
    """
    state = action.state
    require_no_test(state, msg("impact.doing.open_another", "opening another"))
    test = draft_test(state, kind, actor, **plan)
    action.add(
        TestOpened(
            test=test.id,
            test_kind=test.kind,
            actor=test.actor,
            actor_name=state.character(test.actor).name,
            difficulty=test.difficulty,
            threat=test.threat,
            threat_name=state.name_of(test.threat) if test.threat else None,
            cost_detail=test.cost_detail,
            intent=test.intent,
            helpers=test.helpers,
            citations=tuple(Cite(detail=c.detail, sign=c.sign) for c in test.citations),
        )
    )
    return test.id


def action(
    act: Action[ImpactState],
    actor: str,
    difficulty: Any,
    *,
    helps: Sequence[str] = (),
    hinders: Sequence[str] = (),
    helpers: Sequence[str] = (),
) -> str:
    """Open a Difficulty Test for ``actor`` (IMP-R03…R08), journaled once with the
    Details it cites and who helps; returns the test id."""
    return open_test(
        act, "action", actor, difficulty=difficulty, helps=helps, hinders=hinders, helpers=helpers
    )


def avoid_harm(
    action: Action[ImpactState],
    actor: str,
    threat: str,
    *,
    cost_detail: str | None = None,
    helps: Sequence[str] = (),
    hinders: Sequence[str] = (),
    helpers: Sequence[str] = (),
) -> str:
    """Open an Avoid Harm test against ``threat`` (IMP-R12); the GM announces the cost:
    ``cost_detail`` names a Temporary Detail, ``None`` means Impact steps. Returns the
    test id."""
    return open_test(
        action,
        "avoid_harm",
        actor,
        threat=threat,
        cost_detail=cost_detail,
        helps=helps,
        hinders=hinders,
        helpers=helpers,
    )


def foil(
    action: Action[ImpactState],
    roller: str | None,
    adversary: str,
    difficulty: Any,
    *,
    intent: Effect | None = None,
    helps: Sequence[str] = (),
    hinders: Sequence[str] = (),
    helpers: Sequence[str] = (),
) -> str:
    """Open a test to foil ``adversary``'s plan (IMP-R13, IMP-A11); ``intent`` is what
    the plan does if the roll fails. With ``foil_roller = "highest_impact"``,
    ``roller=None`` lets the engine pick the PC. Returns the test id."""
    return open_test(
        action,
        "foil",
        roller,
        threat=adversary,
        difficulty=difficulty,
        intent=intent,
        helps=helps,
        hinders=hinders,
        helpers=helpers,
    )


def open_draft(action: Action[ImpactState], draft: OpenTest) -> str:
    """Journal a draft (checked afresh on the state it lands on); returns its id."""
    test = _draft(draft)
    return open_test(
        action,
        test.kind,
        test.actor,
        difficulty=test.difficulty,
        threat=test.threat,
        cost_detail=test.cost_detail,
        intent=test.intent,
        helpers=test.helpers,
        helps=test.cited("helps"),
        hinders=test.cited("hinders"),
    )


def cancel_test(action: Action[ImpactState]) -> None:
    """Call off a test opened but not rolled (after the roll, the result stands: use undo)."""
    test = action.state.test
    if test is not None and test.phase != "setup":
        raise RuleError(
            "impact.test_rolled_stands",
            "{test} has been rolled, and a roll stands (IMP-R11). Tip: finish() closes it; "
            "undo() takes the roll back.",
            test=test.id,
        )
    action.add(TestCancelled(test=require_test(action.state, "setup").id))


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
    require_effective(actor, msg("impact.doing.roll", "roll"))
    impact_die = actor.die
    assert impact_die is not None
    if test.kind == "avoid_harm":
        assert test.threat is not None
        holder = state.holder(test.threat)
        if holder.step is None or holder.ineffectual:
            raise RuleError(
                "impact.threat_lost_die",
                "{holder} no longer sets an Avoid Harm die ({impact})",
                holder=holder.name,
                impact=holder.impact,
            )
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


def roll(action: Action[ImpactState], faces: Faces | None = None) -> TestRolled:
    """Roll the open test's die, or take the face typed in from a physical die (IMP-R05,
    IMP-R08).

    ``faces`` is ``None`` for a random roll, else the face read off a physical
    die; both go through the session's dice, so a typed face is checked the
    same way. Returns the journaled :class:`~.events.TestRolled` (its
    ``explanation`` reads the roll in one line).
    """
    state = action.state
    plan = roll_plan(state)
    test = plan.test
    actor = state.character(test.actor)
    pool = Pool(plan.die, 1, label=f"{actor.name}'s roll")  # a name, read in errors and logs
    roll = action.dice.roll(pool, faces)
    face = roll.faces[0]
    total = face + plan.bonus - plan.penalty
    great = _is_great(plan, face, total, state)

    def cited(detail: Detail) -> CitedDetail:
        return CitedDetail(
            detail=detail.id,
            text=detail.text,
            owner=detail.owner,
            owner_name=state.name_of(detail.owner),
            helper=detail.owner in test.helpers,
        )

    rolled = TestRolled(
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
    action.add(rolled)
    if total >= plan.target and not great:
        if test.kind == "foil":
            resolve_test(action, "plan_foiled", **_adversary(state, test.threat))
        elif test.kind == "avoid_harm" and state.settings.great_success_rule != "gm_flag":
            resolve_test(action, "harm_avoided")
    return rolled


def roll_draft(
    action: Action[ImpactState], draft: OpenTest, faces: Faces | None = None
) -> TestRolled:
    """Open a draft and roll it in one action: a refused face leaves no opened test behind."""
    open_draft(action, draft)
    return roll(action, faces)


# --------------------------------------------------------------------------- Success


def declare_great_success(action: Action[ImpactState]) -> None:
    """The GM declares an Avoid Harm Success a Great Success (``gm_flag``, IMP-A01)."""
    action.add(GreatSuccessDeclared(test=require_test(action.state, "await_great").id))


def _effect_events(
    action: Action[ImpactState],
    effect: Effect,
    *,
    cause: Literal["effect", "foil"],
    actor: str | None,
    foe: str | None,
) -> EffectDone:
    """Add the events that carry ``effect`` out; return what it did, as data."""
    # Re-checked here: an Effect built with the plain constructor (or read from a
    # hand-edited journal) has skipped the checks of Effect.make.
    effect = Effect.make(effect.kind, effect.target, effect.text, effect.hint)
    state = action.state
    test_id = state.test.id if state.test else None
    origin: Origin = "success" if cause == "effect" else "foil"
    if foe is not None and effect.target != foe and not effect.touches_detail:
        raise RuleError(
            "impact.great_effect_off_foe",
            "a Great Success effect must affect the foe, {foe} (IMP-R12); the effect targets "
            "{target}",
            foe=state.name_of(foe),
            target=state.name_of(effect.target),
        )
    if effect.kind == "new_detail":
        owner_arg(state, effect.target)
        text = text_arg(effect.text, "a Detail's text")
        action.add(
            new_detail_event(
                state,
                effect.target,
                "temporary",
                text,
                effect.hint or "either",
                origin,
                test=test_id,
            )
        )
        return EffectDone(
            kind="established", who=effect.target, name=state.name_of(effect.target), text=text
        )
    if effect.touches_detail:
        detail = state.detail(effect.target)
        if detail.kind == "character":
            raise RuleError(
                "impact.effect_on_character_detail",
                "{detail} is a Character Detail; a Success removes, disrupts or alters Scene and "
                "Temporary Details only (IMP-R09)",
                detail=shown(detail.text),
            )
        if foe is not None and detail.owner != foe:
            raise RuleError(
                "impact.great_effect_detail_off_foe",
                "a Great Success effect must affect the foe, {foe} (IMP-R12); {detail} belongs to "
                "{owner}",
                foe=state.name_of(foe),
                detail=shown(detail.text),
                owner=state.name_of(detail.owner),
            )
        if effect.kind == "remove_detail":
            removed_detail(action, detail.id, "", test=test_id)
            return EffectDone(kind="removed", text=detail.text)
        if effect.kind == "disable_detail":
            toggled_detail(action, detail.id, False, "", test=test_id)
            return EffectDone(kind="disrupted", text=detail.text)
        altered_detail(action, detail.id, effect.text, effect.hint, "", test=test_id)
        return EffectDone(kind="altered", text=detail.text)
    holder = state.holder(effect.target)
    if actor is not None and holder.id == actor and not state.settings.success_effect_self_target:
        raise RuleError(
            "impact.effect_on_self",
            "a Success steps *another* character's or a scene's Impact Die (IMP-R09), and "
            "{holder} is the one who succeeded (success_effect_self_target = false, IMP-A12)",
            holder=holder.name,
        )
    if effect.kind == "step_down":
        change = lower_step(state, holder.id, 1, cause, test=test_id)
    else:
        change = raise_step(state, holder.id, cause, test=test_id)
    action.add(change)
    return EffectDone(
        kind="stepped", who=holder.id, name=holder.name, old=change.old, new=change.new
    )


def _probe(action: Action[ImpactState]) -> Action[ImpactState]:
    """A scratch copy of ``action`` to find out what an effect does before it is added."""
    return Action(action.state, fold, action.dice)


def choose_effect(
    action: Action[ImpactState],
    effect: Effect | str,
    *,
    target: str | None = None,
    text: str | None = None,
    hint: Hint | None = None,
) -> None:
    """Pick the one effect of a Success (IMP-R09), or of an Avoid Harm Great Success
    against the foe (IMP-R12): an :class:`.Effect`, or its kind with ``target`` (and
    ``text``/``hint`` for a Detail)."""
    if not isinstance(effect, Effect):
        effect = Effect.make(effect, target, text, hint)
    elif any(value is not None for value in (target, text, hint)):
        raise RuleError(
            "impact.effect_twice",
            "pass either an Effect or a kind with target/text/hint, not both",
        )
    test = require_test(action.state, "success")
    effect = Effect.make(effect.kind, effect.target, effect.text, effect.hint)
    if test.kind == "avoid_harm" and test.outcome != "great_success":
        raise RuleError(
            "impact.avoid_harm_has_no_effect",
            "a plain Avoid Harm Success has no further effect (IMP-R12)",
        )
    if test.kind == "foil":
        raise RuleError(
            "impact.foil_has_no_effect",
            "foiling a plan has no Success effect: the plan simply fails (IMP-R13)",
        )
    foe = test.threat if test.kind == "avoid_harm" else None
    # The EffectChosen line comes first and carries what follows it, as data.
    probe = _probe(action)
    done = _effect_events(probe, effect, cause="effect", actor=test.actor, foe=foe)
    action.add(EffectChosen(test=test.id, effect=effect, done=done), *probe.events)
    resolve_test(action, "effect", done=done)


# --------------------------------------------------------------------------- Failure


def spend_problem(state: ImpactState) -> Message | None:
    """Why the open test's Failure cannot be spent into a Success now, or ``None``."""
    test = state.test
    if test is None or test.phase != "failure":
        return msg(
            "impact.spend_needs_failure",
            "only a rolled Failure can be spent into a Success (IMP-R17)",
        )
    if test.complication == "accepted" and not state.settings.allow_earn_and_spend_same_roll:
        return msg(
            "impact.spend_after_complication",
            "the Complication was accepted, so no Failure is left to spend "
            "(allow_earn_and_spend_same_roll = false, IMP-A08)",
        )
    actor = state.character(test.actor)
    if actor.ineffectual:
        return msg(
            "impact.spend_ineffectual",
            "{actor} is ineffectual and has no step left to spend (IMP-R16)",
            actor=actor.name,
        )
    if actor.step == 0 and not state.settings.allow_spend_into_ineffectual:
        return msg(
            "impact.spend_into_ineffectual",
            "{actor} is at D4; spending would leave them ineffectual, which "
            "allow_spend_into_ineffectual = false forbids (IMP-A05)",
            actor=actor.name,
        )
    return None


def spend(action: Action[ImpactState]) -> None:
    """Drop one Impact step to turn the Failure into a Success (IMP-R17, IMP-A05, A08)."""
    state = action.state
    test = require_test(state, "failure")
    problem = spend_problem(state)
    if problem:
        raise RuleError(problem)
    if test.offer is not None and test.complication is None:
        # The offer lapses: there is no Failure left to attach it to (IMP-A08).
        action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
    action.add(FailureSpent(test=test.id))
    action.add(lower_step(action.state, test.actor, 1, "spend", test=test.id))
    if test.kind == "avoid_harm":
        resolve_test(action, "spent_harm_avoided")
    elif test.kind == "foil":
        resolve_test(action, "spent_plan_foiled", **_adversary(state, test.threat))


def offer_complication(action: Action[ImpactState], text: str, hint: Hint = "hinders") -> None:
    """The GM offers a Complication for the Failure (IMP-R10); a new offer replaces the old.

    The event carries the earn warning (IMP-A02) so the player sees it before
    accepting.
    """
    state = action.state
    test = require_test(state, "failure")
    if test.kind == "avoid_harm":
        raise RuleError(
            "impact.avoid_harm_has_no_complication",
            "a failed Avoid Harm costs what the GM announced before the roll (IMP-R12). Tip: "
            "take_cost() applies it, with the player's wording if they like.",
        )
    if test.complication is not None:
        raise RuleError(
            "impact.complication_answered",
            "{test}: the Complication was already {complication}",
            test=test.id,
            complication=test.complication,
        )
    wording = text_arg(text, "the Complication's text")
    action.add(
        ComplicationOffered(
            test=test.id,
            text=wording,
            hint=hint_arg(hint),
            warning=earn_warning(state, test.actor),
        )
    )


def _adversary(state: ImpactState, threat: str | None) -> dict[str, Any]:
    """The adversary an ending speaks of: its id and the name it has now."""
    return {"who": threat or "", "name": state.name_of(threat or "")}


def _close_failure(action: Action[ImpactState], ending: Ending, text: str = "") -> None:
    """Resolve a Failure; a failed Foil lets the adversary's plan happen (IMP-R13)."""
    test = current_test(action)
    said: dict[str, Any] = {"text": text}
    if test.kind == "foil":
        said |= _adversary(action.state, test.threat)
        foe = action.state.find_character(test.threat or "")
        if foe is not None and foe.ineffectual:
            # Defeated between the roll and its close: a defeated adversary's plan
            # comes to nothing (IMP-A13), so its intent is not carried out.
            said["plan"] = "defeated"
        elif test.intent is None:
            said["plan"] = "succeeds"
        else:
            try:
                probe = _probe(action)
                done = _effect_events(probe, test.intent, cause="foil", actor=None, foe=None)
            except RuleError as exc:
                # What the rules refused, in English: the one ending that keeps words of its
                # own (the refusal's message is not data a line can hold).
                said |= {"plan": "no_longer", "problem": str(exc)}
            else:
                action.add(*probe.events)
                said |= {"plan": "done", "done": done}
    resolve_test(action, ending, **said)


def accept_complication(action: Action[ImpactState]) -> None:
    """Accept the offered Complication: a Temporary Detail on the roller and one Impact
    step up (IMP-R10, IMP-R18a; at D20 see IMP-A02)."""
    state = action.state
    test = require_test(state, "failure")
    if test.offer is None or test.complication is not None:
        raise RuleError(
            "impact.no_complication_to_accept",
            "{test}: no Complication is waiting for an answer. Tip: the GM offers one with "
            "offer_complication().",
            test=test.id,
        )
    problem = earn_problem(state, test.actor)
    if problem:
        raise RuleError(problem)
    text, hint = test.offer
    action.add(ComplicationAccepted(test=test.id, text=text))
    action.add(
        new_detail_event(
            action.state, test.actor, "temporary", text, hint, "complication", test=test.id
        )
    )
    action.add(raise_step(action.state, test.actor, "complication", test=test.id))
    if not state.settings.allow_earn_and_spend_same_roll:
        _close_failure(action, "failure_complication", text)


def decline_complication(action: Action[ImpactState]) -> None:
    """Decline the offered Complication: the Failure stands, with no extra effect (IMP-R11)."""
    test = require_test(action.state, "failure")
    if test.offer is None or test.complication is not None:
        raise RuleError(
            "impact.no_complication_waiting",
            "{test}: no Complication is waiting for an answer",
            test=test.id,
        )
    action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
    _close_failure(action, "failure_declined")


def take_cost(action: Action[ImpactState], text: str | None = None) -> None:
    """Apply the announced cost of a failed Avoid Harm (IMP-R12, IMP-R15, IMP-A15).

    ``text`` is the player's wording of a Temporary Detail cost (the player is
    invited to offer input); a cost in steps takes no text.
    """
    state = action.state
    test = require_test(state, "failure")
    if test.kind != "avoid_harm":
        raise RuleError(
            "impact.cost_needs_failed_avoid_harm",
            "only a failed Avoid Harm has an announced cost. Tip: finish() lets the Failure stand.",
        )
    actor = state.character(test.actor)
    if test.cost_detail is None:
        if text is not None:
            raise RuleError(
                "impact.cost_in_steps_takes_no_text",
                "the announced cost of {test} is Impact steps, so it takes no Detail text; got "
                "{text}. Allowed: None (take_cost() with no text). Tip: the GM announces a "
                "Temporary Detail cost before the roll (IMP-R12).",
                test=test.id,
                text=shown(text),
            )
        steps = state.settings.avoid_harm_damage_steps
        whom = {"who": actor.id, "name": actor.name}
        if actor.ineffectual:
            ending: Ending = "cost_ineffectual"
            said: dict[str, Any] = whom
        else:
            change = lower_step(state, actor.id, steps, "avoid_harm", test=test.id)
            ending, said = "cost_steps", whom | {"old": change.old, "new": change.new}
            action.add(change)
    else:
        wording = test.cost_detail if text is None else text_arg(text, "the cost's wording")
        ending, said = "cost_detail", {"who": actor.id, "name": actor.name, "text": wording}
        action.add(
            new_detail_event(
                action.state, actor.id, "temporary", wording, "hinders", "avoid_harm", test=test.id
            )
        )
    resolve_test(action, ending, **said)


def finish(action: Action[ImpactState]) -> None:
    """Close the open test with the defaults of its phase.

    After a Success with no effect picked: no effect. An Avoid Harm Success
    the GM did not call great: harm avoided. A Failure: it stands (an
    unanswered Complication is declined; a failed Avoid Harm takes the cost as
    announced; a failed Foil lets the plan happen).
    """
    test = require_test(action.state)
    if test.phase == "setup":
        raise RuleError(
            "impact.test_not_rolled",
            "{test} has not been rolled. Tip: roll() it, or cancel_test().",
            test=test.id,
        )
    if test.phase == "failure":
        if test.kind == "avoid_harm":
            take_cost(action)
            return
        if test.offer is not None and test.complication is None:
            action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
        if test.complication == "accepted" and test.offer:
            _close_failure(action, "failure_complication", test.offer[0])
        else:
            _close_failure(action, "failure")
    elif test.phase == "await_great":
        resolve_test(action, "success_harm_avoided")
    elif test.kind == "avoid_harm":
        resolve_test(action, "great_no_effect")
    else:
        resolve_test(action, "no_effect")


# --------------------------------------------------------------------------- what next

GM = "GM"
"""The actor of the steps only the GM takes (the GM never rolls, IMP-R03)."""


def _may(action: str, actor: str | None, label: str, waits_for: WaitsFor = "click") -> Step:
    """An optional step: the table may take it; play goes on without it."""
    return Step(action, actor, waits_for, label, required=False)


_OPENINGS = (
    _may("action", None, "Open an action test: the GM names its Difficulty"),
    _may("avoid_harm", None, "Open a test to avoid harm from a threat"),
    _may("foil", None, "Open a test to foil an adversary's plan"),
)
_REST = _may("rest", GM, "The GM calls a rest break: the PCs' Impact Dice reset to D12")
_BETWEEN = (
    _may("next_session", GM, "The next session begins: Impact Dice carry over"),
    _may("new_adventure", GM, "A new adventure begins: every Impact Die back to its start"),
)


def next_steps(state: ImpactState) -> tuple[Step, ...]:
    """The steps that fit ``state``; a widget enables exactly these buttons (by
    ``step.action``). Closing a rolled test (``finish``) is the required step."""
    test = state.test
    if test is None:
        return (*_OPENINGS, *((_REST,) if state.pcs() else ()), *_BETWEEN)
    name = state.name_of(test.actor)
    if test.phase == "setup":
        try:
            die = die_label(roll_plan(state).die)
        except RuleError:  # overtaken since it opened (IMP-R16, IMP-A13): roll_plan says why
            return (Step("cancel_test", GM, "click", f"{name} can no longer roll: call it off"),)
        return (
            Step("roll", test.actor, "dice", f"{name} rolls a {die} for the test"),
            _may("cancel_test", GM, "The GM calls the test off before the roll"),
        )
    finish = Step("finish", None, "click", "Close the test")
    if test.phase == "await_great":
        return (_may("declare_great_success", GM, "The GM may call it a Great Success"), finish)
    if test.phase == "success":
        if test.kind == "action" or test.outcome == "great_success":
            label = f"{name} picks one Success effect"
            effect = Step("choose_effect", test.actor, "choice", label, EFFECT_KINDS, False)
            return (effect, finish)
        return (finish,)
    steps = []
    if test.kind != "avoid_harm" and test.complication is None:
        if test.offer is not None:
            if earn_problem(state, test.actor) is None:
                steps.append(_may("accept_complication", test.actor, f"{name} accepts it"))
            steps.append(_may("decline_complication", test.actor, f"{name} declines it"))
        steps.append(_may("offer_complication", GM, "The GM offers a Complication", "text"))
    if spend_problem(state) is None:
        steps.append(_may("spend", test.actor, f"{name} spends a step for a Success"))
    if test.kind == "avoid_harm":
        steps.append(_may("take_cost", test.actor, f"{name} takes the announced cost", "text"))
    steps.append(finish)
    return tuple(steps)
