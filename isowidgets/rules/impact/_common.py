"""Shared pieces of the Impact rules: argument checks, the open test, Impact steps.

Private to the package (the public rule functions are re-exported by
:mod:`.rules`). Moving an Impact Die lives here because three kinds of rule
need it (damage and earning, the test flow, Success effects), and the ladder's
edges (ineffectual below D4, the top at D20) must read the same in all of them.
"""

from __future__ import annotations

from typing import Any

from ... import checks
from ...checks import shown
from ...contract import Action
from ...errors import RuleError
from ...words import Message, msg, render
from .effects import Hint
from .events import (
    CAUSE_TEXT,
    Cause,
    DetailAdded,
    Ending,
    ImpactChanged,
    TestResolved,
)
from .ladder import (
    BANKED,
    INEFFECTUAL,
    TOP,
    step_label,
)
from .model import (
    WORLD,
    Character,
    Detail,
    DetailKind,
    ImpactState,
    OpenTest,
    Origin,
    Phase,
    Scene,
    Sign,
    TestKind,
)

TEST_KINDS: tuple[TestKind, ...] = ("action", "avoid_harm", "foil")
HINTS: tuple[Hint, ...] = ("helps", "hinders", "either")
SIGNS: tuple[Sign, ...] = ("helps", "hinders")
MAX_DETAILS = 100
"""The most Details one call may add (a character has a handful; a list is not a story)."""


def current_test(action: Action[ImpactState]) -> OpenTest:
    """The test open in ``action`` (a rule that calls this has checked there is one)."""
    assert action.state.test is not None
    return action.state.test


# --------------------------------------------------------------------------- argument checks


def text_arg(value: object, what: str) -> str:
    """A Detail's text, a name or a Complication: one line of at most ``checks.MAX_TEXT``."""
    return checks.text(value, what, collapse=True, tip="keep the story in a note.")


def reason_arg(value: object, what: str = "a reason") -> str:
    """An optional reason or description: text, possibly empty."""
    return checks.text(value, what, allow_empty=True, collapse=True)


def hint_arg(value: object) -> Hint:
    """Whether a Detail usually helps or hinders (IMP-R02: it only guides the table)."""
    return checks.choice(value, "a Detail's hint", HINTS)


def sign_arg(value: object) -> Sign:
    """'helps' (+1) or 'hinders' (−1) (IMP-R06, IMP-R07)."""
    return checks.choice(value, "a citation's sign (IMP-R06, IMP-R07)", SIGNS)


def require_no_test(state: ImpactState, doing: Message) -> None:
    if state.test is not None:
        raise RuleError(
            "impact.test_open_blocks",
            "{test} is still open (phase {phase}); finish it before {doing}. Tip: finish() "
            "closes a rolled test, cancel_test() drops one not rolled.",
            test=state.test.id,
            phase=shown(state.test.phase),
            doing=doing,
        )


def require_test(state: ImpactState, *phases: Phase) -> OpenTest:
    test = state.test
    if test is None:
        raise RuleError(
            "impact.no_test_open",
            "no test is open. Tip: open one with action(), avoid_harm() or foil().",
        )
    if phases and test.phase not in phases:
        raise RuleError(
            "impact.wrong_phase",
            "{test} is in phase {phase}; this step needs {phases}. Tip: next_steps() lists the "
            "steps that fit now.",
            test=test.id,
            phase=shown(test.phase),
            phases=" or ".join(phases),
        )
    return test


ROLLER = msg("impact.role.roller", "roller")
"""The role of the character who rolls (:func:`require_pc`)."""


def require_pc(state: ImpactState, who: object, role_word: Message) -> Character:
    """The character ``who``, who must be a player character."""
    character = state.character(who)
    if character.role == "pc":
        return character
    if role_word == ROLLER:
        raise RuleError(
            "impact.npc_cannot_roll",
            "{character} is an NPC; rolls face the players and the GM never rolls (IMP-R03), so"
            " the roller must be a PC. Tip: to oppose an adversary's attempt, a PC rolls foil()"
            " against it (IMP-R13).",
            character=character.name,
        )
    raise RuleError(
        "impact.npc_in_pc_role",
        "{character} is an NPC; the {role_word} must be a PC",
        character=character.name,
        role_word=role_word,
    )


