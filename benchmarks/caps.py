"""How fast a dice request past the caps is refused, next to an ordinary roll.

Usage: .venv/bin/python benchmarks/caps.py

Each case runs side by side with the baseline (rolling 10d6 with 6s exploding)
in one process; the script prints medians and the ratio case / baseline. The
point is that refusing is bounded work: a pool of a billion dice, a house rule
that explodes on every face, and a chain that runs into the explosion cap are
all refused in about the time of a small roll, never a hang.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import DiceCapError, FacesError

RUNS = 200


def _seconds(action: Callable[[], object]) -> tuple[float, bool]:
    """How long ``action`` took, and whether it was refused with a dice error."""
    started = time.perf_counter()
    try:
        action()
    except (DiceCapError, FacesError):
        return time.perf_counter() - started, True
    return time.perf_counter() - started, False


def _side_by_side(
    baseline: Callable[[], object], case: Callable[[], object]
) -> tuple[float, float, int]:
    """Medians of the baseline and the case, measured alternately, and the refusals."""
    base, timed, refused = [], [], 0
    for _ in range(RUNS):
        base.append(_seconds(baseline)[0])
        seconds, was_refused = _seconds(case)
        timed.append(seconds)
        refused += was_refused
    return statistics.median(base), statistics.median(timed), refused


def main() -> int:
    dice = Dice(seed=1)
    million = [2] * 1_000_000

    def baseline() -> object:
        return dice.roll(Pool(D6, 10, explode_on={6}))

    cases: dict[str, Callable[[], object]] = {
        "1e9 dice in one pool": lambda: dice.roll(Pool(D6, 10**9)),
        "every face explodes": lambda: dice.roll(Pool(D6, 3, explode_on=set(D6.faces))),
        "chain past 200 extra dice": lambda: dice.roll(Pool(D6, 400, explode_on={1, 2, 3, 4, 5})),
        "typed faces past the cap": lambda: dice.roll(
            Pool(D6, 1, explode_on={6}), faces=[6] * 300 + [1]
        ),
        "a million typed faces": lambda: dice.roll(Pool(D6, 5), faces=million),
    }
    print("baseline: 10d6 exploding on 6, rolled alternately with each case")
    failures = 0
    for name, action in cases.items():
        base, median, refused = _side_by_side(baseline, action)
        verdict = "refused every time" if refused == RUNS else f"REFUSED ONLY {refused}/{RUNS}"
        failures += refused != RUNS
        print(
            f"{name:<28} median {median * 1e6:8.1f} µs  (baseline {base * 1e6:6.1f} µs)  "
            f"ratio {median / base:6.1f}×  {verdict}"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
