"""Folding events into the state: the pure heart of replay.

:func:`apply` never rolls, never asks, never reads a clock: an event carries
every value it introduces, so the same journal always rebuilds the same state.
It still checks that an event fits the state it lands on (a link removed must
exist, a stress change must start from the current level), so a journal edited
by hand fails loudly instead of drifting. Values the rules compute are checked
against what the rules would compute on that state: a Stress Level stays within
the house-rule bounds and moves as its source allows, a conflict's pool holds
exactly the dice :func:`~.plan.plan_for` gives it, and the stances read and
chosen are those the rolled dice allow (:func:`~.plan.read_first`).

An event that fails these checks raises
:class:`~isowidgets.errors.InconsistentEventError` (a
:class:`~isowidgets.errors.JournalError`, never a
:class:`~isowidgets.errors.RuleError`): the rules refuse a bad request before
they make any event, so an event that does not fit is a bug in the rules that
made it or a journal edited by hand, and tests can tell it from a refusal.
Replay (:meth:`Game.resume <isowidgets.game.Game.resume>`, undo) reports it as a
``JournalError`` naming the line.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from ...contract import Action as _Action
from ...dice import D6
from ...errors import InconsistentEventError, folding
from ...journal import Event
from .events import (
    CharacterAdded,
    CharacterRemoved,
    CharacterUpdated,
    ConflictCancelled,
    ConflictClosed,
    ConflictProposed,
    ConflictResolved,
    DeathGreensDropped,
    DeathGreensPlaced,
    DeathGreensShared,
    DiceRolled,
    DifficultySet,
    Downgraded,
    FactorsSet,
    HealthChanged,
    HostileDeclared,
    LinkAdded,
    LinkRelabeled,
    LinkRemoved,
    PairOutcome,
    PairRolled,
    PhysicalMarked,
    PlayStarted,
    SessionBegun,
    SessionEnded,
    StanceChosen,
    StancesRead,
    StressChanged,
    ThreatChanged,
    WoundsAssigned,
    WoundsPending,
)
from .model import (
    HEALTH_LADDER,
    STANCES,
    Conflict,
    FirstReading,
    Health,
    IsolationState,
    PairRoll,
    PendingGreens,
    RollRecord,
    Stance,
    pair_key,
)
from .plan import explosion_rule, plan_for, read_first

__all__ = ["Tx", "apply"]


def _replace(state: IsolationState, **changes: Any) -> IsolationState:
    return dataclasses.replace(state, **changes)


def _open(state: IsolationState, event: Event) -> Conflict:
    if state.conflict is None:
        raise InconsistentEventError(
            f"{event.kind} needs a conflict in progress, and there is none"
        )
    return state.conflict


def _with_conflict(state: IsolationState, **changes: Any) -> IsolationState:
    assert state.conflict is not None
    return _replace(state, conflict=dataclasses.replace(state.conflict, **changes))


def apply(state: IsolationState, event: Event) -> IsolationState:
    """Return ``state`` with ``event`` folded in (pure).

    Raises:
        InconsistentEventError: the event does not fit the state (an unknown id,
            a value the rules would not compute here, a step out of order). A
            lookup the fold makes (``state.character(id)``, ``state.link(id)``)
            that fails is reported the same way.
    """
    with folding(event.kind):
        return _fold(state, event)


def _fold(state: IsolationState, event: Event) -> IsolationState:
    match event:
        # ---------------------------------------------------------------- characters
        case CharacterAdded(character=character):
            if state.has_character(character.id):
                raise InconsistentEventError(f"a character with id {character.id!r} already exists")
            return _replace(state, characters=(*state.characters, character))
        case CharacterUpdated(character=character):
            state.character(character.id)
            return _replace(
                state,
                characters=tuple(
                    character if c.id == character.id else c for c in state.characters
                ),
            )
        case CharacterRemoved(character_id=cid):
            state.character(cid)
            if state.links_of(cid):
                raise InconsistentEventError(
                    f"{cid} still has links; remove them before the character"
                )
            return _replace(state, characters=tuple(c for c in state.characters if c.id != cid))
        case HealthChanged(character_id=cid, old=old, new=new):
            return _health(state, cid, old, new)
        # ---------------------------------------------------------------- links
        case LinkAdded(link=link):
            expected = f"L{state.next_link}"
            if link.id != expected or link.serial != state.next_link:
                raise InconsistentEventError(
                    f"link id {link.id!r} out of order; the next link is {expected}"
                )
            if link.a == link.b or (link.a, link.b) != pair_key(link.a, link.b):
                raise InconsistentEventError(
                    f"link {link.id} must join two characters, in sorted order"
                )
            for cid in link.pair:
                if not state.character(cid).alive:
                    raise InconsistentEventError(f"{cid} is dead and can take no links")
            return _replace(state, links=(*state.links, link), next_link=state.next_link + 1)
        case LinkRemoved(link=link):
            if state.link(link.id) != link:
                raise InconsistentEventError(f"link {link.id} does not match the map")
            return _replace(state, links=tuple(x for x in state.links if x.id != link.id))
        case LinkRelabeled(link_id=lid, new=new):
            old_link = state.link(lid)
            relabeled = dataclasses.replace(old_link, label=new)
            return _replace(
                state, links=tuple(relabeled if x.id == lid else x for x in state.links)
            )
        # ---------------------------------------------------------------- scenario
        case StressChanged(new=new, reason=reason):
            _check_stress(state, event)
            return _replace(
                state, stress=new, stress_history=(*state.stress_history, (new, reason))
            )
        case ThreatChanged(present=present):
            return _replace(state, threat=present)
        case PlayStarted():
            return _replace(state, play_started=True)
        case SessionEnded():
            return _replace(state, interlude=True, pairs_rolled=(), injury_window=())
        case SessionBegun(session=session):
            return _replace(state, interlude=False, session=session, pairs_rolled=())
        case PairRolled(a=a, b=b, evens=evens, odds=odds):
            pending = PairRoll(*pair_key(a, b), evens, odds)
            return _replace(
                state,
                pair_roll=None if pending.winner == "tie" else pending,
                pairs_rolled=(*state.pairs_rolled, pair_key(a, b)),
            )
        case PairOutcome():
            return _replace(state, pair_roll=None)
        case DeathGreensShared(dead=dead, pending=pending):
            if not pending:
                return state
            return _replace(
                state, pending_greens=(*state.pending_greens, PendingGreens(dead, pending))
            )
        case DeathGreensDropped(dead=dead, dropped=dropped, left=left):
            owed = next((p for p in state.pending_greens if p.dead == dead), None)
            room = min(owed.count, len(state.living_pairs())) if owed else 0
            if owed is None or (dropped + left, left) != (owed.count, room):
                raise InconsistentEventError(
                    f"{event.kind}: {dropped} of {dead}'s leftover greens dropped, {left} left; "
                    f"allowed: {dead} owes {owed.count if owed else 0}, and only as many as "
                    f"there are living pairs ({len(state.living_pairs())}) stay owed (ISO-A24)"
                )
            still = PendingGreens(dead, left)
            return _replace(
                state,
                pending_greens=tuple(
                    still if p.dead == dead else p
                    for p in state.pending_greens
                    if p.dead != dead or left
                ),
            )
        case DeathGreensPlaced(dead=dead):
            return _replace(
                state, pending_greens=tuple(p for p in state.pending_greens if p.dead != dead)
            )
        # ---------------------------------------------------------------- conflicts
        case ConflictProposed():
            if state.conflict is not None:
                raise InconsistentEventError("a conflict is already in progress")
            conflict = Conflict(
                number=event.number,
                ap=event.ap,
                action=event.action,
                mode=event.mode,
                pps=tuple(event.pps),
                defaulted=tuple(event.defaulted),
                target=event.target,
                physical=event.physical,
                automatic=event.automatic,
                difficulty=event.difficulty,
                factors=tuple(event.factors),
                declared_hostile=tuple(event.declared_hostile),
            )
            return _replace(
                state,
                conflict=conflict,
                conflicts_held=event.number,
                play_started=True,
                injury_window=(),
                pairs_rolled=state.pairs_rolled if state.interlude else (),
            )
        case FactorsSet(factors=factors):
            conflict = _open(state, event)
            kept = tuple(f for f in conflict.factors if f.character != factors.character)
            items = kept if factors.empty else (*kept, factors)
            return _with_conflict(state, factors=items)
        case PhysicalMarked(physical=physical):
            _open(state, event)
            return _with_conflict(state, physical=physical)
        case HostileDeclared(character=who):
            conflict = _open(state, event)
            return _with_conflict(state, declared_hostile=(*conflict.declared_hostile, who))
        case DifficultySet(difficulty=difficulty):
            _open(state, event)
            return _with_conflict(state, difficulty=difficulty)
        case DiceRolled(who=who, colour=colour, roll=roll):
            conflict = _open(state, event)
            if conflict.roll_of(who, colour) is not None:
                raise InconsistentEventError(f"{who} already rolled {colour} in this conflict")
            _check_roll(state, conflict, event)
            return _with_conflict(state, rolls=(*conflict.rolls, RollRecord(who, colour, roll)))
        case StancesRead(reading=reading):
            conflict = _open(state, event)
            _check_reading(state, conflict, reading)
            return _with_conflict(state, first=reading)
        case StanceChosen(character=who, stance=stance):
            conflict = _open(state, event)
            if conflict.stance_of(who) is not None:
                raise InconsistentEventError(f"{who} already chose a stance")
            _check_stance(conflict, event)
            return _with_conflict(state, stances=(*conflict.stances, (who, stance)))
        case Downgraded(character=who):
            conflict = _open(state, event)
            return _with_conflict(state, downgraded=(*conflict.downgraded, who))
        case ConflictResolved(resolution=resolution, explanation=explanation):
            _open(state, event)
            return _with_conflict(state, resolution=resolution, explanation=explanation)
        case WoundsPending(wounds=wounds, candidates=candidates):
            _open(state, event)
            return _with_conflict(state, wounds_left=wounds, wound_pool=tuple(candidates))
        case WoundsAssigned(assignment=assignment):
            conflict = _open(state, event)
            dealt = dict(conflict.wounds_dealt)
            for who, n in assignment.items():
                dealt[who] = dealt.get(who, 0) + n
            return _with_conflict(
                state, wounds_left=0, wound_pool=(), wounds_dealt=tuple(dealt.items())
            )
        case ConflictClosed():
            conflict = _open(state, event)
            return _replace(
                state, conflict=None, last_conflict=dataclasses.replace(conflict, closed=True)
            )
        case ConflictCancelled():
            _open(state, event)
            return _replace(state, conflict=None)
    raise InconsistentEventError(f"Isolation has no event {event.kind!r}")


# --------------------------------------------------------------------------- checks

_STRESS_STEPS = {"gm": (1, 2, 3), "result": (1, 2)}
"""How far one event of each source may ask Stress to move (ISO-R35, ISO-R34)."""

_STARTING_STRESS = (1, 2, 3)
"""The opening Stress Levels the text allows (ISO-R36), as ``set_starting_stress`` does."""


def _check_stress(state: IsolationState, event: StressChanged) -> None:
    """A Stress change starts from the current level, ends within the house-rule bounds
    (ISO-A18) and moves as its source allows."""
    s = state.settings
    if event.old != state.stress:
        raise InconsistentEventError(
            f"{event.kind}: a change from Stress {event.old}, but the Stress Level is "
            f"{state.stress}"
        )
    top = s.stress_max
    if event.new < s.stress_min or (top is not None and event.new > top):
        ceiling = top if top is not None else "no ceiling"
        raise InconsistentEventError(
            f"{event.kind}: Stress {event.new} is outside the house-rule bounds; allowed: "
            f"stress_min {s.stress_min} up to stress_max {ceiling} (ISO-A18)"
        )
    c = state.conflict
    when = {
        "gm": (c is None, "between conflicts (ISO-R35)"),
        "result": (c is not None and c.resolution is not None, "as a conflict resolves"),
        "settings": (c is None, "between conflicts, with a settings change"),
        "start": (c is None, "before play begins"),
    }
    fits, allowed_when = when[event.source]
    if not fits:
        raise InconsistentEventError(
            f"{event.kind} ({event.source}): Stress {event.old} → {event.new} at this point; "
            f"allowed: {allowed_when}"
        )
    if event.source in _STRESS_STEPS:
        steps = _STRESS_STEPS[event.source]
        asked = event.requested
        held = max(s.stress_min, event.old + asked)
        if top is not None:
            held = min(top, held)
        if abs(asked) not in steps or event.new != held:
            allowed = "±" + ", ±".join(map(str, steps))
            raise InconsistentEventError(
                f"{event.kind} ({event.source}): Stress {event.old} → {event.new} asking "
                f"{asked:+d}; allowed: a step of {allowed}, held by the bounds "
                f"(ISO-R34, ISO-R35, ISO-A18)"
            )
    elif event.source == "start":
        if state.play_started or event.new not in _STARTING_STRESS:
            raise InconsistentEventError(
                f"{event.kind} (start): starting Stress {event.new}"
                + (" after play has begun" if state.play_started else "")
                + "; allowed: 1, 2 or 3, before play begins (ISO-R36)"
            )
    else:  # "settings": new house rules moved Stress onto a bound, or to a new start
        values = {s.stress_min} | ({top} if top is not None else set())
        if not state.play_started:
            values.add(s.stress_start)
        if event.new not in values:
            raise InconsistentEventError(
                f"{event.kind} (settings): Stress {event.new} is none of the values new house "
                f"rules can set; allowed: {', '.join(map(str, sorted(values)))} "
                "(stress_min, stress_max, or stress_start before play begins; ISO-A18, ISO-A19)"
            )


def _check_roll(state: IsolationState, conflict: Conflict, event: DiceRolled) -> None:
    """A conflict's pool is due, holds the dice :func:`~.plan.plan_for` gives it, and
    explodes as the house rules say (ISO-R21, ISO-R22)."""
    unit = plan_for(state, conflict).unit(event.who, event.colour)
    if not unit.ready:
        why = unit.waiting or f"conflict {conflict.number} is already resolved"
        raise InconsistentEventError(
            f"{event.kind}: {unit.label} cannot be rolled yet; it waits for {why}"
        )
    pool = event.roll.pool
    if pool.count != unit.count:
        sources = "; ".join(s.describe() for s in unit.sources) or "no dice"
        raise InconsistentEventError(
            f"{event.kind}: {unit.label} holds {pool.count} base dice; allowed: exactly "
            f"{unit.count}, as the plan gives ({sources})"
        )
    explode, mode = explosion_rule(state.settings, event.colour, gm=unit.role == "GM")
    if pool.die != D6 or pool.explode_on != explode or pool.explosions != mode:
        faces = ", ".join(map(str, sorted(explode))) or "nothing"
        raise InconsistentEventError(
            f"{event.kind}: {unit.label} is a {pool.describe()}; allowed: six-sided dice "
            f"exploding on {faces} ({mode}) (ISO-R21, ISO-R22, ISO-A02, ISO-A04, ISO-A05)"
        )
    if event.role != unit.role:
        raise InconsistentEventError(
            f"{event.kind}: {unit.label} is rolled as {event.role!r}; allowed: {unit.role!r}"
        )


def _check_reading(state: IsolationState, conflict: Conflict, reading: FirstReading) -> None:
    """The first interpretation is read once, from the rolled dice (ISO-R23..R25, ISO-R14)."""
    kind = StancesRead.kind
    if conflict.first is not None:
        raise InconsistentEventError(
            f"{kind}: the stances of conflict {conflict.number} are already read"
        )
    if conflict.automatic or not conflict.pps:
        raise InconsistentEventError(
            f"{kind}: conflict {conflict.number} has no stances to read from dice "
            "(no Passive Players, or Stress 0 with no rolls)"
        )
    plan = plan_for(state, conflict)
    missing = [u.label for u in plan.stage("first") if u.rolled is None]
    if missing:
        raise InconsistentEventError(
            f"{kind}: stances are read once every first-stage pool is rolled; still to roll: "
            f"{', '.join(missing)}"
        )
    expected = read_first(state, conflict)
    if reading != expected:
        raise InconsistentEventError(
            f"{kind}: the journal reads {_reading_text(reading)}; allowed: only what the "
            f"rolled dice give, {_reading_text(expected)}"
        )


def _reading_text(reading: FirstReading) -> str:
    parts = [f"{r.character} net {r.net:+d} → {'/'.join(r.allowed)}" for r in reading.readings]
    return f"AP_odds {reading.ap_odds}; " + "; ".join(parts)


def _check_stance(conflict: Conflict, event: StanceChosen) -> None:
    """A Passive Player takes a stance the first reading allows (ISO-R14; any at Stress 0)."""
    who = event.character
    if who not in conflict.pps:
        raise InconsistentEventError(
            f"{event.kind}: {who!r} is not a Passive Player of conflict {conflict.number}; "
            f"allowed: {', '.join(conflict.pps) or 'nobody'}"
        )
    rolled: Stance
    allowed: tuple[Stance, ...]
    if conflict.automatic:
        rolled, allowed = "Cooperative", STANCES
    elif conflict.first is None:
        raise InconsistentEventError(
            f"{event.kind}: {who} chooses a stance before the stances are read"
        )
    else:
        reading = conflict.first.reading(who)
        rolled, allowed = reading.rolled, reading.allowed
    if event.stance not in allowed or (event.rolled, tuple(event.allowed)) != (rolled, allowed):
        raise InconsistentEventError(
            f"{event.kind}: {who} is {event.stance} (rolled {event.rolled}, allowed "
            f"{'/'.join(event.allowed)}); allowed: {' or '.join(allowed)}, rolled {rolled} "
            "(ISO-R14)"
        )


def _health(state: IsolationState, cid: str, old: Health, new: Health) -> IsolationState:
    character = state.character(cid)
    if character.health != old:
        raise InconsistentEventError(f"{cid} is {character.health}, not {old}")
    step = HEALTH_LADDER.index(new) - HEALTH_LADDER.index(old)
    if abs(step) != 1:
        raise InconsistentEventError(
            f"health moves one step at a time: {old} → {new} is not one step"
        )
    sets: tuple[Literal["Injured", "Dying"], ...] = character.injury_sets
    window = state.injury_window
    if new == "Dead":
        sets = ()
    elif step > 0 and (new == "Injured" or new == "Dying"):
        sets = (*sets, new) if new not in sets else sets
        if state.settings.pair_rolls_on_injury and cid not in window:
            window = (*window, cid)
    elif step < 0:
        sets = tuple(s for s in sets if s != old)
    updated = dataclasses.replace(character, health=new, injury_sets=sets)
    return _replace(
        state,
        characters=tuple(updated if c.id == cid else c for c in state.characters),
        injury_window=window,
    )


class Tx(_Action[IsolationState]):
    """A working copy of the Isolation state that rules add events to (see Pending)."""

    def __init__(self, state: IsolationState) -> None:
        super().__init__(state, apply, None)  # type: ignore[arg-type]