def require_effective(character: Character, doing: Message) -> None:
    """Refuse a roll by an ineffectual character (IMP-R16)."""
    if character.ineffectual:
        raise RuleError(
            "impact.ineffectual_cannot_roll",
            "{character} is ineffectual (below D4) and can make no more rolls (IMP-R16), so "
            "cannot {doing}. Tip: they can still help: as one of a teammate's helpers they lend"
            " their Character Details.",
            character=character.name,
            doing=doing,
        )


# --------------------------------------------------------------------------- Impact steps


def floor_of(holder: Character | Scene, state: ImpactState) -> int:
    """Lowest step a stepped-down holder can reach: PCs always go to ineffectual."""
    if isinstance(holder, Character) and holder.role == "pc":
        return INEFFECTUAL
    return 0 if state.settings.npc_below_d4 == "floor" else INEFFECTUAL


def impact_event(
    holder: Character | Scene,
    new: int | None,
    cause: Cause,
    reason: str,
    test: str | None,
) -> ImpactChanged:
    return ImpactChanged(
        who=holder.id,
        name=holder.name,
        old=holder.step,
        new=new,
        cause=cause,
        reason=reason or CAUSE_TEXT[cause],
        test=test,
    )


def lower_step(
    state: ImpactState,
    who: str,
    steps: int,
    cause: Cause,
    *,
    reason: str = "",
    test: str | None = None,
) -> ImpactChanged:
    holder = state.holder(who)
    if holder.step is None:
        raise RuleError(
            "impact.no_die_to_lower",
            "{holder} has no Impact Die to step down. Tip: set_impact({holder_id}, 'D8') gives "
            "a scene one (IMP-A14).",
            holder=holder.name,
            holder_id=shown(holder.id),
        )
    if holder.ineffectual:
        raise RuleError(
            "impact.no_step_below_ineffectual",
            "{holder} is already ineffectual; there is no step below D4 (IMP-R16)",
            holder=holder.name,
        )
    floor = floor_of(holder, state)
    new = max(holder.step - steps, floor)
    note = reason or CAUSE_TEXT[cause]
    if new == holder.step:
        note += "; stays at D4 (npc_below_d4 = 'floor', IMP-A13)"
    elif new == INEFFECTUAL:
        if isinstance(holder, Scene):
            note += "; below D4 its threat ends (IMP-A13)"
        elif holder.role == "npc":
            note += "; below D4 the adversary is defeated (IMP-A13)"
        else:
            note += "; below D4: ineffectual, no more rolls (IMP-R16)"
    return impact_event(holder, new, cause, note, test)


def earn_problem(state: ImpactState, who: str) -> Message | None:
    """Why ``who`` may not gain a step now, or ``None`` when it may."""
    holder = state.holder(who)
    if holder.step is None:
        return msg(
            "impact.no_die_to_raise",
            "{holder} has no Impact Die to raise (IMP-A14)",
            holder=holder.name,
        )
    if holder.ineffectual and not state.settings.ineffectual_can_earn:
        return msg(
            "impact.ineffectual_cannot_earn",
            "{holder} is ineffectual and cannot gain steps (ineffectual_can_earn = false, "
            "IMP-A06). Tip: a rest reset restores them (rest()).",
            holder=holder.name,
        )
    if holder.step >= TOP and state.settings.impact_overflow_at_d20 == "block":
        return msg(
            "impact.earn_blocked_at_top",
            "{holder} is at D20 and impact_overflow_at_d20 = 'block' refuses the step "
            "(IMP-A02). Tip: decline it; the failure then stands.",
            holder=holder.name,
        )
    return None


def earn_warning_message(state: ImpactState, who: str) -> Message | None:
    """What a widget should say before a step is earned (IMP-A02), or ``None``."""
    problem = earn_problem(state, who)
    if problem:
        return problem
    holder = state.holder(who)
    assert holder.step is not None
    mode = state.settings.impact_overflow_at_d20
    if holder.step == TOP and mode == "bank":
        return msg(
            "impact.earn_will_bank",
            "{holder} is at D20: the step will be banked (impact_overflow_at_d20 = 'bank')",
            holder=holder.name,
        )
    if holder.step >= TOP:
        return msg(
            "impact.earn_will_be_lost",
            "{holder} is at {step}: the earned step will be lost "
            "(impact_overflow_at_d20 = {mode}, IMP-A02)",
            holder=holder.name,
            step=step_label(holder.step),
            mode=shown(mode),
        )
    return None


