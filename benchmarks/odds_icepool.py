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
  penalty dice, under both readings of penalty dice (DK-A04). 3dF + skill is the
  kept three's sum moved by the skill, so both sides work out the kept three once
  per reading and net (``isowidgets.rules.fudge_conflict.odds.kept_distribution``,
  icepool's ``Pool.highest/lowest/[...]``) and the skill is added while flattening;
* **WTWD**: P(2d6 < E) and P(2d6 ≤ E) for E = 0…14, and one Make It Worse's whole
  chain as (Pressure added, Events) (``great_dying_chance``, ``worse_distribution``;
  icepool follows the chain as a Markov process, ``Die.map(..., repeat=31)``).

Each side's run computes its answers in its own form (our distributions and
fractions, icepool's dice: icepool evaluates a die as it is built); they are
flattened into one grid of probabilities only after the timing, and compared as
floats. Ours is timed twice. **Warm** (the ratio judged against the target): the
caches the odds modules keep (per-die and per-pool tables, kept dice of each net,
one Make It Worse) are as a table leaves them after its first question, which is
how a live panel asks; **cold**: every one of those caches is cleared before each
run, so the time includes building them. icepool builds new dice each run. Times
are medians of the runs. Numbers are printed, never asserted.
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
from isowidgets.rules.fudge_conflict import PenaltyKeep
from isowidgets.rules.fudge_conflict import odds as dk
from isowidgets.rules.impact import odds as impact
from isowidgets.rules.impact.ladder import IMPACT_LADDER
from isowidgets.rules.isolation import odds as isolation
from isowidgets.rules.isolation.model import Colour
from isowidgets.rules.watch_the_world_die import odds as wtwd
from isowidgets.rules.watch_the_world_die.tables import shipped_tables

Answers = dict[Any, Any]
"""What one side's run computes, in that side's own form (our distributions and
fractions, icepool's dice), by the question it answers."""

Grid = dict[Any, float | Fraction]
"""A question (a tuple naming it) → its probability, flattened from a side's answers
outside the timing; both become floats only when they are compared."""

EXPLOSION_DEPTH = 20
SKILLS = range(5)
NETS = range(-6, 7)
DETAILS = range(-3, 7)
EVENTS = range(15)
COLOURS: tuple[Colour, ...] = ("green", "red")
KEEPS: tuple[PenaltyKeep, ...] = ("forced_worst_then_best", "three_worst")


def _cold() -> None:
    """Clear every cache the kit's odds keep, so a run builds its tables from nothing."""
    core_odds._count_per_die.cache_clear()
    core_odds._pool_count.cache_clear()
    core_odds._die_faces.cache_clear()
    isolation._pool.cache_clear()
    impact._success.cache_clear()
    dk._kept.cache_clear()
    dk._shifted.cache_clear()
    wtwd._distribution.cache_clear()


# --------------------------------------------------------------------------- ours


def ours_isolation(pools: int) -> Answers:
    return {
        (colour, n): isolation.pool(colour, n) for colour in COLOURS for n in range(1, pools + 1)
    }


def isolation_grid(answers: Answers) -> Grid:
    return {(*key, k): p for key, d in answers.items() for k, p in d.to_dict().items()}


def ours_impact() -> Answers:
    return {
        (die.sides, net): impact.success_chance(die, net, 8)
        for die in IMPACT_LADDER
        for net in DETAILS
    }


def ours_danish() -> Answers:
    return {
        (keep, net): dk.kept_distribution(net, penalty_keep=keep) for keep in KEEPS for net in NETS
    }


def danish_grid(answers: Answers) -> Grid:
    """3dF + skill for every skill: the kept three's sum shifted by the skill."""
    return {
        (keep, skill, net, total + skill): p
        for (keep, net), spread in answers.items()
        for total, p in spread.items()
        for skill in SKILLS
    }


def ours_wtwd() -> Answers:
    answers: Answers = {
        (rule, events): wtwd.great_dying_chance(events, rule)
        for rule in ("lt", "le")
        for events in EVENTS
    }
    answers["worse"] = wtwd.worse_distribution(depth=30).outcomes
    return answers


def wtwd_grid(answers: Answers) -> Grid:
    grid: Grid = {key: p for key, p in answers.items() if key != "worse"}
    grid.update({("worse", *key): p for key, p in answers["worse"].items()})
    return grid


# --------------------------------------------------------------------------- icepool


def _share(die: icepool.Die[Any], outcome: Any) -> Fraction:
    return Fraction(die.quantity(outcome), die.denominator())


def _spread(die: icepool.Die[Any]) -> dict[Any, Fraction]:
    return {outcome: _share(die, outcome) for outcome in die.outcomes()}


def icepool_isolation(pools: int) -> Answers:
    answers: Answers = {}
    for colour, hit in zip(COLOURS, ([0, 1, 0, 1, 0, 1001], [1001, 0, 1, 0, 1, 0]), strict=True):
        one = icepool.Die(hit).explode([1001], depth=EXPLOSION_DEPTH).map(lambda t: t % 1000)
        for n in range(1, pools + 1):
            answers[(colour, n)] = one.pool(n).sum() if n > 1 else one
    return answers


def icepool_isolation_grid(answers: Answers) -> Grid:
    return {(*key, k): p for key, die in answers.items() for k, p in _spread(die).items()}


def icepool_impact() -> Answers:
    return {
        (die.sides, net): icepool.d(die.sides) + net >= 8
        for die in IMPACT_LADDER
        for net in DETAILS
    }


def icepool_impact_grid(answers: Answers) -> Grid:
    return {key: _share(success, True) for key, success in answers.items()}


def icepool_danish() -> Answers:
    fudge = icepool.Die([-1, 0, 1])
    answers: Answers = {}
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
            answers[(keep, net)] = kept
    return answers


def icepool_danish_grid(answers: Answers) -> Grid:
    return danish_grid({key: _spread(die) for key, die in answers.items()})


def icepool_wtwd() -> Answers:
    answers: Answers = {}
    two = 2 @ icepool.d6
    for events in EVENTS:
        answers[("lt", events)] = two < events
        answers[("le", events)] = two <= events
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
    answers["worse"] = start.map(chain, repeat=31)
    return answers


def icepool_wtwd_grid(answers: Answers) -> Grid:
    grid: Grid = {key: _share(check, True) for key, check in answers.items() if key != "worse"}
    worse = answers["worse"]
    for (pressure, events, _, going), quantity in worse.items():
        if not going:
            key = ("worse", pressure, events)
            grid[key] = grid.get(key, Fraction(0)) + Fraction(quantity, worse.denominator())
    return grid


# --------------------------------------------------------------------------- running


@dataclass(frozen=True)
class System:
    """One system's grid: each side computes its answers (timed), then flattens them."""

    name: str
    ours: Callable[[], Answers]
    ours_grid: Callable[[Answers], Grid]
    theirs: Callable[[], Answers]
    theirs_grid: Callable[[Answers], Grid]


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


def _timed(make: Callable[[], Answers], runs: int, cold: bool) -> tuple[Stats, Answers]:
    samples = []
    answers: Answers = {}
    for _ in range(runs):
        if cold:
            _cold()
        start = time.perf_counter()
        answers = make()
        samples.append((time.perf_counter() - start) * 1000)
    return Stats(tuple(samples)), answers


def _largest(ours: Grid, theirs: Grid) -> float:
    keys = set(ours) | set(theirs)
    return max(abs(float(ours.get(k, 0.0)) - float(theirs.get(k, 0.0))) for k in keys)


def compare(runs: int, icepool_runs: int, pools: int) -> list[Row]:
    """Time both sides of every system's grid and measure how far apart they are."""
    systems: list[System] = [
        System(
            "Isolation",
            lambda: ours_isolation(pools),
            isolation_grid,
            lambda: icepool_isolation(pools),
            icepool_isolation_grid,
        ),
        System("Impact", ours_impact, dict, icepool_impact, icepool_impact_grid),
        System("Danish", ours_danish, danish_grid, icepool_danish, icepool_danish_grid),
        System("WTWD", ours_wtwd, wtwd_grid, icepool_wtwd, icepool_wtwd_grid),
    ]
    rows = []
    for system in systems:
        cold, answers = _timed(system.ours, runs, cold=True)
        warm, _ = _timed(system.ours, runs, cold=False)  # the caches the last cold run filled
        other, theirs = _timed(system.theirs, icepool_runs, cold=False)
        grid, oracle = system.ours_grid(answers), system.theirs_grid(theirs)
        rows.append(Row(system.name, warm, cold, other, len(oracle), _largest(grid, oracle)))
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
