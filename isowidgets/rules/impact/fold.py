"""Folding one journal event into the Impact state: the only way the state changes.

:data:`fold` is pure. It trusts the rules (:mod:`rules <.impact.rules>`) to have decided what
happens and checks only that an event fits the state it lands on: the ids it
names exist, an id it issues is the next one, an Impact change starts from the
current die, a test step comes in its phase. A journal edited by hand or
replayed out of order therefore fails loudly instead of drifting.
"""

from __future__ import annotations

from typing import TypeVar

from ...checks import shown
from ...contract import Fold, replace
from ...dice import DieType, die_named
from ...errors import InconsistentEventError
from ...words import msg
from .events import (
    AdventureStarted,
    CharacterAdded,
    ComplicationAccepted,
    ComplicationDeclined,
    ComplicationOffered,
    DetailAdded,
    DetailAltered,
    DetailKindChanged,
    DetailRemoved,
    DetailToggled,
    EffectChosen,
    FailureSpent,
    GreatSuccessDeclared,
    ImpactChanged,
    OpeningScene,
    RestTaken,
    SceneAdded,
    SessionAdvanced,
    TestCancelled,
    TestOpened,
    TestResolved,
    TestRolled,
)
from .ladder import BANKED, INEFFECTUAL, die_step, smaller
from .model import (
    Character,
    Citation,
    Detail,
    ImpactState,
    OpenTest,
    Outcome,
    Phase,
    Scene,
)

__all__ = ["fold"]

T = TypeVar("T", Character, Scene, Detail)

fold = Fold[ImpactState]("The Impact System")
"""The state after one event: ``fold(state, event)`` (see :class:`~isowidgets.contract.Fold`).

Raises :class:`~isowidgets.errors.InconsistentEventError` when the event does not fit
the state (unknown id, wrong phase…): a bug in the rules that made it, or a
hand-edited journal, never a refused request (the rules refuse with RuleError
before any event exists)."""


# --------------------------------------------------------------------------- helpers


def _expect_id(issued: str, prefix: str, count: int) -> None:
    expected = f"{prefix}-{count + 1}"
    if issued != expected:
        raise InconsistentEventError(
            "impact.id_mismatch",
            "expected the next id to be {expected}, the event issues {issued}",
            expected=shown(expected),
            issued=shown(issued),
        )


def _replaced(items: tuple[T, ...], new: T) -> tuple[T, ...]:
    """``items`` with the one of ``new``'s id replaced by ``new``."""
    return tuple(new if item.id == new.id else item for item in items)


def _test(state: ImpactState, test_id: str, *phases: Phase) -> OpenTest:
    test = state.test
    if test is None or test.id != test_id:
        current = test.id if test else "none"
        raise InconsistentEventError(
            "impact.event_for_other_test",
            "event for test {test_id}, but the open test is {current}",
            test_id=shown(test_id),
            current=current,
        )
    if phases and test.phase not in phases:
        raise InconsistentEventError(
            "impact.event_in_wrong_phase",
            "{test_id} is in phase {phase}; this step needs {phases}",
            test_id=test_id,
            phase=shown(test.phase),
            phases=phases,
        )
    return test


def _with_test(state: ImpactState, test: OpenTest) -> ImpactState:
    return replace(state, test=test)


def _uncited(state: ImpactState, detail: str) -> ImpactState:
    """``state`` with ``detail`` no longer cited in a test not yet rolled.

    A test is journaled with its citations when it opens; a Detail removed,
    disabled or changed so that it no longer counts before the roll drops out
    of it here, so the roll counts only what is still in play.
    """
    test = state.test
    if test is None or test.phase != "setup" or detail not in test.cited():
        return state
    citations = tuple(c for c in test.citations if c.detail != detail)
    return _with_test(state, replace(test, citations=citations))


# --------------------------------------------------------------------------- cast


@fold.on(CharacterAdded)
def _character_added(state: ImpactState, event: CharacterAdded) -> ImpactState:
    _expect_id(event.character, "char", state.counters.characters)
    if not INEFFECTUAL <= event.step <= BANKED:
        raise InconsistentEventError(
            "impact.step_off_ladder",
            "Impact step {step} is off the ladder",
            step=event.step,
        )
    character = Character(event.character, event.name, event.role, event.step)
    counters = replace(state.counters, characters=state.counters.characters + 1)
    return replace(state, characters=(*state.characters, character), counters=counters)


