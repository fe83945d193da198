"""When will the Great Dying come? The distribution of its year under a stated play policy.

The game has no end but the Great Dying (WTWD-R15, R17), and how soon it comes
depends on how the table plays. Under the **relieve-at-k policy**:

* each turn is **Make It Worse** while Pressure is below ``k`` (and always at 0,
  WTWD-R04);
* once Pressure is ``k`` or more, the turn is **Relieve It**, buying Responses
  until every Response Point is spent (WTWD-R13; always possible, the cheapest
  costs 1), so the year ends (WTWD-R15) and its ``E`` Events face the 2d6 check.

A small ``k`` ends years early with few Events; a large one piles Events up
before each check. Within a year Pressure only rises, so the year is a short
Markov chain over (Pressure, Events), solved exactly from
:func:`.odds.worse_distribution` (one Make It Worse, chains included, with the
first move's Cause reroll where the game is still at its first roll) and
:func:`.odds.great_dying_chance` (the year-end check with the comparison in
force, WTWD-A10). Years after the first start alike: at Pressure 0 with
``new_year_pressure = "zero"``; with ``"carry"`` they start at the Pressure the
year ended on, at least ``k``, so the policy relieves at once with no Events and
the world survives every later check (the policy's own consequence, shown as it
is). ``count_chained_events`` (WTWD-A09) counts one Event per Make It Worse when
off, and ``max_years`` (WTWD-A18) ends the game.

What is simplified, stated: a chained Event's type is the face rolled (with
``chain_type_source = "player_choice"`` the policy picks that type), and a
Special Event is never aimed at an earlier Event so as to chain as it
(``escalation_chains_as_target``). Probabilities are floats; the only mass not
accounted for is that of chains longer than ``depth`` (``lost``, below 10⁻¹⁴ at
the default), reported rather than spread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ... import checks
from ...contract import Action, OddsQuestion
from ...dice import Dice
from ...errors import RuleError
from .fold import fold
from .model import WorldState
from .odds import great_dying_chance, worse_distribution
from .settings import WorldSettings
from .tables import Tables
from .turns import begin

__all__ = ["DEFAULT_HORIZON", "DYING_QUESTIONS", "MAX_RELIEVE_AT", "DyingYears", "dying_years"]

DEFAULT_HORIZON = 30
"""Years shown by default."""

MAX_RELIEVE_AT = 30
"""The highest Pressure the policy may wait for (far past any table's patience)."""

_SURE_DEATH = 13  # 2d6 is always below 13 Events: more change nothing


@dataclass(frozen=True, slots=True)
class DyingYears:
    """The year the Great Dying comes, under the relieve-at-``k`` policy.

    Attributes:
        relieve_at: ``k``, the Pressure at which the policy relieves.
        years: calendar year → P(the Great Dying comes that year).
        later: P(it has not come by the last year shown: later, or never).
        lost: P(a chain longer than the depth computed), left out of the rest.
    """

    relieve_at: int
    years: Mapping[int, float]
    later: float
    lost: float

    def by(self, year: int) -> float:
        """P(the Great Dying has come by the end of ``year``)."""
        return sum(p for y, p in self.years.items() if y <= year)

    def median(self) -> int | None:
        """The first year by which it has come with probability ≥ 1/2, if one is shown."""
        total = 0.0
        for year, p in self.years.items():
            total += p
            if total >= 0.5:
                return year
        return None

    def policy(self) -> str:
        """The policy in words."""
        return (
            f"Make It Worse while Pressure is below {self.relieve_at}, then Relieve It "
            "spending every point (the year ends)"
        )


def _worse(
    state: WorldState, first_move: bool, depth: int
) -> tuple[dict[tuple[int, int], float], float]:
    settings = state.settings
    return _worse_floats(
        state.tables,
        settings.failed_chain_adds_pressure,
        first_move,
        (
            settings.cause_reroll_adds_pressure,
            settings.cause_reroll_pressure_value,
            settings.cause_reroll_chains,
        ),
        depth,
    )


@lru_cache(maxsize=32)
def _worse_floats(
    tables: Tables,
    failed: bool,
    first_move: bool,
    cause: tuple[bool, Literal["as_read", "raw"], bool],
    depth: int,
) -> tuple[dict[tuple[int, int], float], float]:
    """One Make It Worse as floats, kept: the panel asks again after every turn."""
    odds = worse_distribution(
        tables,
        failed_chain_adds_pressure=failed,
        depth=depth,
        first_move=first_move,
        cause_reroll_adds_pressure=cause[0],
        cause_reroll_pressure_value=cause[1],
        cause_reroll_chains=cause[2],
    )
    return {k: float(p) for k, p in odds.outcomes.items()}, float(odds.beyond)


def _year_end(
    state: WorldState, relieve_at: int, pressure: int, events: int, first_move: bool, depth: int
) -> tuple[dict[int, float], float]:
    """The Events at the year's end (capped at 13, where 2d6 is always lower) and the
    chain mass lost, from a turn starting at ``pressure`` with ``events`` this year."""
    counted = state.settings.count_chained_events
    tables: dict[bool, dict[tuple[int, int], float]] = {}
    cut: dict[bool, float] = {}
    lost = 0.0
    for first in {first_move, False}:
        raw, cut[first] = _worse(state, first, depth)
        capped: dict[tuple[int, int], float] = {}
        for (added, made), p in raw.items():
            key = (min(added, relieve_at), made if counted else 1)
            capped[key] = capped.get(key, 0.0) + p
        tables[first] = capped
    ends: dict[int, float] = {}
    # mass[p][e]: P(a turn starts at Pressure p with e Events this year). Pressure only
    # rises, so each Pressure below k is settled once, in order.
    mass: list[dict[int, float]] = [{} for _ in range(relieve_at)]

    def turn(p0: int, e0: int, q: float, first: bool) -> float:
        if p0 >= relieve_at:
            ends[e0] = ends.get(e0, 0.0) + q
            return 0.0
        for (added, made), r in tables[first].items():
            p1, e1 = p0 + added, min(e0 + made, _SURE_DEATH)
            if p1 >= relieve_at:
                ends[e1] = ends.get(e1, 0.0) + q * r
            else:
                mass[p1][e1] = mass[p1].get(e1, 0.0) + q * r
        return q * cut[first]

    lost += turn(pressure, min(events, _SURE_DEATH), 1.0, first_move)
    for p0 in range(relieve_at):
        for e0, q in mass[p0].items():
            lost += turn(p0, e0, q, False)
    return ends, lost


def dying_years(
    state: WorldState,
    relieve_at: int,
    *,
    horizon: int = DEFAULT_HORIZON,
    depth: int = 30,
) -> DyingYears:
    """The distribution of the Great Dying's year from ``state``, between turns.

    Args:
        state: a game begun and not over, with no turn in progress, or at a year-end
            check (the 2d6 is due): this year's chance is then the check's own, on the
            Events of the year so far.
        relieve_at: ``k``: the policy relieves once Pressure is ``k`` or more (1…30).
        horizon: the years shown, from this one (1…200).
        depth: the chained Events followed per Make It Worse (see
            :func:`.odds.worse_distribution`).

    Raises:
        RuleError: a bad argument, a game not begun or over, or a turn in progress.
    """
    if not isinstance(state, WorldState):
        raise RuleError(
            "watch_the_world_die.dying_years_not_a_state",
            "dying_years reads a WorldState, got {state}",
            state=checks.shown(state),
        )
    k = checks.whole(relieve_at, "relieve_at (the Pressure at which to relieve)", 1, MAX_RELIEVE_AT)
    shown_years = checks.whole(horizon, "horizon (years shown)", 1, 200)
    depth = checks.whole(depth, "depth", 1, 100)
    if not state.begun:
        raise RuleError(
            "watch_the_world_die.not_begun",
            "the game has not begun: name the players and the starting year first",
        )
    if state.over is not None:
        raise RuleError(
            "watch_the_world_die.over_no_dying",
            "the game is over: no Great Dying is still to come",
        )
    at_year_end = state.turn is not None and state.turn.phase == "year_end"
    if state.turn is not None and not at_year_end:
        raise RuleError(
            "watch_the_world_die.odds_mid_turn",
            "a turn is in progress: the odds are worked out between turns",
        )
    settings = state.settings
    comparison = settings.great_dying_comparison
    check = [float(great_dying_chance(e, comparison)) for e in range(_SURE_DEATH + 1)]
    if at_year_end:  # the check is due: this year ends on the Events it has now
        first_ends, lost = {min(state.events_this_year, _SURE_DEATH): 1.0}, 0.0
    else:
        first_ends, lost = _year_end(
            state, k, state.pressure, state.events_this_year, not state.first_roll_made, depth
        )
    if settings.new_year_pressure == "zero":
        later_ends, later_lost = _year_end(state, k, 0, 0, False, depth)
    else:
        later_ends, later_lost = {0: 1.0}, 0.0
    dies_first = sum(p * check[e] for e, p in first_ends.items())
    dies_later = sum(p * check[e] for e, p in later_ends.items())
    allowed = shown_years
    if settings.max_years is not None:
        allowed = min(allowed, max(settings.max_years - state.years_survived, 0))
    years: dict[int, float] = {}
    alive = 1.0
    for n in range(allowed):
        chance = dies_first if n == 0 else dies_later
        years[state.year + n * settings.year_step] = alive * chance
        lost += 0.0 if n == 0 else alive * later_lost
        alive *= 1 - chance
    return DyingYears(relieve_at=k, years=years, later=alive, lost=lost)


# --------------------------------------------------------------------------- questions

_QUESTION_YEARS = 10


def _fresh_world(settings: WorldSettings) -> WorldState:
    """A world just begun (three players, the year 2020) under ``settings``: the rule
    played on an action of its own, no game or journal."""
    action = Action(WorldState(settings), fold, Dice(0))
    begin(action, ["Ana", "Ben", "Cy"], 2020, None)
    return action.state


def _dying_year(settings: WorldSettings, relieve_at: int) -> dict[str, float]:
    """The year of the Great Dying from a fresh world, relieving at ``relieve_at``."""
    world = _fresh_world(settings)
    odds = dying_years(world, relieve_at, horizon=_QUESTION_YEARS)
    out = {  # every year named, also those a house limit on the years (WTWD-A18) cuts
        f"year {n + 1}": odds.years.get(world.year + n * settings.year_step, 0.0)
        for n in range(_QUESTION_YEARS)
    }
    out["later, or never"] = odds.later
    return out


DYING_QUESTIONS: dict[str, OddsQuestion] = {
    "dying year": OddsQuestion(
        f"A fresh world: the year the Great Dying comes (1…{_QUESTION_YEARS}, or later), "
        "making it worse until Pressure reaches a level, then relieving it to end the year",
        "the Pressure at which the table relieves",
        tuple(range(2, 17, 2)),
        1,
        MAX_RELIEVE_AT,
        _dying_year,
        ("great_dying_comparison", "new_year_pressure", "count_chained_events"),
    ),
}
"""The Great Dying's year, asked of a fresh world (joined to
:data:`~isowidgets.rules.watch_the_world_die.odds.QUESTIONS` by the game)."""
