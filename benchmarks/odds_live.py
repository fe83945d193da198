"""Kernel time of one live odds update in the Isolation conflict panel, exact against Monte Carlo.

Usage::

    .venv/bin/python benchmarks/odds_live.py [--runs 300] [--baseline-runs 20] [--block 10]

A six-character conflict (:func:`~isowidgets.rules.isolation.examples.full_house`:
Bob persuades Alice, Dan, Eve, Fay and Gus at Stress 2, so he rolls 8–11 green and
8 red dice and each Passive Player two to four) is shaped in the panel's proposal
form, in-process, no browser. One *update* is one change a GM makes before anyone
rolls: a modifier ticked or unticked, role-play dice added, the assumed Difficulty
changed, the stance policy flipped. Each is timed with ``perf_counter`` around the
widget assignment, which runs the panel's handler synchronously: the engine call
plus the redraw of the preview and the chances.

Two variants, alternating in blocks so machine load hits both alike:

* **exact**: the panel as shipped
  (:func:`~isowidgets.rules.isolation.whole.whole_conflict_odds`);
* **Monte Carlo**: the same panel with the engine call replaced by the old
  :func:`~isowidgets.rules.isolation.odds.simulate` at its default trials (the
  whole conflict's figure before the exact odds existed).

Prints median and p95 of each, in wall time (target for exact: ≤ 5 ms) and in the
thread's CPU time (what the update costs when the machine is shared and the wall
time also counts waits for a core), the engine call alone (repeated, and cold:
its kept tables dropped), and the ratio of the medians. Numbers are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _latency import Stats

from isowidgets.rules.isolation import Conflict, IsolationState, whole
from isowidgets.rules.isolation.examples import full_house
from isowidgets.rules.isolation.odds import simulate
from isowidgets.rules.isolation.whole import WholeConflictOdds, whole_conflict_odds
from isowidgets.widgets.isolation import chances as chances_module
from isowidgets.widgets.isolation.conflict import ConflictPanel


def monte_carlo(
    state: IsolationState,
    conflict: Conflict,
    *,
    policy: str = "cooperative",
    declared: Any = None,
    difficulty: Any = None,
) -> WholeConflictOdds:
    """The old figure: :func:`simulate` (default trials, policy "best"), in the new shape."""
    degrees = simulate(state, conflict, difficulty=difficulty, policy="best")
    assumed = difficulty if not conflict.difficulty else conflict.difficulty
    return WholeConflictOdds("cooperative", assumed, degrees, {}, None, 0.0)


def six_character_panel() -> ConflictPanel:
    """The panel with Bob proposing to persuade everyone at the full house."""
    panel = ConflictPanel(full_house(stress=2))
    panel.ap.value = "bob"
    panel.action.value = "board up every window tonight"
    c = panel.proposal.chances
    assert c.odds is not None and len(c.odds.stances) == 5, "six characters, five PPs"
    return panel


def updates(panel: ConflictPanel) -> Iterator[Callable[[], None]]:
    """The GM's changes, round and round: each flips one thing and is undone later."""
    rows = panel.modifier_rows
    chances = panel.proposal.chances
    toggles: list[tuple[Any, str, Any, Any]] = [
        (rows["bob"].flags["profession"], "value", True, False),
        (rows["alice"].flags["profession"], "value", True, False),
        (rows["bob"].roleplay, "value", 2, 0),
        (chances.difficulty, "value", 4, 3),
        (rows["dan"].flags["profession"], "value", True, False),
        (chances.policy, "value", "declared", "cooperative"),
    ]
    for control, trait, on, off in itertools.cycle(toggles):
        value = off if getattr(control, trait) == on else on
        yield lambda control=control, trait=trait, value=value: setattr(control, trait, value)


def timed(update: Callable[[], None]) -> tuple[float, float]:
    """Wall time (``perf_counter``) and this thread's CPU time of one update, in ms.

    On a shared machine the wall time also counts the waits for a free core; the
    CPU time is what the update itself costs.
    """
    wall, cpu = time.perf_counter(), time.thread_time()
    update()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def engine_alone(panel: ConflictPanel, runs: int, *, cold: bool) -> Stats:
    """The engine call by itself on the conflict the panel shows, with its kept tables
    (a repeat) or with them dropped first (``cold``: as for a conflict never seen)."""
    proposal, game = panel.proposal, panel.game
    form = (proposal.ap.value, proposal.action.value)
    bare = game.preview(*form, **proposal.proposal_kwargs()).conflict
    factors = proposal.factors(bare)  # the modifiers ticked, as Propose would send them
    state = game.state
    c = game.preview(*form, factors=factors, **proposal.proposal_kwargs()).conflict
    samples = []
    for _ in range(runs):
        if cold:
            whole._pp_spectrum.cache_clear()
            whole._ap_given_odds.cache_clear()
        started = time.perf_counter()
        whole_conflict_odds(state, c, difficulty=3)
        samples.append((time.perf_counter() - started) * 1000)
    return Stats(tuple(samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=300, help="timed exact updates")
    parser.add_argument(
        "--baseline-runs", type=int, default=20, help="timed Monte Carlo updates (~1 s each)"
    )
    parser.add_argument("--block", type=int, default=10, help="updates per turn")
    parser.add_argument("--warmup", type=int, default=12, help="untimed exact updates first")
    args = parser.parse_args()

    exact_panel, baseline_panel = six_character_panel(), six_character_panel()
    exact_updates, baseline_updates = updates(exact_panel), updates(baseline_panel)
    for _ in range(args.warmup):
        next(exact_updates)()
    samples: dict[str, list[tuple[float, float]]] = {"exact": [], "Monte Carlo": []}
    wanted = {"exact": args.runs, "Monte Carlo": args.baseline_runs}
    while any(len(samples[k]) < wanted[k] for k in samples):
        for _ in range(min(args.block, wanted["exact"] - len(samples["exact"]))):
            samples["exact"].append(timed(next(exact_updates)))
        with mock.patch.object(chances_module, "whole_conflict_odds", monte_carlo):
            # Monte Carlo takes ~1000× longer: one update per turn keeps the turns even.
            if len(samples["Monte Carlo"]) < wanted["Monte Carlo"]:
                samples["Monte Carlo"].append(timed(next(baseline_updates)))
    wall = {name: Stats(tuple(w for w, _ in taken)) for name, taken in samples.items()}
    cpu = {name: Stats(tuple(c for _, c in taken)) for name, taken in samples.items()}
    repeat = engine_alone(exact_panel, args.runs, cold=False)
    cold = engine_alone(exact_panel, args.runs, cold=True)

    print("Live odds update in the Isolation conflict panel (AP + 5 PPs), kernel time in ms")
    print(f"  {'':<24} {'wall median':>11} {'wall p95':>9} {'CPU median':>11} {'CPU p95':>8}")
    for name in wall:
        w, c = wall[name], cpu[name]
        print(
            f"  {name + f' (n={len(w.samples)})':<24} {w.median:11.2f} {w.p95:9.2f} "
            f"{c.median:11.2f} {c.p95:8.2f}"
        )
    for label, s in (("engine only, repeat", repeat), ("engine only, cold", cold)):
        print(f"  {label:<24} {s.median:11.2f} {s.p95:9.2f}")
    ratio = wall["Monte Carlo"].median / wall["exact"].median
    print(f"  Monte Carlo / exact (wall medians): {ratio:.0f}×;  target for exact: ≤ 5 ms")


if __name__ == "__main__":
    main()
