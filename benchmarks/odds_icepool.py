"""Every system's core odds grid, ours against icepool, side by side in one run.

Usage::

    .venv/bin/python benchmarks/odds_icepool.py [--runs 5] [--icepool-runs 1] [--pools 10]

For each system the same grid of questions is answered twice, by the kit's exact
odds and by icepool (the independent oracle the unit tests already trust), and
the largest absolute difference over the whole grid is printed with both times
and their ratio (target: ours at least 100× faster, agreeing within 1e-12):

* **Isolation**: the evens of 1…N green dice (6 explodes) and the odds of 1…N red
  dice (1 explodes), open-ended; icepool explodes to depth 20, so what it cuts off
  is below (1/6)^20 ≈ 3·10⁻¹⁶ per die (``isowidgets.rules.isolation.odds.pool``);
* **Impact**: P(success, 8+) of every die of the Impact ladder with net Details −3…+6
  (``isowidgets.rules.impact.odds.success_chance``);
* **Danish**: the whole distribution of 3dF + skill 0…4 with −6…+6 net bonus or
  penalty dice, under both readings of penalty dice (DK-A04)
  (``isowidgets.rules.fudge_conflict.odds.distribution``);
* **WTWD**: P(2d6 < E) and P(2d6 ≤ E) for E = 0…14, and one Make It Worse's whole
  chain as (Pressure added, Events) (``great_dying_chance``, ``worse_distribution``;
  icepool follows the chain as a Markov process, ``Die.map(..., repeat=31)``).

Ours is timed twice. **Warm** (the ratio judged against the target): the caches the
odds modules keep (per-die and per-pool tables, kept dice of each net, one Make It
Worse) are as a table leaves them after its first question, which is how a live
panel asks; **cold**: every one of those caches is cleared before each run, so the
time includes building them. icepool builds new dice each run. Times are medians of
the runs. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import icepool
from _latency import Stats

import isowidgets.odds as core_odds
from isowidgets.rules.fudge_conflict import odds as dk
from isowidgets.rules.impact import odds as impact
from isowidgets.rules.impact.ladder import IMPACT_LADDER
from isowidgets.rules.isolation import odds as isolation
from isowidgets.rules.watch_the_world_die import odds as wtwd
from isowidgets.rules.watch_the_world_die.tables import shipped_tables

Grid = dict[Any, float | Fraction]
"""A question (a tuple naming it) → its probability, as each side gives it (a float or
an exact fraction); both become floats only when they are compared, outside the timing."""

EXPLOSION_DEPTH = 20
SKILLS = range(5)
NETS = range(-6, 7)
DETAILS = range(-3, 7)
EVENTS = range(15)
KEEPS = ("forced_worst_then_best", "three_worst")


def _cold() -> None:
    """Clear every cache the kit's odds keep, so a run builds its tables from nothing."""
    core_odds._count_per_die.cache_clear()
    core_odds._pool_count.cache_clear()
    core_odds._die_faces.cache_clear()
    impact._success.cache_clear()
    dk._kept.cache_clear()
    dk._shifted.cache_clear()
    wtwd._distribution.cache_clear()


# --------------------------------------------------------------------------- ours


def ours_isolation(pools: int) -> Grid:
    grid: Grid = {}
    for colour in ("green", "red"):
        for n in range(1, pools + 1):
            for k, p in isolation.pool(colour, n).to_dict().items():
                grid[(colour, n, k)] = p
    return grid


def ours_impact() -> Grid:
    return {
        (die.sides, net): impact.success_chance(die, net, 8)
        for die in IMPACT_LADDER
        for net in DETAILS
    }


def ours_danish() -> Grid:
    grid: Grid = {}
    for keep in KEEPS:
        for skill in SKILLS:
            for net in NETS:
                for result, p in dk.distribution(skill, net, penalty_keep=keep).items():
                    grid[(keep, skill, net, result)] = p
    return grid


def ours_wtwd() -> Grid:
    grid: Grid = {}
    for rule in ("lt", "le"):
        for events in EVENTS:
            grid[(rule, events)] = wtwd.great_dying_chance(events, rule)
    worse = wtwd.worse_distribution(depth=30)
    for key, p in worse.outcomes.items():
        grid[("worse", *key)] = p
    return grid


# --------------------------------------------------------------------------- icepool


def _share(die: icepool.Die[Any], outcome: Any) -> Fraction:
    return Fraction(die.quantity(outcome), die.denominator())


def icepool_isolation(pools: int) -> Grid:
    grid: Grid = {}
    for colour, hit in (("green", [0, 1, 0, 1, 0, 1001]), ("red", [1001, 0, 1, 0, 1, 0])):
        one = icepool.Die(hit).explode([1001], depth=EXPLOSION_DEPTH).map(lambda t: t % 1000)
        for n in range(1, pools + 1):
            total = one.pool(n).sum() if n > 1 else one
            for k in total.outcomes():
                grid[(colour, n, k)] = _share(total, k)
    return grid