def earn_warning(state: ImpactState, who: str) -> str:
    """:func:`earn_warning_message` in English (``""`` when nothing): the text a
    :class:`~.events.ComplicationOffered` journals in its ``warning``."""
    warning = earn_warning_message(state, who)
    return render(warning) if warning else ""


def raise_step(
    state: ImpactState,
    who: str,
    cause: Cause,
    *,
    reason: str = "",
    test: str | None = None,
) -> ImpactChanged:
    problem = earn_problem(state, who)
    if problem:
        raise RuleError(problem)
    holder = state.holder(who)
    assert holder.step is not None
    note = reason or CAUSE_TEXT[cause]
    if holder.step == TOP and state.settings.impact_overflow_at_d20 == "bank":
        new = BANKED
        note += "; banked above D20 (impact_overflow_at_d20 = 'bank', IMP-A02)"
    elif holder.step >= TOP:
        new = holder.step
        note += "; the step is lost at the top of the ladder (IMP-A02)"
    else:
        new = holder.step + 1
    return impact_event(holder, new, cause, note, test)


# --------------------------------------------------------------------------- Details and tests


def owner_arg(state: ImpactState, owner: object) -> str:
    """A Detail's owner: a character, a scene, or :data:`WORLD`."""
    if isinstance(owner, str) and state.owner_exists(owner):
        return owner
    holders: tuple[Character | Scene, ...] = (*state.characters, *state.scenes)
    known = ", ".join(f"{h.id} ({h.name})" for h in holders)
    raise RuleError(
        "impact.no_such_owner",
        "a Detail belongs to a character, a scene or {world}; got {owner}. Known: {known}.",
        world=shown(WORLD),
        owner=checks.shown(owner),
        known=known or "none yet",
    )