@fold.on(SceneAdded)
def _scene_added(state: ImpactState, event: SceneAdded) -> ImpactState:
    _expect_id(event.scene, "scene", state.counters.scenes)
    if event.step is not None and not INEFFECTUAL <= event.step <= BANKED:
        raise InconsistentEventError(
            "impact.step_off_ladder",
            "Impact step {step} is off the ladder",
            step=event.step,
        )
    counters = replace(state.counters, scenes=state.counters.scenes + 1)
    return replace(
        state, scenes=(*state.scenes, Scene(event.scene, event.name, event.step)), counters=counters
    )


@fold.on(DetailAdded)
def _detail_added(state: ImpactState, event: DetailAdded) -> ImpactState:
    _expect_id(event.detail, "det", state.counters.details)
    if not state.owner_exists(event.owner):
        raise InconsistentEventError(
            "impact.detail_unknown_owner",
            "Detail {detail} names an unknown owner {owner}",
            detail=event.detail,
            owner=shown(event.owner),
        )
    detail = Detail(
        event.detail,
        event.owner,
        event.detail_kind,
        event.text,
        event.hint,
        True,
        event.origin,
        event.related,
    )
    counters = replace(state.counters, details=state.counters.details + 1)
    return replace(state, details=(*state.details, detail), counters=counters)


@fold.on(DetailRemoved)
def _detail_removed(state: ImpactState, event: DetailRemoved) -> ImpactState:
    state.detail(event.detail)
    state = _uncited(state, event.detail)
    return replace(state, details=tuple(d for d in state.details if d.id != event.detail))


@fold.on(DetailAltered)
def _detail_altered(state: ImpactState, event: DetailAltered) -> ImpactState:
    detail = state.detail(event.detail)
    return replace(
        state,
        details=_replaced(state.details, replace(detail, text=event.text, hint=event.hint)),
    )


@fold.on(DetailKindChanged)
def _detail_kind_changed(state: ImpactState, event: DetailKindChanged) -> ImpactState:
    detail = state.detail(event.detail)
    if detail.kind != event.old_kind:
        raise InconsistentEventError(
            "impact.detail_kind_mismatch",
            "Detail {detail} is a {kind} Detail, but the event changes it from {old_kind}",
            detail=detail.id,
            kind=detail.kind,
            old_kind=event.old_kind,
        )
    on_character = state.find_character(detail.owner) is not None
    if event.detail_kind == ("scene" if on_character else "character"):
        where = (
            msg("impact.where.character", "a character")
            if on_character
            else msg("impact.where.scene_or_world", "a scene or the world")
        )
        raise InconsistentEventError(
            "impact.detail_kind_not_for_owner",
            "Detail {detail} is on {where} and cannot become a {detail_kind} Detail",
            detail=detail.id,
            where=where,
            detail_kind=event.detail_kind,
        )
    if event.uncited:
        state = _uncited(state, detail.id)
    return replace(state, details=_replaced(state.details, replace(detail, kind=event.detail_kind)))


@fold.on(DetailToggled)
def _detail_toggled(state: ImpactState, event: DetailToggled) -> ImpactState:
    detail = state.detail(event.detail)
    if not event.active:
        state = _uncited(state, event.detail)
    return replace(state, details=_replaced(state.details, replace(detail, active=event.active)))


@fold.on(ImpactChanged)
def _impact_changed(state: ImpactState, event: ImpactChanged) -> ImpactState:
    holder = state.holder(event.who)
    if holder.step != event.old:
        raise InconsistentEventError(
            "impact.step_mismatch",
            "{holder}'s Impact step is {step}, but the event moves it from {old}",
            holder=holder.name,
            step=holder.step,
            old=event.old,
        )
    if event.new is not None and not INEFFECTUAL <= event.new <= BANKED:
        raise InconsistentEventError(
            "impact.new_step_off_ladder",
            "Impact step {new} is off the ladder",
            new=event.new,
        )
    if isinstance(holder, Character):
        if event.new is None:
            raise InconsistentEventError(
                "impact.character_keeps_die",
                "{holder} is a character and must keep an Impact Die",
                holder=holder.name,
            )
        return replace(
            state,
            characters=_replaced(state.characters, replace(holder, step=event.new)),
        )
    return replace(state, scenes=_replaced(state.scenes, replace(holder, step=event.new)))


