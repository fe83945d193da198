"""Folding events into the state: the pure heart of replay.

:func:`apply` never rolls, never asks, never reads a clock: an event carries
every value it introduces, so the same journal always rebuilds the same state.
It still checks that an event fits the state it lands on (a link removed must
exist, a stress change must start from the current level), so a journal edited
by hand fails loudly instead of drifting.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from ...errors import RuleError
from ...game import Pending
from ...journal import Event
from .events import (
    CharacterAdded,
    CharacterRemoved,
    CharacterUpdated,
    ConflictCancelled,
    ConflictClosed,
    ConflictProposed,
    ConflictResolved,
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
    Conflict,
    Health,
    IsolationState,
    PairRoll,
    PendingGreens,
    RollRecord,
    pair_key,
)

__all__ = ["Tx", "apply"]


def _replace(state: IsolationState, **changes: Any) -> IsolationState:
    return dataclasses.replace(state, **changes)


def _open(state: IsolationState, event: Event) -> Conflict:
    if state.conflict is None:
        raise RuleError(f"{event.kind} needs a conflict in progress, and there is none")
    return state.conflict


def _with_conflict(state: IsolationState, **changes: Any) -> IsolationState:
    assert state.conflict is not None
    return _replace(state, conflict=dataclasses.replace(state.conflict, **changes))


def apply(state: IsolationState, event: Event) -> IsolationState:
    """Return ``state`` with ``event`` folded in (pure; raises RuleError if it cannot fit)."""
    match event:
        # ---------------------------------------------------------------- characters
        case CharacterAdded(character=character):
            if state.has_character(character.id):
                raise RuleError(f"a character with id {character.id!r} already exists")
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
                raise RuleError(f"{cid} still has links; remove them before the character")
            return _replace(state, characters=tuple(c for c in state.characters if c.id != cid))
        case HealthChanged(character_id=cid, old=old, new=new):
            return _health(state, cid, old, new)
        # ---------------------------------------------------------------- links
        case LinkAdded(link=link):
            expected = f"L{state.next_link}"
            if link.id != expected or link.serial != state.next_link:
                raise RuleError(f"link id {link.id!r} out of order; the next link is {expected}")
            if link.a == link.b or (link.a, link.b) != pair_key(link.a, link.b):
                raise RuleError(f"link {link.id} must join two characters, in sorted order")
            for cid in link.pair:
                if not state.character(cid).alive:
                    raise RuleError(f"{cid} is dead and can take no links")
            return _replace(state, links=(*state.links, link), next_link=state.next_link + 1)
        case LinkRemoved(link=link):
            if state.link(link.id) != link:
                raise RuleError(f"link {link.id} does not match the map")
            return _replace(state, links=tuple(x for x in state.links if x.id != link.id))
        case LinkRelabeled(link_id=lid, new=new):
            old_link = state.link(lid)
            relabeled = dataclasses.replace(old_link, label=new)
            return _replace(
                state, links=tuple(relabeled if x.id == lid else x for x in state.links)
            )
        # ---------------------------------------------------------------- scenario
        case StressChanged(old=old, new=new, reason=reason):
            if old != state.stress:
                raise RuleError(f"stress change from {old}, but Stress is {state.stress}")
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
        case DeathGreensPlaced(dead=dead):
            return _replace(
                state, pending_greens=tuple(p for p in state.pending_greens if p.dead != dead)
            )
        # ---------------------------------------------------------------- conflicts
        case ConflictProposed():
            if state.conflict is not None:
                raise RuleError("a conflict is already in progress")
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
                raise RuleError(f"{who} already rolled {colour} in this conflict")
            return _with_conflict(state, rolls=(*conflict.rolls, RollRecord(who, colour, roll)))
        case StancesRead(reading=reading):
            _open(state, event)
            return _with_conflict(state, first=reading)
        case StanceChosen(character=who, stance=stance):
            conflict = _open(state, event)
            if conflict.stance_of(who) is not None:
                raise RuleError(f"{who} already chose a stance")
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
    raise RuleError(f"Isolation has no event {event.kind!r}")


def _health(state: IsolationState, cid: str, old: Health, new: Health) -> IsolationState:
    character = state.character(cid)
    if character.health != old:
        raise RuleError(f"{cid} is {character.health}, not {old}")
    step = HEALTH_LADDER.index(new) - HEALTH_LADDER.index(old)
    if abs(step) != 1:
        raise RuleError(f"health moves one step at a time: {old} → {new} is not one step")
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


class Tx(Pending[IsolationState]):
    """A working copy of the Isolation state that rules add events to (see Pending)."""

    def __init__(self, state: IsolationState) -> None:
        super().__init__(state, apply)
