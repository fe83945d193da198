"""Where every die of a conflict comes from, and how the rolled dice read.

:func:`plan_for` is a pure query: given a state and a conflict (proposed or
only composed), it lists every pool to roll (the :class:`RollUnit`), each with
its dice broken down by source (a link count, a modifier, the Stress Level),
whether it can be rolled yet and, if not, what it waits for. A widget shows it
before anyone rolls; the rules use it to validate each step.

:func:`read_first` and :func:`read_second` are the two interpretations of the
one roll (ISO-R23..R25 and ISO-R29..R31); :func:`degree_for` is table T-ISO-2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...checks import shown
from ...dice import PoolRoll
from ...errors import RuleError
from ...words import Listing, Message, msg
from .events import DIFFICULTY_NAMES
from .model import (
    GM,
    STANCES,
    Colour,
    Conflict,
    Degree,
    Factors,
    FirstReading,
    IsolationState,
    PPReading,
    Resolution,
    Stance,
)
from .settings import IsolationSettings

__all__ = [
    "DieSource",
    "PoolPlan",
    "RollUnit",
    "degree_for",
    "explosion_rule",
    "plan_for",
    "read_first",
    "read_second",
    "stance_for_net",
]

Role = Literal["AP", "PP", "GM", "target", "downgrader", "volunteer"]


@dataclass(frozen=True, slots=True)
class DieSource:
    """Some dice of one pool and the reason for them.

    Attributes:
        source: a short key: ``links``, ``profession``, ``stress``, ``roleplay``,
            ``goal_bias``, ``relevant_label``, ``difficulty``, ``living``,
            ``situational``.
        detail: the sentence a player reads (``"2 green links with Alice"``).
        ref: the rule that grants the dice.
        link_ids: the links counted, for highlighting them on the map.
    """

    colour: Colour
    count: int
    source: str
    detail: str
    ref: str
    link_ids: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"+{self.count} {self.detail} [{self.ref}]"


@dataclass(frozen=True, slots=True)
class RollUnit:
    """One pool of a conflict: who rolls it, which colour, from what, and whether it can roll now.

    Attributes:
        stage: ``first`` pools are rolled before stances are read; ``second``
            pools (the GM, a direct-action target, downgraders) after.
        ready: it may be rolled now; otherwise ``waiting`` says what for.
        rolled: the roll, once made.
    """

    who: str
    colour: Colour
    role: Role
    stage: Literal["first", "second"]
    sources: tuple[DieSource, ...]
    ready: bool
    waiting: str
    rolled: PoolRoll | None

    @property
    def count(self) -> int:
        return sum(s.count for s in self.sources)

    @property
    def key(self) -> tuple[str, Colour]:
        return (self.who, self.colour)

    @property
    def label(self) -> str:
        return f"{self.who} {self.colour}"

    def describe(self) -> str:
        parts = "; ".join(s.describe() for s in self.sources) or "no dice"
        state = (
            f"rolled [{self.rolled.faces_text()}]"
            if self.rolled
            else ("ready" if self.ready else f"waiting: {self.waiting}")
        )
        dice = f"{self.count} die" if self.count == 1 else f"{self.count} dice"
        return f"{self.who} ({self.role}) {self.colour}: {dice} = {parts}; {state}"


@dataclass(frozen=True, slots=True)
class PoolPlan:
    """Every pool of one conflict (see :func:`plan_for`)."""

    conflict: Conflict
    units: tuple[RollUnit, ...]
    living: int
    stress: int

    def unit(self, who: str, colour: Colour) -> RollUnit:
        if isinstance(who, str):  # never compare a foreign type: its __eq__ may raise
            for unit in self.units:
                if unit.who == who and unit.colour == colour:
                    return unit
        listed: Listing | Message = (
            Listing.of((f"{u.who}/{u.colour}" for u in self.units), "unit")
            if self.units
            else msg("isolation.none", "none")
        )
        raise RuleError(
            "isolation.no_such_pool",
            "{who} has no {colour} pool in conflict {number}; the pools are: {listed}",
            who=shown(who),
            colour=shown(colour),
            number=self.conflict.number,
            listed=listed,
        )

    def stage(self, stage: str) -> tuple[RollUnit, ...]:
        return tuple(u for u in self.units if u.stage == stage)

    @property
    def first_done(self) -> bool:
        return all(u.rolled is not None for u in self.stage("first"))

    @property
    def all_rolled(self) -> bool:
        return all(u.rolled is not None for u in self.units)

    def ready(self) -> tuple[RollUnit, ...]:
        """Pools that can be rolled right now."""
        return tuple(u for u in self.units if u.ready and u.rolled is None)

    def lines(self) -> list[str]:
        return [u.describe() for u in self.units]


# --------------------------------------------------------------------------- explosions


def explosion_rule(
    settings: IsolationSettings, colour: Colour, *, gm: bool = False
) -> tuple[frozenset[int], Literal["mandatory", "optional"]]:
    """The faces that explode in an Isolation pool, and whether taking them is optional.

    Green dice explode on 6, optional only under ``green_explosion_optional``
    (ISO-A04); red dice on 1, the GM's only with ``gm_red_ones_explode``
    (ISO-A02). A house limit on explosions (``max_explosions_per_pool``,
    ISO-A05) records every pool as optional, so the dice whose chain the limit
    stopped are marked as declined.
    """
    if colour == "green":
        explode = frozenset({6})
        optional = settings.green_explosion_optional
    else:
        explode = frozenset({1}) if (not gm or settings.gm_red_ones_explode) else frozenset()
        optional = False
    limited = settings.max_explosions_per_pool is not None
    return explode, "optional" if optional or limited else "mandatory"


# --------------------------------------------------------------------------- sources


def _links(state: IsolationState, a: str, b: str, colour: Colour, ref: str) -> list[DieSource]:
    found = tuple(x.id for x in state.links_between(a, b) if x.colour == colour)
    if not found:
        return []
    word = "link" if len(found) == 1 else "links"
    other = state.character(b).name
    return [DieSource(colour, len(found), "links", f"{colour} {word} with {other}", ref, found)]


def _goal_bias(
    state: IsolationState, f: Factors, ref: str, *, green: bool = True, red: bool = True
) -> list[DieSource]:
    """ISO-R18/R20 Goal-or-Bias dice, one per side or one per trait (ISO-A09)."""
    out: list[DieSource] = []
    per_trait = state.settings.goal_bias_die_per_trait
    fors = [t for t, on in (("Goal", f.goal_for), ("Bias", f.bias_for)) if on]
    againsts = [t for t, on in (("Goal", f.goal_against), ("Bias", f.bias_against)) if on]
    if green and fors:
        if per_trait:
            out += [
                DieSource("green", 1, "goal_bias", f"serves the {t}", f"{ref}, ISO-A09")
                for t in fors
            ]
        else:
            out.append(DieSource("green", 1, "goal_bias", f"serves the {' or '.join(fors)}", ref))
    if red and againsts:
        if per_trait:
            out += [
                DieSource("red", 1, "goal_bias", f"goes against the {t}", f"{ref}, ISO-A09")
                for t in againsts
            ]
        else:
            out.append(
                DieSource("red", 1, "goal_bias", f"goes against the {' or '.join(againsts)}", ref)
            )
    return out


def _relevant(state: IsolationState, f: Factors, *, colours: tuple[Colour, ...]) -> list[DieSource]:
    out = []
    for link_id in f.relevant_links:
        link = state.link(link_id)
        if link.colour in colours:
            out.append(
                DieSource(
                    link.colour,
                    1,
                    "relevant_label",
                    f"relevant label “{link.label}”",
                    "ISO-R20, ISO-A08",
                    (link.id,),
                )
            )
    return out


def _ap_sources(state: IsolationState, c: Conflict) -> tuple[list[DieSource], list[DieSource]]:
    s = state.settings
    ap = state.character(c.ap)
    f = c.factors_of(c.ap)
    greens: list[DieSource] = []
    reds: list[DieSource] = []
    if c.alone:
        if c.mode == "alone" or s.direct_alone_green_dice == "gm_difficulty":
            ref = "ISO-R42" if c.mode == "alone" else "ISO-A28"
            n = c.difficulty or 0
            name = DIFFICULTY_NAMES.get(n, "not set yet")
            greens.append(DieSource("green", n, "difficulty", f"Difficulty ({name})", ref))
    else:
        for pp in c.pps:
            greens += _links(state, c.ap, pp, "green", "ISO-R17")
            reds += _links(state, c.ap, pp, "red", "ISO-R17")
    if f.profession:
        greens.append(
            DieSource("green", 1, "profession", f"Profession ({ap.profession})", "ISO-R18")
        )
    if f.roleplay:
        greens.append(
            DieSource("green", f.roleplay, "roleplay", "exceptional role-play", "ISO-R18")
        )
    gb = _goal_bias(state, f, "ISO-R18")
    greens += [x for x in gb if x.colour == "green"]
    if state.stress:
        reds.append(DieSource("red", state.stress, "stress", "Stress Level", "ISO-R18"))
    reds += [x for x in gb if x.colour == "red"]
    return greens, reds


def _pp_sources(
    state: IsolationState, c: Conflict, pp: str, *, hostile: bool
) -> tuple[list[DieSource], list[DieSource]]:
    s = state.settings
    f = c.factors_of(pp)
    character = state.character(pp)
    greens = _links(state, pp, c.ap, "green", "ISO-R19")
    reds = _links(state, pp, c.ap, "red", "ISO-R19")
    red_mods = _relevant(state, f, colours=("red",)) + _goal_bias(state, f, "ISO-R20", green=False)
    if s.stress_dice_for_passive and state.stress:
        red_mods.append(DieSource("red", state.stress, "stress", "Stress Level", "ISO-A03"))
    if hostile:
        if s.hostile_without_roll_contributes == "links_and_modifiers":
            reds += red_mods
        return [], reds
    greens += _relevant(state, f, colours=("green",)) + _goal_bias(state, f, "ISO-R20", red=False)
    if f.profession:
        greens.append(
            DieSource("green", 1, "profession", f"Profession ({character.profession})", "ISO-R20")
        )
    return greens, reds + red_mods


def _downgrader_sources(state: IsolationState, c: Conflict, who: str) -> list[DieSource]:
    ref = "ISO-R42" if c.mode == "alone" else "ISO-R41"
    reds = _links(state, who, c.ap, "red", ref)
    if state.settings.downgrade_dice_include_modifiers:
        f = c.factors_of(who)
        reds += _relevant(state, f, colours=("red",)) + _goal_bias(state, f, "ISO-A14", green=False)
    return reds


def _target_sources(state: IsolationState, c: Conflict) -> tuple[list[DieSource], list[DieSource]]:
    assert c.target is not None
    f = c.factors_of(c.target)
    living = state.living_count()
    reds = _links(state, c.target, c.ap, "red", "ISO-R43")
    if living - 1 > 0:
        reds.append(DieSource("red", living - 1, "living", "Living Characters − 1", "ISO-R43"))
    if state.stress:
        reds.append(DieSource("red", state.stress, "stress", "Stress Level", "ISO-R43"))
    if f.extra_red:
        reds.append(
            DieSource("red", f.extra_red, "situational", "situational modifiers", "ISO-R43")
        )
    greens = []
    if f.extra_green:
        greens.append(
            DieSource(
                "green",
                f.extra_green,
                "situational",
                "situational modifiers (cancel odds)",
                "ISO-R43",
            )
        )
    return greens, reds


def _gm_sources(state: IsolationState, c: Conflict) -> list[DieSource]:
    living = state.living_count()
    out = []
    if c.difficulty:
        name = DIFFICULTY_NAMES[c.difficulty]
        out.append(DieSource("red", c.difficulty, "difficulty", f"Difficulty {name}", "ISO-R27"))
    out.append(DieSource("red", living, "living", "Living Characters", "ISO-R28"))
    if state.stress:
        out.append(DieSource("red", state.stress, "stress", "Stress Level", "ISO-R28"))
    return out


# --------------------------------------------------------------------------- the plan


_RECENT_PLANS: list[tuple[IsolationState, Conflict, PoolPlan]] = []
"""The last few plans made, newest last (see :func:`plan_for`)."""

_RECENT_PLANS_KEPT = 8


def plan_for(state: IsolationState, c: Conflict) -> PoolPlan:
    """Every pool of conflict ``c`` on ``state``, with sources and readiness (pure).

    An automatic conflict (Stress 0, ISO-R37) has no pools.

    One click asks for the plan of the same state several times (the engine's
    checks, its next steps, the widgets' pool rows). States and conflicts are
    frozen, so the last few plans are kept and found again by identity; the
    entries hold their state and conflict, so an ``id`` is never reused while
    kept.
    """
    for known_state, known_c, plan in reversed(_RECENT_PLANS):
        if known_state is state and known_c is c:
            return plan
    plan = _plan(state, c)
    _RECENT_PLANS.append((state, c, plan))
    del _RECENT_PLANS[:-_RECENT_PLANS_KEPT]
    return plan


def _plan(state: IsolationState, c: Conflict) -> PoolPlan:
    living = state.living_count()
    if c.automatic:
        return PoolPlan(c, (), living, state.stress)
    s = state.settings
    units: list[RollUnit] = []
    resolved = c.resolution is not None

    def unit(
        who: str,
        colour: Colour,
        role: Role,
        stage: Literal["first", "second"],
        sources: list[DieSource],
        waiting: str,
    ) -> None:
        rolled = c.roll_of(who, colour)
        ready = not waiting and not resolved and rolled is None
        units.append(RollUnit(who, colour, role, stage, tuple(sources), ready, waiting, rolled))

    # first stage: the AP and the Passive Players
    greens, reds = _ap_sources(state, c)
    needs_difficulty = any(x.source == "difficulty" for x in greens)
    unit(
        c.ap,
        "green",
        "AP",
        "first",
        greens,
        "the Difficulty (it sets the green dice)" if needs_difficulty and not c.difficulty else "",
    )
    unit(c.ap, "red", "AP", "first", reds, "")
    for pp in c.pps:
        hostile = pp in c.declared_hostile
        greens, reds = _pp_sources(state, c, pp, hostile=hostile)
        if not hostile:
            unit(pp, "green", "PP", "first", greens, "")
        unit(pp, "red", "PP", "first", reds, "")
    first_done = all(u.rolled is not None for u in units)
    stances_done = c.all_stances_chosen
    # second stage: the opposition, then downgraders
    if c.mode == "direct":
        greens, reds = _target_sources(state, c)
        assert c.target is not None
        waiting = "" if (first_done and stances_done) else "every stance (ISO-R26)"
        unit(c.target, "red", "target", "second", reds, waiting)
        unit(c.target, "green", "target", "second", greens, waiting)
        opposition_rolled = c.roll_of(c.target, "red") is not None
    else:
        if not c.difficulty:
            waiting = "the Difficulty"
        elif s.difficulty_after_stances and not (first_done and stances_done):
            waiting = "every stance (ISO-R26, ISO-A12)"
        else:
            waiting = ""
        unit(GM, "red", "GM", "second", _gm_sources(state, c), waiting)
        opposition_rolled = c.roll_of(GM, "red") is not None
    role: Role = "volunteer" if c.mode == "alone" else "downgrader"
    for who in c.downgraded:
        unit(
            who,
            "red",
            role,
            "second",
            _downgrader_sources(state, c, who),
            "" if opposition_rolled else "the opposing roll",
        )
    return PoolPlan(c, tuple(units), living, state.stress)


# --------------------------------------------------------------------------- readings


def stance_for_net(state: IsolationState, net: int) -> Stance:
    """The stance a net gives (ISO-R25 with the thresholds of ISO-A01)."""
    s = state.settings
    if net >= s.cooperate_net_min:
        return "Cooperative"
    if net <= s.hostile_net_max:
        return "Hostile"
    return "Neutral"


def read_first(state: IsolationState, c: Conflict) -> FirstReading:
    """The first interpretation (ISO-R23..R25, ISO-R14, ISO-A07) of a fully rolled first stage."""
    ap_green = c.roll_of(c.ap, "green")
    ap_red = c.roll_of(c.ap, "red")
    assert ap_green is not None and ap_red is not None
    ap_odds = max(0, ap_red.odds - ap_green.evens)
    readings = []
    for pp in c.pps:
        green = c.roll_of(pp, "green")
        red = c.roll_of(pp, "red")
        assert red is not None
        green_evens = green.evens if green is not None else 0
        evens = green_evens - red.odds
        net = evens - ap_odds
        if pp in c.declared_hostile:
            readings.append(
                PPReading(
                    pp, green_evens, red.odds, evens, net, "Hostile", ("Hostile",), False, True
                )
            )
            continue
        rolled = stance_for_net(state, net)
        free = state.settings.no_red_links_free_cooperation and state.count(pp, c.ap, "red") == 0
        allowed = STANCES if free else STANCES[STANCES.index(rolled) :]
        readings.append(PPReading(pp, green_evens, red.odds, evens, net, rolled, allowed, free))
    return FirstReading(ap_green.evens, ap_red.odds, ap_odds, tuple(readings))


def degree_for(margin: int) -> Degree:
    """T-ISO-2, with the text's overlapping bands made exclusive (ISO-A06)."""
    if margin >= 4:
        return "Complete Success"
    if margin >= 2:
        return "Basic Success"
    if margin >= 0:
        return "Partial Success"
    if margin == -1:
        return "Partial Failure"
    if margin >= -3:
        return "Basic Failure"
    return "Complete Failure"


@dataclass(frozen=True, slots=True)
class SecondReading:
    """What went into the second interpretation, contributor by contributor."""

    pooled: tuple[tuple[str, int], ...]
    cancelling: tuple[tuple[str, int], ...]
    opposition: int
    opposition_detail: str
    resolution: Resolution


def read_second(state: IsolationState, c: Conflict) -> SecondReading:
    """Pool, cancel and compare (ISO-R29..R31, ISO-R41..R43, ISO-A27, ISO-A29)."""
    s = state.settings
    pooled: list[tuple[str, int]] = []
    cancelling: list[tuple[str, int]] = []

    def evens(who: str) -> int:
        roll = c.roll_of(who, "green")
        return roll.evens if roll else 0

    def odds(who: str) -> int:
        roll = c.roll_of(who, "red")
        return roll.odds if roll else 0

    pooled.append((c.ap, evens(c.ap)))
    for pp in c.pps:
        stance = c.stance_of(pp)
        if stance == "Cooperative":
            pooled.append((pp, evens(pp)))
        elif stance == "Hostile":
            cancelling.append((pp, odds(pp)))
    cancelling += [(who, odds(who)) for who in c.downgraded]
    if c.alone and s.alone_own_red_cancels:
        cancelling.insert(0, (c.ap, odds(c.ap)))
    total = sum(n for _, n in pooled)
    cancel = sum(n for _, n in cancelling)
    team = max(0, total - cancel)
    if c.mode == "direct":
        assert c.target is not None
        red_odds, green_evens = odds(c.target), evens(c.target)
        opposition = red_odds - green_evens
        if s.defender_odds_floor_zero:
            opposition = max(0, opposition)
        target = state.character(c.target).name
        detail = f"{target}'s {red_odds} red odds − {green_evens} green evens = {opposition}"
    else:
        opposition = odds(GM)
        detail = f"the GM's {opposition} red odds"
    margin = team - opposition
    degree = degree_for(margin)
    wounds = -margin if (c.physical and margin < 0) else 0
    resolution = Resolution(degree, margin, team, total, cancel, opposition, False, wounds)
    return SecondReading(tuple(pooled), tuple(cancelling), opposition, detail, resolution)
