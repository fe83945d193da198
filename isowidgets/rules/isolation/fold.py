"""Folding events into the Isolation state: the pure heart of replay.

:data:`fold` never rolls, never asks, never reads a clock: an event carries
every value it introduces, so the same journal always rebuilds the same state.
It checks that an event fits the state it lands on, by ids and order: a link
removed must be on the map, a new link takes the next id, a Stress change
starts from the current level and stays within the house-rule bounds, a pool
is rolled once, a stance is read once. It does not recompute what the rules
decided (the dice a pool holds, the stances a roll allows): the rules did that
before making the event, and the strict replay of the test suite checks every
journaled event against them again.

An event that does not fit raises
:class:`~isowidgets.errors.InconsistentEventError` (a
:class:`~isowidgets.errors.JournalError`, never a
:class:`~isowidgets.errors.RuleError`): the rules refuse a bad request before
they make any event, so an event that does not fit is a bug in the rules that
made it or a journal edited by hand. Replay (:meth:`Game.resume
<.resume>`, undo) reports it as a ``JournalError`` naming
the line.
"""

from __future__ import annotations

from typing import Any, Literal

from ...checks import shown
from ...contract import Fold, replace
from ...errors import InconsistentEventError
from ...journal import Event
from ...words import Listing, Message, msg
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
    Conflict,
    IsolationState,
    PairRoll,
    PendingGreens,
    RollRecord,
    pair_key,
)

__all__ = ["fold"]

fold = Fold[IsolationState]("Isolation")
"""The Isolation fold: ``fold(state, event)`` is the state after ``event``."""


def _unfit(event: Event, problem: Message) -> InconsistentEventError:
    """The error for ``event`` not fitting the state, naming the event's kind first (the
    same error :func:`~isowidgets.errors.folding` makes of a failed lookup)."""
    return InconsistentEventError(
        "core.inconsistent_event", "{kind}: {problem}", kind=event.kind, problem=problem
    )


def _replace(state: IsolationState, **changes: Any) -> IsolationState:
    return replace(state, **changes)


def _open(state: IsolationState, event: Event, *, unresolved: bool = False) -> Conflict:
    """The conflict in progress that ``event`` changes (not yet resolved, if asked)."""
    c = state.conflict
    if c is None:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_no_conflict",
                "it needs a conflict in progress, and there is none",
            ),
        )
    if unresolved and c.resolution is not None:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_after_resolution",
                "it comes after conflict {number} is resolved",
                number=c.number,
            ),
        )
    return c


def _with_conflict(state: IsolationState, event: Event, **changes: Any) -> IsolationState:
    conflict = replace(_open(state, event), **changes)
    return _replace(state, conflict=conflict)


# --------------------------------------------------------------------------- characters


@fold.on(CharacterAdded)
def _character_added(state: IsolationState, event: CharacterAdded) -> IsolationState:
    if state.has_character(event.character.id):
        raise _unfit(
            event,
            msg(
                "isolation.unfit_character_exists",
                "a character with id {id} already exists",
                id=shown(event.character.id),
            ),
        )
    return _replace(state, characters=(*state.characters, event.character))


@fold.on(CharacterUpdated)
def _character_updated(state: IsolationState, event: CharacterUpdated) -> IsolationState:
    new = event.character
    state.character(new.id)
    return _replace(state, characters=tuple(new if c.id == new.id else c for c in state.characters))


@fold.on(CharacterRemoved)
def _character_removed(state: IsolationState, event: CharacterRemoved) -> IsolationState:
    cid = event.character_id
    state.character(cid)
    if state.links_of(cid):
        raise _unfit(
            event,
            msg(
                "isolation.unfit_removed_with_links",
                "{cid} still has links; remove them before the character",
                cid=cid,
            ),
        )
    return _replace(state, characters=tuple(c for c in state.characters if c.id != cid))


@fold.on(HealthChanged)
def _health_changed(state: IsolationState, event: HealthChanged) -> IsolationState:
    cid, old, new = event.character_id, event.old, event.new
    character = state.character(cid)
    if character.health != old:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_health_not_current",
                "{cid} is {health}, not {old}",
                cid=cid,
                health=character.health,
                old=old,
            ),
        )
    step = HEALTH_LADDER.index(new) - HEALTH_LADDER.index(old)
    if abs(step) != 1:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_health_step",
                "health moves one step at a time: {old} → {new} is not one step",
                old=old,
                new=new,
            ),
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
    updated = replace(character, health=new, injury_sets=sets)
    return _replace(
        state,
        characters=tuple(updated if c.id == cid else c for c in state.characters),
        injury_window=window,
    )


# --------------------------------------------------------------------------- links