# --------------------------------------------------------------------------- tests


@fold.on(TestOpened)
def _test_opened(state: ImpactState, event: TestOpened) -> ImpactState:
    if state.test is not None:
        raise InconsistentEventError(
            "impact.test_still_open",
            "{test} is still open",
            test=state.test.id,
        )
    _expect_id(event.test, "test", state.counters.tests)
    state.character(event.actor)
    if (event.difficulty is None) != (event.test_kind == "avoid_harm"):
        raise InconsistentEventError(
            "impact.difficulty_missing",
            "{test}: only an Avoid Harm test goes without a Difficulty",
            test=event.test,
        )
    if (event.threat is None) != (event.test_kind == "action"):
        raise InconsistentEventError(
            "impact.threat_mismatch",
            "{test}: Avoid Harm and Foil tests need a threat, actions none",
            test=event.test,
        )
    if event.threat is not None:
        state.holder(event.threat)
    test = OpenTest(
        id=event.test,
        kind=event.test_kind,
        actor=event.actor,
        difficulty=event.difficulty,
        threat=event.threat,
        cost_detail=event.cost_detail,
        intent=event.intent,
        helpers=tuple(event.helpers),
        citations=tuple(Citation(c.detail, c.sign) for c in event.citations),
    )
    counters = replace(state.counters, tests=state.counters.tests + 1)
    # Not yet in play: a test called off before its roll leaves opening scenes open (IMP-R20).
    return replace(state, test=test, counters=counters)


@fold.on(TestCancelled)
def _test_cancelled(state: ImpactState, event: TestCancelled) -> ImpactState:
    test = _test(state, event.test, "setup")
    return replace(state, test=None, last_test=replace(test, phase="closed"))


@fold.on(TestRolled)
def _test_rolled(state: ImpactState, event: TestRolled) -> ImpactState:
    test = _test(state, event.test, "setup")
    if event.test_kind != test.kind:
        raise InconsistentEventError(
            "impact.test_kind_mismatch",
            "{test} is a {kind} test, the roll says {test_kind}",
            test=test.id,
            kind=test.kind,
            test_kind=event.test_kind,
        )
    roll = event.roll
    if roll.pool.count != 1 or len(roll.dice) != 1:
        raise InconsistentEventError(
            "impact.one_die_per_test",
            "a Difficulty Test rolls one die, the event holds {len_dice}",
            len_dice=len(roll.dice),
        )
    task = _ladder_die(event.task_die)
    die = _ladder_die(event.die)
    if roll.pool.die != die or smaller(task, die) != die:
        raise InconsistentEventError(
            "impact.die_mismatch",
            "{test}: rolled {die} does not fit task die {task}",
            test=test.id,
            die=roll.pool.die,
            task=task,
        )
    if event.total != event.face + event.bonus - event.penalty:
        raise InconsistentEventError(
            "impact.total_mismatch",
            "{test}: total {total} does not add up",
            test=test.id,
            total=event.total,
        )
    phase: Phase
    outcome: Outcome
    if not event.success:
        phase, outcome = "failure", "failure"
    elif event.great:
        phase, outcome = "success", "great_success"
    elif test.kind == "avoid_harm" and state.settings.great_success_rule == "gm_flag":
        phase, outcome = "await_great", "success"
    else:
        phase, outcome = "success", "success"
    rolled = replace(test, roll=event, phase=phase, outcome=outcome)
    # The first roll of an adventure puts it in play: opening scenes are over (IMP-R20).
    return replace(state, test=rolled, in_play=True)


def _ladder_die(name: str) -> DieType:
    die = die_named(name)
    die_step(die)
    return die