def check_citation(state: ImpactState, test: OpenTest, detail_id: object, sign: Sign) -> Detail:
    """The Detail, if it may be cited with ``sign`` in ``test``; else a RuleError.

    Whose Details count (IMP-R06, IMP-R07, IMP-R12, IMP-R13):

    * a scene's or the world's Details (Scene or Temporary) count for everyone;
    * the roller's own Details count either way;
    * a helper's Character Details help; a helper's Temporary Details count
      either way (they are part of the help the character brings);
    * the threat's or adversary's Details (Character or Temporary) count
      against the roll;
    * any other character's Details do not count: a Temporary Detail sits on
      the character it is about, and penalties are specific to the roller.
    """
    detail = state.detail(detail_id)
    if not detail.active:
        raise RuleError(
            "impact.cite_disabled_detail",
            "{detail} is disabled and cannot be cited (IMP-A17). Tip: "
            "set_detail_active({detail_id}, True) once the fiction allows it again.",
            detail=shown(detail.text),
            detail_id=shown(detail.id),
        )
    if state.settings.detail_counts_once and detail.id in test.cited():
        previous = next(c.sign for c in test.citations if c.detail == detail.id)
        raise RuleError(
            "impact.detail_cited_twice",
            "{detail} is already cited ({previous}) in {test}; each Detail counts once per "
            "roll, with one sign (detail_counts_once, IMP-A09). Tip: uncite it first to change "
            "its sign.",
            detail=shown(detail.text),
            previous=previous,
            test=test.id,
        )
    holder = state.find_character(detail.owner)
    if holder is None or holder.id == test.actor:
        return detail  # a scene's or the world's Detail, or the roller's own
    owner = holder.name
    temporary = detail.kind == "temporary"
    what = (
        msg(
            "impact.cited_temporary_detail",
            "{detail} ({detail_id}) is a Temporary Detail",
            detail=shown(detail.text),
            detail_id=detail.id,
        )
        if temporary
        else msg(
            "impact.cited_character_detail",
            "{detail} ({detail_id}) is a Character Detail",
            detail=shown(detail.text),
            detail_id=detail.id,
        )
    )
    if holder.id == test.threat:
        if sign == "hinders":
            return detail
        raise RuleError(
            "impact.cite_adversary_detail_as_help",
            "{what} of {owner}, the adversary in {test}; an adversary's Details count against "
            "the roll (IMP-R12, IMP-R13), got sign 'helps'. Allowed: 'hinders'. Tip: cite it as"
            " 'hinders'.",
            what=what,
            owner=owner,
            test=test.id,
        )
    if holder.id in test.helpers and (temporary or sign == "helps"):
        return detail
    roller = state.name_of(test.actor)
    if holder.id in test.helpers:
        raise RuleError(
            "impact.cite_helper_detail_as_hindrance",
            "{what} of {owner}, who helps in {test}; a helper lends Character Details as "
            "bonuses (IMP-R06), and penalties are specific to the roller (IMP-R07), got sign "
            "'hinders'. Allowed: 'helps'; as penalties, {roller}'s own Details, Scene Details, "
            "Temporary Details on the scene or on the world, and the adversary's Details in "
            "Avoid Harm and Foiling Plans.",
            what=what,
            owner=owner,
            test=test.id,
            roller=roller,
        )
    if holder.role == "pc":
        tip = msg(
            "impact.tip_name_helper",
            "Tip: name {owner} among the helpers (helpers=[{owner_id}]) first, if they help.",
            owner=owner,
            owner_id=shown(holder.id),
        )
    else:
        tip = msg(
            "impact.tip_adversary_details",
            "Tip: {owner}'s Details count against a roll that avoids harm from them or "
            "foils their plan.",
            owner=owner,
        )
    if temporary:
        raise RuleError(
            "impact.cite_bystander_temporary_detail",
            "{what} of {owner}, who is neither rolling nor helping in {test}; a Temporary "
            "Detail on a character counts only for that character's own rolls, the tests they "
            "help with, and (as a penalty) tests against them (IMP-R06, IMP-R07). Allowed: "
            "{roller}'s and the helpers' Details, Scene Details, and Temporary Details on the "
            "scene or on the world. {tip}",
            what=what,
            owner=owner,
            test=test.id,
            roller=roller,
            tip=tip,
        )
    if sign == "helps":
        raise RuleError(
            "impact.cite_bystander_detail_as_help",
            "{what} of {owner}, who is not helping in {test}; only the roller's and the "
            "helpers' Character Details help (IMP-R06). {tip}",
            what=what,
            owner=owner,
            test=test.id,
            tip=tip,
        )
    raise RuleError(
        "impact.cite_bystander_detail_as_hindrance",
        "{what} of {owner}; penalties come from {roller}'s own Details, Scene Details, "
        "Temporary Details on the scene or on the world, and the adversary's Details in "
        "Avoid Harm and Foiling Plans (IMP-R07)",
        what=what,
        owner=owner,
        roller=roller,
    )


def new_detail_event(
    state: ImpactState,
    owner: str,
    kind: DetailKind,
    text: str,
    hint: Hint,
    origin: Origin = "gm",
    *,
    related: str | None = None,
    test: str | None = None,
) -> DetailAdded:
    return DetailAdded(
        detail=f"det-{state.counters.details + 1}",
        owner=owner,
        owner_name=state.name_of(owner),
        detail_kind=kind,
        text=text,
        hint=hint,
        origin=origin,
        related=related,
        test=test,
    )


def resolve_test(action: Action[ImpactState], ending: Ending, **said: Any) -> None:
    """Close the open test with its current outcome; ``ending`` says how, and ``said`` the
    data its words speak of (``who``/``name``, ``text``, ``old``/``new``, ``done``,
    ``plan``): the journal holds data, the words are said when it is shown."""
    test = current_test(action)
    assert test.outcome is not None
    action.add(
        TestResolved(
            test=test.id,
            test_kind=test.kind,
            actor=test.actor,
            outcome=test.outcome,
            spent=test.spent,
            complication=test.complication == "accepted",
            ending=ending,
            **said,
        )
    )