@fold.on(LinkAdded)
def _link_added(state: IsolationState, event: LinkAdded) -> IsolationState:
    link = event.link
    expected = f"L{state.next_link}"
    if link.id != expected or link.serial != state.next_link:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_link_id_order",
                "link id {id} out of order; the next link is {expected}",
                id=shown(link.id),
                expected=expected,
            ),
        )
    if link.a == link.b or (link.a, link.b) != pair_key(link.a, link.b):
        raise _unfit(
            event,
            msg(
                "isolation.unfit_link_ends",
                "link {id} must join two characters, in sorted order",
                id=link.id,
            ),
        )
    for cid in link.pair:
        if not state.character(cid).alive:
            raise _unfit(
                event,
                msg("isolation.unfit_link_to_dead", "{cid} is dead and can take no links", cid=cid),
            )
    return _replace(state, links=(*state.links, link), next_link=state.next_link + 1)


@fold.on(LinkRemoved)
def _link_removed(state: IsolationState, event: LinkRemoved) -> IsolationState:
    link = event.link
    if state.link(link.id) != link:
        raise _unfit(
            event,
            msg("isolation.unfit_link_not_on_map", "link {id} does not match the map", id=link.id),
        )
    return _replace(state, links=tuple(x for x in state.links if x.id != link.id))


@fold.on(LinkRelabeled)
def _link_relabeled(state: IsolationState, event: LinkRelabeled) -> IsolationState:
    relabeled = replace(state.link(event.link_id), label=event.new)
    return _replace(
        state, links=tuple(relabeled if x.id == relabeled.id else x for x in state.links)
    )


# --------------------------------------------------------------------------- scenario


@fold.on(StressChanged)
def _stress_changed(state: IsolationState, event: StressChanged) -> IsolationState:
    """A Stress change starts from the current level and ends within the house-rule
    bounds (ISO-A18), so the state never holds a Stress Level the bounds forbid."""
    s = state.settings
    if event.old != state.stress:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_stress_not_current",
                "a change from Stress {old}, but the Stress Level is {stress}",
                old=shown(event.old),
                stress=state.stress,
            ),
        )
    top = s.stress_max
    if event.new < s.stress_min or (top is not None and event.new > top):
        raise _unfit(
            event,
            msg(
                "isolation.unfit_stress_out_of_bounds",
                "Stress {new} is outside the house-rule bounds; allowed: stress_min {stress_min} "
                "up to stress_max {top} (ISO-A18)",
                new=shown(event.new),
                stress_min=s.stress_min,
                top=top if top is not None else msg("isolation.no_ceiling", "no ceiling"),
            ),
        )
    history = (*state.stress_history, (event.new, event.reason))
    return _replace(state, stress=event.new, stress_history=history)


@fold.on(ThreatChanged)
def _threat_changed(state: IsolationState, event: ThreatChanged) -> IsolationState:
    return _replace(state, threat=event.present)


@fold.on(PlayStarted)
def _play_started(state: IsolationState, event: PlayStarted) -> IsolationState:
    return _replace(state, play_started=True)


@fold.on(SessionEnded)
def _session_ended(state: IsolationState, event: SessionEnded) -> IsolationState:
    return _replace(state, interlude=True, pairs_rolled=(), injury_window=())


@fold.on(SessionBegun)
def _session_begun(state: IsolationState, event: SessionBegun) -> IsolationState:
    if state.pair_roll is not None:
        raise _unfit(
            event,
            msg("isolation.unfit_pair_roll_waiting", "a pair roll still waits for its outcome"),
        )
    return _replace(state, interlude=False, session=event.session, pairs_rolled=())


@fold.on(PairRolled)
def _pair_rolled(state: IsolationState, event: PairRolled) -> IsolationState:
    if state.pair_roll is not None:
        raise _unfit(
            event,
            msg("isolation.unfit_pair_roll_waiting", "a pair roll still waits for its outcome"),
        )
    key = pair_key(event.a, event.b)
    pending = PairRoll(*key, event.evens, event.odds)
    return _replace(
        state,
        pair_roll=None if pending.winner == "tie" else pending,
        pairs_rolled=(*state.pairs_rolled, key),
    )


@fold.on(PairOutcome)
def _pair_outcome(state: IsolationState, event: PairOutcome) -> IsolationState:
    p = state.pair_roll
    if p is None or (p.a, p.b) != pair_key(event.a, event.b):
        waiting = f"{p.a}–{p.b}" if p is not None else "none"
        raise _unfit(
            event,
            msg(
                "isolation.unfit_outcome_other_pair",
                "an outcome for {a}–{b}, but the pair roll waiting is {waiting}",
                a=event.a,
                b=event.b,
                waiting=waiting,
            ),
        )
    return _replace(state, pair_roll=None)


@fold.on(DeathGreensShared)
def _death_greens_shared(state: IsolationState, event: DeathGreensShared) -> IsolationState:
    if not event.pending:
        return state
    owed = PendingGreens(event.dead, event.pending)
    return _replace(state, pending_greens=(*state.pending_greens, owed))


@fold.on(DeathGreensDropped)
def _death_greens_dropped(state: IsolationState, event: DeathGreensDropped) -> IsolationState:
    dead, left = event.dead, event.left
    owed = next((p for p in state.pending_greens if p.dead == dead), None)
    if owed is None or event.dropped + left != owed.count:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_greens_dropped",
                "{dropped} of {dead}'s leftover greens dropped, {left} left; allowed: {dead} owes "
                "{owed} in all (ISO-A24)",
                dropped=event.dropped,
                dead=dead,
                left=left,
                owed=owed.count if owed else 0,
            ),
        )
    still = tuple(
        PendingGreens(dead, left) if p.dead == dead else p
        for p in state.pending_greens
        if p.dead != dead or left
    )
    return _replace(state, pending_greens=still)


