"""What numbered rolls cost: a random die under HMAC-SHA256 next to the old generator, and
``verify`` on a 10,000-roll session next to replaying it.

Usage: .venv/bin/python benchmarks/dice_scheme.py

1. **A random die.** Each case is timed alternately with its baseline in one process
   (medians of many runs, per die):

   * one face: :meth:`RollKey.face <isowidgets.dice.RollKey.face>` (one HMAC-SHA256 of a
     keyed, copied state, read by rejection sampling) against the old generator's draw
     (:class:`~isowidgets.dice.streams.Stream`: one ``random.Random.randrange``);
   * a roll of 10d6 exploding on 6, as the kit makes it (:meth:`Dice.roll
     <isowidgets.dice.Dice.roll>`: the caps, the chains, the record), against the old
     scheme's roll (the same record built from the old generator's draws).

2. **Verify.** A dice-tray session of 10,000 random rolls (3d6 to 5d6, one GM-only roll
   in ten) is written and revealed once; then ``verify`` (read, check the chain,
   recompute every roll) is timed against a replay of the same journal
   (``DiceTray.resume``: read it and fold every event, as the GM's kernel does on
   resume) and against reading it alone (``Journal.read``), alternately.

The ratios are printed; nothing is asserted (a wall-clock time is never a test).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from isowidgets.dice import D6, DEFAULT_LIMITS, Dice, Pool, RollKey
from isowidgets.dice.records import assemble
from isowidgets.dice.streams import Stream
from isowidgets.journal import Journal
from isowidgets.tray import DiceTray
from isowidgets.verify import verify

ROLLS = 10_000
_AT = datetime(2025, 1, 1, tzinfo=UTC)


def _median_pair(
    baseline: Callable[[], object], case: Callable[[], object], runs: int
) -> tuple[float, float]:
    """Medians of ``baseline`` and ``case`` (seconds), measured alternately."""
    base, timed = [], []
    for _ in range(runs):
        started = time.perf_counter()
        baseline()
        base.append(time.perf_counter() - started)
        started = time.perf_counter()
        case()
        timed.append(time.perf_counter() - started)
    return statistics.median(base), statistics.median(timed)


def _old_roll(stream: Stream, pool: Pool) -> object:
    """A roll of ``pool`` as the old scheme made it: draws of one stream, then the record."""
    rolled = list(stream.faces(pool.die, pool.count))
    cursor = 0
    while cursor < len(rolled):
        if rolled[cursor] in pool.explode_on:
            rolled.append(stream.face(pool.die))
        cursor += 1
    return assemble(pool, rolled, "random", DEFAULT_LIMITS)


def dice() -> None:
    key, stream = RollKey("benchmark seed", "a table seed"), Stream("benchmark seed", 0)
    batch = 1000
    counter = iter(range(1, 10**9))

    def new_faces() -> None:
        number = next(counter)
        for index in range(batch):
            key.face(D6, False, number, index)

    def old_faces() -> None:
        for _ in range(batch):
            stream.face(D6)

    old, new = _median_pair(old_faces, new_faces, 200)
    print(
        f"one face:         HMAC-SHA256 {new / batch * 1e9:7.0f} ns/die   old generator "
        f"{old / batch * 1e9:7.0f} ns/die   ratio {new / old:5.1f}×"
    )
    pool = Pool(D6, 10, frozenset({6}))
    roller = Dice("benchmark seed", table="a table seed")

    def new_roll() -> None:
        for _ in range(100):
            roller.roll(pool)

    def old_roll() -> None:
        for _ in range(100):
            _old_roll(stream, pool)

    old, new = _median_pair(old_roll, new_roll, 100)
    per_die = 100 * 12  # 10 base dice and, on average, two extra from sixes
    print(
        f"a 10d6!6 roll:    numbered    {new / per_die * 1e9:7.0f} ns/die   old scheme    "
        f"{old / per_die * 1e9:7.0f} ns/die   ratio {new / old:5.1f}×"
    )


def session(directory: Path) -> Path:
    path = directory / "long.jsonl"
    tray = DiceTray.new(path, seed="benchmark", clock=lambda: _AT)
    tray.give_table_seed("benchmark table")
    for number in range(ROLLS):
        if number % 10 == 9:
            with tray.gm_only():
                tray.roll(f"{3 + number % 3}d6")
        else:
            tray.roll(f"{3 + number % 3}d6")
    tray.reveal()
    tray.journal.close()
    return path


def verifying(path: Path) -> None:
    report = verify(path)
    assert report.ok and report.random_rolls == ROLLS, report.text()

    def check() -> None:
        verify(path)

    def replay() -> None:
        DiceTray.resume(path).journal.close()

    def read() -> None:
        Journal.read(path)

    runs = 5
    base, timed = _median_pair(replay, check, runs)
    print(
        f"verify {ROLLS:,} rolls: {timed:6.2f} s   replaying them (resume) {base:6.2f} s   "
        f"ratio {timed / base:5.2f}×"
    )
    base, timed = _median_pair(read, check, runs)
    print(
        f"verify {ROLLS:,} rolls: {timed:6.2f} s   reading them alone      {base:6.2f} s   "
        f"ratio {timed / base:5.2f}×"
    )


def main() -> int:
    dice()
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        path = session(Path(scratch))
        print(
            f"(a session of {ROLLS:,} rolls written in {time.perf_counter() - started:.1f} s, "
            f"{path.stat().st_size / 1e6:.1f} MB)"
        )
        verifying(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
