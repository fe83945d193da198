"""A conflict as a sequence of explicit steps, each a rule ``rule(action, *args)``.

The order follows ISO-R26::

    propose → (set_factors, declare_hostile) → roll the first-stage pools
      → stances are read; each PP chooses (downgrade only)
      → set_difficulty → roll the GM pool (or the target's, in direct action)
      → defaulted Neutrals may downgrade and roll → resolve
      → consequences (links, stress, wounds) → assign_wounds if the table must → closed

Each rule checks that its step is due and raises
:class:`~isowidgets.errors.RuleError` naming what is missing otherwise; it reads
``action.state``, rolls through ``action.dice`` and adds its events with
``action.add`` (:meth:`Game.act <isowidgets.game.Game.act>` runs it). Empty
pools (0 dice) are recorded automatically when they become due, and stances
that the roll forces (only Hostile allowed) are chosen automatically, so a
widget only asks for real decisions. :func:`next_steps` lists what can be done
now, as :class:`~isowidgets.contract.Step`, for a click-through panel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ... import checks
from ...checks import shown
from ...contract import Action, Step
from ...dice import DEFAULT_LIMITS, Faces, Limits, PoolRoll
from ...errors import DiceCapError, RuleError
from ...words import Listing, Number, plural
from ._common import line, listed, named
from .events import (
    DIFFICULTY_NAMES,
    ConflictCancelled,
    ConflictClosed,
    ConflictProposed,
    ConflictResolved,
    DiceRolled,
    DifficultySet,
    Downgraded,
    FactorsSet,
    HostileDeclared,
    PhysicalMarked,
    StanceChosen,
    StancesRead,
    WoundsAssigned,
    WoundsPending,
)
from .explain import explain
from .injury import wound
from .links import add_unlabeled
from .model import (
    COLOURS,
    GM,
    STANCES,
    Colour,
    Conflict,
    Factors,
    IsolationState,
    Link,
    Mode,
    Resolution,
    Stance,
)
from .plan import PoolPlan, plan_for, read_first, read_second
from .rolling import roll_colour
from .stress import stress_change

__all__ = [
    "PROPOSAL",
    "assign_wounds",
    "cancel_conflict",
    "check_faces",
    "choose_stance",
    "compose",
    "declare_hostile",
    "downgrade",
    "mark_physical",
    "modifier_fields",
    "next_steps",
    "pool_plan",
    "propose",
    "relevant_links",
    "resolve",
    "roll",
    "roll_ready",
    "set_difficulty",
    "set_factors",
    "typed_faces",
    "wound_capacity",
]

Act = Action[IsolationState]

MOST_DICE = 10**9
"""More dice than any modifier can ask for: past every dice cap (which then refuses the
pool, naming its sources), it only keeps the arithmetic on a typed number small."""

MODES: tuple[Mode, ...] = ("persuade_all", "subset", "alone", "direct")

PROPOSAL = (
    "mode",
    "pps",
    "target",
    "physical",
    "difficulty",
    "factors",
    "hostile",
    "force_roll",
)
"""The keywords of a proposal (:func:`compose`, :func:`propose`)."""

FACTOR_FIELDS = (
    "profession",
    "goal_for",
    "goal_against",
    "bias_for",
    "bias_against",
    "roleplay",
    "relevant_links",
    "extra_green",
    "extra_red",
)


# --------------------------------------------------------------------------- helpers


def _conflict(state: IsolationState) -> Conflict:
    if state.conflict is None:
        raise RuleError(
            "isolation.no_conflict",
            "no conflict is in progress. Tip: propose(ap, action) starts one.",
        )
    return state.conflict


def _unresolved(state: IsolationState, doing: str) -> Conflict:
    c = _conflict(state)
    if c.resolution is not None:
        raise RuleError(
            "isolation.conflict_resolved_already",
            "conflict {number} is already resolved; cannot {doing} now",
            number=c.number,
            doing=doing,
        )
    return c


def pool_plan(state: IsolationState) -> PoolPlan:
    """The pools of the conflict in progress (see :func:`~.plan.plan_for`)."""
    return plan_for(state, _conflict(state))


def relevant_links(state: IsolationState, ap: str, who: str) -> tuple[Link, ...]:
    """The links between ``who`` and the AP whose label may earn ``who`` a die (ISO-R20).

    Labeled links only, and only descriptor links under the default
    ``relevant_label_scope`` (ISO-A08). Whether a label is *particularly
    relevant* to the action stays the table's judgement: a panel offers these
    links, and the table ticks the ones that are (``relevant_links`` in the
    modifiers).
    """
    scope = state.settings.relevant_label_scope
    return tuple(
        x
        for x in state.links_between(who, ap)
        if x.labeled and (scope == "any_labeled" or x.origin == "descriptor")
    )


def difficulty_value(value: int | str) -> int:
    """A Difficulty from its number (1–6) or its T-ISO-1 name ("Hard")."""
    if isinstance(value, str):
        for number, name in DIFFICULTY_NAMES.items():
            if value.strip().lower() == name.lower():
                return number
        names = ", ".join(f"{n} ({v})" for v, n in DIFFICULTY_NAMES.items())
        raise RuleError(
            "isolation.unknown_difficulty",
            "unknown Difficulty {value}; T-ISO-1 has {names}",
            value=shown(value),
            names=names,
        )
    return checks.whole(value, "the Difficulty", 1, 6)


def _nominal(state: IsolationState, c: Conflict) -> bool:
    """The Difficulty gives the AP's green dice: going alone (ISO-R42), or acting
    directly and alone under ``direct_alone_green_dice='gm_difficulty'`` (ISO-A28)."""
    return c.mode == "alone" or (
        c.alone and state.settings.direct_alone_green_dice == "gm_difficulty"
    )


def _participants(c: Conflict) -> tuple[str, ...]:
    """Everyone who may carry modifiers: the AP, the PPs, the target, the defaulted."""
    target = (c.target,) if c.target is not None else ()
    return (c.ap, *c.pps, *target, *c.defaulted)


def _role(c: Conflict, who: object) -> str | None:
    """``who``'s part in ``c`` (AP, PP, target, defaulted), or ``None`` for anything else.

    Only a character id (text) has a part: a missing target is ``None``, and
    ``None`` must not match it.
    """
    if not isinstance(who, str):
        return None
    if who == c.ap:
        return "AP"
    if who in c.pps:
        return "PP"
    if c.target is not None and who == c.target:
        return "target"
    if who in c.defaulted:
        return "defaulted"
    return None


_FLAG_FIELDS = ("profession", "goal_for", "goal_against", "bias_for", "bias_against")

_ROLE_FIELDS: dict[str, tuple[str, ...]] = {
    "AP": (*_FLAG_FIELDS, "roleplay"),  # ISO-R18
    "PP": (*_FLAG_FIELDS, "relevant_links"),  # ISO-R20
    "target": ("extra_green", "extra_red"),  # ISO-R43
    # ISO-A14 on: a defaulted character who turns Hostile adds what would add red dice.
    "defaulted": ("goal_against", "bias_against", "relevant_links"),
}


def modifier_fields(state: IsolationState, c: Conflict) -> dict[str, tuple[str, ...]]:
    """Who may carry modifiers in conflict ``c``, and which ``set_factors`` keywords each.

    In roll order: the AP (ISO-R18), the Passive Players (ISO-R20), a direct
    action's target (its situational dice, ISO-R43) and, only when
    ``downgrade_dice_include_modifiers`` is on (ISO-A14), the defaulted
    characters, who may then add the red dice a downgrade would carry. A
    keyword not listed for a character is refused by :func:`set_factors` when
    it asks for dice (``False``, ``0`` and ``[]`` are always accepted).
    """
    out = {who: _ROLE_FIELDS[role] for who in _participants(c) if (role := _role(c, who))}
    if not state.settings.downgrade_dice_include_modifiers:
        out = {who: fields for who, fields in out.items() if who not in c.defaulted}
    return out


def wound_capacity(state: IsolationState, who: str) -> int:
    """How many wound levels ``who`` can still take before Dead (ISO-R38): Healthy 3,
    Injured 2, Dying 1, Dead 0."""
    return _capacity(state, who)


def _factors(state: IsolationState, c: Conflict, who: str, values: Mapping[str, Any]) -> Factors:
    """Validate one character's modifier judgements against their role (ISO-R18, R20, R43).

    The keywords are known already (:data:`FACTOR_FIELDS`; the callers check them).
    """
    role = _role(c, who)
    if role is None:
        raise RuleError(
            "isolation.modifiers_for_outsider",
            "modifiers are for a character of conflict {number}, named by id; got {who}. "
            "Allowed: {participants}. Tip: the ids are those add_character returned.",
            number=c.number,
            who=shown(who),
            participants=Listing.of(_participants(c), "unit"),
        )
    out: dict[str, Any] = {}
    for key in ("profession", "goal_for", "goal_against", "bias_for", "bias_against"):
        if key in values:
            out[key] = checks.flag(values[key], key)
    for key in ("roleplay", "extra_green", "extra_red"):
        if key in values:
            out[key] = checks.whole(values[key], key, 0, MOST_DICE)
    if out.get("roleplay") and role != "AP":
        raise RuleError(
            "isolation.roleplay_dice_not_ap",
            "role-play dice go to the Active Player (ISO-R18), not to {who}",
            who=_named(state, who),
        )
    cap = state.settings.max_roleplay_dice
    if cap is not None and out.get("roleplay", 0) > cap:
        raise RuleError(
            "isolation.roleplay_dice_over_cap",
            "{out} role-play dice asked, the house cap is {cap} (ISO-A10)",
            out=out["roleplay"],
            cap=cap,
        )
    if (out.get("extra_green") or out.get("extra_red")) and role != "target":
        raise RuleError(
            "isolation.extra_dice_not_target",
            "situational extra dice belong to a direct-action target (ISO-R43); {who} is the "
            "{role}. Tip: use profession, goal/bias or relevant_links.",
            who=_named(state, who),
            role=role,
        )
    if role == "target" and any(out.get(k) for k in FACTOR_FIELDS[:5]):
        raise RuleError(
            "isolation.target_modifiers",
            "a direct-action target rolls red links + Living − 1 + Stress + situational dice "
            "(ISO-R43). Tip: give situational dice as extra_red / extra_green.",
        )
    if "relevant_links" in values:
        raw = values["relevant_links"]
        if isinstance(raw, str) or not isinstance(raw, Sequence):
            raise RuleError(
                "isolation.relevant_links_not_a_list",
                "relevant_links must be a list of link ids, got {raw}",
                raw=shown(raw),
            )
        raw = checks.id_list(raw, "relevant_links", most=len(state.links))
        if len(set(raw)) != len(raw):
            raise RuleError(
                "isolation.relevant_link_repeated",
                "a relevant link is counted once; remove the repeat",
            )
        if raw and role not in ("PP", "defaulted"):
            raise RuleError(
                "isolation.relevant_links_not_pp",
                "relevant-label dice go to Passive Players (ISO-R20), not to the {role} {who}",
                role=role,
                who=_named(state, who),
            )
        scope = state.settings.relevant_label_scope
        for link_id in raw:
            link = state.link(link_id)
            if link.pair != tuple(sorted((who, c.ap))):
                raise RuleError(
                    "isolation.relevant_link_not_with_ap",
                    "{link_id} does not join {who} and the AP {ap}",
                    link_id=link_id,
                    who=_named(state, who),
                    ap=_named(state, c.ap),
                )
            if not link.labeled:
                raise RuleError(
                    "isolation.relevant_link_unlabeled",
                    "{link_id} is unlabeled; only a label can be relevant (ISO-R20)",
                    link_id=link_id,
                )
            if scope == "descriptor" and link.origin != "descriptor":
                raise RuleError(
                    "isolation.relevant_link_not_descriptor",
                    "{link_id} is a {origin} link; relevant_label_scope='descriptor' counts only "
                    "descriptor links (ISO-A08). Tip: 'any_labeled' widens it.",
                    link_id=link_id,
                    origin=link.origin,
                )
        out["relevant_links"] = raw
    allowed = modifier_fields(state, c).get(who, ())
    unused = [key for key, value in out.items() if value and key not in allowed]
    if unused:
        why = (
            "downgrade_dice_include_modifiers is off, so a defaulted character's dice are "
            "their red links only (ISO-A14)"
            if not allowed
            else f"the {role} {_named(state, who)} may carry {', '.join(allowed)}"
        )
        raise RuleError(
            "isolation.modifier_unused",
            "{unused} would add no dice here: {why}",
            unused=unused[0],
            why=why,
        )
    return Factors(who, **out)


def _within_caps(state: IsolationState, plan: PoolPlan, limits: Limits) -> None:
    """Refuse a conflict with a pool past the dice cap as soon as it is set up.

    Better now, with the pool and its sources named, than when it comes to be
    rolled. Unrolled pools only: what is on the table already fitted.
    """
    for unit in plan.units:
        if unit.rolled is None and unit.count > limits.max_dice:
            sources = "; ".join(f"{s.count:,} {s.detail}" for s in unit.sources)
            raise DiceCapError(
                "isolation.pool_too_big",
                "{who}'s {colour} pool would hold {count} dice ({sources}); one pool may hold at "
                "most {max_dice} dice (the dice cap, Limits.max_dice). Tip: lower the modifier "
                "that makes it so large, or start the session with a larger Limits(max_dice=...).",
                who=_named(state, unit.who),
                colour=unit.colour,
                count=Number(unit.count),
                sources=sources,
                max_dice=Number(limits.max_dice),
            )


def _emit_roll(
    action: Act, who: str, colour: Colour, faces: Faces | None, take_explosions: bool
) -> PoolRoll:
    """Roll (or take the typed faces of) one pool of the conflict in progress."""
    state = action.state
    assert state.conflict is not None
    unit = plan_for(state, state.conflict).unit(who, colour)
    result = roll_colour(
        action.dice,
        state,
        colour,
        unit.count,
        f"{_named(state, unit.who)} {colour}",
        faces,
        take_explosions=take_explosions,
        gm=unit.who == GM,
    )
    action.add(
        DiceRolled(
            who=unit.who,
            colour=colour,
            role=unit.role,
            roll=result,
            names=named(state, unit.who),
        )
    )
    return result


def _settle(action: Act) -> None:
    """Check the pools against the dice cap, record empty pools as they fall due, and read
    stances once the first stage is in."""
    while (c := action.state.conflict) is not None and c.resolution is None:
        plan = plan_for(action.state, c)
        _within_caps(action.state, plan, action.dice.limits)
        # Once a pool is down the modifiers are fixed, so empty pools can be recorded.
        empty = [u for u in plan.ready() if u.count == 0] if c.rolls else []
        if empty:
            _emit_roll(action, empty[0].who, empty[0].colour, None, True)
            continue
        if c.pps and c.first is None and not c.automatic and plan.first_done:
            reading = read_first(action.state, c)
            state = action.state
            action.add(
                StancesRead(
                    reading=reading, names=named(state, *(r.character for r in reading.readings))
                )
            )
            for r in reading.readings:
                if len(r.allowed) == 1:
                    stance = r.allowed[0]
                    action.add(
                        StanceChosen(
                            character=r.character,
                            stance=stance,
                            rolled=r.rolled,
                            allowed=r.allowed,
                            names=named(state, r.character),
                        )
                    )
            continue
        return


# --------------------------------------------------------------------------- proposing


def compose(
    state: IsolationState,
    ap: str,
    action: str,
    *,
    mode: Mode = "persuade_all",
    pps: Sequence[str] | None = None,
    target: str | None = None,
    physical: bool = False,
    difficulty: int | str | None = None,
    factors: Mapping[str, Mapping[str, Any]] | None = None,
    hostile: Sequence[str] = (),
    force_roll: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> Conflict:
    """Validate a proposal and build the conflict it would start, without starting it.

    Pass the result to :func:`~.plan.plan_for` to see the pools before the
    proposal is spoken (ISO-R15 makes a spoken proposal binding). ``limits``
    are the session's dice caps: a pool past them is refused here, before the
    proposal is spoken.

    Stress 0 (ISO-R37): with no threat marked (``set_threat``; ISO-A21) the
    conflict is *automatic* in every mode: nobody rolls, stances are free and
    the result is a Basic Success, with no Stress change and no links under
    ISO-A20's default. That includes acting directly against a character
    (ISO-R43), whose target then rolls nothing and takes no wound. This is the
    engine's judgement, not the digest's (ISO-A20/A21 settle only the side
    effects and the threat): the text's "no rolling is required" names no
    exception, and its "most actions" leaves the others to the GM, who proposes
    them with ``force_roll=True`` to roll as at any other Stress Level. A
    conflict proposed ``physical`` (physically threatening, ISO-R39) *is* a
    threat, so under ``stress_zero_roll_if_threat`` (ISO-A21) it rolls as normal
    with 0 Stress dice; an automatic conflict cannot be marked physical later
    (cancel it and propose it again).
    """
    if state.interlude:
        raise RuleError(
            "isolation.conflict_between_sessions",
            "the session has ended; conflicts wait for begin_session()",
        )
    if state.pair_roll is not None:
        raise RuleError(
            "isolation.pair_roll_waits_before_conflict",
            "a pair roll waits for its outcome. Tip: choose_pair_outcome(...)",
        )
    if state.conflict is not None:
        raise RuleError(
            "isolation.conflict_in_progress",
            "conflict {number} is still in progress; one conflict at a time. Tip: finish it or "
            "cancel_conflict(reason).",
            number=state.conflict.number,
        )
    ap_char = state.character(ap) if isinstance(ap, str) else None
    if ap_char is None:
        raise RuleError(
            "isolation.ap_not_an_id",
            "the Active Player is named by character id, got {ap}",
            ap=shown(ap),
        )
    if not ap_char.alive:
        raise RuleError(
            "isolation.dead_cannot_act", "{name} is Dead and cannot act", name=ap_char.name
        )
    action = line(action, "the proposed action")
    mode = checks.choice(mode, "mode", MODES)
    physical = checks.flag(physical, "physical")
    force_roll = checks.flag(force_roll, "force_roll")
    others = [c.id for c in state.living if c.id != ap]
    if target is not None:
        if mode != "direct":
            raise RuleError(
                "isolation.target_without_direct",
                "a target is for mode='direct' (ISO-R43), not {mode}",
                mode=checks.shown(mode),
            )
        if not isinstance(target, str) or target not in others:
            raise RuleError(
                "isolation.bad_target",
                "the target must be another living character ({others}), got {target}",
                others=listed(others),
                target=shown(target),
            )
    elif mode == "direct":
        raise RuleError(
            "isolation.direct_without_target",
            "mode='direct' needs target=<character id> (ISO-R43)",
        )
    candidates = [o for o in others if o != target]
    if pps is not None:
        if isinstance(pps, str) or not isinstance(pps, Sequence):
            raise RuleError(
                "isolation.pps_not_a_list",
                "pps must be a list of character ids, got {pps}",
                pps=shown(pps),
            )
        chosen = list(pps)
        for pp in chosen:
            if pp not in candidates:
                if pp == target:
                    raise RuleError(
                        "isolation.target_as_pp",
                        "{pp} cannot be a Passive Player here; the candidates are {candidates} "
                        "(a target is never a PP, ISO-R16)",
                        pp=shown(pp),
                        candidates=listed(candidates),
                    )
                raise RuleError(
                    "isolation.not_a_pp_candidate",
                    "{pp} cannot be a Passive Player here; the candidates are {candidates}",
                    pp=shown(pp),
                    candidates=listed(candidates),
                )
        if len(set(chosen)) != len(chosen):
            raise RuleError("isolation.pp_repeated", "a Passive Player is listed twice")
    if mode == "persuade_all":
        if pps is not None and set(pps) != set(candidates):
            raise RuleError(
                "isolation.persuade_all_with_pps",
                "persuade_all persuades every other living character (ISO-R16). Tip: mode='subset' "
                "persuades only some.",
            )
        chosen = candidates
        if not chosen:
            raise RuleError(
                "isolation.nobody_to_persuade",
                "there is nobody else to persuade. Tip: mode='alone' (ISO-R42).",
            )
    elif mode == "subset":
        if not pps:
            raise RuleError(
                "isolation.subset_without_pps",
                "mode='subset' needs pps=[...], the characters to persuade (ISO-R41)",
            )
    elif mode == "alone":
        if pps:
            raise RuleError(
                "isolation.alone_with_pps",
                "going alone has no Passive Players (ISO-R42)",
            )
        chosen = []
    elif pps is None:
        chosen = candidates
    pp_tuple = tuple(o for o in candidates if o in chosen)
    defaulted = tuple(o for o in candidates if o not in chosen)
    automatic = (
        state.stress == 0
        and not force_roll
        and not ((state.threat or physical) and state.settings.stress_zero_roll_if_threat)
    )
    alone = not pp_tuple and mode in ("alone", "direct")
    nominal = mode == "alone" or (
        alone and state.settings.direct_alone_green_dice == "gm_difficulty"
    )
    diff = None
    if difficulty is not None:
        diff = difficulty_value(difficulty)
        if mode == "direct" and not nominal:
            if pp_tuple:
                raise RuleError(
                    "isolation.direct_has_no_difficulty",
                    "acting directly against a character has no Difficulty (ISO-R43)",
                )
            raise RuleError(
                "isolation.direct_alone_has_no_difficulty",
                "acting directly against a character has no Difficulty (ISO-R43); "
                "direct_alone_green_dice='modifiers_only' is set",
            )
        if not nominal and state.settings.difficulty_after_stances and not automatic:
            raise RuleError(
                "isolation.difficulty_before_stances",
                "the GM sets the Difficulty after the stances are known (ISO-R26, ISO-A12). Tip: "
                "set_difficulty() once every stance is chosen, or change difficulty_after_stances.",
            )
    conflict = Conflict(
        number=state.conflicts_held + 1,
        ap=ap,
        action=action,
        mode=mode,
        pps=pp_tuple,
        defaulted=defaulted,
        target=target,
        physical=physical,
        automatic=automatic,
        difficulty=diff,
    )
    if isinstance(hostile, str) or not isinstance(hostile, Sequence):
        raise RuleError(
            "isolation.hostile_not_a_list",
            "hostile must be a list of PP ids, got {hostile}",
            hostile=shown(hostile),
        )
    if hostile and automatic:
        raise RuleError(
            "isolation.hostile_at_stress_zero",
            "at Stress 0 nobody rolls, so nobody needs to be Hostile 'without rolling'. Tip: "
            "choose_stance(pp, 'Hostile') once the proposal is made.",
        )
    for who in hostile:
        if who not in pp_tuple:
            raise RuleError(
                "isolation.hostile_of_no_pp",
                "only a Passive Player can declare Hostile up front, not {who}",
                who=shown(who),
            )
    if factors is not None:
        if not isinstance(factors, Mapping):
            raise RuleError(
                "isolation.factors_not_a_mapping",
                "factors must map character ids to modifiers, got {factors}",
                factors=shown(factors),
            )
        items = []
        for who, values in factors.items():
            if not isinstance(values, Mapping):
                raise RuleError(
                    "isolation.modifiers_not_a_mapping",
                    "the modifiers of {who} must be a mapping, got {values}",
                    who=shown(who),
                    values=shown(values),
                )
            checks.keywords(values, f"the modifiers of {shown(who, 60)}", FACTOR_FIELDS)
            item = _factors(state, conflict, who, values)
            if not item.empty:
                items.append(item)
        conflict = Conflict(**{**_fields(conflict), "factors": tuple(items)})
    if hostile:
        conflict = Conflict(
            **{**_fields(conflict), "declared_hostile": tuple(dict.fromkeys(hostile))}
        )
    _within_caps(state, plan_for(state, conflict), limits)
    return conflict


def _fields(c: Conflict) -> dict[str, Any]:
    return {name: getattr(c, name) for name in Conflict.__dataclass_fields__}


def propose(table: Act, /, ap: str, action: str, **kwargs: Any) -> Conflict:
    """Record a spoken proposal (ISO-R15); it cannot be withdrawn quietly.

    ``action`` is the action proposed, in the table's words. Keywords (those of
    :func:`~.conflict.compose`, :data:`~.conflict.PROPOSAL`; the dice caps are the
    session's): ``mode`` (persuade_all, subset, alone, direct), ``pps``, ``target``, ``physical``,
    ``difficulty`` (going alone), ``factors`` ({character: {modifier: value}}),
    ``hostile`` (PPs Hostile without rolling), ``force_roll`` (roll even at Stress 0:
    with no threat marked, every mode, a direct action included, is otherwise an
    automatic Basic Success). Returns the conflict in progress.
    """
    checks.keywords(kwargs, "propose", PROPOSAL)
    c = compose(table.state, ap, action, limits=table.dice.limits, **kwargs)
    table.add(
        ConflictProposed(
            number=c.number,
            ap=c.ap,
            action=c.action,
            mode=c.mode,
            pps=c.pps,
            defaulted=c.defaulted,
            target=c.target,
            physical=c.physical,
            automatic=c.automatic,
            difficulty=c.difficulty,
            factors=c.factors,
            declared_hostile=c.declared_hostile,
            names=named(table.state, c.ap, *c.pps, *c.defaulted, c.target),
        )
    )
    _settle(table)
    assert table.state.conflict is not None
    return table.state.conflict


def set_factors(action: Act, /, character: str, **values: Any) -> None:
    """Set one character's modifier judgements; they are fixed before any die is rolled
    (the pools they make must stay within the session's dice caps)."""
    checks.keywords(values, "set_factors", FACTOR_FIELDS)
    state = action.state
    c = _unresolved(state, "change modifiers")
    if c.rolls:
        raise RuleError(
            "isolation.modifiers_after_rolls",
            "modifiers are fixed before rolling (ISO-R18, ISO-R20) and dice are already down. "
            "Tip: undo the rolls first if a modifier was forgotten.",
        )
    base = c.factors_of(character) if isinstance(character, str) else None
    merged = {k: getattr(base, k) for k in FACTOR_FIELDS} if base else {}
    merged.update(values)
    factors = _factors(state, c, character, merged)
    if factors != c.factors_of(character):
        action.add(FactorsSet(factors=factors, names=named(state, factors.character)))
        _settle(action)


def mark_physical(action: Act, physical: bool = True) -> None:
    """Mark the conflict physically threatening (or not) before it is resolved (ISO-R39)."""
    c = _unresolved(action.state, "change whether it is physical")
    physical = checks.flag(physical, "physical")
    if physical and c.automatic and not c.physical:
        raise RuleError(
            "isolation.physical_after_automatic",
            "this conflict was proposed at Stress 0 with nothing threatening, so nobody rolls "
            "and it cannot wound (ISO-R37). Tip: cancel_conflict(reason) and propose it again "
            "with physical=True: a physical threat is rolled as normal (ISO-A21)",
        )
    if physical != c.physical:
        action.add(PhysicalMarked(physical=physical))


def declare_hostile(action: Act, pp: str) -> None:
    """A PP works against the AP without rolling for a stance (ISO-R13, ISO-A13)."""
    c = _unresolved(action.state, "declare Hostile")
    pp = checks.identifier(pp, "pp")
    if pp not in c.pps:
        raise RuleError(
            "isolation.downgrade_of_no_pp",
            "{pp} is not a Passive Player (they are {pps})",
            pp=shown(pp),
            pps=listed(c.pps),
        )
    if c.automatic:
        raise RuleError(
            "isolation.downgrade_at_stress_zero",
            "at Stress 0 nobody rolls: choose_stance(pp, 'Hostile') instead",
        )
    if pp in c.declared_hostile or c.stance_of(pp) is not None:
        raise RuleError(
            "isolation.downgrade_after_stance",
            "{pp} already has a stance",
            pp=_named(action.state, pp),
        )
    if c.roll_of(pp, "green") is not None or c.roll_of(pp, "red") is not None:
        raise RuleError(
            "isolation.downgrade_after_roll",
            "{pp} has rolled already; Hostile is always open in choose_stance (ISO-R14)",
            pp=_named(action.state, pp),
        )
    action.add(HostileDeclared(character=pp, names=named(action.state, pp)))
    _settle(action)


# --------------------------------------------------------------------------- rolling


def roll(
    action: Act,
    who: str,
    colour: Colour,
    faces: Faces | None = None,
    *,
    take_explosions: bool = True,
) -> PoolRoll:
    """Roll one pool of the conflict, or record its typed-in faces (base dice first,
    then one extra die per exploding face, in roll order); returns the roll."""
    c = _unresolved(action.state, "roll")
    if c.automatic:
        raise RuleError(
            "isolation.roll_at_stress_zero",
            "Stress is 0 and nothing threatens: no rolls are made (ISO-R37)",
        )
    colour = checks.choice(colour, "colour", COLOURS)
    take_explosions = checks.flag(take_explosions, "take_explosions")
    unit = plan_for(action.state, c).unit(who, colour)
    if unit.rolled is not None:
        raise RuleError(
            "isolation.pool_rolled_twice",
            "{who}'s {colour} pool is already rolled [{faces}]; a roll is read twice, never "
            "re-rolled. Tip: undo() takes back a mistyped roll.",
            who=_named(action.state, who),
            colour=colour,
            faces=unit.rolled.faces_text(),
        )
    if not unit.ready:
        raise RuleError(
            "isolation.pool_not_ready",
            "{who}'s {colour} pool cannot be rolled yet: it waits for {waiting}",
            who=_named(action.state, who),
            colour=colour,
            waiting=unit.waiting,
        )
    result = _emit_roll(action, who, colour, faces, take_explosions)
    _settle(action)
    return result


# --------------------------------------------------------------------------- stances


def choose_stance(action: Act, pp: str, stance: Stance) -> None:
    """A PP takes one of the stances their roll allows: downgrades only (ISO-R14)."""
    state = action.state
    c = _unresolved(state, "choose a stance")
    stance = checks.choice(stance, "stance", STANCES)
    pp = checks.identifier(pp, "pp")
    if pp not in c.pps:
        if pp in c.defaulted:
            raise RuleError(
                "isolation.stance_of_a_defaulted_neutral",
                "{pp} is not a Passive Player of conflict {number} (they are {pps}). Tip: a "
                "defaulted Neutral uses downgrade().",
                pp=shown(pp),
                number=c.number,
                pps=listed(c.pps),
            )
        raise RuleError(
            "isolation.stance_of_no_pp",
            "{pp} is not a Passive Player of conflict {number} (they are {pps})",
            pp=shown(pp),
            number=c.number,
            pps=listed(c.pps),
        )
    if c.stance_of(pp) is not None:
        raise RuleError(
            "isolation.stance_final",
            "{pp} is already {stance}; a chosen stance is final",
            pp=pp,
            stance=c.stance_of(pp),
        )
    if c.automatic:
        rolled: Stance = "Cooperative"
        allowed: tuple[Stance, ...] = STANCES
    else:
        if c.first is None:
            missing = [
                f"{_named(state, u.who)} {u.colour}"
                for u in plan_for(state, c).stage("first")
                if u.rolled is None
            ]
            raise RuleError(
                "isolation.stances_not_ready",
                "stances are read once every first-stage pool is rolled; still to roll: {missing}. "
                "Tip: Hostile needs no roll: declare_hostile(pp).",
                missing=Listing.of(missing, "unit"),
            )
        reading = c.first.reading(pp)
        rolled, allowed = reading.rolled, reading.allowed
    if stance not in allowed:
        raise RuleError(
            "isolation.stance_not_allowed",
            "{pp}'s roll allows {allowed_name}, not {stance}: a stance can only be downgraded "
            "(ISO-R14). Tip: {allowed} is the best open to {pp}.",
            pp=_named(state, pp),
            allowed_name=Listing.of(allowed, "or"),
            stance=stance,
            allowed=allowed[0],
        )
    action.add(
        StanceChosen(
            character=pp,
            stance=stance,
            rolled=rolled,
            allowed=allowed,
            names=named(state, pp),
        )
    )
    _settle(action)


def set_difficulty(action: Act, difficulty: int | str) -> None:
    """The GM sets the task's Difficulty, 1–6 or its T-ISO-1 name (ISO-R27, ISO-A12)."""
    state = action.state
    c = _unresolved(state, "set the Difficulty")
    value = difficulty_value(difficulty)
    if c.automatic:
        raise RuleError(
            "isolation.difficulty_at_stress_zero",
            "Stress is 0 and nothing threatens: no roll, so no Difficulty (ISO-R37)",
        )
    nominal = _nominal(state, c)
    if c.mode == "direct" and not nominal:
        raise RuleError(
            "isolation.difficulty_for_direct_action",
            "acting directly against a character has no Difficulty (ISO-R43)",
        )
    if nominal and c.roll_of(c.ap, "green") is not None:
        raise RuleError(
            "isolation.difficulty_after_ap_rolled",
            "the AP's green dice (one per point of Difficulty) are already rolled",
        )
    if c.roll_of(GM, "red") is not None:
        raise RuleError(
            "isolation.difficulty_after_gm_rolled", "the GM has rolled; the Difficulty is fixed"
        )
    if not nominal and state.settings.difficulty_after_stances:
        plan = plan_for(state, c)
        if not (plan.first_done and c.all_stances_chosen):
            waiting = [_named(state, pp) for pp in c.pps if c.stance_of(pp) is None]
            raise RuleError(
                "isolation.difficulty_stances_undecided",
                "the GM sets the Difficulty after every stance is known (ISO-R26, ISO-A12); still "
                "undecided: {waiting}",
                waiting=Listing.of(waiting, "unit"),
            )
    if value != c.difficulty:
        action.add(DifficultySet(difficulty=value))
        _settle(action)


def downgrade(action: Act, who: str) -> None:
    """A defaulted Neutral turns Hostile at the second interpretation and rolls red dice
    equal to their red links with the AP (ISO-R41); going alone, any other character may
    volunteer the same way (ISO-R42)."""
    state = action.state
    c = _unresolved(state, "downgrade")
    who = checks.identifier(who, "who")
    if who not in c.defaulted:
        why = (
            f"{shown(who)} was not defaulted to Neutral"
            if who in c.pps or who == c.ap or who == c.target
            else f"{shown(who)} is not a living bystander of this conflict"
        )
        raise RuleError(
            "isolation.downgrade_of_no_defaulted",
            "{why}; the defaulted characters are {defaulted}. Tip: a Passive Player downgrades "
            "through choose_stance.",
            why=why,
            defaulted=listed(c.defaulted),
        )
    if who in c.downgraded:
        raise RuleError(
            "isolation.already_hostile", "{who} is already Hostile", who=_named(state, who)
        )
    if not c.automatic:
        opposition = c.target if c.mode == "direct" else GM
        assert opposition is not None
        if c.roll_of(opposition, "red") is None:
            raise RuleError(
                "isolation.downgrade_too_early",
                "a defaulted Neutral declares the downgrade no earlier than the second "
                "interpretation, after the {roller} has rolled (ISO-R41, ISO-R26 step 6)",
                roller="target" if c.mode == "direct" else "GM",
            )
    count = 0
    if not c.automatic:
        after = dataclasses.replace(c, downgraded=(*c.downgraded, who))
        count = plan_for(state, after).unit(who, "red").count
    action.add(Downgraded(character=who, dice=count, names=named(state, who)))
    _settle(action)


# --------------------------------------------------------------------------- resolution


def resolve(action: Act) -> Resolution:
    """The second interpretation and its consequences (ISO-R29..R34, ISO-R37, ISO-R39).

    Emits the resolution with its explanation, then temporary links (with
    cancellation), the Stress change, and the wounds the rules place by
    themselves (Dying candidates first). If the table must still distribute
    wounds the conflict stays open for :func:`assign_wounds`; otherwise it closes.
    Returns the resolution.
    """
    state = action.state
    c = _unresolved(state, "resolve")
    s = state.settings
    undecided = [_named(state, pp) for pp in c.pps if c.stance_of(pp) is None]
    if c.automatic:
        if undecided:
            raise RuleError(
                "isolation.automatic_stances_undecided",
                "stances still to choose (freely, at Stress 0): {undecided}",
                undecided=Listing.of(undecided, "unit"),
            )
        resolution = Resolution("Basic Success", None, 0, 0, 0, 0, automatic=True)
    else:
        plan = plan_for(state, c)
        missing = [f"{_named(state, u.who)} {u.colour}" for u in plan.units if u.rolled is None]
        if c.mode != "direct" and c.difficulty is None:
            missing.insert(0, "the Difficulty")
        if undecided:
            missing.append("stances of " + ", ".join(undecided))
        if missing:
            raise RuleError(
                "isolation.resolve_not_ready",
                "conflict {number} cannot be resolved yet; still needed: {missing}",
                number=c.number,
                missing=Listing.of(missing, "unit"),
            )
        resolution = read_second(state, c).resolution
    explanation = explain(state, c, resolution)
    action.add(ConflictResolved(number=c.number, resolution=resolution, explanation=explanation))
    if not resolution.automatic or s.stress_zero_auto_side_effects:
        _temporary_links(action, c, resolution)
        delta = {
            "Complete Success": -2,
            "Basic Success": -1,
            "Basic Failure": 1,
            "Complete Failure": 2,
        }.get(resolution.degree, 0)
        if delta:
            stress_change(action, delta, f"{resolution.degree} (ISO-R34)", "result")
    if resolution.wounds:
        _deal_wounds(action, c, resolution.wounds)
    if action.state.conflict is not None and action.state.conflict.wounds_left == 0:
        action.add(ConflictClosed(number=c.number, degree=resolution.degree))
    return resolution


def _temporary_links(action: Act, c: Conflict, r: Resolution) -> None:
    """ISO-R32 with ISO-R33 cancellation; who receives them per ISO-A15 and ISO-A30.

    Links go to the characters who took part in the roll: the PPs by stance,
    and on a failure the defaulted characters who turned Hostile and put in red
    dice (ISO-R41, ISO-A15). ``temp_links_include_defaulted_neutrals`` widens
    that to defaulted characters who stayed Neutral, but never when the AP acts
    alone (going alone, or directly with no PPs): there are no Passive Players
    then, so the AP gets no links with bystanders (ISO-A30). Volunteers who
    turned Hostile against a lone AP did put in dice, so like any downgrader
    they take the failure links (ISO-R42 with the ISO-A15 reading).
    """
    amount = {
        "Complete Success": 2,
        "Basic Success": 1,
        "Basic Failure": 1,
        "Complete Failure": 2,
    }.get(r.degree, 0)
    if not amount:
        return
    success = r.degree.endswith("Success")
    stances = dict(c.stances)
    wanted = ("Cooperative", "Neutral") if success else ("Neutral", "Hostile")
    receivers = [pp for pp in c.pps if stances.get(pp) in wanted]
    if not success:
        receivers += list(c.downgraded)
    if action.state.settings.temp_links_include_defaulted_neutrals and not c.alone:
        receivers += [d for d in c.defaulted if d not in c.downgraded]
    colour: Colour = "green" if success else "red"
    for who in receivers:
        if action.state.character(who).alive and action.state.character(c.ap).alive:
            add_unlabeled(action, c.ap, who, colour, amount, f"conflict {c.number}: {r.degree}")


def _capacity(state: IsolationState, who: str) -> int:
    return {"Healthy": 3, "Injured": 2, "Dying": 1, "Dead": 0}[state.character(who).health]


def _candidates(state: IsolationState, c: Conflict) -> list[str]:
    """ISO-R39 and ISO-A22: the AP, Cooperative and Neutral PPs, the target, maybe defaulted."""
    stances = dict(c.stances)
    out = [c.ap] + [pp for pp in c.pps if stances.get(pp) in ("Cooperative", "Neutral")]
    if c.target:
        out.append(c.target)
    if state.settings.wound_candidates_include_defaulted:
        out += [d for d in c.defaulted if d not in c.downgraded]
    return [who for who in out if state.character(who).alive]


def _deal_wounds(action: Act, c: Conflict, wounds: int) -> None:
    """Place what the rules place; leave the rest to the table (ISO-R39, ISO-A23)."""
    candidates = _candidates(action.state, c)
    reason = f"wound from conflict {c.number} (ISO-R39)"
    if action.state.settings.dying_first:
        dying = [w for w in candidates if action.state.character(w).health == "Dying"]
        if dying and wounds < len(dying):
            action.add(
                WoundsPending(
                    wounds=wounds, candidates=tuple(dying), names=named(action.state, *dying)
                )
            )
            return
        if dying:
            action.add(
                WoundsAssigned(
                    assignment={w: 1 for w in dying},
                    automatic=True,
                    names=named(action.state, *dying),
                )
            )
            for who in dying:
                wound(action, who, reason + ", Dying first")
            wounds -= len(dying)
    living = [w for w in candidates if action.state.character(w).alive]
    if wounds <= 0:
        return
    capacity = sum(_capacity(action.state, w) for w in living)
    if not living or len(living) == 1 or wounds >= capacity:
        assignment = {w: min(wounds, _capacity(action.state, w)) for w in living}
        if len(living) == 1:
            assignment = {living[0]: min(wounds, capacity)}
        lost = wounds - sum(assignment.values())
        action.add(
            WoundsAssigned(
                assignment=assignment,
                lost=lost,
                automatic=True,
                names=named(action.state, *assignment),
            )
        )
        for who, n in assignment.items():
            for _ in range(n):
                wound(action, who, reason)
        return
    action.add(
        WoundsPending(wounds=wounds, candidates=tuple(living), names=named(action.state, *living))
    )


def assign_wounds(action: Act, assignment: Mapping[str, int]) -> None:
    """The table distributes the wounds left after resolution (ISO-R39); the conflict closes."""
    state = action.state
    c = _conflict(state)
    if not c.wounds_left:
        raise RuleError(
            "isolation.no_wounds_waiting",
            "conflict {number} has no wounds waiting to be distributed",
            number=c.number,
        )
    if not isinstance(assignment, Mapping):
        raise RuleError(
            "isolation.wounds_not_a_mapping",
            "assign wounds as {{character: count}}, got {assignment}",
            assignment=shown(assignment),
        )
    total = 0
    clean: dict[str, int] = {}
    for who, n in assignment.items():
        if who not in c.wound_pool:
            raise RuleError(
                "isolation.wound_to_non_candidate",
                "{who} cannot take these wounds; the candidates are {wound_pool} (Hostile "
                "characters never do, ISO-R39)",
                who=shown(who),
                wound_pool=Listing.of(c.wound_pool, "unit"),
            )
        n = checks.whole(n, f"wounds for {who}", 0, checks.MAX_COUNT)
        cap = (
            1
            if state.settings.dying_first and state.character(who).health == "Dying"
            else (_capacity(state, who))
        )
        if n > cap:
            raise RuleError(
                plural(
                    "isolation.wounds_over_capacity",
                    "{who} can take at most {n} more wound ({health})",
                    "{who} can take at most {n} more wounds ({health})",
                    n=cap,
                    who=_named(state, who),
                    health=state.character(who).health,
                )
            )
        clean[who] = n
        total += n
    if total != c.wounds_left:
        raise RuleError(
            plural(
                "isolation.wounds_not_all_given",
                "distribute exactly {n} wound, got {total}",
                "distribute exactly {n} wounds, got {total}",
                n=c.wounds_left,
                total=total,
            )
        )
    action.add(WoundsAssigned(assignment=clean, names=named(state, *clean)))
    reason = f"wound from conflict {c.number} (ISO-R39)"
    for who in c.wound_pool:
        for _ in range(clean.get(who, 0)):
            wound(action, who, reason)
    assert c.resolution is not None
    action.add(ConflictClosed(number=c.number, degree=c.resolution.degree))


def cancel_conflict(action: Act, reason: str) -> None:
    """Withdraw a proposal openly, with a reason, before it is resolved (ISO-R15)."""
    c = _unresolved(action.state, "cancel it")
    reason = line(reason, "the reason (ISO-R15: a proposal is not withdrawn quietly)")
    action.add(ConflictCancelled(number=c.number, reason=reason))


# --------------------------------------------------------------------------- rolling all


def roll_ready(action: Act, faces: Mapping[str, Any] | None = None) -> list[PoolRoll]:
    """Roll every pool that can be rolled now, typed faces by roller (see
    :func:`~.conflict.check_faces`); returns the rolls, empty pools recorded on the way included."""
    if action.state.conflict is not None:
        check_faces(faces, action.state.conflict)
    while (c := action.state.conflict) is not None and (ready := plan_for(action.state, c).ready()):
        who, colour = ready[0].key
        roll(action, who, colour, typed_faces(faces, who, colour, action.state))
    rolls = [e.roll for e in action.events if isinstance(e, DiceRolled)]
    if not rolls:
        raise RuleError("isolation.nothing_to_roll", "no pool can be rolled now; see next_steps()")
    return rolls


def check_faces(faces: object, c: Conflict) -> None:
    """Refuse typed faces that no pool of ``c`` would ever take.

    ``faces`` maps rollers to faces: ``{"bob": {"green": "4 3 1", "red": ...},
    "GM": "5 4 3"}``; a roller with one pool may give faces directly. A
    misspelt roller (``"Bob"`` for ``bob``) or colour (``"Green"``) would
    otherwise leave its pool to be rolled at random without a word.
    """
    if faces is None:
        return
    if not isinstance(faces, Mapping):
        raise RuleError(
            "isolation.faces_not_a_mapping",
            "faces must map rollers to faces, got {faces}",
            faces=shown(faces),
        )
    both: tuple[Colour, ...] = ("green", "red")
    red: tuple[Colour, ...] = ("red",)
    rollers: dict[str, tuple[Colour, ...]] = {c.ap: both}
    rollers |= {pp: red if pp in c.declared_hostile else both for pp in c.pps}
    if c.target is not None:
        rollers[c.target] = both
    rollers |= dict.fromkeys(c.defaulted, red)  # if they downgrade or volunteer
    if c.mode != "direct":
        rollers[GM] = red
    for who, entry in faces.items():
        if who not in rollers:
            raise RuleError(
                "isolation.faces_for_non_roller",
                "faces are given for {who}, who rolls no pool in conflict {number}; allowed: "
                "{rollers}. Tip: rollers are named by character id (lower case), and the GM as "
                "{gm}.",
                who=shown(who),
                number=c.number,
                rollers=Listing.of(rollers, "unit"),
                gm=checks.shown(GM),
            )
        if isinstance(entry, Mapping):
            for colour in entry:
                if colour not in rollers[who]:
                    raise RuleError(
                        "isolation.faces_for_wrong_colour",
                        "faces for {who} are given for the colour {colour}; allowed: {colours}",
                        who=who,
                        colour=shown(colour),
                        colours=Listing.of(map(repr, rollers[who]), "unit"),
                    )


def typed_faces(
    faces: Mapping[str, Any] | None, who: str, colour: str, state: IsolationState
) -> Faces | None:
    """Typed faces for one pool from ``{who: {colour: faces}}`` or ``{who: faces}``
    (already checked by :func:`check_faces`)."""
    entry = (faces or {}).get(who)
    if entry is None or isinstance(entry, Mapping):
        return entry.get(colour) if entry is not None else None
    c = state.conflict
    assert c is not None
    pools = [u for u in plan_for(state, c).units if u.who == who]
    if len(pools) != 1:
        raise RuleError(
            "isolation.faces_need_colours",
            "{who} rolls {count} pools here; give faces as {{'green': ..., 'red': ...}}",
            who=_named(state, who),
            count=len(pools),
        )
    return entry  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- steps


def _named(state: IsolationState, who: str) -> str:
    """``who`` as the table says it: a character's name, or "the GM"."""
    if who == GM:
        return "the GM"
    return state.character(who).name if state.has_character(who) else who


def next_steps(state: IsolationState) -> tuple[Step, ...]:
    """What the table can do next in the conflict in progress (none when there is none),
    labelled with names, never ids."""
    c = state.conflict
    if c is None or (c.resolution is not None and not c.wounds_left):
        return ()

    def named(who: str) -> str:
        return _named(state, who)

    if c.wounds_left:
        among = ", ".join(map(named, c.wound_pool))
        noun = "wound" if c.wounds_left == 1 else "wounds"
        label = f"distribute {c.wounds_left} {noun} among {among}"
        return (Step("assign_wounds", None, "names", label, c.wound_pool),)
    steps: list[Step] = []
    if not c.automatic:
        plan = plan_for(state, c)
        for unit in plan.ready():
            label = f"{named(unit.who)} rolls {unit.count} {unit.colour}"
            steps.append(Step("roll", unit.who, "dice", label, (unit.colour,)))
        if not c.rolls:
            label = "adjust modifiers before anyone rolls"
            steps.append(Step("set_factors", None, "choice", label, required=False))
            for pp in c.pps:
                if pp not in c.declared_hostile:
                    label = f"{named(pp)} may turn Hostile without rolling"
                    steps.append(Step("declare_hostile", pp, "click", label, required=False))
    for pp in c.pps:
        if c.stance_of(pp) is None and (c.automatic or c.first is not None):
            allowed = STANCES if c.automatic else c.first.reading(pp).allowed  # type: ignore[union-attr]
            label = f"{named(pp)} may be {' or '.join(allowed)}"
            steps.append(Step("choose_stance", pp, "choice", label, allowed))
    if c.automatic:
        if c.all_stances_chosen:
            for who in c.defaulted:
                if who not in c.downgraded:
                    label = f"{named(who)} may turn Hostile"
                    steps.append(Step("downgrade", who, "click", label, required=False))
            label = "automatic Basic Success (Stress 0)"
            steps.append(Step("resolve", None, "click", label))
        return tuple(steps)
    plan = plan_for(state, c)
    gm_waiting = c.mode != "direct" and c.roll_of(GM, "red") is None
    if _nominal(state, c):
        # Going alone, or acting directly and alone (ISO-R42, ISO-A28): the AP's green
        # dice are the Difficulty, so it is needed before they can be rolled.
        # It may change until they are rolled (set_difficulty refuses after that).
        if c.roll_of(c.ap, "green") is None:
            label = (
                "the GM sets the Difficulty (1–6)"
                if c.mode == "alone"
                else "the GM sets a nominal Difficulty (1–6) for the AP's green dice (ISO-A28)"
            )
            steps.append(Step("set_difficulty", GM, "number", label, required=c.difficulty is None))
    elif gm_waiting and (
        not state.settings.difficulty_after_stances or (plan.first_done and c.all_stances_chosen)
    ):
        label = "the GM sets the Difficulty (1–6)"
        steps.append(Step("set_difficulty", GM, "number", label, required=c.difficulty is None))
    opposition = c.target if c.mode == "direct" else GM
    if opposition and c.roll_of(opposition, "red") is not None:
        for who in c.defaulted:
            if who not in c.downgraded:
                label = f"{named(who)} may turn Hostile and roll red"
                steps.append(Step("downgrade", who, "click", label, required=False))
    if plan.all_rolled and c.all_stances_chosen:
        steps.append(Step("resolve", None, "click", "read the second interpretation"))
    return tuple(steps)


RUN_CONFLICT = (
    "faces",
    "stances",
    "difficulty",
    "downgrades",
    "wounds",
    *(k for k in PROPOSAL if k != "difficulty"),
)
"""The keywords :func:`run_conflict` takes."""


def run_conflict(
    table: Act,
    /,
    ap: str,
    action: str,
    *,
    faces: Mapping[str, Any] | None = None,
    stances: Mapping[str, Stance] | None = None,
    difficulty: int | str | None = None,
    downgrades: Sequence[str] = (),
    wounds: Mapping[str, int] | None = None,
    **kwargs: Any,
) -> Conflict:
    """Run a whole conflict, step by step, each step its own journaled action.

    Args:
        faces: typed faces by roller: ``{"bob": {"green": "4 3 1 6 4", "red": ...},
            "GM": "5 4 3 4 1 6 3 4 5"}``; a roller with one pool may give faces
            directly. Missing pools are rolled at random.
        stances: chosen stances; a PP not listed takes the best one allowed.
        difficulty: the GM's Difficulty (set when the rules allow it).
        downgrades: defaulted Neutrals (or volunteers) who turn Hostile.
        wounds: the table's wound distribution, if one is needed.
        kwargs: passed to :func:`propose`.

    Each step is the rule a click would run, on an
    :class:`~isowidgets.contract.Action` of its own, chained on the state the
    last one left; every step is checked before anything is written: if one
    fails, nothing is journaled and the dice are untouched.

    Returns:
        The conflict, closed (see ``state.last_conflict``), or still open if
        wounds wait for :func:`assign_wounds`.
    """
    checks.keywords(kwargs, "run_conflict", RUN_CONFLICT)
    downgrades = checks.id_list(downgrades, "downgrades")
    if stances is not None and not isinstance(stances, Mapping):
        raise RuleError(
            "isolation.stances_not_a_mapping",
            "stances must map Passive Players to stances, got {stances}",
            stances=checks.shown(stances),
        )
    chosen = stances or {}

    def play(working: Action[IsolationState]) -> None:
        def step(rule: Callable[..., object], *args: Any, **kw: Any) -> None:
            rule(working, *args, **kw)
            working.split()  # one journal action per step, as if clicked

        mode, pps = kwargs.get("mode"), kwargs.get("pps")
        alone = mode == "alone" or (mode == "direct" and pps == [])
        alone_difficulty = difficulty if alone else None
        step(propose, ap, action, difficulty=alone_difficulty, **kwargs)
        assert working.state.conflict is not None
        check_faces(faces, working.state.conflict)
        for _ in range(200):  # a conflict has far fewer steps; never loop forever
            state = working.state
            c = state.conflict
            if c is None or c.resolution is not None:
                break
            offered: dict[str, Step] = {}
            for offer in next_steps(state):
                offered.setdefault(offer.action, offer)
            turning = [d for d in downgrades if d not in c.downgraded]
            if (pool := offered.get("roll")) is not None:
                who, colour = pool.actor or "", pool.options[0]
                typed = typed_faces(faces, who, colour, state)
                step(roll, who, colour, typed)
            elif (stance := offered.get("choose_stance")) is not None:
                pp = stance.actor or ""
                step(choose_stance, pp, chosen.get(pp, stance.options[0]))
            elif "set_difficulty" in offered and offered["set_difficulty"].required:
                if difficulty is None:
                    raise RuleError(
                        "isolation.run_conflict_without_difficulty",
                        "run_conflict needs difficulty=1..6 for the GM's roll",
                    )
                step(set_difficulty, difficulty)
            elif "resolve" in offered and turning:
                step(downgrade, turning[0])
            else:
                step(resolve)
        c = working.state.conflict
        if c is not None and c.wounds_left and wounds is not None:
            step(assign_wounds, wounds)

    play(table)
    result = table.state.conflict or table.state.last_conflict
    assert result is not None
    return result
