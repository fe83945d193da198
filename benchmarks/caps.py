"""How fast a dice request past the caps is refused, next to an ordinary roll.

Usage: .venv/bin/python benchmarks/caps.py

Each case runs side by side with the baseline (rolling 10d6 with 6s exploding)
in one process; the script prints medians and the ratio case / baseline. The
point is that refusing is bounded work: a pool of a billion dice, a house rule
that explodes on every face, and a chain that runs into the explosion cap are
all refused in about the time of a small roll, never a hang.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import DiceCapError

RUNS = 200


def _median_seconds(action: Callable[[], object]) -> float:
    samples = []
    for _ in range(RUNS):
        started = time.perf_counter()
        with contextlib.suppress(DiceCapError):
            action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    dice = Dice(seed=1)
    baseline = _median_seconds(lambda: dice.roll(Pool(D6, 10, explode_on={6})))
    cases = {
        "1e9 dice in one pool": lambda: dice.roll(Pool(D6, 10**9)),
        "every face explodes": lambda: dice.roll(Pool(D6, 3, explode_on=set(D6.faces))),
        "chain past 200 extra dice": lambda: dice.roll(Pool(D6, 400, explode_on={1, 2, 3, 4, 5})),
        "typed faces past the cap": lambda: dice.roll(
            Pool(D6, 1, explode_on={6}), faces=[6] * 300 + [1]
        ),
    }
    print(f"baseline: 10d6 exploding on 6, median {baseline * 1e6:8.1f} µs")
    for name, action in cases.items():
        median = _median_seconds(action)
        print(f"{name:<28} median {median * 1e6:8.1f} µs   ratio {median / baseline:6.1f}×")


if __name__ == "__main__":
    main()
