"""Strict replay of an Isolation journal: every event checked against the rules again.

The engine's fold (:mod:`isowidgets.rules.isolation.fold`) checks ids and order
only, so a resume stays cheap: it trusts the rules to have computed each value
before they journaled it. This helper is the test suite's check of that trust.
It replays a journal and, before folding each event, recomputes what the rules
would have made on that state: the dice a conflict's pool holds and how it
explodes (the whole pool plan), the stances the rolled dice allow, how far each
kind of Stress change may move, the leftover greens a death may still owe, the
outcomes a pair roll allows. Any difference raises
:class:`~isowidgets.errors.InconsistentEventError`, reported as a
:class:`~isowidgets.errors.JournalError` naming the line, as a resume would.

The property tests strict-replay every session they generate; the unit tests
strict-replay journals edited by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from isowidgets import checks
from isowidgets.dice import D6
from isowidgets.errors import InconsistentEventError, IsowidgetsError, JournalError
from isowidgets.journal import Event
from isowidgets.rules.isolation import IsolationGame, IsolationState
from isowidgets.rules.isolation.events import (
    DeathGreensDropped,
    DiceRolled,
    PairOutcome,
    StanceChosen,
    StancesRead,
    StressChanged,
)
from isowidgets.rules.isolation.model import STANCES, FirstReading, Stance
from isowidgets.rules.isolation.plan import explosion_rule, plan_for, read_first
from isowidgets.rules.isolation.sessions import pair_outcomes

__all__ = ["strict_check", "strict_replay"]

_CHECKS: dict[type[Event], Callable[[IsolationState, Any], None]] = {}


def _checks(kind: type[Event]) -> Callable[[Callable[[IsolationState, Any], None]], None]:
    def register(check: Callable[[IsolationState, Any], None]) -> None:
        _CHECKS[kind] = check

    return register


def _unfit(event: Event, message: str) -> InconsistentEventError:
    return InconsistentEventError(f"{event.kind}: {message}")


def strict_check(state: IsolationState, event: Event) -> None:
    """Refuse ``event`` unless the rules would have made it on ``state``."""
    check = _CHECKS.get(type(event))
    if check is not None:
        check(state, event)


def strict_replay(game: IsolationGame) -> IsolationState:
    """Replay ``game``'s journal (the actions in force), checking every event first.

    Returns the state it rebuilds (compare it with ``game.state``).

    Raises:
        JournalError: an event the rules would not have made, naming its line.
    """
    journal = game.journal
    entries = journal.effective()
    state = game.initial_state(game._start_settings(journal, entries[0]))
    for entry in entries[1:]:
        try:
            strict_check(state, entry.event)
            state = game._fold(state, entry.event)
        except IsowidgetsError as exc:
            raise JournalError(
                f"{journal.path or 'journal'}, line {journal.line_number(entry.seq)}: event "
                f"#{entry.seq} ({entry.kind}) does not replay: {exc}"
            ) from None
    return state


# --------------------------------------------------------------------------- stress

_RESULT_STEPS = (1, 2)
"""How far a conflict's result moves Stress (ISO-R34)."""


@_checks(StressChanged)
def _stress(state: IsolationState, event: StressChanged) -> None:
    """A Stress change moves as its source allows, when that source may move it
    (ISO-R34..R36, ISO-A18, ISO-A19)."""
    s = state.settings
    top = s.stress_max
    c = state.conflict
    when = {
        "gm": (c is None, "between conflicts (ISO-R35)"),
        "result": (c is not None and c.resolution is not None, "as a conflict resolves"),
        "settings": (c is None, "between conflicts, with a settings change"),
        "start": (c is None and not state.play_started, "before play begins"),
    }
    fits, allowed_when = when[event.source]
    if not fits:
        raise _unfit(
            event,
            f"({event.source}) Stress {event.old} → {event.new} at this point; allowed: "
            f"{allowed_when}",
        )
    if event.source in ("gm", "result"):
        asked = event.requested
        held = max(s.stress_min, event.old + asked)
        if top is not None:
            held = min(top, held)
        if event.source == "gm":
            step_fits = asked != 0 and abs(asked) <= checks.MAX_COUNT
            steps = f"a non-zero step of at most ±{checks.MAX_COUNT}"
        else:
            step_fits = abs(asked) in _RESULT_STEPS
            steps = "a step of ±1 or ±2"
        if not step_fits or event.new != held:
            raise _unfit(
                event,
                f"({event.source}) Stress {event.old} → {event.new} asking {asked:+d}; allowed: "
                f"{steps}, held by the bounds (ISO-R34, ISO-R35, ISO-A18)",
            )
    elif event.source == "start":
        if event.new > checks.MAX_COUNT:
            raise _unfit(
                event,
                f"(start) starting Stress {event.new}; allowed: stress_min {s.stress_min} up to "
                f"{checks.MAX_COUNT} within the bounds, before play begins (ISO-R36, ISO-A18)",
            )
    else:  # "settings": new house rules moved Stress onto a bound, or to a new start
        values = {s.stress_min} | ({top} if top is not None else set())
        if not state.play_started:
            values.add(s.stress_start)
        if event.new not in values:
            raise _unfit(
                event,
                f"(settings) Stress {event.new} is none of the values new house rules can set; "
                f"allowed: {', '.join(map(str, sorted(values)))} (stress_min, stress_max, or "
                "stress_start before play begins; ISO-A18, ISO-A19)",
            )