def icepool_impact() -> Grid:
    grid: Grid = {}
    for die in IMPACT_LADDER:
        for net in DETAILS:
            success = icepool.d(die.sides) + net >= 8
            grid[(die.sides, net)] = _share(success, True)
    return grid


def icepool_danish() -> Grid:
    fudge = icepool.Die([-1, 0, 1])
    grid: Grid = {}
    for keep in KEEPS:
        for net in NETS:
            dice = 3 + abs(net)
            pool = fudge.pool(dice)
            if net >= 0:
                kept = pool.highest(3).sum()
            elif keep == "three_worst" or -net >= 3:
                kept = pool.lowest(3).sum()
            else:  # the −net worst forced in, the best of the rest fill the other places
                forced = -net
                kept = pool[tuple([1] * forced + [0] * (dice - 3) + [1] * (3 - forced))].sum()
            for skill in SKILLS:
                for total in kept.outcomes():
                    grid[(keep, skill, net, total + skill)] = _share(kept, total)
    return grid


def icepool_wtwd() -> Grid:
    grid: Grid = {}
    two = 2 @ icepool.d6
    for events in EVENTS:
        grid[("lt", events)] = _share(two < events, True)
        grid[("le", events)] = _share(two <= events, True)
    sets = {kind: shipped_tables().chain_set(kind) for kind in range(1, 7)}

    def chain(state: tuple[int, int, int, bool]) -> Any:
        pressure, events, kind, going = state
        if not going:
            return state
        return icepool.d6.map(
            lambda f: (
                (pressure + f, events + 1, f, bool(sets[f]))
                if f in sets[kind]
                else (pressure, events, kind, False)
            )
        )

    start = icepool.d6.map(lambda f: (f, 1, f, bool(sets[f])))
    worse = start.map(chain, repeat=31)
    found: dict[tuple[int, int], Fraction] = {}
    for (pressure, events, _, going), quantity in worse.items():
        if not going:
            key = (pressure, events)
            found[key] = found.get(key, Fraction(0)) + Fraction(quantity, worse.denominator())
    for key, p in found.items():
        grid[("worse", *key)] = p
    return grid


# --------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Row:
    """One system's figures: ours warm and cold, icepool's, and the largest difference."""

    system: str
    ours: Stats
    cold: Stats
    theirs: Stats
    questions: int
    largest: float

    @property
    def ratio(self) -> float:
        return self.theirs.median / self.ours.median

    @property
    def cold_ratio(self) -> float:
        return self.theirs.median / self.cold.median


def _timed(make: Callable[[], Grid], runs: int, cold: bool) -> tuple[Stats, Grid]:
    samples = []
    grid: Grid = {}
    for _ in range(runs):
        if cold:
            _cold()
        start = time.perf_counter()
        grid = make()
        samples.append((time.perf_counter() - start) * 1000)
    return Stats(tuple(samples)), grid


def _largest(ours: Grid, theirs: Grid) -> float:
    keys = set(ours) | set(theirs)
    return max(abs(float(ours.get(k, 0.0)) - float(theirs.get(k, 0.0))) for k in keys)


def compare(runs: int, icepool_runs: int, pools: int) -> list[Row]:
    """Time both sides of every system's grid and measure how far apart they are."""
    systems: list[tuple[str, Callable[[], Grid], Callable[[], Grid]]] = [
        ("Isolation", lambda: ours_isolation(pools), lambda: icepool_isolation(pools)),
        ("Impact", ours_impact, icepool_impact),
        ("Danish", ours_danish, icepool_danish),
        ("WTWD", ours_wtwd, icepool_wtwd),
    ]
    rows = []
    for name, ours, theirs in systems:
        cold, grid = _timed(ours, runs, cold=True)
        warm, _ = _timed(ours, runs, cold=False)  # the caches the last cold run filled
        other, oracle = _timed(theirs, icepool_runs, cold=False)
        rows.append(Row(name, warm, cold, other, len(oracle), _largest(grid, oracle)))
    return rows


def report(rows: list[Row]) -> str:
    lines = [
        f"{'system':<10} {'questions':>9} {'ours ms':>9} {'cold ms':>9} {'icepool ms':>11} "
        f"{'ratio':>9} {'cold ratio':>10} {'largest |diff|':>15}  verdict"
    ]
    for row in rows:
        verdict = "ok" if row.ratio >= 100 and row.largest <= 1e-12 else "MISSES TARGET"
        lines.append(
            f"{row.system:<10} {row.questions:>9} {row.ours.median:>9.3f} "
            f"{row.cold.median:>9.2f} {row.theirs.median:>11.1f} {row.ratio:>8.0f}× "
            f"{row.cold_ratio:>9.1f}× {row.largest:>15.2e}  {verdict}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs of ours (cold each)")
    parser.add_argument("--icepool-runs", type=int, default=1, help="timed runs of icepool")
    parser.add_argument("--pools", type=int, default=10, help="Isolation pools 1…N")
    args = parser.parse_args(argv)
    print(f"icepool {icepool.__version__}; ours warm and cold (caches cleared); medians")
    print(report(compare(args.runs, args.icepool_runs, args.pools)))


if __name__ == "__main__":
    main()
