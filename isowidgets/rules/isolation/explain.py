"""Readable breakdowns of a conflict: which die came from where, what cancelled what.

:func:`explain` turns a fully rolled (or automatic) conflict into an
:class:`~.model.Explanation`: each pool with its sources and faces, each
stance with the arithmetic and the reason it was allowed, the opposing pool's
composition, and the margin and degree. It is stored in the
``conflict_resolved`` event, so the log and a widget show the same thing.
"""

from __future__ import annotations

from ._common import faces_word
from .model import (
    GM,
    Conflict,
    ExplainedPool,
    ExplainedStance,
    Explanation,
    IsolationState,
    Resolution,
)
from .plan import plan_for, read_second

__all__ = ["explain", "explain_stance"]


def _used(state: IsolationState, c: Conflict, who: str, colour: str) -> str:
    """What a pool did in the second interpretation (mirrors :func:`~.plan.read_second`)."""
    stance = c.stance_of(who)
    if who == GM:
        return "its odds oppose the team"
    if who == c.target:
        return (
            "its odds oppose the team" if colour == "red" else "its evens cancel the target's odds"
        )
    if who == c.ap:
        if colour == "green":
            return "pooled (the AP always pools their green dice)"
        if not c.alone:
            return "stances only"
        if state.settings.alone_own_red_cancels:
            return "cancels the AP's own green (going alone, ISO-A27)"
        return "not used (going alone; alone_own_red_cancels is off, ISO-A27)"
    if who in c.downgraded:
        return "cancels team evens (turned Hostile)"
    if stance == "Cooperative":
        return "pooled" if colour == "green" else "stances only"
    if stance == "Hostile":
        return "cancels team evens" if colour == "red" else "stances only"
    return "not used (Neutral)"


def explain_stance(state: IsolationState, c: Conflict, who: str) -> ExplainedStance:
    """Why ``who`` could take the stances they could (ISO-R13, ISO-R14, ISO-R25, ISO-A07)."""
    chosen = c.stance_of(who)
    if c.automatic:
        return ExplainedStance(
            who,
            None,
            "Cooperative",
            ("Cooperative", "Neutral", "Hostile"),
            chosen,
            "Stress 0: stances are free (ISO-R37)",
        )
    if c.first is None:
        return ExplainedStance(who, None, "Neutral", (), chosen, "not read yet")
    r = c.first.reading(who)
    s = state.settings
    if r.declared_hostile:
        why = "declared Hostile without rolling (ISO-R13)"
    else:
        arithmetic = (
            f"{r.green_evens} green evens − {r.red_odds} red odds = {r.evens:+d}; "
            f"− the Active Player's odds {c.first.ap_odds} = net {r.net:+d}"
        )
        if r.rolled == "Cooperative":
            band = f"net ≥ {s.cooperate_net_min}: may cooperate"
        elif r.rolled == "Hostile":
            band = f"net ≤ {s.hostile_net_max}: must be Hostile"
        else:
            band = "neither: may stay Neutral"
        why = f"{arithmetic}; {band} (ISO-R25), downgrade only (ISO-R14)"
        if r.free:
            why += "; no red links with the AP, so Cooperative is open whatever the roll (ISO-A07)"
    return ExplainedStance(who, r.net, r.rolled, r.allowed, chosen, why)


def _names(state: IsolationState, c: Conflict) -> tuple[tuple[str, str], ...]:
    """Who takes part in ``c``, by name (the GM as "the GM"), for the lines a person reads."""
    ids = dict.fromkeys([c.ap, *c.pps, *c.defaulted, *([c.target] if c.target else [])])
    named = [(cid, state.character(cid).name) for cid in ids if state.has_character(cid)]
    return ((GM, "the GM"), *named)


def explain(
    state: IsolationState, c: Conflict, resolution: Resolution | None = None
) -> Explanation:
    """The full breakdown of conflict ``c`` as it stands on ``state`` (before consequences)."""
    if c.automatic:
        degree = resolution.degree if resolution else "Basic Success"
        auto = (
            f"Stress is 0 and nothing threatens: no rolls; the action is an automatic {degree} "
            "(ISO-R37)",
        )
        stances = tuple(explain_stance(state, c, pp) for pp in c.pps)
        return Explanation(
            c.number, c.mode, degree, None, 0, 0, (), stances, auto, _names(state, c)
        )
    plan = plan_for(state, c)
    pools = []
    for unit in plan.units:
        roll = unit.rolled
        if roll is None:
            reading = "not rolled"
        elif unit.colour == "green":
            reading = faces_word(roll.evens, "even")
        else:
            reading = faces_word(roll.odds, "odd")
        pools.append(
            ExplainedPool(
                who=unit.who,
                colour=unit.colour,
                role=unit.role,
                count=unit.count,
                sources=tuple(s.describe() for s in unit.sources),
                faces=roll.faces_text() if roll else "",
                reading=reading,
                used=_used(state, c, unit.who, unit.colour),
            )
        )
    steps: list[str] = []
    if c.first is not None:
        f = c.first
        steps.append(
            f"the Active Player's odds: {f.ap_red_odds} red odds − {f.ap_green_evens} green "
            f"evens (never below 0) = {f.ap_odds} (ISO-R23)"
        )
    stances = tuple(explain_stance(state, c, pp) for pp in c.pps)
    second = read_second(state, c)
    r = resolution or second.resolution
    names = dict(_names(state, c))
    pooled = " + ".join(f"{names.get(who, who)} {n}" for who, n in second.pooled)
    steps.append(f"pooled green evens: {pooled} = {r.pooled_evens} (ISO-R29)")
    if second.cancelling:
        cancels = " + ".join(f"{names.get(who, who)} {n}" for who, n in second.cancelling)
        steps.append(f"cancelling red odds: {cancels} = {r.cancelling_odds} (ISO-R30)")
    steps.append(
        f"team evens = ⌊{r.pooled_evens} − {r.cancelling_odds}⌋₀ = {r.team_evens} (ISO-R30)"
    )
    if c.mode == "direct":
        steps.append(f"no GM roll; the target opposes: {second.opposition_detail} (ISO-R43)")
    else:
        gm = plan.unit(GM, "red")
        parts = " + ".join(f"{s.count} {s.source}" for s in gm.sources)
        steps.append(
            f"GM pool: {parts} = {gm.count} red dice; {second.opposition_detail} (ISO-R28)"
        )
    steps.append(
        f"margin = {r.team_evens} − {r.opposition_odds} = {r.margin:+d} → {r.degree} (ISO-R31)"
    )
    if r.wounds:
        noun = "wound" if r.wounds == 1 else "wounds"
        steps.append(f"physically threatening failure: {r.wounds} {noun} (ISO-R39)")
    return Explanation(
        c.number,
        c.mode,
        r.degree,
        r.margin,
        r.team_evens,
        r.opposition_odds,
        tuple(pools),
        stances,
        tuple(steps),
        tuple(names.items()),
    )