@fold.on(GreatSuccessDeclared)
def _great_declared(state: ImpactState, event: GreatSuccessDeclared) -> ImpactState:
    test = _test(state, event.test, "await_great")
    return _with_test(state, replace(test, phase="success", outcome="great_success"))


@fold.on(ComplicationOffered)
def _offered(state: ImpactState, event: ComplicationOffered) -> ImpactState:
    test = _test(state, event.test, "failure")
    if test.complication is not None:
        raise InconsistentEventError(
            "impact.complication_answered",
            "{test}: the Complication was already {complication}",
            test=test.id,
            complication=test.complication,
        )
    return _with_test(state, replace(test, offer=(event.text, event.hint)))


@fold.on(ComplicationAccepted)
def _accepted(state: ImpactState, event: ComplicationAccepted) -> ImpactState:
    test = _test(state, event.test, "failure")
    if test.offer is None or test.complication is not None:
        raise InconsistentEventError(
            "impact.no_complication_waiting",
            "{test}: no Complication is waiting for an answer",
            test=test.id,
        )
    return _with_test(state, replace(test, complication="accepted"))


@fold.on(ComplicationDeclined)
def _declined(state: ImpactState, event: ComplicationDeclined) -> ImpactState:
    test = _test(state, event.test, "failure")
    if test.offer is None or test.complication is not None:
        raise InconsistentEventError(
            "impact.no_complication_waiting",
            "{test}: no Complication is waiting for an answer",
            test=test.id,
        )
    return _with_test(state, replace(test, complication="declined"))


@fold.on(FailureSpent)
def _spent(state: ImpactState, event: FailureSpent) -> ImpactState:
    test = _test(state, event.test, "failure")
    if test.spent:
        raise InconsistentEventError(
            "impact.spent_twice",
            "{test} was already spent into a Success",
            test=test.id,
        )
    spent = replace(test, phase="success", outcome="success", spent=True)
    return _with_test(state, spent)


@fold.on(EffectChosen)
def _effect_chosen(state: ImpactState, event: EffectChosen) -> ImpactState:
    _test(state, event.test, "success")  # the test resolves in the same action
    return state


@fold.on(TestResolved)
def _resolved(state: ImpactState, event: TestResolved) -> ImpactState:
    test = _test(state, event.test, "await_great", "success", "failure")
    closed = replace(test, phase="closed", outcome=event.outcome)
    return replace(state, test=None, last_test=closed)


# --------------------------------------------------------------------------- adventure


@fold.on(OpeningScene)
def _opening(state: ImpactState, event: OpeningScene) -> ImpactState:
    character = state.character(event.character)
    if character.opening_scene:
        raise InconsistentEventError(
            "impact.opening_scene_had",
            "{character} already had an opening scene this adventure",
            character=character.name,
        )
    return replace(
        state,
        characters=_replaced(state.characters, replace(character, opening_scene=True)),
    )


@fold.on(RestTaken)
def _rest(state: ImpactState, event: RestTaken) -> ImpactState:
    if event.rest != state.rests + 1:
        raise InconsistentEventError(
            "impact.rest_mismatch",
            "expected rest #{expected}, the event says #{rest}",
            expected=state.rests + 1,
            rest=event.rest,
        )
    return replace(state, rests=event.rest)


@fold.on(SessionAdvanced)
def _session(state: ImpactState, event: SessionAdvanced) -> ImpactState:
    if event.session != state.session + 1:
        raise InconsistentEventError(
            "impact.session_mismatch",
            "expected session {expected}, the event says {session}",
            expected=state.session + 1,
            session=event.session,
        )
    return replace(state, session=event.session)


@fold.on(AdventureStarted)
def _adventure(state: ImpactState, event: AdventureStarted) -> ImpactState:
    if event.adventure != state.adventure + 1:
        raise InconsistentEventError(
            "impact.adventure_mismatch",
            "expected adventure {expected}, the event says {adventure}",
            expected=state.adventure + 1,
            adventure=event.adventure,
        )
    characters = tuple(replace(c, opening_scene=False) for c in state.characters)
    return replace(
        state,
        adventure=event.adventure,
        session=1,
        rests=0,
        in_play=False,
        characters=characters,
    )
