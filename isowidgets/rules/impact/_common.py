"""Shared pieces of the Impact rules: argument checks, the action builder, Impact steps.

Private to the package (the public rule functions are re-exported by
:mod:`.rules`). Moving an Impact Die lives here because three kinds of rule
need it (damage and earning, the test flow, Success effects), and the ladder's
edges (ineffectual below D4, the top at D20) must read the same in all of them.
"""

from __future__ import annotations

from typing import Final

from ...errors import RuleError
from ...game import Pending
from .._checks import MAX_TEXT, text
from .effects import Hint
from .events import (
    CAUSE_TEXT,
    Cause,
    DetailAdded,
    ImpactChanged,
    TestResolved,
)
from .fold import apply
from .ladder import (
    BANKED,
    INEFFECTUAL,
    TOP,
    step_label,
)
from .model import (
    WORLD,
    Character,
    DetailKind,
    ImpactState,
    OpenTest,
    Origin,
    Phase,
    Scene,
    Sign,
    TestKind,
)

"""The longest Detail text or name accepted (a Detail is a short statement of fact)."""


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()
"""Marks an argument of :func:`revise` that is left as it is."""


TEST_KINDS: tuple[TestKind, ...] = ("action", "avoid_harm", "foil")
HINTS: tuple[Hint, ...] = ("helps", "hinders", "either")
SIGNS: tuple[Sign, ...] = ("helps", "hinders")


class Action(Pending[ImpactState]):
    """A working copy of the Impact state that rules add events to (see Pending)."""

    def __init__(self, state: ImpactState) -> None:
        super().__init__(state, apply)

    @property
    def test(self) -> OpenTest:
        assert self.state.test is not None
        return self.state.test


# --------------------------------------------------------------------------- argument checks


def text_arg(value: object, what: str) -> str:
    return text(
        value,
        what,
        collapse=True,
        max_length=MAX_TEXT,
        tip="a Detail is a short statement of fact; keep the story in a note.",
    )


def reason_arg(value: object) -> str:
    if value is None or value == "":
        return ""
    return text_arg(value, "a reason")


def hint_arg(value: object) -> Hint:
    if value not in HINTS:
        raise RuleError(
            f"a Detail's hint must be one of {', '.join(HINTS)}, got {value!r}. "
            "Tip: the hint only guides the table; any Detail may be cited either way."
        )
    return value


def sign_arg(value: object) -> Sign:
    if value not in SIGNS:
        raise RuleError(
            f"a citation is 'helps' (+1) or 'hinders' (−1), got {value!r} (IMP-R06, IMP-R07)"
        )
    return value


def require_no_test(state: ImpactState, doing: str) -> None:
    if state.test is not None:
        raise RuleError(
            f"{state.test.id} is still open (phase {state.test.phase!r}); finish it before "
            f"{doing}. Tip: finish() closes a rolled test, cancel_test() drops one not rolled."
        )


def require_test(state: ImpactState, *phases: Phase) -> OpenTest:
    test = state.test
    if test is None:
        raise RuleError("no test is open. Tip: open one with action(), avoid_harm() or foil().")
    if phases and test.phase not in phases:
        raise RuleError(
            f"{test.id} is in phase {test.phase!r}; this step needs {' or '.join(phases)}. "
            "Tip: next_steps() lists the steps that fit now."
        )
    return test


def require_pc(state: ImpactState, who: object, role_word: str) -> Character:
    """The character ``who``, who must be a player character."""
    character = state.character(who)
    if character.role == "pc":
        return character
    if role_word == "roller":
        raise RuleError(
            f"{character.name} is an NPC; rolls face the players and the GM never rolls "
            "(IMP-R03), so the roller must be a PC. Tip: to oppose an adversary's attempt, "
            "a PC rolls foil() against it (IMP-R13)."
        )
    raise RuleError(f"{character.name} is an NPC; the {role_word} must be a PC")


def require_effective(character: Character, doing: str) -> None:
    """Refuse a roll by an ineffectual character (IMP-R16)."""
    if character.ineffectual:
        raise RuleError(
            f"{character.name} is ineffectual (below D4) and can make no more rolls "
            f"(IMP-R16), so cannot {doing}. Tip: they can still help: add_helper() lends "
            "their Character Details to a teammate."
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
            f"{holder.name} has no Impact Die to step down. Tip: set_impact({holder.id!r}, "
            "'D8') gives a scene one (IMP-A14)."
        )
    if holder.ineffectual:
        raise RuleError(
            f"{holder.name} is already ineffectual; there is no step below D4 (IMP-R16)"
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


def earn_problem(state: ImpactState, who: str) -> str | None:
    """Why ``who`` may not gain a step now, or ``None`` when it may."""
    holder = state.holder(who)
    if holder.step is None:
        return f"{holder.name} has no Impact Die to raise (IMP-A14)"
    if holder.ineffectual and not state.settings.ineffectual_can_earn:
        return (
            f"{holder.name} is ineffectual and cannot gain steps (ineffectual_can_earn = "
            "false, IMP-A06). Tip: a rest reset restores them (rest())."
        )
    if holder.step >= TOP and state.settings.impact_overflow_at_d20 == "block":
        return (
            f"{holder.name} is at D20 and impact_overflow_at_d20 = 'block' refuses the step "
            "(IMP-A02). Tip: decline it; the failure then stands."
        )
    return None


def earn_warning(state: ImpactState, who: str) -> str:
    """What a widget should say before a step is earned (IMP-A02): ``""`` when nothing."""
    problem = earn_problem(state, who)
    if problem:
        return problem
    holder = state.holder(who)
    assert holder.step is not None
    mode = state.settings.impact_overflow_at_d20
    if holder.step == TOP and mode == "bank":
        return f"{holder.name} is at D20: the step will be banked (impact_overflow_at_d20 = 'bank')"
    if holder.step >= TOP:
        return (
            f"{holder.name} is at {step_label(holder.step)}: the earned step will be lost "
            f"(impact_overflow_at_d20 = {mode!r}, IMP-A02)"
        )
    return ""


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
        f"a Detail belongs to a character, a scene or {WORLD!r}; got {owner!r}. "
        f"Known: {known or 'none yet'}."
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


def resolve_test(action: Action, summary: str) -> None:
    """Close the open test with its current outcome."""
    test = action.test
    assert test.outcome is not None
    action.add(
        TestResolved(
            test=test.id,
            test_kind=test.kind,
            actor=test.actor,
            outcome=test.outcome,
            spent=test.spent,
            complication=test.complication == "accepted",
            summary=summary,
        )
    )
