"""How fast a dice request past the caps is refused, next to an ordinary roll.

Usage: .venv/bin/python benchmarks/caps.py

Each case runs side by side with the baseline (rolling 10d6 with 6s exploding)
in one process; the script prints medians and the ratio case / baseline. The
point is that refusing is bounded work: a pool of a billion dice, a house rule
that explodes on every face, and a chain that runs into the explosion cap are
all refused in about the time of a small roll, never a hang.

The notation cases (``Pool.parse`` and ``DiceTray.roll``) are refused by their
length before any regular expression reads them: a megabyte of blanks used to
take quadratic time (16 KB ~2 s, 32 KB ~7 s, 1 MB never returned). Their ratio
to the baseline stays small whatever the size, and is printed next to a plain
``Pool.parse("5d6!1")`` for scale.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import DiceCapError, DiceError, FacesError
from isowidgets.tray import DiceTray

RUNS = 200


def _seconds(action: Callable[[], object]) -> tuple[float, bool]:
    """How long ``action`` took, and whether it was refused with a dice error."""
    started = time.perf_counter()
    try:
        action()
    except (DiceCapError, FacesError, DiceError):
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
    tray = DiceTray.new(seed=1)
    blanks = {size: " " * size for size in (16_000, 32_000, 1_000_000)}
    explode_list = "5d6!" + "1," * 500_000

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
        "notation: 16 KB of blanks": lambda: Pool.parse(blanks[16_000]),
        "notation: 32 KB of blanks": lambda: Pool.parse(blanks[32_000]),
        "notation: 1 MB of blanks": lambda: Pool.parse(blanks[1_000_000]),
        "notation: 500,000 explode faces": lambda: Pool.parse(explode_list),
        "tray: 1 MB of blanks": lambda: tray.roll(blanks[1_000_000]),
    }
    print("baseline: 10d6 exploding on 6, rolled alternately with each case")
    failures = 0
    for name, action in cases.items():
        base, median, refused = _side_by_side(baseline, action)
        verdict = "refused every time" if refused == RUNS else f"REFUSED ONLY {refused}/{RUNS}"
        failures += refused != RUNS
        print(
            f"{name:<34} median {median * 1e6:8.1f} µs  (baseline {base * 1e6:6.1f} µs)  "
            f"ratio {median / base:6.1f}×  {verdict}"
        )
    base, plain, _ = _side_by_side(baseline, lambda: Pool.parse("5d6!1"))
    scale = "(for scale) Pool.parse('5d6!1')"
    print(
        f"{scale:<34} median {plain * 1e6:8.1f} µs  "
        f"(baseline {base * 1e6:6.1f} µs)  ratio {plain / base:6.1f}×"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