# --------------------------------------------------------------------------- conflicts


@_checks(DiceRolled)
def _roll(state: IsolationState, event: DiceRolled) -> None:
    """A conflict's pool is due, holds the dice :func:`plan_for` gives it, and explodes
    as the house rules say (ISO-R21, ISO-R22)."""
    conflict = state.conflict
    if conflict is None:
        return  # the fold refuses it, naming what is missing
    unit = plan_for(state, conflict).unit(event.who, event.colour)
    if not unit.ready:
        why = unit.waiting or f"conflict {conflict.number} is already resolved"
        raise _unfit(event, f"{unit.label} cannot be rolled yet; it waits for {why}")
    pool = event.roll.pool
    if pool.count != unit.count:
        sources = "; ".join(s.describe() for s in unit.sources) or "no dice"
        raise _unfit(
            event,
            f"{unit.label} holds {pool.count} base dice; allowed: exactly {unit.count}, as the "
            f"plan gives ({sources})",
        )
    explode, mode = explosion_rule(state.settings, event.colour, gm=unit.role == "GM")
    if pool.die != D6 or pool.explode_on != explode or pool.explosions != mode:
        faces = ", ".join(map(str, sorted(explode))) or "nothing"
        raise _unfit(
            event,
            f"{unit.label} is a {pool.describe()}; allowed: six-sided dice exploding on "
            f"{faces} ({mode}) (ISO-R21, ISO-R22, ISO-A02, ISO-A04, ISO-A05)",
        )
    if event.role != unit.role:
        raise _unfit(event, f"{unit.label} is rolled as {event.role!r}; allowed: {unit.role!r}")


@_checks(StancesRead)
def _reading(state: IsolationState, event: StancesRead) -> None:
    """The first interpretation is read from the rolled dice, once every first-stage pool
    is in (ISO-R23..R25, ISO-R14)."""
    conflict = state.conflict
    if conflict is None:
        return
    if conflict.automatic or not conflict.pps:
        raise _unfit(
            event,
            f"conflict {conflict.number} has no stances to read from dice (no Passive Players, "
            "or Stress 0 with no rolls)",
        )
    missing = [u.label for u in plan_for(state, conflict).stage("first") if u.rolled is None]
    if missing:
        raise _unfit(
            event,
            "stances are read once every first-stage pool is rolled; still to roll: "
            + ", ".join(missing),
        )
    expected = read_first(state, conflict)
    if event.reading != expected:
        raise _unfit(
            event,
            f"the journal reads {_reading_text(event.reading)}; allowed: only what the rolled "
            f"dice give, {_reading_text(expected)}",
        )


def _reading_text(reading: FirstReading) -> str:
    parts = [f"{r.character} net {r.net:+d} → {'/'.join(r.allowed)}" for r in reading.readings]
    return f"AP_odds {reading.ap_odds}; " + "; ".join(parts)


@_checks(StanceChosen)
def _stance(state: IsolationState, event: StanceChosen) -> None:
    """A Passive Player takes a stance the first reading allows (ISO-R14; any at Stress 0)."""
    conflict = state.conflict
    who = event.character
    if conflict is None or who not in conflict.pps:
        return  # the fold refuses it
    rolled: Stance
    allowed: tuple[Stance, ...]
    if conflict.automatic:
        rolled, allowed = "Cooperative", STANCES
    elif conflict.first is None:
        raise _unfit(event, f"{who} chooses a stance before the stances are read")
    else:
        reading = conflict.first.reading(who)
        rolled, allowed = reading.rolled, reading.allowed
    if event.stance not in allowed or (event.rolled, tuple(event.allowed)) != (rolled, allowed):
        raise _unfit(
            event,
            f"{who} is {event.stance} (rolled {event.rolled}, allowed "
            f"{'/'.join(event.allowed)}); allowed: {' or '.join(allowed)}, rolled {rolled} "
            "(ISO-R14)",
        )


# --------------------------------------------------------------------------- deaths, sessions


@_checks(DeathGreensDropped)
def _greens_dropped(state: IsolationState, event: DeathGreensDropped) -> None:
    """Only as many leftover greens stay owed as there are living pairs (ISO-A24)."""
    owed = next((p for p in state.pending_greens if p.dead == event.dead), None)
    if owed is None:
        return  # the fold refuses it
    room = min(owed.count, len(state.living_pairs()))
    if event.left != room:
        raise _unfit(
            event,
            f"{event.left} of {event.dead}'s leftover greens left owed; allowed: {room}, as "
            f"many as there are living pairs ({len(state.living_pairs())}) (ISO-A24)",
        )


@_checks(PairOutcome)
def _pair_outcome(state: IsolationState, event: PairOutcome) -> None:
    """An outcome the pending roll allows (ISO-R45), or ``void`` when one of the pair
    is dead or off the map."""
    pending = state.pair_roll
    if pending is None:
        return  # the fold refuses it
    gone = [
        who
        for who in (pending.a, pending.b)
        if not state.has_character(who) or not state.character(who).alive
    ]
    if event.choice == "void":
        if not gone:
            raise _unfit(event, f"{pending.a}–{pending.b}'s roll is void, yet both are alive")
    elif gone or event.choice not in pair_outcomes(state):
        allowed = "void" if gone else ", ".join(pair_outcomes(state))
        raise _unfit(event, f"outcome {event.choice!r}; allowed: {allowed} (ISO-R45)")