@fold.on(DeathGreensPlaced)
def _death_greens_placed(state: IsolationState, event: DeathGreensPlaced) -> IsolationState:
    kept = tuple(p for p in state.pending_greens if p.dead != event.dead)
    return _replace(state, pending_greens=kept)


# --------------------------------------------------------------------------- conflicts


@fold.on(ConflictProposed)
def _conflict_proposed(state: IsolationState, event: ConflictProposed) -> IsolationState:
    if state.conflict is not None:
        raise _unfit(
            event, msg("isolation.unfit_conflict_in_progress", "a conflict is already in progress")
        )
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


@fold.on(FactorsSet)
def _factors_set(state: IsolationState, event: FactorsSet) -> IsolationState:
    factors = event.factors
    kept = tuple(f for f in _open(state, event).factors if f.character != factors.character)
    return _with_conflict(state, event, factors=kept if factors.empty else (*kept, factors))


@fold.on(PhysicalMarked)
def _physical_marked(state: IsolationState, event: PhysicalMarked) -> IsolationState:
    return _with_conflict(state, event, physical=event.physical)


@fold.on(HostileDeclared)
def _hostile_declared(state: IsolationState, event: HostileDeclared) -> IsolationState:
    c = _open(state, event, unresolved=True)
    return _with_conflict(state, event, declared_hostile=(*c.declared_hostile, event.character))


@fold.on(DifficultySet)
def _difficulty_set(state: IsolationState, event: DifficultySet) -> IsolationState:
    return _with_conflict(state, event, difficulty=event.difficulty)


@fold.on(DiceRolled)
def _dice_rolled(state: IsolationState, event: DiceRolled) -> IsolationState:
    c = _open(state, event, unresolved=True)
    if c.roll_of(event.who, event.colour) is not None:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_pool_rolled_twice",
                "{who} already rolled {colour} in this conflict",
                who=event.who,
                colour=event.colour,
            ),
        )
    record = RollRecord(event.who, event.colour, event.roll)
    return _with_conflict(state, event, rolls=(*c.rolls, record))


@fold.on(StancesRead)
def _stances_read(state: IsolationState, event: StancesRead) -> IsolationState:
    c = _open(state, event, unresolved=True)
    if c.first is not None:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_stances_read_twice",
                "the stances of conflict {number} are already read",
                number=c.number,
            ),
        )
    return _with_conflict(state, event, first=event.reading)


@fold.on(StanceChosen)
def _stance_chosen(state: IsolationState, event: StanceChosen) -> IsolationState:
    c = _open(state, event, unresolved=True)
    who = event.character
    if who not in c.pps:
        raise _unfit(
            event,
            msg(
                "isolation.unfit_stance_of_no_pp",
                "{who} is not a Passive Player of conflict {number}; allowed: {pps}",
                who=shown(who),
                number=c.number,
                pps=Listing.of(c.pps, "unit") if c.pps else msg("isolation.nobody", "nobody"),
            ),
        )
    if c.stance_of(who) is not None:
        raise _unfit(
            event,
            msg("isolation.unfit_stance_chosen_twice", "{who} already chose a stance", who=who),
        )
    return _with_conflict(state, event, stances=(*c.stances, (who, event.stance)))


@fold.on(Downgraded)
def _downgraded(state: IsolationState, event: Downgraded) -> IsolationState:
    c = _open(state, event, unresolved=True)
    return _with_conflict(state, event, downgraded=(*c.downgraded, event.character))


@fold.on(ConflictResolved)
def _conflict_resolved(state: IsolationState, event: ConflictResolved) -> IsolationState:
    _open(state, event, unresolved=True)
    return _with_conflict(state, event, resolution=event.resolution, explanation=event.explanation)


@fold.on(WoundsPending)
def _wounds_pending(state: IsolationState, event: WoundsPending) -> IsolationState:
    return _with_conflict(
        state, event, wounds_left=event.wounds, wound_pool=tuple(event.candidates)
    )


@fold.on(WoundsAssigned)
def _wounds_assigned(state: IsolationState, event: WoundsAssigned) -> IsolationState:
    dealt = dict(_open(state, event).wounds_dealt)
    for who, n in event.assignment.items():
        dealt[who] = dealt.get(who, 0) + n
    return _with_conflict(
        state, event, wounds_left=0, wound_pool=(), wounds_dealt=tuple(dealt.items())
    )


@fold.on(ConflictClosed)
def _conflict_closed(state: IsolationState, event: ConflictClosed) -> IsolationState:
    closed = replace(_open(state, event), closed=True)
    return _replace(state, conflict=None, last_conflict=closed)


@fold.on(ConflictCancelled)
def _conflict_cancelled(state: IsolationState, event: ConflictCancelled) -> IsolationState:
    _open(state, event, unresolved=True)
    return _replace(state, conflict=None)
